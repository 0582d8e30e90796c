//! Magnetic Cave's part of the referee: the game as the app plays it ([`AppGame`]), its board,
//! cell and brick entities kept in step with the generic referee's announcements, and a saved
//! layout turned into a new match. The match life cycle, the seat check and undo are the
//! generic referee's (`app::referee`).

use std::time::Duration;

use bevy::prelude::*;

use crate::i18n::Tr;

use crate::ai::SearchReport;
use crate::app::layout_assets::{CaveLayout, CaveLayoutChanged};
use crate::app::referee::{self, AppGame, referee_plugin};
use crate::app::search_task::{AiPacing, Thinking};
use crate::app::{AppSystems, FirstMatch, Screen};
use crate::rules::magnetic_cave::{Brick, Cell, Config, State};
use crate::setup::CaveMatch;

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

    fn illegal_words(reason: &crate::rules::magnetic_cave::Illegal) -> Tr {
        use crate::rules::magnetic_cave::Illegal;
        match *reason {
            Illegal::GameOver => Tr::new("refusal-game-over"),
            Illegal::OffBoard {
                cell,
                width,
                height,
            } => Tr::new("cave-illegal-off-board")
                .text("cell", cell.to_string())
                .number("width", width)
                .number("height", height),
            Illegal::Occupied(cell) => {
                Tr::new("cave-illegal-occupied").text("cell", cell.to_string())
            }
            Illegal::NotStacked(cell) => {
                Tr::new("cave-illegal-not-stacked").text("cell", cell.to_string())
            }
            Illegal::NoDice => Tr::new("cave-illegal-no-dice"),
        }
    }
    const SCREEN: Screen = Screen::MagneticCave;

    fn first_match(first: &FirstMatch) -> Option<CaveMatch> {
        match first {
            FirstMatch::MagneticCave(setup, _) => Some(setup.clone()),
            _ => None,
        }
    }

    /// Pacing never pushes a move past half the budget.
    fn pause(setup: &CaveMatch, pacing: &AiPacing) -> Duration {
        pacing.min_move_time.min(setup.budget() / 2)
    }

    fn proof_line(&self, report: &SearchReport<Cell>) -> Option<Tr> {
        use crate::ai::magnetic_cave::{Verdict, verdict};
        match verdict(self, report)? {
            Verdict::Tie => Some(Tr::new("proof-tie")),
            Verdict::Wins { player, moves } => {
                // The AI's move was one of the winner's bricks when the AI is the winner.
                let left = if player == self.to_move() {
                    moves - 1
                } else {
                    moves
                };
                (left > 0).then(|| {
                    Tr::new("proof-wins")
                        .words("player", brick_name(player))
                        .words("other", brick_name(player.opponent()))
                        .number("bricks", left)
                })
            }
        }
    }
}

impl crate::app::hint::HintGame for State {
    /// What the search proved (a win in so many bricks, the longest defence, a tie), else how
    /// far it looked.
    fn hint_line(&self, report: &SearchReport<Cell>) -> Tr {
        use crate::ai::magnetic_cave::{Verdict, verdict};
        let other = brick_name(self.to_move().opponent());
        match verdict(self, report) {
            Some(Verdict::Wins { player, moves: 1 }) if player == self.to_move() => {
                Tr::new("hint-cave-completes")
            }
            Some(Verdict::Wins { player, moves }) if player == self.to_move() => {
                Tr::new("hint-cave-you-win")
                    .number("bricks", moves)
                    .words("other", other)
            }
            Some(Verdict::Wins { moves, .. }) => Tr::new("hint-cave-holds-out")
                .number("bricks", moves)
                .words("other", other),
            Some(Verdict::Tie) => Tr::new("hint-cave-tie"),
            // The engine answers at once when one brick alone keeps the game going.
            None if report.depth == 0 => Tr::new("hint-cave-only-brick"),
            None => Tr::new("hint-cave-choice").number("depth", report.depth),
        }
    }
}

/// The message naming `brick`'s player ("Black", "White").
fn brick_name(brick: crate::rules::magnetic_cave::Brick) -> Tr {
    Tr::new(match brick {
        crate::rules::magnetic_cave::Brick::Black => "cave-black",
        crate::rules::magnetic_cave::Brick::White => "cave-white",
    })
}

/// The Magnetic Cave match in progress.
pub type CaveReferee = referee::Referee<State>;
/// Start a Magnetic Cave match.
pub type MatchRequested = referee::MatchRequested<State>;
/// Place a brick for the player to move.
pub type ActionRequested = referee::ActionRequested<State>;
/// A brick was placed.
pub type ActionApplied = referee::ActionApplied<State>;
/// A request was refused.
pub type ActionRejected = referee::ActionRejected<State>;
/// Why a request was refused.
pub type Refusal = referee::Refusal<State>;
/// Bricks were taken back.
pub type MovesUndone = referee::MovesUndone<State>;
/// A match began.
pub type MatchStarted = referee::MatchStarted<State>;
/// The match ended.
pub type GameOver = referee::GameOver<State>;
/// An AI search in progress for the player to move.
pub type AiThinking = Thinking<CaveReferee>;
/// What the AI proved with its last move.
pub type AiProof = referee::AiProof<State>;

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

