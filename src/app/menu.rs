//! The menu: choose the game, who plays each side (human or AI) and the AI's time budget,
//! then start. Enter starts too.

use std::time::Duration;

use bevy::picking::events::{Click, Pointer};
use bevy::prelude::*;

use super::layout::CaveLayout;
use super::magnetic_cave::referee::MatchRequested;
use super::theme::{self, Selected};
use super::{AppSystems, Screen};
use crate::ai::DEFAULT_BUDGET;
use crate::rules::magnetic_cave::Brick;
use crate::rules::{GameKind, Seat};
use crate::setup::CaveMatch;

/// Budget steps offered by the − and + buttons, in seconds.
const BUDGET_STEP: f64 = 0.5;
const BUDGET_MIN: f64 = 0.5;
const BUDGET_MAX: f64 = 10.0;

pub(super) fn plugin(app: &mut App) {
    app.init_resource::<MenuChoices>();
    app.add_systems(OnEnter(Screen::Menu), spawn_menu);
    app.add_systems(
        Update,
        start_on_enter_key
            .in_set(AppSystems::RecordInput)
            .run_if(in_state(Screen::Menu)),
    );
    app.add_systems(
        Update,
        show_choices
            .in_set(AppSystems::Present)
            .run_if(in_state(Screen::Menu)),
    );
}

/// What the menu has chosen so far.
#[derive(Resource, Debug, Clone, PartialEq)]
pub struct MenuChoices {
    /// The game to play.
    pub game: GameKind,
    /// Who plays each side, in turn order.
    pub seats: [Seat; 2],
    /// The AI's time per move.
    pub budget: Duration,
}

impl Default for MenuChoices {
    fn default() -> Self {
        MenuChoices {
            game: GameKind::MagneticCave,
            seats: [Seat::Human, Seat::Ai],
            budget: DEFAULT_BUDGET,
        }
    }
}

#[derive(Component, Clone, Copy)]
struct GameOption(GameKind);

#[derive(Component, Clone, Copy)]
struct SeatOption {
    side: usize,
    seat: Seat,
}

#[derive(Component)]
struct BudgetText;

#[derive(Component)]
struct LayoutText;

fn spawn_menu(mut commands: Commands) {
    commands
        .spawn((
            Name::new("Menu"),
            Node {
                width: percent(100),
                height: percent(100),
                flex_direction: FlexDirection::Column,
                align_items: AlignItems::Center,
                justify_content: JustifyContent::Center,
                row_gap: px(16),
                ..default()
            },
            DespawnOnExit(Screen::Menu),
        ))
        .with_children(|menu| {
            menu.spawn(theme::label("Tablero", 64.0, theme::TEXT));
            menu.spawn(theme::label(
                "Board games from three course assignments",
                20.0,
                theme::TEXT_DIM,
            ));
            menu.spawn(row()).with_children(|row| {
                row.spawn(caption("Game"));
                for game in GameKind::ALL {
                    row.spawn((GameOption(game), theme::button(game.title(), 200.0)))
                        .observe(
                            move |_: On<Pointer<Click>>, mut choices: ResMut<MenuChoices>| {
                                choices.game = game;
                            },
                        );
                }
            });
            for (side, player) in Brick::BOTH.into_iter().enumerate() {
                let name = match player {
                    Brick::Black => "■ Black (first)",
                    Brick::White => "□ White",
                };
                menu.spawn(row()).with_children(|row| {
                    row.spawn(caption(name));
                    for (seat, text) in [(Seat::Human, "Human"), (Seat::Ai, "AI")] {
                        row.spawn((SeatOption { side, seat }, theme::button(text, 120.0)))
                            .observe(
                                move |_: On<Pointer<Click>>, mut choices: ResMut<MenuChoices>| {
                                    choices.seats[side] = seat;
                                },
                            );
                    }
                });
            }
            menu.spawn(row()).with_children(|row| {
                row.spawn(caption("AI time per move"));
                row.spawn(theme::button("−", 44.0)).observe(
                    |_: On<Pointer<Click>>, mut choices: ResMut<MenuChoices>| {
                        step_budget(&mut choices, -BUDGET_STEP);
                    },
                );
                row.spawn((
                    BudgetText,
                    theme::label("", 22.0, theme::TEXT),
                    Node {
                        width: px(80),
                        justify_content: JustifyContent::Center,
                        ..default()
                    },
                    TextLayout::justify(Justify::Center),
                ));
                row.spawn(theme::button("+", 44.0)).observe(
                    |_: On<Pointer<Click>>, mut choices: ResMut<MenuChoices>| {
                        step_budget(&mut choices, BUDGET_STEP);
                    },
                );
            });
            menu.spawn((LayoutText, theme::label("", 16.0, theme::TEXT_DIM)));
            menu.spawn(theme::button("Start (Enter)", 240.0)).observe(
                |_: On<Pointer<Click>>, mut commands: Commands| {
                    commands.run_system_cached(start_match);
                },
            );
        });
}

