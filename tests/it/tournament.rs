//! `tablero tournament` as a process: fixed-seed tournaments of a few fast games for every
//! game, the JSON summary adds up, seats are swapped in pairs, records replay, and bad player
//! specs are refused with a clear error.

use tablero::tournament::{Spec, elo};

use crate::support::{run_tablero, temp_dir, tournament};

#[test]
fn a_fixed_seed_tournament_of_each_game_adds_up_and_swaps_seats() {
    for game in ["magnetic-cave", "patolli", "penguins"] {
        let summary = tournament(&[
            "--game", game, "--a", "greedy", "--b", "random", "--games", "4", "--seed", "3",
            "--jobs", "2",
        ]);
        let count = |key: &str| summary[key].as_u64().unwrap_or(u64::MAX);
        assert_eq!(count("games"), 4, "{game}: {summary}");
        assert_eq!(
            count("wins") + count("draws") + count("losses"),
            4,
            "{game}"
        );
        let results = summary["results"].as_array().expect("results");
        let seats: Vec<u64> = results
            .iter()
            .map(|r| r["a_seat"].as_u64().unwrap())
            .collect();
        assert_eq!(seats, [0, 1, 0, 1], "{game}: seats swap in pairs");
        assert!(
            results.iter().all(|r| r["forfeit"].is_null()),
            "{game}: {summary}"
        );
        let score = summary["score"].as_f64().unwrap();
        assert!((0.0..=1.0).contains(&score));
        // The same seed plays the same games.
        let again = tournament(&[
            "--game", game, "--a", "greedy", "--b", "random", "--games", "4", "--seed", "3",
        ]);
        assert_eq!(
            again["results"], summary["results"],
            "{game}: replayable from its seed"
        );
    }
}

#[test]
fn an_engine_beats_random_and_each_game_is_recorded() {
    let dir = temp_dir("tournament-records");
    let summary = tournament(&[
        "--game",
        "magnetic-cave",
        "--a",
        "engine:budget=0.3",
        "--b",
        "random",
        "--games",
        "2",
        "--seed",
        "5",
        "--records",
        dir.to_str().unwrap(),
    ]);
    assert_eq!(summary["wins"], 2, "{summary}");
    // A perfect score has no finite Elo: only its one-sided lower bound.
    assert!(
        summary["elo"].is_null() && summary["elo_high"].is_null(),
        "{summary}"
    );
    let low = summary["elo_low"].as_f64();
    assert!(
        low.is_some_and(|low| (low - elo(0.05f64.sqrt(), 2)).abs() < 1e-9),
        "{summary}"
    );
    // Every decision within its budget (the engine stops at 80 % of it).
    assert!(
        summary["a_slowest_ms"].as_f64().unwrap() < 300.0,
        "{summary}"
    );
    for game in 1..=2 {
        let path = dir.join(format!("game-{game}.ron"));
        let replayed = tablero::replay::load(&path).unwrap_or_else(|e| panic!("{e}"));
        assert!(
            replayed.record().result.is_some(),
            "game {game} has its result"
        );
    }
}

#[test]
fn bad_player_specs_are_refused_with_the_reason() {
    for (spec, expected) in [
        ("nobody", "is no player"),
        ("engine:budget=0", "budget"),
        ("engine:depth=3", "unknown setting"),
        ("engine-v2", "is no player"),
        ("random:budget=1", "takes no budget"),
    ] {
        let output = run_tablero(
            &[
                "tournament",
                "--game",
                "patolli",
                "--a",
                spec,
                "--b",
                "random",
            ],
            "",
        );
        let err = String::from_utf8_lossy(&output.stderr);
        assert_eq!(output.status.code(), Some(2), "{spec}: {err}");
        assert!(err.contains(expected), "{spec}: {err}");
    }
    // The classroom player is Magnetic Cave's only: elsewhere its games are forfeits.
    let summary = tournament(&[
        "--game",
        "patolli",
        "--a",
        "classroom",
        "--b",
        "random",
        "--games",
        "2",
        "--seed",
        "1",
    ]);
    assert_eq!(summary["losses"], 2, "{summary}");
    assert!(
        summary["results"][0]["forfeit"]["reason"]
            .as_str()
            .unwrap_or("")
            .contains("no classroom player")
    );
}

