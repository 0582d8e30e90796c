//! Every input surface a user reaches, fuzzed: layout files (through `check-layout` and through
//! hot reload in a headless app), Penguins protocol files (through the command), console lines
//! of each game and command-line arguments. Inputs are arbitrary bytes or mutations of the
//! shipped files. For each: no panic, an answer within a bounded time, an error that names the
//! place, and output files byte-for-byte unchanged on error. At least 256 cases each
//! (`PROPTEST_CASES` raises it).

use std::cell::RefCell;
use std::io::Write;
use std::path::{Path, PathBuf};
use std::process::{Command, Output, Stdio};
use std::time::{Duration, Instant};

use proptest::prelude::*;
use proptest::test_runner::TestRunner;
use rand::rngs::StdRng;
use rand::{RngExt, SeedableRng};

use tablero::layout::{self, GameSetup};
use tablero::rules::magnetic_cave::State as CaveState;
use tablero::rules::patolli::{Action as PatolliAction, Rolled, State as PatolliState};
use tablero::rules::penguins::State as PenguinsState;

use crate::support::{ScratchDir, repo, temp_dir};

/// Cases per surface (at least 256, as CI runs them).
fn cases() -> u32 {
    std::env::var("PROPTEST_CASES")
        .ok()
        .and_then(|v| v.parse().ok())
        .unwrap_or(256)
        .max(256)
}

fn config() -> ProptestConfig {
    ProptestConfig {
        cases: cases(),
        // A failing case is shown as found; shrinking a process run takes long.
        max_shrink_iters: 64,
        failure_persistence: None,
        ..ProptestConfig::default()
    }
}

/// The longest a process may take on one fuzzed input before it counts as hung.
const ANSWER_WITHIN: Duration = Duration::from_secs(30);

/// Runs the `tablero` binary with `args` in `dir`, `input` on standard input, and waits at
/// most [`ANSWER_WITHIN`]; a process still running then is killed and reported.
fn run_bounded(dir: &Path, args: &[String], input: &[u8]) -> Result<Output, String> {
    let mut child = Command::new(env!("CARGO_BIN_EXE_tablero"))
        .current_dir(dir)
        .env("TABLERO_LEVELS", repo().join("levels"))
        .env_remove("DISPLAY")
        .env_remove("WAYLAND_DISPLAY")
        .env_remove("WAYLAND_SOCKET")
        .args(args)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .map_err(|e| format!("tablero does not start: {e}"))?;
    let mut stdin = child.stdin.take().expect("stdin is piped");
    let input = input.to_vec();
    // Written from a thread: a program that stops reading must not block the test.
    let writer = std::thread::spawn(move || {
        let _ = stdin.write_all(&input);
    });
    let started = Instant::now();
    loop {
        match child.try_wait() {
            Ok(Some(_)) => break,
            Ok(None) if started.elapsed() > ANSWER_WITHIN => {
                let _ = child.kill();
                let _ = child.wait();
                return Err(format!(
                    "no answer within {ANSWER_WITHIN:?}: tablero {}",
                    args.join(" ")
                ));
            }
            Ok(None) => std::thread::sleep(Duration::from_millis(5)),
            Err(e) => return Err(format!("cannot wait for tablero: {e}")),
        }
    }
    let _ = writer.join();
    child
        .wait_with_output()
        .map_err(|e| format!("cannot read tablero's output: {e}"))
}

fn no_panic(output: &Output) -> Result<(), String> {
    let stderr = String::from_utf8_lossy(&output.stderr);
    if stderr.contains("panicked") || output.status.code().is_none() {
        return Err(format!("tablero crashed ({:?}):\n{stderr}", output.status));
    }
    Ok(())
}

// ---- inputs: arbitrary bytes, or the shipped files mutated ----

/// One change to a file.
#[derive(Debug, Clone)]
enum Mutation {
    /// Flip bits of the byte at this share of the file.
    Flip(u16, u8),
    /// Delete up to `len` bytes from here.
    Delete(u16, u8),
    /// Insert these bytes here.
    Insert(u16, Vec<u8>),
    /// Replace the `n`-th number in the file by this one.
    Number(u8, u64),
    /// Repeat the line at this share of the file.
    RepeatLine(u16),
    /// Cut the file here.
    Truncate(u16),
}

fn mutation() -> impl Strategy<Value = Mutation> {
    prop_oneof![
        (any::<u16>(), 1u8..=255).prop_map(|(at, bits)| Mutation::Flip(at, bits)),
        (any::<u16>(), 1u8..=40).prop_map(|(at, len)| Mutation::Delete(at, len)),
        (
            any::<u16>(),
            prop_oneof![
                proptest::collection::vec(any::<u8>(), 1..12),
                prop::sample::select(vec![
                    b"(".to_vec(),
                    b")".to_vec(),
                    b",".to_vec(),
                    b"[".to_vec(),
                    b"]".to_vec(),
                    b"\"".to_vec(),
                    b"//".to_vec(),
                    b"/*".to_vec(),
                    b"Some(".to_vec(),
                    b"\n".to_vec(),
                    b"\r\n".to_vec(),
                    b" -1".to_vec(),
                    b"\xff\xfe".to_vec(),
                ]),
            ]
        )
            .prop_map(|(at, bytes)| Mutation::Insert(at, bytes)),
        (
            any::<u8>(),
            prop_oneof![
                0u64..=12,
                Just(255),
                Just(256),
                Just(65_535),
                Just(u64::from(u32::MAX)),
                any::<u64>()
            ]
        )
            .prop_map(|(n, value)| Mutation::Number(n, value)),
        any::<u16>().prop_map(Mutation::RepeatLine),
        any::<u16>().prop_map(Mutation::Truncate),
    ]
}

fn at(share: u16, len: usize) -> usize {
    (usize::from(share) * (len + 1)) / (usize::from(u16::MAX) + 1)
}