/// A designer saved a good layout: the match starts again on the new cave.
fn restart_on_layout_change(
    mut changes: MessageReader<CaveLayoutChanged>,
    referee: Option<Res<CaveReferee>>,
    layout: Option<ResMut<CaveLayout>>,
    mut requests: MessageWriter<MatchRequested>,
) {
    let Some(config) = changes.read().last().map(|changed| changed.0) else {
        return;
    };
    let Some(referee) = referee else {
        return;
    };
    let (setup, dropped) = referee.setup().on_cave(config);
    if let Some(mut layout) = layout {
        layout.note = dropped_moves_note(&dropped);
    }
    requests.write(MatchRequested::new(setup));
}

/// The panel's word on opening moves a new cave dropped; `None` when none was.
pub fn dropped_moves_note(dropped: &[Cell]) -> Option<Tr> {
    if dropped.is_empty() {
        return None;
    }
    let cells: Vec<String> = dropped.iter().map(Cell::to_string).collect();
    Some(
        Tr::new("match-dropped-moves")
            .number("count", dropped.len())
            .text("cells", cells.join(", ")),
    )
}

/// Keeps the board, cell and brick entities in step with the match.
fn mirror_entities(
    mut commands: Commands,
    mut started: MessageReader<MatchStarted>,
    mut applied: MessageReader<ActionApplied>,
    mut undone: MessageReader<MovesUndone>,
    referee: Option<Res<CaveReferee>>,
    boards: Query<Entity, With<CaveBoard>>,
    bricks: Query<(Entity, &PlacedBrick)>,
) {
    let Some(referee) = referee else {
        return;
    };
    if started.read().count() > 0 {
        applied.clear();
        undone.clear();
        respawn_board(&mut commands, &boards, referee.state());
        return;
    }
    let Ok(board) = boards.single() else {
        return;
    };
    for undo in undone.read() {
        for (entity, brick) in &bricks {
            if undo.actions.contains(&brick.cell) {
                commands.entity(entity).despawn();
            }
        }
    }
    for move_applied in applied.read() {
        commands.spawn(brick_bundle(
            board,
            move_applied.action,
            move_applied.player,
        ));
    }
}

/// Replaces the board entities with fresh ones for `state`.
fn respawn_board(commands: &mut Commands, boards: &Query<Entity, With<CaveBoard>>, state: &State) {
    for board in boards {
        commands.entity(board).despawn();
    }
    let config = state.config();
    let board = commands
        .spawn((CaveBoard { config }, DespawnOnExit(Screen::MagneticCave)))
        .id();
    for cell in config.cells() {
        commands.spawn((CaveCell(cell), ChildOf(board)));
    }
    for &cell in state.moves() {
        if let Some(player) = state.brick(cell) {
            commands.spawn(brick_bundle(board, cell, player));
        }
    }
}

fn brick_bundle(board: Entity, cell: Cell, player: Brick) -> impl Bundle {
    (PlacedBrick { cell, player }, ChildOf(board))
}

#[cfg(test)]
mod proof_tests {
    use std::time::Duration;

    use crate::ai::magnetic_cave::choose_move;
    use crate::ai::{Deadline, SearchReport};
    use crate::app::referee::AppGame;
    use crate::i18n::Language;
    use crate::rules::magnetic_cave::{Config, State, parse_moves};

    /// The proof line the panel shows, in English.
    fn proof_line(
        state: &State,
        report: &SearchReport<crate::rules::magnetic_cave::Cell>,
    ) -> Option<String> {
        AppGame::proof_line(state, report).map(|line| line.in_language(Language::English))
    }

    /// Black to move wins with its third brick (`tests/it/ai.rs`, the first forced win).
    const BLACK_WINS_IN_THREE: &str = "H2,H6,A2,H4,H3,A5,B5,G6,A3,A1,G3,G4,F4,F6,F3,H1,G2,B3,C3,D3,\
                                       A4,B2,H8,E6,D6,B4,F2,A6,B1,C1,E4,D1";

    fn position(moves: &str) -> State {
        let mut state = State::new(Config::STANDARD);
        for cell in parse_moves(moves).expect("test moves") {
            state.apply(cell).expect("a legal test move");
        }
        state
    }

    #[test]
    fn a_proof_is_told_for_the_position_after_the_ai_move() {
        let state = position(BLACK_WINS_IN_THREE);
        let deadline = Deadline::within(Duration::from_secs(5));
        let report = choose_move(&state, &deadline).expect("a move");
        // The AI's move was Black's first of three bricks.
        assert_eq!(
            proof_line(&state, &report).as_deref(),
            Some("Proved by the AI: Black wins with its next 2 bricks, whatever White plays.")
        );
        // Had it proved its own loss, White would still lay all three of its bricks.
        let lost = SearchReport {
            score: -report.score,
            ..report.clone()
        };
        assert_eq!(
            proof_line(&state, &lost).as_deref(),
            Some("Proved by the AI: White wins with its next 3 bricks, whatever Black plays.")
        );
        // An estimate proves nothing.
        let estimate = SearchReport {
            score: 40,
            ..report
        };
        assert_eq!(proof_line(&state, &estimate), None);
    }

    #[test]
    fn a_winning_move_leaves_the_result_to_the_status_line() {
        let state = position("A1,H1,A2,H2,A3,H3,A4,G1");
        let deadline = Deadline::within(Duration::from_secs(5));
        let report = choose_move(&state, &deadline).expect("a move");
        assert_eq!(proof_line(&state, &report), None);
    }
}
