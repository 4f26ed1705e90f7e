//! How the built-in parameters of Solitaire Dice's `best` were tuned: the cross-entropy method
//! of `dicelab tune` (20 candidates a generation around the mean, the best 5 pull the mean and
//! spreads 60% of the way, common seeded games per generation, new games every generation) on
//! the nine parameters of the projection evaluation, since `tune` itself knows only the 61
//! linear weights. The objective is the mean final score plus `P500W` (an environment variable,
//! default 0) points per game reaching 500, so the search can be asked to win as well as score.
//!
//!     P500W=1000 cargo run --release --example tune_projection -- look 2000 1200 5 P1,P2,...,P9
//!
//! Arguments: `look` (play `best`) or `step` (play the evaluation one step ahead), games per
//! candidate, wall-time budget in seconds, seed, and optionally the nine starting parameters
//! (default `Params::START`). Each generation is printed on stderr; the end plays the start and
//! the tuned mean on five times as many fresh games and prints both and the tuned parameters.
use dicelab::engine::chunk_rng;
use dicelab::games::policy::OneStep;
use dicelab::games::solitaire_dice::play::play;
use dicelab::games::solitaire_dice::projection::{
    PARAMS, Params, Projected, Projection, ProjectionStep,
};
use rand_xoshiro::rand_core::Rng;
use rayon::prelude::*;
use std::time::Instant;

/// The objective of `p` on games `0..games` of `seed`.
fn score(p: &Params, seed: u64, games: u64, look: bool) -> f64 {
    let pr = Projection::new(*p);
    let w: f64 = std::env::var("P500W")
        .map(|v| v.parse().unwrap())
        .unwrap_or(0.0);
    let mut wins = 0i64;
    let mut t = 0i64;
    for g in 0..games {
        let mut dice = chunk_rng(seed, g);
        let o = if look {
            play(&mut OneStep(Projected::new(&pr)), &mut dice)
        } else {
            play(&mut OneStep(ProjectionStep::new(&pr)), &mut dice)
        }
        .unwrap();
        t += i64::from(o.score);
        wins += i64::from(o.score >= 500);
    }
    (t as f64 + w * wins as f64) / games as f64
}

/// A standard normal draw (Box-Muller).
fn normal(rng: &mut impl Rng) -> f64 {
    let u = ((rng.next_u64() >> 11) as f64 + 0.5) / (1u64 << 53) as f64;
    let v = (rng.next_u64() >> 11) as f64 / (1u64 << 53) as f64;
    (-2.0 * u.ln()).sqrt() * (std::f64::consts::TAU * v).cos()
}

fn main() {
    let args: Vec<String> = std::env::args().collect();
    let look = args[1] == "look";
    let games: u64 = args[2].parse().unwrap();
    let secs: u64 = args[3].parse().unwrap();
    let seed: u64 = args[4].parse().unwrap();
    let mut mean: [f64; PARAMS] = if args.len() > 5 {
        let v: Vec<f64> = args[5].split(',').map(|x| x.parse().unwrap()).collect();
        v.try_into().unwrap()
    } else {
        Params::START.values
    };
    let start = mean;
    let mut spread: [f64; PARAMS] = mean.map(|w| (w.abs() * 0.3).max(0.1));
    let t0 = Instant::now();
    let mut generation = 0u64;
    while t0.elapsed().as_secs() < secs {
        let gseed = chunk_rng(seed, 2 * generation).next_u64();
        let mut rng = chunk_rng(seed, 2 * generation + 1);
        let mut cands = vec![mean];
        for _ in 0..20 {
            let mut v = mean;
            for (x, s) in v.iter_mut().zip(&spread) {
                *x = (*x + s * normal(&mut rng)).max(0.0);
            }
            cands.push(v);
        }
        let means: Vec<f64> = cands
            .par_iter()
            .map(|v| score(&Params { values: *v }, gseed, games, look))
            .collect();
        let mut order: Vec<usize> = (1..cands.len()).collect();
        order.sort_by(|&a, &b| means[b].total_cmp(&means[a]));
        for i in 0..PARAMS {
            let m = order[..5].iter().map(|&c| cands[c][i]).sum::<f64>() / 5.0;
            let var = order[..5]
                .iter()
                .map(|&c| (cands[c][i] - m).powi(2))
                .sum::<f64>()
                / 5.0;
            mean[i] = 0.6 * m + 0.4 * mean[i];
            spread[i] = (0.6 * var.sqrt() + 0.4 * spread[i]).max(0.01);
        }
        generation += 1;
        eprintln!(
            "generation {generation} {:.0}s mean-cand {:.1} best {:.1} -> {}",
            t0.elapsed().as_secs_f64(),
            means[0],
            means[order[0]],
            mean.iter()
                .map(|x| format!("{x:.4}"))
                .collect::<Vec<_>>()
                .join(",")
        );
    }
    let check = chunk_rng(seed, u64::MAX).next_u64();
    let (a, b) = rayon::join(
        || score(&Params { values: start }, check, games * 5, look),
        || score(&Params { values: mean }, check, games * 5, look),
    );
    println!(
        "final check {} games: start {a:.2} tuned {b:.2}\n{}",
        games * 5,
        mean.iter()
            .map(|x| format!("{x}"))
            .collect::<Vec<_>>()
            .join(",")
    );
}
