// SPDX-License-Identifier: GPL-2.0-only
/*
 * AmpereOne memory controller (MCU) PMU, as Linux's ampere_cspmu names it.
 * Its threshold, rank and bank filter (PMAUXR0-2) is one for the whole
 * PMU: events that disagree take turns, and are never in one group.  The
 * cycle counter is not filtered.
 *
 * Copyright (C) 2026 The imx-tegra-pmu authors
 */

#include <linux/bitfield.h>
#include <linux/device.h>
#include <linux/idr.h>
#include <linux/io.h>
#include <linux/module.h>
#include <linux/perf_event.h>

#include <linux/perf/coresight_pmu.h>
#include <linux/perf/syspmu.h>

#define AMPERE_PMAUXR(n)	(0xd80 + 4 * (n))
#define AMPERE_NR_AUXR		3

#define AMPERE_EVENT		GENMASK_ULL(32, 0)
#define AMPERE_THRESHOLD	GENMASK_ULL(7, 0)	/* PMAUXR0 */
#define AMPERE_RANK		GENMASK_ULL(23, 8)	/* PMAUXR1 */
#define AMPERE_BANK		GENMASK_ULL(55, 24)	/* PMAUXR2 */
#define AMPERE_FILTER		(AMPERE_THRESHOLD | AMPERE_RANK | AMPERE_BANK)

/* PMAUXR0-2 as last written, under the PMU lock; !written: firmware's */
struct ampere_mcu {
	u32	auxr[AMPERE_NR_AUXR];
	bool	written;
};

static DEFINE_IDA(ampere_mcu_ida);

static bool ampere_mcu_compatible(struct perf_event *a, struct perf_event *b)
{
	return !((a->attr.config1 ^ b->attr.config1) & AMPERE_FILTER);
}

/* ampere_mcu_compatible() let it in: the others ask for this filter */
static int ampere_mcu_event_add(struct perf_event *event)
{
	struct cspmu *cspmu = event_to_cspmu(event);
	struct ampere_mcu *mcu = cspmu->data;
	u64 config1 = event->attr.config1;
	const u32 auxr[AMPERE_NR_AUXR] = {
		FIELD_GET(AMPERE_THRESHOLD, config1),
		FIELD_GET(AMPERE_RANK, config1),
		FIELD_GET(AMPERE_BANK, config1),
	};
	unsigned int i;

	for (i = 0; i < AMPERE_NR_AUXR; i++) {
		if (mcu->written && mcu->auxr[i] == auxr[i])
			continue;
		writel(auxr[i], cspmu->base0 + AMPERE_PMAUXR(i));
		mcu->auxr[i] = auxr[i];
	}
	mcu->written = true;
	return 0;
}

static int ampere_mcu_init(struct cspmu *cspmu)
{
	cspmu->data = devm_kzalloc(cspmu->dev, sizeof(struct ampere_mcu),
				   GFP_KERNEL);
	if (!cspmu->data)
		return -ENOMEM;
	return cspmu_name_numbered(cspmu, &ampere_mcu_ida, "ampere_mcu_pmu");
}

static const struct cspmu_impl_ops ampere_mcu_ops = {
	.init			= ampere_mcu_init,
	.events_compatible	= ampere_mcu_compatible,
	.event_add		= ampere_mcu_event_add,
};

