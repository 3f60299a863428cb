#!/usr/bin/env bash
# Starts a throwaway Synapse homeserver for the Matrix tests.
#
#   bot/tests/matrix/synapse.sh DIR      -> installs (once) and starts Synapse under DIR
#
# Installs matrix-synapse from PyPI into DIR/venv (once), writes a config for server name
# `localhost` on 127.0.0.1 with a free port, SQLite, registration closed except through the
# shared secret, generous rate limits, thumbnails on demand, then starts it and waits until
# it answers.
# Prints the environment the tests read, ready for `eval`:
#   AKRON_SYNAPSE_URL=http://127.0.0.1:PORT  AKRON_SYNAPSE_SECRET=...  AKRON_SYNAPSE_PID=...
set -euo pipefail

dir="${1:?usage: synapse.sh DIR}"
mkdir -p "$dir"
dir="$(cd "$dir" && pwd)"

if [ ! -x "$dir/venv/bin/python" ] || ! "$dir/venv/bin/python" -c 'import synapse' 2>/dev/null; then
  python3 -m venv "$dir/venv" >&2
  "$dir/venv/bin/pip" install --quiet --disable-pip-version-check matrix-synapse >&2
fi

port="$(python3 -c 'import socket; s=socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1])')"
secret="akron-test-$(python3 -c 'import secrets; print(secrets.token_hex(16))')"
data="$dir/data"
rm -rf "$data"
mkdir -p "$data/media"

"$dir/venv/bin/python" -m synapse.app.homeserver --server-name localhost \
  --config-path "$data/homeserver.yaml" --generate-config --report-stats=no \
  --data-directory "$data" >/dev/null

generous='{per_second: 1000, burst_count: 10000}'
cat > "$data/overrides.yaml" <<YAML
server_name: "localhost"
public_baseurl: "http://127.0.0.1:$port/"
listeners:
  - port: $port
    bind_addresses: ['127.0.0.1']
    type: http
    tls: false
    x_forwarded: false
    resources:
      - names: [client]
        compress: false
database:
  name: sqlite3
  args:
    database: "$data/homeserver.db"
media_store_path: "$data/media"
enable_media_repo: true
enable_registration: false
registration_shared_secret: "$secret"
report_stats: false
suppress_key_server_warning: true
trusted_key_servers: []
federation_domain_whitelist: []
url_preview_enabled: false
presence:
  enabled: false
rc_message: $generous
rc_registration: $generous
rc_registration_token_validity: $generous
rc_login:
  address: $generous
  account: $generous
  failed_attempts: $generous
rc_joins:
  local: $generous
  remote: $generous
rc_joins_per_room: $generous
rc_invites:
  per_room: $generous
  per_user: $generous
  per_issuer: $generous
rc_3pid_validation: $generous
rc_admin_redaction: $generous
rc_media_create: $generous
rc_room_creation: $generous
rc_reports: $generous
rc_delayed_event_mgmt: $generous
rc_presence:
  per_user: $generous
rc_key_requests: $generous
log_config: "$data/log.yaml"
YAML
# Thumbnails are made when a client asks for one, not at every upload: Synapse otherwise
# answers an upload only after making five thumbnails (about 300 ms for a board picture on
# a busy 2-core machine), which every move's reply waits for. AKRON_SYNAPSE_THUMBNAILS=upload
# keeps Synapse's default, to measure the difference (BENCHMARKS.md, Matrix).
if [ "${AKRON_SYNAPSE_THUMBNAILS:-dynamic}" != "upload" ]; then
  printf 'dynamic_thumbnails: true\nthumbnail_sizes: []\n' >> "$data/overrides.yaml"
fi
cat > "$data/log.yaml" <<YAML
version: 1
formatters:
  precise:
    format: '%(asctime)s - %(name)s - %(levelname)s - %(message)s'
handlers:
  file:
    class: logging.FileHandler
    formatter: precise
    filename: "$data/homeserver.log"
root:
  level: WARNING
  handlers: [file]
disable_existing_loggers: false
YAML

"$dir/venv/bin/python" -m synapse.app.homeserver \
  --config-path "$data/homeserver.yaml" --config-path "$data/overrides.yaml" \
  >"$data/stdout.log" 2>&1 &
pid=$!
echo "$pid" > "$data/pid"

for _ in $(seq 1 300); do
  if python3 -c "import urllib.request, sys; urllib.request.urlopen(sys.argv[1], timeout=2)" \
      "http://127.0.0.1:$port/_matrix/client/versions" >/dev/null 2>&1; then
    echo "AKRON_SYNAPSE_URL=http://127.0.0.1:$port"
    echo "AKRON_SYNAPSE_SECRET=$secret"
    echo "AKRON_SYNAPSE_PID=$pid"
    exit 0
  fi
  if ! kill -0 "$pid" 2>/dev/null; then
    echo "synapse exited; see $data/stdout.log" >&2
    tail -20 "$data/stdout.log" >&2
    exit 1
  fi
  sleep 0.2
done
echo "synapse did not answer on port $port" >&2
exit 1
