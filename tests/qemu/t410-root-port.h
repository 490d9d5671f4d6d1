/*
 * A Tegra410 PCIe root port of the virtual board: where a PCI device sits
 *
 * SPDX-License-Identifier: GPL-2.0-or-later
 */
#ifndef HW_MISC_T410_ROOT_PORT_H
#define HW_MISC_T410_ROOT_PORT_H

#define TYPE_T410_ROOT_PORT "t410-root-port"

/**
 * T410PciPlace: where a PCI function's traffic enters the fabric
 * @socket: the socket of its root complex.
 * @rc: the root complex (RC#).
 * @rp: the root port (RP#) it is behind.
 * @bdf: its bus, device and function as the guest numbered them now
 *     (the bus numbers are what firmware or the guest wrote to the
 *     bridges above it).
 */
typedef struct T410PciPlace {
    unsigned socket;
    unsigned rc;
    unsigned rp;
    uint16_t bdf;
} T410PciPlace;

/**
 * t410_pci_place() - where the PCI function with qdev id @id sits
 * @id: the id= of its -device.
 * @place: filled in.
 * @errp: why not, if it is not a PCI function behind a t410-root-port.
 */
bool t410_pci_place(const char *id, T410PciPlace *place, Error **errp);

#endif
