//! How `dicelab review` shows its reviews: for a person, each game's accounts (start, luck,
//! cost, gifts, result) and its marked decisions, and for one game every moment; one JSON
//! document with every figure; or the tables (players, decisions, throws) as CSV, TSV or
//! Markdown and the files `--out` writes.

use std::fmt::Write;

use serde_json::json;

use crate::games::analysis::DataTable;
use crate::games::review::{Event, GameReview, Ledger, Moment, Unit};

use super::shown::Shown;

pub use super::review_tables::{ReviewTables, review_tables};

/// The reviews of a record's games, as every `--format` prints them.
pub struct Reviewed<'a> {
    /// The games, in the record's order.
    pub reviews: &'a [GameReview],
}

/// A chance as a percentage.
fn pct(x: f64) -> String {
    format!("{:.2}%", 100.0 * x)
}

/// A change of chance in percentage points, signed.
fn pp(x: f64) -> String {
    format!("{:+.2} pp", 100.0 * settled(x))
}

/// A cost in percentage points, unsigned.
fn points(x: f64) -> String {
    format!("{:.2} pp", 100.0 * settled(x))
}

/// `x`, or 0 where it prints as 0.00 pp: a rounding's -0.00 reads as a loss, and is nothing.
fn settled(x: f64) -> f64 {
    if (100.0 * x).abs() < 0.005 { 0.0 } else { x }
}

/// A game's rule options on one line, or "the text's rules" where none was changed.
fn rules_text(r: &GameReview) -> String {
    if r.rules.is_empty() {
        "the text's rules".to_string()
    } else {
        r.rules.join(" ")
    }
}

/// A value on a review's scale: a chance as a percentage, or points.
fn value(unit: Unit, x: f64) -> String {
    match unit {
        Unit::Chance => pct(x),
        Unit::Points => format!("{x:.1}"),
    }
}

/// A change on a review's scale, signed: percentage points, or points.
fn change(unit: Unit, x: f64) -> String {
    match unit {
        Unit::Chance => pp(x),
        Unit::Points => format!("{:+.1}", settled_points(x)),
    }
}

/// A cost on a review's scale, unsigned.
fn cost(unit: Unit, x: f64) -> String {
    match unit {
        Unit::Chance => points(x),
        Unit::Points => format!("{:.1}", settled_points(x)),
    }
}

/// `x`, or 0 where it prints as 0.0 points.
fn settled_points(x: f64) -> f64 {
    if x.abs() < 0.05 { 0.0 } else { x }
}

/// An interval on a review's scale: in points `[20.0, 53.0]`, in chance to win in percentage
/// points `[0.6, 5.8]`.
fn interval(unit: Unit, (low, high): (f64, f64)) -> String {
    let k = if unit == Unit::Chance { 100.0 } else { 1.0 };
    format!("[{:.1}, {:.1}]", k * low, k * high)
}

/// Decisions sorted by what they lost, the costliest first (equal losses in the game's order).
fn costliest_first(decisions: &mut [&Moment]) {
    let loss = |m: &Moment| m.loss().unwrap_or_default().0;
    decisions.sort_by(|a, b| loss(b).total_cmp(&loss(a)));
}

/// How the game ended for a player: won, lost or shared (a tie under `tie=shared` pays each
/// its share), or in a review by points the final score; where the game is not `finished`,
/// where it stands: the chance to win, or the expected final score.
fn result_word(unit: Unit, finished: bool, r: f64) -> String {
    match unit {
        _ if !finished => value(unit, r),
        Unit::Chance if r >= 1.0 => "won".into(),
        Unit::Chance if r <= 0.0 => "lost".into(),
        Unit::Chance => format!("shared ({:.0}%)", 100.0 * r),
        Unit::Points => format!("{r:.0}"),
    }
}

