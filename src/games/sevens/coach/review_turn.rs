//! A turn of Sevens valued at every state it can reach, for a review: the solvers' backward
//! pass (`solve_turn`) for one position, every player's chance carried beside the mover's,
//! decisions compared as the solver compares them; and the words a turn's actions are named
//! by, the same in `review`, `advise` and `play`.

use crate::dice::pow6;

use super::super::rolls::RollOutcomes;
use super::super::rules::Kept;
use super::super::solve::player::better;

/// Each seat's chance to win, the mover's expected turn score and its chance of scoring 0 this
/// turn, at one state of a turn.
#[derive(Clone, Debug, Default)]
pub(super) struct Worth {
    pub(super) chances: Vec<f64>,
    pub(super) points: f64,
    pub(super) zero: f64,
}

/// A turn valued at every state it can reach: `roll[r][n]`, rolling `n` dice as roll `r`.
pub(super) struct TurnTree<'a> {
    outcomes: &'a RollOutcomes,
    allowed: u8,
    mover: usize,
    pub(super) roll: Vec<[Worth; 7]>,
    stop: &'a dyn Fn(u8, Kept) -> Vec<f64>,
}

impl<'a> TurnTree<'a> {
    /// Backward over the turn's rolls, as the solvers' `solve_turn`, for one position.
    pub(super) fn solve(
        outcomes: &'a RollOutcomes,
        allowed: u8,
        mover: usize,
        stop: &'a dyn Fn(u8, Kept) -> Vec<f64>,
    ) -> Self {
        let mut tree = Self {
            outcomes,
            allowed,
            mover,
            roll: vec![Default::default(); usize::from(allowed) + 2],
            stop,
        };
        let seats = stop(1, Kept { dice: 0, sum: 0 }).len();
        for roll in (1..=allowed).rev() {
            for n in 1..=6usize {
                let total = pow6(n as u32) as f64;
                let mut acc = Worth {
                    chances: vec![0.0; seats],
                    points: 0.0,
                    zero: 0.0,
                };
                for &(set, ways) in &outcomes.ways[n] {
                    let w = ways as f64 / total;
                    let best = tree.best(roll, usize::from(set));
                    for (a, v) in acc.chances.iter_mut().zip(&best.1.chances) {
                        *a += w * v;
                    }
                    acc.points += w * best.1.points;
                    acc.zero += w * best.1.zero;
                }
                tree.roll[usize::from(roll)][n] = acc;
            }
        }
        tree
    }

    /// Every action after `roll` showed the option list `set`: for each kept option, stopping,
    /// then (with a roll left and dice kept) rolling them again; each with its kept option.
    pub(super) fn actions(&self, roll: u8, set: usize) -> Vec<(Kept, bool, Worth)> {
        let mut out = Vec::new();
        for &kept in &self.outcomes.sets[set] {
            out.push((
                kept,
                false,
                Worth {
                    chances: (self.stop)(roll, kept),
                    points: f64::from(kept.sum),
                    zero: f64::from(u8::from(kept.sum == 0)),
                },
            ));
            if roll < self.allowed && kept.dice > 0 {
                out.push((
                    kept,
                    true,
                    self.roll[usize::from(roll) + 1][usize::from(kept.dice)].clone(),
                ));
            }
        }
        out
    }

    /// The mover's best action after `roll` showed `set`, as the solver chooses: for each kept
    /// option the better of stopping and rolling (a tie stops), then the first of the best.
    pub(super) fn best(&self, roll: u8, set: usize) -> (usize, Worth) {
        let actions = self.actions(roll, set);
        let m = self.mover;
        let mut best: Option<usize> = None;
        let mut i = 0;
        while i < actions.len() {
            let rolls = actions
                .get(i + 1)
                .is_some_and(|a| a.1 && a.0 == actions[i].0);
            let pick = if rolls && better(actions[i + 1].2.chances[m], actions[i].2.chances[m]) {
                i + 1
            } else {
                i
            };
            if best.is_none_or(|b| better(actions[pick].2.chances[m], actions[b].2.chances[m])) {
                best = Some(pick);
            }
            i += if rolls { 2 } else { 1 };
        }
        let b = best.expect("a roll leaves at least one option");
        (b, actions[b].2.clone())
    }
}

/// A number of dice in words.
pub(crate) fn dice_word(n: u8) -> String {
    if n == 1 {
        "1 die".into()
    } else {
        format!("{n} dice")
    }
}

/// A number of rolls in words: once, twice, 3 times.
pub(super) fn times(n: u8) -> String {
    match n {
        1 => "once".into(),
        2 => "twice".into(),
        n => format!("{n} times"),
    }
}

/// An action in words, naming its kept option where the roll left several.
pub(crate) fn action_name(kept: Kept, again: bool, several: bool) -> String {
    let keep = if several {
        format!("keep {} (sum {}), ", dice_word(kept.dice), kept.sum)
    } else {
        String::new()
    };
    if again {
        format!("{keep}roll {} again", dice_word(kept.dice))
    } else if kept.dice == 0 {
        format!("{keep}the turn ends with 0")
    } else {
        format!("{keep}stop with {}", kept.sum)
    }
}

/// The option list a throw's faces leave.
pub(super) fn option_list(outcomes: &RollOutcomes, faces: &[u8]) -> usize {
    let packed = faces
        .iter()
        .rev()
        .fold(0usize, |acc, &f| acc * 6 + usize::from(f - 1));
    usize::from(outcomes.lookup[faces.len()][packed])
}

/// Whether `part` (a multiset of faces) is taken from `whole`.
pub(crate) fn within(part: &[u8], whole: &[u8]) -> bool {
    let count = |d: &[u8], f: u8| d.iter().filter(|&&x| x == f).count();
    (1..=6).all(|f| count(part, f) <= count(whole, f))
}
