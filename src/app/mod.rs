//! The Bevy app: one plugin per feature, screens as states, and the system sets every feature
//! joins. Only [`run`] adds Bevy's own plugins; tests build a headless app from [`AppPlugin`]'s
//! parts instead.

pub mod analysis;
pub mod announcements;
pub mod button_keys;
pub mod clipboard;
pub mod editor;
pub mod hint;
pub mod idle;
pub mod join;
pub mod keyboard;
pub mod language;
pub mod layout_assets;
pub mod layout_words;
pub mod magnetic_cave;
pub mod match_view;
pub mod menu;
pub mod motion;
pub mod network;
pub mod palette;
pub mod patolli;
pub mod penguins;
pub mod pieces;
pub mod puzzles;
pub mod records;
pub mod referee;
pub mod remote_turn;
pub mod rules_page;
pub mod screen_reader;
pub mod screenshot;
pub mod search_task;
pub mod settings;
pub mod shapes;
pub mod start;
pub mod states;
pub mod system_words;
pub mod text_size;
pub mod theme;
pub mod trail;
pub mod waiting_room;
pub mod window;

use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Arc, Mutex};

use bevy::prelude::*;
use bevy::window::WindowResolution;

pub use start::{AppStart, EditStart, FirstMatch, Screenshot};
pub use states::{AppSystems, InMotion, Screen, WINDOW_SIZE, WINDOW_TITLE, window_position};

/// Why the window cannot open.
#[derive(Debug, thiserror::Error)]
pub enum NoWindow {
    /// No display to open it on.
    #[error("there is no display to open the window on: DISPLAY and WAYLAND_DISPLAY are not set")]
    NoDisplay,
    /// The windowing or graphics library gave up before the first frame.
    #[error("the window cannot open: {0}")]
    CannotOpen(String),
}

/// Set once the app has run its first frame: a panic before it means the window could not
/// open, one after it is a fault of the app.
static FIRST_FRAME: AtomicBool = AtomicBool::new(false);

/// Opens the window and runs the app until it is closed.
///
/// # Errors
/// [`NoWindow`] when there is no display, or when the windowing or graphics library fails
/// before the first frame (its panic becomes this error, without a backtrace; a panic after
/// the first frame is left as it is).
pub fn run(start: AppStart) -> Result<(), NoWindow> {
    let unset = |name: &str| std::env::var_os(name).is_none_or(|v| v.is_empty());
    if cfg!(all(unix, not(target_os = "macos")))
        && ["DISPLAY", "WAYLAND_DISPLAY", "WAYLAND_SOCKET"]
            .into_iter()
            .all(unset)
    {
        return Err(NoWindow::NoDisplay);
    }
    let reason = Arc::new(Mutex::new(String::new()));
    let default_hook = std::panic::take_hook();
    let kept = Arc::clone(&reason);
    std::panic::set_hook(Box::new(move |info| {
        if FIRST_FRAME.load(Ordering::Relaxed) {
            default_hook(info);
        } else if let Ok(mut reason) = kept.lock() {
            let payload = info.payload();
            *reason = payload
                .downcast_ref::<&str>()
                .map(|s| s.to_string())
                .or_else(|| payload.downcast_ref::<String>().cloned())
                .unwrap_or_else(|| "the windowing library failed".to_string());
        }
    }));
    match std::panic::catch_unwind(std::panic::AssertUnwindSafe(|| run_app(start))) {
        Ok(()) => Ok(()),
        Err(payload) if FIRST_FRAME.load(Ordering::Relaxed) => std::panic::resume_unwind(payload),
        Err(_) => Err(NoWindow::CannotOpen(
            reason.lock().map(|r| r.clone()).unwrap_or_default(),
        )),
    }
}

