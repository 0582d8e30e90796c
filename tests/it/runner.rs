//! The match runner every front end plays through: the seat check, undo back to the last
//! human decision, rolls and actions in the record, and a record it cannot go on from refused
//! with its place (no fresh match in its place, in the console and in the window).

use std::time::Duration;

use tablero::app::magnetic_cave::referee::{CaveReferee, MatchRequested};
use tablero::app::referee::MatchNotStarted;
use tablero::record::{Entry, Place};
use tablero::rules::magnetic_cave::{self, Cell};
use tablero::rules::{Game, Seat};
use tablero::runner::{MatchRunner, Refusal, Rolled};
use tablero::setup::{CaveMatch, Match};

use crate::referee::{headless_app, standard_levels};
use crate::support::{run_tablero, temp_dir};

fn c(name: &str) -> Cell {
    Cell::parse(name).expect("test cell")
}

#[test]
fn the_runner_checks_seats_records_actions_and_undoes_to_the_last_human_decision() {
    let setup = CaveMatch::fresh(
        tablero::rules::magnetic_cave::Config::STANDARD,
        [Seat::Human, Seat::Ai],
        tablero::ai::DEFAULT_BUDGET,
        tablero::ai::AiLevel::Hard,
    );
    let mut runner = MatchRunner::<magnetic_cave::State>::new(setup);
    assert!(runner.to_decide(Seat::Human));
    assert_eq!(runner.roll(), None, "Magnetic Cave has no dice");
    // The AI may not move for the human.
    assert!(matches!(
        runner.apply(c("A1"), Seat::Ai),
        Err(Refusal::NotYourTurn {
            seated: Seat::Human,
            ..
        })
    ));
    assert!(matches!(runner.undo(), Err(Refusal::NothingToUndo)));
    let applied = runner.apply(c("A1"), Seat::Human).expect("legal");
    assert_eq!(applied.action, c("A1"));
    assert!(matches!(
        runner.apply(c("D4"), Seat::Ai),
        Err(Refusal::Illegal(_))
    ));
    runner.apply(c("H1"), Seat::Ai).expect("legal");
    runner.apply(c("A2"), Seat::Human).expect("legal");
    runner.apply(c("H2"), Seat::Ai).expect("legal");
    assert_eq!(runner.record().moves.len(), 4);
    assert!(matches!(&runner.record().moves[3], Entry::Act(text, _) if text == "H2"));
    // Undo takes back the AI's move and the human's before it, and their entries.
    assert_eq!(runner.undo().expect("a human decided"), [c("H2"), c("A2")]);
    assert_eq!(runner.state().moves(), &[c("A1"), c("H1")]);
    assert_eq!(runner.record().moves.len(), 2);
    assert_eq!(runner.actions_played(), 2);
}

#[test]
fn rolls_are_drawn_applied_and_recorded_by_the_runner() {
    let board =
        tablero::setup::load_patolli_layout(&crate::support::repo().join("levels/patolli.ron"))
            .expect("the repository's layout");
    let setup = tablero::setup::PatolliMatch::new(
        board,
        vec![Seat::Human, Seat::Human],
        Duration::from_secs(1),
        tablero::ai::AiLevel::Hard,
        3,
        vec![2],
    )
    .expect("a match");
    let mut runner = MatchRunner::<tablero::rules::patolli::State>::new(setup);
    let mut rolled = None;
    for _ in 0..3 {
        match runner.roll() {
            Some(Rolled::Rolled { roll, .. }) => {
                rolled = Some(roll);
                break;
            }
            Some(Rolled::Dropped(_)) => {}
            None => break,
        }
    }
    let Some(roll) = rolled else {
        panic!("a roll was due at the start");
    };
    assert_eq!(runner.record().moves.last(), Some(&Entry::Roll(roll)));
    assert_eq!(runner.roll_shown(), Some(roll));
    assert_eq!(runner.roll(), None, "no second roll before the decision");
}

/// A record whose entry is illegal: the runner refuses it with its place, the console and
/// `--from` print FILE:LINE:COLUMN and exit non-zero, and the window starts no fresh match.
#[test]
fn a_record_that_does_not_replay_is_refused_with_its_place_everywhere() {
    let setup = CaveMatch::default();
    let mut record = magnetic_cave::State::record(&setup);
    record.moves.push(Entry::Act("A1".into(), 0));
    record.moves.push(Entry::Act("D5".into(), 0));
    let Err(error) = MatchRunner::<magnetic_cave::State>::resume(setup.clone(), record.clone())
    else {
        panic!("an illegal entry was replayed");
    };
    assert_eq!(error.place(), Place::Entry(1));
    assert!(error.to_string().contains("D5"), "{error}");
    // The console's --from.
    let dir = temp_dir("runner-bad-record");
    let file = dir.join("bad.ron");
    std::fs::write(&file, record.to_ron()).expect("write the record");
    let path = file.to_string_lossy().into_owned();
    let out = run_tablero(&["console", "magnetic-cave", "--from", &path], "");
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert!(!out.status.success(), "{stderr}");
    assert!(
        stderr.contains(&format!("{path}:")) && stderr.contains("D5"),
        "{stderr}"
    );
    // The window: no match of it, and the reason for the menu.
    let levels = standard_levels("runner-bad-record-window");
    let mut app = headless_app(&levels, setup.clone(), false);
    let revision = app.world().resource::<CaveReferee>().revision();
    app.world_mut().write_message(MatchRequested {
        setup,
        resume: Some(record),
        paused: false,
        remote: None,
    });
    app.update();
    app.update();
    let referee = app.world().resource::<CaveReferee>();
    assert_eq!(referee.revision(), revision, "no fresh match in its place");
    let not_started = app.world().resource::<MatchNotStarted>();
    let reason = not_started
        .0
        .as_ref()
        .map(tablero::app::match_view::reason_words)
        .expect("a reason for the menu");
    let english = reason.in_language(tablero::i18n::Language::English);
    assert!(english.contains("D5"), "{english}");
    // Worded from the typed error in the window's language.
    let spanish = reason.in_language(tablero::i18n::Language::Spanish);
    assert!(
        spanish.contains("D5") && spanish.contains("no está permitida aquí"),
        "{spanish}"
    );
    assert!(Game::outcome(referee.state()).is_none());
}
