//! The console, driven through standard input as a script would.

use serde_json::Value;

use crate::support::{data, last_status, run_tablero};

fn stdout(output: &std::process::Output) -> String {
    String::from_utf8_lossy(&output.stdout).into_owned()
}

#[test]
fn plays_to_a_win() {
    let output = run_tablero(
        &["console", "magnetic-cave"],
        "a1\nh1\nA2\nH2\nA3\nH3\nA4\nH4\nA5\n",
    );
    assert!(output.status.success());
    let out = stdout(&output);
    assert!(out.contains("■ wins: A1-A5"), "{out}");
    let status = last_status(&out);
    assert_eq!(status["winner"], "black");
    assert_eq!(status["moves"].as_array().unwrap().len(), 9);
    // The board is printed after every move, with the coordinates.
    assert!(out.matches("A B C D E F G H").count() >= 2 * 10, "{out}");
}

#[test]
fn plays_to_a_tie() {
    let moves = data("tie_8x8_5.txt").replace(',', "\n");
    let output = run_tablero(&["console", "magnetic-cave"], &format!("{moves}\n"));
    assert!(output.status.success());
    let out = stdout(&output);
    assert!(out.contains("Tie: the cave is full"), "{out}");
    assert_eq!(last_status(&out)["winner"], "tie");
}

#[test]
fn answers_wrong_entries_and_asks_again() {
    let output = run_tablero(
        &["console", "magnetic-cave", "--moves", "A1,H1"],
        "C5\nhello\nA1\nstatus\nB1\nstatus\n",
    );
    assert!(output.status.success(), "exits 0 at the end of input");
    let out = stdout(&output);
    assert!(out.contains("Illegal move: C5 is not stacked"), "{out}");
    assert!(out.contains("`hello` is not a cell name"), "{out}");
    assert!(
        out.contains("Illegal move: A1 already holds a brick"),
        "{out}"
    );
    let statuses: Vec<Value> = out
        .lines()
        .filter(|l| l.starts_with('{'))
        .map(|l| serde_json::from_str(l).unwrap())
        .collect();
    assert_eq!(statuses.len(), 2);
    assert_eq!(statuses[0]["moves"], serde_json::json!(["A1", "H1"]));
    assert_eq!(statuses[0]["turn"], "black");
    assert_eq!(statuses[0]["winner"], Value::Null);
    assert_eq!(statuses[1]["moves"], serde_json::json!(["A1", "H1", "B1"]));
    assert_eq!(statuses[1]["turn"], "white");
}

#[test]
fn ai_against_ai_plays_to_the_end_without_input() {
    let output = run_tablero(
        &[
            "console",
            "magnetic-cave",
            "--black",
            "ai",
            "--white",
            "ai",
            "--budget",
            "0.2",
        ],
        "",
    );
    assert!(output.status.success());
    let out = stdout(&output);
    let status = last_status(&out);
    assert!(status["winner"].is_string(), "{out}");
    assert!(out.contains("(AI) plays"), "{out}");
}

#[test]
fn human_against_ai_the_ai_answers() {
    let output = run_tablero(
        &[
            "console",
            "magnetic-cave",
            "--white",
            "ai",
            "--budget",
            "0.3",
        ],
        "A1\nstatus\n",
    );
    let out = stdout(&output);
    let status = last_status(&out);
    assert_eq!(status["moves"].as_array().unwrap().len(), 2, "{out}");
    assert_eq!(status["turn"], "black");
}

#[test]
fn illegal_opening_moves_are_refused() {
    let output = run_tablero(&["console", "magnetic-cave", "--moves", "A1,C4"], "");
    assert!(!output.status.success());
    let err = String::from_utf8_lossy(&output.stderr);
    assert!(err.contains("C4 is not stacked"), "{err}");
}

#[test]
fn every_command_explains_itself() {
    for args in [
        vec!["--help"],
        vec!["console", "--help"],
        vec!["console", "magnetic-cave", "--help"],
        vec!["console", "patolli", "--help"],
        vec!["play", "magnetic-cave", "--help"],
        vec!["check-layout", "--help"],
    ] {
        let output = run_tablero(&args, "");
        assert!(output.status.success(), "{args:?}");
        assert!(stdout(&output).contains("Usage"), "{args:?}");
    }
}

