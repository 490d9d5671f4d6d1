#!/bin/bash
# End-to-end tests of the Tegra410 latency PMUs (CMEM latency, NVLink-C2C,
# NV-CLink, NV-DLink): the real perf tool against
# nvidia_t410_cmem_latency_pmu and nvidia_t410_c2c_pmu, probed from the
# board's ACPI devices over their models, and the metrics tool
# (tools/t410-metrics) against the models' settings.  Run inside the
# virtual board (tools/vm-run).
# shellcheck disable=SC2016

. "$VM_TOP/tests/guest/lib.sh"

CMEM0=nvidia_cmem_latency_pmu_0
C2C0=nvidia_nvlink_c2c_pmu_0
C2C1=nvidia_nvlink_c2c_pmu_1
CLINK0=nvidia_nvclink_pmu_0
DLINK0=nvidia_nvdlink_pmu_0
METRICS=$VM_TOP/tools/t410-metrics

reset_models() {
	local m
	for m in "$MODELS"/cmem_* "$MODELS"/c2c_* "$MODELS"/clink_* "$MODELS"/dlink_*; do
		echo reset >"$m/inject"
	done
}

test_pmus_present() {
	local s p
	for s in 0 1; do
		for p in cmem_latency nvlink_c2c nvclink nvdlink; do
			[ -d "$PMUS/nvidia_${p}_pmu_$s" ] || fail "nvidia_${p}_pmu_$s missing"
		done
	done
	expect_eq "$CMEM0 identifier" "$(<"$PMUS/$CMEM0/identifier")" NVDA2021
	expect_eq "$C2C0 identifier" "$(<"$PMUS/$C2C0/identifier")" NVDA2023
	expect_eq "$CLINK0 identifier" "$(<"$PMUS/$CLINK0/identifier")" NVDA2022
	expect_eq "$DLINK0 identifier" "$(<"$PMUS/$DLINK0/identifier")" NVDA2020
	expect_eq "$CMEM0 associated_cpus" "$(<"$PMUS/$CMEM0/associated_cpus")" 0-1
	expect_eq "${C2C1} associated_cpus" "$(<"$PMUS/$C2C1/associated_cpus")" 2-3
}

# Every events/, format/, identifier and peer file of every latency PMU,
# byte for byte as Linux 7.2's drivers show that kind (tests/e2e/sysfs/):
# the peer decides the events and gpu_mask
test_sysfs_per_peer() {
	local s
	for s in 0 1; do
		expect_sysfs "nvidia_cmem_latency_pmu_$s" t410_cmem
		expect_sysfs "nvidia_nvclink_pmu_$s" t410_nvclink_cpu
		expect_sysfs "nvidia_nvdlink_pmu_$s" t410_nvdlink
	done
	expect_sysfs "$C2C0" t410_nvlink_c2c_gpu
	expect_sysfs "$C2C1" t410_nvlink_c2c_cpu
}

test_perf_list() {
	local out ev
	out=$("$PERF" list pmu 2>&1)
	for ev in 'nvidia_cmem_latency_pmu[_0-9]*/rd_cum_outs/' \
		  'nvidia_nvlink_c2c_pmu[_0-9]*/out_wr_req/' \
		  'nvidia_nvclink_pmu[_0-9]*/out_rd_req/' \
		  'nvidia_nvdlink_pmu[_0-9]*/in_rd_cum_outs/'; do
		echo "$out" | grep -q "$ev" || fail "perf list lacks $ev"
	done
}

# cmem_mix MODEL: reads on every instance and controller, each with its
# own latency, and some idle time
cmem_mix() {
	local m=$1 i mc
	printf "model-traffic %s" "$m"
	for i in 0 5 13; do
		for mc in 0 1 2; do
			printf " 'traffic inst=%d mc=%d req=%d lat=%d'" $i $mc \
				$((100 + 10 * i + mc)) $((200 + i))
		done
	done
	printf " 'idle cycles=50000'\n"
}

