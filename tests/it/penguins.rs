//! Penguins: the pure rules, and the file protocol run as a process, call by call.

use std::path::Path;
use std::process::Output;

use proptest::prelude::*;
use rand::rngs::StdRng;
use rand::{RngExt, SeedableRng};

use tablero::protocol::{self, GameFile};
use tablero::rules::penguins::{Action, Board, Field, Generator, Grid, Illegal, Phase, Pos, State};

use crate::support::{tablero, temp_dir};

/// A board from rows of digits: `0` water, `1`-`3` a floe with that many fish.
fn board(rows: &[&str]) -> Board {
    board_on(Grid::Square, rows)
}

/// A board on `grid` from rows of digits, as [`board`].
fn board_on(grid: Grid, rows: &[&str]) -> Board {
    let mut board = Board::water_on(grid, rows.len() as u16, rows[0].len() as u16);
    for (r, line) in rows.iter().enumerate() {
        for (c, ch) in line.chars().enumerate() {
            let fish = ch.to_digit(10).expect("digit") as u8;
            board.set(Pos::new(r as u16, c as u16), Field::floe(fish));
        }
    }
    board
}

fn at(col: u16, row: u16) -> Pos {
    Pos::new(row, col)
}

fn slide(from: Pos, to: Pos) -> Action {
    Action::Move { from, to }
}

#[test]
fn placement_only_on_free_one_fish_floes_and_the_fish_is_collected() {
    let mut state = State::new(board(&["1203", "1111"]), 2, 1);
    assert_eq!(state.phase(), Phase::Placement);
    assert_eq!(
        state.apply(Action::Place(at(1, 0))),
        Err(Illegal::NotPlaceable(at(1, 0)))
    );
    assert_eq!(
        state.apply(Action::Place(at(2, 0))),
        Err(Illegal::NotPlaceable(at(2, 0))),
        "water"
    );
    assert_eq!(
        state.apply(Action::Place(at(9, 9))),
        Err(Illegal::OffBoard(at(9, 9)))
    );
    let before = state.clone();
    assert!(state.apply(slide(at(0, 0), at(0, 1))).is_err());
    assert_eq!(state, before, "a refusal changes nothing");
    let turn = state.apply(Action::Place(at(0, 0))).unwrap();
    assert_eq!((turn.player, turn.fish), (1, 1));
    assert_eq!(state.score(1), 1);
    assert_eq!(
        state.board().get(at(0, 0)),
        Field {
            fish: 0,
            penguin: Some(1)
        }
    );
    assert_eq!(state.to_move(), 2);
    assert_eq!(
        state.apply(Action::Place(at(0, 0))),
        Err(Illegal::NotPlaceable(at(0, 0))),
        "taken"
    );
    state.apply(Action::Place(at(3, 1))).unwrap();
    assert_eq!(state.phase(), Phase::Movement, "every penguin is placed");
    assert_eq!(state.to_move(), 1);
}

#[test]
fn penguins_slide_in_four_directions_stopped_by_water_penguins_and_edges() {
    // Player 1 at (2,2); water at (0,2); player 2 at (2,4).
    let mut b = board(&["33033", "33333", "33333", "33333", "33333"]);
    b.set(
        at(2, 2),
        Field {
            fish: 0,
            penguin: Some(1),
        },
    );
    b.set(
        at(4, 2),
        Field {
            fish: 0,
            penguin: Some(2),
        },
    );
    let state = State::from_parts(b, vec![0, 0], 1, Phase::Movement, 1);
    let mut targets = state.board().reachable(at(2, 2));
    targets.sort();
    let mut expected = vec![
        at(2, 1), // up, stopped by water at (2,0)
        at(2, 3),
        at(2, 4), // down to the edge
        at(1, 2),
        at(0, 2), // left to the edge
        at(3, 2), // right, stopped by the penguin at (4,2)
    ];
    expected.sort();
    assert_eq!(targets, expected);
    assert!(matches!(
        state.check(slide(at(2, 2), at(4, 2))),
        Err(Illegal::NotReachable { .. })
    ));
    assert!(
        matches!(
            state.check(slide(at(2, 2), at(3, 3))),
            Err(Illegal::NotReachable { .. })
        ),
        "no diagonals"
    );
    assert_eq!(
        state.check(slide(at(4, 2), at(4, 3))),
        Err(Illegal::NoPenguin(at(4, 2))),
        "not your penguin"
    );
    assert_eq!(
        state.check(Action::Place(at(0, 0))),
        Err(Illegal::WrongPhase(Phase::Movement))
    );
}

