//! The window's language: the texts marked [`Translated`] are worded in the
//! [`ChosenLanguage`] from the Fluent messages (`crate::i18n`) when they appear and again, at
//! once, when the language changes (the settings page's *Language*). In a right-to-left
//! language (Arabic) every row of the window's UI runs right to left (a caption on the right of
//! its buttons, the first button rightmost) and every text is right-aligned; the boards keep
//! their coordinates, which are the games' notation.

use bevy::prelude::*;
use bevy::ui::UiSystems;

use crate::i18n::{Language, Tr};

/// The language the window speaks: `TABLERO_LANG`, else the one kept in the settings file,
/// else the system's, else English (`settings` sets it).
#[derive(Resource, Debug, Clone, Copy, PartialEq, Eq, Default)]
pub struct ChosenLanguage(pub Language);

impl ChosenLanguage {
    /// `message` in this language.
    pub fn word(self, message: &Tr) -> String {
        message.in_language(self.0)
    }

    /// `messages` in this language, a line each.
    pub fn lines(self, messages: &[Tr]) -> String {
        messages
            .iter()
            .map(|m| self.word(m))
            .collect::<Vec<_>>()
            .join("\n")
    }
}

/// The message naming `game`.
pub fn game_name(game: crate::rules::GameKind) -> Tr {
    Tr::new(match game {
        crate::rules::GameKind::MagneticCave => "game-magnetic-cave",
        crate::rules::GameKind::Patolli => "game-patolli",
        crate::rules::GameKind::Penguins => "game-penguins",
    })
}

/// The board called `name` in the layout file `file`, in words: a built-in board keeps the
/// name the players of each language know it by while it keeps its shipped name; a designer's
/// name is shown as written.
pub fn board_name_words(file: &str, name: &str) -> Tr {
    let file_name = file.rsplit(['/', '\\']).next().unwrap_or(file);
    let shipped = crate::levels::built_in(file_name)
        .and_then(|text| crate::layout::read_ron::<crate::layout::Layout>("", text).ok())
        .is_some_and(|layout| layout.name() == Some(name));
    let id = match file_name {
        "magnetic_cave.ron" => "board-classic-cave",
        "magnetic_cave_10x10.ron" => "board-bigger-cave",
        "patolli.ron" => "board-assignment-cross",
        "patolli_4.ron" => "board-cross-for-four",
        "patolli_52.ron" => "board-smaller-cross",
        "penguins.ron" => "board-drawn-floes",
        "penguins_fixed.ron" => "board-seed-board",
        "penguins_hex.ron" => "board-hex-floes",
        _ => "",
    };
    if shipped && !id.is_empty() {
        Tr::new(id)
    } else {
        Tr::new("list-one").text("item", name)
    }
}

/// Where the boards in use come from, in a few words for players (no path of the machine).
pub fn levels_source_words(found: crate::levels::Found) -> Tr {
    use crate::levels::Found;
    Tr::new(match found {
        Found::Variable => "boards-source-variable",
        Found::WorkingFolder => "boards-source-working-folder",
        Found::BesideProgram => "boards-source-beside-program",
        Found::UserData => "boards-source-user-data",
        Found::BuiltIn => "boards-source-built-in",
        Found::Given => "boards-source-given",
    })
}

/// A text whose words are message `.0`, in the chosen language.
#[derive(Component, Debug, Clone, PartialEq)]
pub struct Translated(pub Tr);

/// Words the [`Translated`] texts.
pub fn plugin(app: &mut App) {
    app.init_resource::<ChosenLanguage>();
    app.add_systems(
        PostUpdate,
        (word_texts, mirror_rows, mirror_places, align_texts).before(UiSystems::Prepare),
    );
}

/// A UI row that runs the other way because the language is written right to left.
#[derive(Component, Debug)]
struct MirroredRow;

/// A UI node placed from the window's side by its `left` or `right`, which changes sides in a
/// right-to-left language (the menu's game cards go to the right, *Settings* to the left).
/// Pages over a match (rules, settings) keep their side: the board does not move, and they
/// cover the panel, not the board.
#[derive(Component, Debug, Default)]
pub struct MirroredPlace {
    /// Whether the node stands on the other side now.
    swapped: bool,
}

/// A UI text right-aligned because the language is written right to left.
#[derive(Component, Debug)]
struct RightAligned;

/// Runs every UI row right to left in a right-to-left language, and back when the language
/// changes again; new rows, and rows whose node was set anew, too.
fn mirror_rows(
    mut commands: Commands,
    language: Res<ChosenLanguage>,
    mut rows: Query<(Entity, &mut Node, Has<MirroredRow>)>,
) {
    let right_to_left = language.0.right_to_left();
    for (entity, mut node, mirrored) in &mut rows {
        if !(language.is_changed() || node.is_changed()) {
            continue;
        }
        match (right_to_left, mirrored, node.flex_direction) {
            (true, _, FlexDirection::Row) => {
                commands.entity(entity).insert(MirroredRow);
                node.flex_direction = FlexDirection::RowReverse;
            }
            (false, true, direction) => {
                commands.entity(entity).remove::<MirroredRow>();
                if direction == FlexDirection::RowReverse {
                    node.flex_direction = FlexDirection::Row;
                }
            }
            _ => {}
        }
    }
}

/// Moves each [`MirroredPlace`] to the side the language reads from.
fn mirror_places(
    language: Res<ChosenLanguage>,
    mut places: Query<(&mut Node, &mut MirroredPlace)>,
) {
    for (mut node, mut place) in &mut places {
        if (language.is_changed() || place.is_added())
            && place.swapped != language.0.right_to_left()
        {
            let node = &mut *node;
            std::mem::swap(&mut node.left, &mut node.right);
            place.swapped = !place.swapped;
        }
    }
}

/// Right-aligns every UI text in a right-to-left language (those left-aligned by design), and
/// aligns them left again when the language changes back.
fn align_texts(
    mut commands: Commands,
    language: Res<ChosenLanguage>,
    mut texts: Query<(Entity, &mut TextLayout, Has<RightAligned>), With<Text>>,
) {
    let right_to_left = language.0.right_to_left();
    for (entity, mut layout, aligned) in &mut texts {
        if !(language.is_changed() || layout.is_added()) {
            continue;
        }
        match (right_to_left, aligned, layout.justify) {
            (true, false, Justify::Left) => {
                commands.entity(entity).insert(RightAligned);
                layout.justify = Justify::Right;
            }
            (false, true, _) => {
                commands.entity(entity).remove::<RightAligned>();
                layout.justify = Justify::Left;
            }
            _ => {}
        }
    }
}
/// Words each new or changed [`Translated`] text, and all of them when the language changes.
fn word_texts(
    language: Res<ChosenLanguage>,
    mut texts: Query<(Ref<Translated>, &mut Text)>,
    mut world_texts: Query<(Ref<Translated>, &mut Text2d)>,
) {
    // The words `translated` says now, when they differ from `shown`.
    let reword = |translated: Ref<Translated>, shown: &str| {
        (language.is_changed() || translated.is_changed())
            .then(|| language.word(&translated.0))
            .filter(|words| words != shown)
    };
    for (translated, mut text) in &mut texts {
        if let Some(words) = reword(translated, &text.0) {
            text.0 = words;
        }
    }
    // Text drawn on a board (the editor's captions under its picture).
    for (translated, mut text) in &mut world_texts {
        if let Some(words) = reword(translated, &text.0) {
            text.0 = words;
        }
    }
}