# CMEM: the documentation's group, exact
test_cmem_doc_example() {
	local want_req=0 want_aor=0 i mc n
	reset_models
	mapfile -t c < <(counts "{$CMEM0/rd_req/,$CMEM0/rd_cum_outs/,$CMEM0/cycles/}" \
		"$(cmem_mix cmem_s0)")
	for i in 0 5 13; do
		for mc in 0 1 2; do
			n=$((100 + 10 * i + mc))
			want_req=$((want_req + n))
			want_aor=$((want_aor + n * (200 + i)))
		done
	done
	expect_eq rd_req "${c[0]}" $want_req
	expect_eq rd_cum_outs "${c[1]}" $want_aor
	expect_eq cycles "${c[2]}" 50000
	expect_eq "model's rd_req" "$(total cmem_s0 rd_req)" $want_req
	expect_eq "model's rd_cum_outs" "$(total cmem_s0 rd_cum_outs)" $want_aor
}

# c2c_mix MODEL: incoming and outgoing reads and writes of both GPUs
c2c_gpu_mix() {
	local m=$1
	echo "model-traffic $m" \
		"'traffic dir=in op=rd peer=0 inst=0 req=100 lat=300'" \
		"'traffic dir=in op=rd peer=0 inst=6 req=10 lat=300'" \
		"'traffic dir=in op=rd peer=1 inst=8 req=7 lat=500'" \
		"'traffic dir=out op=rd peer=0 inst=1 req=20 lat=400'" \
		"'traffic dir=out op=rd peer=1 inst=13 req=3 lat=600'" \
		"'traffic dir=in op=wr peer=1 inst=9 req=5 lat=100'" \
		"'traffic dir=out op=wr peer=0 inst=2 req=4 lat=50'" \
		"'idle cycles=1000'"
}

# NVLink-C2C: the six documentation examples, exact, per gpu_mask
test_c2c_doc_examples() {
	reset_models
	mapfile -t c < <(counts "$C2C0/in_rd_req/,$C2C0/in_rd_cum_outs,gpu_mask=0x1/,$C2C0/in_rd_cum_outs,gpu_mask=0x2/,$C2C0/out_rd_req/,$C2C0/out_rd_cum_outs,gpu_mask=0x1/,$C2C0/out_rd_cum_outs,gpu_mask=0x2/" \
		"$(c2c_gpu_mix c2c_s0)")
	expect_eq "in_rd_req, all GPUs" "${c[0]}" 117
	expect_eq "in_rd_cum_outs, GPU 0" "${c[1]}" $((110 * 300))
	expect_eq "in_rd_cum_outs, GPU 1" "${c[2]}" $((7 * 500))
	expect_eq "out_rd_req, all GPUs" "${c[3]}" 23
	expect_eq "out_rd_cum_outs, GPU 0" "${c[4]}" $((20 * 400))
	expect_eq "out_rd_cum_outs, GPU 1" "${c[5]}" $((3 * 600))
	expect_eq "model's in_rd_req" "$(total c2c_s0 in_rd_req)" 117
	mapfile -t c < <(counts "$C2C0/in_wr_req/,$C2C0/out_wr_cum_outs/,$C2C0/cycles/" \
		"$(c2c_gpu_mix c2c_s0)")
	expect_eq "in_wr_req" "${c[0]}" 5
	expect_eq "out_wr_cum_outs" "${c[1]}" $((4 * 50))
	expect_eq "cycles" "${c[2]}" 1000
}

# NV-CLink and NV-DLink: the documentation's examples
test_clink_dlink_doc_examples() {
	reset_models
	mapfile -t c < <(counts "$CLINK0/in_rd_req/,$CLINK0/out_rd_req/" \
		"model-traffic clink_s0 'traffic dir=in op=rd peer=0 inst=3 req=41 lat=90' 'traffic dir=out op=rd peer=0 inst=11 req=42 lat=80'")
	expect_eq "clink in_rd_req" "${c[0]}" 41
	expect_eq "clink out_rd_req" "${c[1]}" 42
	mapfile -t c < <(counts "{$DLINK0/in_rd_req/,$DLINK0/in_rd_cum_outs/}" \
		"model-traffic dlink_s0 'traffic dir=in op=rd peer=0 inst=15 req=9 lat=700' 'traffic dir=in op=rd peer=0 inst=0 req=1 lat=100'")
	expect_eq "dlink in_rd_req" "${c[0]}" 10
	expect_eq "dlink in_rd_cum_outs" "${c[1]}" $((9 * 700 + 100))
}

