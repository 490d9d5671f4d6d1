#!/bin/bash
# End-to-end tests of the hybrid PMUs cpu_core and cpu_atom: the core
# (drivers/perf/hybrid_pmu.c) over the counter model
# (tests/hybrid/hybrid_pmu_model.c, CPUs 0-1 core, 2-3 atom), with the
# perf tool the board runs (6.12) and Debian 12's own (6.1, package
# linux-perf): every example of tools/perf/Documentation/intel-hybrid.txt,
# exact counts against the model's totals, errnos, hotplug, unload.
# Run inside the virtual board (tools/vm-run).

. "$VM_TOP/tests/guest/lib.sh"

MODEL=/sys/kernel/debug/hybrid_pmu_model
PERF61=/usr/bin/perf
CORE_MHZ=3000
ATOM_MHZ=2000

core_type() { cat "$PMUS/cpu_core/type"; }
atom_type() { cat "$PMUS/cpu_atom/type"; }

# perf 6.1 reads every PMU's sysfs files when it starts (6.12 reads them
# as it needs them): on the board's 32 PMUs that is 4-5 s a command, and
# 1.4 s with only the kernel's own PMUs and the hybrid ones, as on a
# hybrid desktop.  So it runs in a mount namespace that shows it those
# (the real sysfs directories, bound in; the events it opens are real).
VIEW=/tmp/hybrid-view
# $VIEW/run CMD...: CMD in that namespace
hybrid_view() {
	local d p
	d=$VIEW/devices
	mkdir -p "$d"
	for p in "$PMUS"/*; do
		case ${p##*/} in
		imx8_ddr* | imx8_db* | nvidia_* | cspmu* | arm_cspmu*) ;;
		*) ln -sfn "$(readlink -f "$p")" "$d/${p##*/}" ;;
		esac
	done
	cat >"$VIEW/run" <<-EOF
		#!/bin/bash
		exec unshare -m bash -c 'mount --bind $d $PMUS && exec "\$@"' run "\$@"
	EOF
	printf '#!/bin/bash\nexec %s %s "$@"\n' "$VIEW/run" "$PERF61" >"$VIEW/perf61"
	chmod +x "$VIEW/run" "$VIEW/perf61"
}

# perf versions to run the doc's examples with: the board's 6.12, and
# 6.1 where the linux-perf package is installed
perfs() {
	[ -x "$VIEW/run" ] || hybrid_view
	echo "$PERF"
	if [ -x "$PERF61" ] && "$PERF61" --version 2>/dev/null | grep -q 'version 6\.1\.'; then
		echo "$VIEW/perf61"
	fi
}

# busy N: a CPU-bound loop of N iterations (the doc's triad_loop)
busy() {
	local i=0
	while [ $i -lt "$1" ]; do i=$((i + 1)); done
}
export -f busy

set_rate() { echo "type=$1 config=$2 permille=$3" >"$MODEL/rate"; }
# cpu_counted CPU CONFIG: what the model's counters on CPU counted of
# CONFIG (lib.sh's counted is the QEMU models')
cpu_counted() {
	awk -v c="cpu=$1" -v e="config=$2" '$1 == c && $2 == e {
		sub("counted=", "", $3); print $3; f = 1 } END { if (!f) print 0 }' \
		"$MODEL/totals"
}
reset_model() {
	echo reset >"$MODEL/totals"
	echo defaults >"$MODEL/rate"
}

# A perf workload that runs until release_workload, and a wait until
# perf (PID) has its events open (perf core holds a reference on the
# model's module per event): no guess at how long perf takes to start
STOP=/tmp/hybrid-stop
HOLD="while [ ! -e $STOP ]; do sleep 0.1; done"
release_workload() { : >"$STOP"; }
wait_events_open() {
	while kill -0 "$1" 2>/dev/null; do
		[ "$(</sys/module/hybrid_pmu_model/refcnt)" -gt 0 ] && return 0
		sleep 0.1
	done
	fail "perf ended before it opened its events"
}

