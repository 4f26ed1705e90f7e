//! `play --resume`: a recorded game dealt again from its seed, the person's recorded choices
//! replayed and each throw checked against the record, until the person plays on.

use crate::error::Result;
use crate::games::review::record::{GameRecord, ThrowRecord, error_at};
use crate::games::session::PlayRequest;

use super::super::coach::review_turn::within;
use super::super::rules::Kept;

/// The game's name, as records write it.
pub(super) const NAME: &str = "sevens";

/// A recorded game being dealt again (`play --resume`).
pub(super) struct Resumed {
    /// The record's name, for its errors.
    pub(super) what: String,
    /// The record, to check the game dealt again against.
    pub(super) record: GameRecord,
    /// The person's recorded turns, each its throws, in order.
    pub(super) mine: Vec<Vec<ThrowRecord>>,
    /// The person's turns replayed so far.
    pub(super) done: usize,
}

/// The request `request` asks, with a resumed game's rules, players, policies and seed in
/// place of its own (the record's seat 1 is the person).
pub(super) fn resumed_request(request: &PlayRequest) -> Result<(PlayRequest, Option<Resumed>)> {
    let Some((resumed, what, rec)) = request.resumed(NAME)? else {
        return Ok((request.clone(), None));
    };
    let mine = rec
        .rounds
        .iter()
        .flat_map(|r| r.turns.iter())
        .filter(|t| t.seat == 0)
        .map(|t| t.throws.clone())
        .collect();
    let replay = Resumed {
        what: what.to_string(),
        record: rec.clone(),
        mine,
        done: 0,
    };
    Ok((resumed, Some(replay)))
}

impl Resumed {
    /// Replays the person's recorded turns: at the throw `mine` shows (its roll, faces and
    /// legal actions), checks it against the record's and returns the action the record took;
    /// `None` once every recorded turn is replayed.
    pub(super) fn replay(
        &mut self,
        (roll, faces, actions): (u8, &[u8], &[(Kept, bool)]),
    ) -> Result<Option<usize>> {
        let Some(turn) = self.mine.get(self.done) else {
            return Ok(None);
        };
        let j = usize::from(roll) - 1;
        let Some(throw) = turn.get(j) else {
            return Err(error_at(
                &self.what,
                turn.last().map_or_else(Default::default, |t| t.at),
                "the game dealt again rolls on after this throw: the record is not the game its \
                 seed deals",
            ));
        };
        if let Some((_, at)) = &throw.pairs {
            return Err(error_at(
                &self.what,
                *at,
                "a Sevens throw is not divided into pairs: type `keep` and the dice kept where it \
                 leaves a choice",
            ));
        }
        if throw.dice != faces {
            return Err(error_at(
                &self.what,
                throw.at,
                format!(
                    "the game its seed deals shows {} here: the record is not that game",
                    crate::games::review::record::dice_text(faces)
                ),
            ));
        }
        let again = j + 1 < turn.len();
        if again && !actions.iter().any(|&(_, a)| a) {
            return Err(error_at(
                &self.what,
                turn[j + 1].at,
                "a throw after the turn ended: the record is not the game its seed deals",
            ));
        }
        // Under removal=subsets the record says which dice were kept: dice the throw showed
        // (at most six, so their sum fits), one of the sets the removal can keep.
        let keep = match &throw.keep {
            Some(k) if within(k, faces) => Some(Kept {
                dice: k.len() as u8,
                sum: k.iter().sum(),
            }),
            Some(_) => {
                return Err(error_at(
                    &self.what,
                    throw.at,
                    "the dice after `keep` are not all in this throw",
                ));
            }
            None => None,
        };
        if keep.is_some_and(|kk| !actions.iter().any(|&(k, _)| k == kk)) {
            return Err(error_at(
                &self.what,
                throw.at,
                "the removal cannot keep the dice typed after `keep` from this throw",
            ));
        }
        let Some(action) = actions
            .iter()
            .position(|&(k, a)| a == again && keep.is_none_or(|kk| kk == k))
        else {
            return Err(error_at(
                &self.what,
                turn[j + 1].at,
                "a throw after the turn ended: no dice are left to roll",
            ));
        };
        if keep.is_none() && actions.iter().filter(|&&(_, a)| a == again).count() > 1 {
            return Err(error_at(
                &self.what,
                throw.at,
                "this throw leaves a choice: type `keep` and the dice kept",
            ));
        }
        if !again {
            self.done += 1;
        }
        Ok(Some(action))
    }

    /// Checks that the game dealt again so far (`now`) is the resumed record's, turn by turn.
    pub(super) fn check(&self, now: &GameRecord) -> Result<()> {
        let turns =
            |r: &GameRecord| -> Vec<(usize, Vec<Vec<u8>>, crate::games::review::record::At)> {
                r.rounds
                    .iter()
                    .flat_map(|round| round.turns.iter())
                    .map(|t| {
                        (
                            t.seat,
                            t.throws.iter().map(|x| x.dice.clone()).collect(),
                            t.at,
                        )
                    })
                    .collect()
            };
        let (was, is) = (turns(&self.record), turns(now));
        for (i, (seat, dice, at)) in was.iter().enumerate() {
            if is.get(i).is_none_or(|(s, d, _)| s != seat || d != dice) {
                return Err(error_at(
                    &self.what,
                    *at,
                    "the game its seed deals differs here: the record is not that game",
                ));
            }
        }
        Ok(())
    }
}