#[test]
fn the_floe_left_sinks_and_the_fish_landed_on_are_collected() {
    let mut b = board(&["1231"]);
    b.set(
        at(0, 0),
        Field {
            fish: 0,
            penguin: Some(1),
        },
    );
    b.set(
        at(3, 0),
        Field {
            fish: 0,
            penguin: Some(2),
        },
    );
    let mut state = State::from_parts(b, vec![1, 1], 1, Phase::Movement, 1);
    let turn = state.apply(slide(at(0, 0), at(2, 0))).unwrap();
    assert_eq!(turn.fish, 3);
    assert_eq!(state.score(1), 4);
    assert!(state.board().get(at(0, 0)).is_water(), "the floe left sank");
    assert_eq!(state.board().get(at(2, 0)).penguin, Some(1));
}

#[test]
fn a_blocked_player_is_skipped_and_the_game_ends_when_nobody_can_move() {
    // Player 2 is walled in by water; player 1 has a corridor of three floes.
    let mut b = board(&["1230", "0000", "0100"]);
    b.set(
        at(0, 0),
        Field {
            fish: 0,
            penguin: Some(1),
        },
    );
    b.set(
        at(1, 2),
        Field {
            fish: 0,
            penguin: Some(2),
        },
    );
    let mut state = State::from_parts(b, vec![0, 0], 1, Phase::Movement, 1);
    let turn = state.apply(slide(at(0, 0), at(1, 0))).unwrap();
    assert_eq!(turn.skipped, vec![2], "player 2 cannot move and is skipped");
    assert_eq!(state.to_move(), 1);
    state.apply(slide(at(1, 0), at(2, 0))).unwrap();
    assert_eq!(state.phase(), Phase::Over);
    assert_eq!(state.winners(), Some(vec![1]));
    assert_eq!(
        state.apply(slide(at(2, 0), at(1, 0))),
        Err(Illegal::GameOver)
    );
    let ranking = state.ranking();
    assert_eq!(
        (ranking[0].player, ranking[0].fish, ranking[0].place),
        (1, 5, 1)
    );
    assert_eq!(
        (ranking[1].player, ranking[1].fish, ranking[1].place),
        (2, 0, 2)
    );
}

#[test]
fn equal_fish_is_a_tie_and_the_ranking_shares_the_place() {
    let state = State::from_parts(board(&["00"]), vec![4, 4, 2], 1, Phase::Over, 1);
    assert_eq!(state.winners(), Some(vec![1, 2]));
    let places: Vec<usize> = state.ranking().iter().map(|s| s.place).collect();
    assert_eq!(places, vec![1, 1, 3]);
}

#[test]
fn a_player_with_no_one_fish_floe_left_skips_its_placement() {
    // One one-fish floe for two players with one penguin each.
    let mut state = State::new(board(&["1222"]), 2, 1);
    let turn = state.apply(Action::Place(at(0, 0))).unwrap();
    assert_eq!(turn.skipped, vec![2]);
    assert_eq!(state.phase(), Phase::Movement);
    assert_eq!(state.to_move(), 1);
}

/// On hexagonal floes (odd rows half a floe to the right) a penguin slides along six lines:
/// from (x 2, y 2) left and right, and up or down to either side, two floes each way on a
/// 5x5 board; never straight up, which zig-zags on hexagons.
#[test]
fn on_hex_floes_a_penguin_slides_along_six_lines() {
    let rows = ["11111", "11111", "11111", "11111", "11111"];
    let mut state = State::new(board_on(Grid::Hex, &rows), 2, 1);
    state.apply(Action::Place(at(2, 2))).unwrap();
    state.apply(Action::Place(at(4, 4))).unwrap();
    let mut reachable = state.board().reachable(at(2, 2));
    reachable.sort();
    let mut expected = vec![
        // Along the row.
        at(1, 2),
        at(0, 2),
        at(3, 2),
        at(4, 2),
        // Up to the left and to the right (row 1 is set half a floe right).
        at(1, 1),
        at(1, 0),
        at(2, 1),
        at(3, 0),
        // Down to the right and to the left.
        at(2, 3),
        at(3, 4),
        at(1, 3),
        at(1, 4),
    ];
    expected.sort();
    assert_eq!(reachable, expected);
    assert_eq!(
        state.board().neighbours(at(2, 2)).count(),
        6,
        "six floes touch one inside the board"
    );
    let refused = state.apply(slide(at(2, 2), at(2, 0))).unwrap_err();
    assert!(matches!(refused, Illegal::NotReachable { .. }));
    assert!(
        refused.to_string().contains("six lines"),
        "the reason names the hex lines: {refused}"
    );
    // An odd row's neighbours lean the other way: (x 1, y 1) touches (x 1, y 0) and (x 2, y 0).
    let board = board_on(Grid::Hex, &rows);
    let mut up: Vec<Pos> = board.neighbours(at(1, 1)).filter(|p| p.row == 0).collect();
    up.sort();
    assert_eq!(up, vec![at(1, 0), at(2, 0)]);
    state.apply(slide(at(2, 2), at(3, 0))).unwrap();
    assert!(
        state.render().starts_with("  X     0   1"),
        "{}",
        state.render()
    );
}

