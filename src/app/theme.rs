//! Colours (the standard palette's, by role; `palette` repaints them in the player's
//! palette), the font, and the UI widgets every screen builds from.

use std::time::Duration;

use bevy::camera::ScalingMode;
use bevy::prelude::*;
use bevy::window::PrimaryWindow;

use super::language::{ChosenLanguage, Translated};
use super::palette::STANDARD;
use crate::ai::AiLevel;
use crate::i18n::{Language, Tr};

/// The standard palette's `background`.
pub const BACKGROUND: Color = STANDARD.background;
/// The standard palette's `cave_floor`.
pub const CAVE_FLOOR: Color = STANDARD.cave_floor;
/// The standard palette's `cell`.
pub const CELL: Color = STANDARD.cell;
/// The standard palette's `legal_cell`.
pub const LEGAL_CELL: Color = STANDARD.legal_cell;
/// The standard palette's `win_line`.
pub const WIN_LINE: Color = STANDARD.win_line;
/// The standard palette's `magnet`.
pub const MAGNET: Color = STANDARD.magnet;
/// The standard palette's `magnet_steel`.
pub const MAGNET_STEEL: Color = STANDARD.magnet_steel;
/// The standard palette's `label`.
pub const LABEL: Color = STANDARD.label;
/// The standard palette's `black_brick`.
pub const BLACK_BRICK: Color = STANDARD.black_brick;
/// The standard palette's `black_brick_edge`.
pub const BLACK_BRICK_EDGE: Color = STANDARD.black_brick_edge;
/// The standard palette's `white_brick`.
pub const WHITE_BRICK: Color = STANDARD.white_brick;
/// The standard palette's `white_brick_edge`.
pub const WHITE_BRICK_EDGE: Color = STANDARD.white_brick_edge;
/// The standard palette's `player_l`.
pub const PLAYER_L: Color = STANDARD.player_l;
/// The standard palette's `player_n`.
pub const PLAYER_N: Color = STANDARD.player_n;
/// The standard palette's `player_3`.
pub const PLAYER_3: Color = STANDARD.player_3;
/// The standard palette's `player_4`.
pub const PLAYER_4: Color = STANDARD.player_4;
/// The standard palette's `empty_square`.
pub const EMPTY_SQUARE: Color = STANDARD.empty_square;
/// The standard palette's `square`.
pub const SQUARE: Color = STANDARD.square;
/// The standard palette's `square_edge`.
pub const SQUARE_EDGE: Color = STANDARD.square_edge;
/// The standard palette's `middle_square`.
pub const MIDDLE_SQUARE: Color = STANDARD.middle_square;
/// The standard palette's `arm_end`.
pub const ARM_END: Color = STANDARD.arm_end;
/// The standard palette's `triangle`.
pub const TRIANGLE: Color = STANDARD.triangle;
/// The standard palette's `piece_edge`.
pub const PIECE_EDGE: Color = STANDARD.piece_edge;
/// The standard palette's `movable`.
pub const MOVABLE: Color = STANDARD.movable;
/// The standard palette's `last_move`.
pub const LAST_MOVE: Color = STANDARD.last_move;
/// The standard palette's `rules_page`.
pub const RULES_PAGE: Color = STANDARD.rules_page;
/// The standard palette's `key_cursor`.
pub const KEY_CURSOR: Color = STANDARD.key_cursor;
/// The standard palette's `hint`.
pub const HINT: Color = STANDARD.hint;
/// The standard palette's `target`.
pub const TARGET: Color = STANDARD.target;
/// The standard palette's `card`.
pub const CARD: Color = STANDARD.card;
/// The standard palette's `card_active`.
pub const CARD_ACTIVE: Color = STANDARD.card_active;
/// The standard palette's `banner`.
pub const BANNER: Color = STANDARD.banner;
/// The standard palette's `water`.
pub const WATER: Color = STANDARD.water;
/// The standard palette's `ice`.
pub const ICE: Color = STANDARD.ice;
/// The standard palette's `fish`.
pub const FISH: Color = STANDARD.fish;
/// The standard palette's `die_face`.
pub const DIE_FACE: Color = STANDARD.die_face;
/// The standard palette's `pip`.
pub const PIP: Color = STANDARD.pip;
/// The standard palette's `bean`.
pub const BEAN: Color = STANDARD.bean;
/// The standard palette's `text`.
pub const TEXT: Color = STANDARD.text;
/// The standard palette's `text_dim`.
pub const TEXT_DIM: Color = STANDARD.text_dim;
/// The standard palette's `warning`.
pub const WARNING: Color = STANDARD.warning;
/// The standard palette's `error`.
pub const ERROR: Color = STANDARD.error;
/// The standard palette's `panel`.
pub const PANEL: Color = STANDARD.panel;
/// The standard palette's `button`.
pub const BUTTON: Color = STANDARD.button;
/// The standard palette's `button_hover`.
pub const BUTTON_HOVER: Color = STANDARD.button_hover;
/// The standard palette's `button_selected`.
pub const BUTTON_SELECTED: Color = STANDARD.button_selected;
/// The standard palette's `thinking_bar`.
pub const THINKING_BAR: Color = STANDARD.thinking_bar;
/// The standard palette's `start_l`.
pub const START_L: Color = STANDARD.start_l;
/// The standard palette's `start_n`.
pub const START_N: Color = STANDARD.start_n;
/// The standard palette's `start_3`.
pub const START_3: Color = STANDARD.start_3;
/// The standard palette's `start_4`.
pub const START_4: Color = STANDARD.start_4;
/// The standard palette's `hint_text`.
pub const HINT_TEXT: Color = STANDARD.hint_text;
/// The standard palette's `inaccuracy`.
pub const INACCURACY: Color = STANDARD.inaccuracy;
/// The standard palette's `mistake`.
pub const MISTAKE: Color = STANDARD.mistake;
/// The standard palette's `blunder`.
pub const BLUNDER: Color = STANDARD.blunder;
/// The standard palette's `plain_first`.
pub const PLAIN_FIRST: Color = STANDARD.plain_first;
/// The standard palette's `plain_second`.
pub const PLAIN_SECOND: Color = STANDARD.plain_second;