fn mutate(mut bytes: Vec<u8>, mutations: &[Mutation]) -> Vec<u8> {
    for m in mutations {
        let len = bytes.len();
        match m {
            Mutation::Flip(share, bits) if len > 0 => {
                let i = at(*share, len - 1);
                bytes[i] ^= bits;
            }
            Mutation::Delete(share, n) => {
                let i = at(*share, len);
                let end = (i + usize::from(*n)).min(len);
                bytes.drain(i..end);
            }
            Mutation::Insert(share, new) => {
                let i = at(*share, len);
                bytes.splice(i..i, new.iter().copied());
            }
            Mutation::Number(n, value) => {
                let numbers = number_spans(&bytes);
                if !numbers.is_empty() {
                    let (start, end) = numbers[usize::from(*n) % numbers.len()];
                    bytes.splice(start..end, value.to_string().into_bytes());
                }
            }
            Mutation::RepeatLine(share) => {
                let i = at(*share, len);
                let start = bytes[..i]
                    .iter()
                    .rposition(|&b| b == b'\n')
                    .map_or(0, |p| p + 1);
                let end = bytes[i..]
                    .iter()
                    .position(|&b| b == b'\n')
                    .map_or(len, |p| i + p + 1);
                let line = bytes[start..end].to_vec();
                bytes.splice(end..end, line);
            }
            Mutation::Truncate(share) => bytes.truncate(at(*share, len)),
            Mutation::Flip(..) => {}
        }
    }
    bytes
}

/// Where the runs of ASCII digits are.
fn number_spans(bytes: &[u8]) -> Vec<(usize, usize)> {
    let mut spans = Vec::new();
    let mut i = 0;
    while i < bytes.len() {
        if bytes[i].is_ascii_digit() {
            let start = i;
            while i < bytes.len() && bytes[i].is_ascii_digit() {
                i += 1;
            }
            spans.push((start, i));
        } else {
            i += 1;
        }
    }
    spans
}

/// Arbitrary bytes (3 in 10) or one of `files` mutated one to four times.
fn file_input(files: Vec<Vec<u8>>) -> impl Strategy<Value = Vec<u8>> {
    prop_oneof![
        3 => proptest::collection::vec(any::<u8>(), 0..400),
        7 => (prop::sample::select(files), proptest::collection::vec(mutation(), 1..5))
            .prop_map(|(file, mutations)| mutate(file, &mutations)),
    ]
}

fn shipped_layouts() -> Vec<Vec<u8>> {
    let mut files: Vec<PathBuf> = std::fs::read_dir(repo().join("levels"))
        .expect("levels/ is there")
        .filter_map(Result::ok)
        .map(|e| e.path())
        .filter(|p| p.extension().is_some_and(|x| x == "ron"))
        .collect();
    files.sort();
    files
        .iter()
        .map(|p| std::fs::read(p).expect("a shipped layout reads"))
        .collect()
}

// ---- layout files ----

/// `FILE:LINE:COLUMN: message` with the place inside the file (a line after the last is
/// allowed: the end of the file).
fn names_a_place(error: &str, file: &str, text: &[u8]) -> Result<(), String> {
    let rest = error
        .strip_prefix(file)
        .and_then(|r| r.strip_prefix(':'))
        .ok_or_else(|| format!("`{error}` does not start with the file {file}"))?;
    let mut parts = rest.splitn(3, ':');
    let line: usize = parts
        .next()
        .and_then(|l| l.parse().ok())
        .ok_or_else(|| format!("`{error}` names no line"))?;
    let column: usize = parts
        .next()
        .and_then(|c| c.parse().ok())
        .ok_or_else(|| format!("`{error}` names no column"))?;
    let message = parts.next().unwrap_or("").trim();
    let lines = text.split(|&b| b == b'\n').count();
    if line == 0 || line > lines + 1 || column == 0 || message.is_empty() {
        return Err(format!(
            "`{error}`: line {line}, column {column} or the message is not a place in a file of {lines} lines"
        ));
    }
    Ok(())
}

/// A layout that `check-layout` accepts makes a game that can be played to its end: random
/// play (that moves when it can) finishes it.
fn plays_to_an_end(setup: &GameSetup, seed: u64) -> Result<(), String> {
    let mut rng = StdRng::seed_from_u64(seed);
    match setup {
        GameSetup::MagneticCave(config) => {
            let mut state = CaveState::new(*config);
            let cells = usize::from(config.width()) * usize::from(config.height());
            for _ in 0..=cells {
                if state.outcome().is_some() {
                    return Ok(());
                }
                let moves = state.legal_moves();
                let cell = moves[rng.random_range(0..moves.len())];
                state.apply(cell).map_err(|e| e.to_string())?;
            }
            Err(format!("{setup}: no outcome after {cells} moves"))
        }
        GameSetup::Penguins(penguins) => {
            for (players, each) in [(2u8, 1u8), (2, 2), (4, 1)] {
                let needed = usize::from(players) * usize::from(each);
                if penguins.check_fits(needed).is_err() {
                    continue;
                }
                let board = penguins.board(seed, needed);
                let fields = board.positions().count();
                let mut state = PenguinsState::new(board, players, each);
                let mut moves = 0;
                while state.winners().is_none() {
                    moves += 1;
                    if moves > fields + needed + 1 {
                        return Err(format!("{setup}: {players} players did not finish"));
                    }
                    let legal = state.legal_actions();
                    if legal.is_empty() {
                        return Err(format!("{setup}: a player to move has no move"));
                    }
                    let action = legal[rng.random_range(0..legal.len())];
                    state.apply(action).map_err(|e| e.to_string())?;
                }
                if state.placed(1) < usize::from(each) {
                    return Err(format!("{setup}: not every penguin could be placed"));
                }
            }
            Ok(())
        }
        GameSetup::Patolli(board) => {
            let mut state = PatolliState::new(board.track.clone(), board.rules);
            let dice = board.rules.dice;
            for _ in 0..200_000 {
                if state.winner().is_some() {
                    return Ok(());
                }
                let roll = dice.roll(&mut rng);
                if state.roll(roll).map_err(|e| e.to_string())? == Rolled::TurnLost {
                    continue;
                }
                let legal = state.legal_actions();
                let moves: Vec<PatolliAction> = legal
                    .iter()
                    .copied()
                    .filter(|a| !matches!(a, PatolliAction::Pass))
                    .collect();
                let pool = if moves.is_empty() { &legal } else { &moves };
                let action = pool[rng.random_range(0..pool.len())];
                state.apply(action).map_err(|e| e.to_string())?;
            }
            Err(format!(
                "{setup}: no winner after 200000 turns of random play\n{}",
                state.render()
            ))
        }
    }
}

