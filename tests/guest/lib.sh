#!/bin/bash
# Helpers for the end-to-end tests and scripts run inside the virtual board.
# shellcheck disable=SC2034

PERF=${PERF:-perf}
MODELS=/sys/kernel/debug/pmu_model
PMUS=/sys/bus/event_source/devices
T_NAMES=() T_FUNCS=()
T_LOG=${T_LOG:-/tmp/e2e-test.log}
KSFT_SKIP=4

# run_test NAME FUNCTION: register one test; t_summary runs them all.
# FUNCTION fails the test with fail, skips it with skip, passes otherwise.
# T_ONLY=REGEX in the environment keeps only the tests whose NAME matches
# (one test by hand: tools/vm-run 'T_ONLY=turns tests/e2e/...sh').
# T_SKIP_FILE=FILE (tests/e2e/debug-kernel.skip, on the debug kernel's
# boards) skips the tests FILE names as "SUITE: NAME".
run_test() {
	[ -z "$T_ONLY" ] || [[ $1 =~ $T_ONLY ]] || return 0
	T_NAMES+=("$1")
	T_FUNCS+=("$2")
	if [ -n "${T_SKIPPED["$T_SUITE: $1"]+set}" ]; then
		T_FUNCS[-1]=t_left_to_stock_kernels
	fi
}
t_left_to_stock_kernels() {
	skip "left to the boards of Debian's kernels (${T_SKIP_FILE##*/})"
}

