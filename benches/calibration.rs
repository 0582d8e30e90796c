//! Fits the analysis's curve from the cave engine's score to a win chance, and measures it on
//! other games. Self-play on the standard cave at mixed strength: after four random bricks, each
//! side plays the engine's choice at a fixed depth, or a random legal brick one time in six, so
//! that games are decided both ways; every position the search did not prove is a sample (its
//! score for the player to move, that player's result). The curve is fitted on the first games
//! and its reliability table and Brier score reported on the others.
//!
//! `cargo bench --bench calibration --profile dev -- [FIT_GAMES TEST_GAMES DEPTH SEED]`
//! (default 300 200 6 1); the numbers are in `docs/ai-magnetic-cave.md`. With `penguins`
//! first, the same for Penguins' curve (`[FIT_GAMES TEST_GAMES MILLISECONDS SEED]`, default
//! 200 100 30 1; `docs/ai-penguins.md`). With `patolli` first, Patolli's: the engine's own
//! chance of finishing first (its expectation over the dice), as a logit, through a curve whose
//! scale is fitted the same way (`[FIT_GAMES TEST_GAMES MILLISECONDS SEED]`, default 60 40 20
//! 1; `docs/ai-patolli.md`).

use std::time::{Duration, Instant};

use rand::rngs::StdRng;
use rand::{RngExt, SeedableRng};
use tablero::ai::Deadline;
use tablero::ai::magnetic_cave::{search_to_depth, verdict};
use tablero::analysis::calibration::{Sample, fit_scale, markdown, reliability};
use tablero::analysis::magnetic_cave::SCORE_SCALE;
use tablero::rules::magnetic_cave::{Brick, Config, Outcome, State};

/// One self-play game from `seed`: its samples.
fn cave_game(seed: u64, depth: u32) -> Vec<Sample> {
    let config = Config::new(8, 8, 5).expect("the standard cave");
    let mut state = State::new(config);
    let mut rng = StdRng::seed_from_u64(seed);
    let mut scored: Vec<(Brick, f64)> = Vec::new();
    while state.outcome().is_none() {
        let moves = state.legal_moves();
        let random = moves[rng.random_range(0..moves.len())];
        let chosen = if state.moves().len() < 4 {
            random
        } else {
            let deadline = Deadline::within(Duration::from_secs(60));
            let Some(report) = search_to_depth(&state, depth, &deadline) else {
                break;
            };
            if verdict(&state, &report).is_none() {
                scored.push((state.to_move(), f64::from(report.score)));
            }
            if rng.random_range(0..6) == 0 {
                random
            } else {
                report.best
            }
        };
        state.apply(chosen).expect("a legal brick");
    }
    let result = |player: Brick| match state.outcome() {
        Some(Outcome::Win { winner, .. }) if winner == player => 1.0,
        Some(Outcome::Win { .. }) => 0.0,
        _ => 0.5,
    };
    scored
        .into_iter()
        .map(|(player, score)| Sample {
            score,
            result: result(player),
        })
        .collect()
}

/// One Penguins self-play game of two players (two penguins each, a board the built-in layout
/// draws from `seed`): each side plays the engine's choice within `millis`, or a random legal
/// action one time in six; every decision whose value the search did not prove is a sample
/// (the value for the player to move, that player's result: 1 more fish, ½ equal, 0 fewer).
fn penguins_game(seed: u64, millis: u64) -> Vec<Sample> {
    use tablero::ai::penguins::{choose_action, is_proved};
    use tablero::rules::penguins::{Phase, State as Ice};
    let Ok(tablero::layout::GameSetup::Penguins(setup)) =
        tablero::layout::load(&tablero::levels::built_in_path("penguins.ron"))
    else {
        return Vec::new();
    };
    let mut state = Ice::new(setup.board(seed, 4), 2, 2);
    let mut rng = StdRng::seed_from_u64(seed);
    let mut scored: Vec<(u8, f64)> = Vec::new();
    while state.phase() != Phase::Over {
        let actions = state.legal_actions();
        if actions.is_empty() {
            break;
        }
        let random = actions[rng.random_range(0..actions.len())];
        let deadline = Deadline::within(Duration::from_millis(millis));
        let Some(report) = choose_action(&state, &deadline) else {
            break;
        };
        if !is_proved(report.score) {
            scored.push((state.to_move(), f64::from(report.score)));
        }
        let chosen = if rng.random_range(0..6) == 0 {
            random
        } else {
            report.best
        };
        if state.apply(chosen).is_err() {
            break;
        }
    }
    let result = |player: u8| match state.score(player).cmp(&state.score(3 - player)) {
        std::cmp::Ordering::Greater => 1.0,
        std::cmp::Ordering::Equal => 0.5,
        std::cmp::Ordering::Less => 0.0,
    };
    scored
        .into_iter()
        .map(|(player, score)| Sample {
            score,
            result: result(player),
        })
        .collect()
}

