use super::*;
use crate::engine::chunk_rng;
use crate::games::solitaire_dice::play::play_rolls;
use crate::games::solitaire_dice::roll::Roll;

/// Games of `players` seats taken by `policies` in turn.
fn seated(players: u32, policies: &[PolicySpec]) -> Games {
    let seats = Seats::new(policies.to_vec(), PolicySpec::Greedy, players, 1).unwrap();
    Games::new(players, &seats)
}

#[test]
fn score_bins_cover_every_score() {
    assert_eq!(SCORE_MIN, -2200);
    assert_eq!(SCORE_BINS, 556, "-2200 to 3350 in steps of 10");
    assert_eq!(score_bin(-2200), 0);
    assert_eq!(score_bin(3350), SCORE_BINS - 1);
    assert!(VALUES.iter().all(|v| v % SCORE_STEP == 0) && PENALTY % SCORE_STEP == 0);
}

#[test]
fn text_bins_are_the_bins_of_the_texts_rules() {
    assert_eq!(Bins::of(&Rules::TEXT), Bins::TEXT);
    assert_eq!(Bins::TEXT.first_at_least(WIN_SCORE), score_bin(WIN_SCORE));
    assert_eq!(Bins::TEXT.first_at_least(1), score_bin(SCORE_STEP));
}

/// Under a house rule every score lands in a bin of its own, the win figure is named and
/// counted by the rule's `win`, and the mean is the mean of the games' scores.
#[test]
fn house_rule_scores_are_binned_and_won_by_their_own_numbers() {
    use crate::games::options::RuleOptions;
    let o: Vec<String> = ["value_7=33", "penalty=-7", "win=100", "end_marks=6"]
        .map(String::from)
        .to_vec();
    let rules = Rules::from_options(
        &RuleOptions::parse("solitaire-dice", super::super::rules::OPTIONS, &o).unwrap(),
    )
    .unwrap();
    let seats = Seats::new(
        vec![PolicySpec::Greedy],
        PolicySpec::Greedy,
        1,
        MAX_POLICIES,
    )
    .unwrap();
    let games = Games::under(&rules, "house", 1, &seats).unwrap();
    assert_eq!(games.bins.step, 1);
    let mut acc = games.new_acc();
    games.run_chunk(&mut chunk_rng(8, 0), 300, &mut acc);
    // The same games played one by one.
    let mut rng = chunk_rng(8, 0);
    let (mut total, mut wins) = (0i64, 0u64);
    for _ in 0..300 {
        let dice = ChunkRng::seed_from_u64(rng.next_u64());
        let _coins = rng.next_u64();
        let o = play_house(&rules, &PolicySpec::Greedy, &dice, &mut chunk_rng(0, 0));
        total += i64::from(o.score);
        wins += u64::from(o.won_under(&rules));
    }
    let t = games.tally(acc);
    let get = |name: &str| {
        let id = crate::stats::MetricId::new(name, Subject::Run);
        t.get(&id).unwrap_or_else(|| panic!("{name}")).clone()
    };
    assert!((get("final_score").histogram.mean() - total as f64 / 300.0).abs() < 1e-9);
    assert_eq!(get("p_score_100").estimate().mean, wins as f64 / 300.0);
    assert!(
        t.get(&crate::stats::MetricId::new("p_score_500", Subject::Run))
            .is_none()
    );
    // The players built for the text refuse the house rule in one line.
    let best: PolicySpec = "heuristic".parse().unwrap();
    let seats = Seats::new(vec![best], PolicySpec::Greedy, 1, MAX_POLICIES).unwrap();
    let e = Games::under(&rules, "value_7=33", 1, &seats)
        .unwrap_err()
        .to_string();
    assert_eq!(
        e,
        "policy heuristic: plays only the text's rules (its weights and tables are built for them); under value_7=33 use greedy or random"
    );
}

#[test]
fn every_sheet_replays_the_same_rolls() {
    let dice = chunk_rng(3, 0);
    let mut coins = chunk_rng(3, 1);
    let greedy = play_sheet(&PolicySpec::Greedy, &dice, &mut coins);
    let random = play_sheet(&PolicySpec::Random, &dice, &mut coins);
    assert_ne!(greedy, random);
    // Greedy again after random: the very same game.
    let again = play_sheet(&PolicySpec::Greedy, &dice, &mut coins);
    assert_eq!(again, greedy);
    // The rolls random saw are the first rolls of the stream, as greedy's were.
    let rolls: Vec<Roll> = game_rolls(&dice).take(random.rolls as usize).collect();
    let replayed = play_rolls(&mut Random::new(chunk_rng(3, 1)), rolls).unwrap();
    assert_eq!(replayed, random);
}

