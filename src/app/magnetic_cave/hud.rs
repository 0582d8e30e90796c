//! The panel beside the cave: seats, whose turn it is, the AI's thinking bar, refusals,
//! layout errors, the moves, and the Undo / New game / Menu buttons (keys U, N, Esc).

use bevy::prelude::*;

use super::referee::{
    AiThinking, CaveReferee, MatchStarted, MoveApplied, MoveRejected, MovesUndone,
};
use crate::app::layout::CaveLayout;
use crate::app::referee::{RematchRequested, UndoRequested};
use crate::app::{AppSystems, Screen, theme};
use crate::rules::Seat;
use crate::rules::magnetic_cave::{Brick, Outcome};

pub(super) fn plugin(app: &mut App) {
    app.init_resource::<LastRefusal>();
    app.add_systems(OnEnter(Screen::MagneticCave), spawn_hud);
    app.add_systems(
        Update,
        send_key_requests
            .in_set(AppSystems::RecordInput)
            .run_if(in_state(Screen::MagneticCave)),
    );
    app.add_systems(
        Update,
        (
            remember_refusals,
            show_status,
            show_thinking,
            show_message,
            show_moves,
            show_undo,
        )
            .chain()
            .in_set(AppSystems::Present)
            .run_if(in_state(Screen::MagneticCave)),
    );
}

/// The reason of the last refused request, shown until the next change.
#[derive(Resource, Debug, Default, Clone)]
struct LastRefusal(Option<String>);

#[derive(Component)]
struct StatusText;
#[derive(Component)]
struct SeatsText;
#[derive(Component)]
struct MessageText;
#[derive(Component)]
struct LayoutErrorText;
#[derive(Component)]
struct MovesText;

fn spawn_hud(mut commands: Commands) {
    commands
        .spawn((
            Name::new("Cave panel"),
            theme::side_panel(380.0),
            DespawnOnExit(Screen::MagneticCave),
        ))
        .with_children(|panel| {
            panel.spawn(theme::label("Magnetic Cave", 30.0, theme::TEXT));
            panel.spawn((SeatsText, theme::label("", 17.0, theme::TEXT_DIM)));
            panel.spawn((StatusText, theme::label("", 24.0, theme::TEXT)));
            panel.spawn(theme::thinking_bar());
            panel.spawn((MessageText, theme::label("", 17.0, theme::WARNING)));
            panel.spawn((LayoutErrorText, theme::label("", 15.0, theme::ERROR)));
            panel.spawn((MovesText, theme::label("", 16.0, theme::TEXT_DIM)));
            theme::spawn_match_buttons::<UndoRequested, RematchRequested>(panel);
        });
}

fn send_key_requests(
    keys: Res<ButtonInput<KeyCode>>,
    mut undo: MessageWriter<UndoRequested>,
    mut again: MessageWriter<RematchRequested>,
    mut next: ResMut<NextState<Screen>>,
) {
    if keys.just_pressed(KeyCode::KeyU) || keys.just_pressed(KeyCode::Backspace) {
        undo.write(UndoRequested);
    }
    if keys.just_pressed(KeyCode::KeyN) {
        again.write(RematchRequested);
    }
    if keys.just_pressed(KeyCode::Escape) {
        next.set(Screen::Menu);
    }
}

fn remember_refusals(
    mut refusals: MessageReader<MoveRejected>,
    mut applied: MessageReader<MoveApplied>,
    mut undone: MessageReader<MovesUndone>,
    mut started: MessageReader<MatchStarted>,
    mut last: ResMut<LastRefusal>,
) {
    let changed = applied.read().count() + undone.read().count() + started.read().count() > 0;
    if changed {
        last.0 = None;
    }
    if let Some(refusal) = refusals.read().last() {
        let text = match refusal.action {
            Some(cell) => format!("{cell}: {}", refusal.reason),
            None => refusal.reason.to_string(),
        };
        last.0 = Some(text);
    }
}

