//! The Penguins program-vs-program file protocol (README.md, "Penguins: the program-vs-program file protocol"; the rules in `docs/rules/penguins.md`): reading a
//! game file in every small variant other programs write, writing it back in the plain form,
//! and making one move for this program.
//!
//! ```text
//! 5 5                      rows columns
//! 20 10 30 20 10           per field: fish (0-3) then player (0: none); 00 is water
//! ...
//! tablero 1 3              per player: ID NUMBER SCORE
//! ```

pub mod command;
pub mod referee;

use std::fmt;
use std::time::Duration;

use crate::ai::Deadline;
use crate::ai::penguins::choose_action;
use crate::rules::penguins::{
    Action, Board, Field, MAX_FISH, MAX_PLAYERS, MAX_SIDE, Phase, Pos, State,
};

/// One player's line: its ID, number and score.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct PlayerLine {
    /// The program's ID (no spaces).
    pub id: String,
    /// Its player number, 1 to 9.
    pub number: u8,
    /// Fish collected so far.
    pub score: u32,
}

/// A game file: the board and the player lines, in the file's order.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct GameFile {
    /// The board.
    pub board: Board,
    /// The player lines as they stand in the file.
    pub players: Vec<PlayerLine>,
}

impl GameFile {
    /// The highest player number in the file, on a player line or on the board (0 if none).
    pub fn highest_number(&self) -> u8 {
        self.players
            .iter()
            .map(|p| p.number)
            .max()
            .unwrap_or(0)
            .max(self.board.highest_player())
    }

    /// The game as the rules see it with player `number` to move in `phase` (numbers without
    /// a line score 0; `penguins` is each player's total for the placement phase).
    pub fn state(&self, number: u8, phase: Phase, penguins: u8) -> State {
        let players = self.highest_number().max(number);
        let mut scores = vec![0; usize::from(players)];
        for line in &self.players {
            scores[usize::from(line.number) - 1] = line.score;
        }
        State::from_parts(self.board.clone(), scores, number, phase, penguins)
    }
}

/// What is wrong with a game file, and where.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub struct FileError {
    /// The line, from 1.
    pub line: usize,
    /// The field on that line, from 1, when one field is at fault.
    pub field: Option<usize>,
    /// What is wrong.
    pub message: String,
}

impl fmt::Display for FileError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self.field {
            Some(field) => write!(f, "line {}, field {}: {}", self.line, field, self.message),
            None => write!(f, "line {}: {}", self.line, self.message),
        }
    }
}

fn error(line: usize, field: Option<usize>, message: impl Into<String>) -> FileError {
    FileError {
        line,
        field,
        message: message.into(),
    }
}

