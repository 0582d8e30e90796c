//! The host's side: a [`Listener`] accepts connections, completes each handshake in a thread
//! of its own and turns everything that happens on them into [`HostEvent`]s; a [`HostMatch`]
//! referees the match from those events: it seats guests, gathers the fair dice's seeds,
//! applies each guest's decision through the runner (its seat checked first), and sends every
//! record entry to everyone. Nothing a peer sends is trusted: a decision for another seat, out
//! of turn or illegal is refused with its reason; a message that cannot be understood closes
//! that connection; the match goes on either way.

use std::collections::HashMap;
use std::net::{IpAddr, SocketAddr, TcpListener, UdpSocket};
use std::sync::atomic::{AtomicBool, AtomicU64, AtomicUsize, Ordering};
use std::sync::{Arc, Mutex, mpsc};
use std::thread;
use std::time::{Duration, Instant};

use super::channel::{self, HostKeys, Receiver, Sender};
use super::invitation::{Invitation, Role, Secret};
use super::wire::{
    HostNotice, Refused, SeatHolder, SeatView, Stopped, ToGuest, ToHost, UndoDeclined, clean_name,
};
use crate::ai::{Deadline, SearchReport};
use crate::fair_dice::{self, FairDice, SEED_BYTES};
use crate::record::{Entry, Record};
use crate::replay::{AnyRecordError, RecordError};
use crate::rules::{GameKind, Seat};
use crate::runner::{Applied, MatchRunner, Refusal, Rolled};
use crate::setup::{CaveMatch, Match, PatolliMatch, PenguinsMatch};

/// How many wrong handshakes one address may make in [`FAILURE_WINDOW`] before its next
/// connections are closed unheard until the window has passed.
pub const MAX_FAILURES: usize = 5;
/// The window [`MAX_FAILURES`] counts in.
pub const FAILURE_WINDOW: Duration = Duration::from_secs(60);
/// How many handshakes may be under way at once; more connections wait for none.
pub const MAX_HANDSHAKES: usize = 16;
/// How many messages a second a peer may send; more close its connection (a guest whose AI
/// plays at a budget of a hundredth of a second sends about a hundred).
pub const MAX_MESSAGES_PER_SECOND: u32 = 500;
/// The TCP port a host listens on unless told otherwise.
pub const DEFAULT_PORT: u16 = 4077;
/// How long a guest may be away before the host may hand its seat to the AI, by default.
pub const AWAY_AI_AFTER: Duration = Duration::from_secs(300);

/// A connection, numbered by the host in the order they came.
pub type PeerId = u64;

/// Something that happened on the host's connections (or its own console).
#[derive(Debug)]
pub enum HostEvent {
    /// A peer completed its handshake with the secret of `role`.
    Joined {
        /// The connection.
        peer: PeerId,
        /// What its secret lets it do.
        role: Role,
        /// Where to send it messages.
        sender: Sender,
    },
    /// A peer sent a message.
    Message {
        /// The connection.
        peer: PeerId,
        /// What it said.
        message: ToHost,
    },
    /// A peer's connection ended; `fault` when it sent something wrong (and was closed).
    Gone {
        /// The connection.
        peer: PeerId,
        /// Why.
        reason: String,
        /// Whether it was the peer's fault.
        fault: bool,
    },
    /// A connection was refused before its handshake completed.
    Refused {
        /// Its address.
        address: String,
        /// Why.
        reason: String,
    },
    /// A line typed at the host's console.
    Line(String),
    /// The host's console input ended.
    InputEnded,
    /// The host stops hosting (its window's *Cancel*, or the window closing), for this reason:
    /// every guest is told and the match is over.
    Stop(Stopped),
}

/// Where to listen and what address to put in invitations.
#[derive(Debug, Clone)]
pub struct ListenOptions {
    /// The address to listen on (`0.0.0.0:4077` takes connections from every network).
    pub bind: SocketAddr,
    /// The address guests connect to, in the invitations (`host:port`); by default the
    /// machine's address on its local network and the port listened on.
    pub advertise: Option<String>,
}

/// A host listening for guests: its two invitations and the events of its connections.
#[derive(Debug)]
pub struct Listener {
    /// The invitation that seats a guest.
    pub play: Invitation,
    /// The invitation that only lets a person watch.
    pub watch: Invitation,
    /// The address it listens on.
    pub address: SocketAddr,
    events: mpsc::Receiver<HostEvent>,
    to_events: mpsc::Sender<HostEvent>,
    stop: Arc<AtomicBool>,
}

impl Drop for Listener {
    /// Stops listening: the port closes (within [`ACCEPT_POLL`]) and no connection is taken.
    fn drop(&mut self) {
        self.stop.store(true, Ordering::SeqCst);
    }
}

/// How often the accepting thread looks for a new connection and for its listener's end.
pub const ACCEPT_POLL: Duration = Duration::from_millis(50);

/// Why a host cannot listen.
#[derive(Debug, thiserror::Error)]
pub enum ListenError {
    /// The address cannot be listened on.
    #[error("cannot listen on {address}: {error}")]
    Bind {
        /// The address.
        address: SocketAddr,
        /// Why.
        error: std::io::Error,
    },
    /// No key could be made.
    #[error("no keys: {0}")]
    Keys(super::channel::ChannelError),
    /// No invitation's secret could be made (no random source).
    #[error("no random source: {0}")]
    Random(getrandom::Error),
}

