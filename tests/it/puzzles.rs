//! Puzzles: the shipped ones proved (a sample chosen by the day), the loader's refusals at
//! the puzzle's line, and the console's puzzle player.

use std::time::{Duration, SystemTime, UNIX_EPOCH};

use tablero::puzzles::{self, Check, Located, Puzzle};

use crate::support::{run_tablero, temp_dir};

/// The time a cave puzzle's proof may take here (far above what one takes).
const PROOF_BUDGET: Duration = Duration::from_secs(30);

/// The shipped puzzles of `file_name`, read with the rules' checks.
fn shipped(file_name: &str) -> Vec<Located> {
    let path = puzzles::built_in_path(file_name);
    let text = puzzles::read_text(&path).expect("a built-in puzzle file");
    let (good, errors) = puzzles::read(&path.display().to_string(), &text, Check::Rules);
    assert!(errors.is_empty(), "{errors:#?}");
    good
}

/// Today's seed: the days since 1970, so each day proves another sample.
fn seed_of_the_day() -> u64 {
    SystemTime::now()
        .duration_since(UNIX_EPOCH)
        .map_or(0, |d| d.as_secs() / 86_400)
}

fn prove_all(chosen: &[Located]) {
    let refused: Vec<String> = chosen
        .iter()
        .filter_map(|l| {
            l.puzzle
                .prove(PROOF_BUDGET)
                .err()
                .map(|e| format!("{}:{}: {}: {e}", l.file, l.line, l.puzzle.name()))
        })
        .collect();
    assert!(refused.is_empty(), "{refused:#?}");
}

#[test]
fn at_least_150_cave_and_50_penguins_puzzles_are_shipped() {
    assert!(shipped("magnetic_cave.ron").len() >= 150);
    assert!(shipped("penguins.ron").len() >= 50);
}

#[test]
fn a_sample_of_the_shipped_puzzles_chosen_by_the_day_is_proved() {
    let seed = seed_of_the_day();
    eprintln!("puzzle sample seed {seed} (tablero puzzles check --sample 20 --seed {seed})");
    prove_all(&puzzles::sample(&shipped("magnetic_cave.ron"), 20, seed));
    prove_all(&puzzles::sample(&shipped("penguins.ron"), 10, seed));
}

/// The whole set: slow, so CI runs it by itself (`.ci/run`).
#[test]
#[ignore = "proves every shipped puzzle; .ci/run runs it"]
fn every_shipped_puzzle_is_proved() {
    prove_all(&shipped("magnetic_cave.ron"));
    prove_all(&shipped("penguins.ron"));
}

/// The first shipped cave puzzle, and its text as one line of a file.
fn first_cave() -> tablero::puzzles::CavePuzzle {
    match &shipped("magnetic_cave.ron")[0].puzzle {
        Puzzle::Cave(p) => p.clone(),
        Puzzle::Penguins(_) => panic!("the cave's file holds cave puzzles"),
    }
}

#[test]
fn a_puzzle_with_a_second_winning_brick_or_no_win_is_refused_at_its_line() {
    let good = first_cave();
    let problem = good.problem().expect("a legal puzzle");
    // The solution laid already: the other side to move, with no forced win of its own in
    // the stated length (the loser's position).
    let mut lost = good.clone();
    lost.name = "lost".to_string();
    lost.moves = format!("{},{}", good.moves, good.solution);
    let mut after = problem.state.clone();
    after
        .apply(problem.solution)
        .expect("the solution is legal");
    lost.solution = after.legal_moves()[0].to_string();
    // Another legal brick named as the solution.
    let wrong = problem
        .state
        .legal_moves()
        .into_iter()
        .find(|&cell| cell != problem.solution)
        .expect("a second legal brick");
    let mut not_it = good.clone();
    not_it.name = "not-it".to_string();
    not_it.solution = wrong.to_string();
    let mut too_long = good.clone();
    too_long.name = "too-long".to_string();
    too_long.wins_in = good.wins_in + 1;
    let text = puzzles::write_cave(&[good.clone(), lost, not_it, too_long]);
    let (kept, errors) = puzzles::read("mine.ron", &text, Check::Proofs(PROOF_BUDGET));
    assert_eq!(kept.len(), 1, "{errors:#?}");
    let messages: Vec<String> = errors.iter().map(ToString::to_string).collect();
    let line_of = |name: &str| {
        text.lines()
            .position(|l| l.contains(&format!("\"{name}\"")))
            .expect("the puzzle's line")
            + 1
    };
    assert!(
        messages[0].starts_with(&format!("mine.ron:{}:", line_of("lost")))
            && messages[0].contains("not won"),
        "{messages:#?}"
    );
    assert!(
        messages[1].starts_with(&format!("mine.ron:{}:", line_of("not-it")))
            && messages[1].contains(&format!("{wrong} does not win")),
        "{messages:#?}"
    );
    assert!(
        messages[2].starts_with(&format!("mine.ron:{}:", line_of("too-long")))
            && messages[2].contains("wins_in"),
        "{messages:#?}"
    );
}

