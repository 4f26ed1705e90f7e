//! The three-player solution's player: a turn played to win from one position of a solved
//! round of three (or of a two-player play-off), deciding exactly as the solver did (the same
//! numbers compared). A file beside the solver ([`super::game3`]): the player reads the
//! solver's values, the solver never the player.

use super::super::lookup::Lookup;
use super::super::position::{Role, Stage, Turn};
use super::super::rules::{Kept, Rules};
use super::super::win::PlaysThree;
use super::game_player::View;
use super::game3::{Game3, Round3, Turn3, canonical, cap, class};
use super::player::{SAME, TurnPlayer};

impl Game3 {
    /// The mover's chance to win in regular round `k` of keeping `kept` after `roll` and
    /// stopping, and of rolling its dice again and playing to win after (`None` on the last
    /// roll or with no dice), for a coach. The totals must be ones the round can start from.
    pub(crate) fn action_values(
        &self,
        k: u32,
        turn: Turn,
        roll: u8,
        kept: Kept,
    ) -> (f64, Option<f64>) {
        let Either::Three(view) = self.view(Stage::Round(k), turn) else {
            unreachable!("a regular round is a round of three")
        };
        let again =
            (roll < view.allowed && kept.dice > 0).then(|| view.roll_value(roll + 1, kept.dice));
        (view.stop_value(roll, kept), again)
    }

    /// Every player's chance to win of keeping `kept` after `roll` and stopping, in the
    /// round's turn order (in a play-off of two, the two, then 0 for the seat sitting out),
    /// for a review that books what a choice does to each player. `None` where a two-player
    /// play-off is already decided.
    pub(crate) fn stop_all(
        &self,
        stage: Stage,
        turn: Turn,
        roll: u8,
        kept: Kept,
    ) -> Option<[f64; 3]> {
        match self.view(stage, turn) {
            Either::Two(view) => {
                let (mover, other) = view.stop_pair(roll, kept)?;
                Some(if turn.position == 0 {
                    [mover, other, 0.0]
                } else {
                    [other, mover, 0.0]
                })
            }
            Either::Three(view) => {
                let r = view.round;
                let (s, stride) = (usize::from(kept.sum), r.grid.stride);
                let (values, cell): (&[Vec<f64>; 3], usize) = match view.mover {
                    0 => {
                        let a = self.rules.follower_allowance(roll);
                        (
                            &r.second[class(&self.rules, a)].value,
                            view.cell - s * (stride + 1),
                        )
                    }
                    1 => (
                        &r.third[class(&self.rules, view.allowed)].value,
                        view.cell + s * stride,
                    ),
                    _ => (&r.end, view.cell + s),
                };
                Some(values.each_ref().map(|v| v[cell]))
            }
        }
    }

    fn view(&self, stage: Stage, turn: Turn) -> Either<'_> {
        let (round, cap_k) = match stage {
            Stage::Round(k) => (&self.rounds[k as usize], cap(&self.rules, k)),
            Stage::Playoff => (
                self.playoff
                    .as_ref()
                    .expect("play-offs only under tie=playoff"),
                0,
            ),
            Stage::Duel { pair, first } => {
                let duels = self
                    .duels
                    .as_ref()
                    .expect("play-offs only under tie=playoff");
                let (r, _) = duels.which(pair, first);
                let role = if turn.position == 0 {
                    Role::Lead { x: 0 }
                } else {
                    Role::Follow {
                        allowed: turn.allowed,
                        z: i32::from(turn.scores[0]),
                    }
                };
                return Either::Two(duels.rounds[r].view(&self.rules, role));
            }
        };
        let base = turn.start[0];
        let (mut a, mut b) = canonical(turn.start.map(|x| x - base), cap_k);
        let [s0, s1, _] = turn.scores.map(i32::from);
        if turn.position >= 1 {
            (a, b) = (a - s0, b - s0);
        }
        if turn.position >= 2 {
            a += s1;
        }
        Either::Three(View3 {
            rules: &self.rules,
            round,
            mover: turn.position,
            allowed: turn.allowed,
            cell: round.grid.index(a, b),
        })
    }
}