/// Why a match cannot be hosted.
#[derive(Debug, thiserror::Error)]
pub enum HostError {
    /// Every seat is played at the host: nobody could join.
    #[error("no seat is a guest's: make at least one seat Guest")]
    NoGuestSeat,
    /// The host cannot listen.
    #[error(transparent)]
    Listen(#[from] ListenError),
    /// A Patolli record under way whose dice are not the players' seeds'.
    #[error("its dice do not come from the players' seeds: start a new match instead")]
    ResumeWithoutSeeds,
    /// The record to host again does not replay (boxed: a record's errors are large).
    #[error("the record does not replay: {0}")]
    Resume(Box<AnyRecordError>),
    /// No random source for the host's seed.
    #[error("no random source: {0}")]
    Random(getrandom::Error),
    /// The host's window could not join its own match.
    #[error("the host could not join its own match: {0}")]
    OwnJoin(#[from] super::guest::GuestError),
}

impl Listener {
    /// The next event, waiting at most `timeout`.
    pub fn next_event(&self, timeout: Duration) -> Option<HostEvent> {
        self.events.recv_timeout(timeout).ok()
    }

    /// A sender of events, for the host's own input ([`HostEvent::Line`]).
    pub fn events(&self) -> mpsc::Sender<HostEvent> {
        self.to_events.clone()
    }
}

/// Listens as `options` say and accepts connections in the background.
///
/// # Errors
/// [`ListenError`].
pub fn listen(options: &ListenOptions) -> Result<Listener, ListenError> {
    let listener = TcpListener::bind(options.bind).map_err(|error| ListenError::Bind {
        address: options.bind,
        error,
    })?;
    let address = listener.local_addr().map_err(|error| ListenError::Bind {
        address: options.bind,
        error,
    })?;
    let keys = Arc::new(HostKeys::generate().map_err(ListenError::Keys)?);
    let secret = || Secret::random().map_err(ListenError::Random);
    let (play, watch) = (secret()?, secret()?);
    let advertised = match &options.advertise {
        Some(given) if has_port(given) => given.clone(),
        Some(host) => format!("{host}:{}", address.port()),
        None => advertised_address(address),
    };
    let public = keys.public();
    let invitation = |role, secret| Invitation {
        role,
        address: advertised.clone(),
        key: public,
        secret,
    };
    listener
        .set_nonblocking(true)
        .map_err(|error| ListenError::Bind {
            address: options.bind,
            error,
        })?;
    let (to_events, events) = mpsc::channel();
    let stop = Arc::new(AtomicBool::new(false));
    let accepting = Accepting {
        stop: Arc::clone(&stop),
        keys,
        play,
        watch,
        failures: Arc::new(Mutex::new(HashMap::new())),
        handshakes: Arc::new(AtomicUsize::new(0)),
        next_peer: Arc::new(AtomicU64::new(1)),
        events: to_events.clone(),
    };
    thread::spawn(move || accepting.run(listener));
    Ok(Listener {
        play: invitation(Role::Play, play),
        watch: invitation(Role::Watch, watch),
        address,
        events,
        to_events,
        stop,
    })
}

/// Whether `address` ends in a port (`host:4077`, `[::1]:4077`, not `::1` or `host`).
fn has_port(address: &str) -> bool {
    match address.rsplit_once(':') {
        Some((host, port)) => {
            port.parse::<u16>().is_ok() && (!host.contains(':') || host.ends_with(']'))
        }
        None => false,
    }
}

/// The address to advertise for a listener on `bound`: the port it got, and the machine's
/// address on the network it would reach others through (no packet is sent to find it), or
/// the loopback address when it has none.
fn advertised_address(bound: SocketAddr) -> String {
    let ip = if !bound.ip().is_unspecified() {
        bound.ip()
    } else {
        UdpSocket::bind("0.0.0.0:0")
            .and_then(|socket| {
                socket.connect("192.0.2.1:9")?;
                socket.local_addr()
            })
            .map(|local| local.ip())
            .ok()
            .filter(|ip| !ip.is_unspecified())
            .unwrap_or(IpAddr::from([127, 0, 0, 1]))
    };
    SocketAddr::new(ip, bound.port()).to_string()
}

/// What the accepting thread shares with the handshakes it starts.
struct Accepting {
    stop: Arc<AtomicBool>,
    keys: Arc<HostKeys>,
    play: Secret,
    watch: Secret,
    failures: Arc<Mutex<HashMap<IpAddr, Vec<Instant>>>>,
    handshakes: Arc<AtomicUsize>,
    next_peer: Arc<AtomicU64>,
    events: mpsc::Sender<HostEvent>,
}

impl Accepting {
    /// Accepts connections until the [`Listener`] is dropped or its events are no longer
    /// read.
    fn run(self, listener: TcpListener) {
        let shared = Arc::new(self);
        while !shared.stop.load(Ordering::SeqCst) {
            let stream = match listener.accept() {
                Ok((stream, _)) => stream,
                Err(e) if e.kind() == std::io::ErrorKind::WouldBlock => {
                    thread::sleep(ACCEPT_POLL);
                    continue;
                }
                Err(_) => {
                    thread::sleep(ACCEPT_POLL);
                    continue;
                }
            };
            if stream.set_nonblocking(false).is_err() {
                continue;
            }
            let address = stream
                .peer_addr()
                .map(|a| a.ip())
                .unwrap_or(IpAddr::from([0, 0, 0, 0]));
            let refuse = |reason: String| {
                let _ = stream.shutdown(std::net::Shutdown::Both);
                shared
                    .events
                    .send(HostEvent::Refused {
                        address: address.to_string(),
                        reason,
                    })
                    .is_err()
            };
            if shared.recent_failures(address) >= MAX_FAILURES {
                let reason = format!(
                    "{MAX_FAILURES} wrong handshakes from this address in the last {} s: closed unheard",
                    FAILURE_WINDOW.as_secs()
                );
                if refuse(reason) {
                    return;
                }
                continue;
            }
            if shared.handshakes.fetch_add(1, Ordering::SeqCst) >= MAX_HANDSHAKES {
                shared.handshakes.fetch_sub(1, Ordering::SeqCst);
                if refuse(format!("{MAX_HANDSHAKES} handshakes are under way already")) {
                    return;
                }
                continue;
            }
            let shared = Arc::clone(&shared);
            thread::spawn(move || {
                let done = channel::accept(stream, &shared.keys, &shared.play, &shared.watch);
                shared.handshakes.fetch_sub(1, Ordering::SeqCst);
                match done {
                    Ok((role, sender, receiver)) => {
                        let peer = shared.next_peer.fetch_add(1, Ordering::SeqCst);
                        let joined = HostEvent::Joined {
                            peer,
                            role,
                            sender: sender.clone(),
                        };
                        if shared.events.send(joined).is_ok() {
                            read_peer(peer, &sender, receiver, &shared.events);
                        }
                    }
                    Err(e) => {
                        if let Ok(mut failures) = shared.failures.lock() {
                            failures.entry(address).or_default().push(Instant::now());
                        }
                        let _ = shared.events.send(HostEvent::Refused {
                            address: address.to_string(),
                            reason: e.to_string(),
                        });
                    }
                }
            });
        }
    }

    /// How many handshakes from `address` failed within the window.
    fn recent_failures(&self, address: IpAddr) -> usize {
        let Ok(mut failures) = self.failures.lock() else {
            return 0;
        };
        let times = failures.entry(address).or_default();
        times.retain(|at| at.elapsed() < FAILURE_WINDOW);
        times.len()
    }
}

/// Reads `peer`'s messages into `events` until its connection ends, closing it when it sends
/// something that is no message or floods.
fn read_peer(
    peer: PeerId,
    sender: &Sender,
    mut receiver: Receiver,
    events: &mpsc::Sender<HostEvent>,
) {
    let mut second = Instant::now();
    let mut in_second = 0;
    loop {
        let gone = match receiver.recv::<ToHost>() {
            Ok(message) => {
                if second.elapsed() >= Duration::from_secs(1) {
                    second = Instant::now();
                    in_second = 0;
                }
                in_second += 1;
                if in_second > MAX_MESSAGES_PER_SECOND {
                    Some((
                        format!("it sent more than {MAX_MESSAGES_PER_SECOND} messages in a second"),
                        Some(Stopped::Flood(MAX_MESSAGES_PER_SECOND)),
                    ))
                } else if events.send(HostEvent::Message { peer, message }).is_err() {
                    return;
                } else {
                    None
                }
            }
            Err(e) => Some((
                e.to_string(),
                (!e.is_disconnect()).then_some(Stopped::Garbled),
            )),
        };
        if let Some((reason, fault)) = gone {
            if let Some(why) = &fault {
                let _ = sender.send(&ToGuest::Stopped(why.clone()));
            }
            let fault = fault.is_some();
            sender.close();
            let _ = events.send(HostEvent::Gone {
                peer,
                reason,
                fault,
            });
            return;
        }
    }
}

/// Who plays a seat of a network match, as the host is told.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Chair {
    /// Played at the host: by a human at its keyboard or by its AI.
    Here(Seat),
    /// Played by a guest that joins with the play invitation.
    Guest,
}

impl std::str::FromStr for Chair {
    type Err = crate::rules::ParseError;

