#!/bin/bash
# make demo: the unmodified perf tool counting DDR traffic on the simulated
# i.MX8 DDR PMUs, with the model's own totals beside perf's numbers.
# shellcheck disable=SC2016

. "$VM_TOP/tests/guest/lib.sh"

MQ=$(pmu_of imx8mq)
step() { printf '\n\033[1m== %s\033[0m\n' "$*"; }
# show CMD...: print CMD as it would be typed, then run it
show() {
	local a line='$'
	for a; do
		if [[ $a =~ [[:space:]] ]]; then line+=" '$a'"; else line+=" $a"; fi
	done
	echo "$line"
	"$@"
}

step "PMUs registered by the driver (probed from the board's ACPI table)"
for p in "$PMUS"/imx8_ddr* "$PMUS"/imx8_db*; do
	printf '%-10s identifier=%-9s caps: filter=%s enhanced_filter=%s super_filter=%s cpumask=%s\n' \
		"$(basename "$p")" "$(cat "$p/identifier" 2>/dev/null || echo -)" \
		"$(<"$p/caps/filter")" "$(<"$p/caps/enhanced_filter")" \
		"$(<"$p/caps/super_filter")" "$(<"$p/cpumask")"
done

step "perf list ($MQ)"
perf list pmu 2>/dev/null | grep "$MQ/" | head -40

MP=$(pmu_of imx8mp)
DXL=$(pmu_of imx8dxl)
T=(model-traffic imx8mq 'read count=100000 bytes=64 id=0x12'
	'read count=2500 bytes=64 id=0x40' 'write count=40000 bytes=32 id=0x12')

step "DDR traffic: 102500 read bursts (100000 from AXI ID 0x12), 40000 writes"
inject imx8mq reset
show perf stat -a -e "$MQ/cycles/,$MQ/read/,$MQ/write/" -- "${T[@]}" 2>&1
echo "model's own totals:"
sed 's/^/    /' "$MODELS/imx8mq/totals"

step "AXI ID filtered: axid-read,axi_id=0x12 (and any ID: axi_mask=0xffff)"
inject imx8mq reset
show perf stat -a -e "$MQ/axid-read,axi_id=0x12/,$MQ/axid-write,axi_id=0x12/" -- "${T[@]}" 2>&1
show perf stat -a -e "$MQ/axid-read,axi_mask=0xffff/" -- "${T[@]}" 2>&1

step "The shared filter (DPCR1) holds one setting: two settings take turns"
echo "(10 x 1000 reads from ID 0x12 and 1000 writes from ID 0x13, 0.1 s apart;"
echo " each event counts part of the time and perf scales its count)"
inject imx8mq reset
show perf stat -a -e "$MQ/axid-read,axi_id=0x12/,$MQ/axid-write,axi_id=0x13/" -- \
	sh -c 'for i in 1 2 3 4 5 6 7 8 9 10; do model-traffic imx8mq "read count=1000 id=0x12" "write count=1000 id=0x13"; sleep 0.1; done' 2>&1

step "i.MX8MP enhanced filter: axid events count bytes ($MP)"
show perf stat -a -e "$MP/axid-read,axi_id=0x12/,$MP/read/" -- \
	model-traffic imx8mp 'read count=1000 bytes=64 id=0x12' 'read count=5 id=0x7' 2>&1

step "i.MX8DXL super filter: three AXI IDs at once ($DXL; data channel counts beats)"
show perf stat -a -e "$DXL/axid-read,axi_id=0x1/,$DXL/axid-read,axi_id=0x2/,$DXL/axid-write,axi_id=0x3,axi_channel=1/" -- \
	model-traffic imx8dxl 'read count=10 id=1' 'read count=20 id=2' 'write count=30 id=3' 2>&1

DB=$(pmu_of imx8dxl-db)
step "i.MX8DXL DB monitor: AXI traffic per port ($DB; data beats, or bursts with axi_channel=1)"
show perf stat -a -e "$DB/axid-read,axi_mask=0xffff,axi_port=0x2/,$DB/axid-write,axi_id=0x20,axi_port=0x3,axi_channel=0x1/,$DB/axid-read,axi_mask=0xffff,axi_port=0x5/" -- \
	model-traffic imx8dxl-db 'read count=100 port=2' 'write count=40 id=0x20 port=3' 'write count=9 id=0x21 port=3' 'read count=7 bytes=128 port=5' 2>&1

