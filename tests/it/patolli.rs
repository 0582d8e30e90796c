//! Patolli rules, scripted with fixed rolls: every rule of `docs/rules/patolli.md`.

use std::sync::Arc;

use proptest::prelude::*;
use rand::SeedableRng;
use rand::rngs::StdRng;
use tablero::rules::patolli::{
    Action, Dice, Effect, FirstPlayer, Illegal, Location, Overshoot, Phase, Piece, Player, Rolled,
    Rules, State, Track,
};

fn p(label: char) -> Piece {
    Piece::from_label(label).expect("test label")
}

fn on(square: usize) -> Location {
    Location::Track(square)
}

fn game(rules: Rules) -> State {
    State::new(Arc::new(Track::cross(7)), rules)
}

/// A position after the openings with `to_move` about to roll.
fn position(rules: Rules, to_move: Player, pieces: &[(char, Location)]) -> State {
    let pieces: Vec<(Piece, Location)> = pieces.iter().map(|&(l, loc)| (p(l), loc)).collect();
    State::arranged(Arc::new(Track::cross(7)), rules, to_move, &pieces).expect("test position")
}

/// Rolls `roll` and applies `action`, both of which must be accepted.
fn turn(state: &mut State, roll: u8, action: Action) -> Effect {
    state.roll(roll).expect("roll accepted");
    state.apply(action).expect("action accepted")
}

/// Rolls `roll`, then checks that `action` is refused with `reason` and changes nothing.
fn refused(state: &mut State, roll: u8, action: Action, reason: Illegal) {
    state.roll(roll).expect("roll accepted");
    let before = state.clone();
    assert_eq!(state.apply(action), Err(reason), "{action}");
    assert_eq!(*state, before);
}

fn moved(piece: char, from: usize, to: Location, captured: Option<char>, extra: bool) -> Effect {
    Effect::Moved {
        piece: p(piece),
        from,
        to,
        captured: captured.map(p),
        extra_roll: extra,
    }
}

#[test]
fn the_opening_places_a_piece_whatever_the_roll() {
    for roll in 0..=5 {
        let mut state = game(Rules::default());
        assert_eq!(state.to_move(), Player::L);
        assert_eq!(state.roll(roll), Ok(Rolled::Choose(roll)));
        assert_eq!(state.check(Action::Pass), Err(Illegal::OpeningPlacement));
        assert_eq!(
            state.check(Action::Move(p('A'))),
            Err(Illegal::OpeningPlacement)
        );
        assert_eq!(
            state.check(Action::Place(p('1'))),
            Err(Illegal::NotYourPiece(p('1')))
        );
        assert_eq!(
            state.apply(Action::Place(p('C'))),
            Ok(Effect::Placed {
                piece: p('C'),
                square: 23
            })
        );
        assert_eq!(state.to_move(), Player::N);
        let effect = turn(&mut state, roll, Action::Place(p('4')));
        assert_eq!(
            effect,
            Effect::Placed {
                piece: p('4'),
                square: 53
            }
        );
        assert_eq!(state.to_move(), Player::L);
        assert!(!state.in_opening());
    }
}

#[test]
fn n_can_move_first() {
    let rules = Rules {
        first_player: FirstPlayer::N,
        ..Rules::default()
    };
    assert_eq!(game(rules).to_move(), Player::N);
}

#[test]
fn a_zero_loses_the_turn_after_the_opening() {
    let mut state = position(Rules::default(), Player::L, &[('A', on(23))]);
    assert_eq!(state.roll(0), Ok(Rolled::TurnLost));
    assert_eq!(state.to_move(), Player::N);
    assert_eq!(state.phase(), Phase::Roll);
    assert_eq!(state.location(p('A')), on(23));
}

