//! The words the window shows, in the player's language: English, Spanish, Polish or Arabic.
//! Each language's messages are Project Fluent files, `assets/i18n/<code>/*.ftl`, built into
//! the binary like the boards; the code names a message by its id ([`Tr::new`]) and Fluent
//! words it, plurals and numbers by the language's own rules. A message a language lacks falls back to English, and English to the id itself,
//! so a missing word never stops the window (the tests keep every language complete).
//!
//! The language follows `TABLERO_LANG`, else the system's (`LC_ALL`, `LC_MESSAGES`, `LANG`)
//! when it is one of the four, else English; a choice on the settings page overrides it.

use std::sync::LazyLock;

use fluent_bundle::concurrent::FluentBundle;
use fluent_bundle::{FluentArgs, FluentResource, FluentValue};
use serde::{Deserialize, Serialize};
use unic_langid::LanguageIdentifier;

/// A language the window speaks.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Default, Serialize, Deserialize)]
pub enum Language {
    /// English, the language the messages are written in first.
    #[default]
    English,
    /// Spanish.
    Spanish,
    /// Polish.
    Polish,
    /// Arabic, written right to left.
    Arabic,
}

impl Language {
    /// Every language, in the order the settings page shows them.
    pub const ALL: [Language; 4] = [
        Language::English,
        Language::Spanish,
        Language::Polish,
        Language::Arabic,
    ];

    /// The language's code (BCP 47), also its folder under `assets/i18n/`.
    pub fn code(self) -> &'static str {
        match self {
            Language::English => "en",
            Language::Spanish => "es",
            Language::Polish => "pl",
            Language::Arabic => "ar",
        }
    }

    /// The language's name in itself, as its button shows it.
    pub fn own_name(self) -> &'static str {
        match self {
            Language::English => "English",
            Language::Spanish => "Español",
            Language::Polish => "Polski",
            Language::Arabic => "العربية",
        }
    }

    /// Whether its text runs right to left.
    pub fn right_to_left(self) -> bool {
        self == Language::Arabic
    }

    /// The language a locale names (`es_MX.UTF-8`, `pl-PL`, `ar`), if it is one of the four.
    pub fn from_locale(locale: &str) -> Option<Language> {
        let primary = locale
            .split(['_', '-', '.', '@'])
            .next()
            .unwrap_or_default()
            .to_ascii_lowercase();
        Language::ALL.into_iter().find(|l| l.code() == primary)
    }

    /// The language to start in: `TABLERO_LANG`, else the system's first of `LC_ALL`,
    /// `LC_MESSAGES` and `LANG` that is set, when it is one of the four; else English.
    pub fn from_environment() -> Language {
        if let Some(language) = std::env::var("TABLERO_LANG")
            .ok()
            .and_then(|v| Language::from_locale(&v))
        {
            return language;
        }
        ["LC_ALL", "LC_MESSAGES", "LANG"]
            .iter()
            .filter_map(|name| std::env::var(name).ok().filter(|v| !v.is_empty()))
            .next()
            .and_then(|v| Language::from_locale(&v))
            .unwrap_or_default()
    }

    /// The language's messages, as built into the binary.
    pub fn sources(self) -> &'static [&'static str] {
        match self {
            Language::English => &[include_str!("../assets/i18n/en/main.ftl")],
            Language::Spanish => &[include_str!("../assets/i18n/es/main.ftl")],
            Language::Polish => &[include_str!("../assets/i18n/pl/main.ftl")],
            Language::Arabic => &[include_str!("../assets/i18n/ar/main.ftl")],
        }
    }
}