#[test]
fn elo_follows_the_score_and_specs_read_back() {
    assert!(elo(0.5, 2).abs() < 1e-9);
    assert!((elo(0.75, 2) - 190.8).abs() < 0.1);
    assert!(elo(0.25, 2) < -190.0);
    // Three players: a third is an even score; half of the wins is g = 2, +120.
    assert!(elo(1.0 / 3.0, 3).abs() < 1e-9);
    assert!((elo(0.5, 3) - 120.4).abs() < 0.1);
    for text in [
        "random",
        "greedy",
        "engine",
        "engine:budget=0.5",
        "classroom:budget=1",
        "medium",
        "medium:budget=0.5",
    ] {
        let spec: Spec = text.parse().unwrap();
        assert_eq!(spec.to_string(), text);
    }
}

#[test]
fn a_penguins_tournament_of_three_players_seats_a_in_turn_on_a_bigger_board() {
    let summary = tournament(&[
        "--game",
        "penguins",
        "--a",
        "greedy",
        "--b",
        "random",
        "--players",
        "3",
        "--rows",
        "10",
        "--cols",
        "10",
        "--penguins",
        "3",
        "--games",
        "3",
        "--seed",
        "4",
    ]);
    assert_eq!(summary["players"], 3, "{summary}");
    let seats: Vec<u64> = summary["results"]
        .as_array()
        .unwrap()
        .iter()
        .map(|r| r["a_seat"].as_u64().unwrap())
        .collect();
    assert_eq!(seats, [0, 1, 2], "A sits in each seat of the set");
    // Options that do not fit are refused.
    let output = run_tablero(
        &[
            "tournament",
            "--game",
            "magnetic-cave",
            "--a",
            "random",
            "--b",
            "random",
            "--players",
            "3",
        ],
        "",
    );
    assert_eq!(output.status.code(), Some(2));
    assert!(
        String::from_utf8_lossy(&output.stderr).contains("for Patolli and Penguins tournaments")
    );
}

/// `medium` plays the window's Medium AI level in every game (the ladder in the README).
#[test]
fn the_medium_level_plays_a_tournament_in_every_game() {
    for game in ["magnetic-cave", "patolli", "penguins"] {
        let summary = tournament(&[
            "--game", game, "--a", "medium", "--b", "random", "--games", "2", "--budget", "0.2",
            "--seed", "3",
        ]);
        assert_eq!(summary["games"], 2, "{game}: {summary}");
        let forfeits = summary["results"]
            .as_array()
            .unwrap()
            .iter()
            .filter(|r| !r["forfeit"].is_null())
            .count();
        assert_eq!(forfeits, 0, "{game}: {summary}");
    }
}

