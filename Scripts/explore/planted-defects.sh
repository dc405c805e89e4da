#!/usr/bin/env bash
# Shows that `quietplaces explore` finds bugs: builds, once, a release variant with six defects
# planted behind a compilation condition (-D QP_PLANTED_DEFECTS, in its own scratch path so the
# normal build is untouched; the shipped command line cannot reach them), then explores with each
# defect planted in turn (QUIETPLACES_PLANTED_DEFECT=NAME selects it in that build).
#
# Each defect must be found within 60 s and its finding shrunk to at most 10 commands; prints the
# table the README shows (defect, seconds to find, commands after shrinking) and exits 1 if one is
# missed, too slow or not shrunk enough.
#
# Usage: Scripts/explore/planted-defects.sh [RUNS]   (default 400 runs of 60 steps, --jobs 2)
# Not a step of Scripts/test: the release build alone takes minutes.
set -euo pipefail

root="$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)"
cd "$root"
exec </dev/null
runs="${1:-400}"
scratch="$root/.build/planted"

echo "building the planted variant (release, $scratch)..." >&2
swift build -c release --scratch-path "$scratch" --product quietplaces -Xswiftc -DQP_PLANTED_DEFECTS >&2
quietplaces="$scratch/release/quietplaces"

work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT

defects=(finish-before-save grant-on-replay refund-keeps deliver-unverified spend-unchecked leg-boundary)
# The invariant each defect breaks: its finding is that invariant's script.
declare -A breaks=(
  [finish-before-save]=money.finish-after-save [grant-on-replay]=money.exactly-once
  [refund-keeps]=money.entitlements [deliver-unverified]=money.verified-only
  [spend-unchecked]=postmarks.ledger [leg-boundary]=time.additive
)
# The same exploration with no defect planted: a finding it makes too (the engine's own, still
# open) is not the defect's, so a defect counts as found only by a finding of its invariant that
# differs from the unplanted engine's.
mkdir -p "$work/none"
"$quietplaces" explore --seed 1 --runs "$runs" --steps 60 --jobs 2 --findings "$work/none" \
  >"$work/none.txt" 2>"$work/none.err" || true
failed=0
printf '| defect | found as | seconds to find | commands after shrinking |\n|---|---|---|---|\n'
for defect in "${defects[@]}"; do
  findings="$work/$defect"
  mkdir -p "$findings"
  start=$(date +%s.%N)
  status=0
  QUIETPLACES_PLANTED_DEFECT="$defect" timeout 60 "$quietplaces" explore --seed 1 --runs "$runs" --steps 60 \
    --jobs 2 --findings "$findings" >"$work/$defect.txt" 2>"$work/$defect.err" || status=$?
  seconds=$(echo "$(date +%s.%N) - $start" | bc)
  # The finding of the defect's invariant: its commands are the lines starting with '> ', less
  # the final check and the `new --seed N` that starts every script.
  found="${breaks[$defect]}"
  file="$findings/$found.qp"
  if [[ $status -ne 1 || ! -f "$file" ]] || cmp -s "$file" "$work/none/$found.qp"; then
    printf '| %s | not found (exit %s) | %.1f | - |\n' "$defect" "$status" "$seconds"
    failed=1
    continue
  fi
  commands=$(($(grep -c '^> ' "$file") - 2))
  printf '| %s | %s | %.1f | %d |\n' "$defect" "$found" "$seconds" "$commands"
  if (($(echo "$seconds > 60" | bc) || commands > 10)); then failed=1; fi
done
exit "$failed"