/// What a decision lost, as the text says it: in percentage points of the chance to win, or in
/// a review by points in points; where estimated with its interval, and `within noise` where
/// that interval reaches 0. `None` for a throw.
fn loss_words(m: &Moment) -> Option<String> {
    let Event::Decision {
        actions,
        best,
        loss_ci95,
        ..
    } = &m.event
    else {
        return None;
    };
    let (loss, _) = m.loss()?;
    let chance = pp(loss).trim_start_matches('+').to_string();
    Some(match loss_ci95 {
        Some(ci) => {
            let noise = noise_words(*ci);
            if actions[*best].win.is_some() {
                format!("{chance} {}{noise}", interval(Unit::Chance, *ci))
            } else {
                format!("{loss:.1} {}{noise}", interval(Unit::Points, *ci))
            }
        }
        None => chance,
    })
}

/// What a loss's interval says beside it: nothing where it lies above 0, `within noise` where
/// it reaches 0, and where it lies below 0 (the best named by a model, the choice's play-outs
/// better) that the play-outs rate the choice higher.
fn noise_words(ci: (f64, f64)) -> &'static str {
    if ci.0 > 0.0 {
        ""
    } else if ci.1 < 0.0 {
        ", the play-outs rate the choice higher"
    } else {
        ", within noise"
    }
}

/// A player's mean loss per decision with its band (`0.61 pp strong`); `None` without a
/// decision.
fn per_decision(unit: Unit, p: &Ledger) -> Option<String> {
    match (p.mean_loss, p.band) {
        (Some(loss), Some(band)) => Some(format!("{} {band}", cost(unit, loss))),
        _ => None,
    }
}

/// What a player's decisions cost, with its interval where estimated (`554.1 [303.9, 804.2]`).
fn spent(unit: Unit, p: &Ledger) -> String {
    match p.cost_ci95 {
        Some(ci) => format!("{} {}", cost(unit, p.cost), interval(unit, ci)),
        None => cost(unit, p.cost),
    }
}

/// The accounts of one game, a row a player.
fn ledger_text(out: &mut String, r: &GameReview) {
    let unit = r.unit;
    let width = r
        .players
        .iter()
        .map(|p| p.name.len())
        .max()
        .unwrap_or(4)
        .max(6);
    let cost_width = if r.estimated.is_some() { 24 } else { 10 };
    let _ = writeln!(
        out,
        "  {:width$}  {:>8}  {:>10}  {:>cost_width$}  {:>10}  {:>6}  {:>9}  {:>12}",
        "player", "start", "luck", "cost", "gifts", "result", "decisions", "per decision"
    );
    for p in &r.players {
        let _ = writeln!(
            out,
            "  {:width$}  {:>8}  {:>10}  {:>cost_width$}  {:>10}  {:>6}  {:>9}  {:>12}",
            p.name,
            value(unit, p.start),
            change(unit, p.luck),
            spent(unit, p),
            change(unit, p.gifts),
            result_word(unit, r.finished, p.result),
            p.decisions,
            per_decision(unit, p).as_deref().unwrap_or("-")
        );
    }
    let worst = r
        .players
        .iter()
        .map(|p| p.residual.abs())
        .fold(0.0, f64::max);
    match &r.estimated {
        Some(note) => {
            let _ = writeln!(
                out,
                "  start + luck - cost + gifts = result for every player (largest gap \
                 {worst:.1e}), but estimated: {note}"
            );
        }
        None => {
            let _ = writeln!(
                out,
                "  start + luck - cost + gifts = result for every player (largest gap {worst:.1e})"
            );
        }
    }
}

/// Where an unfinished game's record stops and what its results are then, in words; `None`
/// for a finished game.
pub fn unfinished_words(r: &GameReview) -> Option<String> {
    let stops = r.stops.as_deref()?;
    let result = match r.unit {
        Unit::Chance => "each result is the chance to win from there",
        Unit::Points => "each result is the expected final score from there",
    };
    Some(format!("not finished: the record stops {stops}; {result}"))
}

