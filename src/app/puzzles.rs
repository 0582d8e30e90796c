//! *Puzzles* in the window: the menu's button opens the cave puzzles of the levels in use,
//! easiest unsolved first. The player lays the solver's bricks on the match screen; the AI
//! defends with its longest defence. A wrong first brick (or a later one that lets the win
//! go) is shown as such and the engine plays the refutation out for both sides; the hint is
//! the match's own (H). P goes on to the next puzzle by difficulty. Solved puzzles and the
//! streak are kept in the settings file (`menu::memory`).

use std::path::PathBuf;
use std::time::Duration;

use bevy::prelude::*;

use super::magnetic_cave::referee::{
    ActionApplied, CaveReferee, GameOver, MatchRequested, MatchStarted,
};
use super::menu::memory;
use super::{AppStart, AppSystems, Screen, theme};
use crate::ai::AiLevel;
use crate::puzzles::magnetic_cave::winning_bricks;
use crate::puzzles::{self, Check, Located, Puzzle};
use crate::rules::Seat;
use crate::rules::magnetic_cave::{Cell, Outcome, State};
use crate::setup::CaveMatch;

/// The AI's time a move while it defends or plays a refutation out.
const DEFENCE_BUDGET: Duration = Duration::from_millis(700);
/// The time a puzzle's proof may take when it is opened.
const PROOF_BUDGET: Duration = Duration::from_secs(5);

/// How the puzzle on the board is going.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Attempt {
    /// Waiting for the first brick.
    FirstMove,
    /// The first brick was right; the player lays the rest of the line.
    Solving,
    /// A brick let the win go; the engine plays the refutation out.
    Failed(String),
    /// The line is complete.
    Solved,
}

/// The puzzles being played, while the window plays them.
#[derive(Resource, Debug, Clone)]
pub struct PuzzleRun {
    /// The cave puzzles, easiest first.
    pub puzzles: Vec<Located>,
    /// The one on the board.
    pub index: usize,
    /// How it is going.
    pub attempt: Attempt,
    /// The names of the puzzles solved (from the settings file).
    pub solved: Vec<String>,
    /// Solved at the first try in a row.
    pub streak: u32,
    /// Puzzle files or puzzles refused, as `FILE:LINE:COLUMN: …`.
    pub refused: Vec<String>,
    /// The settings file progress is kept in, if any.
    pub settings: Option<PathBuf>,
}

impl PuzzleRun {
    /// The puzzle on the board.
    pub fn current(&self) -> Option<&Located> {
        self.puzzles.get(self.index)
    }

    /// The cave's moves of the puzzle on the board, and its solution and solver.
    fn problem(&self) -> Option<(State, Cell)> {
        match &self.current()?.puzzle {
            Puzzle::Cave(p) => p.problem().ok().map(|pr| (pr.state, pr.solution)),
            Puzzle::Penguins(_) => None,
        }
    }
}

/// Open the puzzles (the menu's *Puzzles* button).
#[derive(Message, Debug, Clone, Copy, Default)]
pub struct PuzzlesRequested;

/// Go on to the next puzzle (P, the *Next puzzle* button).
#[derive(Message, Debug, Clone, Copy, Default)]
pub struct NextPuzzleRequested;

/// The puzzles' logic (no renderer needed).
pub fn plugin(app: &mut App) {
    app.add_message::<PuzzlesRequested>();
    app.add_message::<NextPuzzleRequested>();
    app.add_systems(
        Startup,
        |start: Option<Res<AppStart>>, mut open: MessageWriter<PuzzlesRequested>| {
            if start.is_some_and(|start| start.puzzles) {
                open.write(PuzzlesRequested);
            }
        },
    );
    app.add_systems(
        Update,
        (open_puzzles, next_puzzle).in_set(AppSystems::RecordInput),
    );
    app.add_systems(
        Update,
        judge.after(AppSystems::Referee).before(AppSystems::Present),
    );
    app.add_systems(OnEnter(Screen::Menu), |mut commands: Commands| {
        commands.remove_resource::<PuzzleRun>();
    });
}

/// The puzzles' bar on the match screen, and the P key.
pub fn view_plugin(app: &mut App) {
    app.add_systems(
        Update,
        (spawn_bar, press_p)
            .in_set(AppSystems::RecordInput)
            .run_if(in_state(Screen::MagneticCave)),
    );
    app.add_systems(
        Update,
        show_bar
            .in_set(AppSystems::Present)
            .run_if(in_state(Screen::MagneticCave)),
    );
}

