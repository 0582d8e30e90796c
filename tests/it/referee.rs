//! The referee systems in a headless Bevy app (`MinimalPlugins`), and layout hot reload.

use std::path::Path;
use std::time::{Duration, Instant};

use bevy::asset::AssetPlugin;
use bevy::ecs::message::{Message, Messages};
use bevy::prelude::*;
use bevy::state::app::StatesPlugin;
use bevy::time::TimeUpdateStrategy;

use tablero::ai::levels::AiLevels;
use tablero::app::layout_assets::{CaveLayout, register_levels_source};
use tablero::app::magnetic_cave::referee::{
    ActionApplied, ActionRejected, ActionRequested, CaveCell, CaveReferee, PlacedBrick, Refusal,
};
use tablero::app::referee::UndoRequested;
use tablero::app::search_task::AiPacing;
use tablero::app::{AppStart, GamePlugin, Screen};
use tablero::rules::Seat;
use tablero::rules::magnetic_cave::{Cell, Config, Illegal};
use tablero::setup::CaveMatch;

use crate::support::{ScratchDir, temp_dir};

fn c(name: &str) -> Cell {
    Cell::parse(name).expect("test cell")
}

/// A headless app playing `setup`, with its layout in `levels` (file watching as asked).
pub(crate) fn headless_app(levels: &Path, setup: CaveMatch, watch: bool) -> App {
    let start = AppStart::magnetic_cave(setup, levels.join("magnetic_cave.ron"));
    headless_app_from(levels, start, watch)
}

/// A headless app starting as `start` says, with its layouts in `levels`.
pub(crate) fn headless_app_from(levels: &Path, start: AppStart, watch: bool) -> App {
    headless_app_with(levels, start, watch, |_| {})
}

/// [`headless_app_from`] with `more` added to the app before its first update.
pub(crate) fn headless_app_with(
    levels: &Path,
    start: AppStart,
    watch: bool,
    more: impl FnOnce(&mut App),
) -> App {
    let mut app = App::new();
    register_levels_source(&mut app, &tablero::levels::Levels::folder(levels));
    app.add_plugins((
        MinimalPlugins,
        StatesPlugin,
        AssetPlugin {
            watch_for_changes_override: Some(watch),
            ..default()
        },
    ));
    app.insert_resource(TimeUpdateStrategy::ManualDuration(Duration::from_millis(
        16,
    )));
    app.insert_resource(start);
    app.add_plugins(GamePlugin);
    app.insert_resource(AiPacing::NONE);
    more(&mut app);
    for _ in 0..3 {
        app.update();
    }
    app
}

pub(crate) fn standard_levels(name: &str) -> ScratchDir {
    let dir = temp_dir(name);
    std::fs::write(
        dir.join("magnetic_cave.ron"),
        "MagneticCave(width: 8, height: 8, win_length: 5)",
    )
    .unwrap();
    dir
}

/// A scratch levels folder `name` with a copy of the repository's Penguins layout: the
/// folder, the copy's path and the layout it holds.
fn penguins_levels(
    name: &str,
) -> (
    ScratchDir,
    std::path::PathBuf,
    tablero::layout::PenguinsSetup,
) {
    let levels = crate::support::temp_dir(name);
    let path = levels.join("penguins.ron");
    std::fs::copy(crate::support::repo().join("levels/penguins.ron"), &path).unwrap();
    let layout = tablero::setup::load_penguins_layout(&path).unwrap();
    (levels, path, layout)
}

/// A Penguins match on `layout` (the file at `path`) with `seats`, one penguin each, and an
/// Easy AI with 1 s a move.
fn easy_penguins_start(
    layout: &tablero::layout::PenguinsSetup,
    path: &Path,
    seats: Vec<Seat>,
) -> AppStart {
    let setup = tablero::setup::PenguinsMatch::new(
        layout.clone(),
        seats,
        1,
        Duration::from_secs(1),
        tablero::ai::AiLevel::Easy,
        5,
    )
    .unwrap();
    AppStart::penguins(setup, path.to_path_buf())
}

pub(crate) fn messages<M: Message + Clone>(app: &App) -> Vec<M> {
    let messages = app.world().resource::<Messages<M>>();
    messages.get_cursor().read(messages).cloned().collect()
}

/// Places bricks on `cells` in turn, a human's request and a frame each.
pub(crate) fn play(app: &mut App, cells: &[&str]) {
    for cell in cells {
        app.world_mut().write_message(ActionRequested {
            action: c(cell),
            seat: Seat::Human,
        });
        app.update();
    }
}

fn bricks(app: &mut App) -> Vec<PlacedBrick> {
    let mut query = app.world_mut().query::<&PlacedBrick>();
    query.iter(app.world()).copied().collect()
}

fn referee(app: &App) -> &CaveReferee {
    app.world().resource::<CaveReferee>()
}

#[test]
fn a_move_request_is_applied_and_its_brick_stands_on_its_cell() {
    let levels = standard_levels("referee-apply");
    let mut app = headless_app(&levels, CaveMatch::default(), false);
    assert_eq!(
        *app.world().resource::<State<Screen>>().get(),
        Screen::MagneticCave
    );
    let mut cells = app.world_mut().query::<&CaveCell>();
    assert_eq!(cells.iter(app.world()).count(), 64);

    app.world_mut().write_message(ActionRequested {
        action: c("A1"),
        seat: Seat::Human,
    });
    app.update();
    assert_eq!(referee(&app).state().moves(), &[c("A1")]);
    let applied = messages::<ActionApplied>(&app);
    assert_eq!(applied.len(), 1);
    assert_eq!(applied[0].action, c("A1"));
    let placed = bricks(&mut app);
    assert_eq!(placed.len(), 1);
    assert_eq!(placed[0].cell, c("A1"));
    assert_eq!(
        placed[0].player,
        tablero::rules::magnetic_cave::Brick::Black
    );
}

#[test]
fn an_illegal_request_is_rejected_and_nothing_changes() {
    let levels = standard_levels("referee-reject");
    let mut app = headless_app(&levels, CaveMatch::default(), false);
    let before = referee(&app).state().clone();
    app.world_mut().write_message(ActionRequested {
        action: c("D4"),
        seat: Seat::Human,
    });
    app.update();
    let rejected = messages::<ActionRejected>(&app);
    assert_eq!(rejected.len(), 1);
    assert_eq!(
        rejected[0].reason,
        Refusal::Illegal(Illegal::NotStacked(c("D4")))
    );
    assert_eq!(referee(&app).state(), &before);
    assert!(bricks(&mut app).is_empty());
    assert!(messages::<ActionApplied>(&app).is_empty());
}

