//! What a screen reader is told (through Bevy's AccessKit integration; on Linux AT-SPI, which
//! Orca reads): every cell, floe, square and piece of the board as a node named as a sighted
//! player sees it ("D5, black brick"; "floe 4 2, three fish, penguin A"), the keyboard's
//! cursor as the focused node, and each move, roll, refusal and result announced as it
//! happens in a polite live region ("White places H4. Black to move."; the settings page's
//! *Screen reader* says how much: [`Announcements`]). The panels' text and
//! buttons are named by `bevy_ui` itself (`theme::label` marks text as a `Label`).

use accesskit::{Live, Node, Role};
use bevy::a11y::AccessibilityNode;
use bevy::input_focus::{FocusCause, InputFocus};
use bevy::prelude::*;

pub use crate::app::announcements::Announcements;
use crate::app::hint::Hints;
use crate::app::keyboard::KeyCursor;
use crate::app::language::ChosenLanguage;
use crate::app::layout_assets::LayoutGame;
use crate::app::magnetic_cave::board::cell_offset;
use crate::app::magnetic_cave::referee::{CaveBoard, CaveCell, CaveReferee};
use crate::app::match_view::{MatchView, game_name, to_move, took_back};
use crate::app::patolli::referee::{PatolliPiece, PatolliReferee, PatolliSquare};
use crate::app::penguins::referee::{Floe, Penguin, PenguinsBoard, PenguinsReferee};
use crate::app::referee::{
    ActionApplied, ActionRejected, DiceRolled, MatchStarted, MovesUndone, Referee,
};
use crate::app::{AppSystems, Screen};
use crate::i18n::Tr;
use crate::rules::magnetic_cave::{Brick, Cell};
use crate::rules::patolli::{Location, Player};
use crate::rules::penguins;

/// The last announcement, and how many there were (the live region's text).
#[derive(Resource, Debug, Default, Clone, PartialEq, Eq)]
pub struct Announcement {
    /// What was said last.
    pub text: String,
    /// How many announcements there were, so the same words twice are said twice.
    pub count: u64,
}

impl Announcement {
    fn say(&mut self, text: String) {
        self.text = text;
        self.count += 1;
    }
}

/// The live region: the node whose text a screen reader reads out when it changes.
#[derive(Component, Debug)]
pub struct LiveRegion;

/// Where a board's node sits on its board (the board's coordinates), for the keyboard's
/// cursor to focus it.
#[derive(Component, Debug, Clone, Copy, PartialEq)]
pub struct SpokenAt(pub Vec2);

/// A game as a screen reader hears it.
pub trait Spoken: MatchView {
    /// `player`'s `action` with its `effect`, as sentences without their full stops.
    fn spoken_action(player: Self::Player, action: Self::Action, effect: &Self::Effect) -> Vec<Tr> {
        Self::log_lines(player, action, effect)
    }
}

impl Spoken for crate::rules::magnetic_cave::State {
    fn spoken_action(player: Brick, cell: Cell, _: &Self::Effect) -> Vec<Tr> {
        vec![
            Tr::new("spoken-cave-places")
                .words("player", Self::player_name(player))
                .text("cell", cell.to_string()),
        ]
    }
}

impl Spoken for crate::rules::patolli::State {}

impl Spoken for crate::rules::penguins::State {}

/// The screen reader's nodes and announcements (no window needed).
pub fn plugin(app: &mut App) {
    app.init_resource::<Announcement>();
    app.init_resource::<Announcements>();
    app.add_systems(Startup, spawn_live_region);
    app.add_systems(
        Update,
        (
            announce::<crate::rules::magnetic_cave::State>,
            announce::<crate::rules::patolli::State>,
            announce::<crate::rules::penguins::State>,
            announce_hint::<crate::rules::magnetic_cave::State>,
            announce_hint::<crate::rules::patolli::State>,
            announce_hint::<crate::rules::penguins::State>,
            show_announcement,
            describe_cave,
            describe_penguins,
            describe_patolli,
            focus_cursor,
        )
            .chain()
            .in_set(AppSystems::Present),
    );
    app.add_systems(PostUpdate, hide_unseen_nodes);
}

/// Marks the nodes of panels and buttons that do not show (a hidden replay bar, a closed
/// page's leftovers, a node of no size) as hidden, so a screen reader skips them.
fn hide_unseen_nodes(
    mut nodes: Query<(&mut AccessibilityNode, &InheritedVisibility, &ComputedNode)>,
) {
    for (mut node, visible, computed) in &mut nodes {
        let unseen = !visible.get() || computed.is_empty();
        if unseen != node.is_hidden() {
            if unseen {
                node.set_hidden();
            } else {
                node.clear_hidden();
            }
        }
    }
}

