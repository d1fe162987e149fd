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
# Each step's heading says how long the run has taken so far: where CI's time goes, read from its log.
step() { printf '\n== %s (at %d s)\n' "$*" "$SECONDS"; }
# Lint and format and the type check only read the sources (the type check writes its build info under
# node_modules/.cache), and each runs mostly on one thread: side by side they take the time of the longer
# instead of the sum. Each one's output is printed whole, in this order. The build comes after them:
# electron-vite writes its bundled config beside electron.vite.config.ts for a moment, and ESLint, listing
# the files meanwhile, failed to read it once it was gone.
logs="$(mktemp -d)"
trap 'rm -rf "$logs"; printf "\n== ended after %d s\n" "$SECONDS"' EXIT
npm run -s lint >"$logs/lint" 2>&1 & lint=$!
npm run -s typecheck >"$logs/typecheck" 2>&1 & typecheck=$!
failed=0
for check in "lint:lint and format" "typecheck:type check"; do
  name="${check%%:*}"
  step "${check#*:}"
  wait "${!name}" || failed=1
  cat "$logs/$name"
done
[ "$failed" = 0 ] || exit 1
step "build"; npm run -s build >/dev/null
step "Electron security scan (Electronegativity)"; node scripts/electronegativity/scan.ts
step "unit tests"; npm run -s test:unit
step "integration tests"; npm run -s test:integration
# The build above is the one the end-to-end tests use.
step "end-to-end tests"; scripts/with-secret-service.sh playwright test
