/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * Freescale i.MX8 DDR performance monitor: what the KUnit suite may reach.
 */
#ifndef __IMX8_DDR_PMU_H
#define __IMX8_DDR_PMU_H

#include <linux/interrupt.h>
#include <linux/types.h>

struct device;
struct imx8_ddr_devtype;
struct syspmu;

/**
 * enum imx8_ddr_filter - the AXI filter generations
 * @IMX8_DDR_NO_FILTER: no AXI filter (i.MX8QXP/QM).
 * @IMX8_DDR_FILTER: one AXI ID/mask in DPCR1 for all counters (i.MX8MQ/MM/MN).
 * @IMX8_DDR_ENHANCED_FILTER: the shared filter, and axid events count
 *	bytes (i.MX8MP).
 * @IMX8_DDR_SUPER_FILTER: an ID/mask and port/channel select per counter
 *	1-3 (i.MX8DXL DDR and DB).
 */
enum imx8_ddr_filter {
	IMX8_DDR_NO_FILTER,
	IMX8_DDR_FILTER,
	IMX8_DDR_ENHANCED_FILTER,
	IMX8_DDR_SUPER_FILTER,
};

#if IS_ENABLED(CONFIG_KUNIT)
const struct imx8_ddr_devtype *imx8_ddr_pmu_devtype(const char *compatible);
struct syspmu *imx8_ddr_pmu_create(struct device *dev, void __iomem *base,
				   int irq,
				   const struct imx8_ddr_devtype *devtype);
irqreturn_t imx8_ddr_pmu_irq(int irq, void *dev_id);
#endif

#endif /* __IMX8_DDR_PMU_H */