fn player_name(player: Brick) -> &'static str {
    match player {
        Brick::Black => "■ Black",
        Brick::White => "□ White",
    }
}

fn show_status(
    referee: Option<Res<CaveReferee>>,
    thinking: Option<Res<AiThinking>>,
    mut status: Single<&mut Text, (With<StatusText>, Without<SeatsText>)>,
    mut seats: Single<&mut Text, (With<SeatsText>, Without<StatusText>)>,
) {
    let Some(referee) = referee else {
        return;
    };
    let config = referee.state().config();
    let mut seats_line = format!(
        "{}x{} cave, {} in a line wins\n{}: {}    {}: {}",
        config.width(),
        config.height(),
        config.win_length(),
        player_name(Brick::Black),
        referee.setup().seats[0].title(),
        player_name(Brick::White),
        referee.setup().seats[1].title(),
    );
    if referee.setup().seats.contains(&Seat::Ai) {
        seats_line.push_str(&format!(
            "\nAI time per move: {:.1} s",
            referee.setup().budget.as_secs_f64()
        ));
    }
    let player = referee.state().to_move();
    let line = match referee.state().outcome() {
        Some(outcome @ Outcome::Win { .. }) => {
            format!("{outcome}\nPlay again (N) or go to the menu.")
        }
        Some(Outcome::Tie) => {
            "Tie: the cave is full.\nPlay again (N) or go to the menu.".to_string()
        }
        None if referee.paused() => format!(
            "Replay: {} to move\nStep with ◀ ▶; C plays on from here.",
            player_name(player)
        ),
        None if referee.seat_to_move() == Some(Seat::Ai) => match thinking {
            Some(t) => format!(
                "{} (AI) is thinking…\n{:.1} s of its budget left",
                player_name(player),
                t.remaining().as_secs_f32()
            ),
            None => format!("{} (AI) to move", player_name(player)),
        },
        None => format!("{} to move\nClick a highlighted cell.", player_name(player)),
    };
    if status.0 != line {
        status.0 = line;
    }
    if seats.0 != seats_line {
        seats.0 = seats_line;
    }
}

fn show_thinking(
    thinking: Option<Res<AiThinking>>,
    mut track: Single<&mut Visibility, With<theme::ThinkingTrack>>,
    mut bar: Single<&mut Node, With<theme::ThinkingBar>>,
) {
    let left = thinking.map(|t| t.remaining_fraction());
    theme::show_thinking_bar(left, &mut track, &mut bar);
}

fn show_message(
    last: Res<LastRefusal>,
    layout: Option<Res<CaveLayout>>,
    mut message: Single<&mut Text, (With<MessageText>, Without<LayoutErrorText>)>,
    mut error: Single<&mut Text, (With<LayoutErrorText>, Without<MessageText>)>,
) {
    theme::set_text(&mut message, last.0.clone().unwrap_or_default());
    let layout_error = layout.as_ref().and_then(|l| l.error.as_ref());
    theme::set_text(&mut error, theme::layout_error_line(layout_error));
}

fn show_moves(referee: Option<Res<CaveReferee>>, mut moves: Single<&mut Text, With<MovesText>>) {
    let Some(referee) = referee else {
        return;
    };
    let all = referee.state().moves();
    let mut lines = Vec::new();
    for (i, pair) in all.chunks(2).enumerate() {
        let white = pair.get(1).map(|c| format!("□ {c}")).unwrap_or_default();
        lines.push(format!("{:>2}. ■ {:<4} {white}", i + 1, pair[0]));
    }
    let shown = lines.len().saturating_sub(8);
    let text = if lines.is_empty() {
        "No moves yet.".to_string()
    } else {
        format!("Moves:\n{}", lines[shown..].join("\n"))
    };
    if moves.0 != text {
        moves.0 = text;
    }
}

fn show_undo(
    referee: Option<Res<CaveReferee>>,
    mut undo: Single<&mut Visibility, With<theme::UndoButton>>,
) {
    theme::show_undo_button(referee.is_some_and(|r| r.can_undo()), &mut undo);
}