/// One Patolli self-play game of two players on the standard cross with the default rules,
/// dice from `seed`: each side plays the engine's choice within `millis`, or a random legal
/// action one time in six; every decision with more than one legal action is a sample (the
/// engine's chance that the player to move finishes first, as a logit so that the curve of
/// scale 1 gives it back, and that player's result).
fn patolli_game(seed: u64, millis: u64) -> Vec<Sample> {
    use std::sync::Arc;
    use tablero::ai::patolli::{chance_of, choose_action, value_within};
    use tablero::rules::patolli::{Phase, Player, Rules, State as Cross, Track};
    let rules = Rules::default();
    let mut state = Cross::new(Arc::new(Track::cross(7)), rules);
    let mut rng = StdRng::seed_from_u64(seed);
    let mut chances: Vec<(Player, f64)> = Vec::new();
    for _ in 0..20_000 {
        match state.phase() {
            Phase::Over { .. } => break,
            Phase::Roll => {
                let value = rules.dice.roll(&mut rng);
                if state.roll(value).is_err() {
                    break;
                }
            }
            Phase::Act { .. } => {
                let actions = state.legal_actions();
                let deadline = Deadline::within(Duration::from_millis(millis));
                let Some(report) = choose_action(&state, &deadline) else {
                    break;
                };
                if actions.len() > 1 {
                    let me = state.to_move();
                    let value =
                        value_within(&state, me, &Deadline::within(Duration::from_millis(millis)));
                    chances.push((me, chance_of(value).clamp(1e-6, 1.0 - 1e-6)));
                }
                let chosen = if rng.random_range(0..6) == 0 {
                    actions[rng.random_range(0..actions.len())]
                } else {
                    report.best
                };
                if state.apply(chosen).is_err() {
                    break;
                }
            }
        }
    }
    let Some(winner) = state.winner() else {
        return Vec::new();
    };
    chances
        .into_iter()
        .map(|(player, p)| Sample {
            score: (p / (1.0 - p)).ln(),
            result: if player == winner { 1.0 } else { 0.0 },
        })
        .collect()
}

/// How one game is calibrated: its name, its self-play game from a seed, the fit's search range
/// and the curves to compare with the fitted one on the held-out games.
struct Calibration<'a> {
    name: &'a str,
    game: &'a dyn Fn(u64) -> Vec<Sample>,
    /// How each decision was played, for the header.
    played: String,
    range: (f64, f64),
    compare: &'a [(&'a str, f64)],
}

/// Plays `fit_games` then `test_games` games from `seed`, fits the curve on the first and
/// prints its reliability on the others, then that of each curve to compare.
fn calibrate(run: &Calibration, fit_games: u64, test_games: u64, seed: u64) {
    let started = Instant::now();
    let games = |from: u64, count: u64| -> Vec<Sample> {
        (from..from + count)
            .flat_map(|game| (run.game)(seed.wrapping_mul(1_000_003) + game))
            .collect()
    };
    let fit = games(0, fit_games);
    let test = games(fit_games, test_games);
    let scale = fit_scale(&fit, run.range.0, run.range.1);
    println!(
        "{}: {fit_games} games ({} positions) fitted, {test_games} others ({} positions) tested, {}, seed {seed}, {:.0} s",
        run.name,
        fit.len(),
        test.len(),
        run.played,
        started.elapsed().as_secs_f64()
    );
    println!("fitted scale: {scale:.2}\n");
    println!("The fitted curve on the other games:\n");
    let (bins, brier) = reliability(&test, scale);
    print!("{}", markdown(&bins, brier));
    for (what, scale) in run.compare {
        let (bins, brier) = reliability(&test, *scale);
        println!("\n{what} ({scale}) on the other games:\n");
        print!("{}", markdown(&bins, brier));
    }
}

fn main() {
    let numbers: Vec<u64> = std::env::args()
        .skip(1)
        .filter_map(|a| a.parse().ok())
        .collect();
    let arg = |i: usize, default: u64| numbers.get(i).copied().unwrap_or(default);
    let asked = |name: &str| std::env::args().any(|a| a == name);
    if asked("patolli") {
        let millis = arg(2, 20);
        // The engine's chance as it is is the curve of scale 1 on its logit; a larger scale
        // pulls it towards one half.
        let run = Calibration {
            name: "Patolli",
            game: &|seed| patolli_game(seed, millis),
            played: format!("{millis} ms a decision"),
            range: (0.1, 100.0),
            compare: &[
                ("The curve in use", tablero::analysis::patolli::CHANCE_SCALE),
                ("The engine's own chance", 1.0),
            ],
        };
        calibrate(&run, arg(0, 60), arg(1, 40), arg(3, 1));
    } else if asked("penguins") {
        let millis = arg(2, 30);
        let run = Calibration {
            name: "Penguins",
            game: &|seed| penguins_game(seed, millis),
            played: format!("{millis} ms a decision"),
            range: (1.0, 10_000.0),
            compare: &[("The curve in use", tablero::analysis::penguins::SCORE_SCALE)],
        };
        calibrate(&run, arg(0, 200), arg(1, 100), arg(3, 1));
    } else {
        let depth = arg(2, 6) as u32;
        let run = Calibration {
            name: "Magnetic Cave",
            game: &|seed| cave_game(seed, depth),
            played: format!("depth {depth}"),
            range: (10.0, 100_000.0),
            compare: &[("The curve in use", SCORE_SCALE)],
        };
        calibrate(&run, arg(0, 300), arg(1, 200), arg(3, 1));
    }
}