# A carry from the low into the high half between the driver's two reads
test_c2c_hi_lo_hi_carry() {
	local races n
	reset_models
	races=$(total dlink_s1 races)
	# in_rd_cum_outs of instance 4 (block 4 * 0x1000, low half at 0x874)
	inject dlink_s1 "race read=$((4 * 0x1000 + 0x874))"
	n=$("$PERF" stat -a -x, -I 100 -e nvidia_nvdlink_pmu_1/in_rd_cum_outs/ -- \
		sh -c "model-traffic dlink_s1 'traffic dir=in op=rd peer=0 inst=4 req=3 lat=1000'; sleep 0.5" 2>&1 |
		awk -F, '$4 ~ /in_rd_cum_outs/ { s += $2 } END { printf "%.0f\n", s }')
	expect_eq "races the model played" $(($(total dlink_s1 races) - races)) 1
	expect_eq "in_rd_cum_outs across the carry" "$n" "$(total dlink_s1 in_rd_cum_outs)"
}

test_bad_input_errno() {
	expect_eq "cmem event 3" "$(open_err "$CMEM0:0x3")" EINVAL
	expect_eq "c2c event 9" "$(open_err "$C2C0:0x9")" EINVAL
	expect_eq "write on a SoC peer" "$(open_err "$C2C1:0x4")" EOPNOTSUPP
	expect_eq "write on CXL memory" "$(open_err "$DLINK0:0x3")" EOPNOTSUPP
	expect_eq "out_rd on CXL memory" "$(open_err "$DLINK0:0x6")" EOPNOTSUPP
	expect_eq "gpu_mask beyond two GPUs" "$(open_err "$C2C0:0x2:0x4")" EINVAL
	expect_eq "gpu_mask on a SoC peer" "$(open_err "$C2C1:0x2:0x1")" EINVAL
	expect_eq sampling "$(open_err -s 1000 "$CMEM0:0x1")" EOPNOTSUPP
	expect_eq per-task "$(open_err -t "$C2C0:0x2")" EOPNOTSUPP
	expect_eq "socket 0 PMU on CPU 3" "$(open_err -c 3 "$CMEM0:0x1")" EINVAL
	expect_eq "socket 1 PMU on CPU 1" "$(open_err -c 1 "$C2C1:0x2")" EINVAL
	expect_eq "socket 1 PMU on CPU 2" "$(open_err -c 2 "$C2C1:0x2")" ok
	expect_eq "groups across PMUs" "$(open_err "$CMEM0:0x1" "$C2C0:0x2")" EINVAL
}

# metric OUTPUT NAME: the number the metrics tool printed for NAME
metric() { echo "$1" | awk -v n="$2" '$2 == n { print $3; exit }'; }

# metric_ghz OUTPUT NAME: a frequency the metrics tool printed, in GHz
metric_ghz() {
	echo "$1" | awk -v n="$2" '$2 == n {
		s = $4 == "GHz" ? 1 : $4 == "MHz" ? 1e-3 : $4 == "kHz" ? 1e-6 : 1e-9
		print $3 * s; exit }'
}

