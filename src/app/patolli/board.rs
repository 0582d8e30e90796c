//! The Patolli cross on screen: every track square from the layout's grid cells (middle
//! squares, red arm ends, triangles, each player's start and end in its colour), the twelve
//! pieces with their labels, each player's pool and scored pieces in a card beside the board,
//! and a win banner. Pieces walk square by square. Clicking one of your pieces shows where it
//! would land; clicking it again (or its target, or Enter) moves it. Clicking your pool
//! places a piece. The referee decides every request.

use bevy::picking::events::{Click, Out, Over, Pointer};
use bevy::prelude::*;

use crate::app::language::{ChosenLanguage, Translated};
use crate::i18n::Tr;

use super::referee::{ActionRequested, PatolliBoard, PatolliPiece, PatolliReferee, PatolliSquare};
use crate::app::keyboard::{KeyAct, KeyboardView};
use crate::app::match_view::{self, Notice};
use crate::app::pieces::{
    Glide, GlidingPiece, Grid, PieceRing, Shown, clicked, make_disc, show_ring, start_glides,
};
use crate::app::shapes::{self, Shapes};
use crate::app::trail::LastMoveView;
use crate::app::{AppSystems, Screen, theme};
use crate::rules::Seat;
use crate::rules::patolli::{Action, Effect, GridCell, Location, Piece, Player, State, Track};

/// Where the board's centre sits, in world units from the window's centre.
pub const BOARD_CENTER: Vec2 = Vec2::new(-100.0, 0.0);
/// The board's longer side never exceeds this, in pixels.
const BOARD_SPAN: f32 = 600.0;
/// Squares are never larger than this, in pixels.
const MAX_SQUARE: f32 = 48.0;
/// The centre of the column beside the board that holds the pools and the dice.
pub const SIDE_X: f32 = -530.0;
/// A player's card (pool and scored pieces) with two players.
const CARD_SIZE: Vec2 = Vec2::new(200.0, 262.0);
/// How far the cards' centres are from the window's middle, up and down, with two players.
const CARD_Y: f32 = 214.0;
/// Distance between piece slots in a card with two players.
const SLOT_SPACING: f32 = 56.0;
/// A compact card, with three or four players: a row of six for the pool, one for the scored.
const COMPACT_CARD_SIZE: Vec2 = Vec2::new(200.0, 112.0);
/// The compact cards' centres from the top, with the dice between the second and the third.
const COMPACT_CARD_Y: [f32; 4] = [252.0, 128.0, -128.0, -252.0];
/// Distance between piece slots in a compact card.
const COMPACT_SLOT_SPACING: f32 = 32.0;
/// Drawing order: squares, their marks, the target, pieces, a moving piece, the banner.
const SQUARE_Z: f32 = 0.0;
const MARK_Z: f32 = 0.2;
const TARGET_Z: f32 = 0.5;
const PIECE_Z: f32 = 1.0;
const BANNER_Z: f32 = 5.0;
/// Seconds a walking piece takes per square.
const STEP_SECONDS: f32 = 0.12;
/// Seconds a piece takes to slide between the board and a card.
const SLIDE_SECONDS: f32 = 0.32;
/// A captured piece waits this long, so the capturing piece arrives first.
const CAPTURE_DELAY: f32 = 0.5;

pub(super) fn plugin(app: &mut App) {
    app.add_plugins((
        crate::app::trail::plugin::<State>,
        crate::app::keyboard::plugin::<State>,
    ));
    app.init_resource::<HoveredPiece>();
    app.init_resource::<Shapes>();
    app.add_systems(
        Update,
        (
            decorate_boards,
            decorate_squares,
            decorate_pieces,
            start_glides::<PatolliPiece>,
            show_highlights,
            show_cards,
            show_banner,
        )
            .chain()
            .in_set(AppSystems::Present)
            .run_if(in_state(Screen::Patolli)),
    );
}

/// Drawing order of the last move's trail: over the squares' marks, under the pieces.
const TRAIL_Z: f32 = 0.3;

impl LastMoveView for State {
    type Board = PatolliBoard;
    const TRAIL_Z: f32 = TRAIL_Z;

