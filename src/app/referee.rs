//! The one referee of every game: the only systems that change a match. Written once over
//! [`AppGame`] (a [`Match`] that has a screen), as a thin Bevy wrapper over the headless
//! [`MatchRunner`]: they turn requests into the runner's calls (start, roll, apply, undo,
//! rematch) and announce what happened. Each game keeps its entities in step with these
//! announcements in its own `referee.rs` (see [`AppSystems::MirrorEntities`]).

use std::marker::PhantomData;
use std::path::PathBuf;
use std::time::Duration;

use bevy::ecs::system::SystemParam;
use bevy::prelude::*;

use crate::ai::{Deadline, SearchReport};
use crate::app::search_task::{AiPacing, AiReferee, ai_seat_plugin};
use crate::app::{AppStart, AppSystems, FirstMatch, Screen};
use crate::i18n::Tr;
use crate::record::{Record, RecordFile};
use crate::replay::{AnyRecordError, RecordError};
use crate::rules::{Game, Seat};
pub use crate::runner::Refusal;
use crate::runner::{Followed, MatchRunner, ResumeError, Rolled};
use crate::setup::Match;

/// A game as the app plays it: its match, and the screen it plays on.
pub trait AppGame: Match {
    /// The screen the game plays on.
    const SCREEN: Screen;
    /// `error` as a record error of any game, for the window to word (each game's `From`
    /// conversion in `replay`).
    fn any_record_error(error: RecordError<Self>) -> AnyRecordError;
    /// Why the rules refused an action, in words from its typed reason.
    fn illegal_words(reason: &Self::Illegal) -> Tr;
    /// The match the app opens with, when it is one of this game.
    fn first_match(first: &FirstMatch) -> Option<Self::Setup>;
    /// The least time an AI decision waits, so people can follow the game.
    fn pause(setup: &Self::Setup, pacing: &AiPacing) -> Duration;
    /// What the AI's search of this position proved, as the panel says it once the AI's
    /// decision is played (a forced win or a tie); `None` when the search only estimated.
    fn proof_line(&self, report: &SearchReport<Self::Action>) -> Option<crate::i18n::Tr> {
        let _ = report;
        None
    }
}

/// What the AI proved with its last decision ([`AppGame::proof_line`]), shown while the match
/// stands where that decision left it.
#[derive(Resource)]
pub struct AiProof<G: AppGame> {
    line: crate::i18n::Tr,
    revision: u64,
    game: PhantomData<fn() -> G>,
}

impl<G: AppGame> AiProof<G> {
    /// The line, while `referee`'s match has not changed since the AI's decision was played.
    pub fn line(&self, referee: &Referee<G>) -> Option<&crate::i18n::Tr> {
        (referee.revision() == self.revision).then_some(&self.line)
    }
}

/// The referee of `G` and its AI seat.
pub fn referee_plugin<G: AppGame>(app: &mut App) {
    app.init_resource::<MatchNotStarted>()
        .init_resource::<RemoteBroken>()
        .init_resource::<FromRemoteReferee<G>>()
        .init_resource::<ToRemoteReferee<G>>();
    app.add_message::<MatchRequested<G>>()
        .add_message::<ActionRequested<G>>()
        .add_message::<UndoRequested>()
        .add_message::<RematchRequested>()
        .add_message::<MatchStarted<G>>()
        .add_message::<DiceRolled<G>>()
        .add_message::<ActionApplied<G>>()
        .add_message::<ActionRejected<G>>()
        .add_message::<MovesUndone<G>>()
        .add_message::<TurnStarted<G>>()
        .add_message::<GameOver<G>>()
        .add_message::<RecordNotWritten>();
    app.add_systems(Startup, request_first_match::<G>);
    app.add_systems(
        Update,
        (
            turn_rematches_into_match_requests::<G>,
            start_requested_matches::<G>,
            apply_undo_requests::<G>,
            apply_action_requests::<G>,
            follow_remote_referee::<G>,
            roll_when_due::<G>,
            save_record::<G>,
        )
            .chain()
            .in_set(AppSystems::Referee),
    );
    app.add_systems(
        Update,
        publish_progress::<G>.in_set(AppSystems::MirrorEntities),
    );
    app.add_systems(OnExit(G::SCREEN), |mut commands: Commands| {
        commands.remove_resource::<Referee<G>>();
        commands.remove_resource::<AiProof<G>>();
    });
    ai_seat_plugin::<Referee<G>>(app);
}