#[test]
fn a_human_cannot_move_for_the_ai() {
    let levels = standard_levels("referee-turn");
    let setup = CaveMatch::fresh(
        tablero::rules::magnetic_cave::Config::STANDARD,
        [Seat::Ai, Seat::Human],
        Duration::from_secs(30),
        tablero::ai::AiLevel::Hard,
    );
    let mut app = headless_app(&levels, setup, false);
    app.world_mut().write_message(ActionRequested {
        action: c("A1"),
        seat: Seat::Human,
    });
    app.update();
    let rejected = messages::<ActionRejected>(&app);
    assert!(matches!(rejected[0].reason, Refusal::NotYourTurn { .. }));
}

#[test]
fn undo_takes_back_the_last_move_and_its_brick() {
    let levels = standard_levels("referee-undo");
    let mut app = headless_app(&levels, CaveMatch::default(), false);
    for cell in ["A1", "H1"] {
        app.world_mut().write_message(ActionRequested {
            action: c(cell),
            seat: Seat::Human,
        });
        app.update();
    }
    app.world_mut().write_message(UndoRequested);
    app.update();
    assert_eq!(referee(&app).state().moves(), &[c("A1")]);
    app.update();
    assert_eq!(bricks(&mut app).len(), 1);
}

#[test]
fn the_ai_seat_moves_through_the_referee() {
    let levels = standard_levels("referee-ai");
    let setup = CaveMatch::fresh(
        tablero::rules::magnetic_cave::Config::STANDARD,
        [Seat::Human, Seat::Ai],
        Duration::from_millis(300),
        tablero::ai::AiLevel::Hard,
    );
    let mut app = headless_app(&levels, setup, false);
    app.world_mut().write_message(ActionRequested {
        action: c("A1"),
        seat: Seat::Human,
    });
    let start = Instant::now();
    while referee(&app).state().moves().len() < 2 && start.elapsed() < Duration::from_secs(10) {
        app.update();
        std::thread::sleep(Duration::from_millis(5));
    }
    assert_eq!(referee(&app).state().moves().len(), 2);
    assert_eq!(bricks(&mut app).len(), 2);
}

#[test]
fn the_menu_starts_a_match_at_the_chosen_ai_level_and_the_ai_plays_at_it() {
    use tablero::ai::AiLevel;
    use tablero::app::menu::MenuChoices;
    let levels = standard_levels("menu-level");
    let start = AppStart::menu(levels.to_path_buf());
    let mut app = headless_app_with(&levels, start, false, |app| {
        app.init_resource::<ButtonInput<KeyCode>>();
        app.add_plugins(tablero::app::menu::plugin);
    });
    assert_eq!(*app.world().resource::<State<Screen>>().get(), Screen::Menu);
    {
        let mut choices = app.world_mut().resource_mut::<MenuChoices>();
        choices.game = tablero::rules::GameKind::MagneticCave;
        choices.seats = [Seat::Ai, Seat::Human];
        choices.level = AiLevel::Easy;
    }
    app.world_mut()
        .resource_mut::<ButtonInput<KeyCode>>()
        .press(KeyCode::Enter);
    assert!(pump_until(&mut app, |app| {
        *app.world().resource::<State<Screen>>().get() == Screen::MagneticCave
            && app.world().get_resource::<CaveReferee>().is_some()
    }));
    let setup = referee(&app).setup().clone();
    assert_eq!(setup.level(), AiLevel::Easy);
    assert_eq!(setup.seats(), [Seat::Ai, Seat::Human]);
    // The easy AI (one move ahead) answers at once with greedy's move.
    assert!(pump_until(&mut app, |app| referee(app)
        .state()
        .moves()
        .len()
        == 1));
    let empty = tablero::rules::magnetic_cave::State::new(Config::STANDARD);
    let greedy = empty.greedy().expect("a move").best;
    assert_eq!(referee(&app).state().moves(), &[greedy]);
}

#[test]
fn the_menu_opens_with_the_choices_of_the_last_match_started_from_it() {
    use tablero::ai::AiLevel;
    use tablero::app::menu::MenuChoices;
    let levels = standard_levels("menu-memory");
    let file = levels.join("settings").join("menu.ron");
    let mut start = AppStart::menu(levels.to_path_buf());
    start.menu_memory = Some(file.clone());
    let menu_app = |start: &AppStart| {
        headless_app_with(&levels, start.clone(), false, |app| {
            app.init_resource::<ButtonInput<KeyCode>>();
            app.add_plugins(tablero::app::menu::plugin);
        })
    };
    // Nothing remembered yet: the defaults.
    let mut app = menu_app(&start);
    let defaults = MenuChoices::default();
    {
        let choices = app.world().resource::<MenuChoices>();
        assert_eq!(
            (choices.seats, choices.level),
            (defaults.seats, defaults.level)
        );
    }
    {
        let mut choices = app.world_mut().resource_mut::<MenuChoices>();
        choices.seats = [Seat::Human, Seat::Human];
        choices.level = AiLevel::Medium;
        choices.budget = Duration::from_secs_f64(1.5);
    }
    app.world_mut()
        .resource_mut::<ButtonInput<KeyCode>>()
        .press(KeyCode::Enter);
    assert!(pump_until(&mut app, |app| {
        app.world().get_resource::<CaveReferee>().is_some()
    }));
    assert!(file.exists(), "the choices were not remembered");

    // The next launch's menu opens with them.
    let app = menu_app(&start);
    let choices = app.world().resource::<MenuChoices>();
    assert_eq!(choices.seats, [Seat::Human, Seat::Human]);
    assert_eq!(choices.level, AiLevel::Medium);
    assert_eq!(choices.budget, Duration::from_secs_f64(1.5));

    // After `tablero play penguins`, Esc shows the menu set to that match: its game, seats,
    // penguins and, when an AI plays, its level and time; otherwise the remembered ones.
    let (penguins_dir, path, layout) = penguins_levels("menu-memory-penguins");
    let played_menu = |seats: Vec<Seat>| {
        let mut played = easy_penguins_start(&layout, &path, seats);
        played.menu_memory = Some(file.clone());
        let app = headless_app_with(&penguins_dir, played, false, |app| {
            app.init_resource::<ButtonInput<KeyCode>>();
            app.add_plugins(tablero::app::menu::plugin);
        });
        app.world().resource::<MenuChoices>().clone()
    };
    let choices = played_menu(vec![Seat::Human, Seat::Ai, Seat::Ai]);
    assert_eq!(choices.game, tablero::rules::GameKind::Penguins);
    assert_eq!(choices.seats, [Seat::Human, Seat::Ai]);
    assert_eq!(choices.more_seats, [Some(Seat::Ai), None]);
    assert_eq!(choices.penguins, 1);
    assert_eq!(choices.level, AiLevel::Easy);
    assert_eq!(choices.budget, Duration::from_secs(1));
    let choices = played_menu(vec![Seat::Human, Seat::Human]);
    assert_eq!(choices.seats, [Seat::Human, Seat::Human]);
    assert_eq!(choices.level, AiLevel::Medium);
    assert_eq!(choices.budget, Duration::from_secs_f64(1.5));

    // A broken file is no reason not to start: the defaults again, and the next start
    // writes a good file over it.
    std::fs::write(&file, "RememberedChoices(level: Impossible)").unwrap();
    let app = menu_app(&start);
    let choices = app.world().resource::<MenuChoices>();
    assert_eq!(
        (choices.seats, choices.level),
        (defaults.seats, defaults.level)
    );
}

