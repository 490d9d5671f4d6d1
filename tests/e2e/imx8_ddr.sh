#!/bin/bash
# End-to-end tests of the i.MX8 DDR PMU: the real perf tool against the
# driver, probed from the board's ACPI tables over the hardware model.
# Run inside the virtual board (tools/vm-run); prints TAP and a summary.
# shellcheck disable=SC2016

. "$VM_TOP/tests/guest/lib.sh"

MQ=$(pmu_of imx8mq) || fail "no i.MX8MQ PMU"
MP=$(pmu_of imx8mp) || fail "no i.MX8MP PMU"
DXL=$(pmu_of imx8dxl) || fail "no i.MX8DXL PMU"
PLAIN=$(pmu_of imx8) || fail "no plain i.MX8 PMU"
DB=$(pmu_of imx8dxl-db) || fail "no i.MX8DXL DB PMU"

reset_models() {
	local m
	for m in imx8mq imx8mp imx8dxl imx8 imx8dxl-db; do inject $m reset; done
	# the arm64 device-tree board's i.MX8MM and i.MX8MN
	for m in imx8mm imx8mn; do [ ! -d "$MODELS/$m" ] || inject $m reset; done
}


# Every events/, format/, caps/ and identifier file of each controller,
# byte for byte as Linux 7.2's fsl_imx8_ddr_perf shows that compatible
# (tests/e2e/sysfs/): all 32 events on every generation, even where
# axid-read/axid-write have no filter to select on
test_sysfs_files() {
	local v
	for v in imx8 imx8mq imx8mp imx8dxl; do
		expect_sysfs "$(pmu_of $v)" "${v}_ddr"
	done
}

# The DB PMU: its own name and numbers, the DDR PMUs' identifier, only
# cycles, axid-read and axid-write in events/, all five format files
test_db_sysfs() {
	expect_sysfs "$DB" imx8dxl_db
	expect_eq "DB PMU name (numbered apart from imx8_ddr0-3)" "$DB" imx8_db0
	[[ $DXL =~ ^imx8_ddr[0-9]+$ ]] || fail "pmu_of imx8dxl gave $DXL, not an imx8_ddrN"
	expect_eq "identifier shared with $DXL" "$(<"$PMUS/$DB/identifier")" \
		"$(<"$PMUS/$DXL/identifier")"
	expect_eq "DB interrupt" "$(irq_line "$DB")" "$(board_irq 13)"
}

test_sysfs_cpumask() {
	local c
	c=$(<$PMUS/$MQ/cpumask)
	[[ $c =~ ^[0-9]+$ ]] || fail "cpumask '$c' is not one CPU"
	[ ! -e $PMUS/$MQ/associated_cpus ] || fail "associated_cpus shown"
	echo "  cpumask = $c"
}

test_perf_list() {
	local out db e
	out=$("$PERF" list pmu 2>&1)
	echo "$out" | grep -q "$MQ/read/" || fail "perf list lacks $MQ/read/"
	echo "$out" | grep -q "$MQ/axid-read/" || fail "perf list lacks $MQ/axid-read/"
	echo "$out" | grep -q "$PLAIN/cycles/" || fail "perf list lacks $PLAIN/cycles/"
	# perf 6.12 takes "db0" for a hexadecimal instance number: it lists
	# the DB's events as imx8/EVENT/ (both names reach the PMU)
	db=$(echo "$out" | grep -E "^ *($DB|imx8)/")
	echo "$db"
	for e in cycles axid-read axid-write; do
		grep -q "/$e/" <<<"$db" || fail "perf list lacks the DB's $e"
	done
	grep -q "/read/" <<<"$db" && fail "perf list shows read on the DB"
	return 0
}

# perf's own i.MX8 metrics (tools/perf/pmu-events/arch/arm64/freescale,
# in the arm64 perf only): perf picks a table by the PMU's identifier.
# The imx8mp table's expressions name imx8_ddr0 itself, as on an i.MX8MP
# (one controller), so the arm64 board's device tree puts that
# controller first; the imx8mq table's count read_cycles on any PMU whose
# identifier is i.MX8MQ.  arm64 perf computes metrics only on a machine
# with one CPU PMU (tools/perf/arch/arm64/util/pmu.c: none, or
# big.LITTLE's two, and -M fails with EINVAL and no message), as an
# i.MX8 has: that board boots with the CPUs' PMUv3.  A metric is its
# event's count times the table's factor, in KB (ScaleUnit 1/1024): the
# count must be what the model's counter counted, and the value what
# perf prints for count x factor / 1024.  The imx8mm and imx8mn tables
# count read_cycles on the PMU of their identifier, as the imx8mq one
# does, with their own factors (4 x 4, 4 x 2): the device-tree board has
# an i.MX8MM and an i.MX8MN controller for them.
# metric NAME WORKLOAD: "COUNT VALUE UNIT" as perf stat -x, prints them
metric() {
	"$PERF" stat -a -x, -o /tmp/perf-metric.csv -M "$1" -- sh -c "$2" ||
		fail "perf stat -M $1 failed"
	grep -v '^#' /tmp/perf-metric.csv | grep . | sed 's/^/  | /' >&2
	awk -F, -v m="$1" '{ for (i = 2; i <= NF; i++) if (index($i, m)) {
		split($i, u, " "); print $1, $(i - 1), u[1]; exit } }' /tmp/perf-metric.csv
}
# event_counted MODEL CSV: what MODEL's counter of event CSV counted since
# the reset (its byte count where it has one: the i.MX8MP's axid events)
event_counted() {
	awk -v e="csv=$2" '$1 ~ /^counter[1-3]$/ && index($0, e " ") {
		for (i = 3; i <= NF; i++) { split($i, kv, "="); v[kv[1]] = kv[2] }
		print ("bytes" in v ? v["bytes"] : v["counted"]); exit }' "$MODELS/$1/totals"
}
# expect_metric NAME WORKLOAD MODEL CSV FACTOR INJECTED: NAME's event
# counts what MODEL's counter of event CSV counted, which is INJECTED,
# and NAME's value is that x FACTOR in KB
expect_metric() {
	local count value unit
	reset_models
	read -r count value unit < <(metric "$1" "$2")
	expect_eq "$1: its event's count, the model's" "$count" "$(event_counted "$3" "$4")"
	expect_eq "$1: what was injected" "$count" "$6"
	expect_eq "$1: unit" "$unit" KB
	# perf prints as many decimals as it likes (8.0): right to half the
	# last one printed
	awk -v v="$value" -v c="$count" -v f="$5" 'BEGIN {
		want = c * f / 1024; d = v - want; if (d < 0) d = -d
		n = index(v, ".") ? length(v) - index(v, ".") : 0
		printf "  %s KB, want %.4f KB\n", v, want
		exit !(d <= 0.5 * 10 ^ -n + 1e-9) }' ||
		fail "$1: perf printed $value KB"
}
test_perf_metrics() {
	local w
	[ "$(uname -m)" = aarch64 ] || skip "perf's i.MX8 tables are in the arm64 perf only"
	expect_eq "imx8_ddr0 (named by perf's imx8mp metrics)" "$MP" imx8_ddr0
	# axid-read counts bytes on the i.MX8MP: every ID 100 x 64 + 28 x 64
	# = 8 KB; the A53's (ID 0) 28 x 64 = 1.75 KB
	w="model-traffic imx8mp 'read count=100 bytes=64 id=0x70' 'read count=28 bytes=64 id=0' 'write count=5 bytes=64 id=0'"
	expect_metric imx8mp_ddr_read.all "$w" imx8mp 0x41 1 8192
	expect_metric imx8mp_ddr_read.a53 "$w" imx8mp 0x41 1 1792
	# the guide's pair: one shared filter, so they take turns, each
	# counting part of the time (perf scales them; the percentage is the
	# third field from the end: the events' names have commas)
	"$PERF" stat -a -x, -o /tmp/perf-metric.csv \
		-M imx8mp_ddr_read.a53,imx8mp_ddr_read.3d -- sh -c "for i in 1 2 3 4 5 6 7 8; do
			model-traffic imx8mp 'read count=10 bytes=64 id=0x70' 'read count=10 bytes=64 id=0'
			sleep 0.05; done" || fail "the guide's perf stat -M a53,3d failed"
	grep -v '^#' /tmp/perf-metric.csv | grep . | sed 's/^/  | /'
	expect_eq "the guide's two metrics, each part of the time" "$(awk -F, '
		match($0, /imx8mp_ddr_read\.(a53|3d)/) && $(NF - 2) < 100 {
			print substr($0, RSTART, RLENGTH) }' /tmp/perf-metric.csv | sort | tr '\n' ' ')" \
		"imx8mp_ddr_read.3d imx8mp_ddr_read.a53 "
	# read_cycles: 8 data beats a 64-byte burst; the imx8mq table takes a
	# beat for 16 bytes (4 * 4): 64 x 8 x 16 = 8 KB
	w="model-traffic imx8mq 'read count=64 bytes=64' 'write count=9 bytes=64'"
	expect_metric imx8mq_ddr_read.all "$w" imx8mq 0x2a 16 512
	pmu_of imx8mm >/dev/null && pmu_of imx8mn >/dev/null ||
		fail "no i.MX8MM or i.MX8MN PMU: the device-tree board has both"
	w="model-traffic imx8mm 'read count=40 bytes=64' 'write count=3 bytes=64'"
	expect_metric imx8mm_ddr_read.all "$w" imx8mm 0x2a 16 320
	w="model-traffic imx8mn 'write count=25 bytes=64' 'read count=2 bytes=64'"
	expect_metric imx8mn_ddr_write.all "$w" imx8mn 0x2b 8 200
}

