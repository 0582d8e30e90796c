//! Hints: for the human to move, `H` or the *Hint* button has the Hard engine search the
//! position within the match's AI budget, as a task with its deadline like an AI seat's. The
//! window marks its choice and says in one line why ([`HintGame::hint_line`]). Nothing of
//! the match changes; a hint asked again for a position already searched answers at once, and
//! a move made while the search runs cancels it.

use std::marker::PhantomData;

use bevy::prelude::*;

use crate::i18n::Tr;

use crate::ai::{AiLevel, SearchReport};
use crate::app::AppSystems;
use crate::app::referee::{AppGame, Referee};
use crate::app::search_task::SearchTask;

/// Ask for a hint for the human to move, whatever the game.
#[derive(Message, Debug, Clone, Copy, Default)]
pub struct HintRequested;

/// A game whose engine can give hints.
pub trait HintGame: AppGame {
    /// Why the engine chose `report.best` in this position, in one line for the player.
    fn hint_line(&self, report: &SearchReport<Self::Action>) -> Tr;
}

/// The hint search in progress for the position on screen.
#[derive(Resource)]
pub struct HintSearch<G: AppGame> {
    search: SearchTask<G::Action>,
}

impl<G: AppGame> HintSearch<G> {
    /// The share of the budget left, from 1 down to 0.
    pub fn remaining_fraction(&self) -> f32 {
        self.search.remaining_fraction()
    }
}

/// A hint the engine found.
#[derive(Debug, Clone)]
pub struct Hint<G: AppGame> {
    /// The position it is for.
    pub position: G,
    /// What the engine would do.
    pub action: G::Action,
    /// Why, in one line.
    pub line: Tr,
}

/// How many searched positions are kept, so that asking again costs nothing.
const KEPT_HINTS: usize = 32;

/// The hints found in this match, and what the panel says of the last request.
#[derive(Resource)]
pub struct Hints<G: AppGame> {
    found: Vec<Hint<G>>,
    /// The revision a hint was asked at and what to say then: the hint, or why there is none.
    asked: Option<(u64, Answer)>,
    game: PhantomData<fn() -> G>,
}

/// What a request for a hint came to.
#[derive(Debug, Clone, PartialEq, Eq)]
enum Answer {
    /// The engine is searching.
    Searching,
    /// The hint shows.
    Shown,
    /// No hint now, and why (a message's id).
    None(&'static str),
}

impl<G: AppGame> Default for Hints<G> {
    fn default() -> Self {
        Hints {
            found: Vec::new(),
            asked: None,
            game: PhantomData,
        }
    }
}

impl<G: AppGame> Hints<G> {
    /// The hint showing for `referee`'s match as it stands, if one was asked for and found.
    pub fn shown(&self, referee: &Referee<G>) -> Option<&Hint<G>> {
        match &self.asked {
            Some((revision, Answer::Shown)) if *revision == referee.revision() => {
                self.found_for(referee.state())
            }
            _ => None,
        }
    }

    /// The panel's line for the last request while the match stands where it was asked.
    pub fn line(&self, referee: &Referee<G>) -> Option<Tr> {
        let (revision, answer) = self.asked.as_ref()?;
        if *revision != referee.revision() {
            return None;
        }
        match answer {
            Answer::Searching => Some(Tr::new("hint-searching")),
            Answer::Shown => self.found_for(referee.state()).map(|hint| {
                Tr::new("hint-shown")
                    .text("action", hint.action.to_string())
                    .words("why", hint.line.clone())
            }),
            Answer::None(why) => Some(Tr::new("hint-none").words("why", Tr::new(why))),
        }
    }

    /// Shows `hint` for the match at `revision` as if it had been asked for and found (the
    /// analysis's better decision at a position it jumped to).
    pub fn show(&mut self, revision: u64, hint: Hint<G>) {
        if self.found.len() >= KEPT_HINTS {
            self.found.remove(0);
        }
        self.found.push(hint);
        self.asked = Some((revision, Answer::Shown));
    }

    fn found_for(&self, position: &G) -> Option<&Hint<G>> {
        self.found
            .iter()
            .rev()
            .find(|hint| hint.position == *position)
    }
}

/// Hints for game `G`: the requests, the search, the answers.
pub fn plugin<G: HintGame>(app: &mut App) {
    app.add_message::<HintRequested>();
    app.init_resource::<Hints<G>>();
    app.add_systems(
        Update,
        tick_hint_search::<G>
            .in_set(AppSystems::TickTimers)
            .run_if(resource_exists::<HintSearch<G>>),
    );
    app.add_systems(
        Update,
        ask_for_hint::<G>
            .in_set(AppSystems::RecordInput)
            .run_if(in_state(G::SCREEN)),
    );
    app.add_systems(OnExit(G::SCREEN), |mut commands: Commands| {
        // Dropping the search raises its stop flag.
        commands.remove_resource::<HintSearch<G>>();
    });
}

fn ask_for_hint<G: HintGame>(
    mut commands: Commands,
    mut requests: MessageReader<HintRequested>,
    referee: Option<Res<Referee<G>>>,
    search: Option<Res<HintSearch<G>>>,
    mut hints: ResMut<Hints<G>>,
) {
    if requests.read().count() == 0 {
        return;
    }
    let Some(referee) = referee else {
        return;
    };
    let revision = referee.revision();
    let answer = if referee.paused() {
        Answer::None("hint-none-replay")
    } else if referee.state().to_move().is_none() {
        Answer::None("hint-none-over")
    } else if referee.remote().is_some() {
        // The others play on their own; the engine helps after the match, not during it.
        Answer::None("hint-none-network")
    } else if !referee.human_to_move() {
        Answer::None("hint-none-not-human")
    } else if hints.found_for(referee.state()).is_some() {
        Answer::Shown
    } else {
        if search.is_none_or(|s| s.search.revision() != revision) {
            let state = referee.state().clone();
            let search =
                move |deadline: &crate::ai::Deadline| state.decide(AiLevel::Hard, deadline);
            commands.insert_resource(HintSearch::<G> {
                search: SearchTask::spawn(G::budget(referee.setup()), revision, search),
            });
        }
        Answer::Searching
    };
    hints.asked = Some((revision, answer));
}

fn tick_hint_search<G: HintGame>(
    mut commands: Commands,
    time: Res<Time>,
    referee: Option<Res<Referee<G>>>,
    mut search: ResMut<HintSearch<G>>,
    mut hints: ResMut<Hints<G>>,
) {
    let Some(referee) = referee else {
        commands.remove_resource::<HintSearch<G>>();
        return;
    };
    let revision = search.search.revision();
    if revision != referee.revision() {
        // A move was made meanwhile: the hint is for a position gone.
        commands.remove_resource::<HintSearch<G>>();
        return;
    }
    search.search.tick(time.delta());
    let Some(report) = search.search.poll() else {
        return;
    };
    commands.remove_resource::<HintSearch<G>>();
    let answer = match report {
        Some(report) => {
            let state = referee.state();
            if hints.found.len() == KEPT_HINTS {
                hints.found.remove(0);
            }
            hints.found.push(Hint {
                position: state.clone(),
                action: report.best,
                line: state.hint_line(&report),
            });
            Answer::Shown
        }
        None => Answer::None("hint-none-nothing"),
    };
    hints.asked = Some((revision, answer));
}
