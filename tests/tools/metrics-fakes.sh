# The metrics tool's host tests' fakes (sourced by t410-metrics-test and
# pmu-metrics-test, after ktap.sh): a sysfs tree of PMU directories in
# $SYS, a PCI tree of Tegra410 root ports and devices (make_pci), a perf
# ($PERF) that records its arguments and writes canned "perf stat -x;"
# output to its -o file, how a test runs the tool ($TOOL) and reads what
# it printed, and checks of what perf was asked to count.  Needs $W, a
# directory of the test's.
# shellcheck shell=bash

SYS=$W/sys

# expect_grep WHAT FILE REGEX / expect_nogrep WHAT FILE REGEX
expect_grep() {
	grep -qE -- "$3" "$2" || { sed 's/^/  | /' "$2"; fail "$1: no line matches /$3/"; }
}
expect_nogrep() {
	! grep -qE -- "$3" "$2" || { sed 's/^/  | /' "$2"; fail "$1: a line matches /$3/"; }
}

# --- the fake sysfs -------------------------------------------------------

# mkpmu NAME EVENT...: a PMU directory listing EVENTs
mkpmu() {
	local d=$SYS/$1 e i=0
	shift
	mkdir -p "$d/events" "$d/format"
	echo 0 >"$d/cpumask"
	echo "config:0-32" >"$d/format/event"
	for e in "$@"; do
		printf 'event=0x%x\n' $i >"$d/events/$e"
		i=$((i + 1))
	done
}

# block_pmu_reads PMU / unblock_pmu_reads PMU: the PMU's peer file a FIFO,
# so that the tool's next look at the PMU (an exporter choosing its PMUs
# again before it starts perf again) waits until unblocked: a state the
# tool is in (an exporter between two perfs) kept while a test looks
block_pmu_reads() { rm -f "$SYS/$1/peer" && mkfifo "$SYS/$1/peer"; }
unblock_pmu_reads() {
	# a writer (opened read-write: no wait for a reader) lets a reader
	# waiting for one go on, to read nothing; the FIFO gone, none waits
	exec 9<>"$SYS/$1/peer"
	rm -f "$SYS/$1/peer"
	exec 9>&-
}

# --- the fake perf --------------------------------------------------------

# FAKE_CSV: file copied to perf's -o file; FAKE_RC: its exit status;
# FAKE_STDERR: what it prints on stderr; FAKE_RUN=1: run the command
# after "--".  Its arguments go to $W/perf.args, one a line, and the
# events its -e arguments name to $W/perf.events, one a line, a group's
# ({A,B}: events counted together) each of its own.  FAKE_CSV2:
# appended to the -o file once the tool has printed a line matching
# FAKE_WAIT_FOR ($W/streamed says it had), as perf -I writes interval
# after interval.  FAKE_UNTIL_INT=1: count until a SIGINT (FAKE_LOOPS
# twentieths of a second at most), then write the output and die of the
# SIGINT, as perf does; FAKE_EARLY=1 with it: the output written first
# (an exporter's perf -I, its reports there while it runs).
# FAKE_END_ON=FILE: its output written, perf runs until FILE is there,
# then exits.  Each start is counted in $W/perf.starts; start N writes
# $FAKE_CSV.N instead of $FAKE_CSV where there is one.  FAKE_CHILD=1:
# perf leaves a process in its process group (a command's), its pid in
# $W/perf.child.
cat >"$W/perf" <<'EOF'
#!/bin/bash
stop=
[ -z "${FAKE_UNTIL_INT:-}" ] || trap 'stop=1' INT
printf '%s\n' "$@" >"$FAKE_DIR/perf.args"
# (a group's events split at the commas between them, not at those
# between an event's terms, inside its /.../)
awk 'prev == "-e" {
	s = $0; if (s ~ /^\{.*\}$/) s = substr(s, 2, length(s) - 2)
	inside = 0; ev = ""
	for (i = 1; i <= length(s); i++) {
		c = substr(s, i, 1)
		if (c == "/") inside = !inside
		if (c == "," && !inside) { print ev; ev = ""; continue }
		ev = ev c
	}
	print ev
} { prev = $0 }' "$FAKE_DIR/perf.args" >"$FAKE_DIR/perf.events"
n=$(($(cat "$FAKE_DIR/perf.starts" 2>/dev/null || echo 0) + 1))
echo $n >"$FAKE_DIR/perf.starts"
[ ! -e "${FAKE_CSV:-}.$n" ] || FAKE_CSV=$FAKE_CSV.$n
if [ -n "${FAKE_CHILD:-}" ]; then
	sleep 600 &
	echo $! >"$FAKE_DIR/perf.child"
fi
out=
while [ $# -gt 0 ]; do
	case $1 in
	-o) out=$2; shift ;;
	--) shift; break ;;
	esac
	shift
