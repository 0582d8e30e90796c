//! The board editor's model: layouts go through it and back to the same file; no sequence of
//! edits saves a file the loader refuses; `check-layout` accepts what it saves.

use proptest::prelude::*;
use tablero::editor::{Draft, Edit, HEADER, Mark, layout_text};
use tablero::layout::{
    self, CaveLayout, Layout, PatolliEnds, PatolliLayout, PatolliPlayers, PenguinsLayout,
};
use tablero::rules::GameKind;
use tablero::rules::patolli::{Dice, FirstPlayer, GridCell, Overshoot, Player, Rules};
use tablero::rules::penguins::{Grid, Pos};

use crate::support::{repo, run_tablero, temp_dir};

/// A layout through the editor: opened from its text, saved, and read back.
fn round_trip(layout: &Layout) -> Layout {
    let text = layout_text(layout);
    let draft = Draft::open("in.ron", &text).unwrap_or_else(|e| panic!("{e}\n{text}"));
    let saved = draft.save_text().unwrap_or_else(|e| panic!("{e}\n{text}"));
    assert!(saved.starts_with(HEADER));
    layout::parse("out.ron", saved.as_bytes()).unwrap_or_else(|e| panic!("{e}\n{saved}"));
    Draft::open("out.ron", &saved)
        .unwrap_or_else(|e| panic!("{e}\n{saved}"))
        .layout()
        .clone()
}

#[test]
fn every_shipped_board_opens_and_saves_as_the_same_board() {
    for entry in std::fs::read_dir(repo().join("levels")).expect("levels/") {
        let path = entry.expect("an entry").path();
        // `levels/puzzles/` holds puzzles, not boards.
        if !path.is_file() {
            continue;
        }
        let text = std::fs::read_to_string(&path).expect("a shipped board");
        let draft =
            Draft::open(&path.display().to_string(), &text).unwrap_or_else(|e| panic!("{e}"));
        assert_eq!(
            &round_trip(draft.layout()),
            draft.layout(),
            "{}",
            path.display()
        );
    }
}

#[test]
fn check_layout_accepts_what_the_editor_saves() {
    let dir = temp_dir("editor-saves");
    let mut draft = Draft::new(GameKind::Patolli);
    for cell in rim(3, 3, 3, 6) {
        draft.apply(&Edit::ToggleSquare(cell));
    }
    draft.apply(&Edit::PlaceStart(Player::N, (5, 5)));
    draft.apply(&Edit::PlaceEnd(Player::L, (4, 3)));
    draft.apply(&Edit::PlaceEnd(Player::N, (5, 6)));
    let mut penguins = Draft::new(GameKind::Penguins);
    penguins.apply(&Edit::Grid(Grid::Hex));
    penguins.apply(&Edit::PaintFrom(7));
    penguins.apply(&Edit::Paint(Pos::new(0, 0), 0));
    let mut files = Vec::new();
    for (name, draft) in [
        ("track.ron", draft),
        ("floes.ron", penguins),
        ("cave.ron", Draft::new(GameKind::MagneticCave)),
    ] {
        let path = dir.join(name);
        let text = draft.save_text().unwrap_or_else(|e| panic!("{name}: {e}"));
        std::fs::write(&path, text).expect("written");
        files.push(path.display().to_string());
    }
    let mut args = vec!["check-layout"];
    args.extend(files.iter().map(String::as_str));
    let output = run_tablero(&args, "");
    let out = String::from_utf8_lossy(&output.stdout);
    assert!(
        output.status.success(),
        "{out}{}",
        String::from_utf8_lossy(&output.stderr)
    );
    assert_eq!(out.matches(": ok").count(), 3, "{out}");
}

/// The cells of a rectangle's rim, `h` by `w` from `(top, left)`, clockwise from its corner.
fn rim(top: u16, left: u16, h: u16, w: u16) -> Vec<GridCell> {
    let mut cells: Vec<GridCell> = (0..w).map(|c| (top, left + c)).collect();
    cells.extend((1..h).map(|r| (top + r, left + w - 1)));
    cells.extend((0..w - 1).rev().map(|c| (top + h - 1, left + c)));
    cells.extend((1..h - 1).rev().map(|r| (top + r, left)));
    cells
}

