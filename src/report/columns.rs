//! How a run's setup reads in a report: the `rules` and `policy` columns, the policy a metric is
//! about, a metric's name on a terminal, and a policy in a file name. Every output names a setup
//! by these, so a terminal line, a chart title and a CSV cell agree.
//!
//! A file the run read is named with its content's short hash (`deck=d.csv@1f3a9c2e`) in text
//! a person reads, so two runs with the same file name but other bytes never look alike; a file
//! name keeps the policy as given, so a chart keeps its name when the file behind it is edited.

use crate::record::SetupRecord;
use crate::stats::{MetricId, Subject};

/// How the `policy` column lists the policies of a run with several.
pub const POLICY_SEPARATOR: &str = " | ";

impl SetupRecord {
    /// The `rules` column: the player count, then every rule option, a file's name followed by
    /// its hash (`deck=d.csv@1f3a9c2e`).
    pub fn rules_column(&self) -> String {
        self.rules_where(|_| true)
    }

    /// The rules as a run's printed heading names them: the [`rules_column`](Self::rules_column)
    /// less the options that change nothing in this run (each game says which in its
    /// [`Matters`](crate::games::options::Matters)): a single turn of Sevens has no rounds, no
    /// first player and no ties. The `rules` column, `run.json` and `accumulators.json` keep
    /// every option: they are the run's record, which `merge` and a rerun read.
    pub fn rules_heading(&self) -> String {
        let options = crate::games::find(&self.game).map_or(&[][..], |g| g.options());
        let matters = |rule: &str| {
            let key = rule.split_once('=').map_or(rule, |(key, _)| key);
            options
                .iter()
                .find(|o| o.key == key)
                .is_none_or(|o| o.matters.to_run(self.players, &self.policies))
        };
        self.rules_where(matters)
    }

    /// The player count, then every rule option `keep` keeps (given `key=value`), a file's name
    /// followed by its hash.
    fn rules_where(&self, keep: impl Fn(&str) -> bool) -> String {
        std::iter::once(format!("players={}", self.players))
            .chain(
                self.rules
                    .iter()
                    .filter(|r| keep(r))
                    .map(|r| match r.split_once('=') {
                        Some((key, value)) => format!("{key}={}", self.with_hash(value)),
                        None => r.clone(),
                    }),
            )
            .collect::<Vec<_>>()
            .join(";")
    }

    /// `name`, followed by `@` and its content's short hash when it names a file the run read.
    fn with_hash(&self, name: &str) -> String {
        match self.inputs.iter().find(|f| f.path == name) {
            Some(f) => format!("{name}@{}", f.short_hash()),
            None => name.to_string(),
        }
    }

    /// A policy as reports name it: as given, its file (the part after the first `:`, in every
    /// game's specs) followed by the file's short hash (`heuristic:w.csv@1f3a9c2e`).
    pub fn policy_name(&self, policy: &str) -> String {
        match policy.split_once(':') {
            Some((kind, file)) => format!("{kind}:{}", self.with_hash(file)),
            None => policy.to_string(),
        }
    }

    /// The `policy` column of metrics about the whole run: the policies as given (with their
    /// files' hashes).
    pub fn policy_column(&self) -> String {
        self.policies
            .iter()
            .map(|p| self.policy_name(p))
            .collect::<Vec<_>>()
            .join(POLICY_SEPARATOR)
    }

    /// The policy (or pair of policies, `A - B`) a subject names, if it names one, with its
    /// files' hashes.
    pub fn label(&self, subject: Subject) -> Option<String> {
        self.label_by(subject, |p| self.policy_name(p))
    }

    /// The policy (or pair) a subject names as given, without hashes: what a file name is made
    /// of, so a chart keeps its name when the file behind a policy is edited.
    pub fn label_as_given(&self, subject: Subject) -> Option<String> {
        self.label_by(subject, str::to_string)
    }

    fn label_by(&self, subject: Subject, named: impl Fn(&str) -> String) -> Option<String> {
        let distinct = self.distinct_policies();
        let name = |i: u32| {
            distinct
                .get(i as usize)
                .map_or_else(|| format!("policy {i}"), |p| named(p))
        };
        match subject {
            Subject::Run | Subject::Seat { policy: None, .. } => None,
            Subject::Policy(i)
            | Subject::Seat {
                policy: Some(i), ..
            } => Some(name(i)),
            Subject::Pair(a, b) => Some(format!("{} - {}", name(a), name(b))),
        }
    }

