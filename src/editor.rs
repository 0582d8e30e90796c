//! The board editor's model: a layout being edited, the edits a designer makes, undo and
//! redo, the checks shown as the board changes, and the RON file it saves. Plain Rust: the
//! window's editor screen (`app::editor`) turns clicks into [`Edit`]s and draws a [`Draft`];
//! the tests drive it directly.
//!
//! A draft holds a [`Layout`] as the loader reads it, so what is saved is what is played:
//! [`Draft::save_text`] is refused while [`crate::layout::validate`] refuses the layout, and
//! the text it gives parses back to the same layout.

use std::path::{Path, PathBuf};

use crate::layout::{
    self, CaveLayout, Layout, LayoutError, LayoutFault, PatolliEnds, PatolliLayout, PatolliPlayers,
    PenguinsLayout,
};
use crate::rules::GameKind;
use crate::rules::patolli::{
    Dice, FirstPlayer, GridCell, MAX_BEANS, MAX_GRID, MAX_PLAYERS, Overshoot, Player, TrackError,
};
use crate::rules::penguins::{Generator, Grid, MAX_FISH, Pos};

/// The first line of every file the editor saves; the file's other comments are not kept.
pub const HEADER: &str =
    "// Written by Tablero's board editor (`tablero edit`): saving there rewrites this file.";

/// The fewest squares a side of the Patolli drawing grid has.
pub const MIN_GRID_SIDE: u16 = 8;
/// The most squares a side of the Patolli drawing grid has: the grid the loader allows a
/// track on ([`MAX_GRID`] is its last row and column), so every track it accepts is drawn.
pub const MAX_GRID_SIDE: u16 = MAX_GRID + 1;
/// The drawing grid's side for a new Patolli board.
pub const DEFAULT_GRID_SIDE: u16 = 16;
pub use crate::layout::MAX_FIXED_SIDE;
use crate::layout::{MAX_DRAWN_SIDE, MAX_WATER, MIN_DRAWN_SIDE, MIN_FIXED_SIDE};

/// A mark a Patolli square can carry besides being on the track.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Mark {
    /// A middle square: captures happen there.
    Middle,
    /// An arm end: ending a move there grants another roll.
    ArmEnd,
    /// A triangle, drawn only.
    Triangle,
}

impl Mark {
    /// Every mark.
    pub const ALL: [Mark; 3] = [Mark::Middle, Mark::ArmEnd, Mark::Triangle];
}

/// One change a designer makes to a draft. An edit that does not apply to the draft's game,
/// or changes nothing, is ignored (and leaves no step to undo).
#[derive(Debug, Clone, PartialEq)]
pub enum Edit {
    /// Patolli: a square not on the track joins it at the end; a square on it leaves it.
    ToggleSquare(GridCell),
    /// Patolli: a square not on the track joins it at the end (a drag adds squares so).
    AddSquare(GridCell),
    /// Patolli: the track runs the other way round.
    Reverse,
    /// Patolli: the track starts (index 0) at this square, keeping its order.
    RestartAt(GridCell),
    /// Patolli: this square gains or loses the mark.
    ToggleMark(Mark, GridCell),
    /// Patolli: the player's pieces enter the track at this square.
    PlaceStart(Player, GridCell),
    /// Patolli: the player's pieces score at this square.
    PlaceEnd(Player, GridCell),
    /// Patolli: the board seats 2, 3 or 4 players.
    Players(usize),
    /// Patolli: who moves first.
    FirstPlayer(FirstPlayer),
    /// Patolli: the dice.
    Dice(Dice),
    /// Patolli: what a roll past the end square does.
    Overshoot(Overshoot),
    /// Patolli: no square on the track.
    ClearTrack,
    /// Patolli: the drawing grid's side (kept within the track and
    /// [`MIN_GRID_SIDE`]..=[`MAX_GRID_SIDE`]).
    GridSide(u16),
    /// Penguins: rows of a drawn board.
    Rows(u16),
    /// Penguins: columns of a drawn board.
    Cols(u16),
    /// Penguins: the share of water on a drawn board, in hundredths.
    WaterPercent(u32),
    /// Penguins: the weight of floes with 1, 2 or 3 fish (`.0` is 0, 1 or 2).
    FishWeight(usize, u32),
    /// Penguins: square fields or hexagonal floes.
    Grid(Grid),
    /// Penguins: a fixed board, starting from the one the generator draws from this seed.
    PaintFrom(u64),
    /// Penguins: boards drawn from a seed again (the painted board is dropped).
    DrawnBoards,
    /// Penguins: a painted field holds this many fish (0 is water).
    Paint(Pos, u8),
    /// Penguins: the painted board's rows and columns (new fields hold one fish).
    FixedSize(usize, usize),
    /// Magnetic Cave: its columns.
    Width(u32),
    /// Magnetic Cave: its rows.
    Height(u32),
    /// Magnetic Cave: bricks in a line to win.
    WinLength(u32),
    /// Any game: the board's name in the menu (empty: the file's name), at most
    /// [`MAX_NAME`] characters.
    Name(String),
}

