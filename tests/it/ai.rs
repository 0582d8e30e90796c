//! The Magnetic Cave AI: legal, takes wins, blocks losses, answers within its budget.

use std::time::{Duration, Instant};

use tablero::ai::Deadline;
use tablero::ai::magnetic_cave::{choose_move, search_to_depth};
use tablero::rules::magnetic_cave::{Cell, Config, State};

use crate::support::play;

fn c(name: &str) -> Cell {
    Cell::parse(name).expect("test cell")
}

/// A tiny deterministic generator, so the random positions are the same on every run.
struct Lcg(u64);

impl Lcg {
    fn below(&mut self, n: usize) -> usize {
        self.0 = self
            .0
            .wrapping_mul(6_364_136_223_846_793_005)
            .wrapping_add(1_442_695_040_888_963_407);
        ((self.0 >> 33) as usize) % n
    }
}

#[test]
fn always_returns_a_legal_move() {
    let mut rng = Lcg(7);
    for config in [
        Config::STANDARD,
        Config::new(10, 10, 6).unwrap(),
        Config::new(5, 4, 3).unwrap(),
    ] {
        for _ in 0..12 {
            let mut state = State::new(config);
            let plies = rng.below(config.cell_count());
            for _ in 0..plies {
                let moves = state.legal_moves();
                if moves.is_empty() {
                    break;
                }
                state.apply(moves[rng.below(moves.len())]).unwrap();
            }
            let report = choose_move(&state, &Deadline::within(Duration::from_millis(60)));
            match report {
                Some(report) => assert!(state.is_legal(report.best), "{}", state.render()),
                None => assert!(state.outcome().is_some()),
            }
        }
    }
}

#[test]
fn takes_an_immediate_win() {
    // ■ has A1-A4 and B1-B3... only A5 wins now.
    let state = play(Config::STANDARD, "A1,H1,A2,H2,A3,H3,A4,G1");
    let report = choose_move(&state, &Deadline::within(Duration::from_millis(500))).unwrap();
    assert_eq!(report.best, c("A5"));
}

#[test]
fn blocks_an_immediate_loss() {
    // □ threatens H5 (H1-H4); ■ has nothing better than blocking.
    let state = play(Config::STANDARD, "A1,H1,B1,H2,A3,H3,C1,H4");
    assert_eq!(state.to_move(), tablero::rules::magnetic_cave::Brick::Black);
    let report = choose_move(&state, &Deadline::within(Duration::from_millis(500))).unwrap();
    assert_eq!(report.best, c("H5"));
}

#[test]
fn blocks_a_row_threat_from_the_wall() {
    // □ has E7-H7 minus one: G7, F7, E7 + H7 → D7 wins for □ unless ■ takes it.
    let state = play(Config::STANDARD, "A1,H7,A2,G7,B1,F7,B2,E7");
    let report = choose_move(&state, &Deadline::within(Duration::from_millis(500))).unwrap();
    assert_eq!(report.best, c("D7"));
}

#[test]
fn answers_within_its_budget() {
    // The deadline is wall-clock time, so a busy machine shortens the search, not the wait;
    // the slack covers a node's worth of work and the scheduler (speed is measured in benches).
    let budget = Duration::from_secs(1);
    let mut state = State::new(Config::STANDARD);
    let mut worst = Duration::ZERO;
    for _ in 0..6 {
        let start = Instant::now();
        let report = choose_move(&state, &Deadline::within(budget)).unwrap();
        let took = start.elapsed();
        worst = worst.max(took);
        eprintln!(
            "move {:>2}: {} depth {} nodes {} in {:.3} s (budget {:.1} s)",
            state.moves().len() + 1,
            report.best,
            report.depth,
            report.nodes,
            took.as_secs_f64(),
            budget.as_secs_f64()
        );
        assert!(report.depth >= 1, "no full ply searched: {report:?}");
        state.apply(report.best).unwrap();
    }
    eprintln!(
        "slowest answer: {:.3} s of {:.1} s",
        worst.as_secs_f64(),
        budget.as_secs_f64()
    );
    assert!(
        worst <= budget + BUDGET_SLACK,
        "slowest answer {worst:?} is over the budget {budget:?} plus {BUDGET_SLACK:?}"
    );
}

