//! The window itself: its size on the screen it opens on, and its icon (drawn for Tablero,
//! `assets/icon/tablero.png`, built into the binary). The window opens at the designed
//! 1280x720 logical pixels, or smaller with the same proportions when that would take more
//! than 90 % of the monitor; the system's scale factor is honoured (at 2 the logical size is
//! the same and every pixel of text is drawn twice as fine). Whatever size the window is then
//! given, the board and the panels scale together (`theme`). Bevy 0.19 has no icon setting, so
//! the icon is handed to the windowing library once the window exists.

use bevy::ecs::system::NonSendMarker;
use bevy::prelude::*;
use bevy::window::{Monitor, PrimaryMonitor, PrimaryWindow, WindowPosition};
use bevy::winit::WINIT_WINDOWS;

/// The icon's PNG.
const ICON_PNG: &[u8] = include_bytes!("../../assets/icon/tablero.png");

/// The largest share of the monitor's width and height the window opens at.
const MONITOR_SHARE: f32 = 0.9;

/// Gives the window its icon and its size on the monitor.
pub(super) fn plugin(app: &mut App) {
    app.add_systems(Update, (set_icon, fit_to_monitor));
}

/// The window's logical size on a monitor of `monitor` logical pixels: the designed size, or
/// smaller with its proportions so that it takes at most [`MONITOR_SHARE`] of each side.
pub fn window_size_for(monitor: Vec2) -> Vec2 {
    let design = Vec2::new(super::WINDOW_SIZE.0 as f32, super::WINDOW_SIZE.1 as f32);
    let room = monitor * MONITOR_SHARE;
    let scale = (room.x / design.x).min(room.y / design.y).min(1.0);
    if !(scale.is_finite() && scale > 0.0) {
        return design;
    }
    (design * scale).round()
}

/// Once the monitor is known (a frame or two after start), sizes the window for it and
/// centres it there.
fn fit_to_monitor(
    mut done: Local<bool>,
    primary: Query<&Monitor, With<PrimaryMonitor>>,
    monitors: Query<&Monitor>,
    mut windows: Query<&mut Window, With<PrimaryWindow>>,
) {
    if *done {
        return;
    }
    let Some(monitor) = primary.iter().next().or_else(|| monitors.iter().next()) else {
        return;
    };
    let Ok(mut window) = windows.single_mut() else {
        return;
    };
    *done = true;
    let scale = monitor.scale_factor.max(0.1) as f32;
    let logical = Vec2::new(
        monitor.physical_width as f32,
        monitor.physical_height as f32,
    ) / scale;
    let size = window_size_for(logical);
    if window.resolution.size() != size {
        window.resolution.set(size.x, size.y);
        window.position = WindowPosition::Centered(MonitorSelection::Primary);
    }
}

/// Why the window's icon cannot be made (the PNG is built into the binary: a fault of the
/// build, reported and the window left without an icon).
#[derive(Debug, thiserror::Error)]
pub enum IconError {
    /// The PNG does not decode.
    #[error("the icon's PNG does not decode: {0}")]
    Png(#[from] image::ImageError),
    /// The windowing library refuses the pixels.
    #[error("the windowing library refuses the icon: {0}")]
    Pixels(#[from] winit::window::BadIcon),
}

/// The icon as the windowing library takes it, or why it cannot be made.
fn icon() -> Result<winit::window::Icon, IconError> {
    let image =
        image::load_from_memory_with_format(ICON_PNG, image::ImageFormat::Png)?.into_rgba8();
    let (width, height) = image.dimensions();
    Ok(winit::window::Icon::from_rgba(
        image.into_raw(),
        width,
        height,
    )?)
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
    use super::*;

    #[test]
    fn the_icon_decodes() {
        assert!(icon().is_ok());
    }

    #[test]
    fn the_window_keeps_its_proportions_within_nine_tenths_of_the_monitor() {
        assert_eq!(
            window_size_for(Vec2::new(2560.0, 1440.0)),
            Vec2::new(1280.0, 720.0)
        );
        assert_eq!(
            window_size_for(Vec2::new(1920.0, 1080.0)),
            Vec2::new(1280.0, 720.0)
        );
        // 90 % of 1024 is 921.6 wide: the height follows the width.
        assert_eq!(
            window_size_for(Vec2::new(1024.0, 600.0)),
            Vec2::new(922.0, 518.0)
        );
        assert_eq!(
            window_size_for(Vec2::new(800.0, 600.0)),
            Vec2::new(720.0, 405.0)
        );
        assert_eq!(window_size_for(Vec2::ZERO), Vec2::new(1280.0, 720.0));
    }
}
