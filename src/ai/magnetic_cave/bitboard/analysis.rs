//! Analysis tools and measurements of the bitboard search, run by hand (`--ignored`): they
//! read match records and positions named in the environment and print what they find. The
//! one search of their own (sequences of fours) has a check that runs with the tests.
//! `docs/ai-magnetic-cave.md` gives the command of each and what it showed.

use super::*;
use crate::rules::magnetic_cave::{Outcome, parse_moves};
use std::time::{Duration, Instant};

/// The number in the environment variable `name`, or `default`.
fn env_or<T: std::str::FromStr>(name: &str, default: T) -> T {
    std::env::var(name)
        .ok()
        .and_then(|value| value.parse().ok())
        .unwrap_or(default)
}

/// The non-empty lines, trimmed, of the file named in the environment variable `name`;
/// `None` when it is not set (the analysis tools then do nothing).
fn listed_lines(name: &str) -> Option<Vec<String>> {
    let path = std::env::var(name).ok()?;
    let text = std::fs::read_to_string(path).unwrap();
    Some(
        text.lines()
            .map(str::trim)
            .filter(|line| !line.is_empty())
            .map(String::from)
            .collect(),
    )
}

/// A game of a match record (`tablero tournament --a engine --records`): its file, the
/// engine's seat (0 black: the engine is black in odd-numbered games), its result for the
/// engine (`'W'`, `'D'` or `'L'`; `'?'` unfinished) and its moves.
struct RecordedGame {
    path: std::path::PathBuf,
    engine: usize,
    result: char,
    moves: Vec<Cell>,
}

/// The games recorded in the folders listed in the environment variable `name`
/// (comma-separated), in file-name order, read and replayed by [`crate::record::load`];
/// `None` when it is not set.
fn recorded_games(name: &str) -> Option<Vec<RecordedGame>> {
    let folders = std::env::var(name).ok()?;
    let mut games = Vec::new();
    for folder in folders.split(',') {
        let mut paths: Vec<_> = std::fs::read_dir(folder)
            .unwrap()
            .map(|entry| entry.unwrap().path())
            .filter(|path| path.extension().is_some_and(|ext| ext == "ron"))
            .collect();
        paths.sort();
        for path in paths {
            let name = path.file_stem().unwrap().to_string_lossy().to_string();
            let number: usize = name.trim_start_matches("game-").parse().unwrap();
            let engine = usize::from(number.is_multiple_of(2));
            let replayed = crate::record::load(&path).unwrap();
            let crate::record::Replayed::MagneticCave(_, positions) = replayed else {
                panic!("{} is no Magnetic Cave record", path.display());
            };
            let last = positions.last().unwrap();
            let result = result_for(last, engine);
            let moves = last.moves().to_vec();
            games.push(RecordedGame {
                path,
                engine,
                result,
                moves,
            });
        }
    }
    Some(games)
}

/// The result of `state` for player `engine` (0 black): `'W'`, `'D'` or `'L'`, and `'?'`
/// while the game goes on.
fn result_for(state: &State, engine: usize) -> char {
    match state.outcome() {
        Some(Outcome::Win { winner, .. }) if winner.index() == engine => 'W',
        Some(Outcome::Win { .. }) => 'L',
        Some(_) => 'D',
        None => '?',
    }
}

/// Every `PARTS`-th of `items` from the `PART`-th (all unless given): one share of the
/// work for each core.
fn this_part<T>(items: impl Iterator<Item = T>) -> impl Iterator<Item = T> {
    let (part, parts): (usize, usize) = (env_or("PART", 0), env_or("PARTS", 1));
    items.skip(part).step_by(parts.max(1))
}

/// The mean of `count` random playouts ([`Position::playout`]) of `state` from the side
/// of player `engine` (0 when the game is over).
fn playout_mean(geo: &Geometry, state: &State, engine: usize, count: u32) -> f64 {
    let mut position = Position::new(geo, state);
    let mut random = XorShift(0x9E37_79B9_7F4A_7C15 ^ position.totals.hash | 1);
    let sum: i32 = (0..count).map(|_| position.playout(&mut random)).sum();
    let mean = f64::from(sum) / f64::from(count.max(1));
    if position.to_move == engine {
        mean
    } else {
        -mean
    }
}

/// The playout means of the last positions in the opening simulator's output `LINES`
/// (lines `PATH COLOUR SCORE MOVES`), one line each: `PATH MEAN`.
#[test]
#[ignore = "an analysis tool, not a check"]
fn playouts_of_simulated_lines() {
    let Some(lines) = listed_lines("LINES") else {
        return;
    };
    let geo = super::tests::standard_geometry();
    for line in lines.iter().filter(|line| line.starts_with('/')) {
        let fields: Vec<&str> = line.split(' ').collect();
        let [path, colour, _, moves, ..] = fields[..] else {
            continue;
        };
        let engine = usize::from(colour == "white");
        let state = State::from_moves(Config::STANDARD, &parse_moves(moves).unwrap()).unwrap();
        println!("{path} {:.4}", playout_mean(&geo, &state, engine, 4000));
    }
}

/// The engine's score of `state` from the side of player `engine`, searched `seconds`.
fn score_for(geo: &Geometry, state: &State, engine: usize, seconds: f64) -> i32 {
    let deadline = Deadline::within(Duration::from_secs_f64(seconds));
    let report = Searcher::new(geo, state, &deadline)
        .search(u32::MAX, None)
        .unwrap();
    if state.to_move().index() == engine {
        report.score
    } else {
        -report.score
    }
}

/// The reply of the classroom player replayed with `nodes` nodes in `state`
/// (`model_geo`: the open-line geometry).
fn replayed_reply(model_geo: &Geometry, state: &State, nodes: u64) -> Cell {
    let mut position = Position::new(model_geo, state);
    let choices = classroom_model::classroom_replies(&mut position, nodes);
    model_geo.cell(classroom_model::reply_within(&choices, nodes).unwrap())
}

/// The solver's verdict for the player to move in `state` (1 a win, 0 a tie, -1 a loss;
/// `None` when `seconds` ran out first), and the seconds it took.
fn timed_proof(geo: &Geometry, state: &State, seconds: f64) -> (Option<i32>, f64) {
    let deadline = Deadline::within(Duration::from_secs_f64(seconds));
    let start = Instant::now();
    let verdict = Searcher::new(geo, state, &deadline).prove();
    (verdict, start.elapsed().as_secs_f64())
}

/// The recorded games whose result for the engine is `RESULT` (`D` unless given) and in
/// which the engine played `COLOUR` (`white` unless given).
fn games_by_result(games: &[RecordedGame]) -> Vec<&RecordedGame> {
    let result: char = env_or("RESULT", 'D');
    let engine = usize::from(std::env::var("COLOUR").map_or(true, |c| c == "white"));
    games
        .iter()
        .filter(|game| game.result == result && game.engine == engine)
        .collect()
}

/// The score of `state` from the side of player `engine`: its result when the game is
/// over ([`WIN`] a win, 0 a tie), else a search of `depth` plies.
fn end_score(geo: &Geometry, state: &State, engine: usize, depth: u32) -> i32 {
    match result_for(state, engine) {
        'W' => WIN,
        'L' => -WIN,
        'D' => 0,
        _ => {
            let deadline = Deadline::within(Duration::from_secs(600));
            let report = Searcher::new(geo, state, &deadline)
                .search(depth, None)
                .unwrap();
            if state.to_move().index() == engine {
                report.score
            } else {
                -report.score
            }
        }
    }
}

/// Proves the positions listed one per line in the file `POSITIONS` (moves separated by
/// commas), with `SECONDS` each (60 unless given; fractions allowed): an analysis tool for
/// recorded games.
#[test]
#[ignore = "an analysis tool: POSITIONS=file cargo test --lib solve_listed -- --ignored"]
fn solve_listed_positions() {
    let Some(lines) = listed_lines("POSITIONS") else {
        return;
    };
    let seconds: f64 = env_or("SECONDS", 60.0);
    let geo = super::tests::standard_geometry();
    for line in lines {
        let moves = parse_moves(&line).unwrap();
        let state = State::from_moves(Config::STANDARD, &moves).unwrap();
        let deadline = Deadline::within(Duration::from_secs_f64(seconds));
        let mut searcher = Searcher::new(&geo, &state, &deadline);
        let start = Instant::now();
        let verdict = searcher.prove();
        println!(
            "{line} => {verdict:?} nodes {} in {:.2} s",
            searcher.nodes,
            start.elapsed().as_secs_f64()
        );
    }
}

