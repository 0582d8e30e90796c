//! The menu: choose the game, who plays each side (human or AI), how strongly and how long
//! the AI thinks, then start. Enter starts too. The menu opens with the choices of the last
//! match started from it ([`memory`]).

pub mod cards;
pub mod choices;
pub mod memory;

use bevy::picking::events::{Click, Pointer};
use bevy::prelude::*;

use super::language::{ChosenLanguage, board_name_words, levels_source_words};
use super::layout_assets::{
    CaveLayout, GameLayout, LayoutChanged, LayoutGame, PatolliLayout, PenguinsLayout,
    PenguinsLayoutChanged,
};
use super::layout_words::{error_words, setup_words};
use super::magnetic_cave::referee::MatchRequested;
use super::match_view::reason_words;
use super::network::{host_words, open_connection};
use super::patolli::referee::MatchRequested as PatolliMatchRequested;
use super::penguins::referee::MatchRequested as PenguinsMatchRequested;
use super::referee::{MatchNotStarted, Reason};
use super::start::NetStart;
use super::theme::{self, Selected};
use super::{AppStart, AppSystems, FirstMatch, Screen};
use crate::ai::AiLevel;
use crate::i18n::Tr;
use crate::layout;
use crate::layout::PenguinsSetup;
use crate::levels::{Found, Levels};
use crate::net::host::{
    AWAY_AI_AFTER, Chair, DEFAULT_PORT, HostError, Hosted, ListenError, ListenOptions,
    host_for_window,
};
use crate::rules::{GameKind, Seat};
use crate::setup::{self, CaveMatch, PatolliMatch, PenguinsMatch, SetupError};
pub use choices::MenuChoices;
use choices::{BUDGET_STEP, menu_budget, menu_penguins};

/// The menu screen and its choices; headless tests add it to start matches as the menu does.
pub fn plugin(app: &mut App) {
    app.init_resource::<MenuChoices>();
    app.init_resource::<MenuHosting>();
    app.add_systems(Startup, recall_choices);
    app.add_systems(OnEnter(Screen::Menu), (spawn_menu, show_menu_title));
    app.add_systems(
        Update,
        (adopt_layout_board_size, type_seed, start_on_enter_key)
            .in_set(AppSystems::RecordInput)
            .run_if(in_state(Screen::Menu)),
    );
    app.add_systems(
        Update,
        (
            show_choices,
            show_guest_choices,
            show_level_choice,
            cards::show_chosen_card,
            cards::draw_pictures,
            describe_options,
        )
            .in_set(AppSystems::Present)
            .run_if(in_state(Screen::Menu)),
    );
}

/// Where a match hosted from the menu listens: every network on [`DEFAULT_PORT`] unless
/// the command line (or a test) says otherwise.
#[derive(Resource, Debug, Clone)]
pub struct MenuHosting(pub ListenOptions);

impl Default for MenuHosting {
    fn default() -> Self {
        MenuHosting(ListenOptions {
            bind: std::net::SocketAddr::from(([0, 0, 0, 0], DEFAULT_PORT)),
            advertise: None,
        })
    }
}

/// The AI level button of `.0`.
#[derive(Component, Clone, Copy)]
struct LevelOption(AiLevel);

#[derive(Component, Clone, Copy)]
struct SeatOption {
    side: usize,
    seat: Seat,
}

/// A text of the menu that shows one of the choices.
#[derive(Component, Debug, Clone, Copy, PartialEq, Eq)]
enum MenuText {
    /// The name of the side a seat row chooses for, which depends on the game.
    Side(usize),
    /// Penguins per player.
    Penguins,
    /// The board's rows (0) or columns (1).
    BoardSize(usize),
    /// The Penguins seed.
    Seed,
    /// The AI's time per move.
    Budget,
    /// The chosen game's layout file and its error.
    Layout,
    /// The chosen game's board, by name.
    Board,
    /// The name of the third (0) or fourth (1) player.
    MoreSide(usize),
}

/// The message naming side `side` (0 moves first) in `game`.
fn side_name(game: GameKind, side: usize) -> &'static str {
    match (game, side) {
        (GameKind::MagneticCave, 0) => "menu-black-first",
        (GameKind::MagneticCave, _) => "menu-white",
        (GameKind::Patolli, 0) => "menu-player-l",
        (GameKind::Patolli, _) => "menu-player-n",
        (GameKind::Penguins, 0) => "menu-player-a-first",
        (GameKind::Penguins, _) => "menu-player-b",
    }
}

/// A menu row shown only when Penguins is chosen.
#[derive(Component)]
struct PenguinsOnly;

/// The row of the third (`.0` = 0) or fourth player: Penguins' C and D, or G and M on a
/// Patolli board that seats them.
#[derive(Component)]
struct MoreSeatRow(usize);

/// The seats of the third and fourth players of the chosen game.
fn more_seats_of(choices: &mut MenuChoices) -> &mut [Option<Seat>; 2] {
    if choices.game == GameKind::Patolli {
        &mut choices.patolli_more_seats
    } else {
        &mut choices.more_seats
    }
}

