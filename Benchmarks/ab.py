#!/usr/bin/env python3
"""Times whole commands against each other, alternating: each command once a round, in turn,
so a slow phase of the machine falls on all of them alike. Prints median, p10 and fastest.

Usage: python3 Benchmarks/ab.py ROUNDS 'NAME::COMMAND' 'NAME::COMMAND' ...
e.g.   python3 Benchmarks/ab.py 21 "before::old/envelope validate C.json big.json" \\
                                   "after::.build/release/envelope validate C.json big.json"
"""
import statistics, subprocess, sys, time

def main():
    if len(sys.argv) < 3:
        sys.exit(__doc__)
    rounds = int(sys.argv[1])
    commands = [given.split("::", 1) for given in sys.argv[2:]]
    times = [[] for _ in commands]
    for _ in range(rounds):
        for position, (_, command) in enumerate(commands):
            start = time.perf_counter()
            subprocess.run(command, shell=True, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
            times[position].append(time.perf_counter() - start)
    for (name, _), runs in zip(commands, times):
        runs.sort()
        print(f"{name}: median {statistics.median(runs) * 1000:.1f} ms  p10 {runs[len(runs) // 10] * 1000:.1f} ms  "
              f"fastest {runs[0] * 1000:.1f} ms")

if __name__ == "__main__":
    main()
