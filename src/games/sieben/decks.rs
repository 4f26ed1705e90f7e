//! `dicelab decks sieben`: the deck study. How many cards carry each number is unpublished, so
//! a user asks how much the deck matters; this plays the same games under a sweep of spreads and
//! any deck files and reports the key metrics of each side by side.

use crate::cells;
use crate::error::{Error, Message, Result, Setting};
use crate::games::analysis::{Cell, DataTable};
use crate::games::{Configured, DeckStudy, DecksOutput, DecksRequest, Setup};
use crate::stats::{MetricId, MetricKind, Subject, Tally};

use super::deck::{Deck, SWEEP};
use super::{NAME, Sieben, Study};

/// Games per deck when `-n` is not given: enough for the first-player and win-rate
/// differences between the sweep's decks to stand clear of their intervals, in about a minute
/// on two cores with four players.
pub const DEFAULT_GAMES: u64 = 100_000;

/// The metrics of the deck study, in column order: how long rounds last, what starting is
/// worth, and how Sevens, penalties and seat 1's wins move with the deck.
pub fn deck_metrics() -> [MetricId; 6] {
    [
        MetricId::run("round_turns"),
        MetricId::run("first_player_chips"),
        MetricId::run("p_first_player_out_first"),
        MetricId::run("sevens_per_round"),
        MetricId::run("penalty_cards_per_round"),
        MetricId::new("win_rate", Subject::seat(0)),
    ]
}

/// One deck's row of the deck study.
struct DeckRow {
    name: String,
    counts: [u32; 7],
    cards: u32,
    /// Chips per player per round over the run: what `first_player_chips` is compared with.
    fair_chips: f64,
    /// Kind, mean, 95% low and high of each of [`deck_metrics`].
    metrics: Vec<(MetricKind, f64, f64, f64)>,
}

impl DeckRow {
    /// The row of `deck` from its run's tally.
    fn of(deck: &Deck, players: u32, tally: &Tally) -> Result<Self> {
        let get = |id: &MetricId| {
            tally.get(id).ok_or_else(|| {
                Error::input(format!("decks: the run has no metric {}", id.column()))
            })
        };
        let chips: i128 = (0..players as usize)
            .map(|k| get(&MetricId::new("chips", Subject::seat(k))).map(|m| m.histogram.sum()))
            .sum::<Result<i128>>()?;
        let rounds = get(&MetricId::run("round_turns"))?.histogram.count();
        let metrics = deck_metrics()
            .iter()
            .map(|id| {
                let m = get(id)?;
                let e = m.estimate();
                Ok((m.kind, e.mean, e.ci_low, e.ci_high))
            })
            .collect::<Result<Vec<_>>>()?;
        let mut counts = [0; 7];
        counts.copy_from_slice(&deck.counts()[1..]);
        Ok(Self {
            name: deck.source().to_string(),
            counts,
            cards: deck.size(),
            fair_chips: chips as f64 / rounds as f64 / f64::from(players),
            metrics,
        })
    }
}

/// `dicelab decks sieben`: the same games (players, policies, rules, seed) under every deck of
/// the built-in sweep and every `--deck` file, because the real deck's spread is unpublished and
/// users ask how much it matters: one row per deck with the key metrics and their intervals.
impl DeckStudy for Sieben {
    fn study(
        &self,
        request: &DecksRequest,
        ready: &mut dyn FnMut() -> Result<()>,
    ) -> Result<DecksOutput> {
        let players = request.players.ok_or_else(|| {
            Error::input(Message::settings_in(
                "decks sieben: expected §players, 2 to 7 (the deck's effect depends on it)",
            ))
        })?;
        if request.rules.iter().any(|r| r.trim().starts_with("deck=")) {
            return Err(Error::input(Message::settings_in(
                "§rule deck=...: decks sweeps the deck itself; add a deck file with §deck FILE",
            )));
        }
        let base = Study::new(&Setup {
            rules: request.rules.clone(),
            players,
            policies: request.policies.clone(),
            files: request.files.clone(),
        })?;
        let mut decks = SWEEP
            .iter()
            .map(|d| Deck::from_counts(d.counts, d.name))
            .collect::<Result<Vec<_>>>()?;
        for path in &request.decks {
            let name = path.to_str().ok_or_else(|| {
                Error::value(
                    Setting::DECK,
                    path.display().to_string(),
                    "expected a UTF-8 file name",
                )
            })?;
            decks.push(Deck::load(name, &request.files)?);
        }
        let configs = decks
            .iter()
            .map(|d| base.with_deck(d.clone()))
            .collect::<Result<Vec<_>>>()?;
        ready()?;
        let run = request.run.sized(DEFAULT_GAMES)?;
        let units = run.units;
        let rows = decks
            .iter()
            .zip(&configs)
            .map(|(deck, config)| DeckRow::of(deck, players, &config.simulate(&run)?))
            .collect::<Result<Vec<_>>>()?;
        let setup = base.setup();
        let rules: Vec<&str> = setup
            .rules
            .iter()
            .map(String::as_str)
            .filter(|r| !r.starts_with("deck="))
            .collect();
        let rules = format!("players={players};{}", rules.join(";"));
        let policy = setup.policy_column();
        let heading = format!(
            "{NAME} | {rules} | policy {policy} | seed {} | {units} games per deck\n",
            run.seed
        );
        let study = StudyRun {
            rules: &rules,
            policy: &policy,
            seed: run.seed,
            games: units,
        };
        Ok(DecksOutput {
            table: decks_table(&rows, &study),
            text: heading + &decks_text(&rows),
        })
    }
}

