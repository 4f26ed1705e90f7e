//! The parts of a Sevens action's value beside the chance to win the game, for the sentence
//! that says why one action beats another ([`crate::games::why`]): the chance the turn scores
//! 0, a follower's chance to beat the round's best, and a round's first player's chance to see
//! its score beaten in the rolls its stop leaves the followers. `advise` and `review` take them
//! from here, so the two say the same of the same action.

use crate::games::advice::{Advice, Column, Value};
use crate::games::why::{Beat, Held, Parts, reason};

use super::super::rolls::{RollOutcomes, SCORES};
use super::super::rules::{Kept, Rules};
use super::exact::{Solution, carried, solve_for};

/// A follower's chance to beat `to_beat` from every state of its turn, playing for it.
pub(crate) struct Beating {
    to_beat: u8,
    solution: Solution,
}

impl Beating {
    /// Solves the follower's turn of `allowed` rolls for the chance to score more than
    /// `to_beat`.
    pub(crate) fn new(outcomes: &RollOutcomes, allowed: u8, to_beat: u8) -> Self {
        Self {
            to_beat,
            solution: solve_for(outcomes, allowed, |_, k| {
                f64::from(u8::from(k.sum > to_beat))
            }),
        }
    }

    /// Stopping with `kept`: it beats the score or it does not.
    pub(crate) fn stop(&self, kept: Kept) -> Beat {
        Beat {
            to_beat: self.to_beat,
            chance: f64::from(u8::from(kept.sum > self.to_beat)),
        }
    }

    /// Rolling `dice` dice again after roll `roll`.
    pub(crate) fn again(&self, roll: u8, dice: u8) -> Beat {
        Beat {
            to_beat: self.to_beat,
            chance: self.solution.roll_value[usize::from(roll) + 1][usize::from(dice)],
        }
    }
}

/// A round's first player's chance to see its score beaten, from every state of its turn.
#[derive(Clone, Debug)]
pub(crate) struct Holding {
    rules: Rules,
    followers: u8,
    /// `beaten[r - 1][s]`: the chance a follower with `r` rolls beats `s`, playing for it.
    beaten: Vec<[f64; SCORES]>,
    /// The first player's turn played to keep that chance lowest.
    solution: Solution,
}

impl Holding {
    /// The first player's turn before `followers` followers, each playing to beat the best
    /// score so far; if one fails, the next must beat the same score, so the chance none
    /// beats it is the chance one fails, to the power of the followers.
    pub(crate) fn new(outcomes: &RollOutcomes, rules: &Rules, followers: u8) -> Self {
        let beaten: Vec<[f64; SCORES]> = (1..=rules.max_rolls)
            .map(|r| {
                let mut row = [0.0; SCORES];
                for (s, p) in row.iter_mut().enumerate() {
                    *p = Beating::new(outcomes, r, s as u8).solution.expected;
                }
                row
            })
            .collect();
        let held = |roll: u8, k: Kept, beaten: &[[f64; SCORES]]| {
            let r = rules.follower_allowance(roll);
            (1.0 - beaten[usize::from(r) - 1][usize::from(k.sum)]).powi(i32::from(followers))
        };
        let solution = solve_for(outcomes, rules.max_rolls, |roll, k| held(roll, k, &beaten));
        Self {
            rules: *rules,
            followers,
            beaten,
            solution,
        }
    }

    /// Stopping with `kept` after roll `roll`: the rolls it leaves and the chance one of the
    /// followers beats it.
    pub(crate) fn stop(&self, roll: u8, kept: Kept) -> Held {
        let r = self.rules.follower_allowance(roll);
        let one = self.beaten[usize::from(r) - 1][usize::from(kept.sum)];
        Held {
            followers: self.followers,
            rolls: Some(r),
            score: Some(kept.sum),
            chance: 1.0 - (1.0 - one).powi(i32::from(self.followers)),
        }
    }

    /// Rolling `dice` dice again after roll `roll`, then playing to hold.
    pub(crate) fn again(&self, roll: u8, dice: u8) -> Held {
        Held {
            followers: self.followers,
            rolls: None,
            score: None,
            chance: 1.0 - self.solution.roll_value[usize::from(roll) + 1][usize::from(dice)],
        }
    }
}

/// The chance the turn scores 0 after rolling `n` dice as roll `r` (`[r][n]`), played as
/// `solution` plays it.
pub(crate) fn zero_chances(outcomes: &RollOutcomes, solution: &Solution) -> Vec<[f64; 7]> {
    carried(outcomes, solution, |_, k| f64::from(u8::from(k.sum == 0)))
}

