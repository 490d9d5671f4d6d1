// SPDX-License-Identifier: GPL-2.0-only
/*
 * NVIDIA Tegra410 CPU memory (CMEM) latency PMU
 *
 * 14 instances, each with request and outstanding-request counters for
 * three memory controllers and a cycle counter, free-running, no
 * interrupt.  Events own no counter: rd_req and rd_cum_outs are sums over
 * all 42, so every event is derived from one read of them.
 */

#include <linux/acpi.h>
#include <linux/bits.h>
#include <linux/io.h>
#include <linux/io-64-nonatomic-lo-hi.h>
#include <linux/module.h>
#include <linux/platform_device.h>

#include <linux/perf/pmu_compat.h>
#include <linux/perf/syspmu.h>

#include "nvidia_t410_latency_pmu.h"

#define CMEM_LAT_CG_CTRL		0x800
#define   CMEM_LAT_CG_ON		1
#define   CMEM_LAT_CG_GATED		0
#define CMEM_LAT_CTRL			0x808
#define   CMEM_LAT_CTRL_DISABLE		0
#define   CMEM_LAT_CTRL_ENABLE		1
#define   CMEM_LAT_CTRL_CLEAR		2
#define CMEM_LAT_STATUS			0x810
#define   CMEM_LAT_STATUS_CYCLES	BIT_ULL(0)
#define CMEM_LAT_CYCLE_CNTR		0x818

#define CMEM_LAT_NR_MC			3

static const struct cmem_lat_mc {
	u32	req;
	u32	aor;
	u64	req_ovf;
	u64	aor_ovf;
} cmem_lat_mcs[CMEM_LAT_NR_MC] = {
	{ .req = 0x820, .aor = 0x830, .req_ovf = BIT_ULL(3), .aor_ovf = BIT_ULL(1) },
	{ .req = 0x838, .aor = 0x848, .req_ovf = BIT_ULL(6), .aor_ovf = BIT_ULL(4) },
	{ .req = 0x850, .aor = 0x860, .req_ovf = BIT_ULL(9), .aor_ovf = BIT_ULL(7) },
};

enum cmem_lat_event {
	CMEM_LAT_EV_CYCLES,
	CMEM_LAT_EV_RD_REQ,
	CMEM_LAT_EV_RD_CUM_OUTS,
	CMEM_LAT_NR_EVENTS,
};

#define CMEM_LAT_EVENT_MASK		GENMASK_ULL(1, 0)
#define CMEM_LAT_NR_SLOTS		32

struct cmem_lat_pmu {
	struct syspmu	upmu;
	struct cmem_lat_hw hw;
	/* overflows reported since the last clear */
	u64		reported[CMEM_LAT_NR_INST];
	/* each event's value as last read, so that one pass serves them all */
	u64		snap[CMEM_LAT_NR_EVENTS];
};

#define to_cmem_lat(u)	container_of(u, struct cmem_lat_pmu, upmu)

#ifndef cmem_lat_readq
#define cmem_lat_readq(addr)		readq(addr)
#define cmem_lat_writeq(val, addr)	writeq(val, addr)
#endif

static u64 cmem_lat_event_type(struct perf_event *event)
{
	return event->attr.config & CMEM_LAT_EVENT_MASK;
}

static int cmem_lat_event_valid(struct perf_event *event)
{
	if (cmem_lat_event_type(event) >= CMEM_LAT_NR_EVENTS) {
		dev_dbg(event_to_syspmu(event)->dev, "no event %#llx\n",
			event->attr.config);
		return -EINVAL;
	}
	return 0;
}

/* Reported once per overflow: the hardware says so, though no DRAM can */
static void cmem_lat_check_status(struct cmem_lat_pmu *cmem, unsigned int i)
{
	u64 status = cmem_lat_readq(cmem->hw.inst[i] + CMEM_LAT_STATUS);
	u64 fresh = status & ~cmem->reported[i];

	if (!fresh)
		return;
	cmem->reported[i] |= fresh;
	dev_warn_ratelimited(cmem->upmu.dev,
			     "instance %u: counter overflow (STATUS %#llx)\n",
			     i, status);
}

