//! The board editor in the window: *Edit boards* in the menu lists the boards
//! ([`boards`]); `tablero edit FILE` opens one at once. The editor draws the board being
//! edited ([`canvas`]) beside a panel of its settings ([`panel`]); every click becomes an
//! [`Edit`] of the [`Draft`] (the pure model in `crate::editor`), which checks the board as it
//! changes, undoes and redoes, and saves the RON file the game reads.
//!
//! Keys: Ctrl+Z undo, Ctrl+Y (or Ctrl+Shift+Z) redo, Ctrl+S save, Ctrl+P play, Esc back to
//! the list. Patolli's tools: 1 track, 2 middle, 3 arm end, 4 triangle, S a start square and
//! E an end square (each press the next player), B begin the track here. Penguins: 0 to 3
//! paint water or that many fish.

pub mod boards;
pub mod canvas;
pub mod panel;

use std::path::{Path, PathBuf};

use bevy::input::ButtonState;
use bevy::input::keyboard::KeyboardInput;
use bevy::prelude::*;

use super::layout::{CaveLayout, GameLayout, LayoutGame, PatolliLayout, PenguinsLayout};
use super::menu::MenuChoices;
use super::{AppStart, AppSystems, Screen};
use crate::editor::{Draft, Edit, Mark};
use crate::layout::{self, GameSetup};
use crate::levels::Levels;
use crate::rules::patolli::Player;

/// The editor's screens, keys and drawing.
pub fn plugin(app: &mut App) {
    app.add_systems(Startup, open_first_board);
    app.add_systems(OnEnter(Screen::Menu), back_to_the_editor);
    // A match that did not start leaves the mark behind until the editor is left.
    app.add_systems(OnEnter(Screen::Boards), |mut commands: Commands| {
        commands.remove_resource::<PlayedFromEditor>();
    });
    app.add_plugins((boards::plugin, canvas::plugin, panel::plugin));
    app.add_systems(
        Update,
        editor_keys
            .in_set(AppSystems::RecordInput)
            .run_if(in_state(Screen::Editor)),
    );
}

/// What a click on the board does.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Tool {
    /// Patolli: a click adds a square to the track's end or takes it off; a drag adds squares.
    Track,
    /// Patolli: a click marks the square (or takes the mark off).
    Mark(Mark),
    /// Patolli: a click makes the square the player's start.
    Start(Player),
    /// Patolli: a click makes the square the player's end.
    End(Player),
    /// Patolli: a click makes the square the track's first.
    BeginHere,
    /// Penguins: a click paints the field with this many fish (0 is water).
    Paint(u8),
}

/// What the editor last said, and whether it was a refusal.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Status {
    /// The words.
    pub text: String,
    /// Whether it refused something (shown in the error colour).
    pub refused: bool,
}

/// The board being edited: the draft, the file it came from and the file it saves to, the
/// tool in hand and what the editor last said.
#[derive(Resource, Debug, Clone)]
pub struct EditorSession {
    /// The board and its history.
    pub draft: Draft,
    /// The file it was opened from (`<built-in>/NAME.ron` for a built-in board), or the new
    /// file it is to be saved as.
    pub opened: PathBuf,
    /// Where *Save* writes: the opened file, or for a built-in board a copy under a new name.
    pub target: PathBuf,
    /// What a click on the board does.
    pub tool: Tool,
    /// The seed the preview of a drawn Penguins board is drawn from.
    pub preview_seed: u64,
    /// What the editor last said.
    pub status: Status,
    /// Edits, undos and redos made so far.
    pub changes: usize,
    /// [`EditorSession::changes`] when the board was last saved (or opened from its file).
    saved_at: Option<usize>,
    /// Whether leaving with unsaved changes was asked once already (the next time leaves).
    leave_asked: bool,
    /// Whether typed keys go into the board's name (Enter or Esc ends it).
    pub typing_name: bool,
}

