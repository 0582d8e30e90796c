//! *Settings* (F2, or the button on the menu and on every match panel): a page over the
//! screen, which stays usable behind it, with the player's comfort choices. Each choice applies
//! at once and is kept in the settings file with the menu's choices (`menu::memory`).
//!
//! Colours: *standard* or *high contrast* (`palette`): both keep players, floors and marks apart
//! for every colour vision; high contrast draws on black with text at 7:1 or more.
//!
//! Screen reader: what the live region announces ([`Announcements`]): *everything* (moves,
//! rolls, refusals, take-backs, results, who moves next, the hint's line), *moves only* (no
//! rolls, turns or hints) or *nothing* (the board is read by moving over it).
//!
//! Animation: *normal*; *fast* (every glide, settle, sinking floe and dice roll in a third of
//! the time, and the AI's moves held on screen a third as long); *none* (each shown at its end
//! at once, and the AI's move as soon as it is decided).

use bevy::prelude::*;

pub use super::announcements::Announcements;
use super::language::ChosenLanguage;
use super::menu::memory;
pub use super::motion::Animation;
pub use super::palette::PaletteChoice;
pub use super::text_size::TextSize;
use super::{AppStart, theme};
use crate::i18n::{Language, Tr};

/// Whether the settings page is open.
#[derive(Resource, Debug, Default, Clone, Copy, PartialEq, Eq)]
pub struct SettingsPage {
    /// It shows.
    pub open: bool,
}

/// Open or close the settings page (F2, the *Settings* buttons).
#[derive(Message, Debug, Clone, Copy, Default)]
pub struct SettingsRequested;

/// Choose how things move (a button of the page); applied at once and kept.
#[derive(Message, Debug, Clone, Copy, PartialEq, Eq)]
pub struct AnimationChosen(pub Animation);

/// Choose the colours (a button of the page); applied at once and kept.
#[derive(Message, Debug, Clone, Copy, PartialEq, Eq)]
pub struct PaletteChosen(pub PaletteChoice);

/// Choose the size of the panels' text (a button of the page); applied at once and kept.
#[derive(Message, Debug, Clone, Copy, PartialEq, Eq)]
pub struct TextSizeChosen(pub TextSize);

/// Choose what a screen reader is told (a button of the page); applied at once and kept.
#[derive(Message, Debug, Clone, Copy, PartialEq, Eq)]
pub struct AnnouncementsChosen(pub Announcements);

/// Choose the window's language (a button of the page); applied at once and kept.
#[derive(Message, Debug, Clone, Copy, PartialEq, Eq)]
pub struct LanguageChosen(pub Language);

/// The settings and their choices (no renderer needed).
pub fn plugin(app: &mut App) {
    app.init_resource::<Animation>();
    app.init_resource::<PaletteChoice>();
    app.init_resource::<TextSize>();
    app.init_resource::<SettingsPage>();
    app.add_message::<SettingsRequested>();
    app.add_message::<AnimationChosen>();
    app.add_message::<PaletteChosen>();
    app.add_message::<TextSizeChosen>();
    app.add_message::<AnnouncementsChosen>();
    app.add_message::<LanguageChosen>();
    app.add_systems(Startup, recall_settings);
    app.add_systems(
        Update,
        (
            toggle_page,
            choose_animation,
            choose_palette,
            choose_text_size,
            choose_announcements,
            choose_language,
        ),
    );
}

/// The page, its key and its buttons.
pub fn view_plugin(app: &mut App) {
    app.add_systems(
        Update,
        (
            settings_key,
            show_page,
            (
                show_chosen::<AnimationOption>,
                show_chosen::<PaletteOption>,
                show_chosen::<TextSizeOption>,
                show_chosen::<AnnouncementsOption>,
                show_chosen::<LanguageOption>,
            ),
        )
            .chain(),
    );
}

