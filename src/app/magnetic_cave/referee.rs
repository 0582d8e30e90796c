//! The Magnetic Cave referee: the only system that changes a match. It answers move, undo and
//! match requests against the pure rules, keeps the board, cell and brick entities in step,
//! and announces what happened.

use bevy::ecs::system::SystemParam;
use bevy::prelude::*;

use super::board;
use crate::app::layout::CaveLayoutChanged;
use crate::app::{AppStart, AppSystems, FirstMatch, Screen};
use crate::rules::Seat;
use crate::rules::magnetic_cave::{Brick, Cell, Config, Illegal, Outcome, State as Position};
use crate::setup::CaveMatch;

pub(super) fn plugin(app: &mut App) {
    app.add_message::<MatchRequested>()
        .add_message::<MoveRequested>()
        .add_message::<UndoRequested>()
        .add_message::<RematchRequested>()
        .add_message::<MatchStarted>()
        .add_message::<MoveApplied>()
        .add_message::<MoveRejected>()
        .add_message::<MovesUndone>()
        .add_message::<TurnStarted>()
        .add_message::<GameOver>();
    app.add_systems(Startup, request_start_match);
    app.add_systems(
        Update,
        (
            turn_rematches_into_match_requests,
            start_requested_matches,
            rebuild_on_layout_change,
            apply_undo_requests,
            apply_move_requests,
        )
            .chain()
            .in_set(AppSystems::Referee),
    );
    app.add_systems(OnEnter(Screen::MagneticCave), spawn_board);
    app.add_systems(OnExit(Screen::MagneticCave), |mut commands: Commands| {
        commands.remove_resource::<CaveReferee>();
    });
}

/// The match in progress: its setup and the authoritative position. Only the referee's
/// systems change it.
#[derive(Resource, Debug, Clone)]
pub struct CaveReferee {
    setup: CaveMatch,
    state: Position,
    revision: u64,
}

impl CaveReferee {
    fn new(setup: CaveMatch, revision: u64) -> CaveReferee {
        // Opening moves that do not fit (say after the layout changed) are dropped.
        let state = Position::from_moves(setup.config, &setup.moves)
            .unwrap_or_else(|_| Position::new(setup.config));
        let setup = CaveMatch {
            moves: state.moves().to_vec(),
            ..setup
        };
        CaveReferee {
            setup,
            state,
            revision,
        }
    }

    /// The position.
    pub fn state(&self) -> &Position {
        &self.state
    }

    /// How the match was set up.
    pub fn setup(&self) -> &CaveMatch {
        &self.setup
    }

    /// Who sits at the player to move.
    pub fn seat_to_move(&self) -> Seat {
        self.setup.seat(self.state.to_move())
    }

    /// Whether a human may place a brick now.
    pub fn human_to_move(&self) -> bool {
        self.state.outcome().is_none() && self.seat_to_move() == Seat::Human
    }

    /// Whether undo is offered: a human plays and a move of this match can be taken back.
    pub fn can_undo(&self) -> bool {
        self.setup.seats.contains(&Seat::Human) && self.state.moves().len() > self.setup.moves.len()
    }

    /// Grows by one with every change to the match; an AI answer for an older revision is stale.
    pub fn revision(&self) -> u64 {
        self.revision
    }

    /// Moves played in this window (not counting the opening moves it started from).
    pub fn moves_played_here(&self) -> usize {
        self.state
            .moves()
            .len()
            .saturating_sub(self.setup.moves.len())
    }
}

/// Start a new match with this setup (from the menu or the command line).
#[derive(Message, Debug, Clone)]
pub struct MatchRequested(pub CaveMatch);

/// Place a brick on `cell` for the player to move, asked by a seat of kind `seat`.
#[derive(Message, Debug, Clone, Copy, PartialEq, Eq)]
pub struct MoveRequested {
    /// Where.
    pub cell: Cell,
    /// Who asks: a human click or the AI.
    pub seat: Seat,
}

/// Take back the last move (and the AI's reply before it, so a human is to move again).
#[derive(Message, Debug, Clone, Copy, Default)]
pub struct UndoRequested;

/// Play again with the same seats and layout.
#[derive(Message, Debug, Clone, Copy, Default)]
pub struct RematchRequested;

/// A match began (or was rebuilt after a layout change).
#[derive(Message, Debug, Clone, Copy)]
pub struct MatchStarted {
    /// The cave's shape.
    pub config: Config,
}

/// A brick was placed.
#[derive(Message, Debug, Clone, Copy, PartialEq, Eq)]
pub struct MoveApplied {
    /// Whose brick.
    pub player: Brick,
    /// Where.
    pub cell: Cell,
}

