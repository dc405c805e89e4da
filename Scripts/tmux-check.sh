#!/usr/bin/env bash
# Drives the interactive quietplaces through tmux, as a person at a terminal would: the prompt,
# Tab completion, the history (in the session and in its file across runs), UTF-8 input, Ctrl-C
# and Ctrl-D; then Scripts/tmux-step-check.sh walks a script with run --step.
#
# Usage: Scripts/tmux-check.sh [QUIETPLACES]   (default: .build/debug/quietplaces)
#
# Environment: QP_PROMPT (default "qp> "), QP_TMUX_TIMEOUT (seconds each step may take, default 10).
# Prints "ok - ..." per check and ends with "tmux check: N passed, M failed"; exits 1 on a failure.
# Skips (exit 0) only when tmux is not installed.
set -euo pipefail

if ! command -v tmux >/dev/null 2>&1; then
  echo "tmux check: skipped (tmux not installed)"
  exit 0
fi

binary="${1:-.build/debug/quietplaces}"
if [[ ! -f "$binary" || ! -x "$binary" ]]; then
  echo "tmux check: $binary is not an executable file" >&2
  echo "tmux check: 0 passed, 1 failed"
  exit 1
fi
binary="$(cd "$(dirname "$binary")" && pwd)/$(basename "$binary")"

