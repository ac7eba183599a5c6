"""What the tests share: checks printed as "ok - NAME" or "not ok - NAME: why" (test/clients/run counts them), the
README's example files, a scratch database, and commands run as a reader would type them."""

from __future__ import annotations

import os
import re
import subprocess
import sys
import traceback
from typing import Callable, Dict, List

import psycopg

README = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "README.md")
failures = 0


def check(function: Callable[[], None]) -> Callable[[], None]:
    """Runs one check at once and reports it."""
    global failures
    try:
        function()
        print(f"ok - {function.__name__}", flush=True)
    except Exception as error:  # noqa: BLE001 (any failure is reported, the run goes on)
        failures += 1
        where = traceback.extract_tb(error.__traceback__)[-1]
        print(f"not ok - {function.__name__}: {type(error).__name__}: {error} (line {where.lineno})", flush=True)
    return function


def readme_files() -> Dict[str, str]:
    """The README's ```python blocks whose first line names a file ("# models.py"), by that name."""
    with open(README) as file:
        blocks = re.findall(r"^```python\n# ([\w/.]+\.py)\n(.*?)^```$", file.read(), re.M | re.S)
    return {name: text for name, text in blocks}


def write_readme_files(directory: str, names: List[str]) -> None:
    files = readme_files()
    for name in names:
        path = os.path.join(directory, name)
        os.makedirs(os.path.dirname(path), exist_ok=True)
        with open(path, "w") as file:
            file.write(files[name])


def fresh_database(name: str) -> None:
    """An empty database (no extension: the examples' first migration creates it)."""
    with psycopg.connect(autocommit=True) as admin:
        admin.execute(f'DROP DATABASE IF EXISTS "{name}" WITH (FORCE)')
        admin.execute(f'CREATE DATABASE "{name}"')


def run(arguments: List[str], directory: str, database: str) -> str:
    """A command of this venv's python in the example project's directory, connected to its database; its output
    (stdout and stderr). Raises with that output when it fails."""
    environment = dict(os.environ, PGDATABASE=database, PYTHONPATH=directory)
    done = subprocess.run([sys.executable, *arguments], cwd=directory, env=environment, text=True,
                          stdout=subprocess.PIPE, stderr=subprocess.STDOUT)
    if done.returncode != 0:
        raise AssertionError(f"{' '.join(arguments)} exited with {done.returncode}:\n{done.stdout}")
    return done.stdout


def exit_status() -> int:
    return 1 if failures else 0