# Documentation: perf stat -a -e imx8_ddr0/cycles/ cmd and
# perf stat -a -e imx8_ddr0/read/,imx8_ddr0/write/ cmd
test_doc_examples_exact_counts() {
	local w
	w="model-traffic imx8mq 'read count=1000 bytes=64' 'write count=300 bytes=32'"
	reset_models
	mapfile -t c < <(counts "$MQ/cycles/" "$w")
	# 1000 x 8 beats + 300 x 4 beats
	expect_eq cycles "${c[0]}" 9200
	expect_eq "model cycles" "$(counted imx8mq 0)" "${c[0]}"
	expect_eq "model total cycles" "$(total imx8mq cycles)" 9200
	reset_models
	mapfile -t c < <(counts "$MQ/read/,$MQ/write/" "$w")
	expect_eq reads "${c[0]}" 1000
	expect_eq writes "${c[1]}" 300
	expect_eq "model reads" "$(total imx8mq read_bursts)" 1000
	expect_eq "model writes" "$(total imx8mq write_bursts)" 300
}

test_read_write_cycles() {
	reset_models
	mapfile -t c < <(counts "$PLAIN/read-cycles/,$PLAIN/write-cycles/,$PLAIN/read-accesses/" \
		"model-traffic imx8 'read count=10 bytes=128' 'write count=5 bytes=8'")
	expect_eq read-cycles "${c[0]}" 160
	expect_eq write-cycles "${c[1]}" 5
	expect_eq read-accesses "${c[2]}" 10
}

# perf stat -a -e imx8_ddr0/axid-read,axi_mask=0xMMMM,axi_id=0xDDDD/ cmd
test_axid_filter_mask() {
	reset_models
	local w
	w="model-traffic imx8mq 'read count=100 id=0x12' 'read count=20 id=0x13' 'read count=3 id=0x22' 'write count=40 id=0x12'"
	mapfile -t c < <(counts "$MQ/axid-read,axi_id=0x12/" "$w")
	expect_eq "axid-read id 0x12" "${c[0]}" 100
	# axi_mask bits are the ones ignored: 0x1 lets 0x12 and 0x13 through
	mapfile -t c < <(counts "$MQ/axid-read,axi_mask=0x1,axi_id=0x12/" "$w")
	expect_eq "axid-read id 0x12/0x13" "${c[0]}" 120
	mapfile -t c < <(counts "$MQ/axid-read,axi_mask=0xffff,axi_id=0/" "$w")
	expect_eq "axid-read any id" "${c[0]}" 123
	mapfile -t c < <(counts "$MQ/axid-write,axi_mask=0x00f0,axi_id=0x02/" "$w")
	expect_eq "axid-write 0x02 mask 0xf0" "${c[0]}" 40
}

# Same filter on both events of a group is fine on the shared DPCR1
test_axid_shared_filter_group() {
	reset_models
	mapfile -t c < <(counts "{$MQ/axid-read,axi_id=0x7/,$MQ/axid-write,axi_id=0x7/}" \
		"model-traffic imx8mq 'read count=11 id=7' 'write count=13 id=7' 'write count=5 id=8'")
	expect_eq axid-read "${c[0]}" 11
	expect_eq axid-write "${c[1]}" 13
}

# The enhanced filter (i.MX8MP) counts bytes for axid events
test_enhanced_filter_bytes() {
	reset_models
	mapfile -t c < <(counts "$MP/axid-read,axi_id=0x5/,$MP/axid-write,axi_id=0x5/,$MP/read/" \
		"model-traffic imx8mp 'read count=100 bytes=64 id=5' 'write count=7 bytes=128 id=5' 'read count=9 id=6'")
	expect_eq "axid-read bytes" "${c[0]}" 6400
	expect_eq "axid-write bytes" "${c[1]}" 896
	expect_eq "read bursts" "${c[2]}" 109
}

