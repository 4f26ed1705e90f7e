//! The rules of 7 against the text: legal plays on every pile, the chips each place is paid, and
//! the rule options a game is configured from.

use super::*;

use crate::games::sieben::deck::counts_of as hand;

#[test]
fn any_card_starts_a_pile_once() {
    let m = legal_moves(Pile::EMPTY, &hand(&[1, 1, 4, 7]));
    assert_eq!(
        &m[..],
        &[
            Move { card: 1, keep: 0 },
            Move { card: 4, keep: 0 },
            Move { card: 7, keep: 0 }
        ]
    );
    assert!(m[2].is_seven(), "a 7 on an empty pile is a Seven");
}

#[test]
fn hole_on_number_keeps_the_other_spot() {
    // A 3 alone: a 2 may keep the 3 (total 5, the empty spot replaced) but not replace the
    // 3 (total 2 < 3); a 4 may keep the 3 (7) or replace it (4).
    let pile = Pile::new(3, 0).unwrap();
    assert_eq!(pile.total(), 3);
    let m = legal_moves(pile, &hand(&[2, 4, 5]));
    assert_eq!(
        &m[..],
        &[
            Move { card: 2, keep: 3 },
            Move { card: 4, keep: 0 },
            Move { card: 4, keep: 3 },
            Move { card: 5, keep: 0 },
        ]
    );
    assert_eq!(pile.after(m[2]), [3, 4]);
    assert_eq!(m[2].total(), 7);
    assert_eq!(m[0].rise(pile), 2);
}

#[test]
fn the_total_never_falls_or_passes_seven() {
    // Spots 2 and 3 (total 5): a card must replace a spot with at least that spot's number
    // and keep the total at most 7.
    let pile = Pile::new(2, 3).unwrap();
    let m = legal_moves(pile, &hand(&[1, 2, 3, 4, 5, 6, 7]));
    let totals: Vec<(u8, u8)> = m.iter().map(|m| (m.card, m.total())).collect();
    assert_eq!(totals, [(2, 5), (3, 5), (3, 6), (4, 6), (4, 7), (5, 7)]);
    for mv in m.iter() {
        assert!(mv.total() >= pile.total() && mv.total() <= SEVEN);
    }
    // A hand of 1's cannot play on it.
    assert!(legal_moves(pile, &hand(&[1, 1, 1])).is_empty());
    assert_eq!(pile.legal_numbers(), 0b0011_1100);
    // Equal spots give one orientation per card.
    let m = legal_moves(Pile::new(3, 3).unwrap(), &hand(&[3, 4]));
    assert_eq!(m.len(), 2);
}

#[test]
fn legal_numbers_agree_with_legal_moves() {
    for a in 0..7u8 {
        for b in a..7 - a {
            let pile = Pile::new(a, b).unwrap();
            for c in 1..=7u8 {
                let has = !legal_moves(pile, &hand(&[c])).is_empty();
                assert_eq!(has, pile.legal_numbers() & (1 << c) != 0, "{a} {b} {c}");
            }
        }
    }
    assert!(Pile::new(3, 4).is_none(), "a 7 is set aside at once");
}

#[test]
fn chips_count_down_from_the_player_count() {
    let r = Rules::default();
    assert_eq!(r.round_chips(4, None)[..4], [4, 3, 2, 1]);
    // 5 players: 15 a round, five rounds pay 75, the sixth pays the 5 left to the first out.
    assert_eq!(r.regular_rounds(5), 6);
    assert_eq!(r.round_chips(5, Some(5))[..5], [5, 0, 0, 0, 0]);
    // 6 players: 21 a round, three rounds pay 63, the fourth 17.
    assert_eq!(r.regular_rounds(6), 4);
    assert_eq!(r.round_chips(6, Some(17))[..6], [6, 5, 4, 2, 0, 0]);
    // 7 players: 28 a round, two rounds pay 56, the third 24.
    assert_eq!(r.regular_rounds(7), 3);
    assert_eq!(r.round_chips(7, Some(24))[..7], [7, 6, 5, 4, 2, 0, 0]);
    assert_eq!(r.regular_rounds(2), 7);
    assert!(!r.pool_limited(4) && r.pool_limited(5));
}