/// A choice for the third (`side` 0) or fourth (1) player: a seat, or `None`: not playing.
#[derive(Component, Clone, Copy)]
struct MoreSeatOption {
    side: usize,
    seat: Option<Seat>,
}

/// A − / value / + group that changes a number of the menu.
fn stepper(
    row: &mut ChildSpawnerCommands,
    marker: MenuText,
    step: impl Fn(&mut MenuChoices, i32) + Send + Sync + Clone + 'static,
) {
    let down = step.clone();
    row.spawn(theme::button("−", 40.0)).observe(
        move |_: On<Pointer<Click>>, mut choices: ResMut<MenuChoices>| down(&mut choices, -1),
    );
    value_box(row, marker, 44.0);
    row.spawn(theme::button("+", 40.0)).observe(
        move |_: On<Pointer<Click>>, mut choices: ResMut<MenuChoices>| step(&mut choices, 1),
    );
}

/// A stepper's value, centred in a box `width` pixels wide. The text does not wrap: a text
/// node that may wrap is measured as two lines and drawn above the row's middle.
fn value_box(row: &mut ChildSpawnerCommands, marker: MenuText, width: f32) {
    row.spawn(Node {
        min_width: px(width),
        justify_content: JustifyContent::Center,
        ..default()
    })
    .with_children(|value| {
        value.spawn((
            marker,
            theme::label("", 22.0, theme::TEXT),
            TextLayout::no_wrap(),
        ));
    });
}

/// The boards the levels in use offer, read when the menu opens.
#[derive(Resource, Debug, Default)]
pub struct MenuBoards(pub Vec<layout::Board>);

/// The ◀ ▶ buttons: moves the chosen game's board `step` places along the boards found for
/// it (the good ones, in the order `tablero levels` lists them).
pub fn step_board(
    In(step): In<i32>,
    choices: Res<MenuChoices>,
    boards: Res<MenuBoards>,
    start: Option<Res<AppStart>>,
    asset_server: Res<AssetServer>,
    cave: Option<ResMut<CaveLayout>>,
    patolli: Option<ResMut<PatolliLayout>>,
    penguins: Option<ResMut<PenguinsLayout>>,
) {
    let usable: Vec<&layout::Board> = boards
        .0
        .iter()
        .filter(|board| board.game == Some(choices.game) && board.setup.is_ok())
        .collect();
    if usable.is_empty() {
        return;
    }
    let levels = start
        .map(|start| start.levels.clone())
        .unwrap_or_else(|| Levels::folder("levels"));
    let step_from = |current: &str| {
        let at = usable
            .iter()
            .position(|board| board.file_name == current)
            .unwrap_or(0);
        let len = usable.len() as i32;
        usable[(at as i32 + step).rem_euclid(len) as usize]
            .file_name
            .clone()
    };
    match choices.game {
        GameKind::MagneticCave => step_layout(cave, &asset_server, &levels, step_from),
        GameKind::Patolli => step_layout(patolli, &asset_server, &levels, step_from),
        GameKind::Penguins => step_layout(penguins, &asset_server, &levels, step_from),
    }
}

/// Points `layout` at the board `next` names after the one it plays.
fn step_layout<G: LayoutGame>(
    layout: Option<ResMut<GameLayout<G>>>,
    asset_server: &AssetServer,
    levels: &Levels,
    next: impl Fn(&str) -> String,
) {
    if let Some(mut layout) = layout {
        let file = next(layout.file_name());
        layout.choose(asset_server, levels, &file);
    }
}

fn spawn_menu(mut commands: Commands, start: Option<Res<AppStart>>) {
    let levels = start
        .map(|start| start.levels.clone())
        .unwrap_or_else(|| Levels::folder("levels"));
    commands.insert_resource(MenuBoards(layout::boards(&levels)));
    cards::spawn_cards(&mut commands, DespawnOnExit(Screen::Menu));
    // *Settings*, in the corner: the comfort choices apply to every screen.
    commands
        .spawn((
            Name::new("Menu settings button"),
            theme::InDesignArea,
            super::button_keys::TabOrder(2),
            crate::app::language::MirroredPlace::default(),
            DespawnOnExit(Screen::Menu),
            Node {
                position_type: PositionType::Absolute,
                right: px(24),
                top: px(20),
                ..default()
            },
        ))
        .with_children(|corner| {
            corner
                .spawn(super::settings::settings_button(150.0))
                .observe(super::settings::open_on_click);
        });
    commands
        .spawn((
            Name::new("Menu"),
            theme::scrolling_screen(),
            // The column spans the window; the game cards beside it take their own clicks.
            Pickable::IGNORE,
            // Tab: the game cards, then these choices, then Settings.
            super::button_keys::TabOrder(1),
            DespawnOnExit(Screen::Menu),
        ))
        .with_children(|screen| {
            screen
                .spawn((theme::screen_content(MENU_WIDTH), Pickable::IGNORE))
                .with_children(spawn_menu_rows);
        });
}

/// The menu column's width: its rows wrap within it, clear of the cards and the corner.
const MENU_WIDTH: f32 = 720.0;