impl EditorSession {
    /// A session on `draft`, opened from `opened`.
    pub fn new(draft: Draft, opened: PathBuf) -> EditorSession {
        let target = crate::editor::save_path(&opened, crate::levels::user_data_dir().as_deref());
        // The panel names the file Save writes; a copy is worth a word.
        let status = if target == opened {
            String::new()
        } else {
            format!("A built-in board: Save writes a copy, {}", target.display())
        };
        let saved_at = (target == opened && opened.exists()).then_some(0);
        let tool = match draft.game() {
            crate::rules::GameKind::Penguins => Tool::Paint(1),
            _ => Tool::Track,
        };
        EditorSession {
            draft,
            opened,
            target,
            tool,
            preview_seed: 1,
            status: Status {
                text: status,
                refused: false,
            },
            changes: 0,
            saved_at,
            leave_asked: false,
            typing_name: false,
        }
    }

    /// Whether the editor may be left now: not the first time it is asked with changes not
    /// saved (it says so instead, and the next time leaves).
    pub fn may_leave(&mut self) -> bool {
        if !self.unsaved() || self.leave_asked {
            return true;
        }
        self.leave_asked = true;
        self.status = Status {
            text: "Not saved yet: Ctrl+S saves; leave again to drop the changes".to_string(),
            refused: true,
        };
        false
    }

    /// Whether the board has changed since it was last saved (or was never saved).
    pub fn unsaved(&self) -> bool {
        self.saved_at != Some(self.changes)
    }

    /// Makes `edit`; a change clears what the editor last said.
    pub fn edit(&mut self, edit: &Edit) {
        if self.draft.apply(edit) {
            self.changes += 1;
            self.leave_asked = false;
            self.status = Status::default();
        }
    }

    /// Takes back the last edit.
    pub fn undo(&mut self) {
        let done = self.draft.undo();
        self.said(done, "Undone", "Nothing to undo");
    }

    /// Makes the last undone edit again.
    pub fn redo(&mut self) {
        let done = self.draft.redo();
        self.said(done, "Redone", "Nothing to redo");
    }

    fn said(&mut self, done: bool, yes: &str, no: &str) {
        if done {
            self.changes += 1;
        }
        self.status = Status {
            text: if done { yes } else { no }.to_string(),
            refused: !done,
        };
    }

    /// Writes the board to [`EditorSession::target`] (whole or not at all), or says why not:
    /// a board that makes no game is not saved.
    pub fn save(&mut self) -> Option<GameSetup> {
        let result = self.draft.save_text().and_then(|text| {
            if let Some(folder) = self.target.parent().filter(|f| !f.as_os_str().is_empty()) {
                std::fs::create_dir_all(folder)
                    .map_err(|e| format!("cannot make {}: {e}", folder.display()))?;
            }
            crate::files::write_atomically(&self.target, &text)
                .map_err(|e| format!("cannot write {}: {e}", self.target.display()))?;
            layout::parse(&self.target.display().to_string(), text.as_bytes())
                .map_err(|e| e.to_string())
        });
        match result {
            Ok(setup) => {
                self.saved_at = Some(self.changes);
                self.status = Status {
                    text: format!("Saved {}", self.target.display()),
                    refused: false,
                };
                Some(setup)
            }
            Err(reason) => {
                self.status = Status {
                    text: format!("Not saved: {reason}"),
                    refused: true,
                };
                None
            }
        }
    }
}

/// What `tablero edit [FILE]` opens: the board in FILE, a new board to be saved as FILE, or
/// (no FILE) the list of boards.
#[derive(Debug, Clone)]
pub struct EditStart {
    /// The file, if one was named.
    pub path: Option<PathBuf>,
    /// The board to edit: the file's, or a new one of the game named; `None` with a file: a
    /// new file whose game is chosen in the window.
    pub draft: Option<Draft>,
}

fn open_first_board(
    mut commands: Commands,
    start: Option<Res<AppStart>>,
    mut next: ResMut<NextState<Screen>>,
) {
    let Some(edit) = start.as_ref().and_then(|s| s.edit.as_ref()) else {
        return;
    };
    match (&edit.path, &edit.draft) {
        (Some(path), Some(draft)) => {
            commands.insert_resource(EditorSession::new(draft.clone(), path.clone()));
            next.set(Screen::Editor);
        }
        (path, _) => {
            commands.insert_resource(boards::NewBoardFile(path.clone()));
            next.set(Screen::Boards);
        }
    }
}

/// Whether `modifier` (both its keys) is held with a key pressed this frame: also when it was
/// pressed or let go within the frame, as a quick Ctrl+S arrives.
fn held(keys: &ButtonInput<KeyCode>, modifier: [KeyCode; 2]) -> bool {
    keys.any_pressed(modifier)
        || keys.any_just_pressed(modifier)
        || keys.any_just_released(modifier)
}