# The super filter (i.MX8DXL) has a filter per counter: three IDs at once
test_super_filter_three_ids() {
	reset_models
	local w
	w="model-traffic imx8dxl 'read count=10 bytes=64 id=0x1' 'read count=20 bytes=64 id=0x2' 'write count=30 bytes=64 id=0x3' 'read count=50 bytes=64 id=0x3'"
	mapfile -t c < <(counts "$DXL/axid-read,axi_id=0x1/,$DXL/axid-read,axi_id=0x2/,$DXL/axid-write,axi_id=0x3/" "$w")
	# data channel (the default) counts beats: 8 per 64-byte burst
	expect_eq "id 1 read beats" "${c[0]}" 80
	expect_eq "id 2 read beats" "${c[1]}" 160
	expect_eq "id 3 write beats" "${c[2]}" 240
	# perf stat -a -e imx8_ddr0/axid-read,axi_mask=..,axi_id=..,axi_channel=0xH/
	mapfile -t c < <(counts "$DXL/axid-read,axi_mask=0x3,axi_id=0x0,axi_channel=0x1/,$DXL/axid-write,axi_mask=0x0,axi_id=0x3,axi_channel=0x1/" "$w")
	expect_eq "ids 0-3 read address channel" "${c[0]}" 80
	expect_eq "id 3 write address channel" "${c[1]}" 30
}

# The DB's traffic: two directions, four ports, three IDs, bursts of
# 8, 4, 16 and 2 beats
DB_TRAFFIC="model-traffic imx8dxl-db 'read count=100 bytes=64 id=0x10 port=0' \
'read count=30 bytes=32 id=0x11 port=3' 'read count=7 bytes=128 id=0x10 port=7' \
'write count=40 bytes=64 id=0x20 port=3' 'write count=11 bytes=16 id=0x21 port=5' \
'write count=9 bytes=64 id=0x20 port=0'"

# perf stat -a -e imx8_db0/axid-read,axi_mask=0xffff,axi_port=P,axi_channel=C/:
# each port and channel counts exactly its own traffic (every ID), as the
# model's per-port totals say: beats on the data channel (the default),
# bursts on the address channel
test_db_ports_channels() {
	local any=axi_mask=0xffff
	reset_models
	mapfile -t c < <(counts "$DB/axid-read,$any/,$DB/axid-read,$any,axi_port=0x3,axi_channel=0x1/,$DB/axid-read,$any,axi_port=0x7/,$DB/cycles/" "$DB_TRAFFIC")
	expect_eq "port 0 read beats" "${c[0]}" 800
	expect_eq "model port 0 read beats" "$(total imx8dxl-db port0_read_beats)" "${c[0]}"
	expect_eq "port 3 read bursts" "${c[1]}" 30
	expect_eq "model port 3 read bursts" "$(total imx8dxl-db port3_read_bursts)" "${c[1]}"
	expect_eq "port 7 read beats" "${c[2]}" 112
	expect_eq "model port 7 read beats" "$(total imx8dxl-db port7_read_beats)" "${c[2]}"
	# 800 + 120 + 112 read beats, 320 + 22 + 72 write beats
	expect_eq cycles "${c[3]}" 1446
	expect_eq "model cycles" "$(total imx8dxl-db cycles)" "${c[3]}"
	reset_models
	mapfile -t c < <(counts "$DB/axid-write,$any,axi_port=0x3/,$DB/axid-write,$any,axi_port=0x5,axi_channel=0x1/,$DB/axid-write,$any,axi_channel=0x1/" "$DB_TRAFFIC")
	expect_eq "port 3 write beats" "${c[0]}" 320
	expect_eq "model port 3 write beats" "$(total imx8dxl-db port3_write_beats)" "${c[0]}"
	expect_eq "port 5 write bursts" "${c[1]}" 11
	expect_eq "model port 5 write bursts" "$(total imx8dxl-db port5_write_bursts)" "${c[1]}"
	expect_eq "port 0 write bursts" "${c[2]}" 9
	expect_eq "model port 0 write bursts" "$(total imx8dxl-db port0_write_bursts)" "${c[2]}"
	# nothing on a port without traffic of that direction
	reset_models
	mapfile -t c < <(counts "$DB/axid-read,$any,axi_port=0x5/,$DB/axid-write,$any,axi_port=0x7,axi_channel=0x1/,$DB/axid-read,$any,axi_port=0x2,axi_channel=0x1/" "$DB_TRAFFIC")
	expect_eq "port 5 reads" "${c[0]}" 0
	expect_eq "port 7 writes" "${c[1]}" 0
	expect_eq "port 2 reads" "${c[2]}" 0
	expect_eq "model port 2 read bursts" "$(total imx8dxl-db port2_read_bursts)" 0
}

# The ID filter and the port select together, one filter per counter
test_db_id_and_port() {
	reset_models
	mapfile -t c < <(counts "$DB/axid-read,axi_id=0x10,axi_port=0x7,axi_channel=0x1/,$DB/axid-read,axi_id=0x11,axi_port=0x7/,$DB/axid-write,axi_id=0x20,axi_port=0x3/" "$DB_TRAFFIC")
	expect_eq "ID 0x10 port 7 read bursts" "${c[0]}" 7
	expect_eq "ID 0x11 port 7 (it reads on port 3)" "${c[1]}" 0
	expect_eq "ID 0x20 port 3 write beats" "${c[2]}" 320
	reset_models
	mapfile -t c < <(counts "$DB/axid-read,axi_mask=0x1,axi_id=0x10,axi_port=0x3/,$DB/axid-write,axi_mask=0x1,axi_id=0x20,axi_port=0x5,axi_channel=0x1/,$DB/axid-write,axi_id=0x21,axi_port=0x0/" "$DB_TRAFFIC")
	expect_eq "IDs 0x10-0x11 port 3 read beats" "${c[0]}" 120
	expect_eq "IDs 0x20-0x21 port 5 write bursts" "${c[1]}" 11
	expect_eq "ID 0x21 port 0 (it writes on port 5)" "${c[2]}" 0
}

