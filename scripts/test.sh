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
step "lint and format"; npm run -s lint
step "type check"; npm run -s typecheck
step "build"; npm run -s build >/dev/null
step "Electron security scan (Electronegativity)"; node scripts/electronegativity/scan.ts
step "unit tests"; npm run -s test:unit
step "integration tests"; npm run -s test:integration
# The build above is the one the end-to-end tests use.
step "end-to-end tests"; scripts/with-secret-service.sh playwright test