prompt="${QP_PROMPT:-qp> }"
prompt_bare="${prompt%"${prompt##*[![:space:]]}"}" # screen() drops trailing blanks
timeout="${QP_TMUX_TIMEOUT:-30}"

work="$(mktemp -d "${TMPDIR:-/tmp}/qp-tmux-check.XXXXXX")"
socket="$work/tmux.socket" # a private tmux server, gone with the folder
unset TMUX
cleanup() {
  tmux -S "$socket" kill-server >/dev/null 2>&1 || true
  rm -rf "$work"
}
trap cleanup EXIT
trap 'exit 130' INT TERM HUP

mkdir -p "$work/home" "$work/data"
: >"$work/editrc"
printf 'set -g remain-on-exit on\nset -g history-limit 5000\n' >"$work/tmux.conf"

tmx() { tmux -S "$socket" -f "$work/tmux.conf" "$@"; }

# Starts quietplaces in a new session with its own history, save folder and home. A small shell
# waits for it and writes its exit status to a file: tmux does not always reap a pane's process at
# once (its pane then stays "alive" as a zombie), so the file, not the pane, says how it ended. The
# shell lets Ctrl-C pass (it reaches the whole foreground group) so that it lives to write the file.
start() {
  rm -f "$work/$1.status"
  tmx new-session -d -s "$1" -x 100 -y 30 -c "$work" \
    env HOME="$work" XDG_DATA_HOME="$work/data" QUIETPLACES_HISTORY="$work/history" \
    QUIETPLACES_HOME="$work/home" EDITRC="$work/editrc" QP_BINARY="$binary" QP_STATUS="$work/$1.status" \
    sh -c 'trap : INT; "$QP_BINARY"; echo "$?" >"$QP_STATUS.tmp" && mv "$QP_STATUS.tmp" "$QP_STATUS"'
}

# The whole pane, scrollback included, wrapped lines joined, without trailing blanks or blank lines.
screen() { tmx capture-pane -p -J -S - -t "$1" | sed -e 's/[[:space:]]*$//' -e :a -e '/^\n*$/{$d;N;ba' -e '}'; }
last_line() { screen "$1" | tail -n 1; }
prompt_count() { screen "$1" | awk -v p="$prompt_bare" 'index($0, p) == 1 { n++ } END { print n + 0 }'; }
pane() { tmx display -p -t "$1" "$2"; }

# Conditions, polled until they hold.
line_is() { [[ "$(last_line "$1")" == "$2" ]]; }
line_and_cursor_are() { line_is "$1" "$2" && [[ "$(pane "$1" '#{cursor_x}')" == "$3" ]]; }
fresh_prompt_after() {
  line_is "$1" "$prompt_bare" && (($(prompt_count "$1") > $2)) && [[ "$(pane "$1" '#{pane_dead}')" == 0 ]]
}
screen_has() { screen "$1" | grep -qF "$2"; }
finished_once_after() {
  fresh_prompt_after "$1" "$2" && (($(prompt_count "$1") == $2 + 1)) && screen_has "$1" "$3"
}
exited() { [[ -f "$work/$1.status" ]]; }
exited_with() { exited "$1" && [[ "$(cat "$work/$1.status")" == "$2" ]]; }
history_has() { [[ -f "$work/history" ]] && grep -qx "$1" "$work/history"; }

passed=0
failed=0
current=""

finish() {
  echo "tmux check: $passed passed, $failed failed"
  exit $((failed > 0 ? 1 : 0))
}

# check DESCRIPTION CONDITION [ARGS...]: waits up to $timeout seconds for the condition. A failure
# shows the screen and ends the run, since later steps build on the state this one leaves.
check() {
  local description="$1"
  shift
  local deadline=$((SECONDS + timeout))
  until "$@"; do
    if ((SECONDS >= deadline)); then
      failed=$((failed + 1))
      echo "not ok - $description"
      if [[ -n "$current" ]]; then
        echo "  screen:"
        screen "$current" | tail -n 20 | sed 's/^/  | /'
      fi
      finish
    fi
    sleep 0.1
  done
  passed=$((passed + 1))
  echo "ok - $description"
}

type_text() { tmx send-keys -t "$current" -l "$1"; }
press() { tmx send-keys -t "$current" "$@"; }

current=first
start "$current"
check "shows the prompt" line_is "$current" "$prompt_bare"

type_text "upg"
press Tab
check "Tab completes 'upg' to 'upgrade '" line_and_cursor_are "$current" "${prompt}upgrade" $((${#prompt} + 8))
press C-a C-k
check "C-a C-k clears the line" line_is "$current" "$prompt_bare"

before=$(prompt_count "$current")
type_text "help"
press Enter
check "runs 'help' and prompts again" fresh_prompt_after "$current" "$before"

press Up
check "Up brings back 'help'" line_is "$current" "${prompt}help"
press C-a C-k

type_text "upgrade café"
check "echoes UTF-8 input" line_is "$current" "${prompt}upgrade café"
before=$(prompt_count "$current")
press C-c
check "C-c discards the line and shows a fresh prompt, still running" fresh_prompt_after "$current" "$before"
press Up
check "the discarded line is not in the history" line_is "$current" "${prompt}help"
press C-a C-k
check "the line is empty again" line_is "$current" "$prompt_bare"

# A Ctrl-C while a command runs (a few seconds of autoplay in a debug build) is ignored: the command
# finishes and one fresh prompt follows, with no line discarded.
type_text "new --seed 3"
press Enter
check "starts a new game" screen_has "$current" "New game: seed 3"
before=$(prompt_count "$current")
type_text "autoplay payback until atlas:3"
press Enter
sleep 0.2
press C-c
check "C-c while a command runs is ignored: it finishes, one prompt follows" \
  finished_once_after "$current" "$before" "atlas:3: reached after"

# Tab completes the names of the session's checkpoints after rewind.
before=$(prompt_count "$current")
type_text "checkpoint before-crash"
press Enter
check "keeps a checkpoint" fresh_prompt_after "$current" "$before"
type_text "rewind be"
press Tab
check "Tab completes 'rewind be' to the checkpoint's name" \
  line_and_cursor_are "$current" "${prompt}rewind before-crash" $((${#prompt} + 20))
press C-a C-k

press C-d
check "C-d on an empty line exits with status 0" exited_with "$current" 0
check "the history file holds 'help'" history_has "help"

current=second
start "$current"
check "starts again" line_is "$current" "$prompt_bare"
press Up
check "Up brings back the last line from the history file" line_is "$current" "${prompt}checkpoint before-crash"
press C-a C-k
press C-d
check "C-d exits again with status 0" exited_with "$current" 0

# The step debugger, in its own script.
current=""
if "$(dirname "${BASH_SOURCE[0]}")/tmux-step-check.sh" "$binary"; then
  passed=$((passed + 1))
  echo "ok - run --step walks a script (tmux-step-check.sh)"
else
  failed=$((failed + 1))
  echo "not ok - run --step walks a script (tmux-step-check.sh)"
fi

finish