# The metrics tool, around a command, with the unit's clock at 1 GHz:
# latency as the model was set, in cycles exactly and in ns through the
# frequency the tool measured, and bandwidth as the bytes injected over
# the measured time.  The frequency is the cycles counted over perf's
# duration_time, which also spans perf's own start and exit: under a
# loaded emulator that is anything below the clock, so the test checks
# what the tool makes of it (ns = cycles / frequency), not a time.
test_metrics_tool() {
	local out elapsed bw ghz ns
	reset_models
	inject cmem_s0 "clock hz=1000000000"
	out=$("$METRICS" --bw-unit B/s -p "$CMEM0" -- sh -c \
		"model-traffic cmem_s0 'traffic inst=3 mc=2 req=4000 lat=250' 'traffic inst=9 mc=0 req=6000 lat=250'; sleep 1" 2>&1) ||
		fail "t410-metrics failed: $out"
	inject cmem_s0 "clock hz=0"
	echo "$out"
	expect_eq "rd_latency (cycles)" "$(metric "$out" rd_latency)" 250.00
	ghz=$(metric_ghz "$out" frequency)
	ns=$(metric "$out" rd_latency_ns)
	awk -v f="$ghz" 'BEGIN { exit !(f > 0 && f <= 1.001) }' ||
		fail "frequency ${ghz:-none} GHz: the unit's clock is 1 GHz"
	near "$(awk -v n="$ns" -v f="$ghz" 'BEGIN { print n * f }')" 250 0.2 ||
		fail "rd_latency_ns $ns at $ghz GHz is not 250 cycles"
	echo "  frequency $ghz GHz, rd_latency_ns $ns"
	elapsed=$(echo "$out" | sed -n 's/^# elapsed time: \([0-9.]*\) s.*/\1/p')
	bw=$(metric "$out" rd_bandwidth)
	near "$(awk -v b="$bw" -v t="$elapsed" 'BEGIN { print b * t }')" $((10000 * 32)) 1 ||
		fail "rd_bandwidth $bw B/s over $elapsed s is not $((10000 * 32)) bytes"
	echo "  bandwidth x elapsed = $(awk -v b="$bw" -v t="$elapsed" 'BEGIN { print b * t }') bytes"
	# a unit that is not there, and a latency without requests
	out=$("$METRICS" -p nvidia_cmem_latency_pmu_7 -d 0.1 2>&1) && fail "absent PMU accepted"
	echo "  absent PMU: $out"
	out=$("$METRICS" -p "$DLINK0" -d 0.1 2>&1) || fail "t410-metrics failed: $out"
	echo "$out" | grep -q "in_rd_latency .*n/a" || fail "no n/a for a latency without requests"
}

test_hotplug_cpumask_cpu() {
	local owner new
	owner=$(<"$PMUS/$C2C1/cpumask")
	echo 0 >"/sys/devices/system/cpu/cpu$owner/online" || fail "offline CPU $owner"
	new=$(<"$PMUS/$C2C1/cpumask")
	echo 1 >"/sys/devices/system/cpu/cpu$owner/online"
	[ "$new" != "$owner" ] || fail "cpumask still $owner"
	case $new in 2 | 3) ;; *) fail "$C2C1 moved to CPU $new, outside socket 1" ;; esac
	echo "  cpumask $owner -> $new"
}

# in_wr_req (a GPU link's) is 32 bits wide with no interrupt: the poll
# timer folds it in.  in_wr_polled MODEL N [OFFLINE]: a workload for perf
# stat that gives the link 3e9 incoming writes N times and, after each,
# waits for the driver's next read of the model (the timer's: perf reads
# only at the start and the end), so that every wrap lies between two
# reads; after the second, CPU OFFLINE (the PMU's owner) goes offline and
# the timer must go on from the new owner.  A timer that stopped never
# reads again: the wait gives up after 120 s and the count is wrong.
# After the third, the CPUs whose queues hold the poll timer
# (/proc/timer_list) go to POLL_CPUS: the new owner's alone.
POLL_CPUS=/tmp/t410-poll-timer-cpus
in_wr_polled() {
	local reads="awk '\$1 == \"reads\" { print \$2 }' $MODELS/$1/totals"
	# shellcheck disable=SC2016  # the workload's own variables
	printf '%s' "for i in \$(seq $2); do
		model-traffic $1 'traffic dir=in op=wr peer=1 inst=9 req=3000000000 lat=1'
		r=\$($reads) n=0
		while [ \$($reads) -le \$r ] && [ \$n -lt 600 ]; do sleep 0.2; n=\$((n + 1)); done
		[ \$n -lt 600 ] || echo 'no read of the model after 120 s' >&2
		[ -z '${3:-}' ] || [ \$i != 2 ] || echo 0 >/sys/devices/system/cpu/cpu${3:-0}/online
		[ -z '${3:-}' ] || [ \$i != 3 ] ||
			awk '/^cpu: / { c = \$2 } /syspmu_poll/ { print c }' /proc/timer_list >$POLL_CPUS
	done"
}