# Counter 0 of the DB overflows (no preset there: a full 2^32 cycles) and
# its interrupt harvests the counters: nothing lost on any port
test_db_overflow() {
	local n=$((4294967296 / 64 + 1234)) irqs0 irqs1
	reset_models
	irqs0=$(irq_count "$DB")
	mapfile -t c < <(counts "$DB/axid-read,axi_mask=0xffff,axi_port=0x2,axi_channel=0x1/,$DB/axid-read,axi_mask=0xffff,axi_port=0x2/,$DB/cycles/" \
		"model-traffic imx8dxl-db 'read count=$n bytes=512 port=2' 'write count=5 port=2'")
	irqs1=$(irq_count "$DB")
	expect_eq "port 2 read bursts" "${c[0]}" $n
	expect_eq "port 2 read beats" "${c[1]}" $((n * 64))
	expect_eq "model port 2 read beats" "$(total imx8dxl-db port2_read_beats)" "${c[1]}"
	expect_eq cycles "${c[2]}" $((n * 64 + 5 * 8))
	expect_eq "model cycles" "$(counted imx8dxl-db 0)" "${c[2]}"
	[ "$(total imx8dxl-db irqs)" -ge 1 ] || fail "counter 0 never overflowed"
	expect_eq "interrupts handled" $((irqs1 - irqs0)) "$(total imx8dxl-db irqs)"
}

# What the DB refuses: the DRAM controller's events, which it does not
# count (hidden in events/, EOPNOTSUPP by number), and the usual
test_db_errno() {
	local out
	expect_eq "read (hidden)" "$(open_err "$DB:0x35")" EOPNOTSUPP
	expect_eq "selfresh (hidden)" "$(open_err "$DB:0x01")" EOPNOTSUPP
	expect_eq "unlisted code" "$(open_err "$DB:0xfe")" EOPNOTSUPP
	expect_eq "axi_port 7 on the DB" "$(open_err "$DB:0x41:0x12:0x7")" ok
	expect_eq "axi_port 7 on the DDR PMU" "$(open_err "$DXL:0x41:0x12:0x7")" EINVAL
	expect_eq "reserved config2 bit" "$(open_err "$DB:0x42:0x12:0x10")" EINVAL
	expect_eq "filter on cycles" "$(open_err "$DB:0x0:0x12")" EINVAL
	expect_eq "sampling" "$(open_err -s 1000 "$DB:0x41")" EOPNOTSUPP
	expect_eq "per-task" "$(open_err -t "$DB:0x41")" EOPNOTSUPP
	expect_eq "DDR PMU event in a DB group" "$(open_err "$DB:0x41" "$DXL:0x41")" EINVAL
	expect_eq "three filters and cycles fit" \
		"$(open_err "$DB:0x0" "$DB:0x41:0x1:0x1" "$DB:0x42:0x2:0x2" "$DB:0x41:0x3:0xb")" ok
	expect_eq "too many events in group" \
		"$(open_err "$DB:0x41" "$DB:0x41:0x1" "$DB:0x42" "$DB:0x42:0x1")" EINVAL
	# by name perf knows the three listed ones only; by number perf shows
	# the refusal as <not supported>
	"$PERF" stat -a -e "$DB/selfresh/" -- true 2>/dev/null && fail "perf took $DB/selfresh/"
	out=$("$PERF" stat -a -x, -e "$DB/event=0x35/" -- true 2>&1)
	[[ $out == *"<not supported>"* ]] || fail "$DB/event=0x35/ not refused: $out"
	# nothing was left behind: counting still exact
	reset_models
	mapfile -t c < <(counts "$DB/axid-read,axi_mask=0xffff/" "model-traffic imx8dxl-db 'read count=5'")
	expect_eq "read beats after errors" "${c[0]}" 40
}

test_bad_input_errno() {
	expect_eq "sampling" "$(open_err -s 1000 $MQ:0x35)" EOPNOTSUPP
	expect_eq "per-task" "$(open_err -t $MQ:0x35)" EOPNOTSUPP
	expect_eq "exclude_user" "$(open_err -x $MQ:0x35)" EINVAL
	expect_eq "reserved config bit" "$(open_err $MQ:0x135)" EINVAL
	expect_eq "filter on unfiltered event" "$(open_err $MQ:0x35:0x12)" EINVAL
	expect_eq "config2 without super filter" "$(open_err $MQ:0x41:0x12:0x8)" EINVAL
	expect_eq "reserved config1 bits" "$(open_err $MQ:0x41:0x100000000)" EINVAL
	expect_eq "axi_port != 0" "$(open_err $DXL:0x41:0x12:0x1)" EINVAL
	expect_eq "axid without a filter" "$(open_err $PLAIN:0x41)" EOPNOTSUPP
	expect_eq "foreign PMU in group" "$(open_err $MQ:0x35 $MP:0x35)" EINVAL
	expect_eq "software leader" \
		"$(open_err -c "$(<$PMUS/$MQ/cpumask)" software:0 $MQ:0x35)" ok
	expect_eq "too many events in group" \
		"$(open_err $MQ:0x35 $MQ:0x38 $MQ:0x2a $MQ:0x2b)" EINVAL
	expect_eq "two cycles in group" "$(open_err $MQ:0x0 $MQ:0x0)" EINVAL
	expect_eq "conflicting filters in group" \
		"$(open_err $MQ:0x41:0x12 $MQ:0x42:0x13)" EINVAL
	expect_eq "full group fits" "$(open_err $MQ:0x0 $MQ:0x35 $MQ:0x38 $MQ:0x2a)" ok
	# nothing was left behind: counting still exact
	reset_models
	mapfile -t c < <(counts "$MQ/read/" "model-traffic imx8mq 'read count=5'")
	expect_eq "read after errors" "${c[0]}" 5
}

# Two settings of the shared DPCR1 take turns, as perf's own i.MX8MP
# metrics need when used together; neither open fails.  Each is given
# traffic it counts, in its own digits of what the model's event counters
# count all told (a read of ID 0x12, 1000 writes of ID 0x13 a burst), and
# the bursts go on until the model has counted some of both (at most 100:
# when perf rotates is perf's, not a time the test assumes).  Unscaled,
# each counted exactly its part, not nothing, never more than its traffic.
test_conflicting_filters_take_turns() {
	local i n pct t bursts want
	reset_models
	cat >/tmp/turns-work.sh <<-'EOF'
	# TOTALS: bursts until the model's event counters counted both filters'
	n=0
	until [ $n = 100 ] || awk '$1 ~ /^counter[1-3]$/ { sub("counted=", "", $3); t += $3 }
		END { exit !(t % 1000 > 0 && t >= 1000) }' "$1"; do
		model-traffic imx8mq 'read count=1 id=0x12' 'write count=1000 id=0x13' || exit 1
		n=$((n + 1))
		sleep 0.05
	done
	echo $n >/tmp/turns-bursts
	EOF
	mapfile -t c < <(stat_raw "$MQ/axid-read,axi_id=0x12/,$MQ/axid-write,axi_id=0x13/" \
		"sh /tmp/turns-work.sh $MODELS/imx8mq/totals")
	printf '%s\n' "${c[@]}"
	t=$(awk '$1 ~ /^counter[1-3]$/ { sub("counted=", "", $3); t += $3 } END { print t + 0 }' \
		"$MODELS/imx8mq/totals")
	bursts=$(</tmp/turns-bursts)
	echo "  the model's event counters: $t ($bursts bursts)"
	for i in 0 1; do
		read -r n pct <<<"${c[$i]}"
		[[ $n =~ ^[0-9]+$ ]] || fail "event $i never counted: $n"
		pct=${pct%.*}
		[ -n "$pct" ] && [ "$pct" -gt 0 ] && [ "$pct" -lt 100 ] ||
			fail "event $i ran ${pct:-?}% of the time, expected a share"
		# the read filter's part: the last three digits; the write's: the rest
		want=$((t % 1000))
		[ $i = 0 ] || want=$((t - t % 1000))
		expect_eq "event $i, unscaled: its part of the model's counts" "$n" "$want"
		[ "$n" -gt 0 ] || fail "event $i counted none of its traffic"
		[ "$n" -le $((bursts * (i ? 1000 : 1))) ] ||
			fail "event $i counted $n, more than its $((bursts * (i ? 1000 : 1))) injected"
	done
}

