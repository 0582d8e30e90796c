//! The window's words in four languages: every message the code names exists in every
//! language, no language holds a message nothing names, every message words without a Fluent
//! error in every language, and choosing a language rewords the window at once and is kept.

use std::collections::BTreeSet;

use syn::visit::Visit;
use tablero::i18n::{CATALOG, Language, Tr};

use crate::support::{repo, temp_dir};

/// Every string literal of the crate's sources.
fn literals() -> BTreeSet<String> {
    struct Strings(BTreeSet<String>);
    impl<'ast> Visit<'ast> for Strings {
        fn visit_lit_str(&mut self, lit: &'ast syn::LitStr) {
            self.0.insert(lit.value());
        }
    }
    let mut strings = Strings(BTreeSet::new());
    let mut folders = vec![repo().join("src")];
    while let Some(folder) = folders.pop() {
        for entry in std::fs::read_dir(&folder).expect("the sources").flatten() {
            let path = entry.path();
            if path.is_dir() {
                folders.push(path);
            } else if path.extension().is_some_and(|e| e == "rs") {
                let source = std::fs::read_to_string(&path).expect("a source file");
                let file = syn::parse_file(&source).expect("the source parses");
                strings.visit_file(&file);
            }
        }
    }
    strings.0
}

/// A literal that is shaped like a message id: lowercase words joined by hyphens, the first
/// one a group the English messages use (`menu-…`, `settings-…`).
fn looks_like_an_id(literal: &str, groups: &BTreeSet<String>) -> bool {
    let mut words = literal.split('-');
    let first = words.next().unwrap_or_default();
    literal.contains('-')
        && groups.contains(first)
        && literal
            .chars()
            .all(|c| c.is_ascii_lowercase() || c.is_ascii_digit() || c == '-')
}

#[test]
fn every_message_the_code_names_is_in_every_language_and_every_message_is_named() {
    let english: BTreeSet<String> = CATALOG.ids(Language::English).into_iter().collect();
    assert!(english.len() > 40, "{} English messages", english.len());
    let groups: BTreeSet<String> = english
        .iter()
        .filter_map(|id| id.split('-').next().map(str::to_string))
        .collect();
    let literals = literals();
    let named: BTreeSet<&String> = literals
        .iter()
        .filter(|l| looks_like_an_id(l, &groups))
        .collect();
    for language in Language::ALL {
        let ids: Vec<String> = CATALOG.ids(language);
        let unique: BTreeSet<String> = ids.iter().cloned().collect();
        assert_eq!(ids.len(), unique.len(), "{language:?} repeats an id");
        let missing: Vec<&&String> = named.iter().filter(|id| !unique.contains(**id)).collect();
        assert!(missing.is_empty(), "{language:?} lacks {missing:?}");
        let unused: Vec<&String> = unique.iter().filter(|id| !literals.contains(*id)).collect();
        assert!(
            unused.is_empty(),
            "{language:?} holds messages nothing names: {unused:?}"
        );
        assert_eq!(
            unique, english,
            "{language:?} and English hold different messages"
        );
    }
}

#[test]
fn every_message_words_in_every_language_with_sample_values() {
    let english = CATALOG.ids(Language::English);
    for language in Language::ALL {
        for id in &english {
            let source = Language::English
                .sources()
                .iter()
                .find_map(|s| s.lines().find(|l| l.starts_with(&format!("{id} ="))))
                .unwrap_or_default();
            let variables: Vec<&str> = source
                .split('$')
                .skip(1)
                .map(|rest| {
                    rest.split(|c: char| !(c.is_ascii_alphanumeric() || c == '_'))
                        .next()
                        .unwrap_or_default()
                })
                .collect();
            // Plural forms: none, one, a few, many, a fraction.
            for sample in [0.0, 1.0, 2.0, 5.0, 22.0, 125.0, 1.5] {
                let id: &'static str = Box::leak(id.clone().into_boxed_str());
                let mut message = Tr::new(id);
                for variable in &variables {
                    let name: &'static str = Box::leak(variable.to_string().into_boxed_str());
                    message = message.number(name, sample);
                }
                let words = CATALOG
                    .word_exactly(language, &message)
                    .unwrap_or_else(|e| panic!("{e}"));
                assert!(!words.trim().is_empty(), "{language:?} {id} is empty");
            }
        }
    }
}

#[test]
fn a_chosen_language_rewords_the_window_at_once_and_is_kept() {
    use bevy::prelude::*;
    use tablero::app::language::{ChosenLanguage, Translated};
    use tablero::app::settings::LanguageChosen;

    let dir = temp_dir("i18n-choice");
    let levels = repo().join("levels");
    let file = dir.join("menu.ron");
    let mut start = tablero::app::AppStart::menu(tablero::levels::Levels::folder(&levels));
    start.menu_memory = Some(file.clone());
    let mut app = crate::referee::headless_app_from(&levels, start, false);
    let title = app
        .world_mut()
        .spawn((Text::new(""), Translated(Tr::new("settings-title"))))
        .id();
    app.update();
    let text = |app: &App| app.world().get::<Text>(title).map(|t| t.0.clone());
    let start_language = app.world().resource::<ChosenLanguage>().0;
    assert_eq!(
        text(&app).as_deref(),
        Some(
            Tr::new("settings-title")
                .in_language(start_language)
                .as_str()
        )
    );
    app.world_mut()
        .write_message(LanguageChosen(Language::Spanish));
    app.update();
    assert_eq!(text(&app).as_deref(), Some("Ajustes"));
    app.world_mut()
        .write_message(LanguageChosen(Language::Polish));
    app.update();
    assert_eq!(text(&app).as_deref(), Some("Ustawienia"));
    let kept = std::fs::read_to_string(&file).expect("the settings file");
    assert!(kept.contains("language: Some(Polish)"), "{kept}");
}
