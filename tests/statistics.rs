//! Statistical checks with fixed seeds (so they cannot flake): the dice are uniform and
//! independent, and every simulated metric lands within 4 standard errors of its exact value.

use dicelab::dice::{RollStream, below, pow6, unpack};
use dicelab::engine::{RunConfig, chunk_rng};
use dicelab::games::{self, Setup};
use dicelab::stats::{MetricId, Subject};
use rand_xoshiro::rand_core::Rng;
use statrs::distribution::{ChiSquared, ContinuousCDF};

/// Upper-tail p-value of Pearson's chi-square statistic of `observed` against `expected` shares.
fn chi_square_p(observed: &[u64], expected: &[f64]) -> f64 {
    let n: u64 = observed.iter().sum();
    let stat: f64 = observed
        .iter()
        .zip(expected)
        .map(|(&o, &p)| {
            let e = p * n as f64;
            (o as f64 - e).powi(2) / e
        })
        .sum();
    let df = (observed.len() - 1) as f64;
    1.0 - ChiSquared::new(df).unwrap().cdf(stat)
}

#[test]
fn faces_are_uniform_and_consecutive_dice_independent() {
    let mut rng = chunk_rng(2024, 0);
    let mut stream = RollStream::<6, 3>::new();
    let mut faces = [0u64; 6];
    let mut pairs = [0u64; 36];
    let mut dice = [0u8; 6];
    let mut previous: Option<u8> = None;
    for _ in 0..1_000_000 {
        unpack(u64::from(stream.next(&mut rng)), &mut dice);
        for &d in &dice {
            faces[d as usize - 1] += 1;
            if let Some(p) = previous {
                pairs[(p as usize - 1) * 6 + d as usize - 1] += 1;
            }
            previous = Some(d);
        }
    }
    let p_faces = chi_square_p(&faces, &[1.0 / 6.0; 6]);
    let p_pairs = chi_square_p(&pairs, &[1.0 / 36.0; 36]);
    assert!(p_faces > 1e-3, "faces {faces:?}: p = {p_faces}");
    assert!(p_pairs > 1e-3, "pairs: p = {p_pairs}");
}

#[test]
fn eighteen_dice_from_one_draw_are_uniform_in_every_position() {
    let mut rng = chunk_rng(7, 3);
    let mut by_position = [[0u64; 6]; 18];
    let mut dice = [0u8; 18];
    for _ in 0..200_000 {
        unpack(below(&mut rng, pow6(18)), &mut dice);
        for (pos, &d) in dice.iter().enumerate() {
            by_position[pos][d as usize - 1] += 1;
        }
    }
    for (pos, counts) in by_position.iter().enumerate() {
        let p = chi_square_p(counts, &[1.0 / 6.0; 6]);
        assert!(p > 1e-4, "position {pos}: {counts:?} p = {p}");
    }
}

/// `below` has no modulo bias even where naive reduction would be badly biased, and the same
/// chi-square test does catch such a bias (so the test above has teeth).
#[test]
fn below_is_unbiased_where_modulo_would_not_be() {
    let s = (u64::MAX / 3) * 2; // 2^64 mod s is about s / 2: x % s would favour the low half
    let mut rng = chunk_rng(5, 0);
    let mut fair = [0u64; 2];
    let mut naive = [0u64; 2];
    for _ in 0..200_000 {
        fair[usize::from(below(&mut rng, s) >= s / 2)] += 1;
        naive[usize::from(rng.next_u64() % s >= s / 2)] += 1;
    }
    assert!(chi_square_p(&fair, &[0.5, 0.5]) > 1e-3, "{fair:?}");
    assert!(
        chi_square_p(&naive, &[0.5, 0.5]) < 1e-10,
        "the naive sampler looks fair: {naive:?}"
    );
}

/// Simulates `setup` with a fixed seed and checks every metric that has an exact value.
fn check_against_exact(name: &str, setup: Setup, units: u64, seed: u64) -> usize {
    let game = games::configure(name, &setup).unwrap();
    let tally = game.simulate(&RunConfig::new(units, seed)).unwrap();
    let mut checked = 0;
    for metric in &tally.metrics {
        let Some(exact) = game.exact().mean(&metric.id) else {
            continue;
        };
        let e = metric.estimate();
        let z = if e.se > 0.0 {
            (e.mean - exact) / e.se
        } else {
            // No spread at all (e.g. rolls used with one roll allowed, or wins less luck
            // when both seats play the solution): exact up to rounding, that of the fixed
            // point a value less its luck is kept in (2^-33) for the latter.
            let rounding = if metric.adjusted.is_some() {
                1e-9
            } else {
                1e-12
            };
            assert!(
                (e.mean - exact).abs() < rounding,
                "{}: {} vs {exact}",
                metric.id.column(),
                e.mean
            );
            0.0
        };
        assert!(
            z.abs() < 4.0,
            "{} {:?} {:?} {}: simulated {} (se {}) vs exact {exact}: {z:+.2} se",
            name,
            setup.rules,
            setup.policies,
            game.setup().key(&metric.id),
            e.mean,
            e.se
        );
        checked += 1;
    }
    checked
}