# csv_field FILE EVENT N: field N of EVENT's line in perf stat -x, output
# (1 count, 3 event, 4 running time, 5 running percentage)
csv_field() {
	awk -F, -v e="$2" -v n="$3" '$3 == e { print $n; exit }' "$1"
}

test_sysfs() {
	local ct at
	expect_eq "cpu_core cpus" "$(<"$PMUS/cpu_core/cpus")" 0-1
	expect_eq "cpu_atom cpus" "$(<"$PMUS/cpu_atom/cpus")" 2-3
	[ ! -e "$PMUS/cpu_core/cpumask" ] || fail "cpu_core has a cpumask file"
	ct=$(core_type) at=$(atom_type)
	# as x86 registers them: the big cores PERF_TYPE_RAW, the others dynamic
	expect_eq "cpu_core type" "$ct" 4
	[ "$at" -gt 5 ] || fail "cpu_atom type $at: want a dynamic id"
	expect_eq "cpu_core format/event" "$(<"$PMUS/cpu_core/format/event")" config:0-7
	expect_eq "cpu_atom format/umask" "$(<"$PMUS/cpu_atom/format/umask")" config:8-15
	# one-bit fields as x86 spells them
	expect_eq "cpu_core format/edge" "$(<"$PMUS/cpu_core/format/edge")" config:18
	expect_eq "cpu_atom format/inv" "$(<"$PMUS/cpu_atom/format/inv")" config:23
	expect_eq "cpu_core events/cpu-cycles" "$(<"$PMUS/cpu_core/events/cpu-cycles")" event=0x3c
	expect_eq "cpu_core events/ref-cycles" "$(<"$PMUS/cpu_core/events/ref-cycles")" \
		event=0x0,umask=0x3
	# events differ per type
	[ -e "$PMUS/cpu_atom/events/icache-accesses" ] || fail "atom lacks icache-accesses"
	[ ! -e "$PMUS/cpu_core/events/icache-accesses" ] || fail "core has icache-accesses"
	expect_eq "cpu_core caps/max_precise" "$(<"$PMUS/cpu_core/caps/max_precise")" 0
}

# perf stat -e cycles -a: two events, each on its type's CPUs, with the
# configs of the doc: PMU type in config[63:32], 0 (cycles) below
test_cycles_system_wide() {
	local p out ct at
	ct=$(printf '%x' "$(core_type)") at=$(printf '%x' "$(atom_type)")
	for p in $(perfs); do
		echo "== $p"
		# -vv also prints what perf parses of every PMU it sees: in the
		# view, 6.12 too
		case $p in "$PERF") p="$VIEW/run $PERF" ;; esac
		out=$($p stat -vv -e cycles -a -A -- sleep 0.1 2>&1)
		echo "$out" | grep -Eq "config +0x${ct}00000000\$" ||
			fail "$p: no config 0x${ct}00000000 in perf stat -vv"
		echo "$out" | grep -Eq "config +0x${at}00000000\$" ||
			fail "$p: no config 0x${at}00000000 in perf stat -vv"
		echo "$out" | grep -Eq '^CPU0 +[0-9,]+ +cpu_core/cycles/' ||
			fail "$p: no cpu_core/cycles/ on CPU0"
		echo "$out" | grep -Eq '^CPU2 +[0-9,]+ +cpu_atom/cycles/' ||
			fail "$p: no cpu_atom/cycles/ on CPU2"
		! echo "$out" | grep -Eq '^CPU[23] +[0-9,]+ +cpu_core/' ||
			fail "$p: cpu_core counted on an atom CPU"
		echo "$out" | grep -E 'cpu_(core|atom)/cycles/'
	done
}

