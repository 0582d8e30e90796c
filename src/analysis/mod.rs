//! Analysis after the match: every decision of a record weighed by the engine, as the win
//! chance of the player who decided before and after it, with the engine's choice when it
//! differs and a verdict. Pure: the console, the window and the tests share it.
//!
//! The verdicts follow lichess's idea of lost winning chances ([`judge`]); the thresholds are
//! [`INACCURACY`], [`MISTAKE`] and [`BLUNDER`], documented in the README.

pub mod calibration;
pub mod magnetic_cave;
pub mod patolli;
pub mod penguins;
pub mod replayed;

pub use crate::review::{
    Analysis, BLUNDER, INACCURACY, Judgement, MISTAKE, Proved, Reviewed, Worth,
};

/// The analysis as a table, one decision a line, then each player's count of verdicts.
pub fn table(analysis: &Analysis) -> String {
    let mut out = format!(
        "{:>4}  {:<6} {:<10} {:<14} {:<14} {:<11} better\n",
        "#", "who", "decision", "before", "after", "verdict"
    );
    for (number, d) in analysis.decisions.iter().enumerate() {
        let line = format!(
            "{:>4}  {:<6} {:<10} {:<14} {:<14} {:<11} {}",
            number + 1,
            d.player,
            d.decision,
            d.before.words(),
            d.after.words(),
            d.judgement.map_or("", Judgement::word),
            d.line.as_deref().unwrap_or("")
        );
        out.push_str(line.trim_end());
        out.push('\n');
    }
    let mut players: Vec<(usize, &str)> = analysis
        .decisions
        .iter()
        .map(|d| (d.seat, d.player.as_str()))
        .collect();
    players.sort_unstable();
    players.dedup();
    for (seat, player) in players {
        let count = |judgement| {
            analysis
                .decisions
                .iter()
                .filter(|d| d.seat == seat && d.judgement == Some(judgement))
                .count()
        };
        out.push_str(&format!(
            "{player}: {} inaccuracies, {} mistakes, {} blunders\n",
            count(Judgement::Inaccuracy),
            count(Judgement::Mistake),
            count(Judgement::Blunder)
        ));
    }
    out
}

/// The win chance over the match as text: a column a decision, the deciding player's initial
/// at its win chance after the decision (top 100 %, bottom 0 %), and under each column `i`,
/// `m` or `B` for an inaccuracy, a mistake or a blunder.
pub fn text_graph(analysis: &Analysis) -> String {
    const ROWS: usize = 10;
    let columns = analysis.decisions.len();
    let mut grid = vec![vec![' '; columns]; ROWS + 1];
    for (column, d) in analysis.decisions.iter().enumerate() {
        let row = ((1.0 - d.after.chance) * ROWS as f64).round() as usize;
        grid[row.min(ROWS)][column] = d.player.chars().next().unwrap_or('*');
    }
    let mut out = String::new();
    for (row, cells) in grid.iter().enumerate() {
        let label = match row {
            0 => "100 %",
            5 => " 50 %",
            ROWS => "  0 %",
            _ => "     ",
        };
        out.push_str(format!("{label} |{}", cells.iter().collect::<String>()).trim_end());
        out.push('\n');
    }
    let marks: String = analysis
        .decisions
        .iter()
        .map(|d| match d.judgement {
            Some(Judgement::Inaccuracy) => 'i',
            Some(Judgement::Mistake) => 'm',
            Some(Judgement::Blunder) => 'B',
            None => ' ',
        })
        .collect();
    out.push_str(&format!("      +{}\n", "-".repeat(columns)));
    out.push_str(format!("       {marks}").trim_end());
    out.push('\n');
    out
}

/// A weighed game's action.
type Action<W> = <<W as Weighing>::State as crate::rules::Game>::Action;

/// How a game's decisions are weighed by [`weigh_decisions`].
pub(crate) trait Weighing {
    /// The game's position.
    type State: crate::rules::Game + Clone;
    /// The engine's choice in `state` (a decision is due) and how many choices there were.
    fn engine(&self, state: &Self::State) -> Option<(Action<Self>, usize)>;
    /// `state` after `action`, if legal.
    fn after(&self, state: &Self::State, action: Action<Self>) -> Option<Self::State> {
        let mut after = state.clone();
        crate::rules::Game::apply(&mut after, action)
            .ok()
            .map(|_| after)
    }
    /// What `state` is worth to the player who decides in `decided_in`.
    fn worth(&self, decided_in: &Self::State, state: &Self::State) -> Worth;
    /// The seat and the name of the player who decides in `state`.
    fn decider(&self, state: &Self::State) -> (usize, String);
}