/// The most characters a board's name keeps.
pub const MAX_NAME: usize = 60;

/// Where a problem of the board shows in the editor.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Spot {
    /// Patolli squares of the drawing grid.
    Squares(Vec<GridCell>),
    /// A field of the panel, by its layout name (`players`, `dice`, `width`, …).
    Field(&'static str),
}

/// Something that keeps the board from making a game, and where it shows.
#[derive(Debug, Clone, PartialEq)]
pub struct Problem {
    /// What is wrong, as the loader finds it (its `Display` is the loader's English; the
    /// window words it in its language).
    pub fault: LayoutFault,
    /// Where it shows.
    pub spot: Spot,
}

/// A layout being edited, with its undo and redo steps.
#[derive(Debug, Clone, PartialEq)]
pub struct Draft {
    layout: Layout,
    grid_side: u16,
    undo: Vec<(Layout, u16)>,
    redo: Vec<(Layout, u16)>,
}

impl Draft {
    /// A new board of `game`: the classic cave, Penguins' default generator, or a Patolli
    /// board with no square yet (L and N seated).
    pub fn new(game: GameKind) -> Draft {
        let layout = match game {
            GameKind::MagneticCave => Layout::MagneticCave(CaveLayout {
                name: String::new(),
                width: 8,
                height: 8,
                win_length: 5,
            }),
            GameKind::Patolli => Layout::Patolli(PatolliLayout {
                name: String::new(),
                track: Vec::new(),
                middle: Vec::new(),
                arm_ends: Vec::new(),
                triangles: Vec::new(),
                players: PatolliPlayers {
                    l: PatolliEnds { start: 0, end: 0 },
                    n: PatolliEnds { start: 0, end: 0 },
                    g: None,
                    m: None,
                },
                rules: Default::default(),
            }),
            GameKind::Penguins => {
                let g = Generator::default();
                Layout::Penguins(PenguinsLayout {
                    name: String::new(),
                    rows: g.rows,
                    cols: g.cols,
                    water: g.water,
                    fish_weights: g.fish_weights,
                    board: None,
                    grid: g.grid,
                })
            }
        };
        Draft::of(layout)
    }

    /// A draft of `layout`, which the editor can draw ([`Draft::open`] checks that).
    fn of(layout: Layout) -> Draft {
        let grid_side = match &layout {
            Layout::Patolli(board) => grid_side_for(&board.track).unwrap_or(MAX_GRID_SIDE),
            _ => DEFAULT_GRID_SIDE,
        };
        Draft {
            layout,
            grid_side,
            undo: Vec::new(),
            redo: Vec::new(),
        }
    }