/// The menu's title, its rows of choices and its buttons.
fn spawn_menu_rows(menu: &mut ChildSpawnerCommands) {
    menu.spawn(theme::label("Tablero", 56.0, theme::TEXT));
    menu.spawn(theme::tr_label(
        Tr::new("menu-subtitle"),
        20.0,
        theme::TEXT_DIM,
    ));
    menu.spawn(theme::tr_label(Tr::new("menu-hint"), 16.0, theme::TEXT_DIM));
    for side in 0..2 {
        menu_row(menu, (), (MenuText::Side(side), side_caption()), |row| {
            for (seat, id) in [(Seat::Human, "menu-human"), (Seat::Ai, "menu-ai")] {
                row.spawn((
                    SeatOption { side, seat },
                    theme::tr_button(Tr::new(id), SEAT_BUTTON),
                ))
                .observe(
                    move |_: On<Pointer<Click>>, mut choices: ResMut<MenuChoices>| {
                        choices.seats[side] = seat;
                        choices.guests[side] = false;
                    },
                );
            }
            guest_button(row, side);
        });
    }
    for side in 0..2 {
        menu_row(
            menu,
            MoreSeatRow(side),
            (MenuText::MoreSide(side), side_caption()),
            |row| {
                for (seat, id) in [
                    (Some(Seat::Human), "menu-human"),
                    (Some(Seat::Ai), "menu-ai"),
                ] {
                    row.spawn((
                        MoreSeatOption { side, seat },
                        theme::tr_button(Tr::new(id), SEAT_BUTTON),
                    ))
                    .observe(
                        move |_: On<Pointer<Click>>, mut choices: ResMut<MenuChoices>| {
                            more_seats_of(&mut choices)[side] = seat;
                            choices.guests[side + 2] = false;
                        },
                    );
                }
                guest_button(row, side + 2);
                let off = MoreSeatOption { side, seat: None };
                row.spawn((off, theme::tr_button(Tr::new("menu-off"), SEAT_BUTTON)))
                    .observe(
                        move |_: On<Pointer<Click>>, mut choices: ResMut<MenuChoices>| {
                            more_seats_of(&mut choices)[side] = None;
                            choices.guests[side + 2] = false;
                        },
                    );
            },
        );
    }
    menu_row(menu, PenguinsOnly, caption("menu-penguins-each"), |row| {
        stepper(row, MenuText::Penguins, |choices, step| {
            choices.penguins = menu_penguins(i32::from(choices.penguins) + step);
        });
    });
    menu_row(menu, PenguinsOnly, caption("menu-rows-columns"), |row| {
        for side in 0..2 {
            stepper(row, MenuText::BoardSize(side), move |choices, step| {
                let size = &mut choices.board_size[side];
                *size = (i32::from(*size) + step).clamp(4, 20) as u16;
            });
        }
    });
    menu_row(menu, PenguinsOnly, caption("menu-seed"), |row| {
        row.spawn((
            MenuText::Seed,
            theme::label("", 22.0, theme::TEXT),
            TextLayout::no_wrap(),
            Node {
                min_width: px(120),
                ..default()
            },
        ));
        row.spawn(theme::tr_button(Tr::new("menu-new-seed"), 120.0))
            .observe(|_: On<Pointer<Click>>, mut choices: ResMut<MenuChoices>| {
                choices.seed = rand::random::<u64>() % 1_000_000;
            });
    });
    menu_row(menu, (), caption("menu-ai-level"), |row| {
        for level in AiLevel::ALL {
            let id = match level {
                AiLevel::Easy => "menu-level-easy",
                AiLevel::Medium => "menu-level-medium",
                AiLevel::Hard => "menu-level-hard",
            };
            row.spawn((LevelOption(level), theme::tr_button(Tr::new(id), 120.0)))
                .observe(
                    move |_: On<Pointer<Click>>, mut choices: ResMut<MenuChoices>| {
                        choices.level = level;
                    },
                );
        }
    });
    menu_row(menu, (), caption("menu-ai-time"), |row| {
        row.spawn(theme::button("−", 44.0)).observe(
            |_: On<Pointer<Click>>, mut choices: ResMut<MenuChoices>| {
                step_budget(&mut choices, -BUDGET_STEP);
            },
        );
        value_box(row, MenuText::Budget, 80.0);
        row.spawn(theme::button("+", 44.0)).observe(
            |_: On<Pointer<Click>>, mut choices: ResMut<MenuChoices>| {
                step_budget(&mut choices, BUDGET_STEP);
            },
        );
    });
    menu_row(menu, (), caption("menu-board"), |row| {
        // The arrows point outwards in either direction of reading (Arabic's row runs the
        // other way, and its messages trade the glyphs).
        for (glyph, step) in [("glyph-previous", -1), ("glyph-next", 1)] {
            if step > 0 {
                value_box(row, MenuText::Board, 300.0);
            }
            row.spawn(theme::tr_button(Tr::new(glyph), 44.0)).observe(
                move |_: On<Pointer<Click>>, mut commands: Commands| {
                    commands.run_system_cached_with(step_board, step);
                },
            );
        }
    });
    menu.spawn((MenuText::Layout, theme::label("", 16.0, theme::TEXT_DIM)));
    menu.spawn(Node {
        column_gap: px(12),
        row_gap: px(8),
        flex_wrap: FlexWrap::Wrap,
        justify_content: JustifyContent::Center,
        ..default()
    })
    .with_children(|row| {
        row.spawn((StartButton, theme::tr_button(Tr::new("menu-start"), 220.0)))
            .observe(|_: On<Pointer<Click>>, mut commands: Commands| {
                commands.run_system_cached(start_match);
            });
        row.spawn(theme::tr_button(Tr::new("menu-edit-boards"), 170.0))
            .observe(
                |_: On<Pointer<Click>>, mut next: ResMut<NextState<Screen>>| {
                    next.set(Screen::Boards);
                },
            );
        row.spawn(theme::tr_button(Tr::new("menu-join"), 170.0))
            .observe(
                |_: On<Pointer<Click>>, mut next: ResMut<NextState<Screen>>| {
                    next.set(Screen::Join);
                },
            );
        row.spawn(theme::tr_button(Tr::new("menu-puzzles"), 120.0))
            .observe(
                |_: On<Pointer<Click>>,
                 choices: Res<MenuChoices>,
                 mut open: MessageWriter<super::puzzles::PuzzlesRequested>| {
                    open.write(super::puzzles::PuzzlesRequested {
                        game: choices.game,
                        first: None,
                    });
                },
            );
    });
    menu.spawn((
        super::puzzles::PuzzlesNote,
        theme::label("", 16.0, theme::WARNING),
        Node {
            max_width: px(660),
            ..default()
        },
    ));
}

