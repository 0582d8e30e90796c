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
        // A macro's body (`vec![…]`, `format!(…)`) is tokens, not expressions: read its string
        // literals from the tokens.
        fn visit_macro(&mut self, mac: &'ast syn::Macro) {
            fn strings(tokens: proc_macro2::TokenStream, found: &mut BTreeSet<String>) {
                for token in tokens {
                    match token {
                        proc_macro2::TokenTree::Literal(literal) => {
                            if let Ok(lit) = syn::parse_str::<syn::LitStr>(&literal.to_string()) {
                                found.insert(lit.value());
                            }
                        }
                        proc_macro2::TokenTree::Group(group) => strings(group.stream(), found),
                        _ => {}
                    }
                }
            }
            strings(mac.tokens.clone(), &mut self.0);
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

/// The variables English's message `id` names, in its text, its selectors and their variants.
fn variables_of(id: &str) -> Vec<String> {
    use fluent_syntax::ast::{Expression, InlineExpression, Pattern, PatternElement};
    fn in_pattern(pattern: &Pattern<&str>, found: &mut Vec<String>) {
        for element in &pattern.elements {
            if let PatternElement::Placeable { expression } = element {
                in_expression(expression, found);
            }
        }
    }
    fn in_expression(expression: &Expression<&str>, found: &mut Vec<String>) {
        match expression {
            Expression::Select { selector, variants } => {
                in_inline(selector, found);
                for variant in variants {
                    in_pattern(&variant.value, found);
                }
            }
            Expression::Inline(inline) => in_inline(inline, found),
        }
    }
    fn in_inline(inline: &InlineExpression<&str>, found: &mut Vec<String>) {
        match inline {
            InlineExpression::VariableReference { id } => found.push(id.name.to_string()),
            InlineExpression::Placeable { expression } => in_expression(expression, found),
            _ => {}
        }
    }
    let mut found = Vec::new();
    for source in Language::English.sources() {
        let resource = fluent_syntax::parser::parse(*source).unwrap_or_else(|(r, _)| r);
        for entry in &resource.body {
            if let fluent_syntax::ast::Entry::Message(message) = entry
                && message.id.name == id
                && let Some(pattern) = &message.value
            {
                in_pattern(pattern, &mut found);
            }
        }
    }
    found.sort();
    found.dedup();
    found
}

#[test]
fn every_message_words_in_every_language_with_sample_values() {
    let english = CATALOG.ids(Language::English);
    for language in Language::ALL {
        for id in &english {
            let variables = variables_of(id);
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

    // Arabic runs every row right to left and right-aligns text; English turns them back.
    let row = app
        .world_mut()
        .spawn(Node {
            flex_direction: FlexDirection::Row,
            ..default()
        })
        .id();
    let column = app
        .world_mut()
        .spawn(Node {
            flex_direction: FlexDirection::Column,
            ..default()
        })
        .id();
    let layout = |app: &App| {
        let direction = |e: Entity| app.world().get::<Node>(e).map(|n| n.flex_direction);
        let justify = app.world().get::<TextLayout>(title).map(|t| t.justify);
        (direction(row), direction(column), justify)
    };
    let left_to_right = (
        Some(FlexDirection::Row),
        Some(FlexDirection::Column),
        Some(Justify::Left),
    );
    app.update();
    assert_eq!(layout(&app), left_to_right);
    app.world_mut()
        .write_message(LanguageChosen(Language::Arabic));
    app.update();
    assert_eq!(text(&app).as_deref(), Some("الإعدادات"));
    assert_eq!(
        layout(&app),
        (
            Some(FlexDirection::RowReverse),
            Some(FlexDirection::Column),
            Some(Justify::Right)
        )
    );
    app.world_mut()
        .write_message(LanguageChosen(Language::English));
    app.update();
    assert_eq!(layout(&app), left_to_right);
}

#[test]
fn counts_take_each_languages_plural_forms() {
    let fish = |language: Language, count: f64| {
        Tr::new("penguins-ranking")
            .number("place", 1.0)
            .text("player", "A")
            .number("fish", count)
            .in_language(language)
            // Right-to-left text isolates each variable (FSI … PDI).
            .replace(['\u{2068}', '\u{2069}'], "")
    };
    assert_eq!(fish(Language::English, 3.0), "1. A: 3 fish");
    assert_eq!(fish(Language::Polish, 1.0), "1. A: 1 ryba");
    assert_eq!(fish(Language::Polish, 2.0), "1. A: 2 ryby");
    assert_eq!(fish(Language::Polish, 5.0), "1. A: 5 ryb");
    assert_eq!(fish(Language::Polish, 22.0), "1. A: 22 ryby");
    assert_eq!(fish(Language::Spanish, 1.0), "1. A: 1 pez");
    assert_eq!(fish(Language::Spanish, 4.0), "1. A: 4 peces");
    assert_eq!(fish(Language::Arabic, 2.0), "1. A: سمكتان");
    assert_eq!(fish(Language::Arabic, 3.0), "1. A: 3 سمكات");
    assert_eq!(fish(Language::Arabic, 11.0), "1. A: 11 سمكة");
    let took_back = |language: Language, count: f64| {
        Tr::new("match-took-back")
            .number("count", count)
            .in_language(language)
    };
    assert_eq!(took_back(Language::English, 1.0), "Took back 1 action");
    assert_eq!(took_back(Language::English, 2.0), "Took back 2 actions");
    assert_eq!(took_back(Language::Polish, 3.0), "Cofnięto 3 ruchy");
    assert_eq!(took_back(Language::Polish, 12.0), "Cofnięto 12 ruchów");
}

/// A layout's fault is typed until it is shown: the editor says it in Spanish when the window
/// speaks Spanish, `tablero check-layout` in English.
#[test]
fn a_layout_fault_reads_in_spanish_in_the_editor_and_in_english_from_check_layout() {
    use bevy::prelude::*;
    use tablero::app::settings::LanguageChosen;

    let dir = temp_dir("i18n-layout-fault");
    let file = dir.join("beans.ron");
    let patolli = std::fs::read_to_string(repo().join("levels").join("patolli.ron"))
        .expect("the shipped cross");
    let text = patolli.replace("dice: Uniform", "dice: Beans(0)");
    std::fs::write(&file, &text).expect("the broken layout");

    let draft = tablero::editor::Draft::open("beans.ron", &text).expect("the editor draws it");
    let mut start =
        tablero::app::AppStart::menu(tablero::levels::Levels::folder(repo().join("levels")));
    start.menu_memory = Some(dir.join("menu.ron"));
    start.edit = Some(tablero::app::start::EditStart {
        path: Some(file.clone()),
        draft: Some(draft),
    });
    // The editor, which the headless app leaves out.
    let mut app = crate::referee::headless_app_with(&repo().join("levels"), start, false, |app| {
        app.add_plugins(bevy::input::InputPlugin);
        app.init_asset::<Image>();
        app.init_resource::<tablero::app::shapes::Shapes>();
        app.init_resource::<tablero::app::menu::MenuChoices>();
        app.add_plugins(tablero::app::editor::plugin);
    });
    app.world_mut()
        .write_message(LanguageChosen(Language::Spanish));
    for _ in 0..3 {
        app.update();
    }
    let mut texts = app.world_mut().query::<&Text>();
    let shown: Vec<String> = texts.iter(app.world()).map(|t| t.0.clone()).collect();
    let problems = shown
        .iter()
        .find(|t| t.starts_with("Este tablero aún no da una partida:"))
        .unwrap_or_else(|| {
            let screen = app
                .world()
                .get_resource::<State<tablero::app::Screen>>()
                .map(|s| format!("{:?}", s.get()));
            panic!("no Spanish check in the editor ({screen:?}): {shown:?}")
        });
    assert!(
        problems.contains("Beans(0) siempre saca 0"),
        "the fault is not in Spanish: {problems}"
    );

    let output = crate::support::tablero()
        .arg("check-layout")
        .arg(&file)
        .env("TABLERO_LANG", "es")
        .output()
        .expect("tablero check-layout runs");
    let said = String::from_utf8_lossy(&output.stdout).to_string()
        + &String::from_utf8_lossy(&output.stderr);
    assert!(!output.status.success(), "{said}");
    assert!(
        said.contains("Beans(0) always rolls 0: every turn would be lost"),
        "{said}"
    );
    assert!(!said.contains("siempre"), "{said}");
}
