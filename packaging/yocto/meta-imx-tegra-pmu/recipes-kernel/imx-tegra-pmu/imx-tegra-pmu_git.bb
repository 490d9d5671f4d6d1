# SPDX-License-Identifier: GPL-2.0-only
SUMMARY = "i.MX8 DDR, Tegra410/CoreSight and hybrid CPU PMU drivers for perf"
DESCRIPTION = "Out-of-tree Linux perf PMU drivers: the i.MX8 DDR and DB \
monitors (imx8_ddr<N>, imx8_db<N>), the Arm CoreSight PMU architecture with \
its NVIDIA (Tegra410, Grace) and Ampere backends, the Tegra410 latency PMUs, \
the hybrid cpu_core/cpu_atom core; imx-tegra-pmu-switch, which chooses \
between them and the kernel's own drivers; pmu-metrics (t410-metrics)."
LICENSE = "GPL-2.0-only"
LIC_FILES_CHKSUM = "file://COPYING;md5=b234ee4d69f5fce4486a80fdaf4a4263"

inherit module systemd

# The commit the checkout this layer sits in (conf/layer.conf) has checked
# out, fetched with git: a new commit is a new PV (0.1+git<revision>), so
# an image's package feed upgrades and the modules are built again.  What
# is not committed is not built: commit it first
def imx_tegra_pmu_head(d):
    import subprocess
    top = d.getVar('IMX_TEGRA_PMU_TOP')
    return subprocess.check_output(['git', '-C', top, 'rev-parse', 'HEAD'],
                                   text=True).strip()

PV = "0.1+git"
SRC_URI = "git://${IMX_TEGRA_PMU_TOP};protocol=file;nobranch=1;destsuffix=${BPN}"
SRCREV = "${@imx_tegra_pmu_head(d)}"
# UNPACKDIR from styhead on; scarthgap unpacks into WORKDIR
S = "${@d.getVar('UNPACKDIR') or d.getVar('WORKDIR')}/${BPN}"

# The drivers only: the checkout's test modules stay out of the build
# (Kbuild's PMU_TESTS); module.bbclass passes KERNEL_SRC and O=
EXTRA_OEMAKE += "PMU_TESTS=n"

# module.bbclass packages each module as kernel-module-<name>, and the
# main package, empty, depends on those there are.  No RPROVIDES of
# kernel-module-<name> here: which modules are built depends on the
# kernel's configuration (the Tegra410 latency drivers need ACPI), and a
# package that says it provides a module it does not carry satisfies a
# dependency on that module with nothing

# No KERNEL_MODULE_AUTOLOAD: udev loads ours for each device (the
# packaged modprobe.d file's install lines put them in place of the
# kernel's modules), and a module named there is loaded by name at boot,
# past the choice "kernel" (busybox mdev images, which load nothing by
# alias, add imx8_ddr_pmu to it themselves).  No KERNEL_MODULE_PROBECONF:
# the choice between these drivers and the kernel's is
# imx-tegra-pmu-switch's, in /etc/modprobe.d/imx-tegra-pmu.conf over the
# packaged one (and, where the kernel's driver is built in, as in
# linux-imx, on the kernel command line); a file of the recipe's in
# /etc/modprobe.d would be one it cannot take back

PACKAGES =+ "${PN}-switch ${PN}-metrics"
FILES:${PN}-switch = "${sbindir}/imx-tegra-pmu-switch \
                      ${nonarch_base_libdir}/modprobe.d/imx-tegra-pmu.conf"
RDEPENDS:${PN}-switch = "bash kmod coreutils findutils grep sed"
# fw_printenv/fw_setenv: the switch writes the choice into U-Boot's
# environment on boards without extlinux.conf (NXP's images)
RRECOMMENDS:${PN}-switch = "libubootenv-bin"
# pmu-metrics, and its first name t410-metrics (the Tegra410 units only)
FILES:${PN}-metrics = "${bindir}/pmu-metrics ${bindir}/t410-metrics"
# every package of meta's python3-manifest.json the tool's imports come
# from (a minimal image has python3-core only): argparse, dataclasses,
# fnmatch, functools, os, re, select, shutil, signal, subprocess,
# textwrap, threading, time and zlib are core's; json; shlex (shell);
# tempfile (io);
# http.server (netclient), and what it imports: socketserver
# (netserver), html, email.utils (email), datetime
RDEPENDS:${PN}-metrics = "python3-core python3-datetime python3-email python3-html \
                          python3-io python3-json python3-netclient python3-netserver \
                          python3-shell perf"
