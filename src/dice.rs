//! Exactly uniform dice, several from one 64-bit draw.
//!
//! A roll of `k` dice is drawn as one integer uniform on `[0, 6^k)`: its base-6 digits are the
//! faces. Lemire's multiply-and-reject method makes that integer exactly uniform (no modulo bias),
//! and because `6^k` is far below `2^64` for the sizes used here a rejection almost never happens,
//! so a single call to the generator yields up to eighteen dice ([`RollStream`] splits one draw
//! into several rolls). Games look rolls up in tables indexed by the packed number, so most hot
//! loops never unpack a die at all.

use rand_xoshiro::rand_core::Rng;

/// Number of ordered outcomes of a roll of one die.
pub const FACES: u64 = 6;

/// `6^k`, the number of ordered outcomes of a roll of `k` dice (`k <= 24`).
pub const fn pow6(k: u32) -> u64 {
    let mut p = 1u64;
    let mut i = 0;
    while i < k {
        p *= FACES;
        i += 1;
    }
    p
}

/// An integer exactly uniform on `[0, s)` (`s >= 1`), by Lemire's nearly divisionless method.
///
/// The high half of `x * s` is the candidate; the low half tells whether `x` fell in the
/// few values that would bias it, and those are redrawn. The division that computes the
/// threshold only runs in the rare case that the low half is small.
#[inline(always)]
pub fn below<R: Rng + ?Sized>(rng: &mut R, s: u64) -> u64 {
    debug_assert!(s > 0);
    let mut m = u128::from(rng.next_u64()) * u128::from(s);
    if (m as u64) < s {
        let threshold = s.wrapping_neg() % s;
        while (m as u64) < threshold {
            m = u128::from(rng.next_u64()) * u128::from(s);
        }
    }
    (m >> 64) as u64
}

/// A roll of `k` dice packed as a base-6 number uniform on `[0, 6^k)`.
#[inline(always)]
pub fn roll_packed<R: Rng + ?Sized>(rng: &mut R, k: u32) -> u64 {
    below(rng, pow6(k))
}

/// Writes the faces (1 to 6) of a packed roll into `faces`, least significant digit first.
pub fn unpack(mut packed: u64, faces: &mut [u8]) {
    for face in faces {
        *face = (packed % FACES) as u8 + 1;
        packed /= FACES;
    }
}

/// How many of each face (index 0 for ones) a packed roll of `k` dice shows.
pub fn face_counts(mut packed: u64, k: u32) -> [u8; 6] {
    let mut counts = [0u8; 6];
    for _ in 0..k {
        counts[(packed % FACES) as usize] += 1;
        packed /= FACES;
    }
    counts
}

/// A stream of rolls of `DICE` dice, `PER_DRAW` rolls taken from each 64-bit draw.
///
/// The rolls of one draw are the mixed-radix digits of Lemire's `x * 6^(DICE * PER_DRAW)`, peeled
/// off most significant first by multiplying the low word by `6^DICE` again and again (the batched
/// method of Brackett-Rozinsky and Lemire, 2024). The final low word is exactly the quantity
/// Lemire's method tests for rejection, so the rolls are exactly uniform and independent, and each
/// costs one multiplication instead of a division. `DICE * PER_DRAW` must be at most 18 so that a
/// redraw is rarer than one in 180,000.
#[derive(Clone, Debug)]
pub struct RollStream<const DICE: u32, const PER_DRAW: usize> {
    rolls: [u32; PER_DRAW],
    left: usize,
}

impl<const DICE: u32, const PER_DRAW: usize> Default for RollStream<DICE, PER_DRAW> {
    fn default() -> Self {
        Self::new()
    }
}

impl<const DICE: u32, const PER_DRAW: usize> RollStream<DICE, PER_DRAW> {
    const ROLL: u64 = pow6(DICE);
    const DRAW: u64 = {
        assert!(DICE as usize * PER_DRAW <= 18 && DICE >= 1 && PER_DRAW >= 1);
        pow6(DICE * PER_DRAW as u32)
    };

    /// An empty stream; the first call to [`RollStream::next`] draws.
    pub const fn new() -> Self {
        Self {
            rolls: [0; PER_DRAW],
            left: 0,
        }
    }

