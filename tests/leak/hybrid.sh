#!/bin/bash
# Leak check of the hybrid PMUs, on the board booted with kmemleak on
# (tests/rig/check): the counter model (and with it cpu_core and cpu_atom)
# unloaded and loaded again, the core too, then events counted and
# events refused, all inside one kmemleak window.

. "$VM_TOP/tests/guest/lib.sh"

MODEL=/sys/kernel/debug/hybrid_pmu_model

test_kmemleak_load_count_refuse() {
	local c ct
	kmemleak_start
	# one cycle: a leak of a load or unload shows after one
	rmmod hybrid_pmu_model || fail "rmmod hybrid_pmu_model"
	rmmod hybrid_pmu || fail "rmmod hybrid_pmu"
	insmod "$VM_TOP/drivers/perf/hybrid_pmu.ko" || fail "insmod hybrid_pmu"
	insmod "$VM_TOP/tests/hybrid/hybrid_pmu_model.ko" || fail "insmod hybrid_pmu_model"
	expect_eq "cpu_core cpus" "$(<"$PMUS/cpu_core/cpus")" 0-1
	echo "type=core config=0x1a permille=0" >"$MODEL/rate"
	mapfile -t c < <(counts "cpu_core/r1a/" "echo 'cpu=0 config=0x1a count=321' >$MODEL/inject")
	expect_eq "cpu_core/r1a/ on CPU 0" "${c[*]}" 321
	ct=$(<"$PMUS/cpu_core/type")
	expect_eq "refused: sampling" "$(open_err -c 0 -s 1000 cpu_core:0x3c)" EOPNOTSUPP
	expect_eq "refused: mixed group" \
		"$(open_err -t "0:$((ct << 32))" "0:$((($(<"$PMUS/cpu_atom/type") << 32) | 1))")" EINVAL
	expect_eq "refused: group too large" \
		"$(open_err -c 2 cpu_atom:0xc4 cpu_atom:0xc5 cpu_atom:0x4f2e)" EINVAL
	echo defaults >"$MODEL/rate"
	kmemleak_check
}

run_test "reload, counting and refused events leak nothing (kmemleak)" \
	test_kmemleak_load_count_refuse
t_summary
