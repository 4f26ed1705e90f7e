//! Scoring a cast of six dice in Sequences and Hearts Due.
//!
//! A cast scores every disjoint run it contains (a run is 1, 1-2, 1-2-3, ... starting at 1), plus
//! five or six 6's, each die used at most once, and the split that scores most is the one that
//! counts. Four or more 1's (option `wipe_ones`) wipe the player's total instead. Because a cast
//! has only 6^6 = 46,656 ordered outcomes, the whole rule set is compiled into a lookup table from
//! the packed roll to an outcome code, and the hot loop never looks at a die.

use std::fmt;

use crate::dice::{face_counts, pow6};
use crate::options::{OptionSpec, RuleOptions, Tie, Values};

/// Dice in one cast.
pub const DICE: u32 = 6;
/// Ordered outcomes of one cast.
pub const CASTS: usize = pow6(DICE) as usize;
/// Outcome code of a cast that triggers the penalty; codes below it are the points scored.
pub const WIPE: u8 = 71;
/// Number of distinct outcome codes (points 0..=70, then [`WIPE`]).
pub const CODES: usize = WIPE as usize + 1;

/// Which scoring table is in force: the game's name on the command line picks it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Scoring {
    /// Runs score from 1-2 (5 points) up to 1-2-3-4-5-6 (25); five 6's 30, six 6's 60.
    Sequences,
    /// A lone 1 scores 5 and every run 5 more than in Sequences; five 6's 35, six 6's 70.
    HeartsDue,
}

impl Scoring {
    /// Points for the run 1..=`len`, or `None` where the run is too short to score.
    pub fn run_points(self, len: u8) -> Option<u32> {
        match self {
            Scoring::Sequences => (len >= 2).then(|| 5 * (u32::from(len) - 1)),
            Scoring::HeartsDue => (len >= 1).then(|| 5 * u32::from(len)),
        }
    }

    /// Points for a part of a split.
    pub fn points(self, part: Part) -> Option<u32> {
        match (self, part) {
            (_, Part::Run(len)) => self.run_points(len),
            (Scoring::Sequences, Part::FiveSixes) => Some(30),
            (Scoring::HeartsDue, Part::FiveSixes) => Some(35),
            (Scoring::Sequences, Part::SixSixes) => Some(60),
            (Scoring::HeartsDue, Part::SixSixes) => Some(70),
        }
    }
}

/// One scoring part of a cast.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum Part {
    /// The run 1, 2, ..., len.
    Run(u8),
    /// Five 6's.
    FiveSixes,
    /// Six 6's (one part, not five 6's and a spare).
    SixSixes,
}

impl Part {
    /// Every part, in the order the split search tries them.
    pub const ALL: [Part; 8] = [
        Part::Run(1),
        Part::Run(2),
        Part::Run(3),
        Part::Run(4),
        Part::Run(5),
        Part::Run(6),
        Part::FiveSixes,
        Part::SixSixes,
    ];

    /// How many dice of each face (index 0 for 1's) the part uses.
    pub fn uses(self) -> [u8; 6] {
        match self {
            Part::Run(len) => std::array::from_fn(|i| u8::from(i < len as usize)),
            Part::FiveSixes => [0, 0, 0, 0, 0, 5],
            Part::SixSixes => [0, 0, 0, 0, 0, 6],
        }
    }
}

impl fmt::Display for Part {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Part::Run(len) => {
                let faces: Vec<String> = (1..=*len).map(|x| x.to_string()).collect();
                write!(f, "{}", faces.join("-"))
            }
            Part::FiveSixes => write!(f, "five 6s"),
            Part::SixSixes => write!(f, "six 6s"),
        }
    }
}

/// The best split of a cast: its points and the parts that earn them.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Split {
    /// Total points of the split.
    pub points: u32,
    /// The scoring parts, in [`Part::ALL`] order.
    pub parts: Vec<Part>,
}

/// The highest-scoring split of a cast with `counts[i]` dice showing `i + 1`.
///
/// An exhaustive search over multisets of parts (tried in a fixed order, so among equal splits
/// the first found is kept): a cast has six dice, so the search is tiny and runs only when the
/// lookup table is built.
pub fn best_split(counts: [u8; 6], scoring: Scoring) -> Split {
    fn search(
        counts: &mut [u8; 6],
        from: usize,
        scoring: Scoring,
        current: &mut Vec<Part>,
        points: u32,
        best: &mut Split,
    ) {
        if points > best.points {
            *best = Split {
                points,
                parts: current.clone(),
            };
        }
        for (idx, &part) in Part::ALL.iter().enumerate().skip(from) {
            let Some(gain) = scoring.points(part) else {
                continue;
            };
            let uses = part.uses();
            if counts.iter().zip(uses).any(|(&c, u)| c < u) {
                continue;
            }
            counts.iter_mut().zip(uses).for_each(|(c, u)| *c -= u);
            current.push(part);
            search(counts, idx, scoring, current, points + gain, best);
            current.pop();
            counts.iter_mut().zip(uses).for_each(|(c, u)| *c += u);
        }
    }
    let mut best = Split {
        points: 0,
        parts: Vec::new(),
    };
    let mut counts = counts;
    search(&mut counts, 0, scoring, &mut Vec::new(), 0, &mut best);
    best
}

