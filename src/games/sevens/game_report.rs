//! What `dicelab solve sevens --players 2` shows of the whole game: the headline (the first
//! seat's chance under play to win, what playing to win gains over `optimal`, what moving first
//! is worth), the exact odds of every pairing of the main policies in both seatings
//! (`game_odds.csv`), and the strategy of `win` (`win_strategy.csv` and two charts), so a reader
//! sees how the right decision moves with the score and the rounds left.

use std::time::Instant;

use crate::cells;
use crate::error::Result;
use crate::games::Configured;
use crate::games::analysis::{Analysis, Chart, DataTable};

use super::Study;
use super::policy::Policy;
use super::position::{Phase, Role};
use super::rules::Kept;
use super::solve::duel::{GameOdds, game_odds};
use super::solve::game::{GameSolution, span};
use super::solve::player::TurnPlayer;
use super::spec::PolicySpec;

/// The policies every pairing of `game_odds.csv` draws from.
const GAME_POLICIES: [&str; 5] = ["win", "optimal", "leader", "rolls:1", "target"];

/// The rounds left drawn in the strategy charts (those a game has).
const ROUNDS_LEFT: [u32; 5] = [1, 2, 3, 5, 10];

/// The score differences the strategy charts and table cover.
const SHOWN: i32 = 36;

/// The kept sum below which the player rolls `dice` dice again after `roll` (a sum above any
/// the dice can show: always rolls; the fewest: always stops).
fn roll_again_below(game: &GameSolution, phase: Phase, role: Role, roll: u8, dice: u8) -> u8 {
    let view = game.view(phase, role);
    (dice..=6 * dice)
        .find(|&sum| !view.rolls_again(roll, Kept { dice, sum }))
        .unwrap_or(6 * dice + 1)
}

/// The position a chart's `role` ("leader" or "follower") at difference `x` stands for: the
/// leader's lead before the round, or the leader's lead after its turn with every roll allowed.
fn role_at(role: &str, x: i32, max_rolls: u8) -> Role {
    if role == "leader" {
        Role::Lead { x }
    } else {
        Role::Follow {
            allowed: max_rolls,
            z: x,
        }
    }
}

