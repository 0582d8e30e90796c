//! The colours the window draws in, as data: the standard palette and a high-contrast one, the
//! pairs of colours that tell things apart on a board (checked for colour-blind players by
//! `tests/it/palettes.rs`) and the pairs of text on its background (checked for contrast).
//!
//! Everything is drawn in the standard palette's colours (`theme`'s constants); when the player
//! chooses another palette, [`plugin`] repaints every colour of the standard palette it finds
//! in that palette's colour for the same role, at once and again whenever something is
//! recoloured, before the frame is drawn.

use bevy::prelude::*;
use serde::{Deserialize, Serialize};

/// Declares [`Palette`] (a colour for each role) and [`Role`] (the roles) from one list.
macro_rules! palette {
    ($($(#[$doc:meta])* $field:ident => $role:ident,)*) => {
        /// A colour for every role the window draws.
        #[derive(Debug, Clone, Copy, PartialEq)]
        pub struct Palette {
            $($(#[$doc])* pub $field: Color,)*
        }

        /// What a colour of a [`Palette`] is for.
        #[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
        pub enum Role {
            $($(#[$doc])* $role,)*
        }

        impl Role {
            /// Every role.
            pub const ALL: &[Role] = &[$(Role::$role,)*];
        }

        impl Palette {
            /// The colour for `role`.
            pub const fn get(&self, role: Role) -> Color {
                match role {
                    $(Role::$role => self.$field,)*
                }
            }
        }
    };
}

palette! {
    /// The window's background.
    background => Background,
    /// The cave's rock floor around the cells.
    cave_floor => CaveFloor,
    /// An empty cell.
    cell => Cell,
    /// An empty cell where the player to move may place a brick.
    legal_cell => LegalCell,
    /// The cells of the winning line; the end-of-game banner's text.
    win_line => WinLine,
    /// The magnetic walls.
    magnet => Magnet,
    /// The steel face of the magnetic walls.
    magnet_steel => MagnetSteel,
    /// Coordinates on the board's edges.
    label => Label,
    /// ■'s fill.
    black_brick => BlackBrick,
    /// ■'s edge.
    black_brick_edge => BlackBrickEdge,
    /// □'s fill.
    white_brick => WhiteBrick,
    /// □'s edge.
    white_brick_edge => WhiteBrickEdge,
    /// Patolli L's and Penguins A's pieces.
    player_l => PlayerL,
    /// Patolli N's and Penguins B's pieces.
    player_n => PlayerN,
    /// The third player's pieces (Patolli G, Penguins C).
    player_3 => Player3,
    /// The fourth player's pieces (Patolli M, Penguins D).
    player_4 => Player4,
    /// Patolli: L's starting square.
    start_l => StartL,
    /// Patolli: N's starting square.
    start_n => StartN,
    /// Patolli: the third player's starting square.
    start_3 => Start3,
    /// Patolli: the fourth player's starting square.
    start_4 => Start4,
    /// The board editor: a grid square not on the track.
    empty_square => EmptySquare,
    /// Patolli: a plain track square.
    square => Square,
    /// Patolli: the thin edge between squares.
    square_edge => SquareEdge,
    /// Patolli: the four middle squares, where captures happen; the rules page's headings.
    middle_square => MiddleSquare,
    /// Patolli: the red arm ends that give another roll.
    arm_end => ArmEnd,
    /// Patolli: the (inert) triangles.
    triangle => Triangle,
    /// A piece's dark rim, and its middle, which carries its letter (in [`Palette::text`]);
    /// the player's colour is the ring between them.
    piece_edge => PieceEdge,
    /// Patolli: the ring around a piece that can move.
    movable => Movable,
    /// The last move's trail: where it started, the way it went, where it ended.
    last_move => LastMove,
    /// The rules page's and the settings page's background.
    rules_page => RulesPage,
    /// The keyboard's cursor.
    key_cursor => KeyCursor,
    /// A hint's way on the board.
    hint => Hint,
    /// The hint's line on the panel.
    hint_text => HintText,
    /// The square a chosen Patolli piece would land on; a floe a penguin may slide to.
    target => Target,
    /// Patolli: a player's card.
    card => Card,
    /// Patolli: the card of the player to move.
    card_active => CardActive,
    /// The end-of-game banner behind the result.
    banner => Banner,
    /// Penguins: open water.
    water => Water,
    /// Penguins: an ice floe.
    ice => Ice,
    /// Penguins: a fish on a floe.
    fish => Fish,
    /// The die's face.
    die_face => DieFace,
    /// The die's pips and the beans' marks.
    pip => Pip,
    /// A bean's plain side.
    bean => Bean,
    /// Ordinary text.
    text => Text,
    /// Quieter text.
    text_dim => TextDim,
    /// Refusals and warnings.
    warning => Warning,
    /// Errors, such as a broken layout file.
    error => Error,
    /// A panel behind text.
    panel => Panel,
    /// A button at rest.
    button => Button,
    /// A button under the pointer.
    button_hover => ButtonHover,
    /// A chosen option.
    button_selected => ButtonSelected,
    /// The AI's remaining time.
    thinking_bar => ThinkingBar,
    /// The analysis graph: an inaccuracy.
    inaccuracy => Inaccuracy,
    /// The analysis graph: a mistake.
    mistake => Mistake,
    /// The analysis graph: a blunder.
    blunder => Blunder,
    /// The analysis graph: a sound decision of the first seat.
    plain_first => PlainFirst,
    /// The analysis graph: a sound decision of the other seats.
    plain_second => PlainSecond,
}

/// The pairs of colours that tell things apart: the players, their starting squares and their
/// marks on every floor they stand on; the cave's bricks, cells and legal cells; ice, water,
/// fish and the floes a penguin may reach; Patolli's squares; the last move, the hint and the
/// keyboard's cursor on every floor; the analysis graph's verdicts. In every palette each pair
/// differs by a CIEDE2000 ΔE of at least [`LEAST_DIFFERENCE`], seen with normal colour vision
/// and with protanopia, deuteranopia and tritanopia simulated (Machado, Oliveira and Fernandes
/// 2009, severity 1).
pub const TELLS_APART: &[(Role, Role)] = {
    use Role::*;
    &[
        // The players, among themselves and on what they stand on.
        (PlayerL, PlayerN),
        (PlayerL, Player3),
        (PlayerL, Player4),
        (PlayerN, Player3),
        (PlayerN, Player4),
        (Player3, Player4),
        (PlayerL, Ice),
        (PlayerN, Ice),
        (Player3, Ice),
        (Player4, Ice),
        (PlayerL, Square),
        (PlayerN, Square),
        (Player3, Square),
        (Player4, Square),
        (PlayerL, MiddleSquare),
        (PlayerN, MiddleSquare),
        (Player3, MiddleSquare),
        (Player4, MiddleSquare),
        (PlayerL, Card),
        (PlayerN, Card),
        (Player3, Card),
        (Player4, Card),
        (PlayerL, CardActive),
        (PlayerN, CardActive),
        (Player3, CardActive),
        (Player4, CardActive),
        (PlayerL, PieceEdge),
        (PlayerN, PieceEdge),
        (Player3, PieceEdge),
        (Player4, PieceEdge),
        // Patolli's starting squares.
        (StartL, StartN),
        (StartL, Start3),
        (StartL, Start4),
        (StartN, Start3),
        (StartN, Start4),
        (Start3, Start4),
        (StartL, Square),
        (StartN, Square),
        (Start3, Square),
        (Start4, Square),
        (StartL, MiddleSquare),
        (StartN, MiddleSquare),
        (Start3, MiddleSquare),
        (Start4, MiddleSquare),
        (StartL, ArmEnd),
        (StartN, ArmEnd),
        (Start3, ArmEnd),
        (Start4, ArmEnd),
        // The cave.
        (BlackBrick, WhiteBrick),
        (BlackBrick, Cell),
        (WhiteBrick, Cell),
        (BlackBrick, LegalCell),
        (WhiteBrick, LegalCell),
        (LegalCell, Cell),
        (WinLine, Cell),
        (WinLine, LegalCell),
        (WinLine, BlackBrick),
        (WinLine, WhiteBrick),
        // Penguins.
        (Ice, Water),
        (Fish, Ice),
        (Target, Ice),
        (Target, Water),
        // Patolli's squares and marks.
        (Square, MiddleSquare),
        (Square, ArmEnd),
        (MiddleSquare, ArmEnd),
        (Movable, Square),
        (Movable, MiddleSquare),
        (Target, Square),
        (Target, MiddleSquare),
        // The last move, the hint and the cursor on every floor.
        (LastMove, Cell),
        (LastMove, LegalCell),
        (LastMove, BlackBrick),
        (LastMove, WhiteBrick),
        (LastMove, Ice),
        (LastMove, Water),
        (LastMove, Square),
        (LastMove, MiddleSquare),
        (Hint, Cell),
        (Hint, LegalCell),
        (Hint, BlackBrick),
        (Hint, WhiteBrick),
        (Hint, Ice),
        (Hint, Water),
        (Hint, Square),
        (Hint, MiddleSquare),
        (Hint, LastMove),
        (KeyCursor, Cell),
        (KeyCursor, LegalCell),
        (KeyCursor, BlackBrick),
        (KeyCursor, Ice),
        (KeyCursor, Water),
        (KeyCursor, Square),
        (KeyCursor, MiddleSquare),
        // The analysis graph.
        (Inaccuracy, Mistake),
        (Inaccuracy, Blunder),
        (Mistake, Blunder),
        (PlainFirst, PlainSecond),
        (Inaccuracy, PlainFirst),
        (Inaccuracy, PlainSecond),
        (Mistake, PlainFirst),
        (Mistake, PlainSecond),
        (Blunder, PlainFirst),
        (Blunder, PlainSecond),
        (Inaccuracy, Panel),
        (Mistake, Panel),
        (Blunder, Panel),
        (PlainFirst, Panel),
        (PlainSecond, Panel),
    ]
};

/// The standard palette: players, floors and marks chosen to stay [`TELLS_APART`] for every
/// colour vision, text at 4.5:1 or more.
pub const STANDARD: Palette = Palette {
    background: Color::srgb(0.09, 0.10, 0.13),
    cave_floor: Color::srgb(0.20, 0.18, 0.16),
    cell: Color::srgb_u8(0x6E, 0x6E, 0x6E),
    legal_cell: Color::srgb_u8(0x27, 0x6C, 0x16),
    win_line: Color::srgb_u8(0xEE, 0xB7, 0x35),
    magnet: Color::srgb(0.72, 0.16, 0.16),
    magnet_steel: Color::srgb(0.74, 0.76, 0.80),
    label: Color::srgb(0.78, 0.76, 0.70),
    black_brick: Color::srgb(0.06, 0.06, 0.07),
    black_brick_edge: Color::srgb(0.42, 0.42, 0.46),
    white_brick: Color::srgb(0.96, 0.95, 0.91),
    white_brick_edge: Color::srgb(0.12, 0.12, 0.13),
    player_l: Color::srgb_u8(0x6C, 0x22, 0x0C),
    player_n: Color::srgb_u8(0x5C, 0x58, 0x7E),
    player_3: Color::srgb_u8(0x47, 0x8C, 0x16),
    player_4: Color::srgb_u8(0xCE, 0x56, 0xF2),
    start_l: Color::srgb_u8(0xD1, 0x5E, 0x23),
    start_n: Color::srgb_u8(0x87, 0xA9, 0xCB),
    start_3: Color::srgb_u8(0x4F, 0x5F, 0x58),
    start_4: Color::srgb_u8(0x8A, 0x51, 0xA1),
    empty_square: Color::srgb(0.17, 0.18, 0.22),
    square: Color::srgb_u8(0x97, 0x91, 0x88),
    square_edge: Color::srgb(0.36, 0.31, 0.24),
    middle_square: Color::srgb_u8(0xFF, 0xC0, 0x00),
    arm_end: Color::srgb_u8(0x91, 0x00, 0x04),
    triangle: Color::srgb(0.30, 0.25, 0.18),
    piece_edge: Color::srgb(0.10, 0.10, 0.12),
    movable: Color::srgb_u8(0x9D, 0xFF, 0xCA),
    last_move: Color::srgb_u8(0x56, 0x00, 0xB5),
    rules_page: Color::srgb(0.11, 0.16, 0.22),
    key_cursor: Color::srgb_u8(0xFF, 0xF5, 0xE6),
    hint: Color::srgb_u8(0x00, 0x8A, 0xD0),
    hint_text: Color::srgb(0.45, 0.85, 0.96),
    target: Color::srgb_u8(0x6A, 0xFF, 0xC9),
    card: Color::srgb_u8(0x1A, 0x1E, 0x2A),
    card_active: Color::srgb_u8(0x1A, 0x1C, 0x33),
    banner: Color::srgba(0.05, 0.05, 0.07, 0.88),
    water: Color::srgb_u8(0x05, 0x14, 0x33),
    ice: Color::srgb_u8(0xBB, 0xC6, 0xDF),
    fish: Color::srgb_u8(0xF1, 0x8D, 0x36),
    die_face: Color::srgb(0.97, 0.95, 0.90),
    pip: Color::srgb(0.12, 0.10, 0.10),
    bean: Color::srgb(0.86, 0.78, 0.62),
    text: Color::srgb(0.92, 0.91, 0.88),
    text_dim: Color::srgb(0.68, 0.68, 0.66),
    warning: Color::srgb(0.98, 0.62, 0.32),
    error: Color::srgb(1.0, 0.45, 0.45),
    panel: Color::srgb(0.14, 0.15, 0.19),
    button: Color::srgb(0.22, 0.24, 0.30),
    button_hover: Color::srgb(0.30, 0.33, 0.42),
    button_selected: Color::srgb(0.17, 0.36, 0.28),
    thinking_bar: Color::srgb(0.36, 0.62, 0.92),
    inaccuracy: Color::srgb_u8(0xFF, 0xE2, 0x4C),
    mistake: Color::srgb_u8(0xD2, 0x7A, 0x23),
    blunder: Color::srgb_u8(0xA7, 0x2E, 0x2D),
    plain_first: Color::srgb_u8(0xC8, 0xCE, 0xCC),
    plain_second: Color::srgb_u8(0x85, 0x85, 0x85),
};

/// The high-contrast palette: the standard board on black panels, text in white and strong
/// colours at 7:1 or more, bricks in pure black and white.
pub const HIGH_CONTRAST: Palette = Palette {
    background: Color::srgb(0.0, 0.0, 0.0),
    cave_floor: Color::srgb(0.02, 0.02, 0.02),
    black_brick: Color::srgb(0.01, 0.01, 0.01),
    black_brick_edge: Color::srgb(0.60, 0.60, 0.62),
    white_brick: Color::srgb(1.0, 1.0, 0.99),
    white_brick_edge: Color::srgb(0.0, 0.0, 0.01),
    label: Color::srgb(0.90, 0.90, 0.90),
    rules_page: Color::srgb(0.0, 0.02, 0.06),
    hint_text: Color::srgb(0.55, 0.90, 1.0),
    card: Color::srgb_u8(0x0C, 0x0C, 0x0E),
    card_active: Color::srgb_u8(0x00, 0x00, 0x24),
    banner: Color::srgba(0.02, 0.02, 0.03, 0.92),
    text: Color::srgb(1.0, 1.0, 1.0),
    text_dim: Color::srgb(0.82, 0.82, 0.82),
    warning: Color::srgb(1.0, 0.74, 0.35),
    error: Color::srgb(1.0, 0.58, 0.58),
    panel: Color::srgb(0.05, 0.05, 0.06),
    button: Color::srgb(0.16, 0.16, 0.18),
    button_hover: Color::srgb(0.26, 0.26, 0.30),
    button_selected: Color::srgb(0.0, 0.32, 0.18),
    thinking_bar: Color::srgb(0.40, 0.70, 1.0),
    ..STANDARD
};

/// The least CIEDE2000 difference between the two colours of a [`TELLS_APART`] pair.
pub const LEAST_DIFFERENCE: f32 = 20.0;

/// Text and what it is drawn on, for the contrast check: at least [`LEAST_CONTRAST`] (WCAG
/// AA) in the standard palette and [`LEAST_HIGH_CONTRAST`] in the high-contrast one.
pub const TEXT_ON: &[(Role, Role)] = {
    use Role::*;
    &[
        (Text, Background),
        (Text, Panel),
        (Text, Button),
        (Text, ButtonHover),
        (Text, ButtonSelected),
        (Text, Card),
        (Text, CardActive),
        (Text, RulesPage),
        (TextDim, Background),
        (TextDim, Panel),
        (TextDim, Button),
        (TextDim, Card),
        (TextDim, CardActive),
        (TextDim, RulesPage),
        (Warning, Background),
        (Warning, Panel),
        (Error, Background),
        (Error, Panel),
        (HintText, Panel),
        (Label, Background),
        (Label, Panel),
        (Label, CaveFloor),
        (Label, Water),
        (MiddleSquare, RulesPage),
        (WinLine, Banner),
        (Text, PieceEdge),
    ]
};

/// The least contrast of text in the standard palette (WCAG AA).
pub const LEAST_CONTRAST: f32 = 4.5;
/// The least contrast of text in the high-contrast palette (WCAG AAA).
pub const LEAST_HIGH_CONTRAST: f32 = 7.0;

/// The palette the window draws in (the settings page's *Palette*).
#[derive(Resource, Debug, Clone, Copy, Default, PartialEq, Eq, Serialize, Deserialize)]
pub enum PaletteChoice {
    /// The standard colours.
    #[default]
    Standard,
    /// Black, white and strong colours, text at 7:1.
    HighContrast,
}

impl PaletteChoice {
    /// Every choice, in the order the settings page shows them.
    pub const ALL: [PaletteChoice; 2] = [PaletteChoice::Standard, PaletteChoice::HighContrast];

    /// Its colours.
    pub fn palette(self) -> &'static Palette {
        match self {
            PaletteChoice::Standard => &STANDARD,
            PaletteChoice::HighContrast => &HIGH_CONTRAST,
        }
    }

    /// The least contrast its text must have against what it is drawn on.
    pub fn least_contrast(self) -> f32 {
        match self {
            PaletteChoice::Standard => LEAST_CONTRAST,
            PaletteChoice::HighContrast => LEAST_HIGH_CONTRAST,
        }
    }
}

/// The colour `color`, drawn in `from`, takes in `to`: that of the first role it is the colour
/// of in `from`, with `color`'s own transparency; `None` when it is no role's colour.
pub fn repaint(color: Color, from: &Palette, to: &Palette) -> Option<Color> {
    let drawn = color.to_srgba();
    Role::ALL.iter().find_map(|&role| {
        let own = from.get(role).to_srgba();
        let same = [
            (own.red, drawn.red),
            (own.green, drawn.green),
            (own.blue, drawn.blue),
        ]
        .iter()
        .all(|(a, b)| (a - b).abs() < 0.5 / 255.0);
        let alpha = if own.alpha > 0.0 {
            drawn.alpha * to.get(role).alpha() / own.alpha
        } else {
            drawn.alpha
        };
        same.then(|| to.get(role).with_alpha(alpha))
    })
}

/// The palette the window is painted in now.
#[derive(Resource, Debug, Clone, Copy, Default, PartialEq, Eq)]
struct PaintedIn(PaletteChoice);

/// Paints the window in the chosen [`PaletteChoice`]: everything at once when the choice
/// changes, and afterwards whatever was given a standard colour this frame.
pub fn plugin(app: &mut App) {
    app.init_resource::<PaletteChoice>();
    app.init_resource::<PaintedIn>();
    app.add_systems(PostUpdate, (repaint_everything, repaint_recoloured).chain());
}

fn repaint_everything(
    choice: Res<PaletteChoice>,
    mut painted: ResMut<PaintedIn>,
    clear: Option<ResMut<ClearColor>>,
    mut backgrounds: Query<&mut BackgroundColor>,
    mut borders: Query<&mut BorderColor>,
    mut texts: Query<&mut TextColor>,
    mut sprites: Query<&mut Sprite>,
) {
    if painted.0 == *choice {
        return;
    }
    let (from, to) = (painted.0.palette(), choice.palette());
    painted.0 = *choice;
    if let Some(mut clear) = clear
        && let Some(color) = repainted(clear.0, from, to)
    {
        clear.0 = color;
    }
    let colors = (&mut backgrounds, &mut borders, &mut texts, &mut sprites);
    paint_all(colors, from, to);
}

fn repaint_recoloured(
    choice: Res<PaletteChoice>,
    mut backgrounds: Query<&mut BackgroundColor, Changed<BackgroundColor>>,
    mut borders: Query<&mut BorderColor, Changed<BorderColor>>,
    mut texts: Query<&mut TextColor, Changed<TextColor>>,
    mut sprites: Query<&mut Sprite, Changed<Sprite>>,
) {
    if *choice != PaletteChoice::Standard {
        let colors = (&mut backgrounds, &mut borders, &mut texts, &mut sprites);
        paint_all(colors, &STANDARD, choice.palette());
    }
}

/// Repaints from `from` to `to` each background, border, text and sprite given; only those
/// whose colour changes are written (and so marked changed).
fn paint_all<'a>(
    (backgrounds, borders, texts, sprites): (
        impl IntoIterator<Item = Mut<'a, BackgroundColor>>,
        impl IntoIterator<Item = Mut<'a, BorderColor>>,
        impl IntoIterator<Item = Mut<'a, TextColor>>,
        impl IntoIterator<Item = Mut<'a, Sprite>>,
    ),
    from: &Palette,
    to: &Palette,
) {
    for mut background in backgrounds {
        if let Some(color) = repainted(background.0, from, to) {
            background.0 = color;
        }
    }
    for mut border in borders {
        let sides = [border.top, border.right, border.bottom, border.left];
        let new = sides.map(|side| repainted(side, from, to).unwrap_or(side));
        if new != sides {
            [border.top, border.right, border.bottom, border.left] = new;
        }
    }
    for mut text in texts {
        if let Some(color) = repainted(text.0, from, to) {
            text.0 = color;
        }
    }
    for mut sprite in sprites {
        if let Some(color) = repainted(sprite.color, from, to) {
            sprite.color = color;
        }
    }
}

/// [`repaint`], when it changes the colour.
fn repainted(color: Color, from: &Palette, to: &Palette) -> Option<Color> {
    repaint(color, from, to).filter(|new| *new != color)
}
