//! Layout files: valid ones load; broken ones point at the line and column; `check-layout`.

use tablero::layout::{self, GameSetup};
use tablero::rules::magnetic_cave::Config;

use crate::support::{repo, run_tablero, temp_dir};

fn error_of(source: &str) -> (usize, usize, String) {
    let e = layout::parse("test.ron", source.as_bytes()).expect_err("the layout is broken");
    assert_eq!(e.file, "test.ron");
    (e.line, e.column, e.problem.to_string())
}

#[test]
fn the_shipped_layouts_load() {
    let cave = layout::load(&repo().join("levels/magnetic_cave.ron")).unwrap();
    assert_eq!(cave, GameSetup::MagneticCave(Config::STANDARD));
    let big = layout::load(&repo().join("levels/magnetic_cave_10x10.ron")).unwrap();
    assert_eq!(
        big,
        GameSetup::MagneticCave(Config::new(10, 10, 6).unwrap())
    );
}

#[test]
fn a_syntax_error_points_at_its_line_and_column() {
    let (line, column, message) =
        error_of("MagneticCave(\n    width: 8\n    height: 8,\n    win_length: 5,\n)");
    assert_eq!((line, column), (3, 5), "{message}");
}

#[test]
fn a_wrong_type_points_at_the_value() {
    let (line, column, message) =
        error_of("MagneticCave(\n    width: eight,\n    height: 8,\n    win_length: 5,\n)");
    assert_eq!((line, column), (2, 12), "{message}");
}

#[test]
fn an_unknown_field_is_named() {
    let (line, column, message) = error_of(
        "MagneticCave(\n    width: 8,\n    height: 8,\n    win_length: 5,\n    depth: 3,\n)",
    );
    assert_eq!(line, 5, "{message}");
    assert!(column <= 5, "{column}: {message}");
    assert!(message.contains("depth"), "{message}");
}

#[test]
fn an_unknown_game_is_refused() {
    let (line, _, message) = error_of("Chess(width: 8)");
    assert_eq!(line, 1);
    assert!(message.contains("Chess"), "{message}");
}

#[test]
fn impossible_values_are_errors_at_their_field() {
    let (line, column, message) =
        error_of("MagneticCave(\n    width: 0,\n    height: 8,\n    win_length: 5,\n)");
    assert_eq!((line, column), (2, 12));
    assert!(message.contains("width"), "{message}");
    let (line, column, message) = error_of("MagneticCave(width: 8, height: 8,\n  win_length: 9)");
    assert_eq!((line, column), (2, 15));
    assert!(message.contains("win_length"), "{message}");
    let (line, _, message) = error_of("MagneticCave(width: 8, height: 40, win_length: 5)");
    assert_eq!(line, 1);
    assert!(message.contains("height"), "{message}");
    // A 1x1 cave holds no line at all: the fault is its size, not the line's length.
    let (line, column, message) = error_of(
        "MagneticCave(
    width: 1,
    height: 1,
    win_length: 2,
)",
    );
    assert_eq!((line, column), (2, 12));
    assert!(message.contains("1x1 cave holds no line"), "{message}");
}

#[test]
fn check_layout_reports_each_error_and_the_exit_code() {
    let dir = temp_dir("check-layout");
    let good = dir.join("good.ron");
    let broken = dir.join("broken.ron");
    let impossible = dir.join("impossible.ron");
    std::fs::write(&good, "MagneticCave(width: 10, height: 10, win_length: 6)").unwrap();
    std::fs::write(
        &broken,
        "MagneticCave(\n  width: 8,\n  height: 8\n  win_length: 5)",
    )
    .unwrap();
    std::fs::write(
        &impossible,
        "MagneticCave(width: 0, height: 8, win_length: 5)",
    )
    .unwrap();

    let ok = run_tablero(
        &[
            "check-layout",
            good.to_str().unwrap(),
            "levels/magnetic_cave.ron",
        ],
        "",
    );
    assert_eq!(ok.status.code(), Some(0));

    let bad = run_tablero(
        &[
            "check-layout",
            good.to_str().unwrap(),
            broken.to_str().unwrap(),
            impossible.to_str().unwrap(),
        ],
        "",
    );
    assert_eq!(bad.status.code(), Some(1));
    let err = String::from_utf8_lossy(&bad.stderr);
    assert!(
        err.contains(&format!("{}:4:3: ", broken.display())),
        "{err}"
    );
    assert!(
        err.contains(&format!("{}:1:21: width", impossible.display())),
        "{err}"
    );

    let missing = run_tablero(&["check-layout", "no/such/file.ron"], "");
    assert_eq!(missing.status.code(), Some(1));
    assert!(String::from_utf8_lossy(&missing.stderr).contains("no/such/file.ron:1:1: cannot read"));
}