fn editor_keys(
    mut commands: Commands,
    keys: Res<ButtonInput<KeyCode>>,
    mut typed: MessageReader<KeyboardInput>,
    session: Option<ResMut<EditorSession>>,
    mut next: ResMut<NextState<Screen>>,
) {
    let Some(mut session) = session else {
        typed.clear();
        return;
    };
    if session.typing_name {
        type_name(&mut session, typed.read());
        return;
    }
    typed.clear();
    let shift = held(&keys, [KeyCode::ShiftLeft, KeyCode::ShiftRight]);
    if held(&keys, [KeyCode::ControlLeft, KeyCode::ControlRight]) {
        if keys.just_pressed(KeyCode::KeyZ) && shift || keys.just_pressed(KeyCode::KeyY) {
            session.redo();
        } else if keys.just_pressed(KeyCode::KeyZ) {
            session.undo();
        } else if keys.just_pressed(KeyCode::KeyS) {
            session.save();
        } else if keys.just_pressed(KeyCode::KeyP) {
            commands.run_system_cached(play_board);
        }
        return;
    }
    if keys.just_pressed(KeyCode::Escape) {
        if session.may_leave() {
            next.set(Screen::Boards);
        }
        return;
    }
    let seated = patolli_players(&session.draft);
    let next_player = |now: Option<Player>| {
        let at = now
            .and_then(|p| seated.iter().position(|&q| q == p))
            .map_or(0, |i| (i + 1) % seated.len().max(1));
        seated.get(at).copied().unwrap_or(Player::L)
    };
    let tool = match session.draft.game() {
        crate::rules::GameKind::Patolli => {
            let start = match session.tool {
                Tool::Start(p) => Some(p),
                _ => None,
            };
            let end = match session.tool {
                Tool::End(p) => Some(p),
                _ => None,
            };
            [
                (KeyCode::Digit1, Tool::Track),
                (KeyCode::Digit2, Tool::Mark(Mark::Middle)),
                (KeyCode::Digit3, Tool::Mark(Mark::ArmEnd)),
                (KeyCode::Digit4, Tool::Mark(Mark::Triangle)),
                (KeyCode::KeyB, Tool::BeginHere),
                (KeyCode::KeyS, Tool::Start(next_player(start))),
                (KeyCode::KeyE, Tool::End(next_player(end))),
            ]
            .into_iter()
            .find(|(key, _)| keys.just_pressed(*key))
            .map(|(_, tool)| tool)
        }
        crate::rules::GameKind::Penguins => [
            KeyCode::Digit0,
            KeyCode::Digit1,
            KeyCode::Digit2,
            KeyCode::Digit3,
        ]
        .into_iter()
        .position(|key| keys.just_pressed(key))
        .map(|fish| Tool::Paint(fish as u8)),
        crate::rules::GameKind::MagneticCave => None,
    };
    if let Some(tool) = tool {
        session.tool = tool;
    }
}

/// Keys typed into the board's name: characters add, Backspace takes the last one off, Enter
/// or Esc ends the typing. The new name is one edit (undone as one).
fn type_name<'a>(session: &mut EditorSession, typed: impl Iterator<Item = &'a KeyboardInput>) {
    let before = session.draft.name().to_string();
    let mut name = before.clone();
    for input in typed.filter(|input| input.state == ButtonState::Pressed) {
        match input.key_code {
            KeyCode::Enter | KeyCode::NumpadEnter | KeyCode::Escape => {
                session.typing_name = false;
                break;
            }
            KeyCode::Backspace => {
                name.pop();
            }
            _ => {
                if let Some(text) = &input.text {
                    name.extend(text.chars().filter(|c| !c.is_control()));
                }
            }
        }
    }
    if name != before {
        session.edit(&Edit::Name(name));
    }
}

/// The players a Patolli draft seats, in the order L, N, G, M.
pub fn patolli_players(draft: &Draft) -> Vec<Player> {
    match draft.layout() {
        layout::Layout::Patolli(board) => board.players_ends().iter().map(|(p, _)| *p).collect(),
        _ => Vec::new(),
    }
}

