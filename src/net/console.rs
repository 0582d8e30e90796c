//! The terminal's network matches: `tablero console GAME --host` referees a match for guests
//! (its own seats played at its keyboard or by its AI), `tablero console --join INVITATION`
//! plays or watches one. Both speak the console's words ([`ConsoleGame`]).

use std::io::{self, BufRead, Write};
use std::path::PathBuf;
use std::sync::mpsc;
use std::thread;
use std::time::Duration;

use super::guest::{self, GuestError, GuestEvent, Joined, Mirror, MirrorError};
use super::host::{
    Chair, Happened, HostEvent, HostMatch, Hosted, ListenError, ListenOptions, Voter, hosting,
    listen,
};
use super::invitation::{Invitation, Role};
use super::wire::{Refused, SeatView, Stopped, ToGuest, ToHost};
use crate::ai::{AiLevel, Deadline};
use crate::console::{ConsoleGame, lines};
use crate::fair_dice;
use crate::record::{Record, RecordFile};
use crate::rules::{GameKind, Seat, magnetic_cave, patolli, penguins};
use crate::runner::{FollowError, Followed};

/// How often the loops look at their events.
const TICK: Duration = Duration::from_millis(50);

/// Why a network console match stopped.
#[derive(Debug, thiserror::Error)]
pub enum NetConsoleError {
    /// Reading the input or writing the output failed.
    #[error(transparent)]
    Io(#[from] io::Error),
    /// The host cannot listen.
    #[error(transparent)]
    Listen(#[from] ListenError),
    /// The guest cannot go on.
    #[error(transparent)]
    Guest(#[from] GuestError),
    /// A message could not be sent.
    #[error(transparent)]
    Channel(#[from] super::channel::ChannelError),
    /// The host's match cannot be followed ([`super::guest::MirrorError`] of the game played).
    #[error(transparent)]
    Mirror(Box<dyn std::error::Error + Send + Sync>),
    /// The connection to the host was lost before the match ended.
    #[error("the connection to the host was lost: {0}")]
    Lost(super::channel::ChannelError),
    /// No random source for the dice.
    #[error("no random source: {0}")]
    Random(String),
    /// The match cannot be hosted (the record to host again makes no match to go on with).
    #[error("--from: {0}")]
    Host(super::host::HostError),
}

/// Reads `input`'s lines into `send` (as `line`, then `ended` at its end) in a thread.
fn read_lines<E: Send + 'static>(
    input: impl BufRead + Send + 'static,
    send: mpsc::Sender<E>,
    line: fn(String) -> E,
    ended: E,
) {
    thread::spawn(move || {
        for read in lines(input) {
            let Ok(Ok(text)) = read else {
                if read.is_err() {
                    break;
                }
                continue;
            };
            if send.send(line(text)).is_err() {
                return;
            }
        }
        let _ = send.send(ended);
    });
}

/// Writes `record` to `file`, if there is one; says once when it cannot.
fn save(record: &Record, file: &mut Option<RecordFile>, warned: &mut bool) {
    if let Some(file) = file
        && let Err(e) = file.write(record, 0)
        && !std::mem::replace(warned, true)
    {
        eprintln!("cannot write the record to {}: {e}", file.path().display());
    }
}

/// The seats as every screen lists them.
fn say_seats(views: &[SeatView], output: &mut impl Write) -> io::Result<()> {
    let seats: Vec<String> = views
        .iter()
        .enumerate()
        .map(|(i, view)| {
            let away = if view.away { " (away)" } else { "" };
            format!("{}. {}{away}", i + 1, view.who)
        })
        .collect();
    writeln!(output, "Seats: {}.", seats.join(", "))
}

/// What a host says on its console: the options it hosts with.
#[derive(Debug, Clone)]
pub struct HostConsole {
    /// Where to listen.
    pub listen: ListenOptions,
    /// How long a guest may be away before the host's AI plays its seat.
    pub away_ai_after: Duration,
    /// Where to write the match record.
    pub record_to: Option<PathBuf>,
}

/// Hosts the match `hosted` on the terminal: see [`host`]. With `resume`, the match goes on
/// where that record stands (the match `hosted` is then the record's own).
///
/// # Errors
/// [`NetConsoleError`].
pub fn host_match(
    hosted: Hosted,
    resume: Option<Record>,
    chairs: Vec<Chair>,
    options: &HostConsole,
    input: impl BufRead + Send + 'static,
    output: &mut impl Write,
) -> Result<(), NetConsoleError> {
    match hosted {
        Hosted::MagneticCave(setup) => {
            let host =
                hosting::<magnetic_cave::State>(setup, resume, chairs, options.away_ai_after)
                    .map_err(NetConsoleError::Host)?;
            run_host(host, options, input, output).map(drop)
        }
        Hosted::Patolli(setup) => {
            let host = hosting::<patolli::State>(setup, resume, chairs, options.away_ai_after)
                .map_err(NetConsoleError::Host)?;
            run_host(host, options, input, output).map(drop)
        }
        Hosted::Penguins(setup) => {
            let host = hosting::<penguins::State>(setup, resume, chairs, options.away_ai_after)
                .map_err(NetConsoleError::Host)?;
            run_host(host, options, input, output).map(drop)
        }
    }
}

/// Hosts `host`'s match for guests: prints the two invitations, waits for every guest seat
/// to be taken, then referees the match to its end; the host's own human seats are played by
/// typing at `input`. Returns the final position.
///
/// # Errors
/// [`NetConsoleError`]: the host cannot listen, I/O errors.
fn run_host<G: ConsoleGame>(
    mut host: HostMatch<G>,
    options: &HostConsole,
    input: impl BufRead + Send + 'static,
    output: &mut impl Write,
) -> Result<G, NetConsoleError> {
    let listener = listen(&options.listen)?;
    let humans_here = host.chairs().contains(&Chair::Here(Seat::Human));
    let guests = host.chairs().iter().filter(|c| **c == Chair::Guest).count();
    writeln!(
        output,
        "Hosting {} on {}.",
        G::KIND.title(),
        listener.address
    )?;
    writeln!(output, "Invitation to play: {}", listener.play)?;
    writeln!(output, "Invitation to watch: {}", listener.watch)?;
    let entries = host.runner().record().moves.len();
    if entries > 0 {
        writeln!(output, "The match goes on after {entries} entries.")?;
    }
    writeln!(output, "Waiting for {guests} guest(s) to join.")?;
    output.flush()?;
    read_lines(
        input,
        listener.events(),
        HostEvent::Line,
        HostEvent::InputEnded,
    );
    let mut file = options.record_to.clone().map(RecordFile::new);
    let mut warned = false;
    let mut shown = G::Shown::default();
    let mut prompted = None;
    loop {
        while let Some(happened) = host.advance() {
            narrate(&host, happened, &mut shown, output)?;
            save(host.runner().record(), &mut file, &mut warned);
        }
        if host.over() {
            save(host.runner().record(), &mut file, &mut warned);
            if host.runner().state().outcome().is_some() {
                host.runner().state().say_end(output)?;
            }
            // Everyone has had the last entry and the stop; let the messages leave.
            thread::sleep(Duration::from_millis(200));
            return Ok(host.runner().state().clone());
        }
        if host.host_to_decide() && prompted != Some(host.runner().changes()) {
            prompted = Some(host.runner().changes());
            let state = host.runner().state();
            state.before_decision(&mut shown, output)?;
            state.before_prompt(output)?;
            if let Some(player) = state.to_move() {
                writeln!(output, "{}", state.prompt(player))?;
            }
            output.flush()?;
        }
        let Some(event) = listener.next_event(TICK) else {
            continue;
        };
        match event {
            HostEvent::Line(text) => {
                let command = text.trim();
                match command.to_ascii_lowercase().as_str() {
                    "" => {}
                    "quit" | "exit" => {
                        host.stop(Stopped::HostLeft);
                        save(host.runner().record(), &mut file, &mut warned);
                        return Ok(host.runner().state().clone());
                    }
                    "status" => writeln!(output, "{}", host.runner().state().status())?,
                    "help" | "?" => writeln!(output, "{}", G::HELP)?,
                    "seats" => say_seats(&host.seat_views(), output)?,
                    "undo" => {
                        let mut happened = Vec::new();
                        host.ask_undo(Voter::Host, &mut happened);
                        for happened in happened {
                            narrate(&host, happened, &mut shown, output)?;
                        }
                        prompted = None;
                    }
                    answer @ ("yes" | "no") if host.host_to_answer().is_some() => {
                        let mut happened = Vec::new();
                        host.answer_undo(Voter::Host, answer == "yes", &mut happened);
                        for happened in happened {
                            narrate(&host, happened, &mut shown, output)?;
                        }
                        prompted = None;
                    }
                    _ if !host.host_to_decide() => {
                        writeln!(output, "Wait for your turn.")?;
                    }
                    _ => match host.runner().state().parse(command) {
                        Err(message) => writeln!(output, "{message}")?,
                        Ok(action) => match host.apply_here(action) {
                            Ok(applied) => {
                                narrate(
                                    &host,
                                    Happened::Applied(applied, None),
                                    &mut shown,
                                    output,
                                )?;
                                save(host.runner().record(), &mut file, &mut warned);
                            }
                            Err(crate::runner::Refusal::Illegal(reason)) => {
                                host.runner().state().say_refused(&reason, output)?;
                                prompted = None;
                            }
                            Err(other) => writeln!(output, "{other}.")?,
                        },
                    },
                }
            }
            HostEvent::InputEnded if humans_here => {
                host.stop(Stopped::HostLeft);
                save(host.runner().record(), &mut file, &mut warned);
                return Ok(host.runner().state().clone());
            }
            event => {
                for happened in host.handle(event) {
                    narrate(&host, happened, &mut shown, output)?;
                }
                if let Some(by) = host.host_to_answer() {
                    writeln!(output, "{by} asks to take back moves: type yes or no.")?;
                }
                save(host.runner().record(), &mut file, &mut warned);
            }
        }
        output.flush()?;
    }
}

/// Says on the host's console what happened.
fn narrate<G: ConsoleGame>(
    host: &HostMatch<G>,
    happened: Happened<G>,
    shown: &mut G::Shown,
    output: &mut impl Write,
) -> io::Result<()> {
    let runner = host.runner();
    match happened {
        Happened::Note(note) => writeln!(output, "{note}")?,
        Happened::Started => {
            say_seats(&host.seat_views(), output)?;
            G::begin(runner.setup(), runner.state(), output)?;
        }
        Happened::Rolled(rolled) => runner.state().say_rolled(rolled, output)?,
        Happened::Undone => {
            writeln!(output, "Moves were taken back.")?;
            runner.state().say_undone(shown, output)?;
        }
        Happened::Applied(applied, report) => {
            let level = G::level(runner.setup());
            runner.state().say_applied(
                applied.player,
                applied.action,
                &applied.effect,
                report.as_ref().map(|report| (report, level)),
                shown,
                output,
            )?;
        }
    }
    output.flush()
}

/// How a guest plays from the terminal.
#[derive(Debug, Clone, Default)]
pub struct JoinConsole {
    /// The name the others see.
    pub name: String,
    /// Its seat is played by its own AI (at the match's level and budget) instead of typed.
    pub ai: bool,
    /// Where to write its copy of the match record.
    pub record_to: Option<PathBuf>,
}

/// Joins the match `invitation` invites to, and plays it (typing at `input`, or by the
/// guest's AI) or watches it to its end.
///
/// # Errors
/// [`NetConsoleError`]: no connection, a host that cheats, a lost connection, I/O errors.
pub fn join(
    invitation: &Invitation,
    options: &JoinConsole,
    input: impl BufRead + Send + 'static,
    output: &mut impl Write,
) -> Result<(), NetConsoleError> {
    let joined = guest::join(invitation, &options.name)?;
    match joined.seats.first() {
        Some(seat) => writeln!(
            output,
            "Joined a match of {} as seat {}.",
            joined.game.title(),
            seat + 1
        )?,
        None => writeln!(output, "Watching a match of {}.", joined.game.title())?,
    }
    output.flush()?;
    if joined.role == Role::Play && !options.ai {
        read_lines(
            input,
            joined.events(),
            GuestEvent::Line,
            GuestEvent::InputEnded,
        );
    }
    match joined.game {
        GameKind::MagneticCave => follow::<magnetic_cave::State>(&joined, options, output),
        GameKind::Patolli => follow::<patolli::State>(&joined, options, output),
        GameKind::Penguins => follow::<penguins::State>(&joined, options, output),
    }
}

/// `error` as the console's error, its type kept.
fn mirror_error<G: ConsoleGame>(error: MirrorError<G>) -> NetConsoleError {
    NetConsoleError::Mirror(Box::new(error))
}

/// The guest's loop: follows the host's messages, checks them, and decides when its seat is
/// to move.
fn follow<G: ConsoleGame>(
    joined: &Joined,
    options: &JoinConsole,
    output: &mut impl Write,
) -> Result<(), NetConsoleError> {
    let mut mirror: Option<Mirror<G>> = None;
    let mut commits: Option<Vec<String>> = None;
    let mut asked = false;
    let mut answering = false;
    let mut prompted = None;
    let mut shown = G::Shown::default();
    let mut file = options.record_to.clone().map(RecordFile::new);
    let mut warned = false;
    loop {
        // Every message that has come is followed first, so the guest never decides on a
        // position the host has left (a guest that comes back gets the whole match at once).
        let event = match joined.next_event(Duration::ZERO) {
            Some(event) => event,
            None => {
                if let Some(mirror) = &mirror
                    && !asked
                    && mirror.to_decide(&joined.seats)
                {
                    let state = mirror.state();
                    if options.ai {
                        let setup = mirror.setup();
                        let level: AiLevel = G::level(setup);
                        let deadline = Deadline::within(G::budget(setup));
                        if let Some(report) = state.decide(level, &deadline) {
                            joined.send(&ToHost::Decide(report.best.to_string()))?;
                            asked = true;
                        }
                    } else if prompted != Some(mirror.record().moves.len()) {
                        prompted = Some(mirror.record().moves.len());
                        state.before_decision(&mut shown, output)?;
                        state.before_prompt(output)?;
                        if let Some(player) = state.to_move() {
                            writeln!(output, "{}", state.prompt(player))?;
                        }
                        output.flush()?;
                    }
                }
                match joined.next_event(TICK) {
                    Some(event) => event,
                    None => continue,
                }
            }
        };
        match event {
            GuestEvent::Message(ToGuest::Commits(list)) => {
                if let Some(seed) = &joined.seed {
                    if !list.contains(&fair_dice::commit(seed)) {
                        joined.close();
                        return Err(mirror_error::<G>(MirrorError::CommitLeftOut));
                    }
                    joined.send(&ToHost::Reveal(fair_dice::hex(seed)))?;
                }
                commits = Some(list);
            }
            GuestEvent::Message(ToGuest::Start(text)) => {
                // A guest that joins a match under way took no part in its dice: it checks
                // them, but finds no seed of its own there.
                let ours = joined.seed.as_ref().filter(|_| commits.is_some());
                let started = Mirror::<G>::start(&text, commits.as_deref(), ours);
                let started = match started {
                    Ok(started) => started,
                    Err(e) => {
                        joined.close();
                        return Err(mirror_error(e));
                    }
                };
                G::begin(started.setup(), started.state(), output)?;
                save(started.record(), &mut file, &mut warned);
                mirror = Some(started);
                shown = G::Shown::default();
            }
            GuestEvent::Message(ToGuest::Entry(entry)) => {
                let Some(mirror) = &mut mirror else {
                    joined.close();
                    return Err(mirror_error::<G>(MirrorError::NotStarted));
                };
                match mirror.follow(entry) {
                    Ok(Followed::Rolled(rolled)) => mirror.state().say_rolled(rolled, output)?,
                    Ok(Followed::Applied(applied)) => {
                        mirror.state().say_applied(
                            applied.player,
                            applied.action,
                            &applied.effect,
                            None,
                            &mut shown,
                            output,
                        )?;
                    }
                    Err(e) => {
                        writeln!(output, "The match stops: {e}.")?;
                        save(mirror.record(), &mut file, &mut warned);
                        joined.close();
                        return Err(mirror_error(e));
                    }
                }
                asked = false;
                save(mirror.record(), &mut file, &mut warned);
            }
            GuestEvent::Message(ToGuest::Refused(reason)) => {
                let why = match (&reason, &mirror) {
                    (Refused::Rules(text), Some(mirror)) => mirror.why_refused(text),
                    _ => None,
                };
                match why {
                    Some(FollowError::Illegal { text, reason }) => {
                        writeln!(output, "Refused: {text}: {reason}.")?;
                    }
                    Some(why) => writeln!(output, "Refused: {why}.")?,
                    None => writeln!(output, "Refused: {reason}.")?,
                }
                asked = false;
                prompted = None;
            }
            GuestEvent::Message(ToGuest::UndoAsked(by)) => {
                if options.ai {
                    joined.send(&ToHost::AnswerUndo(true))?;
                } else {
                    writeln!(output, "{by} asks to take back moves: type yes or no.")?;
                    answering = true;
                }
            }
            GuestEvent::Message(ToGuest::Undone(entries)) => {
                let Some(mirror) = &mut mirror else {
                    joined.close();
                    return Err(mirror_error::<G>(MirrorError::NotStarted));
                };
                if let Err(e) = mirror.undo_to(entries) {
                    joined.close();
                    return Err(mirror_error(e));
                }
                writeln!(output, "Moves were taken back.")?;
                mirror.state().say_undone(&mut shown, output)?;
                save(mirror.record(), &mut file, &mut warned);
                (asked, answering, prompted) = (false, false, None);
            }
            GuestEvent::Message(ToGuest::UndoDeclined(reason)) => {
                writeln!(output, "No moves are taken back: {reason}.")?;
                answering = false;
            }
            GuestEvent::Message(ToGuest::Seats(views)) => say_seats(&views, output)?,
            GuestEvent::Message(ToGuest::Notice(notice)) => writeln!(output, "{notice}")?,
            GuestEvent::Message(ToGuest::Welcome { .. }) => {}
            GuestEvent::Message(ToGuest::Stopped(reason)) => {
                writeln!(output, "The host says: {reason}.")?;
                if let Some(mirror) = &mirror {
                    save(mirror.record(), &mut file, &mut warned);
                    if mirror.state().outcome().is_some() {
                        mirror.state().say_end(output)?;
                    }
                }
                joined.close();
                return Ok(());
            }
            GuestEvent::Lost(reason) => {
                if mirror
                    .as_ref()
                    .is_some_and(|m| m.state().outcome().is_some())
                {
                    return Ok(());
                }
                return Err(NetConsoleError::Lost(reason));
            }
            GuestEvent::Line(text) => {
                let command = text.trim();
                match command.to_ascii_lowercase().as_str() {
                    "" => {}
                    "quit" | "exit" => {
                        joined.close();
                        return Ok(());
                    }
                    "help" | "?" => writeln!(output, "{}", G::HELP)?,
                    "status" => {
                        if let Some(mirror) = &mirror {
                            writeln!(output, "{}", mirror.state().status())?;
                        }
                    }
                    "undo" => joined.send(&ToHost::AskUndo)?,
                    answer @ ("yes" | "no") if answering => {
                        joined.send(&ToHost::AnswerUndo(answer == "yes"))?;
                        answering = false;
                    }
                    _ => match &mirror {
                        Some(mirror) if !asked && mirror.to_decide(&joined.seats) => {
                            match mirror.state().parse(command) {
                                Ok(action) => {
                                    joined.send(&ToHost::Decide(action.to_string()))?;
                                    asked = true;
                                }
                                Err(message) => writeln!(output, "{message}")?,
                            }
                        }
                        _ => writeln!(output, "Wait for your turn.")?,
                    },
                }
            }
            GuestEvent::InputEnded => {
                joined.close();
                return Ok(());
            }
        }
        output.flush()?;
    }
}
