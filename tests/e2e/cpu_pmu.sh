#!/bin/bash
# The hybrid core beside a machine's own CPU PMU (the arm64 board booted
# with its PMUv3 on: tools/vm-run --arch arm64 --cpu-pmu, which then does
# not load the hybrid model): the model's registration is refused with
# EBUSY and the documented message (the kernel is configured with its
# CPU PMU driver, CONFIG_ARM_PMU), nothing of it is left, and the CPU PMU
# keeps the hardware events.  On a board without a CPU PMU every test
# skips.

. "$VM_TOP/tests/guest/lib.sh"

MODEL=$VM_TOP/tests/hybrid/hybrid_pmu_model.ko

# cpu_pmu: the CPU PMU's name (armv8_pmuv3_N, x86's cpu), or nothing
cpu_pmu() {
	local d
	for d in "$PMUS"/armv8_pmuv3_* "$PMUS"/cpu; do
		[ -e "$d/cpus" ] || [ "$(basename "$d")" = cpu ] || continue
		[ -d "$d" ] && basename "$d" && return 0
	done
	return 1
}

test_refused_beside_cpu_pmu() {
	local pmu out rc=0
	pmu=$(cpu_pmu) || skip "this board has no CPU PMU"
	lsmod | grep -q '^hybrid_pmu_model ' && fail "the hybrid model is loaded beside $pmu"
	dmesg -C
	out=$(insmod "$MODEL" 2>&1) || rc=$?
	echo "  insmod: $out"
	[ $rc != 0 ] || fail "the hybrid model loaded beside $pmu"
	[[ $out == *"Device or resource busy"* ]] || fail "insmod did not fail with EBUSY"
	dmesg | grep -F "hybrid_pmu: the kernel's CPU PMU driver owns these CPUs' counters: not registering the cpu_<type> PMUs" ||
		fail "no message about the kernel's CPU PMU driver"
	[ ! -e "$PMUS/cpu_core" ] && [ ! -e "$PMUS/cpu_atom" ] || fail "a cpu_<type> PMU is left"
	lsmod | grep -q '^hybrid_pmu_model ' && fail "the model stayed loaded"
	return 0
}

# The CPU PMU still takes the generic hardware events (perf's cycles)
test_cpu_pmu_counts() {
	local pmu n
	pmu=$(cpu_pmu) || skip "this board has no CPU PMU"
	n=$("$PERF" stat -x, -e cycles -- busybox true 2>&1 | awk -F, '/cycles/ { print $1; exit }')
	echo "  cycles = $n ($pmu)"
	[[ $n =~ ^[0-9]+$ ]] && [ "$n" -gt 0 ] || fail "cycles did not count on $pmu: $n"
}

run_test "the hybrid core refuses to register beside a CPU PMU (EBUSY, its message)" \
	test_refused_beside_cpu_pmu
run_test "the CPU PMU keeps the hardware events" test_cpu_pmu_counts
t_summary
