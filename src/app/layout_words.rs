//! A layout's errors in the window's language: the loader's typed [`LayoutError`] and
//! [`LayoutFault`] worded from the Fluent messages, so the editor's checks and the panels
//! speak the player's language while `tablero check-layout` keeps the English of their own
//! `Display`.

use crate::app::language::game_name;
use crate::i18n::Tr;
use crate::layout::{
    LayoutError, LayoutFault, LayoutProblem, MAX_DRAWN_SIDE, MAX_FIXED_SIDE, MAX_WATER,
    MIN_DRAWN_SIDE, MIN_FIXED_SIDE, PuzzleRefusal, ReadFault,
};

use crate::rules::magnetic_cave::{ConfigError, MAX_SIDE};
use crate::rules::patolli::{DiceError, MAX_BEANS, MAX_GRID, TrackError};
use crate::rules::penguins::MidgameError;
use crate::setup::SetupError;

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

/// `error` in words: the file, line and column, then what is wrong there.
pub fn error_words(error: &LayoutError) -> Tr {
    Tr::new("layout-error-at")
        .text("file", error.file.clone())
        .text("line", error.line.to_string())
        .text("column", error.column.to_string())
        .words("problem", problem_words(&error.problem))
}

/// `problem` in words.
pub fn problem_words(problem: &LayoutProblem) -> Tr {
    match problem {
        LayoutProblem::Syntax(error) => syntax_words(error),
        LayoutProblem::Unreadable(fault) => read_words(*fault),
        LayoutProblem::Fault(fault) => fault_words(fault),
        LayoutProblem::Undrawable(fault) => {
            Tr::new("layout-undrawable").words("fault", fault_words(fault))
        }
        LayoutProblem::OtherGame { found, wanted } => Tr::new("layout-other-game")
            .words("found", game_name(*found))
            .words("wanted", game_name(*wanted)),
        LayoutProblem::Puzzle { name, reason } => Tr::new("layout-puzzle-refused")
            .text("name", name.clone())
            .words("reason", puzzle_words(reason)),
    }
}

/// Why a file was not read, in words (the system's own words for a rarer failure).
pub fn read_words(fault: ReadFault) -> Tr {
    use std::io::ErrorKind;
    match fault {
        ReadFault::Io {
            kind: ErrorKind::NotFound,
            ..
        } => Tr::new("read-not-found"),
        ReadFault::Io {
            kind: ErrorKind::PermissionDenied,
            ..
        } => Tr::new("read-permission"),
        ReadFault::Io { kind, os_code } => Tr::new("read-failed").text(
            "detail",
            os_code.map_or_else(
                || kind.to_string(),
                |code| std::io::Error::from_raw_os_error(code).to_string(),
            ),
        ),
        ReadFault::NotAFile => Tr::new("read-not-a-file"),
        ReadFault::TooLarge { limit } => Tr::new("read-too-large").number("limit", limit),
    }
}

