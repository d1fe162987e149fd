#!/usr/bin/env bash
# Runs `vitest run` N times in a row (default 10) while every core is kept busy, to show that no test races
# the clock: a test that only passes on an idle machine fails here. One summary line per run, then a total;
# the exit status is 1 when any run failed. Each run's full output stays in the log folder printed first.
#
#   scripts/stress-vitest.sh [N] [vitest arguments…]   e.g. scripts/stress-vitest.sh 3 test/unit
#
# The load is `stress-ng --cpu <cores>` (Debian package stress-ng, see install-system-deps.sh), else one
# Node busy loop per core.
set -euo pipefail
cd "$(dirname "$0")/.."
export PATH="$PWD/node_modules/.bin:$PATH"

runs=10
if [[ $# -gt 0 && $1 =~ ^[0-9]+$ ]]; then
  runs=$1
  shift
fi
if [[ $runs -lt 1 ]]; then
  echo "stress-vitest: the number of runs must be at least 1" >&2
  exit 2
fi

cores=$(nproc)
logs=$(mktemp -d -t voa-desk-stress-XXXXXX)
load_pids=()
stop_load() {
  for pid in "${load_pids[@]}"; do kill "$pid" 2>/dev/null || true; done
  wait 2>/dev/null || true
}
trap stop_load EXIT

if command -v stress-ng >/dev/null 2>&1; then
  stress-ng --cpu "$cores" --quiet &
  load_pids+=($!)
  load="stress-ng --cpu $cores"
else
  for _ in $(seq 1 "$cores"); do
    node -e 'for (;;);' &
    load_pids+=($!)
  done
  load="$cores node busy loops"
fi
echo "stress-vitest: $runs runs of vitest under $load; logs in $logs"

green=0
red=0
for run in $(seq 1 "$runs"); do
  log="$logs/run-$run.log"
  report="$logs/run-$run.json"
  started=$(date +%s)
  status=0
  scripts/with-secret-service.sh vitest run --reporter=dot --reporter=json --outputFile.json="$report" "$@" \
    >"$log" 2>&1 || status=$?
  seconds=$(($(date +%s) - started))
  summary=$(
    node -e '
      const fs = require("node:fs");
      let report;
      try { report = JSON.parse(fs.readFileSync(process.argv[1], "utf8")); } catch { console.log("no report (see the log)"); process.exit(); }
      const failed = report.testResults.flatMap((file) =>
        file.assertionResults.filter((test) => test.status === "failed").map((test) => `${file.name.replace(process.cwd() + "/", "")}: ${test.fullName}`));
      const broken = report.testResults.filter((file) => file.status === "failed" && !file.assertionResults.some((test) => test.status === "failed"));
      const parts = [`${report.numPassedTests} passed`, `${report.numFailedTests} failed`, `${report.numPendingTests + report.numTodoTests} skipped`];
      console.log([parts.join(", "), ...failed, ...broken.map((file) => `${file.name.replace(process.cwd() + "/", "")}: ${file.message || "failed to run"}`)].join("; "));
    ' "$report"
  )
  if [[ $status -eq 0 ]]; then
    green=$((green + 1))
    verdict=green
  else
    red=$((red + 1))
    verdict="RED (exit $status)"
  fi
  printf 'run %d/%d: %s in %ds: %s\n' "$run" "$runs" "$verdict" "$seconds" "$summary"
done

printf 'total: %d of %d runs green, %d red, under %s\n' "$green" "$runs" "$red" "$load"
[[ $red -eq 0 ]]
