// SPDX-License-Identifier: GPL-2.0-only
/*
 * NVIDIA Tegra410 CPU memory (CMEM) latency PMU
 *
 * One unit per socket watches read requests from the edge of the Unified
 * Coherence Fabric to the socket's DRAM.  It is 14 instances, each with a
 * read request counter (REQ) and an accumulated outstanding request
 * counter (AOR) for each of three memory controllers and a cycle counter,
 * all 64-bit and free-running while enabled, and a broadcast block whose
 * writes reach every instance.  There is no interrupt.
 *
 * An event does not own a counter: rd_req and rd_cum_outs are the sums of
 * the 42 REQ and AOR counters, cycles is instance 0's cycle counter, and
 * any number of events (up to CMEM_LAT_NR_SLOTS) read them at once.  The
 * counters are cleared each time perf core disables the PMU, once the
 * events have taken their counts (syspmu_restart_all()).
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

/* Registers of an instance block, and of the broadcast block */
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

/* Each memory controller's counters and their overflow bits in STATUS */
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
/* Events that can count at once: they all read the same counters */
#define CMEM_LAT_NR_SLOTS		32

struct cmem_lat_pmu {
	struct syspmu	upmu;
	struct cmem_lat_hw hw;
	/* overflows already reported since the counters were last cleared */
	u64		reported[CMEM_LAT_NR_INST];
};

#define to_cmem_lat(u)	container_of(u, struct cmem_lat_pmu, upmu)

/* A file that includes this one may bring accessors of its own */
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

/*
 * A counter that wrapped past 2^64 since the last clear: counts stay right
 * as long as the sum moved less than 2^64 between two reads, which no DRAM
 * can do, but the hardware says so and so do we, once per overflow.
 */
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

static u64 cmem_lat_read_counter(struct syspmu *upmu, struct perf_event *event)
{
	struct cmem_lat_pmu *cmem = to_cmem_lat(upmu);
	u64 type = cmem_lat_event_type(event), sum = 0;
	unsigned int i, mc;

	/* every instance runs on one clock */
	if (type == CMEM_LAT_EV_CYCLES) {
		cmem_lat_check_status(cmem, 0);
		return cmem_lat_readq(cmem->hw.inst[0] + CMEM_LAT_CYCLE_CNTR);
	}

	for (i = 0; i < CMEM_LAT_NR_INST; i++) {
		cmem_lat_check_status(cmem, i);
		for (mc = 0; mc < CMEM_LAT_NR_MC; mc++) {
			const struct cmem_lat_mc *m = &cmem_lat_mcs[mc];

			sum += cmem_lat_readq(cmem->hw.inst[i] +
					      (type == CMEM_LAT_EV_RD_REQ ?
					       m->req : m->aor));
		}
	}
	return sum;
}

/* Control goes through the broadcast block only */
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

/**
 * cmem_lat_create() - build and register the PMU of one CMEM latency unit
 * @dev: its device; the PMU is unregistered and freed with it.
 * @hw: its description.
 *
 * Return: the registered PMU, or an ERR_PTR().
 */
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

	/* Start from zero, with the clock gated until an event counts */
	cmem_lat_broadcast(cmem, CMEM_LAT_CG_CTRL, CMEM_LAT_CG_ON);
	cmem_lat_broadcast(cmem, CMEM_LAT_CTRL, CMEM_LAT_CTRL_CLEAR);
	cmem_lat_broadcast(cmem, CMEM_LAT_CG_CTRL, CMEM_LAT_CG_GATED);

	return t410_lat_register(upmu, hw->socket, "nvidia_cmem_latency_pmu");
}

/* Left out where another module includes this file: it binds no device */
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
