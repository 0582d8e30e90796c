//! The Penguins board on screen: water, ice floes with their fish (one, two or three dots),
//! penguins in their player's colour with its letter. While a human is to move, the floes it
//! may place on, or the floes the chosen penguin can reach, are framed in green. A penguin
//! slides to its new floe and the floe it left sinks. The referee decides every request.

use bevy::picking::events::{Click, Pointer};
use bevy::prelude::*;

use crate::i18n::Tr;

use super::referee::{
    ActionApplied, ActionRequested, Floe, Penguin, PenguinsBoard, PenguinsReferee,
};
use crate::app::keyboard::{KeyAct, KeyboardView};
use crate::app::match_view::{self, Notice};
use crate::app::pieces::{
    Glide, GlidingPiece, Grid, PieceRing, Shown, clicked, make_disc, show_ring, start_glides,
};
use crate::app::shapes::{self, Shapes};
use crate::app::trail::LastMoveView;
use crate::app::{AppSystems, InMotion, Screen, theme, window_position};
use crate::rules::Seat;
use crate::rules::penguins::{Action, Grid as PenguinsGrid, Phase, Pos, State, player_letter};

/// Where the board's centre sits, in world units from the window's centre.
pub const BOARD_CENTER: Vec2 = Vec2::new(-190.0, -10.0);
/// The board's longer side never exceeds this, in pixels.
const BOARD_SPAN: f32 = 620.0;
/// Fields are never larger than this, in pixels.
const MAX_FIELD: f32 = 72.0;
/// Drawing order: water, highlight frames, floes, fish, a sinking floe, penguins.
const WATER_Z: f32 = -1.0;
const FRAME_Z: f32 = 0.0;
const FLOE_Z: f32 = 0.1;
const PENGUIN_Z: f32 = 1.0;
const SINKING_Z: f32 = 0.5;
/// Seconds a penguin takes to slide.
const SLIDE_SECONDS: f32 = 0.3;
/// Seconds a floe takes to sink.
const SINK_SECONDS: f32 = 0.35;

pub(super) fn plugin(app: &mut App) {
    app.add_plugins((
        crate::app::trail::plugin::<State>,
        crate::app::keyboard::plugin::<State>,
    ));
    app.init_resource::<Shapes>();
    app.add_systems(
        PostUpdate,
        |sinking: Query<(), With<Sinking>>, mut motion: ResMut<InMotion>| {
            motion.0 |= !sinking.is_empty();
        },
    );
    app.add_systems(Update, sink_floes.in_set(AppSystems::TickTimers));
    app.add_systems(
        Update,
        (
            decorate_boards,
            decorate_floes,
            decorate_penguins,
            start_glides::<Penguin>,
            start_sinking,
            show_fish_and_frames,
        )
            .chain()
            .in_set(AppSystems::Present)
            .run_if(in_state(Screen::Penguins)),
    );
}

/// Drawing order of the last move's trail: over the floes, under the penguins.
const TRAIL_Z: f32 = 0.3;

impl LastMoveView for State {
    type Board = PenguinsBoard;
    const TRAIL_Z: f32 = TRAIL_Z;

    /// A placement ends on its floe; a slide goes from the floe that sank to the one the
    /// penguin stands on.
    fn trail(board: &PenguinsBoard, _before: &State, action: Action) -> (Vec<Vec2>, f32) {
        let at = |pos| board.position(pos);
        let fields = match action {
            Action::Place(pos) => vec![at(pos)],
            Action::Move { from, to } => vec![at(from), at(to)],
        };
        (fields, board.field_size())
    }
}

impl KeyboardView for State {
    /// Placing: the floes a penguin may go on. Sliding: the penguins that can move, and once
    /// one is chosen, the floes it can reach.
    fn key_targets(
        board: &PenguinsBoard,
        referee: &PenguinsReferee,
        chosen: Option<Pos>,
    ) -> (Vec<(Vec2, KeyAct<State>)>, f32) {
        let at = |pos| board.position(pos);
        let mut targets: Vec<(Vec2, KeyAct<State>)> = Vec::new();
        for action in referee.state().legal_actions() {
            let target = match (action, chosen) {
                (Action::Place(pos), _) => (at(pos), KeyAct::Act(action)),
                (Action::Move { from, to }, Some(penguin)) if from == penguin => {
                    (at(to), KeyAct::Act(action))
                }
                (Action::Move { from, .. }, None) => (at(from), KeyAct::Choose(from)),
                (Action::Move { .. }, Some(_)) => continue,
            };
            if !targets.iter().any(|(_, act)| *act == target.1) {
                targets.push(target);
            }
        }
        (targets, board.field_size())
    }
}

/// Rows of hexagons lie this far apart, in floe widths (the height of a hexagon's side
/// triangle pair: √3 / 2).
const HEX_ROW: f32 = 0.866_025_4;

