//! The guest's side: [`join`] connects with an invitation, says hello (committing to its dice
//! seed when it plays), and turns what the host sends into [`GuestEvent`]s; a [`Mirror`]
//! follows the match from the host's record entries and checks each: a roll that is not the
//! one the players' seeds make, or a decision the rules refuse, stops the match with the
//! reason, since only a host that cheats sends them.

use std::sync::mpsc;
use std::thread;
use std::time::Duration;

use super::channel::{self, ChannelError, Receiver, Sender};
use super::invitation::{Invitation, Role};
use super::wire::{Stopped, ToGuest, ToHost};
use crate::fair_dice::{self, SEED_BYTES};
use crate::layout::{self, LayoutError};
use crate::record::{Entry, Record};
use crate::replay::{self, RecordError};
use crate::rules::GameKind;
use crate::runner::{FollowError, Followed, MatchRunner};
use crate::setup::Match;

/// Something that reached the guest.
#[derive(Debug)]
pub enum GuestEvent {
    /// The host sent a message.
    Message(ToGuest),
    /// The connection to the host ended.
    Lost(ChannelError),
    /// A line typed at the guest's console.
    Line(String),
    /// The guest's console input ended.
    InputEnded,
}

/// Why a guest cannot join, or go on.
#[derive(Debug, thiserror::Error)]
pub enum GuestError {
    /// The connection failed.
    #[error("{0}")]
    Channel(#[from] ChannelError),
    /// The host turned us away, and why.
    #[error("the host did not let us in: {0}")]
    TurnedAway(Stopped),
    /// The host answered our hello with something else than a welcome.
    #[error("the host did not welcome us")]
    NotWelcomed,
    /// This machine gave no random seed for the dice.
    #[error("no random seed: {0}")]
    NoRandomSeed(getrandom::Error),
}

/// Why the host's match cannot be followed: only a host that cheats (or is broken) sends it.
#[derive(Debug, thiserror::Error)]
pub enum MirrorError<G: Match> {
    /// The host's start is no record.
    #[error("the host's record does not make a match: {0}")]
    Unreadable(LayoutError),
    /// The host's start is of another game, or holds entries.
    #[error("the host's record does not make a match: it is of another game, or not at its start")]
    NotAStart,
    /// The host's record does not replay (its dice included).
    #[error("the host's record does not make a match: {0}")]
    Record(RecordError<G>),
    /// The host's dice are not the ones every player's seed makes.
    #[error("the host's dice are not fair: {0}")]
    UnfairDice(DiceFault),
    /// The host's commitments leave ours out.
    #[error("the host left our seed's commitment out of the dice")]
    CommitLeftOut,
    /// An entry the mirror cannot follow: a chosen roll, a decision the rules refuse.
    #[error("the host sent an entry that cannot be followed: {0}")]
    Follow(FollowError<G>),
    /// An entry before the match started.
    #[error("the host sent an entry before the match started")]
    NotStarted,
    /// Moves taken back past the entries the mirror holds.
    #[error("the host took back moves to entry {entries} of {held}")]
    TakenBackPast {
        /// The entries the host keeps.
        entries: usize,
        /// The entries the mirror holds.
        held: usize,
    },
}

/// How the host's dice are not fair.
#[derive(Debug, Clone, Copy, PartialEq, Eq, thiserror::Error)]
pub enum DiceFault {
    /// A Patolli record without the players' seeds.
    #[error("the record has no players' seeds")]
    NoSeeds,
    /// Commitments other than the ones sent before the reveals.
    #[error("the commitments are not the ones the host sent before the reveals")]
    OtherCommitments,
    /// Our seed is not revealed among the others.
    #[error("our seed is not among the reveals")]
    OurSeedLeftOut,
}

/// A guest connected to its host.
#[derive(Debug)]
pub struct Joined {
    /// The game.
    pub game: GameKind,
    /// The seats it plays (none when it watches).
    pub seats: Vec<usize>,
    /// What its invitation lets it do.
    pub role: Role,
    /// The seed it committed to (a player of a game with dice).
    pub seed: Option<[u8; SEED_BYTES]>,
    sender: Sender,
    events: mpsc::Receiver<GuestEvent>,
    to_events: mpsc::Sender<GuestEvent>,
}

impl Joined {
    /// Sends the host `message`.
    ///
    /// # Errors
    /// When the connection failed.
    pub fn send(&self, message: &ToHost) -> Result<(), ChannelError> {
        self.sender.send(message)
    }

    /// The next event, waiting at most `timeout`.
    pub fn next_event(&self, timeout: Duration) -> Option<GuestEvent> {
        self.events.recv_timeout(timeout).ok()
    }

    /// A sender of events, for the guest's own input ([`GuestEvent::Line`]).
    pub fn events(&self) -> mpsc::Sender<GuestEvent> {
        self.to_events.clone()
    }

    /// Closes the connection.
    pub fn close(&self) {
        let _ = self.sender.send(&ToHost::Bye);
        self.sender.close();
    }

