#!/bin/bash
# Soak test: 100 insmod/rmmod cycles of the driver while idle.  Leaked
# instance ids, interrupts, hotplug instances or PMUs would show after
# them; counting must still be exact.  (Memory leaks are kmemleak's job
# in tests/leak/imx8_ddr.sh: kmemleak makes each cycle ~3x slower.)

. "$VM_TOP/tests/guest/lib.sh"

test_soak() {
	local i ko=$VM_TOP/drivers/perf/imx8_ddr_pmu.ko n=${SOAK_CYCLES:-100}
	local slab0 slab1 names
	slab0=$(awk '/^SUnreclaim/ { print $2 }' /proc/meminfo)
	for i in $(seq "$n"); do
		rmmod imx8_ddr_pmu || fail "rmmod #$i"
		insmod "$ko" || fail "insmod #$i"
	done
	slab1=$(awk '/^SUnreclaim/ { print $2 }' /proc/meminfo)
	echo "  unreclaimable slab: ${slab0} kB before, ${slab1} kB after $n cycles"
	names=$(cd "$PMUS" && echo imx8_ddr*)
	expect_eq "PMU names (ids reused)" "$names" "imx8_ddr0 imx8_ddr1 imx8_ddr2 imx8_ddr3"
	# the DB monitor's numbers are its own: imx8_db0 again
	expect_eq "DB PMU names (ids reused)" "$(cd "$PMUS" && echo imx8_db*)" imx8_db0
	expect_eq "IRQs requested" "$(grep -c ' imx8_ddr[0-3]$' /proc/interrupts)" 4
	expect_eq "DB IRQs requested" "$(grep -c ' imx8_db0$' /proc/interrupts)" 1
	expect_eq "hotplug instances" \
		"$(grep -c 'perf/syspmu:online' /sys/devices/system/cpu/hotplug/states)" 1
	inject imx8mq reset
	mapfile -t c < <(counts "$(pmu_of imx8mq)/read/" "model-traffic imx8mq 'read count=77'")
	expect_eq "read after the soak" "${c[0]}" 77
	inject imx8dxl-db reset
	mapfile -t c < <(counts "$(pmu_of imx8dxl-db)/axid-read,axi_mask=0xffff,axi_port=0x4,axi_channel=0x1/" \
		"model-traffic imx8dxl-db 'read count=33 port=4'")
	expect_eq "DB port 4 reads after the soak" "${c[0]}" 33
}

run_test "${SOAK_CYCLES:-100} insmod/rmmod cycles leave no ids, IRQs or PMUs behind" test_soak
t_summary
