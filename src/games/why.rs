//! Why one action beats another, in one sentence written from the numbers: the same words in
//! `advise` and `review`, so a player who reads the coach at the table and the review after
//! the game reads one reasoning, not two.
//!
//! An action's parts are what its value is made of: the chance to win the game (where the
//! game's state is known), the expected score of the turn and its chance of a 0, the chance to
//! beat the score to beat (a follower), and for a round's first player the chance a follower
//! beats the score it stops with in the rolls it leaves them. The sentence opens with the part
//! that ranks the two actions and goes on to the part that decides between them.

use serde::Serialize;

/// A follower's chance to beat the score to beat.
#[derive(Clone, Copy, Debug, PartialEq, Serialize)]
pub struct Beat {
    /// The score to beat: the best of the round so far.
    pub to_beat: u8,
    /// The chance to score more, playing for it after the action.
    pub chance: f64,
}

/// A round's first player's chance to see its score beaten by a follower.
#[derive(Clone, Copy, Debug, PartialEq, Serialize)]
pub struct Held {
    /// The players still to play this round.
    pub followers: u8,
    /// Where the action stops: the rolls it leaves each follower (the limit it sets).
    #[serde(skip_serializing_if = "Option::is_none")]
    pub rolls: Option<u8>,
    /// Where the action stops: the score the followers must beat.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub score: Option<u8>,
    /// The chance that a follower beats it, each playing to beat the best so far, and the
    /// first player (where it rolls again) playing after to keep that chance lowest.
    pub chance: f64,
}

/// One action's parts, as far as the position has them.
#[derive(Clone, Copy, Debug)]
pub struct Parts<'a> {
    /// The action in words.
    pub name: &'a str,
    /// The mover's chance to win the game after it.
    pub win: Option<f64>,
    /// The expected score of the turn after it.
    pub points: f64,
    /// The chance the turn scores 0 after it.
    pub zero: f64,
    /// A follower's chance to beat the score to beat.
    pub beat: Option<Beat>,
    /// A first player's chance to see its score beaten.
    pub held: Option<Held>,
}

/// Differences smaller than these are not worth a word: a tenth of a percentage point and
/// half a hundredth of a point, below what the sentence prints.
const CHANCE: f64 = 0.0005;
const POINTS: f64 = 0.005;

fn pct(x: f64) -> String {
    format!("{:.1}%", 100.0 * x)
}

/// Two chances as percentages with enough decimals to tell them apart (one, or up to four
/// where one would print them the same; one where they are equal): a sentence does not say
/// "0.0% against 0.0%" of two chances the ranking told apart.
fn pcts(x: f64, y: f64) -> (String, String) {
    let at = |digits: usize| {
        (
            format!("{:.*}%", digits, 100.0 * x),
            format!("{:.*}%", digits, 100.0 * y),
        )
    };
    (1..=4)
        .map(at)
        .find(|(a, b)| a != b)
        .unwrap_or_else(|| at(1))
}

/// "a" or "an" before a percentage as it is read aloud: an 8.0%, an 11.5%, an 80.2%.
fn a(pct: &str) -> &'static str {
    let eleven = |n: &str| pct.starts_with(n) && pct[2..].starts_with('.');
    if pct.starts_with('8') || eleven("11") || eleven("18") {
        "an"
    } else {
        "a"
    }
}