/// How far past its budget a search may answer in these tests: generous, since the test
/// binary runs many tests at once on two cores.
const BUDGET_SLACK: Duration = Duration::from_millis(750);

#[test]
fn a_raised_stop_flag_ends_the_search_with_a_move() {
    let state = State::new(Config::STANDARD);
    let deadline = Deadline::within(Duration::from_secs(30));
    deadline
        .stop_flag()
        .store(true, std::sync::atomic::Ordering::Relaxed);
    let report = choose_move(&state, &deadline).unwrap();
    assert!(state.is_legal(report.best));
    assert!(report.depth <= 1);
}

mod patolli {
    use std::sync::Arc;
    use std::time::{Duration, Instant};

    use rand::SeedableRng;
    use rand::rngs::StdRng;
    use tablero::ai::Deadline;
    use tablero::ai::patolli::choose_action;
    use tablero::rules::patolli::{Action, Location, Piece, Player, Rolled, Rules, State, Track};

    fn p(label: char) -> Piece {
        Piece::from_label(label).expect("test label")
    }

    fn rolled(pieces: &[(char, Location)], to_move: Player, roll: u8) -> State {
        let pieces: Vec<(Piece, Location)> = pieces.iter().map(|&(l, loc)| (p(l), loc)).collect();
        let mut state = State::arranged(
            Arc::new(Track::cross(7)),
            Rules::default(),
            to_move,
            &pieces,
        )
        .unwrap();
        state.roll(roll).unwrap();
        state
    }

    proptest::proptest! {
        #![proptest_config(proptest::prelude::ProptestConfig::with_cases(32))]
        /// Over random positions (the die or five beans, any number of plies in, 2 to 4
        /// players: alpha-beta for two, max^n for more), the engine's action is legal
        /// whenever one is due.
        #[test]
        fn the_engine_never_chooses_an_illegal_action(
            seed in proptest::prelude::any::<u64>(),
            beans in proptest::prelude::any::<bool>(),
            plies in 0usize..300,
            players in 2usize..=4,
        ) {
            use rand::RngExt;
            use tablero::rules::patolli::{Dice, Phase};
            let rules = Rules {
                dice: if beans { Dice::Beans(5) } else { Dice::Uniform },
                ..Rules::default()
            };
            let mut rng = StdRng::seed_from_u64(seed);
            let track = Track::cross_for_players(7, players);
            let mut state = State::new(Arc::new(track), rules);
            for _ in 0..plies {
                match state.phase() {
                    Phase::Roll => {
                        let _ = state.roll(rules.dice.roll(&mut rng));
                    }
                    Phase::Act { .. } => {
                        let actions = state.legal_actions();
                        let _ = state.apply(actions[rng.random_range(0..actions.len())]);
                    }
                    Phase::Over { .. } => break,
                }
            }
            if let Phase::Roll = state.phase() {
                let _ = state.roll(rules.dice.roll(&mut rng));
            }
            let report = choose_action(&state, &Deadline::within(Duration::from_millis(150)));
            match state.phase() {
                Phase::Act { .. } => {
                    let best = report.map(|r| r.best);
                    proptest::prop_assert!(
                        best.is_some_and(|b| state.legal_actions().contains(&b)),
                        "{best:?}"
                    );
                }
                _ => proptest::prop_assert!(report.is_none()),
            }
        }
    }

    #[test]
    fn always_chooses_a_legal_action() {
        let mut rng = StdRng::seed_from_u64(5);
        let mut state = State::new(Arc::new(Track::cross(7)), Rules::default());
        for _ in 0..150 {
            if state.winner().is_some() {
                break;
            }
            if state.roll(Rules::default().dice.roll(&mut rng)).unwrap() == Rolled::TurnLost {
                continue;
            }
            let report = choose_action(&state, &Deadline::within(Duration::from_millis(30)))
                .expect("an action is due");
            assert!(
                state.legal_actions().contains(&report.best),
                "{}",
                report.best
            );
            state.apply(report.best).unwrap();
        }
    }