/// RON's reading of a file that is no value of its kind, in words: what was expected or
/// found where, with the file's own names (fields, variants, tokens) as written.
pub fn syntax_words(error: &ron::error::Error) -> Tr {
    use ron::error::Error as Ron;
    let token = |token: &str| Tr::new("ron-expected-token").text("token", token.to_string());
    let kind = |kind: &str| Tr::new("ron-expected-kind").text("kind", kind.to_string());
    let names = |names: &[&str]| {
        names
            .iter()
            .map(|name| format!("`{name}`"))
            .collect::<Vec<_>>()
            .join(", ")
    };
    match error {
        Ron::Eof => Tr::new("ron-eof"),
        Ron::ExpectedArray => token("["),
        Ron::ExpectedArrayEnd | Ron::ExpectedAttributeEnd => token("]"),
        Ron::ExpectedAttribute => token("#!["),
        Ron::ExpectedComma => token(","),
        Ron::ExpectedMap => token("{"),
        Ron::ExpectedMapColon => token(":"),
        Ron::ExpectedMapEnd => token("}"),
        Ron::ExpectedStructLike | Ron::ExpectedOption => token("("),
        Ron::ExpectedStructLikeEnd | Ron::ExpectedOptionEnd => token(")"),
        Ron::ExpectedStringEnd => token("\""),
        Ron::ExpectedBoolean => kind("boolean"),
        Ron::ExpectedInteger => kind("integer"),
        Ron::ExpectedFloat => kind("float"),
        Ron::ExpectedString | Ron::ExpectedByteString => kind("string"),
        Ron::ExpectedChar | Ron::ExpectedByteLiteral => kind("char"),
        Ron::ExpectedIdentifier => kind("identifier"),
        Ron::ExpectedUnit => kind("unit"),
        Ron::ExpectedNamedStructLike(name) => {
            Tr::new("ron-expected-named").text("name", name.to_string())
        }
        Ron::ExpectedDifferentStructName { expected, found } => Tr::new("ron-struct-name")
            .text("expected", expected.to_string())
            .text("found", found.clone()),
        Ron::IntegerOutOfBounds => Tr::new("ron-integer-range"),
        Ron::UnexpectedChar(c) => Tr::new("ron-unexpected-char").text("char", c.to_string()),
        Ron::TrailingCharacters => Tr::new("ron-trailing"),
        Ron::UnclosedBlockComment | Ron::UnclosedLineComment => Tr::new("ron-unclosed-comment"),
        Ron::NoSuchEnumVariant {
            expected, found, ..
        } => Tr::new("ron-unknown-variant")
            .text("found", found.clone())
            .text("expected", names(&expected[..])),
        Ron::NoSuchStructField {
            expected, found, ..
        } => Tr::new("ron-unknown-field")
            .text("found", found.clone())
            .text("expected", names(&expected[..])),
        Ron::MissingStructField { field, .. } => {
            Tr::new("ron-missing-field").text("field", field.to_string())
        }
        Ron::DuplicateStructField { field, .. } => {
            Tr::new("ron-duplicate-field").text("field", field.to_string())
        }
        // serde names the value and the type (`a string`, `u32`) in its own words.
        Ron::InvalidValueForType { expected, found } => Tr::new("ron-wrong-value")
            .text("found", found.clone())
            .text("expected", expected.clone()),
        Ron::ExpectedDifferentLength { expected, found } => Tr::new("ron-wrong-length")
            .text("expected", expected.clone())
            .number("found", *found),
        other => Tr::new("ron-other").text("detail", other.to_string()),
    }
}

