//! How long a match refereed on another machine has waited for whoever decides there: the
//! thinking bar shows it ([`RemoteTurn`]).

use std::time::{Duration, Instant};

use bevy::prelude::*;
use bevy::window::RequestRedraw;

use super::referee::AppGame;

/// Whom a match refereed on another machine waits for, and since when: the thinking bar shows
/// it (the host's AI's budget running down, or a steady sweep while a person decides).
#[derive(Resource, Debug, Default)]
pub struct RemoteTurn {
    revision: Option<u64>,
    since: Option<Instant>,
    /// The budget of the host's AI when it decides; `None` while a person does.
    ai_budget: Option<Duration>,
    waiting: bool,
}

/// How long one sweep of the bar takes while a person on another machine decides.
const SWEEP: Duration = Duration::from_millis(2400);

impl RemoteTurn {
    /// The share of the bar to fill while another machine decides; `None` otherwise.
    pub fn fraction(&self) -> Option<f32> {
        let since = self.since.filter(|_| self.waiting)?;
        let elapsed = since.elapsed();
        Some(match self.ai_budget {
            Some(budget) if !budget.is_zero() => {
                (1.0 - elapsed.as_secs_f32() / budget.as_secs_f32()).max(0.0)
            }
            _ => {
                // There and back across the track.
                let phase = (elapsed.as_secs_f32() / SWEEP.as_secs_f32()).fract();
                0.08 + 0.92 * (1.0 - (2.0 * phase - 1.0).abs())
            }
        })
    }
}

/// Times the turn of whoever decides on another machine, and keeps the window drawing while
/// it does.
pub(super) fn time_remote_turns<G: AppGame>(
    referee: Option<Res<super::referee::Referee<G>>>,
    mut turn: ResMut<RemoteTurn>,
    mut redraw: MessageWriter<RequestRedraw>,
) {
    let Some(referee) = referee else {
        return;
    };
    if referee.remote().is_none() {
        if turn.waiting {
            *turn = RemoteTurn::default();
        }
        return;
    }
    if turn.revision != Some(referee.revision()) {
        let waiting = referee.waits_for_another_machine();
        *turn = RemoteTurn {
            revision: Some(referee.revision()),
            since: Some(Instant::now()),
            ai_budget: (waiting && referee.seat_to_move() == Some(crate::rules::Seat::Ai))
                .then(|| G::budget(referee.setup())),
            waiting,
        };
    }
    if turn.waiting {
        redraw.write(RequestRedraw);
    }
}
