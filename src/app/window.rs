//! The window itself: its icon (drawn for Tablero, `assets/icon/tablero.png`, built into the
//! binary). Bevy 0.19 has no icon setting, so the icon is handed to the windowing library
//! once the window exists.

use bevy::ecs::system::NonSendMarker;
use bevy::prelude::*;
use bevy::window::PrimaryWindow;
use bevy::winit::WINIT_WINDOWS;

/// The icon's PNG.
const ICON_PNG: &[u8] = include_bytes!("../../assets/icon/tablero.png");

/// Gives the window its icon.
pub(super) fn plugin(app: &mut App) {
    app.add_systems(Update, set_icon);
}

/// The icon as the windowing library takes it, or why it cannot be made.
fn icon() -> Result<winit::window::Icon, String> {
    let image = image::load_from_memory_with_format(ICON_PNG, image::ImageFormat::Png)
        .map_err(|e| e.to_string())?
        .into_rgba8();
    let (width, height) = image.dimensions();
    winit::window::Icon::from_rgba(image.into_raw(), width, height).map_err(|e| e.to_string())
}

/// Sets the icon once the primary window has been made (a frame or two after start).
fn set_icon(
    mut done: Local<bool>,
    windows: Query<Entity, With<PrimaryWindow>>,
    _main_thread: NonSendMarker,
) {
    if *done {
        return;
    }
    let Ok(entity) = windows.single() else {
        return;
    };
    WINIT_WINDOWS.with_borrow(|winit_windows| {
        let Some(window) = winit_windows.get_window(entity) else {
            return;
        };
        *done = true;
        match icon() {
            Ok(icon) => window.set_window_icon(Some(icon)),
            Err(e) => warn!("the window icon cannot be made: {e}"),
        }
    });
}

#[cfg(test)]
mod tests {
    #[test]
    fn the_icon_decodes() {
        assert!(super::icon().is_ok());
    }
}
