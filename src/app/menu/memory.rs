//! What the menu remembers between launches: the choices of the last match started from it
//! (the game, who plays each side, the AI's level and time, and for Penguins players C and D
//! and the penguins each). They live in `menu.ron` in Tablero's settings folder
//! ([`settings_file`]). A missing file means the defaults; a broken one is reported with its
//! line and column and the defaults are used; a file that cannot be written costs only the
//! memory. The Penguins seed and board size are not kept: each launch draws a new board, and
//! a saved Penguins layout brings its own size.

use std::path::{Path, PathBuf};

use serde::{Deserialize, Serialize};

use super::choices::{MenuChoices, menu_budget, menu_penguins};
use crate::ai::AiLevel;
use crate::app::announcements::Announcements;
use crate::app::motion::Animation;
use crate::app::palette::PaletteChoice;
use crate::app::text_size::TextSize;
use crate::files::{LAYOUT_LIMIT, ReadError, read_limited};
use crate::i18n::Language;
use crate::layout::{LayoutError, read_ron};
use crate::levels::user_config_dir;
use crate::rules::{GameKind, Seat};

/// The name of the file in the settings folder.
const FILE_NAME: &str = "menu.ron";

/// The file the menu remembers its choices in: `menu.ron` in `$TABLERO_CONFIG_DIR`, else in
/// the user's settings folder (`levels::user_config_dir`: `$XDG_CONFIG_HOME/tablero` or
/// `~/.config/tablero` on Linux); `None` when the system names none (the menu then forgets).
pub fn settings_file() -> Option<PathBuf> {
    let folder = match std::env::var_os("TABLERO_CONFIG_DIR").filter(|v| !v.is_empty()) {
        Some(dir) => PathBuf::from(dir),
        None => user_config_dir()?,
    };
    Some(folder.join(FILE_NAME))
}

/// The remembered part of [`MenuChoices`], as it is written to the file. Fields left out of
/// the file keep their defaults.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(default)]
pub struct RememberedChoices {
    /// The game.
    pub game: GameKind,
    /// Who plays each side, in turn order.
    pub seats: [Seat; 2],
    /// How strongly the AI plays.
    pub level: AiLevel,
    /// The AI's time per move, in seconds.
    pub seconds_a_move: f64,
    /// Penguins: players C and D, when they play.
    pub more_seats: [Option<Seat>; 2],
    /// Patolli on a board for three or four: players G and M, when they play.
    pub patolli_more_seats: [Option<Seat>; 2],
    /// Penguins: penguins per player.
    pub penguins: u8,
    /// The games whose rules the window has offered once already.
    pub rules_offered: Vec<GameKind>,
    /// The puzzles solved in the window, by name.
    pub puzzles_solved: Vec<String>,
    /// Puzzles solved in a row at the first try, the last one included.
    pub puzzle_streak: u32,
    /// How things move on the board (the settings page).
    pub animation: Animation,
    /// The colours the window is drawn in (the settings page).
    pub palette: PaletteChoice,
    /// How large the panels' text is, in per cent (the settings page).
    pub text_size: TextSize,
    /// What a screen reader is told (the settings page).
    pub announcements: Announcements,
    /// The window's language, when the player chose one (else the system's).
    pub language: Option<Language>,
}

impl Default for RememberedChoices {
    fn default() -> Self {
        RememberedChoices::from(&MenuChoices::default())
    }
}

impl From<&MenuChoices> for RememberedChoices {
    fn from(choices: &MenuChoices) -> Self {
        RememberedChoices {
            game: choices.game,
            seats: choices.seats,
            level: choices.level,
            seconds_a_move: choices.budget.as_secs_f64(),
            more_seats: choices.more_seats,
            patolli_more_seats: choices.patolli_more_seats,
            penguins: choices.penguins,
            rules_offered: Vec::new(),
            puzzles_solved: Vec::new(),
            puzzle_streak: 0,
            animation: Animation::default(),
            palette: PaletteChoice::default(),
            text_size: TextSize::default(),
            announcements: Announcements::default(),
            language: None,
        }
    }
}

