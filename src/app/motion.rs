//! How fast things move on the board (the settings page's *Animation*), for every animation
//! and the AI's pacing to follow.

use std::time::Duration;

use bevy::prelude::*;
use serde::{Deserialize, Serialize};

/// How things move on the board.
#[derive(Resource, Debug, Clone, Copy, Default, PartialEq, Eq, Serialize, Deserialize)]
pub enum Animation {
    /// Glides, settles and rolls at their own pace.
    #[default]
    Normal,
    /// In a third of the time.
    Fast,
    /// At their end at once (*None* on the page).
    Off,
}

impl Animation {
    /// Every choice, in the order the page shows them.
    pub const ALL: [Animation; 3] = [Animation::Normal, Animation::Fast, Animation::Off];

    /// The choice's name on its button.
    pub fn title(self) -> &'static str {
        match self {
            Animation::Normal => "Normal",
            Animation::Fast => "Fast",
            Animation::Off => "None",
        }
    }

    /// The animation time that passes in a frame of `seconds`: as much, three times as much,
    /// or all of it (infinite: every animation ends in this frame).
    pub fn advance(self, seconds: f32) -> f32 {
        match self {
            Animation::Normal => seconds,
            Animation::Fast => seconds * 3.0,
            Animation::Off => f32::INFINITY,
        }
    }

    /// How long something held on screen for `time` is held: as long, a third, not at all.
    pub fn hold(self, time: Duration) -> Duration {
        match self {
            Animation::Normal => time,
            Animation::Fast => time / 3,
            Animation::Off => Duration::ZERO,
        }
    }

    /// `timer` moved on by a frame of `delta`, at this pace.
    pub fn tick(self, timer: &mut Timer, delta: Duration) {
        let step = match self {
            Animation::Normal => delta,
            Animation::Fast => delta * 3,
            Animation::Off => timer.remaining(),
        };
        timer.tick(step);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn fast_is_three_times_as_fast_and_none_ends_at_once() {
        assert_eq!(Animation::Normal.advance(0.1), 0.1);
        assert!((Animation::Fast.advance(0.1) - 0.3).abs() < 1e-6);
        assert_eq!(Animation::Off.advance(0.0), f32::INFINITY);
        let second = Duration::from_secs(1);
        assert_eq!(Animation::Normal.hold(second), second);
        assert_eq!(
            Animation::Fast.hold(Duration::from_millis(900)),
            Duration::from_millis(300)
        );
        assert_eq!(Animation::Off.hold(second), Duration::ZERO);
        let mut timer = Timer::from_seconds(0.18, TimerMode::Once);
        Animation::Fast.tick(&mut timer, Duration::from_millis(30));
        assert!((timer.elapsed_secs() - 0.09).abs() < 1e-6);
        Animation::Off.tick(&mut timer, Duration::ZERO);
        assert!(timer.is_finished());
    }
}
