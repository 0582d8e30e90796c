//! Patolli in a terminal, as the assignment describes: the referee rolls at the start of each
//! turn and of each extra roll, the cross is printed after every action, and the player types
//! a piece label to move it, `place` (or `place C`), or `pass`; `status`, `help`, `quit`.

use std::collections::VecDeque;
use std::io::{self, BufRead, Write};

use rand::SeedableRng;
use rand::rngs::StdRng;

use super::{Typed, ask, lines};
use crate::ai::{Deadline, patolli::choose_action};
use crate::rules::Seat;
use crate::rules::patolli::{Action, Location, Phase, Piece, Rolled, State};
use crate::setup::PatolliMatch;

const HELP: &str = "Type a piece label (like A or 3) to move it by the roll, `place` to put your \
first pool piece on your start square (`place C` names one), or `pass`. Also: status, help, quit.";

/// Plays `setup` reading commands from `input` and writing to `output` until the game ends,
/// the input ends, or `quit`. Returns the final position.
///
/// # Errors
/// Only I/O errors on `output`; bad input is answered and asked again.
pub fn run(
    setup: &PatolliMatch,
    input: impl BufRead,
    output: &mut impl Write,
) -> io::Result<State> {
    let mut state = State::new(setup.board.track.clone(), setup.board.rules);
    let mut rng = StdRng::seed_from_u64(setup.seed);
    let mut scripted: VecDeque<u8> = setup.scripted_rolls.iter().copied().collect();
    let dice = setup.board.rules.dice;
    writeln!(
        output,
        "Patolli on a track of {} squares. Player L ({}) has A-F, player N ({}) has 1-6. Seed {}.",
        state.track().len(),
        setup.seats[0],
        setup.seats[1],
        setup.seed
    )?;
    writeln!(output, "{}", state.render())?;
    let mut lines = lines(input);
    loop {
        if let Some(winner) = state.winner() {
            writeln!(output, "Player {winner} wins")?;
            writeln!(output, "{}", state.status_json())?;
            return Ok(state);
        }
        let player = state.to_move();
        if state.phase() == Phase::Roll {
            let roll = scripted.pop_front().unwrap_or_else(|| dice.roll(&mut rng));
            match state.roll(roll) {
                Ok(Rolled::TurnLost) => {
                    writeln!(output, "Player {player} rolls 0 and loses the turn.")?;
                }
                Ok(Rolled::Choose(_)) => writeln!(output, "Player {player} rolls {roll}.")?,
                Err(e) => {
                    // A scripted roll the die cannot show: drop it and roll for real.
                    writeln!(output, "Scripted roll {roll} ignored: {e}.")?;
                }
            }
            continue;
        }
        let Phase::Act { roll } = state.phase() else {
            continue;
        };
        if setup.seats[player.index()] == Seat::Ai {
            let Some(report) = choose_action(&state, &Deadline::within(setup.budget)) else {
                return Ok(state);
            };
            if let Ok(effect) = state.apply(report.best) {
                writeln!(output, "Player {player} (AI): {}", effect.describe(player))?;
                writeln!(output, "{}", state.render())?;
            }
            continue;
        }
        if state.only_pass() {
            writeln!(output, "Nothing but `pass` is legal with this roll.")?;
        }
        let what = if state.in_opening() {
            "place a piece (your first turn)"
        } else {
            "a piece label, place, or pass"
        };
        let prompt = format!("Player {player}, you rolled {roll}: {what}?");
        let line = match ask(&mut lines, output, &prompt, || state.status_json(), HELP)? {
            Typed::Command(line) => line,
            Typed::Again => continue,
            Typed::End => return Ok(state),
        };
        let command = line.to_ascii_lowercase();
        let action = match command.as_str() {
            "pass" => Action::Pass,
            "place" => match player
                .pieces()
                .find(|&p| state.location(p) == Location::Pool)
            {
                Some(piece) => Action::Place(piece),
                None => {
                    writeln!(output, "Your pool is empty. Try again.")?;
                    continue;
                }
            },
            other => match parse_piece_command(other) {
                Some(action) => action,
                None => {
                    writeln!(
                        output,
                        "`{}` is not a command: type a piece label, place, or pass (help for more).",
                        line.trim()
                    )?;
                    continue;
                }
            },
        };
        match state.apply(action) {
            Ok(effect) => {
                writeln!(output, "Player {player}: {}", effect.describe(player))?;
                writeln!(output, "{}", state.render())?;
            }
            Err(reason) => writeln!(output, "Illegal: {reason}. Try again.")?,
        }
    }
}

/// `a` moves piece A; `place c` places piece C.
fn parse_piece_command(text: &str) -> Option<Action> {
    let label = |t: &str| {
        let mut chars = t.trim().chars();
        let c = chars.next()?;
        if chars.next().is_some() {
            return None;
        }
        Piece::from_label(c)
    };
    match text.strip_prefix("place ") {
        Some(rest) => label(rest).map(Action::Place),
        None => label(text).map(Action::Move),
    }
}
