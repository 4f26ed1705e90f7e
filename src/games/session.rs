//! `dicelab play GAME`: a game at the terminal. The tool deals and rolls (seeded), the computer
//! seats play their policies, and the person decides their own moves by typing lines; `?` shows
//! the advice `dicelab advise` would give on the position, and with the coach every decision is
//! followed by what it cost against the best, and the game by a summary of those costs.
//!
//! A game supplies a [`Session`]: it plays chance and the computer seats up to the person's next
//! decision and lists the actions, in a fixed order that gives nothing away, named as its
//! advice names its rows, so the coach reads the cost of an action off the advice. The command
//! line's loop does the talking (`app::play`): plain lines from any reader, so a pipe works as a
//! terminal does; an answer it cannot read, or the end of input, gets a clear line, never a
//! panic.

use std::io::Write;

use crate::engine::RunConfig;
use crate::error::{Error, Result, Setting};
use crate::games::advice::{Advice, Value};
use crate::games::review::record::{GameRecord, Seat, error_at};

/// What `dicelab play` asks of a game.
#[derive(Clone, Debug, Default)]
pub struct PlayRequest {
    /// `key=value` rule option overrides.
    pub rules: Vec<String>,
    /// Players at the table, you included (`None`: the game's default).
    pub players: Option<u32>,
    /// The computer seats' policies, one for all or one each (the game's default when empty).
    pub policies: Vec<String>,
    /// The seed of the dice and the cards.
    pub seed: u64,
    /// Play-outs of the advice where it estimates (`None`: the advice's default).
    pub advice_units: Option<u64>,
    /// A recorded game to continue (`play --resume`): its rules, seats and seed deal it again,
    /// the person's recorded choices are replayed, and the game goes on from where it stopped.
    /// Named `what` in errors.
    pub resume: Option<(String, crate::games::review::record::GameRecord)>,
}

impl PlayRequest {
    /// The computer seats' policies, `others` of them: the default for all when none is
    /// given, one spec for all, or one each.
    pub fn computer_policies<S>(&self, others: usize, default: S) -> Result<Vec<S>>
    where
        S: std::str::FromStr<Err = Error> + Clone,
    {
        match self.policies.len() {
            0 => Ok(vec![default; others]),
            1 => Ok(vec![self.policies[0].parse()?; others]),
            k if k == others => self.policies.iter().map(|p| p.parse()).collect(),
            k => Err(Error::setting(
                Setting::POLICY,
                format!("{k} given for {others} computer players: give one for all or one each"),
            )),
        }
    }

    /// The request a resumed game of `game` plays under: the record's rules, players, seat
    /// policies and seed in place of the command line's (the record's seat 1 is the person,
    /// every other seat a policy), with the record and its name; `None` where nothing is
    /// resumed. A record of another game, or without the seed `play --record` writes, is
    /// refused at its `game` line.
    pub fn resumed(&self, game: &str) -> Result<Option<(PlayRequest, &str, &GameRecord)>> {
        let Some((what, rec)) = &self.resume else {
            return Ok(None);
        };
        let at = |why: String| error_at(what, rec.at, why);
        if rec.game != game {
            return Err(at(format!(
                "`{}`: play {game} resumes a game of {game}",
                rec.game
            )));
        }
        if !matches!(rec.seats.first(), Some(Seat::Person(_))) {
            return Err(at(
                "seat 1 is the person who resumes the game: `seat 1 person NAME`".into(),
            ));
        }
        let mut policies = Vec::new();
        for seat in &rec.seats[1..] {
            match seat {
                Seat::Policy(spec) => policies.push(spec.clone()),
                Seat::Person(name) => {
                    return Err(at(format!(
                        "{name} is a person: play {game} resumes a game against policies only"
                    )));
                }
            }
        }
        let Some(seed) = rec.seed else {
            return Err(at(
                "the record has no `seed`: only a game `play --record` wrote can be dealt again"
                    .into(),
            ));
        };
        let request = PlayRequest {
            rules: rec.rules.clone(),
            players: Some(rec.seats.len() as u32),
            policies,
            seed,
            resume: None,
            ..self.clone()
        };
        Ok(Some((request, what.as_str(), rec)))
    }

