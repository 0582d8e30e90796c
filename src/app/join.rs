//! *Join a match* (from the menu): paste the invitation someone sent (Ctrl+V or *Paste*) or
//! type it, give a name, and *Join*; the window connects in the background (the handshake
//! may take a few seconds over the internet) and then shows the waiting room, or says why it
//! could not join. Esc goes back to the menu.

use std::sync::{Arc, Mutex};

use bevy::input::ButtonState;
use bevy::input::keyboard::{Key, KeyboardInput};
use bevy::picking::events::{Click, Pointer};
use bevy::prelude::*;
use bevy::window::RequestRedraw;
use bevy::winit::EventLoopProxyWrapper;

use super::clipboard::{SystemClipboard, clipboard_words};
use super::language::ChosenLanguage;
use super::network::{guest_words, open_connection};
use super::start::NetStart;
use super::states::Screen;
use super::theme;
use crate::i18n::Tr;
use crate::net::guest::{self, GuestError, Joined};
use crate::net::invitation::{Invitation, InvitationError};
use crate::net::wire::MAX_NAME;

/// The longest invitation the field takes (one is about 110 characters).
pub const MAX_INVITATION: usize = 300;

/// The join screen.
pub fn plugin(app: &mut App) {
    app.init_resource::<JoinForm>();
    app.add_systems(OnEnter(Screen::Join), spawn_join_screen);
    app.add_systems(
        Update,
        (type_into_form, take_joined, show_form).run_if(in_state(Screen::Join)),
    );
}

/// Which field the keys type into.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub enum Field {
    /// The invitation.
    #[default]
    Invitation,
    /// The player's name.
    Name,
}

/// What the join screen holds: the two fields, the one typed into, and the connection under
/// way or why the last one failed.
#[derive(Resource, Debug)]
pub struct JoinForm {
    /// The invitation as typed or pasted.
    pub invitation: String,
    /// The name the others see.
    pub name: String,
    /// The field typed into.
    pub field: Field,
    /// Why the last attempt failed, or what is happening.
    pub message: Option<Tr>,
    connecting: Option<Arc<Mutex<Option<Result<Joined, GuestError>>>>>,
}

impl Default for JoinForm {
    fn default() -> Self {
        let name = std::env::var("USER")
            .or_else(|_| std::env::var("USERNAME"))
            .unwrap_or_else(|_| "Guest".into());
        JoinForm {
            invitation: String::new(),
            name: name.chars().take(MAX_NAME).collect(),
            field: Field::Invitation,
            message: None,
            connecting: None,
        }
    }
}

impl JoinForm {
    /// Whether a connection is under way.
    pub fn connecting(&self) -> bool {
        self.connecting.is_some()
    }

    /// Adds `text` to the field typed into (control characters and spaces left out of the
    /// invitation, which has none), within its length.
    pub fn type_text(&mut self, text: &str) {
        let (field, max) = match self.field {
            Field::Invitation => (&mut self.invitation, MAX_INVITATION),
            Field::Name => (&mut self.name, MAX_NAME),
        };
        for c in text.chars() {
            let keep = match self.field {
                Field::Invitation => !c.is_control() && !c.is_whitespace(),
                Field::Name => !c.is_control(),
            };
            if keep && field.chars().count() < max {
                field.push(c);
            }
        }
    }

    /// Removes the last character of the field typed into.
    pub fn backspace(&mut self) {
        match self.field {
            Field::Invitation => self.invitation.pop(),
            Field::Name => self.name.pop(),
        };
    }

    /// Replaces the invitation with `text` (a paste), whitespace around it left out.
    pub fn paste_invitation(&mut self, text: &str) {
        self.invitation.clear();
        self.field = Field::Invitation;
        self.type_text(text.trim());
    }

