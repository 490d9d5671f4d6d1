# SPDX-License-Identifier: GPL-2.0-only
#
# Out-of-tree build of the PMU drivers.
#
#   make                          build against the running kernel
#   make KDIR=/path/to/kernel     build against another kernel tree
#   make KDIR=... ARCH=arm64 CROSS_COMPILE=aarch64-linux-gnu-
#   make install                  modules_install into that kernel's tree
#   make demo                     boot the virtual board and run perf on it
#   make demo ARCH=arm64          the same on the arm64 board (device tree)
#   make check                    every gate and test; ends "N passed, N failed"
#   make shell [ARCH=arm64]       interactive shell on the virtual board
#   make bench                    what the read path, the overflow IRQ and
#                                 module load cost on the board (figures only)
#   make install-tools            tools/t410-metrics into $(DESTDIR)$(PREFIX)/bin
#                                 (PREFIX=/usr/local)
#   make dkms-deb                 the DKMS package, out/dkms/*.deb (README)

KDIR ?= /lib/modules/$(shell uname -r)/build
PREFIX ?= /usr/local
# which virtual board demo and shell boot: ARCH=arm64 the arm64 one
BOARD := $(if $(filter arm64,$(ARCH)),--arch arm64)

all: modules

modules:
	$(MAKE) -C $(KDIR) M=$(CURDIR) modules

install: modules
	$(MAKE) -C $(KDIR) M=$(CURDIR) modules_install

clean:
	$(MAKE) -C $(KDIR) M=$(CURDIR) clean 2>/dev/null || \
		find . \( -name '*.o' -o -name '*.ko' -o -name '*.mod*' -o \
			-name '.*.cmd' -o -name 'Module.symvers' -o \
			-name 'modules.order' \) -delete

distclean: clean
	rm -rf out

demo:
	tools/demo $(BOARD)

check:
	tools/check

shell:
	tools/vm-run --interactive $(BOARD)

bench:
	tools/bench

install-tools:
	install -D -m 0755 tools/t410-metrics $(DESTDIR)$(PREFIX)/bin/t410-metrics

dkms-deb:
	tools/build-dkms-deb

.PHONY: all modules install clean distclean demo check shell bench install-tools dkms-deb