    #[test]
    fn scores_when_the_roll_is_exact() {
        let state = rolled(
            &[('A', Location::Track(18)), ('B', Location::Track(30))],
            Player::L,
            3,
        );
        let report = choose_action(&state, &Deadline::within(Duration::from_millis(300))).unwrap();
        assert_eq!(report.best, Action::Move(p('A')));
    }

    #[test]
    fn captures_on_a_middle_square() {
        let state = rolled(
            &[
                ('1', Location::Track(34)),
                ('2', Location::Track(10)),
                ('A', Location::Track(37)),
            ],
            Player::N,
            3,
        );
        let report = choose_action(&state, &Deadline::within(Duration::from_millis(300))).unwrap();
        assert_eq!(report.best, Action::Move(p('1')));
    }

    #[test]
    fn decides_within_its_budget() {
        let budget = Duration::from_millis(500);
        let state = rolled(
            &[
                ('A', Location::Track(30)),
                ('B', Location::Track(23)),
                ('1', Location::Track(2)),
                ('2', Location::Track(53)),
            ],
            Player::L,
            3,
        );
        let start = Instant::now();
        let report = choose_action(&state, &Deadline::within(budget)).unwrap();
        let took = start.elapsed();
        eprintln!(
            "patolli: {} at depth {} ({} nodes) in {:.3} s of {:.1} s",
            report.best,
            report.depth,
            report.nodes,
            took.as_secs_f64(),
            budget.as_secs_f64()
        );
        assert!(state.legal_actions().contains(&report.best));
        assert!(report.depth >= 1, "no full ply searched: {report:?}");
        assert!(
            took <= budget + super::BUDGET_SLACK,
            "took {took:?}, over the budget {budget:?} plus {:?}",
            super::BUDGET_SLACK
        );
    }
}

/// A one-ply player: wins at once if it can, blocks a win if it must, else takes the move
/// with the best static evaluation.
fn greedy_move(state: &State) -> Cell {
    let me = state.to_move();
    let moves = state.legal_moves();
    if let Some(&win) = moves.iter().find(|&&c| state.would_win(c, me)) {
        return win;
    }
    if let Some(&block) = moves.iter().find(|&&c| state.would_win(c, me.opponent())) {
        return block;
    }
    *moves
        .iter()
        .max_by_key(|&&c| {
            let mut next = state.clone();
            next.apply(c).unwrap();
            -tablero::ai::magnetic_cave::evaluate(&next)
        })
        .unwrap()
}

#[test]
fn beats_a_greedy_player_with_either_colour() {
    use tablero::rules::magnetic_cave::{Brick, Outcome};
    let mut results = Vec::new();
    for search_plays in [Brick::Black, Brick::White, Brick::Black, Brick::White] {
        let mut state = State::new(Config::STANDARD);
        while state.outcome().is_none() {
            // A fixed depth, not a time: the result must not depend on the machine's load
            // (at 200 ms of thinking it lost a game while two tournaments shared the cores).
            let cell = if state.to_move() == search_plays {
                search_to_depth(&state, 8, &Deadline::within(Duration::from_secs(60)))
                    .unwrap()
                    .best
            } else {
                greedy_move(&state)
            };
            state.apply(cell).unwrap();
        }
        let outcome = state.outcome().unwrap();
        eprintln!(
            "search as {search_plays}: {outcome} after {} moves",
            state.moves().len()
        );
        results.push(outcome.winner() == Some(search_plays) || outcome == Outcome::Tie);
    }
    assert!(
        results.iter().all(|&won_or_tied| won_or_tied),
        "{results:?}"
    );
}