    /// What the advice on a decision runs with: the game's seed, `-n`, the global thread pool,
    /// no progress bar.
    pub fn advice_settings(&self) -> RunConfig<Option<u64>> {
        RunConfig {
            units: self.advice_units,
            seed: self.seed,
            ..RunConfig::default()
        }
    }
}

/// A seed for a game nobody gave one: different from run to run. std's hash keys are drawn
/// from the operating system's randomness, and the clock is mixed in; nine digits or fewer, so
/// a person can type it back (`play --seed`) and a page's script holds it exactly.
pub fn fresh_seed() -> u64 {
    use std::hash::{BuildHasher, Hasher};
    let mut hasher = std::collections::hash_map::RandomState::new().build_hasher();
    let now = std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .map_or(0, |d| d.as_nanos());
    hasher.write_u128(now);
    hasher.write_u32(std::process::id());
    hasher.finish() % 1_000_000_000
}

/// A decision the person must make.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Decision {
    /// What the table shows and what is asked, one or more lines.
    pub prompt: String,
    /// The legal actions, each named as the advice names it.
    pub actions: Vec<String>,
    /// The dice or cards on the table, for a front end to draw as the game shows them (the
    /// prompt says the same in words).
    pub table: Vec<Faces>,
}

/// What a group of [`Faces`] is: dice show 1 to 6, 7's cards 1 to 7, and a pile of 7 two
/// spots of 0 to 6.
#[derive(Clone, Copy, Debug, PartialEq, Eq, serde::Serialize)]
#[serde(rename_all = "lowercase")]
pub enum FaceKind {
    /// Dice, faces 1 to 6.
    Dice,
    /// Cards, 1 to 7.
    Cards,
    /// The spots showing on 7's pile, 0 to 6 (0: none).
    Spots,
}

/// Dice or cards on the table at a decision, named as the game names them.
#[derive(Clone, Debug, PartialEq, Eq, serde::Serialize)]
pub struct Faces {
    /// What they are, in words (`thrown`, `kept`, `your hand`).
    pub label: String,
    /// Dice, cards or spots.
    pub kind: FaceKind,
    /// The faces, in the order the table shows them.
    pub faces: Vec<u8>,
}

impl Faces {
    /// `faces` of `kind` labelled `label`.
    pub fn new(label: &str, kind: FaceKind, faces: &[u8]) -> Faces {
        Faces {
            label: label.to_string(),
            kind,
            faces: faces.to_vec(),
        }
    }
}

/// A game in progress at the terminal.
pub trait Session {
    /// Plays chance and the computer seats up to the person's next decision, telling `out`
    /// what happens; `None` once the game is over.
    fn next(&mut self, out: &mut dyn Write) -> Result<Option<Decision>>;

    /// The advice on the pending decision, its rows named as the decision's actions.
    fn advise(&mut self) -> Result<Advice>;

    /// Takes the person's action, an index into the pending decision's actions.
    fn apply(&mut self, action: usize, out: &mut dyn Write) -> Result<()>;

    /// How the game ended, for the last lines.
    fn result(&self) -> String;

    /// The game so far as a game record (`play --record`, and the review at the game's end),
    /// where the game writes one.
    fn record(&self) -> Option<crate::games::review::record::GameRecord> {
        None
    }
}

/// A game that can be played at the terminal.
pub trait Playable: Sync {
    /// A new game as `request` asks; bad options are refused before anything is dealt.
    fn session(&self, request: &PlayRequest) -> Result<Box<dyn Session>>;

    /// The players a game at the table takes, the person included: the fewest, the most, and
    /// how many when the request says none (a page offers these, not the simulator's range).
    fn players(&self) -> (u32, u32, u32);
}

