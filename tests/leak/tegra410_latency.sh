#!/bin/bash
# Leak check of the Tegra410 latency PMUs, on the board booted with
# kmemleak on (tests/rig/check): both drivers unloaded and loaded again, then
# events counted and refused, all inside one kmemleak window.

. "$VM_TOP/tests/guest/lib.sh"

test_kmemleak_load_count_refuse() {
	local i m c
	kmemleak_start
	for i in 1 2; do
		for m in nvidia_t410_cmem_latency_pmu nvidia_t410_c2c_pmu; do
			rmmod $m || fail "rmmod $m #$i"
			insmod "$VM_TOP/drivers/perf/$m.ko" || fail "insmod $m #$i"
		done
	done
	expect_eq "PMUs back" "$(ls -d "$PMUS"/nvidia_{cmem_latency,nvlink_c2c,nvclink,nvdlink}_pmu_* | wc -l)" 8
	inject cmem_s1 reset
	inject c2c_s0 reset
	mapfile -t c < <(counts "nvidia_cmem_latency_pmu_1/rd_req/,nvidia_nvlink_c2c_pmu_0/in_rd_req,gpu_mask=0x2/" \
		"model-traffic cmem_s1 'traffic inst=2 mc=1 req=12 lat=100'; model-traffic c2c_s0 'traffic dir=in op=rd peer=1 inst=8 req=5 lat=10'")
	expect_eq "cmem rd_req, c2c GPU 1 in_rd_req" "${c[*]}" "12 5"
	expect_eq "refused: write on a SoC peer" "$(open_err nvidia_nvlink_c2c_pmu_1:0x4)" EOPNOTSUPP
	expect_eq "refused: event past the last" "$(open_err nvidia_cmem_latency_pmu_0:0x3)" EINVAL
	kmemleak_check
}

run_test "reload, counting and refused events leak nothing (kmemleak)" \
	test_kmemleak_load_count_refuse
t_summary
