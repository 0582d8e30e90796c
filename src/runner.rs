//! The one match loop's state, for every front end: [`MatchRunner`] holds a match's setup,
//! its position, one history of decisions (for undo, back to the last human decision), its
//! dice and its record as it grows, and checks each request's seat. The window's referee wraps
//! it in Bevy messages; the console and the tournament drive it directly. Nothing of a game's
//! own is here: the runner is written once over [`Match`].

use std::fmt;
use std::time::Instant;

use crate::fair_dice::FairDice;
use crate::record::{Entry, Record, Recorded, ReplayError};
use crate::rules::{Game, Seat};
use crate::setup::{Match, Rolls};

/// A decision that stands, for undo: the position before it, who made it and what it was, and
/// how long the record was then.
#[derive(Debug, Clone)]
struct Decision<G: Game> {
    before: G,
    player: G::Player,
    action: G::Action,
    entries: usize,
}

/// Why a request was refused; nothing changed.
#[derive(Debug, Clone, PartialEq)]
pub enum Refusal<G: Game> {
    /// A human asked while the AI is to move, or the AI answered out of turn.
    NotYourTurn {
        /// The player to move.
        player: G::Player,
        /// Who sits there.
        seated: Seat,
    },
    /// The rules forbid it.
    Illegal(G::Illegal),
    /// Nothing can be taken back.
    NothingToUndo,
    /// The match is being replayed, not played.
    Replaying,
    /// The game is over.
    GameOver,
}

impl<G: Game> fmt::Display for Refusal<G> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Refusal::NotYourTurn { player, seated } => {
                let who = match seated {
                    Seat::Ai => "the AI",
                    Seat::Human => "the human player",
                };
                write!(f, "it is not your turn: {player} is played by {who}")
            }
            Refusal::Illegal(reason) => write!(f, "{reason}"),
            Refusal::NothingToUndo => f.write_str("there is nothing to take back"),
            Refusal::Replaying => {
                f.write_str("this is a replay: press C (Continue) to play on from here")
            }
            Refusal::GameOver => f.write_str("the game is over"),
        }
    }
}

impl<G: Game> std::error::Error for Refusal<G> {}

/// A record a match cannot go on from: where it is wrong ([`ReplayError::place`]) and why.
/// The record's file, line and column come from [`crate::record::load`], which refuses the
/// same records.
pub type ResumeError<G> = ReplayError<G>;

/// An action the runner applied.
#[derive(Debug, Clone, PartialEq)]
pub struct Applied<G: Game> {
    /// Who acted.
    pub player: G::Player,
    /// What it did.
    pub action: G::Action,
    /// What came of it.
    pub effect: G::Effect,
}

/// What a due roll came to.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Rolled<P> {
    /// `player` rolled `roll`; `turn_lost` when it ended the turn (a Patolli 0).
    Rolled {
        /// Whose roll.
        player: P,
        /// The value.
        roll: u8,
        /// Whether the turn passed on with it.
        turn_lost: bool,
    },
    /// A scripted roll the die cannot show was dropped; the next one is drawn instead.
    Dropped(u8),
}

/// What a followed entry did ([`MatchRunner::follow`]).
#[derive(Debug, Clone)]
pub enum Followed<G: Game> {
    /// A roll.
    Rolled(Rolled<G::Player>),
    /// A decision.
    Applied(Applied<G>),
}

/// Why an entry from another machine's referee cannot be followed; nothing changed.
#[derive(Debug, Clone, thiserror::Error)]
pub enum FollowError<G: Recorded> {
    /// A roll that is not the one this match's dice show.
    #[error("the roll {found} is not the dice's {expected}: it was chosen")]
    ChosenRoll {
        /// What the dice show (255 when no roll is due).
        expected: u8,
        /// What the entry says.
        found: u8,
    },
    /// A roll the position refuses (none is due, or the die cannot show it).
    #[error("`roll {value}` is refused: {reason}")]
    Roll {
        /// The roll.
        value: u8,
        /// Why.
        reason: G::Illegal,
    },
    /// A text that names no action of the game.
    #[error("`{text}` is refused: {reason}")]
    Unreadable {
        /// The entry's text.
        text: String,
        /// Why.
        reason: G::ActionError,
    },
    /// An action once the game is over.
    #[error("`{text}` is refused: the game is over")]
    GameOver {
        /// The entry's text.
        text: String,
    },
    /// An action the rules refuse.
    #[error("`{text}` is refused: {reason}")]
    Illegal {
        /// The entry's text.
        text: String,
        /// Why.
        reason: G::Illegal,
    },
}

