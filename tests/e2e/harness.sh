#!/bin/bash
# The guest side of the harness fails closed: checks that a broken
# precondition makes a suite fail, not pass on nothing.  Run on the
# device-tree debug board, which boots with kmemleak=off.

. "$VM_TOP/tests/guest/lib.sh"

# A leak suite where kmemleak is off (the file is there, the scans are
# refused, the report is empty): every test fails, saying so
test_leak_suite_without_kmemleak() {
	local out rc=0
	grep -qw kmemleak=off /proc/cmdline || fail "this board is not booted with kmemleak=off"
	[ -e /sys/kernel/debug/kmemleak ] || fail "this kernel has no kmemleak"
	out=$(T_LOG=/tmp/harness-inner.log T_SKIP_FILE='' bash "$VM_TOP/tests/leak/imx8_ddr.sh" 2>&1) || rc=$?
	echo "$out" | grep -E '^(ok|not ok)|FAIL' | sed 's/^/  /'
	[ "$rc" != 0 ] || fail "the leak suite passed with kmemleak off"
	grep -q '^not ok 1 ' <<<"$out" || fail "its test is not marked not ok"
	grep -q 'FAIL: kmemleak is off' <<<"$out" || fail "no message that kmemleak is off"
}

# The handover suites count what the firmware describes
# (count_described): a board whose firmware describes nothing fails, as
# does a described DDR controller whose PMU is not there; with the
# driver bound it counts, exactly
test_count_described_fails_closed() {
	local out ko=$VM_TOP/drivers/perf/imx8_ddr_pmu.ko
	out=$(FW=$(mktemp -d) count_described harness 2>&1) && fail "firmware describing nothing: passed"
	echo "  $out"
	grep -q 'FAIL: the firmware describes neither' <<<"$out" || fail "not said: $out"
	rmmod imx8_ddr_pmu || fail "rmmod imx8_ddr_pmu"
	out=$(count_described "without the driver" 2>&1)
	insmod "$ko" || fail "insmod $ko"
	echo "  $out"
	grep -q 'FAIL: DDR controllers, but no imx8_ddr PMU' <<<"$out" ||
		fail "the DDR controllers without a PMU not failed: $out"
	out=$(count_described "with the driver" 2>&1)
	echo "$out"
	grep -q FAIL <<<"$out" && fail "with the driver bound: $out"
	grep -q '^  with the driver: imx8_ddr[0-9]*/read/ (driver imx8-ddr-pmu) = 1000$' <<<"$out" ||
		fail "with the driver bound, no exact count"
}

run_test "a leak suite on a kernel with kmemleak off fails, saying so" test_leak_suite_without_kmemleak
run_test "counting what the firmware describes: nothing described, or no PMU for it, fails" \
	test_count_described_fails_closed
t_summary