/// Reads a game file. Accepts CRLF line ends, trailing spaces or tabs, a missing final
/// newline, blank lines after the board and player lines in any order.
///
/// # Errors
/// [`FileError`] with the line and field of the first problem.
pub fn parse(text: &str) -> Result<GameFile, FileError> {
    let lines: Vec<&str> = text
        .split('\n')
        .map(|l| l.trim_end_matches(['\r', ' ', '\t']))
        .collect();
    let header = lines.first().copied().unwrap_or("");
    let dims: Vec<&str> = header.split_whitespace().collect();
    if dims.len() != 2 {
        return Err(error(
            1,
            None,
            format!("the first line must hold the rows and columns, like `5 5`; found `{header}`"),
        ));
    }
    let mut sides = [0u16; 2];
    for (i, text) in dims.iter().enumerate() {
        sides[i] = text
            .parse::<u16>()
            .ok()
            .filter(|v| (1..=MAX_SIDE).contains(v))
            .ok_or_else(|| {
                error(
                    1,
                    Some(i + 1),
                    format!(
                        "`{text}` is not a number of {} from 1 to {MAX_SIDE}",
                        ["rows", "columns"][i]
                    ),
                )
            })?;
    }
    let [rows, cols] = sides;
    let mut board = Board::water(rows, cols);
    for row in 0..rows {
        let line_number = usize::from(row) + 2;
        let Some(line) = lines.get(line_number - 1) else {
            return Err(error(
                line_number,
                None,
                format!("the board has {rows} rows, but the file ends after row {row}"),
            ));
        };
        let fields: Vec<&str> = line.split_whitespace().collect();
        if fields.len() != usize::from(cols) {
            return Err(error(
                line_number,
                Some(fields.len().min(usize::from(cols)) + 1),
                format!(
                    "board row {} has {} fields; the first line says {cols}",
                    row,
                    fields.len()
                ),
            ));
        }
        for (col, text) in fields.iter().enumerate() {
            let field =
                parse_field(text).map_err(|e| error(line_number, Some(col + 1), e.to_string()))?;
            board.set(Pos::new(row, col as u16), field);
        }
    }
    let mut players: Vec<PlayerLine> = Vec::new();
    for (i, line) in lines.iter().enumerate().skip(usize::from(rows) + 1) {
        let line_number = i + 1;
        if line.trim().is_empty() {
            continue;
        }
        let parts: Vec<&str> = line.split_whitespace().collect();
        if parts.len() != 3 {
            return Err(error(
                line_number,
                Some(parts.len().min(3) + 1),
                format!(
                    "a player line holds ID NUMBER SCORE; this one has {} fields",
                    parts.len()
                ),
            ));
        }
        let number = parts[1]
            .parse::<u8>()
            .ok()
            .filter(|n| (1..=MAX_PLAYERS).contains(n))
            .ok_or_else(|| {
                error(
                    line_number,
                    Some(2),
                    format!(
                        "`{}` is not a player number from 1 to {MAX_PLAYERS}",
                        parts[1]
                    ),
                )
            })?;
        let score = parts[2].parse::<u32>().map_err(|_| {
            error(
                line_number,
                Some(3),
                format!("`{}` is not a score (a whole number of fish)", parts[2]),
            )
        })?;
        if players.iter().any(|p| p.number == number) {
            return Err(error(
                line_number,
                Some(2),
                format!("player number {number} has two lines"),
            ));
        }
        if players.iter().any(|p| p.id == parts[0]) {
            return Err(error(
                line_number,
                Some(1),
                format!("ID `{}` has two lines", parts[0]),
            ));
        }
        players.push(PlayerLine {
            id: parts[0].to_string(),
            number,
            score,
        });
    }
    for pos in board.positions() {
        if let Some(player) = board.get(pos).penguin
            && !players.iter().any(|p| p.number == player)
        {
            return Err(error(
                usize::from(pos.row) + 2,
                Some(usize::from(pos.col) + 1),
                format!("a penguin of player {player}, but no player line has number {player}"),
            ));
        }
    }
    Ok(GameFile { board, players })
}

/// What is wrong with a field of the board.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
enum FieldError {
    #[error("`{0}` is not a field: two digits, fish (0-3) then player (0-9)")]
    NotAField(String),
    #[error("`{text}`: a floe holds 0 to {MAX_FISH} fish, not {fish}")]
    TooManyFish { text: String, fish: u8 },
}

fn parse_field(text: &str) -> Result<Field, FieldError> {
    let bytes = text.as_bytes();
    if bytes.len() != 2 || !bytes.iter().all(u8::is_ascii_digit) {
        return Err(FieldError::NotAField(text.to_string()));
    }
    let fish = bytes[0] - b'0';
    let player = bytes[1] - b'0';
    if fish > MAX_FISH {
        return Err(FieldError::TooManyFish {
            text: text.to_string(),
            fish,
        });
    }
    Ok(Field {
        fish,
        penguin: (player > 0).then_some(player),
    })
}