/// Numbers the commands cannot use are refused with the option and the reason, before any
/// game starts: a negative budget reaches the budget's own check (not clap's "unexpected
/// argument"), and a tournament or match of no games is refused.
#[test]
fn impossible_budgets_and_game_counts_are_refused() {
    let budget = "the budget must be more than 0";
    let no_games = "invalid value '0' for '--games";
    let tournament = "tournament --game magnetic-cave --a random --b random";
    for (line, expected) in [
        ("console magnetic-cave --budget -1".to_string(), budget),
        ("play magnetic-cave --budget -0.5".to_string(), budget),
        (format!("{tournament} --budget -2"), budget),
        (format!("{tournament} --games 0"), no_games),
        ("penguins-match --a x --b y --games 0".to_string(), no_games),
    ] {
        let args: Vec<&str> = line.split_whitespace().collect();
        let output = run_tablero(&args, "");
        let err = String::from_utf8_lossy(&output.stderr);
        assert!(!output.status.success(), "{line}");
        assert!(err.contains(expected), "{line}: {err}");
    }
}

mod patolli {
    use serde_json::Value;

    use super::{last_status, stdout};
    use crate::support::run_tablero;

    fn statuses(out: &str) -> Vec<Value> {
        out.lines()
            .filter(|l| l.starts_with('{'))
            .map(|l| serde_json::from_str(l).expect("status is JSON"))
            .collect()
    }

    #[test]
    fn scripted_rolls_placements_moves_and_refusals() {
        // L rolls 3 (opening), N rolls 2 (opening), L rolls 4, N rolls 0 (turn lost), L rolls
        // 5, then the seeded dice.
        let output = run_tablero(
            &["console", "patolli", "--seed", "1", "--dice", "3,2,4,0,5"],
            "a\nplace\nstatus\nc\nplace 1\nb\na\nstatus\nplace\nstatus\n",
        );
        assert!(output.status.success());
        let out = stdout(&output);
        for expected in [
            "Player L rolls 3.",
            "Illegal: your first turn must place a piece",
            "Player L: places A on square 23.",
            "Illegal: piece C is not yours",
            "Player N: places 1 on square 53.",
            "Illegal: piece B is not on the board",
            "Player L: moves A from 23 to 27.",
            "Player N rolls 0 and loses the turn.",
            "Player L: places B on square 23.",
        ] {
            assert!(out.contains(expected), "{expected}\n{out}");
        }
        let s = statuses(&out);
        assert_eq!(s.len(), 3, "{out}");
        assert_eq!(
            (s[0]["turn"].as_str(), s[0]["roll"].as_u64()),
            (Some("N"), Some(2))
        );
        assert_eq!(s[0]["pieces"]["A"], 23);
        assert_eq!(s[0]["pieces"]["1"], "pool");
        assert_eq!(
            (s[1]["turn"].as_str(), s[1]["roll"].as_u64()),
            (Some("L"), Some(5))
        );
        assert_eq!(s[1]["pieces"]["A"], 27);
        assert_eq!(s[1]["pieces"]["1"], 53);
        assert_eq!(s[2]["turn"], "N");
        assert_eq!(s[2]["pieces"]["B"], 23);
        assert_eq!(s[2]["score"]["L"], 0);
        assert_eq!(s[2]["winner"], Value::Null);
    }

    #[test]
    fn ai_against_ai_plays_to_the_end_without_input() {
        let output = run_tablero(
            &[
                "console", "patolli", "--l", "ai", "--n", "ai", "--budget", "0.02", "--seed", "3",
            ],
            "",
        );
        assert!(output.status.success());
        let out = stdout(&output);
        let status = last_status(&out);
        assert!(status["winner"].is_string(), "{status}");
        let winner = status["winner"].as_str().unwrap();
        assert_eq!(status["score"][winner], 6);
        assert!(out.contains(&format!("Player {winner} wins")), "{out}");
    }

    #[test]
    fn bad_dice_and_options_are_refused() {
        let output = run_tablero(&["console", "patolli", "--dice", "3,9"], "");
        assert!(!output.status.success());
        assert!(String::from_utf8_lossy(&output.stderr).contains("9 is not a roll"));
        let output = run_tablero(&["console", "patolli", "--overshoot", "bounce"], "");
        assert!(!output.status.success());
        // Listening options without hosting would be ignored: they are refused instead.
        let output = run_tablero(&["console", "patolli", "--port", "4999"], "");
        assert!(!output.status.success());
        assert!(String::from_utf8_lossy(&output.stderr).contains("add --host"));
    }
}

