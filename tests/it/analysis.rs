//! Analysis after the match: `tablero analyse` on records the console wrote.

use serde_json::Value;

use crate::support::{run_tablero, temp_dir};

/// The decisions of `tablero analyse RECORD --json` with `budget`.
fn analysed(record: &std::path::Path, budget: &str) -> Vec<Value> {
    let record = record.to_str().expect("utf-8");
    let output = run_tablero(&["analyse", record, "--budget", budget, "--json"], "");
    let printed = String::from_utf8_lossy(&output.stdout).into_owned();
    assert!(
        output.status.success(),
        "{printed}{}",
        String::from_utf8_lossy(&output.stderr)
    );
    let analysis: Value = serde_json::from_str(&printed).expect("JSON");
    analysis["decisions"]
        .as_array()
        .expect("the decisions")
        .clone()
}

/// A cave record the console wrote in `dir` (`missed.ron`): Black fills A1 to A5 while White
/// plays H1 to H4, missing the block at A5.
pub(crate) fn missed_block_record(dir: &std::path::Path) -> std::path::PathBuf {
    let record = dir.join("missed.ron");
    let output = run_tablero(
        &[
            "console",
            "magnetic-cave",
            "--record",
            record.to_str().expect("utf-8"),
        ],
        "a1\nh1\na2\nh2\na3\nh3\na4\nh4\na5\n",
    );
    assert!(output.status.success());
    record
}

/// White lets Black's column of four stand (H4 instead of A5): a blunder, with the block
/// named; Black's winning brick is the engine's own choice, and the analysis leaves the record
/// as it was.
#[test]
fn a_missed_block_in_the_cave_is_a_blunder_that_names_the_block() {
    let dir = temp_dir("analyse-cave");
    let record = missed_block_record(&dir);
    let written = std::fs::read_to_string(&record).expect("the record");
    let decisions = analysed(&record, "0.2");
    assert_eq!(decisions.len(), 9);
    let missed = &decisions[7];
    assert_eq!(missed["player"], "white");
    assert_eq!(missed["decision"], "H4");
    assert_eq!(missed["judgement"], "Blunder", "{missed}");
    assert_eq!(missed["best"], "A5", "{missed}");
    assert_eq!(missed["after"]["proved"]["Loss"], 1, "{missed}");
    let won = &decisions[8];
    assert_eq!(won["after"]["proved"]["Win"], 0, "{won}");
    assert!(won["judgement"].is_null(), "{won}");
    assert_eq!(
        std::fs::read_to_string(&record).expect("the record"),
        written
    );

    // The table and the graph name it too.
    let output = run_tablero(
        &[
            "analyse",
            record.to_str().expect("utf-8"),
            "--budget",
            "0.1",
        ],
        "",
    );
    let printed = String::from_utf8_lossy(&output.stdout);
    assert!(
        printed
            .lines()
            .any(|line| line.contains("H4") && line.contains("blunder") && line.contains("A5")),
        "{printed}"
    );
    assert!(
        printed
            .lines()
            .any(|line| line.starts_with("white:") && line.ends_with(" 1 blunders")),
        "{printed}"
    );
}

/// The engine against itself on a small cave the search proves: no decision is a blunder.
#[test]
fn best_play_in_a_small_cave_has_no_blunder() {
    let dir = temp_dir("analyse-best");
    let layout = dir.join("small.ron");
    std::fs::write(&layout, "MagneticCave(width: 6, height: 5, win_length: 4)").expect("a layout");
    let record = dir.join("best.ron");
    let output = run_tablero(
        &[
            "console",
            "magnetic-cave",
            "--black",
            "ai",
            "--white",
            "ai",
            "--budget",
            "0.2",
            "--layout",
            layout.to_str().expect("utf-8"),
            "--record",
            record.to_str().expect("utf-8"),
        ],
        "",
    );
    assert!(output.status.success());
    let decisions = analysed(&record, "0.2");
    assert!(!decisions.is_empty());
    for decision in &decisions {
        assert_ne!(decision["judgement"], "Blunder", "{decision}");
    }
}