#[test]
fn check_layout_answers_every_file_with_ok_or_its_place() {
    let dir = temp_dir("fuzz-check-layout");
    let mut runner = TestRunner::new(config());
    let count = RefCell::new(0u32);
    runner
        .run(
            &(file_input(shipped_layouts()), any::<u64>()),
            |(bytes, seed)| {
                let n = {
                    let mut c = count.borrow_mut();
                    *c += 1;
                    *c
                };
                let file = dir.join(format!("layout{n}.ron"));
                std::fs::write(&file, &bytes).unwrap();
                let name = file.display().to_string();
                let args = vec!["check-layout".to_string(), name.clone()];
                let output = run_bounded(&dir, &args, b"").map_err(TestCaseError::fail)?;
                no_panic(&output).map_err(TestCaseError::fail)?;
                let stderr = String::from_utf8_lossy(&output.stderr).into_owned();
                let stdout = String::from_utf8_lossy(&output.stdout).into_owned();
                // The library reads the file the same way.
                let parsed = layout::parse(&name, &bytes);
                match output.status.code() {
                    Some(0) => {
                        prop_assert!(stdout.contains(": ok ("), "{stdout}");
                        let setup = parsed.map_err(|e| TestCaseError::fail(e.to_string()))?;
                        plays_to_an_end(&setup, seed).map_err(TestCaseError::fail)?;
                    }
                    Some(1) => {
                        let first = stderr.lines().next().unwrap_or("");
                        names_a_place(first, &name, &bytes).map_err(TestCaseError::fail)?;
                        prop_assert!(parsed.is_err());
                    }
                    other => prop_assert!(false, "exit {other:?}: {stderr}"),
                }
                prop_assert_eq!(std::fs::read(&file).unwrap(), bytes, "the file was changed");
                Ok(())
            },
        )
        .unwrap();
}

// ---- layout files through hot reload ----

mod hot_reload {
    use std::time::Duration;

    use bevy::asset::AssetPlugin;
    use bevy::prelude::*;
    use bevy::state::app::StatesPlugin;
    use bevy::time::TimeUpdateStrategy;

    use tablero::app::AppStart;
    use tablero::app::layout_assets::{GameLayout, LayoutFile, LayoutGame};
    use tablero::app::magnetic_cave::referee::CaveReferee;
    use tablero::app::patolli::referee::PatolliReferee;
    use tablero::app::penguins::referee::PenguinsReferee;
    use tablero::app::search_task::AiPacing;
    use tablero::layout::{self, GameSetup};
    use tablero::rules::Seat;

    use super::*;

    /// A headless app with every game's referee, a match of the game in `first` on, and the
    /// layouts read from `levels` (not watched: the test hands the app each new reading).
    fn app(levels: &Path, start: AppStart) -> App {
        let mut app = App::new();
        tablero::app::layout_assets::register_levels_source(
            &mut app,
            &tablero::levels::Levels::folder(levels),
        );
        app.add_plugins((
            MinimalPlugins,
            StatesPlugin,
            AssetPlugin {
                watch_for_changes_override: Some(false),
                ..default()
            },
        ));
        app.insert_resource(TimeUpdateStrategy::ManualDuration(Duration::from_millis(
            16,
        )));
        app.insert_resource(start);
        app.add_plugins(tablero::app::GamePlugin);
        app.insert_resource(AiPacing::NONE);
        app
    }

    /// Pumps until the layout file of game `G` has been read.
    fn loaded<G: LayoutGame>(app: &mut App) -> Handle<LayoutFile> {
        let started = std::time::Instant::now();
        loop {
            app.update();
            let handle = app.world().resource::<GameLayout<G>>().handle.clone();
            if app
                .world()
                .resource::<Assets<LayoutFile>>()
                .get(&handle)
                .is_some()
            {
                // The app reads the file's first version in the next frames.
                for _ in 0..5 {
                    app.update();
                }
                return handle;
            }
            assert!(
                started.elapsed() < Duration::from_secs(20),
                "the layout never loaded"
            );
            std::thread::sleep(Duration::from_millis(5));
        }
    }

