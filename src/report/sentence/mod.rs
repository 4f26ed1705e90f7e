//! The sentence each section of the findings page opens with: what the run means for a player,
//! in words, written from the run's own numbers (never a figure typed in). A run of a game with
//! policies says which to play and what each wins against a seat's fair share; a game of one
//! policy, whether the seat matters; policies compared on the same dice, the best one's figure
//! and what each other gives up; a single policy, its headline figures. A difference this run
//! cannot resolve is said to be one, and exact values are used where the game has them.
//!
//! The metrics' words are in `words.rs` and how a figure is said in `figure.rs`; this file
//! picks the sentence a run calls for and writes it.

use crate::games::and_list;
use crate::stats::{Metric, Subject};

use super::Report;
use super::text::seat_fair_share;

mod figure;
mod words;

use figure::{Figure, plain, plain_difference};
use words::{Better, words_of};

/// Which way `name` is better, where the metric's words say: `Some(true)` where a higher
/// figure is better (points a turn), `Some(false)` where lower is (casts to the target), `None`
/// where neither is or the metric is not one the words know (a game registered from outside).
pub(crate) fn higher_is_better(name: &str) -> Option<bool> {
    match words_of(name)?.better {
        Better::Higher => Some(true),
        Better::Lower => Some(false),
        Better::Neither => None,
    }
}

/// The section's sentence for a player. `None` for a run with nothing to say (an empty shard).
pub fn answer(report: &Report) -> Option<String> {
    let metrics = &report.saved.tally.metrics;
    if metrics.iter().all(|m| m.histogram.count() == 0) {
        return None;
    }
    let shown = |m: &&Metric| m.histogram.count() > 0;
    let of = |pick: &dyn Fn(Subject) -> bool, name: &str| -> Vec<&Metric> {
        metrics
            .iter()
            .filter(shown)
            .filter(|m| m.id.name == name && pick(m.id.subject))
            .collect()
    };
    let fair = seat_fair_share(metrics, "win_rate");
    let policies = of(&|s| matches!(s, Subject::Policy(_)), "win_rate");
    if let (Some(fair), true) = (fair, policies.len() > 1) {
        return Some(which_to_play(report, &policies, fair));
    }
    if let Some(fair) = fair {
        let seats = of(&|s| matches!(s, Subject::Seat { .. }), "win_rate");
        return Some(does_the_seat_matter(report, &seats, fair));
    }
    let first = metrics.iter().find(shown)?;
    let compared = of(&|s| matches!(s, Subject::Policy(_)), &first.id.name);
    if compared.len() > 1 {
        return Some(what_each_gives_up(report, &compared));
    }
    Some(headline(report))
}

/// A game of two or more policies (`rates` holds each one's win rate): which to play, what it wins against a seat's fair share, and
/// what the others win; or that this run cannot tell the best two apart.
fn which_to_play(report: &Report, rates: &[&Metric], fair: f64) -> String {
    let setup = &report.saved.record.setup;
    let mut ranked: Vec<(String, Figure)> = rates
        .iter()
        .map(|m| {
            (
                setup.label(m.id.subject).unwrap_or_default(),
                Figure::of(report, m),
            )
        })
        .collect();
    ranked.sort_by(|a, b| b.1.value().total_cmp(&a.1.value()));
    let fair_said = plain(100.0 * fair, 0.0, true) + "%";
    let (best, best_figure) = &ranked[0];
    let (next, next_figure) = &ranked[1];
    if !best_figure.above(next_figure) {
        return format!(
            "This run cannot tell {best} and {next} apart: a seat playing them wins {} and {} of \
             games, against a seat's fair share of {fair_said}; more games would separate them.",
            best_figure.said(),
            next_figure.said()
        );
    }
    let (last, last_figure) = ranked.last().expect("two or more");
    let others = if ranked.len() == 2 {
        format!("{last} wins {}", last_figure.said())
    } else {
        format!("{last} wins the fewest, {}", last_figure.said())
    };
    format!(
        "Play {best}: a seat playing it wins {} of games, against a seat's fair share of \
         {fair_said}; {others}.",
        best_figure.said()
    )
}

