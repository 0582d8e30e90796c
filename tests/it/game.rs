//! The `Game` trait's contract, one generic test run for each game: random play through the
//! trait alone, checking at every step what the referee, the AI and records rely on.

use std::collections::HashSet;
use std::sync::Arc;

use proptest::prelude::*;
use rand::rngs::StdRng;
use rand::{RngExt, SeedableRng};

use tablero::rules::Game;
use tablero::rules::magnetic_cave::{self, Config};
use tablero::rules::patolli::{self, Dice, Overshoot, Rules, Track};
use tablero::rules::penguins::{self, Generator};

/// Draws a value from a roll's distribution.
fn draw(distribution: &[(u8, f64)], rng: &mut StdRng) -> u8 {
    let mut left: f64 = rng.random();
    for &(value, chance) in distribution {
        if left < chance {
            return value;
        }
        left -= chance;
    }
    distribution.last().map_or(0, |&(v, _)| v)
}

/// Plays `state` to its end at random through the trait, checking the contract at each step:
/// the player to move exists exactly while there is no outcome; a due roll blocks actions and
/// accepts only the die's values; every legal action applies; every other action seen in the
/// game is refused and changes nothing; the game ends within `max_steps`.
fn check_contract<G: Game>(mut state: G, seed: u64, max_steps: usize) -> Result<(), String> {
    let mut rng = StdRng::seed_from_u64(seed);
    let mut seen: HashSet<G::Action> = HashSet::new();
    for step in 0..max_steps {
        let over = state.outcome().is_some();
        if over != state.to_move().is_none() {
            return Err(format!("step {step}: to_move and outcome disagree"));
        }
        if over {
            if !state.legal_actions().is_empty() {
                return Err("actions after the end".into());
            }
            for &action in &seen {
                refused(&mut state, action, "after the end")?;
            }
            return Ok(());
        }
        if let Some(distribution) = state.roll_due() {
            if !state.legal_actions().is_empty() {
                return Err(format!("step {step}: actions before the roll"));
            }
            let highest = distribution.iter().map(|&(v, _)| v).max().unwrap_or(0);
            let before = state.clone();
            if highest < u8::MAX && state.roll(highest + 1).is_ok() {
                return Err(format!("step {step}: a roll the die cannot show was taken"));
            }
            if state != before {
                return Err(format!("step {step}: a refused roll changed the state"));
            }
            let value = draw(&distribution, &mut rng);
            state
                .roll(value)
                .map_err(|e| format!("step {step}: the roll {value} was refused: {e}"))?;
            continue;
        }
        let before = state.clone();
        if state.roll(0).is_ok() || state != before {
            return Err(format!("step {step}: a roll that was not due was taken"));
        }
        let legal = state.legal_actions();
        if legal.is_empty() {
            return Err(format!("step {step}: the player to move has no action"));
        }
        for &action in &legal {
            let mut child = state.clone();
            child
                .apply(action)
                .map_err(|e| format!("step {step}: legal {action} was refused: {e}"))?;
        }
        for &action in seen.iter().filter(|a| !legal.contains(a)) {
            refused(&mut state, action, &format!("step {step}"))?;
        }
        seen.extend(legal.iter().copied());
        let action = legal[rng.random_range(0..legal.len())];
        state
            .apply(action)
            .map_err(|e| format!("step {step}: {action} refused: {e}"))?;
    }
    Err(format!("no outcome within {max_steps} steps"))
}

fn refused<G: Game>(state: &mut G, action: G::Action, when: &str) -> Result<(), String> {
    let before = state.clone();
    match state.apply(action) {
        Ok(_) => Err(format!(
            "{when}: {action} is not among the legal actions but applied"
        )),
        Err(_) if *state != before => Err(format!("{when}: refusing {action} changed the state")),
        Err(_) => Ok(()),
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(48))]

    #[test]
    fn magnetic_cave_keeps_the_contract(seed in any::<u64>(), ten in any::<bool>()) {
        let config = if ten { Config::new(10, 10, 6).unwrap() } else { Config::STANDARD };
        check_contract(magnetic_cave::State::new(config), seed, 200)
            .map_err(TestCaseError::fail)?;
    }

    #[test]
    fn patolli_keeps_the_contract(
        seed in any::<u64>(),
        beans in any::<bool>(),
        overshoot in prop_oneof![
            Just(Overshoot::ContinueLap), Just(Overshoot::Forbidden), Just(Overshoot::BackToStart)
        ],
    ) {
        let dice = if beans { Dice::Beans(5) } else { Dice::Uniform };
        let rules = Rules { dice, overshoot, ..Rules::default() };
        let state = patolli::State::new(Arc::new(Track::cross(4)), rules);
        // Random play passes now and then, so it takes long; a short cross keeps it quick.
        check_contract(state, seed, 200_000).map_err(TestCaseError::fail)?;
    }

    #[test]
    fn penguins_keep_the_contract(seed in any::<u64>(), players in 2u8..=4, penguins in 1u8..=3) {
        let needed = usize::from(players) * usize::from(penguins);
        let board = Generator::default().generate(seed, needed);
        check_contract(penguins::State::new(board, players, penguins), seed, 1_000)
            .map_err(TestCaseError::fail)?;
    }
}
