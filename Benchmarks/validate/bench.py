#!/usr/bin/env python3
"""Runs every tool of the validation benchmark on the same files and prints one table.

Called by run.sh, which builds the programs and generates the files; see run.sh for the
arguments. Timing: each tool runs RUNS times on each file and the median is reported (the
best is in the raw JSON). Peak RSS: a separate single-run process under /usr/bin/time -v, so
that garbage kept between runs does not count.

  envelope validate     the whole process, `envelope validate CONTRACT FILE` (start-up,
                        contract load, file read, parse, validate, report), wall clock; also
                        the small file given as many times as make the big one, to one
                        process (`validate FILE...`, one start-up for them all).
  envelope, in process  EnvelopeCore timed the way the peers are (inprocess/, a small
                        program on the library): the file already in memory, then per run
                        parse + validate + group findings + render the text report, timed
                        by its own clock.
  peers                 in process, the file already in memory: parse + validate (or
                        decode, or parse only), timed by the tool's own clock.

Every in-process program (envelope's and the peers') makes WARMUP runs more than asked, and
their times are dropped: the first tenth of a second or so of a process runs slower on this
kind of machine (a 1 MB answer took 1.4–1.7 ms a run, then 0.9, on two cores; 1.7 then 1.55
on one), which a median of a few runs does not always leave out.
"""
import json
import os
import re
import statistics
import subprocess
import sys
import time

MB = 1_000_000
WARMUP = 10


def peak_rss_kb(argv, env=None):
    proc = subprocess.run(["/usr/bin/time", "-v"] + argv, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE,
                          env=env, text=True)
    match = re.search(r"Maximum resident set size \(kbytes\): (\d+)", proc.stderr)
    if not match:
        raise RuntimeError("no RSS from /usr/bin/time for %s:\n%s" % (argv, proc.stderr[-2000:]))
    return int(match.group(1))


def wall_times(argv, runs):
    times = []
    codes = set()
    for _ in range(runs):
        start = time.perf_counter()
        proc = subprocess.run(argv, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)
        times.append(time.perf_counter() - start)
        codes.add(proc.returncode)
        if proc.returncode not in (0, 1):
            raise RuntimeError("%s exited %d: %s" % (argv, proc.returncode, proc.stderr.decode()[-2000:]))
    return times, codes


def in_process(argv, runs, env=None):
    proc = subprocess.run(argv + [str(runs + WARMUP)], stdout=subprocess.PIPE, stderr=subprocess.PIPE, env=env, text=True)
    if proc.returncode != 0:
        raise RuntimeError("%s failed (%d): %s" % (argv, proc.returncode, proc.stderr[-2000:]))
    result = json.loads(proc.stdout.strip().splitlines()[-1])
    result["warmup"] = result["times"][:WARMUP]
    result["times"] = result["times"][WARMUP:]
    return result