/// Pumps the app until `done` holds, for at most ten seconds.
/// A headless app playing a hot-seat Patolli match on a copy of the assignment's cross,
/// `levels/patolli.ron` in the scratch folder `levels`, which it watches; pumped until the
/// match is on.
pub(crate) fn watched_patolli_cross(levels: &Path) -> App {
    use tablero::app::patolli::referee::PatolliReferee;
    use tablero::setup::PatolliMatch;
    let file = levels.join("patolli.ron");
    std::fs::copy(crate::support::repo().join("levels/patolli.ron"), &file)
        .expect("the cross is copied");
    let setup = PatolliMatch::new(
        tablero::setup::load_patolli_layout(&file).expect("the cross loads"),
        vec![Seat::Human, Seat::Human],
        Duration::from_millis(40),
        tablero::ai::AiLevel::Hard,
        3,
        vec![],
    )
    .expect("a valid setup");
    let mut app = headless_app_with(levels, AppStart::patolli(setup, file), true, |_| {});
    assert!(pump_until(&mut app, |app| app
        .world()
        .get_resource::<PatolliReferee>()
        .is_some_and(|r| r.state().track().len() == 60)));
    app
}

pub(crate) fn pump_until(app: &mut App, done: impl Fn(&App) -> bool) -> bool {
    let start = Instant::now();
    while start.elapsed() < Duration::from_secs(10) {
        app.update();
        if done(app) {
            return true;
        }
        std::thread::sleep(Duration::from_millis(20));
    }
    false
}

#[test]
fn hot_reload_rebuilds_the_board_and_a_broken_file_keeps_the_last_good_layout() {
    let levels = standard_levels("hot-reload");
    let file = levels.join("magnetic_cave.ron");
    let mut app = headless_app(&levels, CaveMatch::default(), true);
    assert!(pump_until(&mut app, |app| app
        .world()
        .get_resource::<CaveLayout>()
        .is_some_and(|l| l.config == Config::STANDARD)));
    // Let the watcher settle before editing the file.
    std::thread::sleep(Duration::from_millis(500));

    std::fs::write(&file, "MagneticCave(width: 10, height: 10, win_length: 6)").unwrap();
    let big = Config::new(10, 10, 6).unwrap();
    assert!(
        pump_until(&mut app, |app| referee(app).state().config() == big),
        "the board was not rebuilt"
    );
    app.update();
    let mut cells = app.world_mut().query::<&CaveCell>();
    assert_eq!(cells.iter(app.world()).count(), 100);

    std::thread::sleep(Duration::from_millis(500));
    std::fs::write(&file, "MagneticCave(\n  width: 10,\n  height 10,\n)").unwrap();
    assert!(
        pump_until(&mut app, |app| app
            .world()
            .resource::<CaveLayout>()
            .error
            .is_some()),
        "the broken file was not reported"
    );
    let layout = app.world().resource::<CaveLayout>();
    let typed = layout.error.clone().unwrap();
    let error = typed.to_string();
    // Named as the levels folder knows it, never by a path of the machine.
    assert!(error.starts_with("magnetic_cave.ron:3:9: "), "{error}");
    // The window words it in its language from the typed error.
    let words = tablero::app::layout_words::error_words(&typed);
    assert_eq!(
        words.in_language(tablero::i18n::Language::Spanish),
        "magnetic_cave.ron:3:9: aquí se espera `:`"
    );
    assert_eq!(
        words.in_language(tablero::i18n::Language::English),
        "magnetic_cave.ron:3:9: `:` is expected here"
    );
    assert_eq!(layout.config, big);
    assert_eq!(referee(&app).state().config(), big);
}

mod patolli {
    use std::sync::Arc;
    use std::time::Duration;

    use bevy::prelude::*;
    use tablero::app::Screen;
    use tablero::app::layout_assets::PatolliLayout;
    use tablero::app::patolli::referee::{
        ActionApplied, ActionRejected, ActionRequested, DiceRolled, MatchRequested, PatolliPiece,
        PatolliReferee, PatolliSquare, Refusal, TurnStarted,
    };
    use tablero::app::referee::{RematchRequested, UndoRequested};
    use tablero::layout::PatolliSetup;
    use tablero::rules::Seat;
    use tablero::rules::patolli::{Action, Illegal, Location, Phase, Piece, Player, Rules, Track};
    use tablero::setup::{CaveMatch, PatolliMatch};

    use super::{headless_app, messages, pump_until, standard_levels};

    fn p(label: char) -> Piece {
        Piece::from_label(label).expect("test label")
    }

    fn app_with_match(name: &str, rolls: Vec<u8>) -> App {
        app_with_seats(name, rolls, [Seat::Human, Seat::Human])
    }

    fn app_with_seats(name: &str, rolls: Vec<u8>, seats: [Seat; 2]) -> App {
        let levels = standard_levels(name);
        let mut app = headless_app(&levels, CaveMatch::default(), false);
        app.world_mut().write_message(MatchRequested::new(
            PatolliMatch::new(
                PatolliSetup {
                    track: Arc::new(Track::cross(7)),
                    rules: Rules::default(),
                },
                seats.to_vec(),
                Duration::from_millis(40),
                tablero::ai::AiLevel::Hard,
                7,
                rolls,
            )
            .expect("a valid setup"),
        ));
        app.update();
        app.update();
        app
    }

    fn referee(app: &App) -> &PatolliReferee {
        app.world().resource::<PatolliReferee>()
    }

    fn piece_entity(app: &mut App, piece: Piece) -> PatolliPiece {
        let mut query = app.world_mut().query::<&PatolliPiece>();
        *query
            .iter(app.world())
            .find(|p| p.piece == piece)
            .expect("every piece has an entity")
    }