    /// The draft of the layout file `file` with text `text`. A layout that makes no game is
    /// opened all the same (its problems are shown); one the editor cannot draw is refused.
    ///
    /// # Errors
    /// [`LayoutError`] at the file's line and column: a syntax error, an unknown field, or a
    /// layout the editor cannot draw (a Patolli square twice or beyond the drawing grid, a
    /// special square off the track, a fixed Penguins board that is not a rectangle of digits
    /// 0 to 3, or of more than [`MAX_FIXED_SIDE`] a side).
    pub fn open(file: &str, text: &str) -> Result<Draft, LayoutError> {
        let layout: Layout = layout::read_ron(file, text)?;
        undrawable(&layout).map_or(Ok(Draft::of(layout)), |fault| {
            let (line, column) = layout::locate_field(text, fault.field());
            Err(LayoutError {
                file: file.to_string(),
                line,
                column,
                problem: layout::LayoutProblem::Undrawable(fault),
            })
        })
    }

    /// The layout as it stands.
    pub fn layout(&self) -> &Layout {
        &self.layout
    }

    /// The game the board is for.
    pub fn game(&self) -> GameKind {
        self.layout.game()
    }

    /// The board's name as typed (empty: the menu shows the file's name).
    pub fn name(&self) -> &str {
        match &self.layout {
            Layout::MagneticCave(cave) => &cave.name,
            Layout::Patolli(board) => &board.name,
            Layout::Penguins(penguins) => &penguins.name,
        }
    }

    /// Squares a side of the Patolli drawing grid.
    pub fn grid_side(&self) -> u16 {
        self.grid_side
    }

    /// Makes `edit`; returns whether the board changed (only then can it be undone).
    pub fn apply(&mut self, edit: &Edit) -> bool {
        let before = (self.layout.clone(), self.grid_side);
        apply_edit(&mut self.layout, &mut self.grid_side, edit);
        if (&self.layout, self.grid_side) == (&before.0, before.1) {
            return false;
        }
        self.undo.push(before);
        self.redo.clear();
        true
    }

    /// Takes back the last edit; returns whether there was one.
    pub fn undo(&mut self) -> bool {
        let step = self.undo.pop();
        self.step_to(step, false)
    }

    /// Makes again the last edit taken back; returns whether there was one.
    pub fn redo(&mut self) -> bool {
        let step = self.redo.pop();
        self.step_to(step, true)
    }

    /// Goes to `step` (taken off the undo or, `redoing`, the redo steps), keeping the board as
    /// it was on the other steps.
    fn step_to(&mut self, step: Option<(Layout, u16)>, redoing: bool) -> bool {
        let Some((layout, grid_side)) = step else {
            return false;
        };
        let now = (
            std::mem::replace(&mut self.layout, layout),
            std::mem::replace(&mut self.grid_side, grid_side),
        );
        match redoing {
            true => self.undo.push(now),
            false => self.redo.push(now),
        }
        true
    }

    /// Whether there is an edit to undo, and one to redo.
    pub fn history(&self) -> (bool, bool) {
        (!self.undo.is_empty(), !self.redo.is_empty())
    }

    /// What keeps the board from making a game, each with where it shows: every fault the
    /// loader finds ([`layout::faults`]), in its order.
    pub fn problems(&self) -> Vec<Problem> {
        let mut problems: Vec<Problem> = Vec::new();
        for fault in layout::faults(&self.layout) {
            let problem = self.problem_of(&fault);
            if !problems.contains(&problem) {
                problems.push(problem);
            }
        }
        problems
    }

    /// `fault` placed on the squares or the panel field it concerns.
    fn problem_of(&self, fault: &LayoutFault) -> Problem {
        let cells = |indices: &[usize]| match &self.layout {
            Layout::Patolli(board) => indices
                .iter()
                .filter_map(|&i| board.track.get(i).copied())
                .collect(),
            _ => Vec::new(),
        };
        let spot = match fault {
            LayoutFault::Track(TrackError::NotAdjacent { a, b, .. }) => Spot::Squares(vec![*a, *b]),
            LayoutFault::Track(
                TrackError::Repeated { cell, .. } | TrackError::OffGrid { cell, .. },
            ) => Spot::Squares(vec![*cell]),
            LayoutFault::Track(TrackError::StartIsEnd(player)) => match &self.layout {
                Layout::Patolli(board) => Spot::Squares(cells(
                    &board
                        .players
                        .seated()
                        .iter()
                        .filter(|(p, _)| p == player)
                        .map(|(_, e)| e.start)
                        .collect::<Vec<_>>(),
                )),
                _ => Spot::Field("players"),
            },
            LayoutFault::Track(
                TrackError::SharedStart(_, _, index) | TrackError::EndOnOpponentStart(_, index, _),
            ) => Spot::Squares(cells(&[*index])),
            other => Spot::Field(other.field()),
        };
        Problem {
            fault: fault.clone(),
            spot,
        }
    }