done
[ -z "${FAKE_STDERR:-}" ] || printf '%s\n' "$FAKE_STDERR" >&2
[ -z "${FAKE_RUN:-}" ] || "$@"
if [ -n "${FAKE_UNTIL_INT:-}" ]; then
	[ -z "${FAKE_EARLY:-}" ] || cat "$FAKE_CSV" >"$out"
	for _ in $(seq "${FAKE_LOOPS:-400}"); do
		[ -z "$stop" ] || break
		sleep 0.05
	done
	[ -n "${FAKE_EARLY:-}" ] || cat "$FAKE_CSV" >"$out"
	trap - INT
	kill -INT $$
fi
[ -z "${FAKE_CSV:-}" ] || [ -z "$out" ] || cat "$FAKE_CSV" >"$out"
if [ -n "${FAKE_END_ON:-}" ]; then
	for _ in $(seq 6000); do
		[ ! -e "$FAKE_END_ON" ] || break
		sleep 0.05
	done
fi
if [ -n "${FAKE_CSV2:-}" ]; then
	for _ in $(seq 400); do
		if grep -q -- "$FAKE_WAIT_FOR" "$FAKE_DIR/out"; then
			echo yes >"$FAKE_DIR/streamed"
			break
		fi
		sleep 0.05
	done
	cat "$FAKE_CSV2" >>"$out"
fi
exit "${FAKE_RC:-0}"
EOF
chmod +x "$W/perf"
export PERF=$W/perf FAKE_DIR=$W

# csv LINE...: the canned perf output, as perf 6.12 writes it
csv() {
	{
		echo "# started on Mon Jan  1 00:00:00 2026"
		echo
		printf '%s\n' "$@"
	} >"$W/perf.csv"
}

# tool ARGS...: run the tool on the fake tree; stdout in $W/out, stderr in
# $W/err, status in $RC
tool() {
	rm -f "$W/perf.args"
	RC=0
	FAKE_CSV=$W/perf.csv "$TOOL" --sysfs "$SYS" "$@" >"$W/out" 2>"$W/err" || RC=$?
	echo "\$ $(basename "$TOOL") $*  (exit $RC)"
	sed 's/^/  | /' "$W/out" "$W/err"
}

# val PMU METRIC [TIME]: the value printed for one metric, spaces squeezed
val() {
	awk -v p="$1" -v m="$2" -v t="${3:-}" '
		t == "" && $1 == p && $2 == m { $1 = $2 = ""; sub(/^ +/, ""); print; exit }
		t != "" && $1 == t && $2 == p && $3 == m {
			$1 = $2 = $3 = ""; sub(/^ +/, ""); print; exit }' "$W/out"
}


# --- PCI devices (--pci) ----------------------------------------------------

# The fake PCI tree, under $W/root/sys, as Linux lays it out: root ports
# under their host bridge (pciSSSS:BB), functions below them, bus/pci/
# devices links, a network interface and a block device on two of them.
# Each root port's configuration space (4 KiB, as root reads it) has an
# AER capability at 0x100 and, but on the last one, NVIDIA's DVSEC after
# it at 0x150 (vendor 0x10de, ID 4; bytes 0xc-0x10: bus, segment, root
# port, RC, socket), as the Tegra410 guide describes it.
PROOT=$W/root
# mkconfig FILE [BUS SEG RP RC SOCKET]: a root port's configuration space
mkconfig() {
	python3 - "$@" <<'PY'
import struct, sys
cfg = bytearray(4096)
struct.pack_into('<HH', cfg, 0, 0x10de, 0x22b1)
# AER (ID 1, version 2), next at 0x150 (or none)
nxt = 0x150 if len(sys.argv) > 2 else 0
struct.pack_into('<I', cfg, 0x100, 1 | (2 << 16) | (nxt << 20))
if nxt:
    bus, seg, rp, rc, sock = (int(a, 0) for a in sys.argv[2:7])
    struct.pack_into('<III', cfg, 0x150, 0x23 | (1 << 16),
                     0x10de | (1 << 16) | (0x14 << 20), 4)
    cfg[0x15c:0x161] = bytes([bus, seg, rp, rc, sock])
open(sys.argv[1], 'wb').write(cfg)
PY
}
# mkfn PATH CLASS: a PCI function's directory (PATH under devices/) and
# its bus/pci/devices link
mkfn() {
	mkdir -p "$PROOT/sys/devices/$1"
	echo "$2" >"$PROOT/sys/devices/$1/class"
	ln -sfn "../../../devices/$1" "$PROOT/sys/bus/pci/devices/$(basename "$1")"
}
make_pci() {
	local a=pci0009:00/0009:00:00.0 b=pci0009:00/0009:00:01.0 c=pci000a:00/000a:00:00.0
	local d=pci0000:00/0000:00:02.0
	rm -rf "$PROOT" && mkdir -p "$PROOT/sys/bus/pci/devices" "$PROOT/sys/class/net" \
		"$PROOT/sys/class/block"
	# socket 0, RC 1: root port 2 with a NIC alone, root port 3 with a
	# two-function device; socket 1, RC 2, root port 0: an NVMe drive;
	# a root port without the DVSEC (not a Tegra410 RC) and a device
	mkfn $a 0x060400
	mkconfig "$PROOT/sys/devices/$a/config" 0x01 0x09 2 1 0
	mkfn $a/0009:01:00.0 0x020000
	mkdir -p "$PROOT/sys/devices/$a/0009:01:00.0/net/eth0"
	ln -s ../../devices/$a/0009:01:00.0/net/eth0 "$PROOT/sys/class/net/eth0"
	mkfn $b 0x060400
	mkconfig "$PROOT/sys/devices/$b/config" 0x02 0x09 3 1 0
	mkfn $b/0009:02:00.0 0x030200
	mkfn $b/0009:02:00.1 0x040300
	mkfn $c 0x060400
	mkconfig "$PROOT/sys/devices/$c/config" 0x01 0x0a 0 2 1
	mkfn $c/000a:01:00.0 0x010802
	mkdir -p "$PROOT/sys/devices/$c/000a:01:00.0/nvme/nvme0/nvme0n1"
	ln -s ../../devices/$c/000a:01:00.0/nvme/nvme0/nvme0n1 "$PROOT/sys/class/block/nvme0n1"
	mkfn $d 0x060400
	mkconfig "$PROOT/sys/devices/$d/config"
	mkfn $d/0000:01:00.0 0x020000
	# an integrated endpoint: on the host bridge, behind no root port
	mkfn pci0000:00/0000:00:05.0 0x078000
}

