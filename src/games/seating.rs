//! Players and the policies that play them, checked and seated the same way in every game.
//!
//! With one player a run compares policies on the same dice or cards; with several it is a game
//! whose seats the policies take. Both are checked here once, so every game accepts the same
//! counts of `--policy` and refuses the same mistakes with the same words, and a game that seats
//! policies in a random rotation (Sevens, 7) does it through one [`Rotation`].

use std::fmt::Display;
use std::ops::RangeInclusive;
use std::str::FromStr;

use rand::RngExt;
use rand_xoshiro::rand_core::Rng;

use crate::error::{Error, Message, Result, Setting};

/// How many players a game takes, and what the count means there.
#[derive(Clone, Copy, Debug)]
pub struct Players {
    /// Fewest players.
    pub min: u32,
    /// Most players.
    pub max: u32,
    /// What the count means, for the error line (may be empty).
    pub note: &'static str,
}

impl Players {
    /// The counts allowed.
    pub fn range(&self) -> RangeInclusive<u32> {
        self.min..=self.max
    }

    /// Refuses a player count outside the range, naming the game.
    pub fn check(&self, game: &str, players: u32) -> Result<()> {
        if self.range().contains(&players) {
            return Ok(());
        }
        let note = if self.note.is_empty() {
            String::new()
        } else {
            format!(" ({})", self.note)
        };
        let count = if self.min == self.max {
            format!(
                "{} player{}",
                self.min,
                if self.min == 1 { "" } else { "s" }
            )
        } else {
            format!("{} to {} players", self.min, self.max)
        };
        Err(Error::value(
            Setting::PLAYERS,
            players.to_string(),
            format!("{game} takes {count}{note}"),
        )
        .outside(players, (self.min.into(), self.max.into())))
    }
}

/// The policies of a run and the seats they take.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Seats<S> {
    /// The specs as given: the policies compared, or one per seat of a game (one spec when one
    /// plays every seat). Reports list them in the `policy` column.
    pub given: Vec<S>,
    /// The distinct policies in the order first given.
    pub policies: Vec<S>,
    /// For each compared policy or seat, the index of its policy in `policies`.
    pub seating: Vec<usize>,
}

impl<S: Clone + PartialEq + Display> Seats<S> {
    /// Checks and seats `specs` (`default` when none is given).
    ///
    /// With one player, up to `max_compared` policies are compared on the same chance, and each
    /// must differ (a comparison would pair a policy with itself). With several, one policy
    /// plays every seat, one each, or a count that divides the players and takes the seats in
    /// turn (`A B` at a table of four plays `A B A B`); any other count is refused, since it would
    /// seat one policy more often than another. A policy typed for every seat is the run
    /// `--policy A` is: one name in reports, so `merge` sees the same run.
    pub fn new(specs: Vec<S>, default: S, players: u32, max_compared: usize) -> Result<Self> {
        let specs = if specs.is_empty() {
            vec![default]
        } else {
            specs
        };
        let n = specs.len();
        if players <= 1 {
            if let Some(spec) = specs
                .iter()
                .enumerate()
                .find(|(i, s)| specs[..*i].contains(s))
                .map(|(_, s)| s)
            {
                return Err(Error::input(
                    Message::default().setting(Setting::POLICY).text(format!(
                        " '{spec}' is given twice; the policies compared in one run must differ"
                    )),
                ));
            }
            if n > max_compared {
                return Err(Error::setting(
                    Setting::POLICY,
                    format!("at most {max_compared} policies are compared in one run, found {n}"),
                ));
            }
            return Ok(Self {
                policies: specs.clone(),
                seating: (0..n).collect(),
                given: specs,
            });
        }
        let seats = players as usize;
        if n != 1 && (n > seats || !seats.is_multiple_of(n)) {
            let divisors: Vec<String> = (1..=seats)
                .filter(|&d| seats.is_multiple_of(d))
                .map(|d| d.to_string())
                .collect();
            return Err(Error::setting(
                Setting::POLICY,
                format!(
                    "a game of {seats} players takes one policy for every seat, one each, or a \
                     count that divides {seats} (they take the seats in turn): {}; found {n}",
                    divisors.join(", ")
                ),
            ));
        }
        let given = if specs.iter().all(|s| *s == specs[0]) {
            specs[..1].to_vec()
        } else {
            specs.iter().cycle().take(seats).cloned().collect()
        };
        let mut policies: Vec<S> = Vec::new();
        let mut seating = Vec::with_capacity(seats);
        for spec in given.iter().cycle().take(seats) {
            match policies.iter().position(|p| p == spec) {
                Some(i) => seating.push(i),
                None => {
                    seating.push(policies.len());
                    policies.push(spec.clone());
                }
            }
        }
        Ok(Self {
            given,
            policies,
            seating,
        })
    }

    /// Parses the policy specs as written on the command line, then seats them as [`Seats::new`]
    /// does: the first spec that does not parse is the error.
    pub fn parse(given: &[String], default: S, players: u32, max_compared: usize) -> Result<Self>
    where
        S: FromStr<Err = Error>,
    {
        let specs = given
            .iter()
            .map(|s| s.parse::<S>())
            .collect::<Result<Vec<_>>>()?;
        Self::new(specs, default, players, max_compared)
    }

    /// Whether several different policies share the run.
    pub fn several(&self) -> bool {
        self.policies.len() > 1
    }
}

/// Policies seated in a random rotation, drawn per game: the `i`-th seat as given plays in seat
/// `(i + offset) mod P`, so every policy plays every seat equally often, the per-policy figures
/// compare policies and the per-seat figures show what a seat is worth.
#[derive(Clone, Debug)]
pub struct Rotation {
    seating: Vec<usize>,
    several: bool,
}

