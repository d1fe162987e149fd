#!/usr/bin/env bash
# The whole test suite: lint and format, type checks (shared, node, web, Electron's own types), the build,
# the Electron security scan (Electronegativity), unit and integration tests (vitest, with a real Secret
# Service) and end-to-end tests (Playwright in Debian's Chromium through the browser shell).
set -euo pipefail
cd "$(dirname "$0")/.."
export PATH="$PWD/node_modules/.bin:$PATH"
case "$(node --version)" in
  v24.*) ;;
  *) echo "voa-desk: expected Node 24 from node_modules/.bin (run npm ci); found $(node --version)" >&2; exit 1 ;;
esac
step() { printf '\n== %s\n' "$*"; }
step "lint and format"; npm run -s lint
step "type check"; npm run -s typecheck
step "build"; npm run -s build >/dev/null
step "Electron security scan (Electronegativity)"; node scripts/electronegativity/scan.ts
step "unit and integration tests"; scripts/with-secret-service.sh vitest run
step "end-to-end tests"; scripts/with-secret-service.sh playwright test
