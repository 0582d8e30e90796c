//! *Analyse* in the window, for every game: after a match or in a replay, A (or the button)
//! runs the analysis of the match's record as a background task (its progress in the strip,
//! A again cancels it; the board stays usable) and draws a graph of the win chance over the
//! match above the board: one bar a decision, the decider's win chance after it, inaccuracies,
//! mistakes and blunders in their colours. A click on a bar jumps the replay to the position
//! of that decision and says the engine's better decision and its line.

use std::sync::Arc;
use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};
use std::time::Duration;

use bevy::prelude::*;

use crate::app::language::ChosenLanguage;
use crate::i18n::Tr;
use bevy::tasks::{AsyncComputeTaskPool, Task, futures::check_ready};
use bevy::window::RequestRedraw;

use super::puzzles::PuzzleRun;
use super::records::Replay;
use super::referee::{AppGame, Referee};
use super::{AppSystems, Screen, theme};
use crate::analysis::replayed::analyse_replayed;
use crate::analysis::{Analysis, Judgement, Reviewed};
use crate::record::Record;

/// The engine's time for each position the window analyses.
pub const WINDOW_BUDGET: Duration = Duration::from_millis(500);
/// The graph's size in pixels.
const GRAPH: (f32, f32) = (380.0, 40.0);

/// An inaccuracy's bar.
pub const INACCURACY_COLOR: Color = theme::INACCURACY;
/// A mistake's bar.
pub const MISTAKE_COLOR: Color = theme::MISTAKE;
/// A blunder's bar.
pub const BLUNDER_COLOR: Color = theme::BLUNDER;
/// Colour of an unmarked decision's bar, by seat (first seat, others).
const PLAIN_COLORS: [Color; 2] = [theme::PLAIN_FIRST, theme::PLAIN_SECOND];

/// Start the analysis of the match on screen, or cancel the one running.
#[derive(Message, Debug, Clone, Copy, Default)]
pub struct AnalyseRequested;

/// Jump the replay to the position of decision `0` and say what the analysis found there.
#[derive(Message, Debug, Clone, Copy)]
pub struct AnalysisJump(pub usize);

/// An analysis running in the background.
struct Running {
    task: Task<Option<Analysis>>,
    done: Arc<AtomicUsize>,
    total: Arc<AtomicUsize>,
    cancel: Arc<AtomicBool>,
}

/// The analysis of the match on screen: running, or done.
#[derive(Resource)]
pub struct AnalysisView {
    /// The record analysed.
    pub record: Record,
    running: Option<Running>,
    /// The analysis, once done.
    pub analysis: Option<Analysis>,
    /// The decision last jumped to.
    pub selected: Option<usize>,
    pending_jump: Option<usize>,
    /// The decision whose better choice is drawn on the board.
    hinted: Option<usize>,
    /// Drawn bars are for this many decisions (0: not drawn yet).
    drawn: usize,
}

impl AnalysisView {
    /// Whether the analysis is still running.
    pub fn is_running(&self) -> bool {
        self.running.is_some()
    }

    /// The share of the decisions still to weigh while the analysis runs (the thinking bar
    /// shows it, as it shows an AI's time left).
    pub fn left(&self) -> Option<f32> {
        let running = self.running.as_ref()?;
        let total = running.total.load(Ordering::Relaxed).max(1);
        let done = running.done.load(Ordering::Relaxed).min(total);
        Some(1.0 - done as f32 / total as f32)
    }
}

/// The shared part: messages.
pub fn plugin(app: &mut App) {
    app.add_message::<AnalyseRequested>();
    app.add_message::<AnalysisJump>();
}

/// The analysis of game `G`'s matches (no renderer needed): the task and the jumps.
pub fn game_plugin<G: AppGame>(app: &mut App) {
    // `tablero replay FILE --analyse`: once the replay is on screen.
    app.add_systems(
        Update,
        (|start: Option<Res<super::AppStart>>,
          replay: Option<Res<Replay<G>>>,
          mut asked: Local<bool>,
          mut requests: MessageWriter<AnalyseRequested>| {
            if !*asked && replay.is_some() && start.is_some_and(|s| s.analyse) {
                *asked = true;
                requests.write(AnalyseRequested);
            }
        })
        .before(start_or_cancel::<G>)
        .in_set(AppSystems::RecordInput)
        .run_if(in_state(G::SCREEN)),
    );
    app.add_systems(OnExit(G::SCREEN), |mut commands: Commands| {
        commands.remove_resource::<AnalysisView>();
    });
    app.add_systems(
        Update,
        draw_better::<G>
            .after(AppSystems::Referee)
            .before(AppSystems::Present)
            .run_if(in_state(G::SCREEN)),
    );
    app.add_systems(
        Update,
        (
            adopt_saved_analysis::<G>,
            start_or_cancel::<G>,
            poll::<G>,
            jump::<G>,
        )
            .chain()
            .in_set(AppSystems::RecordInput)
            .run_if(in_state(G::SCREEN)),
    );
}