/// The choices kept in the settings file, if any.
fn recall_settings(
    start: Option<Res<AppStart>>,
    mut animation: ResMut<Animation>,
    mut palette: ResMut<PaletteChoice>,
    mut text_size: ResMut<TextSize>,
    mut announcements: ResMut<Announcements>,
    mut language: ResMut<ChosenLanguage>,
) {
    let kept = start
        .as_ref()
        .and_then(|s| s.menu_memory.as_ref())
        .and_then(|file| memory::recall(file).ok().flatten());
    // `TABLERO_LANG` (tests), else the player's choice, else the system's.
    let chosen = std::env::var("TABLERO_LANG")
        .ok()
        .and_then(|v| Language::from_locale(&v))
        .or(kept.as_ref().and_then(|kept| kept.language))
        .unwrap_or_else(Language::from_environment);
    language.set_if_neq(ChosenLanguage(chosen));
    if let Some(kept) = kept {
        *animation = kept.animation;
        *palette = kept.palette;
        *text_size = kept.text_size;
        *announcements = kept.announcements;
    }
}

fn toggle_page(mut requests: MessageReader<SettingsRequested>, mut page: ResMut<SettingsPage>) {
    if !requests.read().count().is_multiple_of(2) {
        page.open = !page.open;
    }
}

fn choose_animation(
    mut chosen: MessageReader<AnimationChosen>,
    animation: ResMut<Animation>,
    start: Option<Res<AppStart>>,
) {
    let choice = chosen.read().last().map(|c| c.0);
    apply(choice, animation, start, |kept, c| kept.animation = c);
}

fn choose_palette(
    mut chosen: MessageReader<PaletteChosen>,
    palette: ResMut<PaletteChoice>,
    start: Option<Res<AppStart>>,
) {
    let choice = chosen.read().last().map(|c| c.0);
    apply(choice, palette, start, |kept, c| kept.palette = c);
}

fn choose_text_size(
    mut chosen: MessageReader<TextSizeChosen>,
    text_size: ResMut<TextSize>,
    start: Option<Res<AppStart>>,
) {
    let choice = chosen.read().last().map(|c| c.0);
    apply(choice, text_size, start, |kept, c| kept.text_size = c);
}

fn choose_language(
    mut chosen: MessageReader<LanguageChosen>,
    language: ResMut<ChosenLanguage>,
    start: Option<Res<AppStart>>,
) {
    let choice = chosen.read().last().map(|c| ChosenLanguage(c.0));
    apply(choice, language, start, |kept, c| kept.language = Some(c.0));
}

fn choose_announcements(
    mut chosen: MessageReader<AnnouncementsChosen>,
    announcements: ResMut<Announcements>,
    start: Option<Res<AppStart>>,
) {
    let choice = chosen.read().last().map(|c| c.0);
    apply(choice, announcements, start, |kept, c| {
        kept.announcements = c
    });
}

/// Applies a `choice`, if one was made, to its `setting` at once and keeps it in the file
/// (`field` of the kept choices).
fn apply<T: Resource<Mutability = bevy::ecs::component::Mutable> + PartialEq + Copy>(
    choice: Option<T>,
    mut setting: ResMut<T>,
    start: Option<Res<AppStart>>,
    field: impl FnOnce(&mut memory::RememberedChoices, T),
) {
    let Some(choice) = choice else {
        return;
    };
    setting.set_if_neq(choice);
    keep(start.as_deref(), |kept| field(kept, choice));
}

/// Keeps a choice in the settings file, if there is one; a file that cannot be written costs
/// only the memory.
fn keep(start: Option<&AppStart>, set: impl FnOnce(&mut memory::RememberedChoices)) {
    if let Some(file) = start.and_then(|s| s.menu_memory.as_ref())
        && let Err(e) = memory::note_setting(file, set)
    {
        warn!("cannot keep the settings in {}: {e}", file.display());
    }
}

