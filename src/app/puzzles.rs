//! *Puzzles* in the window: the menu's button opens the puzzles of the menu's game (the cave's
//! when it has none), easiest unsolved first. The player decides on the match screen; the AI
//! defends. A wrong first decision (or a later one that lets the win or a fish go) is shown as
//! such and the engine plays the refutation out for both sides; the hint is the match's own
//! (H). P goes on to the next puzzle by difficulty. Solved puzzles and the streak are kept in
//! the settings file (`menu::memory`).

use std::path::PathBuf;
use std::time::Duration;

use bevy::prelude::*;

use crate::app::language::ChosenLanguage;
use crate::app::layout_words::error_words;
use crate::i18n::Tr;
use crate::layout::{LayoutError, LayoutProblem};

use super::magnetic_cave::referee as cave;
use super::menu::memory;
use super::penguins::referee as ice;
use super::{AppStart, AppSystems, Screen, theme};
use crate::ai::AiLevel;
use crate::puzzles::magnetic_cave::winning_bricks;
use crate::puzzles::penguins::rank_slides;
use crate::puzzles::{self, Check, Located, Puzzle};
use crate::rules::magnetic_cave::{self, Cell, Outcome};
use crate::rules::penguins::{self, Midgame, Phase};
use crate::rules::{GameKind, Seat};
use crate::setup::{CaveMatch, PenguinsMatch};

/// The AI's time a move while it defends or plays a refutation out.
const DEFENCE_BUDGET: Duration = Duration::from_millis(700);
/// The time a puzzle's proof may take when it is opened.
const PROOF_BUDGET: Duration = Duration::from_secs(5);

/// How the puzzle on the board is going.
#[derive(Debug, Clone, PartialEq)]
pub enum Attempt {
    /// Waiting for the first decision.
    FirstMove,
    /// The first decision was right; the player goes on to the end.
    Solving,
    /// A decision let the win (or a fish) go; the engine plays the refutation out.
    Failed(Tr),
    /// The line is complete (the cave), or the game ended with the best margin (Penguins).
    Solved,
}

/// The puzzles being played, while the window plays them.
#[derive(Resource, Debug, Clone)]
pub struct PuzzleRun {
    /// The game whose puzzles these are.
    pub game: GameKind,
    /// Its puzzles, easiest first.
    pub puzzles: Vec<Located>,
    /// The one on the board.
    pub index: usize,
    /// How it is going.
    pub attempt: Attempt,
    /// The names of the puzzles solved (from the settings file).
    pub solved: Vec<String>,
    /// Solved at the first try in a row.
    pub streak: u32,
    /// Puzzle files or puzzles refused, each where it is wrong.
    pub refused: Vec<LayoutError>,
    /// The settings file progress is kept in, if any.
    pub settings: Option<PathBuf>,
    /// The puzzle on the board as its match started: read once, judged every frame.
    on_board: Option<OnBoard>,
}

/// A puzzle's position and its one right first decision.
#[derive(Debug, Clone)]
enum OnBoard {
    Cave(magnetic_cave::State, Cell),
    Penguins(penguins::State, penguins::Action),
}

impl PuzzleRun {
    /// The puzzle on the board.
    pub fn current(&self) -> Option<&Located> {
        self.puzzles.get(self.index)
    }

    /// The cave puzzle on the board: its position and winning brick.
    fn cave_problem(&self) -> Option<(magnetic_cave::State, Cell)> {
        match &self.on_board {
            Some(OnBoard::Cave(state, solution)) => Some((state.clone(), *solution)),
            _ => None,
        }
    }

    /// The Penguins puzzle on the board: its position and best slide.
    fn penguins_problem(&self) -> Option<(penguins::State, penguins::Action)> {
        match &self.on_board {
            Some(OnBoard::Penguins(state, solution)) => Some((state.clone(), *solution)),
            _ => None,
        }
    }

    /// Notes a failed try: the streak ends, in the settings file too.
    fn fail(&mut self, why: Tr) {
        self.attempt = Attempt::Failed(why);
        self.streak = 0;
        let name = self.current().map(|l| l.puzzle.name().to_string());
        if let (Some(file), Some(name)) = (self.settings.clone(), name) {
            let _ = memory::note_puzzle(&file, &name, false);
        }
    }

