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

run_test "a leak suite on a kernel with kmemleak off fails, saying so" test_leak_suite_without_kmemleak
t_summary
