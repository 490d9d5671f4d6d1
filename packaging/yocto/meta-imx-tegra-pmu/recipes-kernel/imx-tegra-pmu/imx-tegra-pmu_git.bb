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

# module.bbclass packages each module as kernel-module-<name>; the main
# package, empty, stands for them all
RPROVIDES:${PN} += "kernel-module-syspmu kernel-module-imx8-ddr-pmu \
                    kernel-module-coresight-pmu kernel-module-nvidia-coresight-pmu \
                    kernel-module-ampere-coresight-pmu \
                    kernel-module-nvidia-t410-cmem-latency-pmu \
                    kernel-module-nvidia-t410-c2c-pmu kernel-module-hybrid-pmu"

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
RDEPENDS:${PN}-metrics = "python3-core perf"
RPROVIDES:${PN}-metrics = "${PN}-t410-metrics"
# its exporter's unit, there to be enabled, not enabled
SYSTEMD_PACKAGES = "${PN}-metrics"
SYSTEMD_SERVICE:${PN}-metrics = "pmu-metrics-exporter.service"
SYSTEMD_AUTO_ENABLE:${PN}-metrics = "disable"
FILES:${PN}-metrics += "${systemd_system_unitdir}/pmu-metrics-exporter.service"
# perf itself: what the drivers are counted with
RRECOMMENDS:${PN} += "${PN}-switch perf"

# At the first boot, the choice "ours": where the kernel's driver is
# built in (linux-imx), initcall_blacklist= into the kernel command line
# (U-Boot's mmcargs, or extlinux.conf), so ours bind from the boot after;
# the switch cannot write U-Boot's environment from the build host.  The
# package's removal on the board gives the devices back
pkg_postinst_ontarget:${PN}-switch() {
	imx-tegra-pmu-switch ours --now || true
}
pkg_prerm:${PN}-switch() {
	if [ -z "$D" ]; then
		imx-tegra-pmu-switch uninstall --now || true
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
	install -d ${D}${docdir}/${BPN}
	install -m 0644 ${S}/Documentation/admin-guide/perf/*.rst ${D}${docdir}/${BPN}/
}
