#!/bin/bash
# make demo: the unmodified perf tool counting DDR traffic on the simulated
# i.MX8 DDR PMUs, with the model's own totals beside perf's numbers.
# shellcheck disable=SC2016

. "$(dirname "$0")/lib.sh"

MQ=$(pmu_of imx8mq)
step() { printf '\n\033[1m== %s\033[0m\n' "$*"; }
show() { echo "\$ $*"; "$@"; }

step "PMUs registered by the driver (probed from the board's ACPI table)"
for p in "$PMUS"/imx8_ddr*; do
	printf '%-10s identifier=%-9s caps: filter=%s enhanced_filter=%s super_filter=%s cpumask=%s\n' \
		"$(basename "$p")" "$(cat "$p/identifier" 2>/dev/null || echo -)" \
		"$(<"$p/caps/filter")" "$(<"$p/caps/enhanced_filter")" \
		"$(<"$p/caps/super_filter")" "$(<"$p/cpumask")"
done

step "perf list ($MQ)"
"$PERF" list pmu 2>/dev/null | grep "$MQ/" | head -40

W="echo 'read count=100000 bytes=64 id=0x12' > $MODELS/imx8mq/inject"
W+="; echo 'read count=2500 bytes=64 id=0x40' > $MODELS/imx8mq/inject"
W+="; echo 'write count=40000 bytes=32 id=0x12' > $MODELS/imx8mq/inject"

step "DDR traffic: 102500 read bursts (100000 from AXI ID 0x12), 40000 writes"
inject imx8mq reset
show "$PERF" stat -a -e "$MQ/cycles/,$MQ/read/,$MQ/write/" -- sh -c "$W" 2>&1
echo "model's own totals:"
sed 's/^/    /' "$MODELS/imx8mq/totals"

step "AXI ID filtered: axid-read,axi_id=0x12 (and any ID: axi_mask=0xffff)"
inject imx8mq reset
show "$PERF" stat -a -e "$MQ/axid-read,axi_id=0x12/,$MQ/axid-write,axi_id=0x12/" -- sh -c "$W" 2>&1
inject imx8mq reset
show "$PERF" stat -a -e "$MQ/axid-read,axi_mask=0xffff/" -- sh -c "$W" 2>&1

step "perf beside the model"
inject imx8mq reset
mapfile -t c < <(counts "$MQ/cycles/,$MQ/read/,$MQ/write/,$MQ/axid-read,axi_id=0x12/" "$W")
printf '%-28s %14s %14s\n' event perf model
printf '%-28s %14s %14s\n' cycles "${c[0]}" "$(total imx8mq cycles)"
printf '%-28s %14s %14s\n' read "${c[1]}" "$(total imx8mq read_bursts)"
printf '%-28s %14s %14s\n' write "${c[2]}" "$(total imx8mq write_bursts)"
printf '%-28s %14s %14s\n' "axid-read,axi_id=0x12" "${c[3]}" 100000
ok=1
[ "${c[0]}" = "$(total imx8mq cycles)" ] || ok=0
[ "${c[1]}" = "$(total imx8mq read_bursts)" ] || ok=0
[ "${c[2]}" = "$(total imx8mq write_bursts)" ] || ok=0
[ "${c[3]}" = 100000 ] || ok=0
if [ $ok = 1 ]; then echo "perf's counts equal the model's."; else echo "MISMATCH"; exit 1; fi