/// For each game recorded in the folders `RECORDS` (comma-separated): how many cells were
/// empty when each side was first kept from winning by a pairing
/// ([`Position::paired_off`]), with the game's result for the engine; whether pairings
/// could tell a dead draw early: `RECORDS=… cargo test --lib pairings_in_recorded --
/// --ignored --nocapture`.
#[test]
#[ignore = "an analysis tool, not a check"]
fn pairings_in_recorded_games() {
    let Some(games) = recorded_games("RECORDS") else {
        return;
    };
    let geo = super::tests::standard_geometry();
    let mut windows = Vec::new();
    for game in &games {
        let mut firsts = [None, None];
        for plies in 4..game.moves.len() {
            let state = State::from_moves(Config::STANDARD, &game.moves[..plies]).unwrap();
            let position = Position::new(&geo, &state);
            for (side, first) in firsts.iter_mut().enumerate() {
                if first.is_none() && position.paired_off(side, 1000, &mut windows) {
                    *first = Some(64 - plies);
                }
            }
        }
        let colour = if game.engine == 0 { "black" } else { "white" };
        println!(
            "{} engine {colour} {}: engine paired off with {:?} empty cells, the other \
             side with {:?}",
            game.path.display(),
            game.result,
            firsts[game.engine],
            firsts[1 - game.engine],
        );
    }
}

/// Labels positions with the solver's verdict, for fitting the evaluation to what a
/// position is worth with best play rather than to how a game ended
/// (`docs/cave-fit/fit.py --final`). From each game of `GAMES` (a file in the format of
/// `docs/cave-fit/games.txt`; every `PARTS`-th game from the `PART`-th), the position
/// after each number of bricks in `BRICKS` (comma-separated), after `RANDOM` more random
/// moves (0 unless given), is proved with `SECONDS` at most (5 unless given); positions
/// with a playable winning cell and unproved ones are left out. Each line printed starts
/// `LABEL`, then the result with best play (`b`, `w` or `t`) and the moves:
/// `GAMES=docs/cave-fit/games.txt BRICKS=36,38 cargo test --lib label_positions -- --ignored --nocapture`.
#[test]
#[ignore = "an analysis tool, not a check"]
fn label_positions_by_solver() {
    let Some(lines) = listed_lines("GAMES") else {
        return;
    };
    let seconds: f64 = env_or("SECONDS", 5.0);
    let (part, parts): (usize, usize) = (env_or("PART", 0), env_or("PARTS", 1));
    let random: usize = env_or("RANDOM", 0);
    let bricks: Vec<usize> = std::env::var("BRICKS")
        .unwrap_or_else(|_| "38".into())
        .split(',')
        .filter_map(|b| b.trim().parse().ok())
        .collect();
    let mut next = super::tests::below(env_or("SEED", 777));
    let geo = super::tests::standard_geometry();
    let (mut labelled, mut skipped) = (0, 0);
    for (number, line) in lines.iter().enumerate() {
        if number % parts != part || line.len() < 2 {
            continue;
        }
        let moves = parse_moves(&line[2..].trim().replace(' ', ",")).unwrap();
        for &count in &bricks {
            let start = count.saturating_sub(random);
            if moves.len() < count + 2 || start < 4 {
                continue;
            }
            let Ok(mut state) = State::from_moves(Config::STANDARD, &moves[..start]) else {
                continue;
            };
            let over = super::tests::play_randomly(&mut state, &mut next, count);
            let position = Position::new(&geo, &state);
            let tactic = (position.winning_cells(0) | position.winning_cells(1)) & position.legal();
            if over || tactic != 0 {
                skipped += 1;
                continue;
            }
            let deadline = Deadline::within(Duration::from_secs_f64(seconds));
            let mut searcher = Searcher::new(&geo, &state, &deadline);
            let start = Instant::now();
            let Some(verdict) = searcher.prove() else {
                skipped += 1;
                eprintln!("unproved in {:.2} s", start.elapsed().as_secs_f64());
                continue;
            };
            let black_to_move = state.moves().len() % 2 == 0;
            let code = match (verdict, black_to_move) {
                (0, _) => 't',
                (1, true) | (-1, false) => 'b',
                _ => 'w',
            };
            let played: Vec<String> = state.moves().iter().map(|c| c.to_string()).collect();
            println!("LABEL {code} {}", played.join(" "));
            eprintln!("{code} in {:.2} s", start.elapsed().as_secs_f64());
            labelled += 1;
        }
    }
    eprintln!("{labelled} positions labelled, {skipped} left out");
}

/// How long the exact search takes from random positions with few empty cells:
/// `cargo test --lib solve_random_endgames -- --ignored --nocapture`.
#[test]
#[ignore = "a measurement, not a check"]
fn solve_random_endgames() {
    let empties: u32 = env_or("EMPTIES", 24);
    let geo = super::tests::standard_geometry();
    let count: u32 = env_or("COUNT", 6);
    let (mut solved, mut total, mut nodes) = (0, 0.0, 0);
    for state in super::tests::random_positions(12345, empties as usize) {
        if solved == count {
            break;
        }
        let deadline = Deadline::within(Duration::from_secs(600));
        let mut searcher = Searcher::new(&geo, &state, &deadline);
        let start = Instant::now();
        let me = searcher.position.to_move;
        let legal = searcher.position.legal();
        let forced = searcher.position.winning_cells(1 - me) & legal;
        // Skip the positions decided at once: a win to take or two threats to block.
        if searcher.position.winning_cells(me) & legal != 0 || forced.count_ones() > 1 {
            continue;
        }
        let score = searcher.solve();
        println!(
            "{:?} score {score} nodes {} in {:.2} s",
            state
                .moves()
                .iter()
                .map(|c| c.to_string())
                .collect::<Vec<_>>()
                .join(","),
            searcher.nodes,
            start.elapsed().as_secs_f64()
        );
        total += start.elapsed().as_secs_f64();
        nodes += searcher.nodes;
        solved += 1;
    }
    println!("{solved} positions in {total:.2} s, {nodes} nodes");
}

/// Plays `state` on between the engine (player `engine`, 0 for black) at `budget` seconds
/// a move and the classroom player replayed with `nodes` nodes a move (`model_geo`, the
/// open-line geometry), until the game ends, `plies` moves are on the board, or no line
/// can be completed whatever is played ([`no_line_left`]: then a tie).
fn play_against_the_replay(
    state: &mut State,
    engine: usize,
    budget: f64,
    nodes: u64,
    plies: usize,
    model_geo: &Geometry,
) {
    while state.outcome().is_none()
        && state.moves().len() < plies
        && !no_line_left(model_geo, state)
    {
        let deadline = Deadline::within(Duration::from_secs_f64(budget));
        let cell = if state.to_move().index() == engine {
            super::super::choose_move(state, &deadline).unwrap().best
        } else {
            replayed_reply(model_geo, state, nodes)
        };
        state.apply(cell).unwrap();
    }
}

/// The opening simulator: from the random opening (the first 4 plies) of each game in the
/// records in `RECORDS` (see `recorded_games`; every `PARTS`-th from the `PART`-th), the
/// engine, in its colour of that game, at `BUDGET` seconds a move (1 unless given) plays
/// the classroom player replayed with `NODES` nodes a move (1,000,000 unless given) until
/// `PLY` moves are on the board (14 unless given). A search of `SCORE_BUDGET` seconds (1
/// unless given) then scores the position from the engine's side. After 14 plies that
/// score predicts the result of a match game (`docs/ai-magnetic-cave.md`, twelfth
/// session), so two builds can be compared on the same openings in a quarter of a match's
/// time: `RECORDS=dir1,dir2 cargo test --lib openings_against -- --ignored --nocapture`.
#[test]
#[ignore = "a measurement, not a check"]
fn openings_against_the_replayed_classroom_player() {
    let Some(games) = recorded_games("RECORDS") else {
        return;
    };
    let budget: f64 = env_or("BUDGET", 1.0);
    let nodes: u64 = env_or("NODES", 1_000_000);
    let plies: usize = env_or("PLY", 14);
    let score_budget: f64 = env_or("SCORE_BUDGET", 1.0);
    let geo = super::tests::standard_geometry();
    let Some(model_geo) = Geometry::open_lines(Config::STANDARD) else {
        return;
    };
    let mut scores = Vec::new();
    for game in this_part(games.iter()) {
        let engine = game.engine;
        let mut state = State::from_moves(Config::STANDARD, &game.moves[..4]).unwrap();
        play_against_the_replay(&mut state, engine, budget, nodes, plies, &model_geo);
        let score = match result_for(&state, engine) {
            'W' => WIN,
            'L' => -WIN,
            'D' => 0,
            _ => score_for(&geo, &state, engine, score_budget),
        };
        let colour = if engine == 0 { "black" } else { "white" };
        let played: Vec<String> = state.moves().iter().map(|c| c.to_string()).collect();
        println!(
            "{} {colour} {score} {} {:.4}",
            game.path.display(),
            played.join(","),
            playout_mean(&geo, &state, engine, 4000)
        );
        scores.push(score.clamp(-1000, 1000));
    }
    scores.sort_unstable();
    let count = scores.len().max(1);
    let mean = scores.iter().map(|&s| f64::from(s)).sum::<f64>() / count as f64;
    println!(
        "{} openings: mean score {mean:.1} (each clamped to ±1000), median {}, {} at 0 or \
         more, {} at 200 or more",
        scores.len(),
        scores.get(scores.len() / 2).copied().unwrap_or(0),
        scores.iter().filter(|&&s| s >= 0).count(),
        scores.iter().filter(|&&s| s >= 200).count(),
    );
}