fn patolli_layouts() -> impl Strategy<Value = Layout> {
    (
        (
            0u16..10,
            0u16..10,
            3u16..14,
            3u16..14,
            any::<bool>(),
            0usize..40,
        ),
        (
            2usize..=4,
            proptest::collection::vec(any::<proptest::sample::Index>(), 8),
        ),
        proptest::collection::vec((0usize..3, any::<proptest::sample::Index>()), 0..12),
        (0usize..4, proptest::option::of(1u8..=10), 0usize..3),
    )
        .prop_filter_map(
            "a board that makes a game",
            |((top, left, h, w, reverse, turn), (seated, picks), marks, (first, beans, over))| {
                let mut track = rim(top, left, h, w);
                if reverse {
                    track.reverse();
                }
                let n = track.len();
                track.rotate_left(turn % n);
                let at = |k: usize| picks[k].index(n);
                let ends = |k: usize| PatolliEnds {
                    start: at(2 * k),
                    end: at(2 * k + 1),
                };
                let mut lists = [Vec::new(), Vec::new(), Vec::new()];
                for (list, index) in marks {
                    let i = index.index(n);
                    if !lists[list].contains(&i) {
                        lists[list].push(i);
                    }
                }
                for list in &mut lists {
                    list.sort_unstable();
                }
                let [middle, arm_ends, triangles] = lists;
                let layout = Layout::Patolli(PatolliLayout {
                    name: String::new(),
                    track,
                    middle,
                    arm_ends,
                    triangles,
                    players: PatolliPlayers {
                        l: ends(0),
                        n: ends(1),
                        g: (seated >= 3).then(|| ends(2)),
                        m: (seated >= 4).then(|| ends(3)),
                    },
                    rules: Rules {
                        first_player: [
                            FirstPlayer::L,
                            FirstPlayer::N,
                            FirstPlayer::G,
                            FirstPlayer::M,
                        ][first % seated],
                        dice: beans.map_or(Dice::Uniform, Dice::Beans),
                        overshoot: [
                            Overshoot::ContinueLap,
                            Overshoot::Forbidden,
                            Overshoot::BackToStart,
                        ][over],
                    },
                });
                layout::validate(&layout).is_ok().then_some(layout)
            },
        )
}

fn penguins_layouts() -> impl Strategy<Value = Layout> {
    let grid = prop_oneof![Just(Grid::Square), Just(Grid::Hex)];
    let drawn = (
        4u16..=20,
        4u16..=20,
        0.0f64..=0.6,
        [0u32..9, 0u32..9, 1u32..9],
        grid.clone(),
    )
        .prop_map(|(rows, cols, water, fish_weights, grid)| PenguinsLayout {
            name: "Drawn".to_string(),
            rows,
            cols,
            water,
            fish_weights,
            board: None,
            grid,
        });
    let fixed =
        (2usize..=20, 2usize..=20, any::<u64>(), grid).prop_map(|(rows, cols, seed, grid)| {
            let board = (0..rows)
                .map(|r| {
                    (0..cols)
                        .map(|c| {
                            let digit = (seed >> ((r * 7 + c * 3) % 60)) % 4;
                            // Two one-fish floes at least: the first two fields.
                            if r == 0 && c < 2 {
                                '1'
                            } else {
                                char::from(b'0' + digit as u8)
                            }
                        })
                        .collect()
                })
                .collect();
            let defaults = default_penguins();
            PenguinsLayout {
                board: Some(board),
                grid,
                ..defaults
            }
        });
    prop_oneof![drawn, fixed].prop_map(Layout::Penguins)
}

/// A new Penguins draft's layout.
fn default_penguins() -> PenguinsLayout {
    match Draft::new(GameKind::Penguins).layout() {
        Layout::Penguins(p) => p.clone(),
        _ => unreachable!("a Penguins draft"),
    }
}

fn cave_layouts() -> impl Strategy<Value = Layout> {
    (1u32..=26, 1u32..=26, 2u32..=26).prop_filter_map("a cave", |(width, height, win_length)| {
        let layout = Layout::MagneticCave(CaveLayout {
            name: "Cave".to_string(),
            width,
            height,
            win_length,
        });
        layout::validate(&layout).is_ok().then_some(layout)
    })
}

