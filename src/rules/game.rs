//! The shape every game shares: a state, its players, its legal actions, `apply` that changes
//! nothing when it refuses, the player to move and the outcome; and, for a game with dice, the
//! roll as a separate step that the referee draws from the match's seeded generator.
//!
//! The referee, the AI drivers, the console, the tournament and match records are written once
//! over this trait; each game keeps its own parsing, drawing and evaluation.

use std::fmt::{Debug, Display};
use std::hash::Hash;

use super::GameKind;
use super::magnetic_cave;
use super::patolli;
use super::penguins;

/// A game's rules as the referee, the AI and the records see them.
pub trait Game: Clone + Debug + PartialEq + Send + Sync + 'static {
    /// Who takes turns.
    type Player: Copy + Eq + Hash + Debug + Display + Send + Sync + 'static;
    /// A decision of the player to move.
    type Action: Copy + Eq + Hash + Debug + Display + Send + Sync + 'static;
    /// What an applied action did (for views and logs).
    type Effect: Clone + Debug + Send + Sync + 'static;
    /// Why an action was refused.
    type Illegal: std::error::Error + Clone + PartialEq + Send + Sync + 'static;
    /// The result of a finished game.
    type Outcome: Clone + Debug + PartialEq + Send + Sync + 'static;

    /// Which game this is.
    const KIND: GameKind;

    /// The player to decide now; `None` once the game is over.
    fn to_move(&self) -> Option<Self::Player>;

    /// Every legal action now. Empty when the game is over or a roll is due.
    fn legal_actions(&self) -> Vec<Self::Action>;

    /// Applies `action` for the player to move.
    ///
    /// # Errors
    /// [`Game::Illegal`] when `action` is not legal now; `self` is then unchanged.
    fn apply(&mut self, action: Self::Action) -> Result<Self::Effect, Self::Illegal>;

    /// The result, once the game is over.
    fn outcome(&self) -> Option<Self::Outcome>;

    /// The chance of each value of a roll that is due now, if one is (Patolli). The referee
    /// draws it and hands it to [`Game::roll`].
    fn roll_due(&self) -> Option<Vec<(u8, f64)>> {
        None
    }

    /// Records a roll of `value` for the player to move.
    ///
    /// # Errors
    /// [`Game::Illegal`] when no roll is due or the die cannot show `value`; `self` is then
    /// unchanged. Games without dice refuse every roll.
    fn roll(&mut self, value: u8) -> Result<(), Self::Illegal>;
}

impl Game for magnetic_cave::State {
    type Player = magnetic_cave::Brick;
    type Action = magnetic_cave::Cell;
    type Effect = Option<magnetic_cave::Outcome>;
    type Illegal = magnetic_cave::Illegal;
    type Outcome = magnetic_cave::Outcome;
    const KIND: GameKind = GameKind::MagneticCave;

    fn to_move(&self) -> Option<magnetic_cave::Brick> {
        self.outcome()
            .is_none()
            .then(|| magnetic_cave::State::to_move(self))
    }

    fn legal_actions(&self) -> Vec<magnetic_cave::Cell> {
        self.legal_moves()
    }

    fn apply(
        &mut self,
        action: magnetic_cave::Cell,
    ) -> Result<Option<magnetic_cave::Outcome>, magnetic_cave::Illegal> {
        magnetic_cave::State::apply(self, action)
    }

    fn outcome(&self) -> Option<magnetic_cave::Outcome> {
        magnetic_cave::State::outcome(self)
    }

    fn roll(&mut self, _value: u8) -> Result<(), magnetic_cave::Illegal> {
        Err(magnetic_cave::Illegal::NoDice)
    }
}

impl Game for patolli::State {
    type Player = patolli::Player;
    type Action = patolli::Action;
    type Effect = patolli::Effect;
    type Illegal = patolli::Illegal;
    type Outcome = patolli::Player;
    const KIND: GameKind = GameKind::Patolli;

    fn to_move(&self) -> Option<patolli::Player> {
        self.winner()
            .is_none()
            .then(|| patolli::State::to_move(self))
    }

    fn legal_actions(&self) -> Vec<patolli::Action> {
        patolli::State::legal_actions(self)
    }

    fn apply(&mut self, action: patolli::Action) -> Result<patolli::Effect, patolli::Illegal> {
        patolli::State::apply(self, action)
    }

    fn outcome(&self) -> Option<patolli::Player> {
        self.winner()
    }

    fn roll_due(&self) -> Option<Vec<(u8, f64)>> {
        (self.phase() == patolli::Phase::Roll).then(|| self.rules().dice.distribution())
    }

    fn roll(&mut self, value: u8) -> Result<(), patolli::Illegal> {
        patolli::State::roll(self, value).map(|_| ())
    }
}

impl Game for penguins::State {
    type Player = penguins::Player;
    type Action = penguins::Action;
    type Effect = penguins::Turn;
    type Illegal = penguins::Illegal;
    type Outcome = Vec<penguins::Player>;
    const KIND: GameKind = GameKind::Penguins;

    fn to_move(&self) -> Option<penguins::Player> {
        (self.phase() != penguins::Phase::Over).then(|| penguins::Player(self.to_move()))
    }

    fn legal_actions(&self) -> Vec<penguins::Action> {
        penguins::State::legal_actions(self)
    }

    fn apply(&mut self, action: penguins::Action) -> Result<penguins::Turn, penguins::Illegal> {
        penguins::State::apply(self, action)
    }

    fn outcome(&self) -> Option<Vec<penguins::Player>> {
        self.winners()
            .map(|winners| winners.into_iter().map(penguins::Player).collect())
    }

    fn roll(&mut self, _value: u8) -> Result<(), penguins::Illegal> {
        Err(penguins::Illegal::NoDice)
    }
}
