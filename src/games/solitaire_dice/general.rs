//! Solitaire Dice with any odd number of dice (the `dice` rule option): a general path of its
//! own, so the text's game keeps its fast one.
//!
//! The text's five dice are a [`Roll`](super::roll::Roll) (252 distinct rolls, their divisions
//! listed once in a table) and a `Choice` of two pair sums. A roll of
//! 3, 7 or 9 dice has no such table, so here a roll is a [`Hand`] (faces sorted, up to
//! [`MAX_DICE`] of them) and a division a [`Division`] (the set-aside face, one sum per pair and
//! the free-ride flag), listed for each roll by [`legal_divisions`] under the same throwaway and
//! free-ride rules as [`Sheet::legal_choices_under`](super::sheet::Sheet::legal_choices_under).
//! Only greedy ([`GreedyHands`], by the rules' scoring, with greedy's ties) and
//! [`Random`] play it; `play_general` is what a run plays when `dice` is not 5, reached only
//! from the house-rule path, so no roll of the text's game asks how many dice there are.

use std::fmt;

use crate::dice::RollStream;
use crate::engine::ChunkRng;
use crate::error::{Error, Result};
use crate::games::policy::{Decision, OneStep, Policy, Random, Value};

use super::play::{MAX_ROLLS, Outcome, rolls_ran_out, too_many_rolls};
#[cfg(test)]
use super::rules::MIN_DICE;
use super::rules::{MAX_DICE, MIN_SUM, Rules};
use super::sheet::Sheet;
use super::spec::PolicySpec;

/// Most pairs in a roll: those of [`MAX_DICE`] dice.
pub(crate) const MAX_PAIRS: usize = (MAX_DICE as usize - 1) / 2;

/// A roll of an odd number of dice, 3 to [`MAX_DICE`], faces sorted ascending (the order the
/// dice fell in never matters, and sorted faces list divisions in one fixed order).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub(crate) struct Hand {
    faces: [u8; MAX_DICE as usize],
    len: u8,
}

impl Hand {
    /// A hand from faces in any order; refused in one line unless there is an odd number of 3
    /// to [`MAX_DICE`] dice, each showing 1 to 6.
    #[cfg(test)]
    pub fn new(faces: &[u8]) -> Result<Self> {
        let n = faces.len();
        if !(usize::from(MIN_DICE)..=usize::from(MAX_DICE)).contains(&n) || n.is_multiple_of(2) {
            return Err(Error::input(format!(
                "roll {faces:?}: a roll is one die set aside and pairs, so 3, 5, 7 or 9 dice"
            )));
        }
        if let Some(bad) = faces.iter().find(|f| !(1..=6).contains(*f)) {
            return Err(Error::input(format!(
                "roll {faces:?}: every die shows 1 to 6, found {bad}"
            )));
        }
        let mut hand = Hand {
            faces: [0; MAX_DICE as usize],
            len: n as u8,
        };
        hand.faces[..n].copy_from_slice(faces);
        hand.faces[..n].sort_unstable();
        Ok(hand)
    }

    /// The hand whose faces are the base-6 digits of `packed` (a [`RollStream`] of `dice` dice).
    fn from_packed(packed: u32, dice: u8) -> Self {
        let mut hand = Hand {
            faces: [0; MAX_DICE as usize],
            len: dice,
        };
        let faces = &mut hand.faces[..usize::from(dice)];
        crate::dice::unpack(u64::from(packed), faces);
        faces.sort_unstable();
        hand
    }

    /// The faces, ascending.
    pub fn faces(&self) -> &[u8] {
        &self.faces[..usize::from(self.len)]
    }

    /// The faces it shows as a mask, bit `f - 1` for face `f`.
    fn shown_faces(&self) -> u8 {
        self.faces().iter().fold(0, |m, &f| m | 1 << (f - 1))
    }
}

impl fmt::Display for Hand {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let words: Vec<String> = self.faces().iter().map(u8::to_string).collect();
        f.write_str(&words.join(" "))
    }
}