#[test]
fn rolls_and_actions_must_come_in_order() {
    let mut state = position(Rules::default(), Player::L, &[('A', on(23))]);
    assert_eq!(state.apply(Action::Pass), Err(Illegal::MustRoll));
    assert_eq!(state.roll(6), Err(Illegal::BadRoll(6)));
    state.roll(3).unwrap();
    assert_eq!(state.roll(2), Err(Illegal::AlreadyRolled(3)));
}

#[test]
fn moves_go_forward_by_the_roll_and_jump_over_pieces() {
    let mut state = position(
        Rules::default(),
        Player::L,
        &[('A', on(23)), ('B', on(24)), ('1', on(25))],
    );
    assert_eq!(
        turn(&mut state, 4, Action::Move(p('A'))),
        moved('A', 23, on(27), None, false)
    );
    assert_eq!(state.to_move(), Player::N);
}

#[test]
fn blocked_landings_are_refused_with_the_state_unchanged() {
    let pieces = [('A', on(23)), ('B', on(25)), ('1', on(27)), ('2', on(52))];
    // Own piece, on an ordinary square and on a middle square.
    let mut state = position(Rules::default(), Player::L, &pieces);
    refused(
        &mut state,
        2,
        Action::Move(p('A')),
        Illegal::OwnPiece {
            piece: p('A'),
            blocker: p('B'),
            square: 25,
        },
    );
    // An opponent outside the middle cannot be captured.
    let mut state = position(Rules::default(), Player::L, &pieces);
    refused(
        &mut state,
        4,
        Action::Move(p('A')),
        Illegal::Occupied {
            square: 27,
            blocker: p('1'),
        },
    );
    // Own piece on a middle square: never.
    let mut state = position(Rules::default(), Player::L, &[('A', on(50)), ('B', on(52))]);
    refused(
        &mut state,
        2,
        Action::Move(p('A')),
        Illegal::OwnPiece {
            piece: p('A'),
            blocker: p('B'),
            square: 52,
        },
    );
}

#[test]
fn captures_on_middle_squares_send_the_piece_to_its_pool() {
    for middle in [7, 22, 37, 52] {
        let from = middle - 3;
        let mut state = position(
            Rules::default(),
            Player::N,
            &[('1', on(from)), ('A', on(middle))],
        );
        assert_eq!(
            turn(&mut state, 3, Action::Move(p('1'))),
            moved('1', from, on(middle), Some('A'), false)
        );
        assert_eq!(state.location(p('A')), Location::Pool);
        assert_eq!(state.piece_on(middle), Some(p('1')));
    }
}

#[test]
fn scoring_needs_the_exact_roll_and_a_free_end_square() {
    // L ends on 21; A on 18 needs 3.
    let mut state = position(Rules::default(), Player::L, &[('A', on(18))]);
    assert_eq!(
        turn(&mut state, 3, Action::Move(p('A'))),
        moved('A', 18, Location::Scored, None, false)
    );
    assert_eq!(state.score(Player::L), 1);
    // An opponent on the end square forbids scoring there.
    let mut state = position(Rules::default(), Player::L, &[('A', on(18)), ('1', on(21))]);
    refused(
        &mut state,
        3,
        Action::Move(p('A')),
        Illegal::EndOccupied(21),
    );
    // N ends on 51.
    let mut state = position(Rules::default(), Player::N, &[('3', on(49))]);
    assert_eq!(
        turn(&mut state, 2, Action::Move(p('3'))),
        moved('3', 49, Location::Scored, None, false)
    );
}

#[test]
fn overshoot_continue_lap_goes_round_again() {
    let mut state = position(Rules::default(), Player::L, &[('A', on(19))]);
    // 19 + 4 = 23: past the end (21), on round to L's own start square.
    assert_eq!(
        turn(&mut state, 4, Action::Move(p('A'))),
        moved('A', 19, on(23), None, false)
    );
    // Now A must go a whole lap: 4 more is an ordinary move, no scoring.
    let mut state = position(Rules::default(), Player::L, &[('A', on(23))]);
    assert_eq!(
        turn(&mut state, 4, Action::Move(p('A'))),
        moved('A', 23, on(27), None, false)
    );
}

