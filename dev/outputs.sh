#!/usr/bin/env bash
# Runs a fixed set of dicelab command lines with one binary and keeps everything they produce:
# stdout, stderr, the exit code and every file written (run.json's start and finish times and its
# directory blanked, as they change from run to run). For a refactor that must change no output
# byte: run it with the binary before and after, then `diff -r` the two folders.
#
#   dev/outputs.sh BINARY DEST [--report]
#
# --report adds the default job (`dicelab report`, several minutes). The binary's path in run.json
# and the times a solve prints are blanked: they are the machine's, not the output's.
set -euo pipefail
bin=$(realpath "$1")
dest=$(realpath -m "$2")
report=${3:-}
root=$(cd "$(dirname "$0")/.." && pwd)
rm -rf "$dest"
mkdir -p "$dest"
n=0

# run NAME [STDIN-FILE] -- ARGS...: one command line in a fresh folder holding the project's data/.
run() {
    local name=$1; shift
    local input=/dev/null
    if [ "$1" != -- ]; then input=$1; shift; fi
    shift
    # A record an older binary did not write reads as an empty input.
    [ -e "$input" ] || input=/dev/null
    local work
    work=$(mktemp -d)
    # A name starting nodata- runs where no data/ folder is: the shipped copies stand in.
    case $name in nodata-*) ;; *) cp -r "$root/data" "$work/data" ;; esac
    local out="$dest/$(printf '%03d' $n)-$name"
    n=$((n + 1))
    mkdir -p "$out"
    printf '%q ' "$@" > "$out/command"
    set +e
    (cd "$work" && "$bin" "$@" < "$input" > "$out/stdout" 2> "$out/stderr")
    echo $? > "$out/code"
    set -e
    rm -rf "$work/data"
    # Every file the command wrote, times and folders blanked in run.json.
    (cd "$work" && find . -type f | sort) > "$out/files"
    while read -r f; do
        mkdir -p "$out/tree/$(dirname "$f")"
        if [ "$(basename "$f")" = run.json ]; then
            sed -E 's/"(started|finished)": "[^"]*"/"\1": "T"/; s/"directory": "[^"]*"/"directory": "D"/' \
                "$work/$f" | sed "s#\"$bin\"#\"BIN\"#" > "$out/tree/$f"
        else
            cp "$work/$f" "$out/tree/$f"
        fi
    done < "$out/files"
    sed -i "s#$work#WORK#g" "$out/stdout" "$out/stderr"
    # How long a solve took is the machine's, not the output's.
    sed -i -E '/solved/s/[0-9]+(\.[0-9]+)? (ms|s|µs|min)/TIME/g' "$out/stdout"
    rm -rf "$work"
}

