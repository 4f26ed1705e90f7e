//! Which policies of a comparison could be the best, all at once: with three or more policies,
//! every pair's interval alone says nothing of the ranking as a whole (each holds 95% of the
//! time, all of them together far less), so a comparison also reads Hsu's multiple comparisons
//! with the best (MCB; J. C. Hsu, *Multiple Comparisons: Theory and Methods*, Chapman & Hall
//! 1996, ch. 4). For each policy it bounds how far its mean lies ahead of the best of the
//! others, every bound holding at once with 95% confidence: a policy whose upper bound is 0 is
//! ruled out as the best; those left could each be it, and the true best is among them.
//!
//! The bounds are built from the paired differences on common dice (each pair's own standard
//! error, which the common dice shrink) with Bonferroni's one-sided critical value over the
//! k - 1 comparisons each policy takes part in, in place of Dunnett's, which needs equal
//! variances: conservative, so "95%" is at least that. A metric is read this way only where
//! the report knows which way is better (higher turn scores, fewer casts to the target).

use statrs::distribution::{ContinuousCDF, Normal};

use super::Report;
use super::sentence::higher_is_better;
use crate::record::ALPHA;
use crate::stats::Subject;

/// Where one policy stands against the best of the others: bounds on its mean less the best
/// other's, oriented so that ahead is positive.
#[derive(Clone, Debug, PartialEq)]
pub struct Standing {
    /// The policy's index in the run.
    pub policy: u32,
    /// The lower bound (0 or below).
    pub low: f64,
    /// The upper bound (0 or above); 0 rules the policy out as the best.
    pub high: f64,
}

impl Standing {
    /// Whether it could be the best: its upper bound lies above 0.
    pub fn could_be_best(&self) -> bool {
        self.high > 0.0
    }
}

/// The one-sided critical value of Bonferroni's MCB bounds over `k` policies: each policy's
/// k - 1 comparisons at `ALPHA / (k - 1)` each, from the normal for a run of a fixed size.
pub fn bonferroni(k: usize) -> f64 {
    Normal::new(0.0, 1.0)
        .expect("the standard normal is valid")
        .inverse_cdf(1.0 - ALPHA / (k.max(2) - 1) as f64)
}

/// Hsu's constrained MCB bounds for policies `0..k` from `diff(i, j)`: the oriented paired
/// difference of `i` less `j` (ahead positive) and its reach, the critical value times its
/// standard error ([`bonferroni`]'s for a fixed run). `None` where a pair has no finite
/// reach (too few units): no bound is then honest.
pub fn mcb(k: usize, diff: &dyn Fn(usize, usize) -> (f64, f64)) -> Option<Vec<Standing>> {
    if k < 2 {
        return None;
    }
    for i in 0..k {
        for j in (0..k).filter(|&j| j != i) {
            let (mean, reach) = diff(i, j);
            if !(mean.is_finite() && reach.is_finite()) {
                return None;
            }
        }
    }
    let others = |i: usize| (0..k).filter(move |&j| j != i);
    let high: Vec<f64> = (0..k)
        .map(|i| {
            others(i)
                .map(|j| {
                    let (mean, reach) = diff(i, j);
                    mean + reach
                })
                .fold(f64::INFINITY, f64::min)
                .max(0.0)
        })
        .collect();
    // The lower bounds look only at the policies that could be the best (Hsu's constrained
    // intervals): one alone is the best, its lower bound 0.
    let could: Vec<usize> = (0..k).filter(|&i| high[i] > 0.0).collect();
    Some(
        (0..k)
            .map(|i| {
                let rivals: Vec<usize> = could.iter().copied().filter(|&j| j != i).collect();
                let low = if could == [i] {
                    0.0
                } else {
                    rivals
                        .iter()
                        .map(|&j| {
                            let (mean, reach) = diff(i, j);
                            mean - reach
                        })
                        .fold(f64::INFINITY, f64::min)
                        .min(0.0)
                };
                Standing {
                    policy: i as u32,
                    low,
                    high: high[i],
                }
            })
            .collect(),
    )
}

/// Which policies could have the best of one metric, all at once.
#[derive(Clone, Debug, PartialEq)]
pub struct Best {
    /// The metric.
    pub metric: String,
    /// Whether a higher figure is better (else a lower one).
    pub higher: bool,
    /// Each policy, in the run's order.
    pub standings: Vec<Standing>,
}

/// One metric every pair of policies has a paired difference of, with a way that is better:
/// each pair's difference oriented so that ahead is positive, with its reach at the level all of
/// them hold together.
struct Oriented {
    /// The metric.
    metric: String,
    /// Whether a higher figure is better.
    higher: bool,
    /// `diff[i][j]`: policy `i` less `j`, ahead positive, and its reach.
    diff: Vec<Vec<(f64, f64)>>,
}

