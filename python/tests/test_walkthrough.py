"""docs/python.md's walk-through, run as the script it is, so the page cannot rot: every
```python block of the page, in order, in a fresh interpreter, in a throwaway folder. It must
finish without an error, print its tables and save its chart."""

import os
import re
import subprocess
import sys
import tempfile
import unittest
from pathlib import Path

PAGE = Path(__file__).resolve().parents[2] / "docs" / "python.md"


class WalkThrough(unittest.TestCase):
    def test_the_pages_walk_through_runs_and_draws_its_chart(self):
        blocks = re.findall(r"^```python\n(.*?)^```", PAGE.read_text(encoding="utf-8"),
                            re.S | re.M)
        self.assertGreaterEqual(len(blocks), 4, "the walk-through's blocks are gone")
        script = "\n".join(blocks)
        with tempfile.TemporaryDirectory() as tmp:
            path = Path(tmp) / "walkthrough.py"
            path.write_text(script, encoding="utf-8")
            env = dict(os.environ, MPLBACKEND="Agg")
            done = subprocess.run([sys.executable, str(path)], cwd=tmp, env=env,
                                  capture_output=True, text=True, timeout=600, check=False)
            self.assertEqual(done.returncode, 0, done.stderr)
            chart = Path(tmp) / "sevens-max-rolls.png"
            self.assertTrue(chart.is_file(), os.listdir(tmp))
            self.assertGreater(chart.stat().st_size, 10_000)
            # The tables the page shows were printed, with their headings.
            for heading in ("optimal - rolls:1", "max_rolls", "threshold:15,10"):
                self.assertIn(heading, done.stdout)
            # And the review and the replay after it.
            for line in ("seat 2 (win)", "stop with 3  roll 2 dice again",
                         "['stop with 8', 'roll 4 dice again']",
                         "unit='pp of the chance to win'"):
                self.assertIn(line, done.stdout)


if __name__ == "__main__":
    unittest.main()