/// A decision in words: what was chosen, what was best, what it lost, its mark.
fn decision_text(m: &Moment) -> Option<String> {
    let Event::Decision {
        actions,
        chosen,
        best,
        loss_ci95,
    } = &m.event
    else {
        return None;
    };
    let (loss, points) = m.loss()?;
    if chosen == best {
        return Some(format!("chose {} (best)", actions[*chosen].name));
    }
    let tag = m.mark().map(|t| format!(" {t}")).unwrap_or_default();
    if let Some(ci) = loss_ci95 {
        let noise = noise_words(*ci);
        if actions[*best].win.is_some() {
            return Some(format!(
                "chose {}; best estimate {}: loses {} {} of the chance to win{noise}{tag}",
                actions[*chosen].name,
                actions[*best].name,
                pp(loss).trim_start_matches('+'),
                interval(Unit::Chance, *ci),
            ));
        }
        return Some(format!(
            "chose {}; best estimate {}: loses {loss:.1} {} of the expected final score{noise}{tag}",
            actions[*chosen].name,
            actions[*best].name,
            interval(Unit::Points, *ci),
        ));
    }
    Some(format!(
        "chose {}; best {}: loses {} of the chance to win, {points:.2} points{tag}",
        actions[*chosen].name,
        actions[*best].name,
        pp(loss).trim_start_matches('+'),
    ))
}

/// What a moment of `r`'s game is counted in: a card game's plays, else throws.
fn step(r: &GameReview) -> &'static str {
    r.kind.step()
}

/// Every moment of a game, a line each.
fn moments_text(out: &mut String, r: &GameReview) {
    for m in &r.moments {
        let who = &r.seats[m.seat];
        match &m.event {
            Event::Throw {
                dice,
                left,
                before,
                after,
            } => {
                let dice: Vec<String> = dice.iter().map(u8::to_string).collect();
                if dice.is_empty() && step(r) == "play" {
                    // A card game's last luck: from the last play to the result.
                    let _ = writeln!(
                        out,
                        "  {:10} {who}: {left}; {} -> {}, luck {}",
                        m.round,
                        value(r.unit, before[m.seat]),
                        value(r.unit, after[m.seat]),
                        change(r.unit, after[m.seat] - before[m.seat])
                    );
                    continue;
                }
                // A card game's moment shows the cards the mover holds.
                let held = if step(r) == "play" { "holds " } else { "" };
                let _ = writeln!(
                    out,
                    "  {:10} {who}, {} {}: {held}{} ({left}); {} {} -> {}, luck {}",
                    m.round,
                    step(r),
                    m.throw,
                    dice.join(" "),
                    who,
                    value(r.unit, before[m.seat]),
                    value(r.unit, after[m.seat]),
                    change(r.unit, after[m.seat] - before[m.seat])
                );
            }
            Event::Decision { .. } => {
                if let Some(text) = decision_text(m) {
                    let _ = writeln!(out, "  {:10} {who}: {text}", "");
                }
            }
        }
    }
}

