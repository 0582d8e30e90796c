//! `--screenshot FILE`: once the board (or, with no match to start, the menu) is drawn, and with
//! `--screenshot-after-moves N` once N moves (Patolli: actions) were played in the window and
//! the pieces and dice have come to rest, save a PNG of the window, print the match's status
//! line and exit. In the editor (`tablero edit`) the picture is of the editor, or with N of a
//! match played from it (*Play this board*) once N moves were played there. With `TABLERO_UI_REPORT=FILE` it also writes, as JSON, the window's
//! logical size and scale factor and the rectangle of every visible UI node then (what the
//! tests check lies inside the window at any size).

use bevy::prelude::*;
use bevy::render::view::screenshot::{Screenshot as ScreenshotRequest, ScreenshotCaptured};

use super::referee::MatchProgress;
use super::{AppStart, InMotion, Screen};

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

/// What the UI report reads of a node: its size, place, visibility and clip.
type UiNode = (
    &'static ComputedNode,
    &'static UiGlobalTransform,
    &'static InheritedVisibility,
    Option<&'static CalculatedClip>,
);

/// What the UI report reads of a text: its laid-out lines' size and the node it sits in.
type UiText = (
    &'static ComputedNode,
    &'static UiGlobalTransform,
    &'static InheritedVisibility,
    Option<&'static CalculatedClip>,
    &'static bevy::text::TextLayoutInfo,
    &'static ChildOf,
);

/// What the UI report reads of a node's layout: its style, the node it sits in and whether it
/// is a panel (a [`ScrollingPanel`](crate::app::text_size::ScrollingPanel)).
type UiLayout = (
    Entity,
    &'static Node,
    Option<&'static ChildOf>,
    Has<crate::app::text_size::ScrollingPanel>,
    Option<&'static GlobalZIndex>,
);

/// Marks that the capture was written (or failed), from the capture observer.
#[derive(Resource, Debug, Clone)]
struct CaptureDone(Result<(), String>);

/// The rectangles of the visible UI nodes, in logical pixels from the window's top-left
/// corner: `[left, top, width, height]`; the part of a node a scrolling panel shows (none, when
/// it is scrolled out of sight).
fn ui_rectangles(nodes: &Query<UiNode>, scale_factor: f32) -> Vec<[f32; 4]> {
    nodes
        .iter()
        .filter(|(node, _, visible, _)| visible.get() && node.size.x > 0.0 && node.size.y > 0.0)
        // Nodes are laid out in physical pixels.
        .filter_map(|(node, transform, _, clip)| node_rect(node, transform, clip).1)
        .map(|rect| logical(rect, scale_factor))
        .collect()
}

/// A node's rectangle in physical pixels, and the part its scrolling panel shows (`None`
/// when it is out of sight).
fn node_rect(
    node: &ComputedNode,
    transform: &UiGlobalTransform,
    clip: Option<&CalculatedClip>,
) -> (Rect, Option<Rect>) {
    let rect = Rect::from_center_size(transform.translation, node.size);
    let shown = match clip {
        Some(clip) => Some(rect.intersect(clip.clip)).filter(|r| !r.is_empty()),
        None => Some(rect),
    };
    (rect, shown)
}

/// `rect` in logical pixels as `[left, top, width, height]`.
fn logical(rect: Rect, scale_factor: f32) -> [f32; 4] {
    let (corner, size) = (rect.min / scale_factor, rect.size() / scale_factor);
    [corner.x, corner.y, size.x, size.y]
}

/// The visible texts of the UI, in logical pixels: `shown`, the part in sight (as
/// [`ui_rectangles`]); `node`, the whole text node; `lines`, how far its glyphs reach and how
/// tall its lines are; `parent`, the node it sits in (none when that scrolls). Text is cut or
/// overlaps when its lines are larger than its node, its node leaves its parent, or two texts
/// in sight share pixels; `panel`, the panel it is in (none outside a panel), which it must not
/// leave sideways. Texts under a page drawn over the rest (a `GlobalZIndex` above 0: the rules
/// page) are out of sight and left out.
fn ui_texts(
    texts: &Query<UiText>,
    nodes: &Query<UiNode>,
    layouts: &Query<UiLayout>,
    scale_factor: f32,
) -> Vec<serde_json::Value> {
    // Pages drawn over the rest (the rules page, the settings page): what they cover is out
    // of sight.
    let overlays: Vec<(Entity, Rect)> = layouts
        .iter()
        .filter(|(.., z)| z.is_some_and(|z| z.0 > 0))
        .filter_map(|(entity, ..)| {
            let (node, transform, visible, clip) = nodes.get(entity).ok()?;
            visible
                .get()
                .then(|| (entity, node_rect(node, transform, clip).0))
        })
        .collect();
    let ancestors = |from: Entity| {
        std::iter::successors(Some(from), |&entity| {
            layouts
                .get(entity)
                .ok()
                .and_then(|(_, _, up, ..)| up.map(ChildOf::parent))
        })
    };
    texts
        .iter()
        .filter(|(node, _, visible, ..)| visible.get() && node.size.x > 0.0 && node.size.y > 0.0)
        .filter_map(|(node, transform, _, clip, lines, child_of)| {
            let (rect, shown) = node_rect(node, transform, clip);
            let shown = shown?;
            let under_a_page = overlays.iter().any(|(page, covers)| {
                !covers.intersect(rect).is_empty()
                    && !ancestors(child_of.parent()).any(|entity| entity == *page)
            });
            if under_a_page {
                return None;
            }
            // A panel that scrolls holds more than it shows: its texts are checked by `shown`.
            let parent = nodes
                .get(child_of.parent())
                .ok()
                .filter(|_| {
                    layouts
                        .get(child_of.parent())
                        .is_ok_and(|(_, layout, ..)| layout.overflow.is_visible())
                })
                .map(|(node, transform, _, clip)| logical(node_rect(node, transform, clip).0, scale_factor));
            let panel = ancestors(child_of.parent())
                .find(|&entity| layouts.get(entity).is_ok_and(|(_, _, _, panel, _)| panel))
            .and_then(|panel| nodes.get(panel).ok())
            .map(|(node, transform, _, clip)| logical(node_rect(node, transform, clip).0, scale_factor));
            // The glyphs' far edges (the lines' size counts a space at a line's end too).
            let ink = lines.glyphs.iter().fold(Vec2::ZERO, |far, glyph| {
                far.max(glyph.position + glyph.atlas_info.rect.size() / 2.0)
            });
            Some(serde_json::json!({
                "shown": logical(shown, scale_factor),
                "node": logical(rect, scale_factor),
                // The lines' height is measured in the UI's logical pixels, the glyphs in physical.
                "lines": [ink.x / scale_factor, lines.size.y / node.inverse_scale_factor / scale_factor],
                "parent": parent,
                "panel": panel,
            }))
        })
        .collect()
}

