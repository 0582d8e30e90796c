//! Puzzles in the terminal (`tablero puzzles play`): each puzzle's task and board, the first
//! move typed; a wrong one is refuted (the engine plays the line that shows it), a right one
//! is answered by the engine's longest defence until the line (the cave) or the end (Penguins).
//! `hint` names the piece or row to look at, `skip` goes on, `quit` stops.

use std::io::{self, BufRead, Write};
use std::time::Duration;

use crate::ai::Deadline;
use crate::ai::magnetic_cave::choose_move;
use crate::line_reader::BoundedLines;
use crate::puzzles::magnetic_cave::winning_bricks;
use crate::puzzles::penguins::rank_slides;
use crate::puzzles::{Located, Puzzle};
use crate::rules::magnetic_cave::{self, Cell};
use crate::rules::penguins::{self, Action, Phase};

/// The engine's time for an answer or a refutation move.
const ANSWER: Duration = Duration::from_millis(500);
/// The longest line a player may type.
const LINE_LIMIT: usize = 256;
/// The most moves a refutation plays out.
const REFUTATION_PLIES: usize = 8;

/// How a puzzle went.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Solved {
    /// Solved at the first try.
    Solved,
    /// A wrong move.
    Failed,
    /// Skipped.
    Skipped,
    /// The player stopped (or the input ended).
    Quit,
}

/// Plays `puzzles` in order from the one named `from` (the first when `None`), reading moves
/// from `input`; returns how each puzzle tried went.
///
/// # Errors
/// I/O errors on `input` or `output`.
pub fn play(
    puzzles: &[Located],
    from: Option<&str>,
    input: impl BufRead,
    output: &mut impl Write,
) -> io::Result<Vec<(String, Solved)>> {
    let start = match from {
        Some(name) => match puzzles.iter().position(|l| l.puzzle.name() == name) {
            Some(index) => index,
            None => {
                writeln!(output, "No puzzle is called `{name}`.")?;
                return Ok(Vec::new());
            }
        },
        None => 0,
    };
    let mut lines = BoundedLines::new(input, LINE_LIMIT);
    let mut results = Vec::new();
    let mut streak = 0;
    for located in &puzzles[start..] {
        let started = match &located.puzzle {
            Puzzle::Cave(p) => p.problem().map(|problem| {
                cave(
                    &located.puzzle,
                    problem.state,
                    problem.solution,
                    &mut lines,
                    output,
                )
            }),
            Puzzle::Penguins(p) => p.problem().map(|problem| {
                fish(
                    &located.puzzle,
                    problem.state,
                    problem.solution,
                    &mut lines,
                    output,
                )
            }),
        };
        let result = match started {
            Ok(result) => result?,
            Err(e) => {
                writeln!(output, "{}:{}: refused: {e}", located.file, located.line)?;
                Solved::Skipped
            }
        };
        streak = if result == Solved::Solved {
            streak + 1
        } else {
            0
        };
        results.push((located.puzzle.name().to_string(), result));
        if result == Solved::Quit {
            break;
        }
        writeln!(output, "Streak: {streak}.\n")?;
    }
    Ok(results)
}

/// What the player typed: a command or a move's text.
enum Typed {
    Hint,
    Skip,
    Quit,
    Text(String),
}

fn ask<R: BufRead>(lines: &mut BoundedLines<R>, output: &mut impl Write) -> io::Result<Typed> {
    write!(output, "> ")?;
    output.flush()?;
    Ok(match lines.next_line() {
        None => Typed::Quit,
        Some(line) => match line? {
            Err(_) => Typed::Text(String::new()),
            Ok(text) => match text.trim() {
                "hint" => Typed::Hint,
                "skip" => Typed::Skip,
                "quit" => Typed::Quit,
                other => Typed::Text(other.to_string()),
            },
        },
    })
}