/// Two shards of a seeded list, merged, are one run of the whole list: the same games,
/// results, score, Elo and interval. The merged table also comes from the command line.
#[test]
fn two_shards_merged_are_one_run_of_the_whole_list() {
    let args = [
        "--game",
        "magnetic-cave",
        "--a",
        "greedy",
        "--b",
        "random",
        "--games",
        "8",
        "--seed",
        "17",
    ];
    let whole = tournament(&args);
    let dir = temp_dir("tournament-shards");
    let mut files = Vec::new();
    let mut numbers = Vec::new();
    for shard in ["1/2", "2/2"] {
        let part = tournament(&[&args[..], &["--shard", shard]].concat());
        assert_eq!(part["shard"]["n"], 2, "{part}");
        numbers.extend(
            part["results"]
                .as_array()
                .expect("results")
                .iter()
                .map(|r| r["number"].as_u64().unwrap_or(0)),
        );
        let file = dir.join(format!("shard-{}.json", &shard[..1]));
        std::fs::write(&file, part.to_string()).expect("write the shard's summary");
        files.push(file);
    }
    numbers.sort_unstable();
    assert_eq!(
        numbers,
        (1..=8).collect::<Vec<u64>>(),
        "the shards hold every game once"
    );
    let file_args: Vec<&str> = files.iter().filter_map(|f| f.to_str()).collect();
    let merged = tournament(&[&["--merge"], &file_args[..]].concat());
    for key in [
        "game",
        "a",
        "b",
        "games",
        "budget",
        "seed",
        "wins",
        "draws",
        "losses",
        "score",
        "elo",
        "elo_low",
        "elo_high",
        "a_score_first",
        "a_score_second",
        "players",
        "results",
    ] {
        assert_eq!(merged[key], whole[key], "{key}: {merged}");
    }
    assert!(merged["shard"].is_null());
    // The table, as people read it.
    let table = run_tablero(&[&["tournament", "--merge"], &file_args[..]].concat(), "");
    let text = String::from_utf8_lossy(&table.stdout);
    assert!(table.status.success() && text.contains("8 games"), "{text}");
    // The same shard twice, or a shard of another seed, is refused.
    let twice = run_tablero(&["tournament", "--merge", file_args[0], file_args[0]], "");
    let why = String::from_utf8_lossy(&twice.stderr);
    assert!(
        !twice.status.success() && why.contains("in two of the summaries"),
        "{why}"
    );
    let other = tournament(&[&args[..8], &["--seed", "18", "--shard", "2/2"]].concat());
    let other_file = dir.join("other.json");
    std::fs::write(&other_file, other.to_string()).expect("write");
    let other_path = other_file.to_str().unwrap_or_default();
    let mixed = run_tablero(&["tournament", "--merge", file_args[0], other_path], "");
    let why = String::from_utf8_lossy(&mixed.stderr);
    assert!(!mixed.status.success() && why.contains("the seed"), "{why}");
    // A shard that is not K/N is refused before any game.
    let bad = run_tablero(
        &[&["tournament"], &args[..], &["--shard", "3/2"]].concat(),
        "",
    );
    assert!(!bad.status.success());
    assert!(String::from_utf8_lossy(&bad.stderr).contains("is not a shard"));
    // A shard past the list's sets holds no game and is refused before any game.
    let empty = run_tablero(
        &[&["tournament"], &args[..], &["--shard", "5/5"]].concat(),
        "",
    );
    assert!(!empty.status.success());
    assert!(String::from_utf8_lossy(&empty.stderr).contains("this shard has none"));
}

/// A perfect score has no finite Elo: its interval is one-sided (`p^n = 5 %`), and so is a
/// null score's; a score with losses and wins has both ends.
#[test]
fn a_perfect_or_null_score_has_a_one_sided_elo_bound() {
    let perfect = tablero::tournament::elo_interval(&[1.0; 4], 2);
    let bound = elo(0.05f64.powf(0.25), 2);
    assert_eq!(perfect, (None, Some(bound), None));
    // Four wins in four games bound A from below at 47.3 %, about -19 Elo.
    assert!((bound + 18.9).abs() < 0.1, "{bound}");
    let null = tablero::tournament::elo_interval(&[0.0; 4], 2);
    assert_eq!(null, (None, None, Some(-bound)));
    let (mid, low, high) = tablero::tournament::elo_interval(&[1.0, 1.0, 0.5, 0.0], 2);
    assert!(low < mid && mid < high, "{low:?} {mid:?} {high:?}");
}

/// `tournament --game patolli --players 4` seats A in each of the four seats of the cross for
/// four in turn, against copies of B; each record holds four seats and replays.
#[test]
fn a_patolli_tournament_of_four_players_seats_a_in_every_seat() {
    let dir = crate::support::temp_dir("tournament-patolli-4");
    let output = run_tablero(
        &[
            "tournament",
            "--game",
            "patolli",
            "--a",
            "engine:budget=0.02",
            "--b",
            "greedy",
            "--players",
            "4",
            "--games",
            "4",
            "--seed",
            "3",
            "--records",
            dir.to_str().unwrap(),
        ],
        "",
    );
    assert!(
        output.status.success(),
        "{}",
        String::from_utf8_lossy(&output.stderr)
    );
    let mut records = 0;
    for entry in std::fs::read_dir(&*dir).unwrap() {
        let path = entry.unwrap().path();
        let replayed = tablero::replay::load(&path).expect("a record that replays");
        assert_eq!(replayed.record().seats.len(), 4, "{}", path.display());
        let summary = replayed.summary();
        assert!(summary.contains(" wins 6–"), "the game ended: {summary}");
        records += 1;
    }
    assert_eq!(records, 4);
}
