#!/bin/bash
# Handing the devices to the kernel's own drivers and back with
# tools/imx-tegra-pmu-switch, on a kernel that has its drivers as modules
# (Debian's 6.1 and 7.2 for the i.MX8; on the ACPI board, 7.2's arm_cspmu,
# nvidia_cspmu and Tegra410 latency drivers as RHEL 10 and Ubuntu ship
# them).  The switch works on an installed system's image (--root): the
# kernel's modules in kernel/drivers/perf (out/kernel-perf: the image's
# own; out/upstream-t410: 7.2's, built for this kernel), ours where DKMS
# puts them (updates/dkms), the packages' modprobe.d file in
# /usr/lib/modprobe.d, depmod's indexes.  After every step each device is
# checked to be bound as chosen and perf to count exactly, through
# whichever driver has it.  The choice at boot is udev's coldplug played
# with the image's files (modprobe of each device's modalias), everything
# of both sides unloaded first.

. "$VM_TOP/tests/guest/lib.sh"

SWITCH=$VM_TOP/tools/imx-tegra-pmu-switch
# The image lives in the guest's memory (/run, a tmpfs): on the board's
# shared directory every file the switch, depmod and modprobe write or
# read crosses 9p, and each test makes the image afresh
ROOT=/run/handover-root
REL=$(uname -r)
MODS=$ROOT/lib/modules/$REL
PLATFORM=/sys/bus/platform/devices

sw() { "$SWITCH" --root "$ROOT" "$@"; }

# make_root [--no-kernel-drivers]: the installed system's image; with
# the option, of a kernel that has no driver of its own for our devices
# (Debian's arm64 kernels have no arm_cspmu)
make_root() {
	local ko
	rm -rf "$ROOT"
	mkdir -p "$MODS/kernel/drivers/perf" "$MODS/updates/dkms" "$ROOT/usr/lib/modprobe.d"
	for ko in "$VM_TOP"/out/kernel-perf/*.ko "$VM_TOP"/out/upstream-t410/*.ko; do
		[ "${1:-}" != --no-kernel-drivers ] && [ -f "$ko" ] && cp "$ko" "$MODS/kernel/drivers/perf/"
	done
	touch "$MODS/modules.order" "$MODS/modules.builtin" "$MODS/modules.builtin.modinfo"
	package_files install
}

# package_files install|remove: the package's files in the image (ours
# where DKMS puts them, its modprobe.d file), or none of them; depmod
package_files() {
	if [ "$1" = install ]; then
		cp "$VM_TOP"/drivers/perf/*.ko "$MODS/updates/dkms/"
		cp "$VM_TOP/packaging/imx-tegra-pmu.conf" "$ROOT/usr/lib/modprobe.d/"
	else
		rm -f "$MODS"/updates/dkms/*.ko "$ROOT/usr/lib/modprobe.d/imx-tegra-pmu.conf"
	fi
	depmod -b "$ROOT" "$REL" || fail "depmod failed"
}

# The device kinds this board has both sides' drivers for: "kind|our
# module|our driver|kernel's module|kernel's driver" (the first module of
# each side: its aliases say which devices it takes)
KINDS=(
	"i.MX8 DDR|imx8_ddr_pmu|imx8-ddr-pmu|fsl_imx8_ddr_perf|imx-ddr-pmu"
	"CoreSight|coresight_pmu|coresight-pmu|arm_cspmu_module|arm-cs-arch-pmu"
	"CMEM latency|nvidia_t410_cmem_latency_pmu|nvidia-t410-cmem-latency-pmu|nvidia_t410_cmem_latency_pmu|nvidia-t410-cmem-latency-pmu"
	"C2C|nvidia_t410_c2c_pmu|nvidia-t410-c2c-pmu|nvidia_t410_c2c_pmu|nvidia-t410-c2c-pmu"
)

# cache_aliases DIR MODULE: ALIASES[DIR/MODULE], the module file's
# aliases, asked of modinfo once per file and suite (make_root copies the
# same files every time; a modinfo costs a fifth of a second on the
# board, and expect_side wants eight); aliases DIR MODULE prints them
declare -A ALIASES=()
cache_aliases() {
	[ -n "${ALIASES[$1/$2]+set}" ] ||
		ALIASES[$1/$2]=$(modinfo -F alias "$MODS/$1/$2.ko" 2>/dev/null)
}
aliases() { cache_aliases "$1" "$2"; echo "${ALIASES[$1/$2]}"; }

# The module sizes of ours, as the board loaded them (/sys/module/M/
# coresize): where both sides' modules have one name, the size tells
# which file is loaded
declare -A OUR_SIZE=()
for m in nvidia_t410_cmem_latency_pmu nvidia_t410_c2c_pmu; do
	[ ! -r "/sys/module/$m/coresize" ] || OUR_SIZE[$m]=$(<"/sys/module/$m/coresize")
done

# expect_side SIDE: every device of the kinds here is bound to SIDE's
# driver where SIDE knows it, to none where it does not (the image's
# kernel has no module of a kind: none on its side); prints the devices
# checked
expect_side() {
	local k kind om od km kd oa ka d ma want n=0 nk size
	read_bindings
	for k in "${KINDS[@]}"; do
		IFS='|' read -r kind om od km kd <<<"$k"
		nk=0
		cache_aliases updates/dkms "$om"
		cache_aliases kernel/drivers/perf "$km"
		oa=${ALIASES[updates/dkms/$om]} ka=${ALIASES[kernel/drivers/perf/$km]}
		for d in "$PLATFORM"/*; do
			[ -r "$d/modalias" ] || continue
			read -r ma <"$d/modalias"
			knows "$ma" "$oa" || knows "$ma" "$ka" || continue
			want=none
			if [ "$1" = ours ]; then knows "$ma" "$oa" && want=$od
			else knows "$ma" "$ka" && want=$kd
			fi
			d=${d##*/}
			[ "${BINDING[$d]}" = "$want" ] || fail "$kind $d: bound to ${BINDING[$d]}, expected $want ($1)"
			if [ "$om" = "$km" ] && [ "$want" != none ]; then
				size=$(<"/sys/module/$om/coresize")
				if [ "$1" = ours ]; then
					[ "$size" = "${OUR_SIZE[$om]}" ] || fail "$om: not ours loaded (size $size)"
				else
					[ "$size" != "${OUR_SIZE[$om]}" ] || fail "$om: ours still loaded"
				fi
			fi
			n=$((n + 1)) nk=$((nk + 1))
		done
		[ $nk = 0 ] || echo "  $1: every $kind device as chosen ($nk)"
	done
	[ $n -gt 0 ] || fail "no device that either side drives"
}

