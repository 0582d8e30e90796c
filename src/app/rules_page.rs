//! The rules at hand: F1, `?` or the *Rules* button open the rules of the game on screen
//! (`docs/rules/<game>.md` in English, `docs/rules/<language>/<game>.md` in the others, written
//! for players and built into the binary, in the window's language) in a page over the
//! match panel, beside the board, which stays in view, drawn by the game itself; F1, `?` or
//! Esc close it. The first time a game is opened the notice line offers the page once
//! (remembered in the settings file, `menu::memory`).

use bevy::prelude::*;

use super::language::ChosenLanguage;
use crate::i18n::{Language, Tr};

use super::menu::memory;
use super::{AppStart, Screen, theme};
use crate::rules::GameKind;

/// The rules of each game, for players, in `language`.
pub fn rules_text(game: GameKind, language: Language) -> &'static str {
    use GameKind::{MagneticCave, Patolli, Penguins};
    use Language::{Arabic, English, Polish, Spanish};
    match (language, game) {
        (English, MagneticCave) => include_str!("../../docs/rules/magnetic-cave.md"),
        (English, Patolli) => include_str!("../../docs/rules/patolli.md"),
        (English, Penguins) => include_str!("../../docs/rules/penguins.md"),
        (Spanish, MagneticCave) => include_str!("../../docs/rules/es/magnetic-cave.md"),
        (Spanish, Patolli) => include_str!("../../docs/rules/es/patolli.md"),
        (Spanish, Penguins) => include_str!("../../docs/rules/es/penguins.md"),
        (Polish, MagneticCave) => include_str!("../../docs/rules/pl/magnetic-cave.md"),
        (Polish, Patolli) => include_str!("../../docs/rules/pl/patolli.md"),
        (Polish, Penguins) => include_str!("../../docs/rules/pl/penguins.md"),
        (Arabic, MagneticCave) => include_str!("../../docs/rules/ar/magnetic-cave.md"),
        (Arabic, Patolli) => include_str!("../../docs/rules/ar/patolli.md"),
        (Arabic, Penguins) => include_str!("../../docs/rules/ar/penguins.md"),
    }
}

/// A piece of the rules page.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Block {
    /// The page's title (`# `).
    Title(String),
    /// A section's heading (`## `).
    Heading(String),
    /// A point of a list (`- `).
    Point(String),
    /// A paragraph.
    Paragraph(String),
}

/// The blocks of a rules page in the little Markdown it is written in: `#` and `##` headings,
/// `-` points, paragraphs (lines joined until a blank line or another block); `**bold**` shows
/// as plain text, as the page has one weight.
pub fn blocks(text: &str) -> Vec<Block> {
    let mut blocks: Vec<Block> = Vec::new();
    let mut open_paragraph = false;
    for line in text.lines().map(|line| line.trim().replace("**", "")) {
        let line = line.as_str();
        if line.is_empty() {
            open_paragraph = false;
            continue;
        }
        let block = if let Some(title) = line.strip_prefix("## ") {
            Block::Heading(title.to_string())
        } else if let Some(title) = line.strip_prefix("# ") {
            Block::Title(title.to_string())
        } else if let Some(point) = line.strip_prefix("- ") {
            Block::Point(point.to_string())
        } else {
            match blocks.last_mut() {
                Some(Block::Paragraph(text) | Block::Point(text)) if open_paragraph => {
                    text.push(' ');
                    text.push_str(line);
                    continue;
                }
                _ => Block::Paragraph(line.to_string()),
            }
        };
        open_paragraph = matches!(block, Block::Paragraph(_) | Block::Point(_));
        blocks.push(block);
    }
    blocks
}

/// Which game's rules are open, and which game's rules the notice line offers.
#[derive(Resource, Debug, Default, Clone, Copy, PartialEq, Eq)]
pub struct RulesPage {
    /// The game whose rules show.
    pub open: Option<GameKind>,
    /// The game whose rules are offered (its first opening), until the page is opened.
    pub offered: Option<GameKind>,
}

/// Open (or close) the rules of the game on screen.
#[derive(Message, Debug, Clone, Copy, Default)]
pub struct RulesRequested;

/// The page's root.
#[derive(Component, Debug)]
struct RulesPanel;

/// The rules page.
pub(super) fn plugin(app: &mut App) {
    app.init_resource::<RulesPage>();
    app.add_message::<RulesRequested>();
    app.add_systems(Update, (rules_keys, toggle_page, show_page).chain());
    for (screen, game) in [
        (Screen::MagneticCave, GameKind::MagneticCave),
        (Screen::Patolli, GameKind::Patolli),
        (Screen::Penguins, GameKind::Penguins),
    ] {
        app.add_systems(
            OnEnter(screen),
            move |start: Option<Res<AppStart>>, mut page: ResMut<RulesPage>| {
                offer_once(start.as_deref(), game, &mut page);
                // `--screenshot-rules`: the picture shows the rules page.
                let shown = start.as_ref().and_then(|s| s.screenshot.as_ref());
                if shown.is_some_and(|shot| shot.rules) {
                    page.open = Some(game);
                }
            },
        );
        app.add_systems(OnExit(screen), |mut page: ResMut<RulesPage>| {
            *page = RulesPage::default();
        });
    }
}

