/*
 * The virtual board's PMU devices, described the way firmware does.
 * QEMU loads this table with -acpitable; the kernel binds the drivers'
 * own of_match tables through PRP0001 and the _DSD "compatible".
 *
 * Behind each PMU is a QEMU device model (tests/qemu/, instantiated by
 * tests/board/qemu-devices at the same addresses and interrupts): every
 * register access traps into it.  Next to each PMU, a PMUT0001 device is
 * the model's control port, which only the tests' pmu_model_port module
 * binds.
 *
 * The windows sit in the 32-bit PCI hole, below where the firmware puts
 * PCI BARs; interrupts are ISA IO-APIC pins that QEMU's q35 machine
 * leaves free (GSIs 16-23 carry the PCI INTx lines there; 13 is the FPU
 * error line, which an x86-64 kernel never uses).
 *
 * The Tegra410 units are not here: tests/rig/gen-tegra410 makes their APMT
 * and their SSDT (PCIe RC devices, latency unit devices, control ports
 * PMUT0001 from _UID 5 at 0xe0105000 up) from tests/board/tegra410-units
 * and tegra410-latency-units.
 */
DefinitionBlock ("", "SSDT", 2, "PMUBRD", "PMUBOARD", 1)
{
    Scope (\_SB)
    {
        /* i.MX8MQ-like: shared AXI ID filter in DPCR1 */
        Device (DDR0)
        {
            Name (_HID, "PRP0001")
            Name (_UID, 0)
            Name (_DSD, Package () {
                ToUUID ("daffd814-6eba-4d8c-8a91-bc9bbf4aa301"),
                Package () {
                    Package () { "compatible",
                        Package () { "fsl,imx8mq-ddr-pmu", "fsl,imx8m-ddr-pmu" } },
                }
            })
            Name (_CRS, ResourceTemplate () {
                Memory32Fixed (ReadWrite, 0xe0000000, 0x10000)
                Interrupt (ResourceConsumer, Edge, ActiveHigh, Exclusive) { 5 }
            })
        }

        /* i.MX8MP-like: enhanced filter, axid events count bytes */
        Device (DDR1)
        {
            Name (_HID, "PRP0001")
            Name (_UID, 1)
            Name (_DSD, Package () {
                ToUUID ("daffd814-6eba-4d8c-8a91-bc9bbf4aa301"),
                Package () {
                    Package () { "compatible",
                        Package () { "fsl,imx8mp-ddr-pmu", "fsl,imx8m-ddr-pmu" } },
                }
            })
            Name (_CRS, ResourceTemplate () {
                Memory32Fixed (ReadWrite, 0xe0010000, 0x10000)
                Interrupt (ResourceConsumer, Edge, ActiveHigh, Exclusive) { 6 }
            })
        }

        /* i.MX8DXL-like: per-counter super filter */
        Device (DDR2)
        {
            Name (_HID, "PRP0001")
            Name (_UID, 2)
            Name (_DSD, Package () {
                ToUUID ("daffd814-6eba-4d8c-8a91-bc9bbf4aa301"),
                Package () {
                    Package () { "compatible",
                        Package () { "fsl,imx8dxl-ddr-pmu", "fsl,imx8-ddr-pmu" } },
                }
            })
            Name (_CRS, ResourceTemplate () {
                Memory32Fixed (ReadWrite, 0xe0020000, 0x10000)
                Interrupt (ResourceConsumer, Edge, ActiveHigh, Exclusive) { 7 }
            })
        }

        /* i.MX8QXP-like: no AXI filter */
        Device (DDR3)
        {
            Name (_HID, "PRP0001")
            Name (_UID, 3)
            Name (_DSD, Package () {
                ToUUID ("daffd814-6eba-4d8c-8a91-bc9bbf4aa301"),
                Package () {
                    Package () { "compatible",
                        Package () { "fsl,imx8-ddr-pmu" } },
                }
            })
            Name (_CRS, ResourceTemplate () {
                Memory32Fixed (ReadWrite, 0xe0030000, 0x10000)
                Interrupt (ResourceConsumer, Edge, ActiveHigh, Exclusive) { 10 }
            })
        }

        /*
         * i.MX8DXL DB monitor: the super filter with eight AXI ports.  Its
         * DT node lists the "ipg" and "cnt" clocks; on ACPI the firmware
         * owns them, so there are none to enable.
         */
        Device (DBP0)
        {
            Name (_HID, "PRP0001")
            Name (_UID, 4)
            Name (_DSD, Package () {
                ToUUID ("daffd814-6eba-4d8c-8a91-bc9bbf4aa301"),
                Package () {
                    Package () { "compatible",
                        Package () { "fsl,imx8dxl-db-pmu" } },
                }
            })
            Name (_CRS, ResourceTemplate () {
                Memory32Fixed (ReadWrite, 0xe0050000, 0x10000)
                Interrupt (ResourceConsumer, Edge, ActiveHigh, Exclusive) { 13 }
            })
        }

        /* Control ports of the models, for tests only */
        Device (MPT0)
        {
            Name (_HID, "PMUT0001")
            Name (_UID, 0)
            Name (_CRS, ResourceTemplate () {
                Memory32Fixed (ReadWrite, 0xe0100000, 0x1000)
            })
        }
        Device (MPT1)
        {
            Name (_HID, "PMUT0001")
            Name (_UID, 1)
            Name (_CRS, ResourceTemplate () {
                Memory32Fixed (ReadWrite, 0xe0101000, 0x1000)
            })
        }
        Device (MPT2)
        {
            Name (_HID, "PMUT0001")
            Name (_UID, 2)
            Name (_CRS, ResourceTemplate () {
                Memory32Fixed (ReadWrite, 0xe0102000, 0x1000)
            })
        }
        Device (MPT3)
        {
            Name (_HID, "PMUT0001")
            Name (_UID, 3)
            Name (_CRS, ResourceTemplate () {
                Memory32Fixed (ReadWrite, 0xe0103000, 0x1000)
            })
        }
        /* the register-file self-test model's port (its registers at
           0xe0040000 have no driver: the test uses devmem) */
        Device (MPT4)
        {
            Name (_HID, "PMUT0001")
            Name (_UID, 4)
            Name (_CRS, ResourceTemplate () {
                Memory32Fixed (ReadWrite, 0xe0104000, 0x1000)
            })
        }
        /* the DB monitor's port: the last page of the ports' range (_UID
           = page number, as for the Tegra410 ports from 0xe0105000 up) */
        Device (MPDB)
        {
            Name (_HID, "PMUT0001")
            Name (_UID, 255)
            Name (_CRS, ResourceTemplate () {
                Memory32Fixed (ReadWrite, 0xe01ff000, 0x1000)
            })
        }
    }
}
