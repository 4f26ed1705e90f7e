//! Sevens: what a roll leaves after dice adding up to seven are removed, and the rule options.
//!
//! Under `removal=pairs` the disjoint pairs 1-6, 2-5 and 3-4 go, as many as the counts allow, and
//! what is left is determined. Under `removal=subsets` any set of two or more dice adding up to 7
//! must go while one exists, and the player chooses which sets: a roll can then leave several
//! different kept sets, and choosing among them is part of the policy. Either way only the number
//! of dice kept and their sum matter from then on (the kept dice are all re-rolled or all scored),
//! so a roll's outcome is a set of [`Kept`] options.

use std::collections::{BTreeSet, HashMap};

use crate::games::options::{FirstPlayer, Matters, OptionSpec, RuleOptions, Tie, Values};

/// What a roll leaves: how many dice and their sum.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct Kept {
    /// Dice kept (0 ends the turn with a score of 0).
    pub dice: u8,
    /// Their sum: the score if the player stops.
    pub sum: u8,
}

/// Which dice adding up to seven are removed.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Removal {
    /// Disjoint pairs 1-6, 2-5, 3-4, as many as possible.
    Pairs,
    /// Any sets of two or more dice adding up to 7, until none is left; the player picks.
    Subsets,
}

/// Who limits the rolls of the players after the first in a round.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum FollowerLimit {
    /// The first player's number of rolls caps everyone after them.
    Leader,
    /// Everyone gets `max_rolls`.
    None,
}

/// The complete rule set of a Sevens run.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Rules {
    /// Which dice adding up to 7 go.
    pub removal: Removal,
    /// Rolls a turn may use at most.
    pub max_rolls: u8,
    /// Whether the first player's rolls cap the others.
    pub follower_limit: FollowerLimit,
    /// Rounds in a game.
    pub rounds: u32,
    /// Who starts each round.
    pub first_player: FirstPlayer,
    /// How ties are decided.
    pub tie: Tie,
    /// Dice a turn starts with.
    pub dice: u8,
    /// The sum that dice are removed for: the game's 7.
    pub removed_sum: u8,
}

/// Most dice a turn may start with: every table of the game is sized for six.
pub const MAX_DICE: u8 = 6;

/// Most rolls a turn may allow: far beyond the game, small enough for one 64-bit draw per three.
pub const MAX_ROLLS: u8 = 12;

/// The rule options of Sevens, defaults as docs/sevens.md's rules give them.
pub const OPTIONS: &[OptionSpec] = &[
    OptionSpec {
        key: "removal",
        values: Values::OneOf(&["pairs", "subsets"]),
        default: "pairs",
        meaning: "pairs: remove the disjoint pairs 1-6, 2-5, 3-4, as many as the counts allow; \
                  subsets: while any set of two or more dice adds up to 7, one such set goes, \
                  the player choosing which",
        quiet: false,
        matters: Matters::ALWAYS,
    },
    OptionSpec {
        key: "max_rolls",
        values: Values::Whole {
            min: 1,
            max: MAX_ROLLS as u32,
        },
        default: "3",
        meaning: "rolls a turn may use at most",
        quiet: false,
        matters: Matters::ALWAYS,
    },
    OptionSpec {
        key: "follower_limit",
        values: Values::OneOf(&["leader", "none"]),
        default: "leader",
        meaning: "leader: the rolls the round's first player used cap everyone after them; none: \
                  every player may use max_rolls",
        quiet: false,
        matters: Matters::in_games_or(&["leader"]),
    },
    OptionSpec {
        key: "rounds",
        values: Values::Whole { min: 1, max: 1000 },
        default: "10",
        meaning: "rounds in a game",
        quiet: false,
        matters: Matters::IN_GAMES,
    },
    FirstPlayer::OPTION,
    Tie::option(
        Tie::Playoff,
        "shared: every tied leader wins; playoff: the tied leaders play extra rounds (same rules) \
         until one leads",
    )
    .matters(Matters::in_games_or(&["leader"])),
    OptionSpec {
        key: "dice",
        values: Values::Whole {
            min: 1,
            max: MAX_DICE as u32,
        },
        default: "6",
        meaning: "dice a turn starts with (at most six: every table of the game is sized for \
                  them)",
        quiet: true,
        matters: Matters::ALWAYS,
    },
    OptionSpec {
        key: "removed_sum",
        values: Values::Whole { min: 2, max: 12 },
        default: "7",
        meaning: "the sum that dice are removed for, the game's 7: pairs of faces adding up to \
                  it (a face and itself too, as 3-3 for 6), or under subsets any set of two or \
                  more dice",
        quiet: true,
        matters: Matters::ALWAYS,
    },
];