    /// The file text to save: the editor's header, then the layout.
    ///
    /// # Errors
    /// Why the board makes no game (the loader's words): nothing is saved then.
    pub fn save_text(&self) -> Result<String, LayoutFault> {
        layout::validate(&self.layout)?;
        Ok(layout_text(&self.layout))
    }
}

/// The drawing grid's side that holds `track`, or `None` when it is too wide to draw.
fn grid_side_for(track: &[GridCell]) -> Option<u16> {
    let extent = track.iter().map(|c| c.0.max(c.1) + 1).max().unwrap_or(0);
    (extent <= MAX_GRID_SIDE).then_some(extent.max(DEFAULT_GRID_SIDE))
}

/// The first fault of `layout` the editor cannot draw (a Patolli square twice or off the grid,
/// a special square off the track, a painted Penguins board that is not a rectangle of digits
/// 0 to 3 within [`MAX_FIXED_SIDE`] a side); `None` when it can draw it, faults or not.
fn undrawable(layout: &Layout) -> Option<LayoutFault> {
    let track_len = match layout {
        Layout::Patolli(board) => board.track.len(),
        _ => 0,
    };
    layout::faults(layout)
        .into_iter()
        .find(|fault| match fault {
            LayoutFault::Track(TrackError::Repeated { .. } | TrackError::OffGrid { .. }) => true,
            LayoutFault::Track(TrackError::OffTrack { field, .. }) => {
                *field != "players" || track_len > 0
            }
            LayoutFault::BoardSize { rows, cols } => {
                *rows > MAX_FIXED_SIDE || *cols > MAX_FIXED_SIDE
            }
            LayoutFault::RowLength { .. } | LayoutFault::Fish { .. } => true,
            _ => false,
        })
}

/// Makes `edit` on `layout` (and the Patolli drawing grid's side).
fn apply_edit(layout: &mut Layout, grid_side: &mut u16, edit: &Edit) {
    if let Edit::Name(name) = edit {
        let field = match layout {
            Layout::MagneticCave(cave) => &mut cave.name,
            Layout::Patolli(board) => &mut board.name,
            Layout::Penguins(penguins) => &mut penguins.name,
        };
        *field = name
            .chars()
            .filter(|c| !c.is_control())
            .take(MAX_NAME)
            .collect();
        return;
    }
    match layout {
        Layout::Patolli(board) => edit_patolli(board, grid_side, edit),
        Layout::Penguins(penguins) => edit_penguins(penguins, edit),
        Layout::MagneticCave(cave) => match *edit {
            Edit::Width(w) => cave.width = w,
            Edit::Height(h) => cave.height = h,
            Edit::WinLength(l) => cave.win_length = l,
            _ => {}
        },
    }
}

/// Every track index a Patolli layout holds (special squares, starts and ends), to renumber.
fn indices_mut(board: &mut PatolliLayout) -> Vec<&mut usize> {
    let PatolliLayout {
        middle,
        arm_ends,
        triangles,
        players,
        ..
    } = board;
    let mut all: Vec<&mut usize> = middle
        .iter_mut()
        .chain(arm_ends.iter_mut())
        .chain(triangles.iter_mut())
        .collect();
    let PatolliPlayers { l, n, g, m } = players;
    for ends in [Some(l), Some(n), g.as_mut(), m.as_mut()]
        .into_iter()
        .flatten()
    {
        all.push(&mut ends.start);
        all.push(&mut ends.end);
    }
    all
}