fn options(overrides: &[&str]) -> Result<Rules> {
    let o: Vec<String> = overrides.iter().map(|s| s.to_string()).collect();
    Rules::from_options(
        &RuleOptions::parse("sieben", OPTIONS, &o)?,
        &Files::default(),
    )
}

#[test]
fn the_defaults_are_the_texts_numbers() {
    let r = options(&[]).unwrap();
    assert_eq!(r, Rules::default());
    assert_eq!(
        (r.hand, r.rounds, r.chips, r.pay),
        (7, None, 80, Pay::Countdown)
    );
    // Written out, the text's numbers are the same rules, and recorded as nothing.
    let written = ["hand=7", "rounds=auto", "chips=80", "pay=countdown"];
    assert_eq!(options(&written).unwrap(), r);
    let o: Vec<String> = written.iter().map(|s| s.to_string()).collect();
    let parsed = RuleOptions::parse("sieben", OPTIONS, &o).unwrap();
    assert_eq!(
        parsed.render(),
        "finish=seven;penalty=turn;first_player=rotate;tie=shared;deck=data/sieben-deck.csv"
    );
}

#[test]
fn a_pay_list_pays_its_places_and_nothing_past_them() {
    let r = options(&["pay=5/3/1"]).unwrap();
    assert_eq!(r.round_chips(3, None)[..3], [5, 3, 1]);
    assert_eq!(r.round_chips(5, None)[..5], [5, 3, 1, 0, 0]);
    assert_eq!(r.pay.full_round(3), 9);
    assert_eq!(r.pay.most(3), 5);
    assert_eq!(r.pay.to_string(), "5/3/1");
    // Under the chip pool the list pays while chips last: 80 chips at 9 a round of 5
    // players are 9 rounds, the last paying the 8 left as 5 and 3.
    assert_eq!(r.regular_rounds(5), 9);
    assert_eq!(r.round_chips(5, Some(8))[..5], [5, 3, 0, 0, 0]);
    assert_eq!(
        Pay::parse("0/4"),
        Some(Pay::Places {
            chips: [0, 4, 0, 0, 0, 0, 0],
            len: 2
        })
    );
}

#[test]
fn a_fixed_number_of_rounds_holds_for_any_player_count() {
    let r = options(&["rounds=3"]).unwrap();
    for players in 2..=7 {
        assert_eq!(r.regular_rounds(players), 3);
        assert!(!r.pool_limited(players));
    }
}

#[test]
fn a_smaller_chip_pool_ends_a_big_game_sooner() {
    let r = options(&["chips=20"]).unwrap();
    // 5 players: 15 a round, the second pays the 5 left.
    assert_eq!(r.regular_rounds(5), 2);
    assert_eq!(r.regular_rounds(4), 7, "2 to 4 players play 7 rounds");
}

#[test]
fn malformed_pay_lists_and_meaningless_combinations_are_refused() {
    for bad in [
        "",
        "5/",
        "/5",
        "5//1",
        "5,3,1",
        "-1/2",
        "+5",
        "5 /3",
        "0",
        "0/0/0",
        "101",
        "1/1/1/1/1/1/1/1",
        "x",
        "1.5",
        "05/3",
        "5/00",
    ] {
        assert_eq!(Pay::parse(bad), None, "{bad:?}");
        let e = options(&[&format!("pay={bad}")]).unwrap_err().to_string();
        assert!(
            e.starts_with("rule option pay for sieben: expected countdown"),
            "{e}"
        );
    }
    assert!(Pay::parse("100/0/7").is_some());
    let e = options(&["rounds=0"]).unwrap_err().to_string();
    assert!(
        e.contains("expected a whole number from 1 to 100, or auto"),
        "{e}"
    );
    let e = options(&["rounds=5", "chips=40"]).unwrap_err().to_string();
    assert_eq!(
        e,
        "rule option chips=40 for sieben: the chip pool ends a game only under rounds=auto, \
         and these rules have rounds=5"
    );
    let r = options(&["pay=3/2/1/1"]).unwrap();
    assert!(r.check_players(4).is_ok());
    assert_eq!(
        r.check_players(3).unwrap_err().to_string(),
        "rule option pay=3/2/1/1 for sieben: 4 places paid, but a round of 3 players has 3"
    );
    let r = options(&["hand=27"]).unwrap();
    assert!(r.check_players(2).is_ok());
    assert!(r.check_players(3).is_err(), "81 cards to deal from 80");
}
