//! How the policies given on the command line map to seats: shared by every game with seats, so
//! a policy given for several seats is one policy in every report, and every game accepts the
//! same counts of `--policy`.

use crate::error::{Error, Result};

/// One policy per seat for a game of `players` seats: one policy plays every seat (kept as one,
/// also when it is typed for every seat), and a list whose length divides the player count is
/// repeated in turn (`A B` at a table of four plays `A B A B`), so two policies can meet at a
/// table of four or six without typing each seat. Any other count is refused, since it would
/// seat one policy more often than another.
pub fn fill_seats<T: Clone + PartialEq>(given: Vec<T>, players: u32) -> Result<Vec<T>> {
    let n = given.len();
    let players = players as usize;
    // One policy typed for every seat is the run `--policy A` is: one name in reports, so
    // `merge` sees the same run.
    if n > 1 && given.iter().all(|g| *g == given[0]) {
        return Ok(given[..1].to_vec());
    }
    if n == 1 || n == players {
        return Ok(given);
    }
    if n == 0 || n > players || !players.is_multiple_of(n) {
        let divisors: Vec<String> = (1..=players)
            .filter(|&d| players.is_multiple_of(d))
            .map(|d| d.to_string())
            .collect();
        return Err(Error::input(format!(
            "--policy: a game of {players} players takes one policy for every seat, one each, or a \
             count that divides {players} (they take the seats in turn): {}; found {n}",
            divisors.join(", ")
        )));
    }
    Ok(given.iter().cycle().take(players).cloned().collect())
}

/// The first spec given a second time, if any: policies compared on the same dice or rolls must
/// differ, or a comparison would pair a policy with itself.
pub fn first_repeat<T: PartialEq>(given: &[T]) -> Option<&T> {
    given
        .iter()
        .enumerate()
        .find(|(i, s)| given[..*i].contains(s))
        .map(|(_, s)| s)
}

/// The distinct policies in the order first given, and for each spec given the index of its
/// policy among them; the seating is empty when one spec plays every seat.
pub fn seat_policies<T: PartialEq + Clone>(given: &[T]) -> (Vec<T>, Vec<usize>) {
    let mut distinct: Vec<T> = Vec::new();
    let mut seating = Vec::new();
    for spec in given {
        match distinct.iter().position(|d| d == spec) {
            Some(i) => seating.push(i),
            None => {
                seating.push(distinct.len());
                distinct.push(spec.clone());
            }
        }
    }
    if given.len() == 1 {
        seating.clear();
    }
    (distinct, seating)
}

/// A game's seating with `players` seats over `policies` distinct policies: an empty seating
/// means one policy for all. Panics on a seating the configuration could not have made.
pub fn full_seating(players: u32, seating: Vec<usize>, policies: usize) -> Vec<usize> {
    let seating = if seating.is_empty() {
        vec![0; players as usize]
    } else {
        seating
    };
    assert!(seating.len() == players as usize && seating.iter().all(|&p| p < policies));
    seating
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn repeated_policies_share_one_index() {
        assert_eq!(
            seat_policies(&["a", "b", "a"]),
            (vec!["a", "b"], vec![0, 1, 0])
        );
        assert_eq!(seat_policies(&["a"]), (vec!["a"], vec![]));
        assert_eq!(full_seating(3, vec![], 1), vec![0, 0, 0]);
        assert_eq!(first_repeat(&["a", "b", "c", "b", "a"]), Some(&"b"));
        assert_eq!(first_repeat(&["a", "b"]), None);
    }

    #[test]
    fn policies_fill_the_seats_in_turn_when_their_count_divides_the_players() {
        assert_eq!(fill_seats(vec!["a"], 4).unwrap(), ["a"]);
        assert_eq!(fill_seats(vec!["a", "a", "a", "a"], 4).unwrap(), ["a"]);
        assert_eq!(fill_seats(vec!["a", "a"], 4).unwrap(), ["a"]);
        assert_eq!(fill_seats(vec!["a", "b"], 4).unwrap(), ["a", "b", "a", "b"]);
        assert_eq!(
            fill_seats(vec!["a", "b", "c"], 6).unwrap(),
            ["a", "b", "c", "a", "b", "c"]
        );
        assert_eq!(fill_seats(vec!["a", "b", "c"], 3).unwrap(), ["a", "b", "c"]);
        for (given, players) in [(3, 4), (5, 4), (4, 6)] {
            let e = fill_seats((0..given).collect(), players)
                .unwrap_err()
                .to_string();
            assert!(e.contains(&format!("found {given}")), "{e}");
        }
        let e = fill_seats(vec!["w", "x", "y", "z"], 6)
            .unwrap_err()
            .to_string();
        assert!(
            e.contains("divides 6 (they take the seats in turn): 1, 2, 3, 6;"),
            "{e}"
        );
    }
}