    /// The next roll, packed as a base-6 number in `[0, 6^DICE)`.
    #[inline(always)]
    pub fn next<R: Rng + ?Sized>(&mut self, rng: &mut R) -> u32 {
        if self.left == 0 {
            self.refill(rng);
        }
        self.left -= 1;
        self.rolls[self.left]
    }

    #[inline(always)]
    fn refill<R: Rng + ?Sized>(&mut self, rng: &mut R) {
        loop {
            let mut low = rng.next_u64();
            for roll in self.rolls.iter_mut() {
                let m = u128::from(low) * u128::from(Self::ROLL);
                *roll = (m >> 64) as u32;
                low = m as u64;
            }
            // Lemire's test on the whole product: only the few lowest words are biased.
            if low >= Self::DRAW || low >= Self::DRAW.wrapping_neg() % Self::DRAW {
                break;
            }
        }
        self.left = PER_DRAW;
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use rand_xoshiro::Xoshiro256PlusPlus;
    use rand_xoshiro::rand_core::SeedableRng;

    #[test]
    fn pow6_matches_repeated_multiplication() {
        assert_eq!(pow6(0), 1);
        assert_eq!(pow6(6), 46_656);
        assert_eq!(pow6(12), 2_176_782_336);
        assert_eq!(pow6(24), 4_738_381_338_321_616_896);
    }

    #[test]
    fn unpack_reads_base6_digits_low_first() {
        let mut faces = [0u8; 3];
        // digits (low first) 5, 0, 2 => faces 6, 1, 3
        unpack(5 + 2 * 36, &mut faces);
        assert_eq!(faces, [6, 1, 3]);
        assert_eq!(face_counts(5 + 2 * 36, 3), [1, 0, 1, 0, 0, 1]);
    }

    /// A generator that replays given words, to drive the rejection branch on purpose.
    struct Scripted(Vec<u64>);

    impl rand_xoshiro::rand_core::TryRng for Scripted {
        type Error = std::convert::Infallible;
        fn try_next_u32(&mut self) -> Result<u32, Self::Error> {
            Ok(self.try_next_u64()? as u32)
        }
        fn try_next_u64(&mut self) -> Result<u64, Self::Error> {
            Ok(self.0.remove(0))
        }
        fn try_fill_bytes(&mut self, _: &mut [u8]) -> Result<(), Self::Error> {
            unimplemented!("not used by the dice")
        }
    }

    #[test]
    fn a_biased_draw_is_rejected_and_redrawn() {
        // For s = 3, 2^64 mod 3 = 1: only x = 0 (product's low word 0) is biased.
        let mut rng = Scripted(vec![0, u64::MAX, 7]);
        assert_eq!(
            below(&mut rng, 3),
            2,
            "x = 0 would give 0; the redraw gives 2"
        );
        assert_eq!(rng.0, vec![7], "exactly one redraw");
        // The same for a batch of three casts: x = 0 leaves a low word of 0.
        let mut rng = Scripted(vec![0, u64::MAX, 7]);
        let mut stream = RollStream::<6, 3>::new();
        let first = stream.next(&mut rng);
        assert_eq!(rng.0, vec![7]);
        assert_eq!(
            first as u64,
            pow6(6) - 1,
            "digits of u64::MAX * 6^18 are all 46655"
        );
    }

    /// The batched split is Lemire's single draw on `6^18`, digit for digit: so it inherits its
    /// exact uniformity.
    #[test]
    fn roll_stream_is_the_digits_of_one_lemire_draw() {
        let mut a = Xoshiro256PlusPlus::seed_from_u64(3);
        let mut b = a.clone();
        let mut stream = RollStream::<6, 3>::new();
        for _ in 0..100_000 {
            let (low, mid, high) = (
                u64::from(stream.next(&mut a)),
                u64::from(stream.next(&mut a)),
                u64::from(stream.next(&mut a)),
            );
            let roll = pow6(6);
            assert_eq!(below(&mut b, pow6(18)), (high * roll + mid) * roll + low);
        }
    }

    #[test]
    fn roll_stream_yields_every_roll_in_range() {
        let mut rng = Xoshiro256PlusPlus::seed_from_u64(2);
        let mut stream = RollStream::<6, 3>::new();
        let mut seen = vec![false; 46_656];
        for _ in 0..2_000_000 {
            let r = stream.next(&mut rng) as usize;
            seen[r] = true;
        }
        assert!(
            seen.iter().all(|&s| s),
            "every one of 6^6 rolls appears in 2M draws"
        );
    }
}