/// The engine's sensible moves in `state` with their scores by a full-window search of
/// `depth` plies each, best first (a win to take alone, scored as a win).
fn scored_moves(geo: &Geometry, state: &State, depth: i32) -> Vec<(Cell, i32)> {
    let deadline = Deadline::within(Duration::from_secs(600));
    let mut searcher = Searcher::new(geo, state, &deadline);
    let me = searcher.position.to_move;
    let legal = searcher.position.legal();
    let wins = searcher.position.winning_cells(me) & legal;
    if wins != 0 {
        return vec![(geo.cell(wins.trailing_zeros()), WIN)];
    }
    let mut scored: Vec<(Cell, i32)> = bits(searcher.position.sensible_moves())
        .map(|cell| {
            searcher.position.play(cell);
            let score = -searcher.negamax(depth - 1, 1, -INF, INF);
            searcher.position.undo(cell);
            (geo.cell(cell), score)
        })
        .collect();
    scored.sort_by_key(|&(_, score)| -score);
    scored
}

/// The lines of the oracle search below [`oracle_openings_against_the_replay`]: from
/// `state`, the replay answers for the classroom player and the engine (`engine`) tries
/// its `branch` best moves at each of its next `decisions` moves, then its best; each
/// line ends after `plies` moves with a depth-12 score from the engine's side.
fn oracle_lines(
    geo: &Geometry,
    model_geo: &Geometry,
    state: &State,
    engine: usize,
    decisions: usize,
    branch: usize,
    plies: usize,
    lines: &mut Vec<(i32, String)>,
) {
    if state.outcome().is_some() || state.moves().len() >= plies {
        let score = end_score(geo, state, engine, 12);
        let moves: Vec<String> = state.moves().iter().map(|c| c.to_string()).collect();
        lines.push((score, moves.join(",")));
        return;
    }
    if state.to_move().index() != engine {
        let mut next = state.clone();
        next.apply(replayed_reply(model_geo, state, 1_000_000))
            .unwrap();
        oracle_lines(
            geo, model_geo, &next, engine, decisions, branch, plies, lines,
        );
        return;
    }
    let width = if decisions > 0 { branch } else { 1 };
    for (cell, _) in scored_moves(geo, state, 9).into_iter().take(width) {
        let mut next = state.clone();
        next.apply(cell).unwrap();
        let left = decisions.saturating_sub(1);
        oracle_lines(geo, model_geo, &next, engine, left, branch, plies, lines);
    }
}

/// The score from the engine's side after the game from `state` is played until `plies`
/// moves, the engine choosing the best move of 9-ply searches and the other side by
/// `reply`; a depth-12 search scores the end.
fn rollout(
    geo: &Geometry,
    state: &State,
    engine: usize,
    plies: usize,
    reply: &dyn Fn(&State) -> Cell,
) -> i32 {
    let engine_depth: u32 = env_or("ENGINE_DEPTH", 0);
    let leaf_depth: u32 = env_or("LEAF_DEPTH", 12);
    let mut state = state.clone();
    while state.outcome().is_none() && state.moves().len() < plies {
        let cell = if state.to_move().index() == engine {
            if engine_depth == 0 {
                scored_moves(geo, &state, 9)[0].0
            } else {
                let deadline = Deadline::within(Duration::from_secs(600));
                let mut searcher = Searcher::new(geo, &state, &deadline);
                searcher.search(engine_depth, None).unwrap().best
            }
        } else {
            reply(&state)
        };
        state.apply(cell).unwrap();
    }
    end_score(geo, &state, engine, leaf_depth)
}

/// Rollouts against a generic model of the classroom player as a way to choose the
/// engine's move: from the random opening and the replay's first reply of every game of
/// `RECORDS` chosen as for [`oracle_openings_against_the_replay`], each of the engine's
/// `BRANCH` best moves (3 unless given) is rolled out to 14 plies against the replay and
/// against the plain open-line model of `DEPTH` plies (6 unless given). Prints the
/// replay's scores of the engine's first move, of the move the model's rollouts prefer
/// and of the best.
#[test]
#[ignore = "an analysis tool, not a check"]
fn rollouts_against_a_model() {
    let Some(games) = recorded_games("RECORDS") else {
        return;
    };
    let branch: usize = env_or("BRANCH", 3);
    let depth: i32 = env_or("DEPTH", 6);
    let geo = super::tests::standard_geometry();
    let Some(model_geo) = Geometry::open_lines(Config::STANDARD) else {
        return;
    };
    let replay = |state: &State| replayed_reply(&model_geo, state, 1_000_000);
    let model = |state: &State| {
        let deadline = Deadline::within(Duration::from_secs(600));
        let mut model = Searcher::model(&model_geo, state, &deadline);
        model.selective = false;
        model_geo.cell(model.predicted_reply(depth).unwrap())
    };
    let chosen = games_by_result(&games);
    let (mut first_sum, mut chosen_sum, mut best_sum, mut count) = (0, 0, 0, 0);
    for game in this_part(chosen.into_iter()) {
        let engine = game.engine;
        let mut state = State::from_moves(Config::STANDARD, &game.moves[..4]).unwrap();
        if state.to_move().index() != engine {
            state.apply(replay(&state)).unwrap();
        }
        let mut rows = Vec::new();
        for (cell, _) in scored_moves(&geo, &state, 9).into_iter().take(branch) {
            let mut next = state.clone();
            next.apply(cell).unwrap();
            let real = rollout(&geo, &next, engine, 14, &replay);
            let modelled = rollout(&geo, &next, engine, 14, &model);
            rows.push((cell, real, modelled));
        }
        let Some(&(_, first, _)) = rows.first() else {
            continue;
        };
        let pick = rows
            .iter()
            .max_by_key(|row| (row.2, -(row.0.row as i32)))
            .unwrap()
            .1;
        let best = rows.iter().map(|row| row.1).max().unwrap_or(first);
        let listed: Vec<String> = rows
            .iter()
            .map(|(cell, real, modelled)| format!("{cell}:{real}/{modelled}"))
            .collect();
        println!(
            "ROLLOUT {} first {first} model-pick {pick} best {best} {}",
            game.path.display(),
            listed.join(" ")
        );
        (first_sum, chosen_sum, best_sum, count) = (
            first_sum + first,
            chosen_sum + pick,
            best_sum + best,
            count + 1,
        );
    }
    let count = count.max(1);
    println!(
        "{count} games: mean first {} model-pick {} best {}",
        first_sum / count,
        chosen_sum / count,
        best_sum / count
    );
}

/// How much a player that knew the classroom player's replies could gain in the opening:
/// from the random opening of every game of the records in `RECORDS` with the result
/// `RESULT` (`D` unless given) and the engine as `COLOUR` (`white` unless given; every
/// `PARTS`-th from the `PART`-th), the engine tries its `BRANCH` best moves (3 unless
/// given, by 9-ply searches) at each of its next `DECISIONS` moves (4 unless given)
/// against the exact replay of `classroom` (1 M nodes), then its best, until 14 plies; a
/// depth-12 search scores each line. Prints the first line's score (the engine's own
/// choices), the best line's and how many lines reach 200.
#[test]
#[ignore = "an analysis tool, not a check"]
fn oracle_openings_against_the_replay() {
    let Some(games) = recorded_games("RECORDS") else {
        return;
    };
    let decisions: usize = env_or("DECISIONS", 4);
    let branch: usize = env_or("BRANCH", 3);
    let geo = super::tests::standard_geometry();
    let Some(model_geo) = Geometry::open_lines(Config::STANDARD) else {
        return;
    };
    let chosen = games_by_result(&games);
    for game in this_part(chosen.into_iter()) {
        let engine = game.engine;
        let state = State::from_moves(Config::STANDARD, &game.moves[..4]).unwrap();
        let mut lines = Vec::new();
        oracle_lines(
            &geo, &model_geo, &state, engine, decisions, branch, 14, &mut lines,
        );
        let first = lines.first().map_or(0, |line| line.0);
        let best = lines
            .iter()
            .max_by_key(|line| line.0)
            .cloned()
            .unwrap_or_default();
        let high = lines.iter().filter(|line| line.0 >= 200).count();
        println!(
            "ORACLE {} first {first} best {} high {high} of {} {}",
            game.path.display(),
            best.0,
            lines.len(),
            best.1
        );
    }
}