    /// A placement goes from the piece's slot in the pool to the start square; a move walks the track square by square from
    /// where the piece stood to where it stopped (its end square when it scored).
    fn trail(board: &PatolliBoard, before: &State, action: Action) -> (Vec<Vec2>, f32) {
        let geometry = Geometry::of(&board.track);
        let at = |square| geometry.square_position(&board.track, square);
        let squares = match before.clone().apply(action).ok() {
            // From the pool's slot onto the start square.
            Some(Effect::Placed { piece, square }) => {
                return (
                    vec![geometry.slot_position(piece, false), at(square)],
                    geometry.square(),
                );
            }
            Some(Effect::Moved {
                piece, from, to, ..
            }) => {
                let last = match to {
                    Location::Track(square) => square,
                    Location::Scored => board.track.end(piece.owner()),
                    Location::Pool => from,
                };
                track_walk(board.track.len(), from, last)
            }
            _ => Vec::new(),
        };
        (squares.into_iter().map(at).collect(), geometry.square())
    }
}

impl KeyboardView for State {
    /// The pieces that can move (on their squares), then those that can enter (in the pool).
    fn key_targets(
        board: &PatolliBoard,
        referee: &PatolliReferee,
        _chosen: Option<Piece>,
    ) -> (Vec<(Vec2, KeyAct<State>)>, f32) {
        let geometry = Geometry::of(&board.track);
        let state = referee.state();
        let targets = state
            .legal_actions()
            .into_iter()
            .filter_map(|action| {
                let at = match action {
                    Action::Move(piece) => {
                        geometry.piece_position(&board.track, piece, state.location(piece))
                    }
                    Action::Place(piece) => geometry.slot_position(piece, false),
                    Action::Pass => return None,
                };
                Some((at, KeyAct::Act(action)))
            })
            .collect();
        (targets, geometry.square())
    }
}

/// The squares from `from` to `to` going forward round a track of `len` squares, both
/// included.
fn track_walk(len: usize, from: usize, to: usize) -> Vec<usize> {
    let steps = (to + len - from) % len.max(1);
    (0..=steps).map(|step| (from + step) % len).collect()
}

/// How one board is laid out on screen: the track's grid, and beside it the players' cards
/// and the dice (two large cards with the dice between them; with three or four players four
/// compact cards, two above the dice and two below).
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Geometry {
    grid: Grid,
    /// The top row and left column the track reaches: the grid is drawn from there.
    origin: GridCell,
    /// Whether the board seats more than two players.
    compact: bool,
}

impl Geometry {
    /// The layout of `track`'s grid (the rows and columns it reaches, centred, as large as
    /// fits) and of its players' cards.
    pub fn of(track: &Track) -> Geometry {
        let cells = track.cells();
        let origin = (
            cells.iter().map(|c| c.0).min().unwrap_or(0),
            cells.iter().map(|c| c.1).min().unwrap_or(0),
        );
        let rows = cells.iter().map(|c| c.0).max().unwrap_or(0) + 1 - origin.0;
        let cols = cells.iter().map(|c| c.1).max().unwrap_or(0) + 1 - origin.1;
        Geometry {
            grid: Grid::fitting(BOARD_CENTER, rows, cols, BOARD_SPAN, MAX_SQUARE),
            origin,
            compact: track.players().len() > 2,
        }
    }

    /// The side of one square, in pixels.
    pub fn square(&self) -> f32 {
        self.grid.square()
    }

    /// The world position of a grid cell's centre.
    pub fn cell_position(&self, cell: GridCell) -> Vec2 {
        self.grid
            .position(cell.0 - self.origin.0, cell.1 - self.origin.1)
    }

    /// The centre of `player`'s card. Two players: N above, L below, as their start squares
    /// in the cross. More: from the top N, M, (the dice), G, L, as their arms on the cross
    /// for four run from the top round to the bottom.
    pub fn card_center(&self, player: Player) -> Vec2 {
        if !self.compact {
            return match player {
                Player::N | Player::M => Vec2::new(SIDE_X, CARD_Y),
                Player::L | Player::G => Vec2::new(SIDE_X, -CARD_Y),
            };
        }
        let slot = match player {
            Player::N => 0,
            Player::M => 1,
            Player::G => 2,
            Player::L => 3,
        };
        Vec2::new(SIDE_X, COMPACT_CARD_Y[slot])
    }