/// Raises the stop flag of a 30-second search after 200 ms: every engine answers with a legal
/// decision long before its budget (the bound is generous: the machine is shared; the flag is
/// checked every few hundred nodes).
fn stop_flag_ends<G: tablero::setup::Match>(
    state: &G,
    search: impl Fn(&G, &Deadline) -> Option<G::Action>,
) {
    let deadline = Deadline::within(Duration::from_secs(30));
    let flag = deadline.stop_flag();
    let raiser = std::thread::spawn(move || {
        std::thread::sleep(Duration::from_millis(200));
        flag.store(true, std::sync::atomic::Ordering::Relaxed);
    });
    let started = std::time::Instant::now();
    let best = search(state, &deadline).expect("a decision");
    let took = started.elapsed();
    raiser.join().unwrap();
    assert!(state.legal_actions().contains(&best), "{best:?} is legal");
    assert!(
        took < Duration::from_secs(3),
        "the search ran {took:?} after its stop flag"
    );
}

#[test]
fn a_stop_flag_raised_mid_search_ends_every_engine() {
    use tablero::rules::{Game, magnetic_cave, patolli, penguins};
    let cave = magnetic_cave::State::new(Config::STANDARD);
    stop_flag_ends(&cave, |s, d| choose_move(s, d).map(|r| r.best));
    stop_flag_ends(&cave, |s, d| {
        tablero::ai::classroom::choose_move(s, d).map(|r| r.best)
    });
    let mut dice = patolli::State::new(
        std::sync::Arc::new(patolli::Track::cross(7)),
        patolli::Rules::default(),
    );
    // Both players in play with a roll to act on: a real choice.
    for roll in [3, 2, 4, 5] {
        if dice.roll(roll).is_ok() {
            let first = dice.legal_actions()[0];
            if dice.roll_due().is_none() && dice.legal_actions().len() > 1 {
                break;
            }
            let _ = dice.apply(first);
        }
    }
    if dice.roll_due().is_some() {
        let _ = dice.roll(5);
    }
    stop_flag_ends(&dice, |s, d| {
        tablero::ai::patolli::choose_action(s, d).map(|r| r.best)
    });
    let board = penguins::Generator::default().generate(3, 4);
    let ice = penguins::State::new(board, 2, 2);
    stop_flag_ends(&ice, |s, d| {
        tablero::ai::penguins::choose_action(s, d).map(|r| r.best)
    });
}

/// Whether the player to move completes a line with at most `moves` of its bricks, whatever
/// the other does: a plain AND-OR search over the rules, independent of the engine.
fn wins_within(state: &mut State, moves: u32) -> bool {
    let me = state.to_move();
    let legal = state.legal_moves();
    if legal.iter().any(|&cell| state.would_win(cell, me)) {
        return true;
    }
    if moves <= 1 {
        return false;
    }
    legal.iter().any(|&mine| {
        state.play_unchecked(mine);
        let replies = state.legal_moves();
        let holds = !replies.is_empty()
            && replies.iter().all(|&reply| {
                if state.play_unchecked(reply).is_some() {
                    state.undo();
                    return false; // The reply won (or filled the cave).
                }
                let won = wins_within(state, moves - 1);
                state.undo();
                won
            });
        state.undo();
        holds
    })
}

/// Composed positions (found by random play and proved by `wins_within`): the side to move
/// wins with its `moves`-th brick and no sooner.
const FORCED_WINS: [(&str, u32); 4] = [
    (
        "H2,H6,A2,H4,H3,A5,B5,G6,A3,A1,G3,G4,F4,F6,F3,H1,G2,B3,C3,D3,A4,B2,H8,E6,D6,B4,F2,A6,B1,C1,E4,D1",
        3,
    ),
    (
        "A2,H2,A7,H1,H6,B7,A4,A8,A5,C7,B5,A1,G2,B2,H4,A3,F2,G1,B3,C5,G6,C3,F6,D5,D3,H3,D7,B1,A6,G3,G4,H7,E6,D6,G7",
        3,
    ),
    (
        "H8,A5,H5,A4,A2,B2,B5,A6,C5,H6,A7,H3,H4,G4,G8,C2,D2,H7,G7,H1,A8,G6,A1,F8,D5,A3,B6,F4,B3,H2",
        5,
    ),
    (
        "H4,A5,A1,G4,A2,B5,A7,C5,H6,H5,D5,H2,G2,B1,H8,G8,G6,F2,F4,E5,H1,A6,B7,A4,F8,B2,B4,G1,H3,C4,B6,C6,F5,A3,F6",
        5,
    ),
];