/// `undo` works alike in every game's console (one loop): the status after a move and its undo
/// is the status before the move.
#[test]
fn undo_takes_back_the_last_human_decision_in_every_game() {
    fn statuses(out: &str) -> Vec<Value> {
        out.lines()
            .filter(|l| l.starts_with('{'))
            .map(|l| serde_json::from_str(l).expect("status lines are JSON"))
            .collect()
    }
    let games: [(&[&str], &str); 3] = [
        (
            &["console", "magnetic-cave"],
            "a1\nh1\nstatus\nb1\nundo\nstatus\n",
        ),
        (
            &["console", "patolli", "--seed", "3", "--dice", "2,4,3"],
            "place\nplace\nstatus\na\nundo\nstatus\n",
        ),
        (
            &[
                "console",
                "penguins",
                "--players",
                "human,human",
                "--layout",
                "levels/penguins_fixed.ron",
            ],
            "status\n1 0\nundo\nstatus\n",
        ),
    ];
    for (args, input) in games {
        let output = run_tablero(args, input);
        let out = stdout(&output);
        assert!(output.status.success(), "{args:?}: {out}");
        let s = statuses(&out);
        assert_eq!(s.len(), 2, "{args:?}: {out}");
        assert_eq!(s[0], s[1], "{args:?}: {out}");
    }
    // Nothing to undo at the start.
    let output = run_tablero(
        &["console", "penguins", "--players", "human,human"],
        "undo\n",
    );
    assert!(stdout(&output).contains("Nothing to undo."));
}

/// The engine protocol as a process: moves by either side, `go` with its info and bestmove
/// lines (applied), bad lines answered with `error` and nothing changed, `show`, `undo`.
#[test]
fn the_engine_protocol_plays_and_answers_bad_lines_with_errors() {
    let output = crate::support::run_tablero(
        &["engine", "magnetic-cave"],
        "newgame\nmove a1\nmove d4\nmove nonsense\ngo 0.3\nfly\ngo 0\nnewgame 8 8 9\ngo 1e308\nnewgame 1 1 2\nshow\nundo\nshow\nquit\nmove h1\n",
    );
    assert!(output.status.success());
    let out = String::from_utf8_lossy(&output.stdout);
    let lines: Vec<&str> = out.lines().collect();
    assert_eq!(lines[0], "ok", "{out}");
    assert_eq!(lines[1], "ok", "{out}");
    assert!(
        lines[2].starts_with("error ") && lines[2].contains("D4"),
        "{out}"
    );
    assert!(lines[3].starts_with("error "), "{out}");
    assert!(lines[4].starts_with("info depth "), "{out}");
    let best = lines[5].strip_prefix("bestmove ").expect("a bestmove line");
    assert!(lines[6].starts_with("error unknown command"), "{out}");
    assert!(lines[7].starts_with("error "), "{out}");
    assert!(
        lines[8].starts_with("error ") && lines[8].contains("win_length"),
        "{out}"
    );
    // A number out of range is quoted as written, not as a 309-digit expansion.
    assert_eq!(
        lines[9], "error go takes more than 0 and at most 600 seconds, not 1e308",
        "{out}"
    );
    assert!(lines[10].contains("1x1 cave holds no line"), "{out}");
    // show: the cave with A1 and the engine's move, then the status line and ok.
    let status: Vec<&str> = lines
        .iter()
        .copied()
        .filter(|l| l.starts_with('{'))
        .collect();
    let first: serde_json::Value = serde_json::from_str(status[0]).unwrap();
    assert_eq!(first["moves"], serde_json::json!(["A1", best]), "{out}");
    let second: serde_json::Value = serde_json::from_str(status[1]).unwrap();
    assert_eq!(
        second["moves"],
        serde_json::json!(["A1"]),
        "undo took it back"
    );
    assert_eq!(lines.last(), Some(&"ok"), "nothing after quit: {out}");
}

/// A tournament between the engine protocol (run as an outside program) and the built-in
/// engine: both seats, no forfeits, so the protocol is spoken both ways.
#[test]
fn the_engine_protocol_plays_a_tournament_as_an_outside_program() {
    let program = format!("cmd:{} engine magnetic-cave", env!("CARGO_BIN_EXE_tablero"));
    let summary = crate::support::tournament(&[
        "--game",
        "magnetic-cave",
        "--a",
        &program,
        "--b",
        "greedy",
        "--games",
        "2",
        "--budget",
        "0.2",
        "--seed",
        "9",
    ]);
    let results = summary["results"].as_array().unwrap();
    assert!(results.iter().all(|r| r["forfeit"].is_null()), "{summary}");
    assert_eq!(summary["wins"], 2, "the engine beats greedy: {summary}");
}