/// The width of a seat's buttons (Human, AI, Guest, Off).
const SEAT_BUTTON: f32 = 100.0;

/// The *Guest* button of side `side` (0 and 1: the first two, 2 and 3: the third and fourth):
/// a player on another machine takes that seat, and *Start* hosts the match.
#[derive(Component, Clone, Copy)]
struct GuestOption(usize);

/// The *Start* button, which says *Host* when a guest plays.
#[derive(Component)]
struct StartButton;

fn guest_button(row: &mut ChildSpawnerCommands, side: usize) {
    row.spawn((
        GuestOption(side),
        theme::tr_button(Tr::new("menu-guest"), SEAT_BUTTON),
    ))
    .observe(
        move |_: On<Pointer<Click>>, mut choices: ResMut<MenuChoices>| {
            if side < 2 {
                choices.seats[side] = Seat::Human;
            } else {
                more_seats_of(&mut choices)[side - 2] = Some(Seat::Human);
            }
            choices.guests[side] = true;
        },
    );
}

/// Whether each seat of a match with `seats` (as the menu's choices made it) is a guest's,
/// in the match's seat order.
pub(crate) fn guest_seats(choices: &MenuChoices, seats: usize) -> Vec<bool> {
    let more = match choices.game {
        GameKind::MagneticCave => [None, None],
        GameKind::Patolli => choices.patolli_more_seats,
        GameKind::Penguins => choices.more_seats,
    };
    let sides = [
        Some(choices.seats[0]),
        Some(choices.seats[1]),
        more[0],
        more[1],
    ];
    let mut guests: Vec<bool> = sides
        .iter()
        .zip(choices.guests)
        .filter(|(seat, _)| seat.is_some())
        .map(|(_, guest)| guest)
        .collect();
    guests.resize(seats, false);
    guests
}

/// A row's options, described to a screen reader by the row's caption (`.0`): "AI" is read
/// with "Black (first)".
#[derive(Component, Debug, Clone, Copy)]
struct OptionsOf(Entity);

/// Each option's accessibility node carries its row's caption as its description.
fn describe_options(
    groups: Query<(&OptionsOf, &Children)>,
    captions: Query<&Text>,
    mut options: Query<&mut bevy::a11y::AccessibilityNode, With<Button>>,
) {
    for (of, children) in &groups {
        let Ok(caption) = captions.get(of.0) else {
            continue;
        };
        for &child in children {
            if let Ok(mut node) = options.get_mut(child)
                && node.description() != Some(caption.0.as_str())
            {
                node.set_description(caption.0.clone());
            }
        }
    }
}

/// A menu row (`marker` on it): a `caption`, then its options, lined up with the other rows.
/// When larger text makes the row too wide, the options go under the caption, on one line.
fn menu_row(
    menu: &mut ChildSpawnerCommands,
    marker: impl Bundle,
    caption: impl Bundle,
    options: impl FnOnce(&mut ChildSpawnerCommands),
) {
    menu.spawn((
        marker,
        Node {
            width: percent(100),
            min_height: px(42),
            flex_wrap: FlexWrap::Wrap,
            column_gap: px(12),
            row_gap: px(4),
            align_items: AlignItems::Center,
            ..default()
        },
    ))
    .with_children(|row| {
        let caption = row.spawn(caption).id();
        // The options keep to one line: a wrapping group inside a wrapping row is laid out
        // at its one-line width and may then wrap on a fraction of a pixel, over the next row.
        row.spawn((
            OptionsOf(caption),
            Node {
                flex_shrink: 0.0,
                column_gap: px(12),
                align_items: AlignItems::Center,
                ..default()
            },
        ))
        .with_children(options);
    });
}

