//! Scoring a cast of six dice in Sequences and Hearts Due.
//!
//! A cast scores every disjoint run it contains (a run is 1, 1-2, 1-2-3, ... starting at 1), plus
//! five or six 6's, each die used at most once, and the split that scores most is the one that
//! counts. Four or more 1's (option `wipe_ones`) wipe the player's total instead. Because a cast
//! has only 6^6 = 46,656 ordered outcomes, the whole rule set is compiled into a lookup table from
//! the packed roll to an outcome code, and the hot loop never looks at a die.

use std::fmt;

use crate::dice::{face_counts, pow6};
use crate::games::options::{Matters, OptionSpec, RuleOptions, Tie, Values};

/// Dice in one cast.
pub const DICE: u32 = 6;
/// Ordered outcomes of one cast.
pub(crate) const CASTS: usize = pow6(DICE) as usize;
/// A cast's outcome code: its points, or the run's wipe code (one above the most a cast can
/// score). Sixteen bits hold any points table the options allow.
pub type Code = u16;

/// Which scoring table is in force: the game's name on the command line picks it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Scoring {
    /// Runs score from 1-2 (5 points) up to 1-2-3-4-5-6 (25); five 6's 30, six 6's 60.
    Sequences,
    /// A lone 1 scores 5 and every run 5 more than in Sequences; five 6's 35, six 6's 70.
    HeartsDue,
}

impl Scoring {
    /// The points table of the rule text for this game.
    pub const fn text_points(self) -> Points {
        match self {
            Scoring::Sequences => Points {
                runs: [0, 5, 10, 15, 20, 25],
                five_sixes: 30,
                six_sixes: 60,
            },
            Scoring::HeartsDue => Points {
                runs: [5, 10, 15, 20, 25, 30],
                five_sixes: 35,
                six_sixes: 70,
            },
        }
    }
}

/// The points of every scoring part: the text's table, or a designer's house rule.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Points {
    /// The run 1, 2, ..., len at index len - 1 (a lone 1 first); 0 means the part does not
    /// score, as a lone 1 in Sequences.
    pub runs: [u32; 6],
    /// Five 6's.
    pub five_sixes: u32,
    /// Six 6's.
    pub six_sixes: u32,
}