/// The dice of a record with the players' seeds ([`Record::dice`]), where its rolls left them
/// (`positions`: the start and the position after each entry); `None` for other records.
fn fair_rolls<G: Match>(record: &Record, positions: &[G]) -> Option<Rolls> {
    let (Some(seed), Some(_)) = (record.seed, &record.dice) else {
        return None;
    };
    let mut rolls = Rolls::new(seed, Vec::new());
    for (entry, before) in record.moves.iter().zip(positions) {
        if matches!(entry, Entry::Roll(_)) {
            rolls.next(before);
        }
    }
    Some(rolls)
}

/// A match in progress, whatever the front end: see the module's documentation.
#[derive(Debug)]
pub struct MatchRunner<G: Match> {
    setup: G::Setup,
    state: G,
    history: Vec<Decision<G>>,
    rolls: Rolls,
    record: Record,
    since: Instant,
    changes: u64,
    takebacks: u64,
}

impl<G: Match> MatchRunner<G> {
    /// A match of `setup` about to start.
    pub fn new(setup: G::Setup) -> MatchRunner<G> {
        MatchRunner {
            state: G::initial(&setup),
            rolls: G::rolls(&setup),
            record: G::record(&setup),
            history: Vec::new(),
            since: Instant::now(),
            changes: 0,
            takebacks: 0,
            setup,
        }
    }

    /// A match of `setup` going on where `record` stands: its entries are replayed, and the
    /// record grows from there (the dice go on from the setup's seed, see
    /// [`Match::setup_from_record`]; with the players' seeds, [`Record::dice`], from where
    /// the record's rolls left the dice those seeds make).
    ///
    /// # Errors
    /// [`ResumeError`] when the record does not replay; no match is made of it.
    pub fn resume(setup: G::Setup, record: Record) -> Result<MatchRunner<G>, ResumeError<G>> {
        let positions = record.replay_from(G::initial(&setup))?;
        let mut runner = MatchRunner::new(setup);
        if let Some(rolls) = fair_rolls(&record, &positions) {
            runner.rolls = rolls;
        }
        if let Some(last) = positions.into_iter().last() {
            runner.state = last;
        }
        runner.record = record;
        runner.record.result = runner.state.result();
        Ok(runner)
    }

    /// Keeps the players' committed seeds in the record (a match between machines, whose
    /// dice's seed they made: [`crate::fair_dice`]).
    pub fn keep_dice(&mut self, dice: FairDice) {
        self.record.dice = Some(dice);
    }

    /// The position.
    pub fn state(&self) -> &G {
        &self.state
    }

    /// How the match was set up.
    pub fn setup(&self) -> &G::Setup {
        &self.setup
    }

    /// The match record so far: every roll and action with its time.
    pub fn record(&self) -> &Record {
        &self.record
    }

    /// Who sits at `player`.
    pub fn seat(&self, player: G::Player) -> Seat {
        G::seat(&self.setup, player)
    }

    /// Who sits at the player to move; `None` once the game is over.
    pub fn seat_to_move(&self) -> Option<Seat> {
        self.state.to_move().map(|player| self.seat(player))
    }

    /// Whether a seat of kind `seat` is to decide now (no roll is due, the game goes on).
    pub fn to_decide(&self, seat: Seat) -> bool {
        self.state.roll_due().is_none() && self.seat_to_move() == Some(seat)
    }

