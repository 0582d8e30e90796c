//! The editor's panel, right of the board: the tools and settings of the board's game, undo,
//! redo, *Save* and *Play this board*, what the editor last said, and the checks that keep the
//! board from making a game (a setting a check concerns has its caption in red).

use bevy::picking::events::{Click, Pointer};
use bevy::prelude::*;

use crate::app::language::ChosenLanguage;
use crate::app::layout_words::fault_words;
use crate::app::match_view;
use crate::i18n::Tr;

use super::{EditorSession, Tool, patolli_players};
use crate::app::theme::{self, Selected};
use crate::app::{AppSystems, Screen};
use crate::editor::{Edit, Mark, Spot};
use crate::layout::Layout;
use crate::rules::GameKind;
use crate::rules::patolli::{Dice, FirstPlayer, Overshoot, Player};
use crate::rules::penguins::Grid as Floes;

/// The panel's width, in pixels.
const PANEL_WIDTH: f32 = 470.0;
/// A caption's width.
const CAPTION: f32 = 80.0;

pub(super) fn plugin(app: &mut App) {
    app.add_systems(OnEnter(Screen::Editor), spawn_panel);
    app.add_systems(
        Update,
        show_panel
            .in_set(AppSystems::Present)
            .run_if(in_state(Screen::Editor)),
    );
}

/// A button that shows whether its choice is the draft's (or the tool in hand).
#[derive(Component, Debug, Clone, Copy, PartialEq)]
enum Choice {
    Tool(Tool),
    Players(usize),
    First(FirstPlayer),
    Beans(bool),
    Overshoot(Overshoot),
    Painted(bool),
    Floes(Floes),
    TypingName,
}

/// A text of the panel showing a value of the draft.
#[derive(Component, Debug, Clone, Copy, PartialEq, Eq)]
enum Value {
    Title,
    Name,
    File,
    GridSide,
    Beans,
    Rows,
    Cols,
    WaterPercent,
    Weight(usize),
    Seed,
    FixedRows,
    FixedCols,
    Width,
    Height,
    WinLength,
    Status,
    Problems,
}

/// A row's caption, red while a check concerns the layout field it sets.
#[derive(Component, Debug, Clone, Copy)]
struct FieldCaption(&'static [&'static str]);

/// A Penguins row shown only for drawn (false) or painted (true) boards.
#[derive(Component, Debug, Clone, Copy)]
struct PaintedOnly(bool);

/// The Undo (false) or Redo (true) button, its text dim when there is nothing to undo or redo.
#[derive(Component, Debug, Clone, Copy)]
struct HistoryButton(bool);

/// A button shown only when the board seats the player.
#[derive(Component, Debug, Clone, Copy)]
struct SeatedOnly(Player);

/// What a button says: a message (its id), or text shown as it is (a player's letter, a count).
enum Words {
    /// A message, in the window's language.
    Message(&'static str),
    /// Text as it is.
    Fixed(String),
}

impl From<&'static str> for Words {
    fn from(id: &'static str) -> Words {
        Words::Message(id)
    }
}

impl From<String> for Words {
    fn from(text: String) -> Words {
        Words::Fixed(text)
    }
}

/// A small button saying `words`, at least `width` pixels wide.
fn small_button<'a>(
    row: &'a mut ChildSpawnerCommands,
    words: impl Into<Words>,
    width: f32,
) -> EntityCommands<'a> {
    match words.into() {
        Words::Message(id) => row.spawn(theme::tr_sized_button(Tr::new(id), width, 30.0, 15.0)),
        Words::Fixed(text) => row.spawn(theme::sized_button(text, width, 30.0, 15.0)),
    }
}

/// A small button saying `text` that applies `action` to the session.
fn action(
    row: &mut ChildSpawnerCommands,
    text: impl Into<Words>,
    width: f32,
    action: impl Fn(&mut EditorSession) + Send + Sync + 'static,
) -> Entity {
    small_button(row, text, width)
        .observe(
            move |_: On<Pointer<Click>>, session: Option<ResMut<EditorSession>>| {
                if let Some(mut session) = session {
                    action(&mut session);
                }
            },
        )
        .id()
}