/// `decks.csv`: deck, counts of 1 to 7, cards, the fair share of chips, then mean, 95% low and
/// high of each of [`deck_metrics`].
/// What every row of a study shares: the run that made it, so a `decks.csv` says how to make it
/// again.
struct StudyRun<'a> {
    rules: &'a str,
    policy: &'a str,
    seed: u64,
    games: u64,
}

fn decks_table(rows: &[DeckRow], study: &StudyRun) -> DataTable {
    let mut header: Vec<String> = [
        "deck",
        "1",
        "2",
        "3",
        "4",
        "5",
        "6",
        "7",
        "cards",
        "rules",
        "policy",
        "seed",
        "games",
        "fair_chips",
    ]
    .map(String::from)
    .to_vec();
    for m in deck_metrics().map(|m| m.column()) {
        header.extend([format!("{m}_mean"), format!("{m}_low"), format!("{m}_high")]);
    }
    let header: Vec<&str> = header.iter().map(String::as_str).collect();
    let mut table = DataTable::new("decks", &header);
    for r in rows {
        let mut row = cells![&r.name];
        row.extend(r.counts.iter().map(|&c| Cell::from(c)));
        row.extend(cells![
            r.cards,
            study.rules,
            study.policy,
            study.seed,
            study.games,
            r.fair_chips
        ]);
        for &(_, mean, low, high) in &r.metrics {
            row.extend(cells![mean, low, high]);
        }
        table.push(row);
    }
    table
}

/// The aligned text table of the deck study: each metric as its mean and the half-width of its
/// 95% interval (shares in percent).
fn decks_text(rows: &[DeckRow]) -> String {
    let mut table: Vec<Vec<String>> = vec![
        [
            "deck",
            "1-7",
            "cards",
            "turns/round",
            "fair chips",
            "starter chips",
            "starter out 1st",
            "sevens/round",
            "penalty/round",
            "seat 1 wins",
        ]
        .map(String::from)
        .to_vec(),
    ];
    for r in rows {
        let mut cells = vec![
            r.name.clone(),
            r.counts.map(|c| c.to_string()).join(","),
            r.cards.to_string(),
        ];
        let cell = |&(kind, mean, low, high): &(MetricKind, f64, f64, f64)| match kind {
            MetricKind::Mean => format!("{mean:.3} ±{:.3}", (high - low) / 2.0),
            MetricKind::Proportion => {
                format!("{:.2}% ±{:.2}", 100.0 * mean, 50.0 * (high - low))
            }
        };
        cells.push(cell(&r.metrics[0]));
        cells.push(format!("{:.3}", r.fair_chips));
        cells.extend(r.metrics[1..].iter().map(cell));
        table.push(cells);
    }
    let widths: Vec<usize> = (0..table[0].len())
        .map(|c| {
            table
                .iter()
                .map(|row| row[c].chars().count())
                .max()
                .unwrap_or(0)
        })
        .collect();
    let mut text = String::new();
    for row in &table {
        let line: Vec<String> = row
            .iter()
            .zip(&widths)
            .enumerate()
            .map(|(c, (cell, &w))| {
                if c == 0 {
                    format!("{cell:<w$}")
                } else {
                    format!("{cell:>w$}")
                }
            })
            .collect();
        text.push_str(line.join("  ").trim_end());
        text.push('\n');
    }
    text
}
