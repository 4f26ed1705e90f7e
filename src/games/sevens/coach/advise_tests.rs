//! Sevens advice's tests: positions checked, values against the solutions, game states.

use super::super::super::rules::Kept;
use super::super::super::solve::exact::{carried, follower_odds, solve_for};
use super::super::super::solve::player::TurnPlayer;
use super::*;
use crate::games::advice::{Advisor, Position as Given};

fn advise(rules: &[&str], keys: &[(&str, &str)]) -> Result<Advice> {
    let position = Given::of(keys)?;
    SevensAdvisor.advise(&AdviceRequest {
        rules: rules.iter().map(|r| r.to_string()).collect(),
        position,
        ..AdviceRequest::default()
    })
}

fn value(a: &Advice, name: &str, col: usize) -> f64 {
    let row = a.rows.iter().find(|r| r.name == name).expect(name);
    row.values[col].unwrap().value
}

/// The values are the exact solver's: the optimal table's roll value and stop value.
#[test]
fn the_expected_scores_are_the_exact_solvers_and_the_best_is_optimals_choice() {
    let solutions = Solutions::new(Rules::default(), 1);
    let optimal = solutions.optimal(3);
    for (dice, sum) in [(2u8, 5u8), (4, 14), (2, 12), (6, 25)] {
        let a = advise(
            &[],
            &[
                ("roll", "1"),
                ("dice", &dice.to_string()),
                ("sum", &sum.to_string()),
            ],
        )
        .unwrap();
        let again = optimal.roll_value[2][usize::from(dice)];
        assert_eq!(value(&a, &format!("stop with {sum}"), 0), f64::from(sum));
        assert_eq!(
            value(&a, &format!("roll {} again", dice_word(dice)), 0),
            again
        );
        let rolls = optimal.rolls_again(1, Kept { dice, sum });
        assert_eq!(a.best().unwrap().starts_with("roll"), rolls, "{dice} {sum}");
        assert_eq!(
            a.rows[1].loss.unwrap().value,
            (again - f64::from(sum)).abs()
        );
    }
}

/// The follower: the leader scored 15 with two rolls, 2 dice showing 5 after the
/// first roll. The chance to beat 15 is the target solution's, and rolling is the advice.
#[test]
fn a_follower_gets_the_exact_chance_to_beat_the_leader() {
    let a = advise(
        &[],
        &[
            ("roll", "1"),
            ("dice", "2"),
            ("sum", "5"),
            ("allowed", "2"),
            ("to-beat", "15"),
        ],
    )
    .unwrap();
    let solutions = Solutions::new(Rules::default(), 1);
    let beat = solve_for(&solutions.outcomes, 2, |_, k| {
        f64::from(u8::from(k.sum > 15))
    });
    assert_eq!(value(&a, "roll 2 dice again", 0), beat.roll_value[2][2]);
    assert_eq!(value(&a, "stop with 5", 0), 0.0);
    assert_eq!(a.best(), Some("roll 2 dice again"));
    assert_eq!(a.columns[0].name, "p_beat");
}

/// The parts beside the ranking: the chance of a 0 is optimal play's, a round's first player is
/// told the follower's chance in the rolls its stop leaves, and every action below the best
/// carries the sentence that says why the best beats it.
#[test]
fn every_action_carries_its_parts_and_a_reason_against_the_best() {
    let a = advise(
        &[],
        &[
            ("roll", "1"),
            ("dice", "4"),
            ("sum", "17"),
            ("round", "9"),
            ("totals", "40,40"),
        ],
    )
    .unwrap();
    let names: Vec<&str> = a.columns.iter().map(|c| c.name.as_str()).collect();
    assert_eq!(
        names,
        ["p_win_game", "expected_score", "p_zero", "p_beaten"]
    );
    let solutions = Solutions::new(Rules::default(), 2);
    let zero = carried(&solutions.outcomes, solutions.optimal(3), |_, k| {
        f64::from(u8::from(k.sum == 0))
    });
    assert_eq!(value(&a, "roll 4 dice again", 2), zero[2][4]);
    assert_eq!(value(&a, "stop with 17", 2), 0.0);
    // Stopping on roll 1 leaves the follower one roll to beat 17.
    let odds = follower_odds(&solutions.outcomes, 3);
    let one_roll = odds
        .iter()
        .find(|o| o.rolls == 1 && o.to_beat == 17)
        .unwrap();
    assert_eq!(value(&a, "stop with 17", 3), one_roll.p_beat);
    assert_eq!(a.best(), Some("stop with 17"));
    assert_eq!(a.rows[0].why, None);
    let why = a.rows[1].why.as_deref().unwrap();
    assert!(
        why.starts_with("stop with 17 wins 68.4% of games, roll 4 dice again 41.7%: stop with 17 leaves the follower 1 roll and a 19.8% chance to beat 17"),
        "{why}"
    );
    // Two ways to keep 18 are worth the same: the second needs no reason, the third has one.
    let tied = advise(&["removal=subsets"], &[("dice-shown", "1,6,2,4,6,6")]).unwrap();
    assert_eq!(tied.rows[1].loss.unwrap().value, 0.0);
    assert_eq!(tied.rows[1].why, None);
    assert!(tied.rows[2].why.is_some());
    // A follower has no p_beaten; a lone turn only the points and the 0.
    let lone = advise(&[], &[("roll", "1"), ("dice", "2"), ("sum", "5")]).unwrap();
    let names: Vec<&str> = lone.columns.iter().map(|c| c.name.as_str()).collect();
    assert_eq!(names, ["expected_score", "p_zero"]);
    assert_eq!(
        lone.rows[1].why.as_deref(),
        Some(
            "roll 2 dice again expects 6.34 points, stop with 5 5.00, worth its 21.3% chance \
             of scoring 0"
        )
    );
}

