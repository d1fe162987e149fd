#!/usr/bin/env bash
# Compares the staging's CPU time in the working tree with REVISION's: bench/staging-cpu.ts (the bench
# catalog staged with the end of a sync, timed by its thread's CPU alone, pages generated beforehand) run
# in turns, one of each per pair, and each side's runs and median printed, with the ratio of the medians.
# On this shared machine a whole process's instructions and wall time moved by up to 6 % from one run of
# the same code to the next; the staging's own CPU, taken in turns, separated a 6 % change (docs/bench.md,
# "Comparing two versions of the ingest").
#
#   scripts/staging-cpu.sh REVISION [PAIRS] [SIZES]    e.g. scripts/staging-cpu.sh HEAD~1 6 200000
#
# PAIRS defaults to 6, SIZES to 200,000 (about 3 s of staging each, 15 s a run with the generator).
set -euo pipefail
cd "$(dirname "$0")/.."
export PATH="$PWD/node_modules/.bin:$PATH"
revision=${1:?usage: scripts/staging-cpu.sh REVISION [PAIRS] [SIZES]}
pairs=${2:-6}
sizes=${3:-200000}

other=$(mktemp -d -t voa-desk-staging-rev-XXXXXX)
trap 'git worktree remove --force "$other" >/dev/null 2>&1 || true' EXIT
git worktree add --detach --force "$other" "$revision" >/dev/null 2>&1
ln -s "$PWD/node_modules" "$other/node_modules"
# The revision's own bench/staging-cpu.ts if it has one, else this one.
[[ -f $other/bench/staging-cpu.ts ]] || cp bench/staging-cpu.ts "$other/bench/"

cpu_ms() { # directory → CPU milliseconds of one staging there
  (cd "$1" && VOA_BENCH_CATALOG_SIZES=$sizes node --disable-warning=ExperimentalWarning bench/staging-cpu.ts |
    node -e 'let s = ""; process.stdin.on("data", (d) => (s += d)).on("end", () => console.log(JSON.parse(s).cpuMs))')
}

here=()
there=()
for pair in $(seq 1 "$pairs"); do
  here+=("$(cpu_ms .)")
  there+=("$(cpu_ms "$other")")
  echo "pair $pair: working tree ${here[-1]} ms, $revision ${there[-1]} ms"
done
node -e '
  const [sizes, revision, here, there] = process.argv.slice(1);
  const median = (list) => {
    const sorted = list.split(" ").map(Number).sort((a, b) => a - b);
    const middle = sorted.length >> 1;
    return sorted.length % 2 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2;
  };
  const a = median(here);
  const b = median(there);
  console.log(`staging CPU at ${Number(sizes).toLocaleString("en")} sizes, median: working tree ${a} ms, ${revision} ${b} ms, ratio ${(a / b).toFixed(3)}`);
' "$sizes" "$revision" "${here[*]}" "${there[*]}"