/// F2 opens or closes the page; Esc closes it on the menu (a match's Esc closes it first,
/// before the rules page or the match, in `match_view`).
fn settings_key(
    keys: Res<ButtonInput<KeyCode>>,
    screen: Res<State<super::Screen>>,
    mut page: ResMut<SettingsPage>,
    mut requests: MessageWriter<SettingsRequested>,
) {
    if keys.just_pressed(KeyCode::F2) {
        requests.write(SettingsRequested);
    }
    if keys.just_pressed(KeyCode::Escape) && *screen.get() == super::Screen::Menu && page.open {
        page.open = false;
    }
}

/// The page's root.
#[derive(Component, Debug)]
struct SettingsPanel;

/// A choice of animation on the page.
#[derive(Component, Debug, Clone, Copy)]
struct AnimationOption(Animation);

/// A choice of palette on the page.
#[derive(Component, Debug, Clone, Copy)]
struct PaletteOption(PaletteChoice);

/// A choice of language on the page.
#[derive(Component, Debug, Clone, Copy)]
struct LanguageOption(Language);

/// A choice of what a screen reader is told, on the page.
#[derive(Component, Debug, Clone, Copy)]
struct AnnouncementsOption(Announcements);

/// A choice of text size on the page.
#[derive(Component, Debug, Clone, Copy)]
struct TextSizeOption(TextSize);

/// A *Settings* button, for any panel.
pub fn settings_button(width: f32) -> impl Bundle {
    theme::tr_button(Tr::new("settings-button"), width)
}

/// Opens or closes the page when a *Settings* button is clicked.
pub fn open_on_click(_: On<Pointer<Click>>, mut requests: MessageWriter<SettingsRequested>) {
    requests.write(SettingsRequested);
}

/// Builds the page when it opens and removes it when it closes.
fn show_page(
    mut commands: Commands,
    page: Res<SettingsPage>,
    panels: Query<Entity, With<SettingsPanel>>,
) {
    match (page.open, panels.iter().next()) {
        (true, None) => {}
        (false, Some(panel)) => {
            commands.entity(panel).despawn();
            return;
        }
        _ => return,
    }
    commands
        .spawn((
            Name::new("Settings page"),
            SettingsPanel,
            super::button_keys::FocusTrap,
            super::text_size::ScrollingPanel,
            theme::InDesignArea,
            Node {
                position_type: PositionType::Absolute,
                right: px(20),
                top: px(20),
                width: px(560),
                max_height: px(680),
                overflow: Overflow::scroll_y(),
                flex_direction: FlexDirection::Column,
                row_gap: px(14),
                padding: UiRect::all(px(20)),
                border_radius: BorderRadius::all(px(10)),
                ..default()
            },
            BackgroundColor(theme::RULES_PAGE),
            GlobalZIndex(11),
        ))
        .with_children(|page| {
            page.spawn(theme::tr_label(
                Tr::new("settings-title"),
                28.0,
                theme::TEXT,
            ));
            setting_row(
                page,
                "settings-language",
                Language::ALL.map(|l| {
                    (
                        LanguageOption(l),
                        Caption::Fixed(l.own_name()),
                        LanguageChosen(l),
                    )
                }),
                130.0,
                "settings-language-about",
            );
            setting_row(
                page,
                "settings-colours",
                PaletteChoice::ALL.map(|p| {
                    let id = match p {
                        PaletteChoice::Standard => "settings-colours-standard",
                        PaletteChoice::HighContrast => "settings-colours-high-contrast",
                    };
                    (
                        PaletteOption(p),
                        Caption::Words(Tr::new(id)),
                        PaletteChosen(p),
                    )
                }),
                180.0,
                "settings-colours-about",
            );
            setting_row(
                page,
                "settings-text-size",
                TextSize::ALL.map(|t| {
                    let words = Tr::new("settings-text-size-percent").number("percent", t.0);
                    (TextSizeOption(t), Caption::Words(words), TextSizeChosen(t))
                }),
                96.0,
                "settings-text-size-about",
            );
            setting_row(
                page,
                "settings-screen-reader",
                Announcements::ALL.map(|a| {
                    let id = match a {
                        Announcements::All => "settings-screen-reader-all",
                        Announcements::MovesOnly => "settings-screen-reader-moves",
                        Announcements::Off => "settings-screen-reader-off",
                    };
                    (
                        AnnouncementsOption(a),
                        Caption::Words(Tr::new(id)),
                        AnnouncementsChosen(a),
                    )
                }),
                150.0,
                "settings-screen-reader-about",
            );
            setting_row(
                page,
                "settings-animation",
                Animation::ALL.map(|a| {
                    let id = match a {
                        Animation::Normal => "settings-animation-normal",
                        Animation::Fast => "settings-animation-fast",
                        Animation::Off => "settings-animation-off",
                    };
                    (
                        AnimationOption(a),
                        Caption::Words(Tr::new(id)),
                        AnimationChosen(a),
                    )
                }),
                120.0,
                "settings-animation-about",
            );
            page.spawn(Node {
                justify_content: JustifyContent::FlexEnd,
                ..default()
            })
            .with_children(|row| {
                row.spawn(theme::tr_button(Tr::new("settings-close"), 140.0))
                    .observe(open_on_click);
            });
        });
}

