#!/bin/bash
# make demo: the unmodified perf tool counting DDR traffic on the simulated
# i.MX8 DDR PMUs, with the model's own totals beside perf's numbers.
# shellcheck disable=SC2016

. "$VM_TOP/tests/guest/lib.sh"

MQ=$(pmu_of imx8mq)
FIRMWARE="ACPI tables"
[ -d /sys/firmware/devicetree/base/ddr-pmu@e0000000 ] && FIRMWARE="device tree"
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

step "PMUs registered by the driver (probed from the board's firmware: $FIRMWARE)"
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

# The Tegra410 units, where firmware describes them (the x86 board's ACPI
# tables; on the arm64 board, its ACPI boot)
if [ -d "$PMUS/nvidia_ucf_pmu_0" ]; then
	. "$VM_TOP/tests/guest/demo-tegra410.sh"
else
	step "Tegra410 units: not on this boot (an Arm server describes them in ACPI: tools/vm-run --arch arm64 --acpi)"
fi

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
if [ -x /usr/bin/perf ]; then
	echo "Debian 12's own perf 6.1, plain perf stat (the eight default hybrid events):"
	show /usr/bin/perf stat -- bash -c 'busy 3000' 2>&1
fi
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
