# The devices QEMU is built with for the x86 board (tools/build-qemu
# configures --without-default-devices: only what is named here, and what
# it selects, is compiled).  The machine, q35 with its ICH9 ISA bridge
# (the models' pmu-model-isa); the 9p shares of the host's root and of the
# board's scratch directory; the Tegra410 PCIe root ports (t410-root-port,
# a pcie-root-port) and the functions behind them (tests/board/tegra410-pci);
# the network card of vm-run --prometheus (virtio-net on QEMU's user
# network).
CONFIG_Q35=y
# q35's HPET, a Kconfig default that --without-default-devices turns off:
# the guest keeps the timers it had with Debian's device set
CONFIG_HPET=y
CONFIG_VIRTIO_PCI=y
CONFIG_VIRTIO_9P=y
CONFIG_VIRTIO_NET=y
CONFIG_PCIE_PORT=y
CONFIG_NVME_PCI=y
CONFIG_EDU=y
CONFIG_PCI_TESTDEV=y
CONFIG_VIRTIO_RNG=y
CONFIG_VIRTIO_BALLOON=y