/// The match in progress (a [`MatchRunner`]: its setup, the authoritative position, the
/// decisions that stand, the dice and the record), its revision and whether it is only shown.
/// Only the referee's systems change it.
#[derive(Resource)]
pub struct Referee<G: AppGame> {
    runner: MatchRunner<G>,
    /// The revision the match started at: the last match's next.
    first_revision: u64,
    paused: bool,
    /// The seats this window plays in a match refereed on another machine.
    remote: Option<Vec<usize>>,
}

/// Why the last match asked for did not start (a record it could not go on from, a host that
/// could not listen); the menu shows it. Cleared when a match starts.
#[derive(Resource, Debug, Clone, Default)]
pub struct MatchNotStarted(pub Option<Reason>);

/// Why a match did not start or stopped: words, or a record that does not replay (worded
/// where it is shown, by its game).
#[derive(Debug, Clone)]
pub enum Reason {
    /// Words.
    Words(Tr),
    /// A record that does not replay.
    Record(Box<AnyRecordError>),
}

impl<G: AppGame> Referee<G> {
    /// Why the decision `text` cannot be taken in this match now (a host refused it, saying
    /// only that the rules do); `None` when the position here allows it.
    pub fn why_refused(&self, text: &str) -> Option<crate::runner::FollowError<G>> {
        self.runner.why_refused(text)
    }

    /// A match of `setup` about to start, or going on where `resume` stands.
    ///
    /// # Errors
    /// A `resume` record that does not replay: no match is made of it.
    fn new(
        setup: G::Setup,
        resume: Option<Record>,
        revision: u64,
    ) -> Result<Referee<G>, ResumeError<G>> {
        let runner = match resume {
            Some(record) => MatchRunner::resume(setup, record)?,
            None => MatchRunner::new(setup),
        };
        Ok(Referee {
            runner,
            first_revision: revision,
            paused: false,
            remote: None,
        })
    }

    /// Whether the match is shown, not played (a replay): nobody decides or rolls.
    pub fn paused(&self) -> bool {
        self.paused
    }

    /// The seats this window plays when another machine referees the match (none when it
    /// only watches); `None` for a match refereed here.
    pub fn remote(&self) -> Option<&[usize]> {
        self.remote.as_deref()
    }

    /// Whether this window is to decide now in a match refereed elsewhere.
    fn remote_to_decide(&self, seats: &[usize]) -> bool {
        self.runner.seats_to_decide(seats)
    }

    /// Whether the match, refereed on another machine, waits for a player this window does
    /// not seat (a guest elsewhere, the host, or the host's AI).
    pub fn waits_for_another_machine(&self) -> bool {
        self.remote.as_deref().is_some_and(|own| {
            self.state().outcome().is_none()
                && self.state().to_move().is_some()
                && !self.runner.seats_to_decide(own)
        })
    }

    /// The seat index of the player to move, if any.
    pub fn seat_index_to_move(&self) -> Option<usize> {
        self.state().to_move().map(G::seat_index)
    }

    /// The position.
    pub fn state(&self) -> &G {
        self.runner.state()
    }

    /// How the match was set up.
    pub fn setup(&self) -> &G::Setup {
        self.runner.setup()
    }

    /// The match record so far: every roll and action with its time.
    pub fn record(&self) -> &Record {
        self.runner.record()
    }

    /// Who sits at `player`.
    pub fn seat(&self, player: G::Player) -> Seat {
        self.runner.seat(player)
    }

    /// Who sits at the player to move; `None` once the game is over.
    pub fn seat_to_move(&self) -> Option<Seat> {
        self.runner.seat_to_move()
    }

    /// Whether a seat of kind `seat` is to decide now (no roll is due, the game goes on, the
    /// match is played, not replayed).
    pub fn to_decide(&self, seat: Seat) -> bool {
        !self.paused && self.runner.to_decide(seat)
    }

