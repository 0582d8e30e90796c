//! Magnetic Cave in a terminal: cells typed by name (`D7`, any case), `status` for the JSON
//! status line, `undo`, `help`, `quit`.

use std::io::{self, BufRead, Write};

use super::{ConsoleError, ConsoleGame, LineError, Recording, play};
use crate::ai::{AiLevel, SearchReport};
use crate::rules::magnetic_cave::{Brick, Cell, Illegal, Outcome, State};
use crate::setup::CaveMatch;

/// Plays `setup` reading commands from `input` and writing to `output` until the game ends,
/// the input ends, or `quit`. Returns the final position.
///
/// # Errors
/// [`ConsoleError`]: I/O errors, a record that does not replay; bad input is answered and
/// asked again.
pub fn run(
    setup: &CaveMatch,
    input: impl BufRead,
    output: &mut impl Write,
    recording: Recording,
) -> Result<State, ConsoleError> {
    play::<State>(setup, input, output, recording)
}

impl ConsoleGame for State {
    type Shown = ();
    const HELP: &'static str = "Type a cell to place your brick there (like D7; a cell must \
touch a wall or sit left or right of a brick). Commands: status, undo, help, quit.";

    fn begin(setup: &CaveMatch, state: &State, output: &mut impl Write) -> io::Result<()> {
        let config = state.config();
        writeln!(
            output,
            "Magnetic Cave {}x{}, {} in a line wins. ■ {} vs □ {}.",
            config.width(),
            config.height(),
            config.win_length(),
            setup.seats()[0],
            setup.seats()[1]
        )?;
        writeln!(output, "{}", state.render())
    }

    fn prompt(&self, player: Brick) -> String {
        // The prompt has a line of its own, so every answer (the status line above all) does too.
        format!("{player} to move (a cell like D7, or status, undo, help, quit):")
    }

    fn parse(&self, command: &str) -> Result<Cell, LineError> {
        Ok(Cell::parse(command)?)
    }

    fn say_applied(
        &self,
        player: Brick,
        cell: Cell,
        _effect: &Option<Outcome>,
        ai: Option<(&SearchReport<Cell>, AiLevel)>,
        _shown: &mut (),
        output: &mut impl Write,
    ) -> io::Result<()> {
        match ai {
            Some((report, level)) => {
                // The search was of the position before this move.
                let mut searched = self.clone();
                searched.undo();
                let verdict = level
                    .scores_proofs()
                    .then(|| crate::ai::magnetic_cave::verdict(&searched, report))
                    .flatten()
                    .map(|verdict| format!(": {verdict}"))
                    .unwrap_or_default();
                let who = match level {
                    AiLevel::Hard => "AI".to_string(),
                    level => format!("AI, {level}"),
                };
                writeln!(
                    output,
                    "{player} ({who}) plays {cell} (depth {}, {} nodes, {:.2} s){verdict}",
                    report.depth,
                    report.nodes,
                    report.elapsed.as_secs_f64()
                )?
            }
            None => writeln!(output, "{player} plays {cell}")?,
        }
        writeln!(output, "{}", self.render())
    }

    fn say_refused(&self, reason: &Illegal, output: &mut impl Write) -> io::Result<()> {
        writeln!(output, "Illegal move: {reason}. Try again.")
    }

    fn say_undone(&self, _shown: &mut (), output: &mut impl Write) -> io::Result<()> {
        writeln!(output, "{}", self.render())
    }

    fn say_end(&self, output: &mut impl Write) -> io::Result<()> {
        if let Some(outcome) = self.outcome() {
            writeln!(output, "{outcome}")?;
        }
        writeln!(output, "{}", self.status_json())
    }

    fn status(&self) -> String {
        self.status_json()
    }
}
