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
	printf '%-9s %-30s read(2): %s, %6s ns   session: %s\n' "$drv" "$pmu:$ev" "$one" \
		"$(read_ns "$(<"$PMUS/$pmu/cpumask")" "$pmu:$ev")" \
		"$(per_op "$m" 1 "$PERF" stat -a -e "$pmu/event=$ev/" -- true)"
}

# use_t410 ours|upstream: the Tegra410 units' drivers, ours or Linux 7.2's
# (built by tests/rig/build-upstream-t410; its two latency modules have our
# modules' names, so whichever is loaded goes).  Fails, saying why, if a
# module is not built (the drivers loaded are left) or does not load.
T410_UP=$VM_TOP/out/upstream-t410
use_t410() {
	local m
	local -a kos
	if [ "$1" = ours ]; then
		for m in coresight_pmu nvidia_coresight_pmu ampere_coresight_pmu \
			nvidia_t410_c2c_pmu nvidia_t410_cmem_latency_pmu; do
			kos+=("$VM_TOP/drivers/perf/$m.ko")
		done
	else
		for m in arm_cspmu_module nvidia_cspmu nvidia_t410_c2c_pmu \
			nvidia_t410_cmem_latency_pmu; do
			kos+=("$T410_UP/$m.ko")
		done
	fi
	for m in "${kos[@]}"; do
		[ -f "$m" ] && continue
		if [ "$1" = ours ]; then
			echo "(no $m)"
		else
			echo "(Linux 7.2's drivers not built: tests/rig/build-upstream-t410)"
		fi
		return 1
	done
	for m in nvidia_coresight_pmu ampere_coresight_pmu nvidia_cspmu coresight_pmu arm_cspmu_module \
		nvidia_t410_c2c_pmu nvidia_t410_cmem_latency_pmu; do
		rmmod $m 2>/dev/null
	done
	for m in "${kos[@]}"; do
		insmod "$m" || { echo "loading $1 Tegra410 drivers failed"; return 1; }
	done
}

# irq_cost MODEL PMU EVENT ID PERIOD: register accesses per overflow
# interrupt, the marginal cost over a run without one (the event occurs
# 0 and then 16 PERIODs, no cycles pass)
irq_cost() {
	local m=$1 pmu=$2 ev=$3 id=$4 period=$5 k
	local -A nirq nacc
	for k in 0 16; do
		inject "$m" reset
		"$PERF" stat -a -o /dev/null -e "$pmu/$ev/" -- \
			model-traffic "$m" "event id=$id n=$((k * period + 1)) cycles=0"
		nirq[$k]=$(total "$m" irqs)
		nacc[$k]=$(($(total "$m" reads) + $(total "$m" writes)))
	done
	awk -v a="${nacc[16]}" -v b="${nacc[0]}" -v i="${nirq[16]}" -v j="${nirq[0]}" \
		'BEGIN { if (i > j) printf "%.1f (%d interrupts)", (a - b) / (i - j), i - j
			 else printf "no interrupt" }'
}

echo "== register accesses per operation, counted by the models"
echo "(read(2): one read of an open counter; session: perf stat -a -e EVENT --"
echo " true, open to close; interrupt: one overflow interrupt, harvest and restart)"
for drv in ours upstream; do
	[ $drv = ours ] || [ -f "$UPSTREAM_KO" ] || continue
	use_driver $drv
	access_costs $drv "$(pmu_of imx8mq)" imx8mq 0x35
	access_costs $drv "$(pmu_of imx8mp)" imx8mp 0x35
done
use_driver ours
MQ=$(pmu_of imx8mq)
echo "-- Tegra410 units: ours, then Linux 7.2's arm_cspmu + nvidia_cspmu and"
echo "   nvidia_t410_{c2c,cmem_latency}_pmu on the same models"
for drv in ours upstream; do
	use_t410 $drv || continue
	access_costs $drv nvidia_ucf_pmu_0 ucf_s0 0x111
	access_costs $drv nvidia_pcie_pmu_0_rc_0 pcie_s0_rc0 0x2
	access_costs $drv nvidia_pcie_pmu_1_rc_2 pcie_s1_rc2 0x2
	access_costs $drv nvidia_pcie_tgt_pmu_0_rc_0 tgt_s0_rc0 0x1
	access_costs $drv nvidia_nvlink_c2c_pmu_0 c2c_s0 0x2
	access_costs $drv nvidia_cmem_latency_pmu_0 cmem_s0 0x1
	access_costs $drv nvidia_scf_pmu_1 t241_scf_s1 0x1
	access_costs $drv arm_cspmu_mc_0 arm_s1 0x1
	printf '%-9s %-30s interrupt: %s\n' $drv nvidia_ucf_pmu_0:0x112 \
		"$(irq_cost ucf_s0 nvidia_ucf_pmu_0 event=0x112 0x112 $((1 << 31)))"
