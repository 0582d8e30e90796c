//! What an analysis found, as plain data a match record keeps (`Record::analysis`): each
//! decision's win chance before and after for its player, the engine's better choice and the
//! verdict. `analysis` makes it; it lives below `record` so that a record can carry it.

use serde::{Deserialize, Serialize};

/// Win chance a decision may lose (0 to 1) before it is an inaccuracy.
pub const INACCURACY: f64 = 0.07;
/// Win chance a decision may lose before it is a mistake.
pub const MISTAKE: f64 = 0.15;
/// Win chance a decision may lose before it is a blunder (throwing away a proved win or tie is
/// one too).
pub const BLUNDER: f64 = 0.30;

/// What a decision that lost win chance was.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Serialize, Deserialize)]
pub enum Judgement {
    /// It lost at least [`INACCURACY`].
    Inaccuracy,
    /// It lost at least [`MISTAKE`].
    Mistake,
    /// It lost at least [`BLUNDER`], or threw away a proved win or tie.
    Blunder,
}

impl Judgement {
    /// The word a list or a graph shows.
    pub fn word(self) -> &'static str {
        match self {
            Judgement::Inaccuracy => "inaccuracy",
            Judgement::Mistake => "mistake",
            Judgement::Blunder => "blunder",
        }
    }
}

/// A result the engine proved for a player (every line searched to its end).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub enum Proved {
    /// The player wins whatever the others do, with this many more decisions of its own (0:
    /// it has won; `None`: not counted).
    Win(Option<u32>),
    /// Neither side can force a win.
    Tie,
    /// Another player wins whatever this one does, with this many more decisions of the
    /// winner's (0: it has won; `None`: not counted).
    Loss(Option<u32>),
}

impl Proved {
    /// The same result seen by the other player of two.
    pub fn for_opponent(self) -> Proved {
        match self {
            Proved::Win(n) => Proved::Loss(n),
            Proved::Tie => Proved::Tie,
            Proved::Loss(n) => Proved::Win(n),
        }
    }

    /// The win chance it is: 1, ½ or 0.
    pub fn chance(self) -> f64 {
        match self {
            Proved::Win(_) => 1.0,
            Proved::Tie => 0.5,
            Proved::Loss(_) => 0.0,
        }
    }
}

impl std::fmt::Display for Proved {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            Proved::Win(Some(0)) => write!(f, "won"),
            Proved::Win(Some(n)) => write!(f, "wins in {n}"),
            Proved::Win(None) => write!(f, "a proved win"),
            Proved::Tie => write!(f, "a tie with best play"),
            Proved::Loss(Some(0)) => write!(f, "lost"),
            Proved::Loss(Some(n)) => write!(f, "loses in {n}"),
            Proved::Loss(None) => write!(f, "a proved loss"),
        }
    }
}

/// What a position is worth to one player: its win chance (a draw counts half) and, when the
/// engine proved it, the proved result.
#[derive(Debug, Clone, Copy, PartialEq, Serialize, Deserialize)]
pub struct Worth {
    /// The win chance, 0 to 1.
    pub chance: f64,
    /// The proved result, when there is one.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub proved: Option<Proved>,
}

impl Worth {
    /// A proved result's worth.
    pub fn proved(proved: Proved) -> Worth {
        Worth {
            chance: proved.chance(),
            proved: Some(proved),
        }
    }

    /// An estimated win chance (kept within 0 to 1).
    pub fn estimated(chance: f64) -> Worth {
        Worth {
            chance: chance.clamp(0.0, 1.0),
            proved: None,
        }
    }

    /// The same worth seen by the other player of two.
    pub fn for_opponent(self) -> Worth {
        Worth {
            chance: 1.0 - self.chance,
            proved: self.proved.map(Proved::for_opponent),
        }
    }

    /// In words: the proved result, or the chance in per cent.
    pub fn words(&self) -> String {
        match self.proved {
            Some(proved) => proved.to_string(),
            None => format!("{:.0} %", self.chance * 100.0),
        }
    }
}

/// One decision of a record, weighed.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct Reviewed {
    /// Its index among the record's entries (`moves`).
    pub entry: usize,
    /// The seat that decided, in turn order.
    pub seat: usize,
    /// Who decided (the game's name for the player: `Black`, `L`, `A`).
    pub player: String,
    /// What it decided, as the record writes it.
    pub decision: String,
    /// The position's worth for that player before the decision.
    pub before: Worth,
    /// Its worth for that player after the decision (before any roll that follows).
    pub after: Worth,
    /// The engine's choice, when it differs from the decision.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub best: Option<String>,
    /// The engine's choice in a line ("E5 wins in 4"; "E5 keeps 61 % instead of 38 %"), when
    /// it differs.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub line: Option<String>,
    /// The verdict, when the decision lost win chance.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub judgement: Option<Judgement>,
}

/// The analysis of a whole match: each decision in order.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct Analysis {
    /// The engine's time per position, in seconds.
    pub budget: f64,
    /// How the win chance was estimated where nothing was proved.
    pub method: String,
    /// Every decision, in the record's order.
    pub decisions: Vec<Reviewed>,
}

impl Analysis {
    /// How many decisions got `judgement`.
    pub fn count(&self, judgement: Judgement) -> usize {
        self.decisions
            .iter()
            .filter(|d| d.judgement == Some(judgement))
            .count()
    }
}