test_in_wr_req_polled_across_wraps() {
	reset_models
	mapfile -t c < <(counts "$C2C0/in_wr_req/" "$(in_wr_polled c2c_s0 5)")
	expect_eq "in_wr_req, 5 x 3e9 (3 wraps of 32 bits)" "${c[0]}" 15000000000
	expect_eq "model's in_wr_req" "$(total c2c_s0 in_wr_req)" 15000000000
}

test_in_wr_req_polled_owner_offline() {
	local owner new
	reset_models
	owner=$(<"$PMUS/$C2C0/cpumask")
	rm -f "$POLL_CPUS"
	mapfile -t c < <(counts "$C2C0/in_wr_req/" "$(in_wr_polled c2c_s0 5 "$owner")")
	new=$(<"$PMUS/$C2C0/cpumask")
	echo 1 >"/sys/devices/system/cpu/cpu$owner/online"
	echo "  owner CPU $owner went offline after the second wrap; the new owner: $new"
	expect_eq "in_wr_req, 5 x 3e9, the owner offline midway" "${c[0]}" 15000000000
	# the timer runs on the owner, and only there
	expect_eq "the CPUs whose queues hold the poll timer" "$(tr '\n' ' ' <"$POLL_CPUS")" "$new "
}

# Every CPU of socket 1 offline: its PMU has no owner, and an event on
# it gets ENODEV (the guide); online again, it opens
test_socket_offline_enodev() {
	local c err
	for c in 2 3; do
		echo 0 >"/sys/devices/system/cpu/cpu$c/online" || fail "offline CPU $c"
	done
	err=$(open_err -c 2 "$C2C1:0x0")
	for c in 2 3; do echo 1 >"/sys/devices/system/cpu/cpu$c/online"; done
	expect_eq "socket 1 offline, an event on $C2C1" "$err" ENODEV
	expect_eq "socket 1 online again" "$(open_err "$C2C1:0x0")" ok
}

test_rmmod_busy_while_counting() {
	local out
	out=$("$PERF" stat -a -e "$CMEM0/cycles/,$C2C0/cycles/" -- \
		sh -c 'rmmod nvidia_t410_cmem_latency_pmu; echo cmem-rc=$?; rmmod nvidia_t410_c2c_pmu; echo c2c-rc=$?' 2>&1)
	echo "$out"
	echo "$out" | grep -q "cmem-rc=0" && fail "rmmod cmem succeeded while counting"
	echo "$out" | grep -q "c2c-rc=0" && fail "rmmod c2c succeeded while counting"
	echo "$out" | grep -q "c2c-rc=" || fail "workload did not run"
}

run_test "every latency PMU of both sockets is there" test_pmus_present
run_test "events, format and peer per kind of peer" test_sysfs_per_peer
run_test "perf list shows the units' events" test_perf_list
run_test "CMEM: the documentation's group, exact" test_cmem_doc_example
run_test "NVLink-C2C: the documentation's examples, exact per gpu_mask" test_c2c_doc_examples
run_test "NV-CLink and NV-DLink: the documentation's examples, exact" test_clink_dlink_doc_examples
run_test "C2C: hi-lo-hi read across a carry" test_c2c_hi_lo_hi_carry
run_test "bad input gets a specific errno" test_bad_input_errno
run_test "metrics tool: latency as the model was set" test_metrics_tool
run_test "hotplug keeps socket 1's PMU in socket 1" test_hotplug_cpumask_cpu
run_test "in_wr_req (32 bits, no IRQ) across 5 x 3e9 with no read of perf's, exact" test_in_wr_req_polled_across_wraps
run_test "in_wr_req across wraps while the owner CPU goes offline, exact" test_in_wr_req_polled_owner_offline
run_test "every CPU of a socket offline: ENODEV, and back" test_socket_offline_enodev
run_test "rmmod refused while counting" test_rmmod_busy_while_counting
t_summary