# ptool ARGS...: the tool with the fake PCI tree
ptool() { tool --pci-root "$PROOT" "$@"; }

# --- what perf was asked to count -----------------------------------------

# counters_fit: every PMU's events in $W/perf.events fit its counters at
# once (nothing multiplexed), as the drivers and the boards' models have
# them: a CoreSight PMU (Tegra410 UCF, PCIE, PCIE-TGT; Grace SCF, PCIE,
# NVLink; AmpereOne MCU) 7 and its cycle counter (PMCFGR.N + 1 = 8 on the
# models); the CMEM and NVLink latency units 32 events at once; an i.MX8
# DDR monitor 3 and its cycle counter (counter 0).  A PMU counted for
# several --pci devices is one unit.  Prints each PMU's count.
counters_fit() {
	python3 - "$W/perf.events" <<'PY'
import re, sys
SHARED = re.compile(r'^nvidia_(cmem_latency|nvlink_c2c|nvclink|nvdlink)_pmu_')
IMX8 = re.compile(r'^imx8_(ddr|db)[0-9]+$')
per = {}
for line in open(sys.argv[1]):
    parts = line.strip().split('/')
    if len(parts) < 3:
        continue                # duration_time
    per.setdefault(parts[0], []).append(parts[1].split(',')[0])
bad = 0
for pmu, evs in sorted(per.items()):
    cycles = evs.count('cycles')
    if SHARED.match(pmu):
        cap, ok = '32 events at once', len(evs) <= 32
    elif IMX8.match(pmu):
        cap, ok = '3 counters and the cycle counter', cycles <= 1 and len(evs) - cycles <= 3
    else:
        cap, ok = '7 counters and the cycle counter', cycles <= 1 and len(evs) - cycles <= 7
    print('%s: %d events and %d cycles, on %s: %s' % (
        pmu, len(evs) - cycles, cycles, cap, 'they fit' if ok else 'TOO MANY'))
    bad += not ok
sys.exit(bad != 0)
PY
}

# latency_grouped [CYCLES]: in $W/perf.args, each -e naming a latency's
# outstanding cycles (*cum_outs*, *_outstanding) is a group ({...}) that
# has its requests (the same event with req, or access, for cum_outs or
# outstanding) with the same terms, and with CYCLES=cycles the PMU's
# cycles too.  Prints each group.
latency_grouped() {
	python3 - "$W/perf.args" "${1:-}" <<'PY'
import re, sys
args = open(sys.argv[1]).read().split('\n')
want_cycles = sys.argv[2] == 'cycles'
bad = seen = 0
for prev, arg in zip(args, args[1:]):
    if prev != '-e':
        continue
    events = re.findall(r'[^{},/]+/[^/]*/', arg)
    for ev in events:
        pmu, body = ev.split('/')[:2]
        name, _, terms = body.partition(',')
        if 'cum_outs' not in name and 'outstanding' not in name:
            continue
        seen += 1
        req = name.replace('cum_outs', 'req').replace('outstanding', 'access')
        need = ['%s/%s/' % (pmu, ','.join(x for x in (req, terms) if x))]
        if want_cycles:
            # (cycles with the device's source filter, not its destinations)
            t = ','.join(x for x in terms.split(',') if x.startswith('src_') or
                         x.startswith('gpu_mask'))
            need.append('%s/%s/' % (pmu, ','.join(x for x in ('cycles', t) if x)))
        ok = arg.startswith('{') and all(n in events for n in need)
        print('%s: %s %s' % (ev, 'grouped with' if ok else 'NOT grouped with', ' '.join(need)))
        bad += not ok
if not seen:
    print('no latency counted')
sys.exit(bad != 0 or not seen)
PY
}