    /// Whether one of the seats with these indices ([`Match::seat_index`]) is to decide now
    /// (no roll is due, the game goes on): a front end that plays some seats of a match.
    pub fn seats_to_decide(&self, seats: &[usize]) -> bool {
        self.state.roll_due().is_none()
            && self
                .state
                .to_move()
                .is_some_and(|player| seats.contains(&G::seat_index(player)))
    }

    /// Whether undo would take something back: a human decided earlier in this match.
    pub fn can_undo(&self) -> bool {
        self.history
            .iter()
            .any(|decision| self.seat(decision.player) == Seat::Human)
    }

    /// The last decision that stands: who took it, what it was, and the position before it.
    pub fn last_decision(&self) -> Option<(G::Player, G::Action, &G)> {
        self.history
            .last()
            .map(|decision| (decision.player, decision.action, &decision.before))
    }

    /// Who took each decision that stands, the first first.
    pub fn deciders(&self) -> Vec<G::Player> {
        self.history
            .iter()
            .map(|decision| decision.player)
            .collect()
    }

    /// Decisions that stand in this match (undone ones and a resumed record's not counted).
    pub fn actions_played(&self) -> usize {
        self.history.len()
    }

    /// How many changes (rolls, actions, undos) the match has had since it was made: front
    /// ends number their views of it by this.
    pub fn changes(&self) -> u64 {
        self.changes
    }

    /// How many times entries were taken out of the record (undos): while it stays, the
    /// record only grew ([`crate::record::RecordFile`] appends then).
    pub fn takebacks(&self) -> u64 {
        self.takebacks
    }

    /// The roll the player to move acts on, if the game has dice and it has rolled.
    pub fn roll_shown(&self) -> Option<u8> {
        match self.record.moves.last() {
            Some(Entry::Roll(value)) => Some(*value),
            _ => None,
        }
    }

    /// The setup of a rematch: the same seats and layout (the dice draw its seed).
    pub fn rematch(&mut self) -> G::Setup {
        G::rematch(&self.setup, &mut self.rolls)
    }

    /// Draws the roll that is due from the match's dice (scripted rolls first, then its
    /// seeded generator), applies it and records it. `None` when no roll is due.
    pub fn roll(&mut self) -> Option<Rolled<G::Player>> {
        let player = self.state.to_move()?;
        let roll = self.rolls.next(&self.state)?;
        if self.state.roll(roll).is_err() {
            return Some(Rolled::Dropped(roll));
        }
        self.record.moves.push(Entry::Roll(roll));
        self.changed();
        let turn_lost = self.state.roll_due().is_some() || self.state.to_move() != Some(player);
        Some(Rolled::Rolled {
            player,
            roll,
            turn_lost,
        })
    }

    /// Applies `action` for the player to move, asked by a seat of kind `seat`: the history
    /// keeps the decision and the record its entry, with the milliseconds since the last
    /// change.
    ///
    /// # Errors
    /// [`Refusal::NotYourTurn`] when another kind of seat is to move, [`Refusal::Illegal`]
    /// when the rules refuse it (also once the game is over); nothing changes then.
    pub fn apply(&mut self, action: G::Action, seat: Seat) -> Result<Applied<G>, Refusal<G>> {
        let Some(player) = self.state.to_move() else {
            // The game is over: the rules say why (on a copy: nothing changes).
            return Err(match self.state.clone().apply(action) {
                Err(reason) => Refusal::Illegal(reason),
                Ok(_) => Refusal::GameOver,
            });
        };
        let seated = self.seat(player);
        if seat != seated {
            return Err(Refusal::NotYourTurn { player, seated });
        }
        let before = self.state.clone();
        let effect = self.state.apply(action).map_err(Refusal::Illegal)?;
        let millis = u64::try_from(self.since.elapsed().as_millis()).unwrap_or(u64::MAX);
        self.history.push(Decision {
            before,
            player,
            action,
            entries: self.record.moves.len(),
        });
        self.record
            .moves
            .push(Entry::Act(action.to_string(), millis));
        self.changed();
        Ok(Applied {
            player,
            action,
            effect,
        })
    }