/// Writes the file in the plain form: LF line ends, one space between fields, no trailing
/// spaces, a final newline.
pub fn write(file: &GameFile) -> String {
    let board = &file.board;
    let mut out = format!("{} {}\n", board.rows(), board.cols());
    for row in 0..board.rows() {
        let fields: Vec<String> = (0..board.cols())
            .map(|col| {
                let field = board.get(Pos::new(row, col));
                format!("{}{}", field.fish, field.penguin.unwrap_or(0))
            })
            .collect();
        out.push_str(&fields.join(" "));
        out.push('\n');
    }
    for player in &file.players {
        out.push_str(&format!(
            "{} {} {}\n",
            player.id, player.number, player.score
        ));
    }
    out
}

/// The most a game file may hold: its header bounds it far below this (at most
/// [`MAX_SIDE`] × [`MAX_SIDE`] fields of three bytes, and a line per player).
pub const GAME_FILE_LIMIT: u64 = 1 << 20;

/// Which phase a call plays.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum CallPhase {
    /// Place a penguin if fewer than `penguins` of ours stand on the board.
    Placement {
        /// Our total penguin count.
        penguins: u8,
    },
    /// Move one of our penguins.
    Movement,
}

/// What one call did.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum CallResult {
    /// We moved: the new file and the move.
    Moved(GameFile, Action),
    /// We have no move; the file stays as it is.
    NoMove,
}

/// Our player number in `file`: the one on our ID's line, or the next free number.
///
/// # Errors
/// When the file has no free number left.
pub fn our_number(file: &GameFile, id: &str) -> Result<u8, FileError> {
    if let Some(line) = file.players.iter().find(|p| p.id == id) {
        return Ok(line.number);
    }
    let highest = file.highest_number();
    if highest >= MAX_PLAYERS {
        return Err(error(
            usize::from(file.board.rows()) + 2,
            None,
            format!(
                "the file already has player number {MAX_PLAYERS}; there is no number left for `{id}`"
            ),
        ));
    }
    Ok(highest + 1)
}

/// Makes one move for the program called `id`, with the AI's `budget`.
///
/// # Errors
/// When the file gives us no player number.
pub fn play_call(
    file: &GameFile,
    id: &str,
    phase: CallPhase,
    budget: Duration,
) -> Result<CallResult, FileError> {
    let me = our_number(file, id)?;
    let (rules_phase, penguins) = match phase {
        CallPhase::Placement { penguins } => {
            if file.board.penguins_of(me).len() >= usize::from(penguins) {
                return Ok(CallResult::NoMove);
            }
            (Phase::Placement, penguins)
        }
        CallPhase::Movement => (Phase::Movement, 0),
    };
    let state = file.state(me, rules_phase, penguins);
    if state.legal_actions().is_empty() {
        return Ok(CallResult::NoMove);
    }
    let deadline = Deadline::within(budget);
    let Some(report) = choose_action(&state, &deadline) else {
        return Ok(CallResult::NoMove);
    };
    let mut after = state.clone();
    if after.apply(report.best).is_err() {
        return Ok(CallResult::NoMove);
    }
    let mut new = GameFile {
        board: after.board().clone(),
        players: file.players.clone(),
    };
    let score = after.score(me);
    match new.players.iter_mut().find(|p| p.number == me) {
        Some(line) => line.score = score,
        None => new.players.push(PlayerLine {
            id: id.to_string(),
            number: me,
            score,
        }),
    }
    Ok(CallResult::Moved(new, report.best))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_seed_example_round_trips_in_the_plain_form() {
        let text = "5 5\r\n20 10 30 20 10 \r\n20 10 10 20 10 \n30 30 01 30 10\n30 20 30 30 20\n30 30 10 30 10\nTeam-E 1 1";
        let file = parse(text).expect("the seed's file");
        assert_eq!(file.board.get(Pos::new(2, 2)).penguin, Some(1));
        assert_eq!(
            write(&file),
            "5 5\n20 10 30 20 10\n20 10 10 20 10\n30 30 01 30 10\n30 20 30 30 20\n30 30 10 30 10\nTeam-E 1 1\n"
        );
    }
}