/// A small button saying `text` that makes `edit`, shown as chosen by `choice`.
fn edit_button(
    row: &mut ChildSpawnerCommands,
    text: impl Into<Words>,
    width: f32,
    edit: Edit,
    choice: Option<Choice>,
) {
    let id = action(row, text, width, move |session| session.edit(&edit));
    if let Some(choice) = choice {
        row.commands().entity(id).insert(choice);
    }
}

/// A small button saying `text` that takes `tool` in hand.
fn tool_button(
    row: &mut ChildSpawnerCommands,
    text: impl Into<Words>,
    width: f32,
    tool: Tool,
) -> Entity {
    let id = action(row, text, width, move |session| session.tool = tool);
    row.commands().entity(id).insert(Choice::Tool(tool));
    id
}

fn panel_row(
    panel: &mut ChildSpawnerCommands,
    caption: &'static str,
    fields: &'static [&'static str],
    fill: impl FnOnce(&mut ChildSpawnerCommands),
) -> Entity {
    panel
        .spawn(Node {
            column_gap: px(6),
            flex_wrap: FlexWrap::Wrap,
            row_gap: px(4),
            align_items: AlignItems::Center,
            min_height: px(30),
            ..default()
        })
        .with_children(|row| {
            row.spawn((
                FieldCaption(fields),
                theme::tr_label(Tr::new(caption), 16.0, theme::TEXT),
                TextLayout::no_wrap(),
                Node {
                    min_width: px(CAPTION),
                    flex_shrink: 0.0,
                    ..default()
                },
            ));
            fill(row);
        })
        .id()
}

/// A − value + group: `step` gives the edit for a step of −1 or +1 from the session.
fn stepper(
    row: &mut ChildSpawnerCommands,
    value: Value,
    step: impl Fn(&EditorSession, i64) -> Option<Edit> + Send + Sync + Clone + 'static,
) {
    for (text, sign) in [("−", -1), ("+", 1)] {
        if sign > 0 {
            row.spawn(Node {
                min_width: px(64),
                justify_content: JustifyContent::Center,
                ..default()
            })
            .with_children(|b| {
                b.spawn((
                    value,
                    theme::label("", 17.0, theme::TEXT),
                    TextLayout::no_wrap(),
                ));
            });
        }
        let step = step.clone();
        action(row, text.to_string(), 34.0, move |session| {
            if let Some(edit) = step(session, sign) {
                session.edit(&edit);
            }
        });
    }
}

/// `value` moved by `step`, kept within `low..=high`.
fn stepped(value: impl Into<i64>, step: i64, low: i64, high: i64) -> i64 {
    (value.into() + step).clamp(low, high)
}

fn spawn_panel(mut commands: Commands, session: Option<Res<EditorSession>>) {
    let Some(session) = session else {
        return;
    };
    let game = session.draft.game();
    commands
        .spawn((
            Name::new("Editor panel"),
            theme::side_panel(PANEL_WIDTH),
            DespawnOnExit(Screen::Editor),
        ))
        .with_children(|panel| {
            panel.spawn((Value::Title, theme::label("", 24.0, theme::TEXT)));
            panel.spawn((Value::File, theme::label("", 14.0, theme::TEXT_DIM)));
            panel_row(panel, "editor-name", &[], |row| {
                // A long name wraps rather than hide its end.
                row.spawn(Node {
                    min_width: px(230),
                    max_width: percent(100),
                    flex_shrink: 0.0,
                    ..default()
                })
                .with_child((Value::Name, theme::label("", 16.0, theme::TEXT)));
                let id = action(row, "editor-type", 70.0, |session| {
                    session.typing_name = !session.typing_name;
                });
                row.commands().entity(id).insert(Choice::TypingName);
            });
            // The game's rows closer together than the panel's own.
            panel
                .spawn(Node {
                    flex_direction: FlexDirection::Column,
                    row_gap: px(6),
                    ..default()
                })
                .with_children(|rows| match game {
                    GameKind::Patolli => patolli_rows(rows),
                    GameKind::Penguins => penguins_rows(rows),
                    GameKind::MagneticCave => cave_rows(rows),
                });
            panel
                .spawn(Node {
                    column_gap: px(6),
                    flex_wrap: FlexWrap::Wrap,
                    row_gap: px(4),
                    margin: UiRect::top(px(6)),
                    ..default()
                })
                .with_children(|row| {
                    let undo = action(row, "editor-undo", 80.0, EditorSession::undo);
                    row.commands().entity(undo).insert(HistoryButton(false));
                    let redo = action(row, "editor-redo", 80.0, EditorSession::redo);
                    row.commands().entity(redo).insert(HistoryButton(true));
                    action(row, "editor-save", 80.0, |session| {
                        session.save();
                    });
                    small_button(row, "editor-play", 80.0).observe(
                        |_: On<Pointer<Click>>, mut commands: Commands| {
                            commands.run_system_cached(super::play_board);
                        },
                    );
                    small_button(row, "editor-boards", 80.0).observe(
                        |_: On<Pointer<Click>>,
                         session: Option<ResMut<EditorSession>>,
                         mut next: ResMut<NextState<Screen>>| {
                            if session.is_none_or(|mut session| session.may_leave()) {
                                next.set(Screen::Boards);
                            }
                        },
                    );
                });
            panel.spawn((Value::Status, theme::label("", 15.0, theme::TEXT)));
            panel.spawn((Value::Problems, theme::label("", 14.0, theme::ERROR)));
        });
}