#[test]
fn races_match_the_exact_chain_under_every_rule_set() {
    for game in ["sequences", "hearts-due"] {
        for rules in [
            vec![],
            vec!["wipe_ones=3".to_string()],
            vec!["wipe_ones=off".to_string()],
            vec!["target=37".to_string()],
            // House rules: any count of 1's, and a points table of the designer's own.
            vec!["wipe_ones=5".to_string()],
            vec![
                "run_2=8".to_string(),
                "run_6=40".to_string(),
                "six_sixes=100".to_string(),
            ],
            vec!["run_1=0".to_string(), "five_sixes=50".to_string()],
        ] {
            let setup = Setup {
                rules,
                players: 1,
                policies: vec![],
                files: Default::default(),
            };
            // the five race metrics
            assert_eq!(check_against_exact(game, setup, 200_000, 42), 5);
        }
    }
}

#[test]
fn full_games_match_the_exact_game() {
    for game in ["sequences", "hearts-due"] {
        for (players, rules) in [
            (2, vec![]),
            (4, vec!["wipe_ones=3".to_string()]),
            (3, vec!["tie=playoff".to_string()]),
            (5, vec!["target=50".to_string()]),
        ] {
            let playoff = rules.iter().any(|r| r == "tie=playoff");
            let setup = Setup {
                rules,
                players,
                policies: vec![],
                files: Default::default(),
            };
            let checked = check_against_exact(game, setup, 100_000, 9);
            // four cast metrics, a win rate per seat, the tie rate, and (shared ties) the rounds
            let expected = 4 + players as usize + 1 + usize::from(!playoff);
            assert_eq!(checked, expected);
        }
    }
}

#[test]
fn the_cast_distribution_fits_the_enumeration() {
    for game in ["sequences", "hearts-due"] {
        let g = games::configure(
            game,
            &Setup {
                rules: vec![],
                players: 1,
                policies: vec![],
                files: Default::default(),
            },
        )
        .unwrap();
        let tally = g.simulate(&RunConfig::new(100_000, 77)).unwrap();
        let id = MetricId::run("points_per_cast");
        let hist = &tally.get(&id).unwrap().histogram;
        let pmf = &g.exact().pmfs[&id];
        let observed: Vec<u64> = pmf.iter().map(|&(v, _)| hist.count_of(v)).collect();
        let expected: Vec<f64> = pmf.iter().map(|&(_, p)| p).collect();
        // Cells with tiny expected counts make Pearson's statistic unreliable; pool the last ones.
        let keep = expected.iter().take_while(|&&p| p * 2e6 > 50.0).count();
        let mut obs = observed[..keep].to_vec();
        obs.push(observed[keep..].iter().sum());
        let mut exp = expected[..keep].to_vec();
        exp.push(expected[keep..].iter().sum());
        let p = chi_square_p(&obs, &exp);
        assert!(p > 1e-3, "{game}: p = {p}, {obs:?}");
    }
}

#[test]
fn sevens_turns_match_the_exact_distribution_for_every_policy() {
    for rules in [
        vec![],
        vec!["removal=subsets".to_string()],
        vec!["max_rolls=4".to_string(), "removal=subsets".to_string()],
        vec!["max_rolls=1".to_string()],
        // House rules: fewer dice, another sum removed, under both removals.
        vec!["dice=4".to_string(), "removed_sum=8".to_string()],
        vec![
            "dice=5".to_string(),
            "removed_sum=6".to_string(),
            "removal=subsets".to_string(),
        ],
        vec!["removed_sum=12".to_string()],
    ] {
        let max_rolls = if rules.iter().any(|r| r == "max_rolls=4") {
            4
        } else if rules.iter().any(|r| r == "max_rolls=1") {
            1
        } else {
            3
        };
        let mut specs = vec![
            "optimal".to_string(),
            "random".to_string(),
            "rolls:1".to_string(),
        ];
        if max_rolls > 1 {
            specs.push(format!("rolls:{max_rolls}"));
            let sums: Vec<String> = (0..max_rolls - 1)
                .map(|i| (14 - 2 * i).to_string())
                .collect();
            specs.push(format!("threshold:{}", sums.join(",")));
        }
        for spec in specs {
            let setup = Setup {
                rules: rules.clone(),
                players: 1,
                policies: vec![spec],
                files: Default::default(),
            };
            assert_eq!(check_against_exact("sevens", setup, 200_000, 5), 3);
        }
    }
}

