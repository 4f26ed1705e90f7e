//! A hand, a pile's cards or a whole table as eight one-byte counts in one integer: a turn's
//! change to a hand is one addition, the numbers a hand holds are computed from its counts, and
//! the seats that pass to one are found among all eight at once. Kept apart from the play-out,
//! which reads the counts only through these few operations, so the bit tricks are checked in
//! one place.

use crate::games::sieben::deck::Counts;

/// Cards per number as one-byte counts, number `n` in byte `n` (byte 0 is always 0): a turn's
/// changes to a hand are additions of [`ONE`] entries, in a register.
pub(super) type Bytes = u64;

/// One card of each number as [`Bytes`]; number 0 adds nothing, which is how a turn that lays
/// or draws no card adds none.
pub(super) const ONE: [Bytes; 8] = {
    let mut t = [0; 8];
    let mut n = 1;
    while n < 8 {
        t[n] = 1 << (8 * n);
        n += 1;
    }
    t
};

/// The 7s of [`Bytes`].
pub(super) const SEVENS: Bytes = 0xFF << 56;

/// The count of number `n` in `bytes`.
#[inline(always)]
pub(super) fn count(bytes: Bytes, n: usize) -> u32 {
    (bytes >> (8 * n)) as u32 & 0xFF
}

/// The numbers `hand` holds, bit `n` for number `n`.
#[inline(always)]
pub(super) fn numbers(hand: Bytes) -> u8 {
    const LOW: u64 = 0x7F7F_7F7F_7F7F_7F7F;
    // Bit 7 of a byte is set when the byte is not 0 (no byte carries into the next); the
    // multiplication gathers those bits into the top byte.
    let held = ((((hand & LOW) + LOW) | hand) & !LOW) >> 7;
    (held.wrapping_mul(0x0102_0408_1020_4080) >> 56) as u8
}

/// `counts` as [`Bytes`]; each at most 255.
pub(super) fn bytes(counts: &Counts) -> Bytes {
    (1..8).fold(0, |acc, n| {
        debug_assert!(counts[n] <= 0xFF);
        acc | Bytes::from(counts[n]) << (8 * n)
    })
}

/// 0xFF in each byte of `x` that is 0, 0 in the others.
pub(super) fn zero_bytes(x: u64) -> u64 {
    const LOW: u64 = 0x7F7F_7F7F_7F7F_7F7F;
    // Bit 7 of a byte is set when the byte is not 0; no byte carries into the next.
    let nonzero = ((x & LOW) + LOW) | x;
    ((!nonzero & !LOW) >> 7) * 0xFF
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_hand_holds_the_numbers_of_its_counts() {
        for counts in [
            [0, 0, 0, 0, 0, 0, 0, 0],
            [0, 1, 0, 3, 0, 0, 255, 1],
            [0; 8].map(|_| 9),
        ] {
            let mut counts = counts;
            counts[0] = 0;
            let expected = (1..8).fold(0u8, |h, n| h | u8::from(counts[n] != 0) << n);
            assert_eq!(numbers(bytes(&counts)), expected, "{counts:?}");
            assert!((1..8).all(|n| count(bytes(&counts), n) == counts[n]));
        }
        assert_eq!(zero_bytes(0x0100_FF00_0001_0200), 0x00FF_00FF_FF00_00FF);
    }
}
