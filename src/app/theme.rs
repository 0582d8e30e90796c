//! Colours, the font, and the UI widgets every screen builds from.

use bevy::prelude::*;

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
    app.add_systems(Startup, spawn_camera);
    app.add_systems(Update, color_hovered_buttons);
}

fn spawn_camera(mut commands: Commands) {
    commands.spawn(Camera2d);
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
    (
        Button,
        Node {
            width: px(width),
            height: px(40),
            justify_content: JustifyContent::Center,
            align_items: AlignItems::Center,
            border_radius: BorderRadius::all(px(6)),
            ..default()
        },
        BackgroundColor(BUTTON),
        Selected(false),
        children![(
            Text::new(text),
            font(18.0),
            TextColor(TEXT),
            Pickable::IGNORE
        )],
    )
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
