#!/usr/bin/env bash
# The README's GNU parallel recipe, checked: a sweep run as 4 shards by `parallel` and merged prints
# exactly what the whole sweep prints (table, csv, jsonl, every kind of chart, and the HTML report but
# for the command it shows).
#
# Usage: Scripts/lab/parallel-check.sh [QUIETPLACES]   (default .build/debug/quietplaces)
# Installs GNU parallel with apt-get when it is missing (as Scripts/test installs its packages).
set -euo pipefail

root="$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)"
quietplaces="$(realpath "${1:-$root/.build/debug/quietplaces}")"
cd "$root"
exec </dev/null
if ! command -v parallel >/dev/null 2>&1; then
  # shellcheck source=Scripts/lib/install-dependencies.sh
  source Scripts/lib/install-dependencies.sh
  QP_REQUIRED_PACKAGES=(parallel)
  install_dependencies
fi

work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT
sweep=(--seeds 1-40 --strategy payback --strategy cheapest --sessions always --sessions 15m/8h --until bearings,time:1d)

# The recipe: one process per shard, then merge.
parallel --will-cite --halt now,fail=1 \
  "$quietplaces" simulate "${sweep[@]}" --jobs 1 --shard {}/4 --format jsonl '>' "$work/shard-{}.jsonl" ::: 1 2 3 4
"$quietplaces" simulate merge "$work"/shard-*.jsonl --format table --chart "$work/merged.svg" \
  --report "$work/merged.html" >"$work/merged.txt"
for kind in cdf histogram timeline; do
  "$quietplaces" simulate merge "$work"/shard-*.jsonl --chart-kind $kind --chart "$work/merged-$kind.svg" >/dev/null
done
"$quietplaces" simulate merge "$work"/shard-*.jsonl --format csv >"$work/merged.csv"
"$quietplaces" simulate merge "$work"/shard-*.jsonl --format jsonl >"$work/merged.jsonl"

# The whole sweep in one process.
"$quietplaces" simulate "${sweep[@]}" --format table --chart "$work/whole.svg" --report "$work/whole.html" \
  >"$work/whole.txt"
for kind in cdf histogram timeline; do
  "$quietplaces" simulate "${sweep[@]}" --chart-kind $kind --chart "$work/whole-$kind.svg" >/dev/null
done
# The report shows the command that made it, which differs; everything else must not.
for part in merged whole; do
  grep -v '^<pre class="command">' "$work/$part.html" >"$work/$part.report"
  for kind in cdf histogram timeline; do mv "$work/$part-$kind.svg" "$work/$part.$kind.svg"; done
done
"$quietplaces" simulate "${sweep[@]}" --format csv >"$work/whole.csv"
"$quietplaces" simulate "${sweep[@]}" --format jsonl >"$work/whole.jsonl"

status=0
# refused WHAT PATTERN FILE...: `simulate merge FILE...` must fail, print nothing on standard output,
# and say on standard error a line matching the extended regular expression PATTERN.
refused() {
  local what="$1" pattern="$2"
  shift 2
  if "$quietplaces" simulate merge "$@" >"$work/refused.txt" 2>"$work/refused.err"; then
    echo "FAIL $what was merged"
    status=1
  elif grep -qE "$pattern" "$work/refused.err" && [[ ! -s "$work/refused.txt" ]]; then
    echo "ok   $what is refused"
  else
    echo "FAIL $what: $(cat "$work/refused.err")"
    status=1
  fi
}
# A shard played on other numbers is refused, by name.
"$quietplaces" simulate "${sweep[@]}" --jobs 1 --shard 4/4 --set ship.baseSpeedKnots=11 --format jsonl \
  >"$work/other-4.jsonl" 2>/dev/null
refused "a shard played on other numbers" \
  'other-4.jsonl:[0-9]* was played on \(.*balance changed by --set ship.baseSpeedKnots=11\)' \
  "$work"/shard-{1,2,3}.jsonl "$work/other-4.jsonl"
# A shard of another sweep (other products owned, other seeds) is refused, naming the setting and both values.
"$quietplaces" simulate "${sweep[@]}" --owned charts --jobs 1 --shard 4/4 --format jsonl >"$work/owned-4.jsonl" 2>/dev/null
refused "a shard of a sweep with other products owned" \
  '^error: .*owned-4.jsonl:[0-9]+ was played with --owned charts, .*shard-1.jsonl with --owned none; ' \
  "$work"/shard-{1,2,3}.jsonl "$work/owned-4.jsonl"
"$quietplaces" simulate "${sweep[@]/1-40/41-80}" --jobs 1 --shard 4/4 --format jsonl >"$work/seeds-4.jsonl" 2>/dev/null
refused "a shard of a sweep of other seeds" \
  '^error: .*seeds-4.jsonl:[0-9]+ was played with --seeds 41-80, .*shard-1.jsonl with --seeds 1-40; ' \
  "$work"/shard-{1,2,3}.jsonl "$work/seeds-4.jsonl"
# A shard given twice (a glob and a name, say) would count its runs twice.
refused "a shard given twice" "^error: $work/shard-1.jsonl is given twice; give each shard's file once$" \
  "$work"/shard-*.jsonl "$work/shard-1.jsonl"
for file in txt csv jsonl svg cdf.svg histogram.svg timeline.svg report; do
  if cmp -s "$work/merged.$file" "$work/whole.$file"; then
    echo "ok   merged shards = whole sweep ($file)"
  else
    echo "FAIL merged shards differ from the whole sweep ($file)"
    diff "$work/merged.$file" "$work/whole.$file" | head -20 || true
    status=1
  fi
done
exit $status
