#!/usr/bin/env bash
# Drives the interactive quietplaces through tmux, as a person at a terminal would: the prompt,
# Tab completion, the history (in the session and in its file across runs), UTF-8 input, Ctrl-C
# (in the REPL, and in a mode that reads no line) and Ctrl-D; then Scripts/tmux-step-check.sh walks a script with run --step, and
# Scripts/tmux-review-check.sh reviews failing blocks with test --review.
#
# Usage: Scripts/tmux-check.sh [QUIETPLACES]   (default: .build/debug/quietplaces)
#
# Environment: QP_PROMPT (default "qp> "), QP_TMUX_TIMEOUT (seconds each step may take, default 30).
# Prints "ok - ..." per check and ends with "tmux check: N passed, M failed"; exits 1 on a failure.
# Skips (exit 0) only when tmux is not installed.
set -euo pipefail

# shellcheck source=lib/tmux-harness.sh
source "$(dirname "${BASH_SOURCE[0]}")/lib/tmux-harness.sh"
harness_init "tmux check" "${1:-.build/debug/quietplaces}" 100 30

prompt="${QP_PROMPT:-qp> }"
prompt_bare="${prompt%"${prompt##*[![:space:]]}"}" # screen() drops trailing blanks

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
screen_lacks() {
  local text
  text=$(screen "$1")
  [[ "$text" != *"$2"* ]]
}
finished_once_after() {
  fresh_prompt_after "$1" "$2" && (($(prompt_count "$1") == $2 + 1)) && screen_has "$1" "$3"
}
progress_within() {
  local line
  line=$(last_line "$1")
  [[ "$line" == "autoplay: "* && ${#line} -le $2 ]]
}
history_has() { [[ -f "$work/history" ]] && grep -qx "$1" "$work/history"; }

type_text() { tmx send-keys -t "$current" -l "$1"; }

current=first
start "$current"
check "shows the prompt" line_is "$current" "$prompt_bare"
check "says which save folder it launched from, and why" \
  screen_has "$current" "save folder: $work/home (from QUIETPLACES_HOME)"
check "says which configuration it read" screen_has "$current" "configuration: "

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

# A Ctrl-C while autoplay runs (a month of play: minutes, each purchase saved) stops it after the
# step in progress: its summary says so, and one fresh prompt follows, with no line discarded.
# While it runs, a line says how far it got; the summary takes that line's place.
type_text "new --seed 3"
press Enter
check "starts a new game" screen_has "$current" "New game: seed 3"
before=$(prompt_count "$current")
type_text "autoplay payback for 30d"
press Enter
check "a long autoplay shows how far it got while it runs" \
  screen_has "$current" " of 30d simulated, "
press C-c
check "C-c while autoplay runs stops it: its summary says so, one prompt follows" \
  finished_once_after "$current" "$before" "for 30d, stopped by Ctrl-C: "
check "the milestone not reached is said" screen_has "$current" "time:30d: not reached within"
check "the progress line is gone once the summary is printed" \
  screen_lacks "$current" "so far; Ctrl-C stops"

# In a narrow terminal the progress line is cut to the width (tmux joins a wrapped line, so one
# that wrapped would read longer), since a wrapped line could not be rewritten in place.
tmx resize-window -t "$current" -x 40
before=$(prompt_count "$current")
type_text "autoplay payback for 30d"
press Enter
check "in a terminal 40 columns wide the progress line is cut to 39" progress_within "$current" 39
press C-c
check "C-c stops it there too, one prompt follows" \
  finished_once_after "$current" "$before" "for 30d, stopped by Ctrl-C: "
tmx resize-window -t "$current" -x "$pane_width"

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
check "C-d on an empty line exits with status 0" exit_status_is "$current" 0
check "the history file holds 'help'" history_has "help"

current=second
start "$current"
check "starts again" line_is "$current" "$prompt_bare"
press Up
check "Up brings back the last line from the history file" line_is "$current" "${prompt}checkpoint before-crash"
press C-a C-k
press C-d
check "C-d exits again with status 0" exit_status_is "$current" 0

# SIGTERM (or SIGHUP, a closed terminal) while the REPL waits for a line ends the session as Ctrl-D
# does: the app closes, which saves, and the exit status is 143; the next start finds the hour
# played. (libedit passes the signal on to its process group: the pane's sh traps it.)
current=fourth
start "$current" --save-dir "$work/terminated"
type_text "new --seed 4"
press Enter
type_text "advance 1h"
press Enter
check "plays an hour" screen_has "$current" "Sailed 1h"
kill -TERM "$(pgrep -P "$(pane "$current" '#{pane_pid}')" | head -n 1)"
check "SIGTERM ends the session with exit status 143" exit_status_is "$current" 143
check "it says so" screen_has "$current" "note: SIGTERM ended the input: no further line was read"
clock_kept() {
  [[ "$(printf 'state --json clock\n' | "$binary" --save-dir "$work/terminated" 2>/dev/null | tail -n 1)" \
    == '{"clock":"2026-01-05T10:00:00Z"}' ]]
}
check "the app closed and saved: the next start finds the hour played" clock_kept

# explore's progress line, in a terminal 40 columns wide, is cut to the width too; it is gone once
# the report is printed.
current=third
start "$current" explore --seed 3 --for 6s --jobs 1 --findings "$work/findings"
tmx resize-window -t "$current" -x 40
explore_progress_within() {
  local line
  line=$(last_line "$1")
  [[ "$line" == "explore: run "* && ${#line} -le $2 ]]
}
check "explore's progress line is cut to 39 in a terminal 40 columns wide" explore_progress_within "$current" 39
check "explore ends with its report and exit status 0" exit_status_is "$current" 0
check "the report says what was found" screen_has "$current" "findings: none"
check "explore's progress line is gone once the report is printed" screen_lacks "$current" "steps/s, 0 broken"

# A long explore stops at the first Ctrl-C: the runs playing finish, and the report of the runs
# played says it was interrupted (exit status 130). So does a long sweep: its table is of the seeds
# every variant played, and says so.
current=fifth
start "$current" explore --seed 3 --for 1h --jobs 1 --findings "$work/findings"
check "a long explore shows its progress" screen_has "$current" "explore: run "
press C-c
check "C-c stops explore, with exit status 130" exit_status_is "$current" 130
check "its report is of the runs played, and says it was interrupted" \
  screen_has "$current" "runs played before the end of --for 3600 s; the rest were not played"
check "the report says what the runs played found" screen_has "$current" "findings: none"
current=sixth
start "$current" simulate --seeds 1-100000 --strategy idle --strategy payback --until atlas
check "a long simulate shows its progress" screen_has "$current" "/200000 runs, "
press C-c
check "C-c stops simulate, with exit status 130" exit_status_is "$current" 130
check "its table is of the seeds played, and says it was interrupted" \
  screen_has "$current" " played by every variant ("
check "the table follows" screen_has "$current" "atlas  "

# The step debugger, in its own script.
current=""
if "$(dirname "${BASH_SOURCE[0]}")/tmux-step-check.sh" "$binary"; then
  passed=$((passed + 1))
  echo "ok - run --step walks a script (tmux-step-check.sh)"
else
  failed=$((failed + 1))
  echo "not ok - run --step walks a script (tmux-step-check.sh)"
fi

# The review of failing blocks, in its own script.
current=""
if "$(dirname "${BASH_SOURCE[0]}")/tmux-review-check.sh" "$binary"; then
  passed=$((passed + 1))
  echo "ok - test --review asks about each failing block (tmux-review-check.sh)"
else
  failed=$((failed + 1))
  echo "not ok - test --review asks about each failing block (tmux-review-check.sh)"
fi

finish
