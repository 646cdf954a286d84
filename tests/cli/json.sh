#!/bin/sh
# SPDX-License-Identifier: GPL-2.0-or-later
# JSON: one document with provenance, configuration and per-thread detail.
. "$srcdir/tests/lib.sh"
need_python

"$LOCKBENCH" --lock=ticket,pthread-rwlock --ratio=1:1 --threads=1,2 --load=2 --ops=2000 \
	--repeat=2 -f json >"$TMPD/run.json" || fail "the json run failed"
python3 - "$TMPD/run.json" <<'PY' || fail "json contents"
import json, sys
d = json.load(open(sys.argv[1]))
for k in ("format_version", "lockbench_version", "timestamp", "command_line", "host",
          "topology", "placement", "clock", "build", "config", "results"):
    assert k in d, k
assert d["format_version"] == 2
assert d["config"]["locks"] == ["ticket", "pthread-rwlock"]
assert d["config"]["repeat"] == 2
res = d["results"]
assert len(res) == 2 * 2 * 2, len(res)
for r in res:
    assert len(r["per_thread"]) == r["threads"]
    assert sum(t["ops"] for t in r["per_thread"]) == r["ops_total"] == 2000 * r["threads"]
    assert r["exec_time_ms"] > 0 and r["repeat"] in (1, 2)
    if r["lock"] == "pthread-rwlock":
        assert r["read_ops"] == r["write_ops"] == 1000 * r["threads"]
    assert "spin-waits" in r["counters"] if r["lock"] == "ticket" else r["counters"] == {}
assert d["clock"]["tsc_mhz"] > 0 and d["clock"]["pause_ns"] > 0
for k in ("pause_stall_pct", "loop_stall_pct"):
    assert 0 <= d["clock"][k] <= 100, (k, d["clock"][k])
assert d["clock"]["pause_stalls"] >= 0 and d["clock"]["loop_stalls"] >= 0
print("ok: json document")
PY
finish