impl Study {
    /// The whole-game section of `solve` for two players: text, tables and charts.
    pub(super) fn whole_game(&self, out: &mut Analysis) -> Result<String> {
        let rules_column = self.setup().rules_column();
        let start = Instant::now();
        let game = self.solutions.game()?;
        let t_solve = start.elapsed();
        let compiled: Vec<Policy> = GAME_POLICIES
            .iter()
            .map(|s| s.parse::<PolicySpec>()?.compile(&self.solutions))
            .collect::<Result<_>>()?;
        let mut table = DataTable::new(
            "game_odds",
            &[
                "rules",
                "seat_1",
                "seat_2",
                "p_seat_1_wins",
                "p_seat_2_wins",
                "p_tie_before_playoff",
                "total_seat_1",
                "total_seat_2",
            ],
        );
        let shared = self.rules.tie == crate::games::options::Tie::Shared;
        let mut text = format!(
            "\nThe whole game ({} round{}, two players; exact): solved in {:.1} ms, tables: {:.1} MB allocated\n",
            self.rules.rounds,
            if self.rules.rounds == 1 { "" } else { "s" },
            t_solve.as_secs_f64() * 1e3,
            game.bytes() as f64 / 1e6
        );
        let (p1, _) = game.p_seats();
        // Every ordered pairing once (with `win` at 100 rounds each costs about a second);
        // `odds[a][b]`: `GAME_POLICIES[a]` in seat 1 against `GAME_POLICIES[b]`.
        let odds: Vec<Vec<GameOdds>> = compiled
            .iter()
            .map(|a| {
                compiled
                    .iter()
                    .map(|b| game_odds(&self.solutions.outcomes, &self.rules, [a, b]))
                    .collect()
            })
            .collect();
        // `win` is GAME_POLICIES[0] and `optimal` GAME_POLICIES[1].
        let (win_first, win_second) = (&odds[0][1], &odds[1][0]);
        let win_vs_optimal = (win_first.p_win[0] + win_second.p_win[1]) / 2.0;
        let optimal_vs_optimal = &odds[1][1];
        let wins = if shared { "wins or shares" } else { "wins" };
        text.push_str(&format!(
            "  both playing to win, seat 1 (who leads round 1) {wins} {:.6}: the first move is worth {:+.3} percentage points\n",
            p1,
            100.0 * (p1 - 0.5)
        ));
        text.push_str(&format!(
            "  win against optimal {wins} {:.6} of games over both seats ({:.6} as seat 1, {:.6} as seat 2): {:+.3} percentage points over an even game\n",
            win_vs_optimal,
            win_first.p_win[0],
            win_second.p_win[1],
            100.0 * (win_vs_optimal - 0.5)
        ));
        text.push_str(&format!(
            "  both playing optimal, seat 1 {wins} {:.6}\n\n",
            optimal_vs_optimal.p_win[0]
        ));
        text.push_str(
            "  seat 1            seat 2          P(seat 1 wins)  P(seat 2 wins)  P(tie before play-off)\n",
        );
        for (first, row) in GAME_POLICIES.iter().zip(&odds) {
            for (second, o) in GAME_POLICIES.iter().zip(row) {
                text.push_str(&format!(
                    "  {first:<17} {second:<15} {:>14.9} {:>15.9} {:>23.9}\n",
                    o.p_win[0], o.p_win[1], o.p_tie
                ));
                table.push(cells![
                    rules_column.as_str(),
                    *first,
                    *second,
                    o.p_win[0],
                    o.p_win[1],
                    o.p_tie,
                    o.total[0],
                    o.total[1]
                ]);
            }
        }
        out.tables.push(table);
        self.strategy(&game, out);
        text.push_str(
            "\n  win_strategy.csv: the kept sum below which win rolls again, by role, rounds left and score difference\n",
        );
        Ok(text)
    }

    /// The whole-game section of `solve` for three players: each seat's chance when all three
    /// play to win, as text and `game_odds.csv`.
    pub(super) fn three_player_game(&self, out: &mut Analysis) -> Result<String> {
        let start = Instant::now();
        let game = self.solutions.game3()?;
        let t_solve = start.elapsed();
        let p = game.p_seats();
        let wins = if self.rules.tie == crate::games::options::Tie::Shared {
            "wins or shares"
        } else {
            "wins"
        };
        let mut text = format!(
            "\nThe whole game ({} round{}, three players; exact): solved in {:.2} s, tables: {:.1} MB allocated (slots never written take no memory, so less is resident)\n",
            self.rules.rounds,
            if self.rules.rounds == 1 { "" } else { "s" },
            t_solve.as_secs_f64(),
            game.bytes() as f64 / 1e6
        );
        text.push_str(&format!(
            "  all three playing to win, seat 1 (who leads round 1) {wins} {:.6}, seat 2 {:.6}, seat 3 {:.6}: the first move is worth {:+.3} percentage points over a third\n",
            p[0],
            p[1],
            p[2],
            100.0 * (p[0] - 1.0 / 3.0)
        ));
        let mut table = DataTable::new(
            "game_odds",
            &[
                "rules",
                "seat_1",
                "seat_2",
                "seat_3",
                "p_seat_1_wins",
                "p_seat_2_wins",
                "p_seat_3_wins",
            ],
        );
        table.push(cells![
            self.setup().rules_column().as_str(),
            "win",
            "win",
            "win",
            p[0],
            p[1],
            p[2]
        ]);
        out.tables.push(table);
        Ok(text)
    }