fn run_app(start: AppStart) {
    let mut app = App::new();
    app.add_systems(Last, || FIRST_FRAME.store(true, Ordering::Relaxed));
    layout_assets::register_levels_source(&mut app, &start.levels);
    // Bevy compiles pipelines and reads back screenshots on the async compute pool too; an AI
    // search holds one of its threads for its whole budget, so keep a second one free.
    let mut task_pools = TaskPoolOptions::default();
    task_pools.async_compute.min_threads = 2;
    app.add_plugins(
        DefaultPlugins
            .set(WindowPlugin {
                primary_window: Some(Window {
                    title: WINDOW_TITLE.to_string(),
                    // The system's scale factor is honoured; `window::fit_to_monitor` fits the
                    // size to the monitor once it is known.
                    resolution: WindowResolution::new(WINDOW_SIZE.0, WINDOW_SIZE.1),
                    ..default()
                }),
                ..default()
            })
            .set(AssetPlugin {
                watch_for_changes_override: Some(true),
                ..default()
            })
            .set(TaskPoolPlugin {
                task_pool_options: task_pools,
            }),
    );
    if std::env::var_os("TABLERO_FPS").is_some() {
        // Logs frames per second every second: shows the window keeps drawing while the AI thinks.
        app.add_plugins((
            bevy::diagnostic::FrameTimeDiagnosticsPlugin::default(),
            bevy::diagnostic::LogDiagnosticsPlugin::default(),
        ));
    }
    app.insert_resource(ClearColor(theme::BACKGROUND));
    if let Some(ms) = std::env::var("TABLERO_AI_PACING_MS")
        .ok()
        .and_then(|v| v.parse::<u64>().ok())
    {
        // How long AI moves stay on screen at least; 0 lets AI-vs-AI matches run at full speed.
        let pause = std::time::Duration::from_millis(ms);
        app.insert_resource(search_task::AiPacing {
            min_move_time: pause,
            min_roll_time: pause,
        });
    }
    app.insert_resource(start);
    app.add_plugins(AppPlugin);
    app.run();
}

/// Every feature of the app, for a window (needs Bevy's default plugins).
pub struct AppPlugin;

impl Plugin for AppPlugin {
    fn build(&self, app: &mut App) {
        app.add_plugins(GamePlugin);
        app.add_plugins((
            records::keys_plugin,
            records::record_bar_plugin::<crate::rules::magnetic_cave::State>,
            records::record_bar_plugin::<crate::rules::patolli::State>,
            records::record_bar_plugin::<crate::rules::penguins::State>,
        ));
        app.add_plugins((
            theme::plugin,
            window::plugin,
            rules_page::plugin,
            pieces::plugin,
            magnetic_cave::view_plugin,
            patolli::view_plugin,
            penguins::view_plugin,
            menu::plugin,
            editor::plugin,
            screenshot::plugin,
            idle::plugin,
            network::plugin,
        ));
        app.add_plugins((
            analysis::view_plugin::<crate::rules::magnetic_cave::State>,
            analysis::view_plugin::<crate::rules::patolli::State>,
            analysis::view_plugin::<crate::rules::penguins::State>,
        ));
        app.add_plugins((
            clipboard::plugin,
            puzzles::view_plugin,
            settings::view_plugin,
            palette::plugin,
            text_size::plugin,
            button_keys::plugin,
            waiting_room::plugin,
            join::plugin,
        ));
    }
}

/// The part of the app that needs no renderer: screens, layouts, the referee and the AI.
/// Headless tests add this with `MinimalPlugins`, `StatesPlugin` and `AssetPlugin`.
pub struct GamePlugin;

impl Plugin for GamePlugin {
    fn build(&self, app: &mut App) {
        app.init_state::<Screen>();
        // Systems ask the window to keep drawing with it (see `idle`); headless, nobody reads it.
        app.add_message::<bevy::window::RequestRedraw>();
        app.init_resource::<search_task::AiPacing>();
        app.init_resource::<InMotion>();
        app.init_resource::<referee::MatchProgress>();
        app.add_systems(First, |mut motion: ResMut<InMotion>| motion.0 = false);
        app.configure_sets(
            Update,
            (
                AppSystems::TickTimers,
                AppSystems::RecordInput,
                AppSystems::Referee,
                AppSystems::MirrorEntities,
                AppSystems::Present,
            )
                .chain(),
        );
        app.add_plugins((
            layout_assets::plugin,
            records::plugin,
            puzzles::plugin,
            (settings::plugin, language::plugin),
            screen_reader::plugin,
            analysis::plugin,
            analysis::game_plugin::<crate::rules::magnetic_cave::State>,
            analysis::game_plugin::<crate::rules::patolli::State>,
            analysis::game_plugin::<crate::rules::penguins::State>,
            magnetic_cave::plugin,
            patolli::plugin,
            penguins::plugin,
            records::records_plugin::<crate::rules::magnetic_cave::State>,
            records::records_plugin::<crate::rules::patolli::State>,
            records::records_plugin::<crate::rules::penguins::State>,
        ));
    }
}