# An open but disabled event does not keep others from the shared filter.
# The holder lives until told (a file), not for a time: on a loaded
# board its perf may take longer to start than any fixed sleep.
test_disabled_event_holds_no_filter() {
	local holder release=/tmp/disabled-holder.release
	reset_models
	rm -f "$release"
	"$PERF" stat -a -D -1 -o /dev/null -e "$MQ/axid-read,axi_id=0x12/" -- \
		sh -c "while [ ! -e $release ]; do sleep 0.2; done" &
	holder=$!
	wait_perf_open "$holder" || fail "perf never opened its event"
	mapfile -t c < <(counts "$MQ/axid-read,axi_id=0x13/" "model-traffic imx8mq 'read count=50 id=0x13' 'read count=7 id=0x12'")
	kill -0 "$holder" 2>/dev/null || fail "the holder ended before the count did"
	touch "$release"
	wait "$holder" || fail "the holder's perf stat failed"
	cat /tmp/perf-stat.csv
	expect_eq "axid-read id 0x13 while 0x12 is open" "${c[0]}" 50
}

# perf stat -I reads counter 0 just as it overflows (the model's race
# knob): with or without the preset, nothing is lost or counted twice.
test_cycle_counter_read_race() {
	local m pmu
	for m in imx8 imx8mq; do
		pmu=$(pmu_of $m)
		inject $m reset
		"$PERF" stat -I 100 -a -x, -o /tmp/perf-race.csv -e "$pmu/cycles/" -- \
			sh -c "model-traffic $m 'idle cycles=1000'; model-traffic $m 'race read=0x20'; sleep 1" ||
			fail "perf stat"
		expect_eq "$m races fired" "$(total $m races)" 1
		expect_eq "$m overflow interrupts" "$(total $m irqs)" 1
		expect_eq "$m cycles summed over intervals" \
			"$(interval_sum /tmp/perf-race.csv "$pmu/cycles/")" \
			"$(counted $m 0)"
	done
}

# A boot loader left an i.MX8MP byte counter overflowed, hence stopped:
# the driver clears it and it counts.
test_counter_overflowed_at_boot() {
	local base
	base=$(model_addr imx8mp)
	rmmod imx8_ddr_pmu || fail "rmmod"
	busybox devmem $((base + 0x30)) 32 0		# DPCR1: any ID
	busybox devmem $((base + 0x04)) 32 0x41000006	# counter 1: axid-read
	busybox devmem $((base + 0x00)) 32 0
	busybox devmem $((base + 0x00)) 32 0x6		# counter 0 from 0
	inject imx8mp reset
	inject imx8mp "read count=1048577 bytes=4096"	# 4 GiB + 4 KiB
	[ $(($(busybox devmem $((base + 0x04)) 32) & 1)) = 1 ] ||
		fail "the byte counter did not overflow"
	insmod "$VM_TOP/drivers/perf/imx8_ddr_pmu.ko" || fail "insmod"
	MP=$(pmu_of imx8mp)
	mapfile -t c < <(counts "$MP/axid-read,axi_mask=0xffff/" "model-traffic imx8mp 'read count=100 bytes=64'")
	expect_eq "bytes counted after the driver loaded" "${c[0]}" 6400
}

# 1000 wraps of a 32-bit counter.  The i.MX8MP byte counter is the
# fastest (8 bytes a cycle); every 2^28 cycles counter 0 overflows and the
# interrupt harvests all counters.
test_thousand_wraps() {
	reset_models
	local bursts=$((1000 * 4294967296 / 512 + 12345)) irqs0 irqs1 raised
	irqs0=$(irq_count "$MP")
	mapfile -t c < <(counts "$MP/axid-read,axi_mask=0xffff/,$MP/read/,$MP/cycles/" \
		"model-traffic imx8mp 'read count=$bursts bytes=512'")
	irqs1=$(irq_count "$MP")
	expect_eq "bytes over 1000 wraps" "${c[0]}" $((bursts * 512))
	[ "${c[0]}" -gt $((1000 * 4294967296)) ] || fail "fewer than 1000 wraps"
	expect_eq "read bursts" "${c[1]}" $bursts
	expect_eq "cycles" "${c[2]}" $((bursts * 64))
	expect_eq "model bytes" "$(total imx8mp read_bytes)" "${c[0]}"
	expect_eq "model cycles" "$(counted imx8mp 0)" "${c[2]}"
	raised=$(total imx8mp irqs)
	[ "$raised" -ge $((bursts * 64 >> 28)) ] || fail "only $raised overflow interrupts"
	expect_eq "interrupts handled" $((irqs1 - irqs0)) "$raised"
}

# perf stat -I reads the counters while traffic, overflows and interrupt
# harvests go on: the intervals must add up exactly.  perf runs on another
# CPU than the PMU's, so its reads race the owner's interrupt handler.
test_interval_reads_add_up() {
	reset_models
	local n=$((3 * 268435456 + 4321)) reader
	reader=$(other_cpu "$PLAIN")
	echo "  PMU on CPU $(<"$PMUS/$PLAIN/cpumask"), perf reading on CPU $reader"
	taskset -c "$reader" "$PERF" stat -I 20 -a -x, -o /tmp/perf-interval.csv \
		-e "$PLAIN/read/,$PLAIN/cycles/" -- \
		model-traffic imx8 "read count=$n bytes=8" || fail "perf stat -I"
	local reads cycles lines
	lines=$(grep -c "$PLAIN/read/" /tmp/perf-interval.csv)
	reads=$(interval_sum /tmp/perf-interval.csv "$PLAIN/read/")
	cycles=$(interval_sum /tmp/perf-interval.csv "$PLAIN/cycles/")
	echo "  $lines intervals, $(total imx8 irqs) overflow interrupts"
	expect_eq "reads summed over intervals" "$reads" $n
	expect_eq "cycles summed over intervals" "$cycles" "$(counted imx8 0)"
}