mod patolli {
    use tablero::layout::{self, GameSetup};
    use tablero::rules::patolli::{Dice, Overshoot, Player, Track};

    use crate::support::{repo, run_tablero, temp_dir};

    fn shipped(name: &str) -> String {
        std::fs::read_to_string(repo().join("levels").join(name)).expect("shipped layout")
    }

    fn setup(text: &str) -> tablero::layout::PatolliSetup {
        match layout::parse("p.ron", text.as_bytes()) {
            Ok(GameSetup::Patolli(setup)) => setup,
            other => panic!("not a Patolli layout: {other:?}"),
        }
    }

    fn error(text: &str) -> tablero::layout::LayoutError {
        layout::parse("p.ron", text.as_bytes()).expect_err("the layout is broken")
    }

    #[test]
    fn the_shipped_crosses_are_the_rules_tables() {
        let sixty = setup(&shipped("patolli.ron"));
        assert_eq!(*sixty.track, Track::cross(7));
        assert_eq!(sixty.rules, Default::default());
        let fifty_two = setup(&shipped("patolli_52.ron"));
        assert_eq!(fifty_two.track.len(), 52);
        assert_eq!(*fifty_two.track, Track::cross(6));
        assert_eq!(fifty_two.track.start(Player::L), 20);
    }

    #[test]
    fn rule_options_are_read_from_the_rules_block() {
        let text = shipped("patolli.ron")
            .replace("first_player: L", "first_player: N")
            .replace("dice: Uniform", "dice: Beans(5)")
            .replace("overshoot: ContinueLap", "overshoot: BackToStart");
        let setup = setup(&text);
        assert_eq!(setup.rules.dice, Dice::Beans(5));
        assert_eq!(setup.rules.overshoot, Overshoot::BackToStart);
        assert_eq!(Player::from(setup.rules.first_player), Player::N);
    }

    #[test]
    fn a_track_that_is_not_a_closed_chain_is_refused_at_the_track() {
        // Break the chain: square 3 jumps a column.
        let text = shipped("patolli.ron").replacen("(3, 8)", "(3, 9)", 1);
        let e = error(&text);
        assert!(
            e.problem.to_string().contains("not orthogonally adjacent"),
            "{e}"
        );
        let track = text
            .lines()
            .position(|l| l.starts_with("    track:"))
            .unwrap()
            + 1;
        assert_eq!(e.line, track, "{e}"); // the line of `track:`
        // A repeated cell.
        let text = shipped("patolli.ron").replacen("(3, 8)", "(1, 8)", 1);
        assert!(
            error(&text).problem.to_string().contains("repeats"),
            "{}",
            error(&text)
        );
        // Too short.
        let e = error(
            "Patolli(track: [(0, 0), (0, 1)], middle: [], arm_ends: [], players: (L: (start: 0, end: 1), N: (start: 1, end: 0)))",
        );
        assert!(e.problem.to_string().contains("at least 4"), "{e}");
    }

    #[test]
    fn special_squares_off_the_track_are_refused_at_their_field() {
        let text =
            shipped("patolli.ron").replace("middle: [7, 22, 37, 52]", "middle: [7, 22, 37, 60]");
        let e = error(&text);
        assert!(
            e.problem.to_string().contains("middle names square 60"),
            "{e}"
        );
        let line = text
            .lines()
            .position(|l| l.starts_with("    middle:"))
            .unwrap()
            + 1;
        assert_eq!((e.line, e.column), (line, 13), "{e}");
        let text =
            shipped("patolli.ron").replace("L: (start: 23, end: 21)", "L: (start: 23, end: 99)");
        assert!(
            error(&text).problem.to_string().contains("square 99"),
            "{}",
            error(&text)
        );
    }

