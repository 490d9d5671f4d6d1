#!/bin/bash
# The kernel's own drivers built in, as NXP's BSP kernels build
# fsl_imx8_ddr_perf (and kernels that build arm_cspmu in): the arm64
# boards' kernel is such a kernel, and the side that binds is the
# installed system's choice on the kernel command line (tools/vm-run:
# $VM_OUT/boot-root, whose extlinux.conf the ACPI board boots with, and
# whose U-Boot environment the i.MX8 board's, as NXP's images boot).  The
# kernel's drivers cannot be unbound at run time (suppress_bind_attrs), so
# the handover is across boots: tests/rig/check boots the board twice, ours ->
# the kernel's, and each boot runs this suite to check the drivers bound
# and perf's counts and to make the next boot's choice; the second boot
# goes back to ours and checks the file the next boot would read is the
# one the first boot read, byte for byte (a third boot would repeat the
# first):
#   HANDOVER_NOW=ours|kernel   the choice this boot was made with
#   HANDOVER_NEXT=ours|kernel  the choice to make for the next boot

. "$VM_TOP/tests/guest/lib.sh"

SWITCH=$VM_TOP/tools/imx-tegra-pmu-switch
BROOT=$VM_OUT/boot-root
REL=$(uname -r)
NOW=${HANDOVER_NOW:-ours}
NEXT=${HANDOVER_NEXT:-$NOW}
PLATFORM=/sys/bus/platform/devices

sw() { "$SWITCH" --root "$BROOT" --release "$REL" "$@"; }

# next_cmdline: the command line the image gives the next boot, as the
# board's boot reads it (tests/rig/vm-run)
next_cmdline() { "$VM_TOP/tests/rig/boot-cmdline" "$BROOT"; }
# boot_config: what the boot loader reads: extlinux.conf, or every
# variable of U-Boot's environment
boot_config() {
	if [ -f "$BROOT/boot/extlinux/extlinux.conf" ]; then
		cat "$BROOT/boot/extlinux/extlinux.conf"
	else
		fw_printenv -c "$BROOT/etc/fw_env.config"
	fi
}
# (the board's own: the boot loader's configuration, not the package's)
BOARD_ETC=fw_env.config

# The kinds the kernel has built in: "kind|kernel's module|kernel's
# driver|our module|our driver"
KINDS=(
	"i.MX8 DDR|fsl_imx8_ddr_perf|imx-ddr-pmu|imx8_ddr_pmu|imx8-ddr-pmu"
	"CoreSight|arm_cspmu_module|arm-cs-arch-pmu|coresight_pmu|coresight-pmu"
)

# builtin_aliases MODULE: a built-in module's aliases.  6.12's
# modules.builtin.modinfo records none (later modposts do): then those of
# the same driver built as a module from this kernel's source, where the
# board has it (tests/rig/build-upstream-imx8: out/upstream)
builtin_aliases() {
	local a
	a=$(tr '\0' '\n' <"$BROOT/lib/modules/$REL/modules.builtin.modinfo" | sed -n "s/^$1\.alias=//p")
	[ -n "$a" ] || [ ! -f "$VM_TOP/out/upstream/$1.ko" ] || a=$(modinfo -F alias "$VM_TOP/out/upstream/$1.ko")
	[ -n "$a" ] && echo "$a"
}



# expect_bound SIDE: each device that SIDE's driver knows, of a kind the
# kernel has built in, is bound to it; prints what it checked
expect_bound() {
	local k kind km kd om od ka oa d ma n=0 want
	read_bindings
	for k in "${KINDS[@]}"; do
		IFS="|" read -r kind km kd om od <<<"$k"
		grep -q "/$km\.ko$" "$BROOT/lib/modules/$REL/modules.builtin" || continue
		oa=$(modinfo -F alias "$VM_TOP/drivers/perf/$om.ko")
		# (a kind the board has no device of: the DT board's CoreSight)
		board_has "$oa" || continue
		[ "$1" = ours ] || ka=$(builtin_aliases "$km") ||
			fail "no aliases of the built-in $km (modules.builtin.modinfo, out/upstream)"
		for d in "$PLATFORM"/*; do
			[ -r "$d/modalias" ] || continue
			read -r ma <"$d/modalias"
			if [ "$1" = ours ]; then
				knows "$ma" "$oa" || continue
				want=$od
			else
				knows "$ma" "$ka" || continue
				want=$kd
			fi
			d=${d##*/}
			[ "${BINDING[$d]}" = "$want" ] || fail "$kind $d: bound to ${BINDING[$d]}, expected $want ($1)"
			n=$((n + 1))
		done
		echo "  $1: every $kind device bound to $want"
		# the built-in driver registered only where the command line let it
		if [ "$1" = ours ]; then
			[ ! -d "/sys/bus/platform/drivers/$kd" ] || fail "$kd registered despite initcall_blacklist"
		else
			[ -d "/sys/bus/platform/drivers/$kd" ] || fail "the built-in $kd did not register"
		fi
	done
	[ $n -gt 0 ] || fail "no device of a kind the kernel has built in"
}