fn patolli_rows(panel: &mut ChildSpawnerCommands) {
    panel_row(panel, "editor-draw", &["track"], |row| {
        tool_button(row, "editor-track-1", 70.0, Tool::Track);
        tool_button(row, "editor-middle-2", 80.0, Tool::Mark(Mark::Middle));
        tool_button(row, "editor-arm-end-3", 90.0, Tool::Mark(Mark::ArmEnd));
        tool_button(row, "editor-triangle-4", 90.0, Tool::Mark(Mark::Triangle));
    });
    for (caption, start) in [("editor-start-s", true), ("editor-end-e", false)] {
        panel_row(panel, caption, &["players"], |row| {
            for player in Player::ALL {
                let tool = if start {
                    Tool::Start(player)
                } else {
                    Tool::End(player)
                };
                let id = tool_button(row, player.to_string(), 44.0, tool);
                row.commands().entity(id).insert(SeatedOnly(player));
            }
        });
    }
    panel_row(panel, "editor-track", &[], |row| {
        edit_button(row, "editor-reverse", 84.0, Edit::Reverse, None);
        tool_button(row, "editor-begin-here-b", 110.0, Tool::BeginHere);
        edit_button(row, "editor-clear", 70.0, Edit::ClearTrack, None);
    });
    panel_row(panel, "editor-grid", &[], |row| {
        stepper(row, Value::GridSide, |session, step| {
            let side = stepped(session.draft.grid_side(), step * 2, 0, 64);
            Some(Edit::GridSide(side as u16))
        });
    });
    panel_row(panel, "editor-players", &["players"], |row| {
        for count in 2..=4 {
            edit_button(
                row,
                count.to_string(),
                44.0,
                Edit::Players(count),
                Some(Choice::Players(count)),
            );
        }
    });
    panel_row(panel, "editor-first", &["first_player"], |row| {
        for (first, player) in [
            (FirstPlayer::L, Player::L),
            (FirstPlayer::N, Player::N),
            (FirstPlayer::G, Player::G),
            (FirstPlayer::M, Player::M),
        ] {
            let id = action(row, player.to_string(), 44.0, move |session| {
                session.edit(&Edit::FirstPlayer(first));
            });
            row.commands()
                .entity(id)
                .insert((Choice::First(first), SeatedOnly(player)));
        }
    });
    panel_row(panel, "editor-dice", &["dice"], |row| {
        edit_button(
            row,
            "editor-die-0-5",
            80.0,
            Edit::Dice(Dice::Uniform),
            Some(Choice::Beans(false)),
        );
        let id = action(row, "editor-beans", 66.0, |session| {
            if let Layout::Patolli(board) = session.draft.layout()
                && !matches!(board.rules.dice, Dice::Beans(_))
            {
                session.edit(&Edit::Dice(Dice::Beans(5)));
            }
        });
        row.commands().entity(id).insert(Choice::Beans(true));
        stepper(row, Value::Beans, |session, step| {
            match session.draft.layout() {
                Layout::Patolli(board) => match board.rules.dice {
                    Dice::Beans(n) => Some(Edit::Dice(Dice::Beans(stepped(n, step, 1, 10) as u8))),
                    Dice::Uniform => None,
                },
                _ => None,
            }
        });
    });
    panel_row(panel, "editor-overshoot", &[], |row| {
        for (text, overshoot) in [
            ("editor-lap-on", Overshoot::ContinueLap),
            ("editor-forbidden", Overshoot::Forbidden),
            ("editor-back-home", Overshoot::BackToStart),
        ] {
            edit_button(
                row,
                text,
                96.0,
                Edit::Overshoot(overshoot),
                Some(Choice::Overshoot(overshoot)),
            );
        }
    });
}

