/*
 * The virtual board's PMU devices, described the way firmware does.
 * QEMU loads this table with -acpitable; the kernel binds the drivers'
 * own of_match tables through PRP0001 and the _DSD "compatible".
 *
 * MMIO windows are guest RAM kept from the kernel with memmap=2M$0x30000000;
 * interrupts are ISA IO-APIC pins that QEMU's q35 machine leaves free
 * (GSIs 16-23 carry the PCI INTx lines there).
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
                Memory32Fixed (ReadWrite, 0x30000000, 0x10000)
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
                Memory32Fixed (ReadWrite, 0x30010000, 0x10000)
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
                Memory32Fixed (ReadWrite, 0x30020000, 0x10000)
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
                Memory32Fixed (ReadWrite, 0x30030000, 0x10000)
                Interrupt (ResourceConsumer, Edge, ActiveHigh, Exclusive) { 10 }
            })
        }
    }
}
