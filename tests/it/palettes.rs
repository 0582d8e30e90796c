//! The palettes keep apart what they must for every colour vision, and their text reads.
//!
//! Colour vision deficiencies are simulated with Machado, Oliveira and Fernandes (2009), "A
//! physiologically-based model for simulation of color vision deficiency", at severity 1.0:
//! their matrices act on linear sRGB. Differences are CIEDE2000 (the `palette` crate), contrast
//! is WCAG 2.1's.

use bevy::prelude::{Alpha, Color};
use palette::color_difference::{Ciede2000, Wcag21RelativeContrast};
use palette::{FromColor, Lab, LinSrgb, Srgb};
use tablero::app::palette::{
    HIGH_CONTRAST, LEAST_DIFFERENCE, Palette, PaletteChoice, Role, STANDARD, TELLS_APART, TEXT_ON,
    repaint,
};

/// How a colour is seen: normal vision, then protanopia, deuteranopia and tritanopia.
const VISIONS: [(&str, Option<[[f32; 3]; 3]>); 4] = [
    ("normal vision", None),
    (
        "protanopia",
        Some([
            [0.152286, 1.052583, -0.204868],
            [0.114503, 0.786281, 0.099216],
            [-0.003882, -0.048116, 1.051998],
        ]),
    ),
    (
        "deuteranopia",
        Some([
            [0.367322, 0.860646, -0.227968],
            [0.280085, 0.672501, 0.047413],
            [-0.011820, 0.042940, 0.968881],
        ]),
    ),
    (
        "tritanopia",
        Some([
            [1.255528, -0.076749, -0.178779],
            [-0.078411, 0.930809, 0.147602],
            [0.004733, 0.691367, 0.303900],
        ]),
    ),
];

fn srgb(color: Color) -> Srgb<f32> {
    let c = color.to_srgba();
    Srgb::new(c.red, c.green, c.blue)
}

/// `color` as seen with `vision`'s matrix (none: as it is), in CIELAB.
fn seen(color: Color, vision: Option<[[f32; 3]; 3]>) -> Lab {
    let linear: LinSrgb<f32> = srgb(color).into_linear();
    let linear = match vision {
        None => linear,
        Some(m) => {
            let v = [linear.red, linear.green, linear.blue];
            let row = |r: [f32; 3]| (r[0] * v[0] + r[1] * v[1] + r[2] * v[2]).clamp(0.0, 1.0);
            LinSrgb::new(row(m[0]), row(m[1]), row(m[2]))
        }
    };
    Lab::from_color(linear)
}

/// Every pair of [`TELLS_APART`] that is closer than it may be in `palette`, with the vision
/// and the difference.
fn too_close(palette: &Palette) -> Vec<String> {
    let mut faults = Vec::new();
    for &(a, b) in TELLS_APART {
        for (vision, matrix) in VISIONS {
            let difference = seen(palette.get(a), matrix).difference(seen(palette.get(b), matrix));
            if difference < LEAST_DIFFERENCE {
                faults.push(format!("{a:?} and {b:?}: ΔE {difference:.1} with {vision}"));
            }
        }
    }
    faults
}

#[test]
fn each_palette_keeps_its_pairs_apart_for_every_colour_vision() {
    for choice in PaletteChoice::ALL {
        let faults = too_close(choice.palette());
        assert!(faults.is_empty(), "{choice:?}:\n{}", faults.join("\n"));
    }
}

#[test]
fn the_check_finds_a_palette_that_lets_players_run_together() {
    // Today's N blue beside the old fourth player's purple: apart for most eyes, one colour
    // with deuteranopia (ΔE 2.4).
    let old = Palette {
        player_n: Color::srgb(0.24, 0.55, 0.88),
        player_4: Color::srgb(0.62, 0.40, 0.82),
        ..STANDARD
    };
    let faults = too_close(&old);
    assert!(
        faults
            .iter()
            .any(|f| f.starts_with("PlayerN and Player4") && f.ends_with("deuteranopia")),
        "{faults:?}"
    );
}

/// `color` drawn over the window's background when it is not opaque.
fn on_background(color: Color, palette: &Palette) -> Srgb<f32> {
    let (top, under) = (color.to_srgba(), palette.background.to_srgba());
    let a = top.alpha;
    Srgb::new(
        top.red * a + under.red * (1.0 - a),
        top.green * a + under.green * (1.0 - a),
        top.blue * a + under.blue * (1.0 - a),
    )
}

#[test]
fn every_text_reads_on_what_it_is_drawn_on() {
    for choice in PaletteChoice::ALL {
        let palette = choice.palette();
        let faults: Vec<String> = TEXT_ON
            .iter()
            .filter_map(|&(text, under)| {
                let contrast = srgb(palette.get(text))
                    .relative_contrast(on_background(palette.get(under), palette));
                (contrast < choice.least_contrast())
                    .then(|| format!("{text:?} on {under:?}: {contrast:.2}:1"))
            })
            .collect();
        assert!(faults.is_empty(), "{choice:?}:\n{}", faults.join("\n"));
    }
}

#[test]
fn the_window_can_be_repainted_both_ways_without_losing_a_colour() {
    let mut faults = Vec::new();
    for &role in Role::ALL {
        let standard = STANDARD.get(role).to_srgba();
        let high = repaint(STANDARD.get(role), &STANDARD, &HIGH_CONTRAST).map(|c| c.to_srgba());
        // Each colour of a role goes to that role's colour in the other palette and back.
        if high != Some(HIGH_CONTRAST.get(role).to_srgba()) {
            faults.push(format!("{role:?} goes to {high:?}"));
            continue;
        }
        let high = HIGH_CONTRAST.get(role);
        let back = repaint(high, &HIGH_CONTRAST, &STANDARD).map(|c| c.to_srgba());
        if back != Some(standard) {
            faults.push(format!("{role:?} comes back as {back:?}"));
        }
        // A colour already repainted is left as it is when the window looks for standard
        // colours to repaint again.
        if let Some(again) = repaint(high, &STANDARD, &HIGH_CONTRAST)
            && again.to_srgba() != high.to_srgba()
        {
            faults.push(format!("{role:?} is repainted again to {again:?}"));
        }
    }
    assert!(faults.is_empty(), "{}", faults.join("\n"));
    // Transparency is the drawn colour's own.
    let trail = STANDARD.last_move.with_alpha(0.55);
    let repainted = repaint(trail, &STANDARD, &HIGH_CONTRAST).expect("a role's colour");
    assert!((repainted.alpha() - 0.55).abs() < 1e-6);
    assert_eq!(
        repaint(Color::srgb(0.5, 0.25, 0.125), &STANDARD, &HIGH_CONTRAST),
        None
    );
}
