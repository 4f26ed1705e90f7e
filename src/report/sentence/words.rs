//! The metrics in words: what a player does by each metric, the unit its difference is counted
//! in and which way is better. A sentence reads a metric through this table alone, so a metric
//! a game adds is said by adding its line here, apart from how the sentences are put together.

/// Which way a metric is better.
#[derive(Clone, Copy, Debug, PartialEq)]
pub(super) enum Better {
    Higher,
    Lower,
    Neither,
}

/// How a sentence says a metric: what a player does (`{}` stands for the figure), the unit a
/// difference is counted in, which way is better, and whether it is among the figures a run of
/// one policy opens with.
pub(super) struct Words {
    pub(super) name: &'static str,
    pub(super) does: &'static str,
    pub(super) unit: &'static str,
    pub(super) better: Better,
    pub(super) headline: bool,
}

const fn words(
    name: &'static str,
    does: &'static str,
    unit: &'static str,
    better: Better,
    headline: bool,
) -> Words {
    Words {
        name,
        does,
        unit,
        better,
        headline,
    }
}

/// The metrics the built-in games report, in words (docs/metrics.md defines each). A metric
/// missing here (a game registered from outside) is said by its name.
const WORDS: &[Words] = &[
    words(
        "points_per_cast",
        "scores {} points a cast",
        "points a cast",
        Better::Higher,
        true,
    ),
    words(
        "points_per_scoring_cast",
        "scores {} points a scoring cast",
        "points a scoring cast",
        Better::Higher,
        false,
    ),
    words(
        "p_cast_no_score",
        "scores nothing in {} of casts",
        "of casts",
        Better::Lower,
        true,
    ),
    words(
        "p_cast_penalty",
        "draws the penalty in {} of casts",
        "of casts",
        Better::Lower,
        false,
    ),
    words(
        "turns_to_target",
        "needs {} casts to reach the target",
        "casts",
        Better::Lower,
        true,
    ),
    words(
        "game_rounds",
        "plays {} rounds a game",
        "rounds a game",
        Better::Neither,
        false,
    ),
    words(
        "turn_score",
        "scores {} points a turn",
        "points a turn",
        Better::Higher,
        true,
    ),
    words(
        "rolls_used",
        "rolls {} times a turn",
        "rolls a turn",
        Better::Neither,
        true,
    ),
    words(
        "p_turn_zero",
        "scores nothing in {} of turns",
        "of turns",
        Better::Lower,
        true,
    ),
    words(
        "total",
        "scores {} points a game",
        "points a game",
        Better::Higher,
        false,
    ),
    words(
        "final_score",
        "scores {} points a game",
        "points a game",
        Better::Higher,
        true,
    ),
    words(
        "p_score_500",
        "reaches 500 in {} of games",
        "of games",
        Better::Higher,
        false,
    ),
    words(
        "p_score_positive",
        "ends above zero in {} of games",
        "of games",
        Better::Higher,
        false,
    ),
    words(
        "rolls_per_game",
        "rolls {} times a game",
        "rolls a game",
        Better::Neither,
        false,
    ),
    words(
        "chips",
        "earns {} chips a game",
        "chips a game",
        Better::Higher,
        true,
    ),
    words(
        "round_turns",
        "plays {} turns a round",
        "turns a round",
        Better::Neither,
        false,
    ),
    words(
        "win_rate",
        "wins {} of games",
        "of games",
        Better::Higher,
        false,
    ),
];

/// The words of the metric `name`; none for a metric of a game registered from outside, which
/// a sentence then says by its name.
pub(super) fn words_of(name: &str) -> Option<&'static Words> {
    WORDS.iter().find(|w| w.name == name)
}