    /// Hands the app each fuzzed file as the asset server's reload would (the loader is
    /// [`layout::parse`]), then checks: the app goes on, a broken file is reported at its
    /// place and the last good layout stays, a good one becomes the match's.
    fn fuzz_reloads<G: LayoutGame>(
        mut app: App,
        file_name: &str,
        good: impl Fn(&App, &GameSetup, Option<&str>) -> Result<(), String>,
    ) {
        let handle = loaded::<G>(&mut app);
        let file = app.world().resource::<GameLayout<G>>().file.clone();
        let app = RefCell::new(app);
        // No shrinking: the app carries each case into the next, so a shrunk case would be
        // judged in another app state than the one that failed.
        let mut runner = TestRunner::new(ProptestConfig {
            max_shrink_iters: 0,
            ..config()
        });
        runner
            .run(&file_input(shipped_layouts()), |bytes| {
                let mut app = app.borrow_mut();
                let before = app.world().resource::<GameLayout<G>>().config.clone();
                let result = layout::parse(&file, &bytes);
                app.world_mut()
                    .resource_mut::<Assets<LayoutFile>>()
                    .insert(
                        &handle,
                        LayoutFile {
                            result: result.clone(),
                            name: "fuzzed".to_string(),
                        },
                    )
                    .expect("the layout's asset slot is there");
                for _ in 0..3 {
                    app.update();
                }
                let now = app.world().resource::<GameLayout<G>>();
                if std::env::var_os("FUZZ_TRACE").is_some() {
                    eprintln!(
                        "case: {} -> error {:?}",
                        match &result {
                            Ok(setup) => setup.to_string(),
                            Err(e) => e.problem.to_string(),
                        },
                        now.error
                    );
                }
                match &result {
                    Err(_) => {
                        let error =
                            now.error.as_ref().map(ToString::to_string).ok_or_else(|| {
                                TestCaseError::fail("a broken file was not reported")
                            })?;
                        names_a_place(&error, &file, &bytes).map_err(TestCaseError::fail)?;
                        prop_assert_eq!(&now.config, &before, "the last good layout stays");
                    }
                    Ok(setup) if G::config(setup).is_some() => {
                        let error = now.error.as_ref().map(ToString::to_string);
                        good(&app, setup, error.as_deref()).map_err(TestCaseError::fail)?;
                    }
                    Ok(_) => {
                        // Another game's layout: reported at 1:1, nothing else changes.
                        let error = now
                            .error
                            .as_ref()
                            .map(ToString::to_string)
                            .unwrap_or_default();
                        prop_assert!(error.contains(file_name), "{error}");
                        prop_assert_eq!(&now.config, &before);
                    }
                }
                Ok(())
            })
            .unwrap();
    }

    fn levels(name: &str) -> ScratchDir {
        let dir = temp_dir(name);
        for file in std::fs::read_dir(repo().join("levels")).unwrap() {
            let path = file.unwrap().path();
            if !path.is_file() {
                continue;
            }
            std::fs::copy(&path, dir.join(path.file_name().unwrap())).unwrap();
        }
        dir
    }

    /// The cave's layout in a headless app is replaced by what `spoil` makes of the file and
    /// reloaded: the panel's error must name the file and say `reason`, and the last good
    /// layout stays.
    fn reload_spoiled_cave_layout(name: &str, spoil: impl FnOnce(&Path), reason: &str) {
        use tablero::app::layout_assets::CaveGame;
        let dir = levels(name);
        let path = dir.join("magnetic_cave.ron");
        let setup = tablero::setup::CaveMatch::default();
        let mut app = app(&dir, AppStart::magnetic_cave(setup, path.clone()));
        loaded::<CaveGame>(&mut app);
        let before = app.world().resource::<GameLayout<CaveGame>>().config;
        spoil(&path);
        app.world()
            .resource::<AssetServer>()
            .reload("levels://magnetic_cave.ron");
        let started = std::time::Instant::now();
        let error = loop {
            app.update();
            if let Some(error) = &app.world().resource::<GameLayout<CaveGame>>().error {
                break error.to_string();
            }
            assert!(
                started.elapsed() < Duration::from_secs(20),
                "the reload was never reported"
            );
            std::thread::sleep(Duration::from_millis(5));
        };
        assert!(
            error.contains("magnetic_cave.ron") && error.contains(reason),
            "{error}"
        );
        let after = app.world().resource::<GameLayout<CaveGame>>().config;
        assert_eq!(after, before, "the last good layout stays");
    }

    /// A layout saved far too large is refused unread.
    #[test]
    fn a_reloaded_layout_far_too_large_is_refused_unread() {
        reload_spoiled_cave_layout(
            "fuzz-reload-large",
            |path| {
                std::fs::File::options()
                    .write(true)
                    .open(path)
                    .and_then(|f| f.set_len(tablero::files::LAYOUT_LIMIT + 1))
                    .unwrap();
            },
            "too large",
        );
    }

    /// A named pipe saved in place of a layout is refused before it is opened (opening it
    /// would hold a reading thread for ever).
    #[test]
    fn a_reloaded_layout_that_is_a_named_pipe_is_refused_unopened() {
        reload_spoiled_cave_layout(
            "fuzz-reload-pipe",
            |path| {
                std::fs::remove_file(path).unwrap();
                let made = std::process::Command::new("mkfifo").arg(path).status();
                assert!(made.is_ok_and(|s| s.success()), "mkfifo makes a named pipe");
            },
            "not a regular file",
        );
    }

    #[test]
    fn the_cave_survives_every_reloaded_file() {
        let dir = levels("fuzz-reload-cave");
        let path = dir.join("magnetic_cave.ron");
        let setup = tablero::setup::CaveMatch::default();
        let app = app(&dir, AppStart::magnetic_cave(setup, path));
        fuzz_reloads::<tablero::app::layout_assets::CaveGame>(
            app,
            "magnetic_cave.ron",
            |app, setup, error| {
                if let Some(error) = error {
                    return Err(format!("a good layout reported: {error}"));
                }
                let referee = app.world().resource::<CaveReferee>();
                match setup {
                    GameSetup::MagneticCave(config) if referee.state().config() == *config => {
                        Ok(())
                    }
                    _ => Err(format!("the match did not restart on {setup}")),
                }
            },
        );
    }