# read(2) from a CPU other than the PMU's is served on that CPU: the
# owner gets no cross-CPU function call for it (counted, not timed).
test_read_without_cross_cpu_call() {
	local owner reader cal0 cal1
	owner=$(<"$PMUS/$MQ/cpumask")
	reader=$(other_cpu "$MQ")
	cal0=$(cal_count "$owner")
	taskset -c "$reader" "$PERF_OPEN" -r 2000 "$MQ:0x35" || fail "perf_open"
	cal1=$(cal_count "$owner")
	[ -n "$cal0" ] && [ -n "$cal1" ] || fail "no function-call interrupts in /proc/interrupts"
	echo "  function-call interrupts on CPU $owner during 2000 reads from CPU $reader: $((cal1 - cal0))"
	[ $((cal1 - cal0)) -lt 200 ] || fail "reads still call the owning CPU"
}

# The model's free-running clock: counter 0 moves with the machine's time,
# between any two register accesses, and perf still gets exactly what the
# hardware counted.  (10 MHz: no overflow in the few seconds this takes.)
test_free_running_clock() {
	local lines
	inject imx8 reset
	inject imx8 "clock hz=10000000"
	"$PERF" stat -I 200 -a -x, -o /tmp/perf-clock.csv -e "$PLAIN/cycles/" -- sleep 1 ||
		fail "perf stat -I"
	lines=$(awk -F, -v e="$PLAIN/cycles/" '$4 == e && $2 > 0' /tmp/perf-clock.csv | wc -l)
	[ "$lines" -ge 2 ] || fail "cycles did not move in every interval ($lines)"
	# (intervals miss the tail after the last one: compare a whole run)
	inject imx8 reset
	mapfile -t c < <(counts "$PLAIN/cycles/" "sleep 1")
	inject imx8 "clock hz=0"
	[ "${c[0]}" -gt 0 ] || fail "no cycles"
	expect_eq "cycles of a whole run" "${c[0]}" "$(counted imx8 0)"
}

# Take the PMU's CPU offline while counting: the context and the
# interrupt move, nothing is lost.
test_hotplug_migration() {
	local ko irq old new
	ko=$VM_TOP/drivers/perf/imx8_ddr_pmu.ko
	rmmod imx8_ddr_pmu || fail "rmmod"
	taskset -c 3 insmod "$ko" || fail "insmod on CPU 3"
	MQ=$(pmu_of imx8mq)
	old=$(<$PMUS/$MQ/cpumask)
	expect_eq "cpumask before" "$old" 3
	irq=$(irq_of "$MQ")
	expect_eq "IRQ affinity before" "$(</proc/irq/$irq/smp_affinity_list)" 3
	reset_models
	mapfile -t c < <(counts "$MQ/cycles/,$MQ/read/" \
		"model-traffic imx8mq 'read count=1000'; echo 0 > /sys/devices/system/cpu/cpu3/online; model-traffic imx8mq 'read count=2000' 'idle cycles=600000000'; cat $PMUS/$MQ/cpumask > /tmp/cpumask-after; cat /proc/irq/$irq/smp_affinity_list > /tmp/irq-after")
	new=$(</tmp/cpumask-after)
	irq_count_on "$MQ" "$new" >/tmp/irqs-after
	echo 1 >/sys/devices/system/cpu/cpu3/online
	[ "$new" != 3 ] || fail "cpumask did not move"
	expect_eq "IRQ follows cpumask" "$(</tmp/irq-after)" "$new"
	expect_eq "reads across migration" "${c[1]}" 3000
	expect_eq "cycles across migration" "${c[0]}" "$(counted imx8mq 0)"
	[ "$(total imx8mq irqs)" -ge 2 ] || fail "no overflow after the move"
	[ "$(</tmp/irqs-after)" -ge 1 ] || fail "no interrupt on CPU $new"
	echo "  interrupts on CPU $new: $(</tmp/irqs-after)"
}

# cpu_online CPU 0|1: take CPU offline or bring it back
cpu_online() { echo "$2" >"/sys/devices/system/cpu/cpu$1/online"; }

# The owner CPU going off- and online over and over while the driver
# probes and goes (each probe adds its hotplug instance and registers the
# PMU, each removal takes them away: before 6.2 an owner lost in either
# window migrated a context not yet or no longer there), then while
# counting.  The loads run on CPUs 2 and 3, the two toggled in turn, so
# each PMU's owner is one of them; the board's log is checked for splats
# after the suite.
test_hotplug_while_probing() {
	local ko=$VM_TOP/drivers/perf/imx8_ddr_pmu.ko i toggler loads=12
	rm -f /tmp/toggle-stop /tmp/toggles
	rmmod imx8_ddr_pmu || fail "rmmod"
	(
		n=0
		while [ ! -e /tmp/toggle-stop ]; do
			for c in 3 2; do
				cpu_online $c 0 && cpu_online $c 1 && n=$((n + 1))
			done
		done
		echo $n >/tmp/toggles
	) &
	toggler=$!
	for ((i = 0; i < loads; i++)); do
		taskset -c 2,3 insmod "$ko" || fail "insmod $i with CPUs 2 and 3 coming and going"
		rmmod imx8_ddr_pmu || fail "rmmod $i with CPUs 2 and 3 coming and going"
	done
	touch /tmp/toggle-stop
	wait $toggler
	for i in 2 3; do expect_eq "CPU $i online" "$(</sys/devices/system/cpu/cpu$i/online)" 1; done
	[ "$(</tmp/toggles)" -gt 0 ] || fail "no CPU went off- and online"
	taskset -c 2,3 insmod "$ko" || fail "insmod"
	MQ=$(pmu_of imx8mq) || fail "no i.MX8MQ PMU after the loads"
	# perf opens on the owner, then its workload takes each of CPUs 2
	# and 3 off and back between the traffic: the count follows
	reset_models
	mapfile -t c < <(counts "$MQ/read/,$MQ/write/" \
		"for c in 3 2 3 2 3 2; do model-traffic imx8mq 'read count=1000' 'write count=10'; echo 0 > /sys/devices/system/cpu/cpu\$c/online; echo 1 > /sys/devices/system/cpu/cpu\$c/online; done")
	expect_eq "reads while owners come and go" "${c[0]}" 6000
	expect_eq "writes while owners come and go" "${c[1]}" 60
	echo "  $loads loads and removals, $(</tmp/toggles) offline/online pairs"
}