/// Loads the cave puzzles and starts the easiest one not solved yet.
fn open_puzzles(
    mut commands: Commands,
    mut requests: MessageReader<PuzzlesRequested>,
    start: Option<Res<AppStart>>,
    mut matches: MessageWriter<MatchRequested>,
    mut next: ResMut<NextState<Screen>>,
) {
    if requests.read().count() == 0 {
        return;
    }
    let levels = start
        .as_ref()
        .map_or_else(crate::levels::Levels::built_in, |s| s.levels.clone());
    let settings = start.as_ref().and_then(|s| s.menu_memory.clone());
    let (found, errors) = puzzles::load(&levels, Check::Rules);
    let puzzles: Vec<Located> = found
        .into_iter()
        .filter(|l| matches!(l.puzzle, Puzzle::Cave(_)))
        .collect();
    let (solved, streak) = settings
        .as_deref()
        .map(memory::puzzle_progress)
        .unwrap_or_default();
    let index = puzzles
        .iter()
        .position(|l| !solved.iter().any(|n| n == l.puzzle.name()))
        .unwrap_or(0);
    let mut run = PuzzleRun {
        puzzles,
        index,
        attempt: Attempt::FirstMove,
        solved,
        streak,
        refused: errors
            .iter()
            .map(|e| {
                eprintln!("{e}");
                e.to_string()
            })
            .collect(),
        settings,
    };
    if start_puzzle(&mut run, &mut matches) {
        next.set(Screen::MagneticCave);
    }
    commands.insert_resource(run);
}

/// Starts `run`'s puzzle, or the next one that proves (a refused one is noted and skipped).
/// `false` when none does.
fn start_puzzle(run: &mut PuzzleRun, matches: &mut MessageWriter<MatchRequested>) -> bool {
    for _ in 0..run.puzzles.len() {
        let Some(located) = run.current() else {
            return false;
        };
        let proved = located.puzzle.prove(PROOF_BUDGET);
        if let (Ok(()), Some((state, _))) = (proved.as_ref(), run.problem()) {
            let mut seats = [Seat::Ai; 2];
            seats[state.to_move().index()] = Seat::Human;
            if let Ok(setup) = CaveMatch::new(
                state.config(),
                seats,
                DEFENCE_BUDGET,
                AiLevel::Hard,
                state.moves().to_vec(),
            ) {
                matches.write(MatchRequested::new(setup));
                run.attempt = Attempt::FirstMove;
                return true;
            }
        }
        if let Err(message) = proved {
            let refused = format!(
                "{}:{}: puzzle `{}` refused: {message}",
                located.file,
                located.line,
                located.puzzle.name()
            );
            eprintln!("{refused}");
            run.refused.push(refused);
        }
        run.index = (run.index + 1) % run.puzzles.len();
    }
    false
}

fn next_puzzle(
    mut requests: MessageReader<NextPuzzleRequested>,
    run: Option<ResMut<PuzzleRun>>,
    mut matches: MessageWriter<MatchRequested>,
) {
    if requests.read().count() == 0 {
        return;
    }
    let Some(mut run) = run else {
        return;
    };
    if run.puzzles.is_empty() {
        return;
    }
    run.index = (run.index + 1) % run.puzzles.len();
    start_puzzle(&mut run, &mut matches);
}

/// Judges each brick of the solver and the end of the match.
fn judge(
    run: Option<ResMut<PuzzleRun>>,
    referee: Option<Res<CaveReferee>>,
    mut started: MessageReader<MatchStarted>,
    mut applied: MessageReader<ActionApplied>,
    mut over: MessageReader<GameOver>,
    mut matches: MessageWriter<MatchRequested>,
) {
    let (Some(mut run), Some(referee)) = (run, referee) else {
        started.clear();
        applied.clear();
        over.clear();
        return;
    };
    let Some((start, solution)) = run.problem() else {
        return;
    };
    let solver = start.to_move();
    let state = referee.state();
    // A new match on the puzzle's own position (its start, or the panel's *New game*) is a
    // new try at it.
    if started.read().count() > 0
        && state.moves() == start.moves()
        && referee.seat(solver) == Seat::Human
    {
        run.attempt = Attempt::FirstMove;
    }
    for message in applied.read() {
        if message.player != solver || !matches!(run.attempt, Attempt::FirstMove | Attempt::Solving)
        {
            continue;
        }
        let moves = state.moves();
        // Only bricks laid after the puzzle's own moves count.
        let Some(at) = moves
            .iter()
            .rposition(|&c| c == message.action)
            .filter(|&at| at >= start.moves().len())
        else {
            continue;
        };
        let before = State::from_moves(state.config(), &moves[..at]).ok();
        let right = match run.attempt {
            Attempt::FirstMove => message.action == solution,
            _ => before.is_some_and(|b| winning_bricks(&b, PROOF_BUDGET).contains(&message.action)),
        };
        if right {
            run.attempt = Attempt::Solving;
            continue;
        }
        let first = run.attempt == Attempt::FirstMove;
        let name = run.current().map(|l| l.puzzle.name().to_string());
        run.attempt = Attempt::Failed(if first {
            format!(
                "{} does not win. The winning brick was {solution}; the engine plays the \
                 refutation out.",
                message.action
            )
        } else {
            format!(
                "{} lets the win go; the engine plays it out.",
                message.action
            )
        });
        run.streak = 0;
        if let (Some(file), Some(name)) = (run.settings.clone(), name) {
            let _ = memory::note_puzzle(&file, &name, false);
        }
        // Both sides to the engine from here: the refutation, played out.
        if let Ok(setup) = CaveMatch::new(
            state.config(),
            [Seat::Ai; 2],
            DEFENCE_BUDGET,
            AiLevel::Hard,
            moves[..=at].to_vec(),
        ) {
            matches.write(MatchRequested::new(setup));
        }
        break;
    }
    for message in over.read() {
        let won = matches!(message.0, Outcome::Win { winner, .. } if winner == solver);
        if run.attempt == Attempt::Solving && won {
            run.attempt = Attempt::Solved;
            let name = run.current().map(|l| l.puzzle.name().to_string());
            if let Some(name) = name {
                if !run.solved.contains(&name) {
                    run.solved.push(name.clone());
                }
                run.streak += 1;
                if let Some(file) = run.settings.clone() {
                    let _ = memory::note_puzzle(&file, &name, true);
                }
            }
        }
    }
}