    #[test]
    fn patolli_survives_every_reloaded_file() {
        let dir = levels("fuzz-reload-patolli");
        let path = dir.join("patolli.ron");
        let board = tablero::setup::load_patolli_layout(&path).unwrap();
        let setup = tablero::setup::PatolliMatch::new(
            board,
            vec![Seat::Human, Seat::Human],
            Duration::from_millis(20),
            tablero::ai::AiLevel::Hard,
            5,
            vec![],
        )
        .expect("a valid setup");
        let app = app(&dir, AppStart::patolli(setup, path));
        fuzz_reloads::<tablero::app::layout_assets::PatolliGame>(
            app,
            "patolli.ron",
            |app, setup, error| {
                if let Some(error) = error {
                    return Err(format!("a good layout reported: {error}"));
                }
                let referee = app.world().resource::<PatolliReferee>();
                match setup {
                    GameSetup::Patolli(board) if *referee.state().track() == *board.track => Ok(()),
                    _ => Err(format!(
                        "the match did not restart on {setup}: it plays on {} squares",
                        referee.state().track().len()
                    )),
                }
            },
        );
    }

    #[test]
    fn penguins_survive_every_reloaded_file() {
        let dir = levels("fuzz-reload-penguins");
        let path = dir.join("penguins.ron");
        let layout = tablero::setup::load_penguins_layout(&path).unwrap();
        let setup = tablero::setup::PenguinsMatch::new(
            layout,
            vec![Seat::Human, Seat::Human],
            2,
            Duration::from_millis(20),
            tablero::ai::AiLevel::Hard,
            1,
        )
        .unwrap();
        let app = app(&dir, AppStart::penguins(setup, path));
        fuzz_reloads::<tablero::app::layout_assets::PenguinsGame>(
            app,
            "penguins.ron",
            |app, setup, error| {
                let referee = app.world().resource::<PenguinsReferee>();
                let GameSetup::Penguins(layout) = setup else {
                    return Err(format!("not a Penguins layout: {setup}"));
                };
                // Two players with two penguins each: a layout too small for them is refused
                // with its place and the match goes on; otherwise it restarts on the layout.
                match (layout.check_fits(4), error) {
                    (Err(_), Some(error)) if error.contains("too few") => Ok(()),
                    (Err(_), other) => Err(format!("a misfit was reported as {other:?}")),
                    (Ok(()), Some(error)) => Err(format!("a good layout reported: {error}")),
                    (Ok(()), None) if referee.state().players() == 2 => Ok(()),
                    (Ok(()), None) => Err("the match lost its players".into()),
                }
            },
        );
    }
}

// ---- Penguins protocol files ----

const PROTOCOL_FILES: [&str; 4] = [
    "5 5\n20 10 30 20 10 \n20 10 10 20 10 \n30 30 10 30 10 \n30 20 30 30 20 \n30 30 10 30 10 \n",
    "3 3\n10 10 10\n10 02 10\n10 10 01\nbob 2 1\nann 1 1\n",
    "4 4\n11 10 20 30\n10 00 22 10\n10 30 10 10\n20 10 10 10\nann 1 1\nbob 2 2\n",
    "3 3\r\n10 10 10 \r\n10 02 10\r\n10 10 01\r\nbob 2 1\r\nann 1 1",
];

#[test]
fn the_protocol_answers_every_file_and_keeps_output_on_error() {
    let dir = temp_dir("fuzz-protocol");
    let files: Vec<Vec<u8>> = PROTOCOL_FILES
        .iter()
        .map(|f| f.as_bytes().to_vec())
        .collect();
    let count = RefCell::new(0u32);
    let mut runner = TestRunner::new(config());
    runner
        .run(
            &(file_input(files), any::<bool>(), 1u8..=3),
            |(bytes, placement, penguins)| {
                let n = {
                    let mut c = count.borrow_mut();
                    *c += 1;
                    *c
                };
                let input = dir.join(format!("in{n}.txt"));
                let output = dir.join(format!("out{n}.txt"));
                std::fs::write(&input, &bytes).unwrap();
                let kept = format!("keep me {n}\n").into_bytes();
                std::fs::write(&output, &kept).unwrap();
                let mut args: Vec<String> = vec!["penguins".into()];
                if placement {
                    args.push("phase=placement".into());
                    args.push(format!("penguins={penguins}"));
                } else {
                    args.push("phase=movement".into());
                }
                args.extend([
                    input.display().to_string(),
                    output.display().to_string(),
                    "--budget".into(),
                    "0.05".into(),
                ]);
                let out = run_bounded(&dir, &args, b"").map_err(TestCaseError::fail)?;
                no_panic(&out).map_err(TestCaseError::fail)?;
                let stderr = String::from_utf8_lossy(&out.stderr);
                let code = out.status.code();
                match code {
                    Some(0) => {
                        let written = std::fs::read_to_string(&output).unwrap();
                        prop_assert!(tablero::protocol::parse(&written).is_ok(), "{written}");
                    }
                    Some(1..=3) => {
                        prop_assert_eq!(
                            std::fs::read(&output).unwrap(),
                            kept,
                            "OUTPUT changed on exit {:?}",
                            code
                        );
                        if code == Some(2) {
                            prop_assert!(stderr.contains("line"), "no place named: {}", stderr);
                        }
                    }
                    other => prop_assert!(false, "exit {other:?}: {stderr}"),
                }
                prop_assert_eq!(std::fs::read(&input).unwrap(), bytes, "INPUT changed");
                Ok(())
            },
        )
        .unwrap();
}

// ---- console lines ----

/// A line a player might type: a command of the game, a near miss, or anything at all.
fn console_line(words: &'static [&'static str]) -> impl Strategy<Value = Vec<u8>> {
    prop_oneof![
        4 => prop::sample::select(words).prop_map(|w| w.as_bytes().to_vec()),
        2 => "[ -~]{0,12}".prop_map(String::into_bytes),
        1 => proptest::collection::vec(any::<u8>(), 0..20),
        1 => (0u64..40, 0u64..40).prop_map(|(a, b)| format!("{a} {b}").into_bytes()),
        1 => (0u64..30, 0u64..30, 0u64..30, 0u64..30)
            .prop_map(|(a, b, c, d)| format!("{a} {b} {c} {d}").into_bytes()),
    ]
}

