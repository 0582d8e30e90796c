//! A layout's faults in the window's language: the loader's typed [`LayoutFault`] worded from
//! the Fluent messages, so the editor's checks speak the player's language while
//! `tablero check-layout` keeps the English of the faults' own `Display`.

use crate::i18n::Tr;
use crate::layout::{
    LayoutFault, MAX_DRAWN_SIDE, MAX_FIXED_SIDE, MAX_WATER, MIN_DRAWN_SIDE, MIN_FIXED_SIDE,
};
use crate::rules::magnetic_cave::{ConfigError, MAX_SIDE};
use crate::rules::patolli::{DiceError, MAX_BEANS, MAX_GRID, TrackError};

/// `fault` in words, ready for the window's language.
pub fn fault_words(fault: &LayoutFault) -> Tr {
    let cell = |(row, col): (u16, u16)| format!("({row}, {col})");
    match fault {
        LayoutFault::Cave(error) => match *error {
            ConfigError::Width(value) => Tr::new("fault-cave-width")
                .number("value", value)
                .number("max", MAX_SIDE),
            ConfigError::Height(value) => Tr::new("fault-cave-height")
                .number("value", value)
                .number("max", MAX_SIDE),
            ConfigError::NoLine => Tr::new("fault-cave-no-line"),
            ConfigError::WinLength { value, max } => Tr::new("fault-cave-win-length")
                .number("value", value)
                .number("max", max),
            ConfigError::Unreachable {
                value,
                cells,
                bricks,
            } => Tr::new("fault-cave-unreachable")
                .number("value", value)
                .number("cells", cells)
                .number("bricks", bricks),
        },
        LayoutFault::Dice(DiceError::NoBeans) => Tr::new("fault-dice-no-beans"),
        LayoutFault::Dice(DiceError::TooManyBeans(beans)) => Tr::new("fault-dice-too-many")
            .number("beans", *beans)
            .number("max", MAX_BEANS),
        LayoutFault::Track(error) => match error {
            TrackError::TooShort(squares) => {
                Tr::new("fault-track-too-short").number("squares", *squares)
            }
            TrackError::Repeated {
                earlier,
                later,
                cell: at,
            } => Tr::new("fault-track-repeated")
                .number("earlier", *earlier)
                .number("later", *later)
                .text("cell", cell(*at)),
            TrackError::NotAdjacent { from, to, a, b } => Tr::new("fault-track-not-adjacent")
                .number("from", *from)
                .number("to", *to)
                .text("a", cell(*a))
                .text("b", cell(*b)),
            TrackError::OffGrid { index, cell: at } => Tr::new("fault-track-off-grid")
                .number("index", *index)
                .text("cell", cell(*at))
                .number("max", MAX_GRID),
            TrackError::OffTrack { field, index, last } => Tr::new("fault-track-off-track")
                .text("field", *field)
                .number("index", *index)
                .number("last", *last),
            TrackError::StartIsEnd(player) => {
                Tr::new("fault-track-start-is-end").text("player", player.to_string())
            }
            TrackError::EndOnOpponentStart(player, square, other) => {
                Tr::new("fault-track-end-on-start")
                    .text("player", player.to_string())
                    .number("square", *square)
                    .text("other", other.to_string())
            }
            TrackError::SharedStart(one, other, square) => Tr::new("fault-track-shared-start")
                .text("player", one.to_string())
                .text("other", other.to_string())
                .number("square", *square),
            TrackError::Players(players) => {
                Tr::new("fault-track-players").number("players", *players)
            }
        },
        LayoutFault::Side { field, side } => Tr::new("fault-side")
            .text("field", *field)
            .number("side", *side)
            .number("min", MIN_DRAWN_SIDE)
            .number("max", MAX_DRAWN_SIDE),
        LayoutFault::Water(water) => Tr::new("fault-water")
            .number("water", *water)
            .number("max", MAX_WATER),
        LayoutFault::FishWeightsOverflow => Tr::new("fault-fish-weights-overflow"),
        LayoutFault::NoFishWeight => Tr::new("fault-no-fish-weight"),
        LayoutFault::BoardSize { rows, cols } => Tr::new("fault-board-size")
            .number("rows", *rows)
            .number("cols", *cols)
            .number("min", MIN_FIXED_SIDE)
            .number("max", MAX_FIXED_SIDE),
        LayoutFault::RowLength { row, fields, cols } => Tr::new("fault-row-length")
            .number("row", *row)
            .number("fields", *fields)
            .number("cols", *cols),
        LayoutFault::Fish { row, col, found } => Tr::new("fault-fish")
            .number("row", *row)
            .number("col", *col)
            .text("found", found.to_string()),
        LayoutFault::TooFewOnes(ones) => Tr::new("fault-too-few-ones").number("ones", *ones),
        LayoutFault::NoOneFishFloe => Tr::new("fault-no-one-fish-floe"),
        LayoutFault::TooFewFields {
            cols,
            rows,
            capacity,
            penguins,
        } => Tr::new("fault-too-few-fields")
            .number("cols", *cols)
            .number("rows", *rows)
            .number("capacity", *capacity)
            .number("penguins", *penguins),
        LayoutFault::TooFewFloes { capacity, penguins } => Tr::new("fault-too-few-floes")
            .number("capacity", *capacity)
            .number("penguins", *penguins),
        LayoutFault::FourthWithoutThird => Tr::new("fault-fourth-without-third"),
        LayoutFault::FirstPlayerNotSeated(player, seated) => Tr::new("fault-first-not-seated")
            .text("player", player.to_string())
            .text("seated", seated.clone()),
        LayoutFault::TrackFillable {
            squares,
            players,
            pieces,
        } => Tr::new("fault-track-fillable")
            .number("squares", *squares)
            .number("players", *players)
            .number("pieces", *pieces),
    }
}
