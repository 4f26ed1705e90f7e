//! Solitaire Dice, by Sid Sackson: five dice a roll, two pairs scored, one die thrown away.
//!
//! The decision every roll asks for is how to divide the dice, and what users ask is which way of
//! deciding scores best and how often it reaches the text's winning 500. So the game is a library
//! first: [`rules`] holds the sheet and the legal choices (our reading of the text is in
//! `RULES.md`, section "Solitaire Dice"), [`policy`] the [`Policy`](policy::Policy) trait with
//! built-in random and greedy play, and [`play`] whole games on dice from [`crate::dice`].
//! Command-line runs come later; everything here is sized for a hot loop of millions of games.
//!
//! ```
//! use dicelab::games::solitaire_dice::play::play;
//! use dicelab::games::solitaire_dice::policy::{Greedy, Random};
//! use rand_xoshiro::Xoshiro256PlusPlus;
//! use rand_xoshiro::rand_core::SeedableRng;
//!
//! // Greedy against random on the same 200 dice streams.
//! let (mut greedy, mut random) = (0i64, 0i64);
//! let mut coin = Random::new(Xoshiro256PlusPlus::seed_from_u64(0));
//! for seed in 0..200 {
//!     greedy += i64::from(play(&mut Greedy, &mut Xoshiro256PlusPlus::seed_from_u64(seed))?.score);
//!     random += i64::from(play(&mut coin, &mut Xoshiro256PlusPlus::seed_from_u64(seed))?.score);
//! }
//! assert!(greedy > random);
//! # Ok::<(), dicelab::Error>(())
//! ```

pub mod play;
pub mod policy;
pub mod rules;