/// The strip on `G`'s screen: the button, the graph, the text, the A key.
pub fn view_plugin<G: AppGame>(app: &mut App) {
    app.add_systems(OnEnter(G::SCREEN), spawn_strip::<G>);
    app.add_systems(
        Update,
        (press_a, click_bars)
            .before(start_or_cancel::<G>)
            .in_set(AppSystems::RecordInput)
            .run_if(in_state(G::SCREEN)),
    );
    app.add_systems(
        Update,
        (draw_graph, show_strip)
            .chain()
            .in_set(AppSystems::Present)
            .run_if(in_state(G::SCREEN)),
    );
}

fn press_a(keys: Res<ButtonInput<KeyCode>>, mut requests: MessageWriter<AnalyseRequested>) {
    if keys.just_pressed(KeyCode::KeyA) {
        requests.write(AnalyseRequested);
    }
}

/// Starts the analysis of the record on screen (the replay's whole record, else the match's),
/// or cancels the one running.
fn start_or_cancel<G: AppGame>(
    mut commands: Commands,
    mut requests: MessageReader<AnalyseRequested>,
    view: Option<ResMut<AnalysisView>>,
    replay: Option<Res<Replay<G>>>,
    referee: Option<Res<Referee<G>>>,
) {
    if requests.read().count() == 0 {
        return;
    }
    if let Some(mut view) = view
        && let Some(running) = view.running.take()
    {
        running.cancel.store(true, Ordering::Relaxed);
        return;
    }
    let record = match (replay, referee) {
        (Some(replay), _) => replay.record().clone(),
        (None, Some(referee)) => referee.record().clone(),
        (None, None) => return,
    };
    let done = Arc::new(AtomicUsize::new(0));
    let total = Arc::new(AtomicUsize::new(record.moves.len()));
    let cancel = Arc::new(AtomicBool::new(false));
    let task = {
        let (record, done, total, cancel) =
            (record.clone(), done.clone(), total.clone(), cancel.clone());
        AsyncComputeTaskPool::get().spawn(async move {
            let replayed = crate::replay::replayed(record).ok()?;
            let mut progress = |d: usize, t: usize| {
                done.store(d, Ordering::Relaxed);
                total.store(t, Ordering::Relaxed);
                !cancel.load(Ordering::Relaxed)
            };
            analyse_replayed(&replayed, WINDOW_BUDGET, &mut progress)
        })
    };
    commands.insert_resource(AnalysisView {
        record,
        running: Some(Running {
            task,
            done,
            total,
            cancel,
        }),
        analysis: None,
        selected: None,
        pending_jump: None,
        hinted: None,
        drawn: 0,
    });
}

/// Collects the finished analysis, keeping it with the record (a replay's, or the one a jump
/// replays); keeps the window drawing while it runs.
fn poll<G: AppGame>(
    view: Option<ResMut<AnalysisView>>,
    replay: Option<ResMut<Replay<G>>>,
    mut redraws: MessageWriter<RequestRedraw>,
) {
    let Some(mut view) = view else {
        return;
    };
    let Some(running) = view.running.as_mut() else {
        return;
    };
    redraws.write(RequestRedraw);
    if let Some(result) = check_ready(&mut running.task) {
        view.running = None;
        view.drawn = 0;
        if let Some(analysis) = &result {
            view.record.analysis = Some(analysis.clone());
            if let Some(mut replay) = replay
                && replay.record().moves == view.record.moves
            {
                replay.keep_analysis(analysis.clone());
            }
        }
        view.analysis = result;
    }
}

/// A replayed record that holds an analysis shows it at once.
fn adopt_saved_analysis<G: AppGame>(
    mut commands: Commands,
    view: Option<Res<AnalysisView>>,
    replay: Option<Res<Replay<G>>>,
) {
    let (None, Some(replay)) = (view, replay) else {
        return;
    };
    let Some(analysis) = replay.record().analysis.clone() else {
        return;
    };
    commands.insert_resource(AnalysisView {
        record: replay.record().clone(),
        running: None,
        analysis: Some(analysis),
        selected: None,
        pending_jump: None,
        hinted: None,
        drawn: 0,
    });
}

/// Jumps the replay (made of the analysed record when the match was live) to a decision.
fn jump<G: AppGame>(
    mut commands: Commands,
    mut jumps: MessageReader<AnalysisJump>,
    view: Option<ResMut<AnalysisView>>,
    replay: Option<ResMut<Replay<G>>>,
) {
    let Some(mut view) = view else {
        jumps.clear();
        return;
    };
    if let Some(&AnalysisJump(entry)) = jumps.read().last() {
        view.pending_jump = Some(entry);
        view.selected = Some(entry);
    }
    let Some(entry) = view.pending_jump else {
        return;
    };
    match replay {
        Some(mut replay) => {
            replay.jump_to(entry);
            view.pending_jump = None;
        }
        None => commands.insert_resource(Replay::<G>::of_record(view.record.clone())),
    }
}

