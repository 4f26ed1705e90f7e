//! The ceiling's solvers held to what they must give: a row's policy scoring its value, a
//! group solver agreeing with a plain induction and with the row games, the mirror, and charges
//! that cost a real player nothing.

use super::*;

/// No price at all: each group plays for its own rows alone.
const NONE: Prices = Prices([0.0; 11]);

#[test]
fn the_clock_has_every_state_with_up_to_three_faces_below_eight_marks() {
    // 1 empty + 6 faces x 7 + 15 pairs x 49 + 20 triples x 343.
    assert_eq!(CLOCKS.states.len(), 1 + 42 + 735 + 6860);
    assert_eq!(CLOCKS.states.last(), Some(&[0; 6]), "the start comes last");
    // Every roll's moves are weighted by its ordered rolls, 7,776 in all.
    let total: u32 = CLOCKS.moves[0].iter().map(|(w, _)| w).sum();
    assert_eq!(total, 7776);
}

/// The solved value is what its own policy scores: games played by `OneStep(&row_game)` for
/// row 3 (where play matters: 151 of a possible 350) average the row's value within 4
/// standard errors.
#[test]
fn a_rows_best_policy_scores_its_solved_value() {
    use super::super::play::play;
    use crate::games::policy::OneStep;
    use rand_xoshiro::Xoshiro256PlusPlus;
    use rand_xoshiro::rand_core::SeedableRng;

    let game = RowGame::solve(3);
    let mut dice = Xoshiro256PlusPlus::seed_from_u64(11);
    let n = 20_000;
    let scores: Vec<f64> = (0..n)
        .map(|_| {
            let g = play(&mut OneStep(&game), &mut dice).unwrap();
            f64::from(sum_score(3, g.sheet.marks(3)))
        })
        .collect();
    let mean = scores.iter().sum::<f64>() / f64::from(n);
    let var = scores.iter().map(|s| (s - mean).powi(2)).sum::<f64>() / f64::from(n - 1);
    let se = (var / f64::from(n)).sqrt();
    let z = (mean - game.value()) / se;
    assert!(
        z.abs() < 4.0,
        "mean {mean} value {} se {se} z {z}",
        game.value()
    );
    assert!((game.value() - 151.05).abs() < 0.01, "{}", game.value());
}

#[test]
fn a_row_at_its_cap_one_roll_from_the_end_is_worth_its_cap() {
    // Face 1 at seven marks with two others chosen: a roll showing a 1 must throw it away
    // and ends the game; a roll without a 1 throws away another face (or rides free).
    let game = RowGame::solve(7);
    let state = CLOCKS.index[&[7, 7, 7, 0, 0, 0]];
    // Ten marks on 7 already: nothing can lower or raise the row's 150.
    assert!((game.values[state][10] - 150.0).abs() < 1e-9);
    // No mark: the row ends at 0 unless it is marked; marking it once costs 200, so the
    // best is to avoid it where possible, and the value lies between -200 and 0.
    let v = game.values[state][0];
    assert!((-200.0..=0.0).contains(&v), "{v}");
}

/// The group solver, one row and no prices, is the row's game: the same values, solved
/// another way (whole arrays of marks at once, a level of clocks in parallel).
#[test]
fn a_group_of_one_row_at_no_price_is_that_rows_game() {
    for sum in [2, 3, 7] {
        let row = RowGame::solve(sum).value();
        let group = group_value(&[sum], &NONE);
        assert!((row - group).abs() < 1e-9, "{sum}: {row} {group}");
    }
}