# pmu-metrics on the i.MX8 controllers: its Prometheus counters are the
# bytes given to the models, the 8MP's through its AXI ID filter in all
# and per master (one master a run: they share the filter); the 8MQ's and
# 8MM's beats of 16 bytes and the 8MN's of 8 (perf's tables: the model's
# 64-byte burst is 8 beats)
test_pmu_metrics_per_master() {
	local w out=/tmp/pmu-metrics.prom mp m u master
	local -A soc=()
	for m in imx8mq imx8mm imx8mn; do
		u=$(pmu_of $m) || fail "no $m PMU: the device-tree boards have one"
		soc[$m]="family=\"imx8_ddr\",pmu=\"$u\",controller=\"${u#imx8_ddr}\""
	done
	w="model-traffic imx8mp 'read count=100 bytes=64 id=0x70' 'read count=28 bytes=64 id=0' 'write count=5 bytes=128 id=0x7c'; model-traffic imx8mq 'read count=64 bytes=64' 'write count=9 bytes=64'; model-traffic imx8mm 'read count=40 bytes=64' 'write count=3 bytes=64'; model-traffic imx8mn 'read count=2 bytes=64' 'write count=25 bytes=64'"
	mp="family=\"imx8_ddr\",pmu=\"$MP\",controller=\"${MP#imx8_ddr}\""
	reset_models
	"$VM_TOP/tools/pmu-metrics" -p "$MP" -p "$MQ" -p "$(pmu_of imx8mm)" -p "$(pmu_of imx8mn)" \
		-f prometheus -- sh -c "$w" >$out || fail "pmu-metrics -f prometheus failed"
	expect_series "8MP read bytes, every master (no master label)" $out \
		"perf_uncore_memory_bytes_total{$mp,direction=\"read\"}" $((128 * 64))
	expect_series "8MP write bytes, every master" $out \
		"perf_uncore_memory_bytes_total{$mp,direction=\"write\"}" $((5 * 128))
	for m in imx8mq:read:64:16 imx8mq:write:9:16 imx8mm:read:40:16 imx8mm:write:3:16 \
		imx8mn:read:2:8 imx8mn:write:25:8; do
		IFS=: read -r u d n f <<<"$m"
		expect_series "$u $d bytes ($n bursts x 8 beats x $f)" $out \
			"perf_uncore_memory_bytes_total{${soc[$u]},direction=\"$d\"}" $((n * 8 * f))
	done
	for_clients per-soc $out
	for m in rd:read:gpu3d:$((100 * 64)) rd:read:a53:$((28 * 64)) wr:write:vpu1:$((5 * 128)) \
		rd:read:vpu1:0; do
		IFS=: read -r d dir master want <<<"$m"
		reset_models
		"$VM_TOP/tools/pmu-metrics" -p "$MP" -m "${d}_bandwidth_$master" -f prometheus \
			-- sh -c "$w" >$out || fail "pmu-metrics -m ${d}_bandwidth_$master failed"
		expect_series "8MP $dir bytes of $master" $out \
			"perf_uncore_master_bytes_total{$mp,direction=\"$dir\",master=\"$master\"}" "$want"
	done
}

# pmu-metrics --master on the super filter: the requests of masters named
# by AXI ID (a35: IDs 0x20-0x2f, on the DB's port 3) on the 8DXL's DDR
# controller and its DB equal the bursts the models were given; the
# figures kept with -m fit the three filtered counters, so none take
# turns.  Then the first generation's filter, the 8MQ's
test_pmu_metrics_named_masters() {
	local out=/tmp/pmu-metrics-masters.prom w dxl db mq m d dir master want
	# shellcheck disable=SC2034  # read as ${!d}
	dxl="family=\"imx8_ddr\",pmu=\"$DXL\",controller=\"${DXL#imx8_ddr}\""
	db="family=\"imx8_db\",pmu=\"$DB\",interconnect=\"${DB#imx8_db}\""
	w="model-traffic imx8dxl 'read count=50 bytes=64 id=0x12' 'write count=7 bytes=64 id=0x25' 'read count=9 bytes=64 id=0x30'; model-traffic imx8dxl-db 'read count=40 bytes=64 id=0x12 port=0' 'read count=6 bytes=32 id=0x21 port=3' 'read count=100 bytes=64 id=0x21 port=5' 'write count=3 bytes=64 id=0x12 port=0'"
	reset_models
	"$VM_TOP/tools/pmu-metrics" -p "$DXL" -p "$DB" --master isp=0x12 --master a35=0x20/0xf@3 \
		-m 'rd_*' -m wr_requests_a35 -f prometheus -- sh -c "$w" >$out ||
		fail "pmu-metrics --master failed"
	for m in dxl:read:isp:50 dxl:write:a35:7 dxl:read:a35:0 db:read:isp:40 db:read:a35:6 db:write:a35:0; do
		IFS=: read -r d dir master want <<<"$m"
		expect_series "$d $dir requests of $master" $out \
			"perf_uncore_master_requests_total{${!d},direction=\"$dir\",master=\"$master\"}" "$want"
	done
	grep -q '^perf_uncore_counted_ratio{.*} 1$' $out || fail "no ratio of 1"
	grep '^perf_uncore_counted_ratio{' $out | grep -v ' 1$' && fail "figures took turns"
	for_clients named-masters $out
	# the i.MX8 guide's line, on the DB alone
	"$VM_TOP/tools/pmu-metrics" -p "$DB" --master isp=0x12 --master a35=0x20/0xf@3 -m 'rd_*' \
		-f prometheus -- sh -c "$w" >$out || fail "pmu-metrics -p $DB --master failed"
	expect_series "DB alone: isp reads" $out \
		"perf_uncore_master_requests_total{$db,direction=\"read\",master=\"isp\"}" 40
	# the first generation (the 8MQ): one filter for the counters, its
	# axid-read and axid-write one a burst; a master's reads and writes
	# are one setting of it, so they count together, neither taking turns
	mq="family=\"imx8_ddr\",pmu=\"$MQ\",controller=\"${MQ#imx8_ddr}\""
	reset_models
	"$VM_TOP/tools/pmu-metrics" -p "$MQ" --master isp=0x12 -m '*_requests_isp' -f prometheus \
		-- model-traffic imx8mq 'read count=64 bytes=64 id=0x12' 'read count=5 bytes=64 id=0x13' \
		'write count=9 bytes=64 id=0x12' >$out || fail "pmu-metrics -p $MQ --master failed"
	expect_series "8MQ: isp reads" $out "perf_uncore_master_requests_total{$mq,direction=\"read\",master=\"isp\"}" 64
	expect_series "8MQ: isp writes" $out "perf_uncore_master_requests_total{$mq,direction=\"write\",master=\"isp\"}" 9
	expect_series "8MQ: nothing took turns" $out "perf_uncore_counted_ratio{$mq}" 1
}