impl RememberedChoices {
    /// Puts these choices into `choices`, each number brought into the range the menu offers.
    pub fn apply_to(&self, choices: &mut MenuChoices) {
        choices.game = self.game;
        choices.seats = self.seats;
        choices.level = self.level;
        if self.seconds_a_move.is_finite() {
            choices.budget = menu_budget(self.seconds_a_move);
        }
        choices.more_seats = self.more_seats;
        choices.patolli_more_seats = self.patolli_more_seats;
        choices.penguins = menu_penguins(i32::from(self.penguins));
    }

    /// The choices as the file's RON text.
    pub fn to_ron(&self) -> String {
        let pretty = ron::ser::PrettyConfig::new()
            .struct_names(true)
            .compact_arrays(true);
        match ron::ser::to_string_pretty(self, pretty) {
            Ok(text) => {
                format!(
                    "// The Tablero menu's last choices; delete this file to forget them.\n{text}\n"
                )
            }
            // Every field is plain data; serialising cannot fail.
            Err(e) => format!("// cannot write the choices: {e}\n"),
        }
    }
}

/// The choices remembered in `file`: `Ok(None)` when there is no such file.
///
/// # Errors
/// The file's line and column when it does not parse, or why it cannot be read.
pub fn recall(file: &Path) -> Result<Option<RememberedChoices>, LayoutError> {
    let name = file.display().to_string();
    let bytes = match read_limited(file, LAYOUT_LIMIT) {
        Ok(bytes) => bytes,
        Err(ReadError::Io(e)) if e.kind() == std::io::ErrorKind::NotFound => return Ok(None),
        Err(e) => return Err(crate::layout::unreadable(file, &e)),
    };
    read_ron(&name, &String::from_utf8_lossy(&bytes)).map(Some)
}

/// Writes `choices` to `file` at once (a new file then a rename), making its folder first.
///
/// # Errors
/// I/O errors.
pub fn remember(file: &Path, choices: &MenuChoices) -> std::io::Result<()> {
    let mut remembered = RememberedChoices::from(choices);
    if let Some(kept) = recall(file).ok().flatten() {
        remembered.rules_offered = kept.rules_offered;
        remembered.puzzles_solved = kept.puzzles_solved;
        remembered.puzzle_streak = kept.puzzle_streak;
        remembered.animation = kept.animation;
        remembered.palette = kept.palette;
        remembered.text_size = kept.text_size;
        remembered.announcements = kept.announcements;
        remembered.language = kept.language;
    }
    write(file, &remembered)
}

fn write(file: &Path, remembered: &RememberedChoices) -> std::io::Result<()> {
    if let Some(folder) = file.parent() {
        std::fs::create_dir_all(folder)?;
    }
    crate::files::write_atomically(file, &remembered.to_ron())
}

/// Notes in `file` that the rules of `game` were offered; `Ok(true)` the first time. A file
/// that does not parse counts as offered (it is not overwritten).
///
/// # Errors
/// The file cannot be written.
pub fn note_rules_offered(file: &Path, game: GameKind) -> std::io::Result<bool> {
    let mut remembered = match recall(file) {
        Ok(Some(remembered)) => remembered,
        Ok(None) => RememberedChoices::default(),
        Err(_) => return Ok(false),
    };
    if remembered.rules_offered.contains(&game) {
        return Ok(false);
    }
    remembered.rules_offered.push(game);
    write(file, &remembered)?;
    Ok(true)
}

/// Keeps a setting in `file`: `set` changes the kept choices, which are written back. A file
/// that does not parse is not overwritten.
///
/// # Errors
/// The file cannot be written.
pub fn note_setting(file: &Path, set: impl FnOnce(&mut RememberedChoices)) -> std::io::Result<()> {
    let mut remembered = match recall(file) {
        Ok(Some(remembered)) => remembered,
        Ok(None) => RememberedChoices::default(),
        Err(_) => return Ok(()),
    };
    set(&mut remembered);
    write(file, &remembered)
}

/// The puzzles solved and the streak kept in `file` (none and 0 when it is missing or broken).
pub fn puzzle_progress(file: &Path) -> (Vec<String>, u32) {
    match recall(file) {
        Ok(Some(kept)) => (kept.puzzles_solved, kept.puzzle_streak),
        _ => (Vec::new(), 0),
    }
}

