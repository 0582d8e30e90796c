//! The Patolli referee: the only systems that change a Patolli match. It rolls the dice at the
//! start of each turn and of each extra roll, answers move, place, pass and undo requests
//! against the pure rules, keeps the piece entities in step, and announces what happened.

use std::collections::VecDeque;

use bevy::ecs::system::SystemParam;
use bevy::prelude::*;
use rand::rngs::StdRng;
use rand::{Rng, SeedableRng};

use crate::app::layout::PatolliLayoutChanged;
use crate::app::{AppStart, AppSystems, FirstMatch, Screen};
use crate::rules::Seat;
use crate::rules::patolli::{
    Action, Effect, Illegal, Location, Phase, Piece, Player, Rolled, State,
};
use crate::setup::PatolliMatch;

pub(super) fn plugin(app: &mut App) {
    app.add_message::<MatchRequested>()
        .add_message::<MoveRequested>()
        .add_message::<PlaceRequested>()
        .add_message::<PassRequested>()
        .add_message::<UndoRequested>()
        .add_message::<RematchRequested>()
        .add_message::<DiceRolled>()
        .add_message::<ActionApplied>()
        .add_message::<ActionRejected>()
        .add_message::<TurnStarted>()
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
            roll_when_due,
        )
            .chain()
            .in_set(AppSystems::Referee),
    );
    app.add_systems(OnExit(Screen::Patolli), |mut commands: Commands| {
        commands.remove_resource::<PatolliReferee>();
    });
}

/// A Patolli match in progress: its setup, the position, the match's dice and the positions
/// before each action (for undo). Only the referee's systems change it.
#[derive(Resource, Debug)]
pub struct PatolliReferee {
    setup: PatolliMatch,
    state: State,
    rng: StdRng,
    scripted: VecDeque<u8>,
    history: Vec<State>,
    revision: u64,
}

impl PatolliReferee {
    /// The position.
    pub fn state(&self) -> &State {
        &self.state
    }

    /// How the match was set up.
    pub fn setup(&self) -> &PatolliMatch {
        &self.setup
    }

    /// Who sits at the player to move.
    pub fn seat_to_move(&self) -> Seat {
        self.setup.seats[self.state.to_move().index()]
    }

    /// Grows by one with every change; an AI answer for an older revision is stale.
    pub fn revision(&self) -> u64 {
        self.revision
    }

    /// How many actions stand in this match (undone ones not counted).
    pub fn actions_played(&self) -> usize {
        self.history.len()
    }

    /// Whether undo would take something back: a human seat acted earlier in this match.
    pub fn can_undo(&self) -> bool {
        self.history
            .iter()
            .any(|previous| self.setup.seats[previous.to_move().index()] == Seat::Human)
    }

    /// Whether a human is to choose an action now.
    pub fn human_to_act(&self) -> bool {
        matches!(self.state.phase(), Phase::Act { .. }) && self.seat_to_move() == Seat::Human
    }
}

/// Start a Patolli match with this setup.
#[derive(Message, Debug, Clone)]
pub struct MatchRequested(pub PatolliMatch);

/// Move `piece` by the roll, asked by a seat of kind `seat`.
#[derive(Message, Debug, Clone, Copy, PartialEq, Eq)]
pub struct MoveRequested {
    /// The piece.
    pub piece: Piece,
    /// Who asks.
    pub seat: Seat,
}

/// Place a pool piece on the start square: `piece`, or the first in label order.
#[derive(Message, Debug, Clone, Copy, PartialEq, Eq)]
pub struct PlaceRequested {
    /// The piece, or `None` for the first pool piece.
    pub piece: Option<Piece>,
    /// Who asks.
    pub seat: Seat,
}

/// Pass the turn.
#[derive(Message, Debug, Clone, Copy, PartialEq, Eq)]
pub struct PassRequested {
    /// Who asks.
    pub seat: Seat,
}

/// Take back the last human action (and what the AI did after it).
#[derive(Message, Debug, Clone, Copy, Default)]
pub struct UndoRequested;

/// Play again: the same seats and board, new dice.
#[derive(Message, Debug, Clone, Copy, Default)]
pub struct RematchRequested;

/// The referee rolled for `player`.
#[derive(Message, Debug, Clone, Copy, PartialEq, Eq)]
pub struct DiceRolled {
    /// Whose roll.
    pub player: Player,
    /// The value.
    pub roll: u8,
    /// True when it was a 0 that lost the turn.
    pub turn_lost: bool,
}

/// An action was applied.
#[derive(Message, Debug, Clone, Copy, PartialEq, Eq)]
pub struct ActionApplied {
    /// Who acted.
    pub player: Player,
    /// What it did (including captures and extra rolls).
    pub effect: Effect,
}

