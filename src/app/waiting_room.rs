//! The waiting room of a network match, shown from the moment the window is connected until
//! its host starts the match: a host sees its two invitations, each with a *Copy* button (the
//! system clipboard), and every seat with who has taken it; a guest sees the seats too. The
//! match starts when every Guest seat is taken. *Cancel* (or Esc) goes back to the menu, which
//! leaves the match (a host's leaving stops it for everyone).

use bevy::picking::events::{Click, Pointer};
use bevy::prelude::*;

use super::clipboard::{SystemClipboard, clipboard_words};
use super::language::{ChosenLanguage, game_name};
use super::network::NetWindow;
use super::referee::RemoteBroken;
use super::states::Screen;
use super::theme;
use crate::i18n::Tr;
use crate::rules::GameKind;

/// The waiting room's screen.
pub fn plugin(app: &mut App) {
    app.add_systems(OnEnter(Screen::Waiting), spawn_waiting_room);
    app.add_systems(
        Update,
        (show_waiting_room, cancel_on_escape).run_if(in_state(Screen::Waiting)),
    );
}

/// A text of the waiting room.
#[derive(Component, Debug, Clone, Copy, PartialEq, Eq)]
enum RoomText {
    /// What the window does: hosting, or joined.
    Title,
    /// What happens next.
    Explanation,
    /// The play (0) or watch (1) invitation.
    Invitation(usize),
    /// Who sits where.
    Seats,
    /// The last thing the network or the clipboard said.
    Notice,
}

/// The rows that only a host has: its invitations.
#[derive(Component)]
struct HostOnly;

/// What the clipboard last said, shown in the room.
#[derive(Resource, Debug, Default)]
struct CopyNotice(Option<Tr>);

fn spawn_waiting_room(mut commands: Commands) {
    commands.insert_resource(CopyNotice::default());
    commands
        .spawn((
            Name::new("Waiting room"),
            theme::screen_column(),
            DespawnOnExit(Screen::Waiting),
        ))
        .with_children(|room| {
            room.spawn((RoomText::Title, theme::label("", 40.0, theme::TEXT)));
            room.spawn((
                RoomText::Explanation,
                theme::label("", 18.0, theme::TEXT_DIM),
            ));
            for (which, caption) in [(0, "room-invitation-play"), (1, "room-invitation-watch")] {
                room.spawn((
                    HostOnly,
                    Node {
                        flex_direction: FlexDirection::Column,
                        row_gap: px(6),
                        width: px(900),
                        ..default()
                    },
                ))
                .with_children(|block| {
                    block.spawn(theme::tr_label(Tr::new(caption), 20.0, theme::TEXT));
                    block
                        .spawn(Node {
                            column_gap: px(12),
                            align_items: AlignItems::Center,
                            ..default()
                        })
                        .with_children(|row| {
                            row.spawn((
                                RoomText::Invitation(which),
                                theme::label("", 16.0, theme::LABEL),
                                Node {
                                    width: px(760),
                                    ..default()
                                },
                            ));
                            row.spawn(theme::tr_button(Tr::new("room-copy"), 110.0)).observe(
                                move |_: On<Pointer<Click>>,
                                      net: Option<Res<NetWindow>>,
                                      clipboard: Res<SystemClipboard>,
                                      mut notice: ResMut<CopyNotice>| {
                                    notice.0 = Some(copy_invitation(
                                        net.as_deref(),
                                        &clipboard,
                                        which,
                                    ));
                                },
                            );
                        });
                });
            }
            room.spawn(theme::tr_label(Tr::new("room-seats"), 20.0, theme::TEXT));
            room.spawn((RoomText::Seats, theme::label("", 18.0, theme::TEXT)));
            room.spawn((RoomText::Notice, theme::label("", 16.0, theme::WARNING)));
            room.spawn(theme::tr_button(Tr::new("room-cancel"), 200.0))
                .observe(
                    |_: On<Pointer<Click>>, mut next: ResMut<NextState<Screen>>| {
                        next.set(Screen::Menu);
                    },
                );
        });
}

