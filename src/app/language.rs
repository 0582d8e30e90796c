//! The window's language: the texts marked [`Translated`] are worded in the
//! [`ChosenLanguage`] from the Fluent messages (`crate::i18n`) when they appear and again, at
//! once, when the language changes (the settings page's *Language*).

use bevy::prelude::*;
use bevy::ui::UiSystems;

use crate::i18n::{Language, Tr};

/// The language the window speaks: `TABLERO_LANG`, else the one kept in the settings file,
/// else the system's, else English (`settings` sets it).
#[derive(Resource, Debug, Clone, Copy, PartialEq, Eq, Default)]
pub struct ChosenLanguage(pub Language);

impl ChosenLanguage {
    /// `message` in this language.
    pub fn word(self, message: &Tr) -> String {
        message.in_language(self.0)
    }
}

/// A text whose words are message `.0`, in the chosen language.
#[derive(Component, Debug, Clone, PartialEq)]
pub struct Translated(pub Tr);

/// Words the [`Translated`] texts.
pub fn plugin(app: &mut App) {
    app.init_resource::<ChosenLanguage>();
    app.add_systems(PostUpdate, word_texts.before(UiSystems::Prepare));
}

/// Words each new or changed [`Translated`] text, and all of them when the language changes.
fn word_texts(language: Res<ChosenLanguage>, mut texts: Query<(Ref<Translated>, &mut Text)>) {
    for (translated, mut text) in &mut texts {
        if language.is_changed() || translated.is_changed() {
            let words = language.word(&translated.0);
            if text.0 != words {
                text.0 = words;
            }
        }
    }
}