/// Every metric of the report that each pair of its `k >= 2` policies has a paired difference
/// of, with a way that is better, oriented. The reach of each is Bonferroni's one-sided critical
/// value over the k - 1 comparisons a policy takes part in times its standard error: the
/// normal's for a run of a fixed size, a confidence sequence's (two-sided, so more than enough)
/// for a run that stopped on its own figures.
fn oriented(report: &Report) -> Vec<Oriented> {
    let metrics = &report.saved.tally.metrics;
    let record = &report.saved.record;
    let k = record.setup.distinct_policies().len();
    let mut out = Vec::new();
    if k < 2 {
        return out;
    }
    // Worked out once: the sequence's multiplier depends on each pair's units, the normal's not.
    let (sequence, fixed) = (record.sequence(ALPHA / (k - 1) as f64), bonferroni(k));
    let critical = |n: u64| sequence.map_or(fixed, |cs| cs.z(n));
    let mut names: Vec<&str> = Vec::new();
    for m in metrics {
        if matches!(m.id.subject, Subject::Pair(..)) && !names.contains(&m.id.name.as_str()) {
            names.push(&m.id.name);
        }
    }
    for name in names {
        let Some(higher) = higher_is_better(name) else {
            continue;
        };
        let sign = if higher { 1.0 } else { -1.0 };
        let pair = |i: usize, j: usize| -> Option<(f64, f64)> {
            let (a, b, flip) = if i < j { (i, j, 1.0) } else { (j, i, -1.0) };
            metrics
                .iter()
                .find(|m| m.id.name == name && m.id.subject == Subject::Pair(a as u32, b as u32))
                .map(|m| {
                    let e = m.estimate();
                    (sign * flip * e.mean, critical(e.n) * e.se)
                })
        };
        let diff: Option<Vec<Vec<(f64, f64)>>> = (0..k)
            .map(|i| {
                (0..k)
                    .map(|j| if i == j { Some((0.0, 0.0)) } else { pair(i, j) })
                    .collect()
            })
            .collect();
        if let Some(diff) = diff {
            out.push(Oriented {
                metric: name.to_string(),
                higher,
                diff,
            });
        }
    }
    out
}

/// For every metric the report has each pair's paired difference of, three policies or more
/// and a way that is better: which could be the best, all at once. Empty otherwise (fewer
/// policies, a pair without a standard error).
pub fn best_of(report: &Report) -> Vec<Best> {
    if report.saved.record.setup.distinct_policies().len() < 3 {
        return Vec::new();
    }
    oriented(report)
        .into_iter()
        .filter_map(|o| {
            let k = o.diff.len();
            mcb(k, &|i, j| o.diff[i][j]).map(|standings| Best {
                metric: o.metric,
                higher: o.higher,
                standings,
            })
        })
        .collect()
}

/// Whether the best policy is known, for a run that asked (`compare --decide`): for every metric
/// each pair has a paired difference of, with a way that is better, the policy ahead is ahead of
/// each other one by more than its pair's reach, so the sign of every paired difference against
/// it is known, all at once. `false` for a run without such a metric.
pub fn best_known(report: &Report) -> bool {
    let all = oriented(report);
    !all.is_empty()
        && all.iter().all(|o| {
            let k = o.diff.len();
            let ahead = |i: usize| (0..k).map(|j| o.diff[i][j].0).sum::<f64>();
            let leader = (0..k)
                .max_by(|&a, &b| ahead(a).total_cmp(&ahead(b)))
                .expect("two policies or more");
            (0..k)
                .filter(|&j| j != leader)
                .all(|j| o.diff[leader][j].0 - o.diff[leader][j].1 > 0.0)
        })
}

/// Whether the report has a metric [`best_known`] can decide on.
pub fn decidable(report: &Report) -> bool {
    !oriented(report).is_empty()
}

/// [`best_of`] as text: a heading a metric, then a line a policy.
pub fn best_text(report: &Report) -> String {
    let setup = &report.saved.record.setup;
    let label = |p: u32| setup.label(Subject::Policy(p)).unwrap_or_default();
    let mut out = String::new();
    for best in best_of(report) {
        let (name, way) = (&best.metric, if best.higher { "higher" } else { "lower" });
        out.push_str(&format!(
            "\nwhich could have the best {name} ({way} is better), all at once (95%, Hsu's \
             comparisons with the best):\n"
        ));
        let rows: Vec<Vec<String>> = best
            .standings
            .iter()
            .map(|s| {
                vec![
                    format!("  {}", label(s.policy)),
                    if s.could_be_best() {
                        "could be the best".to_string()
                    } else {
                        "not the best".to_string()
                    },
                    format!(
                        "ahead of the best of the others by {} to {}",
                        signed(s.low),
                        signed(s.high)
                    ),
                ]
            })
            .collect();
        for line in super::text::aligned(&rows, 3) {
            out.push_str(&line);
            out.push('\n');
        }
    }
    out
}