test_bound_as_chosen() {
	local cmd status
	cmd=$(</proc/cmdline)
	echo "  kernel command line: $cmd"
	if [ "$NOW" = ours ]; then
		[[ $cmd == *initcall_blacklist=*imx_ddr_pmu_driver_init* ]] ||
			fail "the choice ours is not on the command line"
	else
		[[ $cmd != *imx_ddr_pmu_driver_init* ]] || fail "the choice kernel still blacklists the built-in driver"
	fi
	status=$(sw status) || fail "status failed"
	echo "$status"
	expect_bound "$NOW"
	awk -v now="$NOW" 'NR > 1 && $NF == "built-in" && $(NF - 2) != now {
		print "status says " $(NF - 2) " at boot: " $0; bad = 1 } END { exit bad }' <<<"$status" ||
		fail "status's boot choice is not $NOW"
}

# perf counts exactly through whichever driver is bound: a DDR
# controller's reads and writes against the traffic given to its model;
# a Grace SCF unit's reads (a unit 6.12's built-in arm_cspmu knows)
# against its model's total
test_counts_exact() {
	local scf=nvidia_scf_pmu_1
	local -a c
	count_described "$NOW" || return 0
	inject t241_scf_s1 reset
	mapfile -t c < <(counts "$scf/socket_0_rd_data/" \
		"model-traffic t241_scf_s1 'event id=0x101 n=12345'")
	expect_eq "$NOW: $scf/socket_0_rd_data/ (driver $(driver_of $scf))" "${c[0]}" 12345
	expect_eq "$NOW: the SCF model's event 0x101" "$(event_total t241_scf_s1 0x101)" 12345
}

# The next boot's choice: on a kernel whose drivers are built in, --now
# cannot move anything (exit 3, nothing moved) and the command line is
# what changes
test_next_choice() {
	local rc=0 before
	before=$(bindings)
	boot_config >"$VM_OUT/boot-config-booted-$NOW.txt"
	sw "$NEXT" --now || rc=$?
	if [ "$NEXT" = "$NOW" ]; then
		expect_eq "exit status, the same choice again" $rc 0
	else
		expect_eq "exit status, a built-in driver to move (at the next boot)" $rc 3
	fi
	expect_eq "bindings after $NEXT --now" \
		"$(bindings)" "$before"
	echo "  the next boot's command line: $(next_cmdline)"
	if [ "$NEXT" = ours ]; then
		grep -q 'initcall_blacklist=.*imx_ddr_pmu_driver_init' <<<"$(next_cmdline)" ||
			fail "the next boot's command line lacks the choice ours"
		# back from the kernel's: what the first boot (ours) booted
		# with, byte for byte, so the next boot is that boot again
		[ "$NOW" = ours ] || boot_config | cmp "$VM_OUT/boot-config-booted-ours.txt" - ||
			fail "the boot configuration after kernel -> ours differs from the one the boot with ours had"
	else
		! grep -q 'imx_ddr_pmu_driver_init' <<<"$(next_cmdline)" ||
			fail "the next boot's command line still has the choice ours"
	fi
}

# The package's removal on a kernel with the drivers built in: uninstall
# takes the choice off the command line and moves nothing now (exit 3
# where ours are bound: a built-in driver takes its devices at the next
# boot).  The image is put back after, for the test below.  (Not where
# ours drive units the kernel has no driver for, the ACPI board's
# latency units: the removal unloads them, which switch-test and 7.2's
# boards cover)
test_removal() {
	local rc=0 before left saved=$VM_OUT/removal-saved
	[ -z "$(ls -d /sys/bus/platform/drivers/nvidia-t410-*/*:* 2>/dev/null)" ] ||
		skip "ours drive units the kernel has no driver for"
	rm -rf "$saved" && mkdir -p "$saved"
	cp -a "$BROOT/boot" "$saved/" && { [ ! -d "$BROOT/etc" ] || cp -a "$BROOT/etc" "$saved/"; } ||
		fail "could not keep the image"
	before=$(bindings)
	sw uninstall --now || rc=$?
	if [ "$NOW" = ours ]; then
		expect_eq "exit status, ours bound, built-in driver (at the next boot)" $rc 3
	else
		# (3 where a device the kernel's driver is taken to know is
		# unbound now, the DB monitor 6.12's driver does not take)
		[ $rc = 0 ] || [ $rc = 3 ] || fail "exit status $rc, the kernel's bound already"
	fi
	expect_eq "bindings after uninstall --now" "$(bindings)" "$before"
	echo "  the next boot's command line: $(next_cmdline)"
	! grep -q 'imx_ddr_pmu_driver_init' <<<"$(next_cmdline)" ||
		fail "the command line still has the choice ours"
	left=$(find "$BROOT/etc" -type f ! -name "$BOARD_ETC" 2>/dev/null)
	[ -z "$left" ] || fail "files left: $left"
	rm -rf "${BROOT:?}/boot" "${BROOT:?}/etc"
	cp -a "$saved/boot" "$BROOT/" && { [ ! -d "$saved/etc" ] || cp -a "$saved/etc" "$BROOT/"; } ||
		fail "could not put the image back"
}

[ -f "$BROOT/lib/modules/$REL/modules.builtin" ] ||
	{ echo "builtin: no $BROOT (tools/vm-run makes it for the arm64 boards)" >&2; exit 1; }
run_test "this boot ($NOW): bound as the kernel command line chose" test_bound_as_chosen
run_test "this boot ($NOW): perf counts exactly" test_counts_exact
run_test "the package's removal: the choice off the command line, nothing moved now" test_removal
run_test "the next boot's choice ($NEXT), nothing moved now" test_next_choice
t_summary
