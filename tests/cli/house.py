#!/usr/bin/env python3
# SPDX-License-Identifier: GPL-2.0-or-later
"""house.py - the rules of the house (HACKING.md, "The map and the doors").

Reads every .c and .h under src/, locks/ and kshim/ of the source tree given
as the first argument and checks:
  1. the doors: a part includes only the parts below it (the order below);
     locks/ includes only the lock contract (locks/lock.h and the other files
     of locks/), base and the loop template (harness/loop.h); kshim/ (the
     kernel shim) the same and locks/;
  2. no include circle between units, a .c and its .h counted as one unit;
  3. sizes (with --sizes): no file over 800 lines, no function over 120.
Prints one line per problem and exits 1 when there is any.
"""
import os
import re
import sys

# lowest first; a part may include its own files and those of lower parts
RANK = {"base": 0, "machine": 1, "measure": 2, "kernel": 2, "contract": 2.5,
        "harness": 3, "locks": 4, "tree": 4.5, "plan": 5, "output": 6, "cli": 7, "main": 8}
# what locks/ may include besides the lock contract and base
LOCKS_MAY = {"src/harness/loop"}
# the kernel shim (kshim/, built at run time by src/tree/): what locks/ may
# include, and locks/ itself (the models' sleeping emulation), never above
KSHIM_MAY = LOCKS_MAY
MAX_FILE_LINES = 800
MAX_FUNC_LINES = 120

INCLUDE = re.compile(r'^\s*#\s*include\s+"([^"]+)"', re.M)


def part_of(unit):
    if unit.startswith("kshim/"):
        return "kshim"
    if unit == "src/tree/exports":
        return "tree"
    if unit.startswith("locks/"):
        return "contract" if unit == "locks/lock" else "locks"
    if unit == "src/main":
        return "main"
    return unit.split("/")[1]


def main():
    top = sys.argv[1]
    sizes = "--sizes" in sys.argv
    files = []
    for d in ("src", "locks", "kshim"):
        for root, _, names in os.walk(os.path.join(top, d)):
            for n in names:
                if n.endswith((".c", ".h", ".def")):
                    files.append(os.path.relpath(os.path.join(root, n), top))
    problems = []
    edges = {}
    for f in sorted(files):
        unit = os.path.splitext(f)[0]
        text = open(os.path.join(top, f), encoding="utf-8").read()
        for inc in INCLUDE.findall(text):
            if inc == "config.h":		# autoconf's, in the build tree
                continue
            cands = [os.path.normpath(os.path.join(os.path.dirname(f), inc)),
                     os.path.normpath(os.path.join("src", inc)), os.path.normpath(inc),
                     os.path.normpath(os.path.join("kshim/include", inc))]
            target = next((c for c in cands if c in files), None)
            if target is None:
                if not os.path.exists(os.path.join(top, cands[0])):
                    problems.append(f"{f}: includes \"{inc}\", which is not in src/ or locks/")
                continue
            tunit = os.path.splitext(target)[0]
            if tunit == unit:
                continue
            edges.setdefault(unit, set()).add(tunit)
            a, b = part_of(unit), part_of(tunit)
            if a == b:
                continue
            if a == "locks":
                ok = b in ("contract", "base") or tunit in LOCKS_MAY
            elif a == "kshim":
                ok = b in ("contract", "base", "locks") or tunit in KSHIM_MAY
            elif a == "contract":
                ok = b == "base"
            else:
                ok = RANK[b] < RANK[a]
            if not ok:
                problems.append(f"{f}: includes \"{inc}\": the {a} part may not include the {b} part")
    # circles, by depth-first search over units
    state = {}
    stack = []

    def visit(u):
        state[u] = 1
        stack.append(u)
        for v in sorted(edges.get(u, ())):
            if state.get(v) == 1:
                cyc = stack[stack.index(v):] + [v]
                problems.append("include circle: " + " -> ".join(cyc))
            elif not state.get(v):
                visit(v)
        stack.pop()
        state[u] = 2

    for u in sorted(edges):
        if not state.get(u):
            visit(u)
    if sizes:
        for f in sorted(files):
            lines = open(os.path.join(top, f), encoding="utf-8").read().split("\n")
            if len(lines) - 1 > MAX_FILE_LINES:
                problems.append(f"{f}: {len(lines) - 1} lines (at most {MAX_FILE_LINES})")
            # kernel style: a function body opens with "{" and closes with "}" in column 0
            start = None
            for i, line in enumerate(lines):
                if line.startswith("{"):
                    start = i
                elif line.startswith("}") and start is not None:
                    n = i - start + 1
                    if n > MAX_FUNC_LINES and not lines[start - 1].rstrip().endswith(("=", "[]")):
                        sig = next((lines[j] for j in range(start - 1, max(start - 4, -1), -1)
                                    if "(" in lines[j]), lines[start - 1])
                        problems.append(f"{f}:{start}: function of {n} lines (at most "
                                        f"{MAX_FUNC_LINES}): {sig.strip()}")
                    start = None
    for p in problems:
        print(p)
    print(f"{len(files)} files, {sum(len(v) for v in edges.values())} include edges between units, "
          f"{len(problems)} problem(s)")
    return 1 if problems else 0


if __name__ == "__main__":
    sys.exit(main())