    #[test]
    fn the_referee_rolls_applies_requests_and_keeps_pieces_in_step() {
        let mut app = app_with_match("patolli-referee", vec![3, 2, 0, 4]);
        let mut all = app.world_mut().query::<&PatolliPiece>();
        assert_eq!(all.iter(app.world()).count(), 12);
        assert_eq!(referee(&app).state().phase(), Phase::Act { roll: 3 });
        let rolled = messages::<DiceRolled>(&app);
        assert_eq!((rolled[0].player, rolled[0].roll), (Player::L, 3));
        assert_eq!(messages::<TurnStarted>(&app)[0].roll, Some(3));

        // The opening must place: a move is refused and nothing changes.
        let before = referee(&app).state().clone();
        app.world_mut().write_message(ActionRequested {
            action: Action::Move(p('A')),
            seat: Seat::Human,
        });
        app.update();
        assert_eq!(
            messages::<ActionRejected>(&app).last().unwrap().reason,
            Refusal::Illegal(Illegal::OpeningPlacement)
        );
        assert_eq!(referee(&app).state(), &before);

        let first = referee(&app).state().first_in_pool().expect("a full pool");
        app.world_mut().write_message(ActionRequested {
            action: Action::Place(first),
            seat: Seat::Human,
        });
        app.update();
        assert_eq!(piece_entity(&mut app, p('A')).location, Location::Track(23));
        assert_eq!(messages::<ActionApplied>(&app).len(), 1);
        // N rolled 2 at once and places; then L rolls 0 (turn lost) and N rolls 4.
        app.world_mut().write_message(ActionRequested {
            action: Action::Place(p('3')),
            seat: Seat::Human,
        });
        app.update();
        assert_eq!(piece_entity(&mut app, p('3')).location, Location::Track(53));
        app.update();
        let rolled = messages::<DiceRolled>(&app);
        assert!(
            rolled.iter().any(|r| r.player == Player::L && r.turn_lost),
            "{rolled:?}"
        );
        assert_eq!(referee(&app).state().to_move(), Player::N);
        assert_eq!(referee(&app).state().phase(), Phase::Act { roll: 4 });
    }

    #[test]
    fn the_ai_cannot_be_impersonated_and_undo_restores_the_position() {
        let mut app = app_with_match("patolli-undo", vec![3, 2]);
        app.world_mut().write_message(ActionRequested {
            action: Action::Pass,
            seat: Seat::Ai,
        });
        app.update();
        assert!(matches!(
            messages::<ActionRejected>(&app).last().unwrap().reason,
            Refusal::NotYourTurn {
                player: Player::L,
                ..
            }
        ));
        app.world_mut().write_message(ActionRequested {
            action: Action::Place(p('C')),
            seat: Seat::Human,
        });
        app.update();
        assert_eq!(piece_entity(&mut app, p('C')).location, Location::Track(23));
        app.world_mut().write_message(UndoRequested);
        app.update();
        assert_eq!(referee(&app).state().to_move(), Player::L);
        assert_eq!(referee(&app).state().phase(), Phase::Act { roll: 3 });
        assert_eq!(piece_entity(&mut app, p('C')).location, Location::Pool);
    }

    #[test]
    fn two_ai_seats_play_a_whole_match_through_the_referee() {
        let mut app = app_with_seats("patolli-ai", vec![], [Seat::Ai, Seat::Ai]);
        let start = std::time::Instant::now();
        while referee(&app).state().winner().is_none() && start.elapsed() < Duration::from_secs(120)
        {
            app.update();
        }
        let state = referee(&app).state().clone();
        let winner = state.winner().expect("the match ends");
        assert_eq!(state.score(winner), 6);
        assert!(messages::<ActionRejected>(&app).is_empty());
        let scored = state
            .pieces_in_play()
            .filter(|&p| piece_entity(&mut app, p).location == Location::Scored);
        assert_eq!(
            scored.count(),
            state.score(Player::L) + state.score(Player::N)
        );
    }

    #[test]
    fn a_patolli_match_gets_its_screen_and_squares_and_a_rematch_keeps_the_seats() {
        let mut app = app_with_seats("patolli-screen", vec![3], [Seat::Human, Seat::Ai]);
        assert_eq!(
            *app.world()
                .resource::<bevy::state::state::State<Screen>>()
                .get(),
            Screen::Patolli
        );
        let mut squares = app.world_mut().query::<&PatolliSquare>();
        assert_eq!(squares.iter(app.world()).count(), 60);
        let first = referee(&app).state().first_in_pool().expect("a full pool");
        app.world_mut().write_message(ActionRequested {
            action: Action::Place(first),
            seat: Seat::Human,
        });
        app.update();
        assert_eq!(referee(&app).actions_played(), 1);
        let seed = referee(&app).setup().seed();

        app.world_mut().write_message(RematchRequested);
        app.update();
        app.update();
        let again = referee(&app);
        assert_eq!(again.setup().seats(), [Seat::Human, Seat::Ai]);
        assert_ne!(again.setup().seed(), seed, "a new match gets new dice");
        assert_eq!(again.actions_played(), 0);
        assert!(Piece::all().all(|p| again.state().location(p) == Location::Pool));
        let mut squares = app.world_mut().query::<&PatolliSquare>();
        assert_eq!(
            squares.iter(app.world()).count(),
            60,
            "old squares are gone"
        );
    }

    #[test]
    fn saving_another_patolli_layout_restarts_on_it_and_a_broken_one_is_reported() {
        let levels = standard_levels("patolli-hot-reload");
        let file = levels.join("patolli.ron");
        let repo_levels = crate::support::repo().join("levels");
        let mut app = super::watched_patolli_cross(&levels);
        std::thread::sleep(Duration::from_millis(500));

        let small = std::fs::read_to_string(repo_levels.join("patolli_52.ron")).unwrap();
        std::fs::write(&file, small).unwrap();
        assert!(
            pump_until(&mut app, |app| referee(app).state().track().len() == 52),
            "the match did not restart on the 52-square cross"
        );
        app.update();
        let mut squares = app.world_mut().query::<&PatolliSquare>();
        assert_eq!(squares.iter(app.world()).count(), 52);

        std::thread::sleep(Duration::from_millis(500));
        std::fs::write(&file, "Patolli(\n  track: [(0, 0), (0, 1)\n").unwrap();
        assert!(
            pump_until(&mut app, |app| app
                .world()
                .resource::<PatolliLayout>()
                .error
                .is_some()),
            "the broken file was not reported"
        );
        let error = app
            .world()
            .resource::<PatolliLayout>()
            .error
            .clone()
            .unwrap()
            .to_string();
        assert!(error.contains("patolli.ron:"), "{error}");
        assert_eq!(
            referee(&app).state().track().len(),
            52,
            "the last good layout stays"
        );
    }
}

mod penguins {
    use std::time::Duration;

    use bevy::prelude::*;
    use tablero::app::Screen;
    use tablero::app::penguins::referee::{
        ActionRejected, ActionRequested, Floe, MatchRequested, Penguin, PenguinsReferee, Refusal,
    };
    use tablero::app::referee::UndoRequested;
    use tablero::layout::PenguinsSetup;
    use tablero::rules::Seat;
    use tablero::rules::penguins::{Action, Generator, Illegal, Phase};
    use tablero::setup::CaveMatch;
    use tablero::setup::PenguinsMatch;

    use super::{headless_app, messages, standard_levels};

    fn app_with_seats(name: &str, seats: Vec<Seat>) -> App {
        let levels = standard_levels(name);
        let mut app = headless_app(&levels, CaveMatch::default(), false);
        let layout = PenguinsSetup::Generated(Generator::default());
        app.world_mut().write_message(MatchRequested::new(
            PenguinsMatch::new(
                layout,
                seats,
                2,
                Duration::from_millis(150),
                tablero::ai::AiLevel::Hard,
                7,
            )
            .expect("a valid setup"),
        ));
        app.update();
        app.update();
        app
    }