    /// Where to send the host messages, and the events apart (for a front end that reads
    /// them in a thread of its own).
    pub fn into_parts(self) -> (Sender, mpsc::Receiver<GuestEvent>) {
        (self.sender, self.events)
    }
}

/// Connects with `invitation` as `name` and waits for the host's welcome.
///
/// # Errors
/// [`GuestError`]: no connection, a failed handshake (a wrong secret, or not the host that
/// invited), no welcome.
pub fn join(invitation: &Invitation, name: &str) -> Result<Joined, GuestError> {
    join_seats(invitation, name, &[])
}

/// [`join`], asking for the guest seats `seats` that are free (a host's own window takes the
/// seats its players play this way).
///
/// # Errors
/// As [`join`].
pub fn join_seats(
    invitation: &Invitation,
    name: &str,
    seats: &[usize],
) -> Result<Joined, GuestError> {
    let (sender, mut receiver) = channel::connect(invitation)?;
    let seed = match invitation.role {
        Role::Play => Some(fair_dice::random_seed().map_err(GuestError::NoRandomSeed)?),
        Role::Watch => None,
    };
    sender.send(&ToHost::Hello {
        name: name.to_string(),
        commit: seed.as_ref().map(fair_dice::commit),
        seats: seats.to_vec(),
    })?;
    let (game, seats) = match receiver.recv::<ToGuest>()? {
        ToGuest::Welcome { game, seats } => (game, seats),
        ToGuest::Stopped(reason) => return Err(GuestError::TurnedAway(reason)),
        _ => return Err(GuestError::NotWelcomed),
    };
    let (to_events, events) = mpsc::channel();
    let forward = to_events.clone();
    thread::spawn(move || read_host(&mut receiver, &forward));
    Ok(Joined {
        game,
        seats,
        role: invitation.role,
        seed,
        sender,
        events,
        to_events,
    })
}

/// Forwards the host's messages until its connection ends.
fn read_host(receiver: &mut Receiver, events: &mpsc::Sender<GuestEvent>) {
    loop {
        match receiver.recv::<ToGuest>() {
            Ok(message) => {
                if events.send(GuestEvent::Message(message)).is_err() {
                    return;
                }
            }
            Err(e) => {
                let _ = events.send(GuestEvent::Lost(e));
                return;
            }
        }
    }
}

/// The guest's copy of the match, built from the host's start and entries and checked as it
/// goes (through [`MatchRunner::follow`]): see the module's documentation.
#[derive(Debug)]
pub struct Mirror<G: Match> {
    start: Record,
    runner: MatchRunner<G>,
}

impl<G: Match> Mirror<G> {
    /// The match the host's `start` (a record without entries, RON) makes. With
    /// `commits` (what the host sent before the reveals) and `seed` (ours, when we took part
    /// in the dice), the record's dice must be those commitments and hold our seed; every
    /// record's dice must make its seed.
    ///
    /// # Errors
    /// [`MirrorError`]: an unreadable record, unfair dice.
    pub fn start(
        start: &str,
        commits: Option<&[String]>,
        seed: Option<&[u8; SEED_BYTES]>,
    ) -> Result<Mirror<G>, MirrorError<G>> {
        let record: Record =
            layout::read_ron("the host's record", start).map_err(MirrorError::Unreadable)?;
        if record.game != G::KIND || !record.moves.is_empty() {
            return Err(MirrorError::NotAStart);
        }
        if G::KIND == GameKind::Patolli {
            let Some(dice) = &record.dice else {
                return Err(MirrorError::UnfairDice(DiceFault::NoSeeds));
            };
            if let Some(commits) = commits
                && dice.commits != commits
            {
                return Err(MirrorError::UnfairDice(DiceFault::OtherCommitments));
            }
            if let Some(seed) = seed {
                let ours = dice
                    .commits
                    .iter()
                    .position(|c| *c == fair_dice::commit(seed));
                let revealed = ours.and_then(|i| dice.reveals.get(i));
                if revealed != Some(&fair_dice::hex(seed)) {
                    return Err(MirrorError::UnfairDice(DiceFault::OurSeedLeftOut));
                }
            }
        }
        let (setup, _) = replay::replay::<G>(&record).map_err(MirrorError::Record)?;
        let runner = MatchRunner::resume(setup, record.clone())
            .map_err(|e| MirrorError::Record(RecordError::Replay(e)))?;
        Ok(Mirror {
            start: record,
            runner,
        })
    }

    /// The position.
    pub fn state(&self) -> &G {
        self.runner.state()
    }

    /// The match's setup.
    pub fn setup(&self) -> &G::Setup {
        self.runner.setup()
    }

    /// The record so far: the host's, entry for entry.
    pub fn record(&self) -> &Record {
        self.runner.record()
    }

    /// Whether one of `seats` is to decide now.
    pub fn to_decide(&self, seats: &[usize]) -> bool {
        self.runner.seats_to_decide(seats)
    }

    /// Takes the match back to its first `entries` entries (the host's players agreed to take
    /// moves back): the position and the dice as they were then.
    ///
    /// # Errors
    /// [`MirrorError::TakenBackPast`] when the record has fewer entries.
    pub fn undo_to(&mut self, entries: usize) -> Result<(), MirrorError<G>> {
        let moves = &self.runner.record().moves;
        if entries > moves.len() {
            return Err(MirrorError::TakenBackPast {
                entries,
                held: moves.len(),
            });
        }
        let mut kept = self.start.clone();
        kept.moves = moves[..entries].to_vec();
        let setup = self.runner.setup().clone();
        self.runner = MatchRunner::resume(setup, kept)
            .map_err(|e| MirrorError::Record(RecordError::Replay(e)))?;
        Ok(())
    }

    /// Follows `entry`, checking it.
    ///
    /// # Errors
    /// [`MirrorError::Follow`]: the mirror is unchanged.
    pub fn follow(&mut self, entry: Entry) -> Result<Followed<G>, MirrorError<G>> {
        self.runner.follow(&entry).map_err(MirrorError::Follow)
    }

    /// Why the host refused our decision `text` ([`super::wire::Refused::Rules`]), as this copy
    /// of the rules says it; `None` when this position allows it.
    pub fn why_refused(&self, text: &str) -> Option<FollowError<G>> {
        self.runner.why_refused(text)
    }
}
