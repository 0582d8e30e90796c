//! The analysis of a replayed record of any game: each game's analysis chosen by the record.

use super::{Analysis, Progress, magnetic_cave, patolli, penguins};
use crate::record::Replayed;

/// The analysis of a replayed match of any game, each position weighed for `budget`; `None`
/// when `progress` stopped it.
pub fn analyse_replayed(
    replayed: &Replayed,
    budget: std::time::Duration,
    progress: &mut impl Progress,
) -> Option<Analysis> {
    match replayed {
        Replayed::MagneticCave(_, positions) => magnetic_cave::analyse(positions, budget, progress),
        Replayed::Patolli(record, positions) => {
            patolli::analyse(positions, &record.moves, budget, progress)
        }
        Replayed::Penguins(record, positions) => {
            penguins::analyse(positions, &record.moves, budget, progress)
        }
    }
}
