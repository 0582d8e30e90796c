//! The buttons by keys, on the screens without a board (the menu, the list of boards to edit;
//! *Join a match* has its own keys: Tab between its fields, Enter joins) and on the settings
//! page over any screen: Tab and Shift+Tab move the focus
//! over the buttons in sight, in the order they are laid out; Enter or Space presses the focused
//! button as a click would; Esc lets go of it. The focused button wears a ring in the cursor's
//! colour and is scrolled into view; a screen reader reads it (the focus is `InputFocus`, which
//! Bevy's accessibility bridge hands on), and a choice that is chosen is read as pressed.

use std::time::Duration;

use bevy::camera::NormalizedRenderTarget;
use bevy::input_focus::{FocusCause, InputFocus};
use bevy::picking::backend::HitData;
use bevy::picking::events::{Click, Pointer};
use bevy::picking::pointer::{Location, PointerButton, PointerId};
use bevy::prelude::*;
use bevy::ui::UiStack;

use super::palette::PaletteChoice;
use super::text_size::ScrollingPanel;
use super::theme::Selected;
use super::{AppSystems, Screen};

/// A page over the screen whose buttons keep the focus while it shows (the settings page).
#[derive(Component, Debug, Default)]
pub struct FocusTrap;

/// Tab, Enter and Esc over the buttons, the ring and the scrolling that follow the focus.
pub fn plugin(app: &mut App) {
    app.add_systems(
        Update,
        (move_focus, press_focused)
            .chain()
            .in_set(AppSystems::RecordInput)
            .run_if(buttons_by_keys),
    );
    app.add_systems(
        Update,
        (ring_focused, scroll_to_focus, read_chosen_as_pressed).in_set(AppSystems::Present),
    );
}

/// Whether the keys work the buttons now: on a screen without a board, or while a page that
/// keeps the focus (the settings page) shows; a board's own Tab and Enter move its cursor.
pub fn buttons_by_keys(screen: Res<State<Screen>>, traps: Query<(), With<FocusTrap>>) -> bool {
    matches!(screen.get(), Screen::Menu | Screen::Boards) || !traps.is_empty()
}

/// Whether the focus is on a button the keys work: the menu's Enter then presses it rather
/// than starting the match.
pub fn focus_on_button(focus: &InputFocus, buttons: &Query<(), With<Button>>) -> bool {
    focus.get().is_some_and(|entity| buttons.contains(entity))
}

/// Where a part of a screen comes in the Tab order: the buttons inside a node with a lower
/// number come first (a screen of several parts, like the menu's cards, choices and corner);
/// within a part, and for buttons in no part, the order they are laid out in.
#[derive(Component, Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord)]
pub struct TabOrder(pub i32);

/// The buttons in sight in Tab order: only those of the settings page while it shows.
fn buttons_in_sight(
    stack: &UiStack,
    buttons: &Query<(&InheritedVisibility, &ComputedNode), With<Button>>,
    trap: Option<Entity>,
    parents: &Query<&ChildOf>,
    parts: &Query<&TabOrder>,
) -> Vec<Entity> {
    // The UI's stack lists the nodes back to front, each root's in tree order.
    let mut order: Vec<(Option<TabOrder>, usize, Entity)> = stack
        .uinodes
        .iter()
        .copied()
        .enumerate()
        .filter(|&(_, entity)| {
            buttons
                .get(entity)
                .is_ok_and(|(visible, node)| visible.get() && node.size().x > 0.0)
        })
        .filter(|&(_, entity)| {
            trap.is_none_or(|trap| parents.iter_ancestors(entity).any(|up| up == trap))
        })
        .map(|(at, entity)| {
            let part = parents
                .iter_ancestors(entity)
                .find_map(|up| parts.get(up).ok().copied());
            // Buttons in no part come after those in one.
            (part.or(Some(TabOrder(i32::MAX))), at, entity)
        })
        .collect();
    order.sort();
    order.into_iter().map(|(_, _, entity)| entity).collect()
}

/// Tab and Shift+Tab move the focus to the next or previous button in sight; Esc lets go.
fn move_focus(
    keys: Res<ButtonInput<KeyCode>>,
    stack: Res<UiStack>,
    buttons: Query<(&InheritedVisibility, &ComputedNode), With<Button>>,
    traps: Query<Entity, With<FocusTrap>>,
    parents: Query<&ChildOf>,
    parts: Query<&TabOrder>,
    mut focus: ResMut<InputFocus>,
) {
    if keys.just_pressed(KeyCode::Escape) && focus.get().is_some_and(|e| buttons.contains(e)) {
        focus.clear();
        return;
    }
    if !keys.just_pressed(KeyCode::Tab) {
        return;
    }
    let order = buttons_in_sight(&stack, &buttons, traps.iter().next(), &parents, &parts);
    if order.is_empty() {
        return;
    }
    let back = keys.pressed(KeyCode::ShiftLeft) || keys.pressed(KeyCode::ShiftRight);
    let at = focus
        .get()
        .and_then(|focused| order.iter().position(|&e| e == focused));
    let len = order.len();
    let next = match (at, back) {
        (None, false) => 0,
        (None, true) => len - 1,
        (Some(i), false) => (i + 1) % len,
        (Some(i), true) => (i + len - 1) % len,
    };
    focus.set(order[next], FocusCause::Navigated);
}

