//! An idle window rests: the app updates (and redraws) only on input, window events, a saved
//! layout file, and while something is under way: an animation, a rolling die, an AI search
//! or a paced AI move. Between those, it sleeps in Bevy's reactive update mode.
//!
//! What counts as "under way" is read from the world, not listed per game: any drawn thing
//! whose place, look, text or visibility changed this frame keeps the window awake a little
//! longer ([`LINGER`]), and systems that wait for time to pass with nothing moving (a held
//! roll, an AI seat) write [`RequestRedraw`] themselves.

use std::path::{Path, PathBuf};
use std::time::{Duration, Instant, SystemTime};

use bevy::input::keyboard::KeyboardInput;
use bevy::input::mouse::MouseButtonInput;
use bevy::prelude::*;
use bevy::window::{CursorMoved, RequestRedraw};
use bevy::winit::{EventLoopProxyWrapper, UpdateMode, WinitSettings, WinitUserEvent};

use super::AppStart;

/// The longest sleep of an idle window: a heartbeat, should a wake-up ever be missed.
pub const IDLE_WAIT: Duration = Duration::from_secs(30);
/// How long the window keeps drawing after the last change on screen or input, so that the
/// consequences of a click or a move (announced a frame or two later) are drawn.
pub const LINGER: Duration = Duration::from_millis(400);
/// How often the levels folder is looked at for saved layouts.
const LEVELS_POLL: Duration = Duration::from_millis(300);
/// How long the window stays awake after a layout file was saved, so the asset server's
/// file watcher reports it and the new board is drawn.
const RELOAD_AWAKE: Duration = Duration::from_millis(2000);

pub(super) fn plugin(app: &mut App) {
    let screenshot = app
        .world()
        .get_resource::<AppStart>()
        .is_some_and(|start| start.screenshot.is_some());
    // A screenshot run wants every frame until it has its picture.
    let mode = if screenshot || std::env::var_os("TABLERO_CONTINUOUS").is_some() {
        UpdateMode::Continuous
    } else {
        UpdateMode::reactive(IDLE_WAIT)
    };
    app.insert_resource(WinitSettings {
        focused_mode: mode,
        unfocused_mode: mode,
    });
    app.init_resource::<Awake>();
    app.add_systems(Startup, watch_levels_folder);
    app.add_systems(Last, keep_awake_while_under_way);
}

/// Until when the window keeps drawing.
#[derive(Resource, Debug)]
struct Awake {
    until: Instant,
}

impl Default for Awake {
    fn default() -> Self {
        Awake {
            until: Instant::now() + LINGER,
        }
    }
}

/// Something changed on screen this frame: a query that is not empty.
type ChangedOnScreen = Or<(
    Changed<Transform>,
    Changed<Sprite>,
    Changed<Visibility>,
    Changed<Node>,
    Changed<BackgroundColor>,
    Changed<Text>,
    Changed<Text2d>,
    Changed<TextColor>,
)>;

fn keep_awake_while_under_way(
    changed: Query<(), ChangedOnScreen>,
    removed_entities: RemovedComponents<Transform>,
    mut keys: MessageReader<KeyboardInput>,
    mut buttons: MessageReader<MouseButtonInput>,
    mut cursor: MessageReader<CursorMoved>,
    mut redraws: ResMut<Messages<RequestRedraw>>,
    mut awake: ResMut<Awake>,
) {
    let now = Instant::now();
    let input = keys.read().count() + buttons.read().count() + cursor.read().count() > 0;
    if input || !changed.is_empty() || !removed_entities.is_empty() {
        awake.until = awake.until.max(now + LINGER);
    }
    if now < awake.until {
        redraws.write(RequestRedraw);
    }
}

/// Wakes the sleeping window when a file in the levels folder is saved, for a while, so that
/// hot reload works while the window rests. Costs a few `stat` calls a second.
fn watch_levels_folder(start: Option<Res<AppStart>>, proxy: Option<Res<EventLoopProxyWrapper>>) {
    let (Some(start), Some(proxy)) = (start, proxy) else {
        return;
    };
    if start.levels.is_built_in() {
        return; // Nothing on disk to watch.
    }
    let dir = start.levels.dir.clone();
    let proxy = (**proxy).clone();
    let spawned = std::thread::Builder::new()
        .name("levels-watch".into())
        .spawn(move || {
            let mut seen = newest_change(&dir);
            loop {
                std::thread::sleep(LEVELS_POLL);
                let now = newest_change(&dir);
                if now == seen {
                    continue;
                }
                seen = now;
                let until = Instant::now() + RELOAD_AWAKE;
                while Instant::now() < until {
                    if proxy.send_event(WinitUserEvent::WakeUp).is_err() {
                        return; // The window is gone.
                    }
                    std::thread::sleep(Duration::from_millis(50));
                }
            }
        });
    if let Err(e) = spawned {
        warn!(
            "cannot watch {} for saved layouts: {e}",
            start.levels.dir.display()
        );
    }
}

/// The files of `dir` with their modification times, to compare between looks.
fn newest_change(dir: &Path) -> Vec<(PathBuf, Option<SystemTime>)> {
    let Ok(entries) = std::fs::read_dir(dir) else {
        return Vec::new();
    };
    let mut files: Vec<(PathBuf, Option<SystemTime>)> = entries
        .filter_map(Result::ok)
        .map(|entry| {
            let modified = entry.metadata().and_then(|m| m.modified()).ok();
            (entry.path(), modified)
        })
        .collect();
    files.sort();
    files
}