/// A row's caption: message `id`.
fn caption(id: &'static str) -> impl Bundle {
    (
        theme::tr_label(Tr::new(id), 22.0, theme::TEXT),
        caption_layout(),
    )
}

/// The caption of a seat's row, which names the side the chosen game gives it.
fn side_caption() -> impl Bundle {
    (theme::label("", 22.0, theme::TEXT), caption_layout())
}

/// A caption's line: at least as wide as the others, never wrapped or shrunk.
fn caption_layout() -> impl Bundle {
    (
        TextLayout::no_wrap(),
        Node {
            min_width: px(230),
            flex_shrink: 0.0,
            ..default()
        },
    )
}

fn step_budget(choices: &mut MenuChoices, step: f64) {
    choices.budget = menu_budget(choices.budget.as_secs_f64() + step);
}

/// A saved Penguins layout brings its board size to the menu (which may then change it).
fn adopt_layout_board_size(
    mut changes: MessageReader<PenguinsLayoutChanged>,
    mut choices: ResMut<MenuChoices>,
) {
    if let Some(LayoutChanged(PenguinsSetup::Generated(generator))) = changes.read().last() {
        choices.board_size = [generator.rows, generator.cols];
    }
}

/// Typing digits edits the Penguins seed; Backspace removes the last digit.
fn type_seed(keys: Res<ButtonInput<KeyCode>>, mut choices: ResMut<MenuChoices>) {
    if choices.game != GameKind::Penguins {
        return;
    }
    const DIGITS: [KeyCode; 10] = [
        KeyCode::Digit0,
        KeyCode::Digit1,
        KeyCode::Digit2,
        KeyCode::Digit3,
        KeyCode::Digit4,
        KeyCode::Digit5,
        KeyCode::Digit6,
        KeyCode::Digit7,
        KeyCode::Digit8,
        KeyCode::Digit9,
    ];
    for (digit, key) in DIGITS.iter().enumerate() {
        if keys.just_pressed(*key) && choices.seed < 1_000_000_000_000 {
            choices.seed = choices.seed * 10 + digit as u64;
        }
    }
    if keys.just_pressed(KeyCode::Backspace) {
        choices.seed /= 10;
    }
}

fn start_on_enter_key(
    keys: Res<ButtonInput<KeyCode>>,
    focus: Option<Res<bevy::input_focus::InputFocus>>,
    buttons: Query<(), With<Button>>,
    mut commands: Commands,
) {
    // A focused button takes Enter for itself (`button_keys`).
    if focus.is_some_and(|focus| super::button_keys::focus_on_button(&focus, &buttons)) {
        return;
    }
    if keys.just_pressed(KeyCode::Enter) || keys.just_pressed(KeyCode::NumpadEnter) {
        commands.run_system_cached(start_match);
    }
}

/// The menu opens with the choices remembered in [`AppStart::menu_memory`], if any; a file
/// that cannot be read is reported and the defaults stay. After a match started from the
/// command line (`tablero play X`), Esc shows the menu set to that match ([`adopt_match`]).
fn recall_choices(start: Option<Res<AppStart>>, mut choices: ResMut<MenuChoices>) {
    let Some(start) = start else {
        return;
    };
    if let Some(file) = &start.menu_memory {
        match memory::recall(file) {
            Ok(Some(remembered)) => remembered.apply_to(&mut choices),
            Ok(None) => {}
            Err(e) => eprintln!(
                "The menu's last choices were not read, so it starts from its defaults: {e}"
            ),
        }
    }
    if let Some(first) = &start.first_match {
        adopt_match(first, &mut choices);
    }
}

/// Sets the menu to the match started from the command line, so that Esc shows what was just
/// played: its game and seats, Penguins' penguins each, and, when an AI plays, its level and
/// time (kept within the menu's range). The rest stays as remembered.
fn adopt_match(first: &FirstMatch, choices: &mut MenuChoices) {
    choices.game = first.game();
    let (seats, budget, level): (&[Seat], _, _) = match first {
        FirstMatch::MagneticCave(setup, _) => (&setup.seats(), setup.budget(), setup.level()),
        FirstMatch::Patolli(setup, _) => (setup.seats(), setup.budget(), setup.level()),
        FirstMatch::Penguins(setup, _) => {
            choices.penguins = menu_penguins(i32::from(setup.penguins()));
            (setup.seats(), setup.budget(), setup.level())
        }
    };
    if let [first_seat, second_seat, more @ ..] = seats {
        choices.seats = [*first_seat, *second_seat];
        match choices.game {
            GameKind::Penguins => {
                choices.more_seats = [more.first().copied(), more.get(1).copied()];
            }
            GameKind::Patolli if !more.is_empty() => {
                choices.patolli_more_seats = [more.first().copied(), more.get(1).copied()];
            }
            _ => {}
        }
    }
    if seats.contains(&Seat::Ai) {
        choices.level = level;
        choices.budget = menu_budget(budget.as_secs_f64());
    }
}