# perf stat -e cycles -- taskset -c <atom CPU> loop: the atom event runs
# about all the time, the core one about never (the task may start on a
# core CPU, until taskset moves it); both are scaled.  busybox's taskset:
# a static binary starts in a fraction of the time of util-linux's, so
# that the loop is most of the run, as the doc's triad_loop is.  Still,
# starting it takes 20-80 ms of the board's emulated time where real
# hardware takes a millisecond: hence 90%, not the doc's 99.57%.
test_thread_on_atom() {
	local p f run_a run_c
	f=/tmp/hybrid-thread.csv
	for p in $(perfs); do
		echo "== $p"
		"$p" stat -x, -o "$f" -e cycles -- busybox taskset -c 2 bash -c 'busy 40000' ||
			fail "$p stat failed"
		cat "$f"
		run_a=$(csv_field "$f" cpu_atom/cycles/ 5)
		run_c=$(csv_field "$f" cpu_core/cycles/ 5)
		awk -v a="$run_a" 'BEGIN { exit !(a >= 90) }' ||
			fail "$p: atom cycles ran $run_a%, want about 100%"
		case $(csv_field "$f" cpu_core/cycles/ 1) in
		'<not counted>') ;;
		*) awk -v c="$run_c" 'BEGIN { exit !(c <= 10) }' ||
			fail "$p: core cycles ran $run_c%, want about 0%" ;;
		esac
	done
}

# cycles / task-clock is the type's nominal frequency: a figure, printed
# (how close it comes depends on the host's load: the model counts the
# time a counter is enabled, task-clock the time the task runs, and under
# emulation the switch between the two takes real time).  What is
# asserted is exact: perf's cycles are what the model's counters on that
# CPU counted, and something (cycles count at any load; cpu_counted
# reads 0 where the model has no entry).
test_frequency() {
	local f cyc ns cpu type mhz
	f=/tmp/hybrid-freq.csv
	for cpu in 0 2; do
		type=core mhz=$CORE_MHZ
		[ $cpu = 2 ] && type=atom mhz=$ATOM_MHZ
		reset_model
		# perf itself on the CPU, so that its child never runs
		# elsewhere (taskset inside the workload would leave the
		# child's first moments on perf's CPU, another type's)
		taskset -c $cpu "$PERF" stat -x, -o "$f" -e task-clock,cpu_$type/cycles/ -- \
			bash -c 'busy 10000' || fail "perf stat failed"
		cat "$f"
		ns=$(awk -F, '$3 ~ /^task-clock/ { print $1 * 1000000 }' "$f")
		cyc=$(csv_field "$f" "cpu_$type/cycles/" 1)
		awk -v c="$cyc" -v n="$ns" -v m="$mhz" 'BEGIN {
			printf "  %s: %.1f MHz (nominal %d)\n", "'$type'", c / n * 1000, m }'
		[[ $cyc =~ ^[1-9][0-9]*$ ]] || fail "cpu_$type/cycles/ counted '$cyc'"
		expect_eq "cpu_$type/cycles/, the model's cycles on CPU $cpu" "$cyc" \
			"$(cpu_counted $cpu 0x3c)"
	done
}

