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
  3. no call circle between units of one part: unit A calls (or takes the
     address of) a function unit B defines, B one of A's, directly or
     through others of the same part;
  4. sizes (with --sizes): no file over 800 lines, no function over 120.
Prints one line per problem and exits 1 when there is any.
"""
import os
import re
import sys

# lowest first; a part may include its own files and those of lower parts
RANK = {"base": 0, "machine": 1, "measure": 2, "kernel": 2, "contract": 2.5, "sim": 2.7,
        "harness": 3, "locks": 4, "tree": 4.5, "plan": 5, "output": 6, "cli": 7, "main": 8}
# the simulator sits between measure and harness but needs only these below it
SIM_MAY = {"base", "machine"}
# what locks/ may include besides the lock contract and base
LOCKS_MAY = {"src/harness/loop"}
# the kernel shim (kshim/, built at run time by src/tree/): what locks/ may
# include, and locks/ itself (the models' sleeping emulation), never above
KSHIM_MAY = LOCKS_MAY
MAX_FILE_LINES = 800
MAX_FUNC_LINES = 120

INCLUDE = re.compile(r'^\s*#\s*include\s+"([^"]+)"', re.M)
COMMENT = re.compile(r'/\*.*?\*/|//[^\n]*|"(?:\\.|[^"\\\n])*"|\'(?:\\.|[^\'\\\n])*\'', re.S)
IDENT = re.compile(r'\b[A-Za-z_]\w*\b')


def functions(text, is_header):
    """the functions a file defines that another unit can call, and the
    identifiers its code uses (comments and strings removed)"""
    code = COMMENT.sub(lambda m: "\n" * m.group(0).count("\n"), text)
    lines = code.split("\n")
    defined = set()
    for i, line in enumerate(lines):
        if not line.startswith("{") or i == 0:
            continue
        j = i - 1		# the signature: back to the line that starts it
        while j > 0 and lines[j][:1] in (" ", "\t") and "(" not in lines[j]:
            j -= 1
        while j > 0 and lines[j][:1] in (" ", "\t"):
            j -= 1
        sig = " ".join(lines[j:i])
        if "(" not in sig or sig.rstrip().endswith(("=", "[]")):
            continue
        m = re.search(r'(\w+)\s*\(', sig)
        if m and (is_header or not re.match(r'\s*static\b', sig)):
            defined.add(m.group(1))
    # what the code uses: the text inside top-level braces (function bodies,
    # the initialisers of tables of function pointers), so that a prototype
    # in a header is not taken for a call
    body, depth = [], 0
    for line in lines:
        if line.lstrip().startswith("#"):
            continue
        for ch in line:
            if ch == "{":
                depth += 1
            elif ch == "}":
                depth = max(depth - 1, 0)
        if depth or line.startswith("}"):
            body.append(line)
    # a struct, union or enum tag is not a call, even where a function has its name
    text = re.sub(r'\b(struct|union|enum)\s+\w+', ' ', "\n".join(body))
    return defined, set(IDENT.findall(text))


def call_circles(files, top):
    """call circles between the units of one part"""
    defs, uses = {}, {}
    for f in files:
        unit = os.path.splitext(f)[0]
        d, u = functions(open(os.path.join(top, f), encoding="utf-8").read(), f.endswith(".h"))
        defs.setdefault(unit, set()).update(d)
        uses.setdefault(unit, set()).update(u)
    owner = {}
    for unit, names in defs.items():
        for n in names:
            owner.setdefault(n, set()).add(unit)
    calls = {}
    for unit, names in uses.items():
        for n in names - defs[unit]:
            for v in owner.get(n, ()):
                if v != unit and part_of(v) == part_of(unit):
                    calls.setdefault(unit, {}).setdefault(v, set()).add(n)
    found = []
    for cyc in cycles(calls):
        how = ", ".join(f"{a} calls {sorted(calls[a][b])[0]}" for a, b in zip(cyc, cyc[1:]))
        found.append("call circle in " + part_of(cyc[0]) + ": " + " -> ".join(cyc) + f" ({how})")
    return found, sum(len(v) for v in calls.values())


def cycles(graph):
    """the circles of @graph (unit -> its successors), by depth-first search, each as a path back to its start"""
    found, state, stack = [], {}, []

    def visit(u):
        state[u] = 1
        stack.append(u)
        for v in sorted(graph.get(u, ())):
            if state.get(v) == 1:
                found.append(stack[stack.index(v):] + [v])
            elif not state.get(v):
                visit(v)
        stack.pop()
        state[u] = 2

    for u in sorted(graph):
        if not state.get(u):
            visit(u)
    return found


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
            if inc in ("config.h", "lb-revision.h"):	# configure's and make's, in the build tree
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
            elif a == "sim":
                ok = b in SIM_MAY
            else:
                ok = RANK[b] < RANK[a]
            if not ok:
                problems.append(f"{f}: includes \"{inc}\": the {a} part may not include the {b} part")
    problems += ["include circle: " + " -> ".join(cyc) for cyc in cycles(edges)]
    circles, ncalls = call_circles(files, top)
    problems += circles
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
    print(f"{len(files)} files, {sum(len(v) for v in edges.values())} include edges and "
          f"{ncalls} call edges between units, {len(problems)} problem(s)")
    return 1 if problems else 0


if __name__ == "__main__":
    sys.exit(main())