/// A game of one policy in every seat: whether the seat a player sits in changes the chance to
/// win, from the exact rates where known, else only where the intervals show it.
fn does_the_seat_matter(report: &Report, seats: &[&Metric], fair: f64) -> String {
    let setup = &report.saved.record.setup;
    let figures: Vec<(u32, Figure)> = seats
        .iter()
        .filter_map(|m| match m.id.subject {
            Subject::Seat { seat, .. } => Some((seat + 1, Figure::of(report, m))),
            _ => None,
        })
        .collect();
    let fair_said = plain(100.0 * fair, 0.0, true) + "%";
    let most = figures
        .iter()
        .max_by(|a, b| a.1.value().total_cmp(&b.1.value()));
    let least = figures
        .iter()
        .min_by(|a, b| a.1.value().total_cmp(&b.1.value()));
    let (Some((top, most)), Some((bottom, least))) = (most, least) else {
        return format!(
            "Playing {} in every seat, no game was won.",
            setup.policy_column()
        );
    };
    // Exact rates a twentieth of a percentage point apart or less read as no edge.
    let edge = match (most.exact, least.exact) {
        (Some(a), Some(b)) => a - b > 0.0005,
        _ => figures.iter().any(|(_, f)| f.low > fair || f.high < fair),
    };
    if !edge {
        return format!(
            "Playing {} in every seat, where a player sits hardly matters: no seat wins \
             measurably more than its fair share of {fair_said} of games.",
            setup.policy_column()
        );
    }
    format!(
        "Playing {} in every seat, seat {top} has the edge: it wins {} of games against a fair \
         share of {fair_said}; seat {bottom} wins {}.",
        setup.policy_column(),
        most.said(),
        least.said()
    )
}

/// Policies compared on the same dice: the best one's figure on the run's first metric and what
/// each other gives up, from exact values, the paired differences or the intervals; those this
/// run cannot separate from the best are said to be so.
fn what_each_gives_up(report: &Report, compared: &[&Metric]) -> String {
    let setup = &report.saved.record.setup;
    let metrics = &report.saved.tally.metrics;
    let name = compared[0].id.name.as_str();
    let words = words_of(name);
    let better = words.map_or(Better::Higher, |w| w.better);
    let sign = if better == Better::Lower { -1.0 } else { 1.0 };
    let figures: Vec<(u32, Figure)> = compared
        .iter()
        .filter_map(|m| match m.id.subject {
            Subject::Policy(p) => Some((p, Figure::of(report, m))),
            _ => None,
        })
        .collect();
    let (best, best_figure) = *figures
        .iter()
        .max_by(|a, b| (sign * a.1.value()).total_cmp(&(sign * b.1.value())))
        .expect("two or more");
    let label = |p: u32| setup.label(Subject::Policy(p)).unwrap_or_default();
    // What `other` gives up against the best, and whether this run shows it does.
    let gives_up = |other: u32, figure: &Figure| -> (f64, f64, bool) {
        if let (Some(a), Some(b)) = (best_figure.exact, figure.exact) {
            return (sign * (a - b), 0.0, a != b);
        }
        let pair = metrics.iter().find(|m| {
            m.id.name == name
                && (m.id.subject == Subject::Pair(best, other)
                    || m.id.subject == Subject::Pair(other, best))
        });
        match pair {
            Some(m) => {
                let e = report.saved.record.estimate(m);
                let flip = if m.id.subject == Subject::Pair(best, other) {
                    sign
                } else {
                    -sign
                };
                let (low, high) = (e.ci_low * flip, e.ci_high * flip);
                let sure = low.min(high) > 0.0;
                (flip * e.mean, (high - low).abs() / 2.0, sure)
            }
            None => {
                let sure = if sign > 0.0 {
                    best_figure.above(figure)
                } else {
                    figure.above(&best_figure)
                };
                let doubt = best_figure.doubt().max(figure.doubt());
                (sign * (best_figure.value() - figure.value()), doubt, sure)
            }
        }
    };
    let mut losses: Vec<(String, f64, f64, bool)> = figures
        .iter()
        .filter(|(p, _)| *p != best)
        .map(|(p, f)| {
            let (loss, doubt, sure) = gives_up(*p, f);
            (label(*p), loss, doubt, sure)
        })
        .collect();
    losses.sort_by(|a, b| a.1.total_cmp(&b.1));
    let (unit, does) = match words {
        Some(w) => (
            w.unit.to_string(),
            w.does.replace("{}", &best_figure.said()),
        ),
        None => (
            name.to_string(),
            format!("has {name} {}", best_figure.said()),
        ),
    };
    let exact = best_figure.exact.is_some() && losses.iter().all(|l| l.2 == 0.0);
    let mut sentence = format!(
        "Of the policies compared, {} comes first: it {does}",
        label(best)
    );
    if exact {
        sentence.push_str(" (exact)");
    }
    // A share's difference is in percentage points.
    let (scale, unit) = if best_figure.share {
        (100.0, "percentage points".to_string())
    } else {
        (1.0, unit)
    };
    let verb = if better == Better::Lower {
        "is behind by"
    } else {
        "gives up"
    };
    let sure: Vec<String> = losses
        .iter()
        .filter(|l| l.3)
        .enumerate()
        .map(|(i, l)| {
            let d = plain_difference(l.1 * scale, l.2 * scale);
            match i {
                0 => format!("{} {verb} {d} {unit}", l.0),
                _ => format!("{} {d}", l.0),
            }
        })
        .collect();
    if !sure.is_empty() {
        sentence.push_str(&format!("; {}", and_list(&sure)));
    }
    let unsure: Vec<String> = losses
        .iter()
        .filter(|l| !l.3)
        .map(|l| l.0.clone())
        .collect();
    if !unsure.is_empty() {
        sentence.push_str(&format!(
            "; this run cannot tell {} apart from it",
            and_list(&unsure)
        ));
    }
    sentence + "."
}

