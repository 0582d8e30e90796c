//! Magnetic Cave rules: placement, wins in every direction at the edges, ties, the end.

use tablero::rules::magnetic_cave::{Brick, Cell, Config, Illegal, Outcome, State};

use crate::support::{cells, data, play};

fn c(name: &str) -> Cell {
    Cell::parse(name).expect("test cell")
}

fn win(winner: Brick, from: &str, to: &str) -> Option<Outcome> {
    Some(Outcome::Win {
        winner,
        from: c(from),
        to: c(to),
    })
}

#[test]
fn placement_against_both_walls_and_beside_bricks_of_either_colour() {
    let mut state = State::new(Config::STANDARD);
    // (cell, expected) on the empty cave: walls only.
    let table: [(&str, Result<(), Illegal>); 5] = [
        ("A1", Ok(())),
        ("H8", Ok(())),
        ("B1", Err(Illegal::NotStacked(c("B1")))),
        ("D4", Err(Illegal::NotStacked(c("D4")))),
        (
            "I1",
            Err(Illegal::OffBoard {
                cell: c("I1"),
                width: 8,
                height: 8,
            }),
        ),
    ];
    for (cell, expected) in table {
        assert_eq!(state.check(c(cell)), expected, "{cell}");
    }
    state.apply(c("A1")).unwrap(); // ■
    // □ may stack beside ■'s brick, but not above it.
    assert_eq!(state.check(c("A2")), Ok(()));
    assert_eq!(state.check(c("B2")), Err(Illegal::NotStacked(c("B2"))));
    assert_eq!(state.check(c("A1")), Err(Illegal::Occupied(c("A1"))));
    state.apply(c("B1")).unwrap(); // □ beside ■
    state.apply(c("C1")).unwrap(); // ■ beside □
    state.apply(c("H1")).unwrap(); // □ at the right wall
    state.apply(c("G1")).unwrap(); // ■ beside □ from the right
    assert_eq!(state.brick(c("G1")), Some(Brick::Black));
    assert_eq!(state.to_move(), Brick::White);
}

#[test]
fn a_refused_move_changes_nothing() {
    let mut state = play(Config::STANDARD, "A1,H1");
    let before = state.clone();
    for bad in ["A1", "C3", "Z9"] {
        assert!(state.apply(c(bad)).is_err(), "{bad}");
        assert_eq!(state, before);
    }
}

#[test]
fn legal_moves_are_exactly_the_stacked_empty_cells() {
    let state = play(Config::STANDARD, "A1,H1,B1,G1,A2");
    let legal = state.legal_moves();
    for cell in Config::STANDARD.cells() {
        assert_eq!(legal.contains(&cell), state.is_legal(cell), "{cell}");
    }
    assert!(legal.contains(&c("C1")) && legal.contains(&c("F1")) && legal.contains(&c("B2")));
}

#[test]
fn column_win_at_the_left_wall() {
    let state = play(Config::STANDARD, "A1,H1,A2,H2,A3,H3,A4,H4,A5");
    assert_eq!(state.outcome(), win(Brick::Black, "A1", "A5"));
}

#[test]
fn column_win_at_the_top_right_corner() {
    let state = play(Config::STANDARD, "A1,H4,A2,H5,A3,H6,B1,H7,B2,H8");
    assert_eq!(state.outcome(), win(Brick::White, "H4", "H8"));
}

#[test]
fn row_win_at_the_right_wall_names_the_line() {
    let state = play(Config::STANDARD, "H7,A1,G7,A2,F7,A3,E7,B1,D7");
    let outcome = state.outcome().unwrap();
    assert_eq!(Some(outcome), win(Brick::Black, "D7", "H7"));
    assert_eq!(outcome.to_string(), "■ wins: D7-H7");
    assert_eq!(outcome.line_cells(), cells("D7,E7,F7,G7,H7"));
}

#[test]
fn row_win_along_the_top_edge() {
    let state = play(Config::STANDARD, "A8,H1,B8,H2,C8,H3,D8,G1,E8");
    assert_eq!(state.outcome(), win(Brick::Black, "A8", "E8"));
}

/// ■ builds A3-E7 (the assignment's figure) on white supports; ■'s fillers go to the right.
const RISING_DIAGONAL: &str = "A3,A4,B4,A5,H1,B5,C5,A6,H2,B6,H3,C6,D6,A7,H5,B7,G1,C7,G2,D7,E7";

fn mirrored(moves: &str) -> String {
    cells(moves)
        .iter()
        .map(|cell| Cell::new(7 - cell.col, cell.row).to_string())
        .collect::<Vec<_>>()
        .join(",")
}

#[test]
fn rising_diagonal_win_from_the_left_wall() {
    let state = play(Config::STANDARD, RISING_DIAGONAL);
    assert_eq!(state.outcome(), win(Brick::Black, "A3", "E7"));
    assert_eq!(state.outcome().unwrap().to_string(), "■ wins: A3-E7");
}

#[test]
fn falling_diagonal_win_at_the_right_wall() {
    let state = play(Config::STANDARD, &mirrored(RISING_DIAGONAL));
    assert_eq!(state.outcome(), win(Brick::Black, "D7", "H3"));
}