/// A cave puzzle: the player lays the winner's bricks, the engine defends.
fn cave<R: BufRead>(
    puzzle: &Puzzle,
    mut state: magnetic_cave::State,
    solution: Cell,
    lines: &mut BoundedLines<R>,
    output: &mut impl Write,
) -> io::Result<Solved> {
    writeln!(output, "Puzzle {}: {}", puzzle.name(), puzzle.task())?;
    let solver = state.to_move();
    let mut first = true;
    loop {
        write!(output, "{}", state.render())?;
        let cell = loop {
            match ask(lines, output)? {
                Typed::Quit => return Ok(Solved::Quit),
                Typed::Skip => {
                    writeln!(output, "Skipped. The first brick was {solution}.")?;
                    return Ok(Solved::Skipped);
                }
                Typed::Hint => {
                    let hint = if first {
                        solution
                    } else {
                        winning_bricks(&state, ANSWER * 4)
                            .first()
                            .copied()
                            .unwrap_or(solution)
                    };
                    writeln!(output, "Hint: look at row {}.", hint.row + 1)?;
                }
                Typed::Text(text) => match text.parse::<Cell>() {
                    Err(e) => {
                        writeln!(output, "{e}. Type a cell such as D4, or hint, skip, quit.")?
                    }
                    Ok(cell) => match state.check(cell) {
                        Err(e) => writeln!(output, "Not here: {e}.")?,
                        Ok(()) => break cell,
                    },
                },
            }
        };
        let wins = if first {
            cell == solution
        } else {
            winning_bricks(&state, ANSWER * 4).contains(&cell)
        };
        if !wins {
            writeln!(output, "{cell} does not win: the line slips away.")?;
            let _ = state.apply(cell);
            refute_cave(&mut state, output)?;
            if first {
                writeln!(output, "The winning first brick was {solution}.")?;
            }
            return Ok(Solved::Failed);
        }
        let _ = state.apply(cell);
        first = false;
        if state.outcome().is_some() {
            write!(output, "{}", state.render())?;
            writeln!(output, "Solved: {} completes the line.", solver.name())?;
            return Ok(Solved::Solved);
        }
        let Some(report) = choose_move(&state, &Deadline::within(ANSWER)) else {
            return Ok(Solved::Solved);
        };
        writeln!(
            output,
            "{} answers {}.",
            state.to_move().name(),
            report.best
        )?;
        let _ = state.apply(report.best);
        if state.outcome().is_some() {
            write!(output, "{}", state.render())?;
            writeln!(output, "The defence completed a line first.")?;
            return Ok(Solved::Failed);
        }
    }
}

/// Plays the engine for both sides from `state` for a few moves: how the wrong brick fails.
fn refute_cave(state: &mut magnetic_cave::State, output: &mut impl Write) -> io::Result<()> {
    let mut line = Vec::new();
    for _ in 0..REFUTATION_PLIES {
        let Some(report) = choose_move(state, &Deadline::within(ANSWER)) else {
            break;
        };
        line.push(format!("{} {}", state.to_move().name(), report.best));
        let _ = state.apply(report.best);
    }
    writeln!(output, "The engine's line: {}.", line.join(", "))?;
    write!(output, "{}", state.render())?;
    Ok(())
}

/// A Penguins puzzle: the player slides, the engine (exact here) answers to the end.
fn fish<R: BufRead>(
    puzzle: &Puzzle,
    mut state: penguins::State,
    solution: Action,
    lines: &mut BoundedLines<R>,
    output: &mut impl Write,
) -> io::Result<Solved> {
    writeln!(output, "Puzzle {}: {}", puzzle.name(), puzzle.task())?;
    let solver = state.to_move();
    let mut first = true;
    while state.phase() == Phase::Movement {
        write!(output, "{}", state.render())?;
        let ranked = rank_slides(&state).unwrap_or_default();
        let Some(&(best, best_margin)) = ranked.first() else {
            break;
        };
        let action = if state.to_move() == solver {
            loop {
                match ask(lines, output)? {
                    Typed::Quit => return Ok(Solved::Quit),
                    Typed::Skip => {
                        writeln!(output, "Skipped. The slide was {solution}.")?;
                        return Ok(Solved::Skipped);
                    }
                    Typed::Hint => {
                        let hint = if first { solution } else { best };
                        if let Action::Move { from, .. } = hint {
                            writeln!(output, "Hint: the penguin at {from}.")?;
                        }
                    }
                    Typed::Text(text) => match text.parse::<Action>() {
                        Err(e) => writeln!(output, "{e}. Type x1 y1 x2 y2, or hint, skip, quit.")?,
                        Ok(action) => match state.check(action) {
                            Err(e) => writeln!(output, "Not so: {e}.")?,
                            Ok(()) => break action,
                        },
                    },
                }
            }
        } else {
            writeln!(output, "Player {} answers {best}.", state.to_move())?;
            best
        };
        if state.to_move() == solver {
            let margin = ranked
                .iter()
                .find(|&&(a, _)| a == action)
                .map_or(i32::MIN, |&(_, m)| m);
            if margin < best_margin {
                writeln!(
                    output,
                    "{action} ends the game {margin:+} at best; {best} ends it {best_margin:+}."
                )?;
                return Ok(Solved::Failed);
            }
            first = false;
        }
        let _ = state.apply(action);
    }
    write!(output, "{}", state.render())?;
    writeln!(
        output,
        "Solved: the game ends {} to {}.",
        state.score(solver),
        state.score(3 - solver)
    )?;
    Ok(Solved::Solved)
}
