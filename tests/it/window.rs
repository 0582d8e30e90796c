//! The real window under Xvfb with Mesa's software Vulkan driver: the app starts, a click
//! through xdotool places a brick, and the screenshot shows the board with that brick.
//!
//! Skipped (with a note) when Xvfb or xdotool is missing, unless
//! `TABLERO_REQUIRE_WINDOW_TEST` is set, as `scripts/test` (and so CI) does.

use std::path::Path;
use std::process::{Command, ExitStatus, Stdio};

use tablero::app::magnetic_cave::board::cell_window_position;
use tablero::app::patolli::board::Geometry;
use tablero::app::{theme, window_position};
use tablero::rules::magnetic_cave::{Cell, Config};
use tablero::rules::patolli::{Player, Track};

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

/// Whether `rgb` is `color` (of the standard palette), each channel within `tolerance`.
fn near(rgb: [u8; 3], color: bevy::color::Color, tolerance: u8) -> bool {
    let c = color.to_srgba();
    let want = [c.red, c.green, c.blue].map(|v| (v * 255.0).round() as i32);
    rgb.iter()
        .zip(want)
        .all(|(&got, want)| (i32::from(got) - want).abs() <= i32::from(tolerance))
}

/// Whether some pixel within `reach` pixels of (`x`, `y`) is `color`: a piece's ring of its
/// player's colour round its dark middle.
fn color_around(
    image: &image::RgbImage,
    x: f32,
    y: f32,
    reach: i32,
    color: bevy::color::Color,
) -> bool {
    (-reach..=reach).any(|dx| {
        (-reach..=reach).any(|dy| {
            let (px, py) = (x as i32 + dx, y as i32 + dy);
            px >= 0
                && py >= 0
                && (px as u32) < image.width()
                && (py as u32) < image.height()
                && near(image.get_pixel(px as u32, py as u32).0, color, 24)
        })
    })
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
    // Click A1 until the app has taken its screenshot and exited.
    let clicks = format!(
        "xdotool mousemove --window \"$wid\" {} {} click 1 2>/dev/null; sleep 0.5;",
        a1.x.round(),
        a1.y.round()
    );
    let app = r#""$TABLERO" play magnetic-cave --screenshot "$SHOT" --screenshot-after-moves 1"#;
    let stdout = run_window_script(&dir, &window_script(app, &clicks), &shot);
    // The status line printed at exit says the click was a move on A1.
    assert_eq!(last_status(&stdout)["moves"][0], "A1", "{stdout}");

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

/// Shell lines that wait (up to a minute) for the app started last (`$!`) to open its window,
/// leaving its process in `$app` and the window in `$wid`, or exit 3.
const WAIT_FOR_WINDOW: &str = r#"
        app=$!
        wid=""
        for _ in $(seq 1 600); do
            wid=$(xdotool search --pid $app --name '^Tablero' 2>/dev/null | head -n 1)
            [ -n "$wid" ] && break
            kill -0 $app 2>/dev/null || break
            sleep 0.1
        done
        if [ -z "$wid" ]; then echo "no window appeared" >&2; kill $app 2>/dev/null; wait $app; exit 3; fi
"#;

/// Waits for the window, then runs `clicks` (shell lines using `$wid`) again and again until
/// the app has taken its screenshot and exited.
fn window_script(app: &str, clicks: &str) -> String {
    format!(
        r#"
        {app} > "$OUT" 2> "$ERR" &
        {WAIT_FOR_WINDOW}
        # Let the first frames settle (pipelines, hover) before the first click.
        sleep 1
        for _ in $(seq 1 60); do
            kill -0 $app 2>/dev/null || break
            {clicks}
        done
        # A lost click can leave a match where the clicks never finish it: fail, never hang.
        if kill -0 $app 2>/dev/null; then
            echo "the app was still waiting after all the clicks" >&2
            kill $app; wait $app; exit 4
        fi
        wait $app
        "#
    )
}

/// One real window at a time: several software-rendered windows starting together on two
/// cores were slow enough to lose a first click.
static ONE_WINDOW: std::sync::Mutex<()> = std::sync::Mutex::new(());

fn one_window() -> std::sync::MutexGuard<'static, ()> {
    ONE_WINDOW
        .lock()
        .unwrap_or_else(std::sync::PoisonError::into_inner)
}

/// Calls `run` up to three times, while `lost_race` says (with a reason) that the virtual
/// display lost a start-up race, which is no failure of the app; returns the last result.
fn within_three_tries<T>(
    mut run: impl FnMut() -> T,
    lost_race: impl Fn(&T) -> Option<String>,
) -> T {
    let mut attempt = 1;
    loop {
        let result = run();
        match lost_race(&result) {
            Some(why) if attempt < 3 => {
                eprintln!("{why} (attempt {attempt}); trying again");
                attempt += 1;
                std::thread::sleep(std::time::Duration::from_secs(1));
            }
            _ => return result,
        }
    }
}

/// Runs `script` under `xvfb-run -a` (a 1920x1080 screen, where the window opens at its
/// designed 1280x720) with the app in `$TABLERO` and `envs`, and returns its
/// exit status. A run whose X display never came up (the app reports `XOpenDisplayFailed` in
/// `$ERR`, or xvfb-run that Xvfb failed to start) is tried again ([`within_three_tries`]).
fn xvfb_run(script: &str, envs: &[(&str, &std::ffi::OsStr)], err: &Path) -> ExitStatus {
    xvfb_run_on("1920x1080", script, envs, err)
}

/// [`xvfb_run`] on a virtual screen of `screen` pixels (`WIDTHxHEIGHT`).
fn xvfb_run_on(
    screen: &str,
    script: &str,
    envs: &[(&str, &std::ffi::OsStr)],
    err: &Path,
) -> ExitStatus {
    let server = format!("-screen 0 {screen}x24");
    let run = || {
        let _ = std::fs::remove_file(err);
        let output = Command::new("xvfb-run")
            .args(["-a", "-s", &server, "sh", "-c", script])
            .current_dir(repo())
            .env("TABLERO", env!("CARGO_BIN_EXE_tablero"))
            .env("ERR", err)
            .envs(envs.iter().copied())
            .stdin(Stdio::null())
            .output()
            .expect("xvfb-run starts");
        let runner = String::from_utf8_lossy(&output.stderr);
        eprint!("{runner}");
        let app = std::fs::read_to_string(err).unwrap_or_default();
        let no_display =
            app.contains("XOpenDisplayFailed") || runner.contains("Xvfb failed to start");
        (output.status, no_display)
    };
    let lost_race = |&(status, no_display): &(ExitStatus, bool)| {
        (!status.success() && no_display).then(|| "the virtual display did not come up".to_string())
    };
    within_three_tries(run, lost_race).0
}

/// Runs `script` under Xvfb, its output kept in the test's scratch `dir`; returns stdout
/// after checking that it succeeded.
fn run_window_script(dir: &Path, script: &str, shot: &Path) -> String {
    let _window = one_window();
    let out = dir.join("stdout.txt");
    let err = dir.join("stderr.txt");
    let status = xvfb_run(
        script,
        &[("SHOT", shot.as_os_str()), ("OUT", out.as_os_str())],
        &err,
    );
    let stdout = std::fs::read_to_string(&out).unwrap_or_default();
    let stderr = std::fs::read_to_string(&err).unwrap_or_default();
    assert!(
        status.success(),
        "window run failed: {status}\n{stdout}\n{stderr}"
    );
    assert!(shot.exists(), "no screenshot\n{stderr}");
    stdout
}

/// The script that clicks at window position `p`: picking sends a click to what was under
/// the pointer in the frames before, so the pointer rests on the spot before the click.
fn click_at(p: bevy::math::Vec2) -> String {
    format!(
        "xdotool mousemove --window \"$wid\" {} {} 2>/dev/null; sleep 0.3; \
         xdotool click 1 2>/dev/null; sleep 0.5;",
        p.x.round(),
        p.y.round()
    )
}

fn last_status(stdout: &str) -> serde_json::Value {
    let line = stdout
        .lines()
        .rev()
        .find(|l| l.starts_with('{'))
        .unwrap_or("");
    serde_json::from_str(line).expect("status line")
}

#[test]
fn patolli_in_the_real_window_places_from_the_pool_and_moves_a_piece_by_two_clicks() {
    if !window_tools_present() {
        return;
    }
    let dir = temp_dir("window-patolli");
    let shot = dir.join("patolli.png");
    let track = Track::cross(7);
    let geometry = Geometry::of(&track);
    // An empty part of each card (below the scored rows), and L's start square 23.
    let l_card =
        window_position(geometry.card_center(Player::L) + bevy::math::Vec2::new(0.0, -118.0));
    let n_card =
        window_position(geometry.card_center(Player::N) + bevy::math::Vec2::new(0.0, -118.0));
    let start = window_position(geometry.square_position(&track, 23));
    // Picking sends a click to what was under the pointer in the frames before, so the pointer
    // rests on the spot before each click.
    let click = click_at;
    // L places A (roll 3, its opening), N places 1 (roll 2), L moves A by 4: one click shows
    // the target, the second moves. Clicks that come at the wrong time are refused and
    // change nothing, so the round repeats until three actions stand.
    let clicks = [click(l_card), click(n_card), click(start), click(start)].join(" ");
    let app = r#""$TABLERO" play patolli --l human --n human --dice 3,2,4,1 --seed 9 --screenshot "$SHOT" --screenshot-after-moves 3"#;
    let stdout = run_window_script(&dir, &window_script(app, &clicks), &shot);
    let status = last_status(&stdout);
    assert_eq!(status["pieces"]["A"], 27, "{stdout}");
    assert_eq!(status["pieces"]["1"], 53, "{stdout}");
    assert_eq!(status["pieces"]["B"], "pool", "{stdout}");

    let image = image::open(&shot)
        .expect("the screenshot is a PNG")
        .to_rgb8();
    assert_eq!((image.width(), image.height()), (1280, 720));
    // A middle square is gold, an arm end red, and piece A (L's colour) stands on square 27
    // (sampled off its label), after walking there.
    let middle = window_position(geometry.square_position(&track, 7));
    let arm_end = window_position(geometry.square_position(&track, 0));
    let a = window_position(geometry.square_position(&track, 27));
    let gold = pixel(&image, middle.x + 8.0, middle.y + 8.0);
    let red = pixel(&image, arm_end.x, arm_end.y);
    assert!(near(gold, theme::MIDDLE_SQUARE, 24), "middle: {gold:?}");
    assert!(near(red, theme::ARM_END, 24), "arm end: {red:?}");
    assert!(
        color_around(&image, a.x, a.y, 14, theme::PLAYER_L),
        "piece A is not on square 27"
    );
    let _ = std::fs::copy(
        &shot,
        std::env::temp_dir().join("tablero-window-patolli.png"),
    );
}

