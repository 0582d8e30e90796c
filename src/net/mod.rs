//! Play over the network: a front end beside the console and the engine protocol. The host's
//! [`crate::runner::MatchRunner`] is the referee; a guest sends decisions for its own seats and
//! mirrors the match from the record entries the host sends; a watcher only mirrors. See
//! `docs/network.md`.
//!
//! - [`invitation`]: what a player pastes to join: address, host key, secret.
//! - [`channel`]: the Noise handshake and the framed, encrypted, bounded messages.
//! - [`wire`]: the typed messages both sides send.
//! - [`host`]: accepting guests and refereeing the match.
//! - [`guest`]: joining, mirroring and checking the match.
//! - [`console`]: hosting and joining in the terminal.

pub mod channel;
pub mod console;
pub mod guest;
pub mod host;
pub mod invitation;
pub mod wire;