/// Why `best` is worth more than `other`, in one sentence.
pub fn reason(best: &Parts, other: &Parts) -> String {
    let (b, c) = (best, other);
    if let (Some(wb), Some(wc)) = (b.win, c.win) {
        let (pb, pc) = pcts(wb, wc);
        let mut text = format!("{} wins {pb} of games, {} {pc}", b.name, c.name);
        // A part is named where it speaks for the best; else the points and the 0 decide.
        if let (Some(hb), Some(hc)) = (b.held, c.held)
            && hb.chance < hc.chance - CHANCE
        {
            text.push_str(&format!(": {}; {}", held(b, hb), held(c, hc)));
        } else if let (Some(x), Some(y)) = (b.beat, c.beat)
            && (x.chance - y.chance).abs() > CHANCE
        {
            text.push_str(&format!(
                ": {} beats {} in {} of turns, {} in {}",
                b.name,
                x.to_beat,
                pct(x.chance),
                c.name,
                pct(y.chance)
            ));
            if y.chance > x.chance + CHANCE {
                text.push_str(&format!(
                    ", yet the game's totals ask for more than beating {}",
                    x.to_beat
                ));
            }
        } else {
            text.push_str(&points_for_the_game(b, c));
        }
        text
    } else if let (Some(x), Some(y)) = (b.beat, c.beat) {
        let (px, py) = pcts(x.chance, y.chance);
        let mut text = format!(
            "{} beats {} in {px} of turns, {} in {py}",
            b.name, x.to_beat, c.name
        );
        // Ranked by this chance (equal within 1e-12), then by the points.
        if (x.chance - y.chance).abs() <= 1e-12 {
            text.push_str(&format!(
                ": the same chance, and {} expects more points ({:.2} against {:.2})",
                b.name, b.points, c.points
            ));
        } else if c.points > b.points + POINTS {
            text.push_str(&format!(
                ": {} expects more points ({:.2} against {:.2}), but only beating {} counts",
                c.name, c.points, b.points, x.to_beat
            ));
        }
        text
    } else {
        let mut text = format!(
            "{} expects {:.2} points, {} {:.2}",
            b.name, b.points, c.name, c.points
        );
        if b.zero > c.zero + CHANCE {
            text.push_str(&format!(", worth its {} chance of scoring 0", pct(b.zero)));
        } else if c.zero > b.zero + CHANCE {
            text.push_str(&format!(
                ", and risks a 0 less ({} against {})",
                pct(b.zero),
                pct(c.zero)
            ));
        }
        text
    }
}

/// A first player's action by the chance it leaves the followers.
fn held(x: &Parts, h: Held) -> String {
    let who = if h.followers == 1 {
        "the follower"
    } else {
        "the followers"
    };
    let beats = if h.followers == 1 {
        "to beat"
    } else {
        "that one beats"
    };
    match (h.rolls, h.score) {
        (Some(r), Some(s)) => format!(
            "{} leaves {who} {r} roll{}{} and {} {} chance {beats} {s}",
            x.name,
            if r == 1 { "" } else { "s" },
            if h.followers == 1 { "" } else { " each" },
            a(&pct(h.chance)),
            pct(h.chance)
        ),
        _ => format!(
            "{} gives {who} {} {} chance {beats} its score, risking a 0 in {} of turns",
            x.name,
            a(&pct(h.chance)),
            pct(h.chance),
            pct(x.zero)
        ),
    }
}

/// With the game ranking the two: whether the points and the risk of a 0 say the same.
fn points_for_the_game(b: &Parts, c: &Parts) -> String {
    let points = |x: &Parts, y: &Parts| format!("{:.2} against {:.2}", x.points, y.points);
    if c.points > b.points + POINTS {
        let risk = if c.zero > b.zero + CHANCE {
            format!(", scoring 0 in {} of turns", pct(c.zero))
        } else {
            String::new()
        };
        format!(
            ": {} expects more points this turn ({}{risk}), yet in this game's position {}",
            c.name,
            points(c, b),
            if c.zero > b.zero + CHANCE {
                "the safer turn is worth more than the points"
            } else {
                "the points it adds are not what wins"
            }
        )
    } else if b.points > c.points + POINTS {
        let risk = if b.zero > c.zero + CHANCE {
            format!(", worth its {} chance of scoring 0", pct(b.zero))
        } else {
            " for no more risk of a 0".to_string()
        };
        format!(": {} expects more points ({}){risk}", b.name, points(b, c))
    } else {
        ": the two expect the same points; the game's position decides".to_string()
    }
}

/// Why `best` is worth more than `other` where both are estimated by play-outs in final score
/// (Solitaire Dice): each given as its name, what it scores now and its expected final score,
/// and the interval of the loss, in one sentence naming what decides: the score now, or the
/// sheet it leaves.
pub fn estimated(best: (&str, f64, f64), other: (&str, f64, f64), loss: (f64, f64)) -> String {
    let ((b, b_now, b_final), (o, o_now, o_final)) = (best, other);
    let head = format!(
        "{b} expects a final score of {b_final:.1}, {o} {o_final:.1} (a loss of {:.1}, 95% \
         interval {:.1} to {:.1})",
        b_final - o_final,
        loss.0,
        loss.1
    );
    let now = |x: f64| format!("{x:+.0}");
    let tail = if o_now > b_now {
        format!(
            "{o} scores more now ({} against {}), yet the sheet it leaves is worth less than \
             the points",
            now(o_now),
            now(b_now)
        )
    } else if b_now > o_now {
        format!(
            "{b} scores more now ({} against {}) and leaves the sheet worth more",
            now(b_now),
            now(o_now)
        )
    } else {
        format!(
            "both score {} now; the sheet {b} leaves is worth more",
            now(b_now)
        )
    };
    format!("{head}: {tail}")
}

