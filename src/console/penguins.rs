//! Penguins in a terminal, as the seed's interactive mode: the board is printed after every
//! action, the player types `x y` to place a penguin and `x1 y1 x2 y2` to move one (x the
//! column, y the row, from 0 at the top left); `status`, `undo`, `help`, `quit`.

use std::io::{self, BufRead, Write};

use super::{ConsoleError, ConsoleGame, LineError, Recording, play};
use crate::ai::{AiLevel, SearchReport};
use crate::rules::penguins::{Action, Phase, Player, Pos, State, Turn, player_letter};
use crate::setup::PenguinsMatch;

/// Plays `setup` reading moves from `input` and writing to `output` until the game ends, the
/// input ends, or `quit`. Returns the final position.
///
/// # Errors
/// [`ConsoleError`]: I/O errors, a record that does not replay; bad input is answered and
/// asked again.
pub fn run(
    setup: &PenguinsMatch,
    input: impl BufRead,
    output: &mut impl Write,
    recording: Recording,
) -> Result<State, ConsoleError> {
    play::<State>(setup, input, output, recording)
}

/// What the console has shown: the phase banner and the board are printed when they change.
#[derive(Debug)]
pub(crate) struct Shown {
    phase: Option<Phase>,
    board_due: bool,
}

impl Default for Shown {
    fn default() -> Self {
        Shown {
            phase: None,
            board_due: true,
        }
    }
}

impl ConsoleGame for State {
    type Shown = Shown;
    const HELP: &'static str = "Placement: type `x y` (column, row from 0 at the top left) of a \
free floe with one fish. Movement: type `x1 y1 x2 y2` to slide your penguin from (x1, y1) \
straight to (x2, y2). Also: status, undo, help, quit.";

    fn begin(setup: &PenguinsMatch, _start: &State, output: &mut impl Write) -> io::Result<()> {
        let seats: Vec<String> = setup
            .seats()
            .iter()
            .enumerate()
            .map(|(i, seat)| format!("{} ({seat})", player_letter(i as u8 + 1)))
            .collect();
        write!(
            output,
            "Penguins on a {}x{} {}board, {} penguin(s) each: {}.",
            setup.board().cols(),
            setup.board().rows(),
            setup.board().grid().prefix(),
            setup.penguins(),
            seats.join(", ")
        )?;
        match setup.seed() {
            Some(seed) => writeln!(output, " Seed {seed}."),
            None => writeln!(output),
        }
    }

    fn before_decision(&self, shown: &mut Shown, output: &mut impl Write) -> io::Result<()> {
        if shown.phase != Some(self.phase()) {
            shown.phase = Some(self.phase());
            match self.phase() {
                Phase::Placement => writeln!(output, "\n        --Placement Phase--")?,
                Phase::Movement => writeln!(output, "\n        --Movement Phase--")?,
                Phase::Over => {}
            }
        }
        if self.phase() != Phase::Over && std::mem::take(&mut shown.board_due) {
            writeln!(
                output,
                "\n Turn of player {}\n",
                player_letter(self.to_move())
            )?;
            writeln!(output, "{}", self.render())?;
        }
        Ok(())
    }

    fn prompt(&self, _player: Player) -> String {
        match self.phase() {
            Phase::Placement => "Provide the x and y coordinates:",
            _ => "Provide x1 y1 x2 y2 (from, to):",
        }
        .to_string()
    }

    fn parse(&self, line: &str) -> Result<Action, LineError> {
        parse_action(&line.to_ascii_lowercase(), self.phase())
    }

    fn say_applied(
        &self,
        player: Player,
        action: Action,
        turn: &Turn,
        ai: Option<(&SearchReport<Action>, AiLevel)>,
        shown: &mut Shown,
        output: &mut impl Write,
    ) -> io::Result<()> {
        if ai.is_some() {
            writeln!(output, "Player {player} (AI) plays {action}.")?;
        }
        shown.board_due = true;
        say_turn(output, turn)
    }

    fn say_undone(&self, shown: &mut Shown, _output: &mut impl Write) -> io::Result<()> {
        shown.board_due = true;
        Ok(())
    }

    fn say_end(&self, output: &mut impl Write) -> io::Result<()> {
        writeln!(output, "{}", self.render())?;
        writeln!(output, "Game over. Ranking:")?;
        let winners = self.winners().unwrap_or_default();
        for standing in self.ranking() {
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
        writeln!(output, "{}", self.status_json())
    }

    fn status(&self) -> String {
        self.status_json()
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
fn parse_action(text: &str, phase: Phase) -> Result<Action, LineError> {
    let numbers: Result<Vec<u16>, _> = text.split_whitespace().map(str::parse::<u16>).collect();
    let Ok(numbers) = numbers else {
        return Err(LineError::NotCoordinates(text.to_string()));
    };
    match (phase, numbers.as_slice()) {
        (Phase::Placement, &[x, y]) => Ok(Action::Place(Pos::new(y, x))),
        (Phase::Movement, &[x1, y1, x2, y2]) => Ok(Action::Move {
            from: Pos::new(y1, x1),
            to: Pos::new(y2, x2),
        }),
        (Phase::Placement, _) => Err(LineError::PlacementNumbers),
        _ => Err(LineError::MoveNumbers),
    }
}