    /// The action `text` names and the player to take it, if the game goes on.
    fn readable(&self, text: &str) -> Result<(G::Action, G::Player), FollowError<G>> {
        let action = G::parse_action(text).map_err(|reason| FollowError::Unreadable {
            text: text.to_string(),
            reason,
        })?;
        let player = self.state.to_move().ok_or_else(|| FollowError::GameOver {
            text: text.to_string(),
        })?;
        Ok((action, player))
    }

    /// Why the decision `text` cannot be taken now (another machine's referee refused it and
    /// said only that the rules do): `None` when this position allows it. Nothing changes.
    pub fn why_refused(&self, text: &str) -> Option<FollowError<G>> {
        let (action, _) = match self.readable(text) {
            Ok(readable) => readable,
            Err(e) => return Some(e),
        };
        self.state
            .clone()
            .apply(action)
            .err()
            .map(|reason| FollowError::Illegal {
                text: text.to_string(),
                reason,
            })
    }

    /// Follows `entry`, the decision of another machine's referee for whoever is to move: a
    /// roll must be the one this match's dice show; an action must be legal (no seat is
    /// checked: the other referee checked it). The record grows by the entry as it is.
    ///
    /// # Errors
    /// [`FollowError`]; nothing changes then.
    pub fn follow(&mut self, entry: &Entry) -> Result<Followed<G>, FollowError<G>> {
        let player = self.state.to_move();
        let followed = match entry {
            Entry::Roll(found) => {
                let expected = self.rolls.next(&self.state);
                if expected != Some(*found) {
                    return Err(FollowError::ChosenRoll {
                        expected: expected.unwrap_or(u8::MAX),
                        found: *found,
                    });
                }
                self.state
                    .roll(*found)
                    .map_err(|reason| FollowError::Roll {
                        value: *found,
                        reason,
                    })?;
                let turn_lost = self.state.roll_due().is_some() || self.state.to_move() != player;
                Followed::Rolled(match player {
                    Some(player) => Rolled::Rolled {
                        player,
                        roll: *found,
                        turn_lost,
                    },
                    None => Rolled::Dropped(*found),
                })
            }
            Entry::Act(text, _) => {
                let (action, player) = self.readable(text)?;
                let before = self.state.clone();
                let effect = self
                    .state
                    .apply(action)
                    .map_err(|reason| FollowError::Illegal {
                        text: text.clone(),
                        reason,
                    })?;
                self.history.push(Decision {
                    before,
                    player,
                    action,
                    entries: self.record.moves.len(),
                });
                Followed::Applied(Applied {
                    player,
                    action,
                    effect,
                })
            }
        };
        self.record.moves.push(entry.clone());
        self.changed();
        Ok(followed)
    }

    /// Takes back the decisions since the last human one, that one included, and their
    /// entries of the record; returns the actions undone, the last first. Dice from the
    /// players' seeds go back with them.
    ///
    /// # Errors
    /// [`Refusal::NothingToUndo`] when no human has decided in this match.
    pub fn undo(&mut self) -> Result<Vec<G::Action>, Refusal<G>> {
        if !self.can_undo() {
            return Err(Refusal::NothingToUndo);
        }
        let mut actions = Vec::new();
        while let Some(decision) = self.history.pop() {
            let human = self.seat(decision.player) == Seat::Human;
            self.state = decision.before;
            self.record.moves.truncate(decision.entries);
            actions.push(decision.action);
            if human {
                break;
            }
        }
        if self.record.dice.is_some()
            && let Ok(positions) = self.record.replay_from(G::initial(&self.setup))
            && let Some(rolls) = fair_rolls(&self.record, &positions)
        {
            // The players' dice go back too: the same rolls come again, so every roll still
            // follows from their seeds (and nobody undoes to roll anew).
            self.rolls = rolls;
        }
        self.takebacks += 1;
        self.changed();
        Ok(actions)
    }

    /// Notes a change: it is counted, the clock for the next decision restarts, the record's
    /// result follows the position.
    fn changed(&mut self) {
        self.changes += 1;
        self.since = Instant::now();
        self.record.result = self.state.result();
    }
}
