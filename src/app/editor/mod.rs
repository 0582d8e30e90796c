//! The board editor in the window: *Edit boards* in the menu lists the boards
//! ([`boards`]); `tablero edit FILE` opens one at once. The editor draws the board being
//! edited ([`canvas`]) beside a panel of its settings ([`panel`]); every click becomes an
//! [`Edit`] of the [`Draft`] (the pure model in `crate::editor`), which checks the board as it
//! changes, undoes and redoes, and saves the RON file the game reads.
//!
//! Keys: Ctrl+Z undo, Ctrl+Y (or Ctrl+Shift+Z) redo, Ctrl+S save, Ctrl+P play, Esc back to
//! the list. Patolli's tools: 1 track, 2 middle, 3 arm end, 4 triangle, S a start square and
//! E an end square (each press the next player), B begin the track here. Penguins: 0 to 3
//! paint water or that many fish.

pub mod boards;
pub mod canvas;
pub mod panel;
pub mod play;
pub mod session;

use bevy::input::ButtonState;
use bevy::input::keyboard::KeyboardInput;
use bevy::prelude::*;

use super::{AppStart, AppSystems, Screen};
use crate::editor::{Edit, Mark};
use crate::rules::patolli::Player;
use play::back_to_the_editor;
pub use play::{PlayedFromEditor, play_board};
pub use session::{EditorSession, Status, Tool, patolli_players};

/// The editor's screens, keys and drawing.
pub fn plugin(app: &mut App) {
    app.add_systems(Startup, open_first_board);
    app.add_systems(OnEnter(Screen::Menu), back_to_the_editor);
    // A match that did not start leaves the mark behind until the editor is left.
    app.add_systems(OnEnter(Screen::Boards), |mut commands: Commands| {
        commands.remove_resource::<PlayedFromEditor>();
    });
    app.add_plugins((boards::plugin, canvas::plugin, panel::plugin));
    app.add_systems(
        Update,
        editor_keys
            .in_set(AppSystems::RecordInput)
            .run_if(in_state(Screen::Editor)),
    );
}

fn open_first_board(
    mut commands: Commands,
    start: Option<Res<AppStart>>,
    mut next: ResMut<NextState<Screen>>,
) {
    let Some(edit) = start.as_ref().and_then(|s| s.edit.as_ref()) else {
        return;
    };
    match (&edit.path, &edit.draft) {
        (Some(path), Some(draft)) => {
            commands.insert_resource(EditorSession::new(draft.clone(), path.clone()));
            next.set(Screen::Editor);
        }
        (path, _) => {
            commands.insert_resource(boards::NewBoardFile(path.clone()));
            next.set(Screen::Boards);
        }
    }
}

/// Whether `modifier` (both its keys) is held with a key pressed this frame: also when it was
/// pressed or let go within the frame, as a quick Ctrl+S arrives.
fn held(keys: &ButtonInput<KeyCode>, modifier: [KeyCode; 2]) -> bool {
    keys.any_pressed(modifier)
        || keys.any_just_pressed(modifier)
        || keys.any_just_released(modifier)
}

fn editor_keys(
    mut commands: Commands,
    keys: Res<ButtonInput<KeyCode>>,
    mut typed: MessageReader<KeyboardInput>,
    session: Option<ResMut<EditorSession>>,
    mut next: ResMut<NextState<Screen>>,
) {
    let Some(mut session) = session else {
        typed.clear();
        return;
    };
    if session.typing_name {
        type_name(&mut session, typed.read());
        return;
    }
    typed.clear();
    let shift = held(&keys, [KeyCode::ShiftLeft, KeyCode::ShiftRight]);
    if held(&keys, [KeyCode::ControlLeft, KeyCode::ControlRight]) {
        if keys.just_pressed(KeyCode::KeyZ) && shift || keys.just_pressed(KeyCode::KeyY) {
            session.redo();
        } else if keys.just_pressed(KeyCode::KeyZ) {
            session.undo();
        } else if keys.just_pressed(KeyCode::KeyS) {
            session.save();
        } else if keys.just_pressed(KeyCode::KeyP) {
            commands.run_system_cached(play_board);
        }
        return;
    }
    if keys.just_pressed(KeyCode::Escape) {
        if session.may_leave() {
            next.set(Screen::Boards);
        }
        return;
    }
    let seated = patolli_players(&session.draft);
    let next_player = |now: Option<Player>| {
        let at = now
            .and_then(|p| seated.iter().position(|&q| q == p))
            .map_or(0, |i| (i + 1) % seated.len().max(1));
        seated.get(at).copied().unwrap_or(Player::L)
    };
    let tool = match session.draft.game() {
        crate::rules::GameKind::Patolli => {
            let start = match session.tool {
                Tool::Start(p) => Some(p),
                _ => None,
            };
            let end = match session.tool {
                Tool::End(p) => Some(p),
                _ => None,
            };
            [
                (KeyCode::Digit1, Tool::Track),
                (KeyCode::Digit2, Tool::Mark(Mark::Middle)),
                (KeyCode::Digit3, Tool::Mark(Mark::ArmEnd)),
                (KeyCode::Digit4, Tool::Mark(Mark::Triangle)),
                (KeyCode::KeyB, Tool::BeginHere),
                (KeyCode::KeyS, Tool::Start(next_player(start))),
                (KeyCode::KeyE, Tool::End(next_player(end))),
            ]
            .into_iter()
            .find(|(key, _)| keys.just_pressed(*key))
            .map(|(_, tool)| tool)
        }
        crate::rules::GameKind::Penguins => [
            KeyCode::Digit0,
            KeyCode::Digit1,
            KeyCode::Digit2,
            KeyCode::Digit3,
        ]
        .into_iter()
        .position(|key| keys.just_pressed(key))
        .map(|fish| Tool::Paint(fish as u8)),
        crate::rules::GameKind::MagneticCave => None,
    };
    if let Some(tool) = tool {
        session.tool = tool;
    }
}

/// Keys typed into the board's name: characters add, Backspace takes the last one off, Enter
/// or Esc ends the typing. The new name is one edit (undone as one).
fn type_name<'a>(session: &mut EditorSession, typed: impl Iterator<Item = &'a KeyboardInput>) {
    let before = session.draft.name().to_string();
    let mut name = before.clone();
    for input in typed.filter(|input| input.state == ButtonState::Pressed) {
        match input.key_code {
            KeyCode::Enter | KeyCode::NumpadEnter | KeyCode::Escape => {
                session.typing_name = false;
                break;
            }
            KeyCode::Backspace => {
                name.pop();
            }
            _ => {
                if let Some(text) = &input.text {
                    name.extend(text.chars().filter(|c| !c.is_control()));
                }
            }
        }
    }
    if name != before {
        session.edit(&Edit::Name(name));
    }
}
