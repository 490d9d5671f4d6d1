#!/bin/bash
# Every perf command line of the admin guides and the README, run on the
# virtual board as written, so that a wrong event, metric or PMU name, or
# a stale example, fails a test.  Run inside the virtual board
# (tools/vm-run).
#
# A command is an indented line of a literal block that starts with
# "perf ", "# perf " or "$ perf " (and its "\" continuations), or a
# ``perf ... -e ...`` (or -M) literal in the prose.  What a
# reader must fill in is filled in here, from the table below; a command
# with no workload gets "-- sleep 0" (perf stat -a would wait for ^C).
# Commands the docs show failing on purpose are listed with what perf
# must say.
# shellcheck disable=SC2016

. "$VM_TOP/tests/guest/lib.sh"

DOCS=("$VM_TOP"/Documentation/admin-guide/perf/*.rst "$VM_TOP/README.md")

# What the docs leave to the reader: "word" -> what the board has
FILL_IN=(
	'./loop' 'sh -c "i=0; while [ \$i -lt 2000 ]; do i=\$((i+1)); done"'
	'axi_mask=0xMMMM' 'axi_mask=0xfff0'
	'axi_id=0xDDDD' 'axi_id=0x12'
	'axi_channel=0xH' 'axi_channel=0x1'
)

# Templates, not commands: a placeholder only a reader can choose
is_template() {
	case $1 in
	*PMU/EVENT/* | *'[-I MS]'* | *TMPFILE*) return 0 ;;
	esac
	return 1
}

# A CPU perf has metric tables for: Alder Lake on x86 (the x86 perf
# carries every architecture's tables), the i.MX8MP's Cortex-A53 (MIDR
# 0x410fd034) on arm64
case $(uname -m) in
aarch64) METRIC_CPUID=0x00000000410fd034 ;;
*) METRIC_CPUID=GenuineIntel-6-97-2 ;;
esac

# What perf prints when a command did not do what it says
PERF_SAYS_NO='<not supported>|event syntax error|Cannot find PMU|Unable to find|Unknown|unknown (term|metric)|Cannot resolve'

# Commands shown failing, and the text perf prints for them
declare -A SHOWN_FAILING=(
	['perf record -- ./loop']="doesn't support sampling"
)

# doc_commands FILE: "line<TAB>command" for every command of FILE
doc_commands() {
	awk '
	function flush() { if (cmd != "") print start "\t" cmd; cmd = "" }
	cont {
		line = $0
		sub(/^[ \t]+/, "", line)
		cmd = cmd " " line
		cont = sub(/[ \t]*\\$/, "", cmd)
		if (!cont) flush()
		next
	}
	# a command quoted in the prose, ``perf ... -e EVENT`` or -M METRIC
	# (a bare ``perf stat -vv`` names an option, not something to run)
	/``perf [^`]+``/ {
		line = $0
		while (match(line, /``perf [^`]+``/)) {
			quoted = substr(line, RSTART + 2, RLENGTH - 4)
			if (quoted ~ / -[eM] /)
				print FNR "\t" quoted
			line = substr(line, RSTART + RLENGTH)
		}
		next
	}
	/^[ \t]+(# |\$ )?perf (stat|list|record|test|report) / {
		line = $0
		sub(/^[ \t]+(# |\$ )?/, "", line)
		sub(/[ \t]+#[^\x27"]*$/, "", line)	# a trailing comment
		start = FNR
		cmd = line
		cont = sub(/[ \t]*\\$/, "", cmd)
		if (!cont) flush()
	}' "$1"
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
	case $c in
	*'perf stat'*' -- '* | *'perf stat'*' sleep '* | *'perf stat'*' sh -c '*) ;;
	*'perf stat'*) c="$c -- sleep 0" ;;
	esac
	echo "$c"
}

test_every_command() {
	local doc line cmd run out rc n=0 bad=0 want
	for doc in "${DOCS[@]}"; do
		while IFS=$'\t' read -r line cmd; do
			is_template "$cmd" && continue
			n=$((n + 1))
			run=$(fill_in "$cmd")
			run=${run/perf /\"\$PERF\" }
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

run_test "every perf command of the admin guides and README runs" test_every_command
t_summary