# The suite's name, and the lines of $T_SKIP_FILE, read once: every
# command a script runs costs most of a second on the debug boards under
# emulation, and a suite registers dozens of tests
T_SUITE=${0##*/}
T_SUITE=${T_SUITE%.sh}
declare -A T_SKIPPED=()
if [ -n "$T_SKIP_FILE" ]; then
	while IFS= read -r _line || [ -n "$_line" ]; do
		[ -z "$_line" ] || T_SKIPPED[$_line]=1
	done <"$T_SKIP_FILE"
fi

# t_log_tail N PREFIX: the last N lines of the test's log, each after PREFIX
t_log_tail() {
	local -a lines=()
	local i
	mapfile -t lines <"$T_LOG"
	i=$((${#lines[@]} > $1 ? ${#lines[@]} - $1 : 0))
	for (( ; i < ${#lines[@]}; i++)); do
		printf '%s%s\n' "$2" "${lines[i]}"
	done
}

# t_skip_reason: the reason of the test log's last "SKIP: " line, in
# T_REASON
t_skip_reason() {
	local line
	T_REASON=
	while IFS= read -r line || [ -n "$line" ]; do
		[[ $line != 'SKIP: '* ]] || T_REASON=${line#SKIP: }
	done <"$T_LOG"
}

# Run the registered tests and print one KTAP document
# (tools/testing/selftests/kselftest/ktap_helpers.sh conventions).
t_summary() {
	local i rc t0 pass=0 failn=0 skipn=0
	echo "KTAP version 1"
	echo "# $T_SUITE: end-to-end tests on the virtual board"
	echo "1..${#T_NAMES[@]}"
	for i in "${!T_NAMES[@]}"; do
		: >"$T_LOG"
		t0=$SECONDS rc=0
		("${T_FUNCS[$i]}") >>"$T_LOG" 2>&1 || rc=$?
		echo "# ${T_NAMES[$i]}: $((SECONDS - t0)) s"
		t_log_tail 25 '#   '
		if [ $rc = 0 ]; then
			pass=$((pass + 1))
			echo "ok $((i + 1)) ${T_NAMES[$i]}"
		elif [ $rc = $KSFT_SKIP ]; then
			skipn=$((skipn + 1))
			t_skip_reason
			echo "ok $((i + 1)) ${T_NAMES[$i]} # SKIP $T_REASON"
		else
			failn=$((failn + 1))
			echo "not ok $((i + 1)) ${T_NAMES[$i]}"
		fi
	done
	echo "# Totals: pass:$pass fail:$failn xfail:0 xpass:0 skip:$skipn error:0"
	[ "$failn" = 0 ]
}

skip() { echo "SKIP: $*"; exit $KSFT_SKIP; }
fail() { echo "FAIL: $*"; exit 1; }

# expect_eq WHAT ACTUAL EXPECTED
expect_eq() {
	if [ "$2" != "$3" ]; then
		fail "$1: got '$2', expected '$3'"
	fi
	echo "  $1 = $2"
}

# The PMU of a model: imx8mq -> imx8_ddrN whose identifier is i.MX8MQ;
# imx8 -> the one without an identifier; imx8dxl-db -> imx8_dbN.  The DB
# PMU's identifier is i.MX8DXL too, so each kind is looked for among its
# own names only: imx8dxl is the i.MX8DXL imx8_ddrN.
pmu_of() {
	local want=$1 d id names=imx8_ddr
	[ "$want" = imx8dxl-db ] && names=imx8_db
	for d in "$PMUS/$names"[0-9]*; do
		[ -d "$d" ] || continue
		id=none
		[ -e "$d/identifier" ] && read -r id <"$d/identifier"
		case "$want:$id" in
		imx8mq:i.MX8MQ | imx8mp:i.MX8MP | imx8dxl:i.MX8DXL | imx8:none | \
			imx8mm:i.MX8MM | imx8mn:i.MX8MN | imx8dxl-db:i.MX8DXL)
			echo "${d##*/}"
			return 0
			;;
		esac
	done
	return 1
}

# irq_of PMU: its interrupt number
irq_of() { awk -v n="$1" '$NF == n { sub(":", "", $1); print $1 }' /proc/interrupts; }

# irq_line PMU: the interrupt controller's input its interrupt is wired to,
# as /proc/interrupts names it after the controller ("IO-APIC 13-edge":
# 13; "GICv3 237 Level": 237, the GIC's INTID)
irq_line() {
	awk -v n="$1" '$NF == n {
		for (i = 2; i <= NF && $i ~ /^[0-9]+$/; i++) ;
		sub("-.*", "", $(i + 1)); print $(i + 1)
	}' /proc/interrupts
}

# board_irq N: what the board wires ISA line N of its tables to: the line
# itself on x86 (IO-APIC pin), SPI 192 + N on arm64 (INTID 224 + N)
board_irq() {
	case $(uname -m) in
	aarch64) echo $((224 + $1)) ;;
	*) echo "$1" ;;
	esac
}

# irq_count PMU: interrupts it has taken, over all CPUs
irq_count() {
	awk -v n="$1" '$NF == n {
		for (i = 2; i <= NF && $i ~ /^[0-9]+$/; i++) t += $i
	} END { print t + 0 }' /proc/interrupts
}

# irq_count_on PMU CPU: interrupts it has taken on one CPU
irq_count_on() {
	awk -v n="$1" -v cpu="CPU$2" '
		NR == 1 { for (i = 1; i <= NF; i++) if ($i == cpu) col = i + 1 }
		$NF == n && col { print $col + 0 }' /proc/interrupts
}

# other_cpu PMU: an online CPU that does not own PMU, in the owner's
# socket if there is one: the board has two sockets, and perf core reads
# an event on the reading CPU (no cross-CPU call) only within a package
other_cpu() {
	local owner pkg c n
	owner=$(<"$PMUS/$1/cpumask")
	pkg=$(<"/sys/devices/system/cpu/cpu$owner/topology/physical_package_id")
	for c in /sys/devices/system/cpu/cpu[0-9]*; do
		n=${c##*/cpu}
		[ "$n" != "$owner" ] || continue
		[ ! -f "$c/online" ] || [ "$(<"$c/online")" = 1 ] || continue
		if [ "$(<"$c/topology/physical_package_id")" = "$pkg" ]; then
			echo "$n"
			return
		fi
	done
	echo $(((owner + 1) % $(nproc)))
}

# cal_count CPU: function-call (cross-CPU call) interrupts CPU has taken:
# x86's CAL row, arm64's IPI1, named alike; nothing where there is none
cal_count() {
	awk -v col=$(($1 + 2)) '/Function call interrupts/ { print $col; exit }' /proc/interrupts
}

# inject MODEL COMMAND...: traffic into a model
inject() {
	local m=$1
	shift
	echo "$*" >"$MODELS/$m/inject"
}

# bound DEVICE: the driver bound to platform device DEVICE, or none.
# Found by the shell's own tests, not readlink: on the arm64 debug board
# under emulation every command run costs most of a second, and the
# handover suites ask this of every platform device
bound() {
	local l=/sys/bus/platform/devices/$1/driver drv
	if [ -e "$l" ]; then
		for drv in /sys/bus/platform/drivers/*; do
			[ "$l" -ef "$drv" ] && { echo "${drv##*/}"; return; }
		done
	fi
	echo none
}

# bindings: every platform device and the driver bound to it, a line each
# ("DEVICE DRIVER", none for none), in one pass over the drivers
bindings() {
	local l d
	local -A drv=()
	for l in /sys/bus/platform/drivers/*/*; do
		[ -L "$l" ] && [ -e "/sys/bus/platform/devices/${l##*/}" ] || continue
		d=${l%/*}
		drv[${l##*/}]=${d##*/}
	done
	for d in /sys/bus/platform/devices/*; do
		echo "${d##*/} ${drv[${d##*/}]:-none}"
	done
}

# read_bindings: BINDING[DEVICE], the driver bound to each platform device
# (or none), filled in one pass: a fork per device costs a fifth of a
# second on the debug boards
declare -A BINDING=()
read_bindings() {
	local dev drv
	BINDING=()
	while read -r dev drv; do BINDING[$dev]=$drv; done < <(bindings)
}

# knows MODALIAS ALIASES: one of a module's aliases (globs, one a line)
# matches the device's MODALIAS, as modprobe matches them: the lines as
# one extglob pattern (an empty line matches no modalias, never empty)
shopt -s extglob
knows() {
	[[ $1 == @(${2//$'\n'/|}) ]]
}

# What the board's firmware describes, whichever driver binds or none:
# i.MX8 DDR controllers in its device tree, CoreSight PMUs in its APMT
# (the arm64 boards, where the handover suites run).
# (A suite that counts what is there checks against these, so that
# devices gone missing fail rather than leave nothing to check)
FW=${FW:-/sys/firmware}
fw_has_imx8_ddr() {
	grep -rqs --include=compatible -e '-ddr-pmu' "$FW/devicetree/base"
}
fw_has_apmt() { [ -e "$FW/acpi/tables/APMT" ]; }
# count_described SIDE: the handover suites' counting, as the firmware
# describes the board, whichever driver binds (SIDE names it in the
# messages): the DDR controllers' PMU counts exactly (imx8_counts_exact);
# status 1 where there is no APMT, else 0 with its CoreSight devices there
# to count next.  A board that describes neither fails, as does a
# described device with no PMU or device.  ($FW: the firmware's sysfs
# directory, another for the harness' own test of this)
count_described() {
	fw_has_imx8_ddr || fw_has_apmt || fail "the firmware describes neither DDR controllers nor an APMT"
	if fw_has_imx8_ddr; then
		[ -n "$(ls -d "$PMUS"/imx8_ddr* 2>/dev/null)" ] || fail "DDR controllers, but no imx8_ddr PMU"
		imx8_counts_exact "$1"
	fi
	fw_has_apmt || return 1
	[ -n "$(ls -d /sys/bus/platform/devices/arm-cs-arch-pmu.* 2>/dev/null)" ] ||
		fail "an APMT, but no arm-cs-arch-pmu device"
}

# board_has ALIASES...: a platform device of the board answers to one of
# the alias lists (a kind the board has no device of is left out)
board_has() {
	local d ma a
	for d in /sys/bus/platform/devices/*; do
		[ -r "$d/modalias" ] || continue
		read -r ma <"$d/modalias"
		for a in "$@"; do
			knows "$ma" "$a" && return 0
		done
	done
	return 1
}

# imx8_counts_exact WHAT: the i.MX8MQ controller's reads and writes,
# counted by whichever driver has it, equal the traffic its model was
# given (WHAT says which situation, in the messages)
imx8_counts_exact() {
	local p rw
	p=$(pmu_of imx8mq) || fail "no PMU for the i.MX8MQ controller ($1)"
	inject imx8mq reset
	mapfile -t rw < <(counts "$p/read/,$p/write/" \
		"model-traffic imx8mq 'read count=1000 bytes=64' 'write count=300 bytes=32'")
	expect_eq "$1: $p/read/ (driver $(driver_of "$p"))" "${rw[0]}" 1000
	expect_eq "$1: $p/write/" "${rw[1]}" 300
}

# driver_of PMU: the driver bound to the PMU's parent device
# (the kernel resolves the path, cd -P reads where it led: no command run)
driver_of() {
	local d
	d=$(cd -P "$PMUS/$1/../driver" 2>/dev/null && echo "$PWD")
	echo "${d##*/}"
}

# total MODEL KEY: one of the model's totals
total() {
	local k v rest
	while read -r k v rest; do
		[ "$k" != "$2" ] || echo "$v"
	done <"$MODELS/$1/totals"
}

# counted MODEL N: what the model counted into counter N since its reset
counted() {
	local line re="^counter$2 .*counted=([0-9]+)"
	while IFS= read -r line; do
		[[ ! $line =~ $re ]] || echo "${BASH_REMATCH[1]}"
	done <"$MODELS/$1/totals"
}

# interval_sum CSV EVENT: EVENT's counts summed over a perf stat -I -x, file
interval_sum() {
	awk -F, -v e="$2" '$4 == e { s += $2 } END { printf "%.0f\n", s }' "$1"
}

# model_addr NAME: physical address of model NAME's registers, as the
# board places it: tests/board/qemu-devices, or the Tegra410 unit tables
# (a latency unit's instance 0 block; instance i is 0x1000 * i above it)
model_addr() {
	{
		sed -n "s/.*,id=$1,.*addr=\(0x[0-9a-fA-F]*\).*/\1/p" \
			"$VM_TOP/tests/board/qemu-devices"
		awk -v id="$1" '$1 == id { print $5 }' \
			"$VM_TOP/tests/board/tegra410-units"
		awk -v id="$1" '$1 == id { print $4 }' \
			"$VM_TOP/tests/board/tegra410-latency-units"
	} | head -1
}

# event_total MODEL ID: occurrences of event ID a CoreSight model was
# given ("event 0xID N" lines of its totals; 0 if none)
event_total() {
	local want=$(($2)) key id n
	while read -r key id n; do
		if [ "$key" = event ] && [ $((id)) = "$want" ]; then
			echo "$n"
			return
		fi
	done <"$MODELS/$1/totals"
	echo 0
}

# within PCT% of WANT: near VALUE WANT PCT
near() {
	awk -v v="$1" -v w="$2" -v p="$3" 'BEGIN { d = v - w; if (d < 0) d = -d; exit !(d <= w * p / 100) }'
}

# Every local destination bit of a Tegra410 PCIE event (config2), as
# t410-metrics --pci counts a device's bytes to local memory
T410_DST_LOCAL=dst_loc_cmem=1,dst_loc_gmem=1,dst_loc_pcie_p2p=1,dst_loc_pcie_cxl=1

# metrics_count OUTPUT EVENT: the count t410-metrics -v printed for perf's
# EVENT (its "# count EVENT N (share)" lines)
metrics_count() { awk -v e="$2" '$1 == "#" && $2 == "count" && $3 == e { print $4; exit }' <<<"$1"; }

# prom_series FILE 'NAME{LABELS}': a series' value in pmu-metrics'
# Prometheus output, the labels in any order
prom_series() { "$VM_TOP/tests/tools/prom-series" "$@"; }
# expect_series WHAT FILE SERIES EXPECTED: SERIES's value in the exposition
# FILE (Prometheus' text format; labels in any order) is EXPECTED
expect_series() { expect_eq "$1" "$(prom_series "$2" "$3")" "$4"; }
# for_clients NAME FILE: keep what the exporter wrote (FILE, checked
# against the models) for Debian's Prometheus clients, which read it on
# the host once the board is done (tests/tools/board-prom-clients):
# $VM_OUT/prom/SUITE-NAME.prom
for_clients() {
	mkdir -p "$VM_OUT/prom" && cp "$2" "$VM_OUT/prom/$T_SUITE-$1.prom" ||
		fail "cannot keep $2 for the Prometheus clients"
}
# The exporter on the board's port that vm-run --prometheus forwards to
# the host, where Debian's Prometheus scrapes it (tests/rig/prom-beside).
# Nothing here is timed: each wait has a bound, for what never gets there.
#
# exporter_listening PMU-METRICS-ARGS...: pmu-metrics kept open as an
# exporter listening on $VM_PROMETHEUS, in the background until the test
# ends, once it serves its first report (its events are open: what
# happens from now on is counted)
exporter_listening() {
	[ -n "${VM_PROMETHEUS:-}" ] || skip "no Prometheus on the host (tools/vm-run --prometheus)"
	"$VM_TOP/tools/pmu-metrics" "$@" --listen "$VM_PROMETHEUS" >/tmp/exporter.log 2>&1 &
	EXPORTER=$!
	trap 'kill $EXPORTER 2>/dev/null; wait $EXPORTER 2>/dev/null' EXIT
	until_served "the exporter's first report" grep -qE '^perf_uncore_reports_total [1-9]' /tmp/served.prom
}
# until_served WHAT CHECK...: CHECK succeeds on what the exporter serves,
# fetched into /tmp/served.prom, within a bound
until_served() {
	local what=$1 _
	shift
	for _ in $(seq 600); do
		kill -0 "$EXPORTER" 2>/dev/null || fail "$what: the exporter ended: $(tail -3 /tmp/exporter.log)"
		python3 -c 'import sys, urllib.request
sys.stdout.write(urllib.request.urlopen(sys.argv[1], timeout=30).read().decode())' \
			"http://127.0.0.1:$VM_PROMETHEUS/metrics" >/tmp/served.prom 2>/dev/null &&
			"$@" && return 0
		sleep 0.5
	done
	fail "$what: not served within 300 s"
}
# serves SERIES VALUE: the exporter served SERIES at VALUE
serves() { [ "$(prom_series /tmp/served.prom "$1")" = "$2" ]; }
# expect_prometheus_stores NAME SERIES VALUE [SERIES VALUE...]: once the
# exporter serves every SERIES at its VALUE, the host's Prometheus stored
# each at that value from a scrape made after (its answer kept as
# $VM_OUT/prometheus/NAME.answer), and promtool check metrics found no
# fault with what the exporter served
expect_prometheus_stores() {
	local name=$1 d=$VM_OUT/prometheus i _
	shift
	for ((i = 1; i < $#; i += 2)); do
		until_served "${!i}" serves "${!i}" "${@:i+1:1}"
	done
	rm -f "$d/$name".*
	printf '%s\n' '{__name__=~"perf_uncore_.*"}' >"$d/$name.query.tmp" &&
		mv "$d/$name.query.tmp" "$d/$name.query" || fail "cannot ask the host's Prometheus"
	for _ in $(seq 1200); do
		[ ! -e "$d/$name.error" ] || fail "the host's Prometheus: $(cat "$d/$name.error")"
		[ -e "$d/$name.answer" ] && break
		sleep 0.5
	done
	[ -e "$d/$name.answer" ] || fail "no answer from the host's Prometheus within 600 s"
	[ ! -s "$d/$name.promtool" ] || fail "promtool check metrics: $(cat "$d/$name.promtool")"
	echo "  the host's Prometheus: $(grep -c '^perf_uncore_' "$d/$name.answer") series"
	for ((i = 1; i < $#; i += 2)); do
		expect_series "Prometheus: ${!i}" "$d/$name.answer" "${!i}" "${@:i+1:1}"
	done
}
# json_metrics FILE METRIC...: the values pmu-metrics -f json gave the
# first PMU's METRICs, on one line
json_metrics() {
	python3 -c 'import json, sys
m = {x["name"]: x["value"] for x in json.load(open(sys.argv[1]))["pmus"][0]["metrics"]}
print(*(m[n] for n in sys.argv[2:]))' "$@"
}

# counts EVENTS CMD: run CMD under perf stat -a, print one count a line
counts() {
	local events=$1
	shift
	"$PERF" stat -a -x, -o /tmp/perf-stat.csv -e "$events" -- sh -c "$*" ||
		fail "perf stat -e $events failed"
	stat_fields , 1 </tmp/perf-stat.csv
}

# stat_fields SEP N...: fields N... (from 1) of each line of a perf stat
# -x SEP file (stdin) but its comments and blank lines, a line each, the
# fields joined by a space (the shell's own read: no command per call)
stat_fields() {
	local sep=$1 line n out
	local -a f
	shift
	while IFS= read -r line || [ -n "$line" ]; do
		[[ -n $line && $line != '#'* ]] || continue
		IFS=$sep read -r -a f <<<"$line"
		out=
		for n in "$@"; do
			out+="${out:+ }${f[n - 1]}"
		done
		echo "$out"
	done
}

# wait_perf_open PID: wait until process PID holds a perf event open;
# fails if PID ends first.  No deadline of its own: how long perf takes to
# start on a loaded TCG guest with KASAN is no fact to test, and the
# board's own timeout bounds a perf that never opens.
wait_perf_open() {
	while kill -0 "$1" 2>/dev/null; do
		find /proc/"$1"/fd -lname 'anon_inode:\[perf_event\]' 2>/dev/null | grep -q . &&
			return 0
		sleep 0.2
	done
	return 1
}

# kmemleak_start: forget what kmemleak knew; kmemleak_check: fail if
# anything since then is unreferenced (two scans: kmemleak reports an
# object only once two scans found it unreferenced and unchanged, and
# only when it is 5 s old).  After a suite's check found nothing, the
# next suite's start need not scan again (a scan is 5-10 s on the board).
KMEMLEAK_CLEAN=/tmp/kmemleak-clean
kmemleak_start() {
	[ -e /sys/kernel/debug/kmemleak ] || fail "kmemleak is not in this kernel"
	# (kmemleak off, at boot or after an error of its own, keeps the file
	# and refuses every command but clear, and reports nothing: stack=on,
	# its default, is a command that changes nothing where it is on)
	echo stack=on 2>/dev/null >/sys/kernel/debug/kmemleak ||
		fail "kmemleak is off (boot with kmemleak=on: tools/vm-run --kmemleak)"
	[ -e "$KMEMLEAK_CLEAN" ] || echo scan >/sys/kernel/debug/kmemleak
	echo clear >/sys/kernel/debug/kmemleak
	rm -f "$KMEMLEAK_CLEAN"
}

kmemleak_check() {
	echo scan 2>/dev/null >/sys/kernel/debug/kmemleak || fail "kmemleak refused a scan: off since the start"
	sleep 6
	echo scan 2>/dev/null >/sys/kernel/debug/kmemleak || fail "kmemleak refused a scan: off since the start"
	if grep -q "unreferenced object" /sys/kernel/debug/kmemleak; then
		head -60 /sys/kernel/debug/kmemleak
		echo clear >/sys/kernel/debug/kmemleak
		fail "kmemleak found leaks"
	fi
	: >"$KMEMLEAK_CLEAN"
}

# stat_raw EVENTS CMD: stat_pct's "count percent" lines, the counts
# unscaled (--no-scale): what each event counted while it was scheduled
stat_raw() {
	local events=$1
	shift
	"$PERF" stat -a --no-scale -x';' -o /tmp/perf-stat.csv -e "$events" -- sh -c "$*" ||
		fail "perf stat -e $events failed"
	stat_fields ';' 1 5 </tmp/perf-stat.csv
}

# stat_pct EVENTS CMD: "count percent" a line, one per event: what it
# counted and the share of the time perf had it scheduled
stat_pct() {
	local events=$1
	shift
	"$PERF" stat -a -x';' -o /tmp/perf-stat.csv -e "$events" -- sh -c "$*" ||
		fail "perf stat -e $events failed"
	stat_fields ';' 1 5 </tmp/perf-stat.csv
}

# open_err ARGS: errno name perf_open reports for an attribute
open_err() { "$PERF_OPEN" "$@"; }

# expect_sysfs PMU TABLE: every file of PMU that the kernel's drivers also
# have (events/*, format/*, caps/*, identifier, peer) reads byte for byte
# what TABLE (tests/e2e/sysfs/TABLE.tsv: "path<TAB>text" lines, the text
# without its newline; "#" comments) says, and TABLE names no file the PMU
# lacks.  Every difference is printed before the test fails.
SYSFS_TABLES=${VM_TOP:-.}/tests/e2e/sysfs
expect_sysfs() {
	local pmu=$1 table=$SYSFS_TABLES/$2.tsv dir=$PMUS/$1 f path text
	local bad=0 n=0
	declare -A want=()
	[ -d "$dir" ] || fail "$pmu missing"
	[ -f "$table" ] || fail "no table $table"
	while IFS=$'\t' read -r path text; do
		case $path in '' | '#'*) continue ;; esac
		want[$path]=$text
	done <"$table"
	for f in "$dir"/events/* "$dir"/format/* "$dir"/caps/* \
		 "$dir"/identifier "$dir"/peer; do
		[ -f "$f" ] || continue
		path=${f#"$dir"/}
		n=$((n + 1))
		if [ -z "${want[$path]+set}" ]; then
			echo "  $pmu/$path: not in $2 ($(<"$f"))"
			bad=$((bad + 1))
			continue
		fi
		# the whole file, its one newline included (read, a builtin:
		# a fork per file costs seconds under emulation)
		text=
		IFS= read -r -d '' text <"$f"
		if [ "$text" != "${want[$path]}"$'\n' ]; then
			echo "  $pmu/$path: '$text', $2 says '${want[$path]}'"
			bad=$((bad + 1))
		fi
		unset "want[$path]"
	done
	for path in "${!want[@]}"; do
		echo "  $pmu/$path: missing, $2 says '${want[$path]}'"
		bad=$((bad + 1))
	done
	[ $bad = 0 ] || fail "$pmu: $bad of its sysfs files differ from $2"
	echo "  $pmu: $n files as $2"
}