    #[test]
    fn unknown_rule_options_point_at_their_line() {
        let text = shipped("patolli.ron").replace("overshoot: ContinueLap", "overshoot: Bounce");
        let e = error(&text);
        let line = text.lines().position(|l| l.contains("Bounce")).unwrap() + 1;
        assert_eq!(e.line, line, "{e}");
        assert!(e.problem.to_string().contains("Bounce"), "{e}");
    }

    #[test]
    fn check_layout_takes_layouts_of_any_game() {
        let dir = temp_dir("check-patolli");
        let broken = dir.join("patolli.ron");
        std::fs::write(
            &broken,
            shipped("patolli.ron").replacen("(3, 8)", "(3, 9)", 1),
        )
        .unwrap();
        let ok = run_tablero(
            &[
                "check-layout",
                "levels/patolli.ron",
                "levels/patolli_52.ron",
                "levels/magnetic_cave.ron",
            ],
            "",
        );
        assert_eq!(
            ok.status.code(),
            Some(0),
            "{}",
            String::from_utf8_lossy(&ok.stderr)
        );
        let bad = run_tablero(&["check-layout", broken.to_str().unwrap()], "");
        assert_eq!(bad.status.code(), Some(1));
        let err = String::from_utf8_lossy(&bad.stderr);
        // Line 11: the `track:` field (after the comments and the board's name).
        assert!(err.contains(&format!("{}:11:", broken.display())), "{err}");
    }
}

#[test]
fn penguins_layouts_draw_boards_or_fix_one_and_refuse_bad_values_at_their_field() {
    use tablero::layout::PenguinsSetup;
    use tablero::rules::penguins::Grid;
    for (name, fixed, grid) in [
        ("penguins.ron", false, Grid::Square),
        ("penguins_fixed.ron", true, Grid::Square),
        ("penguins_hex.ron", false, Grid::Hex),
    ] {
        let setup = layout::load(&repo().join("levels").join(name)).expect("a shipped layout");
        let GameSetup::Penguins(penguins) = setup else {
            panic!("{name} is a Penguins layout");
        };
        assert_eq!(matches!(penguins, PenguinsSetup::Fixed(_)), fixed, "{name}");
        let board = penguins.board(11, 8);
        assert!(board.placement_floes().len() >= if fixed { 1 } else { 8 });
        assert_eq!((penguins.grid(), board.grid()), (grid, grid), "{name}");
    }
    // A fixed hex board is written row by row like a square one, and a record's layout of it
    // (as records write it) reads back as the same hex board.
    let hex = layout::parse(
        "hex.ron",
        b"Penguins(grid: Hex, board: Some([\"1231\", \"2103\", \"3112\", \"1321\"]))",
    )
    .expect("a fixed hex board");
    let GameSetup::Penguins(PenguinsSetup::Fixed(board)) = hex else {
        panic!("a fixed Penguins board");
    };
    assert_eq!(board.grid(), Grid::Hex);
    let written = ron::ser::to_string_pretty(
        &layout::Layout::of_penguins_board(&board),
        ron::ser::PrettyConfig::new()
            .extensions(ron::extensions::Extensions::UNWRAP_VARIANT_NEWTYPES),
    )
    .expect("it writes");
    assert!(written.contains("grid: Hex"), "{written}");
    let again = layout::parse("again.ron", written.as_bytes()).expect("reads back");
    assert_eq!(again, GameSetup::Penguins(PenguinsSetup::Fixed(board)));
    assert_eq!(
        error_of("Penguins(grid: Hexagon)"),
        (
            1,
            16,
            "Unexpected variant named `Hexagon` in enum `Grid`, expected either `Square` or \
             `Hex` instead"
                .to_string()
        )
    );
    assert_eq!(
        error_of("Penguins(\n  rows: 3,\n)"),
        (2, 9, "rows must be 4 to 20, not 3".to_string())
    );
    assert_eq!(error_of("Penguins(\n  water: 0.9,\n)").0, 2);
    let (line, column, message) = error_of("Penguins(\n  board: Some([\"123\", \"1x3\"]),\n)");
    assert_eq!((line, column), (2, 10));
    assert!(message.contains("`x` is not 0 to 3 fish"), "{message}");
    let (_, _, message) = error_of("Penguins(\n  board: Some([\"222\", \"333\"]),\n)");
    assert!(message.contains("no one-fish floe"), "{message}");
}

