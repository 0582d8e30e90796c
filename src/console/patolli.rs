//! Patolli in a terminal, as the assignment describes: the referee rolls at the start of each
//! turn and of each extra roll, the cross is printed after every action, and the player types
//! a piece label to move it, `place` (or `place C`), or `pass`; `status`, `undo`, `help`,
//! `quit`.

use std::io::{self, BufRead, Write};

use super::{ConsoleError, ConsoleGame, LineError, Recording, play};
use crate::ai::{AiLevel, SearchReport};
use crate::rules::patolli::{Action, Effect, Phase, Piece, Player, State};
use crate::runner::Rolled as RunnerRolled;
use crate::setup::PatolliMatch;

/// Plays `setup` reading commands from `input` and writing to `output` until the game ends,
/// the input ends, or `quit`. Returns the final position.
///
/// # Errors
/// [`ConsoleError`]: I/O errors, a record that does not replay; bad input is answered and
/// asked again.
pub fn run(
    setup: &PatolliMatch,
    input: impl BufRead,
    output: &mut impl Write,
    recording: Recording,
) -> Result<State, ConsoleError> {
    play::<State>(setup, input, output, recording)
}

impl ConsoleGame for State {
    type Shown = ();
    const HELP: &'static str = "Type a piece label (like A or 3) to move it by the roll, `place` \
to put your first pool piece on your start square (`place C` names one), or `pass`. Also: \
status, undo, help, quit.";

    fn begin(setup: &PatolliMatch, state: &State, output: &mut impl Write) -> io::Result<()> {
        let players: Vec<String> = state
            .track()
            .players()
            .iter()
            .zip(setup.seats())
            .map(|(player, seat)| format!("player {player} ({seat}) has {}", player.labels()))
            .collect();
        let mut players = players.join(", ");
        if let Some(first) = players.get_mut(..1) {
            first.make_ascii_uppercase();
        }
        writeln!(
            output,
            "Patolli on a track of {} squares. {players}. Seed {}.",
            state.track().len(),
            setup.seed()
        )?;
        writeln!(output, "{}", state.render())
    }

    fn say_rolled(&self, rolled: RunnerRolled<Player>, output: &mut impl Write) -> io::Result<()> {
        match rolled {
            RunnerRolled::Rolled {
                player,
                roll,
                turn_lost: true,
            } => writeln!(output, "Player {player} rolls {roll} and loses the turn."),
            RunnerRolled::Rolled { player, roll, .. } => {
                writeln!(output, "Player {player} rolls {roll}.")
            }
            // A scripted roll the die cannot show: dropped, and rolled for real.
            RunnerRolled::Dropped(roll) => writeln!(output, "Scripted roll {roll} ignored."),
        }
    }

    fn before_prompt(&self, output: &mut impl Write) -> io::Result<()> {
        if self.only_pass() {
            writeln!(output, "Nothing but `pass` is legal with this roll.")?;
        }
        Ok(())
    }

    fn prompt(&self, player: Player) -> String {
        let roll = match self.phase() {
            Phase::Act { roll } => roll,
            _ => 0,
        };
        let what = if self.in_opening() {
            "place a piece (your first turn)"
        } else {
            "a piece label, place, or pass"
        };
        format!("Player {player}, you rolled {roll}: {what}?")
    }

    fn parse(&self, line: &str) -> Result<Action, LineError> {
        let command = line.to_ascii_lowercase();
        match command.as_str() {
            "pass" => Ok(Action::Pass),
            "place" => self
                .first_in_pool()
                .map(Action::Place)
                .ok_or(LineError::EmptyPool),
            other => {
                parse_piece_command(other).ok_or_else(|| LineError::NotACommand(line.to_string()))
            }
        }
    }

    fn say_applied(
        &self,
        player: Player,
        _action: Action,
        effect: &Effect,
        ai: Option<(&SearchReport<Action>, AiLevel)>,
        _shown: &mut (),
        output: &mut impl Write,
    ) -> io::Result<()> {
        let who = if ai.is_some() { " (AI)" } else { "" };
        writeln!(output, "Player {player}{who}: {}", effect.describe())?;
        writeln!(output, "{}", self.render())
    }

    fn say_undone(&self, _shown: &mut (), output: &mut impl Write) -> io::Result<()> {
        writeln!(output, "{}", self.render())
    }

    fn say_end(&self, output: &mut impl Write) -> io::Result<()> {
        if let Some(winner) = self.winner() {
            writeln!(output, "Player {winner} wins")?;
            // With more than two players, the others' places (equal scores share one).
            if self.players().len() > 2 {
                writeln!(output, "Ranking:")?;
                for standing in self.ranking() {
                    writeln!(
                        output,
                        "{}. Player {}: {} scored",
                        standing.place, standing.player, standing.score
                    )?;
                }
            }
        }
        writeln!(output, "{}", self.status_json())
    }

    fn status(&self) -> String {
        self.status_json()
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
