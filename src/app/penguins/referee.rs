//! The Penguins referee: the only systems that change a Penguins match. They answer place,
//! move, undo and rematch requests against the pure rules, keep the floe and penguin entities
//! in step, and announce what happened (including the players skipped).

use std::path::Path;

use bevy::ecs::system::SystemParam;
use bevy::prelude::*;

use crate::app::layout::{PenguinsLayout, PenguinsLayoutChanged};
use crate::app::{AppStart, AppSystems, FirstMatch, Screen};
use crate::console::penguins::PenguinsMatch;
use crate::layout::PenguinsSetup;
use crate::rules::Seat;
use crate::rules::penguins::{Action, Illegal, Phase, Pos, State, Turn};

pub(super) fn plugin(app: &mut App) {
    app.add_message::<MatchRequested>()
        .add_message::<PlaceRequested>()
        .add_message::<MoveRequested>()
        .add_message::<UndoRequested>()
        .add_message::<RematchRequested>()
        .add_message::<ActionApplied>()
        .add_message::<ActionRejected>()
        .add_message::<GameOver>();
    app.add_systems(Startup, request_first_match);
    app.add_systems(
        Update,
        (
            turn_rematches_into_match_requests,
            restart_on_layout_change,
            start_requested_matches,
            apply_undo_requests,
            apply_action_requests,
        )
            .chain()
            .in_set(AppSystems::Referee),
    );
    app.add_systems(OnExit(Screen::Penguins), |mut commands: Commands| {
        commands.remove_resource::<PenguinsReferee>();
    });
}

/// A Penguins match in progress: its setup, the layout it was drawn from, the position and
/// the positions before each move (for undo). Only the referee's systems change it.
#[derive(Resource, Debug)]
pub struct PenguinsReferee {
    setup: PenguinsMatch,
    layout: PenguinsSetup,
    state: State,
    history: Vec<State>,
    revision: u64,
}

impl PenguinsReferee {
    /// The position.
    pub fn state(&self) -> &State {
        &self.state
    }

    /// How the match was set up.
    pub fn setup(&self) -> &PenguinsMatch {
        &self.setup
    }

    /// Who sits at player `number`.
    pub fn seat(&self, number: u8) -> Seat {
        self.setup
            .seats
            .get(usize::from(number).wrapping_sub(1))
            .copied()
            .unwrap_or_default()
    }

    /// Who sits at the player to move.
    pub fn seat_to_move(&self) -> Seat {
        self.seat(self.state.to_move())
    }

    /// Whether a human is to move now.
    pub fn human_to_move(&self) -> bool {
        self.state.phase() != Phase::Over && self.seat_to_move() == Seat::Human
    }

    /// Grows with every change; an AI answer for an older revision is stale.
    pub fn revision(&self) -> u64 {
        self.revision
    }

    /// Moves standing in this match.
    pub fn moves_played(&self) -> usize {
        self.history.len()
    }

    /// Whether undo would take something back: a human moved earlier in this match.
    pub fn can_undo(&self) -> bool {
        self.history
            .iter()
            .any(|previous| self.seat(previous.to_move()) == Seat::Human)
    }
}

/// Start a Penguins match with this setup, drawn from this layout.
#[derive(Message, Debug, Clone)]
pub struct MatchRequested(pub PenguinsMatch, pub PenguinsSetup);

/// Place a penguin for the player to move, asked by a seat of kind `seat`.
#[derive(Message, Debug, Clone, Copy, PartialEq, Eq)]
pub struct PlaceRequested {
    /// Where.
    pub pos: Pos,
    /// Who asks.
    pub seat: Seat,
}

/// Slide a penguin of the player to move, asked by a seat of kind `seat`.
#[derive(Message, Debug, Clone, Copy, PartialEq, Eq)]
pub struct MoveRequested {
    /// Where the penguin stands.
    pub from: Pos,
    /// Where it goes.
    pub to: Pos,
    /// Who asks.
    pub seat: Seat,
}

/// Take back the last human move (and the AI moves after it).
#[derive(Message, Debug, Clone, Copy, Default)]
pub struct UndoRequested;

/// Play again: same seats and layout, a new board from a new seed (a fixed board stays).
#[derive(Message, Debug, Clone, Copy, Default)]
pub struct RematchRequested;

/// A move was applied.
#[derive(Message, Debug, Clone, PartialEq, Eq)]
pub struct ActionApplied {
    /// The move.
    pub action: Action,
    /// Who moved, the fish and the players skipped after it.
    pub turn: Turn,
}