    fn referee(app: &App) -> &PenguinsReferee {
        app.world().resource::<PenguinsReferee>()
    }

    /// On hex floes the window's helpers work as on squares: a hint is a legal slide along
    /// one of the six lines and changes nothing; the keyboard's targets are the floes the
    /// chosen penguin reaches, and Page Up from one leads to the floe up and to its right.
    #[test]
    fn hints_and_keys_work_on_hex_floes() {
        use std::time::Instant;
        use tablero::app::hint::{HintRequested, HintSearch, Hints};
        use tablero::app::keyboard::{KeyAct, KeyboardView, step};
        use tablero::app::penguins::referee::PenguinsBoard;
        use tablero::rules::penguins::{Grid, Pos, State};
        let levels = standard_levels("penguins-hex-hint");
        let mut app = headless_app(&levels, CaveMatch::default(), false);
        let layout = PenguinsSetup::Generated(Generator {
            grid: Grid::Hex,
            rows: 7,
            cols: 7,
            ..Generator::default()
        });
        app.world_mut().write_message(MatchRequested::new(
            PenguinsMatch::new(
                layout,
                vec![Seat::Human, Seat::Human],
                1,
                Duration::from_millis(200),
                tablero::ai::AiLevel::Hard,
                3,
            )
            .expect("a valid setup"),
        ));
        app.update();
        app.update();
        assert_eq!(referee(&app).state().board().grid(), Grid::Hex);
        for _ in 0..2 {
            let place = referee(&app).state().legal_actions()[0];
            app.world_mut().write_message(ActionRequested {
                action: place,
                seat: Seat::Human,
            });
            app.update();
        }
        let before = referee(&app).state().clone();
        assert_eq!(before.phase(), Phase::Movement);
        app.world_mut().write_message(HintRequested);
        app.update();
        let started = Instant::now();
        while app.world().contains_resource::<HintSearch<State>>() {
            assert!(started.elapsed() < Duration::from_secs(10), "no hint");
            std::thread::sleep(Duration::from_millis(10));
            app.update();
        }
        let hint = app
            .world()
            .resource::<Hints<State>>()
            .shown(referee(&app))
            .map(|hint| hint.action)
            .expect("a hint is shown");
        let Action::Move { from, to } = hint else {
            panic!("a slide, not {hint}");
        };
        assert!(before.board().reachable(from).contains(&to), "{hint}");
        assert_eq!(referee(&app).state(), &before, "a hint changes nothing");

        let board = PenguinsBoard {
            rows: 7,
            cols: 7,
            grid: Grid::Hex,
        };
        let (targets, _) = State::key_targets(&board, referee(&app), Some(from));
        let reachable = before.board().reachable(from);
        assert_eq!(targets.len(), reachable.len());
        // From a reached floe, Page Up's direction leads to its up-right neighbour when that
        // one is a target too.
        let up_right = |p: Pos| {
            let col = if p.row % 2 == 1 { p.col + 1 } else { p.col };
            p.row.checked_sub(1).map(|row| Pos::new(row, col))
        };
        let slant = Vec2::new(0.5, 0.866_025_4);
        let mut checked = 0;
        for (i, (at, act)) in targets.iter().enumerate() {
            let KeyAct::Act(Action::Move { to: here, .. }) = act else {
                continue;
            };
            let Some(next) = up_right(*here).filter(|p| reachable.contains(p)) else {
                continue;
            };
            let way = (board.position(next) - board.position(*here)).normalize();
            assert!(
                way.distance(slant) < 1e-3,
                "the hex line up and to the right is drawn at 60 degrees: {way}"
            );
            let j = step(&targets, *at, slant).expect("a target up and to the right");
            assert_eq!(
                targets[j].1,
                KeyAct::Act(Action::Move { from, to: next }),
                "from target {i}"
            );
            checked += 1;
        }
        assert!(
            checked > 0,
            "a slanted line of two floes or more was reached"
        );
    }

    fn entities<C: Component + Copy>(app: &mut App) -> Vec<C> {
        let mut query = app.world_mut().query::<&C>();
        query.iter(app.world()).copied().collect()
    }

    #[test]
    fn the_referee_places_moves_refuses_and_undoes_with_entities_in_step() {
        let mut app = app_with_seats("penguins-referee", vec![Seat::Human, Seat::Human]);
        assert_eq!(
            *app.world()
                .resource::<bevy::state::state::State<Screen>>()
                .get(),
            Screen::Penguins
        );
        let board = referee(&app).state().board().clone();
        let floes = board
            .positions()
            .filter(|&p| !board.get(p).is_water())
            .count();
        assert_eq!(entities::<Floe>(&mut app).len(), floes);

        // A two-fish floe is refused; nothing changes.
        let rich = board.positions().find(|&p| board.get(p).fish == 2).unwrap();
        app.world_mut().write_message(ActionRequested {
            action: Action::Place(rich),
            seat: Seat::Human,
        });
        app.update();
        assert_eq!(
            messages::<ActionRejected>(&app),
            vec![ActionRejected {
                action: Some(Action::Place(rich)),
                reason: Refusal::Illegal(Illegal::NotPlaceable(rich))
            }]
        );
        assert!(entities::<Penguin>(&mut app).is_empty());

        // Both players place twice.
        for _ in 0..4 {
            let pos = referee(&app).state().board().placement_floes()[0];
            app.world_mut().write_message(ActionRequested {
                action: Action::Place(pos),
                seat: Seat::Human,
            });
            app.update();
        }
        assert_eq!(referee(&app).state().phase(), Phase::Movement);
        assert_eq!(entities::<Penguin>(&mut app).len(), 4);

        // A slide: the penguin entity moves and the floe it left goes.
        let state = referee(&app).state().clone();
        let action = state.legal_actions()[0];
        let Action::Move { from, to } = action else {
            panic!("a move")
        };
        app.world_mut().write_message(ActionRequested {
            action,
            seat: Seat::Human,
        });
        app.update();
        let penguins = entities::<Penguin>(&mut app);
        assert!(penguins.iter().any(|p| p.pos == to));
        assert!(!penguins.iter().any(|p| p.pos == from));
        assert!(!entities::<Floe>(&mut app).iter().any(|f| f.0 == from));

        // Undo puts it back.
        app.world_mut().write_message(UndoRequested);
        app.update();
        app.update();
        assert_eq!(referee(&app).state(), &state);
        let penguins = entities::<Penguin>(&mut app);
        assert!(penguins.iter().any(|p| p.pos == from));
        assert!(entities::<Floe>(&mut app).iter().any(|f| f.0 == from));
    }

