# Prometheus' own clients for the exporter's tests (pmu-metrics-test,
# over a fake perf): Debian's prometheus-node-exporter and prometheus
# started on free local ports, their answers fetched and queried.
# Sourced after tests/rig/lib.sh (free_port) and a file that defines
# fail.  A test runs in a subshell of its own: the clients it starts
# stop when it ends, however it ends (an EXIT trap of that subshell).
# shellcheck shell=bash

CLIENT_PIDS=()

# client_started PID: stopped when the (sub)shell that started it ends
client_started() {
	CLIENT_PIDS+=("$1")
	trap 'kill "${CLIENT_PIDS[@]}" 2>/dev/null' EXIT
}

# get URL: its body (stdout), or fail
get() {
	python3 -c 'import sys, urllib.request; sys.stdout.write(urllib.request.urlopen(sys.argv[1], timeout=10).read().decode())' "$1"
}

# wait_for WHAT COMMAND...: COMMAND succeeds, within a bound (not timed:
# the bound is for a client that never gets there)
wait_for() {
	local what=$1 _
	shift
	for _ in $(seq 600); do
		"$@" >/dev/null 2>&1 && return 0
		sleep 0.1
	done
	fail "$what: not within 60 s"
}

# start_node_exporter DIR PORT LOG: node_exporter's textfile collector alone,
# reading DIR, serving on PORT
start_node_exporter() {
	prometheus-node-exporter --collector.disable-defaults --collector.textfile \
		--collector.textfile.directory="$1" --web.listen-address="127.0.0.1:$2" \
		>"$3" 2>&1 &
	client_started $!
	wait_for "node_exporter answering" get "http://127.0.0.1:$2/metrics"
}

# start_prometheus TARGET PORT DIR: Prometheus scraping TARGET (HOST:PORT) each
# second, serving its API on PORT, its configuration, database and log
# in DIR
start_prometheus() {
	mkdir -p "$3"
	cat >"$3/prometheus.yml" <<EOF
global:
  scrape_interval: 1s
scrape_configs:
  - job_name: pmu
    static_configs:
      - targets: ['$1']
EOF
	prometheus --config.file="$3/prometheus.yml" --storage.tsdb.path="$3/tsdb" \
		--web.listen-address="127.0.0.1:$2" >"$3/prometheus.log" 2>&1 &
	client_started $!
}

# prom_query PORT QUERY: the value of the first series QUERY (URL-encoded)
# gives in Prometheus' API on PORT, or nothing
prom_query() {
	get "http://127.0.0.1:$1/api/v1/query?query=$2" |
		python3 -c 'import json, sys
r = json.load(sys.stdin)["data"]["result"]
print(r[0]["value"][1] if r else "")'
}
scraped() { [ -n "$(prom_query "$@")" ]; }
# prom_has PORT QUERY VALUE: the query's value is VALUE
prom_has() { [ "$(prom_query "$1" "$2")" = "$3" ]; }
