//! The engines as they were when the tournament command arrived (2026-11-23), kept unchanged
//! as the yardstick (`engine-v1` in `tablero tournament`): a change to an engine is kept only
//! when it measures better than this.

pub mod magnetic_cave;
pub mod patolli;
pub mod penguins;