fn spawn_live_region(mut commands: Commands) {
    let mut node = Node::new(Role::Status);
    node.set_live(Live::Polite);
    commands.spawn((
        Name::new("Announcements"),
        LiveRegion,
        AccessibilityNode::from(node),
    ));
}

fn show_announcement(
    announcement: Res<Announcement>,
    mut regions: Query<&mut AccessibilityNode, With<LiveRegion>>,
) {
    if !announcement.is_changed() {
        return;
    }
    for mut region in &mut regions {
        region.set_label(announcement.text.clone());
    }
}

/// Announces what game `G`'s referee announced this frame: each action with who is to move
/// next (or the result), a roll, a refusal, moves taken back.
fn announce<G: Spoken>(
    referee: Option<Res<Referee<G>>>,
    mut started: MessageReader<MatchStarted<G>>,
    mut applied: MessageReader<ActionApplied<G>>,
    mut rolled: MessageReader<DiceRolled<G>>,
    mut rejected: MessageReader<ActionRejected<G>>,
    mut undone: MessageReader<MovesUndone<G>>,
    told: Res<Announcements>,
    language: Res<ChosenLanguage>,
    mut announcement: ResMut<Announcement>,
) {
    let Some(referee) = referee else {
        return;
    };
    if *told == Announcements::Off {
        // Read, so that turning announcements on again does not say what is past.
        started.clear();
        applied.clear();
        rolled.clear();
        rejected.clear();
        undone.clear();
        return;
    }
    let all = *told == Announcements::All;
    let mut said: Vec<Tr> = Vec::new();
    if started.read().count() > 0 {
        said.push(
            Tr::new("spoken-new-match").words("game", game_name(<G::Layout as LayoutGame>::KIND)),
        );
    }
    for applied in applied.read() {
        said.extend(G::spoken_action(
            applied.player,
            applied.action,
            &applied.effect,
        ));
    }
    for rolled in rolled.read().filter(|_| all) {
        let player = G::player_name(rolled.player);
        said.push(if rolled.turn_lost {
            Tr::new("spoken-turn-lost").words("player", player)
        } else {
            Tr::new("spoken-rolled")
                .words("player", player)
                .number("roll", rolled.roll)
        });
    }
    for undone in undone.read() {
        said.push(took_back(undone.actions.len()));
    }
    if let Some(refusal) = rejected.read().last() {
        said.push(G::refusal_line(refusal.action, &refusal.reason));
    }
    if said.is_empty() {
        return;
    }
    let state = referee.state();
    match (state.outcome(), state.to_move()) {
        (Some(outcome), _) => said.push(G::outcome_words(&outcome)),
        (None, Some(player)) if all => said.push(to_move(G::player_name(player))),
        (None, None) if all => said.push(Tr::new("title-rolling")),
        (None, _) => {}
    }
    announcement.say(
        said.iter()
            .map(|s| language.word(s))
            .filter(|s| !s.is_empty())
            .map(|s| s.trim_end_matches('.').to_string())
            .collect::<Vec<_>>()
            .join(". ")
            + ".",
    );
}

/// Whether a board's nodes are to be named again: the match changed since they were (at
/// `described`), or new ones `appeared`.
fn to_describe(revision: u64, appeared: bool, described: &mut Option<u64>) -> bool {
    if *described == Some(revision) && !appeared {
        return false;
    }
    *described = Some(revision);
    true
}

/// Announces the hint's line when it changes (the engine looking, its choice and why, or why
/// there is none).
fn announce_hint<G: Spoken>(
    referee: Option<Res<Referee<G>>>,
    hints: Option<Res<Hints<G>>>,
    told: Res<Announcements>,
    mut said: Local<Option<String>>,
    language: Res<ChosenLanguage>,
    mut announcement: ResMut<Announcement>,
) {
    let line = referee
        .zip(hints)
        .and_then(|(referee, hints)| hints.line(&referee))
        .map(|line| language.word(&line));
    if line != *said {
        if let Some(line) = line.as_ref().filter(|_| *told == Announcements::All) {
            announcement.say(line.clone());
        }
        *said = line;
    }
}