impl PenguinsBoard {
    /// The square grid of a board of this shape on screen.
    fn square_grid(&self) -> Grid {
        Grid::fitting(BOARD_CENTER, self.rows, self.cols, BOARD_SPAN, MAX_FIELD)
    }

    /// The board's width and height in floe widths: squares side by side, or hexagons in rows
    /// `HEX_ROW` apart with odd rows set half a floe right.
    fn extent_in_fields(&self) -> Vec2 {
        let (rows, cols) = (f32::from(self.rows), f32::from(self.cols));
        match self.grid {
            PenguinsGrid::Square => Vec2::new(cols, rows),
            PenguinsGrid::Hex => Vec2::new(
                cols + if self.rows > 1 { 0.5 } else { 0.0 },
                (rows - 1.0) * HEX_ROW + 1.0 / HEX_ROW,
            ),
        }
    }

    /// The width of one field (a square's side, a hexagon's width across its flat sides), in
    /// pixels.
    pub fn field_size(&self) -> f32 {
        match self.grid {
            PenguinsGrid::Square => self.square_grid().square(),
            PenguinsGrid::Hex => {
                let extent = self.extent_in_fields();
                (BOARD_SPAN / extent.x.max(extent.y).max(1.0)).min(MAX_FIELD)
            }
        }
    }

    /// The board's width and height in pixels.
    pub fn extent(&self) -> Vec2 {
        self.extent_in_fields() * self.field_size()
    }

    /// The world position of field `pos`'s centre.
    pub fn position(&self, pos: Pos) -> Vec2 {
        match self.grid {
            PenguinsGrid::Square => self.square_grid().position(pos.row, pos.col),
            PenguinsGrid::Hex => {
                let size = self.field_size();
                let set_right = if pos.row % 2 == 1 { 0.5 } else { 0.0 };
                let widest = f32::from(self.cols) - if self.rows > 1 { 0.5 } else { 1.0 };
                BOARD_CENTER
                    + Vec2::new(
                        (f32::from(pos.col) + set_right - widest / 2.0) * size,
                        ((f32::from(self.rows) - 1.0) / 2.0 - f32::from(pos.row)) * HEX_ROW * size,
                    )
            }
        }
    }

    /// Where field `pos` is in the window, in pixels from its top-left corner (for xdotool).
    pub fn window_position(&self, pos: Pos) -> Vec2 {
        window_position(self.position(pos))
    }

    /// The sprite of one floe `inset` pixels smaller than its field: a square, or a hexagon
    /// standing on a corner.
    pub fn floe_sprite(&self, shapes: &Shapes, color: Color, inset: f32) -> Sprite {
        let width = self.field_size() - inset;
        match self.grid {
            PenguinsGrid::Square => Sprite::from_color(color, Vec2::splat(width)),
            // The hexagon image spans its corners; its flat sides are HEX_ROW of that apart.
            PenguinsGrid::Hex => {
                shapes::sprite(&shapes.hexagon, color, Vec2::splat(width / HEX_ROW))
            }
        }
    }
}

/// A player's colour: A red, B blue, C green, D purple.
pub fn player_color(player: u8) -> Color {
    match player {
        1 => theme::PLAYER_L,
        2 => theme::PLAYER_N,
        3 => theme::PLAYER_3,
        _ => theme::PLAYER_4,
    }
}

/// Where the penguin a human has chosen to move stands.
pub type Selection = match_view::Selection<Pos>;

/// The green frame under a floe that may be chosen.
#[derive(Component)]
struct FloeFrame;

/// One fish on a floe: the `n`th (from 1) shows when the floe has at least `n` fish.
#[derive(Component, Clone, Copy)]
struct FishDot(u8);

/// A floe going down after its penguin left.
#[derive(Component)]
struct Sinking(f32);

fn decorate_boards(
    mut commands: Commands,
    boards: Query<(Entity, &PenguinsBoard), Added<PenguinsBoard>>,
) {
    for (entity, board) in &boards {
        let size = board.field_size();
        let Vec2 {
            x: width,
            y: height,
        } = board.extent();
        let font = theme::font((size * 0.32).clamp(11.0, 18.0));
        commands.entity(entity).with_children(|parent| {
            parent.spawn((
                Sprite::from_color(theme::WATER, Vec2::new(width + 12.0, height + 12.0)),
                Transform::from_translation(BOARD_CENTER.extend(WATER_Z)),
                Pickable::IGNORE,
            ));
            // x across the top, y down the left, as the console and the file protocol count.
            for col in 0..board.cols {
                let x = board.position(Pos::new(0, col)).x;
                parent.spawn((
                    Text2d::new(col.to_string()),
                    font.clone(),
                    TextColor(theme::LABEL),
                    Transform::from_xyz(x, BOARD_CENTER.y + height / 2.0 + 18.0, 0.0),
                ));
            }
            for row in 0..board.rows {
                let y = board.position(Pos::new(row, 0)).y;
                parent.spawn((
                    Text2d::new(row.to_string()),
                    font.clone(),
                    TextColor(theme::LABEL),
                    Transform::from_xyz(BOARD_CENTER.x - width / 2.0 - 20.0, y, 0.0),
                ));
            }
        });
    }
}

