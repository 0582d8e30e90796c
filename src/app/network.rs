//! Playing over the network in the window: the window is a guest of a match refereed by a host
//! (another machine, or this one's own host thread when it hosts), so its referee follows the
//! host's entries ([`FromRemoteReferee`]) and sends its player's clicks there
//! ([`ToRemoteReferee`]). Until the host starts the match the window shows the waiting room
//! ([`super::waiting_room`]); during it, a line at the top says what the network does: who
//! sits where and who is away, a refusal, a request to take back moves (Y or N answers), and
//! why a match stopped. The match's panel names each seat's player and, while another machine
//! decides, says whom it waits for and shows the thinking bar ([`RemoteTurn`]). Going back to
//! the menu leaves the match (a host's leaving stops it for everyone).

use std::sync::{Mutex, mpsc};

use bevy::prelude::*;
use bevy::winit::{EventLoopProxyWrapper, WinitUserEvent};

use super::AppStart;
use super::language::ChosenLanguage;
use super::match_view::{reason_words, record_words};
use super::referee::{
    AppGame, FromRemoteReferee, MatchRequested, Reason, Referee, RemoteBroken, RemoteSaid,
    ToRemoteReferee, follow_words,
};
pub use super::remote_turn::RemoteTurn;
use super::remote_turn::time_remote_turns;
use super::start::NetStart;
use super::states::Screen;
use super::system_words::io_words;
use super::text_size::DockPanel;
use super::theme;
use crate::i18n::Tr;
use crate::net::channel::{ChannelError, Sender};
use crate::net::guest::{GuestError, GuestEvent, Mirror, MirrorError};
use crate::net::host::{HostError, HostEvent, ListenError};
use crate::net::wire::{
    HostNotice, Refused, SeatHolder, SeatView, Stopped, ToGuest, ToHost, UndoDeclined,
};
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
    notice: Option<Tr>,
    answering: Option<SeatHolder>,
    control: Option<mpsc::Sender<HostEvent>>,
    /// The window has shown the waiting room or the match (so going to the menu leaves).
    shown: bool,
}

impl NetWindow {
    /// Whether this window hosts the match.
    pub fn hosting(&self) -> bool {
        self.control.is_some()
    }

    /// The play and watch invitations, when this window hosts.
    pub fn invitations(&self) -> Option<&(String, String)> {
        self.invitations.as_ref()
    }

    /// Who plays each seat, as the host last said (empty until it has).
    pub fn seat_views(&self) -> &[SeatView] {
        &self.who
    }

    /// The last thing the network said (a refusal, a lost connection, a player who left).
    pub fn notice(&self, broken: Option<&Reason>) -> Option<Tr> {
        broken.map(reason_words).or_else(|| self.notice.clone())
    }

    /// Who plays seat `index`, for a panel: "you", or the host's word for its player (a
    /// guest's name, "the host", "the host's AI"), marked while its guest is away; `None`
    /// before the host has said.
    pub fn seat_word(&self, index: usize) -> Option<Tr> {
        let view = self.who.get(index)?;
        let who = if self.seats.contains(&index) {
            Tr::new("net-you")
        } else {
            holder_words(&view.who)
        };
        Some(if view.away {
            Tr::new("net-away").words("who", who)
        } else {
            who
        })
    }

    /// The line the window shows during the match: a request to take back moves to answer,
    /// and the last thing the network said.
    pub fn status(&self, broken: Option<&Reason>, language: ChosenLanguage) -> String {
        let mut parts = Vec::new();
        if let Some(by) = &self.answering {
            parts.push(language.word(&Tr::new("net-asks-undo").words("who", holder_words(by))));
        }
        parts.extend(self.notice(broken).map(|notice| language.word(&notice)));
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
pub fn plugin(app: &mut App) {
    app.init_resource::<RemoteTurn>();
    app.add_systems(Startup, take_connection);
    app.add_systems(OnEnter(Screen::Menu), leave_network_match);
    app.add_systems(
        Update,
        (
            follow_host::<magnetic_cave::State>,
            follow_host::<patolli::State>,
            follow_host::<penguins::State>,
            send_decisions::<magnetic_cave::State>,
            send_decisions::<patolli::State>,
            send_decisions::<penguins::State>,
            time_remote_turns::<magnetic_cave::State>,
            time_remote_turns::<patolli::State>,
            time_remote_turns::<penguins::State>,
            answer_take_backs,
            mark_shown,
            dock_line,
            show_line,
        )
            .chain(),
    );
}

/// Opens the window's network match over `net`'s connection: the window follows its host
/// from now on and shows the waiting room until the match starts. Nothing happens when the
/// connection was taken already.
pub fn open_connection(
    commands: &mut Commands,
    net: &NetStart,
    proxy: Option<&EventLoopProxyWrapper>,
    next: &mut NextState<Screen>,
) {
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
        invitations: net.invitations.clone(),
        who: Vec::new(),
        notice: None,
        answering: None,
        control: net.control.clone(),
        shown: false,
    });
    commands.insert_resource(RemoteBroken::default());
    next.set(Screen::Waiting);
}