/// `target:T` reports `p_beat_target`, P(score > T): simulated within 4 standard errors of its
/// exact value, and that exact value (the score distribution of the compiled policy) equal to
/// the follower's best chance in `solve`'s table, two computations that share no code past the
/// roll outcomes.
#[test]
fn sevens_target_policies_beat_their_score_as_often_as_the_follower_table_says() {
    use dicelab::games::analysis::Cell;
    for max_rolls in 1..=3u8 {
        let rules = vec![format!("max_rolls={max_rolls}")];
        let solved = games::configure(
            "sevens",
            &Setup {
                rules: rules.clone(),
                players: 2,
                policies: Vec::new(),
                files: Default::default(),
            },
        )
        .unwrap()
        .solve()
        .unwrap();
        let table = solved
            .tables
            .iter()
            .find(|t| t.name == "follower_odds")
            .unwrap();
        for t in [0u8, 7, 15, 22] {
            let setup = Setup {
                rules: rules.clone(),
                players: 1,
                policies: vec![format!("target:{t}")],
                files: Default::default(),
            };
            let game = games::configure("sevens", &setup).unwrap();
            let exact = game
                .exact()
                .mean(&MetricId::new("p_beat_target", Subject::Run))
                .expect("target:T has an exact p_beat_target");
            let row = table
                .rows
                .iter()
                .find(|r| {
                    matches!(r[0], Cell::Int(r0) if r0 == i128::from(max_rolls))
                        && matches!(r[1], Cell::Int(r1) if r1 == i128::from(t))
                })
                .unwrap();
            let Cell::Num(p_beat) = row[2] else {
                panic!("p_beat is a number")
            };
            assert!(
                (exact - p_beat).abs() < 1e-12,
                "max_rolls={max_rolls}, T={t}: {exact} vs the table's {p_beat}"
            );
            assert_eq!(
                check_against_exact("sevens", setup, 200_000, 60 + u64::from(t)),
                4
            );
        }
    }
}

#[test]
fn sevens_comparisons_match_the_exact_paired_differences() {
    for rules in [vec![], vec!["removal=subsets".to_string()]] {
        let setup = Setup {
            rules,
            players: 1,
            policies: [
                "optimal",
                "leader",
                "target:15",
                "threshold:15,10",
                "random",
            ]
            .map(String::from)
            .to_vec(),
            files: Default::default(),
        };
        // Three metrics per policy, target:15's chance to beat 15, one difference per pair.
        assert_eq!(
            check_against_exact("sevens", setup, 200_000, 8),
            5 * 3 + 1 + 10
        );
    }
}

/// A player's own rules (`stop-if:`) compile into tables like the built-ins, so they have exact
/// values: single turns under three rule sets, and two-player games where the rule reads the
/// score to beat (its follower tables), each within 4 standard errors of simulation.
#[test]
fn sevens_rules_of_thumb_match_their_exact_values() {
    let rule = "stop-if: sum >= 14 or dice <= 2";
    for rules in [
        vec![],
        vec!["removal=subsets".to_string()],
        vec!["max_rolls=4".to_string(), "removal=subsets".to_string()],
    ] {
        let setup = Setup {
            rules,
            players: 1,
            policies: vec![rule.to_string()],
            files: Default::default(),
        };
        assert_eq!(check_against_exact("sevens", setup, 200_000, 31), 3);
    }
    let reply = "stop-if: (to_beat < 0 and (sum >= 14 or dice <= 2)) or sum > to_beat + 3 \
                 or (roll + 1 == rolls and sum > to_beat)";
    for (i, options) in [vec!["rounds=2"], vec!["rounds=2", "follower_limit=none"]]
        .into_iter()
        .enumerate()
    {
        let setup = Setup {
            rules: options.iter().map(|s| s.to_string()).collect(),
            players: 2,
            policies: vec![reply.to_string(), "optimal".to_string()],
            files: Default::default(),
        };
        // As in the games below: seats, policies, ties, the leader, the play-off's length, and
        // the seats' and policies' wins with the luck taken out (the rule plays, the solution
        // values the luck).
        assert_eq!(
            check_against_exact("sevens", setup, 40_000, 41 + i as u64),
            4 + 6 + 3 + 1 + 4
        );
    }
}

