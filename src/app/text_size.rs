//! How large the panels' text is (the settings page's *Text size*): 100 % to 200 % of the
//! designed size in steps of 25, applied at once to every text of the UI (the board's own
//! letters keep their size, which the squares set). The side panels scroll (the mouse wheel
//! over them) what no longer fits, and the bars in the board's margins (the analysis strip,
//! the record bar, the puzzle bar), which have no room for larger text there, move into the
//! side panel while the text is larger than designed.

use bevy::input::mouse::{MouseScrollUnit, MouseWheel};
use bevy::prelude::*;
use bevy::ui::UiSystems;
use bevy::window::PrimaryWindow;
use serde::{Deserialize, Serialize};

/// The panels' text, in per cent of its designed size.
#[derive(Resource, Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(transparent)]
pub struct TextSize(pub u16);

impl Default for TextSize {
    fn default() -> Self {
        TextSize(100)
    }
}

impl TextSize {
    /// Every choice, in the order the settings page shows them.
    pub const ALL: [TextSize; 5] = [
        TextSize(100),
        TextSize(125),
        TextSize(150),
        TextSize(175),
        TextSize(200),
    ];

    /// The choice's name on its button.
    pub fn title(self) -> &'static str {
        match self.0 {
            ..=112 => "100 %",
            113..=137 => "125 %",
            138..=162 => "150 %",
            163..=187 => "175 %",
            _ => "200 %",
        }
    }

    /// The factor text is drawn at (1 to 2; a size out of range counts as the nearest end).
    pub fn scale(self) -> f32 {
        f32::from(self.0.clamp(100, 200)) / 100.0
    }
}

/// A text's size as it was designed, before [`TextSize`].
#[derive(Component, Debug, Clone, Copy)]
struct DesignedSize(f32);

/// A panel that scrolls its content with the mouse wheel when it does not fit.
#[derive(Component, Debug, Default)]
pub struct ScrollingPanel;

/// A bar in the board's margin, which moves into the [`DockPanel`] at larger text: to its
/// start (`First`, the puzzle's task) or its end (`Last`).
#[derive(Component, Debug, Clone, Copy, PartialEq, Eq)]
pub enum BoardBar {
    /// Right under the panel's title.
    First,
    /// After everything else of the panel.
    Last,
}

/// The side panel a screen's [`BoardBar`]s move into at larger text.
#[derive(Component, Debug, Default)]
pub struct DockPanel;

/// A [`BoardBar`] in the side panel, with the node it has in the board's margin.
#[derive(Component, Debug)]
struct Docked(Node);

/// Scales the UI's text as [`TextSize`] says, docks the board's bars, and scrolls panels with
/// the wheel.
pub fn plugin(app: &mut App) {
    app.init_resource::<TextSize>();
    // A headless app has no input plugin to declare the wheel's messages.
    app.add_message::<MouseWheel>();
    app.add_systems(
        PostUpdate,
        (dock_board_bars, scale_text).before(UiSystems::Prepare),
    );
    app.add_systems(Update, scroll_panels);
    app.add_systems(
        PostUpdate,
        (keep_panel_rows_whole, centre_while_it_fits).before(UiSystems::Prepare),
    );
}

/// A scrolling column that centres its content top to bottom while it fits and starts it at
/// the top when it does not (centred content taller than its column would push its top out of
/// reach of the scroll).
#[derive(Component, Debug, Default)]
pub struct CentredWhileItFits;

/// Centres a [`CentredWhileItFits`] column's content, or starts it at the top, as the last
/// layout found it fits or not.
fn centre_while_it_fits(mut columns: Query<(&ComputedNode, &mut Node), With<CentredWhileItFits>>) {
    for (computed, mut node) in &mut columns {
        let fits = computed.content_size().y <= computed.size().y + 1.0;
        let wanted = if fits {
            JustifyContent::Center
        } else {
            JustifyContent::FlexStart
        };
        if node.justify_content != wanted {
            node.justify_content = wanted;
        }
    }
}

