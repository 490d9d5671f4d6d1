/*
 * PMU hardware models on the arm64 virtual board (QEMU "virt", GICv3)
 *
 * SPDX-License-Identifier: GPL-2.0-or-later
 *
 * Bus glue only, as pmu-model-isa.c is on the x86 board: maps a model's
 * register window and control port at fixed physical addresses of the
 * system address space and wires its interrupt to a GIC shared
 * peripheral interrupt, as the board's device tree (or its ACPI tables)
 * describes them:
 *
 *   -device pmu-model-mmio,id=imx8mq,kind=imx8-ddr,variant=imx8mq,
 *           addr=0xe0000000,port=0xe0100000,spi=197
 *
 * spi=-1 wires no interrupt.  The device sits on no bus (virt accepts no
 * user-created sysbus device but its own few), so it finds the machine's
 * GICv3 itself; it must be created after the machine, as -device
 * arguments are.  Off any bus, it is reset by a handler of its own.
 */

#include "qemu/osdep.h"
#include "qapi/error.h"
#include "exec/address-spaces.h"
#include "hw/intc/arm_gicv3_common.h"
#include "hw/qdev-core.h"
#include "hw/qdev-properties.h"
#include "qemu/module.h"
#include "qom/object.h"
#include "sysemu/reset.h"
#include "pmu-model.h"

#define TYPE_PMU_MODEL_MMIO "pmu-model-mmio"
OBJECT_DECLARE_SIMPLE_TYPE(PmuModelMmio, PMU_MODEL_MMIO)

/* GICv3 inputs below the SPIs: SGIs and PPIs are not wired by devices */
#define PMU_MODEL_GIC_INTERNAL 32

struct PmuModelMmio {
    DeviceState parent_obj;

    char *kind;
    char *variant;
    char *opts;
    uint64_t addr;
    uint64_t port;
    int32_t spi;
    PmuModel model;
};

static void pmu_model_mmio_reset_handler(void *opaque)
{
    pmu_model_reset(&((PmuModelMmio *)opaque)->model);
}

static void pmu_model_mmio_realize(DeviceState *dev, Error **errp)
{
    PmuModelMmio *s = PMU_MODEL_MMIO(dev);
    MemoryRegion *mem = get_system_memory();
    GICv3State *gic = NULL;

    if (s->spi >= 0) {
        gic = (GICv3State *)object_resolve_path_type("", TYPE_ARM_GICV3_COMMON,
                                                     NULL);
        if (!gic) {
            error_setg(errp, "pmu-model-mmio: the machine has no (single) "
                       "GICv3 to wire spi=%d to", s->spi);
            return;
        }
        if (s->spi >= (int32_t)gic->num_irq - PMU_MODEL_GIC_INTERNAL) {
            error_setg(errp, "pmu-model-mmio: spi=%d: the GIC has %u SPIs",
                       s->spi, gic->num_irq - PMU_MODEL_GIC_INTERNAL);
            return;
        }
    } else if (s->spi != -1) {
        error_setg(errp, "pmu-model-mmio: spi must be a GIC SPI number, "
                   "or -1 for none");
        return;
    }
    if (!pmu_model_init(&s->model, OBJECT(dev), s->kind, s->variant, s->opts,
                        dev->id, errp)) {
        return;
    }
    s->model.irq = gic ? qdev_get_gpio_in(DEVICE(gic), s->spi) : NULL;
    memory_region_add_subregion(mem, s->addr, &s->model.regs);
    memory_region_add_subregion(mem, s->port, &s->model.port);
    qemu_register_reset(pmu_model_mmio_reset_handler, s);
}

static Property pmu_model_mmio_properties[] = {
    DEFINE_PROP_STRING("kind", PmuModelMmio, kind),
    DEFINE_PROP_STRING("variant", PmuModelMmio, variant),
    DEFINE_PROP_STRING("opts", PmuModelMmio, opts),
    DEFINE_PROP_UINT64("addr", PmuModelMmio, addr, 0),
    DEFINE_PROP_UINT64("port", PmuModelMmio, port, 0),
    DEFINE_PROP_INT32("spi", PmuModelMmio, spi, -1),
    DEFINE_PROP_END_OF_LIST(),
};

static void pmu_model_mmio_class_init(ObjectClass *klass, void *data)
{
    DeviceClass *dc = DEVICE_CLASS(klass);

    dc->realize = pmu_model_mmio_realize;
    dc->desc = "PMU hardware model (arm64 virtual board)";
    dc->user_creatable = true;
    device_class_set_props(dc, pmu_model_mmio_properties);
    set_bit(DEVICE_CATEGORY_MISC, dc->categories);
}

static const TypeInfo pmu_model_mmio_info = {
    .name = TYPE_PMU_MODEL_MMIO,
    .parent = TYPE_DEVICE,
    .instance_size = sizeof(PmuModelMmio),
    .class_init = pmu_model_mmio_class_init,
};

static void pmu_model_mmio_register(void)
{
    type_register_static(&pmu_model_mmio_info);
}

type_init(pmu_model_mmio_register)