#[test]
fn a_generated_board_has_a_one_fish_floe_for_every_penguin_and_replays_from_its_seed() {
    let generator = Generator {
        rows: 6,
        cols: 6,
        water: 0.3,
        fish_weights: [0, 1, 1],
        grid: Grid::Square,
    };
    let board = generator.generate(42, 12);
    assert!(board.placement_floes().len() >= 12);
    assert_eq!(board, generator.generate(42, 12));
    assert_ne!(board, generator.generate(43, 12));
}

/// Plays a game of random legal moves on `grid`, checking the fish on every move.
fn random_game(grid: Grid, seed: u64, players: u8, penguins: u8) -> State {
    let generator = Generator {
        rows: 6,
        cols: 7,
        grid,
        ..Generator::default()
    };
    let board = generator.generate(seed, usize::from(players * penguins));
    let initial = board.total_fish();
    let mut state = State::new(board, players, penguins);
    let mut rng = StdRng::seed_from_u64(seed);
    let mut moves = 0;
    while state.phase() != Phase::Over {
        let actions = state.legal_actions();
        assert!(!actions.is_empty(), "the player to move can act");
        let action = actions[rng.random_range(0..actions.len())];
        if let Action::Move { from, to } = action {
            assert!(
                state.board().reachable(from).contains(&to),
                "{action} is a straight slide"
            );
        }
        state.apply(action).expect("legal moves apply");
        let collected: u32 = state.scores().iter().sum();
        assert_eq!(
            collected + state.board().total_fish(),
            initial,
            "no fish lost"
        );
        moves += 1;
        assert!(moves <= 6 * 7 + 1, "the game ends");
    }
    state
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(64))]
    #[test]
    fn random_legal_games_never_lose_fish_and_end(seed in any::<u64>(), players in 2u8..=4, penguins in 1u8..=3) {
        let state = random_game(Grid::Square, seed, players, penguins);
        prop_assert!(state.winners().is_some_and(|w| !w.is_empty()));
    }

    /// The same on hexagonal floes: every slide follows one of the six lines, fish are kept,
    /// the game ends with a winner.
    #[test]
    fn random_legal_games_on_hex_floes_never_lose_fish_and_end(seed in any::<u64>(), players in 2u8..=4, penguins in 1u8..=3) {
        let state = random_game(Grid::Hex, seed, players, penguins);
        prop_assert!(state.winners().is_some_and(|w| !w.is_empty()));
        prop_assert_eq!(state.board().grid(), Grid::Hex);
    }
}

// ---- the file protocol, run as a process ----

fn call(args: &[&str]) -> Output {
    tablero()
        .arg("penguins")
        .args(args)
        .output()
        .expect("tablero runs")
}

fn code(output: &Output) -> i32 {
    output.status.code().unwrap_or(-1)
}

fn read(path: &Path) -> GameFile {
    protocol::parse(&std::fs::read_to_string(path).unwrap()).expect("a valid game file")
}

const SEED_BOARD: &str =
    "5 5\n20 10 30 20 10 \n20 10 10 20 10 \n30 30 10 30 10 \n30 20 30 30 20 \n30 30 10 30 10 \n";

#[test]
fn two_copies_with_different_ids_play_a_whole_game_call_by_call() {
    let dir = temp_dir("penguins-two-copies");
    let game = dir.join("board.txt");
    std::fs::write(&game, SEED_BOARD).unwrap();
    let g = game.to_str().unwrap();
    let initial = read(&game).board.total_fish();
    // Placement: two penguins each, in turn, until both have no move.
    loop {
        let a = call(&[
            "phase=placement",
            "penguins=2",
            g,
            g,
            "--id",
            "alpha",
            "--budget",
            "0.2",
        ]);
        let b = call(&[
            "phase=placement",
            "penguins=2",
            g,
            g,
            "--id",
            "beta",
            "--budget",
            "0.2",
        ]);
        assert!(code(&a) <= 1 && code(&b) <= 1, "{a:?} {b:?}");
        if code(&a) == 1 && code(&b) == 1 {
            break;
        }
    }
    let file = read(&game);
    assert_eq!(file.players.len(), 2);
    assert_eq!(file.players[0].id, "alpha");
    assert_eq!(file.players[0].number, 1);
    assert_eq!(
        file.players[1].number, 2,
        "the newcomer takes the next free number"
    );
    assert_eq!(file.board.penguins_of(1).len(), 2);
    assert_eq!(file.board.penguins_of(2).len(), 2);
    // Movement until neither can move; every call is checked against the rules.
    let mut calls = 0;
    loop {
        let mut codes = Vec::new();
        for (id, number) in [("alpha", 1u8), ("beta", 2u8)] {
            let before = read(&game);
            let before_text = std::fs::read_to_string(&game).unwrap();
            let out = call(&["phase=movement", g, g, "--id", id, "--budget", "0.2"]);
            let after = read(&game);
            match code(&out) {
                0 => {
                    let mut state = before.state(number, Phase::Movement, 2);
                    let moved = state
                        .legal_actions()
                        .into_iter()
                        .find(|&a| {
                            let mut s = state.clone();
                            s.apply(a).is_ok() && *s.board() == after.board
                        })
                        .expect("the call made a legal move");
                    state.apply(moved).unwrap();
                    assert_eq!(
                        after
                            .players
                            .iter()
                            .find(|p| p.number == number)
                            .unwrap()
                            .score,
                        state.score(number)
                    );
                }
                1 => assert_eq!(
                    std::fs::read_to_string(&game).unwrap(),
                    before_text,
                    "no move leaves the file alone"
                ),
                other => panic!("exit {other}: {out:?}"),
            }
            codes.push(code(&out));
        }
        calls += 1;
        if codes == [1, 1] {
            break;
        }
        assert!(calls < 40, "the game ends");
    }
    let end = read(&game);
    let collected: u32 = end.players.iter().map(|p| p.score).sum();
    assert_eq!(collected + end.board.total_fish(), initial, "no fish lost");
}