/// An option's caption: a message in the window's language, or words every language shows
/// as they are (a language's own name).
enum Caption {
    /// A message.
    Words(Tr),
    /// Fixed words.
    Fixed(&'static str),
}

/// One setting on the page: its title (message `title`), a button `width` pixels wide per
/// choice (the option's marker, its caption and the message a click sends), and a line on what
/// they do (message `about`).
fn setting_row<C: Component, M: Message + Copy>(
    page: &mut ChildSpawnerCommands,
    title: &'static str,
    choices: impl IntoIterator<Item = (C, Caption, M)>,
    width: f32,
    about: &'static str,
) {
    page.spawn(theme::tr_label(Tr::new(title), 20.0, theme::TEXT));
    page.spawn(Node {
        flex_wrap: FlexWrap::Wrap,
        row_gap: px(8),
        column_gap: px(10),
        ..default()
    })
    .with_children(|row| {
        for (option, caption, message) in choices {
            let mut button = match caption {
                Caption::Words(words) => row.spawn((option, theme::tr_button(words, width))),
                Caption::Fixed(words) => row.spawn((option, theme::button(words, width))),
            };
            button.observe(move |_: On<Pointer<Click>>, mut chosen: MessageWriter<M>| {
                chosen.write(message);
            });
        }
    });
    page.spawn(theme::tr_label(Tr::new(about), 16.0, theme::TEXT_DIM));
}

/// A button of the page that chooses one value of a setting.
trait SettingOption: Component {
    /// The setting.
    type Setting: Resource + PartialEq + Copy;
    /// The value the button chooses.
    fn value(&self) -> Self::Setting;
}

impl SettingOption for AnimationOption {
    type Setting = Animation;
    fn value(&self) -> Animation {
        self.0
    }
}

impl SettingOption for PaletteOption {
    type Setting = PaletteChoice;
    fn value(&self) -> PaletteChoice {
        self.0
    }
}

impl SettingOption for TextSizeOption {
    type Setting = TextSize;
    fn value(&self) -> TextSize {
        self.0
    }
}

impl SettingOption for AnnouncementsOption {
    type Setting = Announcements;
    fn value(&self) -> Announcements {
        self.0
    }
}

impl SettingOption for LanguageOption {
    type Setting = ChosenLanguage;
    fn value(&self) -> ChosenLanguage {
        ChosenLanguage(self.0)
    }
}

/// Marks the buttons of the setting's chosen value as chosen.
fn show_chosen<O: SettingOption>(
    setting: Res<O::Setting>,
    mut options: Query<(&O, &mut theme::Selected)>,
) {
    for (option, mut selected) in &mut options {
        selected.set_if_neq(theme::Selected(option.value() == *setting));
    }
}