#[test]
fn overshoot_forbidden_refuses_the_move() {
    let rules = Rules {
        overshoot: Overshoot::Forbidden,
        ..Rules::default()
    };
    let mut state = position(rules, Player::L, &[('A', on(19))]);
    refused(
        &mut state,
        4,
        Action::Move(p('A')),
        Illegal::Overshoot {
            piece: p('A'),
            needed: 2,
            roll: 4,
        },
    );
    let mut state = position(rules, Player::L, &[('A', on(19))]);
    assert_eq!(
        turn(&mut state, 2, Action::Move(p('A'))),
        moved('A', 19, Location::Scored, None, false)
    );
}

#[test]
fn overshoot_back_to_start_returns_the_piece_to_the_pool() {
    let rules = Rules {
        overshoot: Overshoot::BackToStart,
        ..Rules::default()
    };
    let mut state = position(rules, Player::L, &[('A', on(19))]);
    assert_eq!(
        turn(&mut state, 5, Action::Move(p('A'))),
        moved('A', 19, Location::Pool, None, false)
    );
    assert_eq!(state.location(p('A')), Location::Pool);
    assert_eq!(state.to_move(), Player::N);
}

#[test]
fn arm_ends_give_extra_rolls_that_chain() {
    // L's A on 25: 4 to 29 (arm end), then 1 to 30 (arm end), then 2 to 32.
    let mut state = position(Rules::default(), Player::L, &[('A', on(25)), ('B', on(40))]);
    assert_eq!(
        turn(&mut state, 4, Action::Move(p('A'))),
        moved('A', 25, on(29), None, true)
    );
    assert_eq!((state.to_move(), state.phase()), (Player::L, Phase::Roll));
    assert_eq!(
        turn(&mut state, 1, Action::Move(p('A'))),
        moved('A', 29, on(30), None, true)
    );
    // The extra roll may move any piece: B from 40 by 4 to 44, another arm end.
    assert_eq!(
        turn(&mut state, 4, Action::Move(p('B'))),
        moved('B', 40, on(44), None, true)
    );
    assert_eq!(
        turn(&mut state, 2, Action::Move(p('A'))),
        moved('A', 30, on(32), None, false)
    );
    assert_eq!(state.to_move(), Player::N);
}

#[test]
fn placements_and_passes_give_no_extra_roll() {
    let mut state = position(Rules::default(), Player::L, &[]);
    assert_eq!(
        turn(&mut state, 3, Action::Place(p('A'))),
        Effect::Placed {
            piece: p('A'),
            square: 23
        }
    );
    assert_eq!(state.to_move(), Player::N);
    assert_eq!(turn(&mut state, 3, Action::Pass), Effect::Passed);
    assert_eq!(state.to_move(), Player::L);
}

#[test]
fn placement_only_onto_an_empty_start_square() {
    let mut state = position(Rules::default(), Player::L, &[('1', on(23))]);
    refused(
        &mut state,
        2,
        Action::Place(p('A')),
        Illegal::StartOccupied(23),
    );
    let mut state = position(Rules::default(), Player::L, &[('A', on(30))]);
    refused(
        &mut state,
        2,
        Action::Place(p('A')),
        Illegal::NotInPool(p('A')),
    );
    let mut state = position(Rules::default(), Player::L, &[]);
    refused(
        &mut state,
        2,
        Action::Move(p('A')),
        Illegal::NotOnBoard(p('A')),
    );
}