/// Two players, whole games: the game engine (seating, the leader's roll limit, the score to
/// beat, ties and play-offs, `win` seeing the round and the totals) against the exact game odds,
/// under every option that changes them, for 1, 2 and 10 rounds; every metric with an exact
/// value (seats' and policies' wins and totals, turn scores, ties, the leader's rolls and round
/// wins, the play-off's length) within 4 standard errors.
#[test]
fn two_player_sevens_games_match_the_exact_game_odds() {
    let policy_sets: [&[&str]; 5] = [
        &["win", "optimal"],
        &["optimal", "leader"],
        &["target", "rolls:1"],
        &["threshold:15,10", "random"],
        &["win"],
    ];
    let mut runs = 0;
    for options in [
        vec![],
        vec!["follower_limit=none"],
        vec!["tie=shared"],
        vec!["first_player=fixed"],
        vec!["removal=subsets", "max_rolls=4"],
    ] {
        for rounds in [1, 2, 10] {
            for policies in policy_sets {
                let mut rules: Vec<String> = options.iter().map(|s| s.to_string()).collect();
                rules.push(format!("rounds={rounds}"));
                if rules.iter().any(|r| r == "max_rolls=4") && policies.contains(&"threshold:15,10")
                {
                    continue;
                }
                // Ten-round games cost ten times as much: the pairings of `win` carry them.
                if rounds == 10 && !policies.contains(&"win") {
                    continue;
                }
                let playoff = !options.contains(&"tie=shared");
                let setup = Setup {
                    rules,
                    players: 2,
                    policies: policies.iter().map(|s| s.to_string()).collect(),
                    files: Default::default(),
                };
                // Two seats' wins and totals; each policy's wins, totals and turn scores (one
                // turn score for a policy in both seats); ties, the leader's rolls and round
                // wins; the play-off's length where ties are played off; and the seats' wins
                // (and with two policies each one's) with the luck taken out.
                let per_policy = if policies.len() == 2 { 6 } else { 1 };
                let less_luck = 2 * policies.len();
                let expected = 4 + per_policy + 3 + usize::from(playoff) + less_luck;
                assert_eq!(
                    check_against_exact("sevens", setup, 40_000, 21 + runs),
                    expected
                );
                runs += 1;
            }
        }
    }
    // 75 combinations, less threshold under max_rolls=4 (3) and the 15 ten-round games without
    // `win`, one of which is both.
    assert_eq!(runs, 75 - 3 - 15 + 1);
}

/// Three players all playing `win` (the exact three-player solution: each maximises its own
/// chance, two tied players' play-offs following the three-seat rotation) win as often per
/// seat as the solution says, within 4 standard errors, under every rule option, for 1, 2, 3
/// and 10 rounds.
#[test]
fn three_player_sevens_games_match_the_exact_seat_odds() {
    for (run, (options, rounds)) in [
        (vec![], 1),
        (vec![], 3),
        (vec![], 10),
        (vec!["follower_limit=none"], 2),
        (vec!["tie=shared"], 3),
        (vec!["first_player=fixed"], 3),
        (vec!["first_player=fixed", "tie=shared"], 2),
        (vec!["removal=subsets", "max_rolls=4"], 2),
    ]
    .into_iter()
    .enumerate()
    {
        let mut rules: Vec<String> = options.iter().map(|s| s.to_string()).collect();
        rules.push(format!("rounds={rounds}"));
        let setup = Setup {
            rules,
            players: 3,
            policies: vec!["win".to_string()],
            files: Default::default(),
        };
        // One win rate per seat, plain and with each throw's luck taken out (unbiased under
        // every rule set, ties shared too, its shares of a throw's luck fixed before it).
        assert_eq!(
            check_against_exact("sevens", setup, 100_000, 301 + run as u64),
            6
        );
    }
}