/// Why the best of two actions is better, where the values are estimates in the chance to win
/// (7): each given as its name, its chance to win the game, the chips it expects this round and
/// at the game's end, and the interval of the loss, in one sentence naming what decides: this
/// round's chips, or the game beyond them.
pub fn estimated_chance(
    best: (&str, f64, f64, f64),
    other: (&str, f64, f64, f64),
    loss: (f64, f64),
) -> String {
    let ((b, b_win, b_round, b_game), (o, o_win, o_round, o_game)) = (best, other);
    let head = format!(
        "{b} wins an estimated {:.1}% of games, {o} {:.1}% (a loss of {:.1} pp, 95% interval \
         {:.1} to {:.1} pp)",
        100.0 * b_win,
        100.0 * o_win,
        100.0 * (b_win - o_win),
        100.0 * loss.0,
        100.0 * loss.1
    );
    let tail = if o_round > b_round {
        format!(
            "{o} expects more chips this round ({o_round:.2} against {b_round:.2}), yet fewer \
             by the game's end ({o_game:.1} against {b_game:.1})"
        )
    } else {
        format!(
            "{b} expects more chips this round ({b_round:.2} against {o_round:.2}) and {b_game:.1} \
             by the game's end against {o_game:.1}"
        )
    };
    format!("{head}: {tail}")
}

#[cfg(test)]
mod tests {
    use super::*;

