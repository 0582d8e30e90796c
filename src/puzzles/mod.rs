//! Puzzles the solver proves: positions cut from self-play where exactly one first move wins
//! (Magnetic Cave: a forced line in 2 to 8 bricks) or keeps the most fish (a Penguins endgame
//! solved exactly). They live in RON files in `levels/puzzles/` (one per game, a designer may
//! add more); the loader checks every puzzle and refuses a broken one at its line.

pub mod magnetic_cave;
pub mod make;
pub mod penguins;

use std::path::{Path, PathBuf};
use std::time::Duration;

use serde::{Deserialize, Serialize};

pub use magnetic_cave::CavePuzzle;
pub use penguins::PenguinsPuzzle;

use crate::files::{LAYOUT_LIMIT, read_limited};
pub use crate::layout::PuzzleRefusal;
use crate::layout::{LayoutError, LayoutProblem, read_ron, unreadable};
use crate::levels::Levels;
use crate::rules::GameKind;

/// The folder of puzzle files inside a levels folder.
pub const FOLDER: &str = "puzzles";

/// The shipped puzzle files, by file name, as they are in the repository's `levels/puzzles/`.
const BUILT_IN: [(&str, &str); 2] = [
    (
        "magnetic_cave.ron",
        include_str!("../../levels/puzzles/magnetic_cave.ron"),
    ),
    (
        "penguins.ron",
        include_str!("../../levels/puzzles/penguins.ron"),
    ),
];

/// A puzzle file: one game's puzzles.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub enum PuzzleFile {
    /// Magnetic Cave puzzles.
    MagneticCave(Vec<CavePuzzle>),
    /// Penguins puzzles.
    Penguins(Vec<PenguinsPuzzle>),
}

/// One puzzle of either game.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Puzzle {
    /// A cave puzzle.
    Cave(CavePuzzle),
    /// A Penguins puzzle.
    Penguins(PenguinsPuzzle),
}

impl Puzzle {
    /// Its name, unique in its file.
    pub fn name(&self) -> &str {
        match self {
            Puzzle::Cave(p) => &p.name,
            Puzzle::Penguins(p) => &p.name,
        }
    }

    /// Its game.
    pub fn game(&self) -> GameKind {
        match self {
            Puzzle::Cave(_) => GameKind::MagneticCave,
            Puzzle::Penguins(_) => GameKind::Penguins,
        }
    }

    /// How hard it is, easiest first: for the cave the plies a search must read to see the
    /// win, then the bricks to the line; for Penguins the fish on the board, then the margin.
    pub fn difficulty(&self) -> (u32, u32) {
        match self {
            Puzzle::Cave(p) => (p.depth, p.wins_in),
            Puzzle::Penguins(p) => {
                let fish = p
                    .board
                    .iter()
                    .flat_map(|row| row.split_whitespace())
                    .filter_map(|field| field.chars().next()?.to_digit(10))
                    .sum();
                (fish, p.margin.unsigned_abs())
            }
        }
    }

    /// What the player is asked, in a line.
    pub fn task(&self) -> String {
        match self {
            Puzzle::Cave(p) => {
                let player = p
                    .problem()
                    .map(|problem| match problem.state.to_move() {
                        crate::rules::magnetic_cave::Brick::Black => "Black",
                        crate::rules::magnetic_cave::Brick::White => "White",
                    })
                    .unwrap_or_default();
                format!(
                    "{player} to move wins in {} bricks. Find the first.",
                    p.wins_in
                )
            }
            Puzzle::Penguins(p) => {
                let ending = match p.margin {
                    m if m > 0 => format!("wins by {m} fish"),
                    0 => "ties".to_string(),
                    m => format!("loses by only {} fish", -m),
                };
                format!(
                    "Player {} to move: one slide {ending} with best play. Find it.",
                    p.to_move
                )
            }
        }
    }

    /// Checks it as far as the rules go (a legal position and solution).
    ///
    /// # Errors
    /// What is wrong.
    pub fn check_rules(&self) -> Result<(), PuzzleRefusal> {
        match self {
            Puzzle::Cave(p) => p.problem().map(|_| ()),
            Puzzle::Penguins(p) => p.problem().map(|_| ()),
        }
    }

    /// Proves it: the cave's within `budget`, Penguins' exactly.
    ///
    /// # Errors
    /// What the proof found instead.
    pub fn prove(&self, budget: Duration) -> Result<(), PuzzleRefusal> {
        match self {
            Puzzle::Cave(p) => p.prove(budget),
            Puzzle::Penguins(p) => p.prove(),
        }
    }
}