/// Writes the UI report to `TABLERO_UI_REPORT`, if set.
fn report_ui(
    window: Option<&Window>,
    nodes: &Query<UiNode>,
    texts: &Query<UiText>,
    layouts: &Query<UiLayout>,
) {
    let (Some(file), Some(window)) = (std::env::var_os("TABLERO_UI_REPORT"), window) else {
        return;
    };
    let report = serde_json::json!({
        "window": [window.width(), window.height()],
        "scale_factor": window.scale_factor(),
        "nodes": ui_rectangles(nodes, window.scale_factor()),
        "texts": ui_texts(texts, nodes, layouts, window.scale_factor()),
    });
    if let Err(e) = std::fs::write(&file, report.to_string()) {
        error!("cannot write the UI report: {e}");
    }
}

fn take_screenshot(
    mut commands: Commands,
    windows: Query<&Window, With<bevy::window::PrimaryWindow>>,
    nodes: Query<UiNode>,
    texts: Query<UiText>,
    layouts: Query<UiLayout>,
    start: Res<AppStart>,
    screen: Res<State<Screen>>,
    progress: Res<MatchProgress>,
    motion: Res<InMotion>,
    done: Option<Res<CaptureDone>>,
    analysis: Option<Res<super::analysis::AnalysisView>>,
    puzzles_not_opened: Option<Res<super::puzzles::PuzzlesNotOpened>>,
    mut phase: Local<Phase>,
    mut status: Local<Option<String>>,
    mut exit: MessageWriter<AppExit>,
) {
    let Some(plan) = &start.screenshot else {
        return;
    };
    match *phase {
        Phase::Waiting => {
            // A match that ended early is as far as it goes.
            let played = (progress.screen == Some(*screen.get())).then_some(if progress.over {
                usize::MAX
            } else {
                progress.actions_played
            });
            let ready = match (&start.first_match, played) {
                // The editor is ready once it shows its board (or the list of boards); with
                // moves to wait for, once a match played from it has had them.
                (None, played) if start.edit.is_some() => match plan.after_moves {
                    0 => matches!(*screen.get(), Screen::Editor | Screen::Boards),
                    moves => played.is_some_and(|played| played >= moves),
                },
                // A match over the network shows once its host started it (with no moves to
                // wait for, the waiting room before it does).
                (None, played) if start.network.is_some() => match plan.after_moves {
                    0 => played.is_some() || *screen.get() == Screen::Waiting,
                    moves => played.is_some_and(|played| played >= moves),
                },
                // Puzzles show once the puzzle's board is up and has had its moves, or the
                // menu once it says why none opened.
                (None, played) if start.puzzles.is_some() => {
                    (matches!(screen.get(), Screen::MagneticCave | Screen::Penguins)
                        && played.is_some_and(|played| played >= plan.after_moves))
                        || (*screen.get() == Screen::Menu && puzzles_not_opened.is_some())
                }
                (None, _) => *screen.get() == Screen::Menu,
                (Some(first), Some(played)) => {
                    *screen.get() == first.screen() && played >= plan.after_moves
                }
                (Some(_), None) => false,
            };
            // With --analyse, once the analysis is drawn.
            let analysed = !start.analyse
                || analysis.is_some_and(|view| !view.is_running() && view.analysis.is_some());
            if ready && analysed {
                *phase = Phase::Settling(if plan.at_once { 0 } else { SETTLE_FRAMES });
            }
        }
        Phase::Settling(n) => {
            // Pieces finish walking, penguins sliding and dice tumbling before the picture is
            // taken, also when something moved in this very frame.
            if motion.0 && !plan.at_once {
                return;
            }
            if n > 0 {
                *phase = Phase::Settling(n - 1);
                return;
            }
            // The status of the position in the picture.
            *status = (progress.screen == Some(*screen.get())).then(|| progress.status.clone());
            report_ui(windows.single().ok(), &nodes, &texts, &layouts);
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