/// A bound as the paired lines write a difference: signed, four decimals, 0 bare.
fn signed(x: f64) -> String {
    if x == 0.0 {
        "0".to_string()
    } else {
        format!("{x:+.4}")
    }
}

#[cfg(test)]
mod tests {
    use rand_xoshiro::rand_core::Rng;

    use super::*;
    use crate::engine::chunk_rng;

    /// Three policies, the first far ahead: only it could be the best, its lower bound 0; the
    /// others are ruled out, each bounded below by its gap to the first.
    #[test]
    fn one_far_ahead_rules_out_the_others() {
        // Means 10, 5, 4; every paired difference with a standard error of 0.5.
        let means = [10.0, 5.0, 4.0];
        let d = Normal::new(0.0, 1.0).unwrap().inverse_cdf(1.0 - 0.05 / 2.0);
        assert_eq!(bonferroni(3), d);
        let diff = |i: usize, j: usize| (means[i] - means[j], 0.5 * d);
        let s = mcb(3, &diff).unwrap();
        assert!(s[0].could_be_best() && !s[1].could_be_best() && !s[2].could_be_best());
        assert_eq!(s[0].low, 0.0);
        assert!((s[0].high - (5.0 + 0.5 * d)).abs() < 1e-12, "{:?}", s[0]);
        assert_eq!(s[1].high, 0.0);
        assert!((s[1].low - (-5.0 - 0.5 * d)).abs() < 1e-12, "{:?}", s[1]);
        assert!((s[2].low - (-6.0 - 0.5 * d)).abs() < 1e-12, "{:?}", s[2]);
    }

    /// Two policies within noise of each other both could be the best; a pair without a
    /// standard error gives no bounds at all.
    #[test]
    fn two_within_noise_could_each_be_the_best() {
        let means = [10.0, 9.9, 2.0];
        let s = mcb(3, &|i, j| (means[i] - means[j], 0.5)).unwrap();
        assert!(s[0].could_be_best() && s[1].could_be_best() && !s[2].could_be_best());
        assert!(s[0].low < 0.0 && s[1].high > 0.0);
        assert!(mcb(3, &|i, j| (means[i] - means[j], f64::NAN)).is_none());
    }

    /// The bounds hold all at once at least 95% of the time: 1,000 comparisons of four
    /// policies (the best 0.2 ahead of the next) on 100 common units each, against the true
    /// gaps, within 4 standard errors of 95%.
    #[test]
    fn every_bound_holds_at_once_in_95_percent_of_comparisons() {
        let truth = [0.0, 0.5, 0.8, 1.0];
        let k = truth.len();
        let (reps, n) = (1000u64, 100usize);
        let mut held = 0u64;
        let uniform = |rng: &mut crate::engine::ChunkRng| {
            (rng.next_u64() >> 11) as f64 / (1u64 << 53) as f64 - 0.5
        };
        for rep in 0..reps {
            let mut rng = chunk_rng(11, rep);
            // Each unit: a luck every policy shares, and a noise of each policy's own.
            let mut x = vec![vec![0.0; n]; k];
            for u in 0..n {
                let common = 6.0 * uniform(&mut rng);
                for (i, row) in x.iter_mut().enumerate() {
                    let own: f64 = (0..3).map(|_| uniform(&mut rng)).sum::<f64>() * 2.0;
                    row[u] = truth[i] + common + own;
                }
            }
            let diff = |i: usize, j: usize| {
                let d: Vec<f64> = (0..n).map(|u| x[i][u] - x[j][u]).collect();
                let mean = d.iter().sum::<f64>() / n as f64;
                let var = d.iter().map(|v| (v - mean).powi(2)).sum::<f64>() / (n - 1) as f64;
                (mean, bonferroni(k) * (var / n as f64).sqrt())
            };
            let s = mcb(k, &diff).unwrap();
            let all = (0..k).all(|i| {
                let best_other = (0..k)
                    .filter(|&j| j != i)
                    .map(|j| truth[j])
                    .fold(f64::NEG_INFINITY, f64::max);
                let gap = truth[i] - best_other;
                s[i].low <= gap && gap <= s[i].high
            });
            held += u64::from(all);
        }
        let share = held as f64 / reps as f64;
        assert!(
            share >= 0.95 - 4.0 * (0.95 * 0.05 / reps as f64).sqrt(),
            "{share}"
        );
    }
}
