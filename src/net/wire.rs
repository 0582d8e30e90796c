//! The messages of a network match, typed: what a guest sends the host ([`ToHost`]) and what
//! the host sends guests and watchers ([`ToGuest`]). They carry decisions and record entries,
//! never whole positions; each is one encrypted message of at most
//! [`super::channel::MAX_MESSAGE`] bytes, and anything else closes the connection.

use serde::{Deserialize, Serialize};

use crate::record::Entry;
use crate::rules::GameKind;

/// The most characters of a name a host keeps.
pub const MAX_NAME: usize = 40;

/// What a guest sends the host.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub enum ToHost {
    /// The first message: the guest's name, and (for a player of a game with dice) its
    /// commitment to the seed it will reveal.
    Hello {
        /// What the others see.
        name: String,
        /// The SHA-256 hash of its seed, in hexadecimal ([`crate::fair_dice::commit`]).
        commit: Option<String>,
        /// The guest seats it asks for (a host's own window plays every seat at its keyboard);
        /// none, or none of them free: it gets the first free one.
        #[serde(default)]
        seats: Vec<usize>,
    },
    /// The seed it committed to, in hexadecimal, once every commitment is known.
    Reveal(String),
    /// A decision for its seat: the action as the record writes it.
    Decide(String),
    /// It asks the other players to take back moves (to before its last decision).
    AskUndo,
    /// Its answer to another player's [`ToGuest::UndoAsked`].
    AnswerUndo(bool),
    /// It leaves.
    Bye,
}

/// What the host sends a guest or a watcher.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub enum ToGuest {
    /// The answer to `Hello`: the game, and the seats this guest plays (none for a watcher),
    /// as indices into the record's seats.
    Welcome {
        /// The game.
        game: GameKind,
        /// The seats it plays.
        seats: Vec<usize>,
    },
    /// Every player's commitment to its seed, the host's first: reveal yours now.
    Commits(Vec<String>),
    /// The match as it starts (a record without entries, as RON; the seeds revealed in it):
    /// the entries so far follow one by one.
    Start(String),
    /// Something happened: a roll or a decision, as the record keeps it.
    Entry(Entry),
    /// The guest's message was refused, and why: decide again.
    Refused(Refused),
    /// Who sits where: each seat's occupant, `None` for the host's own seats, and whether it is
    /// away.
    Seats(Vec<SeatView>),
    /// A message for everyone (the AI took a seat over).
    Notice(HostNotice),
    /// This player asks to take back moves: answer with [`ToHost::AnswerUndo`].
    UndoAsked(SeatHolder),
    /// Moves were taken back: the record keeps this many entries.
    Undone(usize),
    /// A request to take back moves was not granted, and why.
    UndoDeclined(UndoDeclined),
    /// The match is over or stopped, or this guest is let go, and why; the connection closes.
    Stopped(Stopped),
}

/// Who sits in a seat, as every screen shows it.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct SeatView {
    /// Who plays it: the host, the host's AI, a guest by its name.
    pub who: SeatHolder,
    /// A guest's seat whose guest has gone and not come back.
    pub away: bool,
}

/// Who plays a seat, as a value each screen words in its own language (its `Display` is the
/// console's English).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub enum SeatHolder {
    /// The host's player.
    Host,
    /// The host's AI.
    HostAi,
    /// A guest, by the name it gave.
    Guest(String),
    /// A guest away too long: the host's AI plays its seat until it comes back.
    GuestByAi(String),
    /// A guest's seat nobody has taken yet.
    Free,
}

impl SeatHolder {
    /// Whether an AI plays the seat.
    pub fn is_ai(&self) -> bool {
        matches!(self, SeatHolder::HostAi | SeatHolder::GuestByAi(_))
    }
}

impl std::fmt::Display for SeatHolder {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            SeatHolder::Host => f.write_str("the host"),
            SeatHolder::HostAi => f.write_str("the host's AI"),
            SeatHolder::Guest(name) => f.write_str(name),
            SeatHolder::GuestByAi(name) => write!(f, "{name} (the host's AI plays)"),
            SeatHolder::Free => f.write_str("a guest (free)"),
        }
    }
}

