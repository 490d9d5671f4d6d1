# SPDX-License-Identifier: GPL-2.0-only
#
# Out-of-tree build of the PMU drivers.
#
#   make                          build against the running kernel
#   make KDIR=/path/to/kernel     build against another kernel tree
#   make KDIR=... ARCH=arm64 CROSS_COMPILE=aarch64-linux-gnu-
#   make modules_install          the drivers (not the test modules) into
#                                 $(INSTALL_MOD_PATH)/lib/modules/<release>,
#                                 then $(DEPMOD) for that release; "install"
#                                 is the same.  KERNEL_SRC is KDIR's other
#                                 name and O= the kernel's build directory,
#                                 as Yocto's module.bbclass passes them
#   make demo                     boot the virtual board and run perf on it
#   make demo ARCH=arm64          the same on the arm64 board (device tree)
#   make demo-packages            install the demo's Debian packages only
#   make check                    every gate and test; ends "N passed, N failed"
#   make shell [ARCH=arm64]       interactive shell on the virtual board
#   make bench                    what the read path, the overflow IRQ,
#                                 module load and the metrics exporter cost
#                                 on the board (figures only)
#   make install-tools            tools/pmu-metrics (and t410-metrics, a link
#                                 to it) into $(DESTDIR)$(PREFIX)/bin, its
#                                 exporter's systemd unit (disabled),
#                                 tools/imx-tegra-pmu-switch into .../sbin
#                                 (PREFIX=/usr/local), the packages'
#                                 modprobe.d file into $(MODPROBE_D), their
#                                 kernel hooks into $(KERNEL_D)
#   make uninstall                the devices back to the kernel's drivers,
#                                 what the two above installed removed
#   make dkms-deb                 the DKMS package, out/dkms/*.deb (README)
#   make rpm                      the DKMS RPM for Fedora and EL, out/rpm/RPMS/

# Yocto's module.bbclass names the kernel tree KERNEL_SRC
KERNEL_SRC ?= /lib/modules/$(shell uname -r)/build
KDIR ?= $(KERNEL_SRC)
PREFIX ?= /usr/local
DEPMOD ?= depmod
# the release the modules are for: the kernel's UTS_RELEASE, which their
# vermagic carries and modules_install installs under (Debian's headers'
# include/config/kernel.release says 6.1.192 where the kernel is
# 6.1.0-57-amd64)
KREL = $(shell sed -n 's/^\#define UTS_RELEASE "\(.*\)"$$/\1/p' \
	$(if $(O),$(O),$(KDIR))/include/generated/utsrelease.h 2>/dev/null)
# where modules_install put external modules, under lib/modules/$(KREL):
# INSTALL_MOD_DIR, by default extra/ (Linux 6.1) or updates/ (6.12 on)
MOD_DIRS = $(if $(INSTALL_MOD_DIR),$(INSTALL_MOD_DIR),extra updates)
# the drivers' module names, as drivers/perf/Kbuild lists them
DRIVER_MODULES = $(shell sed -n 's/^obj-\$$(CONFIG_[A-Z0-9_]*)[[:space:]]*+= \([a-z0-9_]*\)\.o$$/\1/p' \
	drivers/perf/Kbuild)
# which virtual board demo and shell boot: ARCH=arm64 the arm64 one
BOARD := $(if $(filter arm64,$(ARCH)),--arch arm64)

all: modules

modules:
	$(MAKE) -C $(KDIR) M=$(CURDIR) modules

# The drivers only: the models and test modules stay in the checkout
# (PMU_TESTS=n leaves tests/ out of the build and of modules.order).
# The kernel's own modules_install runs depmod only where the tree has a
# System.map; a distribution's headers have none, so depmod runs here
# (DEPMOD=echo, as Yocto passes it, only says what it would run)
modules_install install:
	$(MAKE) -C $(KDIR) M=$(CURDIR) PMU_TESTS=n modules
	$(MAKE) -C $(KDIR) M=$(CURDIR) PMU_TESTS=n modules_install
	$(DEPMOD) -a $(if $(INSTALL_MOD_PATH),-b $(INSTALL_MOD_PATH)) $(KREL)