/// The exact one-roll chances of `dicelab table solitaire-dice` against the frequencies of
/// simulated rolls, drawn the way games draw them: every chance within 4 standard errors.
#[test]
fn solitaire_dice_roll_chances_match_simulated_rolls() {
    use dicelab::games::solitaire_dice::roll::Roll;
    use dicelab::games::solitaire_dice::rules::{MIN_SUM, SUMS};
    use dicelab::games::solitaire_dice::sheet::Sheet;
    use dicelab::games::solitaire_dice::tables::{ROLLS, free_rides, most_marks, sum_chances};
    let n = 200_000u64;
    let mut rng = chunk_rng(77, 0);
    let mut stream = RollStream::<5, 3>::new();
    let empty = Sheet::new();
    let chosen = Sheet::from_marks(&[], &[(2, 1), (3, 1), (5, 1)]).unwrap();
    let mut one = [0u64; SUMS];
    let mut two = [0u64; SUMS];
    let mut rides = 0u64;
    for _ in 0..n {
        let roll = Roll::from_packed(u64::from(stream.next(&mut rng)));
        for (i, sum) in (MIN_SUM..).take(SUMS).enumerate() {
            let most = most_marks(&empty, &roll, sum);
            one[i] += u64::from(most >= 1);
            two[i] += u64::from(most == 2);
        }
        rides += u64::from(chosen.legal_choices(&roll)[0].free_ride());
    }
    let within = |what: &str, hits: u64, p: f64| {
        let se = (p * (1.0 - p) / n as f64).sqrt();
        let z = (hits as f64 / n as f64 - p) / se;
        assert!(z.abs() < 4.0, "{what}: {hits}/{n} vs exact {p}: {z:+.2} se");
    };
    for (i, c) in sum_chances().iter().enumerate() {
        within(&format!("can mark {} once", c.sum), one[i], c.p_can_one());
        within(&format!("can mark {} twice", c.sum), two[i], c.p_can_two());
    }
    let (faces, ways) = free_rides()
        .into_iter()
        .find(|(f, _)| *f == [2, 3, 5])
        .unwrap();
    within(
        &format!("free ride on {faces:?}"),
        rides,
        f64::from(ways) / f64::from(ROLLS),
    );
}

/// Solitaire Dice's `best` beats `lookahead` on the same dice: the paired difference of final
/// scores over 4,096 common games (one chunk) is above 0 by more than 4 of its standard errors
/// (+104.1 points, 21 standard errors, on this seed, with the learned value; +40.3 with 0.18's
/// `best`, now `projection`). A `best` that had lost its value, or played as `lookahead`,
/// would not pass.
#[test]
fn solitaire_dice_best_beats_lookahead_on_common_games() {
    let game = games::configure(
        "solitaire-dice",
        &Setup {
            rules: vec![],
            players: 1,
            policies: ["best", "lookahead"].map(String::from).to_vec(),
            files: Default::default(),
        },
    )
    .unwrap();
    let tally = game.simulate(&RunConfig::new(1 << 12, 15)).unwrap();
    let diff = tally
        .get(&MetricId::new("final_score", Subject::Pair(0, 1)))
        .expect("a paired difference of best and lookahead")
        .estimate();
    let z = diff.mean / diff.se;
    eprintln!("best - lookahead: {:+.2} (se {:.2})", diff.mean, diff.se);
    assert!(
        z > 4.0,
        "best - lookahead: {:+.2} points a game (se {:.2}): {z:+.2} se",
        diff.mean,
        diff.se
    );
}

/// `lookahead` beats `seven-first`, the best simple policy: one lookahead seat against two
/// seven-first seats (seated in rotation) earns more chips per game than the fair share (7
/// rounds of 3 + 2 + 1 chips over 3 players: 14) by more than 4 standard errors. A lookahead that
/// only copied its play-outs' policy would earn the fair share.
#[test]
fn sieben_lookahead_beats_seven_first() {
    let game = games::configure(
        "sieben",
        &Setup {
            rules: vec![],
            players: 3,
            policies: ["lookahead", "seven-first", "seven-first"]
                .map(String::from)
                .to_vec(),
            files: Default::default(),
        },
    )
    .unwrap();
    let tally = game.simulate(&RunConfig::new(600, 11)).unwrap();
    // Lookahead is the first policy given.
    let chips = tally
        .get(&MetricId::new("chips", Subject::Policy(0)))
        .expect("a chips row for lookahead")
        .estimate();
    let fair = 14.0;
    let z = (chips.mean - fair) / chips.se;
    assert!(
        z > 4.0,
        "lookahead: {} chips a game (se {}) against the fair {fair}: {z:+.2} se",
        chips.mean,
        chips.se
    );
}

/// Under the text's reading of 7 (`finish=seven`, the default), every game pays exactly the
/// table's chips, for 2 to 7 players: 7 rounds of `P + ... + 1` with 2 to 4, all 80 with 5 to 7.
/// A round that lost a player (nobody placed, or placed twice) would break the sum.
#[test]
fn sieben_games_under_the_text_pay_every_chip() {
    for players in 2u32..=7 {
        let game = games::configure(
            "sieben",
            &Setup {
                rules: vec!["finish=seven".to_string()],
                players,
                policies: vec![],
                files: Default::default(),
            },
        )
        .unwrap();
        let tally = game.simulate(&RunConfig::new(2_000, 5)).unwrap();
        let total: f64 = (0..players)
            .map(|k| {
                let seat = MetricId::new("chips", Subject::seat(k as usize));
                tally.get(&seat).unwrap().histogram.mean()
            })
            .sum();
        let expected = if players <= 4 {
            7 * players * (players + 1) / 2
        } else {
            80
        };
        assert!(
            (total - f64::from(expected)).abs() < 1e-9,
            "{players} players: {total} chips a game, expected {expected}"
        );
    }
}