fn edit_patolli(board: &mut PatolliLayout, grid_side: &mut u16, edit: &Edit) {
    let find = |board: &PatolliLayout, cell: GridCell| board.track.iter().position(|&c| c == cell);
    let on_grid = |cell: GridCell| cell.0 < *grid_side && cell.1 < *grid_side;
    match *edit {
        Edit::ToggleSquare(cell) => match find(board, cell) {
            Some(i) => remove_square(board, i),
            None if on_grid(cell) => board.track.push(cell),
            None => {}
        },
        Edit::AddSquare(cell) if find(board, cell).is_none() && on_grid(cell) => {
            board.track.push(cell);
        }
        Edit::Reverse => {
            let n = board.track.len();
            board.track.reverse();
            for index in indices_mut(board) {
                if *index < n {
                    *index = n - 1 - *index;
                }
            }
            sort_marks(board);
        }
        Edit::RestartAt(cell) => {
            if let Some(k) = find(board, cell) {
                let n = board.track.len();
                board.track.rotate_left(k);
                for index in indices_mut(board) {
                    *index = (*index + n - k) % n;
                }
                sort_marks(board);
            }
        }
        Edit::ToggleMark(mark, cell) => {
            if let Some(i) = find(board, cell) {
                let list = match mark {
                    Mark::Middle => &mut board.middle,
                    Mark::ArmEnd => &mut board.arm_ends,
                    Mark::Triangle => &mut board.triangles,
                };
                match list.iter().position(|&j| j == i) {
                    Some(at) => {
                        list.remove(at);
                    }
                    None => {
                        list.push(i);
                        list.sort_unstable();
                    }
                }
            }
        }
        Edit::PlaceStart(player, cell) | Edit::PlaceEnd(player, cell) => {
            let Some(i) = find(board, cell) else {
                return;
            };
            let players = &mut board.players;
            let ends = match player {
                Player::L => Some(&mut players.l),
                Player::N => Some(&mut players.n),
                Player::G => players.g.as_mut(),
                Player::M => players.m.as_mut(),
            };
            if let Some(ends) = ends {
                match edit {
                    Edit::PlaceStart(..) => ends.start = i,
                    _ => ends.end = i,
                }
            }
        }
        Edit::Players(count) => {
            let count = count.clamp(2, MAX_PLAYERS);
            let seat = |k: usize| {
                let n = board.track.len().max(1);
                let start = (k * n / 4 + 1) % n;
                PatolliEnds {
                    start,
                    end: (start + 2 * n - 2) % n,
                }
            };
            let (g, m) = (seat(2), seat(3));
            board.players.g = (count >= 3).then(|| board.players.g.unwrap_or(g));
            board.players.m = (count >= 4).then(|| board.players.m.unwrap_or(m));
            let seated = |p: FirstPlayer| match p {
                FirstPlayer::G => count >= 3,
                FirstPlayer::M => count >= 4,
                _ => true,
            };
            if !seated(board.rules.first_player) {
                board.rules.first_player = FirstPlayer::L;
            }
        }
        Edit::FirstPlayer(first) => board.rules.first_player = first,
        Edit::Dice(dice) => {
            board.rules.dice = match dice {
                Dice::Beans(n) => Dice::Beans(n.clamp(1, MAX_BEANS)),
                uniform => uniform,
            }
        }
        Edit::Overshoot(overshoot) => board.rules.overshoot = overshoot,
        Edit::ClearTrack => {
            board.track.clear();
            board.middle.clear();
            board.arm_ends.clear();
            board.triangles.clear();
            for index in indices_mut(board) {
                *index = 0;
            }
        }
        Edit::GridSide(side) => {
            let needed = board
                .track
                .iter()
                .map(|c| c.0.max(c.1) + 1)
                .max()
                .unwrap_or(0);
            *grid_side = side.clamp(MIN_GRID_SIDE.max(needed), MAX_GRID_SIDE);
        }
        _ => {}
    }
}

