//! A recorded Sevens throw checked against the rules: whose turn it is, how many dice it
//! throws, what the removal keeps of it, and whether the turn may go on after it; shared by
//! the review that values a record and the pass that only checks one.

use crate::error::Result;
use crate::games::review::record::{ThrowRecord, TurnRecord, error_at};

use super::super::super::rules::Kept;
use super::super::review_turn::{dice_word, option_list, times, within};
use super::super::review_values::Spot;
use super::Replay;

impl Replay<'_> {
    /// The option a throw kept: the one typed after `keep` (checked against what the removal
    /// can keep), or the only one.
    pub(super) fn kept_of(&self, throw: &ThrowRecord, options: &[Kept]) -> Result<Kept> {
        if let Some((_, at)) = &throw.pairs {
            return Err(error_at(
                self.what,
                *at,
                "a Sevens throw is not divided into pairs: type `keep` and the dice kept where \
                 it leaves a choice",
            ));
        }
        match &throw.keep {
            Some(keep) => {
                // Only dice the throw showed can be kept: at most six, so their sum fits.
                let k = within(keep, &throw.dice).then(|| Kept {
                    dice: keep.len() as u8,
                    sum: keep.iter().sum(),
                });
                let Some(k) = k.filter(|k| options.contains(k)) else {
                    let can: Vec<String> = options
                        .iter()
                        .map(|k| format!("{} summing {}", dice_word(k.dice), k.sum))
                        .collect();
                    return Err(error_at(
                        self.what,
                        throw.at,
                        format!(
                            "the removal cannot keep {} from this throw; it can keep {}",
                            crate::games::review::record::dice_text(keep),
                            can.join(" or ")
                        ),
                    ));
                };
                Ok(k)
            }
            None if options.len() == 1 => Ok(options[0]),
            None => Err(error_at(
                self.what,
                throw.at,
                format!(
                    "this throw leaves a choice ({} options): type `keep` and the dice kept",
                    options.len()
                ),
            )),
        }
    }

    /// What `throw`, throw `roll` of `seat`'s turn with `dice` dice, kept, checked: a throw the
    /// turn may make, with as many dice as the last kept, keeping what the removal can.
    /// Where `last_open` (the record's last throw, its turn going on) and the throw leaves a
    /// choice of dice with none typed, the dice kept are still to choose: `None`.
    pub(super) fn throw_kept(
        &self,
        spot: &Spot,
        (seat, dice, roll): (usize, u8, u8),
        throw: &ThrowRecord,
        last_open: bool,
    ) -> Result<Option<Kept>> {
        if roll > spot.allowed {
            return Err(error_at(
                self.what,
                throw.at,
                format!(
                    "{} may roll {} here, and this is throw {roll}",
                    self.names[seat],
                    times(spot.allowed)
                ),
            ));
        }
        if throw.dice.len() != usize::from(dice) {
            return Err(error_at(
                self.what,
                throw.at,
                format!(
                    "this throw rolls {}, and {} are typed",
                    dice_word(dice),
                    throw.dice.len()
                ),
            ));
        }
        let outcomes = &self.solutions.outcomes;
        let set = option_list(outcomes, &throw.dice);
        let options = &outcomes.sets[set];
        if last_open && throw.keep.is_none() && throw.pairs.is_none() && options.len() > 1 {
            return Ok(None);
        }
        self.kept_of(throw, options).map(Some)
    }

    /// Refuses `next`, a throw after throw `roll` of `seat`'s turn that kept `kept`, where the
    /// turn ended there: no dice left, or the rolls allowed used.
    pub(super) fn again_allowed(
        &self,
        spot: &Spot,
        (seat, roll, kept): (usize, u8, Kept),
        next: &ThrowRecord,
    ) -> Result<()> {
        if kept.dice == 0 || roll == spot.allowed {
            let why = if kept.dice == 0 {
                "no dice are left to roll".to_string()
            } else {
                format!("{} may roll {} here", self.names[seat], times(spot.allowed))
            };
            return Err(error_at(
                self.what,
                next.at,
                format!("a throw after the turn ended with throw {roll}: {why}"),
            ));
        }
        Ok(())
    }

    /// Refuses a turn said to go on (`/` ending its line) after `throw`, throw `roll` of
    /// `seat`'s turn that kept `kept`, where the turn is over there.
    pub(super) fn goes_on(
        &self,
        spot: &Spot,
        (seat, roll, kept): (usize, u8, Kept),
        throw: &ThrowRecord,
    ) -> Result<()> {
        let over = if kept.dice == 0 {
            Some("no dice are left to roll".to_string())
        } else if roll == spot.allowed {
            Some(format!(
                "{} may roll {} here",
                self.names[seat],
                times(spot.allowed)
            ))
        } else {
            None
        };
        match over {
            Some(why) => Err(error_at(
                self.what,
                throw.at,
                format!(
                    "the turn ends with this throw, so it cannot go on (`/` at the line's end): {why}"
                ),
            )),
            None => Ok(()),
        }
    }

    /// The seat whose turn it is at `spot`, refusing a turn recorded for another.
    pub(super) fn turn_seat(&self, spot: &Spot, turn: &TurnRecord) -> Result<usize> {
        let seat = spot.order[spot.i];
        if turn.seat != seat {
            return Err(error_at(
                self.what,
                turn.at,
                format!(
                    "it is {}'s turn here (seat {}), not {}'s",
                    self.names[seat],
                    seat + 1,
                    self.names[turn.seat]
                ),
            ));
        }
        Ok(seat)
    }
}