fn penguins_rows(panel: &mut ChildSpawnerCommands) {
    panel_row(panel, "editor-penguins-boards", &["board"], |row| {
        edit_button(
            row,
            "editor-drawn",
            96.0,
            Edit::DrawnBoards,
            Some(Choice::Painted(false)),
        );
        let id = action(row, "editor-painted", 96.0, |session| {
            let seed = session.preview_seed;
            session.edit(&Edit::PaintFrom(seed));
        });
        row.commands().entity(id).insert(Choice::Painted(true));
    });
    panel_row(panel, "editor-floes", &[], |row| {
        edit_button(
            row,
            "editor-square",
            96.0,
            Edit::Grid(Floes::Square),
            Some(Choice::Floes(Floes::Square)),
        );
        edit_button(
            row,
            "editor-hex",
            96.0,
            Edit::Grid(Floes::Hex),
            Some(Choice::Floes(Floes::Hex)),
        );
    });
    let drawn = |panel: &mut ChildSpawnerCommands,
                 caption: &'static str,
                 fields,
                 value,
                 step: fn(&crate::layout::PenguinsLayout, i64) -> Edit| {
        let id = panel_row(panel, caption, fields, |row| {
            stepper(row, value, move |session, sign| {
                match session.draft.layout() {
                    Layout::Penguins(penguins) => Some(step(penguins, sign)),
                    _ => None,
                }
            });
        });
        panel.commands().entity(id).insert(PaintedOnly(false));
    };
    drawn(panel, "editor-rows", &["rows"], Value::Rows, |p, s| {
        Edit::Rows(stepped(p.rows, s, 4, 20) as u16)
    });
    drawn(
        panel,
        "editor-columns",
        &["cols", "rows"],
        Value::Cols,
        |p, s| Edit::Cols(stepped(p.cols, s, 4, 20) as u16),
    );
    drawn(
        panel,
        "editor-water",
        &["water"],
        Value::WaterPercent,
        |p, s| {
            let percent = (p.water * 100.0).round() as i64;
            Edit::WaterPercent(stepped(percent, s * 5, 0, 60) as u32)
        },
    );
    for (fish, caption) in ["editor-1-fish", "editor-2-fish", "editor-3-fish"]
        .into_iter()
        .enumerate()
    {
        let id = panel_row(panel, caption, &["fish_weights"], |row| {
            stepper(
                row,
                Value::Weight(fish),
                move |session, sign| match session.draft.layout() {
                    Layout::Penguins(p) => Some(Edit::FishWeight(
                        fish,
                        stepped(p.fish_weights[fish], sign, 0, 20) as u32,
                    )),
                    _ => None,
                },
            );
        });
        panel.commands().entity(id).insert(PaintedOnly(false));
    }
    let id = panel_row(panel, "editor-preview", &[], |row| {
        row.spawn((
            Value::Seed,
            theme::label("", 16.0, theme::TEXT),
            TextLayout::no_wrap(),
        ));
        action(row, "editor-new-seed", 110.0, |session| {
            session.preview_seed = rand::random::<u64>() % 1_000_000;
        });
    });
    panel.commands().entity(id).insert(PaintedOnly(false));
    let id = panel_row(panel, "editor-paint", &["board"], |row| {
        tool_button(row, "editor-water-0", 84.0, Tool::Paint(0));
        for fish in 1..=3u8 {
            tool_button(row, fish.to_string(), 44.0, Tool::Paint(fish));
        }
    });
    panel.commands().entity(id).insert(PaintedOnly(true));
    for (caption, value, rows) in [
        ("editor-rows", Value::FixedRows, true),
        ("editor-columns", Value::FixedCols, false),
    ] {
        let id = panel_row(panel, caption, &["board"], |row| {
            stepper(row, value, move |session, sign| {
                match session.draft.layout() {
                    Layout::Penguins(p) => {
                        let board = p.board.as_ref()?;
                        let (r, c) = (
                            board.len(),
                            board.first().map_or(0, |row| row.chars().count()),
                        );
                        Some(if rows {
                            Edit::FixedSize(stepped(r as i64, sign, 2, 20) as usize, c)
                        } else {
                            Edit::FixedSize(r, stepped(c as i64, sign, 2, 20) as usize)
                        })
                    }
                    _ => None,
                }
            });
        });
        panel.commands().entity(id).insert(PaintedOnly(true));
    }
}