/// A message by its id, with the values its variables take.
#[derive(Debug, Clone, PartialEq)]
pub struct Tr {
    /// The message's id in the `.ftl` files.
    pub id: &'static str,
    /// Each variable's name and value.
    pub args: Vec<(&'static str, Arg)>,
}

/// A number a message can count with.
pub trait Number {
    /// The number as Fluent takes it.
    fn into_f64(self) -> f64;
}

macro_rules! numbers {
    ($($t:ty),*) => {$(
        impl Number for $t {
            #[allow(clippy::cast_precision_loss, clippy::cast_lossless)]
            fn into_f64(self) -> f64 {
                self as f64
            }
        }
    )*};
}
numbers!(u8, u16, u32, u64, usize, i32, i64, f32, f64);

/// A value of a message's variable.
#[derive(Debug, Clone, PartialEq)]
pub enum Arg {
    /// A number, which chooses plural forms.
    Number(f64),
    /// Words, as they are.
    Text(String),
    /// Another message, worded in the same language (a player's name inside a line).
    Words(Box<Tr>),
}

impl Tr {
    /// Message `id`, without variables yet.
    pub const fn new(id: &'static str) -> Tr {
        Tr {
            id,
            args: Vec::new(),
        }
    }

    /// The message with variable `name` set to the number `value`.
    pub fn number(mut self, name: &'static str, value: impl Number) -> Tr {
        self.args.push((name, Arg::Number(value.into_f64())));
        self
    }

    /// The message with variable `name` set to the words `value`.
    pub fn text(mut self, name: &'static str, value: impl Into<String>) -> Tr {
        self.args.push((name, Arg::Text(value.into())));
        self
    }

    /// The message with variable `name` set to message `value`, worded in the same language.
    pub fn words(mut self, name: &'static str, value: Tr) -> Tr {
        self.args.push((name, Arg::Words(Box::new(value))));
        self
    }

    /// The message worded in `language`.
    pub fn in_language(&self, language: Language) -> String {
        CATALOG
            .word(language, self)
            .unwrap_or_else(|_| self.id.to_string())
    }
}

/// `text` with each code span (`` `…` ``) held left to right between left-to-right marks
/// (U+200E), so that in right-to-left text a file's field, a command or an invitation
/// (`` `tablero://` ``) keeps its order and its quotes. (Marks, not isolates: the window's
/// text shaping orders nested isolates wrongly.)
fn mark_code_left_to_right(text: &str) -> String {
    let mut marked = String::with_capacity(text.len() + 8);
    let mut in_code = false;
    for c in text.chars() {
        if c == '`' && in_code {
            marked.push_str("`\u{200E}");
        } else if c == '`' {
            marked.push_str("\u{200E}`");
        } else {
            marked.push(c);
        }
        in_code ^= c == '`';
    }
    marked
}

/// Why a message could not be worded.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum WordingError {
    /// No language, English included, has the message.
    #[error("no message `{0}`")]
    Missing(String),
    /// Fluent reported errors (a variable not given, a reference that does not resolve).
    #[error("message `{id}` in {language}: {errors}")]
    Fluent {
        /// The message.
        id: String,
        /// The language's code.
        language: &'static str,
        /// What Fluent said.
        errors: String,
    },
}

/// Every language's bundle of messages.
pub struct Catalog {
    bundles: Vec<(Language, FluentBundle<FluentResource>)>,
}

/// The messages built into the binary.
pub static CATALOG: LazyLock<Catalog> = LazyLock::new(Catalog::built_in);

impl Catalog {
    /// The catalog of the `.ftl` files built into the binary. A file that does not parse is a
    /// fault of the build, which the tests catch; its good messages are kept.
    fn built_in() -> Catalog {
        let bundles = Language::ALL
            .into_iter()
            .map(|language| {
                let id: LanguageIdentifier = language
                    .code()
                    .parse()
                    .unwrap_or_else(|_| LanguageIdentifier::default());
                let mut bundle = FluentBundle::new_concurrent(vec![id]);
                // In right-to-left text each variable is isolated (FSI … PDI), so that a
                // floe "3 6" or a size "8x8" keeps its order inside Arabic words; the text
                // shaper draws the marks as nothing. Left-to-right text needs no marks.
                bundle.set_use_isolating(language.right_to_left());
                for source in language.sources() {
                    let resource = FluentResource::try_new((*source).to_string())
                        .unwrap_or_else(|(partial, _)| partial);
                    // A repeated id keeps its first wording.
                    let _ = bundle.add_resource(resource);
                }
                (language, bundle)
            })
            .collect();
        Catalog { bundles }
    }