/// DejaVu Sans: it has the ■ and □ glyphs that Bevy's built-in font lacks.
const FONT_BYTES: &[u8] = include_bytes!("../../assets/fonts/DejaVuSans.ttf");

pub(super) fn plugin(app: &mut App) {
    // Before any text exists, so nothing is ever laid out with the built-in font.
    if let Some(mut fonts) = app.world_mut().get_resource_mut::<Assets<Font>>() {
        let _ = fonts.insert(
            AssetId::<Font>::default(),
            Font::from_bytes(FONT_BYTES.to_vec()),
        );
    }
    app.add_systems(Startup, (spawn_camera, spawn_design_area));
    app.add_systems(
        Update,
        (
            color_hovered_buttons,
            scale_ui_to_window,
            place_in_design_area,
        ),
    );
}

/// The window's designed 1280x720 area in the UI, centred as the camera centres the board: in
/// a window of another shape the panels of a [`InDesignArea`] root keep their places beside
/// the board instead of moving out to the window's edges.
#[derive(Component, Debug)]
pub struct DesignArea;

/// Marks a UI root that is laid out within the [`DesignArea`] (its absolute offsets are from
/// the area's edges) rather than within the whole window.
#[derive(Component, Debug, Default)]
pub struct InDesignArea;

/// A full-window node that centres the [`DesignArea`]; neither takes clicks, so the board
/// under them still gets them.
fn spawn_design_area(mut commands: Commands) {
    let size = design_size();
    commands.spawn((
        Name::new("Design frame"),
        Node {
            width: percent(100),
            height: percent(100),
            justify_content: JustifyContent::Center,
            align_items: AlignItems::Center,
            ..default()
        },
        Pickable::IGNORE,
        children![(
            Name::new("Design area"),
            DesignArea,
            Node {
                width: px(size.x),
                height: px(size.y),
                flex_shrink: 0.0,
                ..default()
            },
            Pickable::IGNORE,
        )],
    ));
}

/// Moves each new [`InDesignArea`] root into the [`DesignArea`] (before the UI is laid out, so
/// it is never drawn at the window's edge). Without a design area (a headless app) the roots
/// stay where they are.
fn place_in_design_area(
    mut commands: Commands,
    area: Single<Entity, With<DesignArea>>,
    roots: Query<Entity, (With<InDesignArea>, Without<ChildOf>)>,
) {
    for root in &roots {
        commands.entity(root).insert(ChildOf(*area));
    }
}

/// The window size the screens are laid out for.
fn design_size() -> Vec2 {
    Vec2::new(super::WINDOW_SIZE.0 as f32, super::WINDOW_SIZE.1 as f32)
}