/// Plays out the endgames in the file `ENDGAMES` (lines `black MOVES` or `white MOVES`:
/// the engine's colour and the position) between the engine at `BUDGET` seconds a move
/// (1 unless given) and the exact replay of the classroom player with `NODES` nodes a
/// move (700,000 unless given, what it searches at 1 s on this machine), and prints the
/// engine's results; a game in which no line can be completed any more stops there as a
/// tie: `ENDGAMES=FILE cargo test --lib endgames_against -- --ignored --nocapture`.
#[test]
#[ignore = "a measurement, not a check"]
fn endgames_against_the_replayed_classroom_player() {
    let Some(lines) = listed_lines("ENDGAMES") else {
        return;
    };
    let budget: f64 = env_or("BUDGET", 1.0);
    let nodes: u64 = env_or("NODES", 700_000);
    let Some(model_geo) = Geometry::open_lines(Config::STANDARD) else {
        return;
    };
    let (mut won, mut tied, mut lost) = (0, 0, 0);
    for line in lines {
        let (colour, moves) = line.split_once(' ').unwrap();
        let engine = usize::from(colour == "white");
        let mut state =
            State::from_moves(Config::STANDARD, &parse_moves(moves.trim()).unwrap()).unwrap();
        // The game is played to its end, or until no line can be completed (a tie).
        play_against_the_replay(&mut state, engine, budget, nodes, usize::MAX, &model_geo);
        let result = match state.outcome() {
            None => 'D',
            Some(_) => result_for(&state, engine),
        };
        match result {
            'W' => won += 1,
            'L' => lost += 1,
            _ => tied += 1,
        }
        println!("{result} {colour} {moves}");
    }
    println!("engine: {won} W {tied} D {lost} L");
}

/// Whether no line can be completed in `state` whatever is played: neither colour has a
/// live window left, every window holds bricks of both (`geo`: any geometry of its cave,
/// the windows are the same).
fn no_line_left(geo: &Geometry, state: &State) -> bool {
    Position::new(geo, state).totals.live == [0, 0]
}

/// The replies the model of the model traps (a plain open-line search, `model_geo`) chooses
/// in `state` at each depth of [`MODEL_TRAP_DEPTHS`], shallowest first.
fn model_trap_replies(model_geo: &Geometry, state: &State) -> Vec<u32> {
    let deadline = Deadline::within(Duration::from_secs(60));
    let mut model = Searcher::model(model_geo, state, &deadline);
    model.selective = false;
    model
        .replies_by_depth(*MODEL_TRAP_DEPTHS.end(), false)
        .into_iter()
        .zip(1..)
        .filter(|(_, depth)| MODEL_TRAP_DEPTHS.contains(depth))
        .map(|(reply, _)| reply)
        .collect()
}

/// One-reply traps in the games the engine tied: from each tied game of the records in
/// `RECORDS` (see `recorded_games`; every `PARTS`-th from the `PART`-th), the first
/// position with the engine to move and at most `EMPTY` empty cells (28 unless given).
/// When the solver proves it a tie (within `3 × SECONDS`; `SECONDS` 10 unless given), it
/// lists every sensible move that keeps the tie, the reply of the classroom player
/// replayed with `NODES` nodes (700,000 unless given), whether that reply loses (a
/// *trap*), and the chance of a mistake the model of [`Searcher::set_model_traps`] gives
/// (the share of its depths 5 to 9 whose reply loses):
/// `RECORDS=dir1,dir2 EMPTY=28 cargo test --lib traps_in_tied -- --ignored --nocapture`.
#[test]
#[ignore = "an analysis tool, not a check"]
fn traps_in_tied_games() {
    let Some(games) = recorded_games("RECORDS") else {
        return;
    };
    let most_empty: usize = env_or("EMPTY", 28);
    let seconds: f64 = env_or("SECONDS", 10.0);
    let nodes: u64 = env_or("NODES", 700_000);
    let geo = super::tests::standard_geometry();
    let Some(model_geo) = Geometry::open_lines(Config::STANDARD) else {
        return;
    };
    let (mut positions, mut pairs, mut trapped, mut blunders) = (0, 0, 0, 0);
    for game in this_part(games.iter().filter(|game| game.result == 'D')) {
        // The engine (seat 0 black) moves at the plies (from 0) of its seat's parity.
        let Some(ply) =
            (4..game.moves.len()).find(|&p| p % 2 == game.engine && 64 - p <= most_empty)
        else {
            continue;
        };
        let state = State::from_moves(Config::STANDARD, &game.moves[..ply]).unwrap();
        let (verdict, took) = timed_proof(&geo, &state, 3.0 * seconds);
        println!(
            "{} with {} empty cells: {verdict:?} in {took:.1} s, played {}",
            game.path.display(),
            64 - ply,
            game.moves[ply]
        );
        if verdict != Some(0) {
            continue;
        }
        positions += 1;
        let mut traps = 0;
        for cell in bits(Position::new(&geo, &state).sensible_moves()) {
            let mut after = state.clone();
            after.apply(geo.cell(cell)).unwrap();
            if timed_proof(&geo, &after, seconds).0 != Some(0) {
                continue;
            }
            pairs += 1;
            let reply = replayed_reply(&model_geo, &after, nodes);
            // Whether `reply` after `cell` loses for the classroom player.
            let loses = |reply: Cell| {
                let mut next = after.clone();
                next.apply(reply).unwrap();
                next.outcome().is_none() && timed_proof(&geo, &next, seconds).0 == Some(1)
            };
            let trap = loses(reply);
            let predicted = model_trap_replies(&model_geo, &after);
            let chance = predicted
                .iter()
                .filter(|&&reply| loses(model_geo.cell(reply)))
                .count() as f64
                / predicted.len().max(1) as f64;
            println!(
                "  {} keeps the tie; classroom answers {reply}{}; model's chance of a mistake {chance:.1}",
                geo.cell(cell),
                if trap { ", which loses" } else { "" },
            );
            traps += usize::from(trap);
        }
        blunders += traps;
        trapped += usize::from(traps > 0);
    }
    println!(
        "{positions} tied positions, {pairs} moves that keep the tie, {blunders} answered with a \
         mistake, {trapped} positions with a trap"
    );
}

/// The engine's score from its own side (a search of `BUDGET` seconds, 1 unless given)
/// after each number of plies in `PLIES` (4,8,14 unless given) of every game in the
/// records in `RECORDS` (see `recorded_games`; every `PARTS`-th from the `PART`-th), with
/// the game's result: which phase of the game decides it. One line a game:
/// `RECORDS=dir1,dir2 PLIES=4,14 cargo test --lib scores_by_ply -- --ignored --nocapture`.
#[test]
#[ignore = "an analysis tool, not a check"]
fn scores_by_ply_and_result() {
    let Some(games) = recorded_games("RECORDS") else {
        return;
    };
    let budget: f64 = env_or("BUDGET", 1.0);
    let plies: Vec<usize> = std::env::var("PLIES")
        .unwrap_or_else(|_| "4,8,14".into())
        .split(',')
        .filter_map(|ply| ply.trim().parse().ok())
        .collect();
    let geo = super::tests::standard_geometry();
    for game in this_part(games.iter()) {
        let colour = if game.engine == 0 { "black" } else { "white" };
        let mut line = format!("{} {colour} {}", game.path.display(), game.result);
        for &ply in plies.iter().filter(|&&ply| ply < game.moves.len()) {
            let state = State::from_moves(Config::STANDARD, &game.moves[..ply]).unwrap();
            let score = score_for(&geo, &state, game.engine, budget);
            line.push_str(&format!(" {ply}:{score}"));
        }
        println!("{line}");
    }
}

/// Playouts against results: for every game of the records in `RECORDS` (see
/// `recorded_games`; every `PARTS`-th from the `PART`-th), the position after `PLY`
/// plies (14 unless given), the mean of `COUNT` playouts (400 unless given) from the
/// engine's side, with the game's result: whether playouts
/// say more about the result than the score does.
#[test]
#[ignore = "an analysis tool, not a check"]
fn playouts_and_results() {
    let Some(games) = recorded_games("RECORDS") else {
        return;
    };
    let ply: usize = env_or("PLY", 14);
    let count: u32 = env_or("COUNT", 400);
    let geo = super::tests::standard_geometry();
    for game in this_part(games.iter()) {
        if game.moves.len() <= ply {
            continue;
        }
        let state = State::from_moves(Config::STANDARD, &game.moves[..ply]).unwrap();
        let mean = playout_mean(&geo, &state, game.engine, count);
        let colour = if game.engine == 0 { "black" } else { "white" };
        println!(
            "PLAYOUT {} {colour} {} {mean:.3}",
            game.path.display(),
            game.result
        );
    }
}

