//! What a screen reader hears, headless: every board cell, floe, square and piece has a node
//! named as a sighted player sees it, the keyboard's cursor is the focused node, and a move is
//! announced in the live region.

use std::time::Duration;

use bevy::a11y::AccessibilityNode;
use bevy::input_focus::InputFocus;
use bevy::prelude::*;
use tablero::app::AppStart;
use tablero::app::keyboard::KeyCursor;
use tablero::app::magnetic_cave::board::cell_offset;
use tablero::app::magnetic_cave::referee::CaveCell;
use tablero::app::patolli::referee::{PatolliPiece, PatolliSquare};
use tablero::app::penguins::referee::Floe;
use tablero::app::screen_reader::{Announcement, LiveRegion};
use tablero::rules::Seat;
use tablero::rules::magnetic_cave::{Cell, Config};
use tablero::setup::CaveMatch;

use crate::referee::{headless_app, headless_app_with, play, pump_until, standard_levels};

/// Each entity with component `C`, its value and its node's label.
fn labels<C: Component + Clone>(app: &mut App) -> Vec<(Entity, C, Option<String>)> {
    let mut query = app
        .world_mut()
        .query::<(Entity, &C, Option<&AccessibilityNode>)>();
    query
        .iter(app.world())
        .map(|(entity, c, node)| {
            (
                entity,
                c.clone(),
                node.and_then(|n| n.label().map(str::to_string)),
            )
        })
        .collect()
}

fn cave_label(app: &mut App, name: &str) -> (Entity, String) {
    let cell = Cell::parse(name).expect("a cell");
    labels::<CaveCell>(app)
        .into_iter()
        .find(|(_, c, _)| c.0 == cell)
        .map(|(e, _, label)| (e, label.unwrap_or_else(|| panic!("{name} has no node"))))
        .expect("the cell is on the board")
}

/// A headless cave match between two humans, its levels in the scratch folder `name`.
fn cave_for_two(name: &str) -> App {
    let levels = standard_levels(name);
    let setup = CaveMatch::new(
        Config::STANDARD,
        [Seat::Human, Seat::Human],
        Duration::from_secs(1),
        tablero::ai::AiLevel::Easy,
        Vec::new(),
    )
    .expect("a valid setup");
    headless_app(&levels, setup, false)
}

#[test]
fn every_cave_cell_is_named_the_cursor_is_focused_and_a_move_is_announced() {
    let mut app = cave_for_two("screen-reader-cave");
    app.init_resource::<InputFocus>();
    play(&mut app, &["A1"]);
    app.update();
    let cells = labels::<CaveCell>(&mut app);
    assert_eq!(cells.len(), 64);
    assert!(
        cells.iter().all(|(_, _, label)| label.is_some()),
        "a cell without a node"
    );
    assert_eq!(cave_label(&mut app, "A1").1, "A1, black brick");
    assert_eq!(
        cave_label(&mut app, "B1").1,
        "B1, empty, you may place a brick here"
    );
    assert_eq!(cave_label(&mut app, "D4").1, "D4, empty");
    let announcement = app.world().resource::<Announcement>().text.clone();
    assert_eq!(announcement, "Black places A1. White to move.");

    // White's brick: the cell's name and the live region follow.
    play(&mut app, &["H1"]);
    app.update();
    assert_eq!(cave_label(&mut app, "H1").1, "H1, white brick");
    let mut regions = app
        .world_mut()
        .query_filtered::<&AccessibilityNode, With<LiveRegion>>();
    let region = regions.single(app.world()).expect("one live region");
    assert_eq!(region.label(), Some("White places H1. Black to move."));
    assert_eq!(region.live(), Some(accesskit::Live::Polite));

    // The keyboard's cursor on B1 makes B1's node the focused one.
    let (b1, _) = cave_label(&mut app, "B1");
    let at = cell_offset(Config::STANDARD, Cell::parse("B1").expect("a cell"));
    app.insert_resource(KeyCursor {
        at: Some(at),
        shown: true,
    });
    app.update();
    assert_eq!(app.world().resource::<InputFocus>().get(), Some(b1));
    // A new match rebuilds the board: the focus moves to the new board's cell under the
    // cursor, never stays on a cell that is gone.
    app.world_mut()
        .write_message(tablero::app::referee::RematchRequested);
    app.update();
    app.update();
    let focused = app.world().resource::<InputFocus>().get();
    if let Some(entity) = focused {
        assert!(
            app.world().get::<AccessibilityNode>(entity).is_some(),
            "the focus stays on a node that is gone"
        );
    }
    assert_ne!(focused, Some(b1), "the old board's B1 is still focused");
    play(&mut app, &["A1", "H1"]);
    app.update();
    // A refusal is announced too.
    play(&mut app, &["D4"]);
    app.update();
    let refused = app.world().resource::<Announcement>().text.clone();
    assert!(refused.starts_with("D4: "), "{refused}");
    // So is the hint's line, once the engine has found it.
    app.world_mut()
        .write_message(tablero::app::hint::HintRequested);
    assert!(pump_until(&mut app, |app| {
        let said = &app.world().resource::<Announcement>().text;
        said.starts_with("Hint: ") && said.contains(" — ")
    }));
}