# The DB monitor's two clocks (the board's fixed clocks "db_pmu_ipg" and
# "db_pmu_cnt", from its device tree) run while the driver has it: the
# clock framework's enable counts, and back to 0 once it lets go
clk_enabled() { cat "/sys/kernel/debug/clk/$1/clk_enable_count" 2>/dev/null; }
test_db_clocks() {
	local c db
	[ -d /sys/kernel/debug/clk/db_pmu_ipg ] ||
		skip "no DB clocks here (the device-tree board has them)"
	db=$(model_addr imx8dxl-db)
	db=$(cd /sys/bus/platform/devices && ls -d "${db#0x}".*) || fail "no DB device"
	expect_eq "$db bound to" "$(bound "$db")" imx8-ddr-pmu
	for c in db_pmu_ipg db_pmu_cnt; do
		[ "$(clk_enabled $c)" -ge 1 ] || fail "$c not enabled while bound ($(clk_enabled $c))"
		echo "  bound: $c enable count $(clk_enabled $c)"
	done
	rmmod imx8_ddr_pmu || fail "rmmod imx8_ddr_pmu"
	for c in db_pmu_ipg db_pmu_cnt; do
		expect_eq "unbound: $c enable count" "$(clk_enabled $c)" 0
	done
	insmod "$VM_TOP/drivers/perf/imx8_ddr_pmu.ko" || fail "insmod imx8_ddr_pmu"
	expect_eq "bound again: db_pmu_cnt enable count" "$(clk_enabled db_pmu_cnt)" 1
}

test_rmmod_busy_while_counting() {
	local out
	out=$("$PERF" stat -a -e "$MQ/cycles/" -- sh -c 'rmmod imx8_ddr_pmu; echo rmmod-rc=$?' 2>&1)
	echo "$out"
	echo "$out" | grep -q "rmmod-rc=0" && fail "rmmod succeeded with an open event"
	echo "$out" | grep -q "rmmod-rc=" || fail "workload did not run"
	lsmod | grep -q '^imx8_ddr_pmu' || fail "module gone"
}

# The exporter kept open on the board (pmu-metrics --listen), scraped by
# Debian's Prometheus on the host (tools/vm-run --prometheus): what
# Prometheus stored is the requests of each named master (the super
# filter's generation: the 8DXL's controller and its DB) given to the
# models once the exporter's events were open, promtool clean on what
# the listener served
test_prometheus_scrapes_masters() {
	local a=$VM_OUT/prometheus/imx8-masters.answer w dxl db m d dir master want
	local -a stores=()
	# shellcheck disable=SC2034  # read as ${!d}
	dxl="family=\"imx8_ddr\",pmu=\"$DXL\",controller=\"${DXL#imx8_ddr}\""
	# shellcheck disable=SC2034
	db="family=\"imx8_db\",pmu=\"$DB\",interconnect=\"${DB#imx8_db}\""
	w="model-traffic imx8dxl 'read count=50 bytes=64 id=0x12' 'write count=7 bytes=64 id=0x25'; model-traffic imx8dxl-db 'read count=40 bytes=64 id=0x12 port=0' 'read count=6 bytes=32 id=0x21 port=3' 'read count=100 bytes=64 id=0x21 port=5'"
	for m in dxl:read:isp:50 dxl:write:a35:7 db:read:isp:40 db:read:a35:6; do
		IFS=: read -r d dir master want <<<"$m"
		stores+=("perf_uncore_master_requests_total{${!d},direction=\"$dir\",master=\"$master\"}" "$want")
	done
	reset_models
	exporter_listening -p "$DXL" -p "$DB" --master isp=0x12 --master a35=0x20/0xf@3 \
		-m 'rd_*' -m wr_requests_a35
	sh -c "$w" || fail "the traffic"
	expect_prometheus_stores imx8-masters "${stores[@]}"
	expect_eq "Prometheus: both PMUs up" "$(grep -c '^perf_uncore_up{.*} 1$' "$a")" 2
}

run_test "sysfs events/, format/, caps/, identifier as Linux 7.2 shows them" test_sysfs_files
run_test "DB: imx8_db0's sysfs as Linux 7.2 shows it, its own name, IRQ" test_db_sysfs
run_test "sysfs cpumask is one CPU" test_sysfs_cpumask
run_test "perf list shows the events" test_perf_list
run_test "perf's imx8mp, imx8mq, imx8mm and imx8mn metrics: what the model counted" test_perf_metrics
run_test "doc examples: cycles, read, write count exactly" test_doc_examples_exact_counts
run_test "read-cycles, write-cycles, read-accesses count exactly" test_read_write_cycles
run_test "axid-read/axid-write with axi_id and axi_mask" test_axid_filter_mask
run_test "one filter shared by a group" test_axid_shared_filter_group
run_test "enhanced filter counts bytes" test_enhanced_filter_bytes
run_test "super filter counts three IDs at once, by channel" test_super_filter_three_ids
run_test "DB: axid-read/axid-write per port and channel equal the model's totals" test_db_ports_channels
run_test "DB: AXI ID filter and port select together" test_db_id_and_port
run_test "DB: counts across counter 0's overflow interrupt" test_db_overflow
run_test "DB: refused events and attributes get a specific errno" test_db_errno
run_test "bad perf_event_attr gets a specific errno" test_bad_input_errno
run_test "two DPCR1 filter settings take turns (perf shows the share)" test_conflicting_filters_take_turns
run_test "an open but disabled event holds no filter setting" test_disabled_event_holds_no_filter
run_test "counter 0 read just as it overflows: nothing lost or doubled" test_cycle_counter_read_race
run_test "a counter left overflowed by the boot loader counts" test_counter_overflowed_at_boot
run_test "1000 wraps of a 32-bit counter lose nothing" test_thousand_wraps
run_test "perf stat -I from another CPU: intervals add up exactly under overflows" test_interval_reads_add_up
run_test "read(2) from another CPU sends the owner no cross-CPU call" test_read_without_cross_cpu_call
run_test "free-running model clock: perf gets what counter 0 counted" test_free_running_clock
run_test "CPU offline mid-count: context and IRQ migrate" test_hotplug_migration
run_test "owner CPUs off- and online while the driver loads, goes and counts" \
	test_hotplug_while_probing

run_test "pmu-metrics: the 8MP's bytes in all and per master, the 8MQ's, 8MM's and 8MN's, as the models were given" \
	test_pmu_metrics_per_master
run_test "pmu-metrics --master: the 8DXL's, the DB's and the 8MQ's requests per named master, as the models were given" \
	test_pmu_metrics_named_masters
run_test "pmu-metrics --listen: Debian's Prometheus on the host stores each master's requests" \
	test_prometheus_scrapes_masters
run_test "rmmod refused while an event is open" test_rmmod_busy_while_counting
run_test "the DB monitor's clocks: enabled while it is bound, off after unbinding" test_db_clocks
t_summary