/// The camera shows at least the designed 1280x720 area whatever the window's size, scaled to
/// fit (with margins on the longer side), so a smaller window does not cut the board off.
fn spawn_camera(mut commands: Commands) {
    let size = design_size();
    commands.spawn((
        Camera2d,
        Projection::Orthographic(OrthographicProjection {
            scaling_mode: ScalingMode::AutoMin {
                min_width: size.x,
                min_height: size.y,
            },
            ..OrthographicProjection::default_2d()
        }),
    ));
}

/// Scales the panels and buttons as the camera scales the board, so the two keep their places
/// in a window of any size.
fn scale_ui_to_window(
    windows: Query<&Window, (With<PrimaryWindow>, Changed<Window>)>,
    mut ui_scale: ResMut<UiScale>,
) {
    let Ok(window) = windows.single() else {
        return;
    };
    if let Some(scale) = ui_scale_for(window.size())
        && ui_scale.0 != scale
    {
        ui_scale.0 = scale;
    }
}

/// The scale of the UI in a window of `size` logical pixels: the camera's scale
/// ([`ScalingMode::AutoMin`] of the designed size); `None` for a window of no area.
fn ui_scale_for(size: Vec2) -> Option<f32> {
    let design = design_size();
    let scale = (size.x / design.x).min(size.y / design.y);
    (scale.is_finite() && scale > 0.0).then_some(scale)
}

/// A text style of `size` pixels.
pub fn font(size: f32) -> TextFont {
    TextFont {
        font_size: FontSize::Px(size),
        ..default()
    }
}

/// A label: text of `size` pixels in `color`, which a screen reader reads.
pub fn label(text: impl Into<String>, size: f32, color: Color) -> impl Bundle {
    (
        Text::new(text),
        font(size),
        TextColor(color),
        bevy::ui::widget::Label,
    )
}

/// Marks a button that is shown as chosen (it keeps its colour under the pointer).
#[derive(Component, Debug, Clone, Copy, PartialEq, Eq)]
pub struct Selected(pub bool);

/// A button with `text`; add an observer for `Pointer<Click>` to give it an action.
pub fn button(text: impl Into<String>, width: f32) -> impl Bundle {
    sized_button(text, width, 40.0, 18.0)
}

/// A button at least `width` by `height` pixels with `text` of `font_size`; it keeps its size
/// in a crowded row and grows with its text (larger text, `text_size`).
pub fn sized_button(
    text: impl Into<String>,
    width: f32,
    height: f32,
    font_size: f32,
) -> impl Bundle {
    button_around(Text::new(text), width, height, font_size)
}

/// A button whose text is `message`, in the window's language (see [`button`]).
pub fn tr_button(message: Tr, width: f32) -> impl Bundle {
    tr_sized_button(message, width, 40.0, 18.0)
}

/// A button saying message `message` in the window's language, at least `width` by `height`
/// pixels, in type of `font_size` (see [`sized_button`]).
pub fn tr_sized_button(message: Tr, width: f32, height: f32, font_size: f32) -> impl Bundle {
    let english = message.in_language(Language::English);
    button_around(
        (Text::new(english), Translated(message)),
        width,
        height,
        font_size,
    )
}

/// A label whose text is `message`, in the window's language (see [`label`]).
pub fn tr_label(message: Tr, size: f32, color: Color) -> impl Bundle {
    let english = message.in_language(Language::English);
    (label(english, size, color), Translated(message))
}

/// A button at least `width` by `height` pixels around `text` (a text's bundle) of `font_size`.
fn button_around(text: impl Bundle, width: f32, height: f32, font_size: f32) -> impl Bundle {
    (
        Button,
        Node {
            min_width: px(width),
            min_height: px(height),
            flex_shrink: 0.0,
            padding: UiRect::axes(px(6), px(2)),
            justify_content: JustifyContent::Center,
            align_items: AlignItems::Center,
            border_radius: BorderRadius::all(px(6)),
            ..default()
        },
        BackgroundColor(BUTTON),
        Selected(false),
        children![(text, font(font_size), TextColor(TEXT), Pickable::IGNORE)],
    )
}

/// A screen's column of text and buttons (*Edit boards*, *Join a match*, the waiting room):
/// the whole window, its rows centred; it scrolls what does not fit (larger text).
pub fn screen_column() -> impl Bundle {
    (
        super::text_size::ScrollingPanel,
        super::text_size::CentredWhileItFits,
        Node {
            width: percent(100),
            height: percent(100),
            flex_direction: FlexDirection::Column,
            align_items: AlignItems::Center,
            justify_content: JustifyContent::Center,
            overflow: Overflow::scroll_y(),
            row_gap: px(6),
            ..default()
        },
    )
}

