//! The system clipboard (through `arboard`): the waiting room copies invitations to it, the
//! join screen pastes one from it. A machine without a clipboard (no display) gets the reason
//! in words, and nothing else changes.

use std::sync::Mutex;

use bevy::prelude::*;

/// The system clipboard, opened the first time it is used.
#[derive(Resource, Default)]
pub struct SystemClipboard(Mutex<Option<arboard::Clipboard>>);

impl SystemClipboard {
    /// Puts `text` on the clipboard.
    ///
    /// # Errors
    /// Why not, in words.
    pub fn copy(&self, text: &str) -> Result<(), String> {
        self.with(|clipboard| clipboard.set_text(text.to_string()))
    }

    /// The text on the clipboard.
    ///
    /// # Errors
    /// Why there is none, in words.
    pub fn paste(&self) -> Result<String, String> {
        self.with(|clipboard| clipboard.get_text())
    }

    fn with<T>(
        &self,
        act: impl FnOnce(&mut arboard::Clipboard) -> Result<T, arboard::Error>,
    ) -> Result<T, String> {
        let mut opened = self
            .0
            .lock()
            .map_err(|_| "the clipboard is not usable".to_string())?;
        if opened.is_none() {
            *opened = Some(arboard::Clipboard::new().map_err(|e| e.to_string())?);
        }
        match opened.as_mut() {
            Some(clipboard) => act(clipboard).map_err(|e| e.to_string()),
            None => Err("no clipboard".into()),
        }
    }
}

/// The clipboard resource.
pub fn plugin(app: &mut App) {
    app.init_resource::<SystemClipboard>();
}