#[test]
fn four_in_a_line_is_not_a_win() {
    let state = play(Config::STANDARD, "A1,H1,A2,H2,A3,H3,A4");
    assert_eq!(state.outcome(), None);
    let state = play(Config::STANDARD, "H7,A1,G7,A2,F7,A3,E7");
    assert_eq!(state.outcome(), None);
}

#[test]
fn a_full_cave_without_a_line_is_a_tie() {
    let moves = data("tie_8x8_5.txt");
    assert_eq!(cells(&moves).len(), 64);
    let state = play(Config::STANDARD, &moves);
    assert_eq!(state.outcome(), Some(Outcome::Tie));
    assert_eq!(
        state.outcome().unwrap().to_string(),
        "Tie: the cave is full"
    );
}

#[test]
fn no_move_is_accepted_after_the_end() {
    let mut won = play(Config::STANDARD, "A1,H1,A2,H2,A3,H3,A4,H4,A5");
    let before = won.clone();
    assert_eq!(won.apply(c("H5")), Err(Illegal::GameOver));
    assert_eq!(won, before);
    assert!(won.legal_moves().is_empty());
    let mut tied = play(Config::STANDARD, &data("tie_8x8_5.txt"));
    assert_eq!(tied.apply(c("A1")), Err(Illegal::GameOver));
}

#[test]
fn undo_restores_the_previous_position() {
    let before = play(Config::STANDARD, "A1,H1,A2,H2,A3,H3,A4,H4");
    let mut after = before.clone();
    after.apply(c("A5")).unwrap();
    assert!(after.outcome().is_some());
    assert_eq!(after.undo(), Some(c("A5")));
    assert_eq!(after, before);
}

fn cave_10x10() -> Config {
    Config::new(10, 10, 6).unwrap()
}

#[test]
fn ten_by_ten_with_six_to_win() {
    let config = cave_10x10();
    // Five is not enough any more.
    let five = play(config, "A1,J1,A2,J2,A3,J3,A4,J4,A5");
    assert_eq!(five.outcome(), None);
    let six = play(config, "A1,J1,A2,J2,A3,J3,A4,J4,A5,J5,A6");
    assert_eq!(six.outcome(), win(Brick::Black, "A1", "A6"));
    let row = play(config, "J10,A1,I10,A2,H10,A3,G10,A4,F10,A5,E10");
    assert_eq!(row.outcome(), win(Brick::Black, "E10", "J10"));
    let mut state = State::new(config);
    assert_eq!(state.check(c("J10")), Ok(()));
    assert_eq!(
        state.apply(c("K1")),
        Err(Illegal::OffBoard {
            cell: c("K1"),
            width: 10,
            height: 10
        })
    );
    assert_eq!(state.check(c("E5")), Err(Illegal::NotStacked(c("E5"))));
}

#[test]
fn ten_by_ten_tie() {
    let moves = data("tie_10x10_6.txt");
    let state = play(cave_10x10(), &moves);
    assert_eq!(state.outcome(), Some(Outcome::Tie));
    assert_eq!(state.legal_moves(), Vec::<Cell>::new());
}

#[test]
fn status_line_is_json() {
    let state = play(Config::STANDARD, "A1,H1,A2");
    assert_eq!(
        state.status_json(),
        r#"{"turn":"white","winner":null,"moves":["A1","H1","A2"]}"#
    );
    let won = play(Config::STANDARD, "A1,H1,A2,H2,A3,H3,A4,H4,A5");
    assert!(won.status_json().contains(r#""winner":"black""#));
}

mod properties {
    use proptest::prelude::*;
    use tablero::rules::magnetic_cave::{Config, State};

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(64))]

        /// Random legal play: every legal move applies, every other cell is refused with the
        /// state unchanged, undo is exact, bricks are never lost, and the game always ends.
        #[test]
        fn random_legal_play_keeps_the_rules(
            choices in proptest::collection::vec(any::<u16>(), 100),
            (width, height, win) in (1u32..=10, 1u32..=10, 2u32..=6),
        ) {
            let Ok(config) = Config::new(width, height, win) else {
                return Ok(());
            };
            let mut state = State::new(config);
            for choice in choices {
                let legal = state.legal_moves();
                if legal.is_empty() {
                    break;
                }
                for cell in config.cells() {
                    if !legal.contains(&cell) {
                        let before = state.clone();
                        prop_assert!(state.apply(cell).is_err());
                        prop_assert_eq!(&state, &before);
                    }
                }
                let cell = legal[usize::from(choice) % legal.len()];
                let before = state.clone();
                state.apply(cell).unwrap();
                let mut undone = state.clone();
                undone.undo();
                prop_assert_eq!(&undone, &before);
                let bricks = config.cells().filter(|&c| state.brick(c).is_some()).count();
                prop_assert_eq!(bricks, state.moves().len());
            }
            // At most 100 cells and 100 moves: every game has ended.
            prop_assert!(state.outcome().is_some());
            prop_assert!(state.legal_moves().is_empty());
        }
    }
}
