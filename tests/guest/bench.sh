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

# accesses MODEL: "reads writes" the model has seen since its totals reset
accesses() { echo "$(total "$1" reads) $(total "$1" writes)"; }

# per_op MODEL N CMD...: register accesses per operation, CMD doing N
per_op() {
	local m=$1 n=$2 r w
	shift 2
	inject "$m" reset
	"$@" >/dev/null 2>&1
	read -r r w < <(accesses "$m")
	awk -v r="$r" -v w="$w" -v n="$n" 'BEGIN { printf "%7.2f reads %6.2f writes", r / n, w / n }'
}

# access_costs DRIVER PMU MODEL EVENT: what a read(2) of an open event, and
# a whole perf stat session (open, enable, start, stop, read, close), cost
# in register accesses on the model
access_costs() {
	local drv=$1 pmu=$2 m=$3 ev=$4 r1 r0 one
	r0=$(per_op "$m" 1 "$PERF_OPEN" -r 1 "$pmu:$ev")
	r1=$(per_op "$m" 1 "$PERF_OPEN" -r 1001 "$pmu:$ev")
	one=$(awk -v a="$r1" -v b="$r0" 'BEGIN {
		split(a, x, " "); split(b, y, " ")
		printf "%.2f reads %.2f writes", (x[1] - y[1]) / 1000, (x[3] - y[3]) / 1000 }')
	printf '%-9s %-28s read(2): %s   session: %s\n' "$drv" "$pmu:$ev" "$one" \
		"$(per_op "$m" 1 "$PERF" stat -a -e "$pmu/event=$ev/" -- true)"
}

echo "== register accesses per operation, counted by the models"
for drv in ours upstream; do
	[ $drv = ours ] || [ -f "$UPSTREAM_KO" ] || continue
	use_driver $drv
	access_costs $drv "$(pmu_of imx8mq)" imx8mq 0x35
	access_costs $drv "$(pmu_of imx8mp)" imx8mp 0x35
done
use_driver ours
MQ=$(pmu_of imx8mq)
access_costs ours nvidia_ucf_pmu_0 ucf_s0 0x111
access_costs ours nvidia_pcie_pmu_0_rc_0 pcie_s0_rc0 0x2
access_costs ours nvidia_pcie_pmu_1_rc_2 pcie_s1_rc2 0x2
access_costs ours nvidia_nvlink_c2c_pmu_0 c2c_s0 0x2
access_costs ours nvidia_cmem_latency_pmu_0 cmem_s0 0x1
echo "(i.MX8 against Linux 6.12's fsl_imx8_ddr_perf on the same models; the"
echo " Tegra410 units against Linux 7.2's drivers is not measured yet)"

echo "== overflow interrupt: model raises it, driver harvests and restarts counter 0"
echo "(i.MX8MQ model: counter 0 preset, an interrupt each 2^28 cycles)"
"$PERF" stat -a -o /dev/null -e "$MQ/cycles/" -- true	# warm perf up
declare -A took acc
for periods in 0 100 400; do
	inject imx8mq reset
	t0=$(ms)
	"$PERF" stat -a -x, -o /tmp/bench.csv -e "$MQ/cycles/" -- \
		model-traffic imx8mq "idle cycles=$((periods * 268435456))"
	t1=$(ms)
	irqs=$(total imx8mq irqs)
	took[$periods]=$((t1 - t0))
	acc[$periods]=$(($(total imx8mq reads) + $(total imx8mq writes)))
	echo "$periods periods: $irqs interrupts, $((t1 - t0)) ms with perf stat around them"
done
echo "marginal cost of one overflow interrupt: $(((took[400] - took[0]) * 1000 / 400)) us," \
	"$(awk -v a="${acc[400]}" -v b="${acc[0]}" 'BEGIN { printf "%.1f", (a - b) / 400 }') register accesses"

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
