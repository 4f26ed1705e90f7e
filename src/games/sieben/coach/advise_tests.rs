//! The coach of 7: every legal play listed, forced results exact, the values those of rounds
//! dealt from the unseen cards, the game's play-outs agreeing with the round's, and every
//! impossible position refused.

use super::*;
use crate::engine::RunConfig;
use crate::games::advice::Position;
use crate::games::sieben::deck::{Counts, counts_of};
use crate::games::sieben::round::{Round, SevenFirstChooser};
use crate::games::sieben::rules::{Move, Pile};
use crate::stats::estimate::z95;
use rand::seq::SliceRandom;
use rand_xoshiro::Xoshiro256PlusPlus;
use rand_xoshiro::rand_core::SeedableRng;

fn advise(rules: &[&str], keys: &[(&str, &str)], n: u64, seed: u64) -> Result<Advice> {
    Sieben.advise(&AdviceRequest {
        rules: rules.iter().map(|r| r.to_string()).collect(),
        policies: Vec::new(),
        position: Position::of(keys)?,
        run: RunConfig {
            units: Some(n),
            seed,
            ..RunConfig::default()
        },
    })
}

fn row<'a>(advice: &'a Advice, name: &str) -> &'a Row {
    advice
        .rows
        .iter()
        .find(|r| r.name == name)
        .unwrap_or_else(|| panic!("no row {name}: {:?}", advice.rows))
}

fn column(advice: &Advice, name: &str) -> usize {
    advice.columns.iter().position(|c| c.name == name).unwrap()
}

#[test]
fn every_legal_play_is_listed_once_by_its_name() {
    let hand = counts_of(&[1, 3, 3, 5, 6]);
    let pile = Pile::new(2, 3).unwrap();
    let a = advise(
        &[],
        &[("hand", "1,3,3,5,6"), ("pile", "2+3"), ("others", "7,6,7")],
        200,
        1,
    )
    .unwrap();
    let mut listed: Vec<&str> = a.rows.iter().map(|r| r.name.as_str()).collect();
    let mut legal: Vec<String> = legal_moves(pile, &hand)
        .iter()
        .map(|&m| play_name(pile, m))
        .collect();
    listed.sort();
    legal.sort();
    assert_eq!(listed, legal);
    assert_eq!(
        legal,
        [
            "3 over 2 (3+3=6)",
            "3 over 3 (2+3=5)",
            "5 over 3 (2+5=7 Seven)"
        ]
    );
    assert_eq!(a.best(), Some(a.rows[0].name.as_str()));
}

#[test]
fn a_last_card_seven_wins_the_round_for_certain() {
    // One 4 on {0, 3}: over the 0 it makes 3+4, a Seven with the last card, out at once (first,
    // 4 chips at a table of four); over the 3 it leaves 0+4 and draws, so it may well not win.
    let a = advise(
        &[],
        &[("hand", "4"), ("pile", "0+3"), ("others", "5,5,5")],
        2000,
        3,
    )
    .unwrap();
    assert_eq!(a.best(), Some("4 over 0 (3+4=7 Seven)"));
    let chips = column(&a, "chips_round");
    let seven = row(&a, "4 over 0 (3+4=7 Seven)");
    assert_eq!(seven.values[chips].unwrap().value, 4.0);
    let ci = seven.values[chips].unwrap().ci95.unwrap();
    assert_eq!(ci, (4.0, 4.0), "every guess pays the same");
    let other = row(&a, "4 over 3 (0+4=4)");
    assert!(other.values[chips].unwrap().value < 3.5);
    assert!(other.loss.unwrap().value > 0.5);
    // Under finish=empty both plays empty the hand: both win the round for certain.
    let a = advise(
        &["finish=empty"],
        &[("hand", "4"), ("pile", "0+3"), ("others", "5,5,5")],
        500,
        3,
    )
    .unwrap();
    for r in &a.rows {
        assert_eq!(r.values[chips].unwrap().value, 4.0, "{}", r.name);
    }
}