fn decorate_floes(
    mut commands: Commands,
    floes: Query<(Entity, &Floe, &ChildOf), Added<Floe>>,
    boards: Query<&PenguinsBoard>,
    shapes: Res<Shapes>,
) {
    for (entity, floe, parent) in &floes {
        let Ok(board) = boards.get(parent.parent()) else {
            continue;
        };
        let size = board.field_size();
        let dot = (size * 0.2).max(5.0);
        commands
            .entity(entity)
            .insert((
                board.floe_sprite(&shapes, theme::ICE, 8.0),
                Transform::from_translation(board.position(floe.0).extend(FLOE_Z)),
                Visibility::default(),
                Pickable::default(),
            ))
            .with_children(|ice| {
                ice.spawn((
                    FloeFrame,
                    board.floe_sprite(&shapes, theme::TARGET, 1.0),
                    Transform::from_xyz(0.0, 0.0, FRAME_Z - FLOE_Z),
                    Visibility::Hidden,
                    Pickable::IGNORE,
                ));
                // Up to three fish; where they sit depends on how many there are.
                for n in 1..=3u8 {
                    ice.spawn((
                        FishDot(n),
                        shapes::sprite(&shapes.disc, theme::FISH, Vec2::splat(dot)),
                        Transform::from_translation((fish_offset(n, 3) * size).extend(0.01)),
                        Visibility::Hidden,
                        Pickable::IGNORE,
                    ));
                }
            })
            .observe(click_floe);
    }
}

/// Where fish `n` (from 1) of `count` sits on a floe, in units of the floe's side: one in
/// the middle, two side by side, three in a triangle.
fn fish_offset(n: u8, count: u8) -> Vec2 {
    match (count, n) {
        (1, _) => Vec2::ZERO,
        (2, 1) => Vec2::new(-0.17, 0.0),
        (2, _) => Vec2::new(0.17, 0.0),
        (_, 1) => Vec2::new(0.0, 0.15),
        (_, 2) => Vec2::new(-0.18, -0.13),
        _ => Vec2::new(0.18, -0.13),
    }
}

fn decorate_penguins(
    mut commands: Commands,
    penguins: Query<(Entity, &Penguin, &ChildOf), Added<Penguin>>,
    boards: Query<&PenguinsBoard>,
    shapes: Res<Shapes>,
) {
    for (entity, penguin, parent) in &penguins {
        let Ok(board) = boards.get(parent.parent()) else {
            continue;
        };
        let size = board.field_size() * 0.72;
        let at = board.position(penguin.pos).extend(PENGUIN_Z);
        make_disc(
            commands.entity(entity),
            &shapes,
            size,
            player_color(penguin.player),
            player_letter(penguin.player).to_string(),
            at,
        )
        .insert(Shown(penguin.pos))
        .observe(click_penguin);
    }
}

impl GlidingPiece for Penguin {
    type Place = Pos;
    type Board = PenguinsBoard;

    fn place(&self) -> Pos {
        self.pos
    }

    /// Straight to its new floe.
    fn glide(&self, board: &PenguinsBoard, _from: Pos, at: Vec2) -> Glide {
        let to = board.position(self.pos);
        Glide::new(at, [to], SLIDE_SECONDS, PENGUIN_Z)
    }
}

/// The floe a penguin left sinks: a copy of it shrinks and fades where it was.
fn start_sinking(
    mut commands: Commands,
    mut applied: MessageReader<ActionApplied>,
    boards: Query<(Entity, &PenguinsBoard)>,
    shapes: Res<Shapes>,
) {
    let Ok((entity, board)) = boards.single() else {
        applied.clear();
        return;
    };
    for applied in applied.read() {
        if let Action::Move { from, .. } = applied.action {
            commands.spawn((
                Sinking(0.0),
                board.floe_sprite(&shapes, theme::ICE, 8.0),
                Transform::from_translation(board.position(from).extend(SINKING_Z)),
                Pickable::IGNORE,
                ChildOf(entity),
            ));
        }
    }
}

fn sink_floes(
    mut commands: Commands,
    time: Res<Time>,
    animation: Option<Res<crate::app::motion::Animation>>,
    mut sinking: Query<(Entity, &mut Sinking, &mut Transform, &mut Sprite)>,
) {
    let pace = animation.map_or_else(Default::default, |a| *a);
    for (entity, mut sinking, mut transform, mut sprite) in &mut sinking {
        sinking.0 += pace.advance(time.delta_secs());
        let t = (sinking.0 / SINK_SECONDS).clamp(0.0, 1.0);
        transform.scale = Vec3::splat(1.0 - 0.6 * t);
        sprite.color = theme::ICE.mix(&theme::WATER, t).with_alpha(1.0 - t);
        if t >= 1.0 {
            commands.entity(entity).despawn();
        }
    }
}