static void cmem_lat_snapshot(struct syspmu *upmu, struct perf_event *event)
{
	struct cmem_lat_pmu *cmem = to_cmem_lat(upmu);
	unsigned long types = 0;
	u64 req = 0, outs = 0;
	unsigned int i, mc;
	struct perf_event *ev;

	if (event) {
		types = BIT(cmem_lat_event_type(event));
	} else {
		syspmu_for_each_counting_event(upmu, ev)
			types |= BIT(cmem_lat_event_type(ev));
	}

	/* every instance runs on one clock */
	if (types & BIT(CMEM_LAT_EV_CYCLES)) {
		if (types == BIT(CMEM_LAT_EV_CYCLES))
			cmem_lat_check_status(cmem, 0);
		cmem->snap[CMEM_LAT_EV_CYCLES] =
			cmem_lat_readq(cmem->hw.inst[0] + CMEM_LAT_CYCLE_CNTR);
	}
	if (!(types & ~BIT(CMEM_LAT_EV_CYCLES)))
		return;

	for (i = 0; i < CMEM_LAT_NR_INST; i++) {
		void __iomem *base = cmem->hw.inst[i];

		cmem_lat_check_status(cmem, i);
		for (mc = 0; mc < CMEM_LAT_NR_MC; mc++) {
			const struct cmem_lat_mc *m = &cmem_lat_mcs[mc];

			if (types & BIT(CMEM_LAT_EV_RD_REQ))
				req += cmem_lat_readq(base + m->req);
			if (types & BIT(CMEM_LAT_EV_RD_CUM_OUTS))
				outs += cmem_lat_readq(base + m->aor);
		}
	}
	if (types & BIT(CMEM_LAT_EV_RD_REQ))
		cmem->snap[CMEM_LAT_EV_RD_REQ] = req;
	if (types & BIT(CMEM_LAT_EV_RD_CUM_OUTS))
		cmem->snap[CMEM_LAT_EV_RD_CUM_OUTS] = outs;
}

static u64 cmem_lat_read_counter(struct syspmu *upmu, struct perf_event *event)
{
	return to_cmem_lat(upmu)->snap[cmem_lat_event_type(event)];
}

static void cmem_lat_broadcast(struct cmem_lat_pmu *cmem, u32 reg, u64 val)
{
	cmem_lat_writeq(val, cmem->hw.bcast + reg);
}

static void cmem_lat_pmu_enable(struct syspmu *upmu)
{
	struct cmem_lat_pmu *cmem = to_cmem_lat(upmu);

	if (bitmap_empty(upmu->used_mask, upmu->num_counters))
		return;
	cmem_lat_broadcast(cmem, CMEM_LAT_CG_CTRL, CMEM_LAT_CG_ON);
	cmem_lat_broadcast(cmem, CMEM_LAT_CTRL, CMEM_LAT_CTRL_ENABLE);
}

static void cmem_lat_pmu_disable(struct syspmu *upmu)
{
	struct cmem_lat_pmu *cmem = to_cmem_lat(upmu);

	cmem_lat_broadcast(cmem, CMEM_LAT_CTRL, CMEM_LAT_CTRL_DISABLE);
	/* the events take their counts, then the counters start over */
	syspmu_restart_all(upmu);
	cmem_lat_broadcast(cmem, CMEM_LAT_CTRL, CMEM_LAT_CTRL_CLEAR);
	cmem_lat_broadcast(cmem, CMEM_LAT_CG_CTRL, CMEM_LAT_CG_GATED);
	memset(cmem->reported, 0, sizeof(cmem->reported));
}

static const struct syspmu_ops cmem_lat_ops = {
	.event_valid	= cmem_lat_event_valid,
	.snapshot	= cmem_lat_snapshot,
	.read_counter	= cmem_lat_read_counter,
	.pmu_enable	= cmem_lat_pmu_enable,
	.pmu_disable	= cmem_lat_pmu_disable,
};