/// Why a request was refused; nothing changed.
#[derive(Debug, Clone, Copy, PartialEq, Eq, thiserror::Error)]
pub enum Refusal {
    /// A human clicked while the AI is to move, or the AI answered out of turn.
    #[error("it is not your turn: {0} is played by the {1}")]
    NotYourTurn(Brick, &'static str),
    /// The rules forbid the move.
    #[error(transparent)]
    Illegal(#[from] Illegal),
    /// Nothing can be taken back.
    #[error("there is no move to take back")]
    NothingToUndo,
}

/// A request was refused.
#[derive(Message, Debug, Clone, Copy, PartialEq, Eq)]
pub struct MoveRejected {
    /// The cell asked for, if it was a move.
    pub cell: Option<Cell>,
    /// Why.
    pub reason: Refusal,
}

/// Moves were taken back, last first.
#[derive(Message, Debug, Clone, PartialEq, Eq)]
pub struct MovesUndone(pub Vec<Cell>);

/// A player's turn began.
#[derive(Message, Debug, Clone, Copy, PartialEq, Eq)]
pub struct TurnStarted {
    /// Who is to move.
    pub player: Brick,
    /// Human or AI.
    pub seat: Seat,
}

/// The match ended.
#[derive(Message, Debug, Clone, Copy, PartialEq, Eq)]
pub struct GameOver(pub Outcome);

/// The board of the match; its cells and bricks are its children.
#[derive(Component, Debug, Clone, Copy)]
pub struct CaveBoard {
    /// The cave's shape.
    pub config: Config,
}

/// One cell of the cave.
#[derive(Component, Debug, Clone, Copy, PartialEq, Eq)]
pub struct CaveCell(pub Cell);

/// A brick on the board.
#[derive(Component, Debug, Clone, Copy, PartialEq, Eq)]
pub struct PlacedBrick {
    /// Its cell.
    pub cell: Cell,
    /// Its owner.
    pub player: Brick,
}

fn request_start_match(start: Option<Res<AppStart>>, mut requests: MessageWriter<MatchRequested>) {
    if let Some(FirstMatch::MagneticCave(setup, _)) = start.and_then(|s| s.first_match.clone()) {
        requests.write(MatchRequested(setup));
    }
}

/// The referee's announcements, written together.
#[derive(SystemParam)]
struct Announcements<'w> {
    started: MessageWriter<'w, MatchStarted>,
    applied: MessageWriter<'w, MoveApplied>,
    rejected: MessageWriter<'w, MoveRejected>,
    undone: MessageWriter<'w, MovesUndone>,
    turns: MessageWriter<'w, TurnStarted>,
    over: MessageWriter<'w, GameOver>,
}

impl Announcements<'_> {
    fn match_started(&mut self, referee: &CaveReferee) {
        self.started.write(MatchStarted {
            config: referee.state.config(),
        });
        self.turn_or_end(referee);
    }

    /// Whose turn it is now, or how the game ended.
    fn turn_or_end(&mut self, referee: &CaveReferee) {
        match referee.state.outcome() {
            Some(outcome) => {
                self.over.write(GameOver(outcome));
            }
            None => {
                self.turns.write(TurnStarted {
                    player: referee.state.to_move(),
                    seat: referee.seat_to_move(),
                });
            }
        }
    }

    fn rejected(&mut self, cell: Option<Cell>, reason: Refusal) {
        self.rejected.write(MoveRejected { cell, reason });
    }
}

fn turn_rematches_into_match_requests(
    mut rematches: MessageReader<RematchRequested>,
    referee: Option<Res<CaveReferee>>,
    mut requests: MessageWriter<MatchRequested>,
) {
    if rematches.read().last().is_none() {
        return;
    }
    if let Some(referee) = referee {
        let mut setup = referee.setup.clone();
        setup.moves.clear();
        requests.write(MatchRequested(setup));
    }
}

fn start_requested_matches(
    mut commands: Commands,
    mut requests: MessageReader<MatchRequested>,
    referee: Option<Res<CaveReferee>>,
    screen: Res<State<Screen>>,
    mut next_screen: ResMut<NextState<Screen>>,
    boards: Query<Entity, With<CaveBoard>>,
    mut announce: Announcements,
) {
    let Some(MatchRequested(setup)) = requests.read().last().cloned() else {
        return;
    };
    let revision = referee.as_ref().map_or(0, |r| r.revision + 1);
    let new = CaveReferee::new(setup, revision);
    announce.match_started(&new);
    if *screen.get() == Screen::MagneticCave {
        respawn_board(&mut commands, &boards, &new);
    } else {
        next_screen.set(Screen::MagneticCave);
    }
    commands.insert_resource(new);
}

