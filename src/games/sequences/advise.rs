//! `dicelab advise sequences` (and `hearts-due`): a game with no decisions, so the advice is the
//! odds of the position, every one exact (worked out in `odds`).

use crate::engine::{OnProgress, STOPPED};
use crate::error::{Error, Message, Result, Setting};
use crate::games::Setup;
use crate::games::advice::{
    Advice, AdviceRequest, Advisor, Column, Position, PositionKey, Row, Value, whole, whole_list,
};
use crate::games::options::Tie;

use super::exact::{CastDistribution, Race, expected_turns_from};
use super::odds::{MAX_PLAYERS, game_odds};
use super::{PLAYERS, Sequences, Study};

/// The keys of a Sequences or Hearts Due position.
pub const KEYS: &[PositionKey] = &[
    PositionKey {
        key: "totals",
        heading: "Totals",
        syntax: "A[,B,...]",
        meaning: "every player's total, in turn order (one total: a race to the target)",
    },
    PositionKey {
        key: "next",
        heading: "Who casts next",
        syntax: "I",
        meaning: "the player who casts next, 1 for the first of the totals (default 1: a round \
                  starts); those before it have cast this round",
    },
    PositionKey {
        key: "within",
        heading: "Within how many of your casts",
        syntax: "K",
        meaning: "the casts for the chance to reach the target within K of one's own casts \
                  (default 10)",
    },
];

impl Advisor for Sequences {
    fn keys(&self) -> &'static [PositionKey] {
        KEYS
    }

    fn advise(&self, request: &AdviceRequest) -> Result<Advice> {
        let name = self.info.name;
        request.position.check_keys(name, KEYS)?;
        if !request.policies.is_empty() {
            return Err(Error::input(
                Message::from(format!("{name} advice takes no "))
                    .then(Message::settings_in("§policy: the game has no decisions")),
            ));
        }
        let given = &request.position;
        let totals = totals_of(name, given)?;
        let players = totals.len() as u32;
        // The same checks as a run: players, options, and races that would practically never end.
        let config = Study::new(
            self,
            &Setup {
                rules: request.rules.clone(),
                players,
                policies: Vec::new(),
                files: Default::default(),
            },
        )
        .map_err(|e| {
            if PLAYERS.check(name, players).is_err() {
                Error::setting(Setting::named("totals"), format!("{e}"))
            } else {
                e
            }
        })?;
        let rules = config.rules;
        let next = match given.get("next") {
            Some(t) => whole("next", t, 1, i64::from(players))? as usize - 1,
            None => 0,
        };
        let within = match given.get("within") {
            Some(t) => whole("within", t, 1, 1_000_000)? as usize,
            None => 10,
        };
        let target = rules.target;
        let cast = CastDistribution::new(&rules);
        // The most a player can reach: the target less one, plus the best cast.
        let best_cast = (1..cast.wipe)
            .rev()
            .find(|&k| cast.ways[k] > 0)
            .unwrap_or(0);
        let top = target - 1 + best_cast as u32;
        check_totals(&totals, next, target, top)?;
        let odds = game_odds(&cast, &rules, &totals, next);
        let shared = rules.tie == Tie::Shared;
        let columns = columns(players, shared, target, within);
        let rows = totals
            .iter()
            .enumerate()
            .map(|(i, &t)| {
                let mut values = Vec::new();
                if players > 1 {
                    if shared {
                        values.push(Some(Value::exact(odds[i].share)));
                        values.push(Some(Value::exact(odds[i].alone)));
                    } else {
                        values.push(Some(Value::exact(odds[i].playoff)));
                    }
                }
                let (reach, casts) = if t >= target {
                    (1.0, 0.0)
                } else {
                    (
                        reach_within(&cast, target, t, within, &request.run.progress)?,
                        expected_turns_from(&cast, target, t),
                    )
                };
                values.push(Some(Value::exact(reach)));
                values.push(Some(Value::exact(casts)));
                Ok(Row {
                    name: format!("player {} ({t})", i + 1),
                    values,
                    loss: None,
                    remark: (players > 1 && i == next).then(|| "casts next".to_string()),
                    ..Row::default()
                })
            })
            .collect::<Result<Vec<_>>>()?;
        let position = position_rows(&totals, next, target);
        Ok(Advice {
            game: name.to_string(),
            rules: config.options.pairs(),
            policy: None,
            position: position.into_iter().map(|(k, v)| (k, v.into())).collect(),
            method: "exact: every player's total as a Markov chain, stepped round by round"
                .to_string(),
            columns,
            decision: false,
            rows,
            loss_column: 0,
            notes: vec![format!("{name} has no decisions: these are the position's odds").into()],
            spent: None,
        })
    }
}

