//! Penguins in a terminal, as the seed's interactive mode: the board is printed after every
//! action, the player types `x y` to place a penguin and `x1 y1 x2 y2` to move one (x the
//! column, y the row, from 0 at the top left); `status`, `help`, `quit`.

use std::io::{self, BufRead, Write};
use std::time::Duration;

use super::{Typed, ask, lines};
use crate::ai::{Deadline, penguins::choose_action};
use crate::rules::Seat;
use crate::rules::penguins::{Action, Board, Phase, Pos, State, Turn, player_letter};

const HELP: &str = "Placement: type `x y` (column, row from 0 at the top left) of a free floe \
with one fish. Movement: type `x1 y1 x2 y2` to slide your penguin from (x1, y1) straight to \
(x2, y2). Also: status, help, quit.";

/// How a Penguins match is set up.
#[derive(Debug, Clone, PartialEq)]
pub struct PenguinsMatch {
    /// The board at the start.
    pub board: Board,
    /// Who plays each player, player 1 first (2 to 4 players).
    pub seats: Vec<Seat>,
    /// Penguins per player.
    pub penguins: u8,
    /// The AI's time per move.
    pub budget: Duration,
    /// The seed the board was drawn from, when it was drawn (shown so it can be replayed).
    pub seed: Option<u64>,
}

/// Plays `setup` reading moves from `input` and writing to `output` until the game ends, the
/// input ends, or `quit`. Returns the final position.
///
/// # Errors
/// Only I/O errors on `output`; bad input is answered and asked again.
pub fn run(
    setup: &PenguinsMatch,
    input: impl BufRead,
    output: &mut impl Write,
) -> io::Result<State> {
    let players = u8::try_from(setup.seats.len()).unwrap_or(2);
    let mut state = State::new(setup.board.clone(), players, setup.penguins);
    let seats: Vec<String> = setup
        .seats
        .iter()
        .enumerate()
        .map(|(i, seat)| format!("{} ({seat})", player_letter(i as u8 + 1)))
        .collect();
    write!(
        output,
        "Penguins on a {}x{} board, {} penguin(s) each: {}.",
        setup.board.cols(),
        setup.board.rows(),
        setup.penguins,
        seats.join(", ")
    )?;
    match setup.seed {
        Some(seed) => writeln!(output, " Seed {seed}.")?,
        None => writeln!(output)?,
    }
    let mut lines = lines(input);
    let mut shown_phase = None;
    let mut show_board = true;
    loop {
        if shown_phase != Some(state.phase()) {
            shown_phase = Some(state.phase());
            match state.phase() {
                Phase::Placement => writeln!(output, "\n        --Placement Phase--")?,
                Phase::Movement => writeln!(output, "\n        --Movement Phase--")?,
                Phase::Over => {}
            }
        }
        if state.phase() == Phase::Over {
            writeln!(output, "{}", state.render())?;
            writeln!(output, "Game over. Ranking:")?;
            let winners = state.winners().unwrap_or_default();
            for standing in state.ranking() {
                let tie = if winners.len() > 1 && standing.place == 1 {
                    " (tie)"
                } else {
                    ""
                };
                writeln!(
                    output,
                    "{}. player {}: {} fish{tie}",
                    standing.place,
                    player_letter(standing.player),
                    standing.fish
                )?;
            }
            writeln!(output, "{}", state.status_json())?;
            return Ok(state);
        }
        let player = state.to_move();
        let letter = player_letter(player);
        if std::mem::take(&mut show_board) {
            writeln!(output, "\n Turn of player {letter}\n")?;
            writeln!(output, "{}", state.render())?;
        }
        let seat = setup
            .seats
            .get(usize::from(player) - 1)
            .copied()
            .unwrap_or_default();
        if seat == Seat::Ai {
            let Some(report) = choose_action(&state, &Deadline::within(setup.budget)) else {
                return Ok(state);
            };
            if let Ok(turn) = state.apply(report.best) {
                writeln!(output, "Player {letter} (AI) plays {}.", report.best)?;
                say_turn(output, &turn)?;
            }
            show_board = true;
            continue;
        }
        let prompt = match state.phase() {
            Phase::Placement => "Provide the x and y coordinates:",
            _ => "Provide x1 y1 x2 y2 (from, to):",
        };
        let line = match ask(&mut lines, output, prompt, || state.status_json(), HELP)? {
            Typed::Command(line) => line,
            Typed::Again => continue,
            Typed::End => return Ok(state),
        };
        let action = match parse_action(&line.to_ascii_lowercase(), state.phase()) {
            Ok(action) => action,
            Err(message) => {
                writeln!(output, "{message} Try again.")?;
                continue;
            }
        };
        match state.apply(action) {
            Ok(turn) => {
                say_turn(output, &turn)?;
                show_board = true;
            }
            Err(reason) => writeln!(output, "Illegal: {reason}. Try again.")?,
        }
    }
}

fn say_turn(output: &mut impl Write, turn: &Turn) -> io::Result<()> {
    writeln!(
        output,
        "Player {} collects {} fish.",
        player_letter(turn.player),
        turn.fish
    )?;
    for &skipped in &turn.skipped {
        writeln!(
            output,
            "Player {} cannot move and is skipped.",
            player_letter(skipped)
        )?;
    }
    Ok(())
}

/// `x y` places, `x1 y1 x2 y2` moves.
fn parse_action(text: &str, phase: Phase) -> Result<Action, String> {
    let numbers: Result<Vec<u16>, _> = text.split_whitespace().map(str::parse::<u16>).collect();
    let Ok(numbers) = numbers else {
        return Err(format!(
            "`{text}` is not coordinates: type numbers like `2 3`."
        ));
    };
    match (phase, numbers.as_slice()) {
        (Phase::Placement, &[x, y]) => Ok(Action::Place(Pos::new(y, x))),
        (Phase::Movement, &[x1, y1, x2, y2]) => Ok(Action::Move {
            from: Pos::new(y1, x1),
            to: Pos::new(y2, x2),
        }),
        (Phase::Placement, _) => Err("Placement takes two numbers: x y.".to_string()),
        _ => Err("A move takes four numbers: x1 y1 x2 y2.".to_string()),
    }
}