    /// Whether a human is to decide now.
    pub fn human_to_move(&self) -> bool {
        self.to_decide(Seat::Human)
    }

    /// Whether undo would take something back: a human decided earlier in this match.
    pub fn can_undo(&self) -> bool {
        self.runner.can_undo()
    }

    /// Grows by one with every change to the match; an AI answer for an older revision is stale.
    pub fn revision(&self) -> u64 {
        self.first_revision + self.runner.changes()
    }

    /// The last decision that stands: who took it, what it was, and the position before it.
    pub fn last_decision(&self) -> Option<(G::Player, G::Action, &G)> {
        self.runner.last_decision()
    }

    /// Decisions that stand in this match (undone ones and a resumed record's not counted).
    pub fn actions_played(&self) -> usize {
        self.runner.actions_played()
    }

    /// The roll the player to move acts on, if the game has dice and it has rolled.
    pub fn roll_shown(&self) -> Option<u8> {
        self.runner.roll_shown()
    }
}

/// Start a match of `G` with `setup`, or go on from where a record of it stands.
#[derive(Message, Debug, Clone)]
pub struct MatchRequested<G: AppGame> {
    /// The match's setup.
    pub setup: G::Setup,
    /// A record of this match to go on from (its entries are replayed first).
    pub resume: Option<Record>,
    /// Show the position only (a replay): nobody decides or rolls until a new match starts.
    pub paused: bool,
    /// A match refereed on another machine ([`Remote`]): the seats this window plays.
    pub remote: Option<Vec<usize>>,
}

impl<G: AppGame> MatchRequested<G> {
    /// A new match of `setup`.
    pub fn new(setup: G::Setup) -> MatchRequested<G> {
        MatchRequested {
            setup,
            resume: None,
            paused: false,
            remote: None,
        }
    }
}

/// Do `action` for the player to move, asked by a seat of kind `seat` (a click or the AI).
#[derive(Message, Debug, PartialEq, Eq)]
pub struct ActionRequested<G: Game> {
    /// What to do.
    pub action: G::Action,
    /// Who asks.
    pub seat: Seat,
}

/// Take back the last human decision (and what the AI did after it), whatever the game.
#[derive(Message, Debug, Clone, Copy, Default)]
pub struct UndoRequested;

/// Play again with the same seats and layout, whatever the game.
#[derive(Message, Debug, Clone, Copy, Default)]
pub struct RematchRequested;

/// A match began (or began again after a layout change); its entities were rebuilt.
#[derive(Message, Debug, Clone, Copy)]
pub struct MatchStarted<G>(PhantomData<fn() -> G>);

impl<G> Default for MatchStarted<G> {
    fn default() -> Self {
        MatchStarted(PhantomData)
    }
}

/// The referee rolled for `player`.
#[derive(Message, Debug, PartialEq, Eq)]
pub struct DiceRolled<G: Game> {
    /// Whose roll.
    pub player: G::Player,
    /// The value.
    pub roll: u8,
    /// Whether it ended the turn (a Patolli 0).
    pub turn_lost: bool,
}

/// An action was applied.
#[derive(Message, Debug, Clone, PartialEq)]
pub struct ActionApplied<G: Game> {
    /// Who acted.
    pub player: G::Player,
    /// What it did.
    pub action: G::Action,
    /// What came of it (captures, extra rolls, fish, players skipped, a win).
    pub effect: G::Effect,
}

/// A request was refused.
#[derive(Message, Debug, Clone, PartialEq)]
pub struct ActionRejected<G: Game> {
    /// The action asked for, if it was one (not an undo).
    pub action: Option<G::Action>,
    /// Why.
    pub reason: Refusal<G>,
}

/// Decisions were taken back, last first.
#[derive(Message, Debug, Clone, PartialEq, Eq)]
pub struct MovesUndone<G: Game> {
    /// The actions undone, the last one first.
    pub actions: Vec<G::Action>,
}

