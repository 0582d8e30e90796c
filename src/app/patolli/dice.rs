//! The dice between the two cards: a die showing 0 to 5 pips, or the beans with their marked
//! sides up, tumbling for a moment after each roll, with a caption saying who rolled what,
//! whether a 0 lost the turn and whether it was an extra roll. Rolls made in quick
//! succession (a 0, then the opponent's roll) are shown one after the other.

use std::collections::VecDeque;

use bevy::prelude::*;

use crate::app::language::ChosenLanguage;
use crate::i18n::Tr;
use bevy::sprite::Anchor;
use bevy::window::RequestRedraw;

use super::board::dice_center;
use super::referee::{ActionApplied, DiceRolled, PatolliBoard, PatolliReferee, TurnStarted};
use crate::app::shapes::{self, Shapes};
use crate::app::{AppSystems, InMotion, Screen, theme};
use crate::rules::patolli::{Dice, Effect, Player};

/// Seconds the dice tumble before showing the roll.
const ROLL_SECONDS: f32 = 0.55;
/// Seconds a lost turn's 0 stays before the next waiting roll is shown.
const HOLD_SECONDS: f32 = 0.5;
/// Seconds between faces while tumbling.
const FLICKER_SECONDS: f32 = 0.07;
/// The die's side, in pixels.
const DIE_SIDE: f32 = 78.0;

pub(super) fn plugin(app: &mut App) {
    app.init_resource::<RollDisplay>();
    app.add_systems(
        PostUpdate,
        |display: Res<RollDisplay>, mut motion: ResMut<InMotion>| {
            motion.0 |= !display.is_settled();
        },
    );
    app.add_systems(
        Update,
        (decorate_dice, queue_rolls, animate_dice)
            .chain()
            .in_set(AppSystems::Present)
            .run_if(in_state(Screen::Patolli)),
    );
}

/// A roll as shown: the referee's announcement, and whether it was an extra roll.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
struct ShownRoll {
    rolled: DiceRolled,
    extra: bool,
}

/// The rolls waiting to be shown, the one on show and how long it has been shown.
#[derive(Resource, Debug, Default)]
pub struct RollDisplay {
    queue: VecDeque<ShownRoll>,
    current: Option<ShownRoll>,
    elapsed: f32,
    extra_next: bool,
}

impl RollDisplay {
    /// Whether every roll made so far is shown and has stopped tumbling.
    pub fn is_settled(&self) -> bool {
        self.queue.is_empty() && (self.current.is_none() || self.elapsed >= ROLL_SECONDS)
    }

    /// The roll on show once it has settled: (player, value), or `None` while tumbling.
    pub fn settled(&self) -> Option<(Player, u8)> {
        self.current
            .filter(|_| self.elapsed >= ROLL_SECONDS)
            .map(|shown| (shown.rolled.player, shown.rolled.roll))
    }
}

#[derive(Component)]
struct DieBody;
#[derive(Component, Clone, Copy)]
struct Pip(usize);
#[derive(Component, Clone, Copy)]
struct BeanMark(usize);
#[derive(Component)]
struct DiceCaption;

/// Pip offsets of a die face, in units of a third of the face: centre, then the corners.
const PIPS: [Vec2; 5] = [
    Vec2::new(0.0, 0.0),
    Vec2::new(-1.0, 1.0),
    Vec2::new(1.0, -1.0),
    Vec2::new(1.0, 1.0),
    Vec2::new(-1.0, -1.0),
];

/// Whether pip `i` of [`PIPS`] shows for `value`.
fn pip_shows(i: usize, value: u8) -> bool {
    match value {
        1 => i == 0,
        2 => i == 1 || i == 2,
        3 => i <= 2,
        4 => i >= 1,
        5 => true,
        _ => false,
    }
}

