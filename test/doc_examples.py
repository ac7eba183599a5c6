#!/usr/bin/env python3
"""Runs the SQL examples of Markdown documents the way a reader pastes them, and checks what they show.

Every ```sql block of a document runs, top to bottom, in one psql session on a fresh database (one per
document). Where a block shows output under a statement (psql's aligned output, or ERROR/WARNING/NOTICE
lines), psql must print exactly that (trailing blanks, blank lines and a row-count footer the document leaves
out are ignored); a statement without shown output must not raise an error.

    doc_examples.py --psql "psql -h HOST -p PORT -U USER" DOCUMENT...

In a block, a statement starts at the beginning of a line, and its output follows it directly: a line that
begins with a blank, a message (ERROR:, DETAIL:, ...), or a row count, up to the next empty line.
"""
import argparse
import re
import shlex
import subprocess
import sys

MESSAGE = re.compile(r"^(ERROR|WARNING|NOTICE|INFO|DETAIL|HINT|CONTEXT|LINE \d+):")
SEPARATOR = re.compile(r"^-+(\+-+)*$")
STOPPED = "(psql stopped before this statement)"
FOOTER = re.compile(r"^\(\d+ rows?\)$")


class Statement:
    def __init__(self, document, line_number):
        self.where = f"{document}:{line_number}"
        self.lines = []  # input lines, as the reader pastes them
        self.shown = []  # output lines the document shows


def statements_of(path):
    """The statements of every sql block of a document, in order, with the output each shows."""
    statements = []
    in_block = False
    current = None
    showing = False
    with open(path, encoding="utf-8") as document:
        for number, raw in enumerate(document, start=1):
            line = raw.rstrip("\n")
            if not in_block:
                in_block = line.strip() == "```sql"
                continue
            if line.strip() == "```":
                in_block, current, showing = False, None, False
                continue
            if not line.strip():
                showing = False
                if current is not None and current.lines and not complete(current):
                    current.lines.append(line)
                continue
            if showing and (line.startswith(" ") or MESSAGE.match(line) or FOOTER.match(line) or SEPARATOR.match(line)):
                current.shown.append(line.rstrip())
                continue
            showing = False
            if current is None or complete(current):
                current = Statement(path, number)
                statements.append(current)
            current.lines.append(line)
            if complete(current):
                showing = True
    return statements


def complete(statement):
    """A statement is complete at a semicolon outside comments and quotes, or a psql meta-command line."""
    if not statement.lines:
        return False
    if statement.lines[0].lstrip().startswith("\\"):
        return True
    text = "\n".join(statement.lines)
    in_quote = None
    i = 0
    last_semicolon = False
    while i < len(text):
        c = text[i]
        if in_quote:
            if text.startswith(in_quote, i):
                i += len(in_quote)
                in_quote = None
                continue
        elif text.startswith("--", i):
            end = text.find("\n", i)
            i = len(text) if end < 0 else end
            continue
        elif c == "'":
            in_quote = "'"
        elif c == "$":
            tag = re.match(r"\$[A-Za-z_]*\$", text[i:])
            if tag:
                in_quote = tag.group(0)
                i += len(in_quote)
                continue
        if not c.isspace():
            last_semicolon = c == ";" and not in_quote
        i += 1
    return last_semicolon and not in_quote


def run(psql, database, statements):
    """Runs the statements in one session; returns each statement's output lines (empty lines dropped)."""
    marker = "@@identities-doc-example@@"
    script = []
    for statement in statements:
        script.append(f"\\echo {marker}")
        script.extend(statement.lines)
    script.append(f"\\echo {marker}")
    # Messages (stderr) and results (stdout) interleaved as a reader sees them.
    # stdbuf: psql would block-buffer its results in a pipe, and they would come after its messages.
    process = subprocess.Popen(["stdbuf", "-oL"] + shlex.split(psql) + ["-X", "-q", "-d", database], stdin=subprocess.PIPE,
                               stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True)
    output, _ = process.communicate("\n".join(script) + "\n")
    parts = output.split(marker + "\n")
    outputs = [[line.rstrip() for line in part.splitlines() if line.strip()] for part in parts[1:len(statements) + 1]]
    while len(outputs) < len(statements):
        outputs.append([STOPPED])
    return outputs


def check(statements, outputs):
    failures = 0
    for statement, printed in zip(statements, outputs):
        # psql reports errors of stdin input as "psql:<stdin>:N: ERROR:": the document shows them plain.
        printed = [re.sub(r"^psql:<stdin>:\d+: ", "", line) for line in printed]
        shown = statement.shown
        if shown:
            expected = shown
            actual = printed
            if not any(FOOTER.match(line) for line in expected):
                actual = [line for line in actual if not FOOTER.match(line)]
            if actual == expected:
                continue
        elif not any(line.startswith("ERROR:") or line == STOPPED for line in printed):
            continue
        failures += 1
        print(f"{statement.where}: " + ("output differs" if shown else "raised an error"))
        for line in statement.lines:
            print(f"    {line}")
        if shown:
            print("  shown:")
            for line in shown:
                print(f"    {line}")
        print("  printed:")
        for line in printed:
            print(f"    {line}")
    return failures


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--psql", required=True, help="the psql command line to connect with (no database)")
    parser.add_argument("--admin-database", default="postgres")
    parser.add_argument("--template", action="append", default=[], metavar="DOCUMENT=DATABASE",
                        help="create the database of a document from this template (e.g. one with an edition installed)")
    parser.add_argument("documents", nargs="+")
    arguments = parser.parse_args()
    templates = dict(pair.split("=", 1) for pair in arguments.template)
    failures = 0
    for number, path in enumerate(arguments.documents):
        statements = statements_of(path)
        if not statements:
            continue
        database = f"doc_example_{number}"
        template = f" TEMPLATE {templates[path]}" if path in templates else ""
        for command in (f"DROP DATABASE IF EXISTS {database}", f"CREATE DATABASE {database}{template}"):
            subprocess.run(shlex.split(arguments.psql) + ["-X", "-q", "-d", arguments.admin_database, "-c", command],
                           check=True)
        found = check(statements, run(arguments.psql, database, statements))
        subprocess.run(shlex.split(arguments.psql) + ["-X", "-q", "-d", arguments.admin_database, "-c",
                                                      f"DROP DATABASE {database}"], check=True)
        print(f"{path}: {len(statements)} statements, {sum(1 for s in statements if s.shown)} with shown output, "
              f"{found} failing")
        failures += found
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