fn cave_rows(panel: &mut ChildSpawnerCommands) {
    type Step = fn(&crate::layout::CaveLayout, i64) -> Edit;
    let rows: [(&str, &'static [&'static str], Value, Step); 3] = [
        ("editor-width", &["width"], Value::Width, |c, s| {
            Edit::Width(stepped(c.width, s, 1, 26) as u32)
        }),
        ("editor-height", &["height"], Value::Height, |c, s| {
            Edit::Height(stepped(c.height, s, 1, 26) as u32)
        }),
        ("editor-line", &["win_length"], Value::WinLength, |c, s| {
            Edit::WinLength(stepped(c.win_length, s, 2, 26) as u32)
        }),
    ];
    for (caption, fields, value, step) in rows {
        panel_row(panel, caption, fields, |row| {
            stepper(row, value, move |session, sign| {
                match session.draft.layout() {
                    Layout::MagneticCave(cave) => Some(step(cave, sign)),
                    _ => None,
                }
            });
        });
    }
}

impl Choice {
    fn chosen(self, session: &EditorSession) -> bool {
        let layout = session.draft.layout();
        match (self, layout) {
            (Choice::Tool(tool), _) => session.tool == tool,
            (Choice::TypingName, _) => session.typing_name,
            (Choice::Players(n), _) => patolli_players(&session.draft).len() == n,
            (Choice::First(first), Layout::Patolli(b)) => b.rules.first_player == first,
            (Choice::Beans(beans), Layout::Patolli(b)) => {
                matches!(b.rules.dice, Dice::Beans(_)) == beans
            }
            (Choice::Overshoot(o), Layout::Patolli(b)) => b.rules.overshoot == o,
            (Choice::Painted(painted), Layout::Penguins(p)) => p.board.is_some() == painted,
            (Choice::Floes(grid), Layout::Penguins(p)) => p.grid == grid,
            _ => false,
        }
    }
}