    /// The size of a card.
    pub fn card_size(&self) -> Vec2 {
        if self.compact {
            COMPACT_CARD_SIZE
        } else {
            CARD_SIZE
        }
    }

    /// Where `piece` waits in its owner's card: in the pool rows or, once scored, the lower
    /// rows (two rows of three each in a large card, one row of six in a compact one).
    pub fn slot_position(&self, piece: Piece, scored: bool) -> Vec2 {
        let rank = piece.rank();
        let center = self.card_center(piece.owner());
        if self.compact {
            let col = rank as f32 - 2.5;
            let row = if scored { -30.0 } else { 6.0 };
            return center + Vec2::new(col * COMPACT_SLOT_SPACING, row);
        }
        let col = (rank % 3) as f32 - 1.0;
        let row = (rank / 3) as f32;
        let top = if scored { -50.0 } else { 54.0 };
        center + Vec2::new(col * SLOT_SPACING, top - row * 42.0)
    }

    /// Where a card's title, its "Pool" label and its score line sit, from its centre.
    fn card_texts(&self) -> [Vec2; 3] {
        if self.compact {
            [
                Vec2::new(-46.0, 36.0),
                Vec2::new(0.0, 36.0),
                Vec2::new(56.0, 36.0),
            ]
        } else {
            [
                Vec2::new(0.0, 106.0),
                Vec2::new(0.0, 82.0),
                Vec2::new(0.0, -20.0),
            ]
        }
    }

    /// The world position of track square `index`.
    pub fn square_position(&self, track: &Track, index: usize) -> Vec2 {
        track
            .cells()
            .get(index)
            .map_or(BOARD_CENTER, |&cell| self.cell_position(cell))
    }

    /// Where `piece` stands when it is at `location`.
    pub fn piece_position(&self, track: &Track, piece: Piece, location: Location) -> Vec2 {
        match location {
            Location::Track(index) => self.square_position(track, index),
            Location::Pool => self.slot_position(piece, false),
            Location::Scored => self.slot_position(piece, true),
        }
    }

    fn piece_size(&self) -> f32 {
        let spacing = if self.compact {
            COMPACT_SLOT_SPACING
        } else {
            SLOT_SPACING
        };
        (self.square() * 0.84).min(spacing * 0.8)
    }
}

/// The centre of the dice between the cards.
pub fn dice_center() -> Vec2 {
    Vec2::new(SIDE_X, 0.0)
}

/// The piece a human has chosen to move, waiting for confirmation.
pub type Selection = match_view::Selection<Piece>;

/// The piece under the pointer, if any.
#[derive(Resource, Debug, Default, Clone, Copy, PartialEq, Eq)]
pub struct HoveredPiece(pub Option<Piece>);

/// The marker over the square a chosen (or hovered) piece would land on.
#[derive(Component)]
struct TargetMarker;

/// A player's card: pool and scored pieces; clicking it places a piece.
#[derive(Component, Clone, Copy)]
struct PlayerCard(Player);

/// The texts of a card.
#[derive(Component, Clone, Copy)]
struct CardTitle(Player);
#[derive(Component, Clone, Copy)]
struct CardScore(Player);

/// The end-of-game banner and its text.
#[derive(Component)]
struct Banner;
#[derive(Component)]
struct BannerText;

/// A player's colour: L red, N blue, G green, M purple.
pub fn player_color(player: Player) -> Color {
    match player {
        Player::L => theme::PLAYER_L,
        Player::N => theme::PLAYER_N,
        Player::G => theme::PLAYER_3,
        Player::M => theme::PLAYER_4,
    }
}

/// The colour of `player`'s starting square.
pub fn start_color(player: Player) -> Color {
    match player {
        Player::L => theme::START_L,
        Player::N => theme::START_N,
        Player::G => theme::START_3,
        Player::M => theme::START_4,
    }
}

