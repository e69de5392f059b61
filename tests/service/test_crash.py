"""Crash safety for real: SIGKILL `riskbot demo --db` mid-game, rerun, compare the output."""

from __future__ import annotations

import os
import random
import signal
import sqlite3
import subprocess
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
ARGS = ["demo", "--ruleset", "classic-2016", "--players", "4", "--seed", "11"]


def riskbot(*args: str) -> subprocess.Popen[str]:
    env = {**os.environ, "PYTHONPATH": str(ROOT)}
    return subprocess.Popen(
        [sys.executable, "-m", "bot.cli", *args],
        cwd=ROOT,
        env=env,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
    )


def finish(*args: str) -> str:
    out, err = riskbot(*args).communicate(timeout=60)
    assert not err, err
    return out


def stored_version(db: Path) -> int:
    """The demo game's version as committed so far (-1 before there is one)."""
    try:
        with sqlite3.connect(f"file:{db}?mode=ro", uri=True, timeout=5) as conn:
            row = conn.execute("SELECT max(version) FROM games").fetchone()
    except sqlite3.OperationalError:  # not created yet
        return -1
    return -1 if row is None or row[0] is None else row[0]


def kill_at(db: Path, version: int) -> int:
    """Run the demo until it has committed `version` actions, SIGKILL it; the version seen."""
    proc = riskbot(*ARGS, "--db", str(db))
    deadline = time.monotonic() + 30
    while stored_version(db) < version and proc.poll() is None and time.monotonic() < deadline:
        time.sleep(0.002)
    proc.send_signal(signal.SIGKILL)
    proc.communicate()
    assert proc.returncode == -signal.SIGKILL, "the demo ended before it could be killed"
    return stored_version(db)


def test_a_killed_demo_resumes_and_ends_exactly_like_an_uninterrupted_run(tmp_path):
    expected = finish(*ARGS)
    assert expected == finish(*ARGS, "--db", str(tmp_path / "whole.db"))
    total = int(expected.split(" actions=")[1].split()[0])
    db = tmp_path / "killed.db"
    # Three kills at random moments of the game, each resuming what the last one left.
    targets = sorted(random.sample(range(1, total * 3 // 4), 3))
    seen = [kill_at(db, target) for target in targets]
    assert seen == sorted(seen) and 0 < seen[0] < total, seen
    resumed = finish(*ARGS, "--db", str(db))
    assert resumed.splitlines()[-1] == expected.splitlines()[-1]
    assert resumed == expected  # every line, re-narrated from the stored log
    assert stored_version(db) == total
