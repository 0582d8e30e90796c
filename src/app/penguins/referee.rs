//! Penguins' part of the referee: the game as the app plays it ([`AppGame`]), its floe and
//! penguin entities kept in step with the generic referee's announcements, and a saved layout
//! turned into a new match (when it holds the match's penguins). The match life cycle, the seat
//! check and undo are the generic referee's (`app::referee`).

use std::path::Path;
use std::time::Duration;

use bevy::prelude::*;

use crate::i18n::Tr;

use crate::app::layout_assets::{PenguinsLayout, PenguinsLayoutChanged};
use crate::app::referee::{self, AppGame, referee_plugin};
use crate::app::search_task::{AiPacing, Thinking};
use crate::app::{AppSystems, FirstMatch, Screen};
use crate::rules::penguins::{Action, Grid, Pos, State};
use crate::setup::{self, PenguinsMatch};

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

    fn illegal_words(reason: &crate::rules::penguins::Illegal) -> Tr {
        use crate::rules::penguins::{Illegal, Phase};
        match *reason {
            Illegal::GameOver => Tr::new("refusal-game-over"),
            Illegal::WrongPhase(Phase::Placement) => Tr::new("penguins-illegal-placement-phase"),
            Illegal::WrongPhase(Phase::Movement) => Tr::new("penguins-illegal-movement-phase"),
            Illegal::WrongPhase(Phase::Over) => Tr::new("refusal-game-over"),
            Illegal::NoDice => Tr::new("penguins-illegal-no-dice"),
            Illegal::OffBoard(pos) => {
                Tr::new("penguins-illegal-off-board").text("floe", pos.to_string())
            }
            Illegal::NotPlaceable(pos) => {
                Tr::new("penguins-illegal-not-placeable").text("floe", pos.to_string())
            }
            Illegal::NoPenguin(pos) => {
                Tr::new("penguins-illegal-no-penguin").text("floe", pos.to_string())
            }
            Illegal::NotReachable { from, to, grid } => Tr::new(match grid {
                Grid::Square => "penguins-illegal-not-reachable-square",
                Grid::Hex => "penguins-illegal-not-reachable-hex",
            })
            .text("from", from.to_string())
            .text("to", to.to_string()),
        }
    }
    const SCREEN: Screen = Screen::Penguins;

    fn first_match(first: &FirstMatch) -> Option<PenguinsMatch> {
        match first {
            FirstMatch::Penguins(setup, _) => Some(setup.clone()),
            _ => None,
        }
    }

    fn pause(_setup: &PenguinsMatch, pacing: &AiPacing) -> Duration {
        pacing.min_move_time
    }
}

impl crate::app::hint::HintGame for State {
    /// The fish the engine's choice eats and how far it looked; a placement's room to move.
    fn hint_line(&self, report: &crate::ai::SearchReport<Action>) -> Tr {
        match (report.best, self.clone().apply(report.best)) {
            (Action::Place(_), _) => Tr::new("hint-penguins-place"),
            (Action::Move { .. }, Ok(turn)) => Tr::new("hint-penguins-eats")
                .number("fish", turn.fish)
                .number("depth", report.depth),
            _ => Tr::new("hint-penguins-choice"),
        }
    }
}

/// The Penguins match in progress.
pub type PenguinsReferee = referee::Referee<State>;
/// Start a Penguins match.
pub type MatchRequested = referee::MatchRequested<State>;
/// Place or slide a penguin for the player to move.
pub type ActionRequested = referee::ActionRequested<State>;
/// A move was applied (with the fish and the players skipped after it).
pub type ActionApplied = referee::ActionApplied<State>;
/// A request was refused.
pub type ActionRejected = referee::ActionRejected<State>;
/// Why a request was refused.
pub type Refusal = referee::Refusal<State>;
/// Moves were taken back.
pub type MovesUndone = referee::MovesUndone<State>;
/// A match began.
pub type MatchStarted = referee::MatchStarted<State>;
/// The match ended.
pub type GameOver = referee::GameOver<State>;
/// A Penguins search in progress.
pub type PenguinsThinking = Thinking<PenguinsReferee>;

/// The root entity of a Penguins match; floes and penguins are its children.
#[derive(Component, Debug, Clone, Copy, PartialEq, Eq)]
pub struct PenguinsBoard {
    /// Rows.
    pub rows: u16,
    /// Columns.
    pub cols: u16,
    /// Square fields or hexagonal floes.
    pub grid: Grid,
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

/// A designer saved a good layout: the match starts again on the board it draws from the same
/// seed, unless it is too small for this match's penguins (then that is reported at its field
/// and the match goes on).
fn restart_on_layout_change(
    mut changes: MessageReader<PenguinsLayoutChanged>,
    referee: Option<Res<PenguinsReferee>>,
    layout_file: Option<ResMut<PenguinsLayout>>,
    mut requests: MessageWriter<MatchRequested>,
) {
    let Some(layout) = changes.read().last().map(|changed| changed.0.clone()) else {
        return;
    };
    let Some(referee) = referee else {
        return;
    };
    let old = referee.setup();
    let seed = old.seed().unwrap_or(0);
    match setup::PenguinsMatch::new(
        layout,
        old.seats().to_vec(),
        old.penguins(),
        old.budget(),
        old.level(),
        seed,
    ) {
        Ok(setup) => {
            requests.write(MatchRequested::new(setup));
        }
        // Too small for this match's penguins: said at its field, and the match goes on.
        Err(e) => {
            if let Some(mut file) = layout_file {
                match e.in_layout_file(Path::new(&file.file)) {
                    setup::SetupError::Layout(error) => file.error = Some(error),
                    // Only the board can be at fault: the match's own choices made a match.
                    other => eprintln!("the new layout makes no match: {other}"),
                }
                file.config = old.layout().clone();
            }
        }
    }
}

/// Keeps the floe and penguin entities in step with the match.
fn mirror_entities(
    mut commands: Commands,
    mut started: MessageReader<MatchStarted>,
    mut applied: MessageReader<ActionApplied>,
    mut undone: MessageReader<MovesUndone>,
    referee: Option<Res<PenguinsReferee>>,
    boards: Query<Entity, With<PenguinsBoard>>,
    floes: Query<(Entity, &Floe)>,
    mut penguins: Query<&mut Penguin>,
) {
    let Some(referee) = referee else {
        return;
    };
    if started.read().count() + undone.read().count() > 0 {
        applied.clear();
        respawn(&mut commands, &boards, referee.state());
        return;
    }
    let Ok(board) = boards.single() else {
        return;
    };
    for applied in applied.read() {
        match applied.action {
            Action::Place(pos) => {
                commands.spawn((
                    Penguin {
                        player: applied.player.0,
                        pos,
                    },
                    ChildOf(board),
                ));
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
    }
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
                grid: b.grid(),
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
