#!/usr/bin/env bash
# Runs Stint for a team on one machine: N service instances (default 3) on one PostgreSQL
# database, with one owner token, behind HAProxy (deploy/haproxy.cfg: round robin, health checks
# on /readyz). Stays in the foreground; SIGTERM or Ctrl-C stops the instances (each drains and
# finishes its requests) and then HAProxy.
#
#   DATABASE_URL=postgres://stint:…@db.example.com/stint deploy/run-team.sh
#
# Settings (environment):
#   DATABASE_URL           required: the team's PostgreSQL database (created by you, empty or
#                          made by this service; the first instance migrates it)
#   DATABASE_POOL_SIZE     connections per instance (default 10)
#   STINT_INSTANCES        how many instances (default 3)
#   STINT_BASE_PORT        instance i listens on 127.0.0.1:STINT_BASE_PORT+i-1 (default 8081)
#   STINT_METRICS_BASE_PORT  its /metrics on 127.0.0.1:STINT_METRICS_BASE_PORT+i-1 (default 9101)
#   STINT_LB_BIND          where HAProxy takes clients (default *:8080)
#   STINT_LB_STATS         HAProxy's status page (default 127.0.0.1:8404)
#   STINT_LB_CONNECTIONS_PER_SOURCE  open connections one client address may hold at HAProxy
#                          (default 100; an office behind one NAT address shares it)
#   STINT_RUN_DIR          pid files, logs, the generated backend (default ./stint-run)
#   STINT_SERVICE_TOKEN_FILE  the owner's token (mode 600); default STINT_RUN_DIR/token, made once
#   STINT_SECRETS_KEY_FILE    the key sealing webhook secrets at rest (mode 600); default
#                          STINT_RUN_DIR/secrets-key, made once (keep it: without it the stored
#                          webhook secrets cannot be opened)
#   DRAIN_SECONDS          how long a stopping instance answers /readyz 503 before it closes (default 2)
#   TRUST_PROXY            default loopback (HAProxy's address here): the instances believe the
#                          X-Forwarded-For HAProxy sets (it replaces any the client sent)
#   PUBLIC_URL, RATE_LIMIT, LOG_LEVEL, STINT_OWNER_PASSWORD_FILE: passed on to every instance
#   HAPROXY                the haproxy binary (default: haproxy on PATH, else /usr/sbin/haproxy)
set -euo pipefail

: "${DATABASE_URL:?set DATABASE_URL=postgres://user:password@host:5432/database (your PostgreSQL)}"
root=$(cd "$(dirname "$0")/.." && pwd)
instances=${STINT_INSTANCES:-3}
base_port=${STINT_BASE_PORT:-8081}
metrics_base_port=${STINT_METRICS_BASE_PORT:-9101}
run_dir=${STINT_RUN_DIR:-$PWD/stint-run}
export STINT_LB_BIND=${STINT_LB_BIND:-*:8080}
export STINT_LB_STATS=${STINT_LB_STATS:-127.0.0.1:8404}
export STINT_LB_CONNECTIONS_PER_SOURCE=${STINT_LB_CONNECTIONS_PER_SOURCE:-100}
export DRAIN_SECONDS=${DRAIN_SECONDS:-2}
export TRUST_PROXY=${TRUST_PROXY:-loopback}
haproxy=${HAPROXY:-$(command -v haproxy || echo /usr/sbin/haproxy)}
node=$root/node_modules/.bin/node
[ -x "$node" ] || node=node

mkdir -p "$run_dir"
chmod 700 "$run_dir"

# One token for every instance: made once, kept private, shown once.
token_file=${STINT_SERVICE_TOKEN_FILE:-$run_dir/token}
if [ ! -s "$token_file" ]; then
  (umask 077 && "$node" -e 'process.stdout.write(require("node:crypto").randomBytes(32).toString("base64url"))' >"$token_file")
  echo "Owner's personal token (shown once, kept in $token_file): $(cat "$token_file")"
fi
unset STINT_SERVICE_TOKEN
export STINT_SERVICE_TOKEN_FILE=$token_file

# One key sealing webhook and broadcast receiver secrets in the database, the same for every instance.
secrets_key_file=${STINT_SECRETS_KEY_FILE:-$run_dir/secrets-key}
if [ ! -s "$secrets_key_file" ]; then
  (umask 077 && "$node" -e 'process.stdout.write(require("node:crypto").randomBytes(32).toString("hex"))' >"$secrets_key_file")
  echo "Secrets key made in $secrets_key_file (back it up: the webhook secrets in the database need it)"
fi
unset STINT_SECRETS_KEY
export STINT_SECRETS_KEY_FILE=$secrets_key_file

pids=(0) # HAProxy's place, filled once it starts; then the instances
stop() { # exit code
  trap - TERM INT
  echo "Stopping"
  # Instances first (each drains, then finishes its requests), HAProxy last.
  for pid in "${pids[@]:1}"; do kill -TERM "$pid" 2>/dev/null || true; done
  for pid in "${pids[@]:1}"; do wait "$pid" 2>/dev/null || true; done
  if [ "${pids[0]}" -gt 0 ]; then kill -TERM "${pids[0]}" 2>/dev/null || true; fi
  wait 2>/dev/null || true
  exit "${1:-0}"
}
trap 'stop 0' TERM INT

wait_ready() { # port
  for _ in $(seq 1 600); do
    if "$node" -e 'fetch(process.argv[1]).then(r => process.exit(r.ok ? 0 : 1), () => process.exit(1))' \
      "http://127.0.0.1:$1/readyz"; then return 0; fi
    sleep 0.2
  done
  echo "the instance on port $1 did not become ready: see $run_dir/instance-*.log" >&2
  return 1
}

start_instance() { # i
  local i=$1 port=$((base_port + $1 - 1)) metrics=$((metrics_base_port + $1 - 1))
  (cd "$root" && exec "$node" --import tsx service/cli.ts --host 127.0.0.1 --port "$port" \
    --metrics-port "$metrics") >>"$run_dir/instance-$i.log" 2>&1 &
  echo $! >"$run_dir/instance-$i.pid"
  pids+=($!)
  echo "instance $i: pid $! on 127.0.0.1:$port, metrics on 127.0.0.1:$metrics/metrics, log $run_dir/instance-$i.log"
}

# The backend: one server line per instance.
{
  echo "backend stint"
  for i in $(seq 1 "$instances"); do echo "    server stint$i 127.0.0.1:$((base_port + i - 1))"; done
} >"$run_dir/backend.cfg"

# A configuration HAProxy refuses stops everything before any instance starts.
"$haproxy" -c -q -f "$root/deploy/haproxy.cfg" -f "$run_dir/backend.cfg" || stop 1

# The first instance migrates and seeds an empty database; the others start once it is ready.
start_instance 1
wait_ready "$base_port" || stop 1
for i in $(seq 2 "$instances"); do start_instance "$i"; done
for i in $(seq 2 "$instances"); do wait_ready $((base_port + i - 1)) || stop 1; done

"$haproxy" -db -f "$root/deploy/haproxy.cfg" -f "$run_dir/backend.cfg" >>"$run_dir/haproxy.log" 2>&1 &
pids[0]=$!
echo $! >"$run_dir/haproxy.pid"
echo "HAProxy: pid $! on $STINT_LB_BIND (status page $STINT_LB_STATS), log $run_dir/haproxy.log"
echo "Stint for a team is up"

# Until stopped (or HAProxy exits).
wait "${pids[0]}" || true
stop 0