# count_exact SIDE: perf counts exactly through the drivers bound now: a
# DDR controller's reads and writes against the traffic the model was
# given; on the Tegra410 units, a fabric unit (UCF, arm_cspmu's kind) and
# a latency unit (NVLink-C2C, the modules both sides name alike) in one
# perf run, each against its model's own total.  (The cross-check with
# 7.2's drivers, tests/upstream/tegra410.sh, runs every example of the
# guide through both sides; here each step needs one exact count per
# kind, and a perf run is a third of a second on the board, a suite's
# start more)
count_exact() {
	local ucf=nvidia_ucf_pmu_0 c2c=nvidia_nvlink_c2c_pmu_0
	local -a c
	# (the Tegra410 units: on the ACPI board, where the APMT makes them)
	count_described "$1" || return 0
	inject ucf_s0 reset
	inject c2c_s0 reset
	mapfile -t c < <(counts "$ucf/event=0x0/,$c2c/in_rd_req/" \
		"model-traffic ucf_s0 'event id=0 n=1000 src=0 dst=0'" \
		"; model-traffic c2c_s0 'traffic dir=in op=rd peer=0 inst=0 req=117 lat=300'")
	expect_eq "$1: $ucf/event=0x0/ (driver $(driver_of $ucf))" "${c[0]}" 1000
	expect_eq "$1: the UCF model's event 0" "$(event_total ucf_s0 0)" 1000
	expect_eq "$1: $c2c/in_rd_req/ (driver $(driver_of $c2c))" "${c[1]}" 117
	expect_eq "$1: the C2C model's in_rd_req" "$(total c2c_s0 in_rd_req)" 117
}

check_prerequisites() {
	compgen -G "$VM_TOP/out/kernel-perf/fsl_imx8_ddr_perf.ko" >/dev/null ||
		[ -f "$VM_TOP/out/upstream-t410/arm_cspmu_module.ko" ] ||
		skip "this kernel has no driver of its own for our devices as a module"
}

# Ours at boot (the board loaded them); the kernel's with --now; ours
# again with --now; each step counting exactly
test_handover_now() {
	check_prerequisites
	make_root
	sw status || fail "status failed"
	expect_side ours
	count_exact ours
	sw kernel --now || fail "switch kernel --now failed"
	sw status
	expect_side kernel
	count_exact kernel
	grep -qx '# imx-tegra-pmu-switch: kernel' "$ROOT/etc/modprobe.d/imx-tegra-pmu.conf" ||
		fail "the choice is not kept in /etc/modprobe.d"
	sw ours --now || fail "switch ours --now failed"
	expect_side ours
	count_exact ours
}