# What modules_install and install-tools put there, taken away again,
# the devices given back to the kernel's drivers first (at once on the
# running system; in an image, INSTALL_MOD_PATH, at its boot), as the
# packages' removal does (exit 3: some wait for the next boot)
uninstall:
	@[ -n "$(KREL)" ] || { echo "uninstall: no kernel release in $(KDIR)"; exit 1; }
	tools/imx-tegra-pmu-switch $(if $(INSTALL_MOD_PATH),--root $(INSTALL_MOD_PATH)) \
		--release $(KREL) uninstall $(if $(INSTALL_MOD_PATH),,--now) || [ $$? = 3 ]
	rm -f $(foreach d,$(MOD_DIRS),$(foreach m,$(DRIVER_MODULES),\
		$(INSTALL_MOD_PATH)/lib/modules/$(KREL)/$(d)/drivers/perf/$(m).ko*))
	$(DEPMOD) -a $(if $(INSTALL_MOD_PATH),-b $(INSTALL_MOD_PATH)) $(KREL)
	rm -f $(DESTDIR)$(PREFIX)/bin/pmu-metrics $(DESTDIR)$(PREFIX)/bin/t410-metrics \
		$(DESTDIR)$(PREFIX)/lib/systemd/system/pmu-metrics-exporter.service \
		$(DESTDIR)$(PREFIX)/sbin/imx-tegra-pmu-switch $(DESTDIR)$(MODPROBE_D)/imx-tegra-pmu.conf \
		$(foreach d,$(KERNEL_HOOK_DIRS),$(DESTDIR)$(KERNEL_D)/$(d)/imx-tegra-pmu-local) \
		$(DESTDIR)$(KERNEL_D)/install.d/95-imx-tegra-pmu-local.install

# (the list, for the test rig's tests/rig/lib.sh)
driver-modules:
	@echo $(DRIVER_MODULES)

clean:
	$(MAKE) -C $(KDIR) M=$(CURDIR) clean 2>/dev/null || \
		find . \( -name '*.o' -o -name '*.ko' -o -name '*.mod*' -o \
			-name '.*.cmd' -o -name 'Module.symvers' -o \
			-name 'modules.order' \) -delete

distclean: clean
	rm -rf out

demo:
	tests/rig/demo $(BOARD)

demo-packages:
	tests/rig/demo $(BOARD) --packages-only

check:
	tests/rig/check

shell:
	tests/rig/vm-run --interactive $(BOARD)

bench:
	tests/rig/bench

# (the packages' modprobe.d file too: without it udev loads both sides'
# modules for a device where the kernel has its driver as a module, and
# they race for it; /lib/modprobe.d, which every kmod reads)
MODPROBE_D ?= /lib/modprobe.d
# The kernel hooks: each kernel's boot settings made again when a kernel
# (or its headers) comes or goes, as the packages do it: Debian's
# run-parts directories, and kernel-install's local plugins (Fedora, EL).
# Named *-local: the packages' hook of the same name is a dpkg conffile
# (dpkg would ask about a file already there), and a plugin in
# /etc/kernel/install.d masks the RPM's of the same name
KERNEL_D ?= /etc/kernel
KERNEL_HOOK_DIRS = postinst.d header_postinst.d postrm.d
install-tools:
	install -D -m 0755 tools/pmu-metrics $(DESTDIR)$(PREFIX)/bin/pmu-metrics
	ln -sf pmu-metrics $(DESTDIR)$(PREFIX)/bin/t410-metrics
	install -d $(DESTDIR)$(PREFIX)/lib/systemd/system
	sed 's|/usr/bin/pmu-metrics|$(PREFIX)/bin/pmu-metrics|' packaging/systemd/pmu-metrics-exporter.service \
		>$(DESTDIR)$(PREFIX)/lib/systemd/system/pmu-metrics-exporter.service
	install -D -m 0755 tools/imx-tegra-pmu-switch $(DESTDIR)$(PREFIX)/sbin/imx-tegra-pmu-switch
	install -D -m 0644 packaging/imx-tegra-pmu.conf $(DESTDIR)$(MODPROBE_D)/imx-tegra-pmu.conf
	for d in $(KERNEL_HOOK_DIRS); do \
		install -d $(DESTDIR)$(KERNEL_D)/$$d && \
		sed 's|/usr/sbin/imx-tegra-pmu-switch|$(PREFIX)/sbin/imx-tegra-pmu-switch|' \
			packaging/kernel-hooks/imx-tegra-pmu >$(DESTDIR)$(KERNEL_D)/$$d/imx-tegra-pmu-local && \
		chmod 0755 $(DESTDIR)$(KERNEL_D)/$$d/imx-tegra-pmu-local || exit 1; \
	done
	install -d $(DESTDIR)$(KERNEL_D)/install.d
	sed 's|/usr/sbin/imx-tegra-pmu-switch|$(PREFIX)/sbin/imx-tegra-pmu-switch|' \
		packaging/kernel-hooks/95-imx-tegra-pmu.install >$(DESTDIR)$(KERNEL_D)/install.d/95-imx-tegra-pmu-local.install
	chmod 0755 $(DESTDIR)$(KERNEL_D)/install.d/95-imx-tegra-pmu-local.install

dkms-deb:
	packaging/build-dkms-deb

rpm:
	packaging/build-rpm

.PHONY: all modules modules_install install uninstall driver-modules clean distclean demo demo-packages check shell bench install-tools dkms-deb rpm
