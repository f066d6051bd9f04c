#!/usr/bin/env bash
# Runs a command with a real Secret Service: a private D-Bus session (dbus-run-session) with an
# unlocked gnome-keyring, keyrings in a throw-away folder. Used for the keychain integration test:
#   bash scripts/with-keyring.sh npx vitest run src/main/services/keychain.integration.test.ts
# Needs (Debian/Ubuntu): sudo apt-get install -y gnome-keyring dbus-x11
set -euo pipefail

if [ $# -eq 0 ]; then
  echo "usage: $0 <command> [args…]" >&2
  exit 2
fi

if [ -z "${WITH_KEYRING_INNER:-}" ]; then
  for tool in dbus-run-session gnome-keyring-daemon; do
    if ! command -v "$tool" >/dev/null 2>&1; then
      echo "with-keyring: $tool not found (sudo apt-get install -y gnome-keyring dbus-x11)" >&2
      exit 3
    fi
  done
  exec env WITH_KEYRING_INNER=1 dbus-run-session -- bash "$0" "$@"
fi

# inside the private session bus: a keyring folder of our own, never the user's
keyring_home="$(mktemp -d)"
trap 'rm -rf "$keyring_home"' EXIT
export XDG_DATA_HOME="$keyring_home/data"
export XDG_RUNTIME_DIR="$keyring_home/run"
mkdir -p "$XDG_DATA_HOME" "$XDG_RUNTIME_DIR"
chmod 700 "$XDG_RUNTIME_DIR"

# --unlock reads the (new) login keyring's password on stdin; the daemon prints its environment
eval "$(printf '%s' "${KEYRING_PASSWORD:-ci-keyring}" |
  gnome-keyring-daemon --replace --unlock --components=secrets --daemonize 2>/dev/null)"
export GNOME_KEYRING_CONTROL

export KEYCHAIN_TEST_REQUIRED=1
"$@"
