#!/bin/bash
# make bench: what things cost on the virtual board.  Prints figures and
# asserts nothing (TCG under a debug kernel: only ratios mean anything).

. "$VM_TOP/tests/guest/lib.sh"

MQ=$(pmu_of imx8mq)
# milliseconds, without forking
ms() { local t=${EPOCHREALTIME/./}; echo $((t / 1000)); }

. "$VM_TOP/tests/guest/compare-upstream.sh"

# read_ns CPU PMU:EVENT: ns per read(2) from CPU
read_ns() {
	taskset -c "$1" "$PERF_OPEN" -r 2000 "$2" | sed -n 's/.* \([0-9]*\) ns per read.*/\1/p'
}

echo "== read path: read(2) of an open counter, from the PMU's CPU and from another"
declare -A read_other=()
for drv in ours upstream; do
	[ $drv = ours ] || [ -f "$UPSTREAM_KO" ] || continue
	use_driver $drv
	MQ=$(pmu_of imx8mq)
	owner=$(<"$PMUS/$MQ/cpumask")
	other=$(other_cpu "$MQ")
	read_ns "$owner" "$MQ:0x35" >/dev/null	# warm up
	on=$(read_ns "$owner" "$MQ:0x35")
	off=$(read_ns "$other" "$MQ:0x35")
	printf '%-9s owning CPU %s: %6s ns   other CPU %s: %6s ns   other/owning %s\n' \
		"$drv" "$owner" "$on" "$other" "$off" \
		"$(awk -v a="$off" -v b="$on" 'BEGIN { printf "%.2f", a / b }')"
	read_other[$drv]=$off
done
use_driver ours
MQ=$(pmu_of imx8mq)
[ -n "${read_other[upstream]:-}" ] &&
	echo "from another CPU, upstream/ours: $(awk -v a="${read_other[upstream]}" -v b="${read_other[ours]}" 'BEGIN { printf "%.2f", a / b }')"

echo "== overflow interrupt: model raises it, driver harvests and restarts counter 0"
echo "(i.MX8MQ model: counter 0 preset, an interrupt each 2^28 cycles)"
"$PERF" stat -a -o /dev/null -e "$MQ/cycles/" -- true	# warm perf up
declare -A took
for periods in 0 100 400; do
	inject imx8mq reset
	t0=$(ms)
	"$PERF" stat -a -x, -o /tmp/bench.csv -e "$MQ/cycles/" -- \
		model-traffic imx8mq "idle cycles=$((periods * 268435456))"
	t1=$(ms)
	irqs=$(total imx8mq irqs)
	took[$periods]=$((t1 - t0))
	echo "$periods periods: $irqs interrupts, $((t1 - t0)) ms with perf stat around them"
done
echo "marginal cost of one overflow interrupt: $(((took[400] - took[0]) * 1000 / 400)) us"

echo "== model step cost: bursts injected without overflow"
for n in 1 1000 1000000; do
	inject imx8mq reset
	t0=$(ms)
	inject imx8mq "read count=$n"
	t1=$(ms)
	echo "read count=$n: $((t1 - t0)) ms"
done

echo "== driver load/unload"
t0=$(ms)
for _ in 1 2 3 4 5; do
	rmmod imx8_ddr_pmu
	insmod "$VM_TOP/drivers/perf/imx8_ddr_pmu.ko"
done
t1=$(ms)
echo "rmmod + insmod (4 PMUs probed): $(((t1 - t0) / 5)) ms a cycle"

echo "== fidelity: Linux 6.12's fsl_imx8_ddr_perf beside ours, same traffic, same models"
if compare_drivers /tmp/bench-compare; then
	print_comparison /tmp/bench-compare
else
	echo "(upstream driver not built: tools/build-upstream-imx8)"
fi