/// A player is to decide (after the roll, in a game with dice).
#[derive(Message, Debug, PartialEq, Eq)]
pub struct TurnStarted<G: Game> {
    /// Who is to decide.
    pub player: G::Player,
    /// Human or AI.
    pub seat: Seat,
    /// The roll to act on, in a game with dice.
    pub roll: Option<u8>,
}

/// The match ended.
#[derive(Message, Debug, Clone, PartialEq)]
pub struct GameOver<G: Game>(pub G::Outcome);

/// How far the match on screen has come, whatever the game (the screenshot reads it).
#[derive(Resource, Debug, Clone, Default)]
pub struct MatchProgress {
    /// The screen of the match, once one is on.
    pub screen: Option<Screen>,
    /// Decisions that stand.
    pub actions_played: usize,
    /// Whether the game is over.
    pub over: bool,
    /// The game's JSON status line.
    pub status: String,
}

fn publish_progress<G: AppGame>(
    referee: Option<Res<Referee<G>>>,
    mut progress: ResMut<MatchProgress>,
) {
    if let Some(referee) = referee
        && referee.is_changed()
    {
        *progress = MatchProgress {
            screen: Some(G::SCREEN),
            actions_played: referee.actions_played(),
            over: referee.state().outcome().is_some(),
            status: referee.state().status_line(),
        };
    }
}

/// The record of the match could not be written where `--record` asked (said once a match;
/// the match goes on, and the file keeps the last record written).
#[derive(Message, Debug)]
pub struct RecordNotWritten {
    /// The record's file.
    pub path: PathBuf,
    /// Why.
    pub error: std::io::Error,
}

/// Where the window writes the record of the match as it goes (`play --record FILE`).
#[derive(Resource, Debug, Clone)]
pub struct RecordTo(pub PathBuf);

fn request_first_match<G: AppGame>(
    start: Option<Res<AppStart>>,
    mut requests: MessageWriter<MatchRequested<G>>,
) {
    let Some(start) = start else {
        return;
    };
    if let Some(setup) = start.first_match.as_ref().and_then(G::first_match) {
        requests.write(MatchRequested {
            setup,
            resume: start.resume.clone(),
            paused: start.replay,
            remote: None,
        });
    }
}

/// The referee's announcements, written together.
#[derive(SystemParam)]
struct Announcements<'w, G: AppGame> {
    started: MessageWriter<'w, MatchStarted<G>>,
    rolled: MessageWriter<'w, DiceRolled<G>>,
    applied: MessageWriter<'w, ActionApplied<G>>,
    rejected: MessageWriter<'w, ActionRejected<G>>,
    undone: MessageWriter<'w, MovesUndone<G>>,
    turns: MessageWriter<'w, TurnStarted<G>>,
    over: MessageWriter<'w, GameOver<G>>,
}

impl<G: AppGame> Announcements<'_, G> {
    /// Whose decision it is now, or how the game ended (nothing while a roll is due).
    fn turn_or_end(&mut self, referee: &Referee<G>) {
        if let Some(outcome) = referee.state().outcome() {
            self.over.write(GameOver(outcome));
        } else if referee.state().roll_due().is_none()
            && let Some(player) = referee.state().to_move()
        {
            self.turns.write(TurnStarted {
                player,
                seat: referee.seat(player),
                roll: referee.roll_shown(),
            });
        }
    }

    /// A roll: announced, and the turn when it did not pass the turn on.
    fn rolled(&mut self, referee: &Referee<G>, player: G::Player, roll: u8, turn_lost: bool) {
        self.rolled.write(DiceRolled {
            player,
            roll,
            turn_lost,
        });
        if !turn_lost {
            self.turn_or_end(referee);
        }
    }

    fn rejected(&mut self, action: Option<G::Action>, reason: Refusal<G>) {
        self.rejected.write(ActionRejected { action, reason });
    }
}

fn turn_rematches_into_match_requests<G: AppGame>(
    mut rematches: MessageReader<RematchRequested>,
    referee: Option<ResMut<Referee<G>>>,
    mut requests: MessageWriter<MatchRequested<G>>,
) {
    if rematches.read().count() == 0 {
        return;
    }
    // A match refereed on another machine has no rematch here: its host starts the next.
    if let Some(mut referee) = referee.filter(|r| r.remote.is_none()) {
        let setup = referee.runner.rematch();
        requests.write(MatchRequested::new(setup));
    }
}