/// One coached decision: what was chosen, what was best, and the cost.
#[derive(Clone, Debug, PartialEq)]
pub struct Coached {
    /// The decision's number in the game, from 1.
    pub number: usize,
    /// The action taken.
    pub chosen: String,
    /// The best action.
    pub best: String,
    /// What the choice lost against the best, in `unit` (0 or more).
    pub cost: f64,
    /// The cost's 95% interval, where the advice estimates it.
    pub ci95: Option<(f64, f64)>,
    /// Whether the choice was a mistake: its cost is told apart from 0 (exact and above 0, or
    /// an interval above 0). A choice within noise of the best is not one.
    pub mistake: bool,
    /// The unit of the cost.
    pub unit: String,
}

/// How a game at the terminal went.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct Played {
    /// Decisions the person made.
    pub decisions: usize,
    /// Whether the game was played to its end (not stopped by `q` or the end of input).
    pub finished: bool,
    /// Whether the input ended before the game did: a script's cut-off game, which the command
    /// line tells from a finished one by its exit code.
    pub input_ended: bool,
    /// The coach's account, one per decision (empty without the coach).
    pub coached: Vec<Coached>,
}

/// What an action cost against the best, read off the advice ([`cost_of`]).
#[derive(Clone, Debug, PartialEq)]
pub struct Cost {
    /// The action's loss in `unit` (a chance's in percentage points), with its 95% interval
    /// where the advice estimates it.
    pub loss: Value,
    /// The unit, in words.
    pub unit: String,
    /// The best action.
    pub best: String,
    /// Whether the loss is told apart from 0: a mistake. An estimated loss whose interval
    /// reaches 0 is within noise: the advice cannot tell the action from the best.
    pub mistake: bool,
}

/// An amount with its interval's half-width, where it has one: `1.30` or `1.30 ±0.21`.
pub fn amount(value: f64, ci95: Option<(f64, f64)>) -> String {
    match ci95 {
        Some((lo, hi)) => format!("{value:.2} ±{:.2}", (hi - lo) / 2.0),
        None => format!("{value:.2}"),
    }
}

impl Cost {
    /// What the coach says at once of the action `name` that cost this: the best, a mistake
    /// with its cost, or (where the advice estimates) within noise of the best, which is not a
    /// mistake. One line, the same at the terminal (`dicelab play`) and on the Play page.
    pub fn line(&self, name: &str) -> String {
        let (best, unit) = (&self.best, &self.unit);
        let amount = amount(self.loss.value, self.loss.ci95);
        if best == name {
            format!("coach: {name} is the best play here")
        } else if self.mistake {
            format!("coach: {name} cost {amount} {unit} against the best, {best}")
        } else if self.loss.ci95.is_some() {
            format!(
                "coach: {name} is within noise of the best, {best}: it loses {amount} {unit}, \
                 an interval that reaches 0, so not a mistake"
            )
        } else if self.loss.value > 0.0 {
            // An exact loss the advice's play-outs cannot tell from 0 (a value they check).
            format!(
                "coach: {name} is within noise of the best, {best}: it loses {amount} {unit}, \
                 which the play-outs cannot tell from 0, so not a mistake"
            )
        } else {
            format!("coach: {name}: no measurable cost against the best, {best}")
        }
    }
}

/// What an action cost against the best, from the advice: the row's loss in the loss column's
/// unit (percentage points of a chance, else the column's points), whether it is a mistake,
/// and the best action.
pub fn cost_of(advice: &Advice, action: &str) -> Option<Cost> {
    let row = advice.rows.iter().find(|r| r.name == action)?;
    let column = advice.columns.get(advice.loss_column)?;
    let loss = row.loss?;
    let (scale, unit) = if column.chance {
        (100.0, format!("pp of the {}", column.heading))
    } else {
        (1.0, format!("points of the {}", column.heading))
    };
    let mistake = match (row.separated, loss.ci95) {
        (Some(separated), _) => separated,
        // A row the advice did not judge: an exact loss above 0, or an interval above 0.
        (None, Some((low, _))) => low > 0.0,
        (None, None) => loss.value > 0.0,
    };
    Some(Cost {
        loss: Value {
            value: loss.value * scale,
            ci95: loss.ci95.map(|(lo, hi)| (lo * scale, hi * scale)),
        },
        unit,
        best: advice.best()?.to_string(),
        mistake,
    })
}