fn edits() -> impl Strategy<Value = Edit> {
    let cell = (0u16..6, 0u16..6);
    let player = prop_oneof![
        Just(Player::L),
        Just(Player::N),
        Just(Player::G),
        Just(Player::M)
    ];
    let mark = prop_oneof![Just(Mark::Middle), Just(Mark::ArmEnd), Just(Mark::Triangle)];
    prop_oneof![
        6 => cell.clone().prop_map(Edit::ToggleSquare),
        4 => cell.clone().prop_map(Edit::AddSquare),
        1 => Just(Edit::Reverse),
        1 => cell.clone().prop_map(Edit::RestartAt),
        2 => (mark, cell.clone()).prop_map(|(m, c)| Edit::ToggleMark(m, c)),
        2 => (player.clone(), cell.clone()).prop_map(|(p, c)| Edit::PlaceStart(p, c)),
        2 => (player, cell).prop_map(|(p, c)| Edit::PlaceEnd(p, c)),
        1 => (0usize..6).prop_map(Edit::Players),
        1 => (0usize..4).prop_map(|k| Edit::FirstPlayer([FirstPlayer::L, FirstPlayer::N, FirstPlayer::G, FirstPlayer::M][k])),
        1 => (0u8..14).prop_map(|n| Edit::Dice(if n == 0 { Dice::Uniform } else { Dice::Beans(n) })),
        1 => Just(Edit::Overshoot(Overshoot::BackToStart)),
        1 => Just(Edit::ClearTrack),
        1 => (0u16..40).prop_map(Edit::GridSide),
        1 => (0u16..25).prop_map(Edit::Rows),
        1 => (0u16..25).prop_map(Edit::Cols),
        1 => (0u32..100).prop_map(Edit::WaterPercent),
        1 => (0usize..4, 0u32..5).prop_map(|(f, w)| Edit::FishWeight(f, w)),
        1 => Just(Edit::Grid(Grid::Hex)),
        1 => any::<u64>().prop_map(Edit::PaintFrom),
        1 => Just(Edit::DrawnBoards),
        3 => (0u16..22, 0u16..22, 0u8..5).prop_map(|(r, c, f)| Edit::Paint(Pos::new(r, c), f)),
        1 => (0usize..24, 0usize..24).prop_map(|(r, c)| Edit::FixedSize(r, c)),
        1 => (0u32..30).prop_map(Edit::Width),
        1 => (0u32..30).prop_map(Edit::Height),
        1 => (0u32..30).prop_map(Edit::WinLength),
        1 => "[a-zA-Z \"'\\\\]{0,12}".prop_map(Edit::Name),
    ]
}

/// A Patolli draft that makes a game: the rim of a 3x6 rectangle (14 squares, more than two
/// players' pieces), L and N seated.
fn ring_draft() -> Draft {
    let mut draft = Draft::new(GameKind::Patolli);
    for cell in rim(1, 1, 3, 6) {
        draft.apply(&Edit::ToggleSquare(cell));
    }
    draft.apply(&Edit::PlaceEnd(Player::L, (2, 1)));
    draft.apply(&Edit::PlaceStart(Player::N, (3, 3)));
    draft.apply(&Edit::PlaceEnd(Player::N, (3, 2)));
    assert!(draft.save_text().is_ok(), "{:?}", draft.problems());
    draft
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(200))]

    #[test]
    fn valid_layouts_go_through_the_editor_unchanged(
        layout in prop_oneof![patolli_layouts(), penguins_layouts(), cave_layouts()]
    ) {
        prop_assert_eq!(round_trip(&layout), layout);
    }

    #[test]
    fn no_edit_sequence_saves_a_file_the_loader_refuses(
        game in 0usize..4,
        sequence in proptest::collection::vec(edits(), 0..80),
        undos in proptest::collection::vec(any::<bool>(), 0..10),
    ) {
        let mut draft = match game {
            3 => ring_draft(),
            _ => Draft::new([GameKind::Patolli, GameKind::Penguins, GameKind::MagneticCave][game]),
        };
        for (k, edit) in sequence.iter().enumerate() {
            draft.apply(edit);
            if undos.get(k) == Some(&true) {
                draft.undo();
            }
            if let Ok(text) = draft.save_text() {
                let parsed = layout::parse("saved.ron", text.as_bytes());
                prop_assert!(parsed.is_ok(), "{:?}\n{}", parsed, text);
                let reopened = Draft::open("saved.ron", &text);
                let reopened = reopened.map(|d| d.layout().clone()).ok();
                prop_assert_eq!(reopened.as_ref(), Some(draft.layout()));
            } else {
                prop_assert!(!draft.problems().is_empty(), "refused without a problem shown");
            }
        }
    }
}

