#!/usr/bin/env bash
# Runs a command where a real Secret Service answers: the desktop session's own if it has one, else a
# private D-Bus session with gnome-keyring-daemon and a throwaway, unlocked keyring (never the user's).
set -euo pipefail

secret_service_answers() {
  [ -n "${DBUS_SESSION_BUS_ADDRESS:-}" ] &&
    command -v secret-tool >/dev/null 2>&1 &&
    timeout 5 secret-tool search --all voa-desk-probe probe >/dev/null 2>&1
}

if [ "${VOA_DESK_IN_SECRET_SESSION:-}" = 1 ]; then
  # Inside the private bus: start the keyring with a throwaway password so the login collection exists and is unlocked.
  export XDG_DATA_HOME
  XDG_DATA_HOME=$(mktemp -d -t voa-desk-keyring-XXXXXX)
  eval "$(printf 'voa-desk-test' | gnome-keyring-daemon --unlock --components=secrets 2>/dev/null)"
  export GNOME_KEYRING_CONTROL
  trap 'rm -rf "$XDG_DATA_HOME"' EXIT
  # Both waits below run a check every 0.1 s until it succeeds, for at most a minute.
  within_a_minute() {
    for _ in $(seq 1 600); do
      "$@" && return 0
      sleep 0.1
    done
    return 1
  }
  # The daemon claims its D-Bus name a moment after it has answered here, later on a loaded machine. A
  # Secret Service call before that makes D-Bus start a second daemon from its service file, one without
  # the password, which then asks for it through a prompt no one can answer (seen in a stress run). So
  # wait for the name first: NameHasOwner asks the bus without starting anything.
  secrets_name_owned() {
    dbus-send --session --print-reply --dest=org.freedesktop.DBus /org/freedesktop/DBus \
      org.freedesktop.DBus.NameHasOwner string:org.freedesktop.secrets 2>/dev/null | grep -q 'boolean true'
  }
  if ! within_a_minute secrets_name_owned; then
    echo "voa-desk: gnome-keyring-daemon did not claim org.freedesktop.secrets on the test bus within a minute." >&2
    exit 1
  fi
  # The login collection is created and unlocked asynchronously, slowly on a loaded machine: wait until a
  # write goes through, and say so instead of running tests against a keyring that is not there.
  keyring_writable() {
    printf probe | timeout 5 secret-tool store --label='VOA Desk probe' voa-desk-probe ready 2>/dev/null &&
      { secret-tool clear voa-desk-probe ready 2>/dev/null || true; }
  }
  if ! within_a_minute keyring_writable; then
    echo "voa-desk: the throwaway keyring's login collection did not become writable within a minute." >&2
    exit 1
  fi
  "$@"
  exit $?
fi

if secret_service_answers; then
  exec "$@"
fi
if ! command -v dbus-run-session >/dev/null || ! command -v gnome-keyring-daemon >/dev/null; then
  echo "voa-desk: no Secret Service answers and dbus-run-session or gnome-keyring-daemon is missing;" >&2
  echo "          install the Debian packages dbus and gnome-keyring (scripts/install-system-deps.sh)." >&2
  exit 1
fi
VOA_DESK_IN_SECRET_SESSION=1 exec dbus-run-session -- "$0" "$@"