/// Values that parse but make a game that cannot progress are errors at their field.
#[test]
fn layouts_whose_games_cannot_progress_are_refused_at_their_field() {
    let patolli = std::fs::read_to_string(repo().join("levels/patolli.ron")).unwrap();
    let line_of = |text: &str, needle: &str| {
        text.lines()
            .position(|l| l.trim_start().starts_with(needle))
            .expect("the field is in the file")
            + 1
    };
    let beans0 = patolli.replace("dice: Uniform", "dice: Beans(0)");
    let (line, _, message) = error_of(&beans0);
    assert_eq!(line, line_of(&beans0, "dice:"));
    assert!(message.contains("Beans(0) always rolls 0"), "{message}");
    let (_, _, message) = error_of(&patolli.replace("dice: Uniform", "dice: Beans(40)"));
    assert!(message.contains("too many beans"), "{message}");
    let end_on_start = patolli.replace("L: (start: 23, end: 21)", "L: (start: 23, end: 53)");
    let (line, _, message) = error_of(&end_on_start);
    assert_eq!(line, line_of(&end_on_start, "players:"));
    assert!(message.contains("L could never score"), "{message}");
    let (line, _, message) =
        error_of("MagneticCave(\n  width: 1,\n  height: 5,\n  win_length: 5,\n)");
    assert_eq!(line, 4);
    assert!(message.contains("cannot be reached"), "{message}");
    let (line, _, message) = error_of("Penguins(\n  board: Some([\"12\", \"32\"]),\n)");
    assert_eq!(line, 2);
    assert!(message.contains("only 1 one-fish floe"), "{message}");
    // A match with more penguins than the fixed board has one-fish floes is refused at the
    // layout's board, before it starts.
    let dir = crate::support::temp_dir("layout-misfit");
    let small = dir.join("small.ron");
    std::fs::write(&small, "Penguins(\n  board: Some([\"1111\", \"1111\"]),\n)").unwrap();
    let out = crate::support::run_tablero(
        &[
            "console",
            "penguins",
            "--players",
            "human,human,human",
            "--penguins",
            "3",
            "--layout",
            small.to_str().unwrap(),
        ],
        "",
    );
    assert!(!out.status.success());
    let err = String::from_utf8_lossy(&out.stderr);
    assert!(
        err.contains(&format!("{}:2:", small.display())) && err.contains("too few for 9 penguins"),
        "{err}"
    );
    // Said once, not once more as its own cause.
    assert_eq!(err.matches("too few for 9 penguins").count(), 1, "{err}");
}

/// The boards built into the binary are the repository's `levels/`, file for file.
#[test]
fn the_built_in_boards_are_the_levels_folder() {
    let mut in_folder: Vec<String> = std::fs::read_dir(repo().join("levels"))
        .expect("levels/")
        .flatten()
        .map(|entry| entry.file_name().to_string_lossy().into_owned())
        .filter(|name| name.ends_with(".ron"))
        .collect();
    in_folder.sort();
    let built_in: Vec<&str> = tablero::levels::built_in_names().collect();
    assert_eq!(in_folder, built_in);
    for name in built_in {
        let text = std::fs::read_to_string(repo().join("levels").join(name)).expect("layout");
        assert_eq!(
            tablero::levels::built_in(name),
            Some(text.as_str()),
            "{name}"
        );
        let path = tablero::levels::built_in_path(name);
        assert!(tablero::layout::load(&path).is_ok(), "{name}");
    }
}