    #[test]
    fn ai_seats_play_a_whole_match_through_the_referee() {
        let mut app = app_with_seats("penguins-ai", vec![Seat::Ai, Seat::Ai, Seat::Ai]);
        let start = std::time::Instant::now();
        while referee(&app).state().phase() != Phase::Over
            && start.elapsed() < Duration::from_secs(120)
        {
            app.update();
        }
        let state = referee(&app).state().clone();
        assert_eq!(state.phase(), Phase::Over);
        assert!(messages::<ActionRejected>(&app).is_empty());
        let on_board = state
            .board()
            .positions()
            .filter(|&p| state.board().get(p).penguin.is_some())
            .count();
        assert_eq!(entities::<Penguin>(&mut app).len(), on_board);
    }
}

/// A headless hot-seat match with the cave's panel beside it.
fn app_with_panel(levels: &Path) -> App {
    let start = AppStart::magnetic_cave(CaveMatch::default(), levels.join("magnetic_cave.ron"));
    headless_app_with(
        levels,
        start,
        false,
        with_panel(tablero::app::magnetic_cave::hud::plugin),
    )
}

/// Adds a game's `panel` plugin to a headless app, with what a window would have given it:
/// the keyboard (the panels' keys read it, headless has none) and the text plugin's room for
/// writing into spans.
fn with_panel(panel: fn(&mut App)) -> impl FnOnce(&mut App) {
    move |app| {
        app.init_resource::<ButtonInput<KeyCode>>();
        app.init_resource::<bevy::text::TextIterScratch>();
        app.add_plugins(panel);
    }
}

/// The panel's status line and the brick beside it, as the headless app shows them.
fn status(app: &mut App) -> (String, Option<Color>) {
    use tablero::app::magnetic_cave::hud::StatusBrick;
    let mut bricks = app
        .world_mut()
        .query_filtered::<(&Node, &BackgroundColor), With<StatusBrick>>();
    let (node, fill) = bricks.single(app.world()).expect("one status brick");
    let brick = (node.display != Display::None).then_some(fill.0);
    let mut texts = app.world_mut().query::<&Text>();
    let line = texts
        .iter(app.world())
        .map(|t| t.0.clone())
        // The status line, not the cave's line (`8x8 cave, 5 in a line wins`).
        .filter(|t| !t.contains("in a line wins"))
        .find(|t| t.contains("to move") || t.contains("wins") || t.starts_with("Tie"))
        .expect("a status line");
    (line, brick)
}

#[test]
fn the_panel_shows_the_player_to_move_and_the_winner_with_their_bricks() {
    use tablero::app::theme::{BLACK_BRICK, WHITE_BRICK};
    let levels = standard_levels("referee-status");
    let mut app = app_with_panel(&levels);
    let (line, brick) = status(&mut app);
    assert!(line.starts_with("Black to move"), "{line}");
    assert_eq!(brick, Some(BLACK_BRICK));

    play(&mut app, &["A1"]);
    let (line, brick) = status(&mut app);
    assert!(line.starts_with("White to move"), "{line}");
    assert_eq!(brick, Some(WHITE_BRICK));

    play(&mut app, &["H1", "B1", "G1", "C1", "F1", "D1", "H2", "E1"]);
    let (line, brick) = status(&mut app);
    assert!(line.starts_with("Black wins: A1-E1"), "{line}");
    assert_eq!(brick, Some(BLACK_BRICK));
    // The moves list keeps each number and move in a cell of its own column.
    let mut texts = app.world_mut().query::<&Text>();
    let texts: Vec<String> = texts.iter(app.world()).map(|t| t.0.clone()).collect();
    for cell in ["1.", "A1", "H1", "4.", "D1", "H2", "5.", "E1"] {
        assert!(texts.iter().any(|t| t == cell), "no cell {cell}: {texts:?}");
    }
}

/// The panel's line of what the AI proved ("" when it shows none).
fn proof_text(app: &mut App) -> String {
    let mut texts = app.world_mut().query::<&Text>();
    let proofs: Vec<String> = texts
        .iter(app.world())
        .map(|t| t.0.clone())
        .filter(|t| t.starts_with("Proved"))
        .collect();
    assert!(proofs.len() <= 1, "{proofs:?}");
    proofs.into_iter().next().unwrap_or_default()
}

/// A headless match with the cave's panel in which Black, the AI at `level`, is to move and
/// wins with its third brick (the first of `tests/it/ai.rs`'s composed forced wins).
fn black_ai_wins_in_three(name: &str, level: tablero::ai::AiLevel) -> (ScratchDir, App) {
    let levels = standard_levels(name);
    let moves = "H2,H6,A2,H4,H3,A5,B5,G6,A3,A1,G3,G4,F4,F6,F3,H1,G2,B3,C3,D3,A4,B2,H8,E6,D6,B4,\
                 F2,A6,B1,C1,E4,D1";
    let setup = CaveMatch::new(
        tablero::rules::magnetic_cave::Config::STANDARD,
        [Seat::Ai, Seat::Human],
        Duration::from_secs(3),
        level,
        tablero::rules::magnetic_cave::parse_moves(moves).expect("test moves"),
    )
    .expect("a valid setup");
    let start = AppStart::magnetic_cave(setup, levels.join("magnetic_cave.ron"));
    let app = headless_app_with(
        &levels,
        start,
        false,
        with_panel(tablero::app::magnetic_cave::hud::plugin),
    );
    (levels, app)
}

#[test]
fn the_panel_says_what_the_ai_proved_until_the_match_moves_on() {
    let (_levels, mut app) = black_ai_wins_in_three("referee-proof", tablero::ai::AiLevel::Hard);
    if referee(&app).state().moves().len() == 32 {
        // The AI has not moved yet (its search may already have ended under load).
        assert_eq!(proof_text(&mut app), "");
    }
    assert!(pump_until(&mut app, |app| referee(app)
        .state()
        .moves()
        .len()
        == 33));
    app.update();
    assert_eq!(
        proof_text(&mut app),
        "Proved by the AI: Black wins with its next 2 bricks, whatever White plays."
    );
    // White answers: the proof was of the position before, so the line goes.
    let answer = referee(&app).state().legal_moves()[0];
    play(&mut app, &[&answer.to_string()]);
    assert_eq!(referee(&app).state().moves().len(), 34);
    assert_eq!(proof_text(&mut app), "");
}

#[test]
fn only_the_engine_s_proofs_are_told() {
    // White, the classroom player (medium), to move after Black's C6 has lost: its search
    // sees that, but scores on its own scale, so the panel tells nothing of it.
    let levels = standard_levels("referee-proof-medium");
    let moves = "H2,H6,A2,H4,H3,A5,B5,G6,A3,A1,G3,G4,F4,F6,F3,H1,G2,B3,C3,D3,A4,B2,H8,E6,D6,B4,\
                 F2,A6,B1,C1,E4,D1,C6";
    let setup = CaveMatch::new(
        tablero::rules::magnetic_cave::Config::STANDARD,
        [Seat::Human, Seat::Ai],
        Duration::from_secs(1),
        tablero::ai::AiLevel::Medium,
        tablero::rules::magnetic_cave::parse_moves(moves).expect("test moves"),
    )
    .expect("a valid setup");
    let start = AppStart::magnetic_cave(setup, levels.join("magnetic_cave.ron"));
    let mut app = headless_app_with(
        &levels,
        start,
        false,
        with_panel(tablero::app::magnetic_cave::hud::plugin),
    );
    assert!(pump_until(&mut app, |app| referee(app)
        .state()
        .moves()
        .len()
        == 34));
    app.update();
    assert_eq!(proof_text(&mut app), "");
}