/// Whatever the prices, the costs of a division to groups that split the eleven rows add up
/// to 0: a real player, whose rows all take the same division, pays nothing in all, which
/// is what makes the sum of the groups' values a bound.
#[test]
fn a_division_costs_the_groups_nothing_in_all() {
    let uneven = Prices([3.0, 41.0, 7.5, 0.0, 19.0, 30.0, 2.0, 11.0, 5.0, 60.0, 1.0]);
    let singles: Vec<Vec<u8>> = (MIN_SUM..=MAX_SUM).map(|s| vec![s]).collect();
    let groups: Vec<Vec<u8>> = GROUPS.iter().map(|g| g.to_vec()).collect();
    for prices in [PRICES, uneven] {
        for split in [&singles, &groups] {
            for a in MIN_SUM..=MAX_SUM {
                for b in a..=MAX_SUM {
                    let all: f64 = split.iter().map(|g| prices.cost(g, [a, b])).sum();
                    assert!(all.abs() < 1e-12, "{a}+{b}: {all}");
                }
            }
        }
    }
    // A group pays for its own marks: a division of two 7s costs rows 6-8 more than it
    // pays back, and rows 2-5 get their share back.
    assert!(PRICES.cost(&[6, 7, 8], [7, 7]) > 0.0);
    assert!(PRICES.cost(&[2, 3, 4, 5], [7, 7]) < 0.0);
}

/// Reading every face `f` as `7 - f` turns rows 2 and 3 into rows 12 and 11: under mirrored
/// prices (here uneven, so a slip would show) their games have the same value, which lets
/// the ceiling solve rows 2-5 once for both ends.
#[test]
fn mirrored_rows_under_mirrored_prices_have_the_same_value() {
    let prices = Prices([3.0, 41.0, 7.5, 0.0, 19.0, 30.0, 2.0, 11.0, 5.0, 60.0, 1.0]);
    let low = group_value(&[2, 3], &prices);
    let high = group_value(&mirror(&[2, 3]), &prices.mirrored());
    assert_eq!(mirror(&[2, 3]), vec![11, 12]);
    assert!((low - high).abs() < 1e-9, "{low} {high}");
}

/// Two rows played together, checked against a plain induction that visits every state
/// (clock, marks of 3, marks of 4) and every division on its own: the same value. And
/// together they are worth less than alone, because they share the rolls.
#[test]
fn a_group_of_two_rows_agrees_with_a_plain_induction() {
    let rows = [3u8, 4];
    let prices = PRICES;
    let clocks = &*CLOCKS;
    let n = MARK_STATES;
    let mut values = vec![vec![0.0f64; n * n]; clocks.states.len()];
    for state in 0..clocks.states.len() {
        for i in (0..n * n).rev() {
            let (m3, m4) = (i % n, i / n);
            let rolls: Vec<Roll1> = clocks.moves[state]
                .iter()
                .map(|(weight, moves)| {
                    let mut roll = Roll1::new(*weight);
                    for m in moves {
                        let hit = |s: u8| usize::from(m.sums[0] == s) + usize::from(m.sums[1] == s);
                        let a3 = (m3 + hit(3)).min(n - 1);
                        let a4 = (m4 + hit(4)).min(n - 1);
                        let j = a3 + n * a4;
                        let cost = prices.cost(&rows, m.sums);
                        match m.next {
                            None => {
                                let last = f64::from(sum_score(3, a3 as u8))
                                    + f64::from(sum_score(4, a4 as u8));
                                roll.leave = roll.leave.max(last - cost);
                            }
                            Some(next) if next == state && j == i => {
                                roll.stay = Some(roll.stay.map_or(-cost, |s| s.max(-cost)));
                            }
                            Some(next) => roll.leave = roll.leave.max(values[next][j] - cost),
                        }
                    }
                    roll
                })
                .collect();
            values[state][i] = fixed_point(0.0, &rolls);
        }
    }
    let plain = values[clocks.index[&[0; 6]]][0];
    let group = group_value(&rows, &prices);
    assert!((plain - group).abs() < 1e-9, "{plain} {group}");
    let free = group_value(&rows, &NONE);
    let apart = RowGame::solve(3).value() + RowGame::solve(4).value();
    assert!(free < apart - 1.0, "{free} {apart}");
}
