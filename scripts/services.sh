#!/usr/bin/env bash
# Installs what the URL-mode form tests start themselves (tests/tests/url_form_*.rs), from
# Debian's packages: `redis-server` (the Redis store, its replay guard, two servers sharing
# one Redis) and `chromium` with `chromium-driver` (the page in a real browser, through
# WebDriver). The tests start and stop each on a free port of 127.0.0.1, in a temporary
# directory of their own; nothing here runs a service.
#
#   bash scripts/services.sh    # as root (or with sudo), once per machine
#
# `.ci/run` calls it, then runs the tests with ELICIT_REQUIRE_SERVICES=1, under which a test
# that finds a program missing fails instead of saying it was skipped.
set -euo pipefail

needed=()
command -v redis-server >/dev/null || needed+=(redis-server)
command -v chromium >/dev/null || needed+=(chromium)
command -v chromedriver >/dev/null || needed+=(chromium-driver)

if [ "${#needed[@]}" -eq 0 ]; then
  echo "services: redis-server, chromium and chromedriver are installed"
  exit 0
fi

sudo=()
if [ "$(id -u)" -ne 0 ]; then
  sudo=(sudo)
fi
echo "services: installing ${needed[*]}"
"${sudo[@]}" apt-get update -qq
DEBIAN_FRONTEND=noninteractive "${sudo[@]}" apt-get install -y -qq "${needed[@]}"