/// How many 1's wipe the player's total.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum WipeOnes {
    /// No penalty: a cast with many 1's is scored like any other.
    Off,
    /// This many 1's or more: the total drops to 0 and the cast scores nothing.
    AtLeast(u8),
}

/// The complete rule set of one run.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Rules {
    /// Scoring table (chosen by the game's name).
    pub scoring: Scoring,
    /// The penalty for many 1's.
    pub wipe_ones: WipeOnes,
    /// Points that end the game.
    pub target: u32,
    /// How ties are decided.
    pub tie: Tie,
}

/// Largest target accepted: far beyond the game, small enough that exact chains stay quick.
pub const MAX_TARGET: u32 = 1000;

/// The rule options of Sequences and Hearts Due, defaults as in RULES.md.
pub const OPTIONS: &[OptionSpec] = &[
    OptionSpec {
        key: "wipe_ones",
        values: Values::OneOf(&["4", "3", "off"]),
        default: "4",
        meaning: "that many 1's in a cast wipe the player's total and the cast scores nothing (4: \
                  the text; 3: other published versions of Hearts Due); off: no penalty, the \
                  cast scores normally",
        quiet: false,
    },
    OptionSpec {
        key: "target",
        values: Values::Whole {
            min: 1,
            max: MAX_TARGET,
        },
        default: "100",
        meaning: "points that end the race or game",
        quiet: false,
    },
    Tie::option(
        Tie::Shared,
        "shared: every tied leader wins; playoff: the tied leaders play extra rounds, keeping \
         their totals, until one leads",
    ),
];

impl Rules {
    /// The rules under `scoring` with the options in `options`.
    pub fn from_options(scoring: Scoring, options: &RuleOptions) -> Self {
        Self {
            scoring,
            wipe_ones: options.one_of(
                "wipe_ones",
                &[WipeOnes::AtLeast(4), WipeOnes::AtLeast(3), WipeOnes::Off],
            ),
            target: options.whole("target"),
            tie: options.one_of("tie", &Tie::ALL),
        }
    }

    /// The outcome code of a cast: its points, or [`WIPE`].
    pub fn outcome(&self, counts: [u8; 6]) -> u8 {
        if let WipeOnes::AtLeast(k) = self.wipe_ones
            && counts[0] >= k
        {
            return WIPE;
        }
        best_split(counts, self.scoring).points as u8
    }