    fn from_str(text: &str) -> Result<Chair, Self::Err> {
        if text.eq_ignore_ascii_case("guest") {
            Ok(Chair::Guest)
        } else {
            text.parse().map(Chair::Here)
        }
    }
}

/// A guest seat as the match goes.
#[derive(Debug, Clone)]
struct GuestSeat {
    /// Who plays it now.
    peer: Option<PeerId>,
    /// Its guest's name (kept while away).
    name: Option<String>,
    /// Since when it has had no guest (after it had one).
    away_since: Option<Instant>,
    /// The host's AI plays it (its guest was away too long).
    by_ai: bool,
}

/// A connection the host knows.
#[derive(Debug)]
struct Peer {
    sender: Sender,
    role: Role,
    name: String,
    hello: bool,
    commit: Option<String>,
    reveal: Option<[u8; SEED_BYTES]>,
}

/// Where the match is.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Phase {
    /// Waiting for every guest seat to be taken.
    Lobby,
    /// The commitments are sent; waiting for every player's seed.
    Reveals,
    /// Being played.
    Playing,
    /// Over or stopped.
    Over,
}

/// What a front end is told of the match (it says it to its player in its own way).
#[derive(Debug, Clone)]
pub enum Happened<G: Match> {
    /// A note for the host's log: who joined, who left, who was refused and why.
    Note(String),
    /// The match started: every guest seat is taken and the dice are settled.
    Started,
    /// A roll.
    Rolled(Rolled<G::Player>),
    /// A decision applied; with the AI's report when the host's AI took it.
    Applied(Applied<G>, Option<SearchReport<G::Action>>),
    /// Moves were taken back, every player agreeing.
    Undone,
}

/// Why a match cannot be hosted again from its record.
#[derive(Debug, thiserror::Error)]
pub enum HostResumeError<G: Match> {
    /// The record makes no match, or does not replay.
    #[error("the record does not replay: {0}")]
    Record(RecordError<G>),
    /// No random source for the host's seed.
    #[error("no random source: {0}")]
    Random(getrandom::Error),
}

/// The host's referee of a network match: see the module's documentation.
#[derive(Debug)]
pub struct HostMatch<G: Match> {
    runner: MatchRunner<G>,
    chairs: Vec<Chair>,
    guests: HashMap<usize, GuestSeat>,
    peers: HashMap<PeerId, Peer>,
    seed: [u8; SEED_BYTES],
    commits: Vec<String>,
    phase: Phase,
    away_ai_after: Duration,
    entries_sent: usize,
    undo: Option<UndoAsk>,
}

/// Who answers a request to take back moves.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Voter {
    /// The human at the host's keyboard.
    Host,
    /// A guest.
    Peer(PeerId),
}

/// A request to take back moves, waiting for the other players' answers.
#[derive(Debug, Clone)]
struct UndoAsk {
    /// Who asked.
    voter: Voter,
    /// Who asked, as the others read it.
    by: String,
    /// Who has not answered yet.
    waiting: Vec<Voter>,
}

impl<G: Match> HostMatch<G> {
    /// A match of `setup` whose seats are played as `chairs` say (a guest's chair has a
    /// human seat in `setup`: guests decide through [`Seat::Human`]). A guest away for
    /// `away_ai_after` has its seat played by the host's AI until it comes back.
    ///
    /// # Errors
    /// When the system has no random source for the host's seed.
    pub fn new(
        setup: G::Setup,
        chairs: Vec<Chair>,
        away_ai_after: Duration,
    ) -> Result<HostMatch<G>, getrandom::Error> {
        let guests = chairs
            .iter()
            .enumerate()
            .filter(|(_, chair)| **chair == Chair::Guest)
            .map(|(seat, _)| {
                (
                    seat,
                    GuestSeat {
                        peer: None,
                        name: None,
                        away_since: None,
                        by_ai: false,
                    },
                )
            })
            .collect();
        Ok(HostMatch {
            runner: MatchRunner::new(setup),
            chairs,
            guests,
            peers: HashMap::new(),
            seed: fair_dice::random_seed()?,
            commits: Vec::new(),
            phase: Phase::Lobby,
            away_ai_after,
            entries_sent: 0,
            undo: None,
        })
    }