/// Chips this round of `first` from the position, over `n` rounds dealt independently of the
/// advice's guesses: the unseen cards shuffled by `rand`, dealt into the hands and the draw
/// pile, and played on a `Round` with seven-first in every seat.
fn dealt_rounds(hand: &Counts, pile: Pile, others: &[u32], first: Move, n: u64) -> (f64, f64) {
    let rules = Rules::default();
    let deck = rules.deck.counts();
    let mut pile_cards = [0; 8];
    for s in pile.spots() {
        if s > 0 {
            pile_cards[usize::from(s)] += 1;
        }
    }
    let mut unseen = Vec::new();
    for c in 1..8 {
        for _ in 0..deck[c] - hand[c] - pile_cards[c] {
            unseen.push(c as u8);
        }
    }
    let players = others.len() + 1;
    let pay = Rules::default().round_chips(players as u32, None);
    let mut rng = Xoshiro256PlusPlus::seed_from_u64(77);
    let (mut sum, mut squares) = (0.0, 0.0);
    for _ in 0..n {
        unseen.shuffle(&mut rng);
        let mut hands = vec![*hand];
        let mut at = 0;
        for &k in others {
            hands.push(counts_of(&unseen[at..at + k as usize]));
            at += k as usize;
        }
        let mut table = Round::arrange(
            players as u32,
            &hands,
            pile,
            pile_cards,
            [0; 8],
            &unseen[at..],
            0,
        );
        let mut rollout = SevenFirstChooser;
        table.turn_with(&rules, &mut rng, first, false, &mut rollout);
        while !table.is_out(0) {
            table.turn(&rules, &mut rng, &mut rollout);
        }
        let place = table
            .finishing_order()
            .iter()
            .position(|&s| s == 0)
            .unwrap();
        let chips = f64::from(pay[place]);
        sum += chips;
        squares += chips * chips;
    }
    let mean = sum / n as f64;
    (mean, ((squares / n as f64 - mean * mean) / n as f64).sqrt())
}

#[test]
fn the_chips_are_those_of_rounds_dealt_from_the_unseen_cards() {
    let hand = counts_of(&[1, 3, 3, 5, 6]);
    let pile = Pile::new(2, 3).unwrap();
    let a = advise(
        &[],
        &[("hand", "1,3,3,5,6"), ("pile", "2+3"), ("others", "7,6,7")],
        40_000,
        5,
    )
    .unwrap();
    let chips = column(&a, "chips_round");
    for m in legal_moves(pile, &hand).iter() {
        let (mean, se_dealt) = dealt_rounds(&hand, pile, &[7, 6, 7], *m, 40_000);
        let v = row(&a, &play_name(pile, *m)).values[chips].unwrap();
        let se_advice = (v.ci95.unwrap().1 - v.value) / z95();
        let se = (se_dealt.powi(2) + se_advice.powi(2)).sqrt();
        assert!(
            (v.value - mean).abs() < 4.0 * se,
            "{m:?}: advice {} against dealt {mean} (se {se})",
            v.value
        );
    }
}

#[test]
fn the_games_play_outs_pay_this_round_as_the_rounds_do() {
    // The same guesses and shuffles: a full round on the game's table pays every play exactly
    // what the lean play-out to the player's place pays, guess by guess.
    use super::super::advice_sim::VALUES;
    use crate::games::race::Contest;
    let keys = [("hand", "1,2,4,6,6"), ("pile", "1+4"), ("others", "8,3,7")];
    let mut with_chips = keys.to_vec();
    with_chips.push(("chips", "6,12,9,3"));
    let rules = Rules::default();
    let table_of = |keys: &[(&str, &str)]| {
        parse(
            &rules,
            &AdviceRequest {
                position: Position::of(keys).unwrap(),
                ..AdviceRequest::default()
            },
        )
        .unwrap()
    };
    let (round, game) = (table_of(&keys), table_of(&with_chips));
    assert!(round.game.is_none() && game.game.is_some());
    let moves = legal_moves(round.pile, &round.hand);
    let (round_order, game_order) = ([ROUND_CHIPS, NEXT_OUT], [WIN, ROUND_CHIPS]);
    let a = guesses(&rules, &round, &moves, 11, &round_order);
    let b = guesses(&rules, &game, &moves, 11, &game_order);
    assert!(
        a.lean.is_some(),
        "the round is played out on the lean table"
    );
    let (mut wa, mut wb) = (a.worker(), b.worker());
    let active = vec![true; moves.len()];
    let mut out_a = vec![0; moves.len() * VALUES];
    let mut out_b = out_a.clone();
    for g in 0..3000 {
        a.play(g, &active, &mut wa, &mut out_a);
        b.play(g, &active, &mut wb, &mut out_b);
        for i in 0..moves.len() {
            for k in [ROUND_CHIPS, NEXT_OUT] {
                assert_eq!(out_a[i * VALUES + k], out_b[i * VALUES + k], "guess {g}");
            }
        }
    }
    let game = advise(&[], &with_chips, 3000, 11).unwrap();
    assert_eq!(game.columns[0].name, "p_win_game");
    assert!(
        game.position
            .iter()
            .any(|(k, v)| k == "game" && v.to_string().starts_with("round 4 of 7"))
    );
}