    /// Notes the puzzle on the board solved, in the settings file too.
    fn solve(&mut self) {
        self.attempt = Attempt::Solved;
        let Some(name) = self.current().map(|l| l.puzzle.name().to_string()) else {
            return;
        };
        if !self.solved.contains(&name) {
            self.solved.push(name.clone());
        }
        self.streak += 1;
        if let Some(file) = self.settings.clone() {
            let _ = memory::note_puzzle(&file, &name, true);
        }
    }
}

pub use super::start::PuzzlesRequested;

/// Go on to the next puzzle (P, the *Next puzzle* button).
#[derive(Message, Debug, Clone, Copy, Default)]
pub struct NextPuzzleRequested;

/// Why the puzzles did not open, shown on the menu under its buttons.
#[derive(Resource, Debug, Clone, PartialEq)]
pub struct PuzzlesNotOpened(pub Tr);

/// The puzzles' logic (no renderer needed).
pub fn plugin(app: &mut App) {
    app.add_message::<PuzzlesRequested>();
    app.add_message::<NextPuzzleRequested>();
    app.add_systems(
        Startup,
        |start: Option<Res<AppStart>>, mut open: MessageWriter<PuzzlesRequested>| {
            if let Some(request) = start.and_then(|start| start.puzzles.clone()) {
                open.write(request);
            }
        },
    );
    app.add_systems(
        Update,
        (open_puzzles, next_puzzle).in_set(AppSystems::RecordInput),
    );
    app.add_systems(
        Update,
        (judge_cave, judge_penguins)
            .after(AppSystems::Referee)
            .before(AppSystems::Present),
    );
    app.add_systems(OnEnter(Screen::Menu), |mut commands: Commands| {
        commands.remove_resource::<PuzzleRun>();
    });
    app.add_systems(OnExit(Screen::Menu), |mut commands: Commands| {
        commands.remove_resource::<PuzzlesNotOpened>();
    });
}

/// Whether a match screen of a game with puzzles is on.
fn on_puzzle_screen(screen: Res<State<Screen>>) -> bool {
    matches!(screen.get(), Screen::MagneticCave | Screen::Penguins)
}

/// The menu's line that says why the puzzles did not open.
#[derive(Component, Debug, Clone, Copy)]
pub struct PuzzlesNote;

/// Shows [`PuzzlesNotOpened`] on the menu, or nothing.
fn show_note(
    note: Option<Res<PuzzlesNotOpened>>,
    language: Res<ChosenLanguage>,
    mut texts: Query<&mut Text, With<PuzzlesNote>>,
) {
    let content = note.map(|n| language.word(&n.0)).unwrap_or_default();
    for mut text in &mut texts {
        theme::set_text(&mut text, content.clone());
    }
}

/// The puzzles' bar on the match screen, and the P key.
pub fn view_plugin(app: &mut App) {
    app.add_systems(
        Update,
        show_note
            .in_set(AppSystems::Present)
            .run_if(in_state(Screen::Menu)),
    );
    app.add_systems(
        Update,
        (spawn_bar, press_p)
            .in_set(AppSystems::RecordInput)
            .run_if(on_puzzle_screen),
    );
    app.add_systems(
        Update,
        show_bar
            .in_set(AppSystems::Present)
            .run_if(on_puzzle_screen),
    );
}

/// Where a match is asked for: either game's.
#[derive(bevy::ecs::system::SystemParam)]
struct PuzzleMatches<'w> {
    cave: MessageWriter<'w, cave::MatchRequested>,
    penguins: MessageWriter<'w, ice::MatchRequested>,
}