/// A record that does not replay is refused with its place, and nothing is analysed.
#[test]
fn a_broken_record_is_refused_at_its_place() {
    let dir = temp_dir("analyse-broken");
    let record = dir.join("broken.ron");
    std::fs::write(&record, "(game: MagneticCave,").expect("a file");
    let output = run_tablero(&["analyse", record.to_str().expect("utf-8")], "");
    assert!(!output.status.success());
    let said = String::from_utf8_lossy(&output.stderr);
    assert!(said.contains("broken.ron:1:"), "{said}");
}

mod patolli {
    use std::sync::Arc;
    use std::time::Duration;

    use tablero::analysis::Reviewed;
    use tablero::analysis::patolli::analyse;
    use tablero::record::Entry;
    use tablero::rules::patolli::{Action, Location, Piece, Player, Rules, State, Track};

    /// N to roll with 1 three squares behind L's A on the middle square 37, 2 far behind; L
    /// has scored all but A, N all but 1 and 2, so the capture decides much.
    fn capture_on_offer() -> State {
        let on_track = [('1', 34), ('2', 10), ('A', 37)]
            .into_iter()
            .map(|(label, square)| (label, Location::Track(square)));
        let scored = ['3', '4', '5', '6', 'B', 'C', 'D', 'E', 'F']
            .into_iter()
            .map(|label| (label, Location::Scored));
        let pieces: Vec<(Piece, Location)> = on_track
            .chain(scored)
            .map(|(label, at)| (Piece::from_label(label).expect("a label"), at))
            .collect();
        State::arranged(
            Arc::new(Track::cross(7)),
            Rules::default(),
            Player::N,
            &pieces,
        )
        .expect("a position")
    }

    /// The analysis of N rolling 3 and then doing `action`.
    fn weighed(action: Action) -> Reviewed {
        let start = capture_on_offer();
        let mut rolled = start.clone();
        rolled.roll(3).expect("a roll");
        let mut after = rolled.clone();
        after.apply(action).expect("a legal action");
        let entries = [Entry::Roll(3), Entry::Act(action.to_string(), 0)];
        let analysis = analyse(
            &[start, rolled, after],
            &entries,
            Duration::from_millis(200),
            &mut |_, _| true,
        )
        .expect("not stopped");
        assert_eq!(analysis.decisions.len(), 1);
        analysis.decisions[0].clone()
    }

    /// Passing with a capture on offer loses win chance: marked, with the capture named.
    #[test]
    fn a_pass_with_a_capture_on_offer_is_marked() {
        let passed = weighed(Action::Pass);
        assert_eq!(passed.entry, 1);
        assert_eq!(passed.player, "N");
        assert!(passed.judgement.is_some(), "{passed:?}");
        assert_eq!(passed.best.as_deref(), Some("move 1"), "{passed:?}");
    }

    /// The capture is the engine's choice, whatever the dice do next: no verdict, and its worth
    /// after is taken over the rolls to come.
    #[test]
    fn a_good_decision_is_not_marked_whatever_the_next_roll() {
        let captured = weighed(Action::Move(Piece::from_label('1').expect("a label")));
        assert_eq!(captured.judgement, None, "{captured:?}");
        assert_eq!(captured.best, None);
        assert!(
            (captured.before.chance - captured.after.chance).abs() < 0.07,
            "{captured:?}"
        );
    }
}