/// A [`ScrollingPanel`]'s rows keep their height when the panel is full (a row that shrank
/// would draw its text over the next); the panel scrolls instead.
fn keep_panel_rows_whole(
    panels: Query<&Children, (With<ScrollingPanel>, Changed<Children>)>,
    mut rows: Query<&mut Node>,
) {
    for children in &panels {
        for &row in children {
            if let Ok(mut node) = rows.get_mut(row)
                && node.flex_shrink != 0.0
            {
                node.flex_shrink = 0.0;
            }
        }
    }
}

/// Moves the [`BoardBar`]s into the screen's [`DockPanel`] while the text is larger than
/// designed (their items wrap there), and back to their places in the margin at 100 %.
fn dock_board_bars(
    mut commands: Commands,
    size: Res<TextSize>,
    panels: Query<Entity, With<DockPanel>>,
    mut bars: Query<(Entity, &BoardBar, &mut Node, Option<&Docked>)>,
) {
    let dock = size.scale() > 1.0;
    let panel = panels.iter().next();
    for (bar, place, mut node, docked) in &mut bars {
        match (dock, panel, docked) {
            (true, Some(panel), None) => {
                let own = std::mem::replace(
                    &mut *node,
                    Node {
                        width: percent(100),
                        flex_shrink: 0.0,
                        flex_wrap: FlexWrap::Wrap,
                        column_gap: px(8),
                        row_gap: px(6),
                        align_items: AlignItems::Center,
                        ..default()
                    },
                );
                commands.entity(bar).insert(Docked(own));
                match place {
                    BoardBar::First => commands.entity(panel).insert_children(1, &[bar]),
                    BoardBar::Last => commands.entity(panel).add_child(bar),
                };
            }
            (false, _, Some(Docked(own))) => {
                *node = own.clone();
                // Without a parent, `theme` puts it back in the design area.
                commands.entity(bar).remove::<(Docked, ChildOf)>();
            }
            _ => {}
        }
    }
}

/// Gives new UI text its size at the chosen scale, and all of it a new size when the choice
/// changes.
#[allow(clippy::type_complexity)]
fn scale_text(
    mut commands: Commands,
    size: Res<TextSize>,
    mut new: Query<
        (Entity, &mut TextFont),
        (Or<(With<Node>, With<TextSpan>)>, Without<DesignedSize>),
    >,
    mut known: Query<(&DesignedSize, &mut TextFont)>,
) {
    let scale = size.scale();
    for (entity, mut font) in &mut new {
        let FontSize::Px(designed) = font.font_size else {
            continue;
        };
        commands.entity(entity).insert(DesignedSize(designed));
        if scale != 1.0 {
            font.font_size = FontSize::Px(designed * scale);
        }
    }
    if size.is_changed() {
        for (designed, mut font) in &mut known {
            let wanted = FontSize::Px(designed.0 * scale);
            if font.font_size != wanted {
                font.font_size = wanted;
            }
        }
    }
}

/// The mouse wheel scrolls the [`ScrollingPanel`] under the pointer, within its content.
fn scroll_panels(
    mut wheel: MessageReader<MouseWheel>,
    windows: Query<&Window, With<PrimaryWindow>>,
    mut panels: Query<
        (&ComputedNode, &UiGlobalTransform, &mut ScrollPosition),
        With<ScrollingPanel>,
    >,
) {
    let lines: f32 = wheel
        .read()
        .map(|w| match w.unit {
            MouseScrollUnit::Line => w.y * 32.0,
            MouseScrollUnit::Pixel => w.y,
        })
        .sum();
    let Some(pointer) = windows
        .single()
        .ok()
        .and_then(Window::physical_cursor_position)
    else {
        return;
    };
    if lines == 0.0 {
        return;
    }
    for (node, transform, mut scroll) in &mut panels {
        if node.contains_point(*transform, pointer) {
            let most = (node.content_size().y - node.size().y).max(0.0) * node.inverse_scale_factor;
            scroll.y = (scroll.y - lines).clamp(0.0, most);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_sizes_run_from_designed_to_double() {
        assert_eq!(TextSize::default().scale(), 1.0);
        assert_eq!(TextSize(150).scale(), 1.5);
        assert_eq!(TextSize(500).scale(), 2.0);
        assert_eq!(TextSize::ALL.map(TextSize::title)[4], "200 %");
    }
}