/// Gives `entity` a node with `role` and `label`, or renames its node when the label changed.
fn name_node(
    commands: &mut Commands,
    entity: Entity,
    node: Option<Mut<AccessibilityNode>>,
    role: Role,
    label: String,
) {
    match node {
        Some(mut node) => {
            if node.label() != Some(label.as_str()) {
                node.set_label(label);
            }
        }
        None => {
            let mut node = Node::new(role);
            node.set_label(label);
            commands
                .entity(entity)
                .insert(AccessibilityNode::from(node));
        }
    }
}

/// The cave's board and cells: "D5, black brick", "A3, empty, you may place a brick here".
fn describe_cave(
    mut commands: Commands,
    referee: Option<Res<CaveReferee>>,
    mut boards: Query<(Entity, &CaveBoard, Option<&mut AccessibilityNode>), Without<CaveCell>>,
    mut cells: Query<(Entity, &CaveCell, &ChildOf, Option<&mut AccessibilityNode>)>,
    added: Query<(), Added<CaveCell>>,
    mut described: Local<Option<u64>>,
    language: Res<ChosenLanguage>,
) {
    let Some(referee) = referee else {
        return;
    };
    let appeared = !added.is_empty() || language.is_changed();
    if !to_describe(referee.revision(), appeared, &mut described) {
        return;
    }
    let mut config = None;
    for (entity, board, node) in &mut boards {
        config = Some(board.config);
        let label = language.word(
            &Tr::new("spoken-cave-board")
                .number("width", board.config.width())
                .number("height", board.config.height())
                .number("length", board.config.win_length()),
        );
        name_node(&mut commands, entity, node, Role::Grid, label);
    }
    let state = referee.state();
    let line = state.outcome().map(|o| o.line_cells()).unwrap_or_default();
    let human = referee.human_to_move();
    for (entity, cell, _, node) in &mut cells {
        let label = language.word(&cave_cell_label(
            state,
            cell.0,
            human,
            line.contains(&cell.0),
        ));
        name_node(&mut commands, entity, node, Role::GridCell, label);
        if let Some(config) = config {
            commands
                .entity(entity)
                .insert(SpokenAt(cell_offset(config, cell.0)));
        }
    }
}

/// A cave cell as a screen reader says it.
pub fn cave_cell_label(
    state: &crate::rules::magnetic_cave::State,
    cell: Cell,
    human_to_move: bool,
    in_line: bool,
) -> Tr {
    let what = match state.brick(cell) {
        Some(Brick::Black) => "black",
        Some(Brick::White) => "white",
        None if human_to_move && state.is_legal(cell) => "legal",
        None => "empty",
    };
    Tr::new("spoken-cave-cell")
        .text("cell", cell.to_string())
        .text("what", what)
        .text("line", yes_no(in_line))
}

/// "yes" or "no", as the messages choose by it.
fn yes_no(yes: bool) -> &'static str {
    if yes { "yes" } else { "no" }
}

/// The Penguins board's floes and penguins: "floe 4 2, three fish", "floe 1 1, penguin A".
#[allow(clippy::type_complexity)]
fn describe_penguins(
    mut commands: Commands,
    referee: Option<Res<PenguinsReferee>>,
    mut boards: Query<
        (Entity, &PenguinsBoard, Option<&mut AccessibilityNode>),
        (Without<Floe>, Without<Penguin>),
    >,
    mut floes: Query<(Entity, &Floe, Option<&mut AccessibilityNode>), Without<Penguin>>,
    mut penguins: Query<(Entity, &Penguin, Option<&mut AccessibilityNode>), Without<Floe>>,
    added: Query<(), Or<(Added<Floe>, Added<Penguin>)>>,
    mut described: Local<Option<u64>>,
    language: Res<ChosenLanguage>,
) {
    let Some(referee) = referee else {
        return;
    };
    let appeared = !added.is_empty() || language.is_changed();
    if !to_describe(referee.revision(), appeared, &mut described) {
        return;
    }
    let mut board_of = None;
    for (entity, board, node) in &mut boards {
        let label = language.word(
            &Tr::new("spoken-penguins-board")
                .number("cols", board.cols)
                .number("rows", board.rows),
        );
        board_of = Some(*board);
        name_node(&mut commands, entity, node, Role::Grid, label);
    }
    let state = referee.state();
    let human = referee.human_to_move();
    let placing = state.phase() == penguins::Phase::Placement;
    for (entity, floe, node) in &mut floes {
        let field = state.board().get(floe.0);
        let penguin = field.penguin.map_or("none".to_string(), |p| {
            penguins::player_letter(p).to_string()
        });
        let placeable = human && placing && state.board().placement_floes().contains(&floe.0);
        let label = language.word(
            &Tr::new("spoken-floe")
                .text("floe", floe.0.to_string())
                .number("fish", field.fish)
                .text("penguin", penguin)
                .text("placeable", yes_no(placeable)),
        );
        name_node(&mut commands, entity, node, Role::GridCell, label);
        if let Some(board) = &board_of {
            commands
                .entity(entity)
                .insert(SpokenAt(board.position(floe.0)));
        }
    }
    for (entity, penguin, node) in &mut penguins {
        let label = language.word(
            &Tr::new("spoken-penguin")
                .text(
                    "player",
                    penguins::player_letter(penguin.player).to_string(),
                )
                .text("floe", penguin.pos.to_string()),
        );
        name_node(&mut commands, entity, node, Role::Image, label);
        if let Some(board) = &board_of {
            commands
                .entity(entity)
                .insert(SpokenAt(board.position(penguin.pos)));
        }
    }
}