/// How often the engine plays a lure, and how long it thinks, over positions of the
/// recorded games in `docs/cave-fit/games.txt` with 28 to 44 empty cells (`GAMES` games,
/// 10 unless given; `BUDGET` seconds a move, 1 unless given):
/// `cargo test --lib lures_in_recorded_games -- --ignored --nocapture`.
#[test]
#[ignore = "a measurement, not a check"]
fn lures_in_recorded_games() {
    let games: usize = env_or("GAMES", 10);
    let budget: f64 = env_or("BUDGET", 1.0);
    let geo = super::tests::standard_geometry();
    let Some(model_geo) = Geometry::open_lines(Config::STANDARD) else {
        return;
    };
    let text = std::fs::read_to_string("docs/cave-fit/games.txt").unwrap();
    let (mut positions, mut lured, mut slowest) = (0, 0, 0.0f64);
    for line in text.lines().take(games) {
        let moves = parse_moves(&line[2..].replace(' ', ",")).unwrap();
        for played in (20..=36).step_by(4).filter(|&n| n < moves.len()) {
            let state = State::from_moves(Config::STANDARD, &moves[..played]).unwrap();
            let deadline = Deadline::within(Duration::from_secs_f64(budget));
            let mut model = Searcher::model(&model_geo, &state, &deadline);
            let mut searcher = Searcher::new(&geo, &state, &deadline);
            let report = searcher.search(u32::MAX, Some(&mut model)).unwrap();
            positions += 1;
            lured += u32::from(searcher.lured);
            slowest = slowest.max(report.elapsed.as_secs_f64());
            println!(
                "{played} bricks: {} score {} depth {} lured {} in {:.3} s",
                report.best,
                report.score,
                report.depth,
                searcher.lured,
                report.elapsed.as_secs_f64()
            );
        }
    }
    println!("{lured} lures in {positions} positions, slowest {slowest:.3} s");
}

/// The positions before `classroom`'s replies in the games of the records in `RECORDS`
/// (see `recorded_games`) with at most `MOST` and more than `FEWEST` empty cells (the
/// environment's, else `default_range`), where it had no win or block to play and more
/// than one move, each with the reply it played; `None` when `RECORDS` is not set.
fn classroom_choices(
    model_geo: &Geometry,
    default_range: (usize, usize),
) -> Option<Vec<(State, Cell)>> {
    let (most, fewest): (usize, usize) = (
        env_or("MOST", default_range.0),
        env_or("FEWEST", default_range.1),
    );
    let mut choices = Vec::new();
    for RecordedGame { engine, moves, .. } in recorded_games("RECORDS")? {
        // Classroom moves at the plies (from 0) of its seat's parity.
        let classroom = 1 - engine;
        for ply in (4..moves.len()).filter(|&p| p % 2 == classroom) {
            if 64 - ply <= fewest {
                break;
            }
            if 64 - ply > most {
                continue;
            }
            let state = State::from_moves(Config::STANDARD, &moves[..ply]).unwrap();
            let position = Position::new(model_geo, &state);
            let (me, legal) = (position.to_move, position.legal());
            let tactic = (position.winning_cells(me) | position.winning_cells(1 - me)) & legal;
            if tactic == 0 && legal.count_ones() >= 2 {
                choices.push((state, moves[ply]));
            }
        }
    }
    Some(choices)
}

/// Where the plain model's best replies tie, and whether `classroom` breaks such ties as
/// a classroom player orders its moves: in board order (row by row, the left cell first),
/// each depth's best moved to the front, the first of equal scores kept. For each reply of
/// `classroom` in the records in `RECORDS` (see `recorded_games`) with at most `MOST` (59)
/// and more than `FEWEST` (45) empty cells and no win or block to play, it counts the
/// model's (plain, `DEPTH` plies, 6 unless given) hits, the replies among the moves the
/// model scores best (each searched with a full window), and the hits of the model's best
/// moves broken in board order: `RECORDS=dir cargo test --lib classroom_order_among --
/// --ignored --nocapture`.
#[test]
#[ignore = "a measurement, not a check"]
fn classroom_order_among_the_models_best_replies() {
    let Some(model_geo) = Geometry::open_lines(Config::STANDARD) else {
        return;
    };
    let Some(choices) = classroom_choices(&model_geo, (59, 45)) else {
        return;
    };
    let deadline = Deadline::within(Duration::from_secs(600));
    let depth: i32 = env_or("DEPTH", 6);
    let total = choices.len() as u32;
    let (mut model_hits, mut among_best, mut tied, mut board_order_hits) = (0u32, 0u32, 0u32, 0u32);
    for (state, real) in choices {
        let mut model = Searcher::model(&model_geo, &state, &deadline);
        model.selective = false;
        let legal = model.position.legal();
        let replies = model.replies_by_depth(depth, false);
        let Some(&reply) = replies.last() else {
            continue;
        };
        model_hits += u32::from(model_geo.cell(reply) == real);
        let scored: Vec<(u32, i32)> = bits(legal)
            .map(|cell| {
                model.position.play(cell);
                let score = -model.negamax(depth - 1, 1, -INF, INF);
                model.position.undo(cell);
                (cell, score)
            })
            .collect();
        let top = scored.iter().map(|&(_, score)| score).max().unwrap_or(0);
        let best: Vec<u32> = scored
            .iter()
            .filter(|&&(_, score)| score == top)
            .map(|&(cell, _)| cell)
            .collect();
        among_best += u32::from(best.iter().any(|&cell| model_geo.cell(cell) == real));
        tied += u32::from(best.len() > 1);
        // Board order, with the model's best at each shallower depth moved to the front.
        let mut order: Vec<u32> = bits(legal).collect();
        for &shallower in &replies[..replies.len() - 1] {
            if let Some(i) = order.iter().position(|&cell| cell == shallower) {
                order[..=i].rotate_right(1);
            }
        }
        let pick = order
            .iter()
            .copied()
            .find(|cell| best.contains(cell))
            .unwrap_or(reply);
        board_order_hits += u32::from(model_geo.cell(pick) == real);
    }
    let share = |count: u32| 100.0 * f64::from(count) / f64::from(total.max(1));
    println!(
        "{total} replies: the model predicts {model_hits} ({:.1} %); {among_best} are among \
         the moves it scores best ({:.1} %), {tied} positions have several; its best broken \
         in board order predict {board_order_hits} ({:.1} %)",
        share(model_hits),
        share(among_best),
        share(board_order_hits)
    );
}