fn decorate_boards(
    mut commands: Commands,
    boards: Query<(Entity, &PatolliBoard), Added<PatolliBoard>>,
    shapes: Res<Shapes>,
) {
    for (entity, board) in &boards {
        let geometry = Geometry::of(&board.track);
        let square = geometry.square();
        commands.entity(entity).with_children(|parent| {
            let [title_at, pool_at, score_at] = geometry.card_texts();
            for &player in board.track.players() {
                let center = geometry.card_center(player);
                parent
                    .spawn((
                        PlayerCard(player),
                        Sprite::from_color(theme::CARD, geometry.card_size()),
                        Transform::from_translation(center.extend(SQUARE_Z)),
                        Pickable::default(),
                    ))
                    .observe(click_card);
                parent.spawn((
                    CardTitle(player),
                    Text2d::new(""),
                    theme::font(17.0),
                    TextColor(theme::TEXT),
                    Transform::from_translation((center + title_at).extend(MARK_Z)),
                    Pickable::IGNORE,
                ));
                parent.spawn((
                    Text2d::new(""),
                    Translated(Tr::new("patolli-card-pool")),
                    theme::font(14.0),
                    TextColor(theme::TEXT_DIM),
                    Transform::from_translation((center + pool_at).extend(MARK_Z)),
                    if geometry.compact {
                        Visibility::Hidden
                    } else {
                        Visibility::Inherited
                    },
                    Pickable::IGNORE,
                ));
                parent.spawn((
                    CardScore(player),
                    Text2d::new(""),
                    theme::font(14.0),
                    TextColor(theme::TEXT_DIM),
                    Transform::from_translation((center + score_at).extend(MARK_Z)),
                    Pickable::IGNORE,
                ));
                // Empty slots, so a card shows where its six pieces belong.
                for piece in player.pieces() {
                    for scored in [false, true] {
                        parent.spawn((
                            shapes::sprite(
                                &shapes.ring,
                                theme::TEXT_DIM.with_alpha(0.35),
                                Vec2::splat(geometry.piece_size()),
                            ),
                            Transform::from_translation(
                                geometry.slot_position(piece, scored).extend(MARK_Z),
                            ),
                            Pickable::IGNORE,
                        ));
                    }
                }
            }
            parent.spawn((
                TargetMarker,
                shapes::sprite(&shapes.ring, theme::TARGET, Vec2::splat(square * 1.05)),
                Transform::from_translation(BOARD_CENTER.extend(TARGET_Z)),
                Visibility::Hidden,
                Pickable::IGNORE,
            ));
            parent
                .spawn((
                    Banner,
                    Sprite::from_color(theme::BANNER, Vec2::new(520.0, 130.0)),
                    Transform::from_translation(BOARD_CENTER.extend(BANNER_Z)),
                    Visibility::Hidden,
                    Pickable::IGNORE,
                ))
                .with_child((
                    BannerText,
                    Text2d::new(""),
                    theme::font(40.0),
                    TextColor(theme::WIN_LINE),
                    TextLayout::justify(Justify::Center),
                    Transform::from_xyz(0.0, 0.0, 0.1),
                ));
        });
    }
}