/// Once the replay shows the position a jump asked for, draws the engine's better decision
/// there as the hint draws it (with the analysis's line).
fn draw_better<G: AppGame>(
    view: Option<ResMut<AnalysisView>>,
    replay: Option<Res<Replay<G>>>,
    referee: Option<Res<Referee<G>>>,
    hints: Option<ResMut<super::hint::Hints<G>>>,
) {
    let (Some(mut view), Some(replay), Some(referee), Some(mut hints)) =
        (view, replay, referee, hints)
    else {
        return;
    };
    let Some(entry) = view.selected.filter(|&e| view.hinted != Some(e)) else {
        return;
    };
    if replay.shown() != entry || referee.record().moves.len() != entry {
        return;
    }
    view.hinted = Some(entry);
    let Some(reviewed) = view
        .analysis
        .as_ref()
        .and_then(|a| a.decisions.iter().find(|r| r.entry == entry))
    else {
        return;
    };
    let (Some(best), Some(line)) = (&reviewed.best, &reviewed.line) else {
        return;
    };
    let Ok(action) = <G as crate::record::Recorded>::parse_action(best) else {
        return;
    };
    hints.show(
        referee.revision(),
        super::hint::Hint {
            position: referee.state().clone(),
            action,
            // The analysis's own words, as the record keeps them.
            line: Tr::new("hint-analysis-line").text("line", line.clone()),
        },
    );
}

/// The strip above the board.
#[derive(Component)]
struct AnalysisStrip;

/// The graph's box, whose children are the bars.
#[derive(Component)]
struct AnalysisGraph;

/// The strip's text.
#[derive(Component)]
struct AnalysisText;

fn spawn_strip<G: AppGame>(mut commands: Commands) {
    // Patolli's players' cards stand on the left, above and below the dice: the strip starts
    // beside them.
    let (left, width, graph_width) = if G::SCREEN == Screen::Patolli {
        (226.0, 640.0, 220.0)
    } else {
        (24.0, 840.0, GRAPH.0)
    };
    commands
        .spawn((
            Name::new("Analysis strip"),
            AnalysisStrip,
            theme::InDesignArea,
            crate::app::text_size::BoardBar::Last,
            DespawnOnExit(G::SCREEN),
            Node {
                position_type: PositionType::Absolute,
                left: px(left),
                top: px(4),
                width: px(width),
                height: px(GRAPH.1 + 4.0),
                column_gap: px(10),
                align_items: AlignItems::Center,
                ..default()
            },
        ))
        .with_children(|strip| {
            strip
                .spawn(theme::tr_sized_button(
                    Tr::new("analysis-analyse"),
                    110.0,
                    30.0,
                    15.0,
                ))
                .observe(
                    |_: On<Pointer<Click>>, mut requests: MessageWriter<AnalyseRequested>| {
                        requests.write(AnalyseRequested);
                    },
                );
            strip.spawn((
                AnalysisGraph,
                Node {
                    width: px(graph_width),
                    max_width: percent(100),
                    height: px(GRAPH.1),
                    align_items: AlignItems::End,
                    column_gap: px(1),
                    flex_shrink: 0.0,
                    ..default()
                },
                BackgroundColor(theme::PANEL),
            ));
            strip.spawn((
                AnalysisText,
                theme::label("", 13.0, theme::TEXT),
                Node {
                    flex_grow: 1.0,
                    ..default()
                },
            ));
        });
}

/// The colour of a decision's bar.
pub fn bar_color(reviewed: &Reviewed) -> Color {
    match reviewed.judgement {
        Some(Judgement::Blunder) => BLUNDER_COLOR,
        Some(Judgement::Mistake) => MISTAKE_COLOR,
        Some(Judgement::Inaccuracy) => INACCURACY_COLOR,
        None => PLAIN_COLORS[usize::from(reviewed.seat != 0)],
    }
}

/// One bar of the graph: decision `0`.
#[derive(Component, Debug, Clone, Copy)]
pub struct AnalysisBar(pub usize);