/// Every player's total, in turn order, from the position's `totals`.
fn totals_of(name: &str, given: &Position) -> Result<Vec<u32>> {
    let totals_text =
        given.get("totals").ok_or_else(|| {
            Error::input(Message::from(format!("a {name} position needs ")).then(
                Message::settings_in("§totals: every player's total, in turn order"),
            ))
        })?;
    let totals: Vec<u32> = whole_list("totals", totals_text, 0, 100_000)?
        .into_iter()
        .map(|t| t as u32)
        .collect();
    let players = totals.len() as u32;
    if players > MAX_PLAYERS {
        return Err(Error::setting(
            Setting::named("totals"),
            format!(
                "{players} totals: advice works out exact odds for at most \
             {MAX_PLAYERS} players"
            ),
        ));
    }
    Ok(totals)
}

/// Totals a game could have reached: none at or past the target before its player casts, none
/// past `top`, the most a cast can leave.
fn check_totals(totals: &[u32], next: usize, target: u32, top: u32) -> Result<()> {
    for (i, &t) in totals.iter().enumerate() {
        let has_cast = i < next;
        if t >= target && !has_cast {
            return Err(Error::setting(
                Setting::named("totals"),
                format!(
                    "player {} has {t}, at or past the target {target}, before casting \
                 this round: the game would have ended",
                    i + 1
                ),
            ));
        }
        if t > top {
            return Err(Error::setting(
                Setting::named("totals"),
                format!(
                    "player {} has {t}: no cast takes a total past {top} (the target \
                 {target} less one, plus the best cast)",
                    i + 1
                ),
            ));
        }
    }
    Ok(())
}

/// The advice's columns: the chances to win (with a shared tie, alone or shared) where there
/// are opponents, the chance to reach the target within `within` casts, and the casts it takes.
fn columns(players: u32, shared: bool, target: u32, within: usize) -> Vec<Column> {
    let mut columns = Vec::new();
    let column = |(name, heading): (&str, &str), meaning: String, chance: bool| Column {
        name: name.to_string(),
        heading: heading.to_string(),
        meaning,
        chance,
    };
    if players > 1 {
        if shared {
            columns.push(column(
                ("p_win_or_share", "chance to win or share"),
                "chance to have the highest total when the game ends (alone or tied)".into(),
                true,
            ));
            columns.push(column(
                ("p_win_alone", "chance to win alone"),
                "chance to have the highest total alone".into(),
                true,
            ));
        } else {
            columns.push(column(
                ("p_win", "chance to win"),
                "chance to win, play-offs included".into(),
                true,
            ));
        }
    }
    columns.push(column(
        (
            "p_reach_within",
            &format!("chance to reach {target} in {within}"),
        ),
        format!("chance to reach {target} within {within} of one's own casts from now"),
        true,
    ));
    columns.push(column(
        ("expected_casts", "casts to reach it"),
        format!("expected casts to reach {target} from one's total"),
        false,
    ));
    columns
}

/// The position as the advice heads it: the totals, who casts next, the target.
fn position_rows(totals: &[u32], next: usize, target: u32) -> Vec<(String, String)> {
    vec![
        (
            "totals".to_string(),
            totals
                .iter()
                .map(u32::to_string)
                .collect::<Vec<_>>()
                .join(", "),
        ),
        (
            "next".to_string(),
            format!(
                "player {} (players before it have cast this round)",
                next + 1
            ),
        ),
        ("target".to_string(), target.to_string()),
    ]
}