/// In the window (headless): *Analyse* on a finished match runs in the background, and a click
/// on the blunder's bar (its jump) turns the match into a replay at that position, with the
/// better brick said.
#[test]
fn a_jump_to_a_marked_decision_replays_its_position_and_names_the_better_brick() {
    use tablero::app::analysis::{AnalyseRequested, AnalysisJump, AnalysisView, strip_text};
    use tablero::app::magnetic_cave::referee::CaveReferee;
    use tablero::app::records::Replay;
    use tablero::rules::magnetic_cave::State;

    let levels = crate::referee::standard_levels("analysis-jump");
    let start = tablero::app::AppStart::magnetic_cave(
        tablero::setup::CaveMatch::default(),
        levels.join("magnetic_cave.ron"),
    );
    let mut app = crate::referee::headless_app_from(&levels, start, false);
    crate::referee::play(
        &mut app,
        &["A1", "H1", "A2", "H2", "A3", "H3", "A4", "H4", "A5"],
    );
    app.world_mut().write_message(AnalyseRequested);
    let started = std::time::Instant::now();
    // While it runs, the thinking bar's share left shrinks from 1 towards 0.
    let mut shares_left = Vec::new();
    while started.elapsed() < std::time::Duration::from_secs(120) {
        app.update();
        let view = app.world().get_resource::<AnalysisView>();
        shares_left.extend(view.and_then(AnalysisView::left));
        if view.is_some_and(|v| v.analysis.is_some()) {
            break;
        }
        std::thread::sleep(std::time::Duration::from_millis(20));
    }
    let view = app.world().resource::<AnalysisView>();
    let analysis = view.analysis.as_ref().expect("the analysis finished");
    assert!(
        shares_left.first().is_some_and(|&s| s > 0.5)
            && shares_left.windows(2).all(|w| w[1] <= w[0])
            && shares_left.last().is_some_and(|&s| s < 0.5)
            && view.left().is_none(),
        "{shares_left:?}"
    );
    let blunder = analysis
        .decisions
        .iter()
        .find(|r| r.judgement == Some(tablero::analysis::Judgement::Blunder))
        .expect("a blunder");
    assert_eq!((blunder.entry, blunder.decision.as_str()), (7, "H4"));
    app.world_mut().write_message(AnalysisJump(7));
    assert!(crate::referee::pump_until(&mut app, |app| {
        app.world()
            .get_resource::<Replay<State>>()
            .is_some_and(|r| r.shown() == 7)
            && app.world().resource::<CaveReferee>().state().moves().len() == 7
    }));
    let text = strip_text(app.world().resource::<AnalysisView>())
        .in_language(tablero::i18n::Language::English);
    assert!(
        text.contains("Move 8: white H4") && text.contains("blunder") && text.contains("A5"),
        "{text}"
    );
    // The better brick is drawn on the board as the hint is.
    assert!(crate::referee::pump_until(&mut app, |app| {
        let referee = app.world().resource::<CaveReferee>();
        app.world()
            .get_resource::<tablero::app::hint::Hints<State>>()
            .and_then(|hints| hints.shown(referee))
            .is_some_and(|hint| hint.action.to_string() == "A5")
    }));

    // Save keeps the analysis with the whole record; the record replays as before, and a
    // replay of it shows the analysis at once.
    let records = levels.join("records");
    app.insert_resource(tablero::app::records::RecordsFolder(records.clone()));
    app.world_mut()
        .write_message(tablero::app::records::SaveRecordRequested);
    app.update();
    let saved = std::fs::read_dir(&records)
        .expect("a records folder")
        .flatten()
        .next()
        .expect("a saved record")
        .path();
    let text = std::fs::read_to_string(&saved).expect("readable");
    assert!(text.contains("analysis:"), "{text}");
    let replayed = tablero::replay::load(&saved).unwrap_or_else(|e| panic!("{e}"));
    let record = replayed.record().clone();
    assert_eq!(record.moves.len(), 9);
    let mut without = record.clone();
    without.analysis = None;
    let (_, with_positions) = tablero::replay::replay::<State>(&record).expect("replays");
    let (_, without_positions) = tablero::replay::replay::<State>(&without).expect("replays");
    assert_eq!(with_positions, without_positions);
    let mut start = tablero::app::AppStart::magnetic_cave(
        <State as tablero::setup::Match>::setup_from_record(&record).expect("a setup"),
        levels.join("magnetic_cave.ron"),
    );
    start.resume = Some(record);
    start.replay = true;
    let mut again = crate::referee::headless_app_from(&levels, start, false);
    assert!(crate::referee::pump_until(&mut again, |app| {
        app.world().get_resource::<AnalysisView>().is_some_and(|v| {
            !v.is_running()
                && v.analysis
                    .as_ref()
                    .is_some_and(|a| a.count(tablero::analysis::Judgement::Blunder) == 1)
        })
    }));
}
