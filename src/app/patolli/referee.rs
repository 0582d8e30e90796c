//! Patolli's part of the referee: the game as the app plays it ([`AppGame`]), its square and
//! piece entities kept in step with the generic referee's announcements, and a saved layout
//! turned into a new match. The rolls, the match life cycle, the seat check and undo are the
//! generic referee's (`app::referee`).

use std::sync::Arc;
use std::time::Duration;

use bevy::prelude::*;

use crate::i18n::Tr;

use crate::app::layout_assets::PatolliLayoutChanged;
use crate::app::referee::{self, AppGame, referee_plugin};
use crate::app::search_task::{AiPacing, Thinking};
use crate::app::{AppSystems, FirstMatch, Screen};
use crate::rules::patolli::{Location, Piece, Rules, State, Track};
use crate::setup::PatolliMatch;

pub(super) fn plugin(app: &mut App) {
    referee_plugin::<State>(app);
    app.add_plugins(crate::app::hint::plugin::<State>);
    app.add_systems(
        Update,
        restart_on_layout_change.in_set(AppSystems::RecordInput),
    );
    app.add_systems(Update, mirror_entities.in_set(AppSystems::MirrorEntities));
}

impl AppGame for State {
    fn any_record_error(error: crate::replay::RecordError<Self>) -> crate::replay::AnyRecordError {
        error.into()
    }

    fn illegal_words(reason: &crate::rules::patolli::Illegal) -> Tr {
        use crate::rules::patolli::Illegal;
        let piece = |p: Piece| p.to_string();
        match *reason {
            Illegal::GameOver => Tr::new("refusal-game-over"),
            Illegal::MustRoll => Tr::new("patolli-illegal-must-roll"),
            Illegal::AlreadyRolled(roll) => {
                Tr::new("patolli-illegal-already-rolled").number("roll", roll)
            }
            Illegal::BadRoll(roll) => Tr::new("patolli-illegal-bad-roll").number("roll", roll),
            Illegal::NotYourPiece(p) => {
                Tr::new("patolli-illegal-not-yours").text("piece", piece(p))
            }
            Illegal::OpeningPlacement => Tr::new("patolli-illegal-opening"),
            Illegal::NotOnBoard(p) => {
                Tr::new("patolli-illegal-not-on-board").text("piece", piece(p))
            }
            Illegal::NotInPool(p) => Tr::new("patolli-illegal-not-in-pool").text("piece", piece(p)),
            Illegal::StartOccupied(square) => {
                Tr::new("patolli-illegal-start-occupied").number("square", square)
            }
            Illegal::OwnPiece {
                piece: p,
                blocker,
                square,
            } => Tr::new("patolli-illegal-own-piece")
                .text("piece", piece(p))
                .text("blocker", piece(blocker))
                .number("square", square),
            Illegal::Occupied { square, blocker } => Tr::new("patolli-illegal-occupied")
                .number("square", square)
                .text("blocker", piece(blocker)),
            Illegal::EndOccupied(square) => {
                Tr::new("patolli-illegal-end-occupied").number("square", square)
            }
            Illegal::Overshoot {
                piece: p,
                needed,
                roll,
            } => Tr::new("patolli-illegal-overshoot")
                .text("piece", piece(p))
                .number("needed", needed)
                .number("roll", roll),
        }
    }
    const SCREEN: Screen = Screen::Patolli;

    fn first_match(first: &FirstMatch) -> Option<PatolliMatch> {
        match first {
            FirstMatch::Patolli(setup, _) => Some(setup.clone()),
            _ => None,
        }
    }

    /// The roll stays on screen a moment before the AI acts on it.
    fn pause(_setup: &PatolliMatch, pacing: &AiPacing) -> Duration {
        pacing.min_roll_time
    }
}