/// Patolli's squares and pieces: "square 23, piece C of L, on a middle square".
#[allow(clippy::type_complexity)]
fn describe_patolli(
    mut commands: Commands,
    referee: Option<Res<PatolliReferee>>,
    mut squares: Query<
        (Entity, &PatolliSquare, Option<&mut AccessibilityNode>),
        Without<PatolliPiece>,
    >,
    mut pieces: Query<
        (Entity, &PatolliPiece, Option<&mut AccessibilityNode>),
        Without<PatolliSquare>,
    >,
    added: Query<(), Or<(Added<PatolliSquare>, Added<PatolliPiece>)>>,
    mut described: Local<Option<u64>>,
    language: Res<ChosenLanguage>,
) {
    let Some(referee) = referee else {
        return;
    };
    let appeared = !added.is_empty() || language.is_changed();
    if !to_describe(referee.revision(), appeared, &mut described) {
        return;
    }
    let state = referee.state();
    let track = state.track();
    for (entity, square, node) in &mut squares {
        let index = square.0;
        let (piece, owner) = state
            .piece_on(index)
            .map_or(("none".to_string(), String::new()), |piece| {
                (piece.to_string(), piece.owner().to_string())
            });
        let label = language.word(
            &Tr::new("spoken-square")
                .number("square", index)
                .text("piece", piece)
                .text("owner", owner)
                .text("kind", square_kind(track, index)),
        );
        name_node(&mut commands, entity, node, Role::GridCell, label);
    }
    for (entity, piece, node) in &mut pieces {
        let owner: Player = piece.piece.owner();
        let (place, square) = match piece.location {
            Location::Pool => ("pool", 0),
            Location::Scored => ("scored", 0),
            Location::Track(index) => ("track", index),
        };
        let label = language.word(
            &Tr::new("spoken-piece")
                .text("piece", piece.piece.to_string())
                .text("owner", owner.to_string())
                .text("place", place)
                .number("square", square)
                .text("kind", square_kind(track, square)),
        );
        name_node(&mut commands, entity, node, Role::Image, label);
    }
}

/// What is special about square `index` of `track`, as the messages choose by it: "middle",
/// "arm-end" or "plain".
fn square_kind(track: &crate::rules::patolli::Track, index: usize) -> &'static str {
    if track.is_middle(index) {
        "middle"
    } else if track.is_arm_end(index) {
        "arm-end"
    } else {
        "plain"
    }
}

/// The keyboard's cursor is the focused node: the board node nearest to where it stands. A
/// focus on a node that is gone (a board rebuilt for a new match) is dropped, or the window
/// would stop telling the screen reader anything (AccessKit waits for the focused node).
fn focus_cursor(
    cursor: Option<Res<KeyCursor>>,
    screen: Res<State<Screen>>,
    spoken: Query<(Entity, &SpokenAt)>,
    nodes: Query<(), With<AccessibilityNode>>,
    focus: Option<ResMut<InputFocus>>,
) {
    let (Some(cursor), Some(mut focus)) = (cursor, focus) else {
        return;
    };
    let gone = focus.get().is_some_and(|entity| !nodes.contains(entity));
    if !cursor.is_changed() && !screen.is_changed() && !gone {
        return;
    }
    let target = cursor.at.filter(|_| cursor.shown).and_then(|at| {
        spoken
            .iter()
            .min_by(|a, b| a.1.0.distance(at).total_cmp(&b.1.0.distance(at)))
            .map(|(entity, _)| entity)
    });
    if focus.get() != target {
        match target {
            Some(entity) => focus.set(entity, FocusCause::Navigated),
            None => focus.clear(),
        }
    }
}