/// A screen that scrolls (larger text): the whole window, holding one [`screen_content`]
/// column, centred when it fits and scrolled with the mouse wheel or the focus when it does not.
pub fn scrolling_screen() -> impl Bundle {
    (
        super::text_size::ScrollingPanel,
        Node {
            width: percent(100),
            height: percent(100),
            flex_direction: FlexDirection::Column,
            align_items: AlignItems::Center,
            overflow: Overflow::scroll_y(),
            ..default()
        },
    )
}

/// The column of a [`scrolling_screen`], `width` pixels wide: its rows centred, itself centred
/// top to bottom while it fits (auto margins, which give way instead of pushing the top out of
/// reach as centring would).
pub fn screen_content(width: f32) -> Node {
    Node {
        width: px(width),
        flex_direction: FlexDirection::Column,
        align_items: AlignItems::Center,
        flex_shrink: 0.0,
        margin: UiRect::vertical(auto()),
        padding: UiRect::vertical(px(12)),
        row_gap: px(6),
        ..default()
    }
}

/// The panel on the right of a board, `width` pixels wide, which scrolls what does not fit
/// (larger text); add `DespawnOnExit` for its screen.
pub fn side_panel(width: f32) -> impl Bundle {
    (
        InDesignArea,
        super::text_size::ScrollingPanel,
        super::text_size::DockPanel,
        Node {
            position_type: PositionType::Absolute,
            right: px(20),
            top: px(20),
            bottom: px(20),
            width: px(width),
            overflow: Overflow::scroll_y(),
            flex_direction: FlexDirection::Column,
            row_gap: px(10),
            padding: UiRect::all(px(16)),
            border_radius: BorderRadius::all(px(10)),
            ..default()
        },
        BackgroundColor(PANEL),
    )
}

/// Replaces `text` when it differs, so unchanged text is not laid out again.
pub fn set_text(text: &mut Mut<Text>, content: String) {
    if text.0 != content {
        text.0 = content;
    }
}

/// The panel's line about the AI, which starts on a new line: its level and its time limit
/// (`AI: medium, up to 3.0 s a move`), in `language`.
pub fn ai_line(level: AiLevel, budget: Duration, language: ChosenLanguage) -> String {
    let line = Tr::new("match-ai-line")
        .text("level", level.to_string())
        .text("seconds", format!("{:.1}", budget.as_secs_f64()));
    format!("\n{}", language.word(&line))
}

fn color_hovered_buttons(
    mut buttons: Query<(&Interaction, &Selected, &mut BackgroundColor), With<Button>>,
) {
    for (interaction, selected, mut background) in &mut buttons {
        let color = match (selected.0, interaction) {
            (true, _) => BUTTON_SELECTED,
            (false, Interaction::Hovered | Interaction::Pressed) => BUTTON_HOVER,
            (false, Interaction::None) => BUTTON,
        };
        background.set_if_neq(BackgroundColor(color));
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn panels_are_laid_out_within_the_design_area() {
        let mut app = App::new();
        app.add_systems(Startup, spawn_design_area);
        app.add_systems(Update, place_in_design_area);
        app.update();
        let panel = app.world_mut().spawn(side_panel(300.0)).id();
        let other = app.world_mut().spawn(Node::default()).id();
        app.update();
        let mut areas = app.world_mut().query_filtered::<Entity, With<DesignArea>>();
        let area = areas.single(app.world()).expect("one design area");
        let parent = |entity: Entity| app.world().get::<ChildOf>(entity).map(ChildOf::parent);
        assert_eq!(parent(panel), Some(area));
        assert_eq!(parent(other), None);
    }

    #[test]
    fn the_ui_scales_with_the_shorter_side_of_the_window() {
        assert_eq!(ui_scale_for(Vec2::new(1280.0, 720.0)), Some(1.0));
        // Narrower than 16:9: the width decides, as it does for the camera.
        assert_eq!(
            ui_scale_for(Vec2::new(1000.0, 640.0)),
            Some(1000.0 / 1280.0)
        );
        assert_eq!(ui_scale_for(Vec2::new(1920.0, 1080.0)), Some(1.5));
        assert_eq!(ui_scale_for(Vec2::new(2560.0, 720.0)), Some(1.0));
        assert_eq!(ui_scale_for(Vec2::new(0.0, 720.0)), None);
    }
}
