"""test/integration/json_exact.sh's documents read back with Python's json.loads: the same input and output as
json_read_back.js (numbers keep every digit in Python, so a NUMBERS key must parse to the int of its text)."""
import json
import os
import sys

numbers = set(filter(None, os.environ.get("NUMBERS", "").split(",")))
failed = 0
for line in sys.stdin.read().splitlines():
    if not line:
        continue
    label, document, texts = line.split("\t")
    got, want = json.loads(document), json.loads(texts)
    rows = list(zip(got, want)) if isinstance(want, list) else [(got, want)]
    wrong = []
    for got_row, want_row in rows:
        for key, text in want_row.items():
            value = got_row[key]
            if key in numbers:
                if text is not None and (not isinstance(value, int) or str(value) != text):
                    wrong.append(f"{key}: {value!r} for {text!r}")
            elif value != text:
                wrong.append(f"{key}: {value!r} for {text!r}")
    if wrong:
        failed += 1
        print(f"FAILED: {label}: {'; '.join(wrong)}")
    else:
        print(f"ok - {label}")
sys.exit(1 if failed else 0)
