"""How fast a run spread over processes is against the same run in one process.

    python python/bench/sharded.py [UNITS] [REPEATS]

Times, on Sevens (optimal against rolls:1, UNITS turns, default 2e8): one call on every core;
one call on one thread; the run cut in 2 and in 16 shards on a 2-process pool (each shard on
one thread), and in 2 shards on 2 Python threads (the GIL is released), merged. It checks every spread result equals the single run, and prints the best
of REPEATS (default 3) with units a second.
"""

import sys
import time
from concurrent.futures import ProcessPoolExecutor, ThreadPoolExecutor

import dicelab

UNITS = int(float(sys.argv[1])) if len(sys.argv) > 1 else 200_000_000
REPEATS = int(sys.argv[2]) if len(sys.argv) > 2 else 3
CALL = dict(n=UNITS, seed=1)
POLICY = ["optimal", "rolls:1"]


def best(label, run):
    times = []
    for _ in range(REPEATS):
        start = time.perf_counter()
        result = run()
        times.append(time.perf_counter() - start)
    fastest = min(times)
    print(f"{label:40s} {fastest:7.2f} s  {UNITS / fastest / 1e6:7.1f} M turns/s")
    return result


if __name__ == "__main__":
    whole = best("one call, every core", lambda: dicelab.compare("sevens", POLICY, **CALL))
    best("one call, one thread", lambda: dicelab.compare("sevens", POLICY, threads=1, **CALL))
    with ProcessPoolExecutor(max_workers=2) as pool:
        for shards in (2, 16):
            spread = best(
                f"{shards} shards on 2 processes, 1 thread each",
                lambda: dicelab.compare("sevens", POLICY, threads=1, shards=shards,
                                        executor=pool, **CALL),
            )
            assert spread.equals(whole), "a spread run differs from the single run"
    with ThreadPoolExecutor(max_workers=2) as pool:
        spread = best(
            "2 shards on 2 Python threads, 1 each",
            lambda: dicelab.compare("sevens", POLICY, threads=1, shards=2, executor=pool,
                                    **CALL),
        )
        assert spread.equals(whole), "a spread run differs from the single run"