impl Default for Rules {
    /// The defaults of docs/sevens.md's rules.
    fn default() -> Self {
        Self {
            removal: Removal::Pairs,
            max_rolls: 3,
            follower_limit: FollowerLimit::Leader,
            rounds: 10,
            first_player: FirstPlayer::Rotate,
            tie: Tie::Playoff,
            dice: 6,
            removed_sum: 7,
        }
    }
}

impl Rules {
    /// The rolls a follower may use after the round's first player stopped on roll `roll`.
    pub fn follower_allowance(&self, roll: u8) -> u8 {
        match self.follower_limit {
            FollowerLimit::Leader => roll,
            FollowerLimit::None => self.max_rolls,
        }
    }

    /// The rules with the options in `options`.
    pub fn from_options(options: &RuleOptions) -> Self {
        Self {
            removal: options.one_of("removal", &[Removal::Pairs, Removal::Subsets]),
            max_rolls: options.whole("max_rolls") as u8,
            follower_limit: options.one_of(
                "follower_limit",
                &[FollowerLimit::Leader, FollowerLimit::None],
            ),
            rounds: options.whole("rounds"),
            first_player: options.one_of("first_player", &FirstPlayer::ALL),
            tie: options.one_of("tie", &Tie::ALL),
            dice: options.whole("dice") as u8,
            removed_sum: options.whole("removed_sum") as u8,
        }
    }
}

/// Every multiset of two to six faces adding up to `target` (7 in the text), as face counts
/// (index 0 for 1's); seven 1's would need a seventh die.
fn seven_sets(target: u8) -> Vec<[u8; 6]> {
    fn extend(from: u8, left: u8, counts: &mut [u8; 6], parts: u8, out: &mut Vec<[u8; 6]>) {
        if left == 0 {
            if (2..=6).contains(&parts) {
                out.push(*counts);
            }
            return;
        }
        for face in from..=left.min(6) {
            counts[face as usize - 1] += 1;
            extend(face, left - face, counts, parts + 1, out);
            counts[face as usize - 1] -= 1;
        }
    }
    let mut out = Vec::new();
    extend(1, target, &mut [0; 6], 0, &mut out);
    out
}

fn kept_of(counts: &[u8; 6]) -> Kept {
    Kept {
        dice: counts.iter().sum(),
        sum: counts
            .iter()
            .enumerate()
            .map(|(i, &c)| (i as u8 + 1) * c)
            .sum(),
    }
}

/// Removes sevens from rolls under one removal rule, remembering answers (there are only 923
/// multisets of at most six dice).
#[derive(Debug)]
pub(crate) struct Remover {
    removal: Removal,
    target: u8,
    sets: Vec<[u8; 6]>,
    memo: HashMap<[u8; 6], Vec<Kept>>,
}

impl Remover {
    /// A remover for `removal` of dice adding up to 7.
    #[cfg(test)]
    pub fn new(removal: Removal) -> Self {
        Self::removing(removal, 7)
    }

    /// A remover for `removal` of dice adding up to `target` (2 to 12).
    pub fn removing(removal: Removal, target: u8) -> Self {
        Self {
            removal,
            target,
            sets: seven_sets(target),
            memo: HashMap::new(),
        }
    }

    /// What a roll with `counts[i]` dice showing `i + 1` can leave, best first by the default
    /// choice: the highest sum, and among equal sums the most dice.
    pub fn options(&mut self, counts: [u8; 6]) -> Vec<Kept> {
        match self.removal {
            Removal::Pairs => {
                let mut left = counts;
                // Faces a and target - a pair up; each face has one partner, so the pairs are
                // disjoint whatever order they go in, and a face that is its own partner (3 for
                // 6) pairs with itself.
                let target = usize::from(self.target);
                for low in 1..=6usize {
                    let high = target.wrapping_sub(low);
                    if !(low..=6).contains(&high) {
                        continue;
                    }
                    let (l, h) = (low - 1, high - 1);
                    if l == h {
                        left[l] %= 2;
                    } else {
                        let pairs = left[l].min(left[h]);
                        left[l] -= pairs;
                        left[h] -= pairs;
                    }
                }
                vec![kept_of(&left)]
            }
            Removal::Subsets => {
                let mut finals = BTreeSet::new();
                self.finals(counts, &mut finals);
                let mut options: Vec<Kept> = finals.into_iter().collect();
                options.sort_by(|a, b| b.sum.cmp(&a.sum).then(b.dice.cmp(&a.dice)));
                options
            }
        }
    }