/// Every decision of `entries` (`positions` are the start and the position after each entry)
/// weighed by `game`: the worth the decision leaves against the worth the engine's choice
/// leaves, both the same way, so that the side to move's tempo or a roll to come counts alike;
/// a decision with no other choice, or the engine's own, gets no verdict.
pub(crate) fn weigh_decisions<W: Weighing>(
    game: &W,
    positions: &[W::State],
    entries: &[crate::record::Entry],
    progress: &mut impl Progress,
) -> Option<Vec<Reviewed>> {
    let total = entries
        .iter()
        .filter(|entry| matches!(entry, crate::record::Entry::Act(..)))
        .count();
    let mut decisions = Vec::with_capacity(total);
    for (entry, (moved, pair)) in entries.iter().zip(positions.windows(2)).enumerate() {
        let crate::record::Entry::Act(decision, _) = moved else {
            continue;
        };
        let (before_state, after_state) = (&pair[0], &pair[1]);
        let after = game.worth(before_state, after_state);
        let engine = game
            .engine(before_state)
            .filter(|(best, choices)| best.to_string() != *decision && *choices > 1)
            .map(|(best, _)| best);
        let before = engine
            .and_then(|best| game.after(before_state, best))
            .map_or(after, |better| game.worth(before_state, &better));
        let (seat, player) = game.decider(before_state);
        decisions.push(Reviewed {
            entry,
            seat,
            player,
            decision: decision.clone(),
            before,
            after,
            best: engine.map(|best| best.to_string()),
            line: engine.map(|best| better_line(&best.to_string(), &before, &after)),
            judgement: engine.and_then(|_| judge(&before, &after)),
        });
        if !progress.advance(decisions.len(), total) {
            return None;
        }
    }
    Some(decisions)
}

/// The engine's choice `best` in words, against the decision's `after`.
pub(crate) fn better_line(best: &str, before: &Worth, after: &Worth) -> String {
    match before.proved {
        Some(proved @ Proved::Win(_)) => format!("{best} {proved}"),
        Some(Proved::Tie) => format!("{best} holds the tie"),
        _ => format!(
            "{best} keeps {} instead of {}",
            before.words(),
            after.words()
        ),
    }
}

/// The verdict on a decision that took its player from `before` to `after` (lichess's lost
/// winning chances): a proved win or tie thrown away, or a drop of [`BLUNDER`], is a blunder;
/// a drop of [`MISTAKE`] a mistake; of [`INACCURACY`] an inaccuracy; less is no verdict.
pub fn judge(before: &Worth, after: &Worth) -> Option<Judgement> {
    let thrown_away = matches!(
        (before.proved, after.proved),
        (Some(Proved::Win(_)), Some(Proved::Tie | Proved::Loss(_)))
            | (Some(Proved::Tie), Some(Proved::Loss(_)))
    );
    let drop = before.chance - after.chance;
    if thrown_away || drop >= BLUNDER {
        Some(Judgement::Blunder)
    } else if drop >= MISTAKE {
        Some(Judgement::Mistake)
    } else if drop >= INACCURACY {
        Some(Judgement::Inaccuracy)
    } else {
        None
    }
}

/// The logistic curve from an engine score to a win chance: `1 / (1 + e^(-score / scale))`.
pub fn logistic(score: f64, scale: f64) -> f64 {
    1.0 / (1.0 + (-score / scale).exp())
}

/// Analysis of a record is under way: called after each decision with how many are done and
/// how many there are; returning `false` stops it.
pub trait Progress {
    /// `done` of `total` decisions weighed; `false` to stop.
    fn advance(&mut self, done: usize, total: usize) -> bool;
}

impl<F: FnMut(usize, usize) -> bool> Progress for F {
    fn advance(&mut self, done: usize, total: usize) -> bool {
        self(done, total)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn verdicts_follow_the_lost_chance_and_proved_results() {
        let at = Worth::estimated;
        assert_eq!(judge(&at(0.6), &at(0.55)), None);
        assert_eq!(judge(&at(0.6), &at(0.52)), Some(Judgement::Inaccuracy));
        assert_eq!(judge(&at(0.6), &at(0.44)), Some(Judgement::Mistake));
        assert_eq!(judge(&at(0.6), &at(0.29)), Some(Judgement::Blunder));
        // A better position than the engine thought is no verdict.
        assert_eq!(judge(&at(0.3), &at(0.9)), None);
        let win = Worth::proved(Proved::Win(Some(3)));
        assert_eq!(judge(&win, &Worth::proved(Proved::Win(Some(5)))), None);
        assert_eq!(
            judge(&win, &Worth::proved(Proved::Tie)),
            Some(Judgement::Blunder)
        );
        assert_eq!(
            judge(
                &Worth::proved(Proved::Tie),
                &Worth::proved(Proved::Loss(Some(4)))
            ),
            Some(Judgement::Blunder)
        );
    }

    #[test]
    fn worth_turns_round_for_the_opponent() {
        let worth = Worth::proved(Proved::Win(Some(2))).for_opponent();
        assert_eq!(worth.proved, Some(Proved::Loss(Some(2))));
        assert_eq!(worth.chance, 0.0);
        assert_eq!(worth.words(), "loses in 2");
        assert_eq!(Worth::estimated(0.614).words(), "61 %");
    }
}
