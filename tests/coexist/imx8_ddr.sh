#!/bin/bash
# The kernel's own i.MX8 driver beside ours, as the DKMS package installs
# them: Debian's arm64 kernels build fsl_imx8_ddr_perf, whose OF aliases
# are ours too.  At boot udev loads every module whose alias matches a
# device (modprobe <modalias>), and both would race for the devices; the
# package's modprobe.d file (packaging/imx-tegra-pmu.conf) blacklists the
# kernel's, so that ours binds.  Run on Debian's kernels (tools/vm-run
# --kernel debian-*), whose fsl_imx8_ddr_perf stock_board_build puts in
# out/kernel-perf.
#
# The suite builds what an installed system has, in a scratch root: the
# image's module in kernel/drivers/perf, ours where DKMS puts them
# (updates/dkms), depmod's indexes, the package's modprobe.d file.  Then
# it plays udev's coldplug: modprobe of each i.MX8 device's modalias.

. "$VM_TOP/tests/guest/lib.sh"

KERNEL_KO=$VM_TOP/out/kernel-perf/fsl_imx8_ddr_perf.ko
ROOT=/tmp/coexist
REL=$(uname -r)
PLATFORM=/sys/bus/platform/devices

# The board's i.MX8 devices (DDR controllers and the DB), by their DT
# compatible
imx8_devices() {
	local d
	for d in "$PLATFORM"/*; do
		grep -qs 'fsl,imx8' "$d/of_node/compatible" && basename "$d"
	done
}


# scratch_root CONF: the installed system's modules and CONF as its
# modprobe.d file
scratch_root() {
	local m=$ROOT/lib/modules/$REL
	rm -rf "$ROOT"
	mkdir -p "$m/kernel/drivers/perf" "$m/updates/dkms" "$ROOT/etc/modprobe.d"
	cp "$KERNEL_KO" "$m/kernel/drivers/perf/"
	cp "$VM_TOP"/drivers/perf/{syspmu,imx8_ddr_pmu}.ko "$m/updates/dkms/"
	cp "$1" "$ROOT/etc/modprobe.d/imx-tegra-pmu.conf"
	touch "$m/modules.order" "$m/modules.builtin" "$m/modules.builtin.modinfo"
	depmod -b "$ROOT" "$REL" || fail "depmod failed"
}

# unload: no i.MX8 driver loaded (the board loaded ours at boot)
unload() {
	local mod
	for mod in imx8_ddr_pmu fsl_imx8_ddr_perf; do
		[ ! -d "/sys/module/$mod" ] || rmmod "$mod" || fail "rmmod $mod"
	done
}

# coldplug: what udev does at boot for the i.MX8 devices
coldplug() {
	local d
	for d in $(imx8_devices); do
		modprobe -d "$ROOT" -C "$ROOT/etc/modprobe.d" -q "$(<"$PLATFORM/$d/modalias")"
	done
	return 0
}

# expect_bound WHAT DRIVER: every i.MX8 device is bound to DRIVER
# ("kernel": the kernel's where its aliases know the device, else none)
expect_bound() {
	local d want got kaliases
	kaliases=$(modinfo -F alias "$KERNEL_KO")
	for d in $(imx8_devices); do
		want=$2
		if [ "$want" = kernel ]; then
			want=none
			while read -r a; do
				# shellcheck disable=SC2053  # the alias is a glob
				[[ $(<"$PLATFORM/$d/modalias") == $a ]] && want=imx-ddr-pmu
			done <<<"$kaliases"
		fi
		got=$(bound "$d")
		[ "$got" = "$want" ] || fail "$1: $d bound to $got, expected $want"
		echo "  $1: $d -> $got"
	done
}

check_prerequisites() {
	[ -f "$KERNEL_KO" ] || skip "this kernel has no fsl_imx8_ddr_perf (Debian builds it for arm64)"
	[ -n "$(imx8_devices)" ] || skip "no i.MX8 devices on this board (the device-tree board has them)"
}

# With the package's file: ours binds every device, the kernel's driver
# is not even loaded; again after modprobe -r
test_package_blacklist() {
	check_prerequisites
	scratch_root "$VM_TOP/packaging/imx-tegra-pmu.conf"
	unload
	coldplug
	expect_bound "coldplug" imx8-ddr-pmu
	[ ! -d /sys/module/fsl_imx8_ddr_perf ] || fail "the kernel's driver was loaded"
	modprobe -d "$ROOT" -r imx8_ddr_pmu || fail "modprobe -r imx8_ddr_pmu"
	coldplug
	expect_bound "after modprobe -r, coldplug again" imx8-ddr-pmu
	[ ! -d /sys/module/fsl_imx8_ddr_perf ] || fail "the kernel's driver was loaded"
}

# Masking the package's file with an empty one is not enough: then both
# modules match each device and whichever registers first binds it.
# Going back (README) blacklists ours instead: the kernel's binds every
# device it knows, the others stay unbound
test_going_back() {
	local conf=/tmp/coexist-back.conf
	check_prerequisites
	# an empty file in /etc/modprobe.d masks the package's: both load
	: >"$conf"
	scratch_root "$conf"
	unload
	coldplug
	[ -d /sys/module/fsl_imx8_ddr_perf ] && [ -d /sys/module/imx8_ddr_pmu ] ||
		fail "the package's file masked: not both drivers loaded"
	echo "  the package's file masked: both drivers loaded (a race for the devices)"
	printf 'blacklist imx8_ddr_pmu\n' >"$conf"
	scratch_root "$conf"
	unload
	coldplug
	expect_bound "ours blacklisted, coldplug" kernel
	[ ! -d /sys/module/imx8_ddr_pmu ] || fail "ours was loaded"
	# and back to the package's file: ours again
	unload
	scratch_root "$VM_TOP/packaging/imx-tegra-pmu.conf"
	coldplug
	expect_bound "the package's file again" imx8-ddr-pmu
}

run_test "the package's blacklist: ours binds at coldplug and after modprobe -r" test_package_blacklist
run_test "going back: ours blacklisted, the kernel's driver binds" test_going_back
t_summary
