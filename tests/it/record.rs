//! Match records, written once for all three games: the console writes them as the match
//! goes, they read back and replay to the same final position, damaged ones are refused at
//! their place, and a killed console's record resumes.

use std::io::Write;
use std::process::Stdio;
use std::time::{Duration, Instant};

use serde_json::Value;

use tablero::record::{Entry, Replayed};
use tablero::rules::Game;

use crate::support::{last_status, run_tablero, tablero, temp_dir};

/// Plays an AI-against-AI console match with `--record`, then reads the record back: it
/// replays to the final position the console printed.
fn round_trip(name: &str, args: &[&str]) -> Replayed {
    let dir = temp_dir(name);
    let file = dir.join("match.ron");
    let mut all: Vec<&str> = args.to_vec();
    let path = file.to_str().unwrap();
    all.extend(["--record", path]);
    let output = run_tablero(&all, "");
    let out = String::from_utf8_lossy(&output.stdout).into_owned();
    assert!(output.status.success(), "{out}");
    let replayed = tablero::replay::load(&file).unwrap_or_else(|e| panic!("{e}"));
    let printed = last_status(&out);
    let replayed_status: Value = serde_json::from_str(&replayed.status_json()).unwrap();
    assert_eq!(
        replayed_status, printed,
        "{name}: the replay ends where the match did"
    );
    assert!(
        replayed.record().result.is_some(),
        "{name}: the result is recorded"
    );
    // check-layout checks records too.
    let checked = run_tablero(&["check-layout", path], "");
    assert_eq!(checked.status.code(), Some(0));
    assert!(String::from_utf8_lossy(&checked.stdout).contains("a record of"));
    replayed
}

#[test]
fn every_game_records_and_replays_to_the_same_end() {
    round_trip(
        "record-cave",
        &[
            "console",
            "magnetic-cave",
            "--black",
            "ai",
            "--white",
            "ai",
            "--budget",
            "0.15",
            "--moves",
            "A1,H1",
        ],
    );
    round_trip(
        "record-penguins",
        &[
            "console",
            "penguins",
            "--players",
            "ai,ai,ai",
            "--penguins",
            "1",
            "--seed",
            "9",
            "--budget",
            "0.15",
        ],
    );
}

#[test]
fn a_patolli_record_with_beans_and_extra_rolls_replays_every_roll() {
    let replayed = round_trip(
        "record-patolli",
        &[
            "console",
            "patolli",
            "--l",
            "ai",
            "--n",
            "ai",
            "--dice-kind",
            "beans",
            "--seed",
            "12",
            "--budget",
            "0.15",
        ],
    );
    let Replayed::Patolli(record, positions) = replayed else {
        panic!("a Patolli record");
    };
    // Extra rolls: an action after which the same player rolls again.
    let extra = record
        .moves
        .iter()
        .enumerate()
        .filter(|(i, entry)| {
            matches!(entry, Entry::Act(..))
                && positions[*i].to_move() == positions[i + 1].to_move()
                && positions[i + 1].roll_due().is_some()
        })
        .count();
    assert!(extra > 0, "the match had extra rolls");
    // The beans: rolls from 0 to 5, with 0 losing turns.
    assert!(record.moves.contains(&Entry::Roll(0)));
    let rolls = record
        .moves
        .iter()
        .filter(|e| matches!(e, Entry::Roll(_)))
        .count();
    assert!(rolls > 20, "{rolls} rolls");
}