/// How often the model of a classroom player predicts the reply `classroom` played, in the
/// match records in `RECORDS` (folders of `tablero tournament --a engine --b classroom
/// --records`, see `recorded_games`), positions with at most `MOST` and more than `FEWEST`
/// empty cells and no win or block to play: for each model depth with and without
/// selectivity (`DEPTHS`), for the textbook searcher and the replay at the fixed depths in
/// `TEXTBOOK`, and for the replay with the node budgets in `BUDGETS`:
/// `RECORDS=dir cargo test --lib model_predicts -- --ignored --nocapture`.
#[test]
#[ignore = "a measurement, not a check"]
fn model_predicts_classroom_replies() {
    let Some(model_geo) = Geometry::open_lines(Config::STANDARD) else {
        return;
    };
    // Long enough for the slowest runs: a model stops deepening once its deadline passed.
    let deadline = Deadline::within(Duration::from_secs(86_400));
    // Empty cells from `MOST` (48) down to above `FEWEST` (24); plain models of the depths
    // in `DEPTHS` (4 to 7), then the selective ones of 6 and 7 plies, then the textbook
    // searchers ([`Searcher::textbook_negamax`]) of the depths in `TEXTBOOK`, each timed.
    let Some(choices) = classroom_choices(&model_geo, (48, 24)) else {
        return;
    };
    let textbook: Vec<usize> = std::env::var("TEXTBOOK")
        .unwrap_or_else(|_| "5,6,7,8".into())
        .split(',')
        .filter_map(|d| d.trim().parse().ok())
        .filter(|&d| d >= 1)
        .collect();
    // (selective, textbook, depth)
    let mut configs: Vec<(bool, bool, i32)> = std::env::var("DEPTHS")
        .unwrap_or_else(|_| "4,5,6,7".into())
        .split(',')
        .filter_map(|d| d.trim().parse().ok())
        .map(|d| (false, false, d))
        .collect();
    configs.extend([(true, false, 6), (true, false, 7)]);
    configs.extend(textbook.iter().map(|&d| (false, true, d as i32)));
    let mut config_time = vec![Duration::ZERO; configs.len()];
    // And the exact replay of the classroom player with the node budgets in `BUDGETS`.
    let budgets: Vec<u64> = std::env::var("BUDGETS")
        .unwrap_or_else(|_| "400000,700000,1000000".into())
        .split(',')
        .filter_map(|b| b.trim().parse().ok())
        .collect();
    let mut replayed = vec![0u32; budgets.len()];
    let mut hits = vec![0u32; configs.len()];
    // And the replay's search (static leaves, a win only when its brick is laid, every legal
    // move) to each depth in `TEXTBOOK` whatever its clock, its root in board order and in the
    // model's order (by gain), within `TEXTBOOK_NODES` (5 M) nodes a position; a depth it
    // does not reach counts as a miss.
    let textbook_nodes: u64 = env_or("TEXTBOOK_NODES", 5_000_000);
    let mut textbook_hits = vec![[0u32; 2]; textbook.len()];
    let mut textbook_reached = vec![[0u32; 2]; textbook.len()];
    let total = choices.len() as u32;
    for (state, real) in choices {
        let mut position = Position::new(&model_geo, &state);
        let moves: Vec<u32> = bits(position.legal()).collect();
        let mut by_gain = moves.clone();
        by_gain.sort_by_key(|&c| -position.gain(c));
        let board = classroom_model::replies_in_order(&mut position, textbook_nodes, moves);
        let gain = classroom_model::replies_in_order(&mut position, textbook_nodes, by_gain);
        for (i, &depth) in textbook.iter().enumerate() {
            for (order, (replies, settled)) in [&board, &gain].into_iter().enumerate() {
                // A settled deepening (a decided game) stops early: its last choice stands.
                let choice = replies
                    .get(depth - 1)
                    .or(replies.last().filter(|_| *settled));
                if let Some(&(_, cell)) = choice {
                    textbook_reached[i][order] += 1;
                    textbook_hits[i][order] += u32::from(model_geo.cell(cell) == real);
                }
            }
        }
        for (i, &(selective, textbook, depth)) in configs.iter().enumerate() {
            let started = Instant::now();
            let mut model = Searcher::model(&model_geo, &state, &deadline);
            model.selective = selective;
            model.textbook = textbook;
            let reply = model.predicted_reply(depth);
            config_time[i] += started.elapsed();
            hits[i] += u32::from(reply.map(|r| model_geo.cell(r)) == Some(real));
        }
        let mut position = Position::new(&model_geo, &state);
        let most = budgets.iter().copied().max().unwrap_or(0);
        let by_depth = classroom_model::classroom_replies(&mut position, most);
        for (i, &budget) in budgets.iter().enumerate() {
            let reply = classroom_model::reply_within(&by_depth, budget);
            replayed[i] += u32::from(reply.map(|r| model_geo.cell(r)) == Some(real));
        }
    }
    for (i, &(selective, textbook, depth)) in configs.iter().enumerate() {
        let kind = match (textbook, selective) {
            (true, _) => "textbook searcher",
            (false, true) => "selective",
            (false, false) => "plain",
        };
        println!(
            "{kind} depth {depth}: {} of {total} replies, {:.1} %, {:.2} ms a reply",
            hits[i],
            100.0 * f64::from(hits[i]) / f64::from(total.max(1)),
            config_time[i].as_secs_f64() * 1000.0 / f64::from(total.max(1))
        );
    }
    for (i, &budget) in budgets.iter().enumerate() {
        println!(
            "the classroom player replayed with {budget} nodes: {} of {total} replies, {:.1} %",
            replayed[i],
            100.0 * f64::from(replayed[i]) / f64::from(total.max(1))
        );
    }
    for (i, &depth) in textbook.iter().enumerate() {
        for (order, name) in ["board order", "by gain"].iter().enumerate() {
            println!(
                "the replay to depth {depth}, {name}: {} of {total} replies, {:.1} % ({} reached)",
                textbook_hits[i][order],
                100.0 * f64::from(textbook_hits[i][order]) / f64::from(total.max(1)),
                textbook_reached[i][order]
            );
        }
    }
}