fn start_requested_matches<G: AppGame>(
    mut commands: Commands,
    mut requests: MessageReader<MatchRequested<G>>,
    referee: Option<Res<Referee<G>>>,
    screen: Res<State<Screen>>,
    mut next_screen: ResMut<NextState<Screen>>,
    mut not_started: ResMut<MatchNotStarted>,
    mut announce: Announcements<G>,
) {
    let Some(MatchRequested {
        setup,
        resume,
        paused,
        remote,
    }) = requests.read().last().cloned()
    else {
        return;
    };
    let revision = referee.as_ref().map_or(0, |r| r.revision() + 1);
    let mut new = match Referee::<G>::new(setup, resume, revision) {
        Ok(new) => new,
        Err(e) => {
            // No fresh match in its place: the screen stays, and the menu says why.
            error!("the record does not replay: {e}");
            let reason = G::any_record_error(RecordError::Replay(e));
            not_started.0 = Some(Reason::Record(Box::new(reason)));
            return;
        }
    };
    if not_started.0.is_some() {
        not_started.0 = None;
    }
    new.paused = paused;
    new.remote = remote;
    announce.started.write(MatchStarted::default());
    announce.turn_or_end(&new);
    if *screen.get() != G::SCREEN {
        next_screen.set(G::SCREEN);
    }
    commands.insert_resource(new);
}

fn apply_undo_requests<G: AppGame>(
    mut requests: MessageReader<UndoRequested>,
    referee: Option<ResMut<Referee<G>>>,
    mut outbox: ResMut<ToRemoteReferee<G>>,
    mut announce: Announcements<G>,
) {
    let Some(mut referee) = referee else {
        requests.clear();
        return;
    };
    for _ in requests.read() {
        if referee.remote.is_some() {
            outbox.undo = true;
            continue;
        }
        match referee.runner.undo() {
            Ok(actions) => {
                announce.undone.write(MovesUndone { actions });
                announce.turn_or_end(&referee);
            }
            Err(reason) => announce.rejected(None, reason),
        }
    }
}

fn apply_action_requests<G: AppGame>(
    mut requests: MessageReader<ActionRequested<G>>,
    referee: Option<ResMut<Referee<G>>>,
    mut outbox: ResMut<ToRemoteReferee<G>>,
    mut announce: Announcements<G>,
) {
    let Some(mut referee) = referee else {
        requests.clear();
        return;
    };
    for request in requests.read() {
        if referee.paused {
            announce.rejected(Some(request.action), Refusal::Replaying);
            continue;
        }
        if let Some(seats) = &referee.remote {
            // The referee is another machine: the request goes there, and comes back as an
            // entry when it is played.
            if referee.remote_to_decide(seats) {
                outbox.decisions.push(request.action);
            } else if let Some(player) = referee.state().to_move() {
                announce.rejected(
                    Some(request.action),
                    Refusal::NotYourTurn {
                        player,
                        seated: Seat::Human,
                    },
                );
            }
            continue;
        }
        match referee.runner.apply(request.action, request.seat) {
            Ok(applied) => {
                announce.applied.write(ActionApplied {
                    player: applied.player,
                    action: applied.action,
                    effect: applied.effect,
                });
                announce.turn_or_end(&referee);
            }
            Err(reason) => announce.rejected(Some(request.action), reason),
        }
    }
}

/// Rolls for the player to move whenever a roll is due (scripted rolls first, then the
/// match's seeded dice).
fn roll_when_due<G: AppGame>(referee: Option<ResMut<Referee<G>>>, mut announce: Announcements<G>) {
    let Some(mut referee) = referee.filter(|r| !r.paused && r.remote.is_none()) else {
        return;
    };
    // A lost turn passes the roll to the next player at once; bound the loop by a few turns.
    for _ in 0..16 {
        match referee.runner.roll() {
            None => return,
            // A scripted roll the die cannot show is dropped; the next is drawn.
            Some(Rolled::Dropped(_)) => {}
            Some(Rolled::Rolled {
                player,
                roll,
                turn_lost,
            }) => announce.rolled(&referee, player, roll, turn_lost),
        }
    }
}