/// The text of `value` for the session.
fn value_text(value: Value, session: &EditorSession, language: ChosenLanguage) -> String {
    let layout = session.draft.layout();
    match (value, layout) {
        (Value::Title, _) => language.word(
            &Tr::new("editor-title").words("game", match_view::game_name(session.draft.game())),
        ),
        (Value::Name, _) => match (session.draft.name(), session.typing_name) {
            (name, true) => format!("{name}|"),
            (name, false) if name.trim().is_empty() => language.word(&Tr::new("editor-no-name")),
            (name, false) => name.to_string(),
        },
        (Value::File, _) => {
            let file = session.target.display().to_string();
            if session.unsaved() {
                language.word(&Tr::new("editor-not-saved").text("file", file))
            } else {
                file
            }
        }
        (Value::GridSide, _) => {
            let side = session.draft.grid_side();
            format!("{side}x{side}")
        }
        (Value::Beans, Layout::Patolli(b)) => match b.rules.dice {
            Dice::Beans(n) => n.to_string(),
            Dice::Uniform => "–".to_string(),
        },
        (Value::Rows, Layout::Penguins(p)) => p.rows.to_string(),
        (Value::Cols, Layout::Penguins(p)) => p.cols.to_string(),
        (Value::WaterPercent, Layout::Penguins(p)) => format!("{:.0} %", p.water * 100.0),
        (Value::Weight(fish), Layout::Penguins(p)) => p.fish_weights[fish].to_string(),
        (Value::Seed, _) => {
            language.word(&Tr::new("editor-seed").text("seed", session.preview_seed.to_string()))
        }
        (Value::FixedRows, Layout::Penguins(p)) => p.board.as_ref().map_or(0, Vec::len).to_string(),
        (Value::FixedCols, Layout::Penguins(p)) => p
            .board
            .as_ref()
            .and_then(|b| b.first())
            .map_or(0, |r| r.chars().count())
            .to_string(),
        (Value::Width, Layout::MagneticCave(c)) => c.width.to_string(),
        (Value::Height, Layout::MagneticCave(c)) => c.height.to_string(),
        (Value::WinLength, Layout::MagneticCave(c)) => c.win_length.to_string(),
        (Value::Status, _) => session
            .status
            .words
            .as_ref()
            .map(|words| language.word(words))
            .unwrap_or_default(),
        (Value::Problems, _) => {
            let problems = session.draft.problems();
            if problems.is_empty() {
                String::new()
            } else {
                let mut lines = vec![Tr::new("editor-no-game-yet")];
                lines.extend(
                    problems
                        .iter()
                        .take(3)
                        .map(|p| Tr::new("editor-problem").words("problem", fault_words(&p.fault))),
                );
                if problems.len() > 3 {
                    lines.push(Tr::new("editor-more-problems").number("more", problems.len() - 3));
                }
                language.lines(&lines)
            }
        }
        _ => String::new(),
    }
}

fn show_panel(
    session: Option<Res<EditorSession>>,
    language: Res<ChosenLanguage>,
    mut texts: Query<(&Value, &mut Text, &mut TextColor)>,
    mut choices: Query<(&Choice, &mut Selected)>,
    mut captions: Query<(&FieldCaption, &mut TextColor), Without<Value>>,
    mut painted_rows: Query<(&PaintedOnly, &mut Node), Without<SeatedOnly>>,
    mut seated: Query<(&SeatedOnly, &mut Node), Without<PaintedOnly>>,
    history: Query<(&HistoryButton, &Children)>,
    mut button_texts: Query<&mut TextColor, (Without<Value>, Without<FieldCaption>)>,
) {
    let Some(session) = session else {
        return;
    };
    if !(session.is_changed() || language.is_changed()) {
        return;
    }
    let (can_undo, can_redo) = session.draft.history();
    for (button, children) in &history {
        let can = if button.0 { can_redo } else { can_undo };
        let color = TextColor(if can { theme::TEXT } else { theme::TEXT_DIM });
        for &child in children {
            if let Ok(mut text) = button_texts.get_mut(child) {
                text.set_if_neq(color);
            }
        }
    }
    for (value, mut text, mut color) in &mut texts {
        theme::set_text(&mut text, value_text(*value, &session, *language));
        if *value == Value::Status {
            let wanted = if session.status.refused {
                theme::ERROR
            } else {
                theme::TEXT
            };
            color.set_if_neq(TextColor(wanted));
        }
    }
    for (choice, mut selected) in &mut choices {
        selected.set_if_neq(Selected(choice.chosen(&session)));
    }
    let problems = session.draft.problems();
    for (caption, mut color) in &mut captions {
        let faulty = problems
            .iter()
            .any(|p| matches!(p.spot, Spot::Field(field) if caption.0.contains(&field)));
        color.set_if_neq(TextColor(if faulty { theme::ERROR } else { theme::TEXT }));
    }
    let painted = matches!(session.draft.layout(), Layout::Penguins(p) if p.board.is_some());
    for (only, mut node) in &mut painted_rows {
        let display = if only.0 == painted {
            Display::Flex
        } else {
            Display::None
        };
        if node.display != display {
            node.display = display;
        }
    }
    let players = patolli_players(&session.draft);
    for (only, mut node) in &mut seated {
        let display = if players.contains(&only.0) {
            Display::Flex
        } else {
            Display::None
        };
        if node.display != display {
            node.display = display;
        }
    }
}
