#!/usr/bin/env bash
# Counts the instructions of one ingest (bench/ingest-once.ts) under callgrind, for the working tree and,
# given a revision, for that revision too, and prints both and their difference. On this shared 2-core
# machine a change of 5 to 15 % in the ingest drowns in the wall and CPU times of a loaded moment; the
# instruction count moves by about 1 % from run to run whatever the load (docs/bench.md, "Comparing two
# versions of the ingest").
#
#   scripts/ingest-instructions.sh [SIZES] [REVISION]    e.g. scripts/ingest-instructions.sh 20000 HEAD~1
#
# SIZES defaults to 20,000 (about a minute each under callgrind). Needs valgrind (Debian package valgrind).
set -euo pipefail
cd "$(dirname "$0")/.."
export PATH="$PWD/node_modules/.bin:$PATH"
sizes=${1:-20000}
revision=${2:-}
if ! command -v valgrind >/dev/null 2>&1; then
  echo "ingest-instructions: valgrind is missing (apt-get install valgrind)" >&2
  exit 2
fi

count() { # directory → instructions of one ingest there
  (cd "$1" && VOA_BENCH_CATALOG_SIZES=$sizes valgrind --tool=callgrind --callgrind-out-file=/dev/null \
    node --disable-warning=ExperimentalWarning bench/ingest-once.ts 2>&1 >/dev/null |
    sed -n 's/.*Collected : \([0-9]*\).*/\1/p')
}

here=$(count .)
echo "working tree: $here instructions ($sizes sizes)"
if [[ -n $revision ]]; then
  other=$(mktemp -d -t voa-desk-ingest-rev-XXXXXX)
  trap 'git worktree remove --force "$other" >/dev/null 2>&1 || true' EXIT
  git worktree add --detach --force "$other" "$revision" >/dev/null 2>&1
  ln -s "$PWD/node_modules" "$other/node_modules"
  # The revision's own bench/ingest-once.ts if it has one, else this one.
  [[ -f $other/bench/ingest-once.ts ]] || cp bench/ingest-once.ts "$other/bench/"
  there=$(count "$other")
  echo "$revision: $there instructions"
  awk -v a="$here" -v b="$there" 'BEGIN { printf "difference: %+.0f (%+.1f %% of %s)\n", a - b, (a - b) * 100 / b, "the revision" }'
fi