/// Copies invitation `which` (0 to play, 1 to watch), and says what happened.
fn copy_invitation(net: Option<&NetWindow>, clipboard: &SystemClipboard, which: usize) -> Tr {
    let Some((play, watch)) = net.and_then(NetWindow::invitations) else {
        return Tr::new("room-nothing-to-copy");
    };
    let (text, what) = if which == 0 {
        (play, "play")
    } else {
        (watch, "watch")
    };
    match clipboard.copy(text) {
        Ok(()) => Tr::new("room-copied").text("role", what),
        Err(e) => Tr::new("room-not-copied")
            .text("role", what)
            .words("reason", clipboard_words(e)),
    }
}

/// The waiting room's line for seat `index` of `game` (named as its match's panel names it)
/// and `who` plays it. One message holds the seat's letter and the player, so a right-to-left
/// language keeps the letter beside its word.
fn seat_line(game: GameKind, index: usize, who: Tr) -> Tr {
    let letter =
        |letters: [&'static str; 4]| -> &'static str { letters.get(index).copied().unwrap_or("?") };
    match game {
        GameKind::MagneticCave => Tr::new("room-seat")
            .words(
                "seat",
                Tr::new(match index {
                    0 => "cave-black",
                    _ => "cave-white",
                }),
            )
            .words("who", who),
        GameKind::Patolli => Tr::new("room-seat-player")
            .text("player", letter(["L", "N", "G", "M"]))
            .words("who", who),
        GameKind::Penguins => Tr::new("room-seat-player")
            .text("player", letter(["A", "B", "C", "D"]))
            .words("who", who),
    }
}

fn show_waiting_room(
    net: Option<Res<NetWindow>>,
    broken: Res<RemoteBroken>,
    copied: Option<Res<CopyNotice>>,
    language: Res<ChosenLanguage>,
    mut host_rows: Query<&mut Node, With<HostOnly>>,
    mut texts: Query<(&RoomText, &mut Text)>,
) {
    let Some(net) = net else {
        return;
    };
    let hosting = net.hosting();
    for mut node in &mut host_rows {
        let display = if hosting {
            Display::Flex
        } else {
            Display::None
        };
        if node.display != display {
            node.display = display;
        }
    }
    let game = net.game;
    let views = net.seat_views();
    let seats = if views.is_empty() {
        language.word(&Tr::new("room-waiting-for-seats"))
    } else {
        (0..views.len())
            .filter_map(|i| Some(language.word(&seat_line(game, i, net.seat_word(i)?))))
            .collect::<Vec<_>>()
            .join("\n")
    };
    let free = views
        .iter()
        .filter(|v| v.who == crate::net::wire::SeatHolder::Free)
        .count();
    let explanation = language.word(&match (hosting, free) {
        (true, 0) => Tr::new("room-every-seat-taken"),
        (true, n) => Tr::new("room-send-invitation").number("guests", n),
        (false, 0) => Tr::new("room-starting"),
        (false, _) => Tr::new("room-starts-when-full"),
    });
    let title = language.word(
        &Tr::new(if hosting {
            "room-hosting"
        } else if net.seats.is_empty() {
            "room-watching"
        } else {
            "room-over-network"
        })
        .words("game", game_name(game)),
    );
    let notice = copied
        .and_then(|c| c.0.clone())
        .or_else(|| net.notice(broken.0.as_ref()))
        .map(|notice| language.word(&notice))
        .unwrap_or_default();
    for (which, mut text) in &mut texts {
        let content = match *which {
            RoomText::Title => title.clone(),
            RoomText::Explanation => explanation.clone(),
            RoomText::Invitation(i) => net
                .invitations()
                .map(|(play, watch)| if i == 0 { play } else { watch }.clone())
                .unwrap_or_default(),
            RoomText::Seats => seats.clone(),
            RoomText::Notice => notice.clone(),
        };
        theme::set_text(&mut text, content);
    }
}

fn cancel_on_escape(keys: Res<ButtonInput<KeyCode>>, mut next: ResMut<NextState<Screen>>) {
    if keys.just_pressed(KeyCode::Escape) {
        next.set(Screen::Menu);
    }
}