#[test]
fn every_floe_of_penguins_and_every_square_and_piece_of_patolli_is_named() {
    // Penguins, from the repository's layout.
    let levels = crate::support::temp_dir("screen-reader-penguins");
    let path = levels.join("penguins.ron");
    std::fs::copy(crate::support::repo().join("levels/penguins.ron"), &path).expect("copied");
    let layout = tablero::setup::load_penguins_layout(&path).expect("loads");
    let setup = tablero::setup::PenguinsMatch::new(
        layout,
        vec![Seat::Human, Seat::Human],
        1,
        Duration::from_secs(1),
        tablero::ai::AiLevel::Easy,
        5,
    )
    .expect("a setup");
    let mut app = headless_app_with(&levels, AppStart::penguins(setup, path), false, |_| {});
    assert!(pump_until(&mut app, |app| app
        .world()
        .get_resource::<tablero::app::penguins::referee::PenguinsReferee>()
        .is_some()));
    app.update();
    let floes = labels::<Floe>(&mut app);
    assert!(!floes.is_empty());
    for (_, floe, label) in &floes {
        let label = label
            .as_deref()
            .unwrap_or_else(|| panic!("floe {} unnamed", floe.0));
        assert!(label.starts_with(&format!("floe {}, ", floe.0)), "{label}");
        assert!(label.contains(" fish"), "{label}");
    }
    assert!(
        floes.iter().any(|(_, _, l)| l
            .as_deref()
            .is_some_and(|l| l.ends_with("one fish, you may place a penguin here"))),
        "{floes:?}"
    );

    // Patolli: the cross, every square and piece.
    let levels = crate::support::temp_dir("screen-reader-patolli");
    let mut app = crate::referee::watched_patolli_cross(&levels);
    app.update();
    let squares = labels::<PatolliSquare>(&mut app);
    assert_eq!(squares.len(), 60);
    for (_, square, label) in &squares {
        let label = label
            .as_deref()
            .unwrap_or_else(|| panic!("square {} unnamed", square.0));
        assert!(
            label.starts_with(&format!("square {}, ", square.0)),
            "{label}"
        );
    }
    assert!(
        squares.iter().any(|(_, _, l)| l
            .as_deref()
            .is_some_and(|l| l.ends_with("empty, a middle square"))),
        "no middle square named"
    );
    let pieces = labels::<PatolliPiece>(&mut app);
    assert_eq!(pieces.len(), 12);
    for (_, piece, label) in &pieces {
        let label = label
            .as_deref()
            .unwrap_or_else(|| panic!("{piece:?} unnamed"));
        assert!(
            label.starts_with(&format!(
                "piece {} of {}, ",
                piece.piece,
                piece.piece.owner()
            )),
            "{label}"
        );
    }
}

/// The settings page's *Screen reader* choice: *moves only* says the move without whose turn
/// it is, *nothing* says nothing, and *everything* speaks again from the next move on.
#[test]
fn the_screen_reader_setting_says_everything_the_moves_only_or_nothing() {
    use tablero::app::settings::{Announcements, AnnouncementsChosen};

    let mut app = cave_for_two("screen-reader-setting");
    let said = |app: &App| app.world().resource::<Announcement>().clone();
    app.world_mut()
        .write_message(AnnouncementsChosen(Announcements::MovesOnly));
    app.update();
    assert_eq!(
        *app.world().resource::<Announcements>(),
        Announcements::MovesOnly
    );
    play(&mut app, &["A1"]);
    app.update();
    assert_eq!(said(&app).text, "Black places A1.");
    app.world_mut()
        .write_message(AnnouncementsChosen(Announcements::Off));
    app.update();
    let before = said(&app);
    play(&mut app, &["H1"]);
    app.update();
    assert_eq!(
        said(&app),
        before,
        "a move was announced with announcements off"
    );
    app.world_mut()
        .write_message(AnnouncementsChosen(Announcements::All));
    app.update();
    assert_eq!(said(&app), before, "a past move was announced late");
    play(&mut app, &["A2"]);
    app.update();
    assert_eq!(said(&app).text, "Black places A2. White to move.");
}