fn console_session(words: &'static [&'static str]) -> impl Strategy<Value = Vec<u8>> {
    proptest::collection::vec(console_line(words), 0..40).prop_map(|lines| {
        let mut input = Vec::new();
        for line in lines {
            input.extend(line);
            input.push(b'\n');
        }
        input
    })
}

fn fuzz_console(game: &str, extra: &[&str], words: &'static [&'static str]) {
    let dir = temp_dir(&format!("fuzz-console-{game}"));
    let mut runner = TestRunner::new(config());
    runner
        .run(&(console_session(words), any::<u16>()), |(input, seed)| {
            let mut args: Vec<String> = vec!["console".into(), game.into()];
            args.extend(extra.iter().map(|s| s.to_string()));
            if game != "magnetic-cave" {
                args.extend(["--seed".into(), seed.to_string()]);
            }
            let out = run_bounded(&dir, &args, &input).map_err(TestCaseError::fail)?;
            no_panic(&out).map_err(TestCaseError::fail)?;
            let stderr = String::from_utf8_lossy(&out.stderr);
            prop_assert_eq!(out.status.code(), Some(0), "{}", stderr);
            prop_assert!(!out.stdout.is_empty());
            Ok(())
        })
        .unwrap();
}

#[test]
fn the_engine_protocol_answers_every_line() {
    let dir = temp_dir("fuzz-engine");
    let words: &'static [&'static str] = &[
        "newgame",
        "newgame 8 8 5",
        "newgame 3 3 3",
        "newgame 26 26 5",
        "newgame 0 0 0",
        "newgame 8 8",
        "move a1",
        "move H1",
        "move d4",
        "move",
        "move a1 b1",
        "go 0.05",
        "go 0",
        "go -1",
        "go abc",
        "go 1e9",
        "undo",
        "show",
        "quit",
        "",
    ];
    let mut runner = TestRunner::new(config());
    runner
        .run(&console_session(words), |input| {
            let args = vec!["engine".to_string(), "magnetic-cave".to_string()];
            let out = run_bounded(&dir, &args, &input).map_err(TestCaseError::fail)?;
            no_panic(&out).map_err(TestCaseError::fail)?;
            let stderr = String::from_utf8_lossy(&out.stderr);
            prop_assert_eq!(out.status.code(), Some(0), "{}", stderr);
            Ok(())
        })
        .unwrap();
}

#[test]
fn the_cave_console_answers_every_line() {
    fuzz_console(
        "magnetic-cave",
        &[],
        &[
            "a1", "h1", "A2", "H8", "d4", "z9", "a0", "a", "1", "status", "undo", "help", "quit",
            "", " ", "a1 h1", "A10",
        ],
    );
}

#[test]
fn the_patolli_console_answers_every_line() {
    fuzz_console(
        "patolli",
        &[],
        &[
            "A", "b", "1", "6", "place", "place C", "place 3", "place Z", "pass", "status", "help",
            "quit", "", "G", "7", "undo", "move A",
        ],
    );
}

#[test]
fn the_penguins_console_answers_every_line() {
    fuzz_console(
        "penguins",
        &["--players", "human,human"],
        &[
            "0 0",
            "1 1",
            "7 7",
            "8 8",
            "0 0 0 3",
            "1 1 4 1",
            "status",
            "help",
            "quit",
            "",
            "x y",
            "-1 0",
            "99999999999999999999 0",
        ],
    );
}

// ---- command-line arguments ----

/// Words of Tablero's command line, values in and out of range, and anything else. Seats are
/// only ever human: an AI-against-AI console match would rightly play on for minutes.
const ARGUMENT_WORDS: &[&str] = &[
    "--black",
    "--white",
    "--l",
    "--n",
    "--players",
    "--budget",
    "--moves",
    "--layout",
    "--seed",
    "--dice",
    "--overshoot",
    "--dice-kind",
    "--rows",
    "--cols",
    "--penguins",
    "--record",
    "--from",
    "--help",
    "-h",
    "--version",
    "--id",
    "human",
    "human,human",
    "human,human,human,human,human",
    "0",
    "1",
    "3",
    "-1",
    "0.001",
    "61",
    "NaN",
    "inf",
    "1e308",
    "99999999999999999999",
    "A1,H1",
    "A1,A1",
    "Z9",
    "3,0,5",
    "9,9",
    "beans",
    "uniform",
    "forbidden",
    "back-to-start",
    "continue-lap",
    "missing.ron",
    "levels/patolli.ron",
    "phase=placement",
    "phase=movement",
    "penguins=2",
    "penguins=0",
    "name",
    "in.txt",
    "out.txt",
    "",
    "--",
    "-",
];

fn command_line() -> impl Strategy<Value = Vec<String>> {
    let start = prop::sample::select(vec![
        vec!["console", "magnetic-cave"],
        vec!["console", "patolli"],
        vec!["console", "penguins", "--players", "human,human"],
        vec!["console"],
        vec!["check-layout"],
        vec!["penguins"],
        vec!["play"],
        vec!["replay"],
        vec![
            "tournament",
            "--game",
            "patolli",
            "--a",
            "random",
            "--b",
            "greedy",
            "--games",
            "2",
        ],
        vec!["tournament"],
        vec!["--screenshot"],
        vec!["nonsense"],
        vec![],
    ]);
    let word = prop_oneof![
        6 => prop::sample::select(ARGUMENT_WORDS).prop_map(str::to_string),
        1 => "\\PC{0,10}",
    ];
    (start, proptest::collection::vec(word, 0..7)).prop_map(|(start, words)| {
        let mut args: Vec<String> = start.iter().map(|s| s.to_string()).collect();
        args.extend(words);
        args
    })
}