#[test]
fn name_and_id_print_the_programs_id() {
    for word in ["name", "id"] {
        let out = call(&[word]);
        assert_eq!(code(&out), 0);
        assert_eq!(String::from_utf8_lossy(&out.stdout).trim(), "tablero");
    }
    let out = call(&["name", "--id", "Team-E"]);
    assert_eq!(String::from_utf8_lossy(&out.stdout).trim(), "Team-E");
}

#[test]
fn files_from_other_programs_are_read_and_written_back_in_the_plain_form() {
    let dir = temp_dir("penguins-variants");
    // CRLF, trailing spaces, no final newline, player lines out of order, blank lines at the end.
    let variants = [
        "3 3\r\n10 10 10 \r\n10 02 10\r\n10 10 01\r\nbob 2 1\r\nann 1 1",
        "3 3\n10 10 10   \n10 02 10\n10 10 01\nbob 2 1\nann 1 1\n\n\n",
    ];
    for (i, text) in variants.iter().enumerate() {
        let input = dir.join(format!("in{i}.txt"));
        let output = dir.join(format!("out{i}.txt"));
        std::fs::write(&input, text).unwrap();
        let out = call(&[
            "phase=placement",
            "penguins=1",
            input.to_str().unwrap(),
            output.to_str().unwrap(),
            "--budget",
            "0.1",
        ]);
        assert_eq!(code(&out), 0, "{out:?}");
        let written = std::fs::read_to_string(&output).unwrap();
        assert!(written.ends_with('\n') && !written.contains('\r'));
        assert!(written.lines().all(|l| !l.ends_with(' ')));
        let lines: Vec<&str> = written.lines().collect();
        assert_eq!(
            &lines[4..],
            ["bob 2 1", "ann 1 1", "tablero 3 1"],
            "{written}"
        );
        // The input is untouched when it is another file.
        assert_eq!(std::fs::read_to_string(&input).unwrap(), *text);
    }
}

#[test]
fn scores_as_large_as_a_file_can_hold_are_played_on() {
    // Found by the protocol fuzzer: a score past i32::MAX overflowed the evaluation, and one
    // at u32::MAX overflowed when fish were added to it.
    let dir = temp_dir("penguins-huge-scores");
    for score in ["2147483648", "4294967295"] {
        let input = dir.join(format!("in-{score}.txt"));
        let output = dir.join(format!("out-{score}.txt"));
        let text = format!("3 3\n10 10 10\n10 02 10\n10 10 01\nbob 2 1\nann 1 {score}\n");
        std::fs::write(&input, text).unwrap();
        let out = call(&[
            "phase=movement",
            input.to_str().unwrap(),
            output.to_str().unwrap(),
            "--id",
            "ann",
            "--budget",
            "0.1",
        ]);
        assert_eq!(code(&out), 0, "{out:?}");
        let written = std::fs::read_to_string(&output).unwrap();
        assert!(written.contains("bob 2 1"), "{written}");
    }
}

#[test]
fn malformed_files_exit_2_with_the_position_and_leave_output_as_it_was() {
    let dir = temp_dir("penguins-malformed");
    let cases = [
        ("5 x\n", "line 1, field 2"),
        ("2\n", "line 1"),
        ("2 2\n10 10\n10\nann 1 0\n", "line 3, field 2"),
        ("2 2\n10 41\n10 10\n", "line 2, field 2"),
        ("2 2\n10 3x\n10 10\n", "line 2, field 2"),
        ("2 2\n10 14\n10 10\nann 1 0\n", "line 2, field 2"),
        ("3 2\n10 10\n10 10\n", "line 4"),
        ("2 2\n10 10\n10 11\nann 1\n", "line 4, field 3"),
    ];
    for (i, (text, position)) in cases.iter().enumerate() {
        let input = dir.join(format!("bad{i}.txt"));
        let output = dir.join(format!("out{i}.txt"));
        std::fs::write(&input, text).unwrap();
        std::fs::write(&output, "keep me\n").unwrap();
        let out = call(&[
            "phase=placement",
            "penguins=1",
            input.to_str().unwrap(),
            output.to_str().unwrap(),
        ]);
        let stderr = String::from_utf8_lossy(&out.stderr);
        assert_eq!(code(&out), 2, "case {i}: {stderr}");
        assert!(
            stderr.contains(position),
            "case {i}: `{stderr}` should name {position}"
        );
        assert_eq!(std::fs::read_to_string(&output).unwrap(), "keep me\n");
    }
}