/// Two identical players under `finish=seven`: seat 1 starts rounds 1, 3, 5 and 7, seat 2 the
/// other three, and rounds are independent, so with `q` the chance that a round's starter goes
/// out first, seat 1 wins the game exactly when `Bin(4, q) + Bin(3, 1 - q) >= 4` (2 chips for
/// first, 1 for second: 7 + X against 14 - X). The simulated seat-1 win rate must match that
/// within 4 standard errors, `q` estimated from a run of its own (its error carried through).
/// A rotation that skipped a seat, or rounds that leaked into each other, would break it.
#[test]
fn sieben_seat_one_wins_as_the_rotation_says() {
    // Two runs of 40,000 two-player games on different seeds, so `q` and the win rate are
    // independent estimates.
    let run = |seed: u64, metric: MetricId| {
        let game = games::configure(
            "sieben",
            &Setup {
                rules: vec!["finish=seven".to_string()],
                players: 2,
                policies: vec![],
                files: Default::default(),
            },
        )
        .unwrap();
        let tally = game.simulate(&RunConfig::new(40_000, seed)).unwrap();
        tally.get(&metric).unwrap().estimate()
    };
    let binom = |n: u32, p: f64| -> Vec<f64> {
        (0..=n)
            .map(|k| {
                let c: f64 = (0..k)
                    .map(|i| f64::from(n - i) / f64::from(i + 1))
                    .product();
                c * p.powi(k as i32) * (1.0 - p).powi((n - k) as i32)
            })
            .collect()
    };
    let seat_one_wins = |q: f64| -> f64 {
        let (a, b) = (binom(4, q), binom(3, 1.0 - q));
        let mut p = 0.0;
        for (i, pa) in a.iter().enumerate() {
            for (j, pb) in b.iter().enumerate() {
                if i + j >= 4 {
                    p += pa * pb;
                }
            }
        }
        p
    };
    let q = run(31, MetricId::run("p_first_player_out_first"));
    let w = run(32, MetricId::new("win_rate", Subject::seat(0)));
    let predicted = seat_one_wins(q.mean);
    let slope = (seat_one_wins(q.mean + 1e-6) - seat_one_wins(q.mean - 1e-6)) / 2e-6;
    let se = (w.se.powi(2) + (slope * q.se).powi(2)).sqrt();
    let z = (w.mean - predicted) / se;
    assert!(
        z.abs() < 4.0,
        "seat 1 wins {} (se {}), the rotation predicts {predicted} from q = {}: {z:+.2} se",
        w.mean,
        w.se,
        q.mean
    );
    // The test can tell: had seat 1 started every round, it would win when Bin(7, q) >= 4,
    // more than 4 standard errors away.
    let fixed: f64 = binom(7, q.mean)[4..].iter().sum();
    assert!(
        (fixed - predicted).abs() > 4.0 * se,
        "fixed start {fixed} against rotation {predicted} (se {se})"
    );
}

/// A house rule of 7, `rounds=3` and `pay=5/3/1` at a table of three players of one policy:
/// every seat starts one round, rounds are independent and chips add up, so each seat's
/// expected chips are exactly a third of a game's 3 x (5 + 3 + 1) = 27: 9. Every game pays the
/// 27 exactly, and each seat's mean lands within 4 standard errors of 9. Rules that ignored the
/// round count (7 rounds: 63) or the pay (3 x 6 = 18), or a rotation that skipped a seat, fail.
#[test]
fn sieben_three_rounds_of_5_3_1_pay_each_seat_9_chips() {
    let game = games::configure(
        "sieben",
        &Setup {
            rules: vec!["rounds=3".to_string(), "pay=5/3/1".to_string()],
            players: 3,
            policies: vec![],
            files: Default::default(),
        },
    )
    .unwrap();
    let tally = game.simulate(&RunConfig::new(20_000, 21)).unwrap();
    let mut total = 0.0;
    for k in 0..3 {
        let seat = tally
            .get(&MetricId::new("chips", Subject::seat(k)))
            .unwrap()
            .estimate();
        let z = (seat.mean - 9.0) / seat.se;
        eprintln!("seat {}: {:.4} chips (se {:.4})", k + 1, seat.mean, seat.se);
        assert!(
            z.abs() < 4.0,
            "seat {}: {} chips a game (se {}), exactly 9 expected: {z:+.2} se",
            k + 1,
            seat.mean,
            seat.se
        );
        total += seat.mean;
    }
    assert!((total - 27.0).abs() < 1e-9, "{total} chips a game, 27 paid");
}