#[test]
fn every_command_line_gets_an_answer_or_a_clear_error() {
    let dir = temp_dir("fuzz-arguments");
    std::fs::write(dir.join("in.txt"), PROTOCOL_FILES[1]).unwrap();
    let mut runner = TestRunner::new(config());
    runner
        .run(&command_line(), |args| {
            // Arguments that would open the window get its answer without a display (exit 3).
            let before = std::fs::read(dir.join("in.txt")).unwrap();
            let out = run_bounded(&dir, &args, b"").map_err(TestCaseError::fail)?;
            no_panic(&out).map_err(TestCaseError::fail)?;
            let stderr = String::from_utf8_lossy(&out.stderr);
            match out.status.code() {
                Some(0) => {}
                Some(code) => {
                    prop_assert!((1..=3).contains(&code), "exit {}: {}", code, stderr);
                    prop_assert!(!stderr.trim().is_empty(), "exit {code} without a word");
                    // The protocol's files stay as they were when it refuses.
                    if args.first().map(String::as_str) == Some("penguins") {
                        prop_assert_eq!(std::fs::read(dir.join("in.txt")).unwrap(), before);
                    }
                }
                None => prop_assert!(false, "killed: {stderr}"),
            }
            // A protocol call that moved rewrites its file: start the next case afresh.
            std::fs::write(dir.join("in.txt"), PROTOCOL_FILES[1]).unwrap();
            Ok(())
        })
        .unwrap();
}

// ---- match records ----

/// Records of random matches of every game (some finished, some not), as the console writes
/// them.
fn sample_records() -> Vec<Vec<u8>> {
    use tablero::layout::Layout;
    use tablero::record::{Entry, Record};
    use tablero::rules::{Game, Seat};

    fn play<G: Game>(mut state: G, record: &mut Record, seed: u64, limit: usize) {
        let mut rng = StdRng::seed_from_u64(seed);
        for _ in 0..limit {
            if state.outcome().is_some() {
                break;
            }
            if let Some(distribution) = state.roll_due() {
                let value = distribution[rng.random_range(0..distribution.len())].0;
                state.roll(value).expect("a value of the die");
                record.moves.push(Entry::Roll(value));
                continue;
            }
            let legal = state.legal_actions();
            let action = legal[rng.random_range(0..legal.len())];
            state.apply(action).expect("a legal action");
            record
                .moves
                .push(Entry::Act(action.to_string(), rng.random_range(0..3000)));
        }
    }

    let mut records = Vec::new();
    for (seed, limit) in [(1u64, 12usize), (2, 400)] {
        let config = tablero::rules::magnetic_cave::Config::STANDARD;
        let mut record = Record::new(
            Layout::of_cave(config),
            vec![Seat::Human, Seat::Ai],
            1.0,
            None,
        );
        play(
            tablero::rules::magnetic_cave::State::new(config),
            &mut record,
            seed,
            limit,
        );
        records.push(record);

        let Ok(GameSetup::Patolli(board)) = layout::load(&repo().join("levels/patolli_52.ron"))
        else {
            panic!("the shipped layout loads");
        };
        let mut record = Record::new(
            Layout::of_patolli(&board),
            vec![Seat::Ai, Seat::Human],
            0.5,
            Some(seed),
        );
        let state = tablero::rules::patolli::State::new(board.track.clone(), board.rules);
        play(state, &mut record, seed, limit);
        records.push(record);

        let board = tablero::rules::penguins::Generator::default().generate(seed, 4);
        let mut record = Record::new(
            Layout::of_penguins_board(&board),
            vec![Seat::Human; 2],
            2.0,
            Some(seed),
        );
        record.penguins = Some(2);
        play(
            tablero::rules::penguins::State::new(board, 2, 2),
            &mut record,
            seed,
            limit,
        );
        records.push(record);
    }
    records.iter().map(|r| r.to_ron().into_bytes()).collect()
}

#[test]
fn check_layout_answers_every_record_with_ok_or_its_place() {
    let records = sample_records();
    let dir = temp_dir("fuzz-records");
    // The samples themselves are good records.
    for (i, bytes) in records.iter().enumerate() {
        let file = dir.join(format!("sample{i}.ron"));
        std::fs::write(&file, bytes).unwrap();
        tablero::replay::load(&file).unwrap_or_else(|e| panic!("sample {i}: {e}"));
    }
    let count = RefCell::new(0u32);
    let mut runner = TestRunner::new(config());
    runner
        .run(&file_input(records), |bytes| {
            let n = {
                let mut c = count.borrow_mut();
                *c += 1;
                *c
            };
            let file = dir.join(format!("record{n}.ron"));
            std::fs::write(&file, &bytes).unwrap();
            let name = file.display().to_string();
            let args = vec!["check-layout".to_string(), name.clone()];
            let output = run_bounded(&dir, &args, b"").map_err(TestCaseError::fail)?;
            no_panic(&output).map_err(TestCaseError::fail)?;
            let stderr = String::from_utf8_lossy(&output.stderr).into_owned();
            match output.status.code() {
                Some(0) => {
                    let stdout = String::from_utf8_lossy(&output.stdout);
                    prop_assert!(stdout.contains(": ok ("), "{stdout}");
                }
                Some(1) => {
                    let first = stderr.lines().next().unwrap_or("");
                    names_a_place(first, &name, &bytes).map_err(TestCaseError::fail)?;
                }
                other => prop_assert!(false, "exit {other:?}: {stderr}"),
            }
            prop_assert_eq!(std::fs::read(&file).unwrap(), bytes, "the file was changed");
            Ok(())
        })
        .unwrap();
}

// ---- files that are no files: endless, blocking, folders, far too large ----