#[test]
fn no_move_exits_1_and_bad_arguments_or_an_unwritable_output_exit_3() {
    let dir = temp_dir("penguins-exits");
    let input = dir.join("board.txt");
    // No one-fish floe: nothing to place.
    std::fs::write(&input, "2 2\n20 30\n20 00\n").unwrap();
    let i = input.to_str().unwrap();
    let out = call(&["phase=placement", "penguins=1", i, i]);
    assert_eq!(code(&out), 1);
    assert_eq!(
        std::fs::read_to_string(&input).unwrap(),
        "2 2\n20 30\n20 00\n"
    );

    assert_eq!(
        code(&call(&["phase=placement", i, i])),
        3,
        "penguins=N missing"
    );
    assert_eq!(code(&call(&["phase=jumping", i, i])), 3);
    assert_eq!(code(&call(&["phase=movement", i])), 3);
    assert_eq!(code(&call(&["phase=movement", i, i, "--budget", "x"])), 3);
    let missing = dir.join("missing.txt");
    assert_eq!(
        code(&call(&["phase=movement", missing.to_str().unwrap(), i])),
        3
    );

    std::fs::write(&input, "2 2\n10 30\n20 00\n").unwrap();
    let unwritable = dir.join("no-such-dir").join("out.txt");
    let out = call(&[
        "phase=placement",
        "penguins=1",
        i,
        unwritable.to_str().unwrap(),
    ]);
    assert_eq!(code(&out), 3);
    assert!(!unwritable.exists());
    let leftovers: Vec<_> = std::fs::read_dir(&dir)
        .unwrap()
        .filter_map(Result::ok)
        .filter(|e| e.file_name().to_string_lossy().ends_with(".tmp"))
        .collect();
    assert!(leftovers.is_empty(), "no partial file is left");
}

/// The greedy player: the slide that lands on the most fish; for placement, the one-fish floe
/// with the most fish next to it.
fn greedy_action(state: &State) -> Action {
    let board = state.board();
    let neighbours = |p: Pos| -> u32 {
        board
            .reachable(p)
            .iter()
            .map(|&q| u32::from(board.get(q).fish))
            .sum()
    };
    state
        .legal_actions()
        .into_iter()
        .max_by_key(|&a| match a {
            Action::Place(p) => neighbours(p),
            Action::Move { to, .. } => 100 * u32::from(board.get(to).fish) + neighbours(to),
        })
        .expect("the player to move has a move")
}

#[test]
fn the_ai_beats_a_greedy_player_from_either_seat() {
    use std::time::Duration;
    use tablero::ai::Deadline;
    use tablero::ai::penguins::choose_action;
    let mut ai_wins = 0;
    let mut games = 0;
    for seed in 1..=4u64 {
        for ai_seat in [1u8, 2] {
            let board = Generator::default().generate(seed, 4);
            let mut state = State::new(board, 2, 2);
            while state.phase() != Phase::Over {
                let action = if state.to_move() == ai_seat {
                    choose_action(&state, &Deadline::within(Duration::from_millis(200)))
                        .expect("a move")
                        .best
                } else {
                    greedy_action(&state)
                };
                state.apply(action).unwrap();
            }
            let (ai, greedy) = (state.score(ai_seat), state.score(3 - ai_seat));
            eprintln!("seed {seed}, AI as player {ai_seat}: AI {ai} fish, greedy {greedy}");
            games += 1;
            if ai > greedy {
                ai_wins += 1;
            }
        }
    }
    eprintln!("AI won {ai_wins} of {games}");
    assert!(
        ai_wins * 4 >= games * 3,
        "the AI won only {ai_wins} of {games}"
    );
}

// ---- the console ----

