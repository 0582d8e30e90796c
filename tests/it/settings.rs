//! The settings page's choices: applied at once, kept in the settings file with the menu's
//! choices, and read again at the next start.

use tablero::app::settings::{Animation, AnimationChosen, SettingsPage, SettingsRequested};

use crate::support::temp_dir;

/// The menu, its layouts in `levels`, keeping its choices in `file`.
fn menu_start(levels: &std::path::Path, file: &std::path::Path) -> tablero::app::AppStart {
    let mut start = tablero::app::AppStart::menu(tablero::levels::Levels::folder(levels));
    start.menu_memory = Some(file.to_path_buf());
    start
}

#[test]
fn a_chosen_animation_applies_at_once_and_is_kept_for_the_next_start() {
    let dir = temp_dir("settings-animation");
    let levels = crate::support::repo().join("levels");
    let file = dir.join("menu.ron");
    let start = || menu_start(&levels, &file);
    let mut app = crate::referee::headless_app_from(&levels, start(), false);
    app.update();
    assert_eq!(*app.world().resource::<Animation>(), Animation::Normal);
    // F2's message opens the page; a choice applies in the same frame and is written.
    app.world_mut().write_message(SettingsRequested);
    app.world_mut()
        .write_message(AnimationChosen(Animation::Off));
    app.update();
    assert!(app.world().resource::<SettingsPage>().open);
    assert_eq!(*app.world().resource::<Animation>(), Animation::Off);
    let kept = std::fs::read_to_string(&file).expect("the settings file");
    assert!(kept.contains("animation: Off"), "{kept}");
    // A match started from the menu keeps it in the file too.
    let remembered = tablero::app::menu::memory::recall(&file)
        .expect("reads")
        .expect("there");
    let mut choices = tablero::app::menu::MenuChoices::default();
    remembered.apply_to(&mut choices);
    tablero::app::menu::memory::remember(&file, &choices).expect("written");
    // The next start reads it.
    let mut again = crate::referee::headless_app_from(&levels, start(), false);
    again.update();
    assert_eq!(*again.world().resource::<Animation>(), Animation::Off);
}

#[test]
fn a_chosen_palette_repaints_the_window_at_once_and_is_kept_for_the_next_start() {
    use bevy::prelude::*;
    use tablero::app::palette::{HIGH_CONTRAST, STANDARD};
    use tablero::app::settings::{PaletteChoice, PaletteChosen};
    use tablero::app::theme;

    let dir = temp_dir("settings-palette");
    let levels = crate::support::repo().join("levels");
    let file = dir.join("menu.ron");
    let start = || menu_start(&levels, &file);
    let mut app = crate::referee::headless_app_from(&levels, start(), false);
    app.add_plugins(tablero::app::palette::plugin);
    app.update();
    let panel = app.world_mut().spawn(BackgroundColor(theme::PANEL)).id();
    let line = app.world_mut().spawn(TextColor(theme::TEXT)).id();
    let trail = app
        .world_mut()
        .spawn(Sprite::from_color(
            theme::LAST_MOVE.with_alpha(0.55),
            Vec2::ONE,
        ))
        .id();
    app.update();
    assert_eq!(
        app.world().get::<BackgroundColor>(panel).map(|b| b.0),
        Some(theme::PANEL)
    );

    app.world_mut()
        .write_message(PaletteChosen(PaletteChoice::HighContrast));
    app.update();
    let srgba = |c: Color| c.to_srgba();
    let background = |app: &App, e| app.world().get::<BackgroundColor>(e).map(|b| srgba(b.0));
    let text = |app: &App, e| app.world().get::<TextColor>(e).map(|t| srgba(t.0));
    assert_eq!(background(&app, panel), Some(srgba(HIGH_CONTRAST.panel)));
    assert_eq!(text(&app, line), Some(srgba(HIGH_CONTRAST.text)));
    let sprite = app.world().get::<Sprite>(trail).map(|s| srgba(s.color));
    assert_eq!(
        sprite,
        Some(srgba(HIGH_CONTRAST.last_move.with_alpha(0.55)))
    );
    // What is drawn later in a standard colour is repainted before the frame is drawn.
    let later = app.world_mut().spawn(BackgroundColor(theme::BUTTON)).id();
    app.world_mut()
        .entity_mut(line)
        .insert(TextColor(theme::TEXT));
    app.update();
    assert_eq!(background(&app, later), Some(srgba(HIGH_CONTRAST.button)));
    assert_eq!(text(&app, line), Some(srgba(HIGH_CONTRAST.text)));
    let kept = std::fs::read_to_string(&file).expect("the settings file");
    assert!(kept.contains("palette: HighContrast"), "{kept}");

    // And back: every colour returns to the standard palette's.
    app.world_mut()
        .write_message(PaletteChosen(PaletteChoice::Standard));
    app.update();
    assert_eq!(background(&app, panel), Some(srgba(STANDARD.panel)));
    assert_eq!(background(&app, later), Some(srgba(STANDARD.button)));
    assert_eq!(text(&app, line), Some(srgba(STANDARD.text)));

    // The next start reads the kept choice.
    app.world_mut()
        .write_message(PaletteChosen(PaletteChoice::HighContrast));
    app.update();
    let mut again = crate::referee::headless_app_from(&levels, start(), false);
    again.update();
    assert_eq!(
        *again.world().resource::<PaletteChoice>(),
        PaletteChoice::HighContrast
    );
}

#[test]
fn a_chosen_text_size_scales_the_panels_text_at_once_and_is_kept() {
    use bevy::prelude::*;
    use tablero::app::settings::{TextSize, TextSizeChosen};

    let dir = temp_dir("settings-text-size");
    let levels = crate::support::repo().join("levels");
    let file = dir.join("menu.ron");
    let mut start = tablero::app::AppStart::menu(tablero::levels::Levels::folder(&levels));
    start.menu_memory = Some(file.clone());
    let mut app = crate::referee::headless_app_from(&levels, start, false);
    app.add_plugins(tablero::app::text_size::plugin);
    let panel_text = app
        .world_mut()
        .spawn((
            Node::default(),
            Text::new("Black to move"),
            tablero::app::theme::font(18.0),
        ))
        .id();
    let board_letter = app
        .world_mut()
        .spawn((Text2d::new("A"), tablero::app::theme::font(18.0)))
        .id();
    app.update();
    let size = |app: &App, entity| match app.world().get::<TextFont>(entity).map(|f| f.font_size) {
        Some(FontSize::Px(px)) => px,
        other => panic!("{other:?}"),
    };
    assert_eq!(size(&app, panel_text), 18.0);
    app.world_mut().write_message(TextSizeChosen(TextSize(200)));
    app.update();
    app.update();
    assert_eq!(size(&app, panel_text), 36.0);
    // The board's letters keep the size their squares give them.
    assert_eq!(size(&app, board_letter), 18.0);
    // Text that appears later comes at the chosen size.
    let later = app
        .world_mut()
        .spawn((
            Node::default(),
            Text::new("White places H4"),
            tablero::app::theme::font(15.0),
        ))
        .id();
    app.update();
    assert_eq!(size(&app, later), 30.0);
    let kept = std::fs::read_to_string(&file).expect("the settings file");
    assert!(kept.contains("text_size: 200"), "{kept}");
    // And back to the designed size.
    app.world_mut().write_message(TextSizeChosen(TextSize(100)));
    app.update();
    app.update();
    assert_eq!(size(&app, panel_text), 18.0);
    assert_eq!(size(&app, later), 15.0);
}
