#!/usr/bin/env bash
# End-to-end test of the GNU parallel recipe in deploy/slurm/README.md, on "two hosts" that are
# both this machine: an sshd from Debian's openssh-server listening on 127.0.0.1 only, with a
# throwaway host key and user key under a temporary folder, started and stopped by pid here.
#
#   deploy/slurm/parallel-test.sh [DICELAB_BINARY]      (default: target/release/dicelab)
#
# Installs openssh-server, openssh-client, parallel and rsync from Debian's packages when missing
# (run as root, as every machine of this project is). Runs the recipe's commands with the hosts
# file naming the two loopback hosts, and checks that both hosts ran shards, that the merged
# report is byte-identical to the unsharded run, and that the recipe's last line leaves no shard
# folder on the hosts.
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
bin=${1:-$here/../../target/release/dicelab}
bin=$(cd "$(dirname "$bin")" && pwd)/$(basename "$bin")
[ -x "$bin" ] || {
    echo "parallel test: no dicelab binary at $bin (cargo build --release first)" >&2
    exit 1
}

need=()
command -v parallel >/dev/null || need+=(parallel)
command -v rsync >/dev/null || need+=(rsync)
command -v ssh >/dev/null || need+=(openssh-client)
[ -x /usr/sbin/sshd ] || need+=(openssh-server)
if [ ${#need[@]} -gt 0 ]; then
    # The Slurm test installs beside this one: one lock of our own takes turns between them (both
    # ran apt-get update at once and one failed on apt's lists lock), and apt's own timeout waits
    # for anyone else's apt.
    DEBIAN_FRONTEND=noninteractive flock -w 1200 /tmp/dicelab-apt.lock sh -c \
        'apt-get -o DPkg::Lock::Timeout=600 update -qq &&
         apt-get -o DPkg::Lock::Timeout=600 install -y -qq "$@"' apt "${need[@]}" >/dev/null
fi

tmp=$(mktemp -d "${TMPDIR:-/tmp}/dicelab-parallel.XXXXXX")
sshd_pid=""
cleanup() {
    if [ -n "$sshd_pid" ]; then
        kill "$sshd_pid" 2>/dev/null || true
        wait "$sshd_pid" 2>/dev/null || true
    fi
    rm -rf "$tmp"
}
trap cleanup EXIT

ssh-keygen -q -t ed25519 -N '' -f "$tmp/host_key"
ssh-keygen -q -t ed25519 -N '' -f "$tmp/user_key"
cp "$tmp/user_key.pub" "$tmp/authorized_keys"
# A free port on loopback: one nothing answers on.
port=""
for p in $(shuf -i 20000-60000 -n 50); do
    if ! (exec 3<>"/dev/tcp/127.0.0.1/$p") 2>/dev/null; then
        port=$p
        break
    fi
done
[ -n "$port" ] || {
    echo "parallel test: no free port on 127.0.0.1" >&2
    exit 1
}
cat >"$tmp/sshd_config" <<EOF
Port $port
ListenAddress 127.0.0.1
HostKey $tmp/host_key
AuthorizedKeysFile $tmp/authorized_keys
PidFile $tmp/sshd.pid
PermitRootLogin prohibit-password
PasswordAuthentication no
KbdInteractiveAuthentication no
UsePAM no
StrictModes no
EOF
# sshd refuses to start without its privilege-separation folder, which Debian's service creates.
mkdir -p /run/sshd
/usr/sbin/sshd -D -e -f "$tmp/sshd_config" 2>"$tmp/sshd.log" &
sshd_pid=$!

cat >"$tmp/ssh_config" <<EOF
Host loop-a loop-b
    HostName 127.0.0.1
    Port $port
    User $(id -un)
    IdentityFile $tmp/user_key
    IdentitiesOnly yes
    StrictHostKeyChecking no
    UserKnownHostsFile /dev/null
    LogLevel ERROR
    BatchMode yes
EOF
ssh_cmd="ssh -F $tmp/ssh_config"
for _ in $(seq 1 50); do
    $ssh_cmd loop-a true 2>/dev/null && break
    sleep 0.1
done
$ssh_cmd loop-a true || {
    echo "parallel test: sshd on 127.0.0.1:$port did not answer:" >&2
    cat "$tmp/sshd.log" >&2
    exit 1
}

# The recipe, as deploy/slurm/README.md gives it, with the hosts file naming the two loopback
# hosts. What the test adds: how to reach them (--ssh), dicelab's folder on their PATH
# (--env PATH), and a working folder of the test's own on them (--workdir) rather than the home.
mkdir -p "$tmp/here" "$tmp/there"
cd "$tmp/here"
printf 'loop-a\nloop-b\n' >hosts.txt
export PATH="$(dirname "$bin"):$PATH"
export PARALLEL_HOME="$tmp/parallel-home"
N=6
seq 0 $((N - 1)) | parallel --will-cite --ssh "$ssh_cmd" --env PATH --workdir "$tmp/there" \
    --joblog "$tmp/joblog" --sshloginfile hosts.txt --return 'out/shard{}' \
    "mkdir -p out && dicelab simulate sequences -n 1e6 --seed 7 --shard {}/$N --out out/shard{} -q" \
    >"$tmp/parallel.out"
dicelab merge out/shard* --out out/merged >/dev/null
parallel --will-cite --ssh "$ssh_cmd" --workdir "$tmp/there" --nonall --sshloginfile hosts.txt \
    rm -rf out
dicelab simulate sequences -n 1e6 --seed 7 --out whole -q >/dev/null

for host in loop-a loop-b; do
    grep -q "$host" "$tmp/joblog" || {
        echo "parallel test: no shard ran on $host:" >&2
        cat "$tmp/joblog" >&2
        exit 1
    }
done
if ! diff -r -x run.json out/merged whole >/dev/null; then
    echo "parallel test: the merged report differs from the unsharded run:" >&2
    diff -r -x run.json out/merged whole | head -n 20 >&2
    exit 1
fi
left=$(find "$tmp/there" -name accumulators.json | wc -l)
[ "$left" -eq 0 ] || {
    echo "parallel test: $left shard folders are left on the hosts" >&2
    exit 1
}
echo "parallel test: $N shards over loop-a and loop-b merged byte-identical to the unsharded run"