impl Points {
    /// Points for a part of a split, or `None` where it does not score.
    pub fn of(&self, part: Part) -> Option<u32> {
        let points = match part {
            Part::Run(len) => self.runs[usize::from(len) - 1],
            Part::FiveSixes => self.five_sixes,
            Part::SixSixes => self.six_sixes,
        };
        (points > 0).then_some(points)
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
pub(crate) struct Split {
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
pub(crate) fn best_split(counts: [u8; 6], points: &Points) -> Split {
    fn search(
        counts: &mut [u8; 6],
        from: usize,
        points_of: &Points,
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
            let Some(gain) = points_of.of(part) else {
                continue;
            };
            let uses = part.uses();
            if counts.iter().zip(uses).any(|(&c, u)| c < u) {
                continue;
            }
            counts.iter_mut().zip(uses).for_each(|(c, u)| *c -= u);
            current.push(part);
            search(counts, idx, points_of, current, points + gain, best);
            current.pop();
            counts.iter_mut().zip(uses).for_each(|(c, u)| *c += u);
        }
    }
    let mut best = Split {
        points: 0,
        parts: Vec::new(),
    };
    let mut counts = counts;
    search(&mut counts, 0, points, &mut Vec::new(), 0, &mut best);
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
    /// The game (chosen by its name): the text whose points are the defaults.
    pub scoring: Scoring,
    /// The points of every part, the text's unless an option changed them.
    pub points: Points,
    /// The penalty for many 1's.
    pub wipe_ones: WipeOnes,
    /// Points that end the game.
    pub target: u32,
    /// How ties are decided.
    pub tie: Tie,
}

/// Largest target accepted: far beyond the game, small enough that exact chains stay quick.
pub(crate) const MAX_TARGET: u32 = 1000;

/// Most points one part may be given: far beyond the texts, small enough that no cast's total
/// comes near the limit of a [`Code`].
pub(crate) const MAX_PART_POINTS: u32 = 1000;

/// The options both games share, the text's values first in every report's rules column.
const SHARED: [OptionSpec; 3] = [
    OptionSpec {
        key: "wipe_ones",
        values: Values::WholeOr {
            min: 1,
            max: DICE,
            name: "off",
        },
        default: "4",
        meaning: "that many 1's or more in a cast wipe the player's total and the cast scores \
                  nothing (4: the text; 3: other published versions of Hearts Due); off: no \
                  penalty, the cast scores normally",
        quiet: false,
        matters: Matters::ALWAYS,
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
        matters: Matters::ALWAYS,
    },
    Tie::option(
        Tie::Shared,
        "shared: every tied leader wins; playoff: the tied leaders play extra rounds, keeping \
         their totals, until one leads",
    ),
];

/// The keys of the points options, in [`Part::ALL`] order.
pub(crate) const POINT_KEYS: [&str; 8] = [
    "run_1",
    "run_2",
    "run_3",
    "run_4",
    "run_5",
    "run_6",
    "five_sixes",
    "six_sixes",
];

/// One points option: quiet, so a run under the text's table records the rules it always did.
const fn point_option(
    key: &'static str,
    default: &'static str,
    meaning: &'static str,
) -> OptionSpec {
    OptionSpec::quiet_whole(key, MAX_PART_POINTS, default, meaning)
}

/// The points options with `defaults` (in [`POINT_KEYS`] order, the text's table as written).
const fn point_options(defaults: [&'static str; 8]) -> [OptionSpec; 8] {
    [
        point_option(
            POINT_KEYS[0],
            defaults[0],
            "points for a lone 1 (0: it does not score)",
        ),
        point_option(POINT_KEYS[1], defaults[1], "points for the run 1-2"),
        point_option(POINT_KEYS[2], defaults[2], "points for the run 1-2-3"),
        point_option(POINT_KEYS[3], defaults[3], "points for the run 1-2-3-4"),
        point_option(POINT_KEYS[4], defaults[4], "points for the run 1-2-3-4-5"),
        point_option(POINT_KEYS[5], defaults[5], "points for the run 1-2-3-4-5-6"),
        point_option(POINT_KEYS[6], defaults[6], "points for five 6's"),
        point_option(
            POINT_KEYS[7],
            defaults[7],
            "points for six 6's (one part, not five 6's and a spare)",
        ),
    ]
}

/// The shared options followed by the points options.
const fn with_points(points: [OptionSpec; 8]) -> [OptionSpec; 11] {
    [
        SHARED[0], SHARED[1], SHARED[2], points[0], points[1], points[2], points[3], points[4],
        points[5], points[6], points[7],
    ]
}

/// The rule options of Sequences, defaults as docs/sequences.md's rules give them.
pub const SEQUENCES_OPTIONS: &[OptionSpec] = &with_points(point_options([
    "0", "5", "10", "15", "20", "25", "30", "60",
]));

/// The rule options of Hearts Due, defaults as docs/sequences.md's rules give them.
pub const HEARTS_DUE_OPTIONS: &[OptionSpec] = &with_points(point_options([
    "5", "10", "15", "20", "25", "30", "35", "70",
]));

impl Scoring {
    /// The rule options of this game.
    pub const fn options(self) -> &'static [OptionSpec] {
        match self {
            Scoring::Sequences => SEQUENCES_OPTIONS,
            Scoring::HeartsDue => HEARTS_DUE_OPTIONS,
        }
    }
}

/// Every cast's outcome code under one rule set, and the code that means a wipe.
///
/// A hot-loop internal, public only so the benches can time the bare cast loop
/// ([`crate::internals`]); not API.
#[doc(hidden)]
#[derive(Clone, Debug)]
pub struct CastTable {
    /// The outcome code of every packed cast, indexed by the packed roll.
    pub codes: Vec<Code>,
    /// The code of a wipe: one above the most a cast can score.
    pub wipe: Code,
}

impl Rules {
    /// The rules under `scoring` with the options in `options` (parsed from
    /// [`Scoring::options`]).
    pub fn from_options(scoring: Scoring, options: &RuleOptions) -> Self {
        let point = |i: usize| options.whole(POINT_KEYS[i]);
        Self {
            scoring,
            points: Points {
                runs: std::array::from_fn(point),
                five_sixes: point(6),
                six_sixes: point(7),
            },
            wipe_ones: match options.whole_or("wipe_ones") {
                Some(k) => WipeOnes::AtLeast(k as u8),
                None => WipeOnes::Off,
            },
            target: options.whole("target"),
            tie: options.one_of("tie", &Tie::ALL),
        }
    }

    /// The points of a cast, or `None` if it wipes.
    pub fn outcome(&self, counts: [u8; 6]) -> Option<u32> {
        if let WipeOnes::AtLeast(k) = self.wipe_ones
            && counts[0] >= k
        {
            return None;
        }
        Some(best_split(counts, &self.points).points)
    }

    /// Every packed cast's outcome code, and the code of a wipe.
    ///
    /// Public only for the benches ([`crate::internals`]); not API.
    #[doc(hidden)]
    pub fn cast_table(&self) -> CastTable {
        let outcomes: Vec<Option<u32>> = (0..CASTS as u64)
            .map(|packed| self.outcome(face_counts(packed, DICE)))
            .collect();
        let most = outcomes.iter().flatten().max().copied().unwrap_or(0);
        // Six parts of at most MAX_PART_POINTS each stay far below the 16-bit limit.
        let wipe = Code::try_from(most + 1).expect("a cast's points fit in a code");
        CastTable {
            codes: outcomes
                .into_iter()
                .map(|o| o.map_or(wipe, |p| p as Code))
                .collect(),
            wipe,
        }
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
        best_split(cast(faces), &scoring.text_points()).points
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
        let split = best_split(cast([1, 2, 2, 3, 4, 6]), &Scoring::Sequences.text_points());
        assert_eq!(split.points, 15);
        assert_eq!(split.parts, vec![Part::Run(4)]);
    }

    #[test]
    fn the_texts_four_multi_sequence_casts() {
        use Scoring::Sequences;
        let parts = |faces| best_split(cast(faces), &Sequences.text_points());
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

    fn text_rules(scoring: Scoring) -> Rules {
        Rules {
            scoring,
            points: scoring.text_points(),
            wipe_ones: WipeOnes::AtLeast(4),
            target: 100,
            tie: Tie::Shared,
        }
    }

    #[test]
    fn wipe_ones_option() {
        let mut rules = text_rules(Scoring::Sequences);
        assert_eq!(rules.outcome(cast([1, 1, 1, 1, 2, 3])), None);
        assert_eq!(
            rules.outcome(cast([1, 1, 1, 2, 2, 3])),
            Some(15),
            "1-2-3 + 1-2, three 1s"
        );
        rules.wipe_ones = WipeOnes::AtLeast(3);
        assert_eq!(rules.outcome(cast([1, 1, 1, 2, 2, 3])), None);
        // Any count: five 1's wipe under wipe_ones=5, four do not.
        rules.wipe_ones = WipeOnes::AtLeast(5);
        assert_eq!(rules.outcome(cast([1, 1, 1, 1, 2, 3])), Some(10));
        assert_eq!(rules.outcome(cast([1, 1, 1, 1, 1, 3])), None);
        rules.wipe_ones = WipeOnes::AtLeast(1);
        assert_eq!(rules.outcome(cast([1, 2, 3, 4, 5, 6])), None);
        assert_eq!(rules.outcome(cast([6, 6, 6, 6, 6, 6])), Some(60));
        rules.wipe_ones = WipeOnes::Off;
        assert_eq!(rules.outcome(cast([1, 1, 1, 1, 2, 3])), Some(10));
        rules.scoring = Scoring::HeartsDue;
        rules.points = Scoring::HeartsDue.text_points();
        // 1-2-3 (15) + three lone 1's (15)
        assert_eq!(rules.outcome(cast([1, 1, 1, 1, 2, 3])), Some(30));
    }

    #[test]
    fn a_points_table_of_a_house_rule_scores_by_its_own_numbers() {
        let mut rules = text_rules(Scoring::Sequences);
        rules.points.runs[1] = 7; // 1-2 pays 7
        rules.points.six_sixes = 100;
        rules.points.five_sixes = 0; // five 6's no longer score
        assert_eq!(rules.outcome(cast([1, 2, 5, 5, 6, 6])), Some(7));
        // 1-2-3 (10) and 1-2 (now 7) in 1,1,2,2,3,5: 17, where the text gives 15.
        let split = best_split(cast([1, 1, 2, 2, 3, 5]), &rules.points);
        assert_eq!((split.points, split.parts.len()), (17, 2));
        assert_eq!(rules.outcome(cast([6, 6, 6, 6, 6, 2])), Some(0));
        assert_eq!(rules.outcome(cast([6, 6, 6, 6, 6, 6])), Some(100));
        // The wipe code sits one above the best cast, whatever the table.
        let table = rules.cast_table();
        assert_eq!(table.wipe, 101);
        // A lone 1 worth 200 with no penalty: six 1's score 1,200.
        rules.points.runs[0] = 200;
        rules.wipe_ones = WipeOnes::Off;
        assert_eq!(rules.outcome(cast([1, 1, 1, 1, 1, 1])), Some(1200));
        assert_eq!(rules.cast_table().wipe, 1201);
    }

    #[test]
    fn the_options_default_to_each_texts_table() {
        for scoring in [Scoring::Sequences, Scoring::HeartsDue] {
            let o = RuleOptions::parse("x", scoring.options(), &[]).unwrap();
            assert_eq!(Rules::from_options(scoring, &o), text_rules(scoring));
            // The points options are quiet: the rules column reads as before they existed.
            assert_eq!(o.render(), "wipe_ones=4;target=100;tie=shared");
        }
        let o = RuleOptions::parse(
            "x",
            Scoring::HeartsDue.options(),
            &["six_sixes=90".to_string(), "wipe_ones=off".to_string()],
        )
        .unwrap();
        assert_eq!(
            o.render(),
            "wipe_ones=off;target=100;tie=shared;six_sixes=90"
        );
        let r = Rules::from_options(Scoring::HeartsDue, &o);
        assert_eq!((r.points.six_sixes, r.points.runs[0]), (90, 5));
        assert_eq!(r.wipe_ones, WipeOnes::Off);
        for bad in [
            "run_2=-5",
            "run_2=1001",
            "wipe_ones=0",
            "wipe_ones=7",
            "five_sixes=x",
        ] {
            assert!(
                RuleOptions::parse("x", Scoring::Sequences.options(), &[bad.to_string()]).is_err(),
                "{bad}"
            );
        }
    }

    #[test]
    fn outcome_table_counts_match_hand_counts() {
        let table = text_rules(Scoring::Sequences).cast_table();
        assert_eq!(table.codes.len(), 46_656);
        assert_eq!(table.wipe, 61, "one above six 6's");
        // Six 6's: one ordered cast. Four or more 1's: C(6,4)*25 + C(6,5)*5 + 1 = 406.
        assert_eq!(table.codes.iter().filter(|&&c| c == 60).count(), 1);
        assert_eq!(
            table.codes.iter().filter(|&&c| c == table.wipe).count(),
            406
        );
    }
}
