//! `--screenshot FILE`: once the board (or, with no match to start, the menu) is drawn, and with
//! `--screenshot-after-moves N` once N moves were played in the window, save a PNG of the
//! window, print the match's status line and exit.

use bevy::prelude::*;
use bevy::render::view::screenshot::{Screenshot as ScreenshotRequest, ScreenshotCaptured};

use super::magnetic_cave::referee::CaveReferee;
use super::{AppStart, Screen};

/// Frames to let the renderer settle after the board appears, before capturing.
const SETTLE_FRAMES: u32 = 10;

pub(super) fn plugin(app: &mut App) {
    app.add_systems(Last, take_screenshot.run_if(resource_exists::<AppStart>));
}

/// Where the screenshot plan stands.
#[derive(Debug, Default, Clone, Copy, PartialEq, Eq)]
enum Phase {
    #[default]
    Waiting,
    Settling(u32),
    Capturing,
    Saved,
}

/// Marks that the capture was written (or failed), from the capture observer.
#[derive(Resource, Debug, Clone)]
struct CaptureDone(Result<(), String>);

fn take_screenshot(
    mut commands: Commands,
    start: Res<AppStart>,
    screen: Res<State<Screen>>,
    referee: Option<Res<CaveReferee>>,
    done: Option<Res<CaptureDone>>,
    mut phase: Local<Phase>,
    mut exit: MessageWriter<AppExit>,
) {
    let Some(plan) = &start.screenshot else {
        return;
    };
    match *phase {
        Phase::Waiting => {
            let ready = match (start.cave.is_some(), screen.get()) {
                (false, Screen::Menu) => true,
                (true, Screen::Playing) => {
                    referee.is_some_and(|r| r.moves_played_here() >= plan.after_moves)
                }
                _ => false,
            };
            if ready {
                *phase = Phase::Settling(SETTLE_FRAMES);
            }
        }
        Phase::Settling(0) => {
            let path = plan.path.clone();
            commands.spawn(ScreenshotRequest::primary_window()).observe(
                move |captured: On<ScreenshotCaptured>, mut commands: Commands| {
                    let result = match captured.image.clone().try_into_dynamic() {
                        Ok(image) => image.to_rgb8().save(&path).map_err(|e| e.to_string()),
                        Err(e) => Err(format!("cannot convert the capture: {e}")),
                    };
                    commands.insert_resource(CaptureDone(result));
                },
            );
            *phase = Phase::Capturing;
        }
        Phase::Settling(n) => *phase = Phase::Settling(n - 1),
        Phase::Capturing => {
            if let Some(done) = done {
                *phase = Phase::Saved;
                match &done.0 {
                    Ok(()) => {
                        if let Some(referee) = referee {
                            println!("{}", referee.state().status_json());
                        }
                        exit.write(AppExit::Success);
                    }
                    Err(e) => {
                        error!("cannot save the screenshot to {}: {e}", plan.path.display());
                        exit.write(AppExit::error());
                    }
                }
            }
        }
        Phase::Saved => {}
    }
}