/// The window has shown its network match once it is off the menu.
fn mark_shown(net: Option<ResMut<NetWindow>>, screen: Res<State<Screen>>) {
    if let Some(mut net) = net.filter(|net| !net.shown && *screen.get() != Screen::Menu) {
        net.shown = true;
    }
}

/// Back at the menu, the window leaves its network match: a guest says goodbye (its seat is
/// away, and it may come back with its invitation); a host stops the match for everyone.
fn leave_network_match(mut commands: Commands, net: Option<Res<NetWindow>>) {
    let Some(net) = net.filter(|net| net.shown) else {
        return;
    };
    net.send(&ToHost::Bye);
    if let Some(control) = &net.control {
        let _ = control.send(HostEvent::Stop(Stopped::HostLeft));
    }
    commands.remove_resource::<NetWindow>();
    commands.insert_resource(RemoteTurn::default());
}

/// Takes the connection the window was started with, and wakes the window whenever the host
/// says something (the window rests otherwise).
fn take_connection(
    mut commands: Commands,
    start: Option<Res<AppStart>>,
    proxy: Option<Res<EventLoopProxyWrapper>>,
    mut next: ResMut<NextState<Screen>>,
) {
    if let Some(net) = start.as_ref().and_then(|start| start.network.as_ref()) {
        open_connection(&mut commands, net, proxy.as_deref(), &mut next);
    }
}

