//! `dicelab table sevens` and `dicelab solve sevens`: the probability tables of a turn, the
//! optimal policy (as a table readable back with `table:FILE` and as a heat map), every built-in
//! policy's exact distribution, the follower's odds and the leader's dilemma.

use std::time::Instant;

use crate::cells;
use crate::games::Configured;
use crate::games::analysis::{Analysis, Chart, DataTable};
use crate::record::SetupRecord;

use super::policy::{DecisionTable, Policy};
use super::rolls::SCORES;
use super::solve::exact::{self, distribution, follower_odds, keep_chances};
use super::solve::solutions::Solutions;
use super::spec::PolicySpec;
use super::{Study, policy_file, rules};

/// The built-in policies every table compares.
const TABLE_POLICIES: [&str; 8] = [
    "optimal",
    "leader",
    "rolls:1",
    "rolls:2",
    "rolls:3",
    "threshold:15,10",
    "threshold:20,15",
    "random",
];

impl Study {
    /// The title's second line on every plot: the rules it was computed under.
    pub(super) fn plot_title(&self, title: &str) -> String {
        format!("{title}\nsevens | {}", self.setup().rules_column())
    }

    /// Every built-in policy that fits the rules (e.g. `rolls:3` does not under `max_rolls=2`),
    /// compiled, with its exact distribution.
    fn table_policies(&self) -> Vec<(Policy, exact::TurnDistribution)> {
        let mut names: Vec<String> = TABLE_POLICIES.iter().map(|s| s.to_string()).collect();
        for p in &self.policies {
            if !names.iter().any(|n| n == p.name()) {
                names.push(p.name().to_string());
            }
        }
        names
            .iter()
            .filter_map(|name| {
                name.parse::<PolicySpec>()
                    .ok()?
                    .compile(&self.solutions)
                    .ok()
            })
            // Playing to win has no single-turn table: its turns depend on the game's state.
            .filter(|p| p.game().is_none())
            .map(|p| {
                let d = distribution(&self.solutions.outcomes, p.turn());
                (p, d)
            })
            .collect()
    }

    /// Each policy's mean, P(0) and mean rolls as text, and its whole distribution as a table
    /// and a chart.
    fn policy_files(&self, out: &mut Analysis) -> String {
        let rules = self.setup().rules_column();
        let mut text =
            String::from("policy                 mean score   P(score 0)   mean rolls\n");
        let mut table = DataTable::new(
            "policy_distributions",
            &["rules", "policy", "score", "probability"],
        );
        let mut series = Vec::new();
        for (p, d) in self.table_policies() {
            text.push_str(&format!(
                "{:<22} {:>11.6} {:>12.6} {:>12.4}\n",
                p.name(),
                d.mean_score(),
                d.score[0],
                d.mean_rolls()
            ));
            for (score, &prob) in d.score.iter().enumerate() {
                table.push(cells![&rules, p.name(), score, prob]);
            }
            series.push((
                p.name().to_string(),
                d.score
                    .iter()
                    .enumerate()
                    .map(|(s, &prob)| (s as f64, prob))
                    .collect(),
            ));
        }
        out.tables
            .push(table.read_as_grid("score", "policy", &["probability"]));
        // Eight overlapping lines cannot be told apart: one panel each, optimal play in grey
        // under every other policy.
        let reference = series.iter().position(|(name, _)| name == "optimal");
        let reference = reference.map(|i| series[i].clone());
        out.charts.push((
            "policy_distributions".to_string(),
            Chart::Panels {
                title: self.plot_title("Score of one turn under each policy (exact)"),
                x_label: "turn score".into(),
                y_label: "probability".into(),
                reference,
                series,
            },
        ));
        text
    }

    /// The optimal policy as a heat map, one panel per roll before the last, with the states no
    /// roll can leave blank (under `pairs`, odd numbers of dice and two dice adding up to 7).
    /// `None` with a single roll: there is nothing to decide.
    fn decision_map(&self) -> Option<Chart> {
        let max_rolls = self.rules.max_rolls;
        if max_rolls < 2 {
            return None;
        }
        let solution = self.solutions.optimal(max_rolls);
        let reachable = self.solutions.outcomes.reachable(max_rolls);
        let panels: Vec<_> = (1..max_rolls)
            .map(|roll| {
                let can = &reachable[usize::from(roll - 1)];
                let rows = (1..=6u8)
                    .map(|dice| {
                        (0..SCORES as u8)
                            .map(|sum| {
                                can[usize::from(dice)][usize::from(sum)]
                                    .then(|| solution.rolls_again(roll, rules::Kept { dice, sum }))
                            })
                            .collect()
                    })
                    .collect();
                (format!("after roll {roll} of {max_rolls}"), rows)
            })
            .collect();
        Some(Chart::DecisionMap {
            title: self.plot_title("Optimal play: roll again or stop"),
            x_label: "kept sum".into(),
            x_from: 0,
            y_label: "dice kept".into(),
            panels,
        })
    }