    fn bundle(&self, language: Language) -> Option<&FluentBundle<FluentResource>> {
        self.bundles
            .iter()
            .find(|(l, _)| *l == language)
            .map(|(_, b)| b)
    }

    /// Whether `language` has message `id`.
    pub fn has(&self, language: Language, id: &str) -> bool {
        self.bundle(language).is_some_and(|b| b.has_message(id))
    }

    /// `message` worded in `language` exactly (no fallback), or why it cannot be.
    ///
    /// # Errors
    /// The language lacks the message, or Fluent reports an error.
    pub fn word_exactly(&self, language: Language, message: &Tr) -> Result<String, WordingError> {
        let missing = || WordingError::Missing(message.id.to_string());
        let bundle = self.bundle(language).ok_or_else(missing)?;
        let pattern = bundle
            .get_message(message.id)
            .and_then(|m| m.value())
            .ok_or_else(missing)?;
        let mut args = FluentArgs::new();
        for (name, value) in &message.args {
            match value {
                Arg::Number(n) => args.set(*name, FluentValue::from(*n)),
                Arg::Text(t) => args.set(*name, FluentValue::from(t.as_str())),
                Arg::Words(inner) => {
                    let words = self
                        .word(language, inner)
                        .unwrap_or_else(|_| inner.id.to_string());
                    args.set(*name, FluentValue::from(words));
                }
            }
        }
        let mut errors = Vec::new();
        let words = bundle.format_pattern(pattern, Some(&args), &mut errors);
        if errors.is_empty() && language.right_to_left() {
            Ok(mark_code_left_to_right(&words))
        } else if errors.is_empty() {
            Ok(words.into_owned())
        } else {
            Err(WordingError::Fluent {
                id: message.id.to_string(),
                language: language.code(),
                errors: errors
                    .iter()
                    .map(ToString::to_string)
                    .collect::<Vec<_>>()
                    .join("; "),
            })
        }
    }

    /// `message` worded in `language`, else in English.
    ///
    /// # Errors
    /// Neither has it.
    pub fn word(&self, language: Language, message: &Tr) -> Result<String, WordingError> {
        self.word_exactly(language, message)
            .or_else(|_| self.word_exactly(Language::English, message))
    }

    /// The ids of `language`'s messages.
    pub fn ids(&self, language: Language) -> Vec<String> {
        language
            .sources()
            .iter()
            .filter_map(|source| FluentResource::try_new((*source).to_string()).ok())
            .flat_map(|resource| {
                resource
                    .entries()
                    .filter_map(|entry| match entry {
                        fluent_syntax::ast::Entry::Message(m) => Some(m.id.name.to_string()),
                        _ => None,
                    })
                    .collect::<Vec<_>>()
            })
            .collect()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn code_in_right_to_left_text_runs_left_to_right() {
        assert_eq!(
            mark_code_left_to_right("تبدأ بـ `tablero://`."),
            "تبدأ بـ \u{200E}`tablero://`\u{200E}."
        );
        let arabic = Tr::new("invitation-scheme").in_language(Language::Arabic);
        assert!(
            arabic.contains("\u{200E}`tablero://`\u{200E}"),
            "{arabic:?}"
        );
        let english = Tr::new("invitation-scheme").in_language(Language::English);
        assert!(!english.contains('\u{200E}'), "{english:?}");
    }

    #[test]
    fn a_locale_names_its_language_or_none() {
        assert_eq!(
            Language::from_locale("es_MX.UTF-8"),
            Some(Language::Spanish)
        );
        assert_eq!(Language::from_locale("pl-PL"), Some(Language::Polish));
        assert_eq!(Language::from_locale("ar"), Some(Language::Arabic));
        assert_eq!(
            Language::from_locale("en_GB.UTF-8"),
            Some(Language::English)
        );
        assert_eq!(Language::from_locale("de_DE"), None);
        assert_eq!(Language::from_locale("C"), None);
    }

    #[test]
    fn a_message_no_language_has_is_its_id() {
        assert_eq!(
            Tr::new("no-such-message").in_language(Language::Spanish),
            "no-such-message"
        );
    }
}