/// Takes square `i` off the track: the marks on it go, later indices move down one, and a
/// start or end on it moves to the square that followed it.
fn remove_square(board: &mut PatolliLayout, i: usize) {
    board.track.remove(i);
    let n = board.track.len();
    for list in [&mut board.middle, &mut board.arm_ends, &mut board.triangles] {
        list.retain(|&j| j != i);
    }
    for index in indices_mut(board) {
        if *index > i {
            *index -= 1;
        }
        if *index >= n {
            *index = 0;
        }
    }
}

/// Keeps the special squares' lists in track order, as the shipped files write them.
fn sort_marks(board: &mut PatolliLayout) {
    board.middle.sort_unstable();
    board.arm_ends.sort_unstable();
    board.triangles.sort_unstable();
}

fn edit_penguins(penguins: &mut PenguinsLayout, edit: &Edit) {
    match *edit {
        Edit::Rows(rows) => penguins.rows = rows,
        Edit::Cols(cols) => penguins.cols = cols,
        Edit::WaterPercent(percent) => penguins.water = f64::from(percent.min(100)) / 100.0,
        Edit::FishWeight(fish, weight) => {
            if let Some(w) = penguins.fish_weights.get_mut(fish) {
                *w = weight;
            }
        }
        Edit::Grid(grid) => penguins.grid = grid,
        Edit::PaintFrom(seed) => {
            if penguins.board.is_some() {
                return;
            }
            let generator = Generator {
                rows: penguins.rows.clamp(MIN_DRAWN_SIDE, MAX_DRAWN_SIDE),
                cols: penguins.cols.clamp(MIN_DRAWN_SIDE, MAX_DRAWN_SIDE),
                water: penguins.water.clamp(0.0, MAX_WATER),
                fish_weights: if penguins.fish_weights.iter().any(|&w| w > 0) {
                    penguins.fish_weights.map(|w| w.min(1000))
                } else {
                    Generator::default().fish_weights
                },
                grid: penguins.grid,
            };
            if let Layout::Penguins(drawn) = Layout::of_penguins_board(&generator.generate(seed, 2))
            {
                penguins.board = drawn.board;
            }
        }
        Edit::DrawnBoards => penguins.board = None,
        Edit::Paint(pos, fish) => {
            let fish = char::from(b'0' + fish.min(MAX_FISH));
            if let Some(row) = penguins
                .board
                .as_mut()
                .and_then(|rows| rows.get_mut(usize::from(pos.row)))
            {
                let mut cells: Vec<char> = row.trim().chars().collect();
                if let Some(cell) = cells.get_mut(usize::from(pos.col)) {
                    *cell = fish;
                    *row = cells.into_iter().collect();
                }
            }
        }
        Edit::FixedSize(rows, cols) => {
            let sides = (MIN_FIXED_SIDE, MAX_FIXED_SIDE);
            let (rows, cols) = (rows.clamp(sides.0, sides.1), cols.clamp(sides.0, sides.1));
            if let Some(board) = penguins.board.as_mut() {
                board.resize(rows, "1".repeat(cols));
                for row in board.iter_mut() {
                    let mut cells: Vec<char> = row.trim().chars().collect();
                    cells.resize(cols, '1');
                    *row = cells.into_iter().collect();
                }
            }
        }
        _ => {}
    }
}

/// The saved text of `layout`: the header, then the RON value, a Patolli track ten squares a
/// line and a painted Penguins board a row a line.
pub fn layout_text(layout: &Layout) -> String {
    let pretty = ron::ser::PrettyConfig::new()
        .compact_arrays(true)
        .extensions(
            ron::extensions::Extensions::UNWRAP_VARIANT_NEWTYPES
                | ron::extensions::Extensions::IMPLICIT_SOME,
        );
    let body = match ron::ser::to_string_pretty(layout, pretty) {
        Ok(text) => text,
        // Every field is plain data; serialising cannot fail.
        Err(e) => format!("// cannot write the layout: {e}"),
    };
    let mut out = format!("{HEADER}\n");
    for line in body.lines() {
        match wrapped(line) {
            Some(lines) => out.push_str(&lines),
            None => {
                out.push_str(line);
                out.push('\n');
            }
        }
    }
    out
}