    /// A match going on where `record` stands (a host that stopped hosts it again), its seats
    /// played as `chairs` say. Its dice go on from the players' seeds it keeps.
    ///
    /// # Errors
    /// [`HostResumeError`]: the record does not replay, no random source.
    pub fn resume(
        record: Record,
        chairs: Vec<Chair>,
        away_ai_after: Duration,
    ) -> Result<HostMatch<G>, HostResumeError<G>> {
        let setup = G::setup_from_record(&record)
            .map_err(|e| HostResumeError::Record(RecordError::Setup(e)))?;
        let runner = MatchRunner::resume(setup.clone(), record)
            .map_err(|e| HostResumeError::Record(RecordError::Replay(e)))?;
        let mut host =
            HostMatch::new(setup, chairs, away_ai_after).map_err(HostResumeError::Random)?;
        host.runner = runner;
        Ok(host)
    }

    /// Who plays each seat.
    pub fn chairs(&self) -> &[Chair] {
        &self.chairs
    }

    /// The match's runner (its position and record).
    pub fn runner(&self) -> &MatchRunner<G> {
        &self.runner
    }

    /// Whether the match has started (every guest seat taken, the dice settled).
    pub fn started(&self) -> bool {
        matches!(self.phase, Phase::Playing | Phase::Over)
    }

    /// Whether the match is over (or stopped).
    pub fn over(&self) -> bool {
        self.phase == Phase::Over || self.runner.state().outcome().is_some()
    }

    /// Whether the human at the host's keyboard is to decide now.
    pub fn host_to_decide(&self) -> bool {
        self.phase == Phase::Playing
            && self.runner.to_decide(Seat::Human)
            && self
                .seat_to_move()
                .is_some_and(|seat| self.chairs.get(seat) == Some(&Chair::Here(Seat::Human)))
    }

    /// The index of the seat to move, if a decision is due.
    fn seat_to_move(&self) -> Option<usize> {
        if self.runner.state().roll_due().is_some() {
            return None;
        }
        self.runner.state().to_move().map(G::seat_index)
    }

    /// What every screen shows of who sits where.
    pub fn seat_views(&self) -> Vec<SeatView> {
        self.chairs
            .iter()
            .enumerate()
            .map(|(seat, chair)| match (chair, self.guests.get(&seat)) {
                (Chair::Guest, Some(guest)) => SeatView {
                    who: match (&guest.name, guest.by_ai) {
                        (Some(name), true) => SeatHolder::GuestByAi(name.clone()),
                        (Some(name), false) => SeatHolder::Guest(name.clone()),
                        (None, _) => SeatHolder::Free,
                    },
                    away: guest.away_since.is_some(),
                },
                (Chair::Here(Seat::Ai), _) => SeatView {
                    who: SeatHolder::HostAi,
                    away: false,
                },
                _ => SeatView {
                    who: SeatHolder::Host,
                    away: false,
                },
            })
            .collect()
    }

    /// Handles one event of the host's connections.
    pub fn handle(&mut self, event: HostEvent) -> Vec<Happened<G>> {
        let mut happened = Vec::new();
        match event {
            HostEvent::Joined { peer, role, sender } => {
                let name = format!("guest {peer}");
                self.peers.insert(
                    peer,
                    Peer {
                        sender,
                        role,
                        name,
                        hello: false,
                        commit: None,
                        reveal: None,
                    },
                );
            }
            HostEvent::Message { peer, message } => self.message(peer, message, &mut happened),
            HostEvent::Gone {
                peer,
                reason,
                fault,
            } => self.gone(peer, &reason, fault, &mut happened),
            HostEvent::Refused { address, reason } => {
                happened.push(Happened::Note(format!("Refused {address}: {reason}.")));
            }
            HostEvent::Stop(reason) => self.stop(reason),
            HostEvent::Line(_) | HostEvent::InputEnded => {}
        }
        self.settle(&mut happened);
        happened
    }

    /// A message from `peer`.
    fn message(&mut self, peer: PeerId, message: ToHost, happened: &mut Vec<Happened<G>>) {
        let Some(known) = self.peers.get_mut(&peer) else {
            return;
        };
        match message {
            ToHost::Hello {
                name,
                commit,
                seats,
            } if !known.hello => {
                known.hello = true;
                known.name = clean_name(&name);
                known.commit = commit.filter(|c| c.len() == 64 && c.is_ascii());
                self.seat_peer(peer, &seats, happened);
            }
            ToHost::Reveal(text) if self.phase == Phase::Reveals && known.reveal.is_none() => {
                known.reveal = fair_dice::parse_seed(&text);
                if known.reveal.is_none() {
                    let name = known.name.clone();
                    self.drop_peer(peer, Stopped::SeedNotHex, happened);
                    happened.push(Happened::Note(format!("{name} sent no seed.")));
                }
            }
            ToHost::Decide(text) => self.decide(peer, &text, happened),
            ToHost::AskUndo => self.ask_undo(Voter::Peer(peer), happened),
            ToHost::AnswerUndo(yes) => self.answer_undo(Voter::Peer(peer), yes, happened),
            ToHost::Bye => {
                let name = known.name.clone();
                self.drop_peer(peer, Stopped::GuestLeft, happened);
                happened.push(Happened::Note(format!("{name} left.")));
            }
            other => {
                let said = format!("{other:?} is not expected now");
                self.refuse_saying(peer, Refused::Unexpected, &said, happened);
            }
        }
    }

