//! Why a puzzle of a puzzle file does not hold: a designer's file like a layout, so its
//! refusals are typed here, beside the layout's faults, and worded where they are shown.

use crate::rules::ParseError;
use crate::rules::magnetic_cave::{Cell, Illegal as BrickIllegal, ParseCellError};
use crate::rules::penguins::{Action, Illegal as SlideIllegal, MidgameError};

/// Why a puzzle does not hold, as a value until it is shown (the command line's English is its
/// `Display`, naming the puzzle's field).
#[derive(Debug, Clone, PartialEq, thiserror::Error)]
pub enum PuzzleRefusal {
    /// Another puzzle of the file has its name.
    #[error("name: `{0}` is used twice")]
    NameTwice(String),
    /// A cave puzzle's moves name no cell.
    #[error("moves: {0}")]
    Moves(ParseCellError),
    /// A cave puzzle's move the rules refuse.
    #[error("moves: brick {number} is illegal: {reason}")]
    IllegalBrick {
        /// The brick, from 1.
        number: usize,
        /// Why.
        reason: BrickIllegal,
    },
    /// A cave puzzle's match that is already over.
    #[error("moves: the match is already over")]
    AlreadyOver,
    /// A cave puzzle's solution that names no cell.
    #[error("solution: {0}")]
    CaveSolution(ParseCellError),
    /// A cave puzzle's solution the rules refuse.
    #[error("solution: {0}")]
    IllegalBrickSolution(BrickIllegal),
    /// A cave puzzle's `wins_in` out of range.
    #[error("wins_in: {value} is not {min} to {max}")]
    WinsInRange {
        /// What the puzzle says.
        value: u32,
        /// The fewest bricks a puzzle's line may take.
        min: u32,
        /// The most.
        max: u32,
    },
    /// The proof took longer than its budget, in seconds.
    #[error("not proved within {0} s")]
    NotProved(f64),
    /// No brick wins.
    #[error("no brick wins: the position is not won")]
    NotWon,
    /// Two bricks win.
    #[error("the solution is not unique: {first} and {second} both win")]
    TwoWinningBricks {
        /// One.
        first: Cell,
        /// Another.
        second: Cell,
    },
    /// The solution does not win; another brick does.
    #[error("solution: {given} does not win; {winning} does")]
    OtherWinningBrick {
        /// The solution given.
        given: Cell,
        /// The brick that wins.
        winning: Cell,
    },
    /// The solution wins in another number of bricks.
    #[error("wins_in: the solution wins in {found}, not {given}")]
    WinsIn {
        /// What the proof found.
        found: u32,
        /// What the puzzle says.
        given: u32,
    },
    /// A Penguins puzzle of more or fewer than two players.
    #[error("scores: a puzzle has two players, not {0}")]
    Players(usize),
    /// A Penguins puzzle's position that makes no game.
    #[error(transparent)]
    Midgame(MidgameError),
    /// A Penguins puzzle's solution that is no slide.
    #[error("solution: {0}")]
    PenguinsSolution(ParseError),
    /// A Penguins puzzle's solution the rules refuse.
    #[error("solution: {0}")]
    IllegalSlide(SlideIllegal),
    /// The endgame is too large for the exact solver.
    #[error("the endgame is too large to solve exactly")]
    TooLarge,
    /// Two slides end best.
    #[error("the solution is not unique: {best} and {other} both end {margin:+}")]
    TwoBestSlides {
        /// One.
        best: Action,
        /// Another.
        other: Action,
        /// The margin both end with.
        margin: i32,
    },
    /// The solution is not the best slide.
    #[error("solution: {given} is not the best slide; {best} is")]
    NotBest {
        /// The solution given.
        given: Action,
        /// The best slide.
        best: Action,
    },
    /// The solution ends with another margin.
    #[error("margin: the solution ends {found:+}, not {given:+}")]
    Margin {
        /// What the solver found.
        found: i32,
        /// What the puzzle says.
        given: i32,
    },
}