/// One way to divide a [`Hand`]: the die set aside and one sum per pair.
///
/// Two ways that mark the same rows the same number of times are the same division. The derived
/// order (set-aside face, then the sums, smallest first) is the order divisions are listed in,
/// the order of `Choice` for five dice, so greedy's ties fall alike.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub(crate) struct Division {
    set_aside: u8,
    sums: [u8; MAX_PAIRS],
    pairs: u8,
    free_ride: bool,
}

impl Division {
    /// The face of the die set aside: the face marked as a throwaway unless a free ride.
    #[cfg(test)]
    pub fn set_aside(&self) -> u8 {
        self.set_aside
    }

    /// The pair sums, smallest first, one per pair (a sum may come more than once).
    pub fn sums(&self) -> &[u8] {
        &self.sums[..usize::from(self.pairs)]
    }

    /// Whether the die is set aside without a throwaway mark.
    #[cfg(test)]
    pub fn free_ride(&self) -> bool {
        self.free_ride
    }

    /// The face that gets a throwaway mark, if any.
    pub fn throwaway(&self) -> Option<u8> {
        (!self.free_ride).then_some(self.set_aside)
    }
}

impl Sheet {
    /// Marks the sheet for a division of a roll of other than five dice (the `dice` rule
    /// option): one mark per pair, so a sum shown by two pairs gets two, and the throwaway mark
    /// unless it is a free ride. As with [`Sheet::apply`], `division` must come from
    /// [`legal_divisions`] for this sheet. It lives here, beside [`Division`], so that `sheet`
    /// does not import this file, which imports it.
    pub(crate) fn apply_division(&mut self, division: &Division) {
        self.mark_division(division.sums(), division.throwaway());
    }
}

impl fmt::Display for Division {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let sums: Vec<String> = self.sums().iter().map(u8::to_string).collect();
        let kind = if self.free_ride {
            "free ride"
        } else {
            "throwaway"
        };
        write!(f, "{}, {kind} {}", sums.join(" + "), self.set_aside)
    }
}

/// Every legal division of `hand` on `sheet` under `rules`, deduplicated, in [`Division`]'s
/// order, written into `out` (cleared first; a buffer a game reuses); none once the game is over.
///
/// The rules of [`Sheet::legal_choices_under`](super::sheet::Sheet::legal_choices_under): with
/// fewer than `throwaways` faces chosen any die may be set aside; with all chosen, the die must
/// show one of them, and a hand showing none is a free ride (any die, no throwaway mark).
pub(crate) fn legal_divisions(sheet: &Sheet, rules: &Rules, hand: &Hand, out: &mut Vec<Division>) {
    out.clear();
    if sheet.is_over_under(rules) {
        return;
    }
    let chosen = sheet
        .throwaway_rows()
        .iter()
        .enumerate()
        .fold(0u8, |m, (face, &marks)| m | u8::from(marks > 0) << face);
    let full = chosen.count_ones() >= u32::from(rules.throwaways);
    let free_ride = full && hand.shown_faces() & chosen == 0;
    let faces = hand.faces();
    for (i, &set_aside) in faces.iter().enumerate() {
        // Faces are sorted: an equal face before this one gave the same divisions.
        if i > 0 && faces[i - 1] == set_aside {
            continue;
        }
        if full && !free_ride && chosen & 1 << (set_aside - 1) == 0 {
            continue;
        }
        let mut rest = [0u8; MAX_DICE as usize - 1];
        let mut k = 0;
        for (j, &f) in faces.iter().enumerate() {
            if j != i {
                rest[k] = f;
                k += 1;
            }
        }
        let pairs = (k / 2) as u8;
        pair_up(&rest[..k], 0, &mut [0; MAX_PAIRS], 0, &mut |sums| {
            let mut sorted = [0u8; MAX_PAIRS];
            sorted[..sums.len()].copy_from_slice(sums);
            sorted[..sums.len()].sort_unstable();
            out.push(Division {
                set_aside,
                sums: sorted,
                pairs,
                free_ride,
            });
        });
    }
    out.sort_unstable();
    out.dedup();
}