/// The players to win and the exact values reach the solution through [`PlaysThree`].
impl PlaysThree for Game3 {
    #[inline]
    fn play_turn(&self, lookup: &Lookup, stage: Stage, turn: Turn, rolls: &[u32]) -> (u8, u8) {
        match self.view(stage, turn) {
            Either::Three(view) => view.play(lookup, &self.outcomes, rolls),
            Either::Two(view) => view.play(lookup, &self.outcomes, rolls),
        }
    }

    fn kept_path(&self, lookup: &Lookup, stage: Stage, turn: Turn, rolls: &[u32]) -> Vec<Kept> {
        let mut path = Vec::new();
        let mut push = |k| path.push(k);
        match self.view(stage, turn) {
            Either::Three(view) => view.play_with(lookup, &self.outcomes, rolls, &mut push),
            Either::Two(view) => view.play_with(lookup, &self.outcomes, rolls, &mut push),
        };
        path
    }

    fn p_seats(&self) -> [f64; 3] {
        Game3::p_seats(self)
    }

    fn turn_luck(
        &self,
        lookup: &Lookup,
        stage: Stage,
        turn: Turn,
        rolls: &[u32],
        path: &[Kept],
    ) -> [f64; 3] {
        match self.view(stage, turn) {
            Either::Two(view) => {
                let luck = view.luck(lookup, &self.outcomes, rolls, path);
                if turn.position == 0 {
                    [luck, -luck, 0.0]
                } else {
                    [-luck, luck, 0.0]
                }
            }
            Either::Three(view) => {
                let start = view.start();
                let mover = view.mover;
                let luck = view.luck_from(start[mover], lookup, &self.outcomes, rolls, path);
                let others: f64 = (0..3).filter(|&j| j != mover).map(|j| start[j]).sum();
                std::array::from_fn(|j| match j {
                    _ if j == mover => luck,
                    _ if others > 0.0 => -luck * start[j] / others,
                    _ => -luck / 2.0,
                })
            }
        }
    }
}

/// A turn's decisions: in a round of three, or in a play-off of two.
enum Either<'a> {
    Three(View3<'a>),
    Two(View<'a>),
}

/// A player to win in one position of a round of three: what it keeps and whether it rolls
/// again, exactly as the solution decided (the same numbers compared).
struct View3<'a> {
    rules: &'a Rules,
    round: &'a Round3,
    mover: usize,
    allowed: u8,
    cell: usize,
}

impl View3<'_> {
    /// The three players' chances at the turn's start, in turn order.
    fn start(&self) -> [f64; 3] {
        self.turn().value.each_ref().map(|v| v[self.cell])
    }

    fn turn(&self) -> &Turn3 {
        let r = self.round;
        match self.mover {
            0 => &r.first,
            1 => &r.second[class(self.rules, self.allowed)],
            _ => &r.third[class(self.rules, self.allowed)],
        }
    }
}

impl TurnPlayer for View3<'_> {
    const SAME: f64 = SAME;

    #[inline(always)]
    fn allowed(&self) -> u8 {
        self.allowed
    }

    #[inline(always)]
    fn stop_value(&self, roll: u8, kept: Kept) -> f64 {
        let r = self.round;
        let (s, stride) = (usize::from(kept.sum), r.grid.stride);
        match self.mover {
            0 => {
                let a = self.rules.follower_allowance(roll);
                r.second[class(self.rules, a)].value[0][self.cell - s * (stride + 1)]
            }
            1 => r.third[class(self.rules, self.allowed)].value[1][self.cell + s * stride],
            _ => r.end[2][self.cell + s],
        }
    }

    #[inline(always)]
    fn roll_value(&self, roll: u8, dice: u8) -> f64 {
        self.turn().roll[usize::from(roll)][usize::from(dice)][self.cell]
    }
}

#[cfg(test)]
mod tests {
    use super::super::super::rolls::RollOutcomes;
    use super::super::super::rules::Removal;
    use super::super::player::checks::check_mean_zero;
    use super::*;
    use crate::dice::pow6;
    use crate::games::options::Tie;