/// Why a puzzle does not hold, in words (the puzzle file's own texts, cells and slides as
/// written).
pub fn puzzle_words(reason: &PuzzleRefusal) -> Tr {
    match reason {
        PuzzleRefusal::NameTwice(name) => Tr::new("puzzle-name-twice").text("name", name.clone()),
        PuzzleRefusal::Moves(e) => Tr::new("puzzle-moves-not-cells").text("text", e.0.clone()),
        PuzzleRefusal::IllegalBrick { number, .. } => {
            Tr::new("puzzle-illegal-brick").number("number", *number)
        }
        PuzzleRefusal::AlreadyOver => Tr::new("puzzle-already-over"),
        PuzzleRefusal::CaveSolution(e) => {
            Tr::new("puzzle-solution-not-cell").text("text", e.0.clone())
        }
        PuzzleRefusal::IllegalBrickSolution(_) | PuzzleRefusal::IllegalSlide(_) => {
            Tr::new("puzzle-solution-illegal")
        }
        PuzzleRefusal::WinsInRange { value, min, max } => Tr::new("puzzle-wins-in-range")
            .number("wins_in", *value)
            .number("min", *min)
            .number("max", *max),
        PuzzleRefusal::NotProved(seconds) => {
            Tr::new("puzzle-not-proved").number("seconds", *seconds)
        }
        PuzzleRefusal::NotWon => Tr::new("puzzle-not-won"),
        PuzzleRefusal::TwoWinningBricks { first, second } => Tr::new("puzzle-two-winning-bricks")
            .text("first", first.to_string())
            .text("second", second.to_string()),
        PuzzleRefusal::OtherWinningBrick { given, winning } => Tr::new("puzzle-other-brick")
            .text("given", given.to_string())
            .text("winning", winning.to_string()),
        PuzzleRefusal::WinsIn { found, given } => Tr::new("puzzle-wins-in")
            .number("found", *found)
            .number("given", *given),
        PuzzleRefusal::Players(players) => Tr::new("puzzle-players").number("players", *players),
        PuzzleRefusal::Midgame(e) => midgame_words(e),
        PuzzleRefusal::PenguinsSolution(_) => Tr::new("puzzle-solution-not-slide"),
        PuzzleRefusal::TooLarge => Tr::new("puzzle-too-large"),
        PuzzleRefusal::TwoBestSlides {
            best,
            other,
            margin,
        } => Tr::new("puzzle-two-best-slides")
            .text("best", best.to_string())
            .text("other", other.to_string())
            .text("margin", format!("{margin:+}")),
        PuzzleRefusal::NotBest { given, best } => Tr::new("puzzle-not-best")
            .text("given", given.to_string())
            .text("best", best.to_string()),
        PuzzleRefusal::Margin { found, given } => Tr::new("puzzle-margin")
            .text("found", format!("{found:+}"))
            .text("given", format!("{given:+}")),
    }
}

/// Why a Penguins position written down makes no game, in words.
pub fn midgame_words(error: &MidgameError) -> Tr {
    match error {
        MidgameError::Players(players) => Tr::new("midgame-players")
            .number("players", *players)
            .number("max", crate::rules::penguins::MAX_PLAYERS),
        MidgameError::PenguinOfNobody { penguin, players } => Tr::new("midgame-penguin-of-nobody")
            .number("penguin", *penguin)
            .number("players", *players),
        MidgameError::ToMove { player, players } => Tr::new("midgame-to-move")
            .number("player", *player)
            .number("players", *players),
        MidgameError::TooManyPenguins => Tr::new("midgame-too-many-penguins"),
        MidgameError::CannotSlide(player) => {
            Tr::new("midgame-cannot-slide").number("player", *player)
        }
        MidgameError::TooLarge => Tr::new("midgame-too-large"),
        MidgameError::NoFields => Tr::new("midgame-no-fields"),
        MidgameError::RowLength { row, fields, width } => Tr::new("midgame-row-length")
            .number("row", *row)
            .number("fields", *fields)
            .number("width", *width),
        MidgameError::Field(text) => Tr::new("midgame-field")
            .text("text", text.clone())
            .number("max", crate::rules::penguins::MAX_PLAYERS),
    }
}

/// Why a match cannot be set up as asked, in words (the menu's choices on the board in use).
pub fn setup_words(error: &SetupError) -> Tr {
    match error {
        SetupError::BoardTooSmall(fault) => fault_words(fault),
        SetupError::Layout(error) => error_words(error),
        SetupError::Players(players) => Tr::new("setup-players").number("players", *players),
        SetupError::PenguinsEach(each) => Tr::new("setup-penguins-each")
            .number("each", *each)
            .number("min", crate::rules::penguins::MIN_PENGUINS_EACH)
            .number("max", crate::rules::penguins::MAX_PENGUINS_EACH),
        SetupError::PatolliSeats { seats, players } => Tr::new("setup-patolli-seats")
            .number("seats", *seats)
            .text("players", players.clone()),
        SetupError::Midgame(error) => midgame_words(error),
        // The command line's and the records' own errors: the menu never makes them.
        other => Tr::new("list-one").text("item", other.to_string()),
    }
}