/// Follows what the host says, for the window's game `G`.
fn follow_host<G: AppGame>(
    net: Option<ResMut<NetWindow>>,
    referee: Option<Res<Referee<G>>>,
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
                        net.notice = None;
                    }
                    Err(e) => {
                        let reason = Tr::new("net-match-stops").words("reason", mirror_words(&e));
                        broken.0 = Some(Reason::Words(reason));
                    }
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
                let why = match &reason {
                    Refused::Rules(text) => referee.as_ref().and_then(|r| r.why_refused(text)),
                    _ => None,
                };
                let reason = match why {
                    Some(why) => follow_words::<G>(&why),
                    None => refused_words(&reason),
                };
                net.notice = Some(Tr::new("net-refused").words("reason", reason));
            }
            GuestEvent::Message(ToGuest::Seats(who)) => net.who = who,
            GuestEvent::Message(ToGuest::Notice(HostNotice::AiPlaysSeat(seat))) => {
                net.notice = Some(Tr::new("net-ai-plays-seat").number("seat", seat + 1));
            }
            GuestEvent::Message(ToGuest::UndoAsked(by)) => net.answering = Some(by),
            GuestEvent::Message(ToGuest::UndoDeclined(reason)) => {
                net.answering = None;
                net.notice = Some(
                    Tr::new("net-undo-declined").words("reason", undo_declined_words(&reason)),
                );
            }
            GuestEvent::Message(ToGuest::Stopped(reason)) => {
                net.notice = Some(Tr::new("net-host-says").words("reason", stopped_words(&reason)));
            }
            GuestEvent::Message(ToGuest::Welcome { .. }) => {}
            GuestEvent::Lost(reason) => {
                if net.notice.as_ref().is_none_or(|n| n.id != "net-host-says") {
                    net.notice = Some(Tr::new("net-lost").words("reason", channel_words(&reason)));
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

/// Puts the network line in each match's side panel, under its title, when the panel appears
/// (the panel shows who plays each seat; the line, what the network says).
fn dock_line(
    mut commands: Commands,
    net: Option<Res<NetWindow>>,
    panels: Query<Entity, Added<DockPanel>>,
) {
    if net.is_none() {
        return;
    }
    for panel in &panels {
        let line = commands
            .spawn((
                Name::new("Network line"),
                NetLine,
                theme::label("", 14.0, theme::WARNING),
            ))
            .id();
        commands.entity(panel).insert_children(1, &[line]);
    }
}

/// Shows the network line; it takes no room in the panel while it has nothing to say.
fn show_line(
    net: Option<Res<NetWindow>>,
    broken: Res<RemoteBroken>,
    screen: Res<State<Screen>>,
    language: Res<ChosenLanguage>,
    mut line: Query<(&mut Text, &mut Node), With<NetLine>>,
) {
    let Some(net) = net else {
        return;
    };
    // The waiting room says all of it in its own place.
    let status = if *screen.get() == Screen::Waiting {
        String::new()
    } else {
        net.status(broken.0.as_ref(), *language)
    };
    let display = if status.is_empty() {
        Display::None
    } else {
        Display::Flex
    };
    for (mut text, mut node) in &mut line {
        if text.0 != status {
            text.0 = status.clone();
        }
        if node.display != display {
            node.display = display;
        }
    }
}

/// What a match's panel says while a match refereed on another machine waits for a player
/// this window does not seat ("Waiting for Ana to decide…", "the host's AI is thinking…");
/// `None` when this window decides, or the match is refereed here.
pub fn waiting_line<G: AppGame>(
    referee: &super::referee::Referee<G>,
    net: Option<&NetWindow>,
) -> Option<Tr> {
    if !referee.waits_for_another_machine() {
        return None;
    }
    let index = referee.seat_index_to_move()?;
    let ai = net
        .and_then(|net| net.who.get(index))
        .is_some_and(|view| view.who.is_ai());
    let who = net
        .and_then(|net| net.seat_word(index))
        .unwrap_or(Tr::new("net-another-player"));
    Some(
        Tr::new(if ai {
            "net-thinking"
        } else {
            "net-waiting-for"
        })
        .words("who", who),
    )
}

/// Who plays seat `index` for a match's panel: the network's word for it ([`NetWindow::
/// seat_word`]) in a network match, else `seat`'s title (Human, AI).
pub fn seat_title(
    net: Option<&NetWindow>,
    index: usize,
    seat: crate::rules::Seat,
    language: crate::app::language::ChosenLanguage,
) -> String {
    let words = net.and_then(|net| net.seat_word(index)).unwrap_or_else(|| {
        Tr::new(match seat {
            crate::rules::Seat::Human => "seat-human",
            crate::rules::Seat::Ai => "seat-ai",
        })
    });
    language.word(&words)
}

/// Why joining a host failed, in words; what the system said is passed on as it said it.
pub fn guest_words(error: &GuestError) -> Tr {
    match error {
        GuestError::Channel(channel) => channel_words(channel),
        GuestError::TurnedAway(reason) => {
            Tr::new("join-not-welcomed").words("reason", stopped_words(reason))
        }
        GuestError::NotWelcomed => Tr::new("join-no-welcome"),
        GuestError::NoRandomSeed(e) => Tr::new("join-no-random-seed").text("detail", e.to_string()),
    }
}

/// Why this window cannot host a match, in words; what the system said is passed on as it
/// said it.
pub fn host_words(error: &HostError) -> Tr {
    use std::io::ErrorKind;
    match error {
        HostError::NoGuestSeat => Tr::new("host-no-guest-seat"),
        HostError::Listen(ListenError::Bind { address, error }) => {
            let why = match error.kind() {
                ErrorKind::AddrInUse => Tr::new("host-address-in-use"),
                ErrorKind::AddrNotAvailable => Tr::new("host-address-not-here"),
                ErrorKind::PermissionDenied => Tr::new("host-address-forbidden"),
                _ => io_words(error),
            };
            Tr::new("host-cannot-listen")
                .text("address", address.to_string())
                .words("reason", why)
        }
        HostError::Listen(ListenError::Keys(e)) => {
            Tr::new("host-no-random").text("detail", e.to_string())
        }
        HostError::Listen(ListenError::Random(e)) | HostError::Random(e) => {
            Tr::new("host-no-random").text("detail", e.to_string())
        }
        HostError::ResumeWithoutSeeds => Tr::new("host-resume-without-seeds"),
        HostError::Resume(e) => record_words(e),
        HostError::OwnJoin(e) => Tr::new("host-own-join").words("reason", guest_words(e)),
    }
}

/// Why a connection to the host failed, in words; what the system said is passed on as it
/// said it.
pub fn channel_words(error: &ChannelError) -> Tr {
    use std::io::ErrorKind;
    match error {
        ChannelError::Io(e) => match e.kind() {
            ErrorKind::ConnectionRefused => Tr::new("join-refused"),
            ErrorKind::TimedOut | ErrorKind::WouldBlock => Tr::new("join-no-answer"),
            ErrorKind::HostUnreachable | ErrorKind::NetworkUnreachable => {
                Tr::new("join-unreachable")
            }
            ErrorKind::UnexpectedEof
            | ErrorKind::ConnectionReset
            | ErrorKind::ConnectionAborted => Tr::new("join-closed"),
            _ => io_words(e),
        },
        ChannelError::Timeout => Tr::new("join-handshake-timeout"),
        ChannelError::Handshake(_) => Tr::new("join-handshake-failed"),
        ChannelError::Tampered
        | ChannelError::Malformed(_)
        | ChannelError::TooLarge(_)
        | ChannelError::Cipher(_)
        | ChannelError::Poisoned => Tr::new("join-garbled"),
        ChannelError::Closed => Tr::new("join-closed"),
    }
}

/// Why the host's match cannot be followed, in words.
pub fn mirror_words<G: AppGame>(error: &MirrorError<G>) -> Tr {
    match error {
        MirrorError::Record(e) => record_words(&G::any_record_error(e.clone())),
        MirrorError::UnfairDice(_) | MirrorError::CommitLeftOut => Tr::new("join-unfair-dice"),
        MirrorError::Follow(e) => follow_words::<G>(e),
        MirrorError::Unreadable(_)
        | MirrorError::NotAStart
        | MirrorError::NotStarted
        | MirrorError::TakenBackPast { .. } => Tr::new("join-host-broke-rules"),
    }
}

/// Why the host refused this window's message, in words (a decision the rules refuse is worded
/// from this window's copy of the match, [`Referee::why_refused`], when it can be).
pub fn refused_words(refused: &Refused) -> Tr {
    match refused {
        Refused::NoSeat => Tr::new("net-refused-no-seat"),
        Refused::NotPlaying => Tr::new("net-refused-not-playing"),
        Refused::NotYourTurn => Tr::new("net-refused-not-your-turn"),
        Refused::Rules(text) => Tr::new("net-refused-rules").text("action", text.clone()),
        Refused::Unexpected => Tr::new("net-refused-unexpected"),
        Refused::NobodyAsksUndo => Tr::new("net-refused-nobody-asks"),
        Refused::NoMoveToTakeBack => Tr::new("net-refused-no-move"),
        Refused::UndoWaiting => Tr::new("net-refused-undo-waiting"),
    }
}

/// Why moves were not taken back, in words.
pub fn undo_declined_words(declined: &UndoDeclined) -> Tr {
    match declined {
        UndoDeclined::SaysNo(who) => Tr::new("net-undo-says-no").words("who", holder_words(who)),
        UndoDeclined::Left(who) => Tr::new("net-undo-left").words("who", holder_words(who)),
        UndoDeclined::WentOn => Tr::new("net-undo-went-on"),
    }
}

/// Why the host ended the connection, in words.
pub fn stopped_words(stopped: &Stopped) -> Tr {
    match stopped {
        Stopped::MatchOver => Tr::new("net-stop-match-over"),
        Stopped::HostLeft => Tr::new("net-stop-host-left"),
        Stopped::HostCouldNotJoin => Tr::new("net-stop-host-could-not-join"),
        Stopped::CannotStart => Tr::new("net-stop-cannot-start"),
        Stopped::SeatsTaken => Tr::new("net-stop-seats-taken"),
        Stopped::NoCommitment => Tr::new("net-stop-no-commitment"),
        Stopped::SeedNotHex => Tr::new("net-stop-seed-not-hex"),
        Stopped::SeedNotCommitted => Tr::new("net-stop-seed-not-committed"),
        Stopped::GuestLeft => Tr::new("net-stop-guest-left"),
        Stopped::Flood(limit) => Tr::new("net-stop-flood").number("limit", *limit),
        Stopped::Garbled => Tr::new("net-stop-garbled"),
    }
}

/// Who plays a seat, as the host says it, in words (a guest by the name it gave).
pub fn holder_words(holder: &SeatHolder) -> Tr {
    match holder {
        SeatHolder::Host => Tr::new("net-host"),
        SeatHolder::HostAi => Tr::new("net-host-ai"),
        SeatHolder::Guest(name) => Tr::new("list-one").text("item", name.clone()),
        SeatHolder::GuestByAi(name) => Tr::new("net-guest-by-ai").text("name", name.clone()),
        SeatHolder::Free => Tr::new("net-free"),
    }
}