/// The engine's decisions with `empty` empty cells in `games` whose result for the engine
/// is in `results`, every `PARTS`-th game from the `PART`-th (see `this_part`): each game
/// with the number of moves played before the decision.
fn engine_decisions<'a>(
    games: &'a [RecordedGame],
    results: &'a str,
    empty: std::ops::RangeInclusive<usize>,
) -> impl Iterator<Item = (&'a RecordedGame, usize)> + 'a {
    this_part(games.iter().filter(|game| results.contains(game.result))).flat_map(move |game| {
        let empty = empty.clone();
        (4..game.moves.len())
            .filter(move |&ply| ply % 2 == game.engine && empty.contains(&(64 - ply)))
            .map(move |ply| (game, ply))
    })
}

/// What the brick on `cell` leads to for the player who lays it in `state`, proved within
/// `seconds`: 1 a win, 0 a tie, -1 a loss, 2 unproved.
fn verdict_after(geo: &Geometry, state: &State, cell: u32, seconds: f64) -> i32 {
    let deadline = Deadline::within(Duration::from_secs_f64(seconds / 0.8));
    Searcher::new(geo, state, &deadline)
        .outcome_after(cell)
        .unwrap_or(2)
}

/// A rule of the engine that may replace a chosen move, replayed on the engine's recorded
/// moves: for each of its decisions with `empty` empty cells in the games of the records in
/// `RECORDS` (see `recorded_games`; every `PARTS`-th game from the `PART`-th) whose result
/// for the engine is in `RESULTS` (`WDL` unless given), a fresh searcher and model with
/// `SECONDS` (0.3 unless given) ask `replace` (searcher, model, the move played, the sensible
/// moves) for another move. One line a decision it changes, with the verdicts of the move
/// played and of its replacement (`PROOF` seconds each, 10 unless given: 1 a win, 0 a tie,
/// -1 a loss, 2 unproved), then counts by the game's result and the two verdicts.
fn replacements_on_recorded_moves(
    empty: std::ops::RangeInclusive<usize>,
    replace: impl Fn(&mut Searcher<'_, '_>, &mut Searcher<'_, '_>, u32, &[u32]) -> Option<u32>,
) {
    let Some(games) = recorded_games("RECORDS") else {
        return;
    };
    let Some(model_geo) = Geometry::open_lines(Config::STANDARD) else {
        return;
    };
    let seconds: f64 = env_or("SECONDS", 0.3);
    let proof: f64 = env_or("PROOF", 10.0);
    let results = std::env::var("RESULTS").unwrap_or_else(|_| "WDL".into());
    let geo = super::tests::standard_geometry();
    let (mut decisions, mut changed) = (0, std::collections::BTreeMap::new());
    for (game, ply) in engine_decisions(&games, &results, empty) {
        decisions += 1;
        let state = State::from_moves(Config::STANDARD, &game.moves[..ply]).unwrap();
        let deadline = Deadline::within(Duration::from_secs_f64(seconds / 0.8));
        let mut model = Searcher::model(&model_geo, &state, &deadline);
        let mut searcher = Searcher::new(&geo, &state, &deadline);
        let played = geo.index(game.moves[ply]);
        let moves: Vec<u32> = bits(searcher.position.sensible_moves()).collect();
        let Some(replacement) = replace(&mut searcher, &mut model, played, &moves) else {
            continue;
        };
        let before = verdict_after(&geo, &state, played, proof);
        let after = verdict_after(&geo, &state, replacement, proof);
        *changed.entry((game.result, before, after)).or_insert(0) += 1;
        println!(
            "{} with {} empty cells ({}): {} (verdict {before}) gives way to {} (verdict {after})",
            game.path.display(),
            64 - ply,
            game.result,
            game.moves[ply],
            geo.cell(replacement)
        );
    }
    println!(
        "{decisions} decisions; changed, by the game's result and the verdicts of the move played and its replacement: {changed:?}"
    );
}

/// The proof of a win in the time left at the end of a move
/// ([`Searcher::win_in_time_left`]), replayed on the engine's recorded moves with 25 to 32
/// empty cells (see `replacements_on_recorded_moves` for the environment and the output;
/// `SECONDS` 0.3 is about what a 1-s move has left in the check's range): `RECORDS=dir1,dir2
/// cargo test --lib win_in_time_left_on -- --ignored --nocapture`.
#[test]
#[ignore = "an analysis tool, not a check"]
fn win_in_time_left_on_recorded_moves() {
    replacements_on_recorded_moves(25..=32, |searcher, _, played, moves| {
        searcher.win_in_time_left(played, moves)
    });
}

/// The check of a chosen move ([`Searcher::avoid_proved_loss`]) replayed on the engine's
/// recorded moves with `FEWEST` to `MOST` empty cells (33 and 33 unless given, one brick
/// above the check's range; see `replacements_on_recorded_moves` for the rest of the
/// environment and the output): `RECORDS=dir1,dir2 cargo test --lib check_at_recorded --
/// --ignored --nocapture`.
#[test]
#[ignore = "an analysis tool, not a check"]
fn check_at_recorded_moves() {
    let (fewest, most): (usize, usize) = (env_or("FEWEST", 33), env_or("MOST", 33));
    replacements_on_recorded_moves(fewest..=most, |searcher, model, played, moves| {
        searcher.avoid_proved_loss(model, played, moves)
    });
}

/// Bets in tied positions, screened: for every decision of the engine with `LOW` to `HIGH`
/// empty cells (18 and 26 unless given) in the games of the records in `RECORDS` (every
/// `PARTS`-th game from the `PART`-th) whose position the solver proves a tie (`SECONDS`
/// each, 3 unless given), every sensible move proved to lose (a *bet*), the model's chance
/// (depths 5 to 9, as the model traps) that the reply lets the engine win, and, for the
/// bets it rates above zero, what the exact replay of the classroom player (`NODES`, 700,000
/// unless given) answers and the verdict after that reply (1 the engine wins, 0 a tie, -1 the
/// opponent keeps its win, 2 unproved); with `ALL` set, for every bet:
/// `RECORDS=dir1,dir2 cargo test --lib bets_in_tied -- --ignored --nocapture`.
#[test]
#[ignore = "an analysis tool, not a check"]
fn bets_in_tied_positions() {
    let Some(games) = recorded_games("RECORDS") else {
        return;
    };
    let (low, high): (usize, usize) = (env_or("LOW", 18), env_or("HIGH", 26));
    let seconds: f64 = env_or("SECONDS", 3.0);
    let nodes: u64 = env_or("NODES", 700_000);
    let geo = super::tests::standard_geometry();
    let Some(model_geo) = Geometry::open_lines(Config::STANDARD) else {
        return;
    };
    let prove = |state: &State| timed_proof(&geo, state, seconds).0;
    // Verdict for the engine after `state` (engine to move): 1, 0, -1 or 2 unproved.
    let engine_verdict = |state: &State| match state.outcome() {
        Some(Outcome::Tie) => 0,
        Some(_) => -1,
        None => prove(state).unwrap_or(2),
    };
    let (mut tied, mut with_bets, mut rated) = (0, 0, 0);
    let mut exact = [0usize; 4];
    let mut exact_by_chance = std::collections::BTreeMap::<(u32, u32), [usize; 4]>::new();
    for game in this_part(games.iter()) {
        for ply in (4..game.moves.len()).filter(|&p| p % 2 == game.engine) {
            let empty = 64 - ply;
            if empty < low || empty > high {
                continue;
            }
            let state = State::from_moves(Config::STANDARD, &game.moves[..ply]).unwrap();
            if prove(&state) != Some(0) {
                continue;
            }
            tied += 1;
            let mut bets = Vec::new();
            for cell in bits(Position::new(&geo, &state).sensible_moves()) {
                let mut after = state.clone();
                after.apply(geo.cell(cell)).unwrap();
                if after.outcome().is_some() || prove(&after) != Some(1) {
                    continue;
                }
                bets.push((cell, after));
            }
            with_bets += usize::from(!bets.is_empty());
            for (cell, after) in bets {
                let predicted = model_trap_replies(&model_geo, &after);
                let verdict_of = |reply: Cell| {
                    let mut next = after.clone();
                    next.apply(reply).unwrap();
                    engine_verdict(&next)
                };
                let mut wins = 0;
                let mut keeps = 0;
                for &reply in &predicted {
                    match verdict_of(model_geo.cell(reply)) {
                        1 => wins += 1,
                        -1 => keeps += 1,
                        _ => {}
                    }
                }
                if wins == 0 && std::env::var("ALL").is_err() {
                    continue;
                }
                rated += usize::from(wins > 0);
                let reply = replayed_reply(&model_geo, &after, nodes);
                let result = verdict_of(reply);
                let slot = match result {
                    1 => 0,
                    0 => 1,
                    -1 => 2,
                    _ => 3,
                };
                exact[slot] += 1;
                exact_by_chance.entry((wins, keeps)).or_default()[slot] += 1;
                println!(
                    "{} ply {ply} ({empty} empty) bet {}: model {wins}/{} win, {keeps} keep; \
                     classroom {} -> {result}",
                    game.path.display(),
                    geo.cell(cell),
                    predicted.len(),
                    reply,
                );
            }
        }
    }
    println!("{tied} tied positions, {with_bets} with bets, {rated} bets the model rates");
    println!(
        "exact replies: {} win, {} tie, {} keep, {} unproved",
        exact[0], exact[1], exact[2], exact[3]
    );
    for ((wins, keeps), counts) in exact_by_chance {
        println!("model wins {wins} keeps {keeps}: {counts:?}");
    }
}

/// The bricks an attacker with no win to take may try: the opponent's playable winning cell
/// when it has one, every legal move when it has none, and `None` when it has two or more
/// (the attacker cannot stop them all).
fn attacking_moves(position: &Position<'_>) -> Option<u64> {
    let legal = position.legal();
    let theirs = position.winning_cells(1 - position.to_move) & legal;
    match theirs.count_ones() {
        0 => Some(legal),
        1 => Some(theirs),
        _ => None,
    }
}

/// Whether the player to move wins by a *sequence of fours* within `depth` of its bricks:
/// each brick leaves it a playable winning cell the opponent must fill (it has no win of its
/// own to take), until one brick leaves two. A winning cell of the opponent's that is
/// playable must be filled first, which continues the sequence only if it is itself a four.
/// `nodes` counts down the attacker's bricks tried and stops the search at zero.
fn four_sequence(position: &mut Position<'_>, depth: u32, nodes: &mut u64) -> bool {
    let me = position.to_move;
    let them = 1 - me;
    let legal = position.legal();
    if position.winning_cells(me) & legal != 0 {
        return true;
    }
    if depth == 0 || *nodes == 0 {
        return false;
    }
    let Some(candidates) = attacking_moves(position) else {
        return false;
    };
    for cell in bits(candidates) {
        *nodes = nodes.saturating_sub(1);
        position.play(cell);
        let legal = position.legal();
        let threats = position.winning_cells(me) & legal;
        let wins = if position.winning_cells(them) & legal != 0 {
            false
        } else if threats.count_ones() >= 2 {
            true
        } else if threats != 0 {
            let block = threats.trailing_zeros();
            position.play(block);
            let wins = four_sequence(position, depth - 1, nodes);
            position.undo(block);
            wins
        } else {
            false
        };
        position.undo(cell);
        if wins {
            return true;
        }
    }
    false
}

/// The fewest bricks of a sequence of fours ([`four_sequence`]) that wins for the player to
/// move in `state`, up to `most`; `None` when there is none, or when the `nodes` ran out
/// first (then `exhausted` counts one more).
fn shortest_four_sequence(
    geo: &Geometry,
    state: &State,
    most: u32,
    nodes: u64,
    exhausted: &mut usize,
) -> Option<u32> {
    let mut position = Position::new(geo, state);
    let mut left = nodes;
    let found = (1..=most).find(|&depth| four_sequence(&mut position, depth, &mut left));
    *exhausted += usize::from(found.is_none() && left == 0);
    found
}

/// Checks that the solver proves a win on every one of 120 random positions with 24 empty
/// cells (from `seed`) where `finds` finds a win, and that it finds at least five: `what`
/// names the wins in the messages.
fn assert_found_wins_are_proved(seed: u64, what: &str, finds: impl Fn(&State) -> bool) {
    let geo = super::tests::standard_geometry();
    let (mut found, mut missed) = (0, 0);
    for state in super::tests::random_positions(seed, 24).take(120) {
        if !finds(&state) {
            continue;
        }
        found += 1;
        let (verdict, _) = timed_proof(&geo, &state, 20.0);
        missed += usize::from(verdict != Some(1));
    }
    assert!(found >= 5, "only {found} {what} in 120 positions");
    assert_eq!(missed, 0, "{missed} of {found} {what} not proved wins");
}

/// A win by a sequence of fours is a win: on random positions with 24 empty cells the solver
/// proves a win for every one [`four_sequence`] finds (and it finds some). A check, not a
/// tool, so it runs with the tests.
#[test]
fn sequences_of_fours_are_proved_wins() {
    let geo = super::tests::standard_geometry();
    assert_found_wins_are_proved(55, "sequences of fours", |state| {
        shortest_four_sequence(&geo, state, 12, 100_000, &mut 0).is_some()
    });
}

/// Wins found by `search` in recorded games, screened: for every decision of the engine with
/// `FEWEST` to `MOST` empty cells (25 and 59 unless given) in the games of the records in
/// `RECORDS` (every `PARTS`-th game from the `PART`-th) whose result for the engine is in
/// `RESULTS` (`WDL` unless given), whether `search` finds a win for the engine, and after
/// its move one for `classroom`. `search` gives a win's length in `unit`s and counts a
/// search that ran out of work in its second argument. One line a tied or lost game with
/// either, then counts by the game's result and the engine's wins by their length.
fn wins_in_recorded_games(unit: &str, search: impl Fn(&State, &mut usize) -> Option<u32>) {
    let Some(games) = recorded_games("RECORDS") else {
        return;
    };
    let (fewest, most): (usize, usize) = (env_or("FEWEST", 25), env_or("MOST", 59));
    let results: String = env_or("RESULTS", String::from("WDL"));
    let mut counts = std::collections::BTreeMap::<(char, bool, bool), usize>::new();
    let mut first_own = std::collections::BTreeMap::<(char, usize), usize>::new();
    let mut lengths = std::collections::BTreeMap::<u32, usize>::new();
    let mut exhausted = 0;
    let started = Instant::now();
    for game in this_part(games.iter().filter(|game| results.contains(game.result))) {
        let (mut own, mut theirs) = (Vec::new(), Vec::new());
        for ply in (4..game.moves.len()).filter(|&p| p % 2 == game.engine) {
            let empty = 64 - ply;
            if empty < fewest || empty > most {
                continue;
            }
            let state = State::from_moves(Config::STANDARD, &game.moves[..ply]).unwrap();
            if let Some(length) = search(&state, &mut exhausted) {
                own.push((empty, length));
            }
            let after = State::from_moves(Config::STANDARD, &game.moves[..=ply]).unwrap();
            if after.outcome().is_none()
                && let Some(length) = search(&after, &mut exhausted)
            {
                theirs.push((empty - 1, length));
            }
        }
        if let Some(&(empty, _)) = own.first() {
            *first_own.entry((game.result, empty)).or_insert(0) += 1;
        }
        for &(_, length) in &own {
            *lengths.entry(length).or_insert(0) += 1;
        }
        *counts
            .entry((game.result, !own.is_empty(), !theirs.is_empty()))
            .or_insert(0) += 1;
        if game.result != 'W' && (!own.is_empty() || !theirs.is_empty()) {
            println!(
                "{} ({}, engine {}): engine's (empty, {unit}) {own:?}; classroom's {theirs:?}",
                game.path.display(),
                game.result,
                if game.engine == 0 { "black" } else { "white" },
            );
        }
    }
    println!("games by (result, engine had one, classroom had one): {counts:?}");
    println!("the engine's first, by (result, empty cells): {first_own:?}");
    println!("the engine's decisions with one, by its fewest {unit}: {lengths:?}");
    println!(
        "searches that ran out of work: {exhausted}; {:.0} s",
        started.elapsed().as_secs_f64()
    );
}

/// Sequences of fours in recorded games, screened ([`wins_in_recorded_games`], with its
/// `FEWEST`, `MOST`, `RECORDS`, `PART` and `PARTS`): the engine's and `classroom`'s wins by
/// a sequence of fours ([`four_sequence`], up to `LENGTH` bricks, 30 unless given; `NODES`
/// of the attacker's bricks tried at most for each, 2,000,000 unless given), by their fewest
/// bricks: `RECORDS=dir1,dir2 cargo test --lib four_sequences_in -- --ignored --nocapture`.
#[test]
#[ignore = "an analysis tool, not a check"]
fn four_sequences_in_recorded_games() {
    let length: u32 = env_or("LENGTH", 30);
    let nodes: u64 = env_or("NODES", 2_000_000);
    let geo = super::tests::standard_geometry();
    wins_in_recorded_games("bricks", |state, exhausted| {
        shortest_four_sequence(&geo, state, length, nodes, exhausted)
    });
}

/// Whether the player to move wins by a *sequence of threats* of order `order` (2 or more)
/// of up to `depth` threats: it wins by a sequence one order lower (of order 1, a sequence
/// of fours, [`four_sequence`], up to `fours` bricks; of a higher order, up to `depth`
/// threats too), or it lays a brick after which, were the opponent to pass, it would win by
/// a sequence one order lower, and after *every* reply of the opponent it again wins by a
/// sequence of threats one threat shorter. With no threats left, fours alone must win.
/// Every reply is tried, so a sequence found is a proved win; the threats only choose which
/// of the attacker's bricks are tried. `nodes` counts down the bricks tried (both sides')
/// and stops the search at zero.
fn threat_sequence(
    position: &mut Position<'_>,
    order: u32,
    depth: u32,
    fours: u32,
    nodes: &mut u64,
) -> bool {
    let lower = |position: &mut Position<'_>, nodes: &mut u64| {
        if order <= 2 {
            four_sequence(position, fours, nodes)
        } else {
            threat_sequence(position, order - 1, depth, fours, nodes)
        }
    };
    if lower(position, nodes) {
        return true;
    }
    if depth == 0 || *nodes == 0 {
        return false;
    }
    let me = position.to_move;
    let them = 1 - me;
    let Some(candidates) = attacking_moves(position) else {
        return false;
    };
    for cell in bits(candidates) {
        *nodes = nodes.saturating_sub(1);
        position.play(cell);
        let replies = position.legal();
        let wins = if replies == 0 || position.winning_cells(them) & replies != 0 {
            false
        } else {
            position.to_move = me;
            let threat = lower(position, nodes);
            position.to_move = them;
            threat && {
                let mut every = true;
                for reply in bits(replies) {
                    *nodes = nodes.saturating_sub(1);
                    position.play(reply);
                    every = threat_sequence(position, order, depth - 1, fours, nodes);
                    position.undo(reply);
                    if !every {
                        break;
                    }
                }
                every
            }
        };
        position.undo(cell);
        if wins {
            return true;
        }
    }
    false
}