fn decorate_squares(
    mut commands: Commands,
    squares: Query<(Entity, &PatolliSquare, &ChildOf), Added<PatolliSquare>>,
    boards: Query<&PatolliBoard>,
    shapes: Res<Shapes>,
) {
    for (entity, square, parent) in &squares {
        let Ok(board) = boards.get(parent.parent()) else {
            continue;
        };
        let track = &board.track;
        let geometry = Geometry::of(track);
        let size = geometry.square();
        let index = square.0;
        let owner_start = track
            .players()
            .iter()
            .copied()
            .find(|&p| track.start(p) == index);
        let owner_end = track
            .players()
            .iter()
            .copied()
            .find(|&p| track.end(p) == index);
        let fill = if track.is_middle(index) {
            theme::MIDDLE_SQUARE
        } else if track.is_arm_end(index) {
            theme::ARM_END
        } else if let Some(player) = owner_start {
            start_color(player)
        } else {
            theme::SQUARE
        };
        let (frame, inner) = match owner_end.or(owner_start) {
            Some(player) => (player_color(player), size - 9.0),
            None => (theme::SQUARE_EDGE, size - 3.0),
        };
        commands
            .entity(entity)
            .insert((
                Sprite::from_color(frame, Vec2::splat(size - 1.0)),
                Transform::from_translation(
                    geometry.square_position(track, index).extend(SQUARE_Z),
                ),
                Visibility::default(),
                Pickable::default(),
            ))
            .with_children(|square| {
                square.spawn((
                    Sprite::from_color(fill, Vec2::splat(inner)),
                    Transform::from_xyz(0.0, 0.0, 0.05),
                    Pickable::IGNORE,
                ));
                if track.is_triangle(index) {
                    square.spawn((
                        shapes::sprite(&shapes.triangle, theme::TRIANGLE, Vec2::splat(size * 0.55)),
                        Transform::from_xyz(0.0, 0.0, MARK_Z),
                        Pickable::IGNORE,
                    ));
                }
                if let Some(player) = owner_end {
                    square.spawn((
                        Text2d::new("★"),
                        theme::font((size * 0.5).clamp(10.0, 22.0)),
                        TextColor(player_color(player)),
                        Transform::from_xyz(0.0, 0.0, MARK_Z),
                        Pickable::IGNORE,
                    ));
                }
            })
            .observe(click_square);
    }
}

fn decorate_pieces(
    mut commands: Commands,
    pieces: Query<(Entity, &PatolliPiece, &ChildOf), Added<PatolliPiece>>,
    boards: Query<&PatolliBoard>,
    shapes: Res<Shapes>,
) {
    for (entity, piece, parent) in &pieces {
        let Ok(board) = boards.get(parent.parent()) else {
            continue;
        };
        let geometry = Geometry::of(&board.track);
        let size = geometry.piece_size();
        let position = geometry.piece_position(&board.track, piece.piece, piece.location);
        make_disc(
            commands.entity(entity),
            &shapes,
            size,
            player_color(piece.piece.owner()),
            piece.piece.label().to_string(),
            position.extend(PIECE_Z),
        )
        .insert(Shown(piece.location))
        .observe(click_piece)
        .observe(hover_piece)
        .observe(leave_piece);
    }
}

impl GlidingPiece for PatolliPiece {
    type Place = Location;
    type Board = PatolliBoard;

    fn place(&self) -> Location {
        self.location
    }

    /// Square by square along the track when it moved forward by a roll, straight there
    /// otherwise (placed, captured, scored, undone); a captured piece waits for its captor.
    fn glide(&self, board: &PatolliBoard, from: Location, at: Vec2) -> Glide {
        let track = &board.track;
        let geometry = Geometry::of(track);
        let n = track.len();
        let walk = |from: usize, to: usize| {
            let steps = (to + n - from) % n;
            (steps <= 5).then(|| {
                (1..=steps)
                    .map(|k| geometry.square_position(track, (from + k) % n))
                    .collect::<Vec<_>>()
            })
        };
        let (mut waypoints, step_seconds, delay) = match (from, self.location) {
            (Location::Track(from), Location::Track(to)) => match walk(from, to) {
                Some(steps) => (steps, STEP_SECONDS, 0.0),
                None => (Vec::new(), SLIDE_SECONDS, 0.0),
            },
            (Location::Track(from), Location::Scored) => (
                walk(from, track.end(self.piece.owner())).unwrap_or_default(),
                STEP_SECONDS,
                0.0,
            ),
            (Location::Track(_), Location::Pool) => (Vec::new(), SLIDE_SECONDS, CAPTURE_DELAY),
            _ => (Vec::new(), SLIDE_SECONDS, 0.0),
        };
        waypoints.push(geometry.piece_position(track, self.piece, self.location));
        Glide::new(at, waypoints, step_seconds, PIECE_Z)
            .after(delay)
            .hopping(0.12)
    }
}