#[test]
fn a_player_far_ahead_on_the_last_round_has_won_whatever_the_play() {
    // Round 7 of 7, you lead by 10 chips: no round can take more than 3 from you.
    let a = advise(
        &[],
        &[
            ("hand", "2,5,6"),
            ("pile", "1+1"),
            ("others", "4,6,5"),
            ("chips", "24,16,12,8"),
        ],
        500,
        2,
    )
    .unwrap();
    let win = column(&a, "p_win_game");
    for r in &a.rows {
        assert_eq!(r.values[win].unwrap().value, 1.0, "{}", r.name);
        assert_eq!(r.loss.unwrap().value, 0.0);
    }
}

#[test]
fn the_advice_is_the_same_for_any_threads() {
    let keys = [
        ("hand", "1,3,3,5,6"),
        ("pile", "2+3"),
        ("others", "7,6,7"),
        ("chips", "10,5,8,7"),
    ];
    let one = crate::engine::thread_pool(Some(1), None)
        .unwrap()
        .install(|| advise(&[], &keys, 3000, 4).unwrap());
    let two = crate::engine::thread_pool(Some(2), None)
        .unwrap()
        .install(|| advise(&[], &keys, 3000, 4).unwrap());
    assert_eq!(one, two);
}

#[test]
fn impossible_positions_are_refused_with_what_is_wrong() {
    /// Rule options, position keys, what the error says.
    type Case<'a> = (&'a [&'a str], &'a [(&'a str, &'a str)], &'a str);
    let cases: &[Case] = &[
        (&[], &[("pile", "2+3"), ("others", "7")], "missing hand"),
        (
            &[],
            &[("hand", "1,8"), ("pile", "2+3"), ("others", "7")],
            "'8' is not a whole number from 1 to 7",
        ),
        (
            &[],
            &[("hand", "1"), ("pile", "4+3"), ("others", "7")],
            "their total 1 to 6",
        ),
        (
            &[],
            &[("hand", "1"), ("pile", "0+0"), ("others", "7")],
            "their total 1 to 6",
        ),
        (
            &[],
            &[("hand", "1"), ("pile", "2+3"), ("others", "7,7,7,7,7,7,7")],
            "8 players",
        ),
        (
            &[],
            &[("hand", "1"), ("pile", "2+3"), ("others", "out")],
            "the round is over",
        ),
        (
            &[],
            &[("hand", "1"), ("pile", "2+3"), ("others", "7,x")],
            "'x' is not a number of cards",
        ),
        (
            &[],
            &[
                ("hand", "4,4,4,4,4,4,4,4,4,4,4,4"),
                ("pile", "2+3"),
                ("others", "7"),
            ],
            "12 cards of 4, but the deck",
        ),
        (
            &[],
            &[("hand", "1"), ("pile", "2+3"), ("others", "40,40")],
            "hold 83 cards, but the deck",
        ),
        (
            &[],
            &[
                ("hand", "1"),
                ("pile", "3+3"),
                ("pile-cards", "3,2"),
                ("others", "7"),
            ],
            "only 1 card(s) of 3",
        ),
        (
            &[],
            &[
                ("hand", "1"),
                ("pile", "empty"),
                ("pile-cards", "3"),
                ("others", "7"),
            ],
            "no card lies on it",
        ),
        (
            &[],
            &[("hand", "1"), ("pile", "3+3"), ("others", "7")],
            "can be laid on 3+3: you take a penalty card",
        ),
        (
            &[],
            &[
                ("hand", "1"),
                ("pile", "2+3"),
                ("others", "7"),
                ("stuck", "2@3+3"),
            ],
            "'2' is not a player",
        ),
        (
            &[],
            &[
                ("hand", "1"),
                ("pile", "2+3"),
                ("others", "7"),
                ("stuck", "1:3+3"),
            ],
            "is not K@A+B",
        ),
        (
            &[],
            &[
                ("hand", "1"),
                ("pile", "2+3"),
                ("others", "7,out"),
                ("stuck", "2@3+3"),
            ],
            "is out of the round",
        ),
        (
            &[],
            &[
                ("hand", "1"),
                ("pile", "2+3"),
                ("others", "7"),
                ("blocked", "1"),
            ],
            "only penalty=pile",
        ),
        (
            &["penalty=pile"],
            &[
                ("hand", "1"),
                ("pile", "2+3"),
                ("others", "7"),
                ("blocked", "1"),
            ],
            "must be in stuck",
        ),
        (
            &[],
            &[
                ("hand", "1"),
                ("pile", "2+3"),
                ("others", "7,6"),
                ("chips", "3,2"),
            ],
            "2 numbers for 3 players",
        ),
        (
            &[],
            &[
                ("hand", "1"),
                ("pile", "2+3"),
                ("others", "7,6"),
                ("chips", "3,2,2"),
            ],
            "every round of 3 pays 6",
        ),
        (
            &[],
            &[
                ("hand", "1"),
                ("pile", "2+3"),
                ("others", "7,6"),
                ("chips", "14,14,14"),
            ],
            "play-off rounds is not supported",
        ),
        (
            &[],
            &[
                ("hand", "1"),
                ("pile", "2+3"),
                ("others", "7,6"),
                ("chips", "10,1,1"),
            ],
            "10 chips after 2 rounds",
        ),
        (
            &[],
            &[
                ("hand", "1"),
                ("pile", "2+3"),
                ("others", "7,out,out"),
                ("chips", "0,0,0,0"),
            ],
            "write out1, out2",
        ),
        (
            &[],
            &[("hand", "1"), ("pile", "2+3"), ("others", "7,out1,out1")],
            "out1 to out2, each once",
        ),
        (
            &[],
            &[
                ("hand", "1"),
                ("pile", "2+3"),
                ("others", "7"),
                ("starter", "3"),
            ],
            "'3' is not a player",
        ),
        (
            &[],
            &[
                ("hand", "1"),
                ("pile", "2+3"),
                ("others", "7"),
                ("sheet", "1"),
            ],
            "sieben positions take no sheet",
        ),
    ];
    for (rules, keys, expected) in cases {
        let err = advise(rules, keys, 10, 1).unwrap_err().to_string();
        assert!(err.contains(expected), "{keys:?}: {err}");
        assert!(!err.contains('\n'), "one line: {err}");
    }
    // A penalty card on {3, 3} says the hand holds no 3 or 4; a hand of 10 cards with at most
    // one fresh one cannot be found among the unseen cards when the deck is nearly all 3s and
    // 4s: refused, not silently dropped.
    let err = advise(
        &[],
        &[
            ("hand", "1,1,1,1,1,1,1,1,1,1,1"),
            ("pile", "2+3"),
            ("set-aside", "2,2,2,2,2,2,2,2,2,2,2,5,5,5,5,5,5,5,5,5,5,5,6,6,6,6,6,6,6,6,6,6,6,7,7,7,7,7,7,7,7,7,7,7"),
            ("others", "10"),
            ("stuck", "1@3+3"),
        ],
        10,
        1,
    )
    .unwrap_err()
    .to_string();
    assert!(err.contains("such cards are unseen"), "{err}");
}

/// Told of the guesses as the engine plays them, and asking it to stop once `stop_after` are
/// done.
struct Watch {
    total: std::sync::atomic::AtomicU64,
    done: std::sync::atomic::AtomicU64,
    stop_after: u64,
}

impl crate::engine::Progress for Watch {
    fn start(&self, total: u64, _: crate::engine::Steps) {
        self.total
            .store(total, std::sync::atomic::Ordering::Relaxed);
    }
    fn advance(&self, steps: u64) {
        self.done
            .fetch_add(steps, std::sync::atomic::Ordering::Relaxed);
    }
    fn set(&self, _: u64, _: &str) {}
    fn finish(&self) {}
    fn stopped(&self) -> bool {
        self.done.load(std::sync::atomic::Ordering::Relaxed) >= self.stop_after
    }
}

/// The guesses run on the engine: a watcher is told of every one, and a watcher that asks to
/// stop (a Python user's Ctrl-C) ends the advice with the engine's refusal, long before its
/// guesses are done.
#[test]
fn the_guesses_tell_their_progress_and_stop_when_asked() {
    let request = |n: u64, stop_after: u64| {
        let watch = std::sync::Arc::new(Watch {
            total: Default::default(),
            done: Default::default(),
            stop_after,
        });
        let position = Position::of(&[("hand", "1,3,3,5,6"), ("pile", "2+3"), ("others", "7,6,7")]);
        let request = AdviceRequest {
            rules: Vec::new(),
            policies: Vec::new(),
            position: position.unwrap(),
            run: RunConfig {
                units: Some(n),
                seed: 1,
                progress: crate::engine::OnProgress::to(watch.clone()),
                ..RunConfig::default()
            },
        };
        (Sieben.advise(&request), watch)
    };
    let (advice, watch) = request(1000, u64::MAX);
    let told = |w: &Watch| {
        let relaxed = std::sync::atomic::Ordering::Relaxed;
        (w.total.load(relaxed), w.done.load(relaxed))
    };
    // Told the budget, then every guess the race dealt: as many as the best play had.
    let best = advice.unwrap().rows[0].playouts.unwrap();
    assert_eq!(told(&watch), (1000, best));
    let (advice, watch) = request(1_000_000_000, 1);
    assert_eq!(advice.unwrap_err().to_string(), crate::engine::STOPPED);
    assert!(told(&watch).1 < 1_000_000, "{:?}", told(&watch));
}

/// The advice names the other players as `play` does: you are seat 1, the next seat 2, and so
/// on in turn order, in the position as understood and in what it refuses.
#[test]
fn the_advice_names_seats_as_play_does() {
    let a = advise(
        &[],
        &[
            ("hand", "1,3,3,5,6"),
            ("pile", "2+3"),
            ("others", "7,6,out1"),
            ("stuck", "1@2+3"),
            ("chips", "10,5,8,7"),
            ("starter", "2"),
        ],
        16,
        1,
    )
    .unwrap();
    let said = |key: &str| {
        a.position
            .iter()
            .find(|(k, _)| k == key)
            .map(|(_, v)| v.to_string())
            .unwrap()
    };
    assert_eq!(
        said("others"),
        "seat 2 (next): 7 cards; seat 3: 6 cards; seat 4: out (1. out)"
    );
    assert_eq!(
        said("stuck"),
        "seat 2 could not play on 2+3 and has drawn 1 since"
    );
    assert!(
        said("game").contains(
            "started by seat 3; chips before it: you: 10, seat 2: 5, seat 3: 8, seat 4: 7"
        ),
        "{}",
        said("game")
    );
    let refused = advise(
        &[],
        &[
            ("hand", "1,3"),
            ("pile", "2+3"),
            ("others", "7,out1"),
            ("stuck", "2@2+3"),
        ],
        16,
        1,
    )
    .unwrap_err();
    assert!(
        refused.to_string().contains("seat 3 is out of the round"),
        "{refused}"
    );
}

/// Lists may be typed with spaces, as `play` prints a hand: the same position, the same
/// advice.
#[test]
fn a_position_typed_with_spaces_is_the_one_typed_with_commas() {
    let commas = advise(
        &[],
        &[
            ("hand", "1,3,3,5,6"),
            ("pile", "2+3"),
            ("others", "7,6,out"),
        ],
        64,
        2,
    )
    .unwrap();
    let spaces = advise(
        &[],
        &[
            ("hand", "1 3 3 5 6"),
            ("pile", "2+3"),
            ("others", "7 6 out"),
        ],
        64,
        2,
    )
    .unwrap();
    assert_eq!(commas, spaces);
}