    /// The optimal thresholds as text and a table.
    fn thresholds(&self, out: &mut Analysis) -> String {
        let max_rolls = self.rules.max_rolls;
        let solution = self.solutions.optimal(max_rolls);
        let mut text =
            String::from("Optimal play rolls again when the kept sum is below:\n  after roll");
        for dice in 1..=6 {
            text.push_str(&format!("  {dice} dice"));
        }
        text.push('\n');
        let mut table = DataTable::new(
            "optimal_thresholds",
            &["after_roll", "dice", "roll_again_below"],
        );
        for roll in 1..max_rolls {
            text.push_str(&format!("  {roll:>10}"));
            for dice in 1..=6usize {
                let v = solution.roll_value[roll as usize + 1][dice];
                text.push_str(&format!(" {v:>7.3}"));
                table.push(cells![roll, dice, v]);
            }
            text.push('\n');
        }
        out.tables
            .push(table.read_as_grid("after_roll", "dice", &["roll_again_below"]));
        text
    }

    /// The follower's odds as a table and a chart, and a few rows as text.
    fn follower_files(&self, out: &mut Analysis) -> String {
        let odds = follower_odds(&self.solutions.outcomes, self.rules.max_rolls);
        let mut table = DataTable::new(
            "follower_odds",
            &["rolls", "to_beat", "p_beat", "p_tie_or_beat"],
        );
        for o in &odds {
            table.push(cells![o.rolls, o.to_beat, o.p_beat, o.p_tie_or_beat]);
        }
        out.tables
            .push(table.read_as_grid("to_beat", "rolls", &["p_beat", "p_tie_or_beat"]));
        let series: Vec<(String, Vec<(f64, f64)>)> = (1..=self.rules.max_rolls)
            .map(|r| {
                (
                    format!("{r} roll(s)"),
                    odds.iter()
                        .filter(|o| o.rolls == r)
                        .map(|o| (f64::from(o.to_beat), o.p_beat))
                        .collect(),
                )
            })
            .collect();
        out.charts.push((
            "follower_odds".to_string(),
            Chart::Lines {
                title: self.plot_title("The follower's best chance to beat a score"),
                x_label: "score to beat".into(),
                y_label: "P(score higher), best play".into(),
                series,
            },
        ));
        // Every score a turn can beat, one row each, a column per roll limit: the number a
        // player at the table asks for ("my chance to beat 15 with two rolls") is read off
        // directly. Rows stop where no limit can beat the score any more.
        let limits = 1..=self.rules.max_rolls;
        let last = odds
            .iter()
            .filter(|o| o.p_beat > 0.0)
            .map(|o| o.to_beat)
            .max()
            .unwrap_or(0);
        let mut text = String::from(
            "The follower's best chance to beat a score (P(score > it) with best play; exact), by \
             the rolls allowed:\n  to beat",
        );
        for r in limits.clone() {
            let label = if r == 1 {
                "1 roll".to_string()
            } else {
                format!("{r} rolls")
            };
            text.push_str(&format!(" {label:>8}"));
        }
        text.push('\n');
        for t in 0..=last {
            text.push_str(&format!("  {t:>7}"));
            for r in limits.clone() {
                let p = odds
                    .iter()
                    .find(|o| o.rolls == r && o.to_beat == t)
                    .map_or(0.0, |o| o.p_beat);
                text.push_str(&format!(" {:>8}", percent(p)));
            }
            text.push('\n');
        }
        text
    }

    /// `dicelab table sevens`: the probability tables of a turn.
    pub fn exact_tables(&self) -> Analysis {
        let mut out = Analysis::default();
        let mut text = format!(
            "sevens | {} | exact tables\n\n",
            self.setup().rules_column()
        );
        // Keeping dice.
        let keep = keep_chances(&self.solutions.outcomes);
        text.push_str("The chance that one roll of n dice keeps k of them:\n   n");
        for k in 0..=6 {
            text.push_str(&format!("  keep {k}"));
        }
        text.push('\n');
        let mut table = DataTable::new("keep_chances", &["rolled", "kept", "probability"]);
        for (n, row) in keep.iter().enumerate().skip(1) {
            text.push_str(&format!("  {n:>2}"));
            for (k, &p) in row.iter().enumerate() {
                text.push_str(&format!(" {p:>7.4}"));
                if k <= n {
                    table.push(cells![n, k, p]);
                }
            }
            text.push('\n');
        }
        out.tables
            .push(table.read_as_grid("rolled", "kept", &["probability"]));
        // The value of every state under optimal play.
        let max_rolls = self.rules.max_rolls;
        let solution = self.solutions.optimal(max_rolls);
        let mut table = DataTable::new(
            "state_values",
            &[
                "after_roll",
                "dice",
                "sum",
                "value",
                "roll_value",
                "decision",
            ],
        );
        for roll in 1..=max_rolls {
            for dice in 1..=6u8 {
                for sum in dice..=6 * dice {
                    let kept = rules::Kept { dice, sum };
                    let again = (roll < max_rolls)
                        .then(|| solution.roll_value[roll as usize + 1][dice as usize]);
                    let decision = if solution.rolls_again(roll, kept) {
                        "roll"
                    } else {
                        "stop"
                    };
                    table.push(cells![
                        roll,
                        dice,
                        sum,
                        solution.value(roll, kept),
                        again,
                        decision
                    ]);
                }
            }
        }
        // Printed as a rulebook reads it: for each roll of the turn, the value and the decision
        // of every sum by the dice kept (the value of rolling again is one per dice, in the CSV).
        out.tables.push(table.read_as_grids_by(
            "after_roll",
            "sum",
            "dice",
            &["value", "decision"],
        ));
        text.push_str(&format!(
            "\nExpected final score under optimal play: {:.6} per turn\n\n",
            solution.expected
        ));
        text.push_str(&self.policy_files(&mut out));
        text.push('\n');
        text.push_str(&self.thresholds(&mut out));
        text.push('\n');
        text.push_str(&self.follower_files(&mut out));
        out.charts.extend(
            self.decision_map()
                .map(|map| ("optimal_policy".to_string(), map)),
        );
        out.text = text;
        out
    }

