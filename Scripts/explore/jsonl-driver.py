#!/usr/bin/env python3
"""Drives `quietplaces --jsonl` over a pipe, as a studio's own harness in Python would.

Usage: jsonl-driver.py QUIETPLACES SAVE_DIR < STEPS

STEPS holds one JSON array a line: `[LINE, CHECK, COUNTED]` — the line to send, the `check` line
to send after it (or null), and whether the line counts as a step (a run's `new --seed N` does
not). Each line is sent only once the answer to the previous one is read and parsed; a `check`
whose answer is an error is a broken invariant and is counted. Prints one JSON object:
`{"steps": N, "broken": B, "seconds": WALL, "cpu": CPU}`, CPU being this driver's and the child's
user + system seconds from the first line sent to the child's exit. Exit 2 when the child ends
early or answers something that is not one JSON object.
"""

import json
import resource
import subprocess
import sys
import time


def cpu_seconds(who):
    usage = resource.getrusage(who)
    return usage.ru_utime + usage.ru_stime


def main():
    if len(sys.argv) != 3:
        print("error: usage: jsonl-driver.py QUIETPLACES SAVE_DIR < STEPS", file=sys.stderr)
        return 2
    executable, folder = sys.argv[1], sys.argv[2]
    steps = [json.loads(text) for text in sys.stdin if text.strip()]
    child = subprocess.Popen(
        [executable, "--jsonl", "--save-dir", folder],
        stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=subprocess.DEVNULL,
        text=True, bufsize=1)

    def ask(line):
        child.stdin.write(line + "\n")
        child.stdin.flush()
        answer = child.stdout.readline()
        if not answer:
            raise EOFError(f"quietplaces ended before answering {line!r}")
        reply = json.loads(answer)
        if not isinstance(reply, dict):
            raise ValueError(f"the answer to {line!r} is not one JSON object")
        return reply

    try:
        first = child.stdout.readline()  # the launch's answer, object 0
        if not first:
            raise EOFError("quietplaces ended before its first answer")
        start = time.monotonic()
        start_cpu = cpu_seconds(resource.RUSAGE_SELF)
        start_children = cpu_seconds(resource.RUSAGE_CHILDREN)
        counted = broken = 0
        for line, check, is_step in steps:
            ask(line)
            if check is not None and ask(check).get("error"):
                broken += 1
            if is_step:
                counted += 1
        seconds = time.monotonic() - start
        child.stdin.close()
        child.wait()
    except (EOFError, ValueError) as problem:
        child.kill()
        print(f"error: {problem}", file=sys.stderr)
        return 2
    cpu = cpu_seconds(resource.RUSAGE_SELF) - start_cpu
    cpu += cpu_seconds(resource.RUSAGE_CHILDREN) - start_children
    print(json.dumps({"steps": counted, "broken": broken, "seconds": seconds, "cpu": cpu}))
    return 0


if __name__ == "__main__":
    sys.exit(main())
