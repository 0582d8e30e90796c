//! Layout files: valid ones load; broken ones point at the line and column; `check-layout`.

use tablero::layout::{self, GameSetup};
use tablero::rules::magnetic_cave::Config;

use crate::support::{repo, run_tablero, temp_dir};

fn error_of(source: &str) -> (usize, usize, String) {
    let e = layout::parse("test.ron", source.as_bytes()).expect_err("the layout is broken");
    assert_eq!(e.file, "test.ron");
    (e.line, e.column, e.message)
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
