//! Where a record stops before its game ends: the replay of a Sevens game ended there, the
//! game's standing found (each seat's chance, with best play from there on) and what comes
//! next (the next throw, or the decision a turn that goes on waits for, with its position as
//! `advise` takes it), for a review at half time and a scoresheet following the game.

use crate::games::review::{Next, NextChoice};

use super::super::super::position::Phase;
use super::super::super::removal;
use super::super::super::rules::Kept;
use super::super::review_turn::{TurnTree, option_list};
use super::super::review_values::Spot;
use super::Replay;

impl Replay<'_> {
    /// What comes next where a turn at `spot` (of the round `label`) goes on after its last
    /// throw: the mover's decision, with its position as `advise` takes it (the throw's faces,
    /// and in a regular round the totals before it in its order and the scores before the
    /// mover, else the score to beat).
    pub(super) fn deciding(&self, spot: &Spot, label: &str) -> Option<Next> {
        let (faces, roll, kept) = self.pending.clone()?;
        let seat = spot.order[spot.i];
        let list = |values: Vec<String>| values.join(",");
        let mut keys = vec![
            ("roll".to_string(), roll.to_string()),
            (
                "dice-shown".to_string(),
                list(faces.iter().map(u8::to_string).collect()),
            ),
            ("allowed".to_string(), spot.allowed.to_string()),
        ];
        let before = &spot.order[..spot.i];
        match spot.phase {
            Phase::Round(k) => {
                let totals = spot.order.iter().map(|&s| {
                    let played = if before.contains(&s) {
                        self.round_scores[s]
                    } else {
                        0
                    };
                    (self.totals[s] - i32::from(played)).to_string()
                });
                keys.push(("round".to_string(), (k + 1).to_string()));
                keys.push(("totals".to_string(), list(totals.collect())));
                if !before.is_empty() {
                    let scores = before.iter().map(|&s| self.round_scores[s].to_string());
                    keys.push(("scores".to_string(), list(scores.collect())));
                }
            }
            _ => {
                if let Some(best) = before.iter().map(|&s| self.round_scores[s]).max() {
                    keys.push(("to-beat".to_string(), best.to_string()));
                }
            }
        }
        let mut next = Next {
            seat,
            round: label.to_string(),
            throw: roll + 1,
            deciding: true,
            advise: keys,
            ..Next::default()
        };
        match kept {
            Some(kept) => next.dice = kept.dice,
            // The dice kept still to choose (removal=subsets): each way the removal leaves,
            // named by what it takes out and keeps, with the dice a record's `keep` lists.
            None => {
                let outcomes = &self.solutions.outcomes;
                let options = &outcomes.sets[option_list(outcomes, &faces)];
                next.shows = faces.clone();
                next.choices = options
                    .iter()
                    .filter_map(|&k| {
                        let (_, keep) = removal::removed(&self.rules, &faces, k)?;
                        Some(NextChoice {
                            name: removal::words(&self.rules, &faces, k),
                            keep,
                            ..NextChoice::default()
                        })
                    })
                    .collect();
            }
        }
        Some(next)
    }

    /// Every seat's chance at the start of the turn at `spot`, before its first throw: where
    /// a record that stops leaves the game when no turn has ended yet.
    pub(super) fn opening(&self, spot: &Spot) -> Vec<f64> {
        let seat = spot.order[spot.i];
        let stop = |roll: u8, kept: Kept| self.stop_values(spot, roll, kept);
        let tree = TurnTree::solve(&self.solutions.outcomes, spot.allowed, seat, &stop);
        tree.roll[1][usize::from(self.rules.dice)].chances.clone()
    }

    /// Ends the replay at `spot`, the next turn (of the round named `label`), where the record
    /// stops before it: the game stands there, in the words `stops`.
    pub(super) fn stop_at(&mut self, spot: &Spot, label: &str, stops: String) {
        if self.next.is_none() {
            self.next = Some(Next {
                seat: spot.order[spot.i],
                round: label.to_string(),
                throw: 1,
                dice: self.rules.dice,
                ..Next::default()
            });
        }
        if self.last.is_empty() {
            self.last = if self.pass.valuing {
                self.opening(spot)
            } else {
                vec![0.0; self.n()]
            };
        }
        self.stops = Some(stops);
    }
}
