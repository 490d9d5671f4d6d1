#!/bin/bash
# Leak check of the i.MX8 DDR PMU, on the board booted with kmemleak on
# (tests/rig/check): load/unload cycles, then events counted and refused,
# all inside one kmemleak window.  A leak on any of these paths is
# reported by the closing scan.  (kmemleak makes every allocation dearer,
# so the functional suites run on the other board; the 100-cycle soak is
# tests/soak/.)

. "$VM_TOP/tests/guest/lib.sh"

KO=$VM_TOP/drivers/perf/imx8_ddr_pmu.ko

test_kmemleak_load_count_refuse() {
	local i mq mp db c
	kmemleak_start
	# A leak per cycle shows after one; three also cover ids reused
	for i in 1 2 3; do
		rmmod imx8_ddr_pmu || fail "rmmod #$i"
		insmod "$KO" || fail "insmod #$i"
	done
	expect_eq "PMUs after the cycles" "$(ls -d "$PMUS"/imx8_ddr* | wc -l)" 4
	expect_eq "DB PMUs after the cycles" "$(ls -d "$PMUS"/imx8_db* | wc -l)" 1
	mq=$(pmu_of imx8mq) && mp=$(pmu_of imx8mp) && db=$(pmu_of imx8dxl-db) ||
		fail "PMUs not found"
	inject imx8mq reset
	mapfile -t c < <(counts "$mq/read/,$mq/axid-read,axi_id=0x12/" \
		"model-traffic imx8mq 'read count=50 id=0x12'")
	expect_eq "read, axid-read" "${c[*]}" "50 50"
	expect_eq "refused: foreign PMU in group" "$(open_err "$mq:0x35" "$mp:0x35")" EINVAL
	expect_eq "refused: sampling" "$(open_err -s 1000 "$mq:0x35")" EOPNOTSUPP
	inject imx8dxl-db reset
	mapfile -t c < <(counts "$db/axid-write,axi_mask=0xffff,axi_port=0x6,axi_channel=0x1/" \
		"model-traffic imx8dxl-db 'write count=21 port=6'")
	expect_eq "DB axid-write port 6" "${c[*]}" 21
	expect_eq "refused: DRAM event on the DB" "$(open_err "$db:0x35")" EOPNOTSUPP
	kmemleak_check
}

run_test "load/unload, counting and refused events leak nothing (kmemleak)" \
	test_kmemleak_load_count_refuse
t_summary
