#!/bin/bash
# Fidelity cross-check of the i.MX8 DDR model: Linux 6.12's own driver
# (fsl_imx8_ddr_perf, built from the installed source by
# tests/rig/build-upstream-imx8) counts the same traffic on the same models
# as ours.  Upstream was tested on silicon, so where its counts and ours
# differ the difference must be one the code explains.
#
# Runs on its own board (tests/rig/check): upstream's event_init walks the
# group with for_each_sibling_event() without the context mutex, which a
# PROVE_LOCKING kernel reports once as a WARNING; that board's log scan
# accepts that one warning and nothing else.

. "$VM_TOP/tests/guest/lib.sh"
. "$VM_TOP/tests/guest/compare-upstream.sh"

CMP=/tmp/compare-upstream

# field SCENARIO EVENT N: field N of a comparison line
field() {
	awk -F';' -v s="$1" -v e="$2" -v n="$3" '$1 == s && $2 == e { print $n }' "$CMP"
}

test_upstream_probes() {
	[ -f "$UPSTREAM_KO" ] || skip "upstream driver not built (tests/rig/build-upstream-imx8)"
	local ours
	ours=$(cd "$PMUS" && echo imx8_ddr*)
	use_driver upstream || fail "insmod upstream"
	# 6.12 knows every DDR compatible of the board
	expect_eq "upstream PMUs, as ours" "$(cd "$PMUS" && echo imx8_ddr*)" "$ours"
	expect_eq "bound by" "$(driver_of imx8_ddr0)" imx-ddr-pmu
	# 6.12 knows no fsl,imx8dxl-db-pmu: the board's DB stays unbound
	# (nothing of it is compared below)
	expect_eq "DB PMUs under upstream" "$(find "$PMUS"/ -maxdepth 1 -name 'imx8_db*' | wc -l)" 0
	use_driver ours || fail "insmod ours"
	expect_eq "bound again by" "$(driver_of imx8_ddr0)" imx8-ddr-pmu
	expect_eq "DB bound again by" "$(driver_of imx8_db0)" imx8-ddr-pmu
}

test_compare() {
	[ -f "$UPSTREAM_KO" ] || skip "upstream driver not built"
	compare_drivers "$CMP" || fail "comparison did not run"
	print_comparison "$CMP"
	cp "$CMP" "$VM_OUT/compare-upstream.csv" 2>/dev/null
	awk -F';' '$4 != $3 { bad = 1; print "ours: " $1 " " $2 ": " $4 " != " $3 }
		END { exit bad }' "$CMP" || fail "our driver is not exact"
}

# Without an overflow both drivers count exactly, except upstream's
# axid-write channel select (it programs the read channel bit: facts 5.3)
test_upstream_exact_without_overflow() {
	[ -s "$CMP" ] || skip "no comparison"
	awk -F';' '$7 == 0 && $6 != $5 && $2 !~ /^axid-write.*axi_channel=1/ {
		bad = 1; print "upstream: " $1 " " $2 ": " $6 " != " $5 }
		END { exit bad }' "$CMP" || fail "upstream differs without an overflow"
	expect_eq "upstream write address channel counts data beats" \
		"$(field "write address channel (super filter)" "axid-write,axi_id=0x3,axi_channel=1" 6)" 240
}

# Across overflows upstream counts bursts and bytes exactly (it clears
# every counter in the interrupt), and misses one whole period of cycles
# per overflow: it adds what counter 0 reads in the interrupt, and the
# model's counter 0 reads 0 once it has wrapped and locked.
test_upstream_overflows() {
	local s="20 wraps of a byte counter" exp up irqs
	[ -s "$CMP" ] || skip "no comparison"
	irqs=$(field "$s" cycles 7)
	[ "$irqs" -ge 20 ] || fail "only $irqs overflows"
	expect_eq "upstream bytes" "$(field "$s" "axid-read,axi_mask=0xffff" 6)" \
		"$(field "$s" "axid-read,axi_mask=0xffff" 5)"
	expect_eq "upstream bursts" "$(field "$s" read 6)" "$(field "$s" read 5)"
	exp=$(field "$s" cycles 5)
	up=$(field "$s" cycles 6)
	expect_eq "upstream cycles short by" $((exp - up)) $((irqs * PERIOD))
}

# Each of event_init's two for_each_sibling_event() loops warns once
# (WARN_ON_ONCE per call site), and nothing else warns.
test_known_lockdep_warning() {
	[ -f "$UPSTREAM_KO" ] || skip "upstream driver not built"
	dmesg | grep 'WARNING: .* ddr_perf_event_init' | sed 's/^/  /'
	expect_eq "call sites that warned" \
		"$(dmesg | sed -n 's/.*WARNING: .*fsl_imx8_ddr_perf.c:\([0-9]*\) ddr_perf_event_init.*/\1/p' | sort -u | wc -l)" 2
	expect_eq "warnings at those sites" "$(dmesg | grep -c 'WARNING: .* ddr_perf_event_init')" 2
	expect_eq "other warnings" "$(dmesg | grep 'WARNING:' | grep -vc ddr_perf_event_init)" 0
}

run_test "upstream fsl_imx8_ddr_perf probes every DDR controller of the board, not the DB" test_upstream_probes
run_test "same traffic through both drivers: ours exact" test_compare
run_test "without overflow upstream counts exactly (but its write channel)" test_upstream_exact_without_overflow
run_test "across overflows upstream is short one cycle period per interrupt" test_upstream_overflows
run_test "upstream's known lockdep warning, once per call site, nothing else" test_known_lockdep_warning
t_summary
