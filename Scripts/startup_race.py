#!/usr/bin/env python3
"""Start-up side by side, interleaved: each command in turn, RUNS rounds, so that a slower
minute of this shared machine falls on every command alike.

For each run: wall time from spawn to exit (os.posix_spawn, os.wait4) and the child's CPU
time (user + system, from wait4's rusage). Prints p50 / p90 / min of both per command, and
the p50 wall ratio of each command to the first.

Usage: python3 Scripts/startup_race.py [--runs N] [--home DIR] -- CMD1 ... -- CMD2 ... [-- ...]
  e.g. Scripts/startup_race.py --runs 300 -- newsboat -v -- ./artfeed render --width 100 --height 30
Stdout of the commands is discarded. HOME is DIR (default: a new empty folder, filled by
one untimed run of every command first, so caches are warm and each command starts alike).
"""
import os
import statistics
import sys
import tempfile
import time


def spawn(argv, env):
    devnull = os.open(os.devnull, os.O_WRONLY)
    try:
        actions = [(os.POSIX_SPAWN_DUP2, devnull, 1), (os.POSIX_SPAWN_DUP2, devnull, 2)]
        path = argv[0] if "/" in argv[0] else None
        start = time.perf_counter()
        if path:
            pid = os.posix_spawn(path, argv, env, file_actions=actions)
        else:
            pid = os.posix_spawnp(argv[0], argv, env, file_actions=actions)
        _, status, usage = os.wait4(pid, 0)
        wall = time.perf_counter() - start
    finally:
        os.close(devnull)
    if status != 0:
        sys.exit(f"{' '.join(argv)} exited with status {status}")
    return wall * 1000, (usage.ru_utime + usage.ru_stime) * 1000


def main():
    args = sys.argv[1:]
    runs, home = 200, None
    while args and args[0] != "--":
        option = args.pop(0)
        if option == "--runs":
            runs = int(args.pop(0))
        elif option == "--home":
            home = args.pop(0)
        else:
            sys.exit(__doc__)
    commands, current = [], None
    for word in args:
        if word == "--":
            current = []
            commands.append(current)
        else:
            current.append(word)
    commands = [command for command in commands if command]
    if not commands:
        sys.exit(__doc__)
    home = home or tempfile.mkdtemp(prefix="artfeed-race-")
    os.chdir(home)
    env = dict(os.environ, HOME=home)
    for key in ("XDG_CACHE_HOME", "XDG_CONFIG_HOME", "XDG_DATA_HOME", "XDG_STATE_HOME"):
        env.pop(key, None)
    for command in commands:
        spawn(command, env)
    walls = [[] for _ in commands]
    cpus = [[] for _ in commands]
    for _ in range(runs):
        for index, command in enumerate(commands):
            wall, cpu = spawn(command, env)
            walls[index].append(wall)
            cpus[index].append(cpu)
    base = statistics.median(walls[0])
    print(f"{runs} interleaved rounds, HOME {home}, load {os.getloadavg()[0]:.2f}")
    for index, command in enumerate(commands):
        wall, cpu = sorted(walls[index]), sorted(cpus[index])
        p90 = lambda values: values[int(len(values) * 0.9)]
        print(
            f"{' '.join(command)[:60]:<60} wall p50 {statistics.median(wall):6.2f} "
            f"p90 {p90(wall):6.2f} min {wall[0]:6.2f} ms | CPU p50 {statistics.median(cpu):6.2f} "
            f"ms | wall p50 / first {statistics.median(wall) / base:5.2f}")


if __name__ == "__main__":
    main()
