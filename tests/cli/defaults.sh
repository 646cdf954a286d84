#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-or-later
# defaults.sh - every default is written once, in the table of defaults
# (src/plan/defaults.c): no other source file has a literal of a default's
# value (a string in its option's grammar: "0:1", "1,5,10", "60"; a name
# such as "socket" is also the name of what it selects, and a one-character
# value such as "1" is every other count too: those are not counted), nor sets a configuration field to a number, nor #defines a
# default; and the table has each option and context once.
. "$srcdir/tests/lib.sh"
need_python

"$LOCKBENCH" --export-defaults >"$TMPD/defaults" || fail "--export-defaults failed"
python3 - "$srcdir" "$TMPD/defaults" >"$TMPD/hits" <<'PY'
import os, re, sys
top, table = sys.argv[1], sys.argv[2]
code = {}
for d in ("src", "locks"):
    for root, _, names in os.walk(os.path.join(top, d)):
        for n in names:
            f = os.path.join(root, n)
            if n.endswith((".c", ".h")) and not f.endswith(os.path.join("plan", "defaults.c")):
                # comments out, so that a value named in prose is not a default
                t = re.sub(r"/\*.*?\*/|//[^\n]*", lambda m: "\n" * m.group(0).count("\n"),
                           open(f, encoding="utf-8").read(), flags=re.S)
                code[os.path.relpath(f, top)] = t.split("\n")
for line in open(table):
    o, v, w = (line.rstrip("\n").split("\t") + ["", ""])[:3]
    # a name is also what it names; a one-character value ("1", "0") is too
    # common a literal to tell a default from anything else
    if v == "-" or re.fullmatch(r"[a-z][a-z0-9.-]*", v) or len(v) < 2:
        continue
    for f, lines in code.items():
        for i, l in enumerate(lines):
            if '"%s"' % v in l:
                print("%s%s: its default \"%s\" is written again at %s:%d" %
                      (o, " (" + w + ")" if w else "", v, f, i + 1))
for f, lines in code.items():
    for i, l in enumerate(lines):
        if re.search(r"#define +[A-Z_]*DEFAULT[A-Z_]* +[0-9\"]", l) or '.def = "' in l:
            print("a default outside the table at %s:%d: %s" % (f, i + 1, l.strip()))
        m = re.search(r"\b(c|cfg)->(repeat|ops|duration|timeout|point_timeout|delay|lat_every)"
                      r" = [0-9]", l)
        if m:
            print("--%s set to a number at %s:%d" % (m.group(2), f, i + 1))
PY
[ -s "$TMPD/hits" ] && fail "$(cat "$TMPD/hits")"
dups=$(cut -f1,3 "$TMPD/defaults" | sort | uniq -d)
[ -n "$dups" ] && fail "the table has a default twice for one option and context: $dups"
pass "$(grep -cv '	-	' "$TMPD/defaults") defaults, each once (src/plan/defaults.c)"
finish