impl crate::app::hint::HintGame for State {
    /// What the engine's choice does with the roll: a capture, a piece scored, another roll,
    /// a new piece on the track.
    fn hint_line(&self, report: &crate::ai::SearchReport<crate::rules::patolli::Action>) -> Tr {
        use crate::rules::patolli::{Effect, Location};
        match self.clone().apply(report.best) {
            Ok(Effect::Moved {
                captured: Some(piece),
                ..
            }) => Tr::new("hint-patolli-captures").text("piece", piece.to_string()),
            Ok(Effect::Moved {
                piece,
                to: Location::Scored,
                ..
            }) => Tr::new("hint-patolli-scores").text("piece", piece.to_string()),
            Ok(Effect::Moved {
                extra_roll: true, ..
            }) => Tr::new("hint-patolli-arm-end"),
            Ok(Effect::Placed { .. }) => Tr::new("hint-patolli-enters"),
            Ok(Effect::Moved { .. }) => Tr::new("hint-patolli-choice"),
            _ => Tr::new("hint-patolli-pass"),
        }
    }
}

/// The Patolli match in progress.
pub type PatolliReferee = referee::Referee<State>;
/// Start a Patolli match.
pub type MatchRequested = referee::MatchRequested<State>;
/// Move, place or pass for the player to move.
pub type ActionRequested = referee::ActionRequested<State>;
/// The referee rolled.
pub type DiceRolled = referee::DiceRolled<State>;
/// An action was applied.
pub type ActionApplied = referee::ActionApplied<State>;
/// A request was refused.
pub type ActionRejected = referee::ActionRejected<State>;
/// Why a request was refused.
pub type Refusal = referee::Refusal<State>;
/// Actions were taken back.
pub type MovesUndone = referee::MovesUndone<State>;
/// A player is to act on a roll.
pub type TurnStarted = referee::TurnStarted<State>;
/// A match began.
pub type MatchStarted = referee::MatchStarted<State>;
/// A Patolli search in progress.
pub type PatolliThinking = Thinking<PatolliReferee>;

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

/// The root entity of a Patolli match; its squares and pieces are its children.
#[derive(Component, Debug, Clone)]
pub struct PatolliBoard {
    /// The board's track, for drawing it.
    pub track: Arc<Track>,
    /// The rule options (the view draws the die they name).
    pub rules: Rules,
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
        requests.write(MatchRequested::new(referee.setup().on_board(board)));
    }
}

/// Keeps the board, square and piece entities in step with the match.
fn mirror_entities(
    mut commands: Commands,
    mut started: MessageReader<MatchStarted>,
    mut applied: MessageReader<ActionApplied>,
    mut undone: MessageReader<MovesUndone>,
    referee: Option<Res<PatolliReferee>>,
    boards: Query<Entity, With<PatolliBoard>>,
    mut pieces: Query<&mut PatolliPiece>,
) {
    let Some(referee) = referee else {
        return;
    };
    let state = referee.state();
    if started.read().count() > 0 {
        applied.clear();
        undone.clear();
        respawn_board(&mut commands, &boards, state);
        return;
    }
    if applied.read().count() + undone.read().count() > 0 {
        for mut piece in &mut pieces {
            let location = state.location(piece.piece);
            if piece.location != location {
                piece.location = location;
            }
        }
    }
}

/// Replaces the board entities with fresh ones for `state`.
fn respawn_board(
    commands: &mut Commands,
    boards: &Query<Entity, With<PatolliBoard>>,
    state: &State,
) {
    for board in boards {
        commands.entity(board).despawn();
    }
    let track = state.track_arc();
    let board = commands
        .spawn((
            PatolliBoard {
                track: track.clone(),
                rules: state.rules(),
            },
            Transform::default(),
            Visibility::default(),
            DespawnOnExit(Screen::Patolli),
        ))
        .id();
    for index in 0..track.len() {
        commands.spawn((PatolliSquare(index), ChildOf(board)));
    }
    for piece in state.pieces_in_play() {
        commands.spawn((
            PatolliPiece {
                piece,
                location: state.location(piece),
            },
            ChildOf(board),
        ));
    }
}