#[test]
fn after_a_tie_the_panel_shows_no_brick() {
    let levels = standard_levels("referee-status-tie");
    let mut app = app_with_panel(&levels);
    let moves = crate::support::data("tie_8x8_5.txt");
    let cells: Vec<&str> = moves.split(',').map(str::trim).collect();
    play(&mut app, &cells);
    let (line, brick) = status(&mut app);
    assert!(line.starts_with("Tie: the cave is full"), "{line}");
    assert_eq!(brick, None);
}

#[test]
fn a_saved_penguins_layout_restarts_the_match_at_its_ai_level() {
    use tablero::ai::AiLevel;
    use tablero::app::layout_assets::LayoutChanged;
    use tablero::app::penguins::referee::PenguinsReferee;
    let (levels, path, layout) = penguins_levels("referee-penguins-level");
    let start = easy_penguins_start(&layout, &path, vec![Seat::Human, Seat::Ai]);
    let mut app = headless_app_from(&levels, start, false);
    let before = app.world().resource::<PenguinsReferee>().revision();
    app.world_mut()
        .write_message(LayoutChanged::<tablero::app::layout_assets::PenguinsGame>(
            layout,
        ));
    for _ in 0..3 {
        app.update();
    }
    let referee = app.world().resource::<PenguinsReferee>();
    assert!(referee.revision() > before, "the match restarted");
    assert_eq!(referee.setup().level(), AiLevel::Easy);
}

#[test]
fn the_penguins_panel_marks_each_player_in_its_colour_and_the_mover_with_the_arrow() {
    use tablero::app::penguins::board::player_color;
    use tablero::app::penguins::hud::PlayersText;
    use tablero::app::theme;
    let (levels, path, layout) = penguins_levels("referee-penguins-panel");
    let seats = vec![Seat::Human, Seat::Human, Seat::Human];
    let setup = tablero::setup::PenguinsMatch::new(
        layout,
        seats,
        1,
        Duration::from_millis(20),
        tablero::ai::AiLevel::Hard,
        5,
    )
    .unwrap();
    let start = AppStart::penguins(setup, path);
    let mut app = headless_app_with(
        &levels,
        start,
        false,
        with_panel(tablero::app::penguins::hud::plugin),
    );
    app.update();
    let mut root = app
        .world_mut()
        .query_filtered::<&Children, With<PlayersText>>();
    let spans: Vec<Entity> = root
        .single(app.world())
        .expect("one players text")
        .iter()
        .collect();
    let span = |app: &App, i: usize| {
        let entity = app.world().entity(spans[i]);
        let text = entity.get::<TextSpan>().expect("a span").0.clone();
        (text, entity.get::<TextColor>().expect("a colour").0)
    };
    // Three spans a player: the arrow (seen on the mover's line only), its dot, its line.
    for player in 1..=3u8 {
        let first = usize::from(player - 1) * 3;
        let (arrow, arrow_color) = span(&app, first);
        assert_eq!(arrow, "▶ ");
        assert_eq!(arrow_color == theme::PANEL, player != 1, "player {player}");
        assert_eq!(
            span(&app, first + 1),
            ("● ".to_string(), player_color(player))
        );
        let (line, _) = span(&app, first + 2);
        assert!(
            line.starts_with(&format!("{} human: 0 fish", (b'A' + player - 1) as char)),
            "{line}"
        );
    }
    // No fourth player: its spans are empty.
    assert_eq!(span(&app, 10).0, "");
}

/// A hint for the human to move: the engine's choice shows with a line of why, and the
/// position, the history and the record stay as they were; asked again for the same position
/// it answers in the same frame; a move made while the engine looks cancels the search.
#[test]
fn a_hint_shows_the_engines_choice_and_changes_nothing() {
    use tablero::app::hint::{HintRequested, HintSearch, Hints};
    type Cave = tablero::rules::magnetic_cave::State;
    let levels = standard_levels("referee-hint");
    let setup = CaveMatch::fresh(
        tablero::rules::magnetic_cave::Config::STANDARD,
        [Seat::Human, Seat::Human],
        Duration::from_millis(300),
        tablero::ai::AiLevel::Hard,
    );
    let mut app = headless_app(&levels, setup, false);
    // Black has A1-A4: White must block on A5.
    play(&mut app, &["A1", "H1", "A2", "H2", "A3", "H3", "A4"]);
    let (before, record, played) = {
        let referee = referee(&app);
        (
            referee.state().clone(),
            referee.record().clone(),
            referee.actions_played(),
        )
    };
    app.world_mut().write_message(HintRequested);
    app.update();
    assert!(app.world().contains_resource::<HintSearch<Cave>>());
    let started = Instant::now();
    while app.world().contains_resource::<HintSearch<Cave>>() {
        assert!(started.elapsed() < Duration::from_secs(10), "no hint");
        std::thread::sleep(Duration::from_millis(10));
        app.update();
    }
    let shown = |app: &App| {
        let hints = app.world().resource::<Hints<Cave>>();
        let referee = referee(app);
        (
            hints.shown(referee).map(|hint| hint.action),
            hints
                .line(referee)
                .map(|line| line.in_language(tablero::i18n::Language::English)),
        )
    };
    let (action, line) = shown(&app);
    assert_eq!(action, Some(c("A5")), "{line:?}");
    assert!(line.is_some_and(|l| l.starts_with("Hint: A5 — ")));
    let referee_now = referee(&app);
    assert_eq!(referee_now.state(), &before);
    assert_eq!(referee_now.record(), &record);
    assert_eq!(referee_now.actions_played(), played);

    // A move forgets the hint; back at the same position, asking again answers at once.
    play(&mut app, &["A5"]);
    assert_eq!(shown(&app).0, None);
    app.world_mut().write_message(UndoRequested);
    app.update();
    assert_eq!(referee(&app).state(), &before);
    app.world_mut().write_message(HintRequested);
    app.update();
    assert!(!app.world().contains_resource::<HintSearch<Cave>>());
    assert_eq!(shown(&app).0, Some(c("A5")));

    // A move while the engine looks cancels the search.
    play(&mut app, &["A5"]);
    app.world_mut().write_message(HintRequested);
    app.update();
    assert!(app.world().contains_resource::<HintSearch<Cave>>());
    play(&mut app, &["B1"]);
    app.update();
    assert!(!app.world().contains_resource::<HintSearch<Cave>>());
    assert_eq!(shown(&app), (None, None));
}

