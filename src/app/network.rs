//! Playing over the network in the window: the window is a guest of a match refereed by a host
//! (another machine, or this one's own host thread when it hosts), so its referee follows the
//! host's entries ([`FromRemoteReferee`]) and sends its player's clicks there
//! ([`ToRemoteReferee`]). A line at the bottom of the window says what the network does: the
//! invitations while a host waits for its guests, who sits where and who is away, a refusal,
//! a request to take back moves (Y or N answers), and why a match stopped.

use std::sync::{Mutex, mpsc};

use bevy::prelude::*;
use bevy::winit::{EventLoopProxyWrapper, WinitUserEvent};

use super::AppStart;
use super::referee::{
    AppGame, FromRemoteReferee, MatchRequested, RemoteBroken, RemoteSaid, ToRemoteReferee,
};
use super::start::NetStart;
use super::theme;
use crate::console::capitalised;
use crate::net::channel::Sender;
use crate::net::guest::{GuestEvent, Mirror};
use crate::net::wire::{SeatView, ToGuest, ToHost};
use crate::rules::{magnetic_cave, patolli, penguins};

/// The window's connection to its host, and what it has heard.
#[derive(Resource)]
pub struct NetWindow {
    /// The game.
    pub game: crate::rules::GameKind,
    /// The seats this window plays (none when it watches).
    pub seats: Vec<usize>,
    seed: Option<[u8; crate::fair_dice::SEED_BYTES]>,
    sender: Sender,
    events: Mutex<mpsc::Receiver<GuestEvent>>,
    commits: Option<Vec<String>>,
    invitations: Option<(String, String)>,
    who: Vec<SeatView>,
    notice: Option<String>,
    answering: Option<String>,
}

impl NetWindow {
    /// The line the window shows.
    pub fn status(&self, broken: Option<&str>) -> String {
        let mut parts = Vec::new();
        if let Some((play, watch)) = &self.invitations {
            parts.push(format!("Invite to play: {play}\nInvite to watch: {watch}"));
        }
        if !self.who.is_empty() {
            let seats: Vec<String> = self
                .who
                .iter()
                .enumerate()
                .map(|(i, view)| {
                    let away = if view.away { " (away)" } else { "" };
                    let you = if self.seats.contains(&i) {
                        " (you)"
                    } else {
                        ""
                    };
                    format!("{}. {}{you}{away}", i + 1, view.who)
                })
                .collect();
            parts.push(format!("Seats: {}", seats.join(", ")));
        }
        if let Some(by) = &self.answering {
            parts.push(format!("{by} asks to take back moves: Y yes, N no"));
        }
        if let Some(reason) = broken {
            parts.push(capitalised(reason));
        } else if let Some(notice) = &self.notice {
            parts.push(notice.clone());
        }
        parts.join("\n")
    }

    /// Sends the host `message`; a failure shows as the connection lost soon after.
    fn send(&self, message: &ToHost) {
        if let Err(e) = self.sender.send(message) {
            warn!("cannot send to the host: {e}");
        }
    }
}

/// Marks the network line.
#[derive(Component)]
struct NetLine;

/// The network plugin: the connection's events into the referee, the player's decisions out,
/// the line on screen.
pub(super) fn plugin(app: &mut App) {
    app.add_systems(Startup, take_connection);
    app.add_systems(
        Update,
        (
            follow_host::<magnetic_cave::State>,
            follow_host::<patolli::State>,
            follow_host::<penguins::State>,
            send_decisions::<magnetic_cave::State>,
            send_decisions::<patolli::State>,
            send_decisions::<penguins::State>,
            answer_take_backs,
            show_line,
        ),
    );
}

/// Takes the connection the window was started with, and wakes the window whenever the host
/// says something (the window rests otherwise).
fn take_connection(
    mut commands: Commands,
    start: Option<Res<AppStart>>,
    proxy: Option<Res<EventLoopProxyWrapper>>,
) {
    let Some(net): Option<NetStart> = start.as_ref().and_then(|start| start.network.clone()) else {
        return;
    };
    let Some(joined) = net.joined.lock().ok().and_then(|mut joined| joined.take()) else {
        return;
    };
    let (game, seats, seed) = (joined.game, joined.seats.clone(), joined.seed);
    let (sender, from_host) = joined.into_parts();
    let (forward, events) = mpsc::channel();
    let proxy = proxy.map(|proxy| (**proxy).clone());
    std::thread::spawn(move || {
        while let Ok(event) = from_host.recv() {
            if forward.send(event).is_err() {
                return;
            }
            if let Some(proxy) = &proxy {
                let _ = proxy.send_event(WinitUserEvent::WakeUp);
            }
        }
    });
    commands.insert_resource(NetWindow {
        game,
        seats,
        seed,
        sender,
        events: Mutex::new(events),
        commits: None,
        invitations: net.invitations,
        who: Vec::new(),
        notice: Some("Connected: waiting for the match to start.".into()),
        answering: None,
    });
    commands.spawn((
        Name::new("Network line"),
        NetLine,
        theme::label("", 14.0, theme::TEXT),
        Node {
            position_type: PositionType::Absolute,
            left: px(12),
            top: px(4),
            max_width: percent(96),
            ..default()
        },
        GlobalZIndex(20),
    ));
}