    /// `dicelab solve sevens`: the optimal policy table (readable back with `table:FILE`), every
    /// built-in policy's exact distribution, the follower's odds, and the leader's dilemma, with
    /// the time each solve took.
    pub fn solution(&self) -> Analysis {
        // The dilemma needs a follower: with one player (single turns) it is solved for two, and
        // the heading and the dilemma's rules column say so rather than players=1.
        let players = self.players.max(2);
        let rules_column = SetupRecord {
            players,
            ..self.setup()
        }
        .rules_column();
        let start = Instant::now();
        let fresh = Solutions::new(self.rules, self.players.max(2));
        let t_optimal = start.elapsed();
        let start = Instant::now();
        let dilemma = fresh.dilemma();
        let t_dilemma = start.elapsed();
        let mut out = Analysis {
            tables: vec![policy_file::optimal_table(
                &self.solutions,
                &self.options.pairs().join(";"),
            )],
            charts: self
                .decision_map()
                .map(|map| ("optimal_policy".to_string(), map))
                .into_iter()
                .collect(),
            text: String::new(),
        };
        let mut text = format!(
            "sevens | {rules_column} | solved in {:.1} ms: roll outcomes and the optimum for every roll count {:.1} ms, leader's dilemma {:.1} ms\n\n",
            (t_optimal + t_dilemma).as_secs_f64() * 1e3,
            t_optimal.as_secs_f64() * 1e3,
            t_dilemma.as_secs_f64() * 1e3,
        );
        text.push_str(&self.policy_files(&mut out));
        text.push('\n');
        text.push_str(&self.thresholds(&mut out));
        text.push('\n');
        text.push_str(&self.follower_files(&mut out));
        // The leader's dilemma: each policy's chance to win as the first player of a round.
        text.push_str(&format!(
            "\nThe leader's dilemma ({players} players{} one round, the followers replying best; {}):\n  leader policy          P(win)   mean score\n",
            if self.players < 2 { ", since a dilemma needs a follower;" } else { "," },
            if players == 2 { "exact" } else { "the leader's values assume independent followers" }
        ));
        let mut table = DataTable::new(
            "leaders_dilemma",
            &["rules", "leader_policy", "p_win", "mean_score"],
        );
        for (p, d) in self.table_policies() {
            let decisions = p.table(self.rules.max_rolls, None);
            let win = fresh.dilemma().p_win_with(&fresh.outcomes, decisions);
            text.push_str(&format!(
                "  {:<20} {:>8.6} {:>12.6}\n",
                p.name(),
                win,
                d.mean_score()
            ));
            table.push(cells![rules_column.as_str(), p.name(), win, d.mean_score()]);
        }
        let optimal = fresh.dilemma().p_win_with(
            &fresh.outcomes,
            &DecisionTable::from_solution(
                "optimal",
                &fresh.outcomes,
                fresh.optimal(self.rules.max_rolls),
            ),
        );
        text.push_str(&format!(
            "  best leader policy wins {:.6} against optimal's {:.6}: {:+.3} percentage points; a tie's play-off is worth {:.6} to its first player\n",
            dilemma.p_win,
            optimal,
            100.0 * (dilemma.p_win - optimal),
            dilemma.playoff_value
        ));
        out.tables.push(table);
        out.text = text;
        out
    }
}

/// A probability as a percentage to two decimals, within [0, 100]: the form a player reads. A
/// chance too small to show is `<0.01%`, not a zero that would say it cannot happen.
fn percent(p: f64) -> String {
    match p.clamp(0.0, 1.0) {
        p if p > 0.0 && p < 0.00005 => "<0.01%".to_string(),
        p => format!("{:.2}%", 100.0 * p),
    }
}