/// Loads the puzzles of the game asked for and starts the one named, or the easiest one not
/// solved yet; says on the menu why when none opens.
fn open_puzzles(
    mut commands: Commands,
    mut requests: MessageReader<PuzzlesRequested>,
    start: Option<Res<AppStart>>,
    mut matches: PuzzleMatches,
    mut next: ResMut<NextState<Screen>>,
) {
    let Some(request) = requests.read().last().cloned() else {
        return;
    };
    let levels = start
        .as_ref()
        .map_or_else(crate::levels::Levels::built_in, |s| s.levels.clone());
    let settings = start.as_ref().and_then(|s| s.menu_memory.clone());
    let (found, errors) = puzzles::load(&levels, Check::Rules);
    let named = request
        .first
        .as_deref()
        .and_then(|name| found.iter().find(|l| l.puzzle.name() == name))
        .map(|l| l.puzzle.game());
    let game = match named {
        Some(game) => game,
        None if found.iter().any(|l| l.puzzle.game() == request.game) => request.game,
        None => GameKind::MagneticCave,
    };
    let puzzles: Vec<Located> = found
        .into_iter()
        .filter(|l| l.puzzle.game() == game)
        .collect();
    let (solved, streak) = settings
        .as_deref()
        .map(memory::puzzle_progress)
        .unwrap_or_default();
    let index = match &request.first {
        Some(name) => puzzles.iter().position(|l| l.puzzle.name() == name),
        None => puzzles
            .iter()
            .position(|l| !solved.iter().any(|n| n == l.puzzle.name())),
    }
    .unwrap_or(0);
    let mut run = PuzzleRun {
        game,
        puzzles,
        index,
        attempt: Attempt::FirstMove,
        solved,
        streak,
        on_board: None,
        refused: errors.into_iter().inspect(|e| eprintln!("{e}")).collect(),
        settings,
    };
    if let Some(name) = request.first.as_deref().filter(|_| named.is_none()) {
        eprintln!("no puzzle is named `{name}`; the easiest one opens");
    }
    match start_puzzle(&mut run, &mut matches) {
        Some(screen) => {
            next.set(screen);
            commands.remove_resource::<PuzzlesNotOpened>();
        }
        None => {
            let why = match run.refused.first() {
                Some(first) => Tr::new("puzzles-none-opened")
                    .number("refused", run.refused.len())
                    .words("first", error_words(first)),
                None => Tr::new("puzzles-none-in-levels"),
            };
            commands.insert_resource(PuzzlesNotOpened(why));
        }
    }
    commands.insert_resource(run);
}

/// Starts `run`'s puzzle, or the next one that proves (a refused one is noted and skipped):
/// the screen of its match; `None` when none does.
fn start_puzzle(run: &mut PuzzleRun, matches: &mut PuzzleMatches) -> Option<Screen> {
    for _ in 0..run.puzzles.len() {
        run.on_board = None;
        let located = run.current()?.clone();
        let proved = located.puzzle.prove(PROOF_BUDGET);
        if proved.is_ok() {
            run.attempt = Attempt::FirstMove;
            match &located.puzzle {
                Puzzle::Cave(puzzle) => {
                    if let Ok(problem) = puzzle.problem() {
                        let state = problem.state;
                        run.on_board = Some(OnBoard::Cave(state.clone(), problem.solution));
                        let mut seats = [Seat::Ai; 2];
                        seats[state.to_move().index()] = Seat::Human;
                        if let Ok(setup) = CaveMatch::new(
                            state.config(),
                            seats,
                            DEFENCE_BUDGET,
                            AiLevel::Hard,
                            state.moves().to_vec(),
                        ) {
                            matches.cave.write(cave::MatchRequested::new(setup));
                            return Some(Screen::MagneticCave);
                        }
                    }
                }
                Puzzle::Penguins(puzzle) => {
                    if let Ok(problem) = puzzle.problem() {
                        run.on_board = Some(OnBoard::Penguins(problem.state, problem.solution));
                    }
                    let mut seats = vec![Seat::Ai; 2];
                    if let Some(seat) = seats.get_mut(usize::from(puzzle.to_move).wrapping_sub(1)) {
                        *seat = Seat::Human;
                    }
                    if let Ok(setup) = PenguinsMatch::from_midgame(
                        puzzle.midgame(),
                        seats,
                        DEFENCE_BUDGET,
                        AiLevel::Hard,
                    ) {
                        matches.penguins.write(ice::MatchRequested::new(setup));
                        return Some(Screen::Penguins);
                    }
                }
            }
        }
        if let Err(reason) = proved {
            let refused = LayoutError {
                file: located.file.clone(),
                line: located.line,
                column: 1,
                problem: LayoutProblem::Puzzle {
                    name: located.puzzle.name().to_string(),
                    reason,
                },
            };
            eprintln!("{refused}");
            run.refused.push(refused);
        }
        run.index = (run.index + 1) % run.puzzles.len();
    }
    None
}