/// What another machine's referee did, waiting to be followed here (a match with
/// [`Referee::remote`]).
#[derive(Resource, Debug)]
pub struct FromRemoteReferee<G: AppGame> {
    /// Its entries and take-backs, in order.
    pub said: std::collections::VecDeque<RemoteSaid>,
    game: PhantomData<fn() -> G>,
}

impl<G: AppGame> Default for FromRemoteReferee<G> {
    fn default() -> Self {
        FromRemoteReferee {
            said: std::collections::VecDeque::new(),
            game: PhantomData,
        }
    }
}

/// One thing another machine's referee did.
#[derive(Debug, Clone, PartialEq)]
pub enum RemoteSaid {
    /// A roll or a decision, as the record keeps it.
    Entry(crate::record::Entry),
    /// Moves were taken back: the record keeps this many entries.
    Undone(usize),
}

/// Why an entry from another machine's referee (a host's) cannot be followed, in words from
/// its typed reason.
pub fn follow_words<G: AppGame>(error: &crate::runner::FollowError<G>) -> Tr {
    use crate::runner::FollowError;
    match error {
        FollowError::ChosenRoll { expected, found } => Tr::new("net-chosen-roll")
            .number("found", *found)
            .number("expected", *expected),
        FollowError::Roll { value, reason } => Tr::new("net-refused-roll")
            .number("roll", *value)
            .words("reason", G::illegal_words(reason)),
        FollowError::Unreadable { text, .. } => {
            Tr::new("net-unreadable-entry").text("action", text.clone())
        }
        FollowError::GameOver { text } => Tr::new("net-refused-entry")
            .text("action", text.clone())
            .words("reason", Tr::new("refusal-game-over")),
        FollowError::Illegal { text, reason } => Tr::new("net-refused-entry")
            .text("action", text.clone())
            .words("reason", G::illegal_words(reason)),
    }
}

/// What this window asks of another machine's referee: decisions, a request to take back moves.
#[derive(Resource, Debug)]
pub struct ToRemoteReferee<G: AppGame> {
    /// Decisions for this window's seats, in order.
    pub decisions: Vec<G::Action>,
    /// Whether the player asked to take back moves.
    pub undo: bool,
}

impl<G: AppGame> Default for ToRemoteReferee<G> {
    fn default() -> Self {
        ToRemoteReferee {
            decisions: Vec::new(),
            undo: false,
        }
    }
}

/// Why a match refereed on another machine cannot be followed (a roll it chose, an entry the
/// rules refuse): the window stops following it and says why.
#[derive(Resource, Debug, Clone, Default)]
pub struct RemoteBroken(pub Option<Reason>);

/// Follows what another machine's referee did, checking each entry as
/// [`MatchRunner::follow`] does, and announces it as if it had been played here.
fn follow_remote_referee<G: AppGame>(
    referee: Option<ResMut<Referee<G>>>,
    mut from: ResMut<FromRemoteReferee<G>>,
    mut broken: ResMut<RemoteBroken>,
    mut announce: Announcements<G>,
) {
    let Some(mut referee) = referee.filter(|r| r.remote.is_some()) else {
        return;
    };
    if broken.0.is_some() {
        from.said.clear();
        return;
    }
    while let Some(said) = from.said.pop_front() {
        match said {
            RemoteSaid::Entry(entry) => match referee.runner.follow(&entry) {
                Ok(Followed::Rolled(Rolled::Rolled {
                    player,
                    roll,
                    turn_lost,
                })) => announce.rolled(&referee, player, roll, turn_lost),
                Ok(Followed::Rolled(Rolled::Dropped(_))) => {}
                Ok(Followed::Applied(applied)) => {
                    announce.applied.write(ActionApplied {
                        player: applied.player,
                        action: applied.action,
                        effect: applied.effect,
                    });
                    announce.turn_or_end(&referee);
                }
                Err(e) => {
                    let reason = follow_words::<G>(&e);
                    broken.0 = Some(Reason::Words(
                        Tr::new("net-match-stops").words("reason", reason),
                    ));
                    from.said.clear();
                    return;
                }
            },
            RemoteSaid::Undone(entries) => {
                let mut kept = referee.runner.record().clone();
                if entries > kept.moves.len() {
                    broken.0 = Some(Reason::Words(Tr::new("net-unknown-take-back")));
                    return;
                }
                kept.moves.truncate(entries);
                kept.result = None;
                let setup = referee.runner.setup().clone();
                match MatchRunner::resume(setup, kept) {
                    Ok(runner) => {
                        referee.runner = runner;
                        announce.undone.write(MovesUndone {
                            actions: Vec::new(),
                        });
                        announce.turn_or_end(&referee);
                    }
                    Err(e) => {
                        let reason = G::any_record_error(RecordError::Replay(e));
                        broken.0 = Some(Reason::Record(Box::new(reason)));
                    }
                }
            }
        }
    }
}

