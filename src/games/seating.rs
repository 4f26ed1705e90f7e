//! How the policies given on the command line map to seats: shared by every game with seats, so
//! a policy given for several seats is one policy in every report.

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
    }
}