#[test]
fn penguins_in_the_real_window_places_by_clicks_and_slides_a_chosen_penguin() {
    if !window_tools_present() {
        return;
    }
    let dir = temp_dir("window-penguins");
    let shot = dir.join("penguins.png");
    // Seed 7's 8x8 board: A places at x 1 y 0, B at x 4 y 0 (one-fish floes), then A chooses
    // its penguin and slides it down to x 1 y 1 (one fish). Clicks at the wrong time are
    // refused or ignored, so the round repeats until three moves stand.
    let field = |col: u16, row: u16| {
        click_at(square_8x8_field(tablero::rules::penguins::Pos::new(
            row, col,
        )))
    };
    let clicks = [field(1, 0), field(4, 0), field(1, 0), field(1, 1)].join(" ");
    let app = r#""$TABLERO" play penguins --players human,human --penguins 1 --seed 7 --screenshot "$SHOT" --screenshot-after-moves 3"#;
    let stdout = run_window_script(&dir, &window_script(app, &clicks), &shot);
    let status = last_status(&stdout);
    assert_eq!(status["phase"], "movement", "{stdout}");
    assert_eq!(status["scores"], serde_json::json!([2, 1]), "{stdout}");

    let image = image::open(&shot)
        .expect("the screenshot is a PNG")
        .to_rgb8();
    // The floe A left (x 1 y 0) sank to water (seen off its centre, where the last move's
    // trail starts); A (red) stands on x 1 y 1; x 0 y 0 is water.
    let left = square_8x8_field(tablero::rules::penguins::Pos::new(0, 1));
    let now = square_8x8_field(tablero::rules::penguins::Pos::new(1, 1));
    let sunk = pixel(&image, left.x - 20.0, left.y - 20.0);
    assert!(
        near(sunk, theme::WATER, 24),
        "x 1 y 0 is not water: {sunk:?}"
    );
    assert!(
        color_around(&image, now.x, now.y, 18, theme::PLAYER_L),
        "A is not on x 1 y 1"
    );
    let _ = std::fs::copy(
        &shot,
        std::env::temp_dir().join("tablero-window-penguins.png"),
    );
}

/// Patolli for four in the real window: four AIs play on the cross for four; the status has
/// four scores, and the four compact cards stand beside the board, two above the dice and two
/// below (the screenshot is kept for people to look at).
#[test]
fn patolli_for_four_shows_four_cards_beside_the_cross() {
    if !window_tools_present() {
        return;
    }
    let dir = temp_dir("window-patolli-4");
    let shot = dir.join("patolli-4.png");
    let script = r#""$TABLERO" play patolli --layout levels/patolli_4.ron --players ai,ai,ai,ai --budget 0.05 --seed 21 --screenshot "$SHOT" --screenshot-after-moves 30 > "$OUT""#;
    let stdout = run_window_script(&dir, script, &shot);
    let status = last_status(&stdout);
    assert_eq!(
        status["score"].as_object().map(|s| s.len()),
        Some(4),
        "{stdout}"
    );
    let image = image::open(&shot)
        .expect("the screenshot is a PNG")
        .to_rgb8();
    let geometry = Geometry::of(&Track::cross_for_four(7));
    for player in Player::ALL {
        let center = geometry.card_center(player);
        let inside = pixel(
            &image,
            window_position(center + bevy::math::Vec2::new(-96.0, -52.0)).x,
            window_position(center + bevy::math::Vec2::new(-96.0, -52.0)).y,
        );
        let outside = window_position(center + bevy::math::Vec2::new(108.0, 0.0));
        let outside = pixel(&image, outside.x, outside.y);
        assert_ne!(inside, outside, "{player}'s card is not drawn");
    }
    let _ = std::fs::copy(
        &shot,
        std::env::temp_dir().join("tablero-window-patolli-4.png"),
    );
}

/// Hexagonal floes in the real window: a fixed 5x5 hex board; A and B place by clicks on
/// hexagons, then A chooses its penguin and slides it up and to the right along a slanted
/// line, two floes away. The screenshot shows the hexagons (kept for people to look at).
#[test]
fn penguins_on_hex_floes_take_clicks_along_the_slanted_lines() {
    use tablero::app::penguins::referee::PenguinsBoard;
    use tablero::rules::penguins::{Grid, Pos};
    if !window_tools_present() {
        return;
    }
    let dir = temp_dir("window-penguins-hex");
    let shot = dir.join("penguins-hex.png");
    let layout = dir.join("hex.ron");
    std::fs::write(
        &layout,
        "Penguins(grid: Hex, board: Some([\"11111\", \"12321\", \"11111\", \"13231\", \"11111\"]))",
    )
    .expect("the layout is written");
    let board = PenguinsBoard {
        rows: 5,
        cols: 5,
        grid: Grid::Hex,
    };
    let field = |col: u16, row: u16| click_at(board.window_position(Pos::new(row, col)));
    // x 2 y 2 up-right: x 2 y 1 (odd row, set right), then x 3 y 0.
    let clicks = [field(2, 2), field(4, 4), field(2, 2), field(3, 0)].join(" ");
    let app = format!(
        r#""$TABLERO" play penguins --players human,human --penguins 1 --layout "{}" --screenshot "$SHOT" --screenshot-after-moves 3"#,
        layout.display()
    );
    let stdout = run_window_script(&dir, &window_script(&app, &clicks), &shot);
    let status = last_status(&stdout);
    assert_eq!(status["phase"], "movement", "{stdout}");
    assert_eq!(status["scores"], serde_json::json!([2, 1]), "{stdout}");
    let image = image::open(&shot)
        .expect("the screenshot is a PNG")
        .to_rgb8();
    let now = board.window_position(Pos::new(0, 3));
    assert!(
        color_around(&image, now.x, now.y, 18, theme::PLAYER_L),
        "A is not on x 3 y 0"
    );
    // Below two floes of the last row lies water where square fields would touch: the
    // hexagons' slanted sides leave a notch there.
    let (a, b) = (
        board.window_position(Pos::new(4, 0)),
        board.window_position(Pos::new(4, 1)),
    );
    let size = board.field_size();
    let gap = pixel(&image, (a.x + b.x) / 2.0, a.y + size * 0.5);
    assert!(gap[2] > gap[0] + 40, "no water between hexagons: {gap:?}");
    let _ = std::fs::copy(
        &shot,
        std::env::temp_dir().join("tablero-window-penguins-hex.png"),
    );
}

/// An idle window rests: a hot-seat cave waiting for a click uses almost no CPU (measured at
/// 0.2 % of a core here, against 170 % when it redraws continuously; `scripts/idle-cpu`). The
/// bound is generous; what it catches is a window that never stops drawing.
#[test]
fn an_idle_window_rests() {
    if !window_tools_present() {
        return;
    }
    let script = r#"
        xvfb-run -a -s "-screen 0 1920x1080x24" "$TABLERO" play magnetic-cave > /dev/null 2>&1 &
        runner=$!
        pid=""
        for _ in $(seq 100); do
            # Our own app: the child of our xvfb-run (other tests run the same command).
            pid=$(pgrep -P "$runner" -f "^$TABLERO play magnetic-cave" || true)
            [ -n "$pid" ] && break
            sleep 0.1
        done
        [ -n "$pid" ] || { echo "no window process"; exit 1; }
        sleep 6
        before=$(awk '{ print $14 + $15 }' /proc/$pid/stat)
        sleep 4
        after=$(awk '{ print $14 + $15 }' /proc/$pid/stat)
        kill "$pid"; wait "$runner" 2> /dev/null
        echo "$before $after $(getconf CLK_TCK)"
    "#;
    let _window = one_window();
    // A run without a measurement (the window never came up, as when the virtual display
    // loses a start-up race) is tried again.
    let run = || {
        let output = Command::new("bash")
            .args(["-c", script])
            .env("TABLERO", env!("CARGO_BIN_EXE_tablero"))
            .env_remove("TABLERO_CONTINUOUS")
            .current_dir(repo())
            .output()
            .expect("bash runs");
        String::from_utf8_lossy(&output.stdout).into_owned()
    };
    let numbers = |stdout: &str| -> Vec<f64> {
        stdout
            .split_whitespace()
            .filter_map(|n| n.parse().ok())
            .collect()
    };
    let stdout = within_three_tries(run, |stdout| {
        (numbers(stdout).len() != 3).then(|| format!("no measurement: {}", stdout.trim()))
    });
    let [before, after, ticks] = numbers(&stdout)[..] else {
        panic!("no measurement: {stdout}");
    };
    let share = (after - before) / ticks / 4.0;
    eprintln!("idle window: {:.1} % of a core", 100.0 * share);
    assert!(
        share < 0.25,
        "an idle window used {:.0} % of a core",
        100.0 * share
    );
}

/// Reads an X window dump (`xwd`, 24 or 32 bits a pixel, ZPixmap) as an RGB image.
fn read_xwd(path: &Path) -> image::RgbImage {
    let bytes = std::fs::read(path).expect("the window dump exists");
    let field = |i: usize| {
        let at = i * 4;
        u32::from_be_bytes([bytes[at], bytes[at + 1], bytes[at + 2], bytes[at + 3]])
    };
    let (header, width, height) = (field(0) as usize, field(4), field(5));
    let (byte_order, bits_per_pixel, bytes_per_line) = (field(7), field(11), field(12) as usize);
    let masks = [field(14), field(15), field(16)];
    let colours = field(19) as usize;
    assert!(
        bits_per_pixel == 32 || bits_per_pixel == 24,
        "{bits_per_pixel} bits a pixel"
    );
    let data = &bytes[header + colours * 12..];
    let step = bits_per_pixel as usize / 8;
    image::RgbImage::from_fn(width, height, |x, y| {
        let at = y as usize * bytes_per_line + x as usize * step;
        let mut raw = [0u8; 4];
        raw[..step].copy_from_slice(&data[at..at + step]);
        let pixel = if byte_order == 0 {
            u32::from_le_bytes(raw)
        } else {
            u32::from_be_bytes(raw) >> (32 - bits_per_pixel)
        };
        image::Rgb(masks.map(|mask| ((pixel & mask) >> mask.trailing_zeros()) as u8))
    })
}