#[test]
fn the_composed_positions_are_forced_wins_in_exactly_so_many_moves() {
    for (moves, n) in FORCED_WINS {
        let mut state = play(Config::STANDARD, moves);
        assert!(wins_within(&mut state, n), "{moves}: no win in {n}");
        assert!(
            !wins_within(&mut state, n - 1),
            "{moves}: a win in {}",
            n - 1
        );
    }
}

#[test]
fn finds_forced_wins_in_one_three_and_five_and_plays_them_out() {
    use tablero::ai::magnetic_cave::{Verdict, verdict};
    let win_in_one = ("A1,H1,A2,H2,A3,H3,A4,G1", 1);
    for (moves, n) in std::iter::once(win_in_one).chain(FORCED_WINS) {
        let mut state = play(Config::STANDARD, moves);
        let winner = state.to_move();
        let report = choose_move(&state, &Deadline::within(Duration::from_secs(2))).unwrap();
        assert_eq!(
            verdict(&state, &report),
            Some(Verdict::Wins {
                player: winner,
                moves: n
            }),
            "{moves}"
        );
        // The engine's move keeps the win: after it, every reply still loses within n - 1.
        state.apply(report.best).unwrap();
        if state.outcome().is_none() {
            let replies = state.legal_moves();
            for reply in replies {
                state.apply(reply).unwrap();
                assert!(
                    state.outcome().is_none() && wins_within(&mut state, n - 1),
                    "{moves}: {} then {reply} escapes",
                    report.best
                );
                state.undo();
            }
        }
    }
}

#[test]
fn proves_a_tie_and_holds_it_to_the_full_cave() {
    use tablero::ai::magnetic_cave::{Verdict, verdict};
    use tablero::rules::magnetic_cave::Outcome;
    // 16 empty cells, found by random play; the engine proves neither side can force a line.
    let mut state = play(
        Config::STANDARD,
        "H1,H2,A4,A7,H6,H5,A3,A5,G2,B5,H7,A6,C5,F2,B6,G5,A1,B4,A2,C4,E2,A8,B7,B2,D2,H4,B1,G1,C6,C7,G4,G7,B8,F4,D5,G6,H3,D6,H8,F5,G8,C2,F8,F7,E5,G3,D7,C8",
    );
    while state.outcome().is_none() {
        let report = choose_move(&state, &Deadline::within(Duration::from_secs(2))).unwrap();
        assert_eq!(
            verdict(&state, &report),
            Some(Verdict::Tie),
            "{}",
            state.render()
        );
        state.apply(report.best).unwrap();
    }
    assert_eq!(state.outcome(), Some(Outcome::Tie));
}

proptest::proptest! {
    #![proptest_config(proptest::prelude::ProptestConfig::with_cases(24))]

    /// Whatever the position (bitboard caves up to 64 cells, the cell-array search above that),
    /// the engine's move is legal, and there is one exactly when the game goes on.
    #[test]
    fn the_cave_engine_never_chooses_an_illegal_move(
        seed in proptest::prelude::any::<u64>(),
        shape in 0usize..4,
    ) {
        let config = [
            Config::STANDARD,
            Config::new(10, 10, 6).unwrap(),
            Config::new(5, 4, 3).unwrap(),
            Config::new(8, 8, 4).unwrap(),
        ][shape];
        let mut rng = Lcg(seed);
        let mut state = State::new(config);
        let plies = rng.below(config.cell_count());
        for _ in 0..plies {
            let moves = state.legal_moves();
            if moves.is_empty() || state.outcome().is_some() {
                break;
            }
            state.play_unchecked(moves[rng.below(moves.len())]);
        }
        let report = choose_move(&state, &Deadline::within(Duration::from_millis(150)));
        match report {
            Some(report) => proptest::prop_assert!(state.is_legal(report.best), "{}", state.render()),
            None => proptest::prop_assert!(state.outcome().is_some()),
        }
    }
}