/// A puzzle and where it is written.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Located {
    /// The puzzle.
    pub puzzle: Puzzle,
    /// Its file, as it was named.
    pub file: String,
    /// The line of its name, from 1.
    pub line: usize,
}

/// How thoroughly [`read`] checks each puzzle.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Check {
    /// The rules only: a legal position and solution (quick).
    Rules,
    /// The rules, then the proof: a unique winning first move at the stated length, each
    /// cave puzzle proved within the budget.
    Proofs(Duration),
}

/// The puzzles of a file's `text` (named `file` in errors), each checked as `check` says:
/// the good ones, and an error at the line of each one refused (or at the syntax error,
/// which refuses the whole file). Names must be unique in a file.
pub fn read(file: &str, text: &str, check: Check) -> (Vec<Located>, Vec<LayoutError>) {
    let parsed: PuzzleFile = match read_ron(file, text) {
        Ok(parsed) => parsed,
        Err(error) => return (Vec::new(), vec![error]),
    };
    let puzzles: Vec<Puzzle> = match parsed {
        PuzzleFile::MagneticCave(list) => list.into_iter().map(Puzzle::Cave).collect(),
        PuzzleFile::Penguins(list) => list.into_iter().map(Puzzle::Penguins).collect(),
    };
    let mut good = Vec::new();
    let mut errors = Vec::new();
    let mut seen = std::collections::HashSet::new();
    for puzzle in puzzles {
        let (line, column) = locate_name(text, puzzle.name());
        let verdict = if !seen.insert(puzzle.name().to_string()) {
            Err(PuzzleRefusal::NameTwice(puzzle.name().to_string()))
        } else {
            match check {
                Check::Rules => puzzle.check_rules(),
                Check::Proofs(budget) => puzzle.prove(budget),
            }
        };
        match verdict {
            Ok(()) => good.push(Located {
                puzzle,
                file: file.to_string(),
                line,
            }),
            Err(reason) => errors.push(LayoutError {
                file: file.to_string(),
                line,
                column,
                problem: LayoutProblem::Puzzle {
                    name: puzzle.name().to_string(),
                    reason,
                },
            }),
        }
    }
    (good, errors)
}

/// The line and column of the first `name: "NAME"` in `text` (1:1 when it is not there).
fn locate_name(text: &str, name: &str) -> (usize, usize) {
    let quoted = format!("\"{name}\"");
    for (index, line) in text.lines().enumerate() {
        if let Some(at) = line.find(&quoted)
            && line[..at].trim_end().ends_with(':')
        {
            let column = line.find("name").unwrap_or(at);
            return (index + 1, column + 1);
        }
    }
    (1, 1)
}

/// The puzzle files of `levels`: the `.ron` files of its `puzzles/` folder, then the built-in
/// files it lacks (at `<built-in>/puzzles/NAME.ron`), each list by name.
pub fn files(levels: &Levels) -> Vec<PathBuf> {
    let folder = levels.dir.join(FOLDER);
    let mut in_folder: Vec<PathBuf> = if levels.is_built_in() {
        Vec::new()
    } else {
        std::fs::read_dir(&folder)
            .into_iter()
            .flatten()
            .flatten()
            .map(|entry| entry.path())
            .filter(|path| path.extension().is_some_and(|e| e == "ron") && path.is_file())
            .collect()
    };
    in_folder.sort();
    let lent: Vec<PathBuf> = BUILT_IN
        .iter()
        .filter(|(name, _)| {
            !in_folder
                .iter()
                .any(|p| p.file_name().is_some_and(|f| f == *name))
        })
        .map(|(name, _)| built_in_path(name))
        .collect();
    in_folder.extend(lent);
    in_folder
}

/// The path of the built-in puzzle file `file_name`.
pub fn built_in_path(file_name: &str) -> PathBuf {
    Path::new(crate::levels::BUILT_IN_FOLDER)
        .join(FOLDER)
        .join(file_name)
}

/// The text of the puzzle file at `path`: a built-in one, or a regular file of bounded size.
///
/// # Errors
/// [`LayoutError`] at 1:1 when it cannot be read.
pub fn read_text(path: &Path) -> Result<String, LayoutError> {
    let mut parts = path.components();
    let built_in = (|| {
        let folder = parts.next()?.as_os_str();
        let sub = parts.next()?.as_os_str();
        let name = parts.next()?.as_os_str().to_str()?;
        if folder != crate::levels::BUILT_IN_FOLDER || sub != FOLDER || parts.next().is_some() {
            return None;
        }
        BUILT_IN.iter().find(|(n, _)| *n == name).map(|(_, t)| *t)
    })();
    if let Some(text) = built_in {
        return Ok(text.to_string());
    }
    read_limited(path, LAYOUT_LIMIT)
        .map(|bytes| String::from_utf8_lossy(&bytes).into_owned())
        .map_err(|e| unreadable(path, &e))
}