#[test]
fn damaged_records_are_refused_at_their_place() {
    let dir = temp_dir("record-damaged");
    let good = dir.join("good.ron");
    let out = run_tablero(
        &[
            "console",
            "patolli",
            "--seed",
            "4",
            "--dice",
            "2,3,4",
            "--record",
            good.to_str().unwrap(),
        ],
        "place\nplace\na\n",
    );
    assert!(out.status.success());
    let text = std::fs::read_to_string(&good).unwrap();
    assert!(
        text.contains(r#"moves: [Roll(2), Act("place A", "#),
        "{text}"
    );
    let moves_line = text.lines().position(|l| l.contains("moves:")).unwrap() + 1;
    let cases = [
        // An illegal action: piece 1 is N's, and L is to move.
        (
            text.replacen(r#"Act("move A""#, r#"Act("move 1""#, 1),
            moves_line,
            "is not yours",
        ),
        // A roll the die cannot show.
        (text.replacen("Roll(3)", "Roll(9)", 1), moves_line, "roll 9"),
        // A field records do not have.
        (
            text.replacen("budget:", "colour: 3,\n    budget:", 1),
            text.lines().position(|l| l.contains("budget:")).unwrap() + 1,
            "colour",
        ),
        // A layout that makes no game.
        (
            text.replacen("dice: Uniform", "dice: Beans(0)", 1),
            0,
            "Beans(0)",
        ),
    ];
    for (i, (damaged, line, words)) in cases.iter().enumerate() {
        assert_ne!(damaged, &text, "case {i} changes the record");
        let file = dir.join(format!("bad{i}.ron"));
        std::fs::write(&file, damaged).unwrap();
        let name = file.display().to_string();
        let checked = run_tablero(&["check-layout", &name], "");
        assert_eq!(checked.status.code(), Some(1), "case {i}");
        let err = String::from_utf8_lossy(&checked.stderr);
        assert!(err.starts_with(&format!("{name}:")), "case {i}: {err}");
        if *line > 0 {
            assert!(
                err.starts_with(&format!("{name}:{line}:")),
                "case {i}: {err} should be on line {line}"
            );
        }
        assert!(err.contains(words), "case {i}: {err} should say {words}");
        // Resuming it is refused the same way, and nothing is played.
        let resumed = run_tablero(&["console", "patolli", "--from", &name], "");
        assert_ne!(resumed.status.code(), Some(0), "case {i}");
    }
}

#[test]
fn a_killed_console_leaves_a_record_that_loads_and_resumes() {
    let dir = temp_dir("record-killed");
    let file = dir.join("match.ron");
    let mut child = tablero()
        .args([
            "console",
            "magnetic-cave",
            "--record",
            file.to_str().unwrap(),
        ])
        .stdin(Stdio::piped())
        .stdout(Stdio::null())
        .stderr(Stdio::null())
        .spawn()
        .expect("tablero starts");
    let mut stdin = child.stdin.take().expect("stdin is piped");
    stdin.write_all(b"a1\nh1\na2\nh2\nb1\n").unwrap();
    stdin.flush().unwrap();
    // Wait for the five moves to be on disk, then kill it mid-match (stdin still open).
    let started = Instant::now();
    loop {
        let moves = tablero::replay::load(&file)
            .map(|r| r.record().moves.len())
            .unwrap_or(0);
        if moves == 5 {
            break;
        }
        assert!(
            started.elapsed() < Duration::from_secs(20),
            "the record never held 5 moves"
        );
        std::thread::sleep(Duration::from_millis(20));
    }
    child.kill().unwrap();
    let _ = child.wait();
    drop(stdin);

    let replayed = tablero::replay::load(&file).expect("the killed console's record loads");
    assert_eq!(replayed.record().moves.len(), 5);
    assert!(replayed.record().result.is_none());
    let resumed = run_tablero(
        &[
            "console",
            "magnetic-cave",
            "--from",
            file.to_str().unwrap(),
            "--record",
            file.to_str().unwrap(),
        ],
        "h3\nstatus\n",
    );
    let out = String::from_utf8_lossy(&resumed.stdout);
    assert!(resumed.status.success(), "{out}");
    assert!(out.contains("Resumed after 5 entries."), "{out}");
    assert_eq!(
        last_status(&out)["moves"],
        serde_json::json!(["A1", "H1", "A2", "H2", "B1", "H3"])
    );
    assert_eq!(
        tablero::replay::load(&file).unwrap().record().moves.len(),
        6
    );
}

#[test]
fn penguins_match_writes_a_record_of_each_game_that_replays_to_its_scores() {
    let dir = temp_dir("record-penguins-match");
    let ours = env!("CARGO_BIN_EXE_tablero");
    let records = dir.join("records");
    let out = tablero()
        .args([
            "penguins-match",
            "--a",
            &format!("{ours} penguins --id alpha --budget 0.1"),
            "--b",
            &format!("{ours} penguins --id beta --budget 0.1"),
            "--games",
            "2",
            "--seed",
            "5",
            "--dir",
            dir.join("games").to_str().unwrap(),
            "--records",
            records.to_str().unwrap(),
        ])
        .output()
        .expect("tablero runs");
    let stdout = String::from_utf8_lossy(&out.stdout);
    assert!(out.status.success(), "{stdout}");
    for game in 1..=2 {
        let replayed = tablero::replay::load(&records.join(format!("game-{game}.ron")))
            .unwrap_or_else(|e| panic!("game {game}: {e}"));
        let Replayed::Penguins(record, positions) = replayed else {
            panic!("a Penguins record");
        };
        let end = positions.last().expect("positions");
        assert!(end.winners().is_some(), "game {game} replays to its end");
        // The printed line names alpha's and beta's fish; the record's players are in turn
        // order, and the programs take turns to start.
        let line = stdout
            .lines()
            .find(|l| l.starts_with(&format!("game {game} ")))
            .expect("a line per game");
        let (alpha, beta) = if game == 1 { (1, 2) } else { (2, 1) };
        assert!(
            line.contains(&format!(
                "alpha {} fish, beta {} fish",
                end.score(alpha),
                end.score(beta)
            )),
            "game {game}: {line} vs {:?}",
            end.scores()
        );
        assert!(record.result.is_some());
    }
}

/// Records in the window, headless: the referee writes the record as the match goes, a match
/// resumes from it, Save writes one to the records folder, and a replay steps through one.
mod window {
    use std::sync::Arc;
    use std::time::{Duration, Instant};

    use bevy::prelude::*;
    use tablero::app::AppStart;
    use tablero::app::magnetic_cave::referee::CaveReferee;
    use tablero::app::patolli::referee::PatolliReferee;
    use tablero::app::records::{RecordNotice, RecordsFolder, ReplayStep, SaveRecordRequested};
    use tablero::app::referee::{MatchRequested, UndoRequested};
    use tablero::layout::PatolliSetup;
    use tablero::record::{self, Record};
    use tablero::rules::Seat;
    use tablero::rules::magnetic_cave::{self, Cell};
    use tablero::rules::patolli::{self, Dice, Rules, Track};
    use tablero::setup::{CaveMatch, Match, PatolliMatch};

    use crate::referee::{headless_app_from, play, standard_levels};

    fn c(name: &str) -> Cell {
        Cell::parse(name).expect("test cell")
    }

    fn cave_start(levels: &std::path::Path) -> AppStart {
        AppStart::magnetic_cave(CaveMatch::default(), levels.join("magnetic_cave.ron"))
    }

    #[test]
    fn the_window_writes_its_record_as_it_goes_and_a_match_resumes_from_it() {
        let levels = standard_levels("window-record");
        let file = levels.join("match.ron");
        let mut start = cave_start(&levels);
        start.record_to = Some(file.clone());
        let mut app = headless_app_from(&levels, start, false);
        play(&mut app, &["A1", "H1", "B1"]);
        app.world_mut().write_message(UndoRequested);
        app.update();
        play(&mut app, &["A2"]);
        let written = tablero::replay::load(&file).unwrap_or_else(|e| panic!("{e}"));
        let moves: Vec<String> = written
            .record()
            .moves
            .iter()
            .map(|e| format!("{e:?}"))
            .collect();
        assert_eq!(moves.len(), 3, "{moves:?}");
        assert!(moves[2].contains("A2"), "the undone B1 is gone: {moves:?}");

        // `play --from`: the match goes on where the record stands, with its seats.
        let record = written.record().clone();
        let mut start = AppStart::magnetic_cave(
            magnetic_cave::State::setup_from_record(&record).unwrap(),
            levels.join("magnetic_cave.ron"),
        );
        start.resume = Some(record);
        start.record_to = Some(file.clone());
        let mut app = headless_app_from(&levels, start, false);
        let referee = app.world().resource::<CaveReferee>();
        assert_eq!(referee.state().moves(), &[c("A1"), c("H1"), c("A2")]);
        assert!(!referee.can_undo(), "nothing of this window to take back");
        play(&mut app, &["G1"]);
        assert_eq!(
            tablero::replay::load(&file).unwrap().record().moves.len(),
            4
        );
    }

    /// A `--record` file whose folder goes away mid-match: the record bar says so, the match
    /// goes on.
    #[test]
    fn a_record_that_can_no_longer_be_written_is_said_in_the_record_bar() {
        use tablero::app::records::RecordNotice;
        let levels = standard_levels("window-record-gone");
        let folder = levels.join("gone");
        std::fs::create_dir_all(&folder).unwrap();
        let file = folder.join("match.ron");
        let mut start = cave_start(&levels);
        start.record_to = Some(file.clone());
        let mut app = headless_app_from(&levels, start, false);
        play(&mut app, &["A1"]);
        assert!(file.is_file(), "the record is written");
        std::fs::remove_dir_all(&folder).unwrap();
        play(&mut app, &["H1", "B1"]);
        app.update();
        let notice = app.world().resource::<RecordNotice>().0.clone();
        let notice = notice
            .map(|n| n.in_language(tablero::i18n::Language::English))
            .unwrap_or_default();
        assert!(
            notice.contains("no longer written") && notice.contains("match.ron"),
            "{notice}"
        );
        assert_eq!(
            app.world().resource::<CaveReferee>().state().moves().len(),
            3
        );
    }

    #[test]
    fn a_patolli_match_with_beans_in_the_window_records_every_roll_and_replays_to_its_end() {
        let levels = standard_levels("window-record-patolli");
        let file = levels.join("patolli-match.ron");
        let setup = PatolliMatch::new(
            PatolliSetup {
                track: Arc::new(Track::cross(7)),
                rules: Rules {
                    dice: Dice::Beans(5),
                    ..Rules::default()
                },
            },
            vec![Seat::Ai, Seat::Ai],
            Duration::from_millis(30),
            tablero::ai::AiLevel::Hard,
            11,
            Vec::new(),
        )
        .expect("a valid setup");
        let mut start = AppStart::patolli(setup, levels.join("patolli.ron"));
        start.record_to = Some(file.clone());
        let mut app = headless_app_from(&levels, start, false);
        let began = Instant::now();
        while app.world().resource::<PatolliReferee>().actions_played() < 40
            && began.elapsed() < Duration::from_secs(60)
        {
            app.update();
        }
        let referee = app.world().resource::<PatolliReferee>();
        let state = referee.state().clone();
        let record: Record = referee.record().clone();
        assert!(record.moves.len() > 40, "rolls and actions are recorded");
        let (_, replayed) = tablero::replay::replay::<patolli::State>(&record).unwrap();
        assert_eq!(
            replayed.last(),
            Some(&state),
            "the record replays to the match"
        );
        // And the file the window wrote holds the same record (written after every change).
        std::thread::sleep(Duration::from_millis(50));
        app.update();
        let on_disk = tablero::replay::load(&file).unwrap();
        assert!(on_disk.record().moves.len() >= record.moves.len());
    }

    #[test]
    fn save_writes_the_record_to_the_records_folder_and_says_where() {
        let levels = standard_levels("window-save");
        let folder = levels.join("saved");
        let mut app = headless_app_from(&levels, cave_start(&levels), false);
        app.insert_resource(RecordsFolder(folder.clone()));
        play(&mut app, &["A1", "H1"]);
        app.world_mut().write_message(SaveRecordRequested);
        app.update();
        let notice = app
            .world()
            .resource::<RecordNotice>()
            .0
            .clone()
            .unwrap()
            .in_language(tablero::i18n::Language::English);
        let saved: Vec<_> = std::fs::read_dir(&folder).unwrap().flatten().collect();
        assert_eq!(saved.len(), 1);
        let path = saved[0].path();
        assert!(notice.contains(&path.display().to_string()), "{notice}");
        let replayed = tablero::replay::load(&path).unwrap();
        assert_eq!(replayed.record().moves.len(), 2);
    }

    /// Save's records folder is looked at when a match's screen opens: one nobody may write
    /// in (`/sys`, also as root) is said in the record bar before the first move.
    #[test]
    fn a_records_folder_save_cannot_write_in_is_said_before_the_first_move() {
        let levels = standard_levels("window-save-unwritable");
        let app = crate::referee::headless_app_with(&levels, cave_start(&levels), false, |app| {
            app.add_plugins(tablero::app::records::record_bar_plugin::<magnetic_cave::State>);
            app.insert_resource(RecordsFolder("/sys/records".into()));
        });
        let said = app.world().resource::<RecordNotice>().0.clone();
        let notice = said
            .as_ref()
            .map(|n| n.in_language(tablero::i18n::Language::English))
            .unwrap_or_default();
        assert!(
            notice.contains("Save (S) cannot keep records") && notice.contains("/sys/records"),
            "{notice}"
        );
        // The reason is worded from the typed error, in the window's language.
        let spanish = said
            .map(|n| n.in_language(tablero::i18n::Language::Spanish))
            .unwrap_or_default();
        assert!(
            spanish.contains("/sys") && !spanish.contains("cannot write"),
            "{spanish}"
        );
        assert_eq!(
            app.world().resource::<CaveReferee>().state().moves().len(),
            0
        );
    }

    #[test]
    fn a_replay_steps_back_and_forth_refuses_moves_and_continues_as_a_live_match() {
        let levels = standard_levels("window-replay-headless");
        let record = magnetic_cave::State::record(&CaveMatch::default());
        let mut record = record;
        for cell in ["A1", "H1", "B1", "G1"] {
            record.moves.push(record::Entry::Act(cell.to_string(), 0));
        }
        let mut start = AppStart::magnetic_cave(
            magnetic_cave::State::setup_from_record(&record).unwrap(),
            levels.join("magnetic_cave.ron"),
        );
        start.resume = Some(record);
        start.replay = true;
        let mut app = headless_app_from(&levels, start, false);
        let moves = |app: &App| app.world().resource::<CaveReferee>().state().moves().len();
        assert_eq!(moves(&app), 4, "a replay opens at the record's end");
        for (step, expected) in [
            (ReplayStep::Back, 3),
            (ReplayStep::Back, 2),
            (ReplayStep::Forward, 3),
            (ReplayStep::First, 0),
            (ReplayStep::Last, 4),
            (ReplayStep::Back, 3),
        ] {
            app.world_mut().write_message(step);
            app.update();
            app.update();
            assert_eq!(moves(&app), expected, "after {step:?}");
        }
        // Nobody plays in a replay.
        play(&mut app, &["G1"]);
        assert_eq!(moves(&app), 3);
        // Playing at speed steps on by itself to the end, then stops; Back stops it too.
        app.world_mut().write_message(ReplayStep::PlayPause);
        for _ in 0..120 {
            app.update();
        }
        assert_eq!(moves(&app), 4, "played to the end");
        app.world_mut().write_message(ReplayStep::Back);
        app.update();
        app.update();
        assert_eq!(moves(&app), 3);
        // Continue from here: a live match from the position shown.
        app.world_mut().write_message(ReplayStep::Continue);
        app.update();
        app.update();
        assert!(!app.world().resource::<CaveReferee>().paused());
        play(&mut app, &["C1"]);
        assert_eq!(moves(&app), 4);
        let last = app.world().resource::<CaveReferee>().state().moves()[3];
        assert_eq!(last, c("C1"));
        // A new match request is not disturbed by the finished replay.
        app.world_mut()
            .write_message(MatchRequested::<magnetic_cave::State>::new(
                CaveMatch::default(),
            ));
        app.update();
        assert_eq!(moves(&app), 0);
    }
}

/// A record keeps the AI's level (left out at `hard`, the default, so older records read
/// as they did), and a match resumed from it plays on at that level.
#[test]
fn a_record_keeps_the_ai_level_and_a_resumed_match_plays_at_it() {
    let replayed = round_trip(
        "record-level",
        &[
            "console", "patolli", "--l", "ai", "--n", "ai", "--seed", "4", "--level", "easy",
        ],
    );
    assert_eq!(replayed.record().level, tablero::ai::AiLevel::Easy);
    assert!(replayed.record().to_ron().contains("level: Easy"));
    let hard = round_trip(
        "record-level-hard",
        &[
            "console", "patolli", "--l", "ai", "--n", "ai", "--seed", "4", "--budget", "0.05",
        ],
    );
    assert!(!hard.record().to_ron().contains("level"));

    // Resumed from its opening moves, a cave match goes on with the record's easy AI.
    let dir = temp_dir("record-level-resume");
    let file = dir.join("cave.ron");
    let path = file.to_str().unwrap();
    let args = [
        "console",
        "magnetic-cave",
        "--black",
        "ai",
        "--level",
        "easy",
        "--record",
        path,
    ];
    let output = run_tablero(&args, "H1\nquit\n");
    assert!(output.status.success());
    // White to move; its first legal cell of these brings the AI's answer.
    let input = "H2\nA2\nH3\nA3\nquit\n";
    let output = run_tablero(&["console", "magnetic-cave", "--from", path], input);
    let out = String::from_utf8_lossy(&output.stdout);
    assert!(out.contains("■ (AI, easy) plays"), "{out}");
}

/// A record file kept as a match goes grows in place entry by entry and is rewritten whole
/// on an undo or at the end; after every write the file loads as the record it was given.
#[test]
fn a_record_file_grows_entry_by_entry_and_loads_after_every_write() {
    use rand::rngs::StdRng;
    use rand::{RngExt, SeedableRng};
    use tablero::record::RecordFile;
    use tablero::rules::{Seat, patolli};
    use tablero::runner::MatchRunner;
    use tablero::setup::PatolliMatch;

    let dir = temp_dir("record-file-grows");
    let path = dir.join("grows.ron");
    let setup = PatolliMatch::new(
        tablero::layout::PatolliSetup {
            track: std::sync::Arc::new(patolli::Track::cross(7)),
            rules: patolli::Rules::default(),
        },
        vec![Seat::Human, Seat::Human],
        Duration::from_secs(1),
        tablero::ai::AiLevel::Hard,
        7,
        Vec::new(),
    )
    .expect("a valid setup");
    let mut runner = MatchRunner::<patolli::State>::new(setup);
    let mut file = RecordFile::new(path.clone());
    let mut rng = StdRng::seed_from_u64(7);
    let mut writes = 0;
    while runner.state().outcome().is_none() && writes < 400 {
        if runner.roll().is_none() {
            let actions = runner.state().legal_actions();
            let action = actions[rng.random_range(0..actions.len())];
            runner.apply(action, Seat::Human).expect("a legal action");
        }
        // Now and then a take-back: the file is written whole again.
        if writes % 37 == 36 {
            let _ = runner.undo();
        }
        file.write(runner.record(), runner.takebacks())
            .expect("the record is written");
        writes += 1;
        let loaded = tablero::replay::load(&path).unwrap_or_else(|e| panic!("write {writes}: {e}"));
        assert_eq!(loaded.record(), runner.record(), "write {writes}");
    }
    assert!(writes > 100, "{writes} writes");
}