/// The window's title at the menu: the game's name alone.
fn show_menu_title(mut windows: Query<&mut Window, With<bevy::window::PrimaryWindow>>) {
    for mut window in &mut windows {
        if window.title != super::WINDOW_TITLE {
            window.title = super::WINDOW_TITLE.to_string();
        }
    }
}

/// Writes the choices a match starts with to [`AppStart::menu_memory`], if any; a file that
/// cannot be written is reported and the match starts all the same.
fn remember_choices(start: Option<&AppStart>, choices: &MenuChoices) {
    let Some(file) = start.and_then(|start| start.menu_memory.as_ref()) else {
        return;
    };
    if let Err(e) = memory::remember(file, choices) {
        eprintln!(
            "The menu's choices were not remembered in {}: {e}",
            file.display()
        );
    }
}

/// Starts a match of the chosen game on its board in use with the menu's seats (the Start
/// button, Enter, and the editor's *Play this board*); with a guest's seat, hosts it over the
/// network instead ([`host_match`]).
#[allow(clippy::too_many_arguments)]
pub(crate) fn start_match(
    mut commands: Commands,
    start: Option<Res<AppStart>>,
    choices: Res<MenuChoices>,
    layout: Option<Res<CaveLayout>>,
    patolli_layout: Option<Res<PatolliLayout>>,
    penguins_layout: Option<Res<PenguinsLayout>>,
    mut requests: MessageWriter<MatchRequested>,
    mut patolli_requests: MessageWriter<PatolliMatchRequested>,
    mut penguins_requests: MessageWriter<PenguinsMatchRequested>,
) {
    let chosen = chosen_match(
        &choices,
        layout.as_deref(),
        patolli_layout.as_deref(),
        penguins_layout.as_deref(),
    );
    // A choice that makes no match starts nothing; the menu says why (see `show_choices`).
    let Some(Ok(chosen)) = chosen else {
        return;
    };
    let seats = match &chosen {
        ChosenMatch::MagneticCave(setup) => setup.seats().len(),
        ChosenMatch::Patolli(setup) => setup.seats().len(),
        ChosenMatch::Penguins(setup) => setup.seats().len(),
    };
    let guests = guest_seats(&choices, seats);
    if guests.contains(&true) {
        commands.run_system_cached_with(host_match, (chosen, guests));
    } else {
        match chosen {
            ChosenMatch::MagneticCave(setup) => {
                requests.write(MatchRequested::new(setup));
            }
            ChosenMatch::Patolli(setup) => {
                patolli_requests.write(PatolliMatchRequested::new(setup));
            }
            ChosenMatch::Penguins(setup) => {
                penguins_requests.write(PenguinsMatchRequested::new(setup));
            }
        }
    }
    remember_choices(start.as_deref(), &choices);
}

/// Hosts the `chosen` match over the network, the seats `guests` marks played by guests: this
/// machine listens on [`DEFAULT_PORT`] (any free port when that one is taken), a thread
/// referees, and the window joins as the player of the other human seats and shows the
/// waiting room. Why it cannot host is said on the menu.
fn host_match(
    In((chosen, guests)): In<(ChosenMatch, Vec<bool>)>,
    mut commands: Commands,
    start: Option<Res<AppStart>>,
    hosting: Res<MenuHosting>,
    proxy: Option<Res<bevy::winit::EventLoopProxyWrapper>>,
    mut next: ResMut<NextState<Screen>>,
    mut not_started: ResMut<MatchNotStarted>,
) {
    let (hosted, seats): (Hosted, Vec<Seat>) = match chosen {
        ChosenMatch::MagneticCave(setup) => {
            (Hosted::MagneticCave(setup.clone()), setup.seats().to_vec())
        }
        ChosenMatch::Patolli(setup) => (Hosted::Patolli(setup.clone()), setup.seats().to_vec()),
        ChosenMatch::Penguins(setup) => (Hosted::Penguins(setup.clone()), setup.seats().to_vec()),
    };
    let chairs: Vec<Chair> = seats
        .iter()
        .zip(&guests)
        .map(|(seat, guest)| {
            if *guest {
                Chair::Guest
            } else {
                Chair::Here(*seat)
            }
        })
        .collect();
    let record_to = start.as_ref().and_then(|start| start.record_to.clone());
    let host_on = |listen: &ListenOptions| {
        host_for_window(
            hosted.clone(),
            None,
            chairs.clone(),
            AWAY_AI_AFTER,
            listen,
            record_to.clone(),
            "the host",
        )
    };
    let listen = &hosting.0;
    let hosted_here = host_on(listen).or_else(|first| {
        // Another program (or another Tablero) has the usual port: any free one will do.
        if matches!(first, HostError::Listen(ListenError::Bind { .. }))
            && listen.bind.port() == DEFAULT_PORT
        {
            let mut any_port = listen.clone();
            any_port.bind.set_port(0);
            host_on(&any_port)
        } else {
            Err(first)
        }
    });
    match hosted_here {
        Ok(here) => {
            not_started.0 = None;
            open_connection(
                &mut commands,
                &NetStart::hosting(here),
                proxy.as_deref(),
                &mut next,
            );
        }
        Err(e) => {
            let reason = Tr::new("menu-cannot-host").words("reason", host_words(&e));
            not_started.0 = Some(Reason::Words(reason));
        }
    }
}