/// Enter or Space presses the focused button: its click observers run as for a mouse click.
fn press_focused(
    keys: Res<ButtonInput<KeyCode>>,
    focus: Res<InputFocus>,
    buttons: Query<&InheritedVisibility, With<Button>>,
    mut commands: Commands,
) {
    let pressed = keys.any_just_pressed([KeyCode::Enter, KeyCode::NumpadEnter, KeyCode::Space]);
    let Some(button) = focus.get().filter(|_| pressed) else {
        return;
    };
    if !buttons.get(button).is_ok_and(|visible| visible.get()) {
        return;
    }
    let location = Location {
        target: NormalizedRenderTarget::None {
            width: 0,
            height: 0,
        },
        position: Vec2::ZERO,
    };
    let click = Click {
        button: PointerButton::Primary,
        hit: HitData::new(Entity::PLACEHOLDER, 0.0, None, None),
        duration: Duration::ZERO,
        count: 1,
    };
    commands.trigger(Pointer::new(PointerId::Mouse, location, click, button));
}

/// The focused button wears a ring in the keyboard cursor's colour; the others none.
fn ring_focused(
    mut commands: Commands,
    focus: Res<InputFocus>,
    palette: Res<PaletteChoice>,
    buttons: Query<Entity, With<Button>>,
    ringed: Query<Entity, (With<Button>, With<Outline>)>,
) {
    let focused = focus.get().filter(|&e| buttons.contains(e));
    for entity in &ringed {
        if Some(entity) != focused {
            commands.entity(entity).remove::<Outline>();
        }
    }
    if let Some(entity) = focused
        && (focus.is_changed() || palette.is_changed() || !ringed.contains(entity))
    {
        commands.entity(entity).insert(Outline {
            width: px(3),
            offset: px(2),
            color: palette.palette().key_cursor,
        });
    }
}

/// Scrolls the panel that holds the focused button (the menu, a side panel, the settings
/// page) so that the button shows whole.
fn scroll_to_focus(
    focus: Res<InputFocus>,
    nodes: Query<(&ComputedNode, &UiGlobalTransform)>,
    parents: Query<&ChildOf>,
    mut panels: Query<&mut ScrollPosition, With<ScrollingPanel>>,
) {
    let Some(focused) = focus.get() else {
        return;
    };
    let Ok((node, transform)) = nodes.get(focused) else {
        return;
    };
    let Some(panel) = parents
        .iter_ancestors(focused)
        .find(|&up| panels.contains(up))
    else {
        return;
    };
    let (Ok((panel_node, panel_transform)), Ok(mut scroll)) =
        (nodes.get(panel), panels.get_mut(panel))
    else {
        return;
    };
    // Physical pixels; the scroll is in logical ones.
    let button = Rect::from_center_size(transform.translation, node.size());
    let view = Rect::from_center_size(panel_transform.translation, panel_node.size());
    let margin = 8.0 / panel_node.inverse_scale_factor;
    let shift = if button.min.y < view.min.y {
        button.min.y - view.min.y - margin
    } else if button.max.y > view.max.y {
        button.max.y - view.max.y + margin
    } else {
        return;
    };
    let most = (panel_node.content_size().y - panel_node.size().y).max(0.0)
        * panel_node.inverse_scale_factor;
    scroll.y = (scroll.y + shift * panel_node.inverse_scale_factor).clamp(0.0, most);
}

/// A chosen option is read as a pressed toggle and the other options beside it as not
/// pressed, so a screen reader says which seat, level or board is chosen; buttons beside which
/// nothing is ever chosen (Start, −, +) are plain buttons.
fn read_chosen_as_pressed(
    mut buttons: Query<(&Selected, &ChildOf, &mut bevy::a11y::AccessibilityNode)>,
    selected: Query<&Selected>,
    children: Query<&Children>,
) {
    for (chosen, child_of, mut node) in &mut buttons {
        let in_a_choice = children
            .get(child_of.parent())
            .is_ok_and(|beside| beside.iter().any(|e| selected.get(e).is_ok_and(|s| s.0)));
        let wanted = in_a_choice.then_some(if chosen.0 {
            accesskit::Toggled::True
        } else {
            accesskit::Toggled::False
        });
        if node.toggled() != wanted {
            match wanted {
                Some(toggled) => node.set_toggled(toggled),
                None => node.clear_toggled(),
            }
        }
    }
}