/// What `play` says of the game just played, for the player in `seat`: the chance to win at
/// the start and the result, the luck, the cost of the player's decisions and the others'
/// gifts (which add up, exactly), the mean loss per decision with its band, and the three
/// costliest decisions with their round and throw.
pub fn account(r: &GameReview, seat: usize) -> String {
    let p = &r.players[seat];
    let unit = r.unit;
    let mut out = String::new();
    let valued = r.valued.unwrap_or(match (unit, r.estimated.is_some()) {
        (Unit::Chance, false) => "every moment valued with best play after it",
        (Unit::Points, false) => "every moment valued exactly",
        (_, true) => "every decision valued by estimates",
    });
    let _ = writeln!(out, "\nthe game reviewed, {valued}:");
    match unit {
        Unit::Chance => {
            let _ = writeln!(
                out,
                "  chance to win at the start {}; result: {}",
                pct(p.start),
                result_word(unit, r.finished, p.result)
            );
        }
        Unit::Points => {
            let _ = writeln!(
                out,
                "  expected final score at the start {}; final score {}",
                value(unit, p.start),
                result_word(unit, r.finished, p.result)
            );
        }
    }
    let spent = match p.cost_ci95 {
        Some(ci) => format!("{} {}", cost(unit, p.cost), interval(unit, ci)),
        None => cost(unit, p.cost),
    };
    let _ = writeln!(
        out,
        "  luck {}, cost of your decisions {spent}, gifts from the others {} (start + luck - \
         cost + gifts = result{})",
        change(unit, p.luck),
        change(unit, p.gifts),
        if r.estimated.is_some() {
            "; estimated, so each term is as good as its play-outs"
        } else {
            ""
        }
    );
    if let (Some(loss), Some(band)) = (p.mean_loss, p.band) {
        let _ = writeln!(
            out,
            "  {} decisions with a choice, {} lost per decision: {band}",
            p.decisions,
            cost(unit, loss)
        );
    }
    let mut costly: Vec<&Moment> = r
        .moments
        .iter()
        .filter(|m| m.seat == seat && m.loss().is_some_and(|(l, _)| l > 0.0))
        .collect();
    costliest_first(&mut costly);
    for m in costly.iter().take(3) {
        let _ = writeln!(
            out,
            "  {}, {} {}: {}",
            m.round,
            step(r),
            m.throw,
            decision_text(m).unwrap_or_default()
        );
    }
    out
}

/// The most games of a file whose chart `--out` draws: a file of 10,000 simulated games wants
/// its tables, not 10,000 pictures.
pub const MAX_CHARTS: usize = 100;

/// The chart of game `g` (1-based): each player's chance to win from the start through every
/// moment, a line a player, as an SVG picture.
pub fn chance_chart(r: &GameReview, g: usize) -> crate::error::Result<String> {
    // Chances are drawn as percentages, points as they are.
    let scale = if r.unit == Unit::Chance { 100.0 } else { 1.0 };
    let mut chances: Vec<Vec<(f64, f64)>> = r
        .players
        .iter()
        .map(|p| vec![(0.0, scale * p.start)])
        .collect();
    for (i, m) in r.moments.iter().enumerate() {
        let now = match &m.event {
            Event::Throw { after, .. } => after,
            Event::Decision {
                actions, chosen, ..
            } => {
                let c = &actions[*chosen];
                if c.chances.is_empty() {
                    // Estimated: only the mover's value moves.
                    let mut now: Vec<f64> = chances
                        .iter()
                        .map(|line| line.last().map_or(0.0, |p| p.1 / scale))
                        .collect();
                    now[m.seat] = c.win.unwrap_or(c.points);
                    for (p, line) in chances.iter_mut().enumerate() {
                        line.push(((i + 1) as f64, scale * now[p]));
                    }
                    continue;
                }
                &c.chances
            }
        };
        for (p, line) in chances.iter_mut().enumerate() {
            line.push(((i + 1) as f64, scale * now[p]));
        }
    }
    let series: Vec<(String, Vec<(f64, f64)>)> = r.seats.iter().cloned().zip(chances).collect();
    let rules = rules_text(r);
    let (what, axis) = match r.unit {
        Unit::Chance if r.estimated.is_some() => {
            ("chance to win (estimated)", "chance to win (%, estimated)")
        }
        Unit::Chance => ("chance to win", "chance to win (%)"),
        Unit::Points => (
            "expected final score (estimated)",
            "expected final score (points)",
        ),
    };
    crate::plot::lines_svg_legend(
        &format!(
            "game {g}: each player's {what}, moment by moment\n{} ({rules})",
            r.game
        ),
        ("moment: throws and choices (0: the start)", axis),
        &series,
        plotters::prelude::SeriesLabelPosition::UpperLeft,
    )
}

