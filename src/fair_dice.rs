//! Fair dice for a match between machines: before the match every player commits to a random
//! seed (the SHA-256 hash of it), then reveals it, and the dice's seed comes from all the
//! reveals together, so no player alone can choose a roll. [`FairDice`] is what a record
//! keeps of it, so anyone can check afterwards that the rolls follow from the seeds
//! ([`crate::replay`] does, for every record that has it).

use serde::{Deserialize, Serialize};
use sha2::{Digest, Sha256};

/// How many bytes a player's seed has.
pub const SEED_BYTES: usize = 32;

/// The seeds of a match's players, in the order they were gathered: each commitment (the
/// SHA-256 hash of the seed, in hexadecimal) and each seed revealed (hexadecimal).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct FairDice {
    /// What each player committed to before anyone revealed.
    pub commits: Vec<String>,
    /// The seeds revealed, one for each commitment.
    pub reveals: Vec<String>,
}

/// Why a record's seeds do not make its dice.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum DiceError {
    /// Not one reveal for each commitment, or no players at all.
    #[error("the dice have {commits} commitments and {reveals} seeds revealed")]
    Counts {
        /// Commitments.
        commits: usize,
        /// Reveals.
        reveals: usize,
    },
    /// A seed that is not 64 hexadecimal digits.
    #[error("seed {0} is not 64 hexadecimal digits")]
    NotASeed(usize),
    /// A seed whose hash is not what its player committed to.
    #[error("seed {0} is not the one its player committed to")]
    Broken(usize),
    /// The match's seed is not the one the reveals make.
    #[error("the seed {found:?} is not {expected}, the one the players' seeds make")]
    Seed {
        /// What the reveals make.
        expected: u64,
        /// What the record says.
        found: Option<u64>,
    },
}

/// A fresh random seed from the operating system.
///
/// # Errors
/// When the system has no random source.
pub fn random_seed() -> Result<[u8; SEED_BYTES], getrandom::Error> {
    let mut seed = [0; SEED_BYTES];
    getrandom::fill(&mut seed)?;
    Ok(seed)
}

/// The commitment to `seed`: its SHA-256 hash, in hexadecimal.
pub fn commit(seed: &[u8; SEED_BYTES]) -> String {
    hex(&Sha256::digest(seed))
}

/// `bytes` in lower-case hexadecimal.
pub fn hex(bytes: &[u8]) -> String {
    bytes.iter().map(|byte| format!("{byte:02x}")).collect()
}

/// The seed `text` writes in hexadecimal, if it does.
pub fn parse_seed(text: &str) -> Option<[u8; SEED_BYTES]> {
    if text.len() != 2 * SEED_BYTES || !text.is_ascii() {
        return None;
    }
    let mut seed = [0; SEED_BYTES];
    for (i, byte) in seed.iter_mut().enumerate() {
        *byte = u8::from_str_radix(text.get(2 * i..2 * i + 2)?, 16).ok()?;
    }
    Some(seed)
}

impl FairDice {
    /// The dice's seed the reveals make, once every reveal matches its commitment: the first
    /// 8 bytes (little-endian) of the SHA-256 hash of all the seeds in order.
    ///
    /// # Errors
    /// [`DiceError`]: the first thing that does not match.
    pub fn seed(&self) -> Result<u64, DiceError> {
        if self.commits.len() != self.reveals.len() || self.commits.is_empty() {
            return Err(DiceError::Counts {
                commits: self.commits.len(),
                reveals: self.reveals.len(),
            });
        }
        let mut all = Sha256::new();
        for (i, (committed, revealed)) in self.commits.iter().zip(&self.reveals).enumerate() {
            let seed = parse_seed(revealed).ok_or(DiceError::NotASeed(i + 1))?;
            if !commit(&seed).eq_ignore_ascii_case(committed) {
                return Err(DiceError::Broken(i + 1));
            }
            all.update(seed);
        }
        let hash = all.finalize();
        let mut first = [0; 8];
        first.copy_from_slice(&hash[..8]);
        Ok(u64::from_le_bytes(first))
    }

    /// Checks that `seed` (a record's) is the one the reveals make.
    ///
    /// # Errors
    /// [`DiceError`].
    pub fn check(&self, seed: Option<u64>) -> Result<(), DiceError> {
        let expected = self.seed()?;
        if seed != Some(expected) {
            return Err(DiceError::Seed {
                expected,
                found: seed,
            });
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn dice(seeds: &[[u8; SEED_BYTES]]) -> FairDice {
        FairDice {
            commits: seeds.iter().map(commit).collect(),
            reveals: seeds.iter().map(|seed| hex(seed)).collect(),
        }
    }

    #[test]
    fn every_seed_changes_the_dice_and_a_changed_reveal_is_caught() {
        let fair = dice(&[[1; 32], [2; 32], [3; 32]]);
        let seed = fair.seed().expect("fair");
        assert_ne!(dice(&[[1; 32], [2; 32], [4; 32]]).seed(), Ok(seed));
        assert_ne!(dice(&[[9; 32], [2; 32], [3; 32]]).seed(), Ok(seed));
        let mut cheat = fair.clone();
        cheat.reveals[1] = hex(&[7; 32]);
        assert_eq!(cheat.seed(), Err(DiceError::Broken(2)));
        cheat.reveals[1] = "xyz".into();
        assert_eq!(cheat.seed(), Err(DiceError::NotASeed(2)));
        cheat.reveals.pop();
        assert!(matches!(cheat.seed(), Err(DiceError::Counts { .. })));
        assert_eq!(fair.check(Some(seed)), Ok(()));
        assert!(fair.check(Some(seed ^ 1)).is_err());
        assert_eq!(parse_seed(&hex(&[0xab; 32])), Some([0xab; 32]));
    }
}
