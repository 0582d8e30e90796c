//! The settings page's choices: applied at once, kept in the settings file with the menu's
//! choices, and read again at the next start.

use tablero::app::settings::{Animation, AnimationChosen, SettingsPage, SettingsRequested};

use crate::support::temp_dir;

#[test]
fn a_chosen_animation_applies_at_once_and_is_kept_for_the_next_start() {
    let dir = temp_dir("settings-animation");
    let levels = crate::support::repo().join("levels");
    let file = dir.join("menu.ron");
    let start = || {
        let mut start = tablero::app::AppStart::menu(tablero::levels::Levels::folder(&levels));
        start.menu_memory = Some(file.clone());
        start
    };
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