    /// Seats `peer` after its hello: a player takes the seats it `asked` for that are free,
    /// else the first free guest seat (one whose guest is away first, so a guest that comes
    /// back finds its match); a watcher watches.
    fn seat_peer(&mut self, peer: PeerId, asked: &[usize], happened: &mut Vec<Happened<G>>) {
        let Some(known) = self.peers.get(&peer) else {
            return;
        };
        let name = known.name.clone();
        let seats = if known.role == Role::Play {
            let free = self
                .guests
                .iter()
                .filter(|(_, guest)| guest.peer.is_none())
                .map(|(seat, guest)| (!asked.contains(seat), guest.away_since.is_none(), *seat))
                .min()
                .map(|(_, away, seat)| (away, seat));
            let Some((_, first)) = free else {
                self.drop_peer(peer, Stopped::SeatsTaken, happened);
                happened.push(Happened::Note(format!(
                    "{name} was turned away: every guest seat is taken."
                )));
                return;
            };
            if self.phase == Phase::Lobby
                && G::KIND == GameKind::Patolli
                && self.runner.record().dice.is_none()
                && known.commit.is_none()
            {
                self.drop_peer(peer, Stopped::NoCommitment, happened);
                return;
            }
            let mut seats: Vec<usize> = asked
                .iter()
                .copied()
                .filter(|seat| self.guests.get(seat).is_some_and(|g| g.peer.is_none()))
                .collect();
            seats.sort_unstable();
            seats.dedup();
            if seats.is_empty() {
                seats.push(first);
            }
            for &seat in &seats {
                if let Some(guest) = self.guests.get_mut(&seat) {
                    let back = guest.away_since.is_some();
                    guest.peer = Some(peer);
                    guest.name = Some(name.clone());
                    guest.away_since = None;
                    guest.by_ai = false;
                    happened.push(Happened::Note(if back {
                        format!("{name} takes seat {} again.", seat + 1)
                    } else {
                        format!("{name} joined and plays seat {}.", seat + 1)
                    }));
                }
            }
            seats
        } else {
            happened.push(Happened::Note(format!("{name} watches.")));
            Vec::new()
        };
        self.send(
            peer,
            &ToGuest::Welcome {
                game: G::KIND,
                seats,
            },
        );
        if self.started() {
            self.send_match(peer);
        }
        self.broadcast(&ToGuest::Seats(self.seat_views()));
    }

    /// Sends `peer` the match so far: its start and every entry.
    fn send_match(&mut self, peer: PeerId) {
        let record = self.runner.record();
        let start = Record {
            moves: Vec::new(),
            result: None,
            ..record.clone()
        };
        let entries = record.moves.clone();
        self.send(peer, &ToGuest::Start(start.to_ron()));
        for entry in entries {
            self.send(peer, &ToGuest::Entry(entry));
        }
    }

    /// A decision `text` from `peer`: for its own seat, in turn, legal, or refused.
    fn decide(&mut self, peer: PeerId, text: &str, happened: &mut Vec<Happened<G>>) {
        let seats = self.seats_of(Voter::Peer(peer));
        if seats.is_empty() {
            self.refuse(peer, Refused::NoSeat, happened);
            return;
        }
        if self.phase != Phase::Playing {
            self.refuse(peer, Refused::NotPlaying, happened);
            return;
        }
        if !self
            .seat_to_move()
            .is_some_and(|seat| seats.contains(&seat))
        {
            self.refuse(peer, Refused::NotYourTurn, happened);
            return;
        }
        let action = match G::parse_action(text) {
            Ok(action) => action,
            Err(e) => {
                let said = format!("{text}: {e}");
                self.refuse_saying(peer, Refused::Rules(text.to_string()), &said, happened);
                return;
            }
        };
        match self.runner.apply(action, Seat::Human) {
            Ok(applied) => {
                happened.push(Happened::Applied(applied, None));
                self.send_entries();
            }
            Err(refusal) => {
                let said = format!("{text}: {refusal}");
                let refused = match refusal {
                    Refusal::NotYourTurn { .. } => Refused::NotYourTurn,
                    Refusal::Illegal(_) => Refused::Rules(text.to_string()),
                    Refusal::NothingToUndo | Refusal::Replaying | Refusal::GameOver => {
                        Refused::NotPlaying
                    }
                };
                self.refuse_saying(peer, refused, &said, happened);
            }
        }
    }

    /// Who `voter` is, as every screen words a seat's player.
    fn voter_holder(&self, voter: Voter) -> SeatHolder {
        match voter {
            Voter::Host => SeatHolder::Host,
            Voter::Peer(_) => SeatHolder::Guest(self.voter_name(voter)),
        }
    }

    /// The name of `voter`, as the host's log reads it.
    fn voter_name(&self, voter: Voter) -> String {
        match voter {
            Voter::Host => "the host".into(),
            Voter::Peer(peer) => self
                .peers
                .get(&peer)
                .map(|p| p.name.clone())
                .unwrap_or_default(),
        }
    }

    /// The seats `voter` plays.
    fn seats_of(&self, voter: Voter) -> Vec<usize> {
        match voter {
            Voter::Host => (0..self.chairs.len())
                .filter(|&seat| self.chairs[seat] == Chair::Here(Seat::Human))
                .collect(),
            Voter::Peer(peer) => self
                .guests
                .iter()
                .filter(|(_, guest)| guest.peer == Some(peer))
                .map(|(seat, _)| *seat)
                .collect(),
        }
    }

    /// How many calls of the runner's undo take back `voter`'s last decision: one for each
    /// human decision from it to the last (each call also takes back the AI's after it).
    fn undos_for(&self, voter: Voter) -> Option<usize> {
        let seats = self.seats_of(voter);
        let humans: Vec<usize> = self
            .runner
            .deciders()
            .into_iter()
            .filter(|&player| self.runner.seat(player) == Seat::Human)
            .map(G::seat_index)
            .collect();
        let last = humans.iter().rposition(|seat| seats.contains(seat))?;
        Some(humans.len() - last)
    }

    /// The players who answer a request of `by` to take back moves: every other person
    /// playing (the host's human seats, every guest seated), not the AI.
    fn voters(&self, by: Voter) -> Vec<Voter> {
        let mut voters: Vec<Voter> = self
            .guests
            .values()
            .filter_map(|guest| guest.peer.map(Voter::Peer))
            .collect();
        if self.chairs.contains(&Chair::Here(Seat::Human)) {
            voters.push(Voter::Host);
        }
        voters.sort_by_key(|voter| match voter {
            Voter::Host => 0,
            Voter::Peer(peer) => *peer,
        });
        voters.dedup();
        voters.retain(|voter| *voter != by);
        voters
    }

