# Shared by scripts/run.sh and scripts/test.sh: install what is missing, in the project's own way.
# shellcheck shell=bash

ROOT=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
export PLAYWRIGHT_SKIP_BROWSER_DOWNLOAD=1
export CARGO_TERM_COLOR=${CARGO_TERM_COLOR:-never}

# Each step says when it starts, in seconds since the script did, so a log shows where time goes.
SCRIPT_STARTED=$(date +%s)
step() { printf '\n==> [%ss] %s\n' "$(( $(date +%s) - SCRIPT_STARTED ))" "$*"; }
die() { printf 'error: %s\n' "$*" >&2; exit 1; }

as_root() {
  if [ "$(id -u)" = 0 ]; then "$@"; elif command -v sudo >/dev/null; then sudo "$@"; else die "needs root: $*"; fi
}

apt_install() {
  [ -n "${APT_UPDATED:-}" ] || { as_root apt-get update -qq; APT_UPDATED=1; }
  as_root env DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends "$@"
}

need_toolchains() {
  command -v cargo >/dev/null || die "Rust (cargo) is required: https://rustup.rs"
  command -v node >/dev/null || die "Node.js 20.19 or newer is required"
  local v; v=$(node -p 'process.versions.node')
  node -e 'const [a,b]=process.versions.node.split(".").map(Number);process.exit(a>20||(a===20&&b>=19)?0:1)' \
    || die "Node.js 20.19 or newer is required (found $v)"
}

# npm packages at the locked versions, reinstalled only when the lock changed since the last install.
# Not `npm ci`: the registry reachable here serves only the Linux builds of buf's optional platform
# packages, and `npm ci` refuses a lock without the others; `install --no-save` keeps the lock as is.
web_deps() {
  if [ ! -f "$ROOT/web/node_modules/.package-lock.json" ] \
    || [ "$ROOT/web/package-lock.json" -nt "$ROOT/web/node_modules/.package-lock.json" ]; then
    step "npm install (web, locked versions)"
    (cd "$ROOT/web" && npm install --no-save --no-audit --no-fund --loglevel=error)
  fi
}

# Debian's HAProxy, the load balancer in front of the cluster test's three nodes; and pgBackRest,
# which archives the WAL of the PostgreSQL restore drill's private cluster.
cluster_deps() {
  if [ ! -x /usr/sbin/haproxy ] && ! command -v haproxy >/dev/null; then
    step "installing Debian's haproxy"
    apt_install haproxy
  fi
  if ! command -v pgbackrest >/dev/null; then
    step "installing Debian's pgbackrest"
    apt_install pgbackrest
  fi
}

# hey, the load tool the benches drive the servers with (bench/hey.rs).
bench_deps() {
  if ! command -v hey >/dev/null; then
    step "installing Debian's hey"
    apt_install hey
  fi
}

# Debian's Chromium for the browser tests, with CJK fonts so Chinese renders in screenshots.
browser_deps() {
  if [ ! -x /usr/bin/chromium ] || ! fc-list 2>/dev/null | grep -qi 'Noto Sans CJK'; then
    step "installing Debian's chromium and CJK fonts"
    apt_install chromium fonts-noto-cjk
  fi
}

# PostgreSQL on 127.0.0.1:5432 (trust auth for postgres), started if installed but down.
postgres_up() {
  export TEST_POSTGRES_URL=${TEST_POSTGRES_URL:-postgres://postgres@127.0.0.1:5432/postgres}
  if ! pg_isready -q -h 127.0.0.1 -p 5432 2>/dev/null; then
    if command -v pg_ctlcluster >/dev/null && [ -d /etc/postgresql ]; then
      step "starting PostgreSQL"
      as_root pg_ctlcluster --skip-systemctl-redirect "$(ls /etc/postgresql | head -n1)" main start || true
    fi
    for _ in $(seq 1 30); do pg_isready -q -h 127.0.0.1 -p 5432 && break; sleep 1; done
    pg_isready -q -h 127.0.0.1 -p 5432 || die "PostgreSQL is not reachable on 127.0.0.1:5432"
  fi
  # Databases left behind by an interrupted earlier run: a test database is named after the
  # process that made it (`booking_test_<pid>_<hash>`), so one whose process is alive is another
  # run's, on this machine, and stays.
  psql "$TEST_POSTGRES_URL" -Atqc "select datname from pg_database where datname like 'booking_test_%'" 2>/dev/null |
    while read -r db; do
      pid=$(echo "$db" | cut -d_ -f3)
      [ -n "$pid" ] && [ -d "/proc/$pid" ] && continue
      psql "$TEST_POSTGRES_URL" -qc "drop database if exists $db with (force)" >/dev/null 2>&1 || true
    done
}

# The server (binary $1) on a free port over a scratch SQLite database with the demo catalogue,
# for the scripts that measure it; more environment as NAME=value arguments. Sets $base and
# $scratch, waits until ready, and stops the server and removes the scratch on exit.
serve_scratch() {
  local bin=$1 port
  shift
  scratch=$(mktemp -d)
  port=$(python3 -c 'import socket; s=socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1])')
  base="http://127.0.0.1:$port"
  env APP_LISTEN="127.0.0.1:$port" DATABASE_URL="sqlite://$scratch/scratch.db?mode=rwc" \
    APP_WEB_DIR="$ROOT/web/dist" APP_MAILBOX_DIR="$scratch/mail" APP_MEDIA_DIR="$scratch/media" \
    APP_BACKUP_DIR="$scratch/backups" \
    APP_LOG=error "$@" "$bin" serve &
  scratch_server=$!
  trap 'kill $scratch_server 2>/dev/null; rm -rf "$scratch"' EXIT
  for _ in $(seq 1 100); do curl -fs "$base/readyz" >/dev/null && return 0; sleep 0.2; done
  die "the server did not become ready at $base"
}