#[test]
fn when_nothing_else_is_legal_only_the_pass_is_offered() {
    // A blocked by B, start occupied by B's neighbour... : A on 23 (start), B on 25, roll 2.
    let mut state = position(
        Rules::default(),
        Player::L,
        &[
            ('A', on(23)),
            ('B', on(25)),
            ('C', Location::Scored),
            ('D', Location::Scored),
            ('E', Location::Scored),
            ('F', Location::Scored),
        ],
    );
    state.roll(2).unwrap();
    // A -> 25 (own B), B -> 27 is free: not only pass.
    assert!(!state.only_pass());
    let mut state = position(
        Rules::default(),
        Player::L,
        &[
            ('A', on(23)),
            ('B', on(25)),
            ('1', on(27)),
            ('C', Location::Scored),
            ('D', Location::Scored),
            ('E', Location::Scored),
            ('F', Location::Scored),
        ],
    );
    state.roll(2).unwrap();
    assert!(state.only_pass());
    assert_eq!(state.legal_actions(), vec![Action::Pass]);
}

#[test]
fn six_scored_pieces_win_and_nothing_is_accepted_after() {
    let mut state = position(
        Rules::default(),
        Player::L,
        &[
            ('A', on(20)),
            ('B', Location::Scored),
            ('C', Location::Scored),
            ('D', Location::Scored),
            ('E', Location::Scored),
            ('F', Location::Scored),
            ('1', on(40)),
        ],
    );
    turn(&mut state, 1, Action::Move(p('A')));
    assert_eq!(state.winner(), Some(Player::L));
    assert_eq!(state.phase(), Phase::Over { winner: Player::L });
    let before = state.clone();
    assert_eq!(state.roll(3), Err(Illegal::GameOver));
    assert_eq!(state.apply(Action::Pass), Err(Illegal::GameOver));
    assert_eq!(state.apply(Action::Move(p('1'))), Err(Illegal::GameOver));
    assert!(state.legal_actions().is_empty());
    assert_eq!(state, before);
}

#[test]
fn every_illegal_request_leaves_the_state_unchanged() {
    let mut state = position(
        Rules::default(),
        Player::L,
        &[('A', on(23)), ('B', on(25)), ('1', on(27)), ('2', on(52))],
    );
    state.roll(2).unwrap();
    let legal = state.legal_actions();
    for piece in Piece::all() {
        for action in [Action::Move(piece), Action::Place(piece)] {
            let before = state.clone();
            let result = state.clone().apply(action);
            assert_eq!(result.is_ok(), legal.contains(&action), "{action}");
            if result.is_err() {
                assert!(state.apply(action).is_err());
                assert_eq!(state, before, "{action}");
            }
        }
    }
}

#[test]
fn the_beans_die_follows_the_binomial_weights() {
    let mut rng = StdRng::seed_from_u64(11);
    let mut counts = [0u32; 6];
    let rolls = 64_000;
    for _ in 0..rolls {
        counts[usize::from(Dice::Beans(5).roll(&mut rng))] += 1;
    }
    // Expected shares 1, 5, 10, 10, 5, 1 out of 32; allow 5 standard deviations.
    for (k, weight) in [1.0, 5.0, 10.0, 10.0, 5.0, 1.0].into_iter().enumerate() {
        let share = weight / 32.0;
        let expected = share * f64::from(rolls);
        let sd = (f64::from(rolls) * share * (1.0 - share)).sqrt();
        assert!(
            (f64::from(counts[k]) - expected).abs() < 5.0 * sd,
            "{k}: {counts:?}"
        );
    }
    let mut rng = StdRng::seed_from_u64(12);
    let mut seen = [false; 6];
    for _ in 0..1000 {
        seen[usize::from(Dice::Uniform.roll(&mut rng))] = true;
    }
    assert_eq!(seen, [true; 6]);
}

#[test]
fn a_52_square_cross_plays_the_same_rules() {
    let track = Arc::new(Track::cross(6));
    assert_eq!(track.len(), 52);
    assert_eq!(track.progress(Player::L, track.end(Player::L)), 50);
    let mut state = State::new(track, Rules::default());
    turn(&mut state, 1, Action::Place(p('A')));
    assert_eq!(state.location(p('A')), on(20));
}

// ---- three and four players ----