# Plain perf stat: the software events, then the eight hybrid events in
# the doc's order: cycles, instructions, branches, branch-misses, each for
# both types.  Which type comes first in a pair is the perf tool's choice:
# 6.12 sorts PMUs by name (tools/perf/util/pmus.c), so cpu_atom comes
# before cpu_core, whatever their type ids.  That split is x86 perf's
# (arch_evlist__add_default_attrs()): perf for other architectures adds
# the four legacy events once each, without a PMU type, which the kernel
# gives the PMU of type PERF_TYPE_RAW, cpu_core: they count while the
# task runs on a core CPU (a CI run once found all four <not counted>: the
# task had run on atom CPUs only), so there the task is pinned to one.  On
# x86 each type's four count while the task runs on a CPU of that type:
# the task runs on one of each in turn, and every one of the eight counts.
test_default_events() {
	local p f got pairs pin=() work
	f=/tmp/hybrid-default.csv
	# elsewhere than on x86, cpu_core's events count only while the task
	# runs on a core CPU: where the scheduler puts it is not ours to
	# test, so perf and its child stay on core CPU 0
	[ "$(uname -m)" = x86_64 ] || pin=(taskset -c 0)
	work='busy 2000'
	[ "$(uname -m)" != x86_64 ] ||
		work='busybox taskset -c 0 bash -c "busy 1000"; busybox taskset -c 2 bash -c "busy 1000"'
	for p in $(perfs); do
		echo "== $p"
		"${pin[@]}" "$p" stat -x, -o "$f" -- bash -c "$work" || fail "$p stat failed"
		cat "$f"
		if [ "$(uname -m)" != x86_64 ]; then
			got=$(awk -F, '$3 ~ /^(cycles|instructions|branches|branch-misses)$/ &&
				$1 ~ /^[1-9][0-9]*$/ { printf "%s ", $3 }' "$f")
			expect_eq "$p default hardware events, counted" "${got% }" \
				"cycles instructions branches branch-misses"
			expect_eq "$p cycles ran all the time on cpu_core" \
				"$(csv_field "$f" cycles 5)" 100.00
			continue
		fi
		got=$(awk -F, '$3 ~ /^cpu_(core|atom)\// {
			split($3, a, "/"); printf "%s ", a[2] }' "$f")
		expect_eq "$p default hybrid events" "${got% }" \
			"cycles cycles instructions instructions branches branches branch-misses branch-misses"
		pairs=$(awk -F, '$3 ~ /^cpu_(core|atom)\// {
			split($3, a, "/"); t[++n] = a[1] }
			END { for (i = 1; i < n; i += 2) printf "%s ", (t[i] != t[i + 1]) }' "$f")
		expect_eq "$p each pair has both types" "${pairs% }" "1 1 1 1"
		# counted, not <not counted> nor 0
		got=$(awk -F, '$3 ~ /^cpu_(core|atom)\// && $1 ~ /^[1-9][0-9]*$/ {
			split($3, a, "/"); printf "%s ", a[2] }' "$f")
		expect_eq "$p default hybrid events, counted" "${got% }" \
			"cycles cycles instructions instructions branches branches branch-misses branch-misses"
	done
}

# The doc's examples of a PMU-specific event: each one counts, something.
# The raw 0x1a does not happen in the model by itself: the workload gives
# CPU 0 some, which cpu_core/r1a/ counts exactly.
DOC_EXAMPLES=(cpu_core/cycles/ cpu_atom/cycles/ cpu_core/r1a/ cpu_atom/L1-icache-loads/
	'cpu_core/cycles/,cpu_atom/instructions/' '{cpu_core/cycles/,cpu_core/instructions/}')
test_doc_examples() {
	local p e out args=()
	for e in "${DOC_EXAMPLES[@]}"; do
		args+=(-e "$e")
	done
	reset_model
	# one command per perf version, every example an -e of it (a perf
	# command costs seconds on the board; 6.1's, 1.4 s even in its view)
	for p in $(perfs); do
		echo "== $p"
		out=$("$p" stat -x, -a "${args[@]}" -- \
			sh -c "echo 'cpu=0 config=0x1a count=777' >$MODEL/inject; sleep 0.05" 2>&1) ||
			fail "$p stat failed: $out"
		echo "$out" | grep -E 'cpu_(core|atom)/' | sed 's/^/  /'
		expect_eq "$p counted events" \
			"$(echo "$out" | grep -Ec '^[1-9][0-9]*,,cpu_(core|atom)/')" 8
		expect_eq "$p cpu_core/r1a/, injected" \
			"$(echo "$out" | awk -F, '$3 == "cpu_core/r1a/" { print $1 }')" 777
		! echo "$out" | grep -Eq 'not supported|not counted' ||
			fail "$p: an example did not count"
	done
}

# A group of both types: perf warns and counts the two ungrouped
test_mixed_group() {
	local p out
	for p in $(perfs); do
		echo "== $p"
		out=$("$p" stat -x, -a -e '{cpu_core/cycles/,cpu_atom/instructions/}' \
			-- sleep 0.05 2>&1) || fail "$p stat failed: $out"
		echo "$out"
		echo "$out" | grep -qi 'warning.*group' ||
			fail "$p: no warning about the group"
		echo "$out" | grep -Eq '^[1-9][0-9]*,,cpu_core/cycles/' ||
			fail "$p: cpu_core/cycles/ did not count"
		echo "$out" | grep -Eq '^[1-9][0-9]*,,cpu_atom/instructions/' ||
			fail "$p: cpu_atom/instructions/ did not count"
	done
}

# perf list: events per type, from the PMUs' events/ and from perf's own
# Alder Lake tables with their units, as the doc's lines.  PERF_CPUID
# makes perf pick the tables an Alder Lake CPUID would (the board's CPUID
# is QEMU's; tools/vm-run --cpuid alderlake presents the real one).
# perf's Alder Lake tables are x86's: an arm64 perf carries arm64's, and
# matches tables by MIDR, so there only the PMUs' own events are listed
ADL_CPUID=GenuineIntel-6-97-2
x86_tables() { [ "$(uname -m)" = x86_64 ]; }
test_perf_list() {
	local p out ev
	for p in $(perfs); do
		echo "== $p"
		# the PMUs' own events, and the tables' inst_retired.any
		out=$(PERF_CPUID=$ADL_CPUID "$p" list pmu inst_retired.any 2>&1)
		echo "$out" | grep -A4 inst_retired.any
		for ev in cpu_core/cpu-cycles/ cpu_atom/cpu-cycles/ \
			  cpu_atom/icache-accesses/ cpu_core/uops-issued/; do
			echo "$out" | grep -q "$ev" || fail "$p list lacks $ev"
		done
		! echo "$out" | grep -q cpu_core/icache-accesses/ ||
			fail "$p list shows an atom event on cpu_core"
		x86_tables || continue
		# the descriptions are those of the perf version's tables (the
		# doc quotes older ones); each type's line says its unit
		out=$(echo "$out" | tr -s ' \n' ' ')
		echo "$out" | grep -Eq 'inst_retired.any \[[^]]*instructions retired[^]]*Unit: cpu_atom' ||
			fail "$p list: no inst_retired.any of cpu_atom"
		echo "$out" | grep -Eq 'inst_retired.any \[[^]]*instructions retired[^]]*Unit: cpu_core' ||
			fail "$p list: no inst_retired.any of cpu_core"
	done
}

# The tables' encodings count where the model has them; events the model
# does not count (cmask and the like) are refused, not counted as
# something else
test_alderlake_counts() {
	local out
	x86_tables || skip "perf's Alder Lake tables are x86's ($(uname -m))"
	out=$(PERF_CPUID=$ADL_CPUID "$PERF" stat -x, -a -e cpu_core/inst_retired.any/ \
		-e cpu_atom/inst_retired.any/ -- sleep 0.05 2>&1) ||
		fail "perf stat of the tables' inst_retired.any failed: $out"
	echo "$out"
	echo "$out" | grep -Eq '^[1-9][0-9]*,,cpu_core/inst_retired.any/' ||
		fail "cpu_core/inst_retired.any/ did not count"
	echo "$out" | grep -Eq '^[1-9][0-9]*,,cpu_atom/inst_retired.any/' ||
		fail "cpu_atom/inst_retired.any/ did not count"
	expect_eq "cmask event" "$("$PERF_OPEN" -c 0 cpu_core:0x10001a3)" EINVAL
}

# Injected events are counted exactly, on the CPU they happen on and by
# its type's PMU only
test_exact_counts() {
	local p=$PERF f
	f=/tmp/hybrid-exact.csv
	{
		reset_model
		set_rate core 0x1a 0
		set_rate atom 0x380 0
		"$p" stat -x, -o "$f" -a -A -e cpu_core/r1a/,cpu_atom/icache-accesses/ -- \
			sh -c "echo 'cpu=1 config=0x1a count=123457' >$MODEL/inject;
			       echo 'cpu=3 config=0x380 count=98765' >$MODEL/inject" ||
			fail "$p stat failed"
		cat "$f"
		expect_eq "$p cpu1 r1a" "$(awk -F, '$1 == "CPU1" && $4 == "cpu_core/r1a/" { print $2 }' "$f")" 123457
		expect_eq "$p cpu0 r1a" "$(awk -F, '$1 == "CPU0" && $4 == "cpu_core/r1a/" { print $2 }' "$f")" 0
		expect_eq "$p cpu3 icache" "$(awk -F, '$1 == "CPU3" && $4 == "cpu_atom/icache-accesses/" { print $2 }' "$f")" 98765
		expect_eq "model counted cpu1" "$(cpu_counted 1 0x1a)" 123457
		expect_eq "model counted cpu3" "$(cpu_counted 3 0x380)" 98765
	}
}

# A plain raw event (type PERF_TYPE_RAW) is cpu_core's, as on x86: perf
# opens it on cpu_core's CPUs and it counts; perf's own event-parsing test
# finds the PMU of type 4 for its r1a cases
test_raw_type() {
	local f=/tmp/hybrid-raw.csv out
	reset_model
	set_rate core 0x1a 0
	"$PERF" stat -x, -o "$f" -a -A -e r1a -- \
		sh -c "echo 'cpu=0 config=0x1a count=5151' >$MODEL/inject" ||
		fail "perf stat -e r1a failed"
	cat "$f"
	expect_eq "r1a on CPU0" "$(awk -F, '$1 == "CPU0" && $4 ~ /r1a/ { print $2 }' "$f")" 5151
	grep -q "not supported" "$f" && fail "r1a not supported"
	out=$("$PERF" test 3 2>&1)
	echo "$out" | tail -3
	echo "$out" | grep -Eq ': Ok$' || fail "perf test 3 (event parsing) did not pass"
}

# A task's events count only where it runs: injected on the task's own
# CPU, counted by the type of that CPU
test_task_counts() {
	local f
	f=/tmp/hybrid-task.csv
	reset_model
	set_rate core 0x1a 0
	# unscaled: the task may start on an atom CPU, where the event waits
	"$PERF" stat --no-scale -x, -o "$f" -e cpu_core/r1a/ -- \
		taskset -c 1 sh -c "echo 'cpu=1 config=0x1a count=4242' >$MODEL/inject" ||
		fail "perf stat failed"
	cat "$f"
	expect_eq "task r1a" "$(csv_field "$f" cpu_core/r1a/ 1)" 4242
	expect_eq "model counted" "$(cpu_counted 1 0x1a)" 4242
}

# More events than counters: perf core takes turns, perf shows how long
# each one counted, and the scaled counts follow the model's rates
test_multiplexing() {
	local f e run n=0
	f=/tmp/hybrid-mux.csv
	# atom has 2 general counters: four general-counter events take turns
	"$PERF" stat -x, -o "$f" -e cpu_atom/branches/,cpu_atom/branch-misses/ \
		-e cpu_atom/cache-references/,cpu_atom/cache-misses/ -- \
		taskset -c 2 bash -c 'busy 15000' || fail "perf stat failed"
	cat "$f"
	for e in branches branch-misses cache-references cache-misses; do
		run=$(csv_field "$f" "cpu_atom/$e/" 5)
		awk -v r="$run" 'BEGIN { exit !(r > 5 && r < 95) }' ||
			fail "cpu_atom/$e/ ran $run%: not multiplexed"
		n=$((n + 1))
	done
	expect_eq "multiplexed events" $n 4
}

# Offline a core CPU while a system-wide count runs, then online it: the
# count goes on on the other core CPU, and nothing splats
test_hotplug() {
	local f pid
	f=/tmp/hybrid-hotplug.csv
	rm -f "$STOP"
	"$PERF" stat -x, -o "$f" -a -A -e cpu_core/cycles/ -- sh -c "$HOLD" &
	pid=$!
	wait_events_open "$pid"
	echo 0 >/sys/devices/system/cpu/cpu1/online || fail "cannot offline CPU1"
	# cpus lists the online CPUs of the type: a new system-wide count
	# opens on those, as perf opens on every CPU it lists
	expect_eq "cpu_core cpus with CPU1 offline" "$(<"$PMUS/cpu_core/cpus")" 0
	"$PERF" stat -x, -a -e cpu_core/cycles/ -- true 2>&1 ||
		fail "perf stat -a with CPU1 offline failed"
	echo 1 >/sys/devices/system/cpu/cpu1/online || fail "cannot online CPU1"
	release_workload
	wait $pid || fail "perf stat failed across the hotplug"
	cat "$f"
	awk -F, '$1 == "CPU0" && $2 > 0 { f = 1 } END { exit !f }' "$f" ||
		fail "CPU0 did not count"
	expect_eq "cpu_core cpus after" "$(<"$PMUS/cpu_core/cpus")" 0-1
}

# perf record: sampling is refused with a message that says so
test_record_refused() {
	local p out rc
	for p in $(perfs); do
		echo "== $p"
		rc=0
		out=$("$p" record -o /tmp/hybrid.data -- true 2>&1) || rc=$?
		echo "$out" | tail -5
		[ $rc != 0 ] || fail "$p record succeeded"
		echo "$out" | grep -q "doesn't support sampling" ||
			fail "$p record: no clear message"
	done
}

# Bad input: a specific errno, and the board's log stays clean
test_errnos() {
	local ct at
	ct=$(core_type) at=$(atom_type)
	expect_eq "unknown HW id" "$("$PERF_OPEN" -c 0 "0:$(((ct << 32) | 99))")" EINVAL
	expect_eq "HW id core lacks" "$("$PERF_OPEN" -c 0 "0:$(((ct << 32) | 7))")" ENOENT
	expect_eq "cache id out of range" "$("$PERF_OPEN" -c 0 "3:$(((ct << 32) | 9))")" EINVAL
	expect_eq "L1I read access on core" "$("$PERF_OPEN" -c 0 "3:$(((ct << 32) | 1))")" ENOENT
	expect_eq "L1I read access on atom" "$("$PERF_OPEN" -c 2 "3:$(((at << 32) | 1))")" ok
	expect_eq "raw event core lacks" "$("$PERF_OPEN" -c 0 cpu_core:0x380)" EINVAL
	expect_eq "reserved raw bits" "$("$PERF_OPEN" -c 0 cpu_core:0x1003c)" EINVAL
	expect_eq "config1" "$("$PERF_OPEN" -c 0 cpu_core:0x3c:1)" EINVAL
	expect_eq "core event on an atom CPU" "$("$PERF_OPEN" -c 2 cpu_core:0x3c)" ENOENT
	# a hardware event whose extended type is the software PMU's: perf
	# core refuses it, our PMUs are never asked; Linux 6.1's perf core
	# (on Debian's kernel) opens it on the software PMU instead
	local want=ENOENT
	case $(uname -r) in 6.1.*) want=ok ;; esac
	expect_eq "extended type of a software PMU ($(uname -r))" \
		"$("$PERF_OPEN" -c 0 "0:$(((1 << 32) | 0))")" $want
	expect_eq "mixed-type group" \
		"$("$PERF_OPEN" -t "0:$((ct << 32))" "0:$(((at << 32) | 1))")" EINVAL
	expect_eq "sampling" "$("$PERF_OPEN" -c 0 -s 100000 cpu_core:0x3c)" EOPNOTSUPP
	expect_eq "exclude_user" "$("$PERF_OPEN" -c 0 -x cpu_core:0x3c)" EOPNOTSUPP
	# no PEBS here: precise_ip asks for what counting cannot give
	expect_eq "precise_ip" "$("$PERF_OPEN" -c 0 -p cpu_core:0x3c)" EOPNOTSUPP
	# a group larger than the counters can never be scheduled
	expect_eq "group of 3 on 2 atom counters" \
		"$("$PERF_OPEN" -c 2 cpu_atom:0xc4 cpu_atom:0xc5 cpu_atom:0x4f2e)" EINVAL
	expect_eq "group of 2 on 2 atom counters" \
		"$("$PERF_OPEN" -c 2 cpu_atom:0xc4 cpu_atom:0xc5)" ok
	# cycles, then an event only fixed counter 1 counts: cycles make
	# room whatever the order
	expect_eq "group cycles, cpu_clk_unhalted.thread" \
		"$("$PERF_OPEN" -c 0 cpu_core:0x3c cpu_core:0x200)" ok
	expect_eq "group cpu_clk_unhalted.thread, cycles" \
		"$("$PERF_OPEN" -c 0 cpu_core:0x200 cpu_core:0x3c)" ok
}