static struct attribute *ampere_mcu_events[] = {
	SYSPMU_EVENT_ATTR("cycle_count", 0x00),
	SYSPMU_EVENT_ATTR("act_sent", 0x01),
	SYSPMU_EVENT_ATTR("pre_sent", 0x02),
	SYSPMU_EVENT_ATTR("rd_sent", 0x03),
	SYSPMU_EVENT_ATTR("rda_sent", 0x04),
	SYSPMU_EVENT_ATTR("wr_sent", 0x05),
	SYSPMU_EVENT_ATTR("wra_sent", 0x06),
	SYSPMU_EVENT_ATTR("pd_entry_vld", 0x07),
	SYSPMU_EVENT_ATTR("sref_entry_vld", 0x08),
	SYSPMU_EVENT_ATTR("prea_sent", 0x09),
	SYSPMU_EVENT_ATTR("pre_sb_sent", 0x0a),
	SYSPMU_EVENT_ATTR("ref_sent", 0x0b),
	SYSPMU_EVENT_ATTR("rfm_sent", 0x0c),
	SYSPMU_EVENT_ATTR("ref_sb_sent", 0x0d),
	SYSPMU_EVENT_ATTR("rfm_sb_sent", 0x0e),
	SYSPMU_EVENT_ATTR("rd_rda_sent", 0x0f),
	SYSPMU_EVENT_ATTR("wr_wra_sent", 0x10),
	SYSPMU_EVENT_ATTR("raw_hazard", 0x11),
	SYSPMU_EVENT_ATTR("war_hazard", 0x12),
	SYSPMU_EVENT_ATTR("waw_hazard", 0x13),
	SYSPMU_EVENT_ATTR("rar_hazard", 0x14),
	SYSPMU_EVENT_ATTR("raw_war_waw_hazard", 0x15),
	SYSPMU_EVENT_ATTR("hprd_lprd_wr_req_vld", 0x16),
	SYSPMU_EVENT_ATTR("lprd_req_vld", 0x17),
	SYSPMU_EVENT_ATTR("hprd_req_vld", 0x18),
	SYSPMU_EVENT_ATTR("hprd_lprd_req_vld", 0x19),
	SYSPMU_EVENT_ATTR("prefetch_tgt", 0x1a),
	SYSPMU_EVENT_ATTR("wr_req_vld", 0x1b),
	SYSPMU_EVENT_ATTR("partial_wr_req_vld", 0x1c),
	SYSPMU_EVENT_ATTR("rd_retry", 0x1d),
	SYSPMU_EVENT_ATTR("wr_retry", 0x1e),
	SYSPMU_EVENT_ATTR("retry_gnt", 0x1f),
	SYSPMU_EVENT_ATTR("rank_change", 0x20),
	SYSPMU_EVENT_ATTR("dir_change", 0x21),
	SYSPMU_EVENT_ATTR("rank_dir_change", 0x22),
	SYSPMU_EVENT_ATTR("rank_active", 0x23),
	SYSPMU_EVENT_ATTR("rank_idle", 0x24),
	SYSPMU_EVENT_ATTR("rank_pd", 0x25),
	SYSPMU_EVENT_ATTR("rank_sref", 0x26),
	SYSPMU_EVENT_ATTR("queue_fill_gt_thresh", 0x27),
	SYSPMU_EVENT_ATTR("queue_rds_gt_thresh", 0x28),
	SYSPMU_EVENT_ATTR("queue_wrs_gt_thresh", 0x29),
	SYSPMU_EVENT_ATTR("phy_updt_complt", 0x2a),
	SYSPMU_EVENT_ATTR("tz_fail", 0x2b),
	SYSPMU_EVENT_ATTR("dram_errc", 0x2c),
	SYSPMU_EVENT_ATTR("dram_errd", 0x2d),
	SYSPMU_EVENT_ATTR("read_data_return", 0x32),
	SYSPMU_EVENT_ATTR("chi_wr_data_delta", 0x33),
	SYSPMU_EVENT_ATTR("zq_start", 0x34),
	SYSPMU_EVENT_ATTR("zq_latch", 0x35),
	SYSPMU_EVENT_ATTR("wr_fifo_full", 0x36),
	SYSPMU_EVENT_ATTR("info_fifo_full", 0x37),
	SYSPMU_EVENT_ATTR("cmd_fifo_full", 0x38),
	SYSPMU_EVENT_ATTR("dfi_nop", 0x39),
	SYSPMU_EVENT_ATTR("dfi_cmd", 0x3a),
	SYSPMU_EVENT_ATTR("rd_run_len", 0x3b),
	SYSPMU_EVENT_ATTR("wr_run_len", 0x3c),
	SYSPMU_EVENT_ATTR("cycles", BIT_ULL(32)),
	NULL
};

static struct attribute *ampere_mcu_formats[] = {
	SYSPMU_FORMAT_ATTR(event, 0, AMPERE_EVENT),
	SYSPMU_FORMAT_ATTR(threshold, 1, AMPERE_THRESHOLD),
	SYSPMU_FORMAT_ATTR(rank, 1, AMPERE_RANK),
	SYSPMU_FORMAT_ATTR(bank, 1, AMPERE_BANK),
	NULL
};

static const struct cspmu_impl ampere_impls[] = {
	{
		/* every Ampere part, as the kernel's backend serves them */
		.config_mask	= { AMPERE_EVENT, AMPERE_FILTER, 0 },
		.filters	= CSPMU_PMCCFILTR_RES0,
		.event_attrs	= ampere_mcu_events,
		.format_attrs	= ampere_mcu_formats,
		.ops		= &ampere_mcu_ops,
	},
};

static struct cspmu_backend ampere_backend = {
	.implementer	= CSPMU_IMPL_AMPERE,
	.impls		= ampere_impls,
	.nr_impls	= ARRAY_SIZE(ampere_impls),
	.owner		= THIS_MODULE,
};

/* Left out where another module includes this file: it registers none */
#ifndef PMU_NO_MODULE_DRIVER
module_cspmu_backend(ampere_backend);

MODULE_DESCRIPTION("Ampere memory controller PMU (CoreSight PMU backend)");
MODULE_LICENSE("GPL");
MODULE_IMPORT_NS(CORESIGHT_PMU_NS);
MODULE_IMPORT_NS(SYSPMU_NS);
#endif