/// No hint on the AI's turn: the panel says why, and no search starts.
#[test]
fn a_hint_is_only_for_a_human_turn() {
    use tablero::app::hint::{HintRequested, HintSearch, Hints};
    type Cave = tablero::rules::magnetic_cave::State;
    let levels = standard_levels("referee-hint-ai");
    let setup = CaveMatch::fresh(
        tablero::rules::magnetic_cave::Config::STANDARD,
        [Seat::Human, Seat::Ai],
        Duration::from_secs(30),
        tablero::ai::AiLevel::Hard,
    );
    let mut app = headless_app(&levels, setup, false);
    play(&mut app, &["A1"]);
    app.world_mut().write_message(HintRequested);
    app.update();
    assert!(!app.world().contains_resource::<HintSearch<Cave>>());
    let line = app
        .world()
        .resource::<Hints<Cave>>()
        .line(referee(&app))
        .map(|line| line.in_language(tablero::i18n::Language::English));
    assert_eq!(
        line.as_deref(),
        Some("No hint: a hint is for a human's turn")
    );
}

/// The menu offers every board found for the chosen game by its name: a designer's new file
/// (named in its `name:` field) is one ◀ away, and the match starts on it.
#[test]
fn the_menu_chooses_among_the_boards_found_by_name() {
    use tablero::app::menu::step_board;
    let levels = standard_levels("menu-boards");
    std::fs::write(
        levels.join("big.ron"),
        "MagneticCave(name: \"Big\", width: 10, height: 10, win_length: 6)",
    )
    .unwrap();
    let start = AppStart::menu(levels.to_path_buf());
    let mut app = headless_app_with(&levels, start, false, |app| {
        app.init_resource::<ButtonInput<KeyCode>>();
        app.add_plugins(tablero::app::menu::plugin);
    });
    let cave = |app: &App| app.world().resource::<CaveLayout>().clone();
    // The cave's card draws the board chosen: its cells and the two walls' squares.
    let picture = |app: &mut App| {
        use tablero::app::menu::cards::BoardPicture;
        let mut pictures = app.world_mut().query::<(&BoardPicture, &Children)>();
        pictures
            .iter(app.world())
            .find(|(picture, _)| picture.0 == tablero::rules::GameKind::MagneticCave)
            .map_or(0, |(_, squares)| squares.len())
    };
    assert!(pump_until(&mut app, |app| cave(app).name == "magnetic_cave"));
    assert_eq!(picture(&mut app), 8 * 10);
    // The menu says where the boards come from, in words.
    let mut texts = app.world_mut().query::<&Text>();
    assert!(
        texts
            .iter(app.world())
            .any(|text| text.0.contains("boards from the layout's folder")),
        "the menu does not say where the boards come from"
    );
    app.world_mut()
        .run_system_cached_with(step_board, -1)
        .expect("the board steps");
    assert!(pump_until(&mut app, |app| cave(app).config.width() == 10));
    assert_eq!(cave(&app).name, "Big");
    app.update();
    assert_eq!(picture(&mut app), 10 * 12);
    app.world_mut()
        .resource_mut::<ButtonInput<KeyCode>>()
        .press(KeyCode::Enter);
    assert!(pump_until(&mut app, |app| {
        app.world().get_resource::<CaveReferee>().is_some()
    }));
    assert_eq!(referee(&app).setup().config().win_length(), 6);
}

/// On a Patolli board for four the menu seats G and M too: with G a human and M off, the
/// match seats L, N and G (the turn going L, G, N) and the board's M arm stays plain.
#[test]
fn the_menu_seats_patollis_third_and_fourth_players_or_leaves_them_off() {
    use tablero::app::menu::MenuChoices;
    use tablero::app::patolli::referee::PatolliReferee;
    use tablero::rules::patolli::Player;
    let levels = standard_levels("menu-patolli-4");
    std::fs::copy(
        crate::support::repo().join("levels/patolli_4.ron"),
        levels.join("patolli.ron"),
    )
    .unwrap();
    let start = AppStart::menu(levels.to_path_buf());
    let mut app = headless_app_with(&levels, start, false, |app| {
        app.init_resource::<ButtonInput<KeyCode>>();
        app.add_plugins(tablero::app::menu::plugin);
    });
    assert!(pump_until(&mut app, |app| {
        app.world()
            .get_resource::<tablero::app::layout_assets::PatolliLayout>()
            .is_some_and(|layout| layout.config.track.players().len() == 4)
    }));
    {
        let mut choices = app.world_mut().resource_mut::<MenuChoices>();
        choices.game = tablero::rules::GameKind::Patolli;
        choices.seats = [Seat::Human, Seat::Ai];
        choices.patolli_more_seats = [Some(Seat::Human), None];
    }
    app.update();
    app.world_mut()
        .resource_mut::<ButtonInput<KeyCode>>()
        .press(KeyCode::Enter);
    assert!(pump_until(&mut app, |app| {
        app.world().get_resource::<PatolliReferee>().is_some()
    }));
    let referee = app.world().resource::<PatolliReferee>();
    assert_eq!(
        referee.state().players(),
        &[Player::L, Player::G, Player::N]
    );
    assert_eq!(
        referee.setup().seats(),
        vec![Seat::Human, Seat::Ai, Seat::Human]
    );
    assert!(!referee.state().track().seats(Player::M));
}

/// A cave saved while a match with opening moves is on: the match starts again on the new
/// cave with the opening moves that still fit, and the panel's layout line names the others.
#[test]
fn a_saved_cave_keeps_the_opening_moves_that_fit_and_names_the_dropped_ones() {
    use tablero::app::layout_assets::{CaveGame, LayoutChanged};
    let levels = standard_levels("referee-cave-dropped");
    let moves = tablero::rules::magnetic_cave::parse_moves("A1,H1,A2,H8").expect("test moves");
    let setup = CaveMatch::new(
        Config::STANDARD,
        [Seat::Human, Seat::Human],
        Duration::from_secs(1),
        tablero::ai::AiLevel::Hard,
        moves,
    )
    .expect("legal opening moves");
    let mut app = headless_app(&levels, setup, false);
    app.update();
    let small = Config::new(8, 6, 5).expect("an 8x6 cave");
    app.world_mut()
        .write_message(LayoutChanged::<CaveGame>(small));
    for _ in 0..3 {
        app.update();
    }
    let referee = app.world().resource::<CaveReferee>();
    assert_eq!(referee.setup().config(), small);
    let kept: Vec<String> = referee
        .setup()
        .moves()
        .iter()
        .map(|c| c.to_string())
        .collect();
    assert_eq!(
        kept,
        ["A1", "H1", "A2"],
        "the moves before H8, which is off the cave"
    );
    assert_eq!(
        referee.state().moves().len(),
        3,
        "the match starts after them"
    );
    let note = app
        .world()
        .resource::<CaveLayout>()
        .note
        .as_ref()
        .map(|note| note.in_language(tablero::i18n::Language::English));
    assert_eq!(
        note.as_deref(),
        Some("The new cave dropped opening move H8: it no longer fits")
    );
}