static struct attribute *cmem_lat_event_attrs[] = {
	SYSPMU_EVENT_ATTR("cycles", CMEM_LAT_EV_CYCLES),
	SYSPMU_EVENT_ATTR("rd_req", CMEM_LAT_EV_RD_REQ),
	SYSPMU_EVENT_ATTR("rd_cum_outs", CMEM_LAT_EV_RD_CUM_OUTS),
	NULL
};

static const struct attribute_group cmem_lat_events_group = {
	.name	= "events",
	.attrs	= cmem_lat_event_attrs,
};

static struct attribute *cmem_lat_format_attrs[] = {
	SYSPMU_FORMAT_ATTR(event, 0, CMEM_LAT_EVENT_MASK),
	NULL
};

static const struct attribute_group cmem_lat_format_group = {
	.name	= "format",
	.attrs	= cmem_lat_format_attrs,
};

static const struct attribute_group *cmem_lat_attr_groups[] = {
	&cmem_lat_events_group,
	&cmem_lat_format_group,
	&syspmu_common_group,
	NULL
};

static struct syspmu *cmem_lat_create(struct device *dev,
				      const struct cmem_lat_hw *hw)
{
	struct cmem_lat_pmu *cmem;
	struct syspmu *upmu;

	cmem = devm_kzalloc(dev, sizeof(*cmem), GFP_KERNEL);
	if (!cmem)
		return ERR_PTR(-ENOMEM);
	cmem->hw = *hw;
	upmu = &cmem->upmu;
	upmu->dev = dev;
	upmu->ops = &cmem_lat_ops;
	upmu->config_mask[0] = CMEM_LAT_EVENT_MASK;
	upmu->num_counters = CMEM_LAT_NR_SLOTS;
	upmu->width = 64;
	upmu->identifier = hw->hid;
	upmu->pmu.module = THIS_MODULE;
	upmu->pmu.attr_groups = cmem_lat_attr_groups;

	cmem_lat_broadcast(cmem, CMEM_LAT_CG_CTRL, CMEM_LAT_CG_ON);
	cmem_lat_broadcast(cmem, CMEM_LAT_CTRL, CMEM_LAT_CTRL_CLEAR);
	cmem_lat_broadcast(cmem, CMEM_LAT_CG_CTRL, CMEM_LAT_CG_GATED);

	return t410_lat_register(upmu, hw->socket, "nvidia_cmem_latency_pmu");
}

#ifndef PMU_NO_MODULE_DRIVER
static int cmem_lat_probe(struct platform_device *pdev)
{
	struct cmem_lat_hw hw = { };
	struct syspmu *upmu;
	int ret;

	ret = t410_lat_acpi_ids(&pdev->dev, &hw.socket, &hw.hid);
	if (!ret)
		ret = t410_lat_map_blocks(pdev, hw.inst, CMEM_LAT_NR_INST,
					  &hw.bcast);
	if (ret)
		return ret;

	upmu = cmem_lat_create(&pdev->dev, &hw);
	if (IS_ERR(upmu))
		return PTR_ERR(upmu);
	platform_set_drvdata(pdev, upmu);
	return 0;
}

static const struct acpi_device_id cmem_lat_acpi_match[] = {
	{ "NVDA2021" },
	{ }
};
MODULE_DEVICE_TABLE(acpi, cmem_lat_acpi_match);

static struct platform_driver cmem_lat_driver = {
	.driver = {
		.name			= "nvidia-t410-cmem-latency-pmu",
		.acpi_match_table	= cmem_lat_acpi_match,
		.suppress_bind_attrs	= true,
	},
	.probe	= cmem_lat_probe,
};
module_platform_driver(cmem_lat_driver);

MODULE_DESCRIPTION("NVIDIA Tegra410 CPU memory latency PMU");
MODULE_LICENSE("GPL");
MODULE_IMPORT_NS(SYSPMU_NS);
#endif
