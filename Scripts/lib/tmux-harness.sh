# shellcheck shell=bash
# What Scripts/tmux-check.sh and Scripts/tmux-step-check.sh share: a private tmux server in a
# temporary folder, quietplaces started in a session of its own (its exit status kept in a file),
# the pane's text, and checks that poll until they hold.
#
# Source it, then call `harness_init "NAME" BINARY WIDTH HEIGHT`; NAME starts every summary line
# ("NAME: N passed, M failed"). `current` names the session that `screen`, `check` and `press` use.

# harness_init NAME BINARY WIDTH HEIGHT: skips (exit 0) without tmux; refuses a BINARY that is not
# an executable file (exit 1); sets binary (absolute), timeout, work, and the pane's size.
harness_init() {
  harness_name="$1"
  pane_width="$3"
  pane_height="$4"
  if ! command -v tmux >/dev/null 2>&1; then
    echo "$harness_name: skipped (tmux not installed)"
    exit 0
  fi
  binary="$2"
  if [[ ! -f "$binary" || ! -x "$binary" ]]; then
    echo "$harness_name: $binary is not an executable file" >&2
    echo "$harness_name: 0 passed, 1 failed"
    exit 1
  fi
  binary="$(cd "$(dirname "$binary")" && pwd)/$(basename "$binary")"
  timeout="${QP_TMUX_TIMEOUT:-30}"
  work="$(mktemp -d "${TMPDIR:-/tmp}/qp-tmux.XXXXXX")"
  socket="$work/tmux.socket" # a private tmux server, gone with the folder
  unset TMUX
  trap harness_cleanup EXIT
  trap 'exit 130' INT TERM HUP
  mkdir -p "$work/home" "$work/data"
  : >"$work/editrc"
  printf 'set -g remain-on-exit on\nset -g history-limit 5000\n' >"$work/tmux.conf"
  passed=0
  failed=0
  current=""
}

harness_cleanup() {
  tmux -S "$socket" kill-server >/dev/null 2>&1 || true
  rm -rf "$work"
}

tmx() { tmux -S "$socket" -f "$work/tmux.conf" "$@"; }

# start NAME [ARGS...]: quietplaces with ARGS in a new session NAME, with its own history, save folder
# and home. A small shell waits for it and writes its exit status to NAME.status: tmux does not
# always reap a pane's process at once (its pane then stays "alive" as a zombie), so the file, not
# the pane, says how it ended. The shell lets Ctrl-C pass (it reaches the whole foreground group) so
# that it lives to write the file.
start() {
  local name="$1"
  shift
  rm -f "$work/$name.status"
  tmx new-session -d -s "$name" -x "$pane_width" -y "$pane_height" -c "$work" \
    env HOME="$work" XDG_DATA_HOME="$work/data" QUIETPLACES_HISTORY="$work/history" \
    QUIETPLACES_HOME="$work/home" EDITRC="$work/editrc" QP_BINARY="$binary" QP_STATUS="$work/$name.status" \
    sh -c 'trap : INT TERM; "$QP_BINARY" "$@"; echo "$?" >"$QP_STATUS.tmp" && mv "$QP_STATUS.tmp" "$QP_STATUS"' \
    sh "$@"
}

# screen [NAME]: the whole pane of NAME (default: current), scrollback included, wrapped lines
# joined, without trailing blanks or blank lines.
screen() {
  tmx capture-pane -p -J -S - -t "${1:-$current}" | sed -e 's/[[:space:]]*$//' -e :a -e '/^\n*$/{$d;N;ba' -e '}'
}

# exit_status_is NAME STATUS: NAME has ended with STATUS.
exit_status_is() { [[ -f "$work/$1.status" && "$(cat "$work/$1.status")" == "$2" ]]; }

press() { tmx send-keys -t "$current" "$@"; }

finish() {
  echo "$harness_name: $passed passed, $failed failed"
  exit $((failed > 0 ? 1 : 0))
}

# check DESCRIPTION CONDITION [ARGS...]: waits up to $timeout seconds for the condition. A failure
# shows the current pane and ends the run, since later steps build on the state this one leaves.
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
        screen | tail -n 20 | sed 's/^/  | /'
      fi
      finish
    fi
    sleep 0.1
  done
  passed=$((passed + 1))
  echo "ok - $description"
}