/// Solitaire Dice under a house rule has an exact value where the game is one roll long:
/// with `end_marks=1` the first roll (never a free ride: no face is chosen yet) ends the game,
/// and with `penalty=-100` greedy opens one row (-100) whenever some division marks a sum twice,
/// else two (-200). So the mean final score is -200 + 100 x P(greedy marks a sum twice), that
/// chance counted exactly over the 7,776 rolls by the tables under the same rules. Simulated
/// over 200,000 games (fixed seed), it lies within 4 standard errors; a run that ignored either
/// option would be off by hundreds of points.
#[test]
fn solitaire_dice_one_roll_house_rule_matches_its_exact_mean() {
    use dicelab::games::options::RuleOptions;
    use dicelab::games::solitaire_dice::rules::{OPTIONS, Rules};
    use dicelab::games::solitaire_dice::tables::{ROLLS, sum_chances_under};
    let overrides: Vec<String> = ["end_marks=1", "penalty=-100"].map(String::from).to_vec();
    let rules =
        Rules::from_options(&RuleOptions::parse("solitaire-dice", OPTIONS, &overrides).unwrap())
            .unwrap();
    let twice: u32 = sum_chances_under(&rules).iter().map(|c| c.greedy_two).sum();
    let exact = -200.0 + 100.0 * f64::from(twice) / f64::from(ROLLS);
    greedy_one_roll_games_score(overrides, 21, exact);
}

/// Simulates 200,000 one-roll games of greedy under `rules` (fixed `seed`) and checks their
/// mean final score against `exact` within 4 standard errors.
fn greedy_one_roll_games_score(rules: Vec<String>, seed: u64, exact: f64) {
    let game = games::configure(
        "solitaire-dice",
        &Setup {
            rules,
            players: 1,
            policies: vec!["greedy".to_string()],
            files: Default::default(),
        },
    )
    .unwrap();
    let tally = game.simulate(&RunConfig::new(200_000, seed)).unwrap();
    let score = tally
        .get(&MetricId::new("final_score", Subject::Run))
        .expect("a final score")
        .estimate();
    let rolls = tally
        .get(&MetricId::new("rolls_per_game", Subject::Run))
        .expect("rolls per game")
        .estimate();
    assert_eq!(rolls.mean, 1.0, "one roll a game");
    assert!(score.se > 0.0, "scores vary: se {}", score.se);
    let z = (score.mean - exact) / score.se;
    assert!(
        z.abs() < 4.0,
        "mean {} vs exact {exact}: {z:+.2} se",
        score.mean
    );
}

/// Solitaire Dice with seven dice (the `dice` option's general path) has an exact value where
/// the game is one roll long: with `end_marks=1` the first roll ends it, and with
/// `penalty=-100` each row opened costs 100 (three marks stay within the four penalty marks), so
/// greedy takes the division of fewest distinct pair sums and scores -100 times that many.
/// Counted here over all 6^7 = 279,936 ordered rolls by a brute force of its own (every die set
/// aside, every one of the 15 pairings of the other six), not by the library's divisions.
/// Simulated over 200,000 games (fixed seed), the mean lies within 4 standard errors. (Three
/// dice would not do: one pair makes one mark, so every one-roll game scores the penalty.)
#[test]
fn solitaire_dice_seven_dice_one_roll_matches_its_exact_mean() {
    fn pairings(rest: &[u8], sums: &mut Vec<u8>, out: &mut u32) {
        if rest.is_empty() {
            let mut s = sums.clone();
            s.sort_unstable();
            s.dedup();
            *out = (*out).min(s.len() as u32);
            return;
        }
        for j in 1..rest.len() {
            let mut left: Vec<u8> = rest[1..].to_vec();
            let partner = left.remove(j - 1);
            sums.push(rest[0] + partner);
            pairings(&left, sums, out);
            sums.pop();
        }
    }
    let mut rows_opened = 0u64;
    let total = 6u32.pow(7);
    for packed in 0..total {
        let faces: Vec<u8> = (0..7)
            .map(|i| (packed / 6u32.pow(i) % 6) as u8 + 1)
            .collect();
        let mut fewest = u32::MAX;
        for aside in 0..7 {
            let rest: Vec<u8> = (0..7).filter(|&j| j != aside).map(|j| faces[j]).collect();
            pairings(&rest, &mut Vec::new(), &mut fewest);
        }
        rows_opened += u64::from(fewest);
    }
    let exact = -100.0 * rows_opened as f64 / f64::from(total);
    greedy_one_roll_games_score(
        ["dice=7", "end_marks=1", "penalty=-100"]
            .map(String::from)
            .to_vec(),
        23,
        exact,
    );
}

