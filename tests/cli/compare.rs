//! `compare`: one clear line for every bad set of policies.

bad_input! {
    refuses_a_sevens_policy_given_twice:
        ["compare", "sevens", "--policy", "optimal", "--policy", "optimal"]
        => "given twice";
    refuses_the_forced_policy_of_sequences_given_twice:
        ["compare", "sequences", "--policy", "forced", "--policy", "forced"]
        => "--policy 'forced' is given twice; the policies compared in one run must differ";
    refuses_a_single_policy:
        ["compare", "sevens", "--policy", "optimal"]
        => "at least two --policy";
    refuses_a_sieben_lookahead_without_play_outs:
        [
            "compare",
            "sieben",
            "--players",
            "3",
            "--policy",
            "lookahead:0",
            "--policy",
            "seven-first",
        ]
        => "--policy 'lookahead:0': expected lookahead:K with K, the play-outs per legal play, from 1 to 1000";
}