fn rebuild_on_layout_change(
    mut commands: Commands,
    mut changes: MessageReader<CaveLayoutChanged>,
    referee: Option<Res<CaveReferee>>,
    screen: Res<State<Screen>>,
    boards: Query<Entity, With<CaveBoard>>,
    mut announce: Announcements,
) {
    let Some(config) = changes.read().last().map(|changed| changed.0) else {
        return;
    };
    let Some(referee) = referee else {
        return;
    };
    let setup = CaveMatch {
        config,
        ..referee.setup.clone()
    };
    let new = CaveReferee::new(setup, referee.revision + 1);
    announce.match_started(&new);
    if *screen.get() == Screen::MagneticCave {
        respawn_board(&mut commands, &boards, &new);
    }
    commands.insert_resource(new);
}

fn apply_undo_requests(
    mut commands: Commands,
    mut requests: MessageReader<UndoRequested>,
    referee: Option<ResMut<CaveReferee>>,
    bricks: Query<(Entity, &PlacedBrick)>,
    mut announce: Announcements,
) {
    let Some(mut referee) = referee else {
        requests.clear();
        return;
    };
    for _ in requests.read() {
        if !referee.can_undo() {
            announce.rejected(None, Refusal::NothingToUndo);
            continue;
        }
        let first_undoable = referee.setup.moves.len();
        let mut cells = Vec::new();
        if let Some(cell) = referee.state.undo() {
            cells.push(cell);
        }
        // Against the AI, take back its reply too, so that a human is to move again.
        while referee.seat_to_move() == Seat::Ai && referee.state.moves().len() > first_undoable {
            if let Some(cell) = referee.state.undo() {
                cells.push(cell);
            }
        }
        referee.revision += 1;
        for (entity, brick) in &bricks {
            if cells.contains(&brick.cell) {
                commands.entity(entity).despawn();
            }
        }
        announce.undone.write(MovesUndone(cells));
        announce.turn_or_end(&referee);
    }
}

fn apply_move_requests(
    mut commands: Commands,
    mut requests: MessageReader<MoveRequested>,
    referee: Option<ResMut<CaveReferee>>,
    boards: Query<Entity, With<CaveBoard>>,
    mut announce: Announcements,
) {
    let Some(mut referee) = referee else {
        requests.clear();
        return;
    };
    for request in requests.read() {
        let player = referee.state.to_move();
        let seat = referee.seat_to_move();
        if request.seat != seat && referee.state.outcome().is_none() {
            let who = if seat == Seat::Ai {
                "AI"
            } else {
                "human player"
            };
            announce.rejected(Some(request.cell), Refusal::NotYourTurn(player, who));
            continue;
        }
        if let Err(reason) = referee.state.apply(request.cell) {
            announce.rejected(Some(request.cell), reason.into());
            continue;
        }
        referee.revision += 1;
        if let Ok(board) = boards.single() {
            commands.spawn(brick_bundle(board, &referee.state, request.cell, player));
        }
        announce.applied.write(MoveApplied {
            player,
            cell: request.cell,
        });
        announce.turn_or_end(&referee);
    }
}

fn spawn_board(
    mut commands: Commands,
    referee: Option<Res<CaveReferee>>,
    boards: Query<Entity, With<CaveBoard>>,
) {
    if let Some(referee) = referee {
        respawn_board(&mut commands, &boards, &referee);
    }
}

/// Replaces the board entities with fresh ones for `referee`'s position.
fn respawn_board(
    commands: &mut Commands,
    boards: &Query<Entity, With<CaveBoard>>,
    referee: &CaveReferee,
) {
    for board in boards {
        commands.entity(board).despawn();
    }
    let config = referee.state.config();
    let board = commands
        .spawn((
            CaveBoard { config },
            Transform::from_translation(board::BOARD_CENTER.extend(0.0)),
            Visibility::default(),
            DespawnOnExit(Screen::MagneticCave),
        ))
        .id();
    for cell in config.cells() {
        commands.spawn((
            CaveCell(cell),
            Transform::from_translation(board::cell_offset(config, cell).extend(board::CELL_Z)),
            Visibility::default(),
            ChildOf(board),
        ));
    }
    for &cell in referee.state.moves() {
        if let Some(player) = referee.state.brick(cell) {
            commands.spawn(brick_bundle(board, &referee.state, cell, player));
        }
    }
}

fn brick_bundle(board: Entity, state: &Position, cell: Cell, player: Brick) -> impl Bundle {
    (
        PlacedBrick { cell, player },
        Transform::from_translation(
            board::cell_offset(state.config(), cell).extend(board::BRICK_Z),
        ),
        Visibility::default(),
        ChildOf(board),
    )
}