/// Writes the record after every change when the window was asked to (`--record FILE`).
fn save_record<G: AppGame>(
    referee: Option<Res<Referee<G>>>,
    to: Option<Res<RecordTo>>,
    mut saved: Local<Option<u64>>,
    mut file: Local<Option<RecordFile>>,
    mut warned: Local<bool>,
    mut failures: MessageWriter<RecordNotWritten>,
) {
    let (Some(referee), Some(to)) = (referee.filter(|r| !r.paused), to) else {
        return;
    };
    if *saved == Some(referee.revision()) {
        return;
    }
    *saved = Some(referee.revision());
    if file.as_ref().is_none_or(|f| f.path() != to.0) {
        *file = Some(RecordFile::new(to.0.clone()));
    }
    let Some(file) = file.as_mut() else {
        return;
    };
    if let Err(error) = file.write(referee.record(), referee.runner.takebacks())
        && !std::mem::replace(&mut *warned, true)
    {
        error!("cannot write the record to {}: {error}", to.0.display());
        failures.write(RecordNotWritten {
            path: to.0.clone(),
            error,
        });
    }
}

impl<G: AppGame> AiReferee for Referee<G> {
    type Move = G::Action;
    const SCREEN: Screen = G::SCREEN;

    fn revision(&self) -> u64 {
        Referee::revision(self)
    }

    fn ai_to_move(&self) -> bool {
        // Another machine's AI decides in a match refereed there.
        self.remote.is_none() && self.to_decide(Seat::Ai)
    }

    fn budget(&self) -> Duration {
        G::budget(self.setup())
    }

    fn search(&self) -> impl FnOnce(&Deadline) -> Option<SearchReport<G::Action>> + Send + 'static {
        let state = self.state().clone();
        let level = G::level(self.setup());
        move |deadline| state.decide(level, deadline)
    }

    fn pause(&self, pacing: &AiPacing) -> Duration {
        G::pause(self.setup(), pacing)
    }

    fn decided(&self, report: &SearchReport<G::Action>, commands: &mut Commands) {
        let proof = G::level(self.setup())
            .scores_proofs()
            .then(|| self.state().proof_line(report))
            .flatten();
        match proof {
            // Applying the decision is the match's next change.
            Some(line) => commands.insert_resource(AiProof::<G> {
                line,
                revision: self.revision() + 1,
                game: PhantomData,
            }),
            None => commands.remove_resource::<AiProof<G>>(),
        }
    }

    fn request(action: G::Action, commands: &mut Commands) {
        commands.write_message(ActionRequested::<G> {
            action,
            seat: Seat::Ai,
        });
    }
}

impl<G: Game> Clone for ActionRequested<G> {
    fn clone(&self) -> Self {
        *self
    }
}

impl<G: Game> Copy for ActionRequested<G> {}

impl<G: Game> Clone for DiceRolled<G> {
    fn clone(&self) -> Self {
        *self
    }
}

impl<G: Game> Copy for DiceRolled<G> {}

impl<G: Game> Clone for TurnStarted<G> {
    fn clone(&self) -> Self {
        *self
    }
}

impl<G: Game> Copy for TurnStarted<G> {}