    /// A throw's luck to the mover has mean exactly 0, whoever plays: at every roll of turns
    /// tried in a round of three (each player, totals apart, scores already thrown) and in
    /// play-offs, the value before the throw is the average over its outcomes of the value
    /// after it, to rounding.
    #[test]
    fn the_value_before_a_throw_is_the_average_of_the_values_after_it() {
        for tie in [Tie::Playoff, Tie::Shared] {
            let outcomes = RollOutcomes::new(Removal::Pairs);
            let rules = Rules {
                tie,
                rounds: 3,
                ..Rules::default()
            };
            let game = Game3::solve(&outcomes, &rules).unwrap();
            // Totals a round can start from: none apart before the first round or a play-off.
            let level = vec![[0, 0, 0]];
            let apart = vec![[0, 0, 0], [12, 3, 25], [30, 31, 0]];
            let mut stages = vec![(Stage::Round(0), &level), (Stage::Round(2), &apart)];
            if tie == Tie::Playoff {
                stages.push((Stage::Playoff, &level));
            }
            let mut views = 0;
            for (stage, starts) in stages {
                for &start in starts {
                    for (position, scores) in [(0, [0, 0, 0]), (1, [9, 0, 0]), (2, [4, 17, 0])] {
                        for allowed in 1..=rules.max_rolls {
                            let turn = Turn {
                                position,
                                allowed: if position == 0 {
                                    rules.max_rolls
                                } else {
                                    allowed
                                },
                                start,
                                scores,
                            };
                            let Either::Three(view) = game.view(stage, turn) else {
                                unreachable!("a round of three")
                            };
                            check_mean_zero(
                                &outcomes,
                                &view,
                                (view.start()[position], &[2, 4, 6]),
                                &format!("{tie:?} {stage:?} {start:?} {position}"),
                            );
                            views += 1;
                        }
                    }
                }
            }
            assert!(views >= 36, "{views}");
        }
    }

    /// The others are booked the mover's luck between them, negated, in proportion to their
    /// chances at the turn's start: in a round of three the three shares add to 0, and in a
    /// play-off of two the other's is the mover's negated.
    #[test]
    fn a_turns_luck_to_the_three_players_adds_to_nothing() {
        let outcomes = RollOutcomes::new(Removal::Pairs);
        let rules = Rules {
            rounds: 2,
            ..Rules::default()
        };
        let game = Game3::solve(&outcomes, &rules).unwrap();
        let lookup = Lookup::new(&outcomes);
        let mut rng = 7u64;
        let mut lucky = 0;
        for (stage, start) in [
            (Stage::Round(0), [0, 0, 0]),
            (Stage::Round(1), [3, 0, 8]),
            (Stage::Playoff, [0, 0, 0]),
            (
                Stage::Duel {
                    pair: [0, 2],
                    first: 1,
                },
                [0, 0, 0],
            ),
        ] {
            for position in 0..2 {
                let turn = Turn {
                    position,
                    allowed: rules.max_rolls,
                    start,
                    scores: [if position > 0 { 7 } else { 0 }, 0, 0],
                };
                for _ in 0..200 {
                    let rolls: Vec<u32> = (0..rules.max_rolls)
                        .map(|_| {
                            rng = rng.wrapping_mul(6364136223846793005).wrapping_add(1);
                            (rng >> 33) as u32 % pow6(6) as u32
                        })
                        .collect();
                    let path = game.kept_path(&lookup, stage, turn, &rolls);
                    let luck = game.turn_luck(&lookup, stage, turn, &rolls, &path);
                    assert!(
                        luck.iter().sum::<f64>().abs() < 1e-12,
                        "{stage:?}: {luck:?}"
                    );
                    if let Stage::Duel { .. } = stage {
                        assert_eq!(luck[2], 0.0);
                    }
                    lucky += usize::from(luck[position] != 0.0);
                }
            }
        }
        assert!(lucky > 1000, "{lucky} turns had luck");
    }
}