/// The levels folder is searched in order: `$TABLERO_LEVELS`, `./levels`, `levels/` beside
/// the executable, `levels/` in the user's data folder, then the built-in boards; `tablero
/// levels` and `--help` say which is used, and a designer's folder lacking a shipped board
/// lends the built-in one.
#[test]
fn the_levels_folder_is_searched_in_order_and_named() {
    let dir = temp_dir("levels-order");
    let (bin, home, work, data, named) = (
        dir.join("bin"),
        dir.join("home"),
        dir.join("work"),
        dir.join("data"),
        dir.join("named"),
    );
    for folder in [&bin, &home, &work, &named] {
        std::fs::create_dir_all(folder).expect("scratch folders");
    }
    // A hard link where the file system allows it: the debug program is large.
    if std::fs::hard_link(env!("CARGO_BIN_EXE_tablero"), bin.join("tablero")).is_err() {
        std::fs::copy(env!("CARGO_BIN_EXE_tablero"), bin.join("tablero")).expect("copy");
    }
    std::fs::copy(repo().join("levels/patolli.ron"), named.join("mine.ron")).expect("copy");
    let boards = |args: &[&str], levels: Option<&std::path::Path>| {
        let mut command = std::process::Command::new(bin.join("tablero"));
        command
            .args(args)
            .current_dir(&work)
            .env("HOME", &home)
            .env("XDG_DATA_HOME", &data)
            .env_remove("TABLERO_LEVELS");
        if let Some(levels) = levels {
            command.env("TABLERO_LEVELS", levels);
        }
        let output = command.output().expect("tablero runs");
        let text = String::from_utf8_lossy(&output.stdout).into_owned();
        (
            output.status.code(),
            text + &String::from_utf8_lossy(&output.stderr),
        )
    };
    let (code, out) = boards(&["levels"], None);
    assert_eq!(code, Some(0), "{out}");
    assert!(out.contains("Boards: the built-in boards"), "{out}");
    assert!(out.contains("<built-in>/patolli_52.ron"), "{out}");

    std::fs::create_dir_all(data.join("tablero/levels")).expect("data folder");
    let (_, out) = boards(&["levels"], None);
    assert!(out.contains("(the user's data folder)"), "{out}");

    std::fs::create_dir_all(bin.join("levels")).expect("beside");
    let (_, out) = boards(&["levels"], None);
    assert!(out.contains("(beside the program)"), "{out}");

    std::fs::create_dir_all(work.join("levels")).expect("working folder");
    let (_, out) = boards(&["--help"], None);
    assert!(
        out.contains("Boards: levels (in the working folder)"),
        "{out}"
    );

    let (_, out) = boards(&["levels"], Some(&named));
    assert!(out.contains("(from $TABLERO_LEVELS)"), "{out}");
    assert!(out.contains("mine.ron"), "{out}");
    assert!(out.contains("<built-in>/magnetic_cave.ron"), "{out}");
    // The folder lacks the cave's board: the console plays the built-in one.
    let (code, out) = boards(&["console", "magnetic-cave"], Some(&named));
    assert_eq!(code, Some(0), "{out}");
    assert!(out.contains("Magnetic Cave 8x8"), "{out}");

    let (code, out) = boards(&["levels"], Some(&dir.join("nothing")));
    assert_eq!(code, Some(2), "{out}");
    assert!(out.contains("TABLERO_LEVELS names"), "{out}");
}