#[test]
fn the_console_plays_ai_against_ai_to_the_end_and_prints_the_ranking_then_the_status() {
    let out = crate::support::run_tablero(
        &[
            "console",
            "penguins",
            "--players",
            "ai,ai,ai",
            "--rows",
            "5",
            "--cols",
            "6",
            "--penguins",
            "1",
            "--seed",
            "3",
            "--budget",
            "0.05",
        ],
        "",
    );
    assert!(out.status.success());
    let stdout = String::from_utf8_lossy(&out.stdout);
    assert!(stdout.contains("--Placement Phase--") && stdout.contains("--Movement Phase--"));
    assert!(stdout.contains("Game over. Ranking:"), "{stdout}");
    let status: serde_json::Value =
        serde_json::from_str(stdout.lines().last().unwrap()).expect("the last line is JSON");
    assert_eq!(status["phase"], "over");
    assert_eq!(status["scores"].as_array().unwrap().len(), 3);
    assert!(status["winner"].is_number() || status["winner"] == "tie");
}

#[test]
fn the_console_asks_again_after_bad_input_and_exits_0_at_the_end_of_input() {
    // Seed 4 on 5x5: (0, 0) is a one-fish floe, (1, 0) holds two fish.
    let out = crate::support::run_tablero(
        &[
            "console",
            "penguins",
            "--players",
            "human,human",
            "--rows",
            "5",
            "--cols",
            "5",
            "--penguins",
            "1",
            "--seed",
            "4",
        ],
        "hello\n1 0\n0 0\nstatus\n",
    );
    assert!(out.status.success());
    let stdout = String::from_utf8_lossy(&out.stdout);
    assert!(stdout.contains("`hello` is not coordinates"), "{stdout}");
    assert!(
        stdout.contains("Illegal: penguins are placed on a free floe with exactly one fish"),
        "{stdout}"
    );
    assert!(stdout.contains("Player A collects 1 fish."));
    let status = stdout
        .lines()
        .find(|l| l.starts_with('{'))
        .expect("a status line");
    let status: serde_json::Value = serde_json::from_str(status).unwrap();
    assert_eq!(status["phase"], "placement");
    assert_eq!(status["turn"], 2);
    assert_eq!(status["scores"], serde_json::json!([1, 0]));
    assert_eq!(status["winner"], serde_json::Value::Null);
}

// ---- the match referee ----

fn match_run(a: &str, b: &str, dir: &Path) -> Output {
    tablero()
        .args([
            "penguins-match",
            "--a",
            a,
            "--b",
            b,
            "--rows",
            "5",
            "--cols",
            "6",
            "--penguins",
            "1",
            "--seed",
            "5",
            "--games",
            "2",
            "--dir",
            dir.to_str().unwrap(),
        ])
        .output()
        .expect("tablero runs")
}

fn script(dir: &Path, name: &str, body: &str) -> String {
    let path = dir.join(name);
    std::fs::write(
        &path,
        format!("#!/bin/sh\nif [ \"$1\" = name ]; then echo {name}; exit 0; fi\n{body}\n"),
    )
    .unwrap();
    format!("sh {}", path.display())
}

#[test]
fn the_match_referee_plays_two_copies_and_forfeits_cheaters_with_the_reason() {
    let dir = temp_dir("penguins-match");
    let ours = env!("CARGO_BIN_EXE_tablero");
    let alpha = format!("{ours} penguins --id alpha --budget 0.15");
    let beta = format!("{ours} penguins --id beta --budget 0.15");
    let out = match_run(&alpha, &beta, &dir.join("fair"));
    let stdout = String::from_utf8_lossy(&out.stdout);
    assert!(
        out.status.success(),
        "{stdout}{}",
        String::from_utf8_lossy(&out.stderr)
    );
    assert_eq!(stdout.matches("fish, beta").count(), 2, "{stdout}");
    assert!(stdout.contains("result: alpha"), "{stdout}");

    // Writes garbage instead of a move.
    let vandal = script(
        &dir,
        "vandal",
        "for last; do :; done\necho garbage > \"$last\"\nexit 0",
    );
    let out = match_run(&alpha, &vandal, &dir.join("games-vandal"));
    let stdout = format!(
        "{}{}",
        String::from_utf8_lossy(&out.stdout),
        String::from_utf8_lossy(&out.stderr)
    );
    assert!(
        stdout.contains("vandal loses: it wrote a damaged file"),
        "{stdout}"
    );
    assert!(
        stdout.contains("result: alpha 2 wins, vandal 0 wins"),
        "{stdout}"
    );

    // Always claims to have no move.
    let shirker = script(&dir, "shirker", "exit 1");
    let out = match_run(&shirker, &alpha, &dir.join("games-shirker"));
    let stdout = String::from_utf8_lossy(&out.stdout);
    assert!(
        stdout.contains("shirker loses: it said \"no move\" but had one"),
        "{stdout}"
    );

    // Claims 99 fish without a legal move.
    let cheater = script(
        &dir,
        "cheater",
        "for last; do :; done\necho \"cheater 9 99\" >> \"$last\"\nexit 0",
    );
    let out = match_run(&alpha, &cheater, &dir.join("games-cheater"));
    let stdout = String::from_utf8_lossy(&out.stdout);
    assert!(
        stdout.contains("cheater loses: the board it wrote is not one legal move away"),
        "{stdout}"
    );

    // Crashes.
    let crasher = script(&dir, "crasher", "exit 3");
    let out = match_run(&alpha, &crasher, &dir.join("games-crasher"));
    let stdout = String::from_utf8_lossy(&out.stdout);
    assert!(
        stdout.contains("crasher loses: it exited with 3"),
        "{stdout}"
    );

    // Two programs with one ID cannot be told apart.
    let out = match_run(&alpha, &alpha, &dir.join("same"));
    assert!(!out.status.success());
    assert!(String::from_utf8_lossy(&out.stderr).contains("both programs call themselves `alpha`"));
}