fn show_highlights(
    referee: Option<Res<PatolliReferee>>,
    selection: Res<Selection>,
    hovered: Res<HoveredPiece>,
    pieces: Query<(&PatolliPiece, &Children)>,
    mut rings: Query<(&mut Visibility, &mut Sprite), (With<PieceRing>, Without<TargetMarker>)>,
    mut marker: Query<(&mut Visibility, &mut Transform, &ChildOf), With<TargetMarker>>,
    boards: Query<&PatolliBoard>,
    time: Res<Time>,
) {
    let Some(referee) = referee else {
        return;
    };
    let state = referee.state();
    let human = referee.human_to_move();
    let legal = if human {
        state.legal_actions()
    } else {
        Vec::new()
    };
    for (piece, children) in &pieces {
        let chosen = selection.chosen == Some(piece.piece);
        let movable = legal
            .iter()
            .any(|&a| a == Action::Move(piece.piece) || a == Action::Place(piece.piece));
        show_ring(children, &mut rings, chosen, movable);
    }
    let shown = selection.chosen.or(hovered.0).filter(|_| human);
    for (mut visibility, mut transform, parent) in &mut marker {
        let Ok(board) = boards.get(parent.parent()) else {
            continue;
        };
        let target = shown.and_then(|piece| {
            let square = match state.move_target(piece)? {
                Location::Track(index) => index,
                Location::Scored => board.track.end(piece.owner()),
                Location::Pool => return None,
            };
            Some(Geometry::of(&board.track).square_position(&board.track, square))
        });
        match target {
            Some(position) => {
                transform.translation = position.extend(TARGET_Z);
                let pulse = 1.0 + 0.06 * (time.elapsed_secs() * 6.0).sin();
                transform.scale = Vec3::splat(pulse);
                visibility.set_if_neq(Visibility::Inherited);
            }
            None => {
                visibility.set_if_neq(Visibility::Hidden);
            }
        }
    }
}

fn show_cards(
    referee: Option<Res<PatolliReferee>>,
    mut cards: Query<(&PlayerCard, &mut Sprite)>,
    mut titles: Query<(&CardTitle, &mut Text2d), Without<CardScore>>,
    mut scores: Query<(&CardScore, &mut Text2d), Without<CardTitle>>,
    language: Res<ChosenLanguage>,
) {
    let Some(referee) = referee else {
        return;
    };
    let state = referee.state();
    let to_move = state.winner().is_none().then(|| state.to_move());
    for (card, mut sprite) in &mut cards {
        let color = if to_move == Some(card.0) {
            theme::CARD_ACTIVE
        } else {
            theme::CARD
        };
        if sprite.color != color {
            sprite.color = color;
        }
    }
    // A compact card (three or four players) has room for less.
    let compact = state.players().len() > 2;
    for (title, mut text) in &mut titles {
        let player = title.0;
        let seat = language.word(&Tr::new(match referee.seat(player) {
            Seat::Human => "seat-human",
            Seat::Ai => "seat-ai",
        }));
        let line = language.word(
            &Tr::new(if compact {
                "patolli-card-compact"
            } else {
                "patolli-card"
            })
            .text("player", player.to_string())
            .text("seat", seat),
        );
        if text.0 != line {
            text.0 = line;
        }
    }
    for (score, mut text) in &mut scores {
        let line = language.word(
            &Tr::new(if compact {
                "patolli-card-home"
            } else {
                "patolli-card-scored"
            })
            .number("scored", state.score(score.0)),
        );
        if text.0 != line {
            text.0 = line;
        }
    }
}

fn show_banner(
    referee: Option<Res<PatolliReferee>>,
    mut banner: Query<&mut Visibility, With<Banner>>,
    mut text: Query<&mut Text2d, With<BannerText>>,
    language: Res<ChosenLanguage>,
) {
    let Some(referee) = referee else {
        return;
    };
    let winner = referee.state().winner();
    for mut visibility in &mut banner {
        visibility.set_if_neq(if winner.is_some() {
            Visibility::Inherited
        } else {
            Visibility::Hidden
        });
    }
    if let Some(winner) = winner {
        let line = language.word(
            &Tr::new("patolli-banner")
                .text("player", winner.to_string())
                .text("scores", referee.state().scores_line()),
        );
        for mut text in &mut text {
            if text.0 != line {
                text.0 = line.clone();
            }
        }
    }
}