#[test]
fn broken_puzzle_files_are_refused_with_file_line_and_column() {
    let text = "MagneticCave([\n    (name: \"a\", moves: \"A1,Q9\", solution: \"A2\", wins_in: 2, depth: 1),\n    (name: \"b\" moves: \"\"),\n])\n";
    let (kept, errors) = puzzles::read("bad.ron", text, Check::Rules);
    assert!(kept.is_empty());
    assert_eq!(errors.len(), 1, "{errors:#?}");
    assert_eq!(
        (errors[0].line, errors[0].column > 1),
        (3, true),
        "{errors:#?}"
    );
    let text = "MagneticCave([\n    (name: \"a\", moves: \"A1,Q9\", solution: \"A2\", wins_in: 2, depth: 1),\n])\n";
    let (_, errors) = puzzles::read("bad.ron", text, Check::Rules);
    assert_eq!(errors[0].line, 2, "{errors:#?}");
    assert!(
        errors[0].problem.to_string().contains("moves"),
        "{errors:#?}"
    );
}

#[test]
fn a_designers_puzzle_folder_comes_before_the_built_in_puzzles() {
    let dir = temp_dir("puzzle-folder");
    let folder = dir.join("puzzles");
    std::fs::create_dir_all(&folder).expect("folder");
    let mut mine = first_cave();
    mine.name = "mine".to_string();
    std::fs::write(folder.join("extra.ron"), puzzles::write_cave(&[mine])).expect("written");
    let (found, errors) = puzzles::load(&tablero::levels::Levels::folder(&*dir), Check::Rules);
    assert!(errors.is_empty(), "{errors:#?}");
    assert!(found.iter().any(|l| l.puzzle.name() == "mine"));
    assert!(found.iter().any(|l| l.puzzle.name() == "cave-001"));
}

#[test]
fn the_console_refutes_a_wrong_first_brick_and_names_the_right_one() {
    let puzzle = first_cave();
    let problem = puzzle.problem().expect("legal");
    let wrong = problem
        .state
        .legal_moves()
        .into_iter()
        .find(|&cell| cell != problem.solution)
        .expect("a second legal brick");
    let output = run_tablero(
        &["puzzles", "play", &puzzle.name],
        &format!("Z9\n{wrong}\nquit\n"),
    );
    let text = String::from_utf8_lossy(&output.stdout);
    assert!(output.status.success(), "{text}");
    assert!(text.contains(&format!("{wrong} does not win")), "{text}");
    assert!(text.contains("The engine's line:"), "{text}");
    assert!(
        text.contains(&format!("The winning first brick was {}", puzzle.solution)),
        "{text}"
    );
}

#[test]
fn the_console_answers_a_right_first_brick_with_the_defence() {
    let puzzle = first_cave();
    let output = run_tablero(
        &["puzzles", "play", &puzzle.name],
        &format!("hint\n{}\nquit\n", puzzle.solution),
    );
    let text = String::from_utf8_lossy(&output.stdout);
    assert!(text.contains("Hint: look at row"), "{text}");
    assert!(text.contains(" answers "), "{text}");
    assert!(!text.contains("does not win"), "{text}");
}

