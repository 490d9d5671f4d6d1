#!/bin/bash
# make demo, the Tegra410 part: sourced by tests/guest/demo.sh on a board
# whose firmware describes the Tegra410 units.
# shellcheck disable=SC2016,SC2034

# Tegra410 fabric units (two sockets, CoreSight PMU architecture)
step "Tegra410 fabric PMUs (from the board's APMT table)"
for p in "$PMUS"/nvidia_*; do
	printf '%-30s identifier=%s associated_cpus=%s cpumask=%s\n' \
		"$(basename "$p")" "$(<"$p/identifier")" \
		"$(<"$p/associated_cpus")" "$(<"$p/cpumask")"
done

UCF=nvidia_ucf_pmu_0
U=(model-traffic ucf_s0 'traffic src=1 dst=0 rd=60000 wr=20000 size=64 hit=15000'
	'traffic src=0 dst=1 rd=5000 size=64' 'traffic src=2 dst=3 rd=7000 size=64')
step "UCF socket 0: all traffic, then local CPU -> local CMEM only"
inject ucf_s0 reset
show perf stat -a -e "$UCF/slc_access_rd/,$UCF/slc_bytes_rd/,$UCF/mem_bytes_wr/,$UCF/cycles/" -- "${U[@]}" 2>&1
show perf stat -a -e "$UCF/slc_access_rd,src_loc_cpu=1,dst_loc_cmem=1/" -- "${U[@]}" 2>&1

P=nvidia_pcie_pmu_0_rc_4
R=(model-traffic pcie_s0_rc4 'traffic rp=0 bdf=0x100 dst=0 rd=4000 wr=1000 size=256 lat=120'
	'traffic rp=1 bdf=0x180 dst=4 rd=2000 size=256 lat=300')
step "PCIE RC 4: root port 0 vs BDF 01:01.0 (0x180), read latency from rd_cum_outs/rd_req"
inject pcie_s0_rc4 reset
show perf stat -a -e "{$P/rd_req,src_bdf=0x180,src_bdf_en=1/,$P/rd_cum_outs/}" -- "${R[@]}" 2>&1
show perf stat -a -e "$P/rd_bytes,src_rp_mask=0x1/,$P/wr_bytes/" -- "${R[@]}" 2>&1

T1=nvidia_pcie_tgt_pmu_1_rc_5
step "PCIE-TGT socket 1 RC 5: BAR writes to 0x10000-0x100ff (address filter)"
inject tgt_s1_rc5 reset
show perf stat -a -e "$T1/event=0x1,dst_addr_base=0x10000,dst_addr_mask=0xFFF00,dst_addr_en=0x1/,$T1/wr_bytes/" -- \
	model-traffic tgt_s1_rc5 'traffic rp=0 addr=0x10040 wr=300 size=64' 'traffic rp=1 addr=0x20000 wr=100 size=64' 2>&1

# Tegra410 latency units (ACPI devices: CMEM latency and the C2C family)
CM=nvidia_cmem_latency_pmu_0 NV=nvidia_nvlink_c2c_pmu_0
step "Tegra410 latency PMUs (from the board's SSDT)"
for p in $CM $NV nvidia_nvlink_c2c_pmu_1 nvidia_nvclink_pmu_0 nvidia_nvdlink_pmu_0; do
	printf '%-28s peer=%-12s events: %s\n' "$p" "$(cat "$PMUS/$p/peer" 2>/dev/null || echo -)" \
		"$(ls "$PMUS/$p/events" | tr '\n' ' ')"
done

step "CMEM latency: reads at 250 cycles with the unit clocked at 1 GHz (documentation's group)"
inject cmem_s0 reset
inject cmem_s0 "clock hz=1000000000"
CMW=(model-traffic cmem_s0 'traffic inst=0 mc=0 req=30000 lat=250' 'traffic inst=7 mc=2 req=10000 lat=250')
show perf stat -a -e "{$CM/rd_req/,$CM/rd_cum_outs/,$CM/cycles/}" -- "${CMW[@]}" 2>&1

step "NVLink-C2C socket 0: incoming reads per GPU (gpu_mask)"
inject c2c_s0 reset
C2W=(model-traffic c2c_s0 'traffic dir=in op=rd peer=0 inst=1 req=500 lat=400' 'traffic dir=in op=rd peer=1 inst=9 req=200 lat=900')
show perf stat -a -e "$NV/in_rd_req/,$NV/in_rd_cum_outs,gpu_mask=0x1/,$NV/in_rd_cum_outs,gpu_mask=0x2/" -- "${C2W[@]}" 2>&1