fn show_fish_and_frames(
    referee: Option<Res<PenguinsReferee>>,
    selection: Res<Selection>,
    floes: Query<(&Floe, &Children)>,
    mut dots: Query<
        (&FishDot, &mut Visibility, &mut Transform),
        (Without<FloeFrame>, Without<PieceRing>),
    >,
    boards: Query<&PenguinsBoard>,
    mut frames: Query<&mut Visibility, (With<FloeFrame>, Without<FishDot>, Without<PieceRing>)>,
    penguins: Query<(&Penguin, &Children)>,
    mut rings: Query<
        (&mut Visibility, &mut Sprite),
        (With<PieceRing>, Without<FishDot>, Without<FloeFrame>),
    >,
) {
    let Some(referee) = referee else {
        return;
    };
    let state = referee.state();
    let board = state.board();
    let human = referee.human_to_move();
    let targets: Vec<Pos> = match (human, state.phase(), selection.chosen) {
        (true, Phase::Placement, _) => board.placement_floes(),
        (true, Phase::Movement, Some(from)) => board.reachable(from),
        _ => Vec::new(),
    };
    let size = boards.iter().next().map_or(40.0, PenguinsBoard::field_size);
    for (floe, children) in &floes {
        let fish = board.get(floe.0).fish;
        let framed = targets.contains(&floe.0);
        for child in children.iter() {
            if let Ok((dot, mut visibility, mut transform)) = dots.get_mut(child) {
                let offset = (fish_offset(dot.0, fish) * size).extend(0.01);
                if transform.translation != offset {
                    transform.translation = offset;
                }
                visibility.set_if_neq(if fish >= dot.0 {
                    Visibility::Inherited
                } else {
                    Visibility::Hidden
                });
            }
            if let Ok(mut visibility) = frames.get_mut(child) {
                visibility.set_if_neq(if framed {
                    Visibility::Inherited
                } else {
                    Visibility::Hidden
                });
            }
        }
    }
    for (penguin, children) in &penguins {
        let chosen = selection.chosen == Some(penguin.pos);
        let movable = human
            && state.phase() == Phase::Movement
            && penguin.player == state.to_move()
            && board.can_move_from(penguin.pos);
        show_ring(children, &mut rings, chosen, movable);
    }
}

/// Clicking a floe: places a penguin there, or moves the chosen penguin there.
fn click_floe(
    click: On<Pointer<Click>>,
    floes: Query<&Floe>,
    referee: Option<Res<PenguinsReferee>>,
    mut selection: ResMut<Selection>,
    mut notice: ResMut<Notice>,
    mut requests: MessageWriter<ActionRequested>,
) {
    let (Some(floe), Some(referee)) = (clicked(&click, &floes), referee) else {
        return;
    };
    let seat = Seat::Human;
    match referee.state().phase() {
        Phase::Placement => {
            requests.write(ActionRequested {
                action: Action::Place(floe.0),
                seat,
            });
        }
        Phase::Movement => match selection.chosen {
            Some(from) => {
                *selection = Selection::default();
                requests.write(ActionRequested {
                    action: Action::Move { from, to: floe.0 },
                    seat,
                });
            }
            None => {
                notice.0 = Some(Tr::new("penguins-choose-first"));
            }
        },
        Phase::Over => {}
    }
}

/// Clicking one of your penguins in the movement phase chooses it (again: unchooses it).
fn click_penguin(
    click: On<Pointer<Click>>,
    penguins: Query<&Penguin>,
    referee: Option<Res<PenguinsReferee>>,
    mut selection: ResMut<Selection>,
    mut notice: ResMut<Notice>,
) {
    let (Some(penguin), Some(referee)) = (clicked(&click, &penguins), referee) else {
        return;
    };
    let state = referee.state();
    if state.phase() != Phase::Movement || !referee.human_to_move() {
        return;
    }
    if penguin.player != state.to_move() {
        notice.0 = Some(
            Tr::new("penguins-not-your-penguin")
                .text("owner", player_letter(penguin.player).to_string())
                .text("player", player_letter(state.to_move()).to_string()),
        );
        return;
    }
    if !state.board().can_move_from(penguin.pos) {
        notice.0 = Some(Tr::new("penguins-stuck").text("floe", penguin.pos.to_string()));
        return;
    }
    *selection = if selection.chosen == Some(penguin.pos) {
        Selection::default()
    } else {
        Selection::of(penguin.pos, referee.revision())
    };
}
