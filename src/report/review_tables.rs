//! The tables of `dicelab review` (`players`, `decisions`, `throws`): what `--format csv`, `tsv`
//! and `md` print and `--out` writes, built a game at a time ([`ReviewTables`]) so a review
//! printed as it goes keeps rows, not games.

use crate::games::analysis::{Cell, DataTable};
use crate::games::review::{Event, GameReview};

/// The tables of reviews, a game's rows added at a time: `players` (each game's accounts, and
/// `finished`, 1 where the record plays its game to the end, 0 where it stops before and each
/// result is the chance there),
/// `decisions` (every decision with a choice: what was chosen, the best, the loss and its mark)
/// and `throws` (every throw with the mover's chance before and after it). The costs and losses
/// carry their intervals in two more columns each (`cost_low`, `cost_high`, `loss_low`,
/// `loss_high`), blank for an exact review's rows: the columns are the same for every record, so
/// a program reading the files finds them whatever games they hold.
#[derive(Clone, Debug)]
pub struct ReviewTables {
    games: usize,
    players: DataTable,
    decisions: DataTable,
    throws: DataTable,
}

/// An interval's two ends as cells, or two blanks where there is none.
fn bounds(ci: Option<(f64, f64)>) -> [Cell; 2] {
    match ci {
        Some((low, high)) => [Cell::Num(low), Cell::Num(high)],
        None => [Cell::Text(String::new()), Cell::Text(String::new())],
    }
}

impl Default for ReviewTables {
    fn default() -> Self {
        Self::new()
    }
}

impl ReviewTables {
    /// Empty tables.
    pub fn new() -> Self {
        let players = DataTable::new(
            "players",
            &[
                "game",
                "seat",
                "player",
                "start",
                "luck",
                "cost",
                "gifts",
                "result",
                "decisions",
                "mean_loss",
                "band",
                "cost_low",
                "cost_high",
                "finished",
            ],
        );
        let decisions = DataTable::new(
            "decisions",
            &[
                "game",
                "line",
                "round",
                "seat",
                "throw",
                "position",
                "chosen",
                "best",
                "loss",
                "loss_points",
                "mark",
                "why",
                "loss_low",
                "loss_high",
            ],
        );
        let throws = DataTable::new(
            "throws",
            &[
                "game",
                "line",
                "round",
                "seat",
                "throw",
                "dice",
                "left",
                "chance_before",
                "chance_after",
                "luck",
            ],
        );
        Self {
            games: 0,
            players,
            decisions,
            throws,
        }
    }

    /// Adds the next game's rows.
    pub fn add(&mut self, r: &GameReview) {
        self.games += 1;
        let game = Cell::Int(self.games as i128);
        for (s, p) in r.players.iter().enumerate() {
            let mut row = vec![
                game.clone(),
                Cell::Int(s as i128 + 1),
                Cell::Text(p.name.clone()),
                Cell::Num(p.start),
                Cell::Num(p.luck),
                Cell::Num(p.cost),
                Cell::Num(p.gifts),
                Cell::Num(p.result),
                Cell::Int(p.decisions as i128),
                p.mean_loss.map_or(Cell::Text(String::new()), Cell::Num),
                Cell::Text(p.band.unwrap_or_default().to_string()),
            ];
            row.extend(bounds(p.cost_ci95));
            row.push(Cell::Int(i128::from(r.finished)));
            self.players.push(row);
        }
        for m in &r.moments {
            let head = vec![
                game.clone(),
                Cell::Int(m.at.line as i128),
                Cell::Text(m.round.clone()),
                Cell::Int(m.seat as i128 + 1),
                Cell::Int(i128::from(m.throw)),
            ];
            match &m.event {
                Event::Throw {
                    dice,
                    left,
                    before,
                    after,
                } => {
                    let dice: Vec<String> = dice.iter().map(u8::to_string).collect();
                    let mut row = head;
                    row.extend([
                        Cell::Text(dice.join(" ")),
                        Cell::Text(left.clone()),
                        Cell::Num(before[m.seat]),
                        Cell::Num(after[m.seat]),
                        Cell::Num(after[m.seat] - before[m.seat]),
                    ]);
                    self.throws.push(row);
                }
                Event::Decision {
                    actions,
                    chosen,
                    best,
                    loss_ci95,
                } => {
                    let (loss, points) = m.loss().unwrap_or_default();
                    let mut row = head;
                    row.extend([
                        Cell::Text(m.position.clone()),
                        Cell::Text(actions[*chosen].name.clone()),
                        Cell::Text(actions[*best].name.clone()),
                        Cell::Num(loss),
                        Cell::Num(points),
                        Cell::Text(m.mark().unwrap_or("").to_string()),
                        Cell::Text(m.why().unwrap_or_default()),
                    ]);
                    row.extend(bounds(*loss_ci95));
                    self.decisions.push(row);
                }
            }
        }
    }

    /// The three tables.
    pub fn tables(self) -> Vec<DataTable> {
        vec![self.players, self.decisions, self.throws]
    }
}

/// The tables of `reviews` (see [`ReviewTables`]).
pub fn review_tables(reviews: &[GameReview]) -> Vec<DataTable> {
    let mut tables = ReviewTables::new();
    for r in reviews {
        tables.add(r);
    }
    tables.tables()
}
