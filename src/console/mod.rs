//! The terminal front end, as the assignments describe it: the board printed after every move,
//! the player prompted until a correct command is given. It reads standard input, so scripts
//! and tests can drive it.

pub mod magnetic_cave;
pub mod patolli;
pub mod penguins;
