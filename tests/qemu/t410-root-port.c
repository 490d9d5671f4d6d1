/*
 * A Tegra410 PCIe root port of the virtual board
 *
 * SPDX-License-Identifier: GPL-2.0-or-later
 *
 * A PCI Express root port (QEMU's common root port: bridge, PCIe
 * capability, AER, one MSI) whose extended configuration space carries
 * NVIDIA's Designated Vendor-Specific Capability as the Tegra410 PMU
 * guide lays it out: DVSEC vendor 0x10de, DVSEC ID 4, and from the
 * capability's start
 *
 *   0x0c  bus      the bus number lspci shows for the root port
 *   0x0d  segment  the PCI segment (domain) lspci shows
 *   0x0e  RP#      the root port's number in its RC (also in LnkCap's
 *                  port number)
 *   0x0f  RC#      the root complex
 *   0x10  socket
 *
 *   -device t410-root-port,id=ID,bus=pcie.0,chassis=N,socket=S,rc=R,port=P
 *
 * (port= is the PCIe port's own property: LnkCap's port number and RP#)
 *
 * The board has one PCI segment (QEMU's virt and q35 machines have one
 * host bridge each), so segment= defaults to 0, what lspci shows; a
 * Tegra410 gives each RC a segment of its own.  The vendor ID is
 * NVIDIA's so that the guide's loop (lspci -d 10de:) finds the port;
 * the device ID is the board's own choice (no Linux driver or quirk
 * keys on it: pcieport binds by class).
 *
 * The PCIE and PCIE-TGT models ask t410_pci_place() where a device is
 * (its root port and its BDF as the guest numbered the buses) to count
 * the traffic a test gives them as that device's.
 */

#include "qemu/osdep.h"
#include "qapi/error.h"
#include "qemu/module.h"
#include "hw/pci/msi.h"
#include "hw/pci/pci_bus.h"
#include "hw/pci/pcie_port.h"
#include "hw/qdev-properties.h"
#include "t410-root-port.h"

#define T410_RP_DEVICE_ID       0x22b2
#define T410_RP_AER_OFFSET      0x100
#define T410_RP_DVSEC_OFFSET    (T410_RP_AER_OFFSET + PCI_ERR_SIZEOF)
#define T410_RP_DVSEC_SIZE      0x14
#define T410_DVSEC_ID           4

/* DVSEC header 1 and 2, and the fields the guide names */
#define DVSEC_HDR1              0x4
#define DVSEC_HDR2              0x8
#define DVSEC_BUS               0xc
#define DVSEC_SEGMENT           0xd
#define DVSEC_RP                0xe
#define DVSEC_RC                0xf
#define DVSEC_SOCKET            0x10

OBJECT_DECLARE_SIMPLE_TYPE(T410RootPort, T410_ROOT_PORT)

struct T410RootPort {
    PCIESlot parent_obj;
    uint8_t socket;
    uint8_t rc;
    uint8_t segment;
};

static T410RootPort *t410_rp(PCIDevice *d)
{
    return T410_ROOT_PORT(d);
}

static uint8_t t410_rp_aer_vector(const PCIDevice *d)
{
    return 0;
}

static int t410_rp_interrupts_init(PCIDevice *d, Error **errp)
{
    int ret = msi_init(d, 0, 1, true, false, errp);

    return ret == -ENOTSUP ? 0 : ret;
}

static void t410_rp_interrupts_uninit(PCIDevice *d)
{
    msi_uninit(d);
}

/*
 * Firmware fills the DVSEC in: read-only to the OS.  The root port's own
 * bus is its root bus's number, which no guest write changes.
 */
