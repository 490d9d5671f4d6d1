#!/bin/bash
# In the guest: the same traffic, counted by our driver and by Linux
# 6.12's fsl_imx8_ddr_perf (built by tests/rig/build-upstream-imx8) on the same
# models.  Sourced; compare_drivers OUT writes one line per counted event:
#
#   scenario;event;expected;ours;expected in upstream's run;upstream;
#   overflow interrupts in upstream's run
#
# "expected" is what the traffic holds (for cycles, what the model's
# counter 0 counted in that run).  Our driver is loaded again at the end.

UPSTREAM_KO=$VM_TOP/out/upstream/fsl_imx8_ddr_perf.ko
OURS_KO=$VM_TOP/drivers/perf/imx8_ddr_pmu.ko
PERIOD=268435456

# The scenarios: name, model, events, expected counts, traffic commands.
# An expected value of "c0" is what the model's counter 0 counted.
BIG=$((20 * 4294967296 / 512 + 12345))
SCENARIOS=(
	"read, write, cycles|imx8mq|cycles read write|c0 1000 300|read count=1000|write count=300 bytes=32"
	"AXI ID and mask (shared filter)|imx8mq|axid-read,axi_mask=0x1,axi_id=0x12|120|read count=100 id=0x12|read count=20 id=0x13|read count=3 id=0x22"
	"bytes (enhanced filter)|imx8mp|axid-read,axi_id=0x5 read|6400 109|read count=100 bytes=64 id=5|read count=9 id=6"
	"data beats per ID (super filter)|imx8dxl|axid-read,axi_id=0x1 axid-read,axi_id=0x2|80 160|read count=10 id=1|read count=20 id=2"
	"write address channel (super filter)|imx8dxl|axid-write,axi_id=0x3,axi_channel=1|30|write count=30 id=3"
	"read and write beats|imx8|read-cycles write-cycles|160 5|read count=10 bytes=128|write count=5 bytes=8"
	"20 wraps of a byte counter|imx8mp|axid-read,axi_mask=0xffff read cycles|$((BIG * 512)) $BIG c0|read count=$BIG bytes=512"
)

# use_driver ours|upstream: where upstream does not load, ours is loaded
# again (the suites after this one expect the board as it booted) and it
# fails
use_driver() {
	rmmod imx8_ddr_pmu 2>/dev/null
	rmmod fsl_imx8_ddr_perf 2>/dev/null
	if [ "$1" = ours ]; then
		insmod "$OURS_KO"
	else
		insmod "$UPSTREAM_KO" && return
		insmod "$OURS_KO"
		return 1
	fi
}

# run_scenarios OUT: one line "scenario;event;expected;count;irqs" per event
run_scenarios() {
	local s name model evs exp pmu e list i c0 irqs
	local -a events expected traffic counted
	for s in "${SCENARIOS[@]}"; do
		IFS='|' read -r name model evs exp rest <<<"$s"
		IFS='|' read -r -a traffic <<<"$rest"
		read -r -a events <<<"$evs"
		read -r -a expected <<<"$exp"
		pmu=$(pmu_of "$model")
		list=
		for e in "${events[@]}"; do list+="${list:+,}$pmu/$e/"; done
		inject "$model" reset
		mapfile -t counted < <(counts "$list" "model-traffic $model ${traffic[*]@Q}")
		c0=$(counted "$model" 0)
		irqs=$(total "$model" irqs)
		for i in "${!events[@]}"; do
			e=${expected[$i]}
			[ "$e" = c0 ] && e=$c0
			echo "$name;${events[$i]};$e;${counted[$i]};$irqs"
		done
	done >"$1"
}

compare_drivers() {
	local out=$1
	[ -f "$UPSTREAM_KO" ] || return 2
	use_driver upstream || return 1
	run_scenarios /tmp/cmp-upstream
	use_driver ours || return 1
	run_scenarios /tmp/cmp-ours
	paste -d';' /tmp/cmp-ours /tmp/cmp-upstream |
		awk -F';' '{ print $1 ";" $2 ";" $3 ";" $4 ";" $8 ";" $9 ";" $10 }' >"$out"
}

# print_comparison FILE: the table, for people
print_comparison() {
	awk -F';' -v period=$PERIOD '
		BEGIN { printf "%-38s %-38s %14s %14s %14s\n", "traffic", "event", "expected", "ours", "upstream" }
		{
			note = ""
			if ($6 != $5 && $2 == "cycles")
				note = sprintf("  (%d overflows x 2^28 short: %s)", $7,
					($5 - $6 == $7 * period) ? "exactly" : "NOT exactly")
			else if ($6 != $5)
				note = "  (differs)"
			printf "%-38s %-38s %14s %14s %14s%s\n", $1, $2, $3, $4, $6, note
		}' "$1"
}
