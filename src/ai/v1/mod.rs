//! The engines as they were when the tournament command arrived (2026-11-23), kept unchanged
//! as the yardstick (`engine-v1` in `tablero tournament`): a change to an engine is kept only
//! when it measures better than this. Patolli's and Penguins' engines have not changed since,
//! so `engine-v1` plays today's code for them.

pub mod magnetic_cave;