/// A long `track: [...]` or `board: [...]` line written over several lines.
fn wrapped(line: &str) -> Option<String> {
    let indent = &line[..line.len() - line.trim_start().len()];
    let code = line.trim_start();
    let (open, close, per_line) = if code.starts_with("track: [") {
        ("track: [", "],", 10)
    } else if code.starts_with("board: [") {
        ("board: [", "],", 1)
    } else {
        return None;
    };
    let inner = code.strip_prefix(open)?.strip_suffix(close)?;
    let items = split_items(inner);
    if items.len() <= per_line.max(2) && per_line > 1 {
        return None;
    }
    let mut out = format!("{indent}{open}\n");
    for chunk in items.chunks(per_line) {
        out.push_str(&format!("{indent}    {},\n", chunk.join(", ")));
    }
    out.push_str(&format!("{indent}{close}\n"));
    Some(out)
}

/// The top-level items of a RON list's inside, split at commas outside brackets and strings.
fn split_items(inner: &str) -> Vec<String> {
    let (mut items, mut depth, mut quoted, mut current) = (Vec::new(), 0i32, false, String::new());
    for ch in inner.chars() {
        match ch {
            '"' => quoted = !quoted,
            '(' | '[' if !quoted => depth += 1,
            ')' | ']' if !quoted => depth -= 1,
            ',' if !quoted && depth == 0 => {
                items.push(current.trim().to_string());
                current.clear();
                continue;
            }
            _ => {}
        }
        current.push(ch);
    }
    if !current.trim().is_empty() {
        items.push(current.trim().to_string());
    }
    items
}

/// Where the editor saves the board opened from `path`: the file itself, or for a built-in
/// board a copy under a new name (`NAME-edited.ron`, `NAME-edited-2.ron`, …) in `./levels`,
/// or in `levels/` of the user's data folder when there is no `./levels`.
pub fn save_path(path: &Path, user_data: Option<&Path>) -> PathBuf {
    if crate::levels::built_in_at(path).is_none() {
        return path.to_path_buf();
    }
    let folder = match (Path::new("levels").is_dir(), user_data) {
        (false, Some(data)) => data.join("levels"),
        _ => PathBuf::from("levels"),
    };
    let stem = path
        .file_stem()
        .map(|s| s.to_string_lossy().into_owned())
        .unwrap_or_else(|| "board".to_string());
    free_file(&folder, &format!("{stem}-edited"))
}

