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

if ! command -v tmux >/dev/null 2>&1; then
  echo "tmux step check: skipped (tmux not installed)"
  exit 0
fi

binary="${1:-.build/debug/quietplaces}"
if [[ ! -f "$binary" || ! -x "$binary" ]]; then
  echo "tmux step check: $binary is not an executable file" >&2
  echo "tmux step check: 0 passed, 1 failed"
  exit 1
fi
binary="$(cd "$(dirname "$binary")" && pwd)/$(basename "$binary")"
timeout="${QP_TMUX_TIMEOUT:-30}"

work="$(mktemp -d "${TMPDIR:-/tmp}/qp-tmux-step.XXXXXX")"
socket="$work/tmux.socket"
unset TMUX
cleanup() {
  tmux -S "$socket" kill-server >/dev/null 2>&1 || true
  rm -rf "$work"
}
trap cleanup EXIT
trap 'exit 130' INT TERM HUP

: >"$work/editrc"
printf 'set -g remain-on-exit on\nset -g history-limit 5000\n' >"$work/tmux.conf"
tmx() { tmux -S "$socket" -f "$work/tmux.conf" "$@"; }

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

# start NAME ARGS...: quietplaces with ARGS in a new session; its exit status lands in NAME.status.
start() {
  local name="$1"
  shift
  rm -f "$work/$name.status"
  tmx new-session -d -s "$name" -x 200 -y 50 -c "$work" \
    env HOME="$work" QUIETPLACES_HISTORY="$work/history" QUIETPLACES_HOME="$work/home" EDITRC="$work/editrc" \
    QP_BINARY="$binary" QP_STATUS="$work/$name.status" \
    sh -c 'trap : INT; "$QP_BINARY" "$@"; echo "$?" >"$QP_STATUS.tmp" && mv "$QP_STATUS.tmp" "$QP_STATUS"' \
    sh "$@"
}

screen() { tmx capture-pane -p -J -S - -t "$current" | sed -e 's/[[:space:]]*$//' -e :a -e '/^\n*$/{$d;N;ba' -e '}'; }
last_line() { screen | tail -n 1; }
line_is() { [[ "$(last_line)" == "$1" ]]; }
screen_has() { screen | grep -qF -- "$1"; }
paused_at_after() { line_is "step $1>" && screen_has "$2"; }
count_of() { screen | grep -cF -- "$1" || true; }
exited_with() { [[ -f "$work/$current.status" && "$(cat "$work/$current.status")" == "$1" ]]; }

passed=0
failed=0
current=""
finish() {
  echo "tmux step check: $passed passed, $failed failed"
  exit $((failed > 0 ? 1 : 0))
}
check() {
  local description="$1"
  shift
  local deadline=$((SECONDS + timeout))
  until "$@"; do
    if ((SECONDS >= deadline)); then
      failed=$((failed + 1))
      echo "not ok - $description"
      screen | tail -n 20 | sed 's/^/  | /'
      finish
    fi
    sleep 0.1
  done
  passed=$((passed + 1))
  echo "ok - $description"
}
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