/// The cross for four seats L, G, N, M clockwise (bottom, left, top, right); the turn goes
/// round in that order from the first player, and the pieces G-L and M-R are G's and M's.
#[test]
fn four_players_take_turns_clockwise_from_the_first() {
    let track = Arc::new(Track::cross_for_four(7));
    assert_eq!(track.players(), &Player::ALL);
    let state = State::new(Arc::clone(&track), Rules::default());
    assert_eq!(
        state.players(),
        &[Player::L, Player::G, Player::N, Player::M]
    );
    let rules = Rules {
        first_player: FirstPlayer::N,
        ..Rules::default()
    };
    let mut state = State::new(Arc::clone(&track), rules);
    assert_eq!(
        state.players(),
        &[Player::N, Player::M, Player::L, Player::G]
    );
    for (player, first, last) in [
        (Player::N, '1', '6'),
        (Player::M, 'M', 'R'),
        (Player::L, 'A', 'F'),
        (Player::G, 'G', 'L'),
    ] {
        assert_eq!(state.to_move(), player);
        let labels: String = player.pieces().map(|piece| piece.label()).collect();
        assert_eq!(labels.chars().next(), Some(first));
        assert_eq!(labels.chars().last(), Some(last));
        turn(&mut state, 3, Action::Place(p(first)));
        assert_eq!(state.location(p(first)), on(track.start(player)));
    }
    assert_eq!(state.to_move(), Player::N, "round again");
    assert_eq!(
        "place g".parse::<Action>().unwrap(),
        Action::Place(p('G')),
        "labels in any case"
    );
    assert_eq!(p('m').owner(), Player::M);
    assert_eq!(p('L').owner(), Player::G, "G's last piece is L");
    // Two-player boards keep their order and their pieces.
    assert_eq!(game(Rules::default()).players(), &Player::BOTH);
}

