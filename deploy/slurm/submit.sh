#!/usr/bin/env bash
# Runs one dicelab study as a Slurm job array of shards and a merge job that waits for them.
#
#   deploy/slurm/submit.sh [--tasks LIST] SHARDS OUT -- <dicelab arguments>
#
# Task K of the array runs `dicelab <arguments> --shard K/SHARDS --out OUT/shardK -q`; the merge
# job (sbatch --dependency=afterok on the whole array) runs `dicelab merge OUT/shard0 ...
# OUT/shard{SHARDS-1} --out OUT/merged`. The same seed gives OUT/merged byte-identical to one
# unsharded run. `dicelab` is taken from PATH (the jobs inherit the submitting environment).
#
# --tasks LIST resubmits only those tasks (a list sbatch --array takes, e.g. 3 or 2,5-7, which is
# how `dicelab merge` names missing shards) with a new merge job after them.
#
# Prints the two job ids, one a line: "shards JOBID" and "merge JOBID". Extra sbatch options
# (partition, time, account) come from SBATCH_* environment variables or DICELAB_SBATCH_ARGS.
set -euo pipefail

usage() {
    echo "usage: $0 [--tasks LIST] SHARDS OUT -- <dicelab arguments>" >&2
    exit 2
}

tasks=""
if [ "${1:-}" = "--tasks" ]; then
    [ $# -ge 2 ] || usage
    tasks=$2
    shift 2
    [[ $tasks =~ ^[0-9]{1,10}(-[0-9]{1,10})?(,[0-9]{1,10}(-[0-9]{1,10})?)*$ ]] || {
        echo "$0: --tasks '$tasks': expected indexes as sbatch --array takes them, e.g. 3 or 2,5-7" >&2
        exit 2
    }
fi
[ $# -ge 3 ] || usage
shards=$1
out=$2
shift 2
[ "$1" = "--" ] || usage
shift
[ $# -ge 1 ] || usage
if ! [[ $shards =~ ^[1-9][0-9]{0,9}$ ]] || [ "$shards" -gt 4294967295 ]; then
    echo "$0: SHARDS '$shards': expected a whole number from 1 to 4294967295" >&2
    exit 2
fi
for a in "$@"; do
    case $a in
        --shard | --shard=* | --out | --out=*)
            echo "$0: give $a to submit.sh, not in the dicelab arguments: each task gets its own" >&2
            exit 2
            ;;
    esac
done
command -v dicelab >/dev/null || {
    echo "$0: dicelab is not on PATH (cargo install --locked --path . or add target/release to PATH)" >&2
    exit 2
}
command -v sbatch >/dev/null || {
    echo "$0: sbatch is not on PATH: no Slurm client here" >&2
    exit 2
}

mkdir -p "$out/logs"
out=$(cd "$out" && pwd)
array=${tasks:-0-$((shards - 1))}
if [ -n "$tasks" ]; then
    # Every index must be a task of this study, and every range run upwards.
    for part in ${tasks//,/ }; do
        first=$((10#${part%-*}))
        last=$((10#${part#*-}))
        if [ "$first" -gt "$last" ]; then
            echo "$0: --tasks '$tasks': the range $part runs downwards; write it $last-$first" >&2
            exit 2
        fi
        if [ "$last" -ge "$shards" ]; then
            echo "$0: --tasks '$tasks': task $last is not one of 0 to $((shards - 1))" >&2
            exit 2
        fi
    done
fi

# Quotes one word for POSIX sh, the shell --wrap runs: inside single quotes, each ' written '\''.
# (bash's printf %q writes $'...' for bytes it does not print in the locale, non-ASCII letters
# in a C locale among them, which sh reads as a literal $ and a quoted string.)
shq() {
    local q="'"
    printf -v "$1" "'%s'" "${2//$q/$q\\$q$q}"
}
# The arguments, quoted for the job's shell; the task index is read there, at run time.
args=""
for a in "$@"; do
    shq word "$a"
    args+="$word "
done
shq q_out "$out"
shard_cmd="exec dicelab $args --shard \${SLURM_ARRAY_TASK_ID}/$shards --out $q_out/shard\${SLURM_ARRAY_TASK_ID} -q"
# The merge job lists the shard folders itself (POSIX sh, as --wrap runs), so the submission stays
# short however many shards there are.
merge_cmd="set --; k=0; while [ \$k -lt $shards ]; do set -- \"\$@\" $q_out/shard\$k; k=\$((k + 1)); done; exec dicelab merge \"\$@\" --out $q_out/merged"

# shellcheck disable=SC2086 # DICELAB_SBATCH_ARGS is a list of options
shards_id=$(sbatch --parsable ${DICELAB_SBATCH_ARGS:-} --job-name=dicelab-shards \
    --array="$array" --ntasks=1 --cpus-per-task=1 \
    --output="$out/logs/shard-%a.out" --wrap="$shard_cmd")
shards_id=${shards_id%%;*}
# shellcheck disable=SC2086
merge_id=$(sbatch --parsable ${DICELAB_SBATCH_ARGS:-} --job-name=dicelab-merge \
    --dependency="afterok:$shards_id" --kill-on-invalid-dep=yes --ntasks=1 \
    --output="$out/logs/merge.out" --wrap="$merge_cmd")
merge_id=${merge_id%%;*}
echo "shards $shards_id"
echo "merge $merge_id"