#[test]
fn a_record_replays_in_the_real_window_back_and_forth() {
    if !window_tools_present() {
        return;
    }
    assert!(
        available("xwd"),
        "xwd is missing (Debian's x11-apps; scripts/test installs it)"
    );
    let dir = temp_dir("window-replay");
    let record = dir.join("cave.ron");
    std::fs::write(
        &record,
        "Record(game: MagneticCave, layout: MagneticCave(width: 8, height: 8, win_length: 5), \
         seats: [Human, Human], budget: 3.0, \
         moves: [Act(\"A1\", 0), Act(\"H1\", 0), Act(\"B1\", 0), Act(\"G1\", 0)])",
    )
    .unwrap();
    // The record opens at its end; each key is followed by a dump of the window.
    let script = format!(
        r#"
        "$TABLERO" replay "$RECORD" > "$OUT" 2> "$ERR" &
        {WAIT_FOR_WINDOW}
        sleep 2
        dump() {{ xwd -id "$wid" -out "$DIR/$1.xwd"; }}
        key() {{
            timeout 5 xdotool windowfocus --sync "$wid" 2>/dev/null
            xdotool key "$1"
            sleep 1
        }}
        dump end
        key Left; dump back1
        key Left; dump back2
        key Right; dump forward
        key Home; dump start
        key End; dump end-again
        cp "$DIR/end-again.xwd" "$SHOT"
        kill $app; wait $app
        exit 0
        "#
    );
    let _window = one_window();
    let out = dir.join("stdout.txt");
    let err = dir.join("stderr.txt");
    let shot = dir.join("shot.xwd");
    let status = xvfb_run(
        &script,
        &[
            ("RECORD", record.as_os_str()),
            ("DIR", dir.as_os_str()),
            ("SHOT", shot.as_os_str()),
            ("OUT", out.as_os_str()),
        ],
        &err,
    );
    let stderr = std::fs::read_to_string(&err).unwrap_or_default();
    assert!(status.success(), "replay run failed: {status}\n{stderr}");

    let cell = |name: &str| {
        let cell = Cell::parse(name).expect("test cell");
        cell_window_position(Config::STANDARD, cell)
    };
    let dark = |image: &image::RgbImage, name: &str| {
        let at = cell(name);
        brightness(pixel(image, at.x, at.y)) < 40
    };
    let light = |image: &image::RgbImage, name: &str| {
        let at = cell(name);
        brightness(pixel(image, at.x, at.y)) > 200
    };
    let end = read_xwd(&dir.join("end.xwd"));
    let back1 = read_xwd(&dir.join("back1.xwd"));
    let back2 = read_xwd(&dir.join("back2.xwd"));
    let forward = read_xwd(&dir.join("forward.xwd"));
    let start = read_xwd(&dir.join("start.xwd"));
    let end_again = read_xwd(&dir.join("end-again.xwd"));
    assert_eq!((end.width(), end.height()), (1280, 720));
    assert!(dark(&end, "A1") && dark(&end, "B1") && light(&end, "G1") && light(&end, "H1"));
    // One step back takes G1 away; two take B1 too; forward brings B1 back.
    assert!(!light(&back1, "G1") && dark(&back1, "B1"), "back one step");
    assert!(!dark(&back2, "B1") && dark(&back2, "A1"), "back two steps");
    assert!(
        dark(&forward, "B1") && !light(&forward, "G1"),
        "forward one step"
    );
    // The start is the empty cave; the end is as it was, pixel for pixel on the board.
    assert!(!dark(&start, "A1") && !light(&start, "H1"), "the start");
    for name in ["A1", "B1", "G1", "H1", "D4"] {
        let at = cell(name);
        assert_eq!(
            pixel(&end, at.x, at.y),
            pixel(&end_again, at.x, at.y),
            "{name} differs at the end"
        );
    }
}

/// With a display but no graphics adapter the window command says what is missing, and that
/// the console works without one, and exits with 3 without a backtrace. `WGPU_BACKEND=dx12`
/// asks the graphics library for a backend Linux does not have, so no adapter is found.
#[test]
fn without_a_graphics_adapter_the_window_command_says_so_and_exits_3() {
    if !window_tools_present() {
        return;
    }
    let _window = one_window();
    let dir = temp_dir("window-no-gpu");
    let err = dir.join("stderr.txt");
    let status = xvfb_run(
        r#"WGPU_BACKEND=dx12 "$TABLERO" play magnetic-cave 2>"$ERR"; test $? -eq 3"#,
        &[],
        &err,
    );
    let stderr = std::fs::read_to_string(&err).unwrap_or_default();
    assert!(status.success(), "exit code was not 3\n{stderr}");
    assert!(stderr.contains("the window cannot open"), "{stderr}");
    assert!(stderr.contains("GPU"), "{stderr}");
    assert!(stderr.contains("tablero console"), "{stderr}");
    assert!(!stderr.contains("panicked"), "{stderr}");
}

