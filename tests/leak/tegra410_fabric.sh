#!/bin/bash
# Leak check of the Tegra410 fabric PMUs, on the board booted with
# kmemleak on (tests/rig/check): the backend and the core unloaded and
# reloaded (the devices wait for their backend and come back), then
# events counted, resources taken in turns, and events refused, all
# inside one kmemleak window.

. "$VM_TOP/tests/guest/lib.sh"

UCF0=nvidia_ucf_pmu_0
# every backend of the core: each holds it
BACKENDS="nvidia_coresight_pmu ampere_coresight_pmu"
CORE=coresight_pmu

test_kmemleak_load_count_refuse() {
	local i b p=nvidia_pcie_pmu_0_rc_1 t=nvidia_pcie_tgt_pmu_0_rc_1 c
	kmemleak_start
	for i in 1 2; do
		for b in $BACKENDS; do
			rmmod $b || fail "rmmod $b #$i"
		done
		[ ! -d "$PMUS/$UCF0" ] || fail "$UCF0 still there without its backend"
		rmmod $CORE || fail "rmmod core #$i"
		insmod "$VM_TOP/drivers/perf/$CORE.ko" || fail "insmod core #$i"
		[ ! -d "$PMUS/$UCF0" ] || fail "$UCF0 bound without its backend"
		for b in $BACKENDS; do
			insmod "$VM_TOP/drivers/perf/$b.ko" || fail "insmod $b #$i"
		done
		[ -d "$PMUS/$UCF0" ] || fail "$UCF0 not back after #$i"
		[ -d "$PMUS/ampere_mcu_pmu_0" ] || fail "ampere_mcu_pmu_0 not back after #$i"
	done
	# Tegra410's: Grace's nvidia_pcie_pmu_<socket> (tegra410-units) has no _rc_
	expect_eq "PMUs back" "$(ls -d "$PMUS"/nvidia_ucf_pmu_* "$PMUS"/nvidia_{pcie,pcie_tgt}_pmu_*_rc_* | wc -l)" 14
	inject ucf_s0 reset
	inject tgt_s0_rc1 reset
	# a PCIE-TGT address slot taken and given back at every schedule
	mapfile -t c < <(counts "$UCF0/cycles/,$t/rd_req,dst_addr_en=1,dst_addr_base=0x1000,dst_addr_mask=0xff000/" \
		"model-traffic ucf_s0 'idle cycles=1000'; model-traffic tgt_s0_rc1 'traffic rp=0 addr=0x1040 bar=1 rd=7 size=64'")
	expect_eq "ucf cycles, tgt rd_req in range" "${c[*]}" "1000 7"
	expect_eq "refused: pcie rp mask with bdf" "$(open_err "$p:0x2:0x1018001")" EINVAL
	expect_eq "refused: per-task" "$(open_err -t "$UCF0:0x111")" EOPNOTSUPP
	kmemleak_check
}

run_test "backend and core reload, counting and refused events leak nothing (kmemleak)" \
	test_kmemleak_load_count_refuse
t_summary
