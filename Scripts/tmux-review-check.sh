#!/usr/bin/env bash
# Drives `quietplaces test --review` through tmux, as an author keeping tests after a change would:
# each failing block shown with its diff, answered with a (accept), s (skip), A (accept the rest of
# the file) and q (quit); an answer it does not know is asked again; the files then hold exactly
# the blocks accepted. Without a terminal, --review is refused with one error line and status 2.
#
# Usage: Scripts/tmux-review-check.sh [QUIETPLACES]   (default: .build/debug/quietplaces)
# Scripts/tmux-check.sh runs it after its own checks.
#
# Environment: QP_TMUX_TIMEOUT (seconds each step may take, default 30).
# Prints "ok - ..." per check and ends with "tmux review check: N passed, M failed"; exits 1 on a
# failure. Skips (exit 0) only when tmux is not installed.
set -euo pipefail
# A review is what an author does on their own machine: under CI, --review is refused by design.
unset CI

# shellcheck source=lib/tmux-harness.sh
source "$(dirname "${BASH_SOURCE[0]}")/lib/tmux-harness.sh"
harness_init "tmux review check" "${1:-.build/debug/quietplaces}" 160 50

prompt_bare="a accept · s skip · A accept the rest of this file · q quit >"
new_game="New game: seed 7, storefront GBR, 2026-01-05 09:00:00."
ahead="Sailing Harbour Reach for Lantern Quay, 1.0 nm ahead."
state_line='{"equipment":{"sails":0},"postmarks":0}'
sails_one='{"equipment":{"sails":1},"postmarks":0}'
postmarks_nine='{"equipment":{"sails":0},"postmarks":9}'

# Two scripts with two failing blocks each (a seed and a number changed), and one that passes.
write_scripts() {
  mkdir -p "$work/Scripts"
  printf '> new --seed 7\n%s\n%s\n> state --json postmarks equipment.sails\n%s\n' \
    "${new_game/seed 7/seed 8}" "$ahead" "$sails_one" >"$work/Scripts/a.qp"
  printf '> new --seed 7\n%s\n%s\n# a comment kept\n> state --json postmarks equipment.sails\n%s\n' \
    "$new_game" "${ahead/1.0 nm/2.0 nm}" "$postmarks_nine" >"$work/Scripts/b.qp"
  printf '> new --seed 7\n%s\n%s\n' "$new_game" "$ahead" >"$work/Scripts/c.qp"
}
write_scripts
cp "$work/Scripts/a.qp" "$work/a.before"

last_line() { screen | tail -n 1; }
asking() { [[ "$(last_line)" == "$prompt_bare" ]] && screen_has "$1"; }
screen_has() { screen | grep -qF -- "$1"; }
count_of() { screen | grep -cF -- "$1" || true; }
asked_times() { asking "$2" && (($(count_of "$prompt_bare") == $1)); }
exited_with() { exit_status_is "$current" "$1"; }
file_is() { [[ "$(cat "$work/$1")" == "$2" ]]; }

type_line() {
  tmx send-keys -t "$current" -l "$1"
  tmx send-keys -t "$current" Enter
}

current=review
start "$current" test --review Scripts
check "says how many blocks it will ask about" screen_has "Reviewing 4 failing blocks in 2 scripts"
check "shows the first block's diff and asks" asked_times 1 "Scripts/a.qp:1: > new --seed 7   (1 of 2 in this file)"
check "the diff shows the line expected and the line printed" screen_has "+$new_game"
type_line "x"
check "an unknown answer is asked again" asked_times 2 "Answer a (accept), s (skip), A (accept the rest of this file) or q (quit)."
type_line "a"
check "accept goes on to the file's next block" asked_times 3 "Scripts/a.qp:4: > state --json postmarks equipment.sails   (2 of 2 in this file)"
check "a JSON line's differing fields are listed" screen_has "  equipment.sails: expected 1, got 0"
type_line "s"
check "after the file's last block, its accepted block is written" screen_has "updated Scripts/a.qp (1 block accepted)"
check "then the next file's first block is shown" asked_times 4 "Scripts/b.qp:1: > new --seed 7   (1 of 2 in this file)"
type_line "A"
check "accept the rest of the file writes both its blocks" screen_has "updated Scripts/b.qp (2 blocks accepted)"
check "the tally and the closing line follow" screen_has "3 accepted, 1 skipped"
check "the skipped block still fails: 2 passed, 1 failed" screen_has "2 passed, 1 failed"
check "it exits 1, since a block still fails" exited_with 1
check "a.qp: the accepted block rewritten, the skipped one kept" \
  file_is Scripts/a.qp "$(printf '> new --seed 7\n%s\n%s\n> state --json postmarks equipment.sails\n%s' \
    "$new_game" "$ahead" "$sails_one")"
check "b.qp: both blocks rewritten, its comment kept" \
  file_is Scripts/b.qp "$(printf '> new --seed 7\n%s\n%s\n# a comment kept\n> state --json postmarks equipment.sails\n%s' \
    "$new_game" "$ahead" "$state_line")"

current=quit
cp "$work/a.before" "$work/Scripts/a.qp"
start "$current" test --review Scripts/a.qp
check "a second review asks about a.qp again" asked_times 1 "Scripts/a.qp:1: > new --seed 7   (1 of 2 in this file)"
type_line "q"
check "q stops at once and says what was left" screen_has "0 accepted, 0 skipped, 2 not reviewed (quit)"
check "q exits 1" exited_with 1
check "q rewrote nothing" file_is Scripts/a.qp "$(cat "$work/a.before")"

current=ctrl-d
start "$current" test --review Scripts/a.qp
check "a third review asks again" asked_times 1 "(1 of 2 in this file)"
press C-d
check "Ctrl-D quits as q does" screen_has "0 accepted, 0 skipped, 2 not reviewed (quit)"

current=pipe
tmx new-session -d -s "$current" -x "$pane_width" -y "$pane_height" -c "$work" \
  sh -c '"$0" test --review Scripts </dev/null; echo "exit $?"' "$binary"
check "without a terminal it is refused with one error line" \
  screen_has "error: --review asks about each failing block and needs a terminal"
check "and exit status 2" screen_has "exit 2"

finish