/// *Play this board*: saves it (nothing more when it is refused), then starts a match on it
/// with the menu's seats (drawn Penguins boards at the editor's size and preview seed); the
/// saved file is the game's board from then on, and when it lies in the levels folder it is
/// watched as any other. Leaving the match comes back to the editor.
pub fn play_board(
    mut commands: Commands,
    session: Option<ResMut<EditorSession>>,
    start: Option<Res<AppStart>>,
    asset_server: Res<AssetServer>,
    mut choices: ResMut<MenuChoices>,
    mut cave: Option<ResMut<CaveLayout>>,
    mut patolli: Option<ResMut<PatolliLayout>>,
    mut penguins: Option<ResMut<PenguinsLayout>>,
) {
    let Some(mut session) = session else {
        return;
    };
    let Some(setup) = session.save() else {
        return;
    };
    let levels = start
        .map(|s| s.levels.clone())
        .unwrap_or_else(|| Levels::folder("levels"));
    let target = session.target.clone();
    choices.game = session.draft.game();
    let name = session
        .draft
        .layout()
        .name()
        .map(str::to_string)
        .unwrap_or_else(|| file_stem(&target));
    if let GameSetup::Penguins(crate::layout::PenguinsSetup::Generated(generator)) = &setup {
        // The board the preview shows: its size, drawn from its seed.
        choices.board_size = [generator.rows, generator.cols];
        choices.seed = session.preview_seed;
    }
    let (path, server) = (target.as_path(), &*asset_server);
    match setup {
        GameSetup::MagneticCave(config) => {
            adopt(cave.as_deref_mut(), config, path, name, &levels, server);
        }
        GameSetup::Patolli(config) => {
            adopt(patolli.as_deref_mut(), config, path, name, &levels, server);
        }
        GameSetup::Penguins(config) => {
            adopt(penguins.as_deref_mut(), config, path, name, &levels, server);
        }
    }
    // The menu says why a Penguins match cannot start (too few one-fish floes for the
    // penguins); here the editor says it.
    if let (crate::rules::GameKind::Penguins, Some(layout)) = (choices.game, penguins.as_deref())
        && let Err(e) = super::menu::penguins_setup(&choices, layout)
    {
        session.status = Status {
            text: format!("Saved, not played: {e}"),
            refused: true,
        };
        return;
    }
    commands.run_system_cached(super::menu::start_match);
    commands.insert_resource(PlayedFromEditor);
}

/// Marks a match started by *Play this board*: leaving it (Esc, *Menu*) comes back to the
/// editor rather than the menu.
#[derive(Resource, Debug)]
pub struct PlayedFromEditor;

/// Leaving a match played from the editor goes back to the editor, the board as it was.
fn back_to_the_editor(
    mut commands: Commands,
    played: Option<Res<PlayedFromEditor>>,
    session: Option<ResMut<EditorSession>>,
    mut next: ResMut<NextState<Screen>>,
) {
    if played.is_none() {
        return;
    }
    commands.remove_resource::<PlayedFromEditor>();
    if let Some(mut session) = session {
        session.status = Status {
            text: "Back from the match on this board".to_string(),
            refused: false,
        };
        next.set(Screen::Editor);
    }
}

/// Makes the saved board at `path` the one `layout` plays: watched when it lies in the levels
/// folder, its configuration in place at once either way.
fn adopt<G: LayoutGame>(
    layout: Option<&mut GameLayout<G>>,
    config: G::Config,
    path: &Path,
    name: String,
    levels: &Levels,
    asset_server: &AssetServer,
) {
    let Some(layout) = layout else {
        return;
    };
    let in_levels = !levels.is_built_in()
        && path
            .parent()
            .is_some_and(|dir| same_folder(dir, &levels.dir));
    if let (true, Some(file)) = (in_levels, path.file_name()) {
        layout.choose(asset_server, levels, &file.to_string_lossy());
    } else {
        layout.file = path.display().to_string();
    }
    layout.config = config;
    layout.name = name;
    layout.error = None;
}

/// Whether `a` and `b` name the same folder.
fn same_folder(a: &Path, b: &Path) -> bool {
    let full = |p: &Path| std::fs::canonicalize(p).unwrap_or_else(|_| p.to_path_buf());
    full(a) == full(b)
}

/// A file's name without `.ron`.
fn file_stem(path: &Path) -> String {
    path.file_stem()
        .map(|s| s.to_string_lossy().into_owned())
        .unwrap_or_default()
}