/// What a host tells everyone, as a value each screen words (its `Display` is the console's
/// English).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub enum HostNotice {
    /// The host's AI plays seat `seat` (from 0) while its guest is away.
    AiPlaysSeat(usize),
}

impl std::fmt::Display for HostNotice {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            HostNotice::AiPlaysSeat(seat) => write!(
                f,
                "The host's AI plays seat {} while its guest is away.",
                seat + 1
            ),
        }
    }
}

/// Why the host refused a guest's message; nothing changed. Each screen words it (its
/// `Display` is the console's English).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, thiserror::Error)]
pub enum Refused {
    /// A watcher decided or asked to take back moves.
    #[error("you have no seat: watchers cannot act")]
    NoSeat,
    /// A decision before the match started or after it ended.
    #[error("the match is not being played")]
    NotPlaying,
    /// A decision while another seat is to move.
    #[error("it is not your turn")]
    NotYourTurn,
    /// The rules refuse the decision written `0` (or it names no action of the game) in the
    /// position every screen holds: each asks its own copy of the rules why.
    #[error("the rules refuse `{0}`")]
    Rules(String),
    /// A message out of place (a second hello, a seed after the start).
    #[error("that message is not expected now")]
    Unexpected,
    /// An answer to a request to take back moves when none waits.
    #[error("nobody asks to take back moves")]
    NobodyAsksUndo,
    /// A request to take back moves from a player with no decision of its own to take back.
    #[error("you have no move to take back")]
    NoMoveToTakeBack,
    /// A request to take back moves while another waits.
    #[error("a request to take back moves is waiting already")]
    UndoWaiting,
}

/// Why a request to take back moves was not granted (its `Display` is the console's English).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, thiserror::Error)]
pub enum UndoDeclined {
    /// This player said no.
    #[error("{0} says no")]
    SaysNo(SeatHolder),
    /// This player, who was to answer, left.
    #[error("{0} left")]
    Left(SeatHolder),
    /// A decision came first.
    #[error("the match went on")]
    WentOn,
}

/// Why the host ends a guest's connection (its `Display` is the console's English).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize, thiserror::Error)]
pub enum Stopped {
    /// The match is over: every screen's copy of the match holds its result.
    #[error("the match is over")]
    MatchOver,
    /// The host left.
    #[error("the host left")]
    HostLeft,
    /// The host's window could not join its own match.
    #[error("the host could not join its own match")]
    HostCouldNotJoin,
    /// The players' seeds make no match the host can start.
    #[error("the host cannot start the match from the players' seeds")]
    CannotStart,
    /// Every guest seat is taken.
    #[error("every guest seat is taken")]
    SeatsTaken,
    /// A player of Patolli said hello without committing to a seed.
    #[error("a player of Patolli commits to a seed in its hello")]
    NoCommitment,
    /// The seed sent is not 64 hexadecimal digits.
    #[error("the seed is not 64 hexadecimal digits")]
    SeedNotHex,
    /// The seed sent is not the one committed to.
    #[error("the seed is not the one committed to")]
    SeedNotCommitted,
    /// The guest said goodbye.
    #[error("the guest left")]
    GuestLeft,
    /// The guest sent more than this many messages in a second.
    #[error("more than {0} messages came in a second")]
    Flood(u32),
    /// The guest's messages came changed, unreadable or too large.
    #[error("a message came changed, unreadable or too large")]
    Garbled,
}

/// `name` as a host keeps it: at most [`MAX_NAME`] characters, without control characters.
pub fn clean_name(name: &str) -> String {
    let name: String = name
        .chars()
        .filter(|c| !c.is_control())
        .take(MAX_NAME)
        .collect();
    let name = name.trim();
    if name.is_empty() {
        "guest".into()
    } else {
        name.to_string()
    }
}
