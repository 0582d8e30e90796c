//! `--screenshot FILE`: once the board (or, with no match to start, the menu) is drawn, and with
//! `--screenshot-after-moves N` once N moves (Patolli: actions) were played in the window and
//! the pieces and dice have come to rest, save a PNG of the window, print the match's status
//! line and exit.

use bevy::prelude::*;
use bevy::render::view::screenshot::{Screenshot as ScreenshotRequest, ScreenshotCaptured};

use super::magnetic_cave::referee::CaveReferee;
use super::patolli::board::Walk;
use super::patolli::dice::RollDisplay;
use super::patolli::referee::PatolliReferee;
use super::penguins::board::{Sinking as PenguinSinking, Slide as PenguinSlide};
use super::penguins::referee::PenguinsReferee;
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
    cave: Option<Res<CaveReferee>>,
    patolli: Option<Res<PatolliReferee>>,
    penguins: Option<Res<PenguinsReferee>>,
    done: Option<Res<CaptureDone>>,
    walking: Query<(), With<Walk>>,
    sliding: Query<(), Or<(With<PenguinSlide>, With<PenguinSinking>)>>,
    rolls: Option<Res<RollDisplay>>,
    mut phase: Local<Phase>,
    mut status: Local<Option<String>>,
    mut exit: MessageWriter<AppExit>,
) {
    let Some(plan) = &start.screenshot else {
        return;
    };
    match *phase {
        Phase::Waiting => {
            let played = match screen.get() {
                Screen::Menu => None,
                Screen::MagneticCave => cave.as_ref().map(|r| r.moves_played_here()),
                // A match that ended early is as far as it goes.
                Screen::Penguins => penguins.as_ref().map(|r| {
                    if r.state().winners().is_some() {
                        usize::MAX
                    } else {
                        r.moves_played()
                    }
                }),
                Screen::Patolli => patolli.as_ref().map(|r| {
                    if r.state().winner().is_some() {
                        usize::MAX
                    } else {
                        r.actions_played()
                    }
                }),
            };
            let ready = match (&start.first_match, played) {
                (None, _) => *screen.get() == Screen::Menu,
                (Some(first), Some(played)) => {
                    *screen.get() == first.screen() && played >= plan.after_moves
                }
                (Some(_), None) => false,
            };
            if ready {
                *phase = Phase::Settling(SETTLE_FRAMES);
            }
        }
        Phase::Settling(n) => {
            // Pieces finish walking, penguins sliding and dice tumbling before the picture is
            // taken, also when something moved in this very frame.
            let moving = !walking.is_empty()
                || !sliding.is_empty()
                || rolls.as_ref().is_some_and(|r| !r.is_settled());
            if moving {
                return;
            }
            if n > 0 {
                *phase = Phase::Settling(n - 1);
                return;
            }
            // The status of the position in the picture.
            *status = match screen.get() {
                Screen::MagneticCave => cave.map(|r| r.state().status_json()),
                Screen::Patolli => patolli.map(|r| r.state().status_json()),
                Screen::Penguins => penguins.map(|r| r.state().status_json()),
                Screen::Menu => None,
            };
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
        Phase::Capturing => {
            if let Some(done) = done {
                *phase = Phase::Saved;
                match &done.0 {
                    Ok(()) => {
                        if let Some(line) = status.take() {
                            println!("{line}");
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