/// On the middle squares a piece captures any opponent's piece, which goes back to its
/// owner's pool; the first to score six wins and the others are ranked by pieces scored.
#[test]
fn with_four_players_captures_hit_any_opponent_and_the_rest_are_ranked() {
    let track = Arc::new(Track::cross_for_four(7));
    let scored = Location::Scored;
    let pieces: Vec<(Piece, Location)> = [
        ('G', on(35)),
        ('M', on(37)),
        ('1', scored),
        ('2', scored),
        ('N', scored),
        ('O', scored),
        ('3', on(50)),
        ('A', scored),
        ('B', scored),
        ('C', scored),
        ('D', scored),
        ('E', scored),
        ('F', on(19)),
    ]
    .iter()
    .map(|&(label, location)| (p(label), location))
    .collect();
    let mut state = State::arranged(Arc::clone(&track), Rules::default(), Player::G, &pieces)
        .expect("a position");
    let effect = turn(&mut state, 2, Action::Move(p('G')));
    assert!(
        matches!(effect, Effect::Moved { captured: Some(c), .. } if c == p('M')),
        "{effect:?}"
    );
    assert_eq!(state.location(p('M')), Location::Pool, "back to M's pool");
    assert_eq!(state.to_move(), Player::N, "after G comes N");
    // L scores its sixth piece: 19 + 2 = 21, its end.
    turn(&mut state, 1, Action::Pass);
    turn(&mut state, 1, Action::Pass);
    turn(&mut state, 2, Action::Move(p('F')));
    assert_eq!(state.winner(), Some(Player::L));
    let ranking: Vec<(Player, usize, usize)> = state
        .ranking()
        .iter()
        .map(|s| (s.player, s.score, s.place))
        .collect();
    assert_eq!(
        ranking,
        vec![
            (Player::L, 6, 1),
            (Player::N, 2, 2),
            (Player::M, 2, 2),
            (Player::G, 0, 4)
        ]
    );
    assert_eq!(state.scores_line(), "6–2–2–0");
    let status: serde_json::Value = serde_json::from_str(&state.status_json()).unwrap();
    assert_eq!(status["score"]["M"], 2);
    assert_eq!(status["pieces"]["R"], "pool");
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(48))]

    /// Random legal play never loses or duplicates a piece, and always ends: two players on
    /// the assignment's cross, three or four on the cross for four.
    #[test]
    fn random_legal_play_keeps_every_piece_and_ends(
        seed in any::<u64>(),
        overshoot in prop_oneof![
            Just(Overshoot::ContinueLap), Just(Overshoot::Forbidden), Just(Overshoot::BackToStart)
        ],
        beans in any::<bool>(),
        players in 2usize..=4,
    ) {
        let dice = if beans { Dice::Beans(5) } else { Dice::Uniform };
        let rules = Rules { overshoot, dice, ..Rules::default() };
        let track = Track::cross_for_players(7, players);
        let mut state = if players == 2 { game(rules) } else { State::new(Arc::new(track), rules) };
        prop_assert_eq!(state.players().len(), players);
        let mut rng = StdRng::seed_from_u64(seed);
        let mut turns = 0;
        while state.winner().is_none() {
            turns += 1;
            prop_assert!(turns < 200_000, "the game did not end");
            let roll = dice.roll(&mut rng);
            if state.roll(roll).unwrap() == Rolled::TurnLost {
                continue;
            }
            let legal = state.legal_actions();
            prop_assert!(!legal.is_empty());
            // Prefer moves (a game of passes would never end): the last legal move, else any.
            let moves: Vec<Action> =
                legal.iter().copied().filter(|a| matches!(a, Action::Move(_))).collect();
            let action = if !moves.is_empty() && rng.next_u32() % 8 != 0 {
                moves[(rng.next_u32() as usize) % moves.len()]
            } else {
                legal[(rng.next_u32() as usize) % legal.len()]
            };
            state.apply(action).unwrap();
            // Every piece in exactly one place, no square shared.
            let mut squares: Vec<usize> = Piece::all()
                .filter_map(|p| match state.location(p) { Location::Track(s) => Some(s), _ => None })
                .collect();
            let on_board = squares.len();
            squares.sort_unstable();
            squares.dedup();
            prop_assert_eq!(squares.len(), on_board);
        }
        let winner = state.winner().unwrap();
        prop_assert_eq!(state.score(winner), 6);
        let ranking = state.ranking();
        prop_assert_eq!(ranking[0].player, winner);
        prop_assert!(ranking.windows(2).all(|w| w[0].score >= w[1].score));
    }
}

/// The console plays a board for four: `--players` gives each seat, the four players play
/// to the end, the ranking follows the winner, and the status has the four scores; a board's
/// players without a seat each are refused before play.
#[test]
fn the_console_plays_four_players_to_the_end_with_the_ranking() {
    let out = crate::support::run_tablero(
        &[
            "console",
            "patolli",
            "--layout",
            "levels/patolli_4.ron",
            "--players",
            "ai,ai,ai,ai",
            "--level",
            "easy",
            "--seed",
            "5",
        ],
        "",
    );
    let stdout = String::from_utf8_lossy(&out.stdout);
    assert!(out.status.success(), "{stdout}");
    assert!(
        stdout.contains("player G (ai) has G-L, player M (ai) has M-R"),
        "{stdout}"
    );
    assert!(stdout.contains("Ranking:\n1. Player "), "{stdout}");
    let status: serde_json::Value =
        serde_json::from_str(stdout.lines().last().unwrap()).expect("the last line is JSON");
    assert_eq!(status["score"].as_object().map(|s| s.len()), Some(4));
    let refused = crate::support::run_tablero(
        &[
            "console",
            "patolli",
            "--layout",
            "levels/patolli_4.ron",
            "--players",
            "human,ai",
        ],
        "",
    );
    assert_eq!(refused.status.code(), Some(2));
    assert!(
        String::from_utf8_lossy(&refused.stderr)
            .contains("this board seats L, N, G, M; give one seat each, not 2"),
        "{}",
        String::from_utf8_lossy(&refused.stderr)
    );
}