# The README's and docs' examples (smaller -n where theirs take minutes).
run simulate-sequences -- simulate sequences -n 1e5 --seed 7 --out seq
run solve-sevens -- solve sevens
run compare-sevens -- compare sevens --policy optimal --policy rolls:1 -n 1e5
run compare-solitaire -- compare solitaire-dice --policy greedy --policy lookahead -n 2e3
run compare-sieben -- compare sieben --players 4 --policy lookahead --policy seven-first --policy seven-first --policy seven-first -n 300
run rules-sieben -- rules sieben
run policies-sevens -- policies sevens
run table-hearts -- table hearts-due --out t
run table-sevens-md -- table sevens --format md --percent
run compare-json -- compare sevens --policy optimal --policy rolls:1 --format json -n 1e5
run compare-out -- compare sevens --policy optimal --policy rolls:1 --policy threshold:15,10 -n 1e4 --out cmp
run compare-solitaire-out -- compare solitaire-dice --players 2 --policy greedy --policy random -n 2000 --out cmp
run hearts-out -- simulate hearts-due --players 3 -n 1e4 --out h
run table-sequences -- table sequences --out seq
run claims -- claims --out claims
run advise-sevens -- advise sevens --roll 1 --dice 2 --sum 5 --allowed 2 --round 6 --totals 52,49 --scores 15
run advise-sevens-json -- advise sevens --roll 1 --dice 2 --sum 5 --allowed 2 --round 6 --totals 52,49 --scores 15 --json
run advise-subsets -- advise sevens --rule removal=subsets --dice-shown 1,2,4,6,3,3
run advise-hearts -- advise hearts-due --totals 62,88,75,40 --next 3
run advise-solitaire -- advise solitaire-dice --roll 1,1,3,5,6 --sheet 3:2,5:7,7:8,8:4,9:5/1:6,2:4,5:3 -n 2000
run advise-sieben -- advise sieben --hand 1,3,3,5,6 --pile 2+3 --others 7,6,7 --chips 10,5,8,7 -n 2000
run stop-if -- compare sevens --policy 'stop-if: sum >= 14 or dice <= 2' --policy optimal -n 1e5
run stop-if-xor -- simulate sevens --policy 'stop-if: sum >= 14 xor dice <= 2' -n 1e5
run stop-if-game -- simulate sevens --players 2 --policy 'stop-if: me < best_other' --policy optimal -n 1e4
run sequences-rules -- simulate sequences --rule run_2=8 --rule wipe_ones=5 -n 1e5
run solve-variant -- solve sevens --rule dice=5 --rule removed_sum=8
run sweep -- sweep sequences --rule wipe_ones=3,4,5,off -n 1e4 --out sw
run sweep-sevens -- sweep sevens --rule dice=3,4 --rule max_rolls=2,3 -n 1e4
run hearts -- simulate hearts-due --players 4 -n 1e5 --rule wipe_ones=3
run solve-dice1 -- solve sevens --rule dice=1
run compare-four -- compare sevens --policy optimal --policy leader --policy rolls:1 --policy threshold:15,10 -n 1e5
run solve-out -- solve sevens --out reports/sevens
run table-policy -- simulate sevens --players 4 --policy table:data/sevens-policy.csv -n 1e4
run win -- simulate sevens --players 2 --policy win --policy optimal -n 1e4 --seed 1
run solve-2p -- solve sevens --players 2
run solve-3p -- solve sevens --players 3 --rule rounds=3
run simulate-3p-win -- simulate sevens --players 3 --policy win --policy optimal --policy optimal --rule rounds=3 -n 2000
run advise-3p -- advise sevens --roll 1 --dice 6 --sum 0 --round 3 --totals 10,12,8 --rule rounds=3
run advise-3p-ok -- advise sevens --roll 1 --dice 2 --sum 5 --allowed 2 --round 2 --totals 10,12,8 --scores 3 --rule rounds=3
run sieben-pay -- simulate sieben --players 4 -n 1e4 -q --rule hand=5 --rule pay=5/3/1
run decks -- decks sieben --players 4 -n 20000 -q
run solitaire-random -- compare solitaire-dice -n 1e4 -q --policy greedy --policy random
run solitaire-penalty -- simulate solitaire-dice -n 1e4 -q --rule penalty=-100 --rule value_7=50
run solitaire-heuristics -- compare solitaire-dice --policy random --policy greedy --policy heuristic:data/solitaire-best.csv --policy heuristic:data/solitaire-tuned.csv -n 1e4
run solitaire-2p -- simulate solitaire-dice --players 2 --policy greedy --policy random -n 1e4 -q
run table-solitaire -- table solitaire-dice
run solitaire-best -- compare solitaire-dice -n 2000 --seed 1 -q --policy best --policy lookahead
run tune -- tune solitaire-dice --from greedy --budget 3000 --seed 1 --out tuned.csv
run shards0 -- simulate sevens -n 1e5 --shard 0/2 --out s0
run data -- data
run completions -- completions bash
run man -- man
run version -- --version
run help -- --help
run help-simulate -- simulate --help
# Bad inputs: one line, the exit code.
run bad-game -- simulate nosuch
run bad-rule -- simulate sevens --rule dice=0
run bad-policy -- simulate sevens --policy rolls:x
run bad-units -- simulate sevens -n 0
run bad-threads -- simulate sevens --threads 0
run bad-advise -- advise sevens --roll 9
run bad-stop-if -- simulate sevens --policy 'stop-if: sum >='
run merge-missing -- merge nothing --out m
run sweep-players0 -- sweep sevens --players 0
# Outside a checkout: every shipped data file read from the binary's copy.
run nodata-table-policy -- simulate sevens --players 2 --policy table:data/sevens-policy.csv -n 1e3
run nodata-heuristic -- compare solitaire-dice --policy heuristic:data/solitaire-best.csv --policy lookahead:data/solitaire-lookahead.csv -n 200
run nodata-deck -- simulate sieben --players 3 --deck data/sieben-deck.csv -n 300
run nodata-advise-deck -- advise sieben --rule deck=data/sieben-deck.csv --hand 1,3,3,5,6 --pile 2+3 --others 7,6,7 -n 500
run nodata-claims -- claims --out c -n 1000
run nodata-data -- data sieben-deck.csv
# play, driven by lines on stdin.
printf 'r\nr\ns\nq\n' > "$dest/play-input"
run play-sevens "$dest/play-input" -- play sevens --seed 3 --coach
printf '?\nq\n' > "$dest/play-input2"
run play-sieben "$dest/play-input2" -- play sieben --seed 3
run play-solitaire "$dest/play-input2" -- play solitaire-dice --seed 3
# Records written by runs, then reviewed from stdin (a path would name this folder).
last() { echo "$dest/$(printf '%03d' $((n - 1)))-$1/tree/g.txt"; }
run record-sevens -- simulate sevens --players 2 --policy win --policy rolls:1 -n 40 --record g.txt -q
rec=$(last record-sevens)
run review-sevens "$rec" -- review /dev/stdin --format json
run review-sevens-out "$rec" -- review /dev/stdin --out r
run record-sequences -- simulate sequences --players 3 --rule tie=playoff -n 40 --record g.txt -q
run review-sequences "$(last record-sequences)" -- review /dev/stdin --format csv
run record-solitaire -- simulate solitaire-dice --policy greedy --policy best -n 2 --record g.txt -q
rec=$(last record-solitaire)
run review-solitaire "$rec" -- review /dev/stdin -n 8
run review-solitaire-out "$rec" -- review /dev/stdin -n 8 --format json --out r
if [ "$report" = --report ]; then
    run report -- report --out rep
fi
echo "$n command lines, kept in $dest"