impl Shown for Reviewed<'_> {
    fn text(&self) -> String {
        let n = self.reviews.len();
        let mut notes = Notes::default();
        let mut out = String::new();
        for (g, r) in self.reviews.iter().enumerate() {
            out.push_str(&game_text(r, g, n));
            notes.add(r);
        }
        out.push_str(&notes.text());
        out
    }

    /// One document, `{"games": [...]}`, written a game at a time: each game's JSON value is
    /// built, printed and dropped before the next, so ten thousand games do not hold every
    /// game's value tree at once (the text is what `serde_json::to_string_pretty` prints for the
    /// whole document, byte for byte).
    fn json(&self) -> String {
        let mut text = String::from(JSON_OPEN);
        for (i, r) in self.reviews.iter().enumerate() {
            text.push_str(&json_game(r, i));
        }
        text.push_str(json_close(self.reviews.len()));
        text
    }

    fn tables(&self) -> Vec<DataTable> {
        review_tables(self.reviews)
    }
}

/// Game `g` (0-based) of `n` as the text shows it: its accounts and marked decisions, and where
/// it is the only game, every moment. A review printed a game at a time is these in order,
/// then [`Notes::text`].
pub fn game_text(r: &GameReview, g: usize, n: usize) -> String {
    let mut out = String::new();
    if g > 0 {
        out.push('\n');
    }
    let rules = rules_text(r);
    let _ = writeln!(out, "game {} of {n}: {} ({rules})", g + 1, r.game);
    let _ = writeln!(out, "{}", r.method);
    if let Some(words) = unfinished_words(r) {
        let _ = writeln!(out, "{words}");
    }
    ledger_text(&mut out, r);
    let mut marked: Vec<&Moment> = r.moments.iter().filter(|m| m.mark().is_some()).collect();
    costliest_first(&mut marked);
    if n == 1 {
        out.push('\n');
        moments_text(&mut out, r);
    }
    if !marked.is_empty() {
        let _ = writeln!(out, "marked decisions, costliest first:");
        for m in marked {
            let _ = writeln!(
                out,
                "  {}, {}, {} {} (line {}): {}",
                m.round,
                r.seats[m.seat],
                step(r),
                m.throw,
                m.at.line,
                decision_text(m).unwrap_or_default()
            );
            if let Some(why) = m.why() {
                let _ = writeln!(out, "    why: {why}");
            }
        }
    }
    out
}

/// The kinds of review a text held, for the notes it ends with: each kind's marks and terms
/// said once, after the games.
#[derive(Clone, Debug, Default)]
pub struct Notes {
    exact: bool,
    /// The games' own legends seen, each once, in a fixed order (their text's), so what a
    /// file's notes say does not depend on which game came first.
    own: Vec<&'static str>,
}

impl Notes {
    /// Notes `r`'s kind.
    pub fn add(&mut self, r: &GameReview) {
        self.exact |= r.unit == Unit::Chance && r.estimated.is_none();
        if let Some(legend) = r.legend
            && !self.own.contains(&legend)
        {
            self.own.push(legend);
            self.own.sort_unstable();
        }
    }

    /// The notes on the kinds seen.
    pub fn text(&self) -> String {
        let mut out = String::new();
        if self.exact {
            let _ = writeln!(
                out,
                "\nluck: what the throws did to a player's chance to win; cost: what its own \
                 decisions gave up against the best; gifts: what the others' decisions did to \
                 it. Marks: ?! a loss of 0.5 pp or more, ? 2 pp, ?? 5 pp (docs/review.md)."
            );
        }
        for legend in &self.own {
            let _ = writeln!(out, "\n{legend}");
        }
        out
    }
}

/// How the JSON document of reviews opens; then [`json_game`] for each game, then
/// [`json_close`].
pub const JSON_OPEN: &str = "{\n  \"games\": [";

#[path = "review_json.rs"]
mod json;
pub use json::{game_document, json_close, json_game};

#[cfg(test)]
#[path = "review_tests.rs"]
mod tests;