    /// Starts connecting with the invitation; a malformed one is refused at once, with why.
    pub fn join(&mut self) {
        if self.connecting.is_some() {
            return;
        }
        let invitation: Invitation = match self.invitation.trim().parse() {
            Ok(invitation) => invitation,
            Err(e) => {
                self.message =
                    Some(Tr::new("join-not-an-invitation").words("reason", invitation_words(&e)));
                return;
            }
        };
        let name = if self.name.trim().is_empty() {
            "Guest".to_string()
        } else {
            self.name.trim().to_string()
        };
        let done = Arc::new(Mutex::new(None));
        let out = Arc::clone(&done);
        std::thread::spawn(move || {
            let joined = guest::join(&invitation, &name);
            if let Ok(mut out) = out.lock() {
                *out = Some(joined);
            }
        });
        self.message = Some(Tr::new("join-connecting").text("address", self.invitation_address()));
        self.connecting = Some(done);
    }

    fn invitation_address(&self) -> String {
        self.invitation
            .trim()
            .parse::<Invitation>()
            .map(|i| i.address)
            .unwrap_or_default()
    }
}

/// A text of the join screen.
#[derive(Component, Debug, Clone, Copy, PartialEq, Eq)]
enum FormText {
    /// The invitation field.
    Invitation,
    /// The name field.
    Name,
    /// What happens, or why joining failed.
    Message,
}

/// A field's box: click to type into it.
#[derive(Component, Debug, Clone, Copy)]
struct FieldBox(Field);

fn spawn_join_screen(mut commands: Commands, mut form: ResMut<JoinForm>) {
    form.message = None;
    form.field = Field::Invitation;
    commands
        .spawn((
            Name::new("Join a match"),
            theme::screen_column(),
            DespawnOnExit(Screen::Join),
        ))
        .with_children(|screen| {
            screen.spawn(theme::tr_label(Tr::new("join-title"), 40.0, theme::TEXT));
            screen.spawn(theme::tr_label(
                Tr::new("join-explanation"),
                18.0,
                theme::TEXT_DIM,
            ));
            for (field, caption, marker) in [
                (Field::Invitation, "join-invitation", FormText::Invitation),
                (Field::Name, "join-name", FormText::Name),
            ] {
                screen
                    .spawn(Node {
                        column_gap: px(12),
                        align_items: AlignItems::Center,
                        ..default()
                    })
                    .with_children(|row| {
                        row.spawn((
                            theme::tr_label(Tr::new(caption), 20.0, theme::TEXT),
                            Node {
                                width: px(140),
                                ..default()
                            },
                        ));
                        row.spawn((
                            FieldBox(field),
                            Node {
                                width: px(860),
                                min_height: px(40),
                                border: UiRect::all(px(2)),
                                padding: UiRect::axes(px(10), px(8)),
                                align_items: AlignItems::Center,
                                ..default()
                            },
                            BackgroundColor(theme::PANEL),
                            BorderColor::all(theme::TEXT_DIM),
                        ))
                        .observe(move |_: On<Pointer<Click>>, mut form: ResMut<JoinForm>| {
                            form.field = field;
                        })
                        .with_children(|field_box| {
                            field_box.spawn((
                                marker,
                                theme::label("", 16.0, theme::TEXT),
                                Pickable::IGNORE,
                            ));
                        });
                    });
            }
            screen
                .spawn(Node {
                    column_gap: px(12),
                    ..default()
                })
                .with_children(|row| {
                    row.spawn(theme::tr_button(Tr::new("join-paste"), 140.0))
                        .observe(
                            |_: On<Pointer<Click>>,
                             clipboard: Res<SystemClipboard>,
                             mut form: ResMut<JoinForm>| {
                                paste(&clipboard, &mut form);
                            },
                        );
                    row.spawn(theme::tr_button(Tr::new("join-join"), 200.0))
                        .observe(|_: On<Pointer<Click>>, mut form: ResMut<JoinForm>| form.join());
                    row.spawn(theme::tr_button(Tr::new("join-back"), 160.0))
                        .observe(
                            |_: On<Pointer<Click>>, mut next: ResMut<NextState<Screen>>| {
                                next.set(Screen::Menu);
                            },
                        );
                });
            screen.spawn((FormText::Message, theme::label("", 18.0, theme::WARNING)));
        });
}

