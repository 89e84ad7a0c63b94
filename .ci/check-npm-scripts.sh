#!/usr/bin/env bash
# Every `npm run` script of package.json starts from a clean clone (issue 20): the quick ones run for real on a
# throwaway embedded database and free ports, the long ones (benchmarks) as far as their --help, which loads all
# their modules. A script in package.json that this file does not name fails the check, so a new one gets a line.
#   bash .ci/check-npm-scripts.sh           everything except what .ci/run runs anyway (typecheck, lint, the suites)
#   bash .ci/check-npm-scripts.sh --all     typecheck and lint too
# Needs node_modules (npm ci). Writes nothing into the repository: builds go to build-smoke/ (ignored), data and
# benchmark results to a temporary folder.
set -uo pipefail
exec </dev/null
cd "$(dirname "$0")/.."

ALL=false
[ "${1:-}" = "--all" ] && ALL=true
WORK="$(mktemp -d "${TMPDIR:-/tmp}/introbase-scripts.XXXXXX")"
SERVERS=()
cleanup() {
  for pid in "${SERVERS[@]}"; do kill -TERM -- "-$pid" 2>/dev/null; done
  rm -rf "$WORK" build-smoke
}
trap cleanup EXIT
trap 'exit 130' INT
trap 'exit 143' TERM

# The scripts use the embedded database in a folder of their own, never a DATABASE_URL from the caller's shell.
unset DATABASE_URL TEST_DATABASE_URL
export BENCH_RESULTS_DIR="$WORK/results" LOG_LEVEL=warn
export npm_config_update_notifier=false npm_config_fund=false

FAILED=()
declare -A COVERED=()

free_port() { node -e 'const s = require("node:net").createServer().listen(0, "127.0.0.1", () => { console.log(s.address().port); s.close(); })'; }

report() { # name status seconds detail log
  local name=$1 status=$2 seconds=$3 detail=$4 log=$5
  COVERED[$name]=1
  if [ "$status" = ok ]; then
    printf '  ok    %-18s %4ss  %s\n' "$name" "$seconds" "$detail"
  else
    printf '  FAIL  %-18s %4ss  %s\n' "$name" "$seconds" "$detail"
    sed 's/^/        | /' "$log" | tail -n 25
    FAILED+=("$name")
  fi
}

# run NAME EXPECTED_STATUS PATTERN -- command...: passes when the command exits with EXPECTED_STATUS within 10
# minutes and its output matches PATTERN (an extended regular expression; empty: anything).
run() {
  local name=$1 expected=$2 pattern=$3
  shift 4
  local log="$WORK/$name.log" started=$SECONDS status
  timeout 600 "$@" >"$log" 2>&1
  status=$?
  if [ "$status" != "$expected" ]; then
    report "$name" fail $((SECONDS - started)) "exit $status, expected $expected: $*" "$log"
  elif [ -n "$pattern" ] && ! grep -Eq "$pattern" "$log"; then
    report "$name" fail $((SECONDS - started)) "no line matching /$pattern/: $*" "$log"
  else
    report "$name" ok $((SECONDS - started)) "$*" "$log"
  fi
}

# serves NAME: `npm run NAME` on a free port must be ready (/readyz) and render /listings within 4 minutes.
serves() {
  local name=$1 port log="$WORK/$1.log" started=$SECONDS pid ok=false status
  port=$(free_port)
  HOST=127.0.0.1 PORT=$port PGLITE_DIR="$WORK/pglite-$name" SEED_LISTINGS=50 BUILD_DIR=build-smoke \
    setsid npm run --silent "$name" >"$log" 2>&1 &
  pid=$!
  SERVERS+=("$pid")
  for _ in $(seq 1 240); do
    if curl -fsS -o /dev/null "http://127.0.0.1:$port/readyz" 2>/dev/null; then ok=true; break; fi
    kill -0 "$pid" 2>/dev/null || break
    sleep 1
  done
  status=$(curl -s -o /dev/null -w '%{http_code}' "http://127.0.0.1:$port/listings" 2>/dev/null)
  kill -TERM -- "-$pid" 2>/dev/null
  wait "$pid" 2>/dev/null
  if $ok && [ "$status" = 200 ]; then
    report "$name" ok $((SECONDS - started)) "ready (/readyz) and served /listings (200) on port $port" "$log"
  else
    report "$name" fail $((SECONDS - started)) "no answer on port $port (/listings: ${status:-none})" "$log"
  fi
}

skip() { # name reason
  COVERED[$1]=1
  printf '  -     %-18s        %s\n' "$1" "$2"
}

echo "npm scripts (each from this clone, on a throwaway database; logs in $WORK until the end)"

if $ALL; then
  run typecheck 0 "" -- npm run typecheck
  run lint 0 "" -- npm run lint
else
  skip typecheck "run by .ci/run"
  skip lint "run by .ci/run"
fi
skip test "the unit and database suite: run by .ci/run"
skip test:pg "the suite on PostgreSQL: run by .ci/run"
skip test:processes "the tests that start processes (crash, start-up failures): run by .ci/run"
skip test:multi-server "two app servers on one PostgreSQL: run by .ci/run"
skip test:e2e "the browser suite: run by .ci/run"
skip validate "typecheck, lint, format:check and test: each checked or run by .ci/run"
run format:check 0 "" -- npm run format:check
skip format "writes files; the same prettier over the same files as format:check"