step "Metrics tool: the model was set to 250 cycles at 1 GHz, 40000 reads of 32 bytes"
inject cmem_s0 reset
show "$VM_TOP/tools/t410-metrics" -p $CM -- sh -c "${CMW[*]@Q}; sleep 1"
inject cmem_s0 "clock hz=0"

# PCIe devices behind the board's Tegra410 root ports (tests/board/tegra410-pci)
step "From a PCI device to its RC, root port, PMU and filter (t410-metrics --pci, the root ports' DVSEC)"
show "$VM_TOP/tools/t410-metrics" --pci all
# virtio-rng (fn1) shares root port 1 of RC 1 with pci-testdev (fn0): the
# RC's BDF filter tells them apart
for d in /sys/bus/pci/devices/*; do
	if [ "$(<"$d/vendor"):$(<"$d/device")" = 0x1af4:0x1044 ]; then FN1=${d##*/}; fi
done
step "Device $FN1 (virtio-rng): 4000 reads and 1000 writes of 64 bytes to local memory, 1000 reads from remote, at 80 cycles; its neighbour's traffic left out"
inject pcie_s0_rc1 reset
echo "$ t410-metrics -v --bw-unit B/s --pci $FN1 -- model-traffic pcie_s0_rc1 'traffic dev=fn1 ...' ..."
out=$("$VM_TOP/tools/t410-metrics" -v --bw-unit B/s --pci "$FN1" -- model-traffic pcie_s0_rc1 \
	'traffic dev=fn1 dst=0 rd=4000 wr=1000 size=64 lat=80' 'traffic dev=fn1 dst=4 rd=1000 size=64 lat=80' \
	'traffic dev=fn0 dst=0 rd=9000 wr=9000 size=64 lat=500' 2>&1)
echo "$out"
row() { printf '%-52s %12s %12s\n' "$1" "$2" "$3"; [ "$2" = "$3" ] || ok=0; }
F=$(echo "$out" | sed -n 's|.*nvidia_pcie_pmu_0_rc_1/rd_req,\([^/]*\)/.*|\1|p' | head -1)
printf '%-52s %12s %12s\n' "$FN1 ($F)" t410-metrics "given"
row "rd_bytes to local memory" "$(metrics_count "$out" "nvidia_pcie_pmu_0_rc_1/rd_bytes,$T410_DST_LOCAL,$F/")" $((4000 * 64))
row "rd_bytes to remote memory" "$(metrics_count "$out" "nvidia_pcie_pmu_0_rc_1/rd_bytes,dst_rem=1,$F/")" $((1000 * 64))
row "wr_bytes to local memory" "$(metrics_count "$out" "nvidia_pcie_pmu_0_rc_1/wr_bytes,$T410_DST_LOCAL,$F/")" $((1000 * 64))
row "rd_latency (cycles)" "$(echo "$out" | awk '$2 == "rd_latency" { print $3; exit }')" 80.00

step "Tegra410: perf beside the models"
inject ucf_s0 reset
inject pcie_s0_rc4 reset
inject cmem_s0 reset
inject c2c_s0 reset
mapfile -t c < <(counts "$UCF/slc_bytes_rd/,$UCF/cycles/,$P/rd_req/,$P/rd_cum_outs/,$CM/rd_req/,$CM/rd_cum_outs/,$NV/in_rd_cum_outs,gpu_mask=0x2/" \
	"${U[*]@Q}; ${R[*]@Q}; ${CMW[*]@Q}; ${C2W[*]@Q}")
printf '%-52s %12s %12s\n' event perf model
row "$UCF/slc_bytes_rd/" "${c[0]}" "$(event_total ucf_s0 0x113)"
row "$UCF/cycles/" "${c[1]}" "$(total ucf_s0 cycles)"
row "$P/rd_req/" "${c[2]}" "$(event_total pcie_s0_rc4 2)"
row "$P/rd_cum_outs/" "${c[3]}" "$(event_total pcie_s0_rc4 4)"
row "$CM/rd_req/" "${c[4]}" "$(total cmem_s0 rd_req)"
row "$CM/rd_cum_outs/" "${c[5]}" "$(total cmem_s0 rd_cum_outs)"
row "$NV/in_rd_cum_outs,gpu_mask=0x2/" "${c[6]}" "$(total c2c_s0 in_rd_cum_outs.peer1)"
if [ $ok = 1 ]; then echo "perf's counts equal the models'."; else echo "MISMATCH"; exit 1; fi