#[test]
fn the_penguins_solver_ranks_every_slide_of_a_small_endgame() {
    let puzzle = match &shipped("penguins.ron")[0].puzzle {
        Puzzle::Penguins(p) => p.clone(),
        Puzzle::Cave(_) => panic!("the penguins' file holds Penguins puzzles"),
    };
    let problem = puzzle.problem().expect("legal");
    let ranked = tablero::puzzles::penguins::rank_slides(&problem.state).expect("small enough");
    assert_eq!(ranked[0], (problem.solution, puzzle.margin));
    assert!(ranked[1].1 < puzzle.margin);
    assert_eq!(ranked.len(), problem.state.legal_actions().len());
}

/// A levels folder with the cave's and Penguins' layouts and the puzzle file `file_name`
/// holding `text` (it replaces the built-in one of that name).
fn levels_with_puzzles(name: &str, file_name: &str, text: &str) -> crate::support::ScratchDir {
    let dir = temp_dir(name);
    std::fs::create_dir_all(dir.join("puzzles")).expect("folder");
    for layout in ["magnetic_cave.ron", "penguins.ron"] {
        std::fs::copy(
            crate::support::repo().join("levels").join(layout),
            dir.join(layout),
        )
        .expect("layout copied");
    }
    std::fs::write(dir.join("puzzles").join(file_name), text).expect("written");
    dir
}

/// A headless app opening the puzzles of a levels folder holding `puzzles` (cave ones), with
/// its settings file in the same folder.
fn puzzle_app(
    name: &str,
    puzzles: &[tablero::puzzles::CavePuzzle],
) -> (crate::support::ScratchDir, bevy::prelude::App) {
    let dir = levels_with_puzzles(name, "magnetic_cave.ron", &puzzles::write_cave(puzzles));
    let mut start = tablero::app::AppStart::menu(tablero::levels::Levels::folder(&*dir));
    start.puzzles = Some(tablero::app::puzzles::PuzzlesRequested::default());
    start.menu_memory = Some(dir.join("menu.ron"));
    let app = crate::referee::headless_app_from(&dir, start, false);
    (dir, app)
}

fn run(app: &bevy::prelude::App) -> Option<&tablero::app::puzzles::PuzzleRun> {
    app.world()
        .get_resource::<tablero::app::puzzles::PuzzleRun>()
}

fn cave_referee(
    app: &bevy::prelude::App,
) -> Option<&tablero::app::magnetic_cave::referee::CaveReferee> {
    app.world()
        .get_resource::<tablero::app::magnetic_cave::referee::CaveReferee>()
}

fn lay(app: &mut bevy::prelude::App, cell: tablero::rules::magnetic_cave::Cell) {
    app.world_mut()
        .write_message(tablero::app::magnetic_cave::referee::ActionRequested {
            action: cell,
            seat: tablero::rules::Seat::Human,
        });
}