/// Calls `emit` with the pair sums of every way to pair up the dice of `rest` not in `used`
/// (a bit per die), `sums[..made]` holding the pairs made so far. The lowest unused die is
/// paired with each other in turn; two partners showing the same face give the same pairings,
/// so only the first is tried.
fn pair_up(
    rest: &[u8],
    used: u16,
    sums: &mut [u8; MAX_PAIRS],
    made: usize,
    emit: &mut impl FnMut(&[u8]),
) {
    let Some(first) = (0..rest.len()).find(|&i| used & 1 << i == 0) else {
        emit(&sums[..made]);
        return;
    };
    let used = used | 1 << first;
    let mut last = 0;
    for j in first + 1..rest.len() {
        if used & 1 << j != 0 || rest[j] == last {
            continue;
        }
        last = rest[j];
        sums[made] = rest[first] + rest[j];
        pair_up(rest, used | 1 << j, sums, made + 1, emit);
    }
}

/// How much `division` would change the sheet's score under `rules`: only the rows of its sums
/// move, each by as many marks as pairs show that sum (marks beyond the cap pay nothing).
pub(crate) fn score_change(sheet: &Sheet, rules: &Rules, division: &Division) -> i32 {
    let rows = sheet.mark_rows();
    let sums = division.sums();
    let mut change = 0;
    let mut i = 0;
    while i < sums.len() {
        let sum = sums[i];
        let same = sums[i..].iter().take_while(|&&s| s == sum).count();
        let row = usize::from(sum - MIN_SUM);
        let marks = rows[row];
        change +=
            rules.row_table(row, marks.saturating_add(same as u8)) - rules.row_table(row, marks);
        i += same;
    }
    change
}

/// The decision of every roll on the general path: what the player sees ([`HandView`]) and
/// what they choose among (the legal [`Division`]s, in [`legal_divisions`]' order).
#[derive(Clone, Copy, Debug)]
pub(crate) enum DivideHand {}

impl Decision for DivideHand {
    type View<'a> = HandView<'a>;
    type Choice = Division;
}

/// What a player sees when dividing a hand: their sheet and the hand.
#[derive(Clone, Copy, Debug)]
pub(crate) struct HandView<'a> {
    /// The player's sheet before the hand is divided.
    pub sheet: &'a Sheet,
    /// The hand to divide (greedy, the one policy of this path, values a division by the sheet
    /// and the division alone).
    #[allow(dead_code)]
    pub hand: &'a Hand,
}

/// Greedy's value on the general path: how much a division raises the score right now by the
/// rules' scoring, as [`GreedyUnder`](super::policy::GreedyUnder) values five dice. The player is
/// `OneStep(GreedyHands { rules })`, so ties go to the first in [`legal_divisions`]' order (the
/// lowest set-aside face, then the smallest sums), as with five dice.
#[derive(Clone, Copy, Debug)]
pub(crate) struct GreedyHands<'a> {
    /// The rules whose scoring it follows.
    pub rules: &'a Rules,
}

impl Value<DivideHand> for GreedyHands<'_> {
    #[inline]
    fn value(&self, view: &HandView, division: &Division) -> f64 {
        f64::from(score_change(view.sheet, self.rules, division))
    }
}

/// Rolls of `dice` dice drawn as [`RollStream`]s draw them (as many rolls a 64-bit draw as fit
/// in 18 dice), so a game's hands depend only on its generator.
#[derive(Clone, Debug)]
enum Stream {
    Three(RollStream<3, 6>),
    Five(RollStream<5, 3>),
    Seven(RollStream<7, 2>),
    Nine(RollStream<9, 2>),
}