/// A run of one policy: its headline figures in one sentence, the exact values where known.
fn headline(report: &Report) -> String {
    let setup = &report.saved.record.setup;
    let metrics = &report.saved.tally.metrics;
    let mut exact = true;
    let mut said: Vec<String> = metrics
        .iter()
        .filter(|m| m.histogram.count() > 0 && m.id.subject == Subject::Run)
        .filter_map(|m| Some((words_of(&m.id.name).filter(|w| w.headline)?, m)))
        .take(3)
        .map(|(w, m)| {
            let figure = Figure::of(report, m);
            exact &= figure.exact.is_some();
            w.does.replace("{}", &figure.said())
        })
        .collect();
    if said.is_empty() {
        // No metric in words: the first one by its name.
        if let Some(m) = metrics.iter().find(|m| m.histogram.count() > 0) {
            let figure = Figure::of(report, m);
            exact = figure.exact.is_some();
            said.push(format!("has {} {}", setup.key(&m.id), figure.said()));
        }
    }
    format!(
        "Playing {}, a player {}{}.",
        setup.policy_column(),
        and_list(&said),
        if exact { " (exact values)" } else { "" }
    )
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::report::tests::{run, scores};
    use crate::stats::{ExactValues, MetricId};

    fn said(metrics: Vec<Metric>, exact: ExactValues) -> String {
        let saved = run(metrics);
        let report = Report {
            saved: &saved,
            exact: &exact,
            notes: &[],
        };
        answer(&report).unwrap()
    }

    fn seat(k: u32) -> Subject {
        Subject::Seat {
            seat: k,
            policy: None,
        }
    }

    /// A game of two policies: the one that wins more is named with its rate and the fair share;
    /// where the intervals overlap the sentence says the run cannot tell them apart.
    #[test]
    fn a_game_says_which_policy_to_play_or_that_the_run_cannot_tell() {
        let game = |a: u64, b: u64, n: u64| {
            vec![
                Metric::proportion("win_rate", a, n).about(seat(0)),
                Metric::proportion("win_rate", b, n).about(seat(1)),
                Metric::proportion("win_rate", a, n).about(Subject::Policy(0)),
                Metric::proportion("win_rate", b, n).about(Subject::Policy(1)),
            ]
        };
        let clear = said(game(300, 700, 1000), ExactValues::default());
        assert_eq!(
            clear,
            "Play b: a seat playing it wins about 70% of games, against a seat's fair share of \
             50.0%; a wins about 30%."
        );
        // A single policy's rate beside the seats' (one policy named twice): the seats speak.
        let mut one = game(300, 700, 1000);
        one.pop();
        let seats = said(one, ExactValues::default());
        assert!(
            seats.contains("in every seat, seat 2 has the edge"),
            "{seats}"
        );
        let unclear = said(game(1, 3, 4), ExactValues::default());
        assert!(
            unclear.starts_with("This run cannot tell b and a apart: a seat playing them wins"),
            "{unclear}"
        );
    }

    /// Policies compared on the same dice, with exact values: the best one's figure and what
    /// each other gives up, smallest loss first, said as exact.
    #[test]
    fn policies_compared_say_what_each_gives_up_against_the_best() {
        let mut exact = ExactValues::default();
        exact.set_mean(MetricId::new("turn_score", Subject::Policy(0)), 10.0);
        exact.set_mean(MetricId::new("turn_score", Subject::Policy(1)), 11.5);
        let text = said(
            vec![
                Metric::mean("turn_score", scores(&[8, 10, 12])).about(Subject::Policy(0)),
                Metric::mean("turn_score", scores(&[9, 12, 13])).about(Subject::Policy(1)),
            ],
            exact,
        );
        assert_eq!(
            text,
            "Of the policies compared, b comes first: it scores 11.50 points a turn (exact); a \
             gives up 1.50 points a turn."
        );
        // Estimates alone: figures rounded to what the intervals support, and a difference the
        // paired interval does not resolve is said to be unresolved.
        let text = said(
            vec![
                Metric::mean("turn_score", scores(&[8, 10, 12, 10])).about(Subject::Policy(0)),
                Metric::mean("turn_score", scores(&[9, 11, 11, 10])).about(Subject::Policy(1)),
                Metric::mean("turn_score", scores(&[1, -1, 1, 0])).about(Subject::Pair(1, 0)),
            ],
            ExactValues::default(),
        );
        assert_eq!(
            text,
            "Of the policies compared, b comes first: it scores about 10.2 points a turn; this \
             run cannot tell a apart from it."
        );
    }

    /// One policy: its headline figures in words, and whether the seats of a game differ.
    #[test]
    fn one_policy_says_its_figures_and_whether_the_seat_matters() {
        let mut exact = ExactValues::default();
        exact.set_mean("turn_score", 11.8654);
        exact.set_mean("p_turn_zero", 0.09424);
        let text = said(
            vec![
                Metric::mean("turn_score", scores(&[10, 12, 14])),
                Metric::proportion("p_turn_zero", 1, 10),
                Metric::mean("unnamed", scores(&[1])),
            ],
            exact,
        );
        assert_eq!(
            text,
            "Playing a | b, a player scores 11.87 points a turn and scores nothing in 9.4% of \
             turns (exact values)."
        );
        let mut exact = ExactValues::default();
        for k in 0..2 {
            exact.set_mean(MetricId::new("win_rate", seat(k)), 0.5);
        }
        let seats = vec![
            Metric::proportion("win_rate", 480, 1000).about(seat(0)),
            Metric::proportion("win_rate", 520, 1000).about(seat(1)),
        ];
        let even = said(seats.clone(), exact);
        assert!(
            even.contains("where a player sits hardly matters"),
            "{even}"
        );
        let mut exact = ExactValues::default();
        exact.set_mean(MetricId::new("win_rate", seat(0)), 0.48);
        exact.set_mean(MetricId::new("win_rate", seat(1)), 0.52);
        let uneven = said(seats, exact);
        assert!(
            uneven.ends_with(
                "seat 2 has the edge: it wins 52.0% of games against a fair share of 50.0%; \
                 seat 1 wins 48.0%."
            ),
            "{uneven}"
        );
    }
}
