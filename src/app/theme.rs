//! Colours, the font, and the UI widgets every screen builds from.

use std::time::Duration;

use bevy::camera::ScalingMode;
use bevy::prelude::*;
use bevy::window::PrimaryWindow;

use crate::ai::AiLevel;

/// The window's background.
pub const BACKGROUND: Color = Color::srgb(0.09, 0.10, 0.13);
/// The cave's rock floor around the cells.
pub const CAVE_FLOOR: Color = Color::srgb(0.20, 0.18, 0.16);
/// An empty cell.
pub const CELL: Color = Color::srgb(0.33, 0.30, 0.27);
/// An empty cell where the player to move may place a brick.
pub const LEGAL_CELL: Color = Color::srgb(0.30, 0.50, 0.38);
/// The cells of the winning line.
pub const WIN_LINE: Color = Color::srgb(0.93, 0.72, 0.20);
/// The magnetic walls.
pub const MAGNET: Color = Color::srgb(0.72, 0.16, 0.16);
/// The steel face of the magnetic walls.
pub const MAGNET_STEEL: Color = Color::srgb(0.74, 0.76, 0.80);
/// Coordinates on the board's edges.
pub const LABEL: Color = Color::srgb(0.78, 0.76, 0.70);
/// ■'s fill.
pub const BLACK_BRICK: Color = Color::srgb(0.06, 0.06, 0.07);
/// ■'s edge.
pub const BLACK_BRICK_EDGE: Color = Color::srgb(0.42, 0.42, 0.46);
/// □'s fill.
pub const WHITE_BRICK: Color = Color::srgb(0.96, 0.95, 0.91);
/// □'s edge.
pub const WHITE_BRICK_EDGE: Color = Color::srgb(0.12, 0.12, 0.13);
/// Patolli: player L's pieces and squares.
pub const PLAYER_L: Color = Color::srgb(0.86, 0.36, 0.22);
/// Patolli: player N's pieces and squares.
pub const PLAYER_N: Color = Color::srgb(0.24, 0.55, 0.88);
/// The third player (Patolli G, Penguins C).
pub const PLAYER_3: Color = Color::srgb(0.30, 0.70, 0.36);
/// The fourth player (Patolli M, Penguins D).
pub const PLAYER_4: Color = Color::srgb(0.62, 0.40, 0.82);
/// The board editor: a grid square not on the track.
pub const EMPTY_SQUARE: Color = Color::srgb(0.17, 0.18, 0.22);
/// Patolli: a plain track square.
pub const SQUARE: Color = Color::srgb(0.80, 0.72, 0.56);
/// Patolli: the thin edge between squares.
pub const SQUARE_EDGE: Color = Color::srgb(0.36, 0.31, 0.24);
/// Patolli: the four middle squares, where captures happen.
pub const MIDDLE_SQUARE: Color = Color::srgb(0.93, 0.80, 0.34);
/// Patolli: the red arm ends that give another roll.
pub const ARM_END: Color = Color::srgb(0.72, 0.18, 0.16);
/// Patolli: the (inert) triangles.
pub const TRIANGLE: Color = Color::srgb(0.30, 0.25, 0.18);
/// Patolli: a piece's dark rim.
pub const PIECE_EDGE: Color = Color::srgb(0.10, 0.10, 0.12);
/// Patolli: a piece's label.
pub const PIECE_LABEL: Color = Color::srgb(1.0, 1.0, 1.0);
/// Patolli: the ring around a piece that can move.
pub const MOVABLE: Color = Color::srgb(0.55, 0.95, 0.65);
/// The last move's trail: where it started, the way it went, where it ended.
pub const LAST_MOVE: Color = Color::srgb(0.80, 0.48, 0.98);
/// The rules page's background.
pub const RULES_PAGE: Color = Color::srgb(0.11, 0.16, 0.22);
/// The keyboard's cursor.
pub const KEY_CURSOR: Color = Color::srgb(1.0, 0.98, 0.85);
/// A hint's way: the engine's choice for the human to move.
pub const HINT: Color = Color::srgb(0.30, 0.88, 0.96);
/// Patolli: the marker on the square a chosen piece would land on.
pub const TARGET: Color = Color::srgb(0.45, 1.0, 0.55);
/// Patolli: a player's card.
pub const CARD: Color = Color::srgb(0.16, 0.17, 0.22);
/// Patolli: the card of the player to move.
pub const CARD_ACTIVE: Color = Color::srgb(0.22, 0.26, 0.34);
/// The end-of-game banner behind the result.
pub const BANNER: Color = Color::srgba(0.05, 0.05, 0.07, 0.88);
/// Penguins: open water.
pub const WATER: Color = Color::srgb(0.10, 0.28, 0.45);
/// Penguins: an ice floe.
pub const ICE: Color = Color::srgb(0.86, 0.93, 0.97);
/// Penguins: a fish on a floe.
pub const FISH: Color = Color::srgb(0.95, 0.55, 0.20);
/// The die's face.
pub const DIE_FACE: Color = Color::srgb(0.97, 0.95, 0.90);
/// The die's pips and the beans' marks.
pub const PIP: Color = Color::srgb(0.12, 0.10, 0.10);
/// A bean's plain side.
pub const BEAN: Color = Color::srgb(0.86, 0.78, 0.62);
/// Ordinary text.
pub const TEXT: Color = Color::srgb(0.92, 0.91, 0.88);
/// Quieter text.
pub const TEXT_DIM: Color = Color::srgb(0.62, 0.62, 0.60);
/// Refusals and warnings.
pub const WARNING: Color = Color::srgb(0.98, 0.62, 0.32);
/// Errors, such as a broken layout file.
pub const ERROR: Color = Color::srgb(1.0, 0.40, 0.40);
/// A panel behind text.
pub const PANEL: Color = Color::srgb(0.14, 0.15, 0.19);
/// A button at rest.
pub const BUTTON: Color = Color::srgb(0.22, 0.24, 0.30);
/// A button under the pointer.
pub const BUTTON_HOVER: Color = Color::srgb(0.30, 0.33, 0.42);
/// A chosen option.
pub const BUTTON_SELECTED: Color = Color::srgb(0.24, 0.46, 0.36);
/// The AI's remaining time.
pub const THINKING_BAR: Color = Color::srgb(0.36, 0.62, 0.92);

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