/// `STEM.ron` in `folder`, or the first of `STEM-2.ron`, `STEM-3.ron`, … that is not there.
pub fn free_file(folder: &Path, stem: &str) -> PathBuf {
    (1..)
        .map(|k| match k {
            1 => folder.join(format!("{stem}.ron")),
            k => folder.join(format!("{stem}-{k}.ron")),
        })
        .find(|candidate| !candidate.exists())
        .unwrap_or_else(|| folder.join(format!("{stem}.ron")))
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The ring round three rows of six squares: 14 squares, more than two players' pieces.
    fn square_track() -> Vec<GridCell> {
        let mut cells: Vec<GridCell> = (0..6).map(|c| (0, c)).collect();
        cells.push((1, 5));
        cells.extend((0..6).rev().map(|c| (2, c)));
        cells.push((1, 0));
        cells
    }

    fn drawn(cells: &[GridCell]) -> Draft {
        let mut draft = Draft::new(GameKind::Patolli);
        for &cell in cells {
            draft.apply(&Edit::ToggleSquare(cell));
        }
        draft
    }

    #[test]
    fn a_clicked_track_with_two_players_saves_and_loads() {
        let mut draft = drawn(&square_track());
        assert!(draft.save_text().is_err(), "both players start on square 0");
        draft.apply(&Edit::PlaceStart(Player::L, (0, 1)));
        draft.apply(&Edit::PlaceEnd(Player::L, (0, 0)));
        draft.apply(&Edit::PlaceStart(Player::N, (2, 1)));
        draft.apply(&Edit::PlaceEnd(Player::N, (2, 2)));
        draft.apply(&Edit::ToggleMark(Mark::Middle, (0, 2)));
        let text = draft.save_text().expect("a game");
        assert!(text.starts_with(HEADER), "{text}");
        let Ok(layout::GameSetup::Patolli(setup)) = layout::parse("t.ron", text.as_bytes()) else {
            panic!("{text}");
        };
        assert_eq!(setup.track.cells(), square_track());
        assert_eq!(
            Draft::open("t.ron", &text).map(|d| d.layout().clone()),
            Ok(draft.layout().clone())
        );
    }

    #[test]
    fn removing_reversing_and_restarting_keep_the_marks_on_their_squares() {
        let mut draft = drawn(&square_track());
        draft.apply(&Edit::ToggleMark(Mark::ArmEnd, (2, 2)));
        draft.apply(&Edit::PlaceStart(Player::N, (2, 1)));
        let marked = |d: &Draft| match d.layout() {
            Layout::Patolli(b) => (
                b.arm_ends.iter().map(|&i| b.track[i]).collect::<Vec<_>>(),
                b.track[b.players.n.start],
            ),
            _ => unreachable!(),
        };
        for edit in [
            Edit::Reverse,
            Edit::RestartAt((2, 0)),
            Edit::ToggleSquare((0, 0)),
        ] {
            draft.apply(&edit);
            assert_eq!(marked(&draft), (vec![(2, 2)], (2, 1)), "after {edit:?}");
        }
        assert!(draft.undo() && draft.undo() && draft.undo());
        assert_eq!(draft.layout(), drawn_marked().layout());
        assert!(draft.redo());
        let Layout::Patolli(board) = draft.layout() else {
            unreachable!()
        };
        assert_eq!(board.track[0], (1, 0), "reversed");
    }

    fn drawn_marked() -> Draft {
        let mut draft = drawn(&square_track());
        draft.apply(&Edit::ToggleMark(Mark::ArmEnd, (2, 2)));
        draft.apply(&Edit::PlaceStart(Player::N, (2, 1)));
        draft
    }

    #[test]
    fn problems_point_at_the_squares() {
        let draft = drawn(&[(0, 0), (0, 1), (0, 2), (1, 2), (2, 2), (2, 0)]);
        let spots: Vec<Spot> = draft.problems().into_iter().map(|p| p.spot).collect();
        assert!(
            spots.contains(&Spot::Squares(vec![(2, 2), (2, 0)])),
            "{spots:?}"
        );
        assert!(
            spots.contains(&Spot::Squares(vec![(2, 0), (0, 0)])),
            "{spots:?}"
        );
    }

    #[test]
    fn files_the_editor_cannot_draw_are_refused_at_their_field() {
        let text = "Patolli(\n  track: [(0, 0), (0, 70)],\n  middle: [],\n  arm_ends: [],\n  players: (L: (start: 0, end: 1), N: (start: 1, end: 0)),\n)";
        let error = Draft::open("x.ron", text).expect_err("off the grid");
        assert_eq!((error.line, error.column), (2, 10), "{error}");
        let ragged = "Penguins(board: Some([\"123\", \"12\"]))";
        assert!(Draft::open("p.ron", ragged).is_err());
        assert!(
            Draft::open("p.ron", "Penguins(rows: 40)").is_ok(),
            "shown with its problem"
        );
    }

    #[test]
    fn a_built_in_board_is_saved_as_a_copy() {
        let path = save_path(Path::new("<built-in>/patolli.ron"), None);
        assert!(path.ends_with("patolli-edited.ron"), "{}", path.display());
        assert_eq!(
            save_path(Path::new("mine.ron"), None),
            Path::new("mine.ron")
        );
    }
}