done
# events PMU N ID...: N events of PMU for perf_open, taking the IDs in turn
events() {
	local pmu=$1 n=$2 k
	shift 2
	local -a ids=("$@")
	for ((k = 0; k < n; k++)); do
		printf '%s:%s ' "$pmu" "${ids[k % ${#ids[@]}]}"
	done
}

# reads_of MODEL ARGS...: the model's register reads over one perf_open run
reads_of() {
	local m=$1
	shift
	inject "$m" reset
	"$PERF_OPEN" "$@" >/dev/null 2>&1
	total "$m" reads
}

# per_disable MODEL PMU N ID...: reads per pmu_disable with a group of N
# events scheduled (a group disable is one pmu_disable; its enable reads
# nothing: the counters restart from 0)
per_disable() {
	local m=$1 pmu=$2 n=$3 r0 r1
	shift 3
	# shellcheck disable=SC2046
	r0=$(reads_of "$m" $(events "$pmu" "$n" "$@"))
	# shellcheck disable=SC2046
	r1=$(reads_of "$m" -d 20 $(events "$pmu" "$n" "$@"))
	awk -v a="$r1" -v b="$r0" 'BEGIN { printf "%7.1f", (a - b) / 20 }'
}

# per_poll MODEL PMU N ID...: reads per run of the poll timer: the model's
# read total sampled every 50 ms (no fork: a read with a timeout) for 5
# poll periods (ours: 2^30 ns) of the group held open, each run a step;
# the commonest step and the steps seen ("-" where nothing polls).
# Counting steps, not dividing a window by the period: a timer late
# under emulation skips a period.
per_poll() {
	local m=$1 pmu=$2 n=$3 out=/tmp/bench-poll.out pid prev now end fd
	local -a steps=()
	shift 3
	inject "$m" reset
	exec {fd}<> <(:)
	# shellcheck disable=SC2046
	"$PERF_OPEN" -w 6500 $(events "$pmu" "$n" "$@") >"$out" 2>&1 &
	pid=$!
	until [ -s "$out" ] || ! kill -0 $pid 2>/dev/null; do
		read -r -t 0.05 -u "$fd" || :
	done
	prev=$(total "$m" reads)
	end=$((${EPOCHREALTIME/./} + 5 * 1073741))
	while [ "${EPOCHREALTIME/./}" -lt $end ] && kill -0 $pid 2>/dev/null; do
		read -r -t 0.05 -u "$fd" || :
		now=$(total "$m" reads)
		[ "$now" = "$prev" ] || steps+=($((now - prev)))
		prev=$now
	done
	wait $pid
	exec {fd}<&-
	if [ ${#steps[@]} = 0 ]; then
		printf '%7s' -
		return
	fi
	printf '%s\n' "${steps[@]}" | sort -n | uniq -c | sort -k1,1nr -k2,2n |
		awk -v k=${#steps[@]} 'NR == 1 { printf "%7d (%d steps)", $2, k }'
}

echo "== register reads with interrupts off per pmu_disable and per poll, 1, 8"
echo "   and 32 events in one group (CMEM: rd_req, rd_cum_outs, cycles in"
echo "   turn; NVLink-C2C to the other SoC: its five events; to GPUs, for the"
echo "   poll of in_wr_req's 32 bits: in_rd_req, in_wr_req, cycles, out_rd_req)"
for drv in ours upstream; do
	use_t410 $drv || continue
	for n in 1 8 32; do
		printf '%-9s %2d events  pmu_disable: cmem %s  c2c %s   poll: c2c %s\n' \
			$drv $n \
			"$(per_disable cmem_s0 nvidia_cmem_latency_pmu_0 $n 1 2 0)" \
			"$(per_disable c2c_s1 nvidia_nvlink_c2c_pmu_1 $n 2 1 0 5 6)" \
			"$(if [ $drv = ours ]; then per_poll c2c_s0 nvidia_nvlink_c2c_pmu_0 $n 2 4 0 6
			   else printf '%7s' 'no timer'; fi)"
	done
done
use_t410 ours
echo "(read(2) times from the PMU's own CPU.  UCF counters are 32 bits on the"
echo " board: an interrupt each 2^31 events.  arm_cspmu_mc_0 has 32-bit counters"
echo " and no interrupt: ours reads them every 50 ms so that no wrap is lost, the"
echo " extra reads of its session; 7.2's never does, and loses 2^32 a wrap)"

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
	echo "(upstream driver not built: tests/rig/build-upstream-imx8)"
fi

bash "$VM_TOP/tests/guest/exporter-cost.sh"