RPROVIDES:${PN}-metrics = "${PN}-t410-metrics"
# its exporter's unit, there to be enabled, not enabled
SYSTEMD_PACKAGES = "${PN}-metrics"
SYSTEMD_SERVICE:${PN}-metrics = "pmu-metrics-exporter.service"
SYSTEMD_AUTO_ENABLE:${PN}-metrics = "disable"
FILES:${PN}-metrics += "${systemd_system_unitdir}/pmu-metrics-exporter.service"
# its Prometheus recording rules and alerts, for a rule_files line
FILES:${PN}-metrics += "${datadir}/pmu-metrics"
# perf itself: what the drivers are counted with
RRECOMMENDS:${PN} += "${PN}-switch perf"

# At the first boot (or the first install on the board), the choice
# "ours": where the kernel's driver is built in (linux-imx),
# initcall_blacklist= into the kernel command line (U-Boot's mmcargs, or
# extlinux.conf), so ours bind from the boot after; the switch cannot
# write U-Boot's environment from the build host, and must not touch the
# build host's /sys (the image's postinst, $D set, waits for the board:
# _ontarget).  An upgrade from a package feed keeps the board's choice
# and makes its boot settings again; the final removal gives the devices
# back.  The package managers tell these apart differently: rpm by a
# count ($1 in postinst: 1 the first install, 2 an upgrade; in prerm and
# postrm: 0 the removal, 1 an upgrade), dpkg by words (postinst configure
# [OLD-VERSION], prerm and postrm remove or upgrade), opkg by dpkg's
# words, but its postinst is told "configure" alone at an upgrade too:
# its preinst, told "upgrade", leaves a mark for it in /run.  A postinst
# deferred to the first boot (run-postinsts) runs as a first install
pkg_preinst:${PN}-switch() {
	if [ -z "$D" ] && [ "$1" = upgrade ]; then
		mkdir -p /run/imx-tegra-pmu && touch /run/imx-tegra-pmu/upgrade
	fi
}
pkg_postinst_ontarget:${PN}-switch() {
	first=no
	case "$1" in
	"" | 1) first=1 ;;
	configure) [ -n "$2" ] || first=1 ;;
	esac
	if [ -e /run/imx-tegra-pmu/upgrade ]; then
		first=no
		rm -f /run/imx-tegra-pmu/upgrade
	fi
	case "$1" in
	abort-*) ;;
	*)
		if [ "$first" = 1 ]; then
			imx-tegra-pmu-switch ours --now || true
		else
			imx-tegra-pmu-switch update-boot || true
		fi
		;;
	esac
}
pkg_prerm:${PN}-switch() {
	if [ -z "$D" ] && { [ "$1" = 0 ] || [ "$1" = remove ]; }; then
		imx-tegra-pmu-switch uninstall --now || true
	fi
}
# what the switch's uninstall left of its files (its removal only goes
# forward), at the final removal too
pkg_postrm:${PN}-switch() {
	if [ -z "$D" ] && { [ "$1" = 0 ] || [ "$1" = remove ]; }; then
		rm -f ${sysconfdir}/modprobe.d/imx-tegra-pmu.conf ${sysconfdir}/depmod.d/imx-tegra-pmu.conf
	fi
}

do_install:append() {
	install -D -m 0755 ${S}/tools/imx-tegra-pmu-switch ${D}${sbindir}/imx-tegra-pmu-switch
	install -D -m 0644 ${S}/packaging/imx-tegra-pmu.conf \
		${D}${nonarch_base_libdir}/modprobe.d/imx-tegra-pmu.conf
	install -D -m 0755 ${S}/tools/pmu-metrics ${D}${bindir}/pmu-metrics
	ln -sf pmu-metrics ${D}${bindir}/t410-metrics
	install -D -m 0644 ${S}/packaging/systemd/pmu-metrics-exporter.service \
		${D}${systemd_system_unitdir}/pmu-metrics-exporter.service
	install -D -m 0644 ${S}/packaging/prometheus/pmu-metrics.rules.yml \
		${D}${datadir}/pmu-metrics/pmu-metrics.rules.yml
	install -d ${D}${docdir}/${BPN}
	install -m 0644 ${S}/Documentation/admin-guide/perf/*.rst ${D}${docdir}/${BPN}/
}
