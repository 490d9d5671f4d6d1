#!/bin/bash
# Helpers for the end-to-end tests, run inside the virtual board.
# shellcheck disable=SC2034

PERF=${PERF:-perf}
MODELS=/sys/kernel/debug/pmu_model
PMUS=/sys/bus/event_source/devices
T_PASS=0 T_FAIL=0 T_N=0
T_LOG=/tmp/e2e-test.log

# run_test NAME FUNCTION: one test, reported in TAP form
run_test() {
	local name=$1 rc=0 t0=$SECONDS
	shift
	T_N=$((T_N + 1))
	: >"$T_LOG"
	("$@") >>"$T_LOG" 2>&1 || rc=$?
	echo "# $name: $((SECONDS - t0)) s" >&2
	if [ $rc = 0 ]; then
		T_PASS=$((T_PASS + 1))
		echo "ok $T_N - $name"
	else
		T_FAIL=$((T_FAIL + 1))
		echo "not ok $T_N - $name"
		sed 's/^/#   /' "$T_LOG" | tail -25
	fi
}

t_summary() {
	echo "1..$T_N"
	echo "e2e: $T_PASS passed, $T_FAIL failed"
	[ "$T_FAIL" = 0 ]
}

fail() { echo "FAIL: $*"; exit 1; }

# expect_eq WHAT ACTUAL EXPECTED
expect_eq() {
	if [ "$2" != "$3" ]; then
		fail "$1: got '$2', expected '$3'"
	fi
	echo "  $1 = $2"
}

# The PMU of a model: imx8mq -> imx8_ddrN whose identifier is i.MX8MQ;
# imx8 -> the one without an identifier.
pmu_of() {
	local want=$1 d id
	for d in "$PMUS"/imx8_ddr*; do
		id=none
		[ -e "$d/identifier" ] && read -r id <"$d/identifier"
		case "$want:$id" in
		imx8mq:i.MX8MQ | imx8mp:i.MX8MP | imx8dxl:i.MX8DXL | imx8:none)
			basename "$d"
			return 0
			;;
		esac
	done
	return 1
}

# irq_of PMU: its interrupt number
irq_of() { awk -v n="$1" '$NF == n { sub(":", "", $1); print $1 }' /proc/interrupts; }

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

# inject MODEL COMMAND...: traffic into a model
inject() {
	local m=$1
	shift
	echo "$*" >"$MODELS/$m/inject"
}

# total MODEL KEY: one of the model's totals
total() { awk -v k="$2" '$1 == k { print $2 }' "$MODELS/$1/totals"; }

# counted MODEL N: what the model counted into counter N since its reset
counted() {
	sed -n "s/^counter$2 .*counted=\([0-9]*\).*/\1/p" "$MODELS/$1/totals"
}

# counts EVENTS CMD: run CMD under perf stat -a, print one count a line
counts() {
	local events=$1
	shift
	"$PERF" stat -a -x, -o /tmp/perf-stat.csv -e "$events" -- sh -c "$*" ||
		fail "perf stat -e $events failed"
	grep -v '^#' /tmp/perf-stat.csv | grep -v '^$' | cut -d, -f1
}

# open_err ARGS: errno name perf_open reports for an attribute
open_err() { "$PERF_OPEN" "$@"; }