    /// `by` asks to take back moves: the other players are asked, and the moves go back once
    /// they all agree (at once when nobody else plays).
    pub fn ask_undo(&mut self, by: Voter, happened: &mut Vec<Happened<G>>) {
        let refuse =
            |host: &mut HostMatch<G>, reason: Refused, happened: &mut Vec<Happened<G>>| match by {
                Voter::Peer(peer) => host.refuse(peer, reason, happened),
                Voter::Host => happened.push(Happened::Note(format!("Cannot undo: {reason}."))),
            };
        if let Voter::Peer(peer) = by
            && !self.guests.values().any(|guest| guest.peer == Some(peer))
        {
            return refuse(self, Refused::NoSeat, happened);
        }
        if self.phase != Phase::Playing || self.undos_for(by).is_none() {
            return refuse(self, Refused::NoMoveToTakeBack, happened);
        }
        if self.undo.is_some() {
            return refuse(self, Refused::UndoWaiting, happened);
        }
        let name = self.voter_name(by);
        let waiting = self.voters(by);
        happened.push(Happened::Note(format!("{name} asks to take back moves.")));
        if waiting.is_empty() {
            self.take_back(by, happened);
            return;
        }
        for voter in &waiting {
            if let Voter::Peer(peer) = voter {
                self.send(*peer, &ToGuest::UndoAsked(self.voter_holder(by)));
            }
        }
        self.undo = Some(UndoAsk {
            voter: by,
            by: name,
            waiting,
        });
    }

    /// Whether the human at the host's keyboard is to answer a request to take back moves.
    pub fn host_to_answer(&self) -> Option<&str> {
        self.undo
            .as_ref()
            .filter(|ask| ask.waiting.contains(&Voter::Host))
            .map(|ask| ask.by.as_str())
    }

    /// `voter`'s answer to the request waiting.
    pub fn answer_undo(&mut self, voter: Voter, yes: bool, happened: &mut Vec<Happened<G>>) {
        let Some(ask) = &mut self.undo else {
            if let Voter::Peer(peer) = voter {
                self.refuse(peer, Refused::NobodyAsksUndo, happened);
            }
            return;
        };
        if !ask.waiting.contains(&voter) {
            return;
        }
        if !yes {
            let reason = UndoDeclined::SaysNo(self.voter_holder(voter));
            self.decline_undo(reason, happened);
            return;
        }
        ask.waiting.retain(|waiting| *waiting != voter);
        if ask.waiting.is_empty() {
            let by = ask.voter;
            self.undo = None;
            self.take_back(by, happened);
        }
    }

    /// The request waiting is not granted, for `reason`.
    fn decline_undo(&mut self, reason: UndoDeclined, happened: &mut Vec<Happened<G>>) {
        if self.undo.take().is_some() {
            happened.push(Happened::Note(format!(
                "No moves are taken back: {reason}."
            )));
            self.broadcast(&ToGuest::UndoDeclined(reason));
        }
    }

    /// Takes back `by`'s last decision and every one after it, and tells everyone.
    fn take_back(&mut self, by: Voter, happened: &mut Vec<Happened<G>>) {
        let Some(undos) = self.undos_for(by) else {
            return;
        };
        for _ in 0..undos {
            if self.runner.undo().is_err() {
                break;
            }
        }
        self.entries_sent = self.runner.record().moves.len();
        self.broadcast(&ToGuest::Undone(self.entries_sent));
        happened.push(Happened::Undone);
    }

    /// Tells `peer` its message was refused, and logs it with its name.
    fn refuse(&mut self, peer: PeerId, reason: Refused, happened: &mut Vec<Happened<G>>) {
        let said = reason.to_string();
        self.refuse_saying(peer, reason, &said, happened);
    }

    /// [`HostMatch::refuse`], the host's log saying it as `said` (the rules' own reason).
    fn refuse_saying(
        &mut self,
        peer: PeerId,
        reason: Refused,
        said: &str,
        happened: &mut Vec<Happened<G>>,
    ) {
        let name = self
            .peers
            .get(&peer)
            .map(|p| p.name.clone())
            .unwrap_or_default();
        happened.push(Happened::Note(format!("Refused {name}: {said}.")));
        self.send(peer, &ToGuest::Refused(reason));
    }

    /// Closes `peer`'s connection (telling it why) and forgets it.
    fn drop_peer(&mut self, peer: PeerId, reason: Stopped, happened: &mut Vec<Happened<G>>) {
        if let Some(known) = self.peers.get(&peer) {
            let _ = known.sender.send(&ToGuest::Stopped(reason.clone()));
            known.sender.close();
        }
        self.gone(peer, &reason.to_string(), false, happened);
    }

    /// `peer` has gone: its seat is away (the match waits), or it was only watching.
    fn gone(&mut self, peer: PeerId, reason: &str, fault: bool, happened: &mut Vec<Happened<G>>) {
        let Some(known) = self.peers.remove(&peer) else {
            return;
        };
        if self
            .undo
            .as_ref()
            .is_some_and(|ask| ask.waiting.contains(&Voter::Peer(peer)))
        {
            self.decline_undo(
                UndoDeclined::Left(SeatHolder::Guest(known.name.clone())),
                happened,
            );
        }
        if fault {
            happened.push(Happened::Note(format!(
                "Closed the connection of {}: {reason}.",
                known.name
            )));
        }
        let mut away = false;
        for (seat, guest) in &mut self.guests {
            if guest.peer == Some(peer) {
                guest.peer = None;
                guest.away_since = Some(Instant::now());
                away = true;
                happened.push(Happened::Note(format!(
                    "{} (seat {}) is away; the match waits.",
                    known.name,
                    seat + 1
                )));
            }
        }
        if away {
            if self.phase == Phase::Reveals {
                // A player left before revealing: gather the seeds anew when it is back.
                self.phase = Phase::Lobby;
                for peer in self.peers.values_mut() {
                    peer.reveal = None;
                }
            }
            self.broadcast(&ToGuest::Seats(self.seat_views()));
        }
    }

