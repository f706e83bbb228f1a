#!/usr/bin/env bash
# Runs a load preset across network conditions: servers and load client in two network namespaces this script
# creates (a veth pair, addresses inside those namespaces only), shaped with tc, one load run per profile. It
# removes the namespaces (and with them the veth pair) on every exit. Linux only, as root.
#   usage: sudo scripts/load-netem.sh [PROFILE ...] [-- LOAD OPTIONS]
#   profiles: none (no shaping), 1ms-rtt, 20ms-rtt (tc netem delay, half on each side), 100mbit (tc tbf on each side)
#   default: none 1ms-rtt 20ms-rtt 100mbit -- --scenario light --duration 30s
#   results: BenchmarkDotNet.Artifacts/netem/PROFILE/load-summary.md, or under $RESTVSGRPC_NETEM_OUT where it is set
set -euo pipefail
cd "$(dirname "$0")/.."
[ "$(uname -s)" = Linux ] || { echo "load-netem: network namespaces are Linux only" >&2; exit 2; }
[ "$(id -u)" -eq 0 ] || { echo "load-netem: needs root (ip netns, tc)" >&2; exit 2; }
for tool in ip tc dotnet; do
  command -v "$tool" >/dev/null || { echo "load-netem: $tool is missing (apt-get install iproute2)" >&2; exit 2; }
done

profiles=()
while [ $# -gt 0 ] && [ "$1" != "--" ]; do profiles+=("$1"); shift; done
[ "${1:-}" = "--" ] && shift
load_options=("$@")
[ ${#profiles[@]} -gt 0 ] || profiles=(none 1ms-rtt 20ms-rtt 100mbit)
[ ${#load_options[@]} -gt 0 ] || load_options=(--scenario light --duration 30s)

server_ns=restvsgrpc-server
client_ns=restvsgrpc-client
server_ip=10.203.0.1
client_ip=10.203.0.2
out=${RESTVSGRPC_NETEM_OUT:-BenchmarkDotNet.Artifacts/netem}
work=$(mktemp -d)
pids=()
cleanup() {
  for pid in "${pids[@]}"; do kill "$pid" 2>/dev/null || true; done
  wait 2>/dev/null || true
  ip netns del "$server_ns" 2>/dev/null || true
  ip netns del "$client_ns" 2>/dev/null || true
  rm -rf "$work"
}
trap cleanup EXIT INT TERM

ip netns add "$server_ns"
ip netns add "$client_ns"
ip link add rvg-server type veth peer name rvg-client
ip link set rvg-server netns "$server_ns"
ip link set rvg-client netns "$client_ns"
ip -n "$server_ns" addr add "$server_ip/30" dev rvg-server
ip -n "$client_ns" addr add "$client_ip/30" dev rvg-client
for ns in "$server_ns" "$client_ns"; do ip -n "$ns" link set lo up; done
ip -n "$server_ns" link set rvg-server up
ip -n "$client_ns" link set rvg-client up

start() { # NAME DLL ARGS...: a server inside the server namespace, on free ports of its veth address
  local name=$1; shift
  ip netns exec "$server_ns" dotnet "$@" >"$work/$name.log" 2>&1 &
  pids+=($!)
  for _ in $(seq 1 600); do
    grep -q "listening on" "$work/$name.log" && return 0
    sleep 0.1
  done
  echo "load-netem: $name did not start:" >&2; cat "$work/$name.log" >&2; exit 1
}
start rest RestAPI/bin/Release/net10.0/RestAPI.dll --urls "http://$server_ip:0" --h2c "http://$server_ip:0" --tls "https://$server_ip:0"
start grpc GrpcAPI/bin/Release/net10.0/GrpcAPI.dll --urls "http://$server_ip:0" --tls "https://$server_ip:0"
rest=$(grep -o 'listening on http://[^ ]*' "$work/rest.log" | cut -d' ' -f3)
rest_h2c=$(grep -o ' h2c http://[^ ]*' "$work/rest.log" | cut -d' ' -f3)
grpc=$(grep -o 'listening on http://[^ ]*' "$work/grpc.log" | cut -d' ' -f3)

shape() { # QDISC ARGS...: the same queueing discipline on both ends of the veth pair
  ip netns exec "$server_ns" tc qdisc replace dev rvg-server root "$@" &&
    ip netns exec "$client_ns" tc qdisc replace dev rvg-client root "$@"
}
unshape() {
  ip netns exec "$server_ns" tc qdisc del dev rvg-server root 2>/dev/null || true
  ip netns exec "$client_ns" tc qdisc del dev rvg-client root 2>/dev/null || true
}

for profile in "${profiles[@]}"; do
  unshape
  case "$profile" in
    none) ;;
    1ms-rtt) shape netem delay 500us || { echo "load-netem: $profile skipped: this kernel has no netem (sch_netem)" >&2; continue; } ;;
    20ms-rtt) shape netem delay 10ms || { echo "load-netem: $profile skipped: this kernel has no netem (sch_netem)" >&2; continue; } ;;
    100mbit) shape tbf rate 100mbit burst 256kb latency 50ms || { echo "load-netem: $profile skipped: this kernel has no tbf" >&2; continue; } ;;
    *) echo "load-netem: unknown profile '$profile' (none, 1ms-rtt, 20ms-rtt, 100mbit)" >&2; exit 2 ;;
  esac
  echo "== $profile: load ${load_options[*]}"
  ip netns exec "$client_ns" dotnet RESTvsGRPC.Bench/bin/Release/net10.0/RESTvsGRPC.Bench.dll load "${load_options[@]}" \
    --rest-url "$rest" --rest-h2c-url "$rest_h2c" --grpc-url "$grpc" --out "$out/$profile"
done