/// An action's parts beside the columns it is ranked by, for the sentence that says why.
pub(crate) struct RowParts {
    /// The row's action, as the advice names it (the rows are found by it after ranking).
    pub(crate) name: String,
    /// The chance to win the game, where the game's state was given.
    pub(crate) win: Option<f64>,
    /// The expected turn score, optimal play after (the advice's `expected_score`).
    pub(crate) points: f64,
    /// The chance of a 0, the same play.
    pub(crate) zero: f64,
    /// A follower's chance to beat the score to beat.
    pub(crate) beat: Option<Beat>,
    /// A first player's chance to be beaten.
    pub(crate) held: Option<Held>,
}

impl RowParts {
    fn parts(&self) -> Parts<'_> {
        Parts {
            name: &self.name,
            win: self.win,
            points: self.points,
            zero: self.zero,
            beat: self.beat,
            held: self.held,
        }
    }
}

/// Adds to the ranked advice its parts columns (the chance of a 0; a first player's chance to be
/// beaten, where `followers` follow) and each action's reason against the best. They come after the ranking, which
/// they must not reorder: a higher chance of a 0 is worse, not better.
pub(crate) fn add_parts(advice: &mut Advice, parts: &[RowParts], followers: Option<usize>) {
    let column = |(name, heading): (&str, &str), meaning: String| Column {
        name: name.to_string(),
        heading: heading.to_string(),
        meaning,
        chance: true,
    };
    advice.columns.push(column(
        ("p_zero", "chance of a 0"),
        "chance the turn scores 0, playing optimal after".into(),
    ));
    if let Some(followers) = followers {
        advice.columns.push(column(
            ("p_beaten", "chance to be beaten"),
            format!(
                "chance {} beats the score you stop with in the rolls your stop leaves {}, \
                 playing for it (rolling again: you playing after to keep it lowest)",
                if followers == 1 {
                    "the follower"
                } else {
                    "a follower"
                },
                if followers == 1 { "them" } else { "each" },
            ),
        ));
    }
    let of = |name: &str| {
        parts
            .iter()
            .find(|x| x.name == name)
            .expect("every row has its parts")
    };
    let best = advice.rows.first().map(|r| of(&r.name));
    for row in &mut advice.rows {
        let x = of(&row.name);
        row.values.push(Some(Value::exact(x.zero)));
        if let Some(h) = x.held {
            row.values.push(Some(Value::exact(h.chance)));
        }
        // An action worth the same as the best needs no reason against it.
        if let (true, Some(b)) = (row.separated == Some(true), best) {
            row.why = Some(reason(&b.parts(), &x.parts()));
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::games::sevens::solve::exact::follower_odds;

    #[test]
    fn a_lone_follower_is_beaten_as_often_as_the_follower_table_says() {
        let rules = Rules::default();
        let outcomes = RollOutcomes::of(&rules);
        let hold = Holding::new(&outcomes, &rules, 1);
        let table = follower_odds(&outcomes, rules.max_rolls);
        let odds = |rolls, to_beat| {
            table
                .iter()
                .find(|o| o.rolls == rolls && o.to_beat == to_beat)
                .unwrap()
                .p_beat
        };
        // Stopping with 17 on roll 2 leaves the follower 2 rolls to beat 17.
        let h = hold.stop(2, Kept { dice: 4, sum: 17 });
        assert_eq!((h.rolls, h.score), (Some(2), Some(17)));
        assert_eq!(h.chance, odds(2, 17));
        // Two followers: one fails, then the other must beat the same score.
        let two = Holding::new(&outcomes, &rules, 2).stop(2, Kept { dice: 4, sum: 17 });
        assert!((two.chance - (1.0 - (1.0 - odds(2, 17)).powi(2))).abs() < 1e-15);
        // Rolling again, played to hold, leaves the follower less than the worst stop ahead:
        // at most the chance of a follower with every roll beating 0.
        let again = hold.again(1, 6);
        assert!(
            again.chance > 0.0 && again.chance < odds(3, 0),
            "{}",
            again.chance
        );
    }

    #[test]
    fn a_follower_beats_the_score_by_stopping_above_it_or_by_its_chance_rolling() {
        let outcomes = RollOutcomes::of(&Rules::default());
        let beat = Beating::new(&outcomes, 3, 12);
        assert_eq!(beat.stop(Kept { dice: 2, sum: 13 }).chance, 1.0);
        assert_eq!(beat.stop(Kept { dice: 2, sum: 12 }).chance, 0.0);
        // Two dice rolled once more cannot make more than 12.
        assert_eq!(beat.again(2, 2).chance, 0.0);
        let six = beat.again(0, 6).chance;
        assert!(six > 0.3 && six < 0.9, "{six}");
    }
}
