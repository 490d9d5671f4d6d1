#!/bin/bash
# Prometheus' own clients against pmu-metrics' exporter on the board, over
# the models' traffic: Debian's prometheus-node-exporter serves the
# --textfile file and Debian's prometheus scrapes the --listen listener,
# and the values both give are the bytes the i.MX8MP and i.MX8MQ models
# were given (tests/e2e/imx8_ddr.sh checks the same figures in the tool's
# own output; tests/tools/pmu-metrics-test the clients over canned counts).
# The x86 board runs the build machine's root, where make check installs
# both clients.  Run inside the virtual board (tools/vm-run).

. "$VM_TOP/tests/guest/lib.sh"
# (under emulation Go programs take seconds to start: a bound of 5 min)
WAIT_TRIES=3000
. "$VM_TOP/tests/tools/prom-clients.sh"

D=/tmp/exporter-e2e
MP=$(pmu_of imx8mp) || fail "no i.MX8MP PMU"
MQ=$(pmu_of imx8mq) || fail "no i.MX8MQ PMU"
MPL="family=\"imx8_ddr\",pmu=\"$MP\",controller=\"${MP#imx8_ddr}\""
MQL="family=\"imx8_ddr\",pmu=\"$MQ\",controller=\"${MQ#imx8_ddr}\""
# What the traffic below gives, "SERIES VALUE": the 8MP's bytes through its
# AXI ID filter (every master), the 8MQ's beats of 16 bytes (perf's
# imx8mq table; 8 beats a 64-byte burst on the model)
WANT=(
	"perf_uncore_bytes_total{$MPL,direction=\"read\",master=\"all\"} $((128 * 64))"
	"perf_uncore_bytes_total{$MPL,direction=\"write\",master=\"all\"} $((5 * 128))"
	"perf_uncore_bytes_total{$MQL,direction=\"read\"} $((64 * 8 * 16))"
	"perf_uncore_bytes_total{$MQL,direction=\"write\"} $((9 * 8 * 16))"
)
EP=''
PIDS=()
cleanup() {
	local p
	for p in "${PIDS[@]}"; do kill "$p" 2>/dev/null; done
	wait 2>/dev/null
}
trap cleanup EXIT

# has_all FILE: every series of WANT at its value in FILE
has_all() {
	local w
	for w in "${WANT[@]}"; do
		[ "$(prom_series "$1" "${w% *}")" = "${w##* }" ] || return 1
	done
}
file_complete() { has_all "$D/tf/pmu.prom"; }
# (the file is there before perf counts: it says so from the start, with
# every PMU down; the first report is perf's first interval)
first_report() { grep -qx 'perf_uncore_reports_total [1-9][0-9]*' "$D/tf/pmu.prom"; }

# The exporter on both controllers, started before the traffic (its
# counters add up its reports, so the traffic counts whenever it comes),
# then the traffic, then the file once it has all of it
start_exporter() {
	rm -rf "$D" && mkdir -p "$D/tf"
	inject imx8mp reset
	inject imx8mq reset
	EP=$(free_port)
	"$VM_TOP/tools/pmu-metrics" -p "$MP" -p "$MQ" --textfile "$D/tf/pmu.prom" \
		--listen "127.0.0.1:$EP" >"$D/exporter.log" 2>&1 &
	PIDS+=($!)
	wait_for "the exporter's first report" first_report
	model-traffic imx8mp 'read count=100 bytes=64 id=0x70' 'read count=28 bytes=64 id=0' \
		'write count=5 bytes=128 id=0x7c'
	model-traffic imx8mq 'read count=64 bytes=64' 'write count=9 bytes=64'
	wait_for "the traffic in the exporter's file" file_complete
	promtool check metrics <"$D/tf/pmu.prom" || fail "promtool check metrics on the file"
}

# node_exporter's textfile collector serves the file: no error, the values
test_node_exporter() {
	local port w
	port=$(free_port)
	start_node_exporter "$D/tf" "$port" "$D/node.log"
	get "http://127.0.0.1:$port/metrics" >"$D/node.txt" || fail "scrape of node_exporter"
	expect_series "node_exporter read the file without error" "$D/node.txt" \
		node_textfile_scrape_error 0
	for w in "${WANT[@]}"; do
		expect_series "node_exporter: ${w% *}" "$D/node.txt" "${w% *}" "${w##* }"
	done
}

# Prometheus scrapes the listener: the target up, each value in its
# database as the traffic gave it
test_prometheus_scrape() {
	local pport w q
	pport=$(free_port)
	get "http://127.0.0.1:$EP/metrics" >"$D/listener.txt" || fail "the listener does not answer"
	promtool check metrics <"$D/listener.txt" || fail "promtool check metrics on the listener"
	start_prometheus "127.0.0.1:$EP" "$pport" "$D/prom"
	wait_for "Prometheus's first scrape" scraped "$pport" 'up%7Bjob%3D%22pmu%22%7D'
	expect_eq "target up" "$(prom_query "$pport" 'up%7Bjob%3D%22pmu%22%7D')" 1
	for w in "${WANT[@]}"; do
		q=$(python3 -c 'import sys, urllib.parse; print(urllib.parse.quote(sys.argv[1], safe=""))' "${w% *}")
		wait_for "Prometheus: ${w% *}" prom_has "$pport" "$q" "${w##* }"
		echo "  Prometheus: ${w% *} = ${w##* }"
	done
}

command -v prometheus >/dev/null && command -v prometheus-node-exporter >/dev/null &&
	command -v promtool >/dev/null ||
	{ echo "exporter: no prometheus, promtool or prometheus-node-exporter in the root (make check installs them)" >&2; exit 1; }
start_exporter
run_test "node_exporter's textfile collector serves the models' bytes" test_node_exporter
run_test "Prometheus scrapes the listener: the models' bytes" test_prometheus_scrape
t_summary
