//! The counts a simulation keeps while it plays, and their one way of combining: adding.
//!
//! Every accumulator is made of event counts (`u64`) and dense histograms (`counts[v]` observations
//! of the value `v`), so combining the accumulators of two chunks is adding counts, which is exact
//! and order-free: this is what makes a report byte-identical for any thread count and shard
//! split. [`Merge`] says it once for every shape a game uses, and [`merge_fields!`](crate::merge_fields) writes a
//! game's accumulator merge from the list of its fields.

/// Adds another accumulator of the same shape into this one.
pub trait Merge {
    /// Adds every count of `other` into `self`.
    fn merge(&mut self, other: &Self);
}

impl Merge for u64 {
    fn merge(&mut self, other: &Self) {
        *self += other;
    }
}

impl<T: Merge, const N: usize> Merge for [T; N] {
    fn merge(&mut self, other: &Self) {
        for (a, b) in self.iter_mut().zip(other) {
            a.merge(b);
        }
    }
}

/// Vectors merge element by element; a longer `other` extends `self`, so dense histograms that
/// grow with the values seen (turns per round, chips) merge whatever each chunk saw.
impl<T: Merge + Clone> Merge for Vec<T> {
    fn merge(&mut self, other: &Self) {
        for (a, b) in self.iter_mut().zip(other) {
            a.merge(b);
        }
        if other.len() > self.len() {
            self.extend_from_slice(&other[self.len()..]);
        }
    }
}

/// Counts one observation of `value` in a dense histogram, growing it as needed (for values with
/// no fixed bound, such as the turns of a round).
#[inline]
pub fn bump(counts: &mut Vec<u64>, value: usize) {
    if value >= counts.len() {
        counts.resize(value + 1, 0);
    }
    counts[value] += 1;
}

/// Implements [`Merge`] for an accumulator struct by merging each of its fields. The fields are
/// destructured exhaustively, so a field added to the struct but not to the list is a compile
/// error rather than a count silently lost in every merged report.
#[macro_export]
macro_rules! merge_fields {
    ($ty:ident { $($field:ident),+ $(,)? }) => {
        impl $crate::accumulator::Merge for $ty {
            fn merge(&mut self, other: &Self) {
                let $ty { $($field),+ } = self;
                $( $crate::accumulator::Merge::merge($field, &other.$field); )+
            }
        }
    };
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn counts_add_element_by_element_and_grow() {
        let mut a: Vec<u64> = vec![1, 2];
        a.merge(&vec![10, 20, 30]);
        assert_eq!(a, [11, 22, 30]);
        let mut b = [[1u64, 1], [2, 2]];
        b.merge(&[[1, 2], [3, 4]]);
        assert_eq!(b, [[2, 3], [5, 6]]);
        let mut c: Vec<Vec<u64>> = vec![vec![], vec![1]];
        c.merge(&vec![vec![5], vec![0, 7]]);
        assert_eq!(c, [vec![5], vec![1, 7]]);
        let mut d = Vec::new();
        bump(&mut d, 3);
        bump(&mut d, 0);
        bump(&mut d, 3);
        assert_eq!(d, [1, 0, 0, 2]);
    }

    struct Acc {
        games: u64,
        hist: Vec<u64>,
    }
    merge_fields!(Acc { games, hist });

    #[test]
    fn merge_fields_merges_every_listed_field() {
        let mut a = Acc {
            games: 2,
            hist: vec![1],
        };
        a.merge(&Acc {
            games: 3,
            hist: vec![1, 1],
        });
        assert_eq!((a.games, a.hist), (5, vec![2, 1]));
    }
}
