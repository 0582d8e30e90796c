//! The real window under Xvfb with Mesa's software Vulkan driver: the app starts, a click
//! through xdotool places a brick, and the screenshot shows the board with that brick.
//!
//! Skipped (with a note) when Xvfb or xdotool is missing, unless
//! `TABLERO_REQUIRE_WINDOW_TEST` is set, as `scripts/test` (and so CI) does.

use std::path::Path;
use std::process::Command;

use tablero::app::magnetic_cave::board::cell_window_position;
use tablero::rules::magnetic_cave::{Cell, Config};

use crate::support::{repo, temp_dir};

fn available(tool: &str) -> bool {
    Command::new("sh")
        .args(["-c", &format!("command -v {tool}")])
        .output()
        .is_ok_and(|o| o.status.success())
}

fn window_tools_present() -> bool {
    let present = available("xvfb-run") && available("xdotool");
    if !present {
        assert!(
            std::env::var_os("TABLERO_REQUIRE_WINDOW_TEST").is_none(),
            "the window test must run here, but xvfb-run or xdotool is missing"
        );
        eprintln!("skipping the window test: install xvfb and xdotool (scripts/test does)");
    }
    present
}

/// The colour of the pixel at window position (`x`, `y`).
fn pixel(image: &image::RgbImage, x: f32, y: f32) -> [u8; 3] {
    image.get_pixel(x as u32, y as u32).0
}

fn brightness(rgb: [u8; 3]) -> u32 {
    rgb.iter().map(|&v| u32::from(v)).sum::<u32>() / 3
}

#[test]
fn a_click_in_the_real_window_places_a_brick_and_the_screenshot_shows_it() {
    if !window_tools_present() {
        return;
    }
    let dir = temp_dir("window");
    let shot = dir.join("cave.png");
    let a1 = cell_window_position(Config::STANDARD, Cell::new(0, 0));
    let script = format!(
        r#"
        "$TABLERO" play magnetic-cave --screenshot "$SHOT" --screenshot-after-moves 1 > "$OUT" 2> "$ERR" &
        app=$!
        wid=""
        for _ in $(seq 1 600); do
            wid=$(xdotool search --name '^Tablero$' 2>/dev/null | head -n 1)
            [ -n "$wid" ] && break
            kill -0 $app 2>/dev/null || break
            sleep 0.1
        done
        if [ -z "$wid" ]; then echo "no window appeared" >&2; kill $app 2>/dev/null; wait $app; exit 3; fi
        # Click A1 until the app has taken its screenshot and exited.
        for _ in $(seq 1 240); do
            kill -0 $app 2>/dev/null || break
            xdotool mousemove --window "$wid" {x} {y} click 1 2>/dev/null
            sleep 0.5
        done
        wait $app
        "#,
        x = a1.x.round(),
        y = a1.y.round(),
    );
    let out = dir.join("stdout.txt");
    let err = dir.join("stderr.txt");
    let status = Command::new("xvfb-run")
        .args(["-a", "-s", "-screen 0 1280x800x24", "sh", "-c", &script])
        .current_dir(repo())
        .env("TABLERO", env!("CARGO_BIN_EXE_tablero"))
        .env("SHOT", &shot)
        .env("OUT", &out)
        .env("ERR", &err)
        .status()
        .expect("xvfb-run starts");
    let stdout = std::fs::read_to_string(&out).unwrap_or_default();
    let stderr = std::fs::read_to_string(&err).unwrap_or_default();
    assert!(
        status.success(),
        "window run failed: {status}\n{stdout}\n{stderr}"
    );
    assert!(shot.exists(), "no screenshot\n{stderr}");

    // The status line printed at exit says the click was a move on A1.
    let line = stdout
        .lines()
        .rev()
        .find(|l| l.starts_with('{'))
        .unwrap_or("");
    let status: serde_json::Value = serde_json::from_str(line).expect("status line");
    assert_eq!(status["moves"][0], "A1", "{stdout}");

    check_picture(&shot, a1);
    // Keep a copy for people to look at.
    let _ = std::fs::copy(&shot, std::env::temp_dir().join("tablero-window-test.png"));
}

fn check_picture(path: &Path, a1: bevy::math::Vec2) {
    let image = image::open(path)
        .expect("the screenshot is a PNG")
        .to_rgb8();
    assert_eq!((image.width(), image.height()), (1280, 720));
    // Not a blank frame: many distinct colours.
    let mut colours: Vec<[u8; 3]> = image.pixels().step_by(7).map(|p| p.0).collect();
    colours.sort_unstable();
    colours.dedup();
    assert!(
        colours.len() > 50,
        "only {} colours: a blank frame?",
        colours.len()
    );
    // A1 holds ■ (dark fill); B1, where □ may now play, is highlighted green; an ordinary
    // cell (D4) is neither.
    let b1 = cell_window_position(Config::STANDARD, Cell::new(1, 0));
    let d4 = cell_window_position(Config::STANDARD, Cell::new(3, 3));
    let brick = pixel(&image, a1.x, a1.y);
    let legal = pixel(&image, b1.x, b1.y);
    let plain = pixel(&image, d4.x, d4.y);
    assert!(brightness(brick) < 40, "A1 is not a dark brick: {brick:?}");
    assert!(
        legal[1] > legal[0] + 20 && legal[1] > legal[2] + 10,
        "B1 is not highlighted: {legal:?}"
    );
    assert!(
        brightness(plain) > 50 && plain[1] < plain[0] + 10,
        "D4 is not a plain cell: {plain:?}"
    );
}