fn decorate_dice(
    mut commands: Commands,
    boards: Query<(Entity, &PatolliBoard), Added<PatolliBoard>>,
    shapes: Res<Shapes>,
    mut display: ResMut<RollDisplay>,
) {
    for (entity, board) in &boards {
        *display = RollDisplay::default();
        commands.entity(entity).with_children(|parent| {
            let mut body = parent.spawn((
                DieBody,
                Transform::from_translation(dice_center().extend(0.5) + Vec3::Y * 12.0),
                Visibility::default(),
            ));
            match board.rules.dice {
                Dice::Uniform => {
                    body.with_children(|die| {
                        die.spawn(Sprite::from_color(theme::PIP, Vec2::splat(DIE_SIDE + 4.0)));
                        die.spawn((
                            Sprite::from_color(theme::DIE_FACE, Vec2::splat(DIE_SIDE)),
                            Transform::from_xyz(0.0, 0.0, 0.01),
                        ));
                        for (i, offset) in PIPS.iter().enumerate() {
                            die.spawn((
                                Pip(i),
                                shapes::sprite(&shapes.disc, theme::PIP, Vec2::splat(15.0)),
                                Transform::from_translation(
                                    (*offset * DIE_SIDE / 3.4).extend(0.02),
                                ),
                                Visibility::Hidden,
                            ));
                        }
                    });
                }
                Dice::Beans(count) => {
                    let count = usize::from(count);
                    let spacing = 30.0;
                    body.with_children(|beans| {
                        for i in 0..count {
                            let x = (i as f32 - (count as f32 - 1.0) / 2.0) * spacing;
                            beans
                                .spawn((
                                    shapes::sprite(
                                        &shapes.disc,
                                        theme::BEAN,
                                        Vec2::new(20.0, 40.0),
                                    ),
                                    Transform::from_xyz(x, 0.0, 0.0),
                                ))
                                .with_child((
                                    BeanMark(i),
                                    shapes::sprite(&shapes.disc, theme::PIP, Vec2::splat(10.0)),
                                    Transform::from_xyz(0.0, 0.0, 0.01),
                                    Visibility::Hidden,
                                ));
                        }
                    });
                }
            }
            parent.spawn((
                DiceCaption,
                Text2d::new(""),
                theme::font(16.0),
                TextColor(theme::TEXT_DIM),
                TextLayout::justify(Justify::Center),
                // Below the dice, a second line growing downwards.
                Anchor::TOP_CENTER,
                Transform::from_translation((dice_center() + Vec2::new(0.0, -36.0)).extend(0.5)),
            ));
        });
    }
}

/// The caption under the dice for `shown`: who rolls or rolled what, and on a second line
/// whether the turn was lost or the roll was an extra one (one line of it would be wider
/// than the space beside the board).
fn caption_line(shown: ShownRoll, tumbling: bool) -> Tr {
    let player = shown.rolled.player.to_string();
    let roll = shown.rolled.roll;
    if tumbling {
        Tr::new("patolli-rolls").text("player", player)
    } else if shown.rolled.turn_lost {
        Tr::new("dice-turn-lost").text("player", player)
    } else if shown.extra {
        Tr::new("dice-extra-roll")
            .text("player", player)
            .number("roll", roll)
    } else {
        Tr::new("dice-rolled")
            .text("player", player)
            .number("roll", roll)
    }
}

fn queue_rolls(
    mut rolls: MessageReader<DiceRolled>,
    mut applied: MessageReader<ActionApplied>,
    mut turns: MessageReader<TurnStarted>,
    mut display: ResMut<RollDisplay>,
) {
    if applied.read().any(|a| {
        matches!(
            a.effect,
            Effect::Moved {
                extra_roll: true,
                ..
            }
        )
    }) {
        display.extra_next = true;
    }
    for &rolled in rolls.read() {
        let extra = std::mem::take(&mut display.extra_next);
        display.queue.push_back(ShownRoll { rolled, extra });
    }
    // A turn that starts with a roll the dice do not show came back through undo: show it.
    for turn in turns.read() {
        let Some(roll) = turn.roll else {
            continue;
        };
        let shown = display.queue.back().or(display.current.as_ref());
        if shown.is_none_or(|s| (s.rolled.player, s.rolled.roll) != (turn.player, roll)) {
            display.queue.push_back(ShownRoll {
                rolled: DiceRolled {
                    player: turn.player,
                    roll,
                    turn_lost: false,
                },
                extra: false,
            });
        }
    }
}

