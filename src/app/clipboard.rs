//! The system clipboard (through `arboard`): the waiting room copies invitations to it, the
//! join screen pastes one from it. A machine without a clipboard (no display) gets the reason
//! in words, and nothing else changes.

use std::sync::Mutex;

use bevy::prelude::*;

/// The system clipboard, opened the first time it is used.
#[derive(Resource, Default)]
pub struct SystemClipboard(Mutex<Option<arboard::Clipboard>>);

/// Why the clipboard did not copy or paste.
#[derive(Debug, Clone, Copy, PartialEq, Eq, thiserror::Error)]
pub enum ClipboardError {
    /// There is no text on it.
    #[error("there is no text on the clipboard")]
    NoText,
    /// Another program holds it.
    #[error("another program is using the clipboard")]
    Busy,
    /// This machine has none that can be used (no display, or it failed).
    #[error("there is no clipboard here")]
    Unavailable,
}

impl From<arboard::Error> for ClipboardError {
    fn from(error: arboard::Error) -> ClipboardError {
        match error {
            arboard::Error::ContentNotAvailable => ClipboardError::NoText,
            arboard::Error::ClipboardOccupied => ClipboardError::Busy,
            other => {
                warn!("the clipboard failed: {other}");
                ClipboardError::Unavailable
            }
        }
    }
}

impl SystemClipboard {
    /// Puts `text` on the clipboard.
    ///
    /// # Errors
    /// Why not.
    pub fn copy(&self, text: &str) -> Result<(), ClipboardError> {
        self.with(|clipboard| clipboard.set_text(text.to_string()))
    }

    /// The text on the clipboard.
    ///
    /// # Errors
    /// Why there is none.
    pub fn paste(&self) -> Result<String, ClipboardError> {
        self.with(|clipboard| clipboard.get_text())
    }

    fn with<T>(
        &self,
        act: impl FnOnce(&mut arboard::Clipboard) -> Result<T, arboard::Error>,
    ) -> Result<T, ClipboardError> {
        let mut opened = self.0.lock().map_err(|_| ClipboardError::Unavailable)?;
        if opened.is_none() {
            *opened = Some(arboard::Clipboard::new()?);
        }
        match opened.as_mut() {
            Some(clipboard) => Ok(act(clipboard)?),
            None => Err(ClipboardError::Unavailable),
        }
    }
}

/// Why the clipboard did not copy or paste, in words.
pub fn clipboard_words(error: ClipboardError) -> crate::i18n::Tr {
    crate::i18n::Tr::new(match error {
        ClipboardError::NoText => "clipboard-no-text",
        ClipboardError::Busy => "clipboard-busy",
        ClipboardError::Unavailable => "clipboard-unavailable",
    })
}

/// The clipboard resource.
pub fn plugin(app: &mut App) {
    app.init_resource::<SystemClipboard>();
}