/// Why a request was refused; nothing changed.
#[derive(Debug, Clone, Copy, PartialEq, Eq, thiserror::Error)]
pub enum Refusal {
    /// The request came from the wrong kind of seat.
    #[error("it is not your turn: player {0} is played by the {1}")]
    NotYourTurn(Player, &'static str),
    /// The rules forbid it.
    #[error(transparent)]
    Illegal(#[from] Illegal),
    /// `place` with an empty pool.
    #[error("your pool is empty")]
    EmptyPool,
    /// Nothing can be taken back.
    #[error("there is nothing to take back")]
    NothingToUndo,
}

/// A request was refused.
#[derive(Message, Debug, Clone, Copy, PartialEq, Eq)]
pub struct ActionRejected(pub Refusal);

/// A player's turn (or extra roll) began and awaits its action.
#[derive(Message, Debug, Clone, Copy, PartialEq, Eq)]
pub struct TurnStarted {
    /// Who is to act.
    pub player: Player,
    /// The roll to act on.
    pub roll: u8,
    /// Whether passing is the only legal action.
    pub only_pass: bool,
}

/// The match ended.
#[derive(Message, Debug, Clone, Copy, PartialEq, Eq)]
pub struct GameOver {
    /// The winner.
    pub winner: Player,
}

/// A Patolli piece on screen, wherever it is.
#[derive(Component, Debug, Clone, Copy, PartialEq, Eq)]
pub struct PatolliPiece {
    /// Which piece.
    pub piece: Piece,
    /// Where it is now.
    pub location: Location,
}

/// A square of the track, by its track index.
#[derive(Component, Debug, Clone, Copy, PartialEq, Eq)]
pub struct PatolliSquare(pub usize);

/// The root entity of a Patolli match; its pieces are its children.
#[derive(Component, Debug, Clone)]
pub struct PatolliBoard {
    /// The board's track, for drawing it.
    pub track: std::sync::Arc<crate::rules::patolli::Track>,
    /// The rule options (the view draws the die they name).
    pub rules: crate::rules::patolli::Rules,
}

#[derive(SystemParam)]
struct Announcements<'w> {
    rolled: MessageWriter<'w, DiceRolled>,
    applied: MessageWriter<'w, ActionApplied>,
    rejected: MessageWriter<'w, ActionRejected>,
    turns: MessageWriter<'w, TurnStarted>,
    over: MessageWriter<'w, GameOver>,
}

impl Announcements<'_> {
    /// Announces that the player to move has rolled and must act, if it has.
    fn awaiting_action(&mut self, state: &State) {
        if let Phase::Act { roll } = state.phase() {
            self.turns.write(TurnStarted {
                player: state.to_move(),
                roll,
                only_pass: state.only_pass(),
            });
        }
    }
}

fn request_first_match(start: Option<Res<AppStart>>, mut requests: MessageWriter<MatchRequested>) {
    if let Some(FirstMatch::Patolli(setup, _)) = start.and_then(|s| s.first_match.clone()) {
        requests.write(MatchRequested(setup));
    }
}

/// Play again with the same seats and board; the dice get a new seed from the match's dice.
fn turn_rematches_into_match_requests(
    mut rematches: MessageReader<RematchRequested>,
    referee: Option<ResMut<PatolliReferee>>,
    mut requests: MessageWriter<MatchRequested>,
) {
    if rematches.read().count() == 0 {
        return;
    }
    if let Some(mut referee) = referee {
        let seed = referee.rng.next_u64();
        requests.write(MatchRequested(PatolliMatch {
            seed,
            scripted_rolls: Vec::new(),
            ..referee.setup.clone()
        }));
    }
}

/// A designer saved a good layout: start again on the new board with its rules.
fn restart_on_layout_change(
    mut changes: MessageReader<PatolliLayoutChanged>,
    referee: Option<Res<PatolliReferee>>,
    mut requests: MessageWriter<MatchRequested>,
) {
    let Some(board) = changes.read().last().map(|changed| changed.0.clone()) else {
        return;
    };
    if let Some(referee) = referee {
        requests.write(MatchRequested(PatolliMatch {
            board,
            scripted_rolls: Vec::new(),
            ..referee.setup.clone()
        }));
    }
}

fn start_requested_matches(
    mut commands: Commands,
    mut requests: MessageReader<MatchRequested>,
    referee: Option<Res<PatolliReferee>>,
    boards: Query<Entity, With<PatolliBoard>>,
    screen: Res<bevy::state::state::State<Screen>>,
    mut next_screen: ResMut<NextState<Screen>>,
) {
    let Some(MatchRequested(setup)) = requests.read().last().cloned() else {
        return;
    };
    for board in &boards {
        commands.entity(board).despawn();
    }
    if *screen.get() != Screen::Patolli {
        next_screen.set(Screen::Patolli);
    }
    let state = State::new(setup.board.track.clone(), setup.board.rules);
    let board = commands
        .spawn((
            PatolliBoard {
                track: setup.board.track.clone(),
                rules: setup.board.rules,
            },
            Transform::default(),
            Visibility::default(),
            DespawnOnExit(Screen::Patolli),
        ))
        .id();
    for index in 0..setup.board.track.len() {
        commands.spawn((PatolliSquare(index), ChildOf(board)));
    }
    for piece in Piece::all() {
        commands.spawn((
            PatolliPiece {
                piece,
                location: Location::Pool,
            },
            ChildOf(board),
        ));
    }
    commands.insert_resource(PatolliReferee {
        rng: StdRng::seed_from_u64(setup.seed),
        scripted: setup.scripted_rolls.iter().copied().collect(),
        state,
        history: Vec::new(),
        revision: referee.map_or(0, |r| r.revision + 1),
        setup,
    });
}

