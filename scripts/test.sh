#!/usr/bin/env bash
# The whole test suite: lint and format, the type check (one incremental `tsc -b` over the shared, node, web
# and e2e projects, Electron's own types included), the build, the Electron security scan
# (Electronegativity), then the three tiers of docs/testing.md: unit (vitest, no keychain, no network),
# integration (vitest, with a real Secret Service) and end-to-end (Playwright in Debian's Chromium through
# the browser shell).
set -euo pipefail
cd "$(dirname "$0")/.."
export PATH="$PWD/node_modules/.bin:$PATH"
case "$(node --version)" in
  v24.*) ;;
  *) echo "voa-desk: expected Node 24 from node_modules/.bin (run npm ci); found $(node --version)" >&2; exit 1 ;;
esac
# The tests start the CLI, the browser shell and the emulator as child processes hundreds of times; Node's
# compile cache halves each start's CPU (0.77 s to 0.4 s for `config show`, measured here).
export NODE_COMPILE_CACHE="${NODE_COMPILE_CACHE:-$PWD/node_modules/.cache/node-compile}"
step() { printf '\n== %s\n' "$*"; }
# Lint and format, the type check and the build only read the sources (each writes where no other reads),
# and each runs mostly on one thread: side by side they take the time of the longest instead of the sum
# (about 70 s of CPU in 40 s on two idle cores). Each one's output is printed whole, in this order.
logs="$(mktemp -d)"
trap 'rm -rf "$logs"' EXIT
npm run -s lint >"$logs/lint" 2>&1 & lint=$!
npm run -s typecheck >"$logs/typecheck" 2>&1 & typecheck=$!
npm run -s build >"$logs/build" 2>&1 & build=$!
failed=0
for check in "lint:lint and format" "typecheck:type check" "build:build"; do
  name="${check%%:*}"
  step "${check#*:}"
  if wait "${!name}"; then
    [ "$name" = build ] || cat "$logs/$name"
  else
    cat "$logs/$name"
    failed=1
  fi
done
[ "$failed" = 0 ] || exit 1
step "Electron security scan (Electronegativity)"; node scripts/electronegativity/scan.ts
step "unit tests"; npm run -s test:unit
step "integration tests"; npm run -s test:integration
# The build above is the one the end-to-end tests use.
step "end-to-end tests"; scripts/with-secret-service.sh playwright test