/// A label: text of `size` pixels in `color`.
pub fn label(text: impl Into<String>, size: f32, color: Color) -> impl Bundle {
    (Text::new(text), font(size), TextColor(color))
}

/// Marks a button that is shown as chosen (it keeps its colour under the pointer).
#[derive(Component, Debug, Clone, Copy, PartialEq, Eq)]
pub struct Selected(pub bool);

/// A button with `text`; add an observer for `Pointer<Click>` to give it an action.
pub fn button(text: impl Into<String>, width: f32) -> impl Bundle {
    sized_button(text, width, 40.0, 18.0)
}

/// A button `width` by `height` pixels with `text` of `font_size`; it keeps its size in a
/// crowded row.
pub fn sized_button(
    text: impl Into<String>,
    width: f32,
    height: f32,
    font_size: f32,
) -> impl Bundle {
    (
        Button,
        Node {
            width: px(width),
            height: px(height),
            flex_shrink: 0.0,
            justify_content: JustifyContent::Center,
            align_items: AlignItems::Center,
            border_radius: BorderRadius::all(px(6)),
            ..default()
        },
        BackgroundColor(BUTTON),
        Selected(false),
        children![(
            Text::new(text),
            font(font_size),
            TextColor(TEXT),
            Pickable::IGNORE
        )],
    )
}

/// A screen's column of text and buttons (the menu, *Edit boards*): the whole window, its
/// rows centred.
pub fn screen_column() -> Node {
    Node {
        width: percent(100),
        height: percent(100),
        flex_direction: FlexDirection::Column,
        align_items: AlignItems::Center,
        justify_content: JustifyContent::Center,
        row_gap: px(6),
        ..default()
    }
}

/// The panel on the right of a board, `width` pixels wide; add `DespawnOnExit` for its screen.
pub fn side_panel(width: f32) -> impl Bundle {
    (
        InDesignArea,
        Node {
            position_type: PositionType::Absolute,
            right: px(20),
            top: px(20),
            bottom: px(20),
            width: px(width),
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
/// (`AI: medium, up to 3.0 s a move`).
pub fn ai_line(level: AiLevel, budget: Duration) -> String {
    format!("\nAI: {level}, up to {:.1} s a move", budget.as_secs_f64())
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
