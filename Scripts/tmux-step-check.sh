#!/usr/bin/env bash
# Drives `quietplaces run FILE.qp --step` through tmux, as a person walking a bug report would: a
# pause before each command, a command typed at a pause to inspect the state, `continue` to the next
# `# break`, `until N`, `q`; then `--then-repl`, which leaves the REPL on the script's state.
#
# Usage: Scripts/tmux-step-check.sh [QUIETPLACES]   (default: .build/debug/quietplaces)
# Scripts/tmux-check.sh runs it after its own checks.
#
# Environment: QP_TMUX_TIMEOUT (seconds each step may take, default 30).
# Prints "ok - ..." per check and ends with "tmux step check: N passed, M failed"; exits 1 on a failure.
# Skips (exit 0) only when tmux is not installed.
set -euo pipefail

# shellcheck source=lib/tmux-harness.sh
source "$(dirname "${BASH_SOURCE[0]}")/lib/tmux-harness.sh"
harness_init "tmux step check" "${1:-.build/debug/quietplaces}" 200 50

# The script walked: line 1 is a comment, commands on lines 2, 3, 5, 6 and 7, a breakpoint on line 4.
cat >"$work/walk.qp" <<'QP'
# A report walked step by step.
> new --seed 7
> advance 6m
# break: after the first arrival
> status
> advance 1h
> state --json
QP

last_line() { screen | tail -n 1; }
line_is() { [[ "$(last_line)" == "$1" ]]; }
screen_has() { screen | grep -qF -- "$1"; }
paused_at_after() { line_is "step $1>" && screen_has "$2"; }
count_of() { screen | grep -cF -- "$1" || true; }
exited_with() { exit_status_is "$current" "$1"; }

type_line() {
  tmx send-keys -t "$current" -l "$1"
  tmx send-keys -t "$current" Enter
}

current=step
start "$current" run walk.qp --step
check "pauses before the first command (line 2)" paused_at_after 2 "> new --seed 7"
type_line ""
check "Enter runs it and pauses before line 3" paused_at_after 3 "New game: seed 7"
type_line "state --json"
check "a command typed at the pause inspects the state and the pause goes on" \
  paused_at_after 3 '"seed":7'
check "the inspection ran nothing of the script" [ "$(count_of "Sailed")" = 0 ]
type_line "continue"
check "continue runs to the # break and pauses before line 5" paused_at_after 5 "Sailed 6m: 1 arrival"
type_line "until 7"
check "until 7 runs lines 5 and 6 and pauses before line 7" paused_at_after 7 "Sailed 1h"
check "the status of line 5 ran on the way" screen_has "Discoveries 88 · Postmarks 4"
type_line "q"
check "q stops with status 0" exited_with 0
check "line 7 never ran" [ "$(count_of '"discoveries"')" = 1 ]

current=repl
start "$current" run walk.qp --then-repl
check "--then-repl runs the script and leaves a REPL prompt" line_is "qp>"
type_line "state --json"
check "the REPL goes on from the script's state" screen_has '"clock":"2026-01-05T10:06:00Z"'
type_line "quit"
check "quit leaves with status 0" exited_with 0

finish