    /// The outcome code of every packed cast, indexed by the packed roll.
    pub fn outcome_table(&self) -> Vec<u8> {
        (0..CASTS as u64)
            .map(|packed| self.outcome(face_counts(packed, DICE)))
            .collect()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Face counts of a cast written as its six faces.
    fn cast(faces: [u8; 6]) -> [u8; 6] {
        let mut counts = [0u8; 6];
        for f in faces {
            counts[f as usize - 1] += 1;
        }
        counts
    }

    fn score(faces: [u8; 6], scoring: Scoring) -> u32 {
        best_split(cast(faces), scoring).points
    }

    #[test]
    fn the_texts_single_run_table() {
        use Scoring::*;
        assert_eq!(score([1, 2, 5, 5, 6, 6], Sequences), 5);
        assert_eq!(score([1, 2, 3, 5, 5, 6], Sequences), 10);
        assert_eq!(score([1, 2, 3, 4, 6, 6], Sequences), 15);
        assert_eq!(score([1, 2, 3, 4, 5, 5], Sequences), 20);
        assert_eq!(score([1, 2, 3, 4, 5, 6], Sequences), 25);
        assert_eq!(score([6, 6, 6, 6, 6, 2], Sequences), 30);
        assert_eq!(score([6, 6, 6, 6, 6, 6], Sequences), 60);
        assert_eq!(score([1, 3, 4, 5, 6, 6], Sequences), 0, "no 1-2: no score");
        assert_eq!(score([1, 3, 4, 5, 6, 6], HeartsDue), 5, "a lone 1 scores");
        assert_eq!(score([1, 2, 5, 5, 6, 6], HeartsDue), 10);
        assert_eq!(score([1, 2, 3, 5, 5, 6], HeartsDue), 15);
        assert_eq!(score([1, 2, 3, 4, 6, 6], HeartsDue), 20);
        assert_eq!(score([1, 2, 3, 4, 5, 5], HeartsDue), 25);
        assert_eq!(score([1, 2, 3, 4, 5, 6], HeartsDue), 30);
        assert_eq!(score([6, 6, 6, 6, 6, 2], HeartsDue), 35);
        assert_eq!(score([6, 6, 6, 6, 6, 6], HeartsDue), 70);
        assert_eq!(score([2, 3, 4, 5, 6, 6], HeartsDue), 0, "no 1: no score");
    }

    #[test]
    fn the_texts_worked_example_uses_each_die_once() {
        // "1-2-2-3-4-6 scores 15 points for a single 1-2-3-4 sequence, but may not use the 1 to
        // form a 1-2 sequence as well."
        let split = best_split(cast([1, 2, 2, 3, 4, 6]), Scoring::Sequences);
        assert_eq!(split.points, 15);
        assert_eq!(split.parts, vec![Part::Run(4)]);
    }

    #[test]
    fn the_texts_four_multi_sequence_casts() {
        use Scoring::Sequences;
        let parts = |faces| best_split(cast(faces), Sequences);
        // 1-2, 1-2 scores 10
        assert_eq!(parts([1, 2, 1, 2, 5, 5]).points, 10);
        assert_eq!(
            parts([1, 2, 1, 2, 5, 5]).parts,
            vec![Part::Run(2), Part::Run(2)]
        );
        // 1-2, 1-2-3 scores 15
        assert_eq!(parts([1, 2, 1, 2, 3, 5]).points, 15);
        // 1-2-3, 1-2-3 scores 20
        assert_eq!(parts([1, 2, 3, 1, 2, 3]).points, 20);
        assert_eq!(
            parts([1, 2, 3, 1, 2, 3]).parts,
            vec![Part::Run(3), Part::Run(3)]
        );
        // 1-2, 1-2-3-4 scores 20
        assert_eq!(parts([1, 2, 1, 2, 3, 4]).points, 20);
        assert_eq!(
            parts([1, 2, 1, 2, 3, 4]).parts,
            vec![Part::Run(2), Part::Run(4)]
        );
        // and one the text misses: 1-2 three times scores 15
        assert_eq!(parts([1, 2, 1, 2, 1, 2]).points, 15);
    }

    #[test]
    fn five_sixes_and_a_run_score_together_in_hearts_due() {
        assert_eq!(score([1, 6, 6, 6, 6, 6], Scoring::HeartsDue), 40);
        assert_eq!(score([1, 6, 6, 6, 6, 6], Scoring::Sequences), 30);
    }

    #[test]
    fn wipe_ones_option() {
        let mut rules = Rules {
            scoring: Scoring::Sequences,
            wipe_ones: WipeOnes::AtLeast(4),
            target: 100,
            tie: Tie::Shared,
        };
        assert_eq!(rules.outcome(cast([1, 1, 1, 1, 2, 3])), WIPE);
        assert_eq!(
            rules.outcome(cast([1, 1, 1, 2, 2, 3])),
            15,
            "1-2-3 + 1-2, three 1s"
        );
        rules.wipe_ones = WipeOnes::AtLeast(3);
        assert_eq!(rules.outcome(cast([1, 1, 1, 2, 2, 3])), WIPE);
        rules.wipe_ones = WipeOnes::Off;
        assert_eq!(rules.outcome(cast([1, 1, 1, 1, 2, 3])), 10);
        rules.scoring = Scoring::HeartsDue;
        // 1-2-3 (15) + three lone 1's (15)
        assert_eq!(rules.outcome(cast([1, 1, 1, 1, 2, 3])), 30);
    }

    #[test]
    fn outcome_table_counts_match_hand_counts() {
        let rules = Rules {
            scoring: Scoring::Sequences,
            wipe_ones: WipeOnes::AtLeast(4),
            target: 100,
            tie: Tie::Shared,
        };
        let table = rules.outcome_table();
        assert_eq!(table.len(), 46_656);
        // Six 6's: one ordered cast. Four or more 1's: C(6,4)*25 + C(6,5)*5 + 1 = 406.
        assert_eq!(table.iter().filter(|&&c| c == 60).count(), 1);
        assert_eq!(table.iter().filter(|&&c| c == WIPE).count(), 406);
    }
}