/// With the game's state, the chance to win is the whole-game solution's: at the first
/// round's start, the leader's best action is worth the seat's chance from the solved game.
#[test]
fn the_chance_to_win_agrees_with_the_whole_game_solution() {
    let rules = Rules {
        rounds: 2,
        ..Rules::default()
    };
    let solutions = Solutions::new(rules, 2);
    let game = solutions.game().unwrap();
    let (lead, _) = game.round_values(1, 10);
    // Round 2 of 2, the leader 10 ahead, after a first roll keeping 4 dice summing 14: each
    // action's chance is the solution's, and the values are chances.
    let a = advise(
        &["rounds=2"],
        &[
            ("roll", "1"),
            ("dice", "4"),
            ("sum", "14"),
            ("round", "2"),
            ("totals", "30,20"),
        ],
    )
    .unwrap();
    assert_eq!(a.columns[0].name, "p_win_game");
    for r in &a.rows {
        let v = r.values[0].unwrap().value;
        assert!((0.0..=1.0).contains(&v));
    }
    assert!(a.rows[0].values[0].unwrap().value <= 1.0);
    let view = game.view(Phase::Round(1), Role::Lead { x: 10 });
    let (stop, again) = view.action_values(1, Kept { dice: 4, sum: 14 }).unwrap();
    assert_eq!(value(&a, "stop with 14", 0), stop);
    assert_eq!(value(&a, "roll 4 dice again", 0), again.unwrap());
    // Averaged over the first roll's outcomes, the best actions give the start value.
    let outcomes = &solutions.outcomes;
    let mut total = 0.0;
    for &(set, ways) in &outcomes.ways[6] {
        let options = &outcomes.sets[usize::from(set)];
        let kept = options[view.choose(1, options)];
        let (stop, again) = view.action_values(1, kept).unwrap();
        let best = again.map_or(stop, |a| {
            if super::super::super::solve::player::better(a, stop) {
                a
            } else {
                stop
            }
        });
        total += ways as f64 * best;
    }
    assert!((total / 46656.0 - lead).abs() < 1e-12);
}

#[test]
fn subsets_make_the_removal_part_of_the_advice() {
    let a = advise(
        &["removal=subsets"],
        &[("roll", "1"), ("dice-shown", "1,2,4,6,3,3")],
    )
    .unwrap();
    // 1+2+4 or 3+4 or 1+6 or 2+...: several kept sets, each with stop and roll.
    assert!(
        a.rows
            .iter()
            .any(|r| r.name.starts_with("keep 3 dice (sum 12)"))
    );
    assert!(a.rows.len() > 2);
    let pairs = advise(&[], &[("roll", "1"), ("dice-shown", "1,2,4,6,3,3")]).unwrap();
    // 001's example: 2 and 3 are kept, sum 5.
    assert!(pairs.rows.iter().any(|r| r.name == "stop with 5"));
    assert_eq!(pairs.rows.len(), 2);
}

#[test]
fn impossible_positions_are_refused_naming_what_is_wrong() {
    let bad = |rules: &[&str], keys: &[(&str, &str)], says: &str| {
        let e = advise(rules, keys).unwrap_err().to_string();
        assert!(e.contains(says), "{keys:?}: {e}");
    };
    bad(
        &[],
        &[("dice", "2"), ("sum", "7")],
        "no roll 1 can leave 2 dice summing 7",
    );
    bad(
        &[],
        &[("dice", "1"), ("sum", "3")],
        "no roll 1 can leave 1 die (under removal=pairs",
    );
    bad(
        &["removal=subsets"],
        &[("dice", "1"), ("sum", "9")],
        "no roll 1 can leave 1 die summing 9",
    );
    bad(
        &[],
        &[("roll", "4"), ("dice", "1"), ("sum", "3")],
        "from 1 to 3",
    );
    bad(
        &[],
        &[("roll", "3"), ("allowed", "2"), ("dice", "1"), ("sum", "3")],
        "only 2 rolls",
    );
    bad(
        &[],
        &[("dice-shown", "1,2,3")],
        "roll 1 cannot throw 3 dice",
    );
    bad(
        &[],
        &[("dice-shown", "1,2,3,4,5,7")],
        "'7' is not a whole number from 1 to 6",
    );
    bad(&[], &[("dice", "2")], "dice and sum go together");
    bad(&[], &[], "needs the dice kept");
    bad(
        &[],
        &[("dice", "2"), ("sum", "5"), ("round", "2")],
        "go together",
    );
    bad(
        &[],
        &[
            ("dice", "2"),
            ("sum", "5"),
            ("round", "2"),
            ("totals", "40,0"),
        ],
        "from 0 to 36",
    );
    bad(
        &[],
        &[
            ("dice", "2"),
            ("sum", "5"),
            ("round", "2"),
            ("totals", "4,0,1,3"),
        ],
        "two or three players",
    );
    bad(
        &[],
        &[
            ("dice", "2"),
            ("sum", "5"),
            ("round", "2"),
            ("totals", "4,0"),
            ("scores", "5,6"),
        ],
        "2 scores for 2 players",
    );
    bad(
        &[],
        &[
            ("dice", "2"),
            ("sum", "5"),
            ("round", "2"),
            ("totals", "4,0"),
            ("scores", "5"),
            ("to-beat", "6"),
        ],
        "the best of scores is 5",
    );
    bad(
        &[],
        &[
            ("dice", "2"),
            ("sum", "5"),
            ("round", "2"),
            ("totals", "4,0"),
            ("allowed", "2"),
        ],
        "the round's first player may use every roll",
    );
}