/// Notes in `file` how the puzzle `name` went: solved at the first try (added to the solved
/// ones, the streak one longer) or not (the streak back to 0). A file that does not parse is
/// not overwritten.
///
/// # Errors
/// The file cannot be written.
pub fn note_puzzle(file: &Path, name: &str, solved: bool) -> std::io::Result<()> {
    let mut remembered = match recall(file) {
        Ok(Some(remembered)) => remembered,
        Ok(None) => RememberedChoices::default(),
        Err(_) => return Ok(()),
    };
    if solved {
        if !remembered.puzzles_solved.iter().any(|n| n == name) {
            remembered.puzzles_solved.push(name.to_string());
        }
        remembered.puzzle_streak += 1;
    } else {
        remembered.puzzle_streak = 0;
    }
    write(file, &remembered)
}

#[cfg(test)]
mod tests {
    use std::time::Duration;

    use super::super::choices::BUDGET_MAX;
    use super::*;

    /// A test's own folder in the temporary directory, removed again when the test ends (kept
    /// when it fails, to be looked at).
    struct ScratchDir(PathBuf);

    impl ScratchDir {
        fn new(name: &str) -> ScratchDir {
            let dir = std::env::temp_dir()
                .join(format!("tablero-menu-memory-{name}-{}", std::process::id()));
            let _ = std::fs::remove_dir_all(&dir);
            ScratchDir(dir)
        }

        /// The menu's file one folder down, which `remember` has to make.
        fn file(&self) -> PathBuf {
            self.0.join("nested").join(FILE_NAME)
        }
    }

    impl Drop for ScratchDir {
        fn drop(&mut self) {
            if !std::thread::panicking() {
                let _ = std::fs::remove_dir_all(&self.0);
            }
        }
    }

    #[test]
    fn choices_come_back_as_they_were_remembered() {
        let scratch = ScratchDir::new("round-trip");
        let file = scratch.file();
        let chosen = MenuChoices {
            game: GameKind::Penguins,
            seats: [Seat::Ai, Seat::Human],
            level: AiLevel::Medium,
            budget: Duration::from_secs_f64(1.5),
            more_seats: [Some(Seat::Ai), None],
            patolli_more_seats: [Some(Seat::Human), None],
            penguins: 3,
            ..MenuChoices::default()
        };
        remember(&file, &chosen).unwrap();
        let recalled = recall(&file).unwrap().unwrap();
        let mut fresh = MenuChoices::default();
        recalled.apply_to(&mut fresh);
        assert_eq!(
            RememberedChoices::from(&fresh),
            RememberedChoices::from(&chosen)
        );
        // What is not remembered stays as it was.
        assert_eq!(fresh.board_size, MenuChoices::default().board_size);
    }

    #[test]
    fn no_file_means_nothing_remembered() {
        assert_eq!(recall(&ScratchDir::new("missing").file()).unwrap(), None);
    }

    #[test]
    fn a_broken_file_names_its_line_and_column() {
        let scratch = ScratchDir::new("broken");
        let file = scratch.file();
        std::fs::create_dir_all(file.parent().unwrap()).unwrap();
        std::fs::write(&file, "RememberedChoices(\n    game: Chess,\n)").unwrap();
        let error = recall(&file).unwrap_err().to_string();
        assert!(error.contains("menu.ron:2:11"), "{error}");
    }

    #[test]
    fn numbers_out_of_range_come_back_within_the_menus_range() {
        let text = "(seconds_a_move: 99.0, penguins: 0)";
        let recalled: RememberedChoices = read_ron("menu.ron", text).unwrap();
        let mut choices = MenuChoices::default();
        recalled.apply_to(&mut choices);
        assert_eq!(choices.budget, Duration::from_secs_f64(BUDGET_MAX));
        assert_eq!(choices.penguins, 1);
        // Fields left out keep their defaults.
        assert_eq!(choices.game, GameKind::MagneticCave);
        assert_eq!(choices.level, AiLevel::Hard);
    }

    #[test]
    fn a_file_from_a_newer_tablero_still_gives_the_choices_it_shares() {
        let text = "RememberedChoices(level: Easy, colour_scheme: Dark)";
        let recalled: RememberedChoices = read_ron("menu.ron", text).unwrap();
        assert_eq!(recalled.level, AiLevel::Easy);
    }
}
