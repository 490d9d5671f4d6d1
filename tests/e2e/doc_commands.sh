#!/bin/bash
# Every command of the admin guides and the README that a board runs
# (perf's, t410-metrics', the sysfs and debugfs lines), run on the virtual
# board as written, so that a wrong event, metric or PMU name, or a stale
# example, fails a test.  Run inside the virtual board (tools/vm-run).
#
# What a command is: tests/e2e/doc-commands.awk.  What a reader must
# fill in is filled in here, from the table below; a command
# with no workload gets "-- sleep 0" (perf stat -a would wait for ^C).
# Commands the docs show failing on purpose are listed with what perf
# must say.
# shellcheck disable=SC2016

. "$VM_TOP/tests/guest/lib.sh"

DOCS=("$VM_TOP"/Documentation/admin-guide/perf/*.rst "$VM_TOP/README.md"
	"$VM_TOP/packaging/yocto/meta-imx-tegra-pmu/README.md")

# What the docs leave to the reader: "word" -> what the board has
FILL_IN=(
	'./loop' 'sh -c "i=0; while [ \$i -lt 2000 ]; do i=\$((i+1)); done"'
	'axi_mask=0xMMMM' 'axi_mask=0xfff0'
	'axi_id=0xDDDD' 'axi_id=0x12'
	'axi_channel=0xH' 'axi_channel=0x1'
	'./stream' 'sleep 0'
	'./gpu-app' 'sleep 0'
)

# A CPU perf has metric tables for: Alder Lake on x86 (the x86 perf
# carries every architecture's tables), the i.MX8MP's Cortex-A53 (MIDR
# 0x410fd034) on arm64
case $(uname -m) in
aarch64) METRIC_CPUID=0x00000000410fd034 ;;
*) METRIC_CPUID=GenuineIntel-6-97-2 ;;
esac

# What perf prints when a command did not do what it says: an event it
# could not count, or never scheduled, did not count either; pmu-metrics,
# which reads perf's output, prints such an event's figures "not counted"
# (in JSON, its "why")
PERF_SAYS_NO='<not supported>|<not counted>| not counted$|"why": "not counted"|event syntax error|Cannot find PMU|Unable to find|Unknown|unknown (term|metric)|Cannot resolve'

# Where the docs show perf printing <not counted>, as perf does: with -A,
# on the CPUs of the other type; for the task that never ran on an atom
# CPU, the atom events (fill_in keeps it on a core CPU).  An ERE of the
# lines each such command may print it on; on any other, it fails.
declare -A SHOWN_NOT_COUNTED=(
	['perf stat -e cycles -a -A -- sleep 1']='^CPU[01] +<not counted> +cpu_atom/|^CPU[23] +<not counted> +cpu_core/'
	["perf stat -a -A -e cpu_core/r1a/ -- sh -c \"echo 'cpu=1 config=0x1a count=123457' > /sys/kernel/debug/hybrid_pmu_model/inject\""]='^CPU[23] +<not counted> +cpu_core/'
	['perf stat -- ./loop']='^ *<not counted> +cpu_atom/'
)

# Commands shown failing, and the text perf prints for them
declare -A SHOWN_FAILING=(
	['perf record -- ./loop']="doesn't support sampling"
)

# doc_commands FILE: "line<TAB>command" for every command of FILE that a
# board runs; the others (builds, packages, the switch) are run where
# tests/tools/doc-commands-test says
doc_commands() {
	awk -f "$VM_TOP/tests/e2e/doc-commands.awk" "$1" |
		awk -F '\t' '$2 == "board" { print $1 "\t" $3 }'
}

# fill_in CMD: the command as the board runs it
fill_in() {
	local c=$1 i
	for ((i = 0; i < ${#FILL_IN[@]}; i += 2)); do
		c=${c//"${FILL_IN[i]}"/"${FILL_IN[i + 1]}"}
	done
	# the imx8 guide's workload placeholder, at the end of a command
	c=${c% cmd}
	# the super filter's examples are for an i.MX8DXL, whose one
	# controller is imx8_ddr0; on the board it is another number
	case $c in
	*axi_channel=*) c=${c//imx8_ddr0/$(pmu_of imx8dxl)} ;;
	esac
	# perf 6.12 looks metrics up only where it has a table for the CPU
	# (metricgroup__parse_groups()), which a real i.MX8 has and the x86
	# board's emulated CPU has not: name one, as a board engineer's perf
	# would find its own; the i.MX8 metrics themselves are system metrics,
	# matched to the PMU by its identifier
	case $c in
	*' -M '*) c="PERF_CPUID=$METRIC_CPUID $c" ;;
	esac
	# a task's events count where it runs: the hybrid guide's tasks start
	# on a core CPU (one never leaves it), so perf, their parent, stays on
	# core CPU 0
	case $c in
	*' -a'*) ;;
	'perf stat '*) c="taskset -c 0 $c" ;;
	esac
	case $c in
	*'perf stat'*' -- '* | *'perf stat'*' sleep '* | *'perf stat'*' sh -c '*) ;;
	*'perf stat'*) c="$c -- sleep 0" ;;
	esac
	echo "$c"
}

test_every_command() {
	local doc line cmd run out rc n=0 bad=0 want shown
	for doc in "${DOCS[@]}"; do
		while IFS=$'\t' read -r line cmd; do
			n=$((n + 1))
			run=$(fill_in "$cmd")
			case $run in
			perf\ * | *' perf '*) run=${run/perf /\"\$PERF\" } ;;
			t410-metrics\ *) run=\"\$VM_TOP/tools/t410-metrics\"${run#t410-metrics} ;;
			pmu-metrics\ *) run=\"\$VM_TOP/tools/pmu-metrics\"${run#pmu-metrics} ;;
			esac
			rc=0
			out=$(cd /tmp && eval "$run" 2>&1 </dev/null) || rc=$?
			want=${SHOWN_FAILING[$cmd]:-}
			if [ -n "$want" ]; then
				if [ $rc = 0 ] || [[ $out != *"$want"* ]]; then
					echo "  ${doc#"$VM_TOP"/}:$line: $cmd"
					echo "    should fail saying '$want'; exit $rc: $(echo "$out" | tail -3)"
					bad=$((bad + 1))
				fi
				continue
			fi
			# what the docs show not counted is no failure; the rest is
			shown=${SHOWN_NOT_COUNTED[$cmd]:-}
			[ -z "$shown" ] || out=$(grep -Ev "$shown" <<<"$out")
			if [ $rc != 0 ] || grep -Eq "$PERF_SAYS_NO" <<<"$out"; then
				echo "  ${doc#"$VM_TOP"/}:$line: $cmd"
				echo "    ran: $run"
				echo "    exit $rc: $(grep -Em2 "$PERF_SAYS_NO" <<<"$out" | tr -s ' ')"
				bad=$((bad + 1))
			fi
		done < <(doc_commands "$doc")
	done
	echo "  $n commands run, $bad failed"
	[ "$n" -gt 40 ] || fail "only $n commands found in the docs"
	[ $bad = 0 ] || fail "$bad of the docs' commands do not run as written"
}

# make demo's guest part (tests/rig/demo boots this board with it): runs to
# its end (it shows refusals on purpose: perf record, a group of both
# CPU types)
test_demo_script() {
	local out rc=0
	out=$(cd /tmp && bash "$VM_TOP/tests/guest/demo.sh" 2>&1) || rc=$?
	echo "$out" | tail -5
	expect_eq "demo.sh's exit status" $rc 0
	grep -q "model's own totals" <<<"$out" || fail "the demo did not get to the model's totals"
}

run_test "every perf, pmu-metrics, t410-metrics, sysfs and debugfs command of the admin guides and README runs" \
	test_every_command
run_test "make demo: tests/guest/demo.sh runs to its end" test_demo_script
t_summary