/// An outside program that cannot be started forfeits its games with the shell's exit status
/// and its last error line, in both games' tournaments.
#[test]
fn a_program_that_cannot_start_forfeits_with_the_reason() {
    for game in ["magnetic-cave", "penguins"] {
        let summary = crate::support::tournament(&[
            "--game",
            game,
            "--a",
            "cmd:/nonexistent/tablero-test-program",
            "--b",
            "random",
            "--games",
            "2",
            "--seed",
            "1",
        ]);
        for result in summary["results"].as_array().unwrap() {
            let reason = result["forfeit"]["reason"].to_string();
            assert_eq!(result["forfeit"]["side"], "a", "{summary}");
            assert!(reason.contains("127"), "{game}: {reason}");
            assert!(
                reason.contains("/nonexistent/tablero-test-program"),
                "{game}: {reason}"
            );
        }
    }
}

/// Penguins through the file protocol in a tournament: our own protocol player as the outside
/// program, three players on a small board (so the program sits in every seat and gets its
/// number from the order of placements), refereed by `penguins-match`'s checks; no forfeits.
/// A program that cannot say its ID forfeits with the reason. The game files go to the
/// temporary folder and are gone when the tournament ends.
#[test]
fn a_file_protocol_program_plays_a_penguins_tournament() {
    let program = format!(
        "cmd:{} penguins --id outside --budget 0.2",
        env!("CARGO_BIN_EXE_tablero")
    );
    let scratch = crate::support::temp_dir("file-protocol-tournament");
    let run = |a: &str, players: &str| {
        let mut command = crate::support::tablero();
        command.env("TMPDIR", &*scratch);
        let summary = crate::support::tournament_with(
            command,
            &[
                "--game",
                "penguins",
                "--players",
                players,
                "--rows",
                "6",
                "--cols",
                "6",
                "--penguins",
                "1",
                "--a",
                a,
                "--b",
                "engine",
                "--games",
                "3",
                "--budget",
                "0.2",
                "--seed",
                "5",
            ],
        );
        summary["results"].as_array().unwrap().clone()
    };
    let results = run(&program, "3");
    assert_eq!(results.len(), 3);
    assert!(
        results.iter().all(|r| r["forfeit"].is_null()),
        "{results:?}"
    );
    let left: Vec<_> = std::fs::read_dir(&*scratch)
        .expect("the scratch folder is there")
        .flatten()
        .map(|entry| entry.file_name())
        .collect();
    assert!(left.is_empty(), "left in the temporary folder: {left:?}");
    let results = run("cmd:false", "2");
    assert!(
        results
            .iter()
            .all(|r| r["forfeit"].to_string().contains("did not print an ID")),
        "{results:?}"
    );
}

/// What the search proved is reported: a win in one (`info proven black wins in 1`) and, in
/// the console, the same verdict after the AI's move.
#[test]
fn the_engine_protocol_and_the_console_report_a_proved_win() {
    let moves = "A1,H1,A2,H2,A3,H3,A4,G1";
    let input: String = moves
        .split(',')
        .map(|m| format!("move {m}\n"))
        .chain(["go 1\nquit\n".to_string()])
        .collect();
    let output = crate::support::run_tablero(&["engine", "magnetic-cave"], &input);
    let out = String::from_utf8_lossy(&output.stdout);
    assert!(
        out.contains("\ninfo proven black wins in 1\nbestmove A5\n"),
        "{out}"
    );

    let output = crate::support::run_tablero(
        &[
            "console",
            "magnetic-cave",
            "--black",
            "ai",
            "--white",
            "human",
            "--budget",
            "1",
            "--moves",
            moves,
        ],
        "",
    );
    let out = String::from_utf8_lossy(&output.stdout);
    assert!(out.contains("■ (AI) plays A5"), "{out}");
    assert!(out.contains(": ■ wins in 1"), "{out}");
}