    /// Moves the match on from the lobby and the reveals when everyone is there.
    fn settle(&mut self, happened: &mut Vec<Happened<G>>) {
        if self.phase == Phase::Lobby && self.guests.values().all(|g| g.peer.is_some()) {
            if G::KIND == GameKind::Patolli && self.runner.record().dice.is_none() {
                self.commits = vec![fair_dice::commit(&self.seed)];
                for seat in self.guest_seats() {
                    let commit = self.guest_peer(seat).and_then(|p| p.commit.clone());
                    self.commits.push(commit.unwrap_or_default());
                }
                self.phase = Phase::Reveals;
                self.broadcast_players(&ToGuest::Commits(self.commits.clone()));
            } else {
                self.start(None, happened);
            }
        }
        if self.phase == Phase::Reveals {
            let mut reveals = vec![fair_dice::hex(&self.seed)];
            for seat in self.guest_seats() {
                match self.guest_peer(seat).and_then(|p| p.reveal) {
                    Some(seed) => reveals.push(fair_dice::hex(&seed)),
                    None => return,
                }
            }
            let dice = FairDice {
                commits: self.commits.clone(),
                reveals,
            };
            if let Err(e) = dice.seed() {
                // A guest revealed another seed than it committed to: it is the cheat.
                let broken = match e {
                    fair_dice::DiceError::Broken(i) | fair_dice::DiceError::NotASeed(i) => i,
                    _ => 0,
                };
                if let Some(seat) = broken
                    .checked_sub(2)
                    .and_then(|i| self.guest_seats().get(i).copied())
                    && let Some(peer) = self.guests.get(&seat).and_then(|g| g.peer)
                {
                    self.drop_peer(peer, Stopped::SeedNotCommitted, happened);
                }
                happened.push(Happened::Note(format!("The dice cannot be settled: {e}.")));
                return;
            }
            self.start(Some(dice), happened);
        }
    }

    /// The guest seats, in order.
    fn guest_seats(&self) -> Vec<usize> {
        let mut seats: Vec<usize> = self.guests.keys().copied().collect();
        seats.sort_unstable();
        seats
    }

    /// The peer playing guest seat `seat`.
    fn guest_peer(&self, seat: usize) -> Option<&Peer> {
        self.guests
            .get(&seat)
            .and_then(|guest| guest.peer)
            .and_then(|peer| self.peers.get(&peer))
    }

    /// Starts the match: with fair dice, on the seed the players' seeds make.
    fn start(&mut self, dice: Option<FairDice>, happened: &mut Vec<Happened<G>>) {
        if let Some(dice) = dice {
            let mut record = self.runner.record().clone();
            record.seed = dice.seed().ok();
            record.dice = Some(dice.clone());
            match G::setup_from_record(&record) {
                Ok(setup) => {
                    self.runner = MatchRunner::new(setup);
                    self.runner.keep_dice(dice);
                }
                Err(e) => {
                    happened.push(Happened::Note(format!("The match cannot start: {e}.")));
                    self.stop(Stopped::CannotStart);
                    return;
                }
            }
        }
        self.phase = Phase::Playing;
        let peers: Vec<PeerId> = self.peers.keys().copied().collect();
        for peer in peers {
            if self.peers.get(&peer).is_some_and(|p| p.hello) {
                self.send_match(peer);
            }
        }
        self.entries_sent = self.runner.record().moves.len();
        happened.push(Happened::Started);
    }

    /// What the host does by itself: rolls the dice that are due, and decides for its AI
    /// seats and for guest seats the AI has taken over. The AI thinks here, within the
    /// match's budget. `None` when it waits for a human (here or a guest).
    pub fn advance(&mut self) -> Option<Happened<G>> {
        if self.phase != Phase::Playing || self.over() {
            return None;
        }
        if let Some(rolled) = self.runner.roll() {
            self.send_entries();
            return Some(Happened::Rolled(rolled));
        }
        let seat = self.seat_to_move()?;
        let by_ai = match self.chairs.get(seat) {
            Some(Chair::Here(Seat::Ai)) => Seat::Ai,
            Some(Chair::Guest) => {
                let guest = self.guests.get_mut(&seat)?;
                let overdue = guest
                    .away_since
                    .is_some_and(|since| since.elapsed() >= self.away_ai_after);
                if overdue && !guest.by_ai {
                    guest.by_ai = true;
                    let notice = HostNotice::AiPlaysSeat(seat);
                    self.broadcast(&ToGuest::Notice(notice.clone()));
                    self.broadcast(&ToGuest::Seats(self.seat_views()));
                    return Some(Happened::Note(notice.to_string()));
                }
                if !guest.by_ai {
                    return None;
                }
                Seat::Human
            }
            _ => return None,
        };
        let setup = self.runner.setup();
        let deadline = Deadline::within(G::budget(setup));
        let report = self.runner.state().decide(G::level(setup), &deadline)?;
        let applied = self.runner.apply(report.best, by_ai).ok()?;
        self.send_entries();
        Some(Happened::Applied(applied, Some(report)))
    }

    /// Applies a decision of the human at the host's keyboard.
    ///
    /// # Errors
    /// [`Refusal`]: not its turn, illegal.
    pub fn apply_here(&mut self, action: G::Action) -> Result<Applied<G>, Refusal<G>> {
        if !self.host_to_decide() {
            let player = self.runner.state().to_move();
            return Err(match player {
                Some(player) => Refusal::NotYourTurn {
                    player,
                    seated: Seat::Human,
                },
                None => Refusal::GameOver,
            });
        }
        let applied = self.runner.apply(action, Seat::Human)?;
        self.send_entries();
        Ok(applied)
    }

    /// Sends everyone the record's entries they have not had.
    fn send_entries(&mut self) {
        if self.runner.record().moves.len() > self.entries_sent {
            self.decline_undo(UndoDeclined::WentOn, &mut Vec::new());
        }
        let entries: Vec<Entry> = self.runner.record().moves[self.entries_sent..].to_vec();
        for entry in entries {
            self.broadcast(&ToGuest::Entry(entry));
        }
        self.entries_sent = self.runner.record().moves.len();
        if self.runner.state().outcome().is_some() {
            self.stop(Stopped::MatchOver);
        }
    }

    /// Ends the match for everyone, saying why.
    pub fn stop(&mut self, reason: Stopped) {
        self.phase = Phase::Over;
        self.broadcast(&ToGuest::Stopped(reason));
    }

    /// Sends `message` to `peer`; a peer that cannot be written to will be gone soon.
    fn send(&self, peer: PeerId, message: &ToGuest) {
        if let Some(known) = self.peers.get(&peer) {
            let _ = known.sender.send(message);
        }
    }

    /// Sends `message` to everyone who has said hello.
    fn broadcast(&self, message: &ToGuest) {
        for known in self.peers.values().filter(|p| p.hello) {
            let _ = known.sender.send(message);
        }
    }

    /// Sends `message` to every seated player.
    fn broadcast_players(&self, message: &ToGuest) {
        for guest in self.guests.values() {
            if let Some(peer) = guest.peer {
                self.send(peer, message);
            }
        }
    }
}