/// A Patolli layout seats 2 to 4 players: the shipped cross for four seats L, N, G and M;
/// M without G, or a first player the board does not seat, is refused at its field; a
/// two-player file means what it meant.
#[test]
fn patolli_layouts_seat_two_to_four_players() {
    use tablero::rules::patolli::{Player, Track};
    let four = layout::load(&repo().join("levels/patolli_4.ron")).expect("the cross for four");
    let GameSetup::Patolli(setup) = four else {
        panic!("a Patolli layout");
    };
    assert_eq!(*setup.track, Track::cross_for_four(7));
    assert_eq!(setup.track.players(), &Player::ALL);
    let two = layout::load(&repo().join("levels/patolli.ron")).expect("the assignment's cross");
    let GameSetup::Patolli(two) = two else {
        panic!("a Patolli layout");
    };
    assert_eq!(two.track.players(), &Player::BOTH);
    let text = std::fs::read_to_string(repo().join("levels/patolli.ron")).unwrap();
    let without_g = text.replace(
        "N: (start: 53, end: 51),",
        "N: (start: 53, end: 51),\n        M: (start: 8, end: 6),",
    );
    let (line, _, message) = error_of(&without_g);
    assert!(message.contains("give player G too"), "{message}");
    assert_eq!(line, 28, "at `players`");
    let first_g = text.replace("first_player: L", "first_player: G");
    let (line, _, message) = error_of(&first_g);
    assert!(
        message.contains("first_player G is not seated on this board (its players: L, N)"),
        "{message}"
    );
    assert_eq!(line, 33, "at `first_player`");
}

/// The loader is the one judge of a layout: it finds every fault, each at its field, and the
/// editor shows exactly those; `validate` refuses with the first.
#[test]
fn every_fault_of_a_layout_is_reported_and_the_editor_shows_each() {
    use tablero::editor::Draft;
    let text = "#![enable(unwrap_variant_newtypes)]\nPatolli(\n  track: [(0, 0), (0, 1), (0, 3), (0, 3)],\n  middle: [9],\n  arm_ends: [],\n  players: (L: (start: 0, end: 0), N: (start: 0, end: 1)),\n  rules: (dice: Beans(0)),\n)\n";
    let parsed: tablero::layout::Layout = ron::from_str(text).expect("it parses");
    let faults = layout::faults(&parsed);
    let words: Vec<String> = faults.iter().map(ToString::to_string).collect();
    let fields: Vec<&str> = faults.iter().map(|f| f.field()).collect();
    for expected in ["dice", "track", "middle", "players"] {
        assert!(fields.contains(&expected), "{expected} in {words:#?}");
    }
    assert!(words.iter().any(|w| w.contains("repeats")), "{words:#?}");
    assert!(
        words
            .iter()
            .any(|w| w.contains("not orthogonally adjacent")),
        "{words:#?}"
    );
    assert!(
        words.iter().any(|w| w.contains("both start on square 0")),
        "{words:#?}"
    );
    assert!(
        words.iter().any(|w| w.contains("more squares than pieces")),
        "{words:#?}"
    );
    assert_eq!(layout::validate(&parsed).err().as_ref(), faults.first());
    // The editor cannot draw a square twice: it refuses the file at that fault.
    assert!(Draft::open("x.ron", text).is_err());
    // Without the repeated square it opens, and shows every fault the loader finds.
    let drawable = text
        .replace("(0, 3), (0, 3)", "(0, 3), (1, 3)")
        .replace("middle: [9]", "middle: [1]");
    let parsed: tablero::layout::Layout = ron::from_str(&drawable).expect("it parses");
    let draft = Draft::open("x.ron", &drawable).expect("the editor draws it");
    let shown: Vec<String> = draft
        .problems()
        .into_iter()
        .map(|p| p.fault.to_string())
        .collect();
    let found: Vec<String> = layout::faults(&parsed)
        .iter()
        .map(ToString::to_string)
        .collect();
    assert!(found.len() >= 5, "{found:#?}");
    let mut unique = found.clone();
    unique.dedup();
    assert_eq!(shown, unique);
}

/// The fixed board's faults are all found: every ragged row and every field that is no fish.
#[test]
fn every_ragged_row_and_stray_field_of_a_painted_board_is_reported() {
    let rows: Vec<String> = ["1111", "11x", "1y11", "111"].map(String::from).to_vec();
    let faults = layout::painted_board_faults(&rows);
    let words: Vec<String> = faults.iter().map(ToString::to_string).collect();
    assert_eq!(words.len(), 4, "{words:#?}");
    assert!(words[0].starts_with("row 1 has 3 fields"), "{words:#?}");
}