/// Every puzzle of `levels` checked as `check` says, easiest first within each game (cave
/// first), and the errors of the files and puzzles refused.
pub fn load(levels: &Levels, check: Check) -> (Vec<Located>, Vec<LayoutError>) {
    let mut good = Vec::new();
    let mut errors = Vec::new();
    for path in files(levels) {
        match read_text(&path) {
            Ok(text) => {
                let (ok, bad) = read(&path.display().to_string(), &text, check);
                good.extend(ok);
                errors.extend(bad);
            }
            Err(error) => errors.push(error),
        }
    }
    good.sort_by_key(|l| {
        (
            l.puzzle.game() != GameKind::MagneticCave,
            l.puzzle.difficulty(),
        )
    });
    (good, errors)
}

/// `count` of `puzzles` chosen by `seed` (all of them when there are fewer), in their order.
pub fn sample<T: Clone>(puzzles: &[T], count: usize, seed: u64) -> Vec<T> {
    let mut indices: Vec<usize> = (0..puzzles.len()).collect();
    let mut state = seed;
    // A partial Fisher-Yates shuffle by splitmix64.
    for i in 0..indices.len().min(count) {
        state = crate::ai::splitmix(state);
        let j = i + (state % (indices.len() - i) as u64) as usize;
        indices.swap(i, j);
    }
    let mut chosen: Vec<usize> = indices.into_iter().take(count).collect();
    chosen.sort_unstable();
    chosen.into_iter().map(|i| puzzles[i].clone()).collect()
}

/// A cave puzzle file holding `puzzles`, a line each, as `tablero puzzles make` writes it.
pub fn write_cave(puzzles: &[CavePuzzle]) -> String {
    let mut out = String::from(CAVE_HEADER);
    out.push_str("MagneticCave([\n");
    for p in puzzles {
        out.push_str(&format!(
            "    (name: \"{}\", moves: \"{}\", solution: \"{}\", wins_in: {}, depth: {}),\n",
            p.name, p.moves, p.solution, p.wins_in, p.depth
        ));
    }
    out.push_str("])\n");
    out
}

/// A Penguins puzzle file holding `puzzles`, as `tablero puzzles make` writes it.
pub fn write_penguins(puzzles: &[PenguinsPuzzle]) -> String {
    let mut out = String::from(PENGUINS_HEADER);
    out.push_str("Penguins([\n");
    for p in puzzles {
        out.push_str(&format!("    (\n        name: \"{}\",\n", p.name));
        if !p.grid.is_square() {
            out.push_str("        grid: Hex,\n");
        }
        out.push_str("        board: [\n");
        for row in &p.board {
            out.push_str(&format!("            \"{row}\",\n"));
        }
        out.push_str(&format!(
            "        ],\n        scores: [{}],\n        to_move: {},\n        solution: \"{}\",\n        margin: {},\n    ),\n",
            p.scores
                .iter()
                .map(u32::to_string)
                .collect::<Vec<_>>()
                .join(", "),
            p.to_move,
            p.solution,
            p.margin
        ));
    }
    out.push_str("])\n");
    out
}

const CAVE_HEADER: &str = "\
// Magnetic Cave puzzles on the standard 8x8 cave. Each: the match so far from the empty cave
// (`moves`), the player to move solving; the one first brick that forces a line (`solution`);
// the winner's bricks to the line against the longest defence, the first included (`wins_in`,
// 2 to 8); the shallowest search in plies that sees the win (`depth`, forced replies free).
// The loader refuses a puzzle at its line when its moves or solution are illegal, and
// `tablero puzzles check` when another first brick also wins or the length is not `wins_in`.
";

const PENGUINS_HEADER: &str = "\
// Penguins puzzles: two-player endgames solved exactly. Each: the board, a string per row of
// fields as the file protocol writes them (fish 0-3, then the player whose penguin stands
// there, 0 for none); each player's fish so far; the player to move, who solves; the one
// slide (`x1 y1 x2 y2`) that ends the game with the best fish margin for that player, every
// other slide ending at least one fish worse; that margin. The loader refuses a puzzle at its
// line when the board or slide is illegal, and `tablero puzzles check` when the slide is not
// the one best or the margin differs.
";
