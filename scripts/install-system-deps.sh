#!/usr/bin/env bash
# Debian/Ubuntu packages VOA Desk needs to build, run its browser shell and run its tests:
#   chromium        the browser for the bench and the browser shell (Playwright never downloads one)
#   chromium-headless-shell  the same Chromium without its windowing, for the end-to-end tests
#   libsecret-1-dev keytar is built from source against it
#   gnome-keyring, dbus, libsecret-tools   a real Secret Service for the tests (and secret-tool to probe it)
#   fonts-dejavu-core  predictable fonts for screenshots
#   poppler-utils   pdfinfo and pdftotext, so the emulator's portal PDFs are proven to open in a PDF reader
#   stress-ng       CPU load for scripts/stress-vitest.sh, which proves the tests do not race the clock
set -euo pipefail
packages=(chromium chromium-headless-shell libsecret-1-dev gnome-keyring dbus libsecret-tools fonts-dejavu-core poppler-utils stress-ng)
missing=()
for package in "${packages[@]}"; do
  dpkg-query -W -f='${Status}' "$package" 2>/dev/null | grep -q "install ok installed" || missing+=("$package")
done
if [ ${#missing[@]} -eq 0 ]; then
  echo "voa-desk: system packages present"
  exit 0
fi
sudo=""
[ "$(id -u)" -eq 0 ] || sudo="sudo"
echo "voa-desk: installing ${missing[*]}"
$sudo apt-get update -qq
DEBIAN_FRONTEND=noninteractive $sudo apt-get install -y -qq --no-install-recommends "${missing[@]}" >/dev/null