/// Follows what the host says, for the window's game `G`.
fn follow_host<G: AppGame>(
    net: Option<ResMut<NetWindow>>,
    mut requests: MessageWriter<MatchRequested<G>>,
    mut from: ResMut<FromRemoteReferee<G>>,
    mut broken: ResMut<RemoteBroken>,
) {
    let Some(mut net) = net.filter(|net| net.game == G::KIND) else {
        return;
    };
    let events: Vec<GuestEvent> = match net.events.lock() {
        Ok(events) => events.try_iter().collect(),
        Err(_) => return,
    };
    for event in events {
        match event {
            GuestEvent::Message(ToGuest::Commits(commits)) => {
                if let Some(seed) = net.seed {
                    net.send(&ToHost::Reveal(crate::fair_dice::hex(&seed)));
                }
                net.commits = Some(commits);
            }
            GuestEvent::Message(ToGuest::Start(text)) => {
                let ours = net.seed.filter(|_| net.commits.is_some());
                match Mirror::<G>::start(&text, net.commits.as_deref(), ours.as_ref()) {
                    Ok(mirror) => {
                        requests.write(MatchRequested {
                            setup: mirror.setup().clone(),
                            resume: Some(mirror.record().clone()),
                            paused: false,
                            remote: Some(net.seats.clone()),
                        });
                        net.invitations = None;
                        net.notice = None;
                    }
                    Err(e) => broken.0 = Some(e.to_string()),
                }
            }
            GuestEvent::Message(ToGuest::Entry(entry)) => {
                from.said.push_back(RemoteSaid::Entry(entry));
            }
            GuestEvent::Message(ToGuest::Undone(entries)) => {
                from.said.push_back(RemoteSaid::Undone(entries));
                net.answering = None;
            }
            GuestEvent::Message(ToGuest::Refused(reason)) => {
                net.notice = Some(format!("Refused: {reason}."));
            }
            GuestEvent::Message(ToGuest::Seats(who)) => net.who = who,
            GuestEvent::Message(ToGuest::Notice(notice)) => net.notice = Some(notice),
            GuestEvent::Message(ToGuest::UndoAsked(by)) => net.answering = Some(by),
            GuestEvent::Message(ToGuest::UndoDeclined(reason)) => {
                net.answering = None;
                net.notice = Some(format!("No moves are taken back: {reason}."));
            }
            GuestEvent::Message(ToGuest::Stopped(reason)) => {
                net.notice = Some(format!("The host says: {reason}."));
            }
            GuestEvent::Message(ToGuest::Welcome { .. }) => {}
            GuestEvent::Lost(reason) => {
                if net
                    .notice
                    .as_deref()
                    .is_none_or(|n| !n.starts_with("The host says"))
                {
                    net.notice = Some(format!("The connection to the host was lost: {reason}."));
                }
            }
            GuestEvent::Line(_) | GuestEvent::InputEnded => {}
        }
    }
}

/// Sends the host the player's decisions and requests to take back moves.
fn send_decisions<G: AppGame>(net: Option<Res<NetWindow>>, mut out: ResMut<ToRemoteReferee<G>>) {
    let Some(net) = net.filter(|net| net.game == G::KIND) else {
        out.decisions.clear();
        out.undo = false;
        return;
    };
    for action in out.decisions.drain(..) {
        net.send(&ToHost::Decide(action.to_string()));
    }
    if std::mem::take(&mut out.undo) {
        net.send(&ToHost::AskUndo);
    }
}

/// Y or N answers another player's request to take back moves.
fn answer_take_backs(net: Option<ResMut<NetWindow>>, keys: Res<ButtonInput<KeyCode>>) {
    let Some(mut net) = net.filter(|net| net.answering.is_some()) else {
        return;
    };
    let answer = if keys.just_pressed(KeyCode::KeyY) {
        true
    } else if keys.just_pressed(KeyCode::KeyN) {
        false
    } else {
        return;
    };
    net.send(&ToHost::AnswerUndo(answer));
    net.answering = None;
}

/// Shows the network line.
fn show_line(
    net: Option<Res<NetWindow>>,
    broken: Res<RemoteBroken>,
    mut line: Query<&mut Text, With<NetLine>>,
) {
    let Some(net) = net else {
        return;
    };
    let status = net.status(broken.0.as_deref());
    for mut text in &mut line {
        if text.0 != status {
            text.0 = status.clone();
        }
    }
}