fn draw_graph(
    mut commands: Commands,
    view: Option<ResMut<AnalysisView>>,
    graphs: Query<(Entity, &ComputedNode), With<AnalysisGraph>>,
) {
    let Some(mut view) = view else {
        return;
    };
    let Some(analysis) = &view.analysis else {
        return;
    };
    let count = analysis.decisions.len();
    if view.drawn == count.max(1) {
        return;
    }
    for (graph, node) in &graphs {
        // The box's width as laid out (the UI's scale undone); before the first layout, the
        // widest it is.
        let room = node.size().x * node.inverse_scale_factor();
        if room <= 0.0 {
            // Not laid out yet: drawn in a later frame.
            return;
        }
        // A bar a decision while they fit (a bar and a gap of a pixel at least); in a long
        // match a bar stands for a run of decisions and shows the worst of them (the last
        // when none is marked), and a click goes to that one.
        let fit = ((room / 2.0).floor() as usize).max(1);
        let per_bar = count.div_ceil(fit).max(1);
        let bars = count.div_ceil(per_bar);
        let width = ((room - bars as f32) / bars.max(1) as f32).clamp(1.0, 12.0);
        commands.entity(graph).despawn_related::<Children>();
        let shown = (0..count).collect::<Vec<_>>();
        for run in shown.chunks(per_bar) {
            let Some(&index) = run
                .iter()
                .max_by_key(|&&i| (severity(analysis.decisions[i].judgement), i))
            else {
                continue;
            };
            let reviewed = &analysis.decisions[index];
            // A marked decision stays visible however low its chance fell.
            let least = if reviewed.judgement.is_some() {
                8.0
            } else {
                2.0
            };
            let height = (reviewed.after.chance.clamp(0.0, 1.0) as f32 * GRAPH.1).max(least);
            commands.entity(graph).with_child((
                AnalysisBar(index),
                Button,
                Node {
                    width: px(width),
                    height: px(height),
                    flex_shrink: 0.0,
                    ..default()
                },
                BackgroundColor(bar_color(reviewed)),
            ));
        }
    }
    view.drawn = count.max(1);
}

/// How bad a verdict is: a blunder most.
fn severity(judgement: Option<Judgement>) -> u8 {
    match judgement {
        Some(Judgement::Blunder) => 3,
        Some(Judgement::Mistake) => 2,
        Some(Judgement::Inaccuracy) => 1,
        None => 0,
    }
}

/// A click on a bar jumps there (bars are spawned with no observer: they come and go).
pub fn click_bars(
    bars: Query<(&Interaction, &AnalysisBar), Changed<Interaction>>,
    mut jumps: MessageWriter<AnalysisJump>,
) {
    for (interaction, bar) in &bars {
        if *interaction == Interaction::Pressed {
            jumps.write(AnalysisJump(bar.0));
        }
    }
}

/// What the strip says: the progress, or the selected decision, or the counts.
pub fn strip_text(view: &AnalysisView) -> Tr {
    if let Some(running) = &view.running {
        return Tr::new("analysis-running")
            .number("done", running.done.load(Ordering::Relaxed))
            .number("total", running.total.load(Ordering::Relaxed))
            .number("seconds", WINDOW_BUDGET.as_secs_f64());
    }
    let Some(analysis) = &view.analysis else {
        return Tr::new("analysis-stopped");
    };
    let selected = view
        .selected
        .and_then(|entry| analysis.decisions.iter().find(|r| r.entry == entry));
    match selected {
        Some(r) => {
            let verdict = match r.judgement {
                Some(Judgement::Blunder) => "blunder",
                Some(Judgement::Mistake) => "mistake",
                Some(Judgement::Inaccuracy) => "inaccuracy",
                None => "fine",
            };
            let better = match (&r.best, &r.line) {
                (Some(_), Some(line)) => line.clone(),
                _ => "none".to_string(),
            };
            Tr::new("analysis-decision")
                .number("move", r.entry + 1)
                .text("player", r.player.to_string())
                .text("decision", r.decision.clone())
                .text("verdict", verdict)
                .text("better", better)
        }
        None => {
            let count = |j: Judgement| {
                analysis
                    .decisions
                    .iter()
                    .filter(|r| r.judgement == Some(j))
                    .count()
            };
            Tr::new("analysis-counts")
                .number("blunders", count(Judgement::Blunder))
                .number("mistakes", count(Judgement::Mistake))
                .number("inaccuracies", count(Judgement::Inaccuracy))
        }
    }
}

fn show_strip(
    view: Option<Res<AnalysisView>>,
    puzzle: Option<Res<PuzzleRun>>,
    mut strips: Query<&mut Visibility, With<AnalysisStrip>>,
    mut texts: Query<&mut Text, With<AnalysisText>>,
    language: Res<ChosenLanguage>,
) {
    // Puzzles have their own bar there.
    let shown = if puzzle.is_some() {
        Visibility::Hidden
    } else {
        Visibility::Inherited
    };
    for mut visibility in &mut strips {
        visibility.set_if_neq(shown);
    }
    let content = language.word(
        &view
            .as_deref()
            .map_or_else(|| Tr::new("analysis-offer"), strip_text),
    );
    for mut text in &mut texts {
        theme::set_text(&mut text, content.clone());
    }
}