# The committed migrations match the schema: generating finds nothing to write.
run db:generate 0 "No schema changes" -- npm run db:generate
if [ -n "$(git status --porcelain -- db/migrations 2>/dev/null)" ]; then
  report db:generate fail 0 "db/migrations changed: the schema has changes without a migration" /dev/null
  git status --porcelain -- db/migrations
fi

export PGLITE_DIR="$WORK/pglite-scripts"
run db:seed 0 "Seeded 20 listings" -- npm run db:seed -- --listings 20
run user:admin 1 "No user with the e-mail address" -- npm run user:admin -- nobody@example.invalid
# A backup of the seeded database, restored into a new directory: checksum, schema and data (decision 0106).
run db:backup 0 "^Backed up to .* SHA-256 [0-9a-f]{64}" -- npm run db:backup -- --out "$WORK/scripts.backup"
run db:restore 0 "^Restored .* into " -- npm run db:restore -- "$WORK/scripts.backup" --to "$WORK/pglite-restored"

# The provider import end to end against the local fake, which fake:provider serves.
PROVIDER_PORT=$(free_port)
PORT=$PROVIDER_PORT setsid npm run --silent fake:provider >"$WORK/fake-provider.log" 2>&1 &
SERVERS+=("$!")
for _ in $(seq 1 60); do curl -fsS -o /dev/null "http://127.0.0.1:$PROVIDER_PORT/healthz" 2>/dev/null && break; sleep 1; done
run fake:provider 0 '"ok":true' -- curl -fsS "http://127.0.0.1:$PROVIDER_PORT/healthz"
PROVIDER_API_URL="http://127.0.0.1:$PROVIDER_PORT" PROVIDER_API_KEY=lot_demo_key_0123456789 \
  OUTBOUND_ALLOWED_PRIVATE_ORIGINS="http://127.0.0.1:$PROVIDER_PORT" \
  run import 0 '"status": "completed"' -- npm run import -- --endpoint funding --max-jobs 1
unset PGLITE_DIR

# The AI provider's fake answers a chat completion with its demo key (decision 0065).
AI_PORT=$(free_port)
PORT=$AI_PORT setsid npm run --silent fake:ai >"$WORK/fake-ai.log" 2>&1 &
SERVERS+=("$!")
for _ in $(seq 1 60); do curl -fsS -o /dev/null "http://127.0.0.1:$AI_PORT/healthz" 2>/dev/null && break; sleep 1; done
run fake:ai 0 '"total_tokens"' -- curl -fsS -H 'Authorization: Bearer sk-local-fake-introbase-0123456789' \
  -H 'Content-Type: application/json' -d '{"model": "introbase-fake-1", "messages": [{"role": "user", "content": "Name: Acme"}]}' \
  "http://127.0.0.1:$AI_PORT/v1/chat/completions"

# The payment provider's fake (decision 0078) lists the seeded prices to its demo key, as the official client asks.
PAY_PORT=$(free_port)
PORT=$PAY_PORT STRIPE_SECRET_KEY=sk_test_local_fake_introbase_0123456789 setsid npm run --silent fake:payments >"$WORK/fake-payments.log" 2>&1 &
SERVERS+=("$!")
for _ in $(seq 1 60); do curl -fsS -o /dev/null "http://127.0.0.1:$PAY_PORT/healthz" 2>/dev/null && break; sleep 1; done
run fake:payments 0 '"lookup_key": "introbase_subscriber_monthly"' -- curl -fsSg -H 'Authorization: Bearer sk_test_local_fake_introbase_0123456789' \
  "http://127.0.0.1:$PAY_PORT/v1/prices?lookup_keys[]=introbase_subscriber_monthly&active=true"

# start is `npm run build` and serve: it builds into build-smoke/, which serve then runs again.
serves start
skip build "run by start, above"
serves serve
serves dev

# Benchmarks: a real run where it takes seconds, --help (every module loaded) where it takes minutes.
run bench:relevance 0 "PASS MRR overall" -- npm run bench:relevance
for name in bench:directory bench:bundle bench:lighthouse audit:lighthouse bench:dedupe bench:import bench:members bench:relevance-speed bench:audit-activity bench:metrics-scrape; do
  run "$name" 0 "^npm run " -- npm run --silent "$name" -- --help
done

# Every script of package.json was named above.
mapfile -t SCRIPTS < <(node -e 'for (const name of Object.keys(require("./package.json").scripts)) console.log(name)')
for name in "${SCRIPTS[@]}"; do
  if [ -z "${COVERED[$name]:-}" ]; then
    printf '  FAIL  %-18s        not checked: add it to .ci/check-npm-scripts.sh\n' "$name"
    FAILED+=("$name")
  fi
done

if [ "${#FAILED[@]}" -gt 0 ]; then
  echo "npm scripts: ${#FAILED[@]} failed (${FAILED[*]})"
  exit 1
fi
echo "npm scripts: all ${#SCRIPTS[@]} checked"