/// Offers the rules of `game` when the settings file has not seen them offered.
fn offer_once(start: Option<&AppStart>, game: GameKind, page: &mut RulesPage) {
    let Some(file) = start.and_then(|start| start.menu_memory.as_ref()) else {
        return;
    };
    match memory::note_rules_offered(file, game) {
        Ok(true) => page.offered = Some(game),
        Ok(false) => {}
        Err(e) => warn!(
            "cannot note in {} that the rules were offered: {e}",
            file.display()
        ),
    }
}

/// F1, or the key that types `?` on the player's keyboard layout.
fn rules_keys(
    mut keys: MessageReader<bevy::input::keyboard::KeyboardInput>,
    mut requests: MessageWriter<RulesRequested>,
) {
    use bevy::input::ButtonState;
    use bevy::input::keyboard::Key;
    for key in keys.read() {
        let asked = key.key_code == KeyCode::F1
            || matches!(&key.logical_key, Key::Character(typed) if typed.as_str() == "?");
        if asked && key.state == ButtonState::Pressed && !key.repeat {
            requests.write(RulesRequested);
        }
    }
}

fn toggle_page(
    mut requests: MessageReader<RulesRequested>,
    screen: Res<State<Screen>>,
    mut page: ResMut<RulesPage>,
) {
    if requests.read().count().is_multiple_of(2) {
        return;
    }
    let game = match screen.get() {
        Screen::MagneticCave => GameKind::MagneticCave,
        Screen::Patolli => GameKind::Patolli,
        Screen::Penguins => GameKind::Penguins,
        Screen::Menu | Screen::Boards | Screen::Editor | Screen::Waiting | Screen::Join => return,
    };
    page.open = match page.open {
        Some(_) => None,
        None => Some(game),
    };
    page.offered = None;
}

/// Builds the page when it opens and removes it when it closes.
fn show_page(
    mut commands: Commands,
    page: Res<RulesPage>,
    panels: Query<Entity, With<RulesPanel>>,
    language: Res<ChosenLanguage>,
    mut shown: Local<Option<GameKind>>,
) {
    if *shown == page.open && (page.open.is_none() || !panels.is_empty()) && !language.is_changed()
    {
        return;
    }
    *shown = page.open;
    for panel in &panels {
        commands.entity(panel).despawn();
    }
    let Some(game) = page.open else {
        return;
    };
    commands
        .spawn((
            Name::new("Rules page"),
            RulesPanel,
            theme::InDesignArea,
            // Larger text makes the rules longer than the page: it scrolls.
            super::text_size::ScrollingPanel,
            Node {
                position_type: PositionType::Absolute,
                right: px(20),
                top: px(20),
                bottom: px(20),
                width: px(560),
                overflow: Overflow::scroll_y(),
                flex_direction: FlexDirection::Column,
                row_gap: px(8),
                padding: UiRect::all(px(20)),
                border_radius: BorderRadius::all(px(10)),
                ..default()
            },
            BackgroundColor(theme::RULES_PAGE),
            GlobalZIndex(10),
        ))
        .with_children(|page| {
            for block in blocks(rules_text(game, language.0)) {
                match block {
                    Block::Title(text) => {
                        page.spawn(theme::label(text, 28.0, theme::TEXT));
                    }
                    Block::Heading(text) => {
                        page.spawn((
                            theme::label(text, 18.0, theme::MIDDLE_SQUARE),
                            Node {
                                margin: UiRect::top(px(6)),
                                ..default()
                            },
                        ));
                    }
                    Block::Point(text) => {
                        page.spawn(theme::label(format!("•  {text}"), 15.0, theme::TEXT));
                    }
                    Block::Paragraph(text) => {
                        page.spawn(theme::label(text, 15.0, theme::TEXT));
                    }
                }
            }
            page.spawn((
                theme::tr_label(Tr::new("rules-close"), 14.0, theme::TEXT_DIM),
                Node {
                    margin: UiRect::top(Val::Auto),
                    ..default()
                },
            ));
        });
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_page_reads_headings_points_and_paragraphs() {
        let text = "# Game\n\nA line\nand more.\n\n## Turn\n- one\n  goes on\n- **two**\n";
        assert_eq!(
            blocks(text),
            vec![
                Block::Title("Game".into()),
                Block::Paragraph("A line and more.".into()),
                Block::Heading("Turn".into()),
                Block::Point("one goes on".into()),
                Block::Point("two".into()),
            ]
        );
    }

    #[test]
    fn every_game_has_its_rules_in_every_language_with_the_same_sections() {
        // The kind of each block, so a translation that drops a point or a section shows.
        let kinds = |blocks: &[Block]| {
            blocks
                .iter()
                .map(std::mem::discriminant)
                .collect::<Vec<_>>()
        };
        for game in GameKind::ALL {
            let english = blocks(rules_text(game, Language::English));
            assert!(english.len() > 6, "{game:?}");
            for language in Language::ALL {
                let blocks = blocks(rules_text(game, language));
                let name = crate::app::language::game_name(game).in_language(language);
                assert_eq!(blocks.first(), Some(&Block::Title(name)), "{language:?}");
                assert_eq!(kinds(&blocks), kinds(&english), "{game:?} in {language:?}");
            }
        }
    }
}
