//! Trains Solitaire Dice's learned value (`--policy learned`) by self-play and writes it, with
//! its learning curve: the command that made the shipped
//! `src/games/solitaire_dice/learned/value.bin`.
//!
//!     cargo run --release --example train_solitaire_value -- \
//!         src/games/solitaire_dice/learned/value.bin docs/img/solitaire-learning-curve.csv
//!
//! Optional arguments after the two paths: games, alpha, bonus, seed (default: the shipped
//! training, `Training::SHIPPED`: 10,000,000 games, alpha 0.0002, bonus 100, seed 1; about
//! 2.5 minutes on one core). The same arguments write the same bytes. Every 500,000 games the
//! value so far plays 20,000 games of their own dice (seed 2026) without learning; the curve
//! (games, mean final score, its standard error, share reaching 500) goes to stderr and to the
//! CSV, and its chart beside it (CURVE.svg).
use std::fmt::Write as _;
use std::time::Instant;

use dicelab::games::solitaire_dice::learned::ValueNet;
use dicelab::games::solitaire_dice::learned::train::{Training, mean_and_error, play, train};
use dicelab::report::charts::learning_curve_svg;

/// Games the curve plays at each point, and their seed.
const CURVE_GAMES: u64 = 20_000;
const CURVE_SEED: u64 = 2026;

/// One point of the curve: mean, its standard error, and the share of games reaching 500.
fn measured(net: &ValueNet) -> (f64, f64, f64) {
    let scores = play(net, CURVE_GAMES, CURVE_SEED);
    let (mean, se) = mean_and_error(&scores);
    let won = scores.iter().filter(|&&s| s >= 500).count() as f64 / scores.len() as f64;
    (mean, se, won)
}

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let [out, curve_out, rest @ ..] = args.as_slice() else {
        eprintln!("usage: train_solitaire_value OUT.bin CURVE.csv [games alpha bonus seed]");
        std::process::exit(2);
    };
    let mut training = Training::SHIPPED;
    let number = |i: usize| rest.get(i).map(|a| a.replace('_', ""));
    if let Some(g) = number(0) {
        training.games = g.parse::<f64>().expect("games: a number") as u64;
    }
    if let Some(a) = number(1) {
        training.alpha = a.parse().expect("alpha: a number");
    }
    if let Some(b) = number(2) {
        training.bonus = b.parse().expect("bonus: a number");
    }
    if let Some(s) = number(3) {
        training.seed = s.parse().expect("seed: a whole number");
    }
    eprintln!("training {training:?}");
    let start = Instant::now();
    let mut curve = String::from("games,mean,se,p_score_500\n");
    let mut means = Vec::new();
    let mut point = |games: u64, net: &ValueNet| {
        let (mean, se, won) = measured(net);
        eprintln!(
            "{games:>10} games  {:>6.1} s  mean {mean:.1} ±{se:.1}  500 or more {:.2}%",
            start.elapsed().as_secs_f64(),
            won * 100.0
        );
        writeln!(curve, "{games},{mean:.2},{se:.2},{won:.5}").unwrap();
        if games > 0 {
            means.push((games, mean));
        }
    };
    point(0, &ValueNet::zero(training.bonus));
    let net = train(&training, 500_000, &mut point);
    std::fs::write(out, net.to_bytes()).expect("write the value file");
    std::fs::write(curve_out, curve).expect("write the curve");
    let chart = format!("{}.svg", curve_out.trim_end_matches(".csv"));
    // projection's (best until 0.19) mean on 200,000 games of seed 1 (docs/solitaire-dice.md).
    std::fs::write(
        &chart,
        learning_curve_svg(&means, 221.7).expect("draw the curve"),
    )
    .expect("write the chart");
    eprintln!("wrote {out}, {curve_out} and {chart}");
}