/// The chance to reach `target` from `from` within `casts` casts; `Err` once `progress` asks to
/// stop (a Python user's Ctrl-C), which it is asked every few thousand casts.
///
/// The sum stops growing, to the last bit, once what is left to cross is below half a unit in
/// the last place of what has crossed: every later cast adds less than that, and rounds to
/// nothing. Stopping there gives the same number as stepping on, and a million casts no longer
/// step through the tail's ever smaller (at last subnormal, and far slower) numbers.
fn reach_within(
    cast: &CastDistribution,
    target: u32,
    from: u32,
    casts: usize,
    progress: &OnProgress,
) -> Result<f64> {
    let mut race = Race::from(cast, target, from);
    // Summed as it crosses, not as one less what is left, so a sure miss is exactly 0.
    let mut reached = 0.0;
    for k in 0..casts {
        if k % 4096 == 4095 && progress.stopped() {
            return Err(Error::input(STOPPED));
        }
        race.step();
        reached += race.crossed.iter().sum::<f64>();
        let left = race.survival();
        if left == 0.0 || left < reached * (f64::EPSILON / 4.0) {
            break;
        }
    }
    Ok(reached.min(1.0))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::games::advice::Position;
    use crate::games::options::RuleOptions;
    use crate::games::sequences::exact::game_exact;
    use crate::games::sequences::rules::Rules;
    use crate::games::sequences::{HEARTS_DUE, SEQUENCES};

    fn advise(game: &Sequences, rules: &[&str], keys: &[(&str, &str)]) -> Result<Advice> {
        let position = Position::of(keys)?;
        game.advise(&AdviceRequest {
            rules: rules.iter().map(|r| r.to_string()).collect(),
            position,
            ..AdviceRequest::default()
        })
    }

    /// From the start, every seat's chance is the whole-game exact value the reports print.
    #[test]
    fn from_the_start_every_seat_has_the_games_exact_chance() {
        for (game, rules) in [(&SEQUENCES, vec![]), (&HEARTS_DUE, vec!["wipe_ones=3"])] {
            let a = advise(game, &rules, &[("totals", "0,0,0")]).unwrap();
            let options = RuleOptions::parse(
                game.info.name,
                game.scoring.options(),
                &rules.iter().map(|r| r.to_string()).collect::<Vec<_>>(),
            )
            .unwrap();
            let r = Rules::from_options(game.scoring, &options);
            let exact = game_exact(&CastDistribution::new(&r), r.target, 3);
            for row in &a.rows {
                assert!((row.values[0].unwrap().value - exact.win_or_share).abs() < 1e-12);
                assert!((row.values[1].unwrap().value - exact.outright).abs() < 1e-12);
            }
        }
    }

    #[test]
    fn the_chances_to_win_add_up_to_one_under_a_playoff() {
        let a = advise(
            &SEQUENCES,
            &["tie=playoff"],
            &[("totals", "80,95,40"), ("next", "2")],
        )
        .unwrap();
        let sum: f64 = a.rows.iter().map(|r| r.values[0].unwrap().value).sum();
        assert!((sum - 1.0).abs() < 1e-9, "{sum}");
        // The player on 95 to cast next is the favourite.
        assert!(a.rows[1].values[0].unwrap().value > a.rows[0].values[0].unwrap().value);
    }

    /// A player who reached the target this round wins unless a later player passes it this
    /// round: worked by hand with one later player on 99 and a cast's own chances.
    #[test]
    fn a_reached_target_ends_the_round_and_only_later_casts_can_pass_it() {
        let a = advise(
            &SEQUENCES,
            &["tie=playoff"],
            &[("totals", "105,99"), ("next", "2")],
        )
        .unwrap();
        let cast = CastDistribution::new(&Rules::from_options(
            super::super::rules::Scoring::Sequences,
            &RuleOptions::parse("sequences", super::super::rules::SEQUENCES_OPTIONS, &[]).unwrap(),
        ));
        // Player 2 on 99 beats 105 with a cast of 7 or more, ties at 6.
        let beat: f64 = (7..cast.wipe).map(|k| cast.p(k)).sum();
        let tie = cast.p(6);
        let p2 = a.rows[1].values[0].unwrap().value;
        assert!((p2 - (beat + tie / 2.0)).abs() < 1e-12, "{p2}");
    }

    #[test]
    fn the_chance_to_reach_within_k_casts_follows_the_race() {
        let a = advise(&SEQUENCES, &[], &[("totals", "0"), ("within", "1")]).unwrap();
        assert_eq!(a.rows[0].values[0].unwrap().value, 0.0);
        let a = advise(&SEQUENCES, &[], &[("totals", "95"), ("within", "1")]).unwrap();
        let cast = CastDistribution::new(&Rules::from_options(
            super::super::rules::Scoring::Sequences,
            &RuleOptions::parse("sequences", super::super::rules::SEQUENCES_OPTIONS, &[]).unwrap(),
        ));
        let reach: f64 = (5..cast.wipe).map(|k| cast.p(k)).sum();
        assert!((a.rows[0].values[0].unwrap().value - reach).abs() < 1e-12);
    }

    #[test]
    fn impossible_positions_are_refused() {
        let bad = |keys: &[(&str, &str)], says: &str| {
            let e = advise(&SEQUENCES, &[], keys).unwrap_err().to_string();
            assert!(e.contains(says), "{keys:?}: {e}");
        };
        bad(&[], "needs totals");
        bad(&[("totals", "100,20")], "before casting this round");
        bad(&[("totals", "20,200"), ("next", "3")], "from 1 to 2");
        bad(
            &[("totals", "300,20"), ("next", "2")],
            "no cast takes a total past 159",
        );
        bad(
            &[(
                "totals",
                "0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0,0",
            )],
            "at most 40 players",
        );
        bad(&[("totals", "1,x")], "'x' is not a whole number");
    }
}