def main():
    cfg = json.loads(sys.argv[1])
    runs = cfg["runs"]
    files = cfg["files"]  # {"1 MB": path, "50 MB": path}
    sizes = {label: os.path.getsize(path) for label, path in files.items()}
    node_env = dict(os.environ)
    node_env["NODE_PATH"] = os.pathsep.join(p for p in [os.environ.get("NODE_PATH"), "/usr/share/nodejs"] if p)
    envelope = cfg["envelope"]
    contract = cfg["contract"]
    schema = cfg["schema"]

    tools = [
        ("envelope validate", "process", lambda f: [envelope, "validate", contract, f], None),
        ("envelope, in process (EnvelopeCore, file in memory)", "inproc", lambda f: [cfg["envelope_inprocess"], contract, f], None),
        ("jsonschema-rs", "inproc", lambda f: [sys.executable, cfg["python_peers"], "jsonschema-rs", schema, f], None),
        ("fastjsonschema", "inproc", lambda f: [sys.executable, cfg["python_peers"], "fastjsonschema", schema, f], None),
        ("ajv", "inproc", lambda f: ["node", cfg["ajv"], schema, f], node_env),
        ("Foundation JSONDecoder (Root<MenuItem>)", "inproc", lambda f: [cfg["decoder"], "decoder", f], None),
        ("Foundation JSONSerialization", "inproc", lambda f: [cfg["decoder"], "serialization", f], None),
        ("simdjson DOM parse (parse only)", "inproc", lambda f: [cfg["simdjson"], f], None),
    ]
    raw = {"runs": runs, "sizes": sizes, "tools": {}}
    rows = []
    for name, how, command, env in tools:
        entry = {"seconds": {}, "best": {}, "rss_kb": {}, "valid": {}, "notes": []}
        for label, path in files.items():
            sys.stderr.write("  %-40s %s\n" % (name, label))
            if how == "process":
                times, codes = wall_times(command(path), runs)
                entry["valid"][label] = codes == {0}
                entry["rss_kb"][label] = peak_rss_kb(command(path))
            else:
                result = in_process(command(path), runs, env)
                times = result["times"]
                entry["valid"][label] = bool(result["valid"])
                for key in ("version", "draft", "implementation", "repetitions"):
                    if key in result:
                        entry["notes"].append("%s %s" % (key, result[key]))
                entry["rss_kb"][label] = peak_rss_kb(command(path) + ["1"], env)
            entry["seconds"][label] = statistics.median(times)
            entry["best"][label] = min(times)
            entry.setdefault("all", {})[label] = times
        raw["tools"][name] = entry
        rows.append((name, entry))

    labels = list(files)
    big = labels[-1]
    ref = raw["tools"]["envelope validate"]
    # The small file given as many times as make the big one's size, to one process: how
    # `validate FILE...` takes many saved answers (one start-up for all of them).
    small = labels[0]
    copies = max(1, round(sizes[big] / sizes[small]))
    sys.stderr.write("  %-40s %d × %s\n" % ("envelope validate, one process", copies, small))
    many_argv = [envelope, "validate", contract] + [files[small]] * copies
    many_times, many_codes = wall_times(many_argv, runs)
    many = {"copies": copies, "seconds": statistics.median(many_times), "all": many_times,
            "valid": many_codes == {0}, "rss_kb": peak_rss_kb(many_argv)}
    raw["tools"]["envelope validate, many files in one process"] = many

    def speed(entry, label):
        return sizes[label] / MB / entry["seconds"][label]

    out = []
    header = ["tool"] + ["MB/s %s" % l for l in labels] + ["peak RSS %s" % l for l in labels] + \
             ["envelope ÷ tool %s" % l for l in labels]
    out.append("| " + " | ".join(header) + " |")
    out.append("|" + "|".join(["---"] + ["---:"] * (len(header) - 1)) + "|")
    for name, entry in rows:
        cells = [name + ("" if all(entry["valid"].values()) else " (!) said invalid")]
        cells += ["%.1f" % speed(entry, l) for l in labels]
        for l in labels:
            kb = entry["rss_kb"][l]
            cells.append("—" if kb is None else "%.0f MB (%.1f×)" % (kb / 1024, kb * 1024 / sizes[l]))
        for l in labels:
            cells.append("%.2f×" % (speed(ref, l) / speed(entry, l)))
        out.append("| " + " | ".join(cells) + " |")
    table = "\n".join(out)

    # The goals, read off the same run.
    env_big = speed(ref, big)
    per_file = raw["tools"]["envelope, in process (EnvelopeCore, file in memory)"]

    def ratio(tool, label=big):
        return env_big / speed(raw["tools"][tool], label)

    # The peers are timed in process, with the file already in memory; so is envelope's
    # in-process row, for a like-for-like ratio.
    def ratio_in_process(tool, label=big):
        return speed(per_file, label) / speed(raw["tools"][tool], label)

    spm_small = ref["seconds"][small] / (sizes[small] / MB)
    spm_many = many["seconds"] / (copies * sizes[small] / MB)
    spm_big = ref["seconds"][big] / (sizes[big] / MB)
    spm_small_in = per_file["seconds"][small] / (sizes[small] / MB)
    spm_big_in = per_file["seconds"][big] / (sizes[big] / MB)
    rss_x = ref["rss_kb"][big] * 1024 / sizes[big]
    goals = [
        ("≥ 3× jsonschema-rs (%s), envelope's whole process" % big, ratio("jsonschema-rs"), ratio("jsonschema-rs") >= 3),
        ("≥ 10× JSONDecoder (%s), envelope's whole process" % big, ratio("Foundation JSONDecoder (Root<MenuItem>)"),
         ratio("Foundation JSONDecoder (Root<MenuItem>)") >= 10),
        ("≥ 3× jsonschema-rs (%s), both in process" % big, ratio_in_process("jsonschema-rs"), ratio_in_process("jsonschema-rs") >= 3),
        ("≥ 10× JSONDecoder (%s), both in process" % big, ratio_in_process("Foundation JSONDecoder (Root<MenuItem>)"),
         ratio_in_process("Foundation JSONDecoder (Root<MenuItem>)") >= 10),
        ("within 4× of simdjson DOM parse (%s), i.e. ≥ 0.25×" % big, ratio("simdjson DOM parse (parse only)"),
         ratio("simdjson DOM parse (parse only)") >= 0.25),
        ("peak RSS ≤ 2.5× file size (%s)" % big, rss_x, rss_x <= 2.5),
        ("time per MB %s vs %s within ±20%% (whole process)" % (small, big), spm_small / spm_big,
         abs(spm_small / spm_big - 1) <= 0.2),
        ("time per MB %s vs %s within ±20%% (in process)" % (small, big), spm_small_in / spm_big_in,
         abs(spm_small_in / spm_big_in - 1) <= 0.2),
        ("time per MB %d × %s in one process vs %s within ±20%% (whole process)" % (copies, small, big), spm_many / spm_big,
         abs(spm_many / spm_big - 1) <= 0.2),
    ]
    goal_lines = ["| goal | measured | met |", "|---|---:|:---:|"]
    for text, value, ok in goals:
        goal_lines.append("| %s | %.2f | %s |" % (text, value, "yes" if ok else "no"))
    notes = []
    for name, entry in rows:
        if entry["notes"]:
            notes.append("- %s: %s" % (name, "; ".join(sorted(set(entry["notes"])))))
    file_line = ", ".join("%s = %d bytes" % (l, sizes[l]) for l in labels)

    print("Files: %s; median of %d runs.\n" % (file_line, runs))
    print(table)
    print()
    print("\n".join(goal_lines))
    print()
    print("envelope validate, %d × the %s file in one process: %.1f MB/s (%.1f ms), peak RSS %.0f MB%s" % (
        copies, small, copies * sizes[small] / MB / many["seconds"], many["seconds"] * 1000, many["rss_kb"] / 1024,
        "" if many["valid"] else " (!) said invalid"))
    if notes:
        print()
        print("\n".join(notes))
    drift = cfg.get("drift_files") or {}
    if drift:
        lines = []
        for label, path in drift.items():
            times, codes = wall_times([envelope, "validate", contract, path], runs)
            size = os.path.getsize(path)
            kb = peak_rss_kb([envelope, "validate", contract, path])
            raw["tools"].setdefault("envelope validate, drift answer", {})[label] = {"all": times, "rss_kb": kb, "codes": sorted(codes)}
            items = json.load(open(path, encoding="utf-8"))["result"]["totalCount"]
            lines.append("%s (%d items): %.1f MB/s, peak RSS %.0f MB (%.1f×), exit %s" % (
                label, items, size / MB / statistics.median(times), kb / 1024, kb * 1024 / size, "/".join(map(str, sorted(codes)))))
        print()
        print("envelope validate on the drift variant (every item misses DEL_POSSIBLE_YN, ~45% have a null MENU_ID2): " + "; ".join(lines))
    if cfg.get("raw"):
        with open(cfg["raw"], "w") as f:
            json.dump(raw, f, indent=1)


if __name__ == "__main__":
    main()