/// `compare sevens --policy optimal --policy leader --decide -n 1e7` over 200 seeds (the issue's
/// check): it stops before the budget in at least 190 and its interval holds the exact gap,
/// 0.025089 points a turn, in at least 184. Confidence sequences hold wherever a run stops, so
/// the interval at the stop holds at least 95% of the time.
#[test]
fn a_decided_comparison_stops_early_and_holds_the_exact_gap_over_200_seeds() {
    use dicelab::ops::{RunRequest, Until, simulate_until};
    let game = RunRequest {
        game: games::find("sevens").unwrap(),
        rules: Vec::new(),
        deck: None,
        players: 1,
        policies: vec!["optimal".into(), "leader".into()],
    }
    .configure_comparison()
    .unwrap();
    let gap = MetricId::new("turn_score", Subject::Pair(0, 1));
    let (mut early, mut held) = (0, 0);
    for seed in 0..200 {
        let run = simulate_until(
            game.as_ref(),
            &RunConfig::new(10_000_000, seed),
            Until::Decide,
        )
        .unwrap();
        let exact = run.exact.mean(&gap).unwrap();
        assert!((exact - 0.025089).abs() < 5e-7, "{exact}");
        let record = &run.saved.record;
        early +=
            u32::from(record.units < 10_000_000 && record.sequential.as_ref().unwrap().answered);
        let e = record.estimate(run.saved.tally.get(&gap).unwrap());
        held += u32::from(e.ci_low <= exact && exact <= e.ci_high);
    }
    assert!(early >= 190, "stopped early in {early} of 200");
    assert!(held >= 184, "held the exact gap in {held} of 200");
}

/// The check of luck as a control variate: two-player Sevens, `win` against `optimal`,
/// 100,000 games. With every throw's exact luck taken out, the win rate's standard error is
/// at most 0.00016 (a hundredth of the variance of the plain estimate's 0.00158), and its
/// interval holds the exact value, as the plain one does.
#[test]
fn taking_the_luck_out_cuts_the_two_player_win_rates_variance_a_hundredfold() {
    let game = games::configure_game(
        games::find("sevens").unwrap(),
        &Setup {
            rules: Vec::new(),
            players: 2,
            policies: vec!["win".into(), "optimal".into()],
            files: dicelab::Files::default(),
        },
    )
    .unwrap();
    let tally = game.simulate(&RunConfig::new(100_000, 1)).unwrap();
    let less = tally
        .get(&MetricId::new("win_rate_less_luck", Subject::Policy(0)))
        .unwrap();
    let plain = tally
        .get(&MetricId::new("win_rate", Subject::Policy(0)))
        .unwrap()
        .estimate();
    let e = less.estimate();
    let exact = game
        .exact()
        .mean(&MetricId::new("win_rate", Subject::Policy(0)))
        .unwrap();
    assert!((exact - 0.5038).abs() < 5e-4, "{exact}");
    assert!(e.se <= 0.00016, "se {} against plain {}", e.se, plain.se);
    assert!((plain.se / e.se).powi(2) >= 100.0, "{} {}", plain.se, e.se);
    assert!(
        e.ci_low <= exact && exact <= e.ci_high,
        "{e:?} against {exact}"
    );
    let beside = less.plain_estimate().unwrap();
    assert_eq!(
        (beside.n, beside.mean, beside.se),
        (plain.n, plain.mean, plain.se)
    );
}

/// Both seats playing the solution they are valued by: a game's outcome less its luck is the
/// game's value at its start, the same every game, so the estimate has no spread at all and is
/// each seat's exact chance.
#[test]
fn with_both_seats_playing_to_win_the_luck_explains_every_game() {
    let game = games::configure_game(
        games::find("sevens").unwrap(),
        &Setup {
            rules: Vec::new(),
            players: 2,
            policies: vec!["win".into()],
            files: dicelab::Files::default(),
        },
    )
    .unwrap();
    let tally = game.simulate(&RunConfig::new(20_000, 3)).unwrap();
    for seat in 0..2 {
        let id = MetricId::new("win_rate_less_luck", Subject::seat(seat));
        let e = tally.get(&id).unwrap().estimate();
        let exact = game.exact().mean(&id).unwrap();
        assert!(e.sd < 1e-8, "seat {seat}: {e:?}");
        assert!(
            (e.mean - exact).abs() < 1e-8,
            "seat {seat}: {} against {exact}",
            e.mean
        );
    }
}