/// The fewest threats a sequence of threats of order `order` ([`threat_sequence`])
/// needs to win for the player to move in `state`, up to `most` (0 when fours alone win);
/// `None` when there is none, or when the `nodes` ran out first (then `exhausted` counts one
/// more).
fn shortest_threat_sequence(
    geo: &Geometry,
    state: &State,
    order: u32,
    (most, fours): (u32, u32),
    nodes: u64,
    exhausted: &mut usize,
) -> Option<u32> {
    let mut position = Position::new(geo, state);
    let mut left = nodes;
    let found =
        (0..=most).find(|&depth| threat_sequence(&mut position, order, depth, fours, &mut left));
    *exhausted += usize::from(found.is_none() && left == 0);
    found
}

/// A win by a sequence of threats is a win: on random positions with 24 empty cells the
/// solver proves a win for every one [`threat_sequence`] finds beyond fours alone (and it
/// finds some). A check, not a tool, so it runs with the tests.
#[test]
fn sequences_of_threats_are_proved_wins() {
    let geo = super::tests::standard_geometry();
    assert_found_wins_are_proved(57, "sequences of threats", |state| {
        shortest_threat_sequence(&geo, state, 3, (3, 8), 200_000, &mut 0).is_some_and(|d| d > 0)
    });
}

/// Sequences of threats in recorded games, screened ([`wins_in_recorded_games`], with its
/// `FEWEST`, `MOST`, `RECORDS`, `PART` and `PARTS`): the engine's and `classroom`'s wins by
/// a sequence of threats ([`threat_sequence`] of order `ORDER`, 2 unless given, up to
/// `DEPTH` threats, 3 unless given, with fours of up to `FOURS` bricks, 8 unless given;
/// `NODES` bricks tried at most for each, 2,000,000 unless given), by their fewest threats:
/// `RECORDS=dir1,dir2 cargo test --lib threat_sequences_in -- --ignored --nocapture`.
#[test]
#[ignore = "an analysis tool, not a check"]
fn threat_sequences_in_recorded_games() {
    let limits: (u32, u32) = (env_or("DEPTH", 3), env_or("FOURS", 8));
    let (order, nodes): (u32, u64) = (env_or("ORDER", 2), env_or("NODES", 2_000_000));
    let geo = super::tests::standard_geometry();
    wins_in_recorded_games("threats", |state, exhausted| {
        shortest_threat_sequence(&geo, state, order, limits, nodes, exhausted)
    });
}