    /// The `policy` column of a metric about `subject`.
    pub fn policy_of(&self, subject: Subject) -> String {
        self.label(subject).unwrap_or_else(|| self.policy_column())
    }

    /// How a metric is named on a terminal and in a claim: its column, with the policy it is
    /// about in brackets (`win_rate [greedy]`).
    pub fn key(&self, id: &MetricId) -> String {
        match self.label(id.subject) {
            Some(label) => format!("{} [{label}]", id.column()),
            None => id.column(),
        }
    }
}

#[cfg(test)]
mod tests {
    use crate::input::InputFile;
    use crate::record::tests::setup;
    use crate::stats::{MetricId, Subject};

    #[test]
    fn files_are_named_with_their_hash_in_the_columns_but_not_in_file_names() {
        let mut s = setup(&["heuristic:w.csv", "greedy"]);
        s.rules.push("deck=d.csv".into());
        s.inputs = vec![InputFile::new("w.csv", "x"), InputFile::new("d.csv", "y")];
        let (w, d) = (s.inputs[0].short_hash(), s.inputs[1].short_hash());
        assert_eq!(w.len(), 8);
        assert_eq!(
            s.rules_column(),
            format!("players=4;a=1;b=x;deck=d.csv@{d}")
        );
        assert_eq!(s.policy_column(), format!("heuristic:w.csv@{w} | greedy"));
        assert_eq!(
            s.label(Subject::Pair(0, 1)),
            Some(format!("heuristic:w.csv@{w} - greedy"))
        );
        assert_eq!(
            s.label_as_given(Subject::Pair(0, 1)).as_deref(),
            Some("heuristic:w.csv - greedy")
        );
    }

    /// A single turn of Sevens heads its output with the options a turn reads; `leader`, which
    /// weighs the followers' limit and the tie rule, keeps those two; a game keeps them all; the
    /// `rules` column keeps every option whatever the run.
    #[test]
    fn a_heading_leaves_out_the_options_that_change_nothing_in_the_run() {
        let sevens = |players: u32, policies: &[&str]| crate::record::SetupRecord {
            game: "sevens".into(),
            rules: crate::games::find("sevens")
                .unwrap()
                .options()
                .iter()
                .filter(|o| !o.quiet)
                .map(|o| format!("{}={}", o.key, o.default))
                .collect(),
            players,
            policies: policies.iter().map(|p| p.to_string()).collect(),
            inputs: Vec::new(),
        };
        let all = "players=1;removal=pairs;max_rolls=3;follower_limit=leader;rounds=10;\
                   first_player=rotate;tie=playoff";
        let turn = sevens(1, &["optimal", "rolls:1"]);
        assert_eq!(turn.rules_column(), all);
        assert_eq!(turn.rules_heading(), "players=1;removal=pairs;max_rolls=3");
        assert_eq!(
            sevens(1, &["optimal", "leader"]).rules_heading(),
            "players=1;removal=pairs;max_rolls=3;follower_limit=leader;tie=playoff"
        );
        let game = sevens(2, &["optimal"]);
        assert_eq!(game.rules_heading(), game.rules_column());
        // A game the registry does not know keeps every option.
        let unknown = setup(&["a"]);
        assert_eq!(unknown.rules_heading(), unknown.rules_column());
    }

    #[test]
    fn subjects_are_named_from_the_setup() {
        let s = setup(&["a:1 - 2.csv", "b", "a:1 - 2.csv", "b"]);
        assert_eq!(s.rules_column(), "players=4;a=1;b=x");
        assert_eq!(s.policy_column(), "a:1 - 2.csv | b | a:1 - 2.csv | b");
        // A policy whose name holds " - " names its pair unambiguously: the pair is read by
        // index, never split back from the string.
        assert_eq!(
            s.label(Subject::Pair(0, 1)).as_deref(),
            Some("a:1 - 2.csv - b")
        );
        assert_eq!(s.policy_of(Subject::Run), s.policy_column());
        let seat = MetricId::new(
            "win_rate",
            Subject::Seat {
                seat: 0,
                policy: Some(1),
            },
        );
        assert_eq!(s.key(&seat), "win_rate_seat_1 [b]");
        assert_eq!(s.key(&MetricId::run("turns")), "turns");
    }
}
