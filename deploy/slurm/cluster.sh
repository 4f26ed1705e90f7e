#!/usr/bin/env bash
# A throwaway single-node Slurm cluster under a temporary folder, for tests and trials.
#
#   source deploy/slurm/cluster.sh      # defines cluster_start and cluster_stop
#   cluster_start DIR                   # installs slurm-wlm and munge when missing, starts
#                                       # munged, slurmctld and slurmd under DIR, exports SLURM_CONF
#   cluster_stop                        # stops exactly the daemons cluster_start started, by pid
#
# Everything lives under DIR (config, key, state, logs, sockets); ports are picked free, so it
# does not collide with a real cluster's daemons or another test's. It must run as root (slurmd
# starts jobs as the submitting user; the cluster's SlurmUser is root).

cluster_pids=()

# Installs what the cluster needs from Debian's packages when a command is missing.
cluster_install() {
    local missing=()
    for c in munged mungekey slurmctld slurmd sbatch; do
        command -v "$c" >/dev/null 2>&1 || missing+=("$c")
    done
    [ ${#missing[@]} -eq 0 ] && return 0
    echo "cluster: installing slurm-wlm and munge (missing: ${missing[*]})" >&2
    if [ "$(id -u)" -ne 0 ]; then
        echo "cluster: need root to install slurm-wlm and munge" >&2
        return 1
    fi
    # The packages' install scripts would start the system's own munged and slurm daemons, which
    # nothing here would stop: a policy-rc.d that refuses every start (Debian's documented way)
    # keeps them down while the packages install, and is removed after unless it was there.
    local policy=/usr/sbin/policy-rc.d made="" status=0
    export DEBIAN_FRONTEND=noninteractive
    if [ ! -e "$policy" ]; then
        printf '#!/bin/sh\nexit 101\n' >"$policy" && chmod 755 "$policy" && made=1
    fi
    # The test suite's other installers (ssh, parallel, chromium) may run beside this one: one lock
    # of our own takes turns among them, and apt's own timeout waits for anyone else's apt.
    flock -w 1200 /tmp/dicelab-apt.lock sh -c 'apt-get -o DPkg::Lock::Timeout=600 update -qq &&
        apt-get -o DPkg::Lock::Timeout=600 install -y -qq slurm-wlm munge' >&2 || status=$?
    [ -z "$made" ] || rm -f "$policy"
    return "$status"
}

# A TCP port nobody listens on: the kernel picks it where python3 is at hand, else a random high
# port that `ss` does not list as listening.
cluster_free_port() {
    if command -v python3 >/dev/null 2>&1; then
        python3 -c 'import socket; s = socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1])'
        return
    fi
    local port
    while :; do
        port=$((20000 + RANDOM % 40000))
        ss -ltn 2>/dev/null | awk '{ print $4 }' | grep -q ":$port\$" || break
    done
    echo "$port"
}

cluster_start() {
    local dir=$1
    cluster_install || return 1
    mkdir -p "$dir"/{state,spool,log,run}
    chmod 700 "$dir"
    local node
    node=$(hostname -s)
    local cpus
    cpus=$(nproc)
    local mem
    mem=$(awk '/MemTotal/ { print int($2 / 1024 / 2) }' /proc/meminfo)

    # munge: its own key, socket and pid file, so a system munged (if any) is left alone.
    mungekey --create --keyfile="$dir/munge.key" --force >/dev/null 2>&1 ||
        dd if=/dev/urandom of="$dir/munge.key" bs=1024 count=1 2>/dev/null
    chmod 600 "$dir/munge.key"
    munged --key-file="$dir/munge.key" --socket="$dir/run/munge.sock" \
        --pid-file="$dir/run/munged.pid" --log-file="$dir/log/munged.log" \
        --seed-file="$dir/run/munged.seed" --force || return 1
    cluster_pids+=("$(cat "$dir/run/munged.pid")")

    local ctld_port slurmd_port
    ctld_port=$(cluster_free_port)
    slurmd_port=$(cluster_free_port)
    cat >"$dir/slurm.conf" <<CONF
ClusterName=dicelabtest
SlurmctldHost=$node(127.0.0.1)
SlurmUser=root
SlurmdUser=root
SlurmctldPort=$ctld_port
SlurmdPort=$slurmd_port
AuthType=auth/munge
CredType=cred/munge
AuthInfo=socket=$dir/run/munge.sock
StateSaveLocation=$dir/state
SlurmdSpoolDir=$dir/spool
SlurmctldPidFile=$dir/run/slurmctld.pid
SlurmdPidFile=$dir/run/slurmd.pid
SlurmctldLogFile=$dir/log/slurmctld.log
SlurmdLogFile=$dir/log/slurmd.log
ProctrackType=proctrack/linuxproc
TaskPlugin=task/none
MpiDefault=none
SchedulerType=sched/backfill
SelectType=select/cons_tres
SelectTypeParameters=CR_Core
ReturnToService=2
JobCompType=jobcomp/none
AccountingStorageType=accounting_storage/none
MinJobAge=600
NodeName=$node NodeAddr=127.0.0.1 CPUs=$cpus RealMemory=$mem State=UNKNOWN
PartitionName=debug Nodes=$node Default=YES MaxTime=INFINITE State=UP
CONF
    export SLURM_CONF="$dir/slurm.conf"
    slurmctld -D -i -f "$SLURM_CONF" >"$dir/log/slurmctld.out" 2>&1 &
    cluster_pids+=("$!")
    slurmd -D -N "$node" -f "$SLURM_CONF" >"$dir/log/slurmd.out" 2>&1 &
    cluster_pids+=("$!")

    # Up when the node reports idle; seconds on a quiet machine.
    local i
    for i in $(seq 1 60); do
        if [ "$(sinfo -h -n "$node" -o %t 2>/dev/null)" = "idle" ]; then
            return 0
        fi
        sleep 1
    done
    echo "cluster: the node did not come up; logs in $dir/log" >&2
    tail -n 20 "$dir"/log/*.log >&2 || true
    return 1
}

cluster_stop() {
    local pid
    # This cluster's jobs first (a test that failed may leave some queued or running): their
    # processes belong to slurmstepd, not to a daemon in cluster_pids, and would outlive it.
    if [ ${#cluster_pids[@]} -gt 0 ] && [ -n "${SLURM_CONF:-}" ]; then
        local jobs
        jobs=$(squeue -h -o %i 2>/dev/null | tr '\n' ' ')
        if [ -n "${jobs// /}" ]; then
            # shellcheck disable=SC2086
            scancel $jobs 2>/dev/null || true
            for _ in $(seq 1 50); do
                [ -z "$(squeue -h 2>/dev/null)" ] && break
                sleep 0.2
            done
        fi
    fi
    for pid in "${cluster_pids[@]}"; do
        kill "$pid" 2>/dev/null || true
    done
    for pid in "${cluster_pids[@]}"; do
        # Wait for each to exit (they are not all our children: munged daemonizes).
        for _ in $(seq 1 50); do
            kill -0 "$pid" 2>/dev/null || break
            sleep 0.1
        done
        kill -9 "$pid" 2>/dev/null || true
    done
    cluster_pids=()
}