/// `--level` picks the AI's player in every console: `easy` is greedy, one move ahead, and a
/// level below the engine claims no proof (its scores are on another scale).
#[test]
fn the_ai_level_picks_the_player_and_only_the_engine_claims_proofs() {
    // White to move has lost after Black's C6 (a win in three, `tests/it/ai.rs`).
    let moves = "H2,H6,A2,H4,H3,A5,B5,G6,A3,A1,G3,G4,F4,F6,F3,H1,G2,B3,C3,D3,A4,B2,H8,E6,D6,B4,\
                 F2,A6,B1,C1,E4,D1,C6";
    let run = |level: &str| {
        let args = [
            "console",
            "magnetic-cave",
            "--white",
            "ai",
            "--budget",
            "1",
            "--level",
            level,
            "--moves",
            moves,
        ];
        stdout(&crate::support::run_tablero(&args, ""))
    };
    let medium = run("medium");
    assert!(medium.contains("□ (AI, medium) plays"), "{medium}");
    assert!(!medium.contains("wins in"), "{medium}");
    let hard = run("hard");
    assert!(hard.contains("□ (AI) plays"), "{hard}");
    assert!(hard.contains(": ■ wins in 2"), "{hard}");

    for game in [
        &[
            "console", "patolli", "--l", "ai", "--n", "ai", "--seed", "5", "--level", "easy",
        ][..],
        &[
            "console",
            "penguins",
            "--players",
            "ai,ai",
            "--seed",
            "5",
            "--level",
            "easy",
        ][..],
        &[
            "console",
            "magnetic-cave",
            "--black",
            "ai",
            "--white",
            "ai",
            "--level",
            "easy",
        ][..],
    ] {
        let output = crate::support::run_tablero(game, "");
        assert!(output.status.success(), "{game:?}");
        let out = stdout(&output);
        assert!(out.contains("winner"), "{game:?}: {out}");
    }
    let output = crate::support::run_tablero(&["console", "patolli", "--level", "expert"], "");
    assert!(!output.status.success());
    let err = String::from_utf8_lossy(&output.stderr);
    assert!(
        err.contains("`expert` is no AI level: easy, medium or hard"),
        "{err}"
    );
}

/// Sends `tablero ARGS` a line of 200 MB without a newline for most of it, then `probe`;
/// returns what it printed up to the line that `answered` recognises, and its peak memory
/// (VmHWM, in kB) read from `/proc` while it still runs.
fn peak_memory_after_a_huge_line(
    args: &[&str],
    probe: &str,
    answered: fn(&str) -> bool,
) -> (String, u64) {
    use std::io::{BufRead, Write};
    let mut child = crate::support::tablero()
        .args(args)
        .stdin(std::process::Stdio::piped())
        .stdout(std::process::Stdio::piped())
        .stderr(std::process::Stdio::null())
        .spawn()
        .expect("tablero starts");
    let mut input = child.stdin.take().expect("stdin is piped");
    let probe = probe.to_string();
    let writer = std::thread::spawn(move || {
        let chunk = vec![b'x'; 1 << 20];
        for _ in 0..200 {
            input.write_all(&chunk).expect("the program reads on");
        }
        input
            .write_all(format!("\n{probe}\n").as_bytes())
            .expect("the program reads on");
        input
    });
    let mut out = String::new();
    let mut lines = std::io::BufReader::new(child.stdout.take().expect("stdout is piped")).lines();
    for line in lines.by_ref() {
        let line = line.expect("output");
        out.push_str(&line);
        out.push('\n');
        if answered(&line) {
            break;
        }
    }
    let status = std::fs::read_to_string(format!("/proc/{}/status", child.id()))
        .expect("the program still runs");
    let peak = status
        .lines()
        .find_map(|l| l.strip_prefix("VmHWM:"))
        .and_then(|v| v.trim().trim_end_matches("kB").trim().parse().ok())
        .expect("VmHWM in /proc/PID/status");
    drop(writer.join().expect("the writer ends"));
    let _ = child.wait();
    (out, peak)
}

/// A line of 200 MB is refused with its reason and skipped, and the next line answered; the
/// program never holds it (before the limit the engine took 425 MB and the console 621 MB).
#[test]
fn a_200_mb_line_is_skipped_with_its_reason_in_bounded_memory() {
    const MOST_KB: u64 = 100 << 10;
    let (out, peak) =
        peak_memory_after_a_huge_line(&["engine", "magnetic-cave"], "show", |l| l == "ok");
    assert!(
        out.contains("error a line of 209715200 bytes is over the limit of 4096 bytes"),
        "{out}"
    );
    assert!(out.contains("\"moves\":[]"), "{out}");
    assert!(peak < MOST_KB, "the engine peaked at {peak} kB");
    let (out, peak) = peak_memory_after_a_huge_line(&["console", "magnetic-cave"], "status", |l| {
        l.starts_with('{')
    });
    assert!(
        out.contains("A line of 209715200 bytes is over the limit of 4096 bytes: it was skipped."),
        "{out}"
    );
    assert!(peak < MOST_KB, "the console peaked at {peak} kB");
}
