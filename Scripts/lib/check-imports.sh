#!/usr/bin/env bash
# Checks that every `import X` of a package module is a dependency its target declares in
# Package.swift. The compiler accepts a module reached only through another target's dependencies,
# so an undeclared import builds today and breaks when that other target changes.
#
# Usage: Scripts/lib/check-imports.sh [PACKAGE_FOLDER]   (default: the folder above Scripts/)
# Prints one `error:` line per undeclared import (FILE:LINE, the module, the target) and a `note:`
# line per declared package dependency that no file of its target imports; exits 1 when an import
# is undeclared. Needs swift (for `swift package dump-package`) and jq.
set -euo pipefail

root="${1:-$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)}"
cd "$root"

for tool in swift jq; do
  if ! command -v "$tool" >/dev/null 2>&1; then
    echo "error: $tool is needed to read Package.swift; install it and run again" >&2
    exit 2
  fi
done

manifest="$(swift package dump-package)"
# One line a target: NAME<TAB>FOLDER<TAB>DEPENDENCY,DEPENDENCY,…
targets="$(jq -r '.targets[] | [
    .name,
    (.path // (if .type == "test" then "Tests/" else "Sources/" end + .name)),
    ([.dependencies[] | (.byName // .target // .product)[0]] | join(","))
  ] | @tsv' <<<"$manifest")"
modules=" $(jq -r '[.targets[].name] | join(" ")' <<<"$manifest") "

undeclared=0
imports=0
while IFS=$'\t' read -r name folder dependencies; do
  [[ -d "$folder" ]] || continue
  declared=" ${dependencies//,/ } "
  used=" "
  # FILE:LINE:MODULE for each import line, whatever its attributes (@testable, @preconcurrency, …)
  # and kind (`import struct M.T`).
  while IFS=: read -r file line module; do
    [[ "$modules" == *" $module "* && "$module" != "$name" ]] || continue
    imports=$((imports + 1))
    used+="$module "
    if [[ "$declared" != *" $module "* ]]; then
      echo "error: $file:$line imports $module, which $name does not declare in Package.swift; add \"$module\" to its dependencies"
      undeclared=$((undeclared + 1))
    fi
  done < <(grep -rnE --include='*.swift' \
    '^[[:space:]]*(@[A-Za-z_]+[[:space:]]+)*import[[:space:]]+((typealias|struct|class|enum|protocol|let|var|func)[[:space:]]+)?[A-Za-z_]' \
    "$folder" \
    | sed -E 's/^([^:]+):([0-9]+):.*import[[:space:]]+((typealias|struct|class|enum|protocol|let|var|func)[[:space:]]+)?([A-Za-z_][A-Za-z0-9_]*).*/\1:\2:\5/')
  for dependency in $declared; do
    if [[ "$used" != *" $dependency "* ]]; then
      echo "note: $name declares $dependency in Package.swift but no file of it imports it"
    fi
  done
done <<<"$targets"

# The shipped program imports FoundationEssentials, never the whole of Foundation: one `import
# Foundation` in any module it links loads Foundation with ICU at every start (about 9 ms and 7 MB
# more for `quietplaces storekit check`). Tests and the benchmark, which starts processes, may.
whole=0
while IFS=: read -r file line _; do
  echo "error: $file:$line imports Foundation; the modules of quietplaces import FoundationEssentials (what they use of Foundation is there)"
  whole=$((whole + 1))
done < <(grep -rnE --include='*.swift' \
  '^[[:space:]]*(@[A-Za-z_]+[[:space:]]+)*import[[:space:]]+((typealias|struct|class|enum|protocol|let|var|func)[[:space:]]+)?Foundation([[:space:]]*$|\.)' \
  Sources \
  | grep -v '^Sources/quietplaces-benchmark/' || true)

if ((undeclared > 0)); then
  echo "$undeclared of $imports imports of package modules are not declared in Package.swift"
  exit 1
fi
if ((whole > 0)); then
  exit 1
fi
echo "all $imports imports of package modules are declared in Package.swift; the program's modules import FoundationEssentials only"