fn animate_dice(
    time: Res<Time>,
    boards: Query<&PatolliBoard>,
    mut display: ResMut<RollDisplay>,
    mut body: Query<&mut Transform, With<DieBody>>,
    mut pips: Query<(&Pip, &mut Visibility), Without<BeanMark>>,
    mut marks: Query<(&BeanMark, &mut Visibility), Without<Pip>>,
    mut caption: Query<(&mut Text2d, &mut TextColor), With<DiceCaption>>,
    mut redraws: MessageWriter<RequestRedraw>,
    referee: Option<Res<PatolliReferee>>,
    animation: Option<Res<crate::app::motion::Animation>>,
    language: Res<ChosenLanguage>,
) {
    let Some(board) = boards.iter().next() else {
        return;
    };
    let pace = animation.map_or_else(Default::default, |a| *a);
    display.elapsed += pace.advance(time.delta_secs());
    // At most two rolls wait (a lost turn and the next roll); older ones are dropped, so the
    // dice keep up with play.
    while display.queue.len() > 2 {
        display.queue.pop_front();
    }
    // A new roll replaces a settled one at once; only a lost turn's 0 is held a moment, so it
    // is seen before the opponent's roll. So the dice never fall behind the game.
    let due = match display.current {
        None => true,
        Some(shown) if shown.rolled.turn_lost => display.elapsed >= ROLL_SECONDS + HOLD_SECONDS,
        Some(_) => display.elapsed >= ROLL_SECONDS,
    };
    if due && let Some(next) = display.queue.pop_front() {
        display.current = Some(next);
        // Without animation a roll shows its value at once.
        display.elapsed = pace.advance(0.0);
    }
    if !display.is_settled() {
        // A held roll waits with nothing moving: the window must not fall asleep meanwhile.
        redraws.write(RequestRedraw);
    }
    let Some(shown) = display.current else {
        // Nothing rolled on screen yet: a match about to start, or a replay's position.
        let over = referee.is_some_and(|r| r.state().winner().is_some());
        let line = language.word(&Tr::new(if over {
            "dice-match-over"
        } else {
            "dice-referee-rolls"
        }));
        for (mut text, mut text_color) in &mut caption {
            if text.0 != line {
                text.0 = line.clone();
            }
            text_color.set_if_neq(TextColor(theme::TEXT_DIM));
        }
        return;
    };
    let max = board.rules.dice.max();
    let tumbling = display.elapsed < ROLL_SECONDS;
    let value = if tumbling {
        let tick = (display.elapsed / FLICKER_SECONDS) as u32;
        // A cheap shuffle of faces; what the dice really showed comes after.
        (tick.wrapping_mul(2_654_435_761) >> 16) as u8 % (max + 1)
    } else {
        shown.rolled.roll
    };
    for mut transform in &mut body {
        let angle = if tumbling {
            (display.elapsed * 40.0).sin() * 0.35
        } else {
            0.0
        };
        let rotation = Quat::from_rotation_z(angle);
        if transform.rotation != rotation {
            transform.rotation = rotation;
        }
    }
    for (pip, mut visibility) in &mut pips {
        visibility.set_if_neq(if pip_shows(pip.0, value) {
            Visibility::Inherited
        } else {
            Visibility::Hidden
        });
    }
    // The marked beans are spread over the row, starting at a place that changes per roll.
    let count = usize::from(max.max(1));
    let first = (shown.rolled.roll as usize * 3 + 1) % count;
    for (mark, mut visibility) in &mut marks {
        let position = (mark.0 + count - first) % count;
        visibility.set_if_neq(if position < usize::from(value) {
            Visibility::Inherited
        } else {
            Visibility::Hidden
        });
    }
    // In the text colour, not the player's: the caption names the player, and every player's
    // colour does not read as text on the window's background.
    let line = language.word(&caption_line(shown, tumbling));
    for (mut text, mut text_color) in &mut caption {
        if text.0 != line {
            text.0 = line.clone();
        }
        text_color.set_if_neq(TextColor(theme::TEXT));
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn shown(player: Player, roll: u8, turn_lost: bool, extra: bool) -> ShownRoll {
        ShownRoll {
            rolled: DiceRolled {
                player,
                roll,
                turn_lost,
            },
            extra,
        }
    }

    #[test]
    fn the_caption_puts_a_lost_turn_or_an_extra_roll_on_a_second_line() {
        let english = |line: Tr| line.in_language(crate::i18n::Language::English);
        assert_eq!(
            english(caption_line(shown(Player::N, 4, false, true), false)),
            "Player N rolled 4\nextra roll"
        );
        assert_eq!(
            english(caption_line(shown(Player::L, 0, true, false), false)),
            "Player L rolled 0\nturn lost"
        );
        assert_eq!(
            english(caption_line(shown(Player::L, 3, false, false), false)),
            "Player L rolled 3"
        );
        assert_eq!(
            english(caption_line(shown(Player::N, 3, false, true), true)),
            "Player N rolls…"
        );
    }
}