    /// Every kept set reachable by removing sevens one set at a time until none is left.
    fn finals(&mut self, counts: [u8; 6], out: &mut BTreeSet<Kept>) {
        if let Some(known) = self.memo.get(&counts) {
            out.extend(known.iter().copied());
            return;
        }
        let mut found = BTreeSet::new();
        let removable: Vec<[u8; 6]> = self
            .sets
            .iter()
            .filter(|set| set.iter().zip(&counts).all(|(s, c)| s <= c))
            .copied()
            .collect();
        if removable.is_empty() {
            found.insert(kept_of(&counts));
        }
        for set in removable {
            let mut rest = counts;
            rest.iter_mut().zip(set).for_each(|(c, s)| *c -= s);
            self.finals(rest, &mut found);
        }
        out.extend(found.iter().copied());
        self.memo.insert(counts, found.into_iter().collect());
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn roll(faces: &[u8]) -> [u8; 6] {
        let mut counts = [0u8; 6];
        for &f in faces {
            counts[f as usize - 1] += 1;
        }
        counts
    }

    fn kept(dice: u8, sum: u8) -> Kept {
        Kept { dice, sum }
    }

    #[test]
    fn the_sets_that_add_up_to_seven() {
        // 6+1, 5+2, 5+1+1, 4+3, 4+2+1, 4+1+1+1, 3+3+1, 3+2+2, 3+2+1+1, 3+1+1+1+1, 2+2+2+1,
        // 2+2+1+1+1, 2+1+1+1+1+1 (seven 1's would need seven dice)
        assert_eq!(seven_sets(7).len(), 13);
    }

    #[test]
    fn text_000_worked_example_under_both_removals() {
        for removal in [Removal::Pairs, Removal::Subsets] {
            let mut r = Remover::new(removal);
            // 6,2,1,1,1,2: the 6 and a 1 go, 2+2+1+1 = 6 is kept.
            assert_eq!(
                r.options(roll(&[6, 2, 1, 1, 1, 2]))[0],
                kept(4, 6),
                "{removal:?}"
            );
            // Rolling those four again: 6,1,6,6 keeps 6,6 = 12.
            assert_eq!(
                r.options(roll(&[6, 1, 6, 6]))[0],
                kept(2, 12),
                "{removal:?}"
            );
        }
        // Under subsets the player could instead remove 2+2+1+1+1 and keep the 6: same sum, fewer
        // dice, so the default choice keeps 2,2,1,1 as the text does.
        let mut r = Remover::new(Removal::Subsets);
        assert_eq!(
            r.options(roll(&[6, 2, 1, 1, 1, 2])),
            vec![kept(4, 6), kept(1, 6)]
        );
    }

    #[test]
    fn text_001_worked_example() {
        // 1,2,4,6,3,3: pairs remove 1-6 and 4-3, leaving 2,3 = 5.
        let mut pairs = Remover::new(Removal::Pairs);
        assert_eq!(pairs.options(roll(&[1, 2, 4, 6, 3, 3])), vec![kept(2, 5)]);
        // Then 1,1 (nothing to remove, 2 points), then 6,6: 12.
        assert_eq!(pairs.options(roll(&[1, 1])), vec![kept(2, 2)]);
        assert_eq!(pairs.options(roll(&[6, 6])), vec![kept(2, 12)]);
        // Two dice that add up to 7 are removed: zero points.
        assert_eq!(pairs.options(roll(&[3, 4])), vec![kept(0, 0)]);
        // Under subsets the default choice removes 1+2+4 and keeps 6,3,3 = 12 (docs/sevens.md).
        let mut subsets = Remover::new(Removal::Subsets);
        assert_eq!(subsets.options(roll(&[1, 2, 4, 6, 3, 3]))[0], kept(3, 12));
    }

    #[test]
    fn subsets_remove_until_no_seven_is_left() {
        let mut r = Remover::new(Removal::Subsets);
        // 1,1,5: removed whole; 2,2,3 likewise; 1,1,1,2,2 likewise.
        assert_eq!(r.options(roll(&[1, 1, 5])), vec![kept(0, 0)]);
        assert_eq!(r.options(roll(&[2, 2, 3, 6])), vec![kept(1, 6)]);
        // 1,1,1,2,2,6: remove 6+1 and keep 1,1,2,2, or remove 1+1+1+2+2 and keep the 6.
        assert_eq!(
            r.options(roll(&[1, 1, 1, 2, 2, 6])),
            vec![kept(4, 6), kept(1, 6)]
        );
        // Nothing adds up to 7: all kept.
        assert_eq!(r.options(roll(&[6, 6, 5, 5, 3, 3])), vec![kept(6, 28)]);
        // No complementary pair: pairs keep everything, subsets remove 1+1+5 (or 1+3+3).
        let mut p = Remover::new(Removal::Pairs);
        assert_eq!(p.options(roll(&[1, 1, 5, 5, 3, 3])), vec![kept(6, 18)]);
        assert_eq!(r.options(roll(&[1, 1, 5, 5, 3, 3])), vec![kept(3, 11)]);
    }

    #[test]
    fn options_parse_with_defaults() {
        let o = RuleOptions::parse("sevens", OPTIONS, &[]).unwrap();
        assert_eq!(
            o.render(),
            "removal=pairs;max_rolls=3;follower_limit=leader;rounds=10;first_player=rotate;tie=playoff"
        );
        assert_eq!(Rules::from_options(&o), Rules::default());
        for bad in ["max_rolls=0", "max_rolls=13", "removal=all", "rounds=0"] {
            assert!(
                RuleOptions::parse("sevens", OPTIONS, &[bad.to_string()]).is_err(),
                "{bad}"
            );
        }
    }

    #[test]
    fn pairs_of_another_sum_go_and_a_face_pairs_with_itself() {
        let mut six = Remover::removing(Removal::Pairs, 6);
        // 1-5 and 3-3 go; the third 3 and the 6 have no partner left: 3 + 6 = 9.
        assert_eq!(six.options(roll(&[3, 3, 3, 1, 5, 6])), vec![kept(2, 9)]);
        // 2-4 twice.
        assert_eq!(six.options(roll(&[2, 4, 4, 2, 6, 6])), vec![kept(2, 12)]);
        // A 12 goes only as 6-6; under sevens nothing here would go but 1-6.
        let mut twelve = Remover::removing(Removal::Pairs, 12);
        assert_eq!(twelve.options(roll(&[6, 6, 6, 1, 5, 5])), vec![kept(4, 17)]);
        // A 2 goes as 1-1.
        let mut two = Remover::removing(Removal::Pairs, 2);
        assert_eq!(two.options(roll(&[1, 1, 1, 6])), vec![kept(2, 7)]);
        // Under subsets with 8: 2+6 or 1+1+6 or 4+4 ...; from 1,1,2,6 either 2+6 (keep 1,1) or
        // 1+1+6 (keep the 2): the default choice keeps the higher sum, then more dice.
        let mut eight = Remover::removing(Removal::Subsets, 8);
        assert_eq!(
            eight.options(roll(&[1, 1, 2, 6])),
            vec![kept(2, 2), kept(1, 2)]
        );
    }

    #[test]
    fn the_new_options_default_to_the_text_and_stay_out_of_the_rules_column() {
        let o = RuleOptions::parse("sevens", OPTIONS, &["dice=4".to_string()]).unwrap();
        assert_eq!(
            o.render(),
            "removal=pairs;max_rolls=3;follower_limit=leader;rounds=10;first_player=rotate;tie=playoff;dice=4"
        );
        let r = Rules::from_options(&o);
        assert_eq!((r.dice, r.removed_sum), (4, 7));
        for bad in ["dice=0", "dice=7", "removed_sum=1", "removed_sum=13"] {
            assert!(
                RuleOptions::parse("sevens", OPTIONS, &[bad.to_string()]).is_err(),
                "{bad}"
            );
        }
    }
}