#[test]
fn in_the_window_a_solved_puzzle_counts_in_the_settings_and_a_wrong_brick_is_refuted() {
    use tablero::app::puzzles::Attempt;
    let puzzle = first_cave();
    let problem = puzzle.problem().expect("legal");
    let (dir, mut app) = puzzle_app("window-puzzle", std::slice::from_ref(&puzzle));
    let on_board = |app: &bevy::prelude::App| {
        cave_referee(app).is_some_and(|r| r.state().moves() == problem.state.moves())
            && run(app).is_some()
    };
    assert!(crate::referee::pump_until(&mut app, on_board));
    // Solve it: the solution, then each brick the solver proves to keep the win.
    lay(&mut app, problem.solution);
    let solved = crate::referee::pump_until(&mut app, |app| {
        run(app).is_some_and(|r| r.attempt == Attempt::Solved)
    });
    if !solved {
        // The defence answered: lay the winning bricks in turn.
        for _ in 0..8 {
            let Some(referee) = cave_referee(&app) else {
                break;
            };
            if !referee.human_to_move() {
                app.update();
                continue;
            }
            let state = referee.state().clone();
            let proofs = tablero::ai::magnetic_cave::prove_moves(
                &state,
                &tablero::ai::Deadline::within(Duration::from_secs(10)),
            )
            .expect("proved");
            let (cell, _) = proofs
                .into_iter()
                .find(|(_, p)| matches!(p, tablero::ai::magnetic_cave::MoveProof::Wins { .. }))
                .expect("a winning brick");
            lay(&mut app, cell);
            if crate::referee::pump_until(&mut app, |app| {
                run(app).is_some_and(|r| r.attempt == Attempt::Solved)
                    || cave_referee(app).is_some_and(|r| r.human_to_move())
            }) && run(&app).is_some_and(|r| r.attempt == Attempt::Solved)
            {
                break;
            }
        }
    }
    assert_eq!(run(&app).map(|r| r.attempt.clone()), Some(Attempt::Solved));
    let settings = std::fs::read_to_string(dir.join("menu.ron")).expect("settings written");
    assert!(
        settings.contains(&puzzle.name) && settings.contains("puzzle_streak: 1"),
        "{settings}"
    );
    // Again from the start (P: the only puzzle again), now with a wrong first brick.
    app.world_mut()
        .write_message(tablero::app::puzzles::NextPuzzleRequested);
    assert!(crate::referee::pump_until(&mut app, |app| on_board(app)
        && run(app).is_some_and(|r| r.attempt == Attempt::FirstMove)));
    let wrong = problem
        .state
        .legal_moves()
        .into_iter()
        .find(|&cell| cell != problem.solution)
        .expect("a second legal brick");
    lay(&mut app, wrong);
    assert!(crate::referee::pump_until(&mut app, |app| {
        run(app).is_some_and(|r| matches!(&r.attempt, Attempt::Failed(why) if why.in_language(tablero::i18n::Language::English).contains(&problem.solution.to_string())))
    }));
    // The refutation: the engine plays on for both sides.
    assert!(crate::referee::pump_until(&mut app, |app| {
        cave_referee(app).is_some_and(|r| r.state().moves().len() > problem.state.moves().len() + 2)
    }));
    let settings = std::fs::read_to_string(dir.join("menu.ron")).expect("settings written");
    assert!(settings.contains("puzzle_streak: 0"), "{settings}");
}

fn first_penguins() -> tablero::puzzles::PenguinsPuzzle {
    match &shipped("penguins.ron")[0].puzzle {
        Puzzle::Penguins(p) => p.clone(),
        Puzzle::Cave(_) => panic!("the Penguins file holds Penguins puzzles"),
    }
}

fn penguins_referee(
    app: &bevy::prelude::App,
) -> Option<&tablero::app::penguins::referee::PenguinsReferee> {
    app.world()
        .get_resource::<tablero::app::penguins::referee::PenguinsReferee>()
}

fn slide(app: &mut bevy::prelude::App, action: tablero::rules::penguins::Action) {
    app.world_mut()
        .write_message(tablero::app::penguins::referee::ActionRequested {
            action,
            seat: tablero::rules::Seat::Human,
        });
}

