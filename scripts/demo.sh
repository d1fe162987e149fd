#!/usr/bin/env bash
# One command from a fresh Debian/Ubuntu machine to a running VOA Desk: installs what is missing, builds,
# starts the host emulator (company "Staalhandel 't Gooi B.V.", an apostrophe on purpose) and VOA Desk in a
# "demo" profile configured for it. Desktop window where Electron can run, the browser shell otherwise.
set -euo pipefail
cd "$(dirname "$0")/.."
ROOT=$PWD

if ! command -v npm >/dev/null 2>&1; then
  echo "voa-desk: installing Node.js and npm from the distribution (Node 24 itself comes from npm)"
  sudo=""; [ "$(id -u)" -eq 0 ] || sudo="sudo"
  $sudo apt-get update -qq && DEBIAN_FRONTEND=noninteractive $sudo apt-get install -y -qq nodejs npm >/dev/null
fi
bash scripts/install-system-deps.sh
if [ ! -x node_modules/.bin/node ] || [ package-lock.json -nt node_modules/.package-lock.json ]; then
  npm ci --no-audit --no-fund
fi
export PATH="$ROOT/node_modules/.bin:$PATH"
npm run -s build >/dev/null

export VOA_DESK_PROFILE=demo
export VOA_DESK_DATA_DIR="${VOA_DESK_DATA_DIR:-$ROOT/.voa-desk-demo}"
mkdir -p "$VOA_DESK_DATA_DIR"

exec scripts/with-secret-service.sh bash -c '
set -euo pipefail
# The readiness line holds both client secrets: it is read from a pipe into memory and never written to a
# file; secrets reach the CLI on standard input only, never as arguments.
coproc EMULATOR { exec node emulator/cli.ts --company-name "Staalhandel '"'"'t Gooi B.V." --variants "${VOA_DESK_DEMO_VARIANTS:-5000}" 2>"$VOA_DESK_DATA_DIR/emulator.log"; }
emulator_pid=$EMULATOR_PID
trap "kill $emulator_pid 2>/dev/null || true" EXIT
ready=""
IFS= read -r -t 60 ready <&"${EMULATOR[0]}" || true
[ -n "$ready" ] || { echo "voa-desk: the emulator did not start; see $VOA_DESK_DATA_DIR/emulator.log" >&2; exit 1; }
field() { printf "%s" "$ready" | node -e "let t=\"\"; process.stdin.on(\"data\",(c)=>t+=c).on(\"end\",()=>{const v=process.argv[1].split(\".\").reduce((o,k)=>o[k],JSON.parse(t)); process.stdout.write(String(v))})" "$1"; }
node src/main/cli/index.mjs config set \
  --base-url "$(field baseUrl)" --auth-url "$(field authUrl)" --tenant "$(field tenant)" \
  --api-resource "$(field apiResource)" --company-name "$(field companyName)" --company-id "$(field companyId)" \
  --ca-file "$(field caFile)" --language nl-NL --privacy-consent-version PRIVACY-2026 \
  --counter-employee "Anja de Vries" --counter-employee "Kees Bakker" --source-label "Beurs Staal 2026" >/dev/null
field website.clientSecret | node src/main/cli/index.mjs secret set website --client-id "$(field website.clientId)" >/dev/null
field sync.clientSecret | node src/main/cli/index.mjs secret set sync --client-id "$(field sync.clientId)" >/dev/null
echo "voa-desk: emulator running (admin API $(field adminUrl)); demo profile in $VOA_DESK_DATA_DIR"
echo "voa-desk: customer portal sign-in: Buyer $(field portalUsers.buyer), Viewer $(field portalUsers.viewer) (codes in the admin API: GET /mail)"
if [ -x node_modules/electron/dist/electron ] && { [ -n "${DISPLAY:-}" ] || [ -n "${WAYLAND_DISPLAY:-}" ] || [ "$(uname)" = Darwin ]; }; then
  echo "voa-desk: starting the desktop window (Electron)"
  node_modules/electron/dist/electron .
else
  echo "voa-desk: no Electron binary or no display: starting the browser shell instead"
  node src/main/browser-shell/cli.mjs &
  shell_pid=$!
  trap "kill $shell_pid $emulator_pid 2>/dev/null || true" EXIT
  wait $shell_pid
fi
'