    /// `win`'s decision as a heat map, one panel per roll but the last: for each number of
    /// rounds left (rows, up to 10) and score difference (columns), whether it rolls 4 dice
    /// again where `optimal` stops (the smallest kept sum at which it does), blank where the
    /// difference cannot occur that round.
    fn win_map(&self, game: &GameSolution, role: &str, x_label: &str) -> Chart {
        let rules = &self.rules;
        let max_rolls = rules.max_rolls;
        let optimal = self.solutions.optimal(max_rolls);
        let panels = (1..max_rolls)
            .map(|roll| {
                let level = (4..=24u8)
                    .find(|&sum| !optimal.rolls_again(roll, Kept { dice: 4, sum }))
                    .unwrap_or(24);
                let rows = (1..=rules.rounds.min(10))
                    .map(|left| {
                        let k = rules.rounds - left;
                        let reach = span(k, rules.rounds);
                        let high = if role == "leader" { reach } else { reach + 36 };
                        (-SHOWN..=SHOWN)
                            .map(|x| {
                                (-reach..=high).contains(&x).then(|| {
                                    game.view(Phase::Round(k), role_at(role, x, max_rolls))
                                        .rolls_again(roll, Kept { dice: 4, sum: level })
                                })
                            })
                            .collect()
                    })
                    .collect();
                (
                    format!("after roll {roll} of {max_rolls}, 4 dice kept showing {level} (optimal stops)"),
                    rows,
                )
            })
            .collect();
        Chart::DecisionMap {
            title: self.plot_title(&format!(
                "Playing to win as the {role}: roll again where optimal stops?"
            )),
            x_label: x_label.into(),
            x_from: -SHOWN,
            y_label: "rounds left".into(),
            panels,
        }
    }

    /// The strategy of `win` after each roll but the last, as a table of thresholds and, for
    /// four kept dice after roll 1, as one chart per role with a line per number of rounds left.
    fn strategy(&self, game: &GameSolution, out: &mut Analysis) {
        let rules = &self.rules;
        let max_rolls = rules.max_rolls;
        let mut table = DataTable::new(
            "win_strategy",
            &[
                "role",
                "rounds_left",
                "difference",
                "after_roll",
                "dice",
                "roll_again_below",
            ],
        );
        let optimal = self.solutions.optimal(max_rolls);
        for role in ["leader", "follower"] {
            let mut series = Vec::new();
            for k in (0..rules.rounds).rev() {
                let left = rules.rounds - k;
                // The differences the game can reach in this round and has not decided.
                let reach = span(k, rules.rounds);
                let (low, high) = if role == "leader" {
                    (-reach, reach)
                } else {
                    (-reach, reach + 36)
                };
                let mut points = Vec::new();
                for x in low.max(-SHOWN)..=high.min(SHOWN) {
                    let who = role_at(role, x, max_rolls);
                    for roll in 1..max_rolls {
                        for dice in 1..=6u8 {
                            let below = roll_again_below(game, Phase::Round(k), who, roll, dice);
                            table.push(cells![role, left, x, roll, dice, below]);
                            if roll == 1 && dice == 4 {
                                points.push((f64::from(x), f64::from(below)));
                            }
                        }
                    }
                }
                if ROUNDS_LEFT.contains(&left) && max_rolls > 1 {
                    series.push((format!("{left} round(s) left"), points));
                }
            }
            if max_rolls > 1 {
                // Optimal play's threshold is the same everywhere: the value of rolling 4 dice.
                let level = (4..=24u8)
                    .find(|&sum| !optimal.rolls_again(1, Kept { dice: 4, sum }))
                    .unwrap_or(25);
                series.push((
                    "optimal (every round)".to_string(),
                    vec![
                        (f64::from(-SHOWN), f64::from(level)),
                        (f64::from(SHOWN), f64::from(level)),
                    ],
                ));
                let x_label = if role == "leader" {
                    "my lead before the round (negative: behind)"
                } else {
                    "the leader's lead after its turn (negative: I lead)"
                };
                out.charts.push((
                    format!("win_strategy_{role}"),
                    Chart::Lines {
                        title: self.plot_title(&format!(
                            "Playing to win as the {role}: roll 4 dice again below this kept sum (after roll 1)"
                        )),
                        x_label: x_label.into(),
                        y_label: "roll again below this kept sum".into(),
                        series,
                    },
                ));
                out.charts
                    .push((format!("win_map_{role}"), self.win_map(game, role, x_label)));
            }
        }
        out.tables.push(table);
    }
}
