#!/usr/bin/env bash
# Cross-checks load mode against independent load generators at the same concurrency, on the small GET:
# wrk against REST over HTTP/1.1 (one connection per user), h2load against REST over h2c and against gRPC unary
# GetVersion (one HTTP/2 connection carrying every user's stream, as load mode's shared client). Prints each tool's
# requests/s and latency beside load mode's own. Linux (or any OS with bash, wrk and h2load).
#   usage: scripts/load-crosscheck.sh [USERS] [SECONDS]      (defaults: 50 users, 20 s each)
#   needs: Debian packages wrk and nghttp2-client (h2load); a Release build (dotnet build -c Release)
set -euo pipefail
cd "$(dirname "$0")/.."
users=${1:-50}
seconds=${2:-20}
# Load mode's warm-up and ramp-up, as long as the tools' runs are short: a 2-s check needs no 5-s warm-up.
warmup=$(( seconds >= 10 ? 5 : 1 ))
rampup=$(( seconds >= 10 ? 2 : 0 ))
for tool in wrk h2load dotnet; do
  command -v "$tool" >/dev/null || { echo "load-crosscheck: $tool is missing (apt-get install wrk nghttp2-client)" >&2; exit 2; }
done

work=$(mktemp -d)
pids=()
cleanup() {
  for pid in "${pids[@]}"; do kill "$pid" 2>/dev/null || true; done
  wait 2>/dev/null || true
  rm -rf "$work"
}
trap cleanup EXIT INT TERM

# start NAME DLL ARGS...: starts a server on free loopback ports and waits for its ready line.
start() {
  local name=$1; shift
  dotnet "$@" >"$work/$name.log" 2>&1 &
  pids+=($!)
  for _ in $(seq 1 600); do
    grep -q "listening on" "$work/$name.log" && return 0
    sleep 0.1
  done
  echo "load-crosscheck: $name did not start:" >&2; cat "$work/$name.log" >&2; exit 1
}
start rest RestAPI/bin/Release/net10.0/RestAPI.dll --urls http://127.0.0.1:0 --h2c http://127.0.0.1:0 --tls https://127.0.0.1:0
start grpc GrpcAPI/bin/Release/net10.0/GrpcAPI.dll --urls http://127.0.0.1:0 --tls https://127.0.0.1:0
rest=$(grep -o 'listening on http://[^ ]*' "$work/rest.log" | cut -d' ' -f3)
rest_h2c=$(grep -o ' h2c http://[^ ]*' "$work/rest.log" | cut -d' ' -f3)
grpc=$(grep -o 'listening on http://[^ ]*' "$work/grpc.log" | cut -d' ' -f3)
echo "servers: REST $rest (h2c $rest_h2c), gRPC $grpc; $users users, $seconds s per tool and target"

# A gRPC request for GetVersion: the 5-byte length prefix of an empty EmptyRequest message.
printf '\x00\x00\x00\x00\x00' >"$work/empty-request.bin"

results=()
cores=$(nproc)
# cpu COMMAND...: runs it, its output to $work/out, and prints the CPU it used as a share of the machine's cores.
cpu() {
  local TIMEFORMAT=%P
  { time "$@" >"$work/out" 2>&1; } 2>"$work/cpu"
  awk -v cores="$cores" '{printf "%.0f %%", $1 / cores}' "$work/cpu"
}
# wrk: requests/s and latency percentiles from its --latency table.
client_cpu=$(cpu wrk -t1 -c"$users" -d"${seconds}s" --latency "${rest%/}/api/MeteoriteLandings")
out=$(cat "$work/out")
rps=$(awk '/Requests\/sec/ {print $2}' <<<"$out")
p50=$(awk '$1=="50%" {print $2}' <<<"$out")
p99=$(awk '$1=="99%" {print $2}' <<<"$out")
non2xx=$(awk '/Non-2xx/ {print $NF}' <<<"$out")
results+=("wrk|REST + JSON, HTTP/1.1|$users connections|$rps|$p50|$p99|${non2xx:-0}|$client_cpu")

# h2load: one connection, one stream per user; requests/s from its "finished in" line, latency mean and max
# from its "time for request" line (h2load prints no percentiles).
h2() { # label url [extra h2load args]
  local label=$1 url=$2; shift 2
  local out client_cpu
  client_cpu=$(cpu h2load -c1 -m"$users" -D "$seconds" "$@" "$url")
  out=$(cat "$work/out")
  local rps mean max failed
  rps=$(grep -o 'finished in [^,]*, [0-9.]* req/s' <<<"$out" | awk '{print $4}')
  mean=$(awk '/time for request:/ {print $6}' <<<"$out")
  max=$(awk '/time for request:/ {print $5}' <<<"$out")
  failed=$(grep -o '[0-9]* failed' <<<"$out" | head -1 | awk '{print $1}')
  results+=("h2load|$label|1 connection, $users streams|$rps|mean $mean|max $max|${failed:-0}|$client_cpu")
}
h2 "REST + JSON, h2c" "${rest_h2c%/}/api/MeteoriteLandings"
h2 "gRPC unary GetVersion, h2c" "${grpc%/}/meteorites.v1.MeteoriteLandingsService/GetVersion" \
  -d "$work/empty-request.bin" -H 'content-type: application/grpc' -H 'te: trailers'

# Load mode at the same concurrency and operation, against the same servers.
dotnet RESTvsGRPC.Bench/bin/Release/net10.0/RESTvsGRPC.Bench.dll load --scenario normal --users "$users" --duration "${seconds}s" \
  --ramp-up "${rampup}s" --warmup "${warmup}s" --mix small:1 --targets rest-json,rest-json-h2c,grpc --rest-url "$rest" --rest-h2c-url "$rest_h2c" --grpc-url "$grpc" \
  --out "$work/load" >"$work/load.log" 2>&1 || { cat "$work/load.log" >&2; exit 1; }
# Load mode's own line per target ("// grpc: 12,345 requests/s, p99 1.2 ms, 0 errors, client CPU 45 %"); its full
# table, percentiles and connections included, is in the load summary it wrote.
while IFS= read -r row; do
  results+=("$row")
done < <(sed -nE 's#^// (rest-json|rest-json-h2c|grpc): ([0-9,]+) requests/s, p99 ([^,]+), ([0-9]+) errors, client CPU (.*)$#load mode|\1|shared client|\2||\3|\4|\5#p' "$work/load.log" | tr -d ',')

# Client CPU is a share of all cores: on one machine, what the load generator takes the server cannot have.
printf '\n| tool | target | connections | requests/s | p50 | p99 | errors | client CPU |\n|---|---|---|---:|---:|---:|---:|---:|\n'
for row in "${results[@]}"; do
  printf '| %s |\n' "${row//|/ | }"
done
echo
echo "load mode's full table (percentiles, connections, server CPU) is in the load-summary.md that \`load --out DIR\` writes"