fn show_choices(
    choices: Res<MenuChoices>,
    start: Option<Res<AppStart>>,
    layout: Option<Res<CaveLayout>>,
    patolli_layout: Option<Res<PatolliLayout>>,
    penguins_layout: Option<Res<PenguinsLayout>>,
    not_started: Option<Res<MatchNotStarted>>,
    mut more_seats: Query<(&MoreSeatOption, &mut Selected), Without<SeatOption>>,
    mut penguins_rows: Query<&mut Node, (With<PenguinsOnly>, Without<MoreSeatRow>)>,
    mut more_seat_rows: Query<(&MoreSeatRow, &mut Node), Without<PenguinsOnly>>,
    mut seats: Query<(&SeatOption, &mut Selected), Without<MoreSeatOption>>,
    mut texts: Query<(&MenuText, &mut Text)>,
    language: Res<ChosenLanguage>,
) {
    for (option, mut selected) in &mut seats {
        let chosen = choices.seats[option.side] == option.seat && !choices.guests[option.side];
        selected.set_if_neq(Selected(chosen));
    }
    let penguins = choices.game == GameKind::Penguins;
    for mut node in &mut penguins_rows {
        let display = if penguins {
            Display::Flex
        } else {
            Display::None
        };
        if node.display != display {
            node.display = display;
        }
    }
    // Penguins seats C and D; a Patolli board for three or four seats G (and M).
    let patolli_players = patolli_layout
        .as_ref()
        .map_or(2, |layout| layout.config.track.players().len());
    for (row, mut node) in &mut more_seat_rows {
        let shown = match choices.game {
            GameKind::Penguins => true,
            GameKind::Patolli => row.0 + 2 < patolli_players,
            GameKind::MagneticCave => false,
        };
        let display = if shown { Display::Flex } else { Display::None };
        if node.display != display {
            node.display = display;
        }
    }
    let chosen_more = if choices.game == GameKind::Patolli {
        choices.patolli_more_seats
    } else {
        choices.more_seats
    };
    for (option, mut selected) in &mut more_seats {
        let guest = choices.guests[option.side + 2] && option.seat.is_some();
        selected.set_if_neq(Selected(chosen_more[option.side] == option.seat && !guest));
    }
    let (board, description, error) = match choices.game {
        GameKind::MagneticCave => match &layout {
            Some(layout) => {
                let c = layout.config;
                (
                    Some((layout.file.as_str(), layout.name.as_str())),
                    Tr::new("menu-board-cave")
                        .number("width", c.width())
                        .number("height", c.height())
                        .number("line", c.win_length()),
                    layout.error.as_ref(),
                )
            }
            None => (None, Tr::new("list-one").text("item", ""), None),
        },
        GameKind::Patolli => match &patolli_layout {
            Some(layout) => (
                Some((layout.file.as_str(), layout.name.as_str())),
                Tr::new("menu-board-track")
                    .number("squares", layout.config.track.len())
                    .number("players", layout.config.track.players().len()),
                layout.error.as_ref(),
            ),
            None => (None, Tr::new("list-one").text("item", ""), None),
        },
        GameKind::Penguins => match &penguins_layout {
            Some(layout) => (
                Some((layout.file.as_str(), layout.name.as_str())),
                match &layout.config {
                    PenguinsSetup::Generated(g) => Tr::new("menu-board-drawn")
                        .text("grid", grid_word(g.grid))
                        .number("water", (g.water * 100.0).round()),
                    PenguinsSetup::Fixed(b) => Tr::new("menu-board-fixed")
                        .text("grid", grid_word(b.grid()))
                        .number("cols", b.cols())
                        .number("rows", b.rows()),
                },
                layout.error.as_ref(),
            ),
            None => (None, Tr::new("list-one").text("item", ""), None),
        },
    };
    let mut layout_lines = Vec::new();
    if board.is_some() {
        // Where the boards come from, in words (`tablero levels` gives the folder).
        let source = start
            .as_ref()
            .map_or(Found::WorkingFolder, |start| start.levels.found);
        layout_lines.push(
            Tr::new("menu-board-line")
                .words("board", description)
                .words("source", levels_source_words(source)),
        );
    }
    if let Some(error) = error {
        layout_lines.push(Tr::new("menu-layout-error").words("error", error_words(error)));
    }
    if let Some(Err(misfit)) = chosen_match(
        &choices,
        layout.as_deref(),
        patolli_layout.as_deref(),
        penguins_layout.as_deref(),
    ) {
        layout_lines.push(Tr::new("menu-cannot-start").words("reason", setup_words(&misfit)));
    }
    if let Some(reason) = not_started.as_ref().and_then(|n| n.0.as_ref()) {
        layout_lines.push(Tr::new("menu-cannot-start").words("reason", reason_words(reason)));
    }
    let layout_line = layout_lines
        .iter()
        .map(|line| language.word(line))
        .collect::<Vec<_>>()
        .join("\n");
    let board_name = board
        .map(|(file, name)| language.word(&board_name_words(file, name)))
        .unwrap_or_default();
    for (which, mut text) in &mut texts {
        let content = match *which {
            MenuText::Side(side) => language.word(&Tr::new(side_name(choices.game, side))),
            MenuText::MoreSide(side) => language.word(&Tr::new(match (choices.game, side) {
                (GameKind::Patolli, 0) => "menu-player-g",
                (GameKind::Patolli, _) => "menu-player-m",
                (_, 0) => "menu-player-c",
                _ => "menu-player-d",
            })),
            MenuText::Penguins => choices.penguins.to_string(),
            MenuText::BoardSize(side) => choices.board_size[side].to_string(),
            MenuText::Seed => choices.seed.to_string(),
            MenuText::Budget => format!("{:.1} s", choices.budget.as_secs_f64()),
            MenuText::Layout => layout_line.clone(),
            MenuText::Board => board_name.clone(),
        };
        theme::set_text(&mut text, content);
    }
}

