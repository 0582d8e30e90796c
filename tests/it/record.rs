//! Match records, written once for all three games: the console writes them as the match
//! goes, they read back and replay to the same final position, damaged ones are refused at
//! their place, and a killed console's record resumes.

use std::io::Write;
use std::process::Stdio;
use std::time::{Duration, Instant};

use serde_json::Value;

use tablero::record::{self, Entry, Replayed};
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
    let replayed = record::load(&file).unwrap_or_else(|e| panic!("{e}"));
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
        let moves = record::load(&file)
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

    let replayed = record::load(&file).expect("the killed console's record loads");
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
    assert_eq!(record::load(&file).unwrap().record().moves.len(), 6);
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
        let replayed = record::load(&records.join(format!("game-{game}.ron")))
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
