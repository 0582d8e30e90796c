//! Magnetic Cave in a terminal: cells typed by name (`D7`, any case), `status` for the JSON
//! status line, `undo`, `help`, `quit`.

use std::io::{self, BufRead, Write};

use super::{Typed, ask, lines};
use crate::ai::{Deadline, magnetic_cave::choose_move};
use crate::rules::Seat;
use crate::rules::magnetic_cave::{Cell, State};
use crate::setup::CaveMatch;

const HELP: &str = "Type a cell to place your brick there (like D7; a cell must touch a wall or \
sit left or right of a brick). Commands: status, undo, help, quit.";

/// Plays `setup` reading commands from `input` and writing to `output` until the game ends,
/// the input ends, or `quit`. Returns the final position.
///
/// # Errors
/// Only I/O errors on `output`; bad input is answered and asked again.
pub fn run(setup: &CaveMatch, input: impl BufRead, output: &mut impl Write) -> io::Result<State> {
    let mut state = State::from_moves(setup.config, &setup.moves).map_err(|(i, e)| {
        io::Error::new(
            io::ErrorKind::InvalidInput,
            format!(
                "opening move {} ({}) is illegal: {e}",
                i + 1,
                setup.moves[i]
            ),
        )
    })?;
    let config = state.config();
    writeln!(
        output,
        "Magnetic Cave {}x{}, {} in a line wins. ■ {} vs □ {}.",
        config.width(),
        config.height(),
        config.win_length(),
        setup.seats[0],
        setup.seats[1]
    )?;
    writeln!(output, "{}", state.render())?;
    let mut lines = lines(input);
    loop {
        if let Some(outcome) = state.outcome() {
            writeln!(output, "{outcome}")?;
            writeln!(output, "{}", state.status_json())?;
            return Ok(state);
        }
        let player = state.to_move();
        if setup.seat(player) == Seat::Ai {
            let Some(report) = choose_move(&state, &Deadline::within(setup.budget)) else {
                return Ok(state);
            };
            if state.apply(report.best).is_ok() {
                writeln!(
                    output,
                    "{player} (AI) plays {} (depth {}, {:.2} s)",
                    report.best,
                    report.depth,
                    report.elapsed.as_secs_f64()
                )?;
                writeln!(output, "{}", state.render())?;
            }
            continue;
        }
        // The prompt has a line of its own, so every answer (the status line above all) does too.
        let prompt = format!("{player} to move (a cell like D7, or status, undo, help, quit):");
        let command = match ask(&mut lines, output, &prompt, || state.status_json(), HELP)? {
            Typed::Command(command) => command,
            Typed::Again => continue,
            Typed::End => return Ok(state),
        };
        match command.to_ascii_lowercase().as_str() {
            "undo" => {
                if undo_to_human(setup, &mut state) {
                    writeln!(output, "{}", state.render())?;
                } else {
                    writeln!(output, "Nothing to undo.")?;
                }
            }
            _ => match Cell::parse(&command) {
                Err(e) => writeln!(output, "{e}. Type `help` for help.")?,
                Ok(cell) => match state.apply(cell) {
                    Ok(_) => {
                        writeln!(output, "{player} plays {cell}")?;
                        writeln!(output, "{}", state.render())?;
                    }
                    Err(reason) => writeln!(output, "Illegal move: {reason}. Try again.")?,
                },
            },
        }
    }
}

/// Takes back moves until a human is to move again; false if there was nothing to take back.
fn undo_to_human(setup: &CaveMatch, state: &mut State) -> bool {
    if state.moves().len() <= setup.moves.len() {
        return false;
    }
    state.undo();
    while setup.seat(state.to_move()) == Seat::Ai && state.moves().len() > setup.moves.len() {
        state.undo();
    }
    true
}
