"""Scale-out through a real Dask cluster: the parts of a run computed on a LocalCluster's worker
processes (Dask's own executor, `client.get_executor()`) merge into the very report one run
writes. tests/python.rs installs dask[distributed] into the test's virtual environment."""

import os
import subprocess
import tempfile
import unittest
from pathlib import Path

import dicelab

BIN = os.environ.get("DICELAB_BIN", "dicelab")


class DaskExecutor(unittest.TestCase):
    def test_a_local_cluster_gives_the_binarys_report_for_1_4_and_64_shards(self):
        from dask.distributed import Client, LocalCluster

        with tempfile.TemporaryDirectory() as tmp:
            tmp = Path(tmp)
            done = subprocess.run(
                [BIN, "simulate", "sevens", "--policy", "optimal", "--policy", "rolls:1",
                 "-n", str(2**22), "--seed", "11", "-q", "--out", str(tmp / "cli")],
                capture_output=True, text=True, check=False,
            )
            self.assertEqual(done.returncode, 0, done.stderr)
            names = sorted(p.name for p in (tmp / "cli").iterdir() if p.name != "run.json")
            with LocalCluster(n_workers=2, threads_per_worker=1, processes=True,
                              dashboard_address=None) as cluster, Client(cluster) as client:
                executor = client.get_executor()
                for shards in (1, 4, 64):
                    with self.subTest(shards=shards):
                        out = tmp / f"dask{shards}"
                        dicelab.simulate("sevens", ["optimal", "rolls:1"], n=2**22, seed=11,
                                         shards=shards, executor=executor, out=out)
                        self.assertEqual(
                            names,
                            sorted(p.name for p in out.iterdir() if p.name != "run.json"),
                        )
                        for name in names:
                            self.assertEqual((tmp / "cli" / name).read_bytes(),
                                             (out / name).read_bytes(), name)


if __name__ == "__main__":
    unittest.main()