/// Rolls for the player to move whenever a roll is due, as the referee does in the game.
fn roll_when_due(referee: Option<ResMut<PatolliReferee>>, mut announce: Announcements) {
    let Some(mut referee) = referee else {
        return;
    };
    // A 0 loses the turn and the next player rolls at once; bound the loop by a few turns.
    for _ in 0..16 {
        if referee.state.phase() != Phase::Roll {
            return;
        }
        let player = referee.state.to_move();
        let dice = referee.state.rules().dice;
        let roll = match referee.scripted.pop_front() {
            Some(roll) => roll,
            None => dice.roll(&mut referee.rng),
        };
        let Ok(rolled) = referee.state.roll(roll) else {
            continue; // a scripted roll the die cannot show is dropped
        };
        referee.revision += 1;
        announce.rolled.write(DiceRolled {
            player,
            roll,
            turn_lost: rolled == Rolled::TurnLost,
        });
        if let Rolled::Choose(_) = rolled {
            announce.awaiting_action(&referee.state);
        }
    }
}

fn apply_action_requests(
    mut moves: MessageReader<MoveRequested>,
    mut places: MessageReader<PlaceRequested>,
    mut passes: MessageReader<PassRequested>,
    referee: Option<ResMut<PatolliReferee>>,
    mut pieces: Query<&mut PatolliPiece>,
    mut announce: Announcements,
) {
    let Some(mut referee) = referee else {
        moves.clear();
        places.clear();
        passes.clear();
        return;
    };
    let requests: Vec<(Seat, Result<Action, Refusal>)> = moves
        .read()
        .map(|m| (m.seat, Ok(Action::Move(m.piece))))
        .chain(places.read().map(|p| {
            let player = referee.state.to_move();
            let piece = p.piece.or_else(|| {
                player
                    .pieces()
                    .find(|&piece| referee.state.location(piece) == Location::Pool)
            });
            (p.seat, piece.map(Action::Place).ok_or(Refusal::EmptyPool))
        }))
        .chain(passes.read().map(|p| (p.seat, Ok(Action::Pass))))
        .collect();
    for (seat, action) in requests {
        let player = referee.state.to_move();
        if seat != referee.seat_to_move() && referee.state.winner().is_none() {
            let who = if referee.seat_to_move() == Seat::Ai {
                "AI"
            } else {
                "human player"
            };
            announce
                .rejected
                .write(ActionRejected(Refusal::NotYourTurn(player, who)));
            continue;
        }
        let action = match action {
            Ok(action) => action,
            Err(refusal) => {
                announce.rejected.write(ActionRejected(refusal));
                continue;
            }
        };
        let before = referee.state.clone();
        match referee.state.apply(action) {
            Err(reason) => {
                announce.rejected.write(ActionRejected(reason.into()));
            }
            Ok(effect) => {
                referee.history.push(before);
                referee.revision += 1;
                sync_pieces(&referee.state, &mut pieces);
                announce.applied.write(ActionApplied { player, effect });
                if let Some(winner) = referee.state.winner() {
                    announce.over.write(GameOver { winner });
                }
            }
        }
    }
}

fn apply_undo_requests(
    mut requests: MessageReader<UndoRequested>,
    referee: Option<ResMut<PatolliReferee>>,
    mut pieces: Query<&mut PatolliPiece>,
    mut announce: Announcements,
) {
    let Some(mut referee) = referee else {
        requests.clear();
        return;
    };
    for _ in requests.read() {
        if !referee.setup.seats.contains(&Seat::Human) {
            announce
                .rejected
                .write(ActionRejected(Refusal::NothingToUndo));
            continue;
        }
        // Back to the last position where a human was to act (its roll stays as it was).
        let mut restored = None;
        while let Some(previous) = referee.history.pop() {
            let human = referee.setup.seats[previous.to_move().index()] == Seat::Human;
            restored = Some(previous);
            if human {
                break;
            }
        }
        match restored {
            Some(previous) => {
                referee.state = previous;
                referee.revision += 1;
                sync_pieces(&referee.state, &mut pieces);
                announce.awaiting_action(&referee.state);
            }
            None => {
                announce
                    .rejected
                    .write(ActionRejected(Refusal::NothingToUndo));
            }
        }
    }
}

/// Puts every piece entity where the position says.
fn sync_pieces(state: &State, pieces: &mut Query<&mut PatolliPiece>) {
    for mut piece in pieces.iter_mut() {
        let location = state.location(piece.piece);
        if piece.location != location {
            piece.location = location;
        }
    }
}
