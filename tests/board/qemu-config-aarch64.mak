# The devices QEMU is built with for the arm64 boards (tools/build-qemu
# configures --without-default-devices: only what is named here, and what
# it selects, is compiled).  The machine, virt (GICv3, PL011, pflash for
# UEFI, the generic PCIe host); the 9p shares of the root, the tree and
# the board's scratch directory; the virtio console that carries the
# command's output; the Tegra410 PCIe root ports (t410-root-port, a
# pcie-root-port) and the functions behind them (tests/board/tegra410-pci);
# the network card of vm-run --prometheus (virtio-net on QEMU's user
# network).
# Kconfig defaults, which --without-default-devices turns off: the GICv3
# emulated by TCG (virt,gic-version=3), and what QEMU 7.2's Arm TCG code
# needs linked in whatever the machine (the M-profile NVIC, semihosting).
CONFIG_ARM_VIRT=y
CONFIG_ARM_GICV3_TCG=y
CONFIG_ARM_V7M=y
CONFIG_ARM_COMPATIBLE_SEMIHOSTING=y
CONFIG_VIRTIO_PCI=y
CONFIG_VIRTIO_9P=y
CONFIG_VIRTIO_SERIAL=y
CONFIG_VIRTIO_NET=y
CONFIG_PCIE_PORT=y
CONFIG_NVME_PCI=y
CONFIG_EDU=y
CONFIG_PCI_TESTDEV=y
CONFIG_VIRTIO_RNG=y
CONFIG_VIRTIO_BALLOON=y
