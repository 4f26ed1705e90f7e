#!/usr/bin/env bash
# End-to-end test of the Slurm path on a real, throwaway single-node cluster.
#
#   deploy/slurm/test.sh [DICELAB_BINARY]      (default: target/release/dicelab)
#
# Starts munged, slurmctld and slurmd under a temporary folder (deploy/slurm/cluster.sh, which
# installs slurm-wlm and munge from Debian's packages when missing; run as root), then:
#   1. a 6-task Sevens comparison and an 8-task Sequences run through submit.sh: each merged report
#      must be byte-identical to the unsharded run of the same seed;
#   2. a third array with one task cancelled: its merge job must not run, `dicelab merge` must name
#      the missing shard, and resubmitting that task with submit.sh --tasks must complete the set,
#      byte-identical again;
#   3. a fourth into a folder named with non-ASCII letters, a space and a quote, submitted in a C
#      locale with arguments that repeat `-q`, byte-identical again; and --tasks outside the
#      study refused.
# It stops every daemon it started, by pid, and removes the folder, whatever happens.
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
bin=${1:-$here/../../target/release/dicelab}
bin=$(cd "$(dirname "$bin")" && pwd)/$(basename "$bin")
[ -x "$bin" ] || {
    echo "slurm test: no dicelab binary at $bin (cargo build --release first)" >&2
    exit 1
}

# shellcheck source=cluster.sh
source "$here/cluster.sh"
tmp=$(mktemp -d "${TMPDIR:-/tmp}/dicelab-slurm.XXXXXX")
cleanup() {
    cluster_stop
    rm -rf "$tmp"
}
trap cleanup EXIT
started=$(date +%s)

cluster_start "$tmp/cluster"
export PATH="$(dirname "$bin"):$PATH"
submit="$here/submit.sh"

# Waits until none of the given jobs is queued or running (a minute at most).
wait_jobs() {
    local ids
    ids=$(IFS=,; echo "$*")
    for _ in $(seq 1 120); do
        [ -z "$(squeue -h -j "$ids" 2>/dev/null)" ] && return 0
        sleep 0.5
    done
    echo "slurm test: jobs $ids did not finish; queue:" >&2
    squeue >&2
    return 1
}

# Submits a study through submit.sh, prints "SHARDS_ID MERGE_ID".
submit_ids() {
    local out
    out=$("$submit" "$@")
    echo "$out" | awk '$1 == "shards" { s = $2 } $1 == "merge" { m = $2 } END { print s, m }'
}

# The merged report must equal an unsharded run of the same arguments, byte for byte.
same_as_whole() {
    local dir=$1
    shift
    dicelab "$@" --out "$dir/whole" -q >/dev/null
    # run.json records the occasion (times, threads, command): every other file must match.
    if ! diff -r -x run.json "$dir/merged" "$dir/whole" >/dev/null; then
        echo "slurm test: $dir/merged differs from the unsharded run:" >&2
        diff -r -x run.json "$dir/merged" "$dir/whole" | head -n 20 >&2
        return 1
    fi
    echo "slurm test: $(basename "$dir"): merged report byte-identical to the unsharded run"
}

sevens=(compare sevens --policy optimal --policy rolls:1 -n 1e6 --seed 3)
sequences=(simulate sequences -n 1e6 --seed 5)
read -r s1 m1 < <(submit_ids 6 "$tmp/sevens" -- "${sevens[@]}")
read -r s2 m2 < <(submit_ids 8 "$tmp/sequences" -- "${sequences[@]}")
wait_jobs "$s1" "$m1" "$s2" "$m2"
same_as_whole "$tmp/sevens" "${sevens[@]}"
same_as_whole "$tmp/sequences" "${sequences[@]}"

# A failed task: hold the array, cancel task 3, release; the merge job must not run.
lost=(simulate sequences -n 1e6 --seed 9)
read -r s3 m3 < <(DICELAB_SBATCH_ARGS=--hold submit_ids 6 "$tmp/lost" -- "${lost[@]}")
scancel "${s3}_3"
scontrol release "$s3" "$m3" 2>/dev/null || scontrol release "$s3"
wait_jobs "$s3" "$m3"
if [ -e "$tmp/lost/merged" ]; then
    echo "slurm test: the merge ran although task 3 was cancelled" >&2
    exit 1
fi
shards=()
for k in 0 1 2 3 4 5; do shards+=("$tmp/lost/shard$k"); done
present=()
for s in "${shards[@]}"; do [ -d "$s" ] && present+=("$s"); done
if msg=$(dicelab merge "${present[@]}" --out "$tmp/lost/merged" 2>&1); then
    echo "slurm test: merge of an incomplete set succeeded" >&2
    exit 1
fi
case $msg in
    *"shards 3 of 0-5 are missing"*"sbatch --array=3"*) echo "slurm test: merge names the missing shard: $msg" ;;
    *)
        echo "slurm test: unexpected merge message: $msg" >&2
        exit 1
        ;;
esac
read -r s4 m4 < <(submit_ids --tasks 3 6 "$tmp/lost" -- "${lost[@]}")
wait_jobs "$s4" "$m4"
same_as_whole "$tmp/lost" "${lost[@]}"

# A folder name sh must read as it is (non-ASCII, a space, a quote) submitted in a C locale, and
# arguments that repeat the -q submit.sh adds: the tasks must write into that folder.
odd="$tmp/résumé 'x'"
quiet=(simulate sequences -n 1e5 --seed 7 -q)
read -r s5 m5 < <(LC_ALL=C submit_ids 3 "$odd" -- "${quiet[@]}")
wait_jobs "$s5" "$m5"
same_as_whole "$odd" "${quiet[@]}"

# --tasks that are not tasks of the study are refused before anything is submitted.
for bad in 5-2 6 2-6 99999999999 1,,2; do
    if "$submit" --tasks "$bad" 6 "$tmp/bad" -- "${lost[@]}" >/dev/null 2>&1; then
        echo "slurm test: submit.sh accepted --tasks $bad for 6 shards" >&2
        exit 1
    fi
done
echo "slurm test: submit.sh refuses --tasks outside the study"

echo "slurm test: passed in $(($(date +%s) - started)) s (cluster up, 4 arrays of 6, 8, 6 and 3 tasks, a resubmission)"