/// An installed `tablero` plays from any folder once the checkout is gone: a copy of the
/// binary in an empty folder, with an empty home, the checkout hidden under an empty
/// file system (`unshare -m`, where the machine allows it), plays each game in the console
/// and in the window (a screenshot), and exports its built-in boards, which `check-layout`
/// accepts.
#[test]
fn an_installed_binary_plays_every_game_without_the_checkout() {
    if !window_tools_present() {
        return;
    }
    let _window = one_window();
    let dir = temp_dir("window-installed");
    let (bin, home, work) = (dir.join("bin"), dir.join("home"), dir.join("work"));
    for folder in [&bin, &home, &work] {
        std::fs::create_dir_all(folder).expect("scratch folders");
    }
    std::fs::copy(env!("CARGO_BIN_EXE_tablero"), bin.join("tablero")).expect("copy the binary");
    let hide = Command::new("unshare")
        .args(["-m", "sh", "-c", "mount -t tmpfs none \"$0\"", "/mnt"])
        .status()
        .is_ok_and(|s| s.success());
    if !hide {
        eprintln!("cannot hide the checkout here (unshare -m); it stays visible to the copy");
    }
    let plays = r#"
        set -e
        unset TABLERO_LEVELS TABLERO_CONFIG_DIR XDG_DATA_HOME XDG_CONFIG_HOME
        cd "$WORK"
        for game in magnetic-cave patolli penguins; do
            "$BIN/tablero" console "$game" < /dev/null > "console-$game.txt"
        done
        "$BIN/tablero" play magnetic-cave --black ai --white ai --level easy --budget 0.1 \
            --screenshot cave.png --screenshot-after-moves 2
        "$BIN/tablero" play patolli --l ai --n ai --level easy --budget 0.1 \
            --screenshot patolli.png --screenshot-after-moves 2
        "$BIN/tablero" play penguins --players ai,ai --level easy --budget 0.1 \
            --screenshot penguins.png --screenshot-after-moves 2
        "$BIN/tablero" levels > levels.txt
        "$BIN/tablero" levels export exported > /dev/null
        "$BIN/tablero" check-layout exported/*.ron > check.txt
    "#;
    let script = if hide {
        format!(
            "unshare -m sh -c 'mount -t tmpfs none \"$REPO\" && {}' 2>>\"$ERR\"",
            plays.replace('\'', "'\\''")
        )
    } else {
        format!("{{ {plays} }} 2>>\"$ERR\"")
    };
    let err = dir.join("stderr.txt");
    let status = xvfb_run(
        &script,
        &[
            ("BIN", bin.as_os_str()),
            ("HOME", home.as_os_str()),
            ("WORK", work.as_os_str()),
            ("REPO", repo().as_os_str()),
        ],
        &err,
    );
    let stderr = std::fs::read_to_string(&err).unwrap_or_default();
    assert!(status.success(), "the installed copy failed\n{stderr}");
    for game in ["magnetic-cave", "patolli", "penguins"] {
        let console =
            std::fs::read_to_string(work.join(format!("console-{game}.txt"))).unwrap_or_default();
        assert!(console.contains("human"), "{game}: {console}");
    }
    for shot in ["cave.png", "patolli.png", "penguins.png"] {
        assert!(work.join(shot).exists(), "no {shot}\n{stderr}");
    }
    let levels = std::fs::read_to_string(work.join("levels.txt")).unwrap_or_default();
    assert!(levels.contains("the built-in boards"), "{levels}");
    let check = std::fs::read_to_string(work.join("check.txt")).unwrap_or_default();
    // Every shipped board is built in.
    let shipped = std::fs::read_dir(crate::support::repo().join("levels"))
        .expect("the levels folder")
        .filter(|entry| {
            entry
                .as_ref()
                .is_ok_and(|e| e.path().extension().is_some_and(|x| x == "ron"))
        })
        .count();
    assert_eq!(check.matches(": ok").count(), shipped, "{check}");
}

/// The window has Tablero's icon, and its title names the game and who is to move, then the
/// result: found by the app's process ID, its title read while the match plays and at its end.
#[test]
fn the_window_has_an_icon_and_a_title_naming_the_game_and_its_state() {
    if !window_tools_present() {
        return;
    }
    let _window = one_window();
    let dir = temp_dir("window-title");
    let out = dir.join("titles.txt");
    let err = dir.join("stderr.txt");
    let script = format!(
        r#"
        "$TABLERO" play magnetic-cave --moves A1,H1,A2,H2 > /dev/null 2> "$ERR" &
        {WAIT_FOR_WINDOW}
        sleep 2
        xdotool getwindowname "$wid" > "$OUT"
        xprop -id "$wid" _NET_WM_ICON | head -n 1 >> "$OUT"
        kill $app; wait $app 2> /dev/null
        "$TABLERO" play magnetic-cave --moves A1,H1,A2,H2,A3,H3,A4,H4,A5 > /dev/null 2>> "$ERR" &
        {WAIT_FOR_WINDOW}
        sleep 2
        xdotool getwindowname "$wid" >> "$OUT"
        kill $app; wait $app 2> /dev/null
        true
        "#
    );
    let status = xvfb_run(&script, &[("OUT", out.as_os_str())], &err);
    let titles = std::fs::read_to_string(&out).unwrap_or_default();
    let stderr = std::fs::read_to_string(&err).unwrap_or_default();
    assert!(status.success(), "{titles}\n{stderr}");
    let lines: Vec<&str> = titles.lines().collect();
    assert_eq!(
        lines.first(),
        Some(&"Tablero — Magnetic Cave — Black to move"),
        "{titles}"
    );
    assert!(
        lines.get(1).is_some_and(|l| l.contains("Icon (128 x 128)")),
        "{titles}"
    );
    assert_eq!(
        lines.get(2),
        Some(&"Tablero — Magnetic Cave — Black wins"),
        "{titles}"
    );
}

/// Whether a pixel is the last move's violet (`theme::LAST_MOVE`, drawn over anything).
fn last_move_violet(rgb: [u8; 3]) -> bool {
    near(rgb, theme::LAST_MOVE, 24)
}

/// The last move shows on the board in every game: a ring round the cave's last brick (not
/// round the one before), and a trail on the Patolli cross and the Penguins floes after a
/// few AI moves; none before the first move.
#[test]
fn the_last_move_is_marked_on_every_board() {
    if !window_tools_present() {
        return;
    }
    let _window = one_window();
    let dir = temp_dir("window-last-move");
    let err = dir.join("stderr.txt");
    let script = r#"
        set -e
        "$TABLERO" play magnetic-cave --moves A1,H1 --screenshot "$DIR/cave.png" 2> "$ERR"
        "$TABLERO" play magnetic-cave --screenshot "$DIR/empty.png" 2>> "$ERR"
        "$TABLERO" play patolli --l ai --n ai --level easy --budget 0.1 --seed 7 \
            --screenshot "$DIR/patolli.png" --screenshot-after-moves 4 2>> "$ERR"
        "$TABLERO" play penguins --players ai,ai --level easy --budget 0.1 --seed 7 \
            --screenshot "$DIR/penguins.png" --screenshot-after-moves 6 2>> "$ERR"
    "#;
    let status = xvfb_run(script, &[("DIR", dir.as_os_str())], &err);
    let stderr = std::fs::read_to_string(&err).unwrap_or_default();
    assert!(status.success(), "{stderr}");
    let open = |name: &str| {
        image::open(dir.join(name))
            .unwrap_or_else(|e| panic!("{name}: {e}\n{stderr}"))
            .to_rgb8()
    };
    let violet = |image: &image::RgbImage| image.pixels().filter(|p| last_move_violet(p.0)).count();
    let cave = open("cave.png");
    // The ring lies between the brick's edge and the cell's, about 0.45 of a cell out.
    let ring = 0.455 * tablero::app::magnetic_cave::board::cell_size(Config::STANDARD);
    for (cell, marked) in [(Cell::new(7, 0), true), (Cell::new(0, 0), false)] {
        let at = cell_window_position(Config::STANDARD, cell);
        let side = pixel(&cave, at.x + ring, at.y);
        assert_eq!(last_move_violet(side), marked, "{cell}: {side:?}");
    }
    assert_eq!(violet(&open("empty.png")), 0, "a mark before any move");
    for name in ["patolli.png", "penguins.png"] {
        let marks = violet(&open(name));
        assert!(marks > 200, "{name}: {marks} violet pixels");
    }
}

/// Whether a pixel is the hint's blue (`theme::HINT`).
fn hint_cyan(rgb: [u8; 3]) -> bool {
    near(rgb, theme::HINT, 24)
}

/// `H` asks for a hint in every game: the engine's choice is marked on the board (the cave's
/// cell, the Patolli piece's way to its square, the penguin's floe) in the hint's colour, seen
/// in a dump of the real window; before `H`, nothing of that colour is on the board.
#[test]
fn the_hint_key_marks_the_engines_choice_on_every_board() {
    if !window_tools_present() {
        return;
    }
    let _window = one_window();
    let dir = temp_dir("window-hint");
    let err = dir.join("stderr.txt");
    let script = format!(
        r#"
        for game in "magnetic-cave --moves A1,H1,A2,H2,A3,H3,A4" "patolli --seed 3" \
                    "penguins --players human,ai --seed 3"; do
            name=${{game%% *}}
            "$TABLERO" play $game --budget 0.5 > /dev/null 2>> "$ERR" &
            {WAIT_FOR_WINDOW}
            sleep 2
            xwd -root -silent > "$DIR/$name-before.xwd"
            timeout 5 xdotool windowfocus --sync "$wid" 2> /dev/null
            xdotool key h
            sleep 3
            xwd -root -silent > "$DIR/$name.xwd"
            kill $app; wait $app 2> /dev/null
        done
        true
        "#
    );
    let status = xvfb_run(&script, &[("DIR", dir.as_os_str())], &err);
    let stderr = std::fs::read_to_string(&err).unwrap_or_default();
    assert!(status.success(), "{stderr}");
    // The board's side of the window: the panel (x > 850) says the hint in the same colour.
    let on_board = |name: &str| {
        let image = read_xwd(&dir.join(name));
        (0..image.height().min(720))
            .flat_map(|y| (0..850.min(image.width())).map(move |x| (x, y)))
            .filter(|&(x, y)| hint_cyan(image.get_pixel(x, y).0))
            .count()
    };
    for game in ["magnetic-cave", "patolli", "penguins"] {
        assert_eq!(on_board(&format!("{game}-before.xwd")), 0, "{game}");
        let marked = on_board(&format!("{game}.xwd"));
        assert!(marked > 150, "{game}: {marked} hint pixels\n{stderr}");
    }
}

/// The menu and every game on screens from 800x600 to 2560x1440, and at scale factor 2: the
/// window opens at the designed size or smaller with its proportions within 90 % of the
/// screen, the picture has the window's physical size (crisp at scale 2), and every UI node lies inside
/// the window (`TABLERO_UI_REPORT`). Screenshots are kept in the scratch folder.
#[test]
fn every_game_fits_every_screen_and_the_scale_factor() {
    if !window_tools_present() {
        return;
    }
    let _window = one_window();
    let dir = temp_dir("window-screens");
    let err = dir.join("stderr.txt");
    // Screen, scale factor, and the window's logical size expected there.
    let screens = [
        ("800x600", 1, (720.0, 405.0)),
        ("1024x600", 1, (922.0, 518.0)),
        ("1280x720", 1, (1152.0, 648.0)),
        ("2560x1440", 1, (1280.0, 720.0)),
        ("3840x2160", 2, (1280.0, 720.0)),
    ];
    // Each screen of the app: the menu, and a match of each game.
    let games = [
        ("menu", ""),
        ("magnetic-cave", "play magnetic-cave --moves A1,H1"),
        ("patolli", "play patolli --seed 3"),
        ("penguins", "play penguins --seed 3"),
    ];
    for (screen, scale, (width, height)) in screens {
        let script = games
            .iter()
            .map(|(game, options)| {
                format!(
                    "TABLERO_UI_REPORT=\"$DIR/{game}-{screen}.json\" \"$TABLERO\" {options} \
                     --screenshot \"$DIR/{game}-{screen}.png\" 2>> \"$ERR\" || exit 1\n"
                )
            })
            .collect::<String>();
        let scale_text = scale.to_string();
        let status = xvfb_run_on(
            screen,
            &script,
            &[
                ("DIR", dir.as_os_str()),
                ("WINIT_X11_SCALE_FACTOR", std::ffi::OsStr::new(&scale_text)),
            ],
            &err,
        );
        let stderr = std::fs::read_to_string(&err).unwrap_or_default();
        assert!(status.success(), "{screen}: {stderr}");
        for (game, _) in games {
            let name = format!("{game}-{screen}");
            let report: serde_json::Value = serde_json::from_str(
                &std::fs::read_to_string(dir.join(format!("{name}.json"))).unwrap_or_default(),
            )
            .unwrap_or_else(|e| panic!("{name}: no UI report: {e}"));
            let size = (
                report["window"][0].as_f64().unwrap_or(0.0),
                report["window"][1].as_f64().unwrap_or(0.0),
            );
            assert_eq!(size, (width, height), "{name}: the window's size");
            assert_eq!(
                report["scale_factor"].as_f64(),
                Some(f64::from(scale)),
                "{name}"
            );
            assert_ui_fits(&name, &report, (width, height), 10);
            let picture = image::open(dir.join(format!("{name}.png")))
                .unwrap_or_else(|e| panic!("{name}: {e}"));
            let scale = f64::from(scale);
            assert_eq!(
                (f64::from(picture.width()), f64::from(picture.height())),
                (width * scale, height * scale),
                "{name}: the picture is the window's physical size"
            );
        }
    }
}

/// A window resized by the player keeps the board under the pointer: after a resize to
/// 1000x700, a click where A1 now shows places a brick on A1.
#[test]
fn a_click_lands_on_its_cell_after_a_resize() {
    if !window_tools_present() {
        return;
    }
    let dir = temp_dir("window-resized");
    let shot = dir.join("cave.png");
    let (width, height) = (1000.0_f32, 700.0_f32);
    // The board scales as the designed 1280x720 area fits the window, centred.
    let scale = (width / 1280.0).min(height / 720.0);
    let a1 = cell_window_position(Config::STANDARD, Cell::new(0, 0));
    let at = bevy::math::Vec2::new(
        width / 2.0 + (a1.x - 640.0) * scale,
        height / 2.0 + (a1.y - 360.0) * scale,
    );
    let clicks = format!(
        "xdotool windowsize \"$wid\" {width} {height} 2>/dev/null; sleep 0.5; \
         xdotool mousemove --window \"$wid\" {} {} click 1 2>/dev/null; sleep 0.5;",
        at.x.round(),
        at.y.round()
    );
    let app = r#""$TABLERO" play magnetic-cave --screenshot "$SHOT" --screenshot-after-moves 1"#;
    let stdout = run_window_script(&dir, &window_script(app, &clicks), &shot);
    assert_eq!(last_status(&stdout)["moves"][0], "A1", "{stdout}");
    let picture = image::open(&shot).expect("the screenshot is a PNG");
    assert_eq!((picture.width(), picture.height()), (1000, 700));
}

/// Every game plays by keys alone in the real window: Tab puts the cursor on the first thing
/// that can act, the arrows move it, Enter acts (or chooses the penguin to slide), until
/// three moves stand.
#[test]
fn every_game_plays_by_keys_alone() {
    if !window_tools_present() {
        return;
    }
    let _window = one_window();
    let dir = temp_dir("window-keys");
    let err = dir.join("stderr.txt");
    let games = [
        ("magnetic-cave", "", "Tab Return Right Return Tab Return"),
        (
            "patolli",
            "--dice 2,3,4,2,3,4",
            "Tab Return Tab Return Tab Return",
        ),
        (
            "penguins",
            "--players human,human --penguins 1 --seed 7",
            "Tab Return Tab Return Tab Return Tab Return",
        ),
    ];
    for (game, options, keys) in games {
        let script = format!(
            r#"
            "$TABLERO" play {game} {options} --screenshot "$DIR/{game}.png" \
                --screenshot-after-moves 3 > "$DIR/{game}.txt" 2>> "$ERR" &
            {WAIT_FOR_WINDOW}
            sleep 2
            timeout 5 xdotool windowfocus --sync "$wid" 2> /dev/null
            for key in {keys}; do
                xdotool key "$key"
                sleep 1.2
            done
            for _ in $(seq 1 100); do
                kill -0 $app 2> /dev/null || break
                sleep 0.1
            done
            if kill -0 $app 2> /dev/null; then
                echo "{game}: fewer than three moves by keys" >&2
                kill $app; wait $app; exit 4
            fi
            wait $app
            "#
        );
        let status = xvfb_run(&script, &[("DIR", dir.as_os_str())], &err);
        let stderr = std::fs::read_to_string(&err).unwrap_or_default();
        let stdout = std::fs::read_to_string(dir.join(format!("{game}.txt"))).unwrap_or_default();
        assert!(status.success(), "{game}: {stdout}\n{stderr}");
        assert!(stdout.contains('{'), "{game}: no status line\n{stdout}");
    }
}

/// Whether a pixel is the rules page's background (`theme::RULES_PAGE`).
fn rules_page_blue([r, g, b]: [u8; 3]) -> bool {
    r.abs_diff(28) <= 3 && g.abs_diff(41) <= 3 && b.abs_diff(56) <= 3
}

/// F1 and `?` open the game's rules beside its board, Esc closes them and stays in the match;
/// the first opening of a game offers them once, noted in the settings file.
#[test]
fn the_rules_open_with_f1_and_close_with_esc_beside_the_board() {
    if !window_tools_present() {
        return;
    }
    let _window = one_window();
    let dir = temp_dir("window-rules");
    let err = dir.join("stderr.txt");
    let settings = dir.join("settings");
    let script = format!(
        r#"
        "$TABLERO" play patolli --seed 3 > /dev/null 2>> "$ERR" &
        {WAIT_FOR_WINDOW}
        sleep 2
        timeout 5 xdotool windowfocus --sync "$wid" 2> /dev/null
        xwd -id "$wid" -out "$DIR/before.xwd"
        xdotool key F1; sleep 1
        xwd -id "$wid" -out "$DIR/open.xwd"
        xdotool key Escape; sleep 1
        xwd -id "$wid" -out "$DIR/closed.xwd"
        xdotool getwindowname "$wid" > "$DIR/title.txt"
        xdotool key shift+slash; sleep 1
        xwd -id "$wid" -out "$DIR/question.xwd"
        kill $app; wait $app 2> /dev/null
        true
        "#
    );
    let status = xvfb_run(
        &script,
        &[
            ("DIR", dir.as_os_str()),
            ("TABLERO_CONFIG_DIR", settings.as_os_str()),
        ],
        &err,
    );
    let stderr = std::fs::read_to_string(&err).unwrap_or_default();
    assert!(status.success(), "{stderr}");
    let page = |name: &str| {
        let image = read_xwd(&dir.join(name));
        image.pixels().filter(|p| rules_page_blue(p.0)).count()
    };
    // A few pixels of that colour are edges of other things.
    assert!(page("before.xwd") < 1_000, "{}", page("before.xwd"));
    assert!(page("open.xwd") > 100_000, "F1: {}", page("open.xwd"));
    assert!(page("closed.xwd") < 1_000, "Esc leaves the page open");
    assert!(
        page("question.xwd") > 100_000,
        "?: {}",
        page("question.xwd")
    );
    let title = std::fs::read_to_string(dir.join("title.txt")).unwrap_or_default();
    assert!(
        title.starts_with("Tablero — Patolli"),
        "Esc left the match: {title}"
    );
    let remembered = std::fs::read_to_string(settings.join("menu.ron")).unwrap_or_default();
    assert!(
        remembered.contains("rules_offered: [Patolli]"),
        "{remembered}"
    );
}

/// The menu's game cards choose the game: a click on Patolli's card and Enter start Patolli.
#[test]
fn a_click_on_a_game_card_chooses_the_game() {
    if !window_tools_present() {
        return;
    }
    let _window = one_window();
    let dir = temp_dir("window-cards");
    let err = dir.join("stderr.txt");
    let settings = dir.join("settings");
    // Patolli's card, the second of the column on the menu's left.
    let script = format!(
        r#"
        "$TABLERO" > /dev/null 2>> "$ERR" &
        {WAIT_FOR_WINDOW}
        sleep 2
        xdotool mousemove --window "$wid" 140 356; sleep 0.5
        xdotool click 1; sleep 1
        timeout 5 xdotool windowfocus --sync "$wid" 2> /dev/null
        xdotool key Return; sleep 2
        xdotool getwindowname "$wid" > "$DIR/title.txt"
        kill $app; wait $app 2> /dev/null
        true
        "#
    );
    let status = xvfb_run(
        &script,
        &[
            ("DIR", dir.as_os_str()),
            ("TABLERO_CONFIG_DIR", settings.as_os_str()),
            ("TABLERO_LEVELS", repo().join("levels").as_os_str()),
        ],
        &err,
    );
    let stderr = std::fs::read_to_string(&err).unwrap_or_default();
    assert!(status.success(), "{stderr}");
    let title = std::fs::read_to_string(dir.join("title.txt")).unwrap_or_default();
    assert!(title.starts_with("Tablero — Patolli"), "{title}");
}

/// On an 800x600 screen the window opens at 720x405 and the board still takes clicks where
/// it shows: a click on A1, scaled, places a brick on A1.
#[test]
fn the_board_takes_clicks_on_an_800x600_screen() {
    if !window_tools_present() {
        return;
    }
    let _window = one_window();
    let dir = temp_dir("window-small");
    let (shot, out, err) = (
        dir.join("cave.png"),
        dir.join("stdout.txt"),
        dir.join("stderr.txt"),
    );
    let (width, height) = (720.0_f32, 405.0_f32);
    let scale = (width / 1280.0).min(height / 720.0);
    let a1 = cell_window_position(Config::STANDARD, Cell::new(0, 0));
    let clicks = click_at(bevy::math::Vec2::new(
        width / 2.0 + (a1.x - 640.0) * scale,
        height / 2.0 + (a1.y - 360.0) * scale,
    ));
    let app = r#""$TABLERO" play magnetic-cave --screenshot "$SHOT" --screenshot-after-moves 1"#;
    let status = xvfb_run_on(
        "800x600",
        &window_script(app, &clicks),
        &[("SHOT", shot.as_os_str()), ("OUT", out.as_os_str())],
        &err,
    );
    let stdout = std::fs::read_to_string(&out).unwrap_or_default();
    let stderr = std::fs::read_to_string(&err).unwrap_or_default();
    assert!(status.success(), "{stdout}\n{stderr}");
    assert_eq!(last_status(&stdout)["moves"][0], "A1", "{stdout}");
    let picture = image::open(&shot).expect("the screenshot is a PNG");
    assert_eq!((picture.width(), picture.height()), (720, 405));
}

/// Where a field of the 8x8 square Penguins board shows in the window.
fn square_8x8_field(pos: tablero::rules::penguins::Pos) -> bevy::math::Vec2 {
    tablero::app::penguins::referee::PenguinsBoard {
        rows: 8,
        cols: 8,
        grid: tablero::rules::penguins::Grid::Square,
    }
    .window_position(pos)
}

/// The board editor in the real window: a new Patolli board, a closed track of 14 squares
/// drawn by clicks and a drag, the players' starts and ends placed with S and E and clicks, Ctrl+S saves,
/// Ctrl+P plays the board with the menu's seats (two AIs, remembered in menu.ron) to the end.
/// The saved track is the clicked squares in click order; the screenshot of the finished
/// match is kept for people to look at, and a dump of the editor before playing.
#[test]
fn a_track_drawn_by_clicks_in_the_editor_is_saved_in_click_order_and_plays_to_the_end() {
    use tablero::app::editor::canvas::patolli_square_in_window;
    use tablero::editor::DEFAULT_GRID_SIDE;
    if !window_tools_present() {
        return;
    }
    let dir = temp_dir("window-editor");
    let file = dir.join("drawn.ron");
    let shot = dir.join("played.png");
    let settings = dir.join("settings");
    std::fs::create_dir_all(&settings).expect("settings folder");
    std::fs::write(
        settings.join("menu.ron"),
        "(game: Patolli, seats: (Ai, Ai), level: Easy, \
         rules_offered: [MagneticCave, Patolli, Penguins])",
    )
    .expect("menu.ron");
    // The rim of a 4x5 rectangle, clockwise from its top-left corner: 14 squares, more than
    // the two players' 12 pieces, so the track never fills up (on a full track no piece can
    // move and two AIs pass for ever; an 8-square track did so once in CI).
    let track = [
        (5, 5),
        (5, 6),
        (5, 7),
        (5, 8),
        (5, 9),
        (6, 9),
        (7, 9),
        (8, 9),
        (8, 8),
        (8, 7),
        (8, 6),
        (8, 5),
        (7, 5),
        (6, 5),
    ];
    let at = |cell| patolli_square_in_window(DEFAULT_GRID_SIDE, cell);
    // Two clicks, a drag over the next three squares, then clicks.
    let mut actions: Vec<String> = track[..2].iter().map(|&cell| click_at(at(cell))).collect();
    let mut drag = format!(
        "xdotool mousemove --window \"$wid\" {} {}; sleep 0.3; xdotool mousedown 1; sleep 0.3;",
        at(track[2]).x.round(),
        at(track[2]).y.round()
    );
    for &cell in &track[3..5] {
        drag.push_str(&format!(
            " xdotool mousemove --window \"$wid\" {} {}; sleep 0.3;",
            at(cell).x.round(),
            at(cell).y.round()
        ));
    }
    drag.push_str(" xdotool mouseup 1; sleep 0.3;");
    actions.push(drag);
    actions.extend(track[5..].iter().map(|&cell| click_at(at(cell))));
    // S: L's start, S again: N's start, E: L's end, E again: N's end.
    for (key, cell) in [("s", (5, 6)), ("s", (8, 8)), ("e", (5, 5)), ("e", (8, 9))] {
        actions.push(format!("xdotool key {key}; sleep 0.4;"));
        actions.push(click_at(at(cell)));
    }
    let script = format!(
        r#"
        "$TABLERO" edit "$FILE" --game patolli --screenshot "$SHOT" \
            --screenshot-after-moves 100000 > "$OUT" 2> "$ERR" &
        {WAIT_FOR_WINDOW}
        sleep 1
        timeout 5 xdotool windowfocus --sync "$wid" 2> /dev/null
        {clicks}
        xdotool keydown ctrl; sleep 0.2; xdotool key s; sleep 0.2; xdotool keyup ctrl; sleep 1
        xwd -id "$wid" -out "$DIR/editor.xwd"
        xdotool keydown ctrl; sleep 0.2; xdotool key p; sleep 0.2; xdotool keyup ctrl
        for _ in $(seq 1 1200); do
            kill -0 $app 2> /dev/null || break
            sleep 0.1
        done
        if kill -0 $app 2> /dev/null; then
            echo "the match played from the editor did not end" >&2
            kill $app; wait $app; exit 4
        fi
        wait $app
        "#,
        clicks = actions.join("\n"),
    );
    let _window = one_window();
    let out = dir.join("stdout.txt");
    let err = dir.join("stderr.txt");
    let status = xvfb_run(
        &script,
        &[
            ("SHOT", shot.as_os_str()),
            ("OUT", out.as_os_str()),
            ("FILE", file.as_os_str()),
            ("DIR", dir.as_os_str()),
            ("TABLERO_CONFIG_DIR", settings.as_os_str()),
            ("TABLERO_AI_PACING_MS", std::ffi::OsStr::new("0")),
        ],
        &err,
    );
    let stdout = std::fs::read_to_string(&out).unwrap_or_default();
    let stderr = std::fs::read_to_string(&err).unwrap_or_default();
    assert!(status.success(), "{status}\n{stdout}\n{stderr}");
    let text = std::fs::read_to_string(&file).expect("the editor saved the board");
    assert!(text.starts_with(tablero::editor::HEADER), "{text}");
    let Ok(tablero::layout::GameSetup::Patolli(setup)) = tablero::layout::load(&file) else {
        panic!("the saved board does not load:\n{text}");
    };
    assert_eq!(setup.track.cells(), track, "{text}");
    assert_eq!(
        (setup.track.start(Player::L), setup.track.end(Player::L)),
        (1, 0),
        "{text}"
    );
    assert_eq!(
        (setup.track.start(Player::N), setup.track.end(Player::N)),
        (8, 7),
        "{text}"
    );
    let result = last_status(&stdout);
    assert!(
        result["winner"].is_string(),
        "the match did not end: {stdout}"
    );
    let editor = read_xwd(&dir.join("editor.xwd"));
    let square = at((6, 9));
    let empty = at((2, 2));
    assert_ne!(
        pixel(&editor, square.x, square.y),
        pixel(&editor, empty.x, empty.y),
        "the track is not drawn"
    );
    let _ = std::fs::copy(
        &shot,
        std::env::temp_dir().join("tablero-editor-played.png"),
    );
}

#[test]
fn a_click_in_a_guests_window_moves_the_brick_in_the_hosts_window_too() {
    if !window_tools_present() {
        return;
    }
    let dir = temp_dir("window-network");
    let (host_shot, guest_shot) = (dir.join("host.png"), dir.join("guest.png"));
    let report_file = dir.join("guest-ui.json");
    let host_out = dir.join("host-stdout.txt");
    let a1 = cell_window_position(Config::STANDARD, Cell::new(0, 0));
    // The host's window plays white; the guest's window plays black and clicks A1. Both
    // windows take their picture once a move is played, under one X display.
    let script = format!(
        r#"
        "$TABLERO" host magnetic-cave --black guest --white human --port 0 --bind 127.0.0.1 \
            --screenshot "$HOST_SHOT" --screenshot-after-moves 1 > "$HOST_OUT" 2> "$ERR" &
        host=$!
        inv=""
        for _ in $(seq 1 600); do
            inv=$(sed -n 's/^Invitation to play: //p' "$HOST_OUT")
            [ -n "$inv" ] && break
            sleep 0.1
        done
        [ -n "$inv" ] || {{ echo "no invitation" >&2; kill $host; exit 3; }}
        {app} > "$OUT" 2>> "$ERR" &
        {WAIT_FOR_WINDOW}
        sleep 1
        # Up to two minutes of clicks: under a loaded machine the guest's window may take long
        # to join and draw.
        for _ in $(seq 1 150); do
            kill -0 $app 2>/dev/null || break
            {click}
        done
        if kill -0 $app 2>/dev/null; then
            echo "the guest's window was still waiting after all the clicks" >&2
            kill $app $host; exit 4
        fi
        wait $app
        wait $host
        "#,
        app = r#"TABLERO_UI_REPORT="$REPORT" "$TABLERO" join "$inv" --name Bea --screenshot "$SHOT" --screenshot-after-moves 1"#,
        click = click_at(a1),
    );
    let _window = one_window();
    let out = dir.join("stdout.txt");
    let err = dir.join("stderr.txt");
    let status = xvfb_run(
        &script,
        &[
            ("SHOT", guest_shot.as_os_str()),
            ("OUT", out.as_os_str()),
            ("HOST_SHOT", host_shot.as_os_str()),
            ("HOST_OUT", host_out.as_os_str()),
            ("REPORT", report_file.as_os_str()),
        ],
        &err,
    );
    let guest = std::fs::read_to_string(&out).unwrap_or_default();
    let host = std::fs::read_to_string(&host_out).unwrap_or_default();
    let stderr = std::fs::read_to_string(&err).unwrap_or_default();
    assert!(status.success(), "{status}\n{guest}\n{host}\n{stderr}");
    // Each window's status line at exit: A1 played, white to move.
    assert_eq!(last_status(&guest)["moves"][0], "A1", "{guest}");
    assert_eq!(last_status(&host)["moves"][0], "A1", "{host}");
    for shot in [&guest_shot, &host_shot] {
        let image = image::open(shot).expect("a PNG").to_rgb8();
        let brick = pixel(&image, a1.x, a1.y);
        assert!(
            brightness(brick) < 40,
            "A1 is no brick in {}: {brick:?}",
            shot.display()
        );
    }
    // The guest's window in a network match: the network's line stands in the side panel, no
    // text over another.
    let report: serde_json::Value =
        serde_json::from_str(&std::fs::read_to_string(&report_file).unwrap_or_default())
            .unwrap_or_else(|e| panic!("no UI report of the guest's window: {e}"));
    let size = (
        report["window"][0].as_f64().unwrap_or(0.0),
        report["window"][1].as_f64().unwrap_or(0.0),
    );
    assert_ui_fits("the guest's window", &report, size, 10);
    for (shot, name) in [(&guest_shot, "net-guest"), (&host_shot, "net-host")] {
        let _ = std::fs::copy(
            shot,
            std::env::temp_dir().join(format!("tablero-{name}.png")),
        );
    }
}

/// `tablero replay RECORD --analyse` in the real window: the graph above the board shows the
/// missed block (White's H4, a blunder) in the blunder's red, and the screenshot waits for it.
#[test]
fn the_analysis_graph_shows_a_blunder_in_red_above_the_board() {
    if !window_tools_present() {
        return;
    }
    let dir = temp_dir("window-analysis");
    let record = crate::analysis::missed_block_record(&dir);
    let shot = dir.join("analysis.png");
    let script = format!(
        r#""$TABLERO" replay "{}" --analyse --screenshot "$SHOT" > "$OUT" 2> "$ERR""#,
        record.display()
    );
    run_window_script(&dir, &script, &shot);
    let image = image::open(&shot).expect("a PNG").to_rgb8();
    let scale = image.width() as f32 / tablero::app::WINDOW_SIZE.0 as f32;
    let blunder = tablero::app::analysis::BLUNDER_COLOR.to_srgba();
    let [r, g, b] = [blunder.red, blunder.green, blunder.blue].map(|c| (c * 255.0).round() as u8);
    let red = (0..image.width())
        .flat_map(|x| (0..(60.0 * scale) as u32).map(move |y| (x, y)))
        .filter(|&(x, y)| {
            let [pr, pg, pb] = image.get_pixel(x, y).0;
            pr.abs_diff(r) < 12 && pg.abs_diff(g) < 12 && pb.abs_diff(b) < 12
        })
        .count();
    let _ = std::fs::copy(
        &shot,
        std::env::temp_dir().join("tablero-analysis-test.png"),
    );
    assert!(
        red > 20,
        "no blunder-red bar in the strip above the board ({red} pixels)"
    );
}

/// The keys that put the keyboard's cursor on `target` and lay it in the cave of `state`: Tab
/// goes from the legal cell nearest the cursor (`cursor`, `None` before the first key) to the
/// next one in the order of `legal_moves`, as the window's cursor does.
fn keys_to_lay(
    state: &tablero::rules::magnetic_cave::State,
    cursor: Option<Cell>,
    target: Cell,
) -> String {
    let legal = state.legal_moves();
    let to = legal
        .iter()
        .position(|&c| c == target)
        .expect("the target is legal");
    let tabs = match cursor {
        None => to + 1,
        Some(at) => {
            let distance = |c: &Cell| {
                let (dc, dr) = (
                    f32::from(c.col) - f32::from(at.col),
                    f32::from(c.row) - f32::from(at.row),
                );
                dc * dc + dr * dr
            };
            let from = (0..legal.len())
                .min_by(|&a, &b| distance(&legal[a]).total_cmp(&distance(&legal[b])))
                .expect("legal cells");
            (to + legal.len() - from) % legal.len()
        }
    };
    let mut keys = vec!["Tab"; tabs];
    keys.push("Return");
    keys.join(" ")
}

/// A cave puzzle solved in the real window by keys alone: `tablero puzzles open NAME`, Tab to
/// the winning brick and Enter, the AI defends, the next winning brick by keys, until the line
/// stands; the settings file then counts the puzzle solved. The test reads the defence off the
/// window's pixels and asks the solver for the next winning brick.
#[test]
fn a_cave_puzzle_is_solved_by_keys_alone_in_the_real_window() {
    use tablero::puzzles::{Check, Puzzle};
    if !window_tools_present() {
        return;
    }
    assert!(available("xwd"), "xwd is missing (Debian's x11-apps)");
    let _window = one_window();
    let dir = temp_dir("window-puzzle-keys");
    let settings = dir.join("settings");
    let err = dir.join("stderr.txt");
    let text = std::fs::read_to_string(repo().join("levels/puzzles/magnetic_cave.ron"))
        .expect("the shipped cave puzzles");
    let (found, _) = tablero::puzzles::read("magnetic_cave.ron", &text, Check::Rules);
    let Puzzle::Cave(puzzle) = found[0].puzzle.clone() else {
        panic!("a cave puzzle first");
    };
    let problem = puzzle.problem().expect("legal");
    let solver = problem.state.to_move();
    // The window takes keys from a file and answers with a picture of itself.
    let script = format!(
        r#"
        "$TABLERO" puzzles open "$NAME" > "$DIR/out.txt" 2>> "$ERR" &
        {WAIT_FOR_WINDOW}
        sleep 2
        for _ in $(seq 1 1200); do
            if [ -e "$DIR/keys" ]; then
                mv "$DIR/keys" "$DIR/keys.now"
                timeout 5 xdotool windowfocus --sync "$wid" 2> /dev/null
                for key in $(cat "$DIR/keys.now"); do xdotool key "$key"; sleep 0.25; done
                sleep 3
                xwd -id "$wid" -out "$DIR/board.part"
                mv "$DIR/board.part" "$DIR/board.xwd"
            fi
            [ -e "$DIR/stop" ] && break
            sleep 0.1
        done
        kill $app; wait $app 2> /dev/null
        true
        "#
    );
    let window = {
        let (dir, err, settings) = (dir.to_path_buf(), err.clone(), settings.clone());
        let name = puzzle.name.clone();
        std::thread::spawn(move || {
            xvfb_run(
                &script,
                &[
                    ("DIR", dir.as_os_str()),
                    ("NAME", std::ffi::OsStr::new(&name)),
                    ("TABLERO_CONFIG_DIR", settings.as_os_str()),
                ],
                &err,
            )
        })
    };
    let board = dir.join("board.xwd");
    let brick_at = |image: &image::RgbImage, cell: Cell| {
        let at = cell_window_position(Config::STANDARD, cell);
        match brightness(pixel(image, at.x, at.y)) {
            0..40 => Some(tablero::rules::magnetic_cave::Brick::Black),
            201.. => Some(tablero::rules::magnetic_cave::Brick::White),
            _ => None,
        }
    };
    let mut state = problem.state.clone();
    let mut cursor = None;
    let mut target = problem.solution;
    let mut laid = Vec::new();
    let mut solved = false;
    for _ in 0..puzzle.wins_in {
        let _ = std::fs::remove_file(&board);
        std::fs::write(dir.join("keys"), keys_to_lay(&state, cursor, target)).expect("keys");
        let started = std::time::Instant::now();
        while !board.exists() && started.elapsed() < std::time::Duration::from_secs(90) {
            std::thread::sleep(std::time::Duration::from_millis(100));
        }
        assert!(board.exists(), "no picture of the window after the keys");
        let image = read_xwd(&board);
        state.apply(target).expect("the winning brick is legal");
        laid.push(target);
        cursor = Some(target);
        assert_eq!(brick_at(&image, target), Some(solver), "{target} by keys");
        if state.outcome().is_some() {
            solved = true;
            break;
        }
        // The defence: the one new brick of the other colour.
        let defence: Vec<Cell> = state
            .legal_moves()
            .into_iter()
            .filter(|&c| brick_at(&image, c) == Some(state.to_move()))
            .collect();
        assert_eq!(defence.len(), 1, "the defence on screen: {defence:?}");
        state.apply(defence[0]).expect("the defence is legal");
        // The quickest winning brick next.
        target = tablero::ai::magnetic_cave::prove_moves(
            &state,
            &tablero::ai::Deadline::within(std::time::Duration::from_secs(10)),
        )
        .expect("proved")
        .into_iter()
        .filter_map(|(cell, proof)| match proof {
            tablero::ai::magnetic_cave::MoveProof::Wins { bricks } => Some((bricks, cell)),
            _ => None,
        })
        .min()
        .expect("the win goes on")
        .1;
    }
    std::fs::write(dir.join("stop"), "").expect("stop");
    let status = window.join().expect("the window's thread");
    let stderr = std::fs::read_to_string(&err).unwrap_or_default();
    assert!(status.success(), "{stderr}");
    assert!(solved, "the line did not stand after {laid:?}");
    let remembered = std::fs::read_to_string(settings.join("menu.ron")).unwrap_or_default();
    assert!(
        remembered.contains(&puzzle.name) && remembered.contains("puzzle_streak: 1"),
        "{remembered}"
    );
}

/// With the settings page's animation at *none*, a picture taken in the frame after the AI's
/// slide shows the penguin on its new floe; at *normal* the penguin is still on its way there
/// (so the picture can tell). The AI places, the human places by keys, the AI slides; the
/// record says where to.
#[test]
fn with_animation_none_the_ai_slide_shows_at_its_end_in_the_next_frame() {
    use tablero::rules::penguins::Action;
    if !window_tools_present() {
        return;
    }
    let _window = one_window();
    let dir = temp_dir("window-animation");
    let err = dir.join("stderr.txt");
    let on_target = |animation: &str| {
        let settings = dir.join(format!("settings-{animation}"));
        std::fs::create_dir_all(&settings).expect("settings folder");
        std::fs::write(
            settings.join("menu.ron"),
            format!("RememberedChoices(animation: {animation})"),
        )
        .expect("settings written");
        let record = dir.join(format!("{animation}.ron"));
        let shot = dir.join(format!("{animation}.png"));
        let script = format!(
            r#"
            "$TABLERO" play penguins --players ai,human --penguins 1 --seed 7 --budget 0.3 \
                --record "$RECORD" --screenshot "$SHOT" --screenshot-after-moves 3 \
                --screenshot-at-once > /dev/null 2>> "$ERR" &
            {WAIT_FOR_WINDOW}
            sleep 2
            timeout 5 xdotool windowfocus --sync "$wid" 2> /dev/null
            xdotool key Tab; sleep 0.5; xdotool key Return
            for _ in $(seq 1 300); do
                kill -0 $app 2> /dev/null || break
                sleep 0.1
            done
            if kill -0 $app 2> /dev/null; then kill $app; wait $app; exit 4; fi
            wait $app
            "#
        );
        let status = xvfb_run(
            &script,
            &[
                ("RECORD", record.as_os_str()),
                ("SHOT", shot.as_os_str()),
                ("TABLERO_CONFIG_DIR", settings.as_os_str()),
            ],
            &err,
        );
        let stderr = std::fs::read_to_string(&err).unwrap_or_default();
        assert!(status.success(), "{animation}: {stderr}");
        let text = std::fs::read_to_string(&record).expect("the record");
        let read: tablero::record::Record = ron::from_str(&text).expect("the record reads");
        let slide = read
            .moves
            .iter()
            .filter_map(|entry| match entry {
                tablero::record::Entry::Act(text, _) => text.parse::<Action>().ok(),
                _ => None,
            })
            .nth(2)
            .expect("the AI's slide");
        let Action::Move { to, .. } = slide else {
            panic!("the third action slides: {slide}");
        };
        let image = image::open(&shot).expect("a PNG").to_rgb8();
        let at = square_8x8_field(to);
        // Player A's penguin: a ring of its colour.
        color_around(&image, at.x, at.y, 18, theme::PLAYER_L)
    };
    assert!(
        on_target("Off"),
        "with animation none, the penguin is not on its floe"
    );
    assert!(
        !on_target("Normal"),
        "at normal pace the penguin is already there: the picture cannot tell"
    );
}

/// The AT-SPI registry, a session bus and pyatspi (Debian's `at-spi2-core`, `dbus-x11`,
/// `python3-pyatspi`), which `scripts/test` installs.
fn screen_reader_tools_present() -> bool {
    let present = available("dbus-run-session")
        && Path::new("/usr/libexec/at-spi-bus-launcher").exists()
        && Command::new("/usr/bin/python3")
            .args(["-c", "import pyatspi"])
            .output()
            .is_ok_and(|o| o.status.success());
    if !present {
        assert!(
            std::env::var_os("TABLERO_REQUIRE_WINDOW_TEST").is_none(),
            "the screen reader test must run here, but AT-SPI or pyatspi is missing"
        );
        eprintln!(
            "skipping the screen reader test: install at-spi2-core, dbus-x11, python3-pyatspi"
        );
    }
    present
}

/// Runs `script` (shell lines; it starts the app and sets `$app` and `$wid`) under Xvfb in a
/// session bus with the AT-SPI registry and a screen reader said to be running (AccessKit then
/// serves the window's tree), `$PROBE` the AT-SPI probe, `$DIR` the scratch folder `dir`, and
/// `env` set; then stops the app. Standard error goes to `err`.
fn run_with_a_screen_reader(
    dir: &Path,
    script: &str,
    env: &[(&str, &std::ffi::OsStr)],
    err: &Path,
) -> ExitStatus {
    let inner = format!(
        r#"
        export XDG_RUNTIME_DIR="$DIR/runtime"
        mkdir -p "$XDG_RUNTIME_DIR" && chmod 700 "$XDG_RUNTIME_DIR"
        # The accessibility bus, with a screen reader said to be running: AccessKit then
        # serves the window's tree.
        /usr/libexec/at-spi-bus-launcher --launch-immediately &
        sleep 1
        dbus-send --session --print-reply --dest=org.a11y.Bus /org/a11y/bus \
            org.freedesktop.DBus.Properties.Set string:org.a11y.Status \
            string:ScreenReaderEnabled variant:boolean:true > /dev/null
        {script}
        kill $app 2> /dev/null
        wait $app 2> /dev/null
        exit 0
        "#
    );
    std::fs::write(dir.join("inner.sh"), inner).expect("the script is written");
    let probe = repo().join("tests/it/data/atspi_probe.py");
    let mut all = vec![("DIR", dir.as_os_str()), ("PROBE", probe.as_os_str())];
    all.extend_from_slice(env);
    xvfb_run(r#"dbus-run-session -- sh "$DIR/inner.sh""#, &all, err)
}

/// A screen reader reads the real window through AT-SPI: Tab puts the keyboard's cursor on a
/// cell, which is the focused node, named as the player hears it; Enter places a brick there
/// and the live region announces the move.
#[test]
fn a_screen_reader_hears_the_cursor_cell_and_the_move_played_by_keys() {
    if !window_tools_present() || !screen_reader_tools_present() {
        return;
    }
    let _window = one_window();
    let dir = temp_dir("window-screen-reader");
    let err = dir.join("stderr.txt");
    let script = format!(
        r#"
        "$TABLERO" play magnetic-cave > "$DIR/out.txt" 2> "$ERR" &
        {WAIT_FOR_WINDOW}
        sleep 1
        timeout 5 xdotool windowfocus --sync "$wid" 2> /dev/null
        xdotool key Tab
        sleep 0.5
        /usr/bin/python3 "$PROBE" focused > "$DIR/focused.txt"
        /usr/bin/python3 "$PROBE" names > "$DIR/names.txt"
        xdotool key Return
        for _ in $(seq 1 20); do
            /usr/bin/python3 "$PROBE" status > "$DIR/status.txt"
            grep -q places "$DIR/status.txt" && break
            sleep 0.5
        done
        "#
    );
    let status = run_with_a_screen_reader(&dir, &script, &[], &err);
    let stderr = std::fs::read_to_string(&err).unwrap_or_default();
    assert!(status.success(), "{stderr}");
    let read = |name: &str| {
        std::fs::read_to_string(dir.join(name))
            .unwrap_or_default()
            .trim()
            .to_string()
    };
    let focused = read("focused.txt");
    let cell = focused
        .strip_suffix(", empty, you may place a brick here")
        .unwrap_or_else(|| panic!("the focused node is not a legal cell: {focused:?}\n{stderr}"));
    assert!(Cell::parse(cell).is_ok(), "{focused:?}");
    // The panel's buttons are read; the hidden replay bar's are not.
    let names = read("names.txt");
    let names: Vec<&str> = names.lines().collect();
    assert!(names.contains(&"Hint (H)"), "{names:?}");
    assert!(
        !names.contains(&"Continue (C)"),
        "a hidden button is read: {names:?}"
    );
    let announced = read("status.txt");
    assert_eq!(
        announced,
        format!("Black places {cell}. White to move."),
        "{stderr}"
    );
}

/// A blind player chooses in the menu and starts a match by keys alone, hearing each choice:
/// Tab reaches Black's *AI* (the game cards come first), which the screen reader reads with
/// its row ("Black (first)") as a toggle not chosen; Enter chooses it and it is read as chosen;
/// Esc lets go of the button and Enter starts the match, with both seats the AI's.
#[test]
fn a_blind_player_chooses_in_the_menu_and_starts_a_match_by_keys() {
    if !window_tools_present() || !screen_reader_tools_present() {
        return;
    }
    let _window = one_window();
    let dir = temp_dir("window-menu-keys");
    let err = dir.join("stderr.txt");
    let settings = dir.join("settings");
    let script = format!(
        r#"
        "$TABLERO" > "$DIR/out.txt" 2> "$ERR" &
        {WAIT_FOR_WINDOW}
        sleep 2
        timeout 5 xdotool windowfocus --sync "$wid" 2> /dev/null
        for key in Tab Tab Tab Tab Tab; do xdotool key $key; sleep 0.3; done
        sleep 0.5
        /usr/bin/python3 "$PROBE" chosen > "$DIR/before.txt"
        xdotool key Return
        sleep 0.5
        /usr/bin/python3 "$PROBE" chosen > "$DIR/after.txt"
        xdotool key Escape
        sleep 0.3
        xdotool key Return
        sleep 2
        xdotool getwindowname "$wid" > "$DIR/title.txt"
        "#
    );
    let status = run_with_a_screen_reader(
        &dir,
        &script,
        &[("TABLERO_CONFIG_DIR", settings.as_os_str())],
        &err,
    );
    let stderr = std::fs::read_to_string(&err).unwrap_or_default();
    assert!(status.success(), "{stderr}");
    let read = |name: &str| std::fs::read_to_string(dir.join(name)).unwrap_or_default();
    assert_eq!(
        read("before.txt"),
        "AI\nBlack (first)\nnot chosen (toggle button)\n",
        "{stderr}"
    );
    assert_eq!(
        read("after.txt"),
        "AI\nBlack (first)\nchosen (toggle button)\n"
    );
    let title = read("title.txt");
    assert!(title.starts_with("Tablero — Magnetic Cave"), "{title}");
    let kept = read("settings/menu.ron");
    assert!(kept.contains("seats: (Ai, Ai)"), "{kept}");
}

/// Whether the UI of a `TABLERO_UI_REPORT` fits a `width`x`height` window: at least
/// `least_nodes` nodes show, every node in sight lies inside the window, and no text is cut or
/// drawn over another: a text's glyphs and lines stay within its node, its node within its
/// parent (unless that scrolls, when only the part in sight counts), no text is clipped at its
/// sides, and no two texts in sight share pixels. Panics with `name` and what is wrong.
fn assert_ui_fits(
    name: &str,
    report: &serde_json::Value,
    (width, height): (f64, f64),
    least_nodes: usize,
) {
    let rect =
        |value: &serde_json::Value| [0, 1, 2, 3].map(|i| value[i].as_f64().unwrap_or(f64::NAN));
    let inside = |[x, y, w, h]: [f64; 4], [left, top, right, bottom]: [f64; 4]| {
        x >= left - 1.0 && y >= top - 1.0 && x + w <= right + 1.0 && y + h <= bottom + 1.0
    };
    let nodes = report["nodes"].as_array().cloned().unwrap_or_default();
    assert!(
        nodes.len() >= least_nodes,
        "{name}: {} UI nodes",
        nodes.len()
    );
    for node in &nodes {
        assert!(
            inside(rect(node), [0.0, 0.0, width, height]),
            "{name}: a UI node at {node} is outside the {width}x{height} window"
        );
    }
    let texts = report["texts"].as_array().cloned().unwrap_or_default();
    assert!(!texts.is_empty(), "{name}: no texts in the report");
    let mut shown = Vec::new();
    for text in &texts {
        let [x, y, w, h] = rect(&text["node"]);
        let lines = [0, 1].map(|i| text["lines"][i].as_f64().unwrap_or(f64::NAN));
        assert!(
            lines[0] <= w + 1.0 && lines[1] <= h + 1.0,
            "{name}: a text's lines ({lines:?}) do not fit its node: {text}"
        );
        if !text["parent"].is_null() {
            let [px, py, pw, ph] = rect(&text["parent"]);
            assert!(
                inside([x, y, w, h], [px, py, px + pw, py + ph]),
                "{name}: a text leaves the node it sits in: {text}"
            );
        }
        if !text["panel"].is_null() {
            let [px, _, pw, _] = rect(&text["panel"]);
            assert!(
                x >= px - 1.0 && x + w <= px + pw + 1.0,
                "{name}: a text leaves its panel sideways: {text}"
            );
        }
        let part = rect(&text["shown"]);
        assert!(
            part[2] >= w - 1.0,
            "{name}: a text is cut at its side: {text}"
        );
        shown.push(part);
    }
    for (i, a) in shown.iter().enumerate() {
        for b in &shown[i + 1..] {
            let across = (a[0] + a[2]).min(b[0] + b[2]) - a[0].max(b[0]);
            let down = (a[1] + a[3]).min(b[1] + b[3]) - a[1].max(b[1]);
            assert!(
                across <= 1.0 || down <= 1.0,
                "{name}: two texts overlap: {a:?} and {b:?}"
            );
        }
    }
}

/// Larger text still fits: at 200 % in a 1280x720 window and at 150 % on an 800x600 screen,
/// the menu (the cave's and Penguins' choices; Polish and Spanish), each game's screen, the
/// board editor and its
/// list of boards show no text cut or drawn over another and every UI node in sight inside the
/// window: rows wrap, panels scroll what no longer fits, and the bars in the board's margins
/// move into the side panel. Screenshots are kept in the scratch folder.
#[test]
fn larger_text_fits_the_window() {
    if !window_tools_present() {
        return;
    }
    let _window = one_window();
    let patolli = crate::support::repo().join("levels").join("patolli.ron");
    let edit = format!("edit '{}'", patolli.display());
    // Each screen, the settings it starts with beyond the text size, and its command.
    let screens = [
        ("menu", "", ""),
        ("menu-penguins", "game: Penguins, ", ""),
        (
            "menu-polish",
            "game: Penguins, language: Some(Polish), ",
            "",
        ),
        (
            "menu-spanish",
            "game: Patolli, language: Some(Spanish), ",
            "",
        ),
        ("magnetic-cave", "", "play magnetic-cave --moves A1,H1"),
        ("patolli", "", "play patolli --seed 3"),
        ("penguins", "", "play penguins --seed 3"),
        ("editor", "", edit.as_str()),
        ("boards", "", "edit"),
    ];
    let screens = screens.map(|(name, settings, command)| (name.to_string(), settings, command));
    assert_screens_fit(
        "window-text-size",
        &screens,
        &[
            ("1280x720", 200, (1152.0, 648.0)),
            ("800x600", 150, (720.0, 405.0)),
        ],
    );
}

/// Every language fits: the menu, each game's screen, the rules page and the board editor in
/// Spanish, Polish and Arabic (right to left), in a 1280x720 window and on an 800x600 screen.
#[test]
fn every_language_fits_the_window() {
    if !window_tools_present() {
        return;
    }
    let _window = one_window();
    let patolli = crate::support::repo().join("levels").join("patolli.ron");
    let edit = format!("edit '{}'", patolli.display());
    let mut screens = Vec::new();
    for language in ["Spanish", "Polish", "Arabic"] {
        let settings: &'static str =
            Box::leak(format!("language: Some({language}), ").into_boxed_str());
        let penguins: &'static str =
            Box::leak(format!("game: Penguins, language: Some({language}), ").into_boxed_str());
        for (name, settings, command) in [
            ("menu", settings, ""),
            ("menu-penguins", penguins, ""),
            (
                "magnetic-cave",
                settings,
                "play magnetic-cave --moves A1,H1",
            ),
            ("patolli", settings, "play patolli --seed 3"),
            ("penguins", settings, "play penguins --seed 3"),
            ("editor", settings, edit.as_str()),
            (
                "rules",
                settings,
                "play patolli --seed 3 --screenshot-rules",
            ),
        ] {
            screens.push((format!("{name}-{language}"), settings, command));
        }
    }
    assert_screens_fit(
        "window-languages",
        &screens,
        &[
            ("1280x720", 100, (1152.0, 648.0)),
            ("800x600", 100, (720.0, 405.0)),
        ],
    );
}

/// Takes each of `screens` (a name, the settings file's fields beyond the text size, the
/// command) in a window of each of `sizes` (the screen, the text size in percent, the
/// window's size) and checks with [`assert_ui_fits`] that everything fits.
fn assert_screens_fit(
    test: &str,
    screens: &[(String, &str, &str)],
    sizes: &[(&str, u32, (f64, f64))],
) {
    let dir = temp_dir(test);
    let err = dir.join("stderr.txt");
    for &(screen, percent, (width, height)) in sizes {
        let mut script = String::new();
        for (name, settings, command) in screens {
            let folder = dir.join(format!("settings-{name}-{percent}"));
            std::fs::create_dir_all(&folder).expect("a settings folder");
            std::fs::write(
                folder.join("menu.ron"),
                format!("({settings}text_size: {percent})"),
            )
            .expect("the settings file");
            script += &format!(
                "TABLERO_CONFIG_DIR='{}' TABLERO_UI_REPORT=\"$DIR/{name}-{screen}.json\" \
                 \"$TABLERO\" {command} --screenshot \"$DIR/{name}-{screen}.png\" 2>> \"$ERR\" \
                 || exit 1\n",
                folder.display()
            );
        }
        let status = xvfb_run_on(screen, &script, &[("DIR", dir.as_os_str())], &err);
        let stderr = std::fs::read_to_string(&err).unwrap_or_default();
        assert!(status.success(), "{screen}: {stderr}");
        for (name, ..) in screens {
            let name = format!("{name}-{screen}");
            let report: serde_json::Value = serde_json::from_str(
                &std::fs::read_to_string(dir.join(format!("{name}.json"))).unwrap_or_default(),
            )
            .unwrap_or_else(|e| panic!("{name}: no UI report: {e}"));
            assert_ui_fits(
                &format!("{name} at {percent} %"),
                &report,
                (width, height),
                5,
            );
        }
    }
}
