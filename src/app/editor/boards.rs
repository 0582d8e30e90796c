//! *Edit boards*: the layouts found where the game looks for boards (the levels folder in
//! use, then the built-in boards it lacks), each opened in the editor by a click, and a new
//! board of each game. A built-in board is saved as a copy; a file the editor cannot draw is
//! refused with its `FILE:LINE:COLUMN` and left as it is.

use std::path::{Path, PathBuf};

use bevy::picking::events::{Click, Pointer};
use bevy::prelude::*;

use crate::app::language::{ChosenLanguage, board_name_words, levels_source_words};
use crate::app::layout_words::error_words;
use crate::app::match_view::game_name;
use crate::i18n::Tr;

use super::session::EditorSession;
use crate::app::theme;
use crate::app::{AppStart, AppSystems, Screen};
use crate::editor::Draft;
use crate::layout::{self, LayoutError};
use crate::levels::Levels;
use crate::rules::GameKind;

pub(super) fn plugin(app: &mut App) {
    app.init_resource::<NewBoardFile>();
    app.init_resource::<BoardsMessage>();
    app.add_systems(OnEnter(Screen::Boards), spawn_list);
    app.add_systems(
        Update,
        (
            back_on_escape.in_set(AppSystems::RecordInput),
            show_message.in_set(AppSystems::Present),
        )
            .run_if(in_state(Screen::Boards)),
    );
}

/// The file a new board is saved as (`tablero edit NEW.ron`); `None`: a new name in the
/// levels folder.
#[derive(Resource, Debug, Clone, Default)]
pub struct NewBoardFile(pub Option<PathBuf>);

/// Why the last board clicked did not open.
#[derive(Resource, Debug, Clone, Default)]
struct BoardsMessage(Option<LayoutError>);

#[derive(Component)]
struct MessageText;

/// The levels in use, as the app started with them.
fn levels_of(start: Option<&AppStart>) -> Levels {
    start
        .map(|s| s.levels.clone())
        .unwrap_or_else(|| Levels::folder("levels"))
}

/// The folder new boards go to: the levels folder in use, else `./levels` when it exists, else
/// `levels/` in the user's data folder.
pub fn new_board_folder(levels: &Levels) -> PathBuf {
    if !levels.is_built_in() {
        return levels.dir.clone();
    }
    match (Path::new("levels").is_dir(), crate::levels::user_data_dir()) {
        (false, Some(data)) => data.join("levels"),
        _ => PathBuf::from("levels"),
    }
}

/// A file name for a new board of `game` in `folder` that is not taken.
fn new_board_path(folder: &Path, game: GameKind) -> PathBuf {
    let stem = match game {
        GameKind::MagneticCave => "my-cave",
        GameKind::Patolli => "my-patolli",
        GameKind::Penguins => "my-penguins",
    };
    crate::editor::free_file(folder, stem)
}

fn spawn_list(
    mut commands: Commands,
    start: Option<Res<AppStart>>,
    new_file: Res<NewBoardFile>,
    mut message: ResMut<BoardsMessage>,
) {
    let levels = levels_of(start.as_deref());
    let boards = layout::boards(&levels);
    message.0 = None;
    let new_file = new_file.0.clone();
    commands
        .spawn((
            Name::new("Edit boards"),
            theme::screen_column(),
            DespawnOnExit(Screen::Boards),
        ))
        .with_children(|list| {
            list.spawn(theme::tr_label(Tr::new("boards-title"), 44.0, theme::TEXT));
            match &new_file {
                Some(path) => {
                    list.spawn(theme::tr_label(
                        Tr::new("boards-new-file").text("file", path.display().to_string()),
                        18.0,
                        theme::TEXT_DIM,
                    ));
                }
                None => {
                    list.spawn(theme::tr_label(
                        Tr::new("boards-from").words("source", levels_source_words(levels.found)),
                        18.0,
                        theme::TEXT_DIM,
                    ));
                    // Two columns when one would not fit the window.
                    let width = if boards.len() > 9 { 470.0 } else { 640.0 };
                    let mut column = list.spawn(Node {
                        width: px(960),
                        flex_wrap: FlexWrap::Wrap,
                        justify_content: JustifyContent::Center,
                        column_gap: px(8),
                        row_gap: px(6),
                        ..default()
                    });
                    column.with_children(|list| {
                        for board in boards {
                            let built_in = crate::levels::built_in_at(&board.path).is_some();
                            let text = Tr::new(if built_in {
                                "boards-entry-built-in"
                            } else {
                                "boards-entry"
                            })
                            .words("name", board_name_words(&board.file_name, &board.name))
                            .text("file", board.file_name.clone());
                            let text = match board.game {
                                Some(game) => text.words("game", game_name(game)),
                                None => text.text("game", "?"),
                            };
                            let path = board.path.clone();
                            list.spawn(theme::tr_button(text, width)).observe(
                            move |_: On<Pointer<Click>>,
                                  mut commands: Commands,
                                  mut message: ResMut<BoardsMessage>,
                                  mut next: ResMut<NextState<Screen>>| {
                                match open(&path) {
                                    Ok(draft) => {
                                        commands.insert_resource(EditorSession::new(
                                            draft,
                                            path.clone(),
                                        ));
                                        next.set(Screen::Editor);
                                    }
                                    Err(e) => message.0 = Some(e),
                                }
                            },
                        );
                        }
                    });
                }
            }
            list.spawn(Node {
                column_gap: px(12),
                margin: UiRect::top(px(12)),
                ..default()
            })
            .with_children(|row| {
                row.spawn(theme::tr_label(Tr::new("boards-new"), 20.0, theme::TEXT));
                for game in GameKind::ALL {
                    let target = new_file.clone();
                    let folder = new_board_folder(&levels);
                    row.spawn(theme::tr_button(game_name(game), 180.0)).observe(
                        move |_: On<Pointer<Click>>,
                              mut commands: Commands,
                              mut next: ResMut<NextState<Screen>>| {
                            let path = target
                                .clone()
                                .unwrap_or_else(|| new_board_path(&folder, game));
                            commands.insert_resource(EditorSession::new(Draft::new(game), path));
                            commands.insert_resource(NewBoardFile(None));
                            next.set(Screen::Editor);
                        },
                    );
                }
            });
            list.spawn((MessageText, theme::label("", 16.0, theme::ERROR)));
            list.spawn(theme::tr_button(Tr::new("boards-back"), 300.0))
                .observe(
                    |_: On<Pointer<Click>>, mut next: ResMut<NextState<Screen>>| {
                        next.set(Screen::Menu);
                    },
                );
        });
}

/// The draft of the layout file at `path`, or the error that refuses it (`FILE:LINE:COLUMN`).
///
/// # Errors
/// The file cannot be read, does not parse, or cannot be drawn by the editor.
pub fn open(path: &Path) -> Result<Draft, LayoutError> {
    let bytes = crate::layout::read_file(path)?;
    Draft::open(
        &path.display().to_string(),
        &String::from_utf8_lossy(&bytes),
    )
}

fn show_message(
    message: Res<BoardsMessage>,
    language: Res<ChosenLanguage>,
    mut texts: Query<&mut Text, With<MessageText>>,
) {
    let words = message
        .0
        .as_ref()
        .map(|error| language.word(&error_words(error)))
        .unwrap_or_default();
    for mut text in &mut texts {
        theme::set_text(&mut text, words.clone());
    }
}

fn back_on_escape(keys: Res<ButtonInput<KeyCode>>, mut next: ResMut<NextState<Screen>>) {
    if keys.just_pressed(KeyCode::Escape) {
        next.set(Screen::Menu);
    }
}