/// Why a request was refused; nothing changed.
#[derive(Debug, Clone, Copy, PartialEq, Eq, thiserror::Error)]
pub enum Refusal {
    /// The request came from the wrong kind of seat.
    #[error("it is not your turn: player {0} is played by the {1}")]
    NotYourTurn(char, &'static str),
    /// The rules forbid it.
    #[error(transparent)]
    Illegal(#[from] Illegal),
    /// Nothing can be taken back.
    #[error("there is nothing to take back")]
    NothingToUndo,
}

/// A request was refused.
#[derive(Message, Debug, Clone, Copy, PartialEq, Eq)]
pub struct ActionRejected(pub Refusal);

/// The match ended.
#[derive(Message, Debug, Clone, PartialEq, Eq)]
pub struct GameOver {
    /// The winners (several when tied).
    pub winners: Vec<u8>,
}

/// The root entity of a Penguins match; floes and penguins are its children.
#[derive(Component, Debug, Clone, Copy)]
pub struct PenguinsBoard {
    /// Rows.
    pub rows: u16,
    /// Columns.
    pub cols: u16,
}

/// An ice floe (its fish are in the position; the view reads them from there).
#[derive(Component, Debug, Clone, Copy, PartialEq, Eq)]
pub struct Floe(pub Pos);

/// A penguin: its player and where it stands.
#[derive(Component, Debug, Clone, Copy, PartialEq, Eq)]
pub struct Penguin {
    /// Its player's number.
    pub player: u8,
    /// Where it stands.
    pub pos: Pos,
}

#[derive(SystemParam)]
struct Announcements<'w> {
    applied: MessageWriter<'w, ActionApplied>,
    rejected: MessageWriter<'w, ActionRejected>,
    over: MessageWriter<'w, GameOver>,
}

fn request_first_match(start: Option<Res<AppStart>>, mut requests: MessageWriter<MatchRequested>) {
    if let Some(FirstMatch::Penguins(setup, layout, _)) = start.and_then(|s| s.first_match.clone())
    {
        requests.write(MatchRequested(setup, layout));
    }
}

fn turn_rematches_into_match_requests(
    mut rematches: MessageReader<RematchRequested>,
    referee: Option<Res<PenguinsReferee>>,
    mut requests: MessageWriter<MatchRequested>,
) {
    if rematches.read().count() == 0 {
        return;
    }
    if let Some(referee) = referee {
        let seed = referee.setup.seed.unwrap_or(0).wrapping_add(1);
        requests.write(MatchRequested(
            rebuilt(&referee.setup, &referee.layout, seed),
            referee.layout.clone(),
        ));
    }
}

/// The setup on the board that `layout` draws from `seed`.
fn rebuilt(setup: &PenguinsMatch, layout: &PenguinsSetup, seed: u64) -> PenguinsMatch {
    let needed = setup.seats.len() * usize::from(setup.penguins);
    PenguinsMatch {
        board: layout.board(seed, needed),
        seed: matches!(layout, PenguinsSetup::Generated(_)).then_some(seed),
        ..setup.clone()
    }
}

fn restart_on_layout_change(
    mut changes: MessageReader<PenguinsLayoutChanged>,
    referee: Option<Res<PenguinsReferee>>,
    layout_file: Option<ResMut<PenguinsLayout>>,
    mut requests: MessageWriter<MatchRequested>,
) {
    let Some(layout) = changes.read().last().map(|changed| changed.0.clone()) else {
        return;
    };
    if let Some(referee) = referee {
        let needed = referee.setup.seats.len() * usize::from(referee.setup.penguins);
        if let Some(mut file) = layout_file
            && let Err(e) =
                crate::layout::check_penguins_fit(Path::new(&file.file), &layout, needed)
        {
            // Too small for this match's penguins: said where, and the match goes on with the
            // last layout that held it.
            file.error = Some(e.to_string());
            file.config = referee.layout.clone();
            return;
        }
        let seed = referee.setup.seed.unwrap_or(0);
        requests.write(MatchRequested(
            rebuilt(&referee.setup, &layout, seed),
            layout,
        ));
    }
}

fn start_requested_matches(
    mut commands: Commands,
    mut requests: MessageReader<MatchRequested>,
    referee: Option<Res<PenguinsReferee>>,
    boards: Query<Entity, With<PenguinsBoard>>,
    screen: Res<bevy::prelude::State<Screen>>,
    mut next_screen: ResMut<NextState<Screen>>,
) {
    let Some(MatchRequested(setup, layout)) = requests.read().last().cloned() else {
        return;
    };
    if *screen.get() != Screen::Penguins {
        next_screen.set(Screen::Penguins);
    }
    let players = u8::try_from(setup.seats.len()).unwrap_or(2);
    let state = State::new(setup.board.clone(), players, setup.penguins);
    respawn(&mut commands, &boards, &state);
    commands.insert_resource(PenguinsReferee {
        setup,
        layout,
        state,
        history: Vec::new(),
        revision: referee.map_or(0, |r| r.revision + 1),
    });
}

/// Replaces the board's entities with fresh ones for `state`.
fn respawn(commands: &mut Commands, boards: &Query<Entity, With<PenguinsBoard>>, state: &State) {
    for board in boards {
        commands.entity(board).despawn();
    }
    let b = state.board();
    let board = commands
        .spawn((
            PenguinsBoard {
                rows: b.rows(),
                cols: b.cols(),
            },
            Transform::default(),
            Visibility::default(),
            DespawnOnExit(Screen::Penguins),
        ))
        .id();
    for pos in b.positions() {
        let field = b.get(pos);
        if field.is_water() {
            continue;
        }
        commands.spawn((Floe(pos), ChildOf(board)));
        if let Some(player) = field.penguin {
            commands.spawn((Penguin { player, pos }, ChildOf(board)));
        }
    }
}

fn apply_action_requests(
    mut commands: Commands,
    mut places: MessageReader<PlaceRequested>,
    mut moves: MessageReader<MoveRequested>,
    referee: Option<ResMut<PenguinsReferee>>,
    boards: Query<Entity, With<PenguinsBoard>>,
    floes: Query<(Entity, &Floe)>,
    mut penguins: Query<&mut Penguin>,
    mut announce: Announcements,
) {
    let Some(mut referee) = referee else {
        places.clear();
        moves.clear();
        return;
    };
    let requests: Vec<(Seat, Action)> = places
        .read()
        .map(|p| (p.seat, Action::Place(p.pos)))
        .chain(moves.read().map(|m| {
            (
                m.seat,
                Action::Move {
                    from: m.from,
                    to: m.to,
                },
            )
        }))
        .collect();
    for (seat, action) in requests {
        if seat != referee.seat_to_move() && referee.state.phase() != Phase::Over {
            let who = if referee.seat_to_move() == Seat::Ai {
                "AI"
            } else {
                "human player"
            };
            let letter = crate::rules::penguins::player_letter(referee.state.to_move());
            announce
                .rejected
                .write(ActionRejected(Refusal::NotYourTurn(letter, who)));
            continue;
        }
        let before = referee.state.clone();
        let turn = match referee.state.apply(action) {
            Ok(turn) => turn,
            Err(reason) => {
                announce.rejected.write(ActionRejected(reason.into()));
                continue;
            }
        };
        referee.history.push(before);
        referee.revision += 1;
        match action {
            Action::Place(pos) => {
                if let Ok(board) = boards.single() {
                    commands.spawn((
                        Penguin {
                            player: turn.player,
                            pos,
                        },
                        ChildOf(board),
                    ));
                }
            }
            Action::Move { from, to } => {
                for mut penguin in &mut penguins {
                    if penguin.pos == from {
                        penguin.pos = to;
                    }
                }
                for (entity, floe) in &floes {
                    if floe.0 == from {
                        commands.entity(entity).despawn();
                    }
                }
            }
        }
        announce.applied.write(ActionApplied { action, turn });
        if let Some(winners) = referee.state.winners() {
            announce.over.write(GameOver { winners });
        }
    }
}

fn apply_undo_requests(
    mut commands: Commands,
    mut requests: MessageReader<UndoRequested>,
    referee: Option<ResMut<PenguinsReferee>>,
    boards: Query<Entity, With<PenguinsBoard>>,
    mut announce: Announcements,
) {
    let Some(mut referee) = referee else {
        requests.clear();
        return;
    };
    for _ in requests.read() {
        if !referee.can_undo() {
            announce
                .rejected
                .write(ActionRejected(Refusal::NothingToUndo));
            continue;
        }
        // Back to the last position where a human was to move.
        while let Some(previous) = referee.history.pop() {
            let human = referee.seat(previous.to_move()) == Seat::Human;
            referee.state = previous;
            if human {
                break;
            }
        }
        referee.revision += 1;
        respawn(&mut commands, &boards, &referee.state);
    }
}