/// A composed island: player 1 may take the 3 beside it and be stuck there (3 fish), or slide
/// one floe down into a corridor of six 1-fish floes that nobody else can reach and walk it to
/// the end (6 fish). Player 2 holds a block of five 1-fish floes of its own and, with three
/// players, player 3 a corridor of four behind water, so only all six win: the engine goes
/// for the island and collects exactly those 6 (with three players through the best-reply
/// search).
#[test]
fn the_engine_takes_the_island_that_is_worth_more_than_the_big_floe() {
    use tablero::ai::Deadline;
    use tablero::ai::penguins::choose_action;
    for players in [2u8, 3] {
        let mut b = board(&[
            "13000001", "10000001", "10000001", "10000001", "10001100", "10001100", "10001100",
        ]);
        let penguins = [(at(0, 0), 1), (at(5, 6), 2), (at(7, 0), 3)];
        for &(pos, player) in &penguins[..usize::from(players)] {
            b.set(
                pos,
                Field {
                    fish: 0,
                    penguin: Some(player),
                },
            );
        }
        let scores = vec![0; usize::from(players)];
        let mut state = State::from_parts(b, scores, 1, Phase::Movement, 1);
        let first = choose_action(&state, &Deadline::within(std::time::Duration::from_secs(1)))
            .expect("player 1 can move");
        assert_eq!(
            first.best,
            slide(at(0, 0), at(0, 1)),
            "{players} players: into the island"
        );
        while !state.legal_actions().is_empty() {
            let report = choose_action(
                &state,
                &Deadline::within(std::time::Duration::from_millis(300)),
            )
            .expect("a move is due");
            state.apply(report.best).unwrap();
        }
        assert_eq!(state.score(1), 6, "{players} players\n{}", state.render());
        assert_eq!(state.winners(), Some(vec![1]), "{}", state.render());
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(32))]
    /// Over random positions (2 to 4 players, 1 to 3 penguins each, placement or movement,
    /// square or hexagonal floes),
    /// the engine's action is legal, and there is one exactly when the game goes on.
    #[test]
    fn the_engine_never_chooses_an_illegal_action(
        seed in any::<u64>(),
        players in 2u8..=4,
        penguins in 1u8..=3,
        rows in 5u16..=9,
        cols in 5u16..=9,
        plies in 0usize..60,
        hex in any::<bool>(),
    ) {
        use std::time::Duration;
        use tablero::ai::Deadline;
        use tablero::ai::penguins::choose_action;
        let grid = if hex { Grid::Hex } else { Grid::Square };
        let generator = Generator { rows, cols, grid, ..Generator::default() };
        let board = generator.generate(seed, usize::from(players * penguins));
        let mut state = State::new(board, players, penguins);
        let mut rng = StdRng::seed_from_u64(seed);
        for _ in 0..plies {
            let actions = state.legal_actions();
            if actions.is_empty() {
                break;
            }
            state.apply(actions[rng.random_range(0..actions.len())]).expect("legal moves apply");
        }
        let report = choose_action(&state, &Deadline::within(Duration::from_millis(150)));
        match report {
            Some(report) => prop_assert!(
                state.legal_actions().contains(&report.best),
                "{} is not legal in\n{}",
                report.best,
                state.render()
            ),
            None => prop_assert_eq!(state.phase(), Phase::Over),
        }
    }
}

// ---- hexagonal floes through the programs ----

