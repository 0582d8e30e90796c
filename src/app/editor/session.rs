//! The board being edited: the draft, its files, the tool in hand and what the editor last
//! said; the screens of the editor share it as a resource.

use std::path::PathBuf;

use bevy::prelude::*;

use crate::app::layout_words::{error_words, fault_words};
use crate::app::system_words::io_words;
use crate::i18n::Tr;

use crate::editor::{Draft, Edit, Mark};
use crate::layout::{self, GameSetup, LayoutError, LayoutFault};
use crate::rules::patolli::Player;

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
#[derive(Debug, Clone, Default, PartialEq)]
pub struct Status {
    /// The words, if any (worded in the window's language when shown).
    pub words: Option<Tr>,
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
        let status = (target != opened)
            .then(|| Tr::new("editor-built-in-copy").text("file", target.display().to_string()));
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
                words: status,
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
            words: Some(Tr::new("editor-leave-unsaved")),
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
        self.said(done, "editor-undone", "editor-nothing-to-undo");
    }

    /// Makes the last undone edit again.
    pub fn redo(&mut self) {
        let done = self.draft.redo();
        self.said(done, "editor-redone", "editor-nothing-to-redo");
    }

    fn said(&mut self, done: bool, yes: &'static str, no: &'static str) {
        if done {
            self.changes += 1;
        }
        self.status = Status {
            words: Some(Tr::new(if done { yes } else { no })),
            refused: !done,
        };
    }

    /// Writes the board to [`EditorSession::target`] (whole or not at all), or says why not:
    /// a board that makes no game is not saved.
    pub fn save(&mut self) -> Option<GameSetup> {
        let result = self.write();
        match result {
            Ok(setup) => {
                self.saved_at = Some(self.changes);
                self.status = Status {
                    words: Some(
                        Tr::new("editor-saved").text("file", self.target.display().to_string()),
                    ),
                    refused: false,
                };
                Some(setup)
            }
            Err(reason) => {
                self.status = Status {
                    words: Some(
                        Tr::new("editor-save-refused").words(
                            "reason",
                            match &reason {
                                SaveError::Refused(fault) => fault_words(fault),
                                SaveError::Reread(error) => error_words(error),
                                SaveError::Folder { folder, error } => {
                                    Tr::new("editor-cannot-make-folder")
                                        .text("folder", folder.display().to_string())
                                        .words("reason", io_words(error))
                                }
                                SaveError::Write { file, error } => Tr::new("editor-cannot-write")
                                    .text("file", file.display().to_string())
                                    .words("reason", io_words(error)),
                            },
                        ),
                    ),
                    refused: true,
                };
                None
            }
        }
    }
}

impl EditorSession {
    /// Writes the board to its target and reads it back as the loader does.
    fn write(&self) -> Result<GameSetup, SaveError> {
        let text = self.draft.save_text()?;
        if let Some(folder) = self.target.parent().filter(|f| !f.as_os_str().is_empty()) {
            std::fs::create_dir_all(folder).map_err(|error| SaveError::Folder {
                folder: folder.to_path_buf(),
                error,
            })?;
        }
        crate::files::write_atomically(&self.target, &text).map_err(|error| SaveError::Write {
            file: self.target.clone(),
            error,
        })?;
        Ok(layout::parse(
            &self.target.display().to_string(),
            text.as_bytes(),
        )?)
    }
}

/// Why the editor did not save the board.
#[derive(Debug, thiserror::Error)]
pub enum SaveError {
    /// The board makes no game (the loader's words).
    #[error(transparent)]
    Refused(#[from] LayoutFault),
    /// The folder of the file cannot be made.
    #[error("cannot make {}: {error}", folder.display())]
    Folder {
        /// The folder.
        folder: PathBuf,
        /// Why.
        error: std::io::Error,
    },
    /// The file cannot be written.
    #[error("cannot write {}: {error}", file.display())]
    Write {
        /// The file.
        file: PathBuf,
        /// Why.
        error: std::io::Error,
    },
    /// The file written does not load back (it always should).
    #[error(transparent)]
    Reread(#[from] LayoutError),
}

/// The players a Patolli draft seats, in the order L, N, G, M.
pub fn patolli_players(draft: &Draft) -> Vec<Player> {
    match draft.layout() {
        layout::Layout::Patolli(board) => board.players.seated().iter().map(|(p, _)| *p).collect(),
        _ => Vec::new(),
    }
}