# The model cannot go while an event is open; idle, it goes and comes back
test_unload() {
	local pid ko
	ko=$(modinfo -n "$VM_TOP/tests/hybrid/hybrid_pmu_model.ko" 2>/dev/null ||
		echo "$VM_TOP/tests/hybrid/hybrid_pmu_model.ko")
	rm -f "$STOP"
	"$PERF" stat -e cpu_core/cycles/ -a -- sh -c "$HOLD" >/dev/null 2>&1 &
	pid=$!
	wait_events_open "$pid"
	! rmmod hybrid_pmu_model 2>/dev/null || fail "rmmod with an event open succeeded"
	release_workload
	wait $pid
	rmmod hybrid_pmu_model || fail "rmmod when idle failed"
	[ ! -e "$PMUS/cpu_core" ] || fail "cpu_core still there"
	insmod "$ko" || fail "insmod failed"
	expect_eq "cpu_atom cpus again" "$(<"$PMUS/cpu_atom/cpus")" 2-3
}

run_test "sysfs: cpus, type, format, events per type, caps" test_sysfs
run_test "perf stat -e cycles -a: one event per type, extended configs" test_cycles_system_wide
run_test "perf stat -e cycles -- taskset -c <atom> loop: running percentages" test_thread_on_atom
run_test "cycles / task-clock per type (a figure); cycles exact against the model" test_frequency
run_test "perf stat: the eight default hybrid events in order" test_default_events
run_test "the doc's cpu_core/ and cpu_atom/ examples count" test_doc_examples
run_test "a group of both types: perf warns and ungroups" test_mixed_group
run_test "perf list: events per type, perf's Alder Lake tables with units" test_perf_list
run_test "the Alder Lake tables' inst_retired.any counts; cmask refused" test_alderlake_counts
run_test "injected events counted exactly, per CPU and type" test_exact_counts
run_test "a task's events count on its own CPU's type" test_task_counts
run_test "r1a (PERF_TYPE_RAW) counts on cpu_core; perf test 3 passes" test_raw_type
run_test "more events than counters multiplex" test_multiplexing
run_test "offline and online a core CPU while counting" test_hotplug
run_test "perf record: sampling refused with a clear message" test_record_refused
run_test "bad input: specific errnos" test_errnos
run_test "rmmod refused while counting, unload and reload idle" test_unload
t_summary