/// The *Guest* buttons chosen, and *Start* saying *Host* when a guest plays.
fn show_guest_choices(
    choices: Res<MenuChoices>,
    mut guests: Query<(&GuestOption, &mut Selected)>,
    start_buttons: Query<&Children, With<StartButton>>,
    mut texts: Query<&mut super::language::Translated>,
) {
    let more = *more_seats_of(&mut choices.clone());
    let on = |side: usize| side < 2 || more[side - 2].is_some();
    for (option, mut selected) in &mut guests {
        selected.set_if_neq(Selected(choices.guests[option.0] && on(option.0)));
    }
    let players = match choices.game {
        GameKind::MagneticCave => 2,
        _ => 4,
    };
    let hosting = (0..players).any(|side| choices.guests[side] && on(side));
    let label = Tr::new(if hosting { "menu-host" } else { "menu-start" });
    for children in &start_buttons {
        for child in children.iter() {
            if let Ok(mut text) = texts.get_mut(child) {
                text.set_if_neq(super::language::Translated(label.clone()));
            }
        }
    }
}

fn show_level_choice(choices: Res<MenuChoices>, mut levels: Query<(&LevelOption, &mut Selected)>) {
    for (option, mut selected) in &mut levels {
        selected.set_if_neq(Selected(option.0 == choices.level));
    }
}

/// A match the menu's choices make, of the game chosen.
#[derive(Debug, Clone)]
pub(crate) enum ChosenMatch {
    /// A Magnetic Cave match.
    MagneticCave(CaveMatch),
    /// A Patolli match.
    Patolli(PatolliMatch),
    /// A Penguins match.
    Penguins(PenguinsMatch),
}

/// The match the menu's choices make on the chosen game's board in use, or why they make
/// none (the menu shows it, for every game); `None` while that game's layout is not there.
pub(crate) fn chosen_match(
    choices: &MenuChoices,
    cave: Option<&CaveLayout>,
    patolli: Option<&PatolliLayout>,
    penguins: Option<&PenguinsLayout>,
) -> Option<Result<ChosenMatch, SetupError>> {
    Some(match choices.game {
        GameKind::MagneticCave => Ok(ChosenMatch::MagneticCave(CaveMatch::fresh(
            cave.map(|l| l.config).unwrap_or_default(),
            choices.seats,
            choices.budget,
            choices.level,
        ))),
        GameKind::Patolli => {
            let layout = patolli?;
            // L and N as chosen; on a board for three or four, G and M as chosen, up to the
            // first one that is off (the board then seats the players before it).
            let chosen: Vec<Option<Seat>> = choices
                .seats
                .iter()
                .copied()
                .map(Some)
                .chain(choices.patolli_more_seats)
                .collect();
            let (board, seats) = setup::seat_patolli(layout.config.clone(), &chosen);
            PatolliMatch::new(
                board,
                seats,
                choices.budget,
                choices.level,
                rand::random(),
                Vec::new(),
            )
            .map(ChosenMatch::Patolli)
        }
        GameKind::Penguins => penguins_setup(choices, penguins?).map(ChosenMatch::Penguins),
    })
}

/// The Penguins match the menu's choices make on `layout`, or why they make none (its error
/// placed in the layout file when it is about the board).
fn penguins_setup(
    choices: &MenuChoices,
    layout: &PenguinsLayout,
) -> Result<PenguinsMatch, SetupError> {
    let mut seats = choices.seats.to_vec();
    seats.extend(choices.more_seats.iter().flatten());
    let mut config = layout.config.clone();
    if let PenguinsSetup::Generated(generator) = &mut config {
        [generator.rows, generator.cols] = choices.board_size;
    }
    setup::PenguinsMatch::new(
        config,
        seats,
        choices.penguins,
        choices.budget,
        choices.level,
        choices.seed,
    )
    .map_err(|e| e.in_layout_file(std::path::Path::new(&layout.file)))
}

/// The word a Penguins board's grid adds to its description: `hex` or nothing.
fn grid_word(grid: crate::rules::penguins::Grid) -> &'static str {
    match grid {
        crate::rules::penguins::Grid::Square => "square",
        crate::rules::penguins::Grid::Hex => "hex",
    }
}