/// Puts the clipboard's text in the invitation field, or says why not.
fn paste(clipboard: &SystemClipboard, form: &mut JoinForm) {
    match clipboard.paste() {
        Ok(text) => {
            form.paste_invitation(&text);
            form.message = None;
        }
        Err(e) => {
            form.message = Some(Tr::new("join-nothing-pasted").words("reason", clipboard_words(e)));
        }
    }
}

/// Keys type into the field: letters and digits, Backspace, Tab to the other field, Ctrl+V
/// pastes, Enter joins, Esc goes back.
fn type_into_form(
    mut keys: MessageReader<KeyboardInput>,
    held: Res<ButtonInput<KeyCode>>,
    clipboard: Res<SystemClipboard>,
    mut form: ResMut<JoinForm>,
    mut next: ResMut<NextState<Screen>>,
) {
    let ctrl = held.any_pressed([
        KeyCode::ControlLeft,
        KeyCode::ControlRight,
        KeyCode::SuperLeft,
        KeyCode::SuperRight,
    ]);
    for key in keys.read() {
        if key.state != ButtonState::Pressed {
            continue;
        }
        match (&key.logical_key, key.key_code) {
            (_, KeyCode::KeyV) if ctrl => paste(&clipboard, &mut form),
            (Key::Escape, _) => next.set(Screen::Menu),
            (Key::Enter, _) => form.join(),
            (Key::Tab, _) => {
                form.field = match form.field {
                    Field::Invitation => Field::Name,
                    Field::Name => Field::Invitation,
                }
            }
            (Key::Backspace, _) => form.backspace(),
            _ if ctrl => {}
            _ => {
                if let Some(text) = &key.text {
                    form.type_text(text);
                }
            }
        }
    }
}

/// Once connected, shows the waiting room; a failed connection is said in the form.
fn take_joined(
    mut commands: Commands,
    mut form: ResMut<JoinForm>,
    proxy: Option<Res<EventLoopProxyWrapper>>,
    mut next: ResMut<NextState<Screen>>,
    mut redraw: MessageWriter<RequestRedraw>,
) {
    let Some(connecting) = form.connecting.clone() else {
        return;
    };
    // Keep drawing until the connection is made or fails.
    redraw.write(RequestRedraw);
    let Some(done) = connecting.lock().ok().and_then(|mut done| done.take()) else {
        return;
    };
    form.connecting = None;
    match done {
        Ok(joined) => {
            form.message = None;
            open_connection(
                &mut commands,
                &NetStart::joined(joined),
                proxy.as_deref(),
                &mut next,
            );
        }
        Err(e) => form.message = Some(Tr::new("join-failed").words("reason", guest_words(&e))),
    }
}

fn show_form(
    form: Res<JoinForm>,
    language: Res<ChosenLanguage>,
    mut boxes: Query<(&FieldBox, &mut BorderColor)>,
    mut texts: Query<(&FormText, &mut Text)>,
) {
    for (field_box, mut border) in &mut boxes {
        let typing = field_box.0 == form.field;
        let color = if typing { theme::TEXT } else { theme::TEXT_DIM };
        border.set_if_neq(BorderColor::all(color));
    }
    for (which, mut text) in &mut texts {
        let content = match which {
            FormText::Invitation => with_caret(&form.invitation, form.field == Field::Invitation),
            FormText::Name => with_caret(&form.name, form.field == Field::Name),
            FormText::Message => form
                .message
                .as_ref()
                .map(|m| language.word(m))
                .unwrap_or_default(),
        };
        theme::set_text(&mut text, content);
    }
}

/// `text` with a caret at its end when it is typed into.
fn with_caret(text: &str, typing: bool) -> String {
    if typing {
        format!("{text}▏")
    } else {
        text.to_string()
    }
}

/// Why a text is no invitation, in words.
pub fn invitation_words(error: &InvitationError) -> Tr {
    match error {
        InvitationError::Scheme => Tr::new("invitation-scheme"),
        InvitationError::Role => Tr::new("invitation-role"),
        InvitationError::Parts => Tr::new("invitation-parts"),
        InvitationError::Address(address) => {
            Tr::new("invitation-address").text("address", address.clone())
        }
        InvitationError::Key => Tr::new("invitation-key"),
        InvitationError::Secret => Tr::new("invitation-secret"),
    }
}
