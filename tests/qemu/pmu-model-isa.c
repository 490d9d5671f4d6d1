/*
 * PMU hardware models on the ISA bus of the x86 virtual board
 *
 * SPDX-License-Identifier: GPL-2.0-or-later
 *
 * Bus glue only: maps a model's register window and control port at fixed
 * physical addresses and wires its interrupt to an ISA IO-APIC pin, as
 * the board's ACPI table describes them:
 *
 *   -device pmu-model-isa,id=imx8mq,kind=imx8-ddr,variant=imx8mq,
 *           addr=0xe0000000,port=0xe0100000,irq=5
 *
 * irq=-1 wires no interrupt (a PMU without one).  opts= configures the
 * instance where its kind allows it ("opts=counters=4:width=32"; ':'
 * separates the options, as ',' separates properties).
 */

#include "qemu/osdep.h"
#include "qapi/error.h"
#include "hw/isa/isa.h"
#include "hw/qdev-properties.h"
#include "qemu/module.h"
#include "qom/object.h"
#include "pmu-model.h"

#define TYPE_PMU_MODEL_ISA "pmu-model-isa"
OBJECT_DECLARE_SIMPLE_TYPE(PmuModelIsa, PMU_MODEL_ISA)

struct PmuModelIsa {
    ISADevice parent_obj;

    char *kind;
    char *variant;
    char *opts;
    uint64_t addr;
    uint64_t port;
    int32_t irq;
    PmuModel model;
};

static void pmu_model_isa_realize(DeviceState *dev, Error **errp)
{
    PmuModelIsa *s = PMU_MODEL_ISA(dev);
    ISADevice *isa = ISA_DEVICE(dev);
    MemoryRegion *mem = isa_address_space(isa);

    if (s->irq < -1 || s->irq >= ISA_NUM_IRQS) {
        error_setg(errp, "pmu-model-isa: irq must be an ISA IRQ (0-15), "
                   "or -1 for none");
        return;
    }
    if (!pmu_model_init(&s->model, OBJECT(dev), s->kind, s->variant, s->opts,
                        dev->id, errp)) {
        return;
    }
    s->model.irq = s->irq < 0 ? NULL : isa_get_irq(isa, s->irq);
    memory_region_add_subregion(mem, s->addr, &s->model.regs);
    memory_region_add_subregion(mem, s->port, &s->model.port);
}

static void pmu_model_isa_reset(DeviceState *dev)
{
    pmu_model_reset(&PMU_MODEL_ISA(dev)->model);
}

static Property pmu_model_isa_properties[] = {
    DEFINE_PROP_STRING("kind", PmuModelIsa, kind),
    DEFINE_PROP_STRING("variant", PmuModelIsa, variant),
    DEFINE_PROP_STRING("opts", PmuModelIsa, opts),
    DEFINE_PROP_UINT64("addr", PmuModelIsa, addr, 0),
    DEFINE_PROP_UINT64("port", PmuModelIsa, port, 0),
    DEFINE_PROP_INT32("irq", PmuModelIsa, irq, 5),
    DEFINE_PROP_END_OF_LIST(),
};

static void pmu_model_isa_class_init(ObjectClass *klass, void *data)
{
    DeviceClass *dc = DEVICE_CLASS(klass);

    dc->realize = pmu_model_isa_realize;
    dc->reset = pmu_model_isa_reset;
    dc->desc = "PMU hardware model (virtual board)";
    device_class_set_props(dc, pmu_model_isa_properties);
    set_bit(DEVICE_CATEGORY_MISC, dc->categories);
}

static const TypeInfo pmu_model_isa_info = {
    .name = TYPE_PMU_MODEL_ISA,
    .parent = TYPE_ISA_DEVICE,
    .instance_size = sizeof(PmuModelIsa),
    .class_init = pmu_model_isa_class_init,
};

static void pmu_model_isa_register(void)
{
    type_register_static(&pmu_model_isa_info);
}

type_init(pmu_model_isa_register)