/// A Penguins puzzle in the window: it opens on its position (the fish so far included), the
/// best slides solve it and count in the settings; a wrong first slide is named with its
/// margin and the engine plays on for both sides; the match's record starts from the puzzle's
/// position and replays from there.
#[test]
fn in_the_window_a_penguins_puzzle_is_solved_slide_by_slide_and_its_record_replays() {
    use tablero::app::puzzles::{Attempt, PuzzlesRequested};
    use tablero::rules::GameKind;
    let puzzle = first_penguins();
    let problem = puzzle.problem().expect("legal");
    let dir = levels_with_puzzles(
        "window-penguins-puzzle",
        "penguins.ron",
        &puzzles::write_penguins(std::slice::from_ref(&puzzle)),
    );
    let mut start = tablero::app::AppStart::menu(tablero::levels::Levels::folder(&*dir));
    start.puzzles = Some(PuzzlesRequested {
        game: GameKind::Penguins,
        first: None,
    });
    start.menu_memory = Some(dir.join("menu.ron"));
    let mut app = crate::referee::headless_app_from(&dir, start, false);
    let on_board = |app: &bevy::prelude::App| {
        penguins_referee(app).is_some_and(|r| *r.state() == problem.state)
            && run(app).is_some_and(|r| r.attempt == Attempt::FirstMove)
    };
    assert!(crate::referee::pump_until(&mut app, on_board));
    assert_eq!(
        penguins_referee(&app).map(|r| r.state().scores().to_vec()),
        Some(puzzle.scores.clone())
    );
    slide(&mut app, problem.solution);
    for _ in 0..40 {
        let done = crate::referee::pump_until(&mut app, |app| {
            run(app).is_some_and(|r| r.attempt != Attempt::Solving)
                || penguins_referee(app).is_some_and(|r| r.human_to_move())
        });
        assert!(done, "neither solved nor the solver's turn");
        if run(&app).is_some_and(|r| r.attempt != Attempt::Solving) {
            break;
        }
        let state = penguins_referee(&app).expect("referee").state().clone();
        let ranked = tablero::puzzles::penguins::rank_slides(&state).expect("small");
        slide(&mut app, ranked[0].0);
        app.update();
    }
    assert_eq!(run(&app).map(|r| r.attempt.clone()), Some(Attempt::Solved));
    let settings = std::fs::read_to_string(dir.join("menu.ron")).expect("settings written");
    assert!(
        settings.contains(&puzzle.name) && settings.contains("puzzle_streak: 1"),
        "{settings}"
    );
    // The record starts from the puzzle's position and replays to the end of the match.
    let record = penguins_referee(&app).expect("referee").record().clone();
    let text = record.to_ron();
    let read: tablero::record::Record = ron::from_str(&text).expect("the record reads");
    let (_, positions) =
        tablero::replay::replay::<tablero::rules::penguins::State>(&read).expect("it replays");
    assert_eq!(positions.first(), Some(&problem.state));
    assert_eq!(
        positions.last(),
        Some(penguins_referee(&app).expect("referee").state())
    );
    // Again (P), with a wrong first slide: named with its margin; the engine plays on.
    app.world_mut()
        .write_message(tablero::app::puzzles::NextPuzzleRequested);
    assert!(crate::referee::pump_until(&mut app, on_board));
    let wrong = problem
        .state
        .legal_actions()
        .into_iter()
        .find(|&a| a != problem.solution)
        .expect("a second slide");
    slide(&mut app, wrong);
    assert!(crate::referee::pump_until(&mut app, |app| {
        run(app).is_some_and(|r| matches!(&r.attempt, Attempt::Failed(why) if why.in_language(tablero::i18n::Language::English).contains(&problem.solution.to_string())))
    }));
    let settings = std::fs::read_to_string(dir.join("menu.ron")).expect("settings written");
    assert!(settings.contains("puzzle_streak: 0"), "{settings}");
}

/// With no puzzle to open, the menu's *Puzzles* says so on the menu and the menu stays.
#[test]
fn with_no_puzzle_to_open_the_menu_says_so() {
    // Both built-in files replaced: one refused cave puzzle, no Penguins puzzle.
    let mut broken = first_cave();
    broken.solution = "A1".to_string();
    let dir = levels_with_puzzles(
        "window-no-puzzles",
        "magnetic_cave.ron",
        &puzzles::write_cave(&[broken]),
    );
    std::fs::write(dir.join("puzzles").join("penguins.ron"), "Penguins([])").expect("written");
    let mut start = tablero::app::AppStart::menu(tablero::levels::Levels::folder(&*dir));
    start.puzzles = Some(tablero::app::puzzles::PuzzlesRequested::default());
    let mut app = crate::referee::headless_app_from(&dir, start, false);
    assert!(crate::referee::pump_until(&mut app, |app| {
        app.world()
            .get_resource::<tablero::app::puzzles::PuzzlesNotOpened>()
            .is_some()
    }));
    let note = app
        .world()
        .resource::<tablero::app::puzzles::PuzzlesNotOpened>()
        .0
        .in_language(tablero::i18n::Language::English);
    assert!(note.contains("No puzzle could be opened"), "{note}");
    assert!(note.contains("magnetic_cave.ron:"), "{note}");
    assert_eq!(
        *app.world()
            .resource::<bevy::prelude::State<tablero::app::Screen>>()
            .get(),
        tablero::app::Screen::Menu
    );
}