impl Rotation {
    /// The rotation of a game seated as `seats` says.
    pub fn new<S: Clone + PartialEq + Display>(seats: &Seats<S>) -> Self {
        Self {
            seating: seats.seating.clone(),
            several: seats.several(),
        }
    }

    /// One game's offset, drawn from `rng` (`rand`'s exactly uniform `random_range` on a `u64`,
    /// which picks what Lemire's method picked before for all but about `n / 2^64` of draws);
    /// nothing is drawn when one policy plays every seat, so such runs keep the chance they
    /// would have without a rotation.
    #[inline]
    pub fn draw<R: Rng + ?Sized>(&self, rng: &mut R) -> usize {
        if self.several {
            rng.random_range(..self.seating.len() as u64) as usize
        } else {
            0
        }
    }

    /// The policy (an index into [`Seats::policies`]) of `seat` in a game with `offset`.
    #[inline(always)]
    pub fn policy_of(&self, seat: usize, offset: usize) -> usize {
        let n = self.seating.len();
        self.seating[(seat + n - offset) % n]
    }
}

/// The pairs of compared policies whose paired differences a comparison reports, in report
/// order: (0,1), (0,2), ..., (1,2), ...
pub fn pairs(policies: usize) -> impl Iterator<Item = (usize, usize)> {
    (0..policies).flat_map(move |a| (a + 1..policies).map(move |b| (a, b)))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn seats(given: &[&str], players: u32) -> Result<Seats<String>> {
        let given = given.iter().map(|s| s.to_string()).collect();
        Seats::new(given, "d".to_string(), players, 4)
    }

    fn names(s: &[String]) -> Vec<&str> {
        s.iter().map(String::as_str).collect()
    }

    #[test]
    fn repeated_policies_share_one_index() {
        let s = seats(&["a", "b", "a"], 3).unwrap();
        assert_eq!(names(&s.policies), ["a", "b"]);
        assert_eq!(s.seating, [0, 1, 0]);
        let s = seats(&["a"], 3).unwrap();
        assert_eq!((names(&s.given), s.seating), (vec!["a"], vec![0, 0, 0]));
        let s = seats(&[], 1).unwrap();
        assert_eq!(names(&s.given), ["d"]);
        assert_eq!(pairs(3).collect::<Vec<_>>(), [(0, 1), (0, 2), (1, 2)]);
    }

    #[test]
    fn policies_fill_the_seats_in_turn_when_their_count_divides_the_players() {
        let given = |g: &[&str], p| names(&seats(g, p).unwrap().given).join(" ");
        assert_eq!(given(&["a"], 4), "a");
        assert_eq!(given(&["a", "a", "a", "a"], 4), "a");
        assert_eq!(given(&["a", "a"], 4), "a");
        assert_eq!(given(&["a", "b"], 4), "a b a b");
        assert_eq!(given(&["a", "b", "c"], 6), "a b c a b c");
        assert_eq!(given(&["a", "b", "c"], 3), "a b c");
        for (n, players) in [(3, 4), (5, 4), (4, 6), (5, 3)] {
            let given: Vec<String> = (0..n).map(|i| format!("p{i}")).collect();
            let e = Seats::new(given, "d".to_string(), players, 4)
                .unwrap_err()
                .to_string();
            assert!(e.contains(&format!("found {n}")), "{e}");
        }
        // The count is checked before identical specs are taken as one: five seats' worth of
        // one policy at a table of three is as wrong as five different ones.
        let e = seats(&["a"; 5], 3).unwrap_err().to_string();
        assert!(
            e.contains("divides 3 (they take the seats in turn): 1, 3; found 5"),
            "{e}"
        );
        let e = seats(&["w", "x", "y", "z"], 6).unwrap_err().to_string();
        assert!(
            e.contains("divides 6 (they take the seats in turn): 1, 2, 3, 6;"),
            "{e}"
        );
    }

    #[test]
    fn a_comparison_takes_distinct_policies_up_to_its_limit() {
        let s = seats(&["a", "b"], 1).unwrap();
        assert_eq!((s.seating.clone(), s.several()), (vec![0, 1], true));
        let e = seats(&["a", "b", "a"], 1).unwrap_err().to_string();
        assert!(e.contains("'a' is given twice"), "{e}");
        let e = seats(&["a", "b", "c", "d", "e"], 1)
            .unwrap_err()
            .to_string();
        assert!(e.contains("at most 4 policies"), "{e}");
    }

    #[test]
    fn players_outside_the_range_are_named() {
        let p = Players {
            min: 2,
            max: 7,
            note: "",
        };
        assert!(p.check("g", 2).is_ok() && p.check("g", 7).is_ok());
        assert_eq!(
            p.check("g", 8).unwrap_err().to_string(),
            "players 8: g takes 2 to 7 players"
        );
        assert_eq!(p.check("g", 1).unwrap_err().range(), Some((2, 7)));
        let p = Players {
            min: 1,
            max: 8,
            note: "sheets sharing the rolls",
        };
        assert_eq!(
            p.check("g", 9).unwrap_err().to_string(),
            "players 9: g takes 1 to 8 players (sheets sharing the rolls)"
        );
    }

    #[test]
    fn a_rotation_seats_every_policy_in_every_seat() {
        let s = seats(&["a", "b", "c"], 3).unwrap();
        let r = Rotation::new(&s);
        let at = |offset| {
            (0..3)
                .map(|seat| r.policy_of(seat, offset))
                .collect::<Vec<_>>()
        };
        assert_eq!(at(0), [0, 1, 2]);
        assert_eq!(at(1), [2, 0, 1]);
        assert_eq!(at(2), [1, 2, 0]);
    }
}
