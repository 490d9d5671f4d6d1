#!/bin/bash
# Cross-check of the Tegra410 and Grace models and drivers with Linux
# 7.2's own: arm_cspmu + nvidia_cspmu, nvidia_t410_cmem_latency_pmu and
# nvidia_t410_c2c_pmu of sid's linux-source-7.2, built unmodified for
# Debian's 7.2 arm64 kernel (tests/rig/build-upstream-t410 --arch arm64, into
# out/upstream-t410 of the stock kernel's tree).  The end-to-end suites'
# tests of the admin guide's examples, which assert exact counts against
# what the models counted, run again with the kernel's drivers in place
# of ours, on the same models; every count both print is compared.
# Upstream was written against silicon, so a count of ours that differs
# from the kernel's driver's is a fault of ours or of a model, until the
# code explains it.
#
# 7.2's two latency drivers leave struct pmu::module unset: unloading one
# while an event is open succeeds, and the next access to the event is a
# use-after-free.  This suite swaps drivers only when no perf runs.

. "$VM_TOP/tests/guest/lib.sh"

UP=$VM_TOP/out/upstream-t410
# every module of either side, in an order rmmod accepts
ALL_MODULES="nvidia_cspmu ampere_cspmu arm_cspmu_module nvidia_coresight_pmu
ampere_coresight_pmu coresight_pmu nvidia_t410_c2c_pmu nvidia_t410_cmem_latency_pmu"
OURS="coresight_pmu nvidia_coresight_pmu ampere_coresight_pmu nvidia_t410_cmem_latency_pmu nvidia_t410_c2c_pmu"
UPSTREAM="arm_cspmu_module nvidia_cspmu nvidia_t410_cmem_latency_pmu nvidia_t410_c2c_pmu"

# The end-to-end tests run with each side's drivers: SUITE|name regex
EXAMPLES=(
	"tegra410_fabric|^events/, format/, identifier as Linux 7.2 shows them$"
	"tegra410_fabric|^UCF: the documentation's examples, exact$"
	"tegra410_fabric|^UCF: named events against the model$"
	"tegra410_fabric|^PCIE: the documentation's examples, exact$"
	"tegra410_fabric|^PCIE-TGT: the documentation's examples, exact$"
	"tegra410_fabric|^Tegra241: events/, format/, identifier as Linux 7.2 shows them$"
	"tegra410_fabric|^Tegra241 SCF: counts without a filter, exact$"
	"tegra410_fabric|^Tegra241 PCIE: every root port by default"
	"tegra410_fabric|^Tegra241 NVLink-C2C0: both ports by default$"
	"tegra410_latency|^events, format and peer per kind of peer$"
	"tegra410_latency|^CMEM: the documentation's group, exact$"
	"tegra410_latency|^NVLink-C2C: the documentation's examples, exact per gpu_mask$"
	"tegra410_latency|^NV-CLink and NV-DLink: the documentation's examples, exact$"
)

# use_drivers ours|upstream: unload both sides' modules (no perf runs),
# load one side's
use_drivers() {
	local m dir=$VM_TOP/drivers/perf list=$OURS
	for m in $ALL_MODULES; do
		[ ! -d "/sys/module/$m" ] || rmmod "$m" || return 1
	done
	[ "$1" = ours ] || dir=$UP list=$UPSTREAM
	for m in $list; do
		insmod "$dir/$m.ko" || return 1
	done
}

# run_examples SIDE OUT: the examples' tests with SIDE's drivers; OUT gets
# one line per test, "name;ok|not ok", and OUT.values one per count the
# test printed, "name;what;value"
run_examples() {
	local e suite re log=/tmp/cross-t410.log
	use_drivers "$1" || fail "loading $1's drivers"
	: >"$2"
	: >"$2.values"
	for e in "${EXAMPLES[@]}"; do
		IFS='|' read -r suite re <<<"$e"
		T_SKIP_FILE='' T_ONLY=$re bash "$VM_TOP/tests/e2e/$suite.sh" >"$log" 2>&1
		awk -v OFS=';' '/^(not )?ok [0-9]+ / {
			r = ($1 == "not") ? "not ok" : "ok"
			sub(/^(not )?ok [0-9]+ /, ""); sub(/ # SKIP.*/, ""); print $0, r }' "$log" >>"$2"
		awk -v OFS=';' -v t="$re" '/^#     .* = / {
			line = $0; sub(/^#     /, "", line); i = index(line, " = ")
			print t, substr(line, 1, i - 1), substr(line, i + 3) }' "$log" >>"$2.values"
		grep -E '^# +FAIL' "$log" | sed "s/^/  $1: /"
	done
}

test_upstream_loads() {
	[ -f "$UP/arm_cspmu_module.ko" ] || skip "7.2's drivers not built (tests/rig/build-upstream-t410 --arch arm64)"
	[ -d "$PMUS/nvidia_ucf_pmu_0" ] || skip "no Tegra410 units on this board (the ACPI board has them)"
	use_drivers upstream || fail "insmod 7.2's drivers"
	expect_eq "7.2's UCF PMU bound by" \
		"$(driver_of nvidia_ucf_pmu_0)" arm-cs-arch-pmu
	expect_eq "7.2's PMUs, as many as ours" \
		"$(find "$PMUS"/ -maxdepth 1 -name 'nvidia_*' | wc -l)" \
		"$(use_drivers ours && find "$PMUS"/ -maxdepth 1 -name 'nvidia_*' | wc -l)"
}

test_examples_compared() {
	[ -f "$UP/arm_cspmu_module.ko" ] || skip "7.2's drivers not built"
	[ -d "$PMUS/nvidia_ucf_pmu_0" ] || skip "no Tegra410 units on this board"
	run_examples upstream /tmp/cross-upstream
	run_examples ours /tmp/cross-ours
	# the table: every count either side printed (a test may print one
	# name twice: the keys count them)
	join -t';' -a1 -a2 -e '-' -o '0,1.2,2.2' \
		<(awk -F';' '{ k = $1 "|" $2; print k "|" ++n[k] ";" $3 }' /tmp/cross-ours.values | sort -t';' -k1,1) \
		<(awk -F';' '{ k = $1 "|" $2; print k "|" ++n[k] ";" $3 }' /tmp/cross-upstream.values | sort -t';' -k1,1) |
		awk -F';' 'NR == 1 { printf "  %-58s %14s %14s\n", "count (as the test names it)", "ours", "7.2'"'"'s" }
			{ split($1, k, "|"); printf "  %-58.58s %14s %14s%s\n", k[2], $2, $3,
			($2 != $3) ? "  (differs)" : "" }' | tee /tmp/cross-table
	cp /tmp/cross-table "$VM_OUT/cross-t410.txt" 2>/dev/null
	paste -d';' /tmp/cross-ours /tmp/cross-upstream | awk -F';' '{
		printf "  %-70.70s ours: %-6s 7.2: %s\n", $1, $2, $4 }'
	grep -q . /tmp/cross-ours || fail "no example ran"
	expect_eq "tests that pass with ours" "$(grep -c ';ok$' /tmp/cross-ours)" \
		"$(wc -l </tmp/cross-ours)"
	expect_eq "tests that pass with 7.2's drivers" "$(grep -c ';ok$' /tmp/cross-upstream)" \
		"$(wc -l </tmp/cross-upstream)"
	! grep -q '(differs)' /tmp/cross-table || fail "a count differs between the drivers"
}

run_test "7.2's drivers bind the board's units" test_upstream_loads
run_test "the guide's examples: ours, 7.2's drivers and the models agree" test_examples_compared
t_summary
use_drivers ours >/dev/null 2>&1
