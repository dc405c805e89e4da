#!/usr/bin/env bash
# The sweep's HTML report, checked in headless Chromium: the page loads (its DOM has the title and
# every chart), logs nothing on the console (the page has no scripts, so any console message is an
# error), and its screenshot is not blank (clearly larger than a blank page's at the same size).
# The console check is itself checked first on a page that logs an error.
#
# Usage: Scripts/lab/report-check.sh [QUIETPLACES]   (default .build/debug/quietplaces)
# Installs Debian's chromium with apt-get when it is missing (as Scripts/test installs its packages).
set -euo pipefail

root="$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)"
quietplaces="$(realpath "${1:-$root/.build/debug/quietplaces}")"
cd "$root"
exec </dev/null
if ! command -v chromium >/dev/null 2>&1; then
  # shellcheck source=Scripts/lib/install-dependencies.sh
  source Scripts/lib/install-dependencies.sh
  QP_REQUIRED_PACKAGES=(chromium)
  install_dependencies
fi

work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT

# chromium PAGE PNG LOG: a screenshot of the page, the browser's log (with console messages) in LOG.
chromium_shot() {
  timeout 120 chromium --headless --no-sandbox --disable-gpu --hide-scrollbars --no-first-run \
    --user-data-dir="$work/profile" --enable-logging=stderr --v=0 --window-size=1000,2400 \
    --screenshot="$2" "file://$1" >/dev/null 2>"$3"
}
# The console messages in a browser log, one a line.
console_lines() { grep -E ':CONSOLE[:(]' "$1" || true; }

status=0
report() {
  if [[ "$1" == ok ]]; then echo "ok   $2"; else
    echo "FAIL $2"
    status=1
  fi
}

# The detector works: a page that logs an error is caught.
printf '<!DOCTYPE html><html><body><p>x</p><script>console.error("checked")</script></body></html>\n' \
  >"$work/console.html"
chromium_shot "$work/console.html" "$work/console.png" "$work/console.log"
if [[ -n "$(console_lines "$work/console.log")" ]]; then report ok "a console error is detected"; else
  report fail "a console error on a test page was not detected; the check cannot see the console"
fi

"$quietplaces" simulate --seeds 1-8 --strategy payback --sessions always --sessions 15m/8h \
  --until bearings,atlas --report "$work/report.html" >/dev/null

timeout 120 chromium --headless --no-sandbox --disable-gpu --no-first-run --user-data-dir="$work/profile" \
  --dump-dom "file://$work/report.html" >"$work/report.dom" 2>/dev/null
charts=$(grep -c '<svg' "$work/report.dom" || true)
if grep -q '<h1>Balance lab report</h1>' "$work/report.dom" && ((charts >= 7)); then
  report ok "the report loads ($charts charts in its DOM)"
else
  report fail "the report did not load with its charts ($charts charts in its DOM)"
fi

chromium_shot "$work/report.html" "$work/report.png" "$work/report.log"
console="$(console_lines "$work/report.log")"
if [[ -z "$console" ]]; then report ok "the report logs nothing on the console"; else
  report fail "the report logged on the console:"
  echo "$console"
fi

printf '<!DOCTYPE html><html><body></body></html>\n' >"$work/blank.html"
chromium_shot "$work/blank.html" "$work/blank.png" "$work/blank.log"
shot=$(stat -c %s "$work/report.png")
blank=$(stat -c %s "$work/blank.png")
if ((shot > 4 * blank)); then report ok "the screenshot is not blank ($shot bytes; a blank page's: $blank)"; else
  report fail "the screenshot looks blank ($shot bytes; a blank page's: $blank)"
fi
exit $status