step "perf beside the model"
inject imx8mq reset
mapfile -t c < <(counts "$MQ/cycles/,$MQ/read/,$MQ/write/,$MQ/axid-read,axi_id=0x12/" "${T[*]@Q}")
printf '%-28s %14s %14s\n' event perf model
printf '%-28s %14s %14s\n' cycles "${c[0]}" "$(total imx8mq cycles)"
printf '%-28s %14s %14s\n' read "${c[1]}" "$(total imx8mq read_bursts)"
printf '%-28s %14s %14s\n' write "${c[2]}" "$(total imx8mq write_bursts)"
printf '%-28s %14s %14s\n' "axid-read,axi_id=0x12" "${c[3]}" "100000 (injected)"
ok=1
[ "${c[0]}" = "$(total imx8mq cycles)" ] || ok=0
[ "${c[1]}" = "$(total imx8mq read_bursts)" ] || ok=0
[ "${c[2]}" = "$(total imx8mq write_bursts)" ] || ok=0
[ "${c[3]}" = 100000 ] || ok=0
[ $ok = 1 ] || { echo "MISMATCH"; exit 1; }
echo "perf's counts equal the model's."

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

step "Tegra410: perf beside the models"
inject ucf_s0 reset
inject pcie_s0_rc4 reset
inject cmem_s0 reset
inject c2c_s0 reset
mapfile -t c < <(counts "$UCF/slc_bytes_rd/,$UCF/cycles/,$P/rd_req/,$P/rd_cum_outs/,$CM/rd_req/,$CM/rd_cum_outs/,$NV/in_rd_cum_outs,gpu_mask=0x2/" \
	"${U[*]@Q}; ${R[*]@Q}; ${CMW[*]@Q}; ${C2W[*]@Q}")
printf '%-52s %12s %12s\n' event perf model
row() { printf '%-52s %12s %12s\n' "$1" "$2" "$3"; [ "$2" = "$3" ] || ok=0; }
row "$UCF/slc_bytes_rd/" "${c[0]}" "$(event_total ucf_s0 0x113)"
row "$UCF/cycles/" "${c[1]}" "$(total ucf_s0 cycles)"
row "$P/rd_req/" "${c[2]}" "$(event_total pcie_s0_rc4 2)"
row "$P/rd_cum_outs/" "${c[3]}" "$(event_total pcie_s0_rc4 4)"
row "$CM/rd_req/" "${c[4]}" "$(total cmem_s0 rd_req)"
row "$CM/rd_cum_outs/" "${c[5]}" "$(total cmem_s0 rd_cum_outs)"
row "$NV/in_rd_cum_outs,gpu_mask=0x2/" "${c[6]}" "$(total c2c_s0 in_rd_cum_outs.peer1)"
if [ $ok = 1 ]; then echo "perf's counts equal the models'."; else echo "MISMATCH"; exit 1; fi

HM=/sys/kernel/debug/hybrid_pmu_model
step "Hybrid CPU PMUs over the counter model: cpu_core on CPUs $(<"$PMUS/cpu_core/cpus"), cpu_atom on $(<"$PMUS/cpu_atom/cpus")"
for p in cpu_core cpu_atom; do
	printf '%-9s type=%-3s cpus=%-4s events: %s\n' $p "$(<"$PMUS/$p/type")" \
		"$(<"$PMUS/$p/cpus")" "$(ls "$PMUS/$p/events" | tr '\n' ' ')"
done
show perf stat -e cycles -a -- sleep 0.2 2>&1
echo "A loop pinned to an atom CPU: the atom event runs ~100%, the core one ~0%"
busy() { local i=0; while [ $i -lt "$1" ]; do i=$((i + 1)); done; }
export -f busy
show perf stat -e cycles -- busybox taskset -c 2 bash -c 'busy 20000' 2>&1
show perf stat -e cpu_core/cycles/,cpu_atom/instructions/ -e '{cpu_core/cycles/,cpu_core/instructions/}' -a -- sleep 0.2 2>&1
echo "A group of both types: perf warns and ungroups"
show perf stat -e '{cpu_core/cycles/,cpu_atom/instructions/}' -a -- sleep 0.2 2>&1
echo "Debian 12's own perf 6.1, plain perf stat (the eight default hybrid events):"
show /usr/bin/perf stat -- bash -c 'busy 3000' 2>&1
echo "perf record: sampling is refused (counting-only PMUs)"
show perf record -o /tmp/demo.data -- true 2>&1 | tail -2
echo "Injected: 5000 r1a on CPU 1 (core), 7000 L1-icache-loads on CPU 3 (atom)"
echo "type=core config=0x1a permille=0" >$HM/rate
echo "type=atom config=0x380 permille=0" >$HM/rate
echo reset >$HM/totals
show perf stat -a -A -e cpu_core/r1a/,cpu_atom/L1-icache-loads/ -- sh -c \
	"echo 'cpu=1 config=0x1a count=5000' >$HM/inject; echo 'cpu=3 config=0x380 count=7000' >$HM/inject" 2>&1
echo "model's own totals:"
grep -E 'config=0x(1a|380) ' $HM/totals | sed 's/^/    /'
echo defaults >$HM/rate