/// The bar above the board while a puzzle is on.
#[derive(Component)]
struct PuzzleBar;

/// The bar's text.
#[derive(Component)]
struct PuzzleText;

fn spawn_bar(
    mut commands: Commands,
    run: Option<Res<PuzzleRun>>,
    bars: Query<Entity, With<PuzzleBar>>,
) {
    match (run.is_some(), bars.iter().next()) {
        (true, None) => {
            commands
                .spawn((
                    Name::new("Puzzle bar"),
                    PuzzleBar,
                    theme::InDesignArea,
                    DespawnOnExit(Screen::MagneticCave),
                    Node {
                        position_type: PositionType::Absolute,
                        left: px(24),
                        top: px(4),
                        width: px(820),
                        column_gap: px(12),
                        align_items: AlignItems::Center,
                        ..default()
                    },
                ))
                .with_children(|bar| {
                    bar.spawn((
                        PuzzleText,
                        theme::label("", 15.0, theme::TEXT),
                        Node {
                            flex_grow: 1.0,
                            ..default()
                        },
                    ));
                    bar.spawn(theme::sized_button("Next puzzle (P)", 150.0, 30.0, 15.0))
                        .observe(
                            |_: On<Pointer<Click>>, mut next: MessageWriter<NextPuzzleRequested>| {
                                next.write(NextPuzzleRequested);
                            },
                        );
                });
        }
        (false, Some(bar)) => {
            commands.entity(bar).despawn();
        }
        _ => {}
    }
}

fn press_p(
    keys: Res<ButtonInput<KeyCode>>,
    run: Option<Res<PuzzleRun>>,
    mut next: MessageWriter<NextPuzzleRequested>,
) {
    if run.is_some() && keys.just_pressed(KeyCode::KeyP) {
        next.write(NextPuzzleRequested);
    }
}

/// What the bar says: the puzzle, its task, how it goes, the streak.
pub fn bar_text(run: &PuzzleRun) -> String {
    let Some(located) = run.current() else {
        return "No puzzle could be opened.".to_string();
    };
    let puzzle = &located.puzzle;
    let (depth, length) = puzzle.difficulty();
    let head = format!(
        "Puzzle {} of {} ({}, difficulty {depth}.{length}): {}",
        run.index + 1,
        run.puzzles.len(),
        puzzle.name(),
        puzzle.task()
    );
    let state = match &run.attempt {
        Attempt::FirstMove => "Your move. H shows a hint.".to_string(),
        Attempt::Solving => "Right! Keep going: the engine defends.".to_string(),
        Attempt::Failed(why) => why.clone(),
        Attempt::Solved => "Solved! P for the next puzzle.".to_string(),
    };
    let refused = match run.refused.len() {
        0 => String::new(),
        n => format!(" · {n} refused (see the terminal)"),
    };
    format!(
        "{head}\n{state}   Streak {} · solved {}{refused}",
        run.streak,
        run.solved.len()
    )
}

fn show_bar(run: Option<Res<PuzzleRun>>, mut texts: Query<&mut Text, With<PuzzleText>>) {
    let Some(run) = run else {
        return;
    };
    let content = bar_text(&run);
    for mut text in &mut texts {
        theme::set_text(&mut text, content.clone());
    }
}