/// The console plays a hex board: it draws odd rows set right, takes the same `x y` and
/// `x1 y1 x2 y2` input, refuses a straight-up slide (a zig-zag on hexagons) with the reason
/// and asks again, and writes a record that holds the hex board and resumes.
#[test]
fn the_console_plays_hex_floes_and_records_them() {
    let dir = temp_dir("penguins-hex-console");
    let layout = dir.join("hex.ron");
    std::fs::write(
        &layout,
        "Penguins(grid: Hex, board: Some([\"111\", \"111\", \"111\"]))",
    )
    .unwrap();
    let record = dir.join("hex-record.ron");
    let args = [
        "console",
        "penguins",
        "--players",
        "human,human",
        "--penguins",
        "1",
        "--layout",
        layout.to_str().unwrap(),
        "--record",
        record.to_str().unwrap(),
    ];
    // A places at x 0 y 0, B at x 2 y 2; A's straight slide down to x 0 y 2 is refused, the
    // slide down and to the right to x 1 y 2 is played.
    let out = crate::support::run_tablero(&args, "0 0\n2 2\n0 0 0 2\n0 0 1 2\n");
    let stdout = String::from_utf8_lossy(&out.stdout);
    assert!(out.status.success(), "{stdout}");
    assert!(
        stdout.contains("six lines"),
        "the reason names the lines: {stdout}"
    );
    assert!(
        stdout.contains("3x3 hex board") && stdout.contains("1 |       1   1   1"),
        "odd rows are drawn set right: {stdout}"
    );
    let text = std::fs::read_to_string(&record).expect("a record");
    assert!(text.contains("grid: Hex"), "{text}");
    assert!(text.contains("\"0 0 1 2\""), "{text}");
    let resumed = crate::support::run_tablero(
        &["console", "penguins", "--from", record.to_str().unwrap()],
        "",
    );
    let resumed_out = String::from_utf8_lossy(&resumed.stdout);
    assert!(resumed.status.success(), "{resumed_out}");
    assert!(
        resumed_out.contains("2 |     1   A   B"),
        "the record resumes after A's slide: {resumed_out}"
    );
}

/// The file protocol's boards are square: `penguins-match` refuses a hex layout before any
/// game, with exit code 3 and the reason; a square layout file is played.
#[test]
fn penguins_match_refuses_a_hex_layout_with_exit_3() {
    let dir = temp_dir("penguins-hex-match");
    let ours = env!("CARGO_BIN_EXE_tablero");
    let alpha = format!("{ours} penguins --id alpha --budget 0.05");
    let beta = format!("{ours} penguins --id beta --budget 0.05");
    let games = dir.join("games");
    let out = tablero()
        .args(["penguins-match", "--a", &alpha, "--b", &beta])
        .args(["--layout", "levels/penguins_hex.ron", "--dir"])
        .arg(&games)
        .output()
        .expect("tablero runs");
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert_eq!(code(&out), 3, "{stderr}");
    assert!(
        stderr.contains("levels/penguins_hex.ron") && stderr.contains("square"),
        "{stderr}"
    );
    assert!(!games.exists(), "no game was played");
    let square = tablero()
        .args(["penguins-match", "--a", &alpha, "--b", &beta])
        .args(["--layout", "levels/penguins_fixed.ron", "--penguins", "1"])
        .args(["--games", "1", "--dir"])
        .arg(&games)
        .output()
        .expect("tablero runs");
    assert!(
        square.status.success(),
        "{}",
        String::from_utf8_lossy(&square.stderr)
    );
}

/// `tournament --grid hex` plays hex boards; its records hold them.
#[test]
fn a_tournament_plays_hex_floes() {
    let dir = temp_dir("penguins-hex-tournament");
    let out = tablero()
        .args([
            "tournament",
            "--game",
            "penguins",
            "--a",
            "engine",
            "--b",
            "greedy",
        ])
        .args([
            "--games", "2", "--budget", "0.05", "--rows", "5", "--cols", "5",
        ])
        .args(["--grid", "hex", "--seed", "7", "--json", "--records"])
        .arg(&*dir)
        .output()
        .expect("tablero runs");
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let mut records = 0;
    for entry in std::fs::read_dir(&*dir).unwrap() {
        let text = std::fs::read_to_string(entry.unwrap().path()).unwrap();
        assert!(text.contains("grid: Hex"), "{text}");
        records += 1;
    }
    assert_eq!(records, 2);
}

/// A program that floods its output and error output before it fails is read as it writes:
/// it loses for its exit code, its last error line given, not for a pipe that filled up and
/// stalled it until the timeout; a flooded `name` answer gives no ID.
#[test]
fn the_match_referee_reads_a_flooding_program_as_it_writes() {
    let dir = temp_dir("penguins-match-flood");
    let ours = env!("CARGO_BIN_EXE_tablero");
    let alpha = format!("{ours} penguins --id alpha --budget 0.15");
    let flood = script(
        &dir,
        "flood",
        "head -c 3000000 /dev/zero\nhead -c 3000000 /dev/zero >&2\necho >&2\necho 'out of patience' >&2\nexit 4",
    );
    let started = std::time::Instant::now();
    let out = match_run(&flood, &alpha, &dir.join("games"));
    let stdout = String::from_utf8_lossy(&out.stdout);
    assert!(
        stdout.contains("flood loses: it exited with 4:"),
        "{stdout}{}",
        String::from_utf8_lossy(&out.stderr)
    );
    assert!(stdout.contains("out of patience"), "{stdout}");
    assert!(
        started.elapsed() < std::time::Duration::from_secs(8),
        "the referee waited {:?}: the pipes were not read as the program wrote",
        started.elapsed()
    );
}