fn next_puzzle(
    mut requests: MessageReader<NextPuzzleRequested>,
    run: Option<ResMut<PuzzleRun>>,
    mut matches: PuzzleMatches,
    mut next: ResMut<NextState<Screen>>,
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
    if let Some(screen) = start_puzzle(&mut run, &mut matches) {
        // The same screen stays as it is: only the match on it changes.
        NextState::set_if_neq(&mut next, screen);
    }
}

/// Judges each brick of the solver of a cave puzzle and the end of the match.
fn judge_cave(
    run: Option<ResMut<PuzzleRun>>,
    referee: Option<Res<cave::CaveReferee>>,
    mut started: MessageReader<cave::MatchStarted>,
    mut applied: MessageReader<cave::ActionApplied>,
    mut over: MessageReader<cave::GameOver>,
    mut matches: MessageWriter<cave::MatchRequested>,
) {
    let problem = run.as_ref().and_then(|run| run.cave_problem());
    let (Some(mut run), Some(referee), Some((start, solution))) = (run, referee, problem) else {
        started.clear();
        applied.clear();
        over.clear();
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
        let before = magnetic_cave::State::from_moves(state.config(), &moves[..at]).ok();
        let right = match run.attempt {
            Attempt::FirstMove => message.action == solution,
            _ => before.is_some_and(|b| winning_bricks(&b, PROOF_BUDGET).contains(&message.action)),
        };
        if right {
            run.attempt = Attempt::Solving;
            continue;
        }
        let first = run.attempt == Attempt::FirstMove;
        run.fail(if first {
            Tr::new("puzzle-cave-wrong-first")
                .text("brick", message.action.to_string())
                .text("solution", solution.to_string())
        } else {
            Tr::new("puzzle-cave-lets-go").text("brick", message.action.to_string())
        });
        // Both sides to the engine from here: the refutation, played out.
        if let Ok(setup) = CaveMatch::new(
            state.config(),
            [Seat::Ai; 2],
            DEFENCE_BUDGET,
            AiLevel::Hard,
            moves[..=at].to_vec(),
        ) {
            matches.write(cave::MatchRequested::new(setup));
        }
        break;
    }
    for message in over.read() {
        let won = matches!(message.0, Outcome::Win { winner, .. } if winner == solver);
        if run.attempt == Attempt::Solving && won {
            run.solve();
        }
    }
}