# udev at boot: every device's modalias through modprobe, with the
# image's configuration; nothing of ours or the kernel's loaded before.
# One modprobe for all the board's modaliases, each once: udev's kmod
# builtin loads them in its own process too, and a command run costs on
# an emulated board
coldplug() {
	local d m ma
	local -A seen=()
	for m in nvidia_cspmu ampere_cspmu arm_cspmu_module nvidia_coresight_pmu \
		ampere_coresight_pmu coresight_pmu nvidia_t410_c2c_pmu \
		nvidia_t410_cmem_latency_pmu imx8_ddr_pmu fsl_imx8_ddr_perf; do
		[ ! -d "/sys/module/$m" ] || rmmod "$m" || fail "rmmod $m"
	done
	for d in "$PLATFORM"/*; do
		[ -r "$d/modalias" ] || continue
		read -r ma <"$d/modalias"
		seen[$ma]=1
	done
	# (MODPROBE_OPTIONS: the modprobe that the image's install lines run
	# reads the image too)
	local -x MODPROBE_OPTIONS="-d $ROOT -C $ROOT/etc/modprobe.d -C $ROOT/usr/lib/modprobe.d"
	[ ${#seen[@]} = 0 ] || modprobe -a -q "${!seen[@]}"
	# each CoreSight core asks for its backends by name (request_module:
	# the board's own modprobe, which knows nothing of the image): here,
	# from the image
	if [ -d /sys/module/coresight_pmu ]; then
		modprobe -a -q nvidia_coresight_pmu ampere_coresight_pmu
	fi
	if [ -d /sys/module/arm_cspmu_module ]; then
		modprobe -a -q nvidia_cspmu ampere_cspmu
	fi
	return 0
}

# The choice taken at boot: udev's coldplug with each choice's files
test_choice_at_boot() {
	check_prerequisites
	make_root
	sw kernel || fail "switch kernel failed"
	coldplug
	expect_side kernel
	count_exact kernel
	sw ours || fail "switch ours failed"
	coldplug
	expect_side ours
	count_exact ours
}

# snapshot: the bindings and the image's configuration, for comparison
snapshot() {
	bindings
	cat "$ROOT"/etc/modprobe.d/* "$ROOT"/etc/depmod.d/* 2>/dev/null
	lsmod | awk 'NR > 1 { print $1 }' | sort
}

# While a perf event is open, nothing moves
test_refused_while_counting() {
	local before pid rc=0 p
	check_prerequisites
	make_root
	sw ours --now || fail "switch ours --now failed"
	before=$(snapshot)
	p=$(cd "$PMUS" && ls -d imx8_ddr0 nvidia_ucf_pmu_0 2>/dev/null | head -1)
	[ -n "$p" ] || fail "no PMU to count with"
	"$PERF" stat -a -e "$p/cycles/" -- sleep 600 >/dev/null 2>&1 &
	pid=$!
	wait_perf_open "$pid" || fail "perf stat never opened its event"
	sw kernel --now 2>/tmp/switch.err || rc=$?
	# perf stat ends once its workload has: the sleep first (perf's
	# SIGINT alone would wait out its 600 s)
	pkill -P "$pid" sleep
	kill -INT "$pid"
	wait "$pid"
	cat /tmp/switch.err
	expect_eq "exit status while a perf event is open" "$rc" 2
	grep -q 'perf events are open' /tmp/switch.err || fail "no clear message"
	expect_eq "bindings, modules and files" "$(snapshot)" "$before"
}

# A step that fails half-way is put back: the kernel's module will not
# load (a file cut short), so ours go back and the files are as before
test_failure_put_back() {
	local before rc=0 km
	check_prerequisites
	make_root
	sw ours --now || fail "switch ours --now failed"
	before=$(snapshot)
	# (another machine's module, EM_X86_64: modinfo reads its aliases,
	# so the switch knows the devices it takes, and the kernel refuses it)
	for km in fsl_imx8_ddr_perf arm_cspmu_module; do
		[ -f "$MODS/kernel/drivers/perf/$km.ko" ] || continue
		printf '\076\000' | dd of="$MODS/kernel/drivers/perf/$km.ko" bs=1 seek=18 conv=notrunc 2>/dev/null
	done
	sw kernel --now 2>/tmp/switch.err || rc=$?
	cat /tmp/switch.err
	expect_eq "exit status when the kernel's module does not load" "$rc" 1
	grep -q 'put back as it was' /tmp/switch.err || fail "no message that it was put back"
	expect_eq "bindings, modules and files" "$(snapshot)" "$before"
	expect_side ours
	count_exact ours
}

# Why the switch writes a file of its own, not an empty one: an empty
# /etc/modprobe.d file masks the packages' (a user's first idea), and
# then both sides' modules match each device at udev's coldplug and race
# for it.  Where the two modules have different names, both load; the
# packages' file alone again, ours bind every device
test_masked_package_file() {
	local k kind om km n=0
	check_prerequisites
	make_root
	mkdir -p "$ROOT/etc/modprobe.d"
	: >"$ROOT/etc/modprobe.d/imx-tegra-pmu.conf"
	coldplug
	for k in "${KINDS[@]}"; do
		IFS='|' read -r kind om _ km _ <<<"$k"
		[ -f "$MODS/kernel/drivers/perf/$km.ko" ] && [ "$om" != "$km" ] || continue
		# (Debian's 7.2 has arm_cspmu_module; the device-tree board has
		# no CoreSight unit for udev to load it for)
		board_has "$(aliases updates/dkms "$om")" "$(aliases kernel/drivers/perf "$km")" || continue
		[ -d "/sys/module/$om" ] && [ -d "/sys/module/$km" ] ||
			fail "$kind, the packages' file masked: not both $om and $km loaded"
		echo "  $kind, the packages' file masked: $om and $km both loaded (a race for the devices)"
		n=$((n + 1))
	done
	[ $n -gt 0 ] || fail "no kind with both sides' modules"
	rm "$ROOT/etc/modprobe.d/imx-tegra-pmu.conf"
	coldplug
	expect_side ours
}

# The package's life on a machine whose kernel has its drivers as
# modules: before it, the kernel's bound at boot; its install (DKMS's
# modules in updates/dkms, the packages' modprobe.d file, then what the
# .deb's postinst and the RPM's %post run) hands the devices to ours
# without a reboot; its removal (what prerm and %preun run, then the
# files gone) gives them back now, and the next boot binds the kernel's
test_package_life() {
	local k om km left
	check_prerequisites
	make_root
	# (each side's aliases read while both sides' files are there)
	for k in "${KINDS[@]}"; do
		IFS='|' read -r _ om _ km _ <<<"$k"
		cache_aliases updates/dkms "$om"
		cache_aliases kernel/drivers/perf "$km"
	done
	package_files remove
	coldplug
	expect_side kernel
	package_files install
	sw ours --now || fail "the install's switch ours --now failed"
	expect_side ours
	count_exact ours
	sw uninstall --now || fail "the removal's switch uninstall --now failed"
	left=$(find "$ROOT/etc" -type f 2>/dev/null)
	[ -z "$left" ] || fail "the switch left files: $left"
	expect_side kernel
	count_exact kernel
	package_files remove
	coldplug
	expect_side kernel
	count_exact kernel
}

# The package's life where the kernel has no driver of its own for our
# devices: before it and after its removal no driver is bound (the
# kernel side refused, the removal saying what it leaves); installed,
# ours count exactly without a reboot
test_package_life_no_kernel_driver() {
	local k om rc=0
	check_prerequisites
	make_root --no-kernel-drivers
	for k in "${KINDS[@]}"; do
		IFS='|' read -r _ om _ _ _ <<<"$k"
		cache_aliases updates/dkms "$om"
	done
	package_files remove
	coldplug
	expect_side kernel
	package_files install
	sw kernel --now 2>/tmp/switch.err || rc=$?
	cat /tmp/switch.err
	expect_eq "exit status of kernel --now where the kernel has no driver" "$rc" 2
	grep -q 'has no driver of its own for them; they would have no driver' /tmp/switch.err ||
		fail "no clear message for the refusal"
	sw ours --now || fail "the install's switch ours --now failed"
	expect_side ours
	count_exact ours
	sw uninstall --now 2>/tmp/switch.err || fail "the removal's switch uninstall --now failed"
	cat /tmp/switch.err
	grep -q 'left without a driver' /tmp/switch.err || fail "the removal does not say it leaves devices without a driver"
	expect_side kernel
	package_files remove
	coldplug
	expect_side kernel
}

run_test "ours -> the kernel's -> ours with --now, exact counts after each step" test_handover_now
run_test "the package's life: install (ours now), removal (the kernel's now and at boot), exact counts" \
	test_package_life
run_test "the package's life on a kernel with no driver of its own: none bound before and after, ours count exactly" \
	test_package_life_no_kernel_driver
run_test "the choice taken at boot (udev's coldplug), exact counts" test_choice_at_boot
run_test "refused while a perf event is open, nothing changed" test_refused_while_counting
run_test "the packages' file masked by an empty one: both sides load, then ours again" test_masked_package_file
run_test "a failed step is put back as it was" test_failure_put_back
t_summary