/// Clicking a piece: your piece on the board is chosen (its target shows) and a second click
/// moves it; a piece in your pool is placed. Anything else goes to the referee, which says
/// why it cannot be done.
fn click_piece(
    click: On<Pointer<Click>>,
    pieces: Query<&PatolliPiece>,
    referee: Option<Res<PatolliReferee>>,
    mut selection: ResMut<Selection>,
    mut requests: MessageWriter<ActionRequested>,
) {
    let (Some(piece), Some(referee)) = (clicked(&click, &pieces), referee) else {
        return;
    };
    let seat = Seat::Human;
    let piece = piece.piece;
    if referee.state().location(piece) == Location::Pool {
        requests.write(ActionRequested {
            action: Action::Place(piece),
            seat,
        });
        return;
    }
    let choosable = referee.human_to_move() && referee.state().move_target(piece).is_some();
    if selection.chosen == Some(piece) || !choosable {
        *selection = Selection::default();
        requests.write(ActionRequested {
            action: Action::Move(piece),
            seat,
        });
    } else {
        *selection = Selection::of(piece, referee.revision());
    }
}

/// Clicking the chosen piece's target square moves it; any other empty square drops the
/// choice.
fn click_square(
    click: On<Pointer<Click>>,
    squares: Query<&PatolliSquare>,
    referee: Option<Res<PatolliReferee>>,
    mut selection: ResMut<Selection>,
    mut requests: MessageWriter<ActionRequested>,
) {
    let (Some(square), Some(referee)) = (clicked(&click, &squares), referee) else {
        return;
    };
    if let Some(piece) = selection.chosen {
        let target = match referee.state().move_target(piece) {
            Some(Location::Track(index)) => Some(index),
            Some(Location::Scored) => Some(referee.state().track().end(piece.owner())),
            _ => None,
        };
        if target == Some(square.0) {
            requests.write(ActionRequested {
                action: Action::Move(piece),
                seat: Seat::Human,
            });
        }
    }
    *selection = Selection::default();
}

/// Clicking your card places the first piece of your pool.
fn click_card(
    click: On<Pointer<Click>>,
    cards: Query<&PlayerCard>,
    referee: Option<Res<PatolliReferee>>,
    mut notice: ResMut<Notice>,
    mut requests: MessageWriter<ActionRequested>,
) {
    let (Some(card), Some(referee)) = (clicked(&click, &cards), referee) else {
        return;
    };
    if card.0 != referee.state().to_move() && referee.state().winner().is_none() {
        notice.0 = Some(
            Tr::new("patolli-not-your-pool")
                .text("owner", card.0.to_string())
                .text("player", referee.state().to_move().to_string()),
        );
        return;
    }
    match referee.state().first_in_pool() {
        Some(piece) => {
            requests.write(ActionRequested {
                action: Action::Place(piece),
                seat: Seat::Human,
            });
        }
        None => notice.0 = Some(Tr::new("patolli-pool-empty")),
    }
}

fn hover_piece(
    over: On<Pointer<Over>>,
    pieces: Query<&PatolliPiece>,
    mut hovered: ResMut<HoveredPiece>,
) {
    if let Ok(piece) = pieces.get(over.event_target()) {
        hovered.0 = Some(piece.piece);
    }
}

fn leave_piece(
    out: On<Pointer<Out>>,
    pieces: Query<&PatolliPiece>,
    mut hovered: ResMut<HoveredPiece>,
) {
    if let Ok(piece) = pieces.get(out.event_target())
        && hovered.0 == Some(piece.piece)
    {
        hovered.0 = None;
    }
}

#[cfg(test)]
mod tests {
    use super::track_walk;

    #[test]
    fn a_walk_goes_forward_round_the_track() {
        assert_eq!(track_walk(60, 23, 26), vec![23, 24, 25, 26]);
        assert_eq!(track_walk(60, 58, 1), vec![58, 59, 0, 1]);
        assert_eq!(track_walk(60, 7, 7), vec![7]);
    }
}