/// Referees `host`'s match for the guests of `listener` with nobody at a keyboard (a window
/// hosting takes its own seat as a guest): the AI's seats decided here, everything else
/// from the guests, the record written to `record_to` after every change, each note handed
/// to `log`. Returns when the match is over.
pub fn serve<G: Match>(
    mut host: HostMatch<G>,
    listener: &Listener,
    record_to: Option<std::path::PathBuf>,
    log: impl Fn(&str),
) -> HostMatch<G> {
    let mut file = record_to.map(crate::record::RecordFile::new);
    let mut written = None;
    loop {
        while let Some(happened) = host.advance() {
            if let Happened::Note(note) = happened {
                log(&note);
            }
        }
        let changes = host.runner().changes();
        if let Some(file) = &mut file
            && written != Some(changes)
        {
            written = Some(changes);
            if let Err(e) = file.write(host.runner().record(), host.runner().takebacks()) {
                log(&format!("cannot write the record: {e}"));
            }
        }
        if host.over() {
            // Everyone has had the last entry and the stop; let the messages leave.
            thread::sleep(Duration::from_millis(200));
            return host;
        }
        if let Some(event) = listener.next_event(Duration::from_millis(50)) {
            for happened in host.handle(event) {
                if let Happened::Note(note) = happened {
                    log(&note);
                }
            }
        }
    }
}

/// The setup of a match to host, of any game.
#[derive(Debug, Clone)]
pub enum Hosted {
    /// Magnetic Cave.
    MagneticCave(CaveMatch),
    /// Patolli.
    Patolli(PatolliMatch),
    /// Penguins.
    Penguins(PenguinsMatch),
}

/// The host's referee of `setup`, or of the match `resume` was playing, its seats played as
/// `chairs` say.
///
/// # Errors
/// Why the record cannot be hosted, or no random source: in words.
pub fn hosting<G: Match>(
    setup: G::Setup,
    resume: Option<Record>,
    chairs: Vec<Chair>,
    away_ai_after: Duration,
) -> Result<HostMatch<G>, HostError>
where
    AnyRecordError: From<RecordError<G>>,
{
    match resume {
        Some(record) => {
            if G::KIND == GameKind::Patolli && record.dice.is_none() && !record.moves.is_empty() {
                return Err(HostError::ResumeWithoutSeeds);
            }
            HostMatch::resume(record, chairs, away_ai_after).map_err(|e| match e {
                HostResumeError::Record(e) => HostError::Resume(Box::new(e.into())),
                HostResumeError::Random(e) => HostError::Random(e),
            })
        }
        None => HostMatch::new(setup, chairs, away_ai_after).map_err(HostError::Random),
    }
}

/// Hosts `hosted` (or the match `resume` was playing) for the guests of `listener` in a thread
/// of its own, with nobody at a keyboard ([`serve`]; notes go to standard error).
///
/// # Errors
/// As [`hosting`], before the thread starts.
pub fn serve_in_background(
    hosted: Hosted,
    resume: Option<Record>,
    chairs: Vec<Chair>,
    away_ai_after: Duration,
    listener: Listener,
    record_to: Option<std::path::PathBuf>,
) -> Result<(), HostError> {
    let log = |note: &str| eprintln!("{note}");
    match hosted {
        Hosted::MagneticCave(setup) => {
            let host = hosting::<crate::rules::magnetic_cave::State>(
                setup,
                resume,
                chairs,
                away_ai_after,
            )?;
            thread::spawn(move || drop(serve(host, &listener, record_to, log)));
        }
        Hosted::Patolli(setup) => {
            let host =
                hosting::<crate::rules::patolli::State>(setup, resume, chairs, away_ai_after)?;
            thread::spawn(move || drop(serve(host, &listener, record_to, log)));
        }
        Hosted::Penguins(setup) => {
            let host =
                hosting::<crate::rules::penguins::State>(setup, resume, chairs, away_ai_after)?;
            thread::spawn(move || drop(serve(host, &listener, record_to, log)));
        }
    }
    Ok(())
}

/// A match a window hosts: the host thread referees it, and the window is its guest.
#[derive(Debug)]
pub struct HostedHere {
    /// The window's connection: the seats played at its keyboard, or watching when the AI
    /// plays every seat here.
    pub joined: super::guest::Joined,
    /// The invitation that seats a guest.
    pub play: Invitation,
    /// The invitation that only lets a person watch.
    pub watch: Invitation,
    /// Where the window tells the host thread to stop ([`HostEvent::Stop`]).
    pub control: mpsc::Sender<HostEvent>,
}

/// Hosts `hosted` (or the match `resume` was playing) for a window, listening as `listen`
/// says: a thread referees it ([`serve`]) with the seats `chairs` gives as
/// `Chair::Here(Seat::Human)` played from the window, which joins the match as their guest
/// under `name` (or as a watcher when no seat is played here).
///
/// # Errors
/// In words: no seat for a guest, the address cannot be listened on, the record cannot be
/// hosted, the window's own connection fails.
pub fn host_for_window(
    hosted: Hosted,
    resume: Option<Record>,
    mut chairs: Vec<Chair>,
    away_ai_after: Duration,
    listen_options: &ListenOptions,
    record_to: Option<std::path::PathBuf>,
    name: &str,
) -> Result<HostedHere, HostError> {
    let here: Vec<usize> = (0..chairs.len())
        .filter(|&seat| chairs[seat] == Chair::Here(Seat::Human))
        .collect();
    if !chairs.contains(&Chair::Guest) {
        return Err(HostError::NoGuestSeat);
    }
    for &seat in &here {
        // The window plays these seats as their guest, asking for them.
        chairs[seat] = Chair::Guest;
    }
    let listener = listen(listen_options)?;
    let (play, watch, control) = (
        listener.play.clone(),
        listener.watch.clone(),
        listener.events(),
    );
    serve_in_background(hosted, resume, chairs, away_ai_after, listener, record_to)?;
    let joined = if here.is_empty() {
        super::guest::join(&watch, name)
    } else {
        super::guest::join_seats(&play, name, &here)
    };
    let joined = joined.map_err(|e| {
        let _ = control.send(HostEvent::Stop(Stopped::HostCouldNotJoin));
        HostError::OwnJoin(e)
    })?;
    Ok(HostedHere {
        joined,
        play,
        watch,
        control,
    })
}