/// A menu row: a caption, then its options, lined up with the other rows.
fn row() -> Node {
    Node {
        width: px(620),
        height: px(48),
        column_gap: px(12),
        align_items: AlignItems::Center,
        ..default()
    }
}

fn caption(text: &str) -> impl Bundle {
    (
        theme::label(text, 22.0, theme::TEXT),
        TextLayout::no_wrap(),
        Node {
            width: px(230),
            ..default()
        },
    )
}

fn step_budget(choices: &mut MenuChoices, step: f64) {
    let seconds = (choices.budget.as_secs_f64() + step).clamp(BUDGET_MIN, BUDGET_MAX);
    choices.budget = Duration::from_secs_f64(seconds);
}

fn start_on_enter_key(keys: Res<ButtonInput<KeyCode>>, mut commands: Commands) {
    if keys.just_pressed(KeyCode::Enter) || keys.just_pressed(KeyCode::NumpadEnter) {
        commands.run_system_cached(start_match);
    }
}

fn start_match(
    choices: Res<MenuChoices>,
    layout: Option<Res<CaveLayout>>,
    mut requests: MessageWriter<MatchRequested>,
) {
    match choices.game {
        GameKind::MagneticCave => {
            let config = layout.map(|l| l.config).unwrap_or_default();
            requests.write(MatchRequested(CaveMatch {
                config,
                seats: choices.seats,
                budget: choices.budget,
                moves: Vec::new(),
            }));
        }
        // Not offered by the menu yet (see `GameKind::ALL`).
        GameKind::Patolli => warn!("Patolli cannot be played in the window yet"),
    }
}

fn show_choices(
    choices: Res<MenuChoices>,
    layout: Option<Res<CaveLayout>>,
    mut games: Query<(&GameOption, &mut Selected), Without<SeatOption>>,
    mut seats: Query<(&SeatOption, &mut Selected), Without<GameOption>>,
    mut budget: Single<&mut Text, (With<BudgetText>, Without<LayoutText>)>,
    mut layout_text: Single<&mut Text, (With<LayoutText>, Without<BudgetText>)>,
) {
    for (option, mut selected) in &mut games {
        selected.set_if_neq(Selected(option.0 == choices.game));
    }
    for (option, mut selected) in &mut seats {
        selected.set_if_neq(Selected(choices.seats[option.side] == option.seat));
    }
    let text = format!("{:.1} s", choices.budget.as_secs_f64());
    if budget.0 != text {
        budget.0 = text;
    }
    let text = match layout {
        Some(layout) => {
            let c = layout.config;
            let mut text = format!(
                "Layout {}: {}x{} cave, {} in a line wins",
                layout.file,
                c.width(),
                c.height(),
                c.win_length()
            );
            if let Some(error) = &layout.error {
                text.push_str(&format!("\nLayout error (last good layout kept): {error}"));
            }
            text
        }
        None => String::new(),
    };
    if layout_text.0 != text {
        layout_text.0 = text;
    }
}
