//! The exit-code rule, case by case (docs/cli.md has the table): 2 when what the user typed or
//! the content of a file is wrong, 1 when the operating system cannot read or write a file or
//! folder. Each case is its own test, asserting the code and the one line.

/// A file that cannot be read: missing, or a folder where a file is expected. Exit 1.
mod unreadable {
    io_failure! {
        a_missing_deck_file:
            ["simulate", "sieben", "--players", "3", "--deck", "none.csv"]
            => "deck none.csv: cannot read it (";
        a_missing_deck_file_given_as_a_rule:
            ["simulate", "sieben", "--players", "3", "--rule", "deck=none.csv"]
            => "deck none.csv: cannot read it (";
        a_deck_that_is_a_folder:
            ["simulate", "sieben", "--players", "3", "--deck", "folder.csv"] with odd_files
            => "deck folder.csv: cannot read it (";
        a_missing_deck_file_of_the_deck_study:
            ["decks", "sieben", "--players", "3", "--deck", "none.csv"]
            => "deck none.csv: cannot read it (";
        a_missing_deck_file_of_the_tables:
            ["table", "sieben", "--deck", "none.csv"]
            => "deck none.csv: cannot read it (";
        a_missing_policy_table:
            ["simulate", "sevens", "--policy", "table:none.csv"]
            => "policy table none.csv: cannot read it (";
        a_policy_table_that_is_a_folder:
            ["simulate", "sevens", "--policy", "table:folder.csv"] with odd_files
            => "policy table folder.csv: cannot read it (";
        a_missing_weights_file:
            ["simulate", "solitaire-dice", "--policy", "heuristic:none.csv"]
            => "policy file none.csv: cannot read it (";
        a_weights_file_that_is_a_folder:
            ["simulate", "solitaire-dice", "--policy", "lookahead:folder.csv"] with odd_files
            => "policy file folder.csv: cannot read it (";
        a_missing_weights_file_to_tune_from:
            ["tune", "solitaire-dice", "--from", "heuristic:none.csv", "--budget", "21", "--out", "w.csv"]
            => "policy file none.csv: cannot read it (";
        a_missing_claims_file:
            ["claims", "--file", "none.csv", "--out", "c"]
            => "none.csv: cannot read it (";
        a_claims_file_that_is_a_folder:
            ["claims", "--file", "folder.csv", "--out", "c"] with odd_files
            => "folder.csv: cannot read it (";
        a_shard_folder_without_accumulators:
            ["merge", "nowhere", "--out", "m"]
            => "nowhere: no accumulators.json here; expected the --out folder of a simulate run (";
        a_shard_whose_accumulators_are_a_folder:
            ["merge", "odd", "--out", "m"] with odd_files
            => "odd/accumulators.json: cannot read it (";
    }
}

/// A folder that cannot be written. Exit 1.
mod unwritable {
    io_failure! {
        an_out_folder_inside_a_file:
            ["simulate", "sequences", "-n", "10", "--out", "afile/r"] with afile
            => "--out afile/r: cannot write a report there (";
        a_tuned_weights_file_inside_a_file:
            ["tune", "solitaire-dice", "--from", "greedy", "--budget", "21", "-n", "10", "--out", "afile/w.csv"] with afile
            => "--out afile/w.csv: cannot write there (Not a directory";
    }
}

/// A file that is read but whose content is wrong: bad input, exit 2.
mod bad_content {
    bad_input! {
        a_deck_that_is_not_text:
            ["simulate", "sieben", "--players", "3", "--deck", "binary.csv"] with odd_files
            => "deck binary.csv: line 1: not UTF-8 text; expected a CSV file";
        a_policy_table_that_is_not_text:
            ["simulate", "sevens", "--policy", "table:binary.csv"] with odd_files
            => "policy table binary.csv: line 1: not UTF-8 text";
        a_weights_file_that_is_not_text:
            ["simulate", "solitaire-dice", "--policy", "heuristic:binary.csv"] with odd_files
            => "policy file binary.csv: line 1: not UTF-8 text";
        a_claims_file_that_is_not_text:
            ["claims", "--file", "binary.csv", "--out", "c"] with odd_files
            => "binary.csv: line 1: not UTF-8 text";
        a_weights_file_with_a_bad_header:
            ["simulate", "solitaire-dice", "--policy", "heuristic:afile"] with afile
            => "policy file afile: line 1: expected the header weight,value, found another first line (1 field)";
    }
}

/// A value holding a line break, a blank line or an escape character is quoted escaped, so the
/// error stays the one line it must be and tells what was typed: bad input, exit 2.
mod control_characters {
    bad_input! {
        a_number_holding_a_blank_line:
            ["simulate", "sevens", "-n", "1\n\n2"]
            => "invalid value '1\\n\\n2' for '--units <N>': expected a whole number";
        a_seed_holding_a_blank_line_after_an_equals_sign:
            ["simulate", "sevens", "--seed=1\n\n2"]
            => "invalid value '1\\n\\n2' for '--seed <SEED>'";
        a_subcommand_holding_an_escape_character:
            ["simu\u{1b}[31mx"]
            => "unrecognized subcommand 'simu\\u{1b}[31mx'";
        an_argument_holding_a_blank_line:
            ["simulate", "sevens", "--po\n\nlicy", "x"]
            => "unexpected argument '--po\\n\\nlicy' found";
        a_game_holding_a_blank_line:
            ["simulate", "se\n\nvens"]
            => "unknown game 'se\\n\\nvens'; did you mean 'sevens'? expected one of";
        a_policy_holding_a_blank_line:
            ["simulate", "sevens", "--policy", "bad\n\nmore"]
            => "--policy 'bad\\n\\nmore': unknown policy for sevens; expected one of optimal";
    }
}

/// A switch given twice (a script's `-q` and the user's own) is that switch, not an error: every
/// Slurm task of `submit.sh ... -- simulate ... -q` used to fail on it.
#[test]
fn a_switch_given_twice_is_the_same_switch() {
    use crate::common::ok;
    let tmp = tempfile::tempdir().unwrap();
    let d = tmp.path();
    ok(
        d,
        &["simulate", "sequences", "-n", "100", "-q", "--quiet", "-q"],
    );
    ok(
        d,
        &[
            "advise", "sevens", "--roll", "1", "--dice", "4", "--sum", "14", "--json", "--json",
        ],
    );
}
