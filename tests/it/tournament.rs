//! `tablero tournament` as a process: fixed-seed tournaments of a few fast games for every
//! game, the JSON summary adds up, seats are swapped in pairs, records replay, and bad player
//! specs are refused with a clear error.

use tablero::record;
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
    // Every decision within its budget (the engine stops at 80 % of it).
    assert!(
        summary["a_slowest_ms"].as_f64().unwrap() < 300.0,
        "{summary}"
    );
    for game in 1..=2 {
        let path = dir.join(format!("game-{game}.ron"));
        let replayed = record::load(&path).unwrap_or_else(|e| panic!("{e}"));
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
    assert!(String::from_utf8_lossy(&output.stderr).contains("for Penguins tournaments"));
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
