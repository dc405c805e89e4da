#!/usr/bin/env bash
# Command-line transcripts of `quietplaces simulate` (and of `quietplaces explore`, in
# Scripts/explore/), checked: what a user sees for each command, as a `.qp` script checks the REPL
# (the golden runner plays REPL commands only, not command lines).
#
# A transcript (TRANSCRIPT.txt) holds blocks: a line `$ quietplaces ARGUMENTS` (words split at spaces;
# no quoting), then the lines it prints, standard output then standard error (the `configuration:`
# line that says where the files were read is left out), then `[exit N]`. An expected line ending in
# ` (glob)` is a shell pattern (`*` for any text), for what a balance change would move. Lines starting
# with `#` and blank lines between blocks are comments.
#
# Each command runs in a fresh copy of one folder that holds `a/balance.json` (the package's balance),
# `b/balance.json` (its ship one knot faster), `c/balance.json` (a copy of a's), `misspelt.json` (the
# sails' basePrice written basePrize), `twice.json` (the sails' priceGrowth given twice, 1.4 then the
# package's 1.6, on line 269), `null.json` (routes[2].charterCost null), `shop.storekit` (a copy of
# the package's), `mismatch.storekit` (the package's StoreKit file with charts a Consumable and
# marks100 a NonConsumable) and `runs/earlier.qp` (a recording); a command that exits 2 must leave
# that folder as it was (nothing written).
#
# Usage: Scripts/lab/simulate-transcript.sh [QUIETPLACES] [TRANSCRIPT.txt...]
#        (default .build/debug/quietplaces and every Scripts/lab/*.transcript.txt)
set -euo pipefail

root="$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)"
quietplaces="$(realpath "${1:-$root/.build/debug/quietplaces}")"
shift || true
cd "$root"
exec </dev/null
transcripts=("$@")
if ((${#transcripts[@]} == 0)); then transcripts=(Scripts/lab/*.transcript.txt); fi

work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT
export QUIETPLACES_CONFIGURATION="$root/Configuration"
fixture="$work/fixture"
mkdir -p "$fixture/a" "$fixture/b" "$fixture/c" "$fixture/runs"
cp Configuration/balance.json "$fixture/a/balance.json"
cp Configuration/balance.json "$fixture/c/balance.json"
jq '.ship.baseSpeedKnots += 1' Configuration/balance.json >"$fixture/b/balance.json"
jq '.equipment.sails |= with_entries(if .key == "basePrice" then .key = "basePrize" else . end)' \
  Configuration/balance.json >"$fixture/misspelt.json"
jq '(.products[] | select(.productID | endswith(".charts")) | .type) = "Consumable"
  | (.products[] | select(.productID | endswith(".marks100")) | .type) = "NonConsumable"' \
  Configuration/QuietPlaces.storekit >"$fixture/mismatch.storekit"
sed 's/"priceGrowth": 1.6,/"priceGrowth": 1.4, "priceGrowth": 1.6,/' Configuration/balance.json \
  >"$fixture/twice.json"
jq '.routes[2].charterCost = null' Configuration/balance.json >"$fixture/null.json"
cp Configuration/QuietPlaces.storekit "$fixture/shop.storekit"
printf '> status\n' >"$fixture/runs/earlier.qp"
listing() { (cd "$1" && find . | LC_ALL=C sort && find . -type f -exec cksum {} + | LC_ALL=C sort); }
listing "$fixture" >"$work/fixture.list"

status=0
passed=0
# check FILE LINE COMMAND EXPECTED...: runs one block and compares.
check() {
  local file="$1" line="$2" command="$3"
  shift 3
  local expected=("$@") words folder actual code
  read -r -a words <<<"$command"
  if [[ "${words[0]}" != quietplaces ]]; then
    echo "FAIL $file:$line: a command starts with 'quietplaces', not '${words[0]}'"
    status=1
    return
  fi
  local exit_line="${expected[${#expected[@]} - 1]}"
  unset 'expected[${#expected[@]}-1]'
  folder="$work/run"
  rm -rf "$folder"
  cp -R "$fixture" "$folder"
  code=0
  (cd "$folder" && "$quietplaces" "${words[@]:1}" >"$work/out" 2>"$work/err") || code=$?
  mapfile -t actual < <(cat "$work/out" "$work/err" | grep -v '^configuration: ' || true)
  local problems=()
  [[ "$exit_line" == "[exit $code]" ]] || problems+=("exit $code, expected ${exit_line}")
  if ((code == 2)); then
    listing "$folder" >"$work/after.list"
    cmp -s "$work/fixture.list" "$work/after.list" || problems+=("it wrote files though it was refused")
  fi
  local i
  for ((i = 0; i < ${#expected[@]} || i < ${#actual[@]}; i++)); do
    local want="${expected[i]-<nothing>}" got="${actual[i]-<nothing>}"
    if [[ "$want" == *" (glob)" ]]; then
      # shellcheck disable=SC2053
      [[ "$got" == ${want% (glob)} ]] && continue
    elif [[ "$want" == "$got" ]]; then
      continue
    fi
    problems+=("line $((i + 1)): expected: $want" "        got:      $got")
    break
  done
  if ((${#problems[@]} == 0)); then
    passed=$((passed + 1))
    echo "ok   $file:$line: $command"
  else
    status=1
    echo "FAIL $file:$line: $command"
    printf '       %s\n' "${problems[@]}"
  fi
}

for file in "${transcripts[@]}"; do
  command="" start=0 number=0 block=()
  while IFS= read -r text || [[ -n "$text" ]]; do
    number=$((number + 1))
    if [[ -z "$command" ]]; then
      if [[ "$text" == '$ '* ]]; then
        command="${text#\$ }" start=$number block=()
      elif [[ -n "$text" && "$text" != '#'* ]]; then
        echo "FAIL $file:$number: expected a '\$ quietplaces …' line, a comment or a blank line"
        status=1
      fi
    elif [[ "$text" =~ ^\[exit\ [0-9]+\]$ ]]; then
      check "$file" "$start" "$command" "${block[@]}" "$text"
      command=""
    else
      block+=("$text")
    fi
  done <"$file"
  if [[ -n "$command" ]]; then
    echo "FAIL $file:$start: the block of '$command' has no [exit N] line"
    status=1
  fi
done
echo "$passed passed"
exit $status