/// Greedy's own loop plays, game for game, what the policy plays through the general one.
#[test]
fn greedy_games_are_the_policy_s_games() {
    use super::super::policy::Greedy;
    for game in 0..2_000 {
        let dice = chunk_rng(11, game);
        let general = play_rolls(&mut OneStep(Greedy), game_rolls(&dice)).unwrap();
        assert_eq!(play_greedy(&dice), general, "game {game}");
    }
}

#[test]
fn the_random_policy_does_not_consume_the_dice() {
    // Greedy's games in a run alone and in a run beside random are the same games.
    let alone = Games::comparing(&[PolicySpec::Greedy]).unwrap();
    let both = Games::comparing(&[PolicySpec::Greedy, PolicySpec::Random]).unwrap();
    let (mut a, mut b) = (alone.new_acc(), both.new_acc());
    alone.run_chunk(&mut chunk_rng(9, 4), 500, &mut a);
    both.run_chunk(&mut chunk_rng(9, 4), 500, &mut b);
    assert_eq!(a.scores[0], b.scores[0]);
    assert_eq!(a.rolls[0], b.rolls[0]);
    assert_ne!(b.scores[0], b.scores[1]);
    // The paired difference is the difference of the two sheets' means, game by game.
    let t = both.tally(b);
    let mean = |subject: Subject| {
        let id = crate::stats::MetricId::new("final_score", subject);
        t.get(&id).unwrap().histogram.mean()
    };
    let diff = mean(Subject::Pair(0, 1));
    assert!((diff - (mean(Subject::Policy(0)) - mean(Subject::Policy(1)))).abs() < 1e-9);
}

#[test]
fn seats_with_one_deterministic_policy_always_tie() {
    let games = seated(3, &[PolicySpec::Greedy]);
    let mut acc = games.new_acc();
    games.run_chunk(&mut chunk_rng(1, 0), 200, &mut acc);
    assert_eq!(acc.wins.seat, [200, 200, 200]);
    assert_eq!(acc.wins.tied, 200);
    // Greedy against random seats: wins are shared only on ties.
    let games = seated(2, &[PolicySpec::Greedy, PolicySpec::Random]);
    let mut acc = games.new_acc();
    games.run_chunk(&mut chunk_rng(1, 0), 2000, &mut acc);
    assert_eq!(acc.wins.seat[0] + acc.wins.seat[1], 2000 + acc.wins.tied);
    assert!(acc.wins.seat[0] > acc.wins.seat[1], "{:?}", acc.wins.seat);
    let t = games.tally(acc);
    let seat = |seat, policy| Subject::Seat {
        seat,
        policy: Some(policy),
    };
    let ids: Vec<(&str, Subject)> = t
        .metrics
        .iter()
        .map(|m| (m.id.name.as_str(), m.id.subject))
        .collect();
    assert_eq!(
        ids,
        [
            ("win_rate", seat(0, 0)),
            ("win_rate", seat(1, 1)),
            ("final_score", seat(0, 0)),
            ("final_score", seat(1, 1)),
            ("win_rate", Subject::Policy(0)),
            ("win_rate", Subject::Policy(1)),
            ("p_tied_finish", Subject::Run),
            ("rolls_per_game", Subject::Run)
        ]
    );
}

#[test]
fn seats_of_one_policy_win_as_one() {
    // Greedy, random, greedy, random: the greedy seats play the same game, the random ones
    // their own coins.
    let games = seated(4, &[PolicySpec::Greedy, PolicySpec::Random]);
    let mut acc = games.new_acc();
    games.run_chunk(&mut chunk_rng(2, 0), 2000, &mut acc);
    assert_eq!(acc.wins.seat[0], acc.wins.seat[2], "identical greedy seats");
    // The identical greedy seats win together or not at all, game by game.
    assert_eq!(acc.wins.policy[0][1], 0);
    assert_eq!(acc.wins.policy[0][2], acc.wins.seat[0]);
    assert_eq!(acc.wins.policy_seats, [4000, 4000]);
    let t = games.tally(acc);
    let rate = |p| {
        let id = crate::stats::MetricId::new("win_rate", Subject::Policy(p));
        t.get(&id).unwrap().estimate().mean
    };
    assert!(rate(0) > 0.9 && rate(1) < 0.1, "greedy {}", rate(0));
}