/// Judges each slide of the solver of a Penguins puzzle, exactly: the first must be the
/// puzzle's, every later one must keep the best margin; the game's end with all of them kept
/// solves it.
fn judge_penguins(
    run: Option<ResMut<PuzzleRun>>,
    referee: Option<Res<ice::PenguinsReferee>>,
    mut started: MessageReader<ice::MatchStarted>,
    mut applied: MessageReader<ice::ActionApplied>,
    mut over: MessageReader<ice::GameOver>,
    mut matches: MessageWriter<ice::MatchRequested>,
) {
    let problem = run.as_ref().and_then(|run| run.penguins_problem());
    let (Some(mut run), Some(referee), Some((start, solution))) = (run, referee, problem) else {
        started.clear();
        applied.clear();
        over.clear();
        return;
    };
    let solver = penguins::Player(start.to_move());
    if started.read().count() > 0
        && *referee.state() == start
        && referee.seat(solver) == Seat::Human
    {
        run.attempt = Attempt::FirstMove;
    }
    for message in applied.read() {
        if message.player != solver || !matches!(run.attempt, Attempt::FirstMove | Attempt::Solving)
        {
            continue;
        }
        // The position the slide was made in: the referee's last decision, when it is this one.
        let Some((_, action, before)) = referee
            .last_decision()
            .filter(|(player, action, _)| *player == solver && *action == message.action)
        else {
            continue;
        };
        let ranked = rank_slides(before).unwrap_or_default();
        let Some(&(best, best_margin)) = ranked.first() else {
            continue;
        };
        let margin = ranked
            .iter()
            .find(|(a, _)| *a == action)
            .map_or(i32::MIN, |&(_, m)| m);
        let right = match run.attempt {
            Attempt::FirstMove => action == solution,
            _ => margin >= best_margin,
        };
        if right {
            run.attempt = Attempt::Solving;
            continue;
        }
        let shown = if run.attempt == Attempt::FirstMove {
            solution
        } else {
            best
        };
        run.fail(
            Tr::new("puzzle-penguins-wrong")
                .text("action", action.to_string())
                .text("margin", format!("{margin:+}"))
                .text("shown", shown.to_string())
                .text("best", format!("{best_margin:+}")),
        );
        let after = referee.state();
        if after.phase() != Phase::Over
            && let Ok(setup) = PenguinsMatch::from_midgame(
                Midgame::of(after),
                vec![Seat::Ai; 2],
                DEFENCE_BUDGET,
                AiLevel::Hard,
            )
        {
            matches.write(ice::MatchRequested::new(setup));
        }
        break;
    }
    if over.read().count() > 0 && run.attempt == Attempt::Solving {
        run.solve();
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
    screen: Res<State<Screen>>,
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
                    crate::app::text_size::BoardBar::First,
                    DespawnOnExit(*screen.get()),
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
                    bar.spawn(theme::tr_sized_button(
                        Tr::new("puzzle-next"),
                        150.0,
                        30.0,
                        15.0,
                    ))
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
pub fn bar_text(run: &PuzzleRun) -> Vec<Tr> {
    let Some(located) = run.current() else {
        return vec![Tr::new("puzzle-none")];
    };
    let puzzle = &located.puzzle;
    let (depth, length) = puzzle.difficulty();
    let head = Tr::new("puzzle-head")
        .number("number", run.index + 1)
        .number("total", run.puzzles.len())
        .text("name", puzzle.name())
        .text("difficulty", format!("{depth}.{length}"))
        .words("task", task_words(puzzle));
    let state = match &run.attempt {
        Attempt::FirstMove => Tr::new("puzzle-first-move"),
        Attempt::Solving => Tr::new("puzzle-solving"),
        Attempt::Failed(why) => why.clone(),
        Attempt::Solved => Tr::new("puzzle-solved"),
    };
    let progress = Tr::new("puzzle-progress")
        .words("state", state)
        .number("streak", run.streak)
        .number("solved", run.solved.len())
        .number("refused", run.refused.len());
    vec![head, progress]
}

/// What a puzzle asks, in a line ("Black to move wins in 3 bricks. Find the first.").
fn task_words(puzzle: &crate::puzzles::Puzzle) -> Tr {
    use crate::puzzles::Puzzle;
    match puzzle {
        Puzzle::Cave(p) => {
            let player = p
                .problem()
                .map(|problem| match problem.state.to_move() {
                    magnetic_cave::Brick::Black => "cave-black",
                    magnetic_cave::Brick::White => "cave-white",
                })
                .unwrap_or("cave-black");
            Tr::new("puzzle-task-cave")
                .words("player", Tr::new(player))
                .number("bricks", p.wins_in)
        }
        Puzzle::Penguins(p) => Tr::new("puzzle-task-penguins")
            .text("player", p.to_move.to_string())
            .text(
                "ending",
                match p.margin {
                    m if m > 0 => "wins",
                    0 => "ties",
                    _ => "loses",
                },
            )
            .number("fish", p.margin.unsigned_abs()),
    }
}

fn show_bar(
    run: Option<Res<PuzzleRun>>,
    language: Res<ChosenLanguage>,
    mut texts: Query<&mut Text, With<PuzzleText>>,
) {
    let Some(run) = run else {
        return;
    };
    let content = language.lines(&bar_text(&run));
    for mut text in &mut texts {
        theme::set_text(&mut text, content.clone());
    }
}
