//! What `dicelab solve solitaire-dice` prints and writes: the ceiling on every player's mean
//! ([`super::bound`]), step by step.
//!
//! Not in the browser's module: no page asks for it, and its solver (445 MB, half a minute on
//! two cores) would add 27 KB gzipped to the first visit a phone makes.

use crate::cells;
use crate::games::analysis::{Analysis, DataTable};

use super::rules::{MARK_CAP, MIN_SUM, sum_score};

/// `dicelab solve solitaire-dice`: the upper bound on every player's mean score, step by step
/// (`upper_bound.csv`), with the time it took.
pub fn upper_bound(rules: &str) -> Analysis {
    let start = std::time::Instant::now();
    let super::bound::Bounds {
        alone,
        plain,
        groups,
        total,
    } = super::bound::bounds();
    let seconds = start.elapsed().as_secs_f64();
    let price_words = price_words(&super::bound::PRICES.0);
    let mut table = DataTable::new(
        "upper_bound",
        &["relaxation", "rows", "value", "most_possible"],
    );
    let mut text = format!(
        "solitaire-dice | {rules} | an upper bound on any player's mean score, solved in {seconds:.1} s\n\n\
         The game relaxed two ways, each solved exactly; no player scores more than either.\n\
         Alone: eleven players on the same rolls, rules and clock, each dividing for one row.\n\
         Grouped: the rows that compete for the same dice played together by three players. A\n\
         mark costs its group a price, and every group gets back its share (its rows out of 11)\n\
         of what each roll's two marks cost: a real player pays nothing in all, a group that\n\
         takes the divisions its own rows like pays for them.\n\
         Points a mark: {price_words}.\n\n\
         sum  row alone  most possible\n"
    );
    let mut most_all = 0;
    for (row, sum) in alone.iter().zip(MIN_SUM..) {
        let most = sum_score(sum, MARK_CAP);
        most_all += most;
        table.push(cells!["alone", sum, row.value(), most]);
        text.push_str(&format!("{sum:>3}  {:>9.2}  {most:>13}\n", row.value()));
    }
    table.push(cells!["alone", "all", plain, most_all]);
    text.push_str(&format!(
        "all  {plain:>9.2}  {most_all:>13}\n\n\
         rows   grouped, priced  most possible\n"
    ));
    for (rows, value) in &groups {
        let most: i32 = rows.iter().map(|&s| sum_score(s, MARK_CAP)).sum();
        let name = format!("{}-{}", rows[0], rows[rows.len() - 1]);
        text.push_str(&format!("{name:<5}  {value:>15.2}  {most:>13}\n"));
        table.push(cells!["grouped", name, *value, most]);
    }
    table.push(cells!["grouped", "all", total, most_all]);
    text.push_str(&format!(
        "all    {total:>15.2}  {most_all:>13}\n\n\
         No player of Solitaire Dice averages more than {:.0} points a game.\n",
        total.ceil()
    ));
    Analysis {
        tables: vec![table],
        charts: Vec::new(),
        text,
    }
}

/// The prices of a mark in words, sums that share a price named together ("27 on 2-5 and
/// 9-12, 30 on 6-8").
fn price_words(prices: &[f64; 11]) -> String {
    let mut runs: Vec<(f64, Vec<(u8, u8)>)> = Vec::new();
    let mut at = 0;
    while at < prices.len() {
        let p = prices[at];
        let len = prices[at..].iter().take_while(|&&q| q == p).count();
        let run = (MIN_SUM + at as u8, MIN_SUM + (at + len - 1) as u8);
        match runs.iter_mut().find(|(q, _)| *q == p) {
            Some((_, r)) => r.push(run),
            None => runs.push((p, vec![run])),
        }
        at += len;
    }
    runs.iter()
        .map(|(p, r)| {
            let sums: Vec<String> = r
                .iter()
                .map(|&(a, b)| {
                    if a == b {
                        format!("{a}")
                    } else {
                        format!("{a}-{b}")
                    }
                })
                .collect();
            format!("{p} on {}", sums.join(" and "))
        })
        .collect::<Vec<_>>()
        .join(", ")
}