/// The kinds of file no reader may wait on or read whole, with the reason each is refused:
/// an endless device, a named pipe nobody writes to, a folder, and a (sparse) file one byte
/// past the layout limit.
fn hostile_files(dir: &Path) -> Vec<(PathBuf, &'static str)> {
    let pipe = dir.join("pipe.ron");
    let made = Command::new("mkfifo").arg(&pipe).status();
    assert!(made.is_ok_and(|s| s.success()), "mkfifo makes a named pipe");
    let folder = dir.join("folder.ron");
    std::fs::create_dir_all(&folder).unwrap();
    let large = dir.join("large.ron");
    std::fs::File::create(&large)
        .and_then(|f| f.set_len(tablero::files::LAYOUT_LIMIT + 1))
        .unwrap();
    vec![
        (PathBuf::from("/dev/zero"), "not a regular file"),
        (pipe, "not a regular file"),
        (folder, "not a regular file"),
        (large, "too large"),
    ]
}

/// `check-layout`, `console --from` and the protocol command refuse each hostile file at
/// once, naming it and why, with the exit code each uses for a bad file.
#[test]
fn every_reader_refuses_files_that_are_no_files_unread() {
    let dir = temp_dir("fuzz-hostile-files");
    for (file, reason) in hostile_files(&dir) {
        let name = file.display().to_string();
        let out = dir.join("out.txt");
        let commands: [(Vec<&str>, i32); 3] = [
            (vec!["check-layout", &name], 1),
            (vec!["console", "magnetic-cave", "--from", &name], 2),
            (
                vec!["penguins", "phase=movement", &name, out.to_str().unwrap()],
                2,
            ),
        ];
        for (args, code) in commands {
            let args: Vec<String> = args.iter().map(|a| a.to_string()).collect();
            let started = Instant::now();
            let output = run_bounded(&dir, &args, b"").unwrap_or_else(|e| panic!("{args:?}: {e}"));
            let stderr = String::from_utf8_lossy(&output.stderr);
            assert_eq!(output.status.code(), Some(code), "{args:?}: {stderr}");
            assert!(
                stderr.contains(&name) && stderr.contains(reason),
                "{args:?}: {stderr}"
            );
            assert!(
                started.elapsed() < Duration::from_secs(10),
                "{args:?} took {:?}",
                started.elapsed()
            );
            assert!(!out.exists(), "{args:?} wrote an output file");
        }
    }
}

/// Every writer checks before the first move that it can write where it was told: a folder
/// whose parent is missing, or one nobody may write in (`/sys`, even for root), is refused
/// with the option's name and a non-zero exit, and nothing is played or written.
#[test]
fn every_writer_refuses_a_folder_it_cannot_write_before_playing() {
    let dir = temp_dir("fuzz-unwritable");
    for folder in ["/no/such/folder", "/sys"] {
        let file = format!("{folder}/m.ron");
        let commands: [(Vec<&str>, &str); 5] = [
            (
                vec!["console", "magnetic-cave", "--record", &file],
                "--record",
            ),
            (vec!["play", "magnetic-cave", "--record", &file], "--record"),
            (
                vec![
                    "tournament",
                    "--game",
                    "magnetic-cave",
                    "--a",
                    "random",
                    "--b",
                    "random",
                    "--games",
                    "2",
                    "--records",
                    folder,
                ],
                "--records",
            ),
            (
                vec![
                    "penguins-match",
                    "--a",
                    "true",
                    "--b",
                    "true",
                    "--dir",
                    folder,
                ],
                "--dir",
            ),
            (
                vec![
                    "penguins-match",
                    "--a",
                    "true",
                    "--b",
                    "true",
                    "--records",
                    folder,
                ],
                "--records",
            ),
        ];
        for (args, option) in commands {
            let args: Vec<String> = args.iter().map(|a| a.to_string()).collect();
            let output =
                run_bounded(&dir, &args, b"A1\nquit\n").unwrap_or_else(|e| panic!("{args:?}: {e}"));
            let stderr = String::from_utf8_lossy(&output.stderr);
            let stdout = String::from_utf8_lossy(&output.stdout);
            assert!(!output.status.success(), "{args:?}: {stdout}");
            assert!(
                stderr.contains(option) && stderr.contains(folder),
                "{args:?}: {stderr}"
            );
            assert!(!stdout.contains("to move"), "{args:?} played: {stdout}");
            assert!(!stdout.contains("game 1"), "{args:?} played: {stdout}");
        }
    }
}

/// Without a display (none set, or one nobody serves) the window commands say what is
/// missing and what works instead, and exit with 3, without a panic's backtrace.
#[test]
fn without_a_display_the_window_commands_say_so_and_exit_3() {
    let dir = temp_dir("fuzz-no-display");
    for (args, display) in [
        (vec![], None),
        (vec!["play", "magnetic-cave"], None),
        (vec!["play", "penguins"], Some(":987")),
    ] {
        let mut command = Command::new(env!("CARGO_BIN_EXE_tablero"));
        command
            .current_dir(&*dir)
            .env("TABLERO_LEVELS", repo().join("levels"))
            .env_remove("DISPLAY")
            .env_remove("WAYLAND_DISPLAY")
            .env_remove("WAYLAND_SOCKET")
            .args(&args)
            .stdin(Stdio::null());
        if let Some(display) = display {
            command.env("DISPLAY", display);
        }
        let output = command.output().expect("tablero runs");
        let stderr = String::from_utf8_lossy(&output.stderr);
        assert_eq!(output.status.code(), Some(3), "{args:?}: {stderr}");
        assert!(
            stderr.contains("the window") && stderr.contains("tablero console"),
            "{args:?}: {stderr}"
        );
        assert!(stderr.contains("xvfb-run"), "{args:?}: {stderr}");
        assert!(!stderr.contains("panicked"), "{args:?}: {stderr}");
    }
}
