#!/usr/bin/env bash
# Where a format lives, checked for every format of formats.tsv (the one list of them), so the contributors' docs
# cannot drift from the tree again:
#  - formats.tsv: nine tab-separated fields a line, names in lower case, yes/no where the header says so;
#  - doc/adding-a-format.md's table of places (between its "places" markers): each place exists for each format
#    it is for (a path with NAME: that file; a directory or a file: one that names the format or its title);
#  - every path and every C++ or SQL name doc/architecture.md and doc/adding-a-format.md write in backquotes
#    exists in the tree (a path with a placeholder, <format> or NAME: some file fits it; a name: in the code, or
#    a test's).
# No server: it reads files.
set -euo pipefail
source "$(dirname "${BASH_SOURCE[0]}")/../../scripts/common.sh"
cd "$IDENTITIES_ROOT"

python3 - <<'PYTHON'
import glob
import os
import re
import subprocess
import sys

checks = 0
failures = []


def check(condition, message):
    global checks
    checks += 1
    if not condition:
        failures.append(message)


formats = []
for number, line in enumerate(open('formats.tsv', encoding='utf-8'), 1):
    line = line.rstrip('\n')
    if not line or line.startswith('#'):
        continue
    fields = line.split('\t')
    check(len(fields) == 9, f'formats.tsv:{number}: {len(fields)} fields, not 9')
    if len(fields) != 9:
        continue
    name, title, id_type, generate, order, preload, time_ordered, high_water_mark, generators = fields
    check(re.fullmatch(r'[a-z][a-z0-9_]*', name) is not None, f'formats.tsv:{number}: name {name!r}')
    check(order in ('strict', 'second', '-'), f'formats.tsv:{number}: order {order!r}')
    for word in (preload, time_ordered, high_water_mark):
        check(word in ('yes', 'no'), f'formats.tsv:{number}: {word!r} is neither yes nor no')
    check((id_type == '-') == (generate == '-') == (generators == '-'),
          f'formats.tsv:{number}: a format without ids has no generator, and one with ids has one')
    formats.append({'name': name, 'title': title, 'ids': id_type != '-', 'own type': id_type == name,
                    'time-ordered': time_ordered == 'yes', 'high-water mark': high_water_mark == 'yes'})
check(len(formats) > 0, 'formats.tsv lists no format')

# Files of the tree as git knows them (tracked and new, not ignored): what a clean clone has. A copy without git
# (a chroot's) is walked, leaving out what builds and tests make.
try:
    tree = subprocess.run(['git', 'ls-files', '--cached', '--others', '--exclude-standard'], capture_output=True,
                          text=True, check=True).stdout.split('\n')
except (OSError, subprocess.CalledProcessError):
    made = {'.git', 'build', 'node_modules', 'bin', 'obj', 'target', 'results'}
    tree = [os.path.relpath(os.path.join(directory, name))
            for directory, subdirectories, names in os.walk('.')
            if not subdirectories.__setitem__(slice(None), [d for d in subdirectories if d not in made])
            for name in names]
tree = [path for path in tree if path and os.path.isfile(path)]


def mentions(paths, fmt):
    wanted = re.compile(re.escape(fmt['name']) + '|' + re.escape(fmt['title']), re.IGNORECASE)
    for path in paths:
        try:
            if wanted.search(open(path, encoding='utf-8', errors='replace').read()):
                return True
        except OSError:
            pass
    return False


def place_found(path, fmt):
    if 'NAME' in path:
        return os.path.isfile(path.replace('NAME', fmt['name']))
    if path.endswith('/'):
        return mentions([p for p in tree if p.startswith(path)], fmt)
    return mentions([path], fmt)


doc = open('doc/adding-a-format.md', encoding='utf-8').read()
table = re.search(r'<!-- places begin -->\n(.*?)<!-- places end -->', doc, re.DOTALL)
check(table is not None, 'doc/adding-a-format.md has no table of places between its markers')
rows = [row for row in (table.group(1).split('\n') if table else []) if row.startswith('|') and not row.startswith('|---')][1:]
check(len(rows) >= 10, f'doc/adding-a-format.md: {len(rows)} places, expected at least 10')
for row in rows:
    cells = [cell.strip() for cell in row.strip('|').split('|')]
    check(len(cells) == 3, f'doc/adding-a-format.md: a row of places is not "place | path | for": {row}')
    if len(cells) != 3:
        continue
    place, paths, scope = cells
    scope = scope.removesuffix(' format')
    check(scope in ('every', 'ids', 'own type', 'time-ordered', 'high-water mark'),
          f'doc/adding-a-format.md: "{scope}" for {place}')
    # "`a` or `b`": either; "`a`, `b`": each
    required = [[alternative.strip('` ') for alternative in part.split(' or ')] for part in paths.split(', ')]
    for fmt in formats:
        if scope != 'every' and not fmt[scope]:
            continue
        for alternatives in required:
            check(any(place_found(path, fmt) for path in alternatives),
                  f'{fmt["name"]}: no {place} ({" or ".join(alternatives)})')

# Every path and name the two docs write in backquotes.
names_in_tree = None
for document in ('doc/architecture.md', 'doc/adding-a-format.md'):
    text = open(document, encoding='utf-8').read()
    for token in sorted(set(re.findall(r'`([^`\n]+)`', text))):
        if re.fullmatch(r'[\w./<>-]+/[\w./<>-]*', token) and not token.startswith(('pg/', 'core/')):
            # a placeholder (<format>, NAME, <released>) stands for any name: some file must fit the pattern
            pattern = re.sub(r'<[^>]*>|NAME', '*', token)
            check(glob.glob(pattern) or glob.glob(os.path.join('doc', pattern)),
                  f'{document}: `{token}` names no file of the tree')
        elif re.fullmatch(r'[A-Za-z_][A-Za-z0-9_]*(::[A-Za-z_][A-Za-z0-9_]*)*(\(\))?', token) and \
                ('_' in token or re.search(r'[a-z][A-Z]', token)):
            name = token.split('::')[-1].removesuffix('()')
            if names_in_tree is None:
                names_in_tree = '\n'.join(open(p, encoding='utf-8', errors='replace').read() for p in tree
                                          if p.startswith(('src/', 'sql/', 'test/', 'scripts/', 'portable/', 'bench/'))
                                          or p in ('Makefile', 'CMakeLists.txt', 'formats.tsv'))
            check(re.search(r'\b' + re.escape(name) + r'\b', names_in_tree) is not None
                  or any(os.path.basename(p).split('.')[0] == name for p in tree),
                  f'{document}: `{token}` is named nowhere in the code')

for failure in failures:
    print(f'not ok - {failure}')
print(f'format_places: {len(formats)} formats, {checks - len(failures)} checks passed, {len(failures)} failed')
sys.exit(1 if failures else 0)
PYTHON