#[test]
fn a_board_that_makes_no_game_is_not_saved_and_the_file_stays_as_it_was() {
    use tablero::app::editor::EditorSession;
    let dir = temp_dir("editor-refuses");
    let file = dir.join("cave.ron");
    let original = "// my cave\nMagneticCave(width: 8, height: 8, win_length: 5)\n";
    std::fs::write(&file, original).expect("written");
    let draft = Draft::open("cave.ron", original).expect("a cave");
    let mut session = EditorSession::new(draft, file.clone());
    assert_eq!(session.target, file, "a designer's file is saved in place");
    assert!(!session.unsaved());
    session.edit(&Edit::WinLength(12));
    assert!(session.unsaved());
    assert!(!session.may_leave(), "changes not saved: asked once");
    assert!(session.may_leave(), "asked twice: leaves");
    assert!(session.save().is_none(), "a line longer than the cave");
    assert!(session.status.refused, "{:?}", session.status);
    let said = session
        .status
        .words
        .as_ref()
        .map(|words| words.in_language(tablero::i18n::Language::English))
        .unwrap_or_default();
    assert!(
        said.contains("win_length") || said.contains("12"),
        "{:?}",
        session.status
    );
    assert_eq!(std::fs::read_to_string(&file).expect("kept"), original);
    session.undo();
    session.edit(&Edit::Width(10));
    assert!(session.save().is_some(), "{:?}", session.status);
    let saved = std::fs::read_to_string(&file).expect("saved");
    assert!(
        saved.starts_with(HEADER) && !saved.contains("my cave"),
        "{saved}"
    );
    assert!(!session.unsaved());
}

#[test]
fn a_built_in_board_is_saved_as_a_copy_under_a_new_name() {
    use tablero::app::editor::EditorSession;
    let built_in = std::path::Path::new("<built-in>/patolli.ron");
    let draft = tablero::app::editor::boards::open(built_in).expect("a built-in board opens");
    let session = EditorSession::new(draft, built_in.to_path_buf());
    let name = session
        .target
        .file_name()
        .and_then(|n| n.to_str())
        .unwrap_or("");
    assert!(
        name.starts_with("patolli-edited"),
        "{}",
        session.target.display()
    );
    assert!(
        session
            .target
            .parent()
            .is_some_and(|dir| dir.ends_with("levels"))
    );
}

#[test]
fn tablero_edit_refuses_a_file_it_cannot_draw_and_leaves_it_alone() {
    let dir = temp_dir("editor-cli");
    for (name, text, at) in [
        (
            "broken.ron",
            "Patolli(\n  track: [(0, 0)\n",
            "broken.ron:2:17:",
        ),
        (
            "wide.ron",
            "Patolli(\n  track: [(0, 0), (0, 70)],\n  middle: [], arm_ends: [],\n  players: (L: (start: 0, end: 1), N: (start: 1, end: 0)),\n)\n",
            "wide.ron:2:10:",
        ),
    ] {
        let file = dir.join(name);
        std::fs::write(&file, text).expect("written");
        let output = run_tablero(&["edit", &file.display().to_string()], "");
        let err = String::from_utf8_lossy(&output.stderr);
        assert_eq!(output.status.code(), Some(1), "{err}");
        assert!(err.contains(at), "{err}");
        assert_eq!(std::fs::read_to_string(&file).expect("kept"), text);
    }
}

#[test]
fn a_board_saved_by_the_editor_rebuilds_the_match_playing_it() {
    use std::time::Duration;

    use tablero::app::editor::EditorSession;

    let levels = crate::referee::standard_levels("editor-hot-reload");
    let file = levels.join("patolli.ron");
    let mut app = crate::referee::watched_patolli_cross(&levels);
    std::thread::sleep(Duration::from_millis(500));

    let text = std::fs::read_to_string(&file).expect("the cross");
    let mut session = EditorSession::new(
        Draft::open("patolli.ron", &text).expect("opens"),
        file.clone(),
    );
    // A square taken off the track opens the loop: nothing is saved.
    session.edit(&Edit::ToggleSquare((3, 8)));
    assert!(session.save().is_none(), "the loop is open now");
    session.undo();
    session.edit(&Edit::Reverse);
    assert!(session.save().is_some(), "{:?}", session.status);
    assert!(
        crate::referee::pump_until(&mut app, |app| {
            app.world()
                .get_resource::<tablero::app::patolli::referee::PatolliReferee>()
                .is_some_and(|r| r.state().track().cells()[0] == (0, 7))
        }),
        "the match did not restart on the saved board"
    );
}