static void t410_rp_dvsec_init(PCIDevice *d)
{
    T410RootPort *p = t410_rp(d);
    uint8_t *cap = d->config + T410_RP_DVSEC_OFFSET;

    pcie_add_capability(d, PCI_EXT_CAP_ID_DVSEC, 1, T410_RP_DVSEC_OFFSET,
                        T410_RP_DVSEC_SIZE);
    pci_set_long(cap + DVSEC_HDR1, PCI_VENDOR_ID_NVIDIA |
                 (uint32_t)T410_RP_DVSEC_SIZE << 20);
    pci_set_word(cap + DVSEC_HDR2, T410_DVSEC_ID);
    cap[DVSEC_BUS] = pci_dev_bus_num(d);
    cap[DVSEC_SEGMENT] = p->segment;
    cap[DVSEC_RP] = PCIE_PORT(d)->port;
    cap[DVSEC_RC] = p->rc;
    cap[DVSEC_SOCKET] = p->socket;
}

static void t410_rp_realize(DeviceState *dev, Error **errp)
{
    PCIERootPortClass *rpc = PCIE_ROOT_PORT_GET_CLASS(dev);
    Error *err = NULL;

    rpc->parent_realize(dev, &err);
    if (err) {
        error_propagate(errp, err);
        return;
    }
    t410_rp_dvsec_init(PCI_DEVICE(dev));
}

bool t410_pci_place(const char *id, T410PciPlace *place, Error **errp)
{
    Object *peripherals = container_get(qdev_get_machine(), "/peripheral");
    Object *obj = object_resolve_path_component(peripherals, id);
    PCIDevice *d;
    PCIBus *bus;
    PCIDevice *bridge;

    if (!obj || !object_dynamic_cast(obj, TYPE_PCI_DEVICE)) {
        error_setg(errp, "no PCI device with id %s", id);
        return false;
    }
    d = PCI_DEVICE(obj);
    place->bdf = pci_get_bdf(d);
    for (bus = pci_get_bus(d); !pci_bus_is_root(bus); bus = pci_get_bus(bridge)) {
        bridge = pci_bridge_get_device(bus);
        if (object_dynamic_cast(OBJECT(bridge), TYPE_T410_ROOT_PORT)) {
            place->socket = t410_rp(bridge)->socket;
            place->rc = t410_rp(bridge)->rc;
            place->rp = PCIE_PORT(bridge)->port;
            return true;
        }
    }
    error_setg(errp, "%s is behind no Tegra410 root port", id);
    return false;
}

static Property t410_rp_props[] = {
    DEFINE_PROP_UINT8("socket", T410RootPort, socket, 0),
    DEFINE_PROP_UINT8("rc", T410RootPort, rc, 0),
    DEFINE_PROP_UINT8("segment", T410RootPort, segment, 0),
    DEFINE_PROP_END_OF_LIST()
};

static void t410_rp_class_init(ObjectClass *klass, void *data)
{
    DeviceClass *dc = DEVICE_CLASS(klass);
    PCIDeviceClass *k = PCI_DEVICE_CLASS(klass);
    PCIERootPortClass *rpc = PCIE_ROOT_PORT_CLASS(klass);

    k->vendor_id = PCI_VENDOR_ID_NVIDIA;
    k->device_id = T410_RP_DEVICE_ID;
    dc->desc = "Tegra410 PCIe root port (with NVIDIA's DVSEC)";
    device_class_set_props(dc, t410_rp_props);
    device_class_set_parent_realize(dc, t410_rp_realize, &rpc->parent_realize);
    rpc->aer_vector = t410_rp_aer_vector;
    rpc->interrupts_init = t410_rp_interrupts_init;
    rpc->interrupts_uninit = t410_rp_interrupts_uninit;
    rpc->aer_offset = T410_RP_AER_OFFSET;
}

static const TypeInfo t410_rp_info = {
    .name = TYPE_T410_ROOT_PORT,
    .parent = TYPE_PCIE_ROOT_PORT,
    .instance_size = sizeof(T410RootPort),
    .class_init = t410_rp_class_init,
};

static void t410_rp_register(void)
{
    type_register_static(&t410_rp_info);
}

type_init(t410_rp_register)