impl Stream {
    /// A stream of rolls of `dice` dice (3, 5, 7 or 9, as [`Rules::check`] allows).
    fn new(dice: u8) -> Self {
        match dice {
            3 => Stream::Three(RollStream::new()),
            5 => Stream::Five(RollStream::new()),
            7 => Stream::Seven(RollStream::new()),
            9 => Stream::Nine(RollStream::new()),
            _ => unreachable!("Rules::check allows 3, 5, 7 or 9 dice, not {dice}"),
        }
    }

    /// The next roll, packed.
    fn next(&mut self, rng: &mut ChunkRng) -> u32 {
        match self {
            Stream::Three(s) => s.next(rng),
            Stream::Five(s) => s.next(rng),
            Stream::Seven(s) => s.next(rng),
            Stream::Nine(s) => s.next(rng),
        }
    }
}

/// The hands of one game of `dice` dice from `rng` (the game's own generator), replayed from a
/// copy of it by every sheet, as `roll::game_rolls` replays five dice (and
/// with five, the same rolls).
pub(crate) fn game_hands(rng: &ChunkRng, dice: u8) -> impl Iterator<Item = Hand> + use<> {
    let mut rng = rng.clone();
    let mut stream = Stream::new(dice);
    std::iter::repeat_with(move || Hand::from_packed(stream.next(&mut rng), dice))
}

/// Plays on from `sheet` under `rules` on the given hands with `policy`, as
/// [`play_rolls_under`](super::play::play_rolls_under) plays five dice: an error if the hands run
/// out, if [`MAX_ROLLS`] go by without an end, or if the policy picks outside the choices.
pub(crate) fn play_hands_under<P, I>(
    rules: &Rules,
    mut sheet: Sheet,
    policy: &mut P,
    hands: I,
) -> Result<Outcome>
where
    P: Policy<DivideHand> + ?Sized,
    I: IntoIterator<Item = Hand>,
{
    let (mut played, mut free_rides) = (0u32, 0u32);
    let mut hands = hands.into_iter();
    // One buffer a game: at most 6 faces x 105 pairings of nine dice.
    let mut choices = Vec::with_capacity(64);
    while !sheet.is_over_under(rules) {
        if played == MAX_ROLLS {
            return Err(too_many_rolls(free_rides, rules.end_marks));
        }
        let hand = hands.next().ok_or_else(|| rolls_ran_out(played))?;
        legal_divisions(&sheet, rules, &hand, &mut choices);
        let view = HandView {
            sheet: &sheet,
            hand: &hand,
        };
        let i = policy.choose(&view, &choices);
        let division = *choices.get(i).ok_or_else(|| {
            Error::input(format!(
                "Solitaire Dice: the policy chose division {i} for roll {hand}, of only {n}",
                n = choices.len()
            ))
        })?;
        sheet.apply_division(&division);
        played += 1;
        free_rides += u32::from(division.free_ride);
    }
    Ok(Outcome {
        score: sheet.score_under(rules),
        rolls: played,
        free_rides,
        sheet,
    })
}

/// One sheet of a run under `rules` with other than five dice: greedy, or random drawing from
/// `coins` (`house_policy` refuses the rest before any game).
#[inline(never)]
pub(super) fn play_general(
    rules: &Rules,
    spec: &PolicySpec,
    dice: &ChunkRng,
    coins: &mut ChunkRng,
) -> Outcome {
    let hands = game_hands(dice, rules.dice);
    let game = match spec {
        PolicySpec::Random => {
            play_hands_under(rules, Sheet::new(), &mut Random::new(&mut *coins), hands)
        }
        _ => play_hands_under(
            rules,
            Sheet::new(),
            &mut OneStep(GreedyHands { rules }),
            hands,
        ),
    };
    // Rules::check refuses any rules whose games could outlast MAX_ROLLS with a chance above
    // MAX_UNFINISHED (1e-15 a game).
    game.expect("a game on fair dice ends within MAX_ROLLS rolls")
}

#[cfg(test)]
#[path = "general_tests.rs"]
mod tests;
