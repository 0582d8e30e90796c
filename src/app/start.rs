//! How the app starts: at the menu, straight into a match (with its layout file, a record to
//! resume or replay, a screenshot to take), or in the board editor.

use std::path::{Path, PathBuf};

use bevy::prelude::*;

use super::states::Screen;
use crate::editor::Draft;
use crate::levels::Levels;
use crate::net::guest::Joined;
use crate::net::host::{HostEvent, HostedHere};
use crate::record::Record;
use crate::rules::GameKind;
use crate::setup::{CaveMatch, PatolliMatch, PenguinsMatch};

/// How the app starts: at the menu, or straight into a match, and where layouts live.
#[derive(Resource, Debug, Clone)]
pub struct AppStart {
    /// The boards: the designers' `levels/` folder, or the built-in ones.
    pub levels: Levels,
    /// Start this match at once, skipping the menu.
    pub first_match: Option<FirstMatch>,
    /// Save a screenshot and exit.
    pub screenshot: Option<Screenshot>,
    /// Go on with the first match from where this record of it stands.
    pub resume: Option<Record>,
    /// Show the `resume` record as a replay (step through it) instead of playing on.
    pub replay: bool,
    /// Write the match record to this file as the match goes.
    pub record_to: Option<PathBuf>,
    /// The file the menu recalls its last choices from and remembers them in
    /// ([`menu::memory`]); `None`: the menu starts from its defaults and forgets.
    pub menu_memory: Option<PathBuf>,
    /// Open the board editor at once (`tablero edit FILE`).
    pub edit: Option<EditStart>,
    /// A match over the network this window joins (as a guest, or as its own host's player).
    pub network: Option<NetStart>,
    /// Open these puzzles at once (`tablero puzzles open`).
    pub puzzles: Option<PuzzlesRequested>,
    /// Analyse the first match at once (`tablero replay FILE --analyse`).
    pub analyse: bool,
}

/// A match to start at once, with the layout file it was built from (the file is watched).
#[derive(Debug, Clone)]
pub enum FirstMatch {
    /// A Magnetic Cave match.
    MagneticCave(CaveMatch, PathBuf),
    /// A Patolli match.
    Patolli(PatolliMatch, PathBuf),
    /// A Penguins match.
    Penguins(PenguinsMatch, PathBuf),
}

impl FirstMatch {
    /// The layout file.
    pub fn layout(&self) -> &PathBuf {
        match self {
            FirstMatch::MagneticCave(_, path)
            | FirstMatch::Patolli(_, path)
            | FirstMatch::Penguins(_, path) => path,
        }
    }

    /// The game it is a match of.
    pub fn game(&self) -> GameKind {
        match self {
            FirstMatch::MagneticCave(..) => GameKind::MagneticCave,
            FirstMatch::Patolli(..) => GameKind::Patolli,
            FirstMatch::Penguins(..) => GameKind::Penguins,
        }
    }

    /// The screen the match plays on.
    pub fn screen(&self) -> Screen {
        match self {
            FirstMatch::MagneticCave(..) => Screen::MagneticCave,
            FirstMatch::Patolli(..) => Screen::Patolli,
            FirstMatch::Penguins(..) => Screen::Penguins,
        }
    }
}

/// A screenshot to save once the board is drawn, after which the app exits.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Screenshot {
    /// Where the PNG goes.
    pub path: PathBuf,
    /// Wait until this many moves have been played in the window first.
    pub after_moves: usize,
    /// Take it in the frame after, not once everything has come to rest.
    pub at_once: bool,
    /// Take it with the game's rules page open.
    pub rules: bool,
}

impl AppStart {
    /// Open at the menu.
    pub fn menu(levels: impl Into<Levels>) -> AppStart {
        AppStart {
            levels: levels.into(),
            first_match: None,
            screenshot: None,
            resume: None,
            replay: false,
            record_to: None,
            menu_memory: None,
            edit: None,
            network: None,
            puzzles: None,
            analyse: false,
        }
    }

    /// Start a Magnetic Cave match with `setup`, whose layout is the file at `layout`.
    pub fn magnetic_cave(setup: CaveMatch, layout: PathBuf) -> AppStart {
        AppStart::with_match(FirstMatch::MagneticCave(setup, layout))
    }

    /// Start a Penguins match with `setup`, whose layout is the file at `layout`.
    pub fn penguins(setup: PenguinsMatch, layout: PathBuf) -> AppStart {
        AppStart::with_match(FirstMatch::Penguins(setup, layout))
    }

    /// Start a Patolli match with `setup`, whose layout is the file at `layout`.
    pub fn patolli(setup: PatolliMatch, layout: PathBuf) -> AppStart {
        AppStart::with_match(FirstMatch::Patolli(setup, layout))
    }

    fn with_match(first: FirstMatch) -> AppStart {
        let levels = Levels::folder(first.layout().parent().unwrap_or(Path::new(".")));
        AppStart {
            first_match: Some(first),
            ..AppStart::menu(levels)
        }
    }
}

/// What `tablero edit [FILE]` opens: the board in FILE, a new board to be saved as FILE, or
/// (no FILE) the list of boards.
#[derive(Debug, Clone)]
pub struct EditStart {
    /// The file, if one was named.
    pub path: Option<PathBuf>,
    /// The board to edit: the file's, or a new one of the game named; `None` with a file: a
    /// new file whose game is chosen in the window.
    pub draft: Option<Draft>,
}

/// How a window joins a match over the network: the connection made before the window opened,
/// and, when this machine hosts, the invitations to show and the way to stop hosting.
#[derive(Debug, Clone)]
pub struct NetStart {
    /// The connection (taken by the plugin at startup).
    pub joined: std::sync::Arc<std::sync::Mutex<Option<Joined>>>,
    /// The play and watch invitations, when this machine hosts.
    pub invitations: Option<(String, String)>,
    /// Where the window tells its host thread to stop, when this machine hosts.
    pub control: Option<std::sync::mpsc::Sender<HostEvent>>,
}

impl NetStart {
    /// A window joined to another machine's match.
    pub fn joined(joined: Joined) -> NetStart {
        NetStart {
            joined: std::sync::Arc::new(std::sync::Mutex::new(Some(joined))),
            invitations: None,
            control: None,
        }
    }

    /// A window hosting a match (and joined to it).
    pub fn hosting(here: HostedHere) -> NetStart {
        NetStart {
            invitations: Some((here.play.to_string(), here.watch.to_string())),
            control: Some(here.control),
            ..NetStart::joined(here.joined)
        }
    }
}

/// Open the puzzles (the menu's *Puzzles* button, `tablero puzzles open`).
#[derive(Message, Debug, Clone, PartialEq, Eq)]
pub struct PuzzlesRequested {
    /// The game whose puzzles open (one without puzzles opens the cave's).
    pub game: GameKind,
    /// The puzzle to begin with, by name (its game's puzzles open); else the easiest one not
    /// solved yet.
    pub first: Option<String>,
}

impl Default for PuzzlesRequested {
    fn default() -> Self {
        PuzzlesRequested {
            game: GameKind::MagneticCave,
            first: None,
        }
    }
}