    fn parts(name: &str, win: Option<f64>, points: f64, zero: f64) -> Parts<'_> {
        Parts {
            name,
            win,
            points,
            zero,
            beat: None,
            held: None,
        }
    }

    #[test]
    fn an_estimated_chance_names_the_rounds_chips_against_the_games() {
        // The better play expects fewer chips this round: the game beyond them decides.
        let s = estimated_chance(
            ("lay 4", 0.70, 1.49, 11.1),
            ("lay 7: Seven", 0.619, 1.60, 10.8),
            (0.064, 0.098),
        );
        assert_eq!(
            s,
            "lay 4 wins an estimated 70.0% of games, lay 7: Seven 61.9% (a loss of 8.1 pp, 95% \
             interval 6.4 to 9.8 pp): lay 7: Seven expects more chips this round (1.60 against \
             1.49), yet fewer by the game's end (10.8 against 11.1)"
        );
        let s = estimated_chance(("a", 0.5, 1.5, 11.0), ("b", 0.4, 1.2, 10.0), (0.05, 0.15));
        assert!(s.ends_with("a expects more chips this round (1.50 against 1.20) and 11.0 by the game's end against 10.0"), "{s}");
    }

    #[test]
    fn a_leader_is_told_the_chance_each_action_leaves_the_follower() {
        let mut stop = parts("stop with 17", Some(0.612), 17.0, 0.0);
        stop.held = Some(Held {
            followers: 1,
            rolls: Some(2),
            score: Some(17),
            chance: 0.237,
        });
        let mut roll = parts("roll 3 dice again", Some(0.55), 15.2, 0.31);
        roll.held = Some(Held {
            followers: 1,
            rolls: None,
            score: None,
            chance: 0.35,
        });
        assert_eq!(
            reason(&stop, &roll),
            "stop with 17 wins 61.2% of games, roll 3 dice again 55.0%: stop with 17 leaves the \
             follower 2 rolls and a 23.7% chance to beat 17; roll 3 dice again gives the \
             follower a 35.0% chance to beat its score, risking a 0 in 31.0% of turns"
        );
        // Where the follower's chance does not speak for the best, the points do.
        let mut riskier = roll;
        riskier.held = riskier.held.map(|h| Held { chance: 0.2, ..h });
        assert_eq!(
            reason(&stop, &riskier),
            "stop with 17 wins 61.2% of games, roll 3 dice again 55.0%: stop with 17 expects \
             more points (17.00 against 15.20) for no more risk of a 0"
        );
        // Two followers each get the rolls, and either may beat it.
        stop.held = stop.held.map(|h| Held { followers: 2, ..h });
        roll.held = roll.held.map(|h| Held { followers: 2, ..h });
        assert!(
            reason(&stop, &roll)
                .contains("leaves the followers 2 rolls each and a 23.7% chance that one beats 17"),
            "{}",
            reason(&stop, &roll)
        );
    }

    #[test]
    fn a_follower_is_told_each_actions_chance_to_beat_the_score() {
        let beat = |chance| {
            Some(Beat {
                to_beat: 12,
                chance,
            })
        };
        let mut stop = parts("stop with 10", None, 10.0, 0.0);
        stop.beat = beat(0.0);
        let mut roll = parts("roll 2 dice again", None, 6.34, 0.2);
        roll.beat = beat(0.12);
        assert_eq!(
            reason(&roll, &stop),
            "roll 2 dice again beats 12 in 12.0% of turns, stop with 10 in 0.0%: stop with 10 \
             expects more points (10.00 against 6.34), but only beating 12 counts"
        );
        // With the game, the chance to win opens the sentence, and the round's chance follows.
        (roll.win, stop.win) = (Some(0.3), Some(0.25));
        assert_eq!(
            reason(&roll, &stop),
            "roll 2 dice again wins 30.0% of games, stop with 10 25.0%: roll 2 dice again beats \
             12 in 12.0% of turns, stop with 10 in 0.0%"
        );
        assert!(
            reason(&stop, &roll).ends_with("yet the game's totals ask for more than beating 12"),
            "{}",
            reason(&stop, &roll)
        );
        // Where neither can beat it, the points decide.
        roll.beat = beat(0.0);
        (roll.win, stop.win) = (Some(0.25), Some(0.3));
        assert_eq!(
            reason(&stop, &roll),
            "stop with 10 wins 30.0% of games, roll 2 dice again 25.0%: stop with 10 expects \
             more points (10.00 against 6.34) for no more risk of a 0"
        );
        (roll.win, stop.win) = (None, None);
        assert_eq!(
            reason(&stop, &roll),
            "stop with 10 beats 12 in 0.0% of turns, roll 2 dice again in 0.0%: the same \
             chance, and stop with 10 expects more points (10.00 against 6.34)"
        );
    }

    #[test]
    fn two_chances_get_the_decimals_that_tell_them_apart() {
        assert_eq!(pcts(0.123, 0.456), ("12.3%".into(), "45.6%".into()));
        assert_eq!(pcts(0.00002, 0.0), ("0.002%".into(), "0.000%".into()));
        assert_eq!(pcts(0.5, 0.5), ("50.0%".into(), "50.0%".into()));
    }

    #[test]
    fn a_percentage_read_aloud_takes_its_article() {
        for (p, article) in [
            ("8.0%", "an"),
            ("81.7%", "an"),
            ("11.5%", "an"),
            ("18.0%", "an"),
            ("1.1%", "a"),
            ("110.0%", "a"),
            ("23.7%", "a"),
        ] {
            assert_eq!(a(p), article, "{p}");
        }
    }

    #[test]
    fn an_estimated_loss_names_the_score_now_or_the_sheet_left() {
        assert_eq!(
            estimated(
                ("6 + 8, throw away 6", 50.0, 40.5),
                ("7 + 8, throw away 5", 400.0, 4.0),
                (20.0, 53.0)
            ),
            "6 + 8, throw away 6 expects a final score of 40.5, 7 + 8, throw away 5 4.0 (a loss \
             of 36.5, 95% interval 20.0 to 53.0): 7 + 8, throw away 5 scores more now (+400 \
             against +50), yet the sheet it leaves is worth less than the points"
        );
        assert!(
            estimated(("a", 100.0, 40.0), ("b", 50.0, 20.0), (5.0, 35.0)).ends_with(
                ": a scores more now (+100 against +50) and leaves the sheet worth more"
            )
        );
        assert!(
            estimated(("a", 0.0, 40.0), ("b", 0.0, 20.0), (5.0, 35.0))
                .ends_with(": both score +0 now; the sheet a leaves is worth more")
        );
    }

    #[test]
    fn a_lone_turn_is_told_the_points_and_the_risk_of_a_zero() {
        let roll = parts("roll 2 dice again", None, 6.34, 0.203);
        let stop = parts("stop with 5", None, 5.0, 0.0);
        assert_eq!(
            reason(&roll, &stop),
            "roll 2 dice again expects 6.34 points, stop with 5 5.00, worth its 20.3% chance of \
             scoring 0"
        );
        assert_eq!(
            reason(&stop, &roll),
            "stop with 5 expects 5.00 points, roll 2 dice again 6.34, and risks a 0 less (0.0% \
             against 20.3%)"
        );
    }
}
