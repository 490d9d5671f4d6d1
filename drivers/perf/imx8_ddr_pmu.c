// SPDX-License-Identifier: GPL-2.0-only
/*
 * Freescale i.MX8 DDR performance monitor: counter 0 counts cycles and,
 * when it overflows, locks all four counters and raises the only
 * interrupt.  The i.MX8DXL "DB" monitor is the same block on a bus of
 * several AXI ports (imx8_db<N>).
 */

#include <linux/bitfield.h>
#include <linux/clk.h>
#include <linux/idr.h>
#include <linux/interrupt.h>
#include <linux/io.h>
#include <linux/mod_devicetable.h>
#include <linux/module.h>
#include <linux/perf_event.h>
#include <linux/platform_device.h>
#include <linux/perf/syspmu.h>
#include <linux/property.h>

#define IMX8_DDR_NUM_COUNTERS		4
#define IMX8_DDR_CYCLE_COUNTER		0

#define IMX8_DDR_CNTL(n)		(0x00 + 4 * (n))
#define   IMX8_DDR_CNTL_OVER		BIT(0)
/* Active low: the counter is held at its preset while CLEAR is 0 */
#define   IMX8_DDR_CNTL_CLEAR		BIT(1)
#define   IMX8_DDR_CNTL_EN		BIT(2)
#define   IMX8_DDR_CNTL_CP		GENMASK(23, 16)
#define   IMX8_DDR_CNTL_CSV		GENMASK(31, 24)
#define IMX8_DDR_COUNT(n)		(0x20 + 4 * (n))
/* where CNTL.CP lands in the count when CLEAR releases the counter */
#define   IMX8_DDR_COUNT_PRESET		GENMASK(31, 24)
#define IMX8_DDR_DPCR1			0x30
#define   IMX8_DDR_DPCR1_ID		GENMASK(15, 0)
#define   IMX8_DDR_DPCR1_MASK		GENMASK(31, 16)
#define IMX8_DDR_BYTES(n)		(0x30 + 4 * (n))
#define IMX8_DDR_MUX_CNTL(n)		(0x50 + 0x10 * ((n) - 1))
#define   IMX8_DDR_MUX_RD_PORT		GENMASK(2, 0)
#define   IMX8_DDR_MUX_RD_DATA		BIT(3)
#define   IMX8_DDR_MUX_WR_PORT		GENMASK(10, 8)
#define   IMX8_DDR_MUX_WR_DATA		BIT(11)
#define IMX8_DDR_MASK_COMP(n)		(0x54 + 0x10 * ((n) - 1))

/*
 * A harvest every 2^28 cycles: an enhanced filter byte counter, at 16
 * bytes a cycle, cannot overflow in between.  Counters read as 33 bits
 * (CNTL.OVER is bit 32) and are cleared at each harvest.
 */
#define IMX8_DDR_CYCLE_PRESET		0xf0
#define IMX8_DDR_COUNTER_WIDTH		33

#define IMX8_DDR_CFG_EVENT		GENMASK_ULL(7, 0)
#define IMX8_DDR_CFG1_AXI_ID		GENMASK_ULL(15, 0)
#define IMX8_DDR_CFG1_AXI_MASK		GENMASK_ULL(31, 16)
#define IMX8_DDR_CFG2_AXI_PORT		GENMASK_ULL(2, 0)
#define IMX8_DDR_CFG2_AXI_CHANNEL	BIT_ULL(3)

/* The DB monitor's port select: every port the 3-bit axi_port can name */
#define IMX8_DDR_DB_AXI_PORTS		8

#define IMX8_DDR_EVENT_CYCLES		0x00
#define IMX8_DDR_EVENT_AXID_READ	0x41
#define IMX8_DDR_EVENT_AXID_WRITE	0x42

/* QXP/QM; MQ/MM/MN: DPCR1 for all; MP: bytes too; DXL: per counter */
enum imx8_ddr_filter {
	IMX8_DDR_NO_FILTER,
	IMX8_DDR_FILTER,
	IMX8_DDR_ENHANCED_FILTER,
	IMX8_DDR_SUPER_FILTER,
};

enum imx8_ddr_cap {
	IMX8_DDR_CAP_FILTER,
	IMX8_DDR_CAP_ENHANCED_FILTER,
	IMX8_DDR_CAP_SUPER_FILTER,
};

/* What each AXI filter generation shows in caps/, and its name */
static const struct {
	unsigned long	caps;
	const char	*name;
} imx8_ddr_filters[] = {
	[IMX8_DDR_NO_FILTER]	   = { 0, "none" },
	[IMX8_DDR_FILTER]	   = { BIT(IMX8_DDR_CAP_FILTER), "filter" },
	[IMX8_DDR_ENHANCED_FILTER] = { BIT(IMX8_DDR_CAP_FILTER) |
				       BIT(IMX8_DDR_CAP_ENHANCED_FILTER),
				       "enhanced_filter" },
	[IMX8_DDR_SUPER_FILTER]	   = { BIT(IMX8_DDR_CAP_SUPER_FILTER),
				       "super_filter" },
};

struct imx8_ddr_devtype {
	const char		*name;
	struct ida		*ida;
	const char		*identifier;	/* for perf's JSON events */
	enum imx8_ddr_filter	filter;
	u8			axi_ports;
	const u8		*events;	/* NULL: every code */
	unsigned int		num_events;
};

struct imx8_ddr_pmu {
	struct syspmu			upmu;
	void __iomem			*base;
	const struct imx8_ddr_devtype	*devtype;
	int				id;
	unsigned int			active;		/* counter 0 runs while > 0 */
	u32				cycle_preset;	/* 0 where the preset does not take */
};

#define to_imx8_ddr_pmu(u)	container_of(u, struct imx8_ddr_pmu, upmu)

static DEFINE_IDA(imx8_ddr_ida);
static DEFINE_IDA(imx8_db_ida);

static const struct imx8_ddr_devtype imx8_devtype = {
	.name = "imx8_ddr",
	.ida = &imx8_ddr_ida,
	.filter = IMX8_DDR_NO_FILTER,
};

static const struct imx8_ddr_devtype imx8m_devtype = {
	.name = "imx8_ddr",
	.ida = &imx8_ddr_ida,
	.filter = IMX8_DDR_FILTER,
};

static const struct imx8_ddr_devtype imx8mq_devtype = {
	.name = "imx8_ddr",
	.ida = &imx8_ddr_ida,
	.identifier = "i.MX8MQ",
	.filter = IMX8_DDR_FILTER,
};

static const struct imx8_ddr_devtype imx8mm_devtype = {
	.name = "imx8_ddr",
	.ida = &imx8_ddr_ida,
	.identifier = "i.MX8MM",
	.filter = IMX8_DDR_FILTER,
};

static const struct imx8_ddr_devtype imx8mn_devtype = {
	.name = "imx8_ddr",
	.ida = &imx8_ddr_ida,
	.identifier = "i.MX8MN",
	.filter = IMX8_DDR_FILTER,
};

static const struct imx8_ddr_devtype imx8mp_devtype = {
	.name = "imx8_ddr",
	.ida = &imx8_ddr_ida,
	.identifier = "i.MX8MP",
	.filter = IMX8_DDR_ENHANCED_FILTER,
};

/* The DDR subsystem has a single AXI port, port 0 */
static const struct imx8_ddr_devtype imx8dxl_devtype = {
	.name = "imx8_ddr",
	.ida = &imx8_ddr_ida,
	.identifier = "i.MX8DXL",
	.filter = IMX8_DDR_SUPER_FILTER,
	.axi_ports = 1,
};

static const u8 imx8dxl_db_events[] = {
	IMX8_DDR_EVENT_CYCLES,
	IMX8_DDR_EVENT_AXID_READ,
	IMX8_DDR_EVENT_AXID_WRITE,
};

static const struct imx8_ddr_devtype imx8dxl_db_devtype = {
	.name = "imx8_db",
	.ida = &imx8_db_ida,
	.identifier = "i.MX8DXL",
	.filter = IMX8_DDR_SUPER_FILTER,
	.axi_ports = IMX8_DDR_DB_AXI_PORTS,
	.events = imx8dxl_db_events,
	.num_events = ARRAY_SIZE(imx8dxl_db_events),
};

static const struct of_device_id imx8_ddr_pmu_of_match[] = {
	{ .compatible = "fsl,imx8-ddr-pmu",	.data = &imx8_devtype },
	{ .compatible = "fsl,imx8m-ddr-pmu",	.data = &imx8m_devtype },
	{ .compatible = "fsl,imx8mq-ddr-pmu",	.data = &imx8mq_devtype },
	{ .compatible = "fsl,imx8mm-ddr-pmu",	.data = &imx8mm_devtype },
	{ .compatible = "fsl,imx8mn-ddr-pmu",	.data = &imx8mn_devtype },
	{ .compatible = "fsl,imx8mp-ddr-pmu",	.data = &imx8mp_devtype },
	{ .compatible = "fsl,imx8dxl-ddr-pmu",	.data = &imx8dxl_devtype },
	{ .compatible = "fsl,imx8dxl-db-pmu",	.data = &imx8dxl_db_devtype },
	{ }
};

static u8 imx8_ddr_event_code(struct perf_event *event)
{
	return FIELD_GET(IMX8_DDR_CFG_EVENT, event->attr.config);
}

static bool imx8_ddr_event_filtered(struct perf_event *event)
{
	u8 code = imx8_ddr_event_code(event);

	return code == IMX8_DDR_EVENT_AXID_READ ||
	       code == IMX8_DDR_EVENT_AXID_WRITE;
}

static bool imx8_ddr_event_counted(const struct imx8_ddr_devtype *devtype,
				   u8 code)
{
	unsigned int i;

	if (!devtype->events)
		return true;
	for (i = 0; i < devtype->num_events; i++)
		if (devtype->events[i] == code)
			return true;
	return false;
}

static bool imx8_ddr_filter_shared(const struct imx8_ddr_pmu *ddr)
{
	return test_bit(IMX8_DDR_CAP_FILTER, &ddr->upmu.caps);
}

static struct attribute *imx8_ddr_event_attrs[] = {
	SYSPMU_EVENT_ATTR_PADDED("cycles", 0x00),
	SYSPMU_EVENT_ATTR_PADDED("selfresh", 0x01),
	SYSPMU_EVENT_ATTR_PADDED("read-accesses", 0x04),
	SYSPMU_EVENT_ATTR_PADDED("write-accesses", 0x05),
	SYSPMU_EVENT_ATTR_PADDED("read-queue-depth", 0x08),
	SYSPMU_EVENT_ATTR_PADDED("write-queue-depth", 0x09),
	SYSPMU_EVENT_ATTR_PADDED("lp-read-credit-cnt", 0x10),
	SYSPMU_EVENT_ATTR_PADDED("hp-read-credit-cnt", 0x11),
	SYSPMU_EVENT_ATTR_PADDED("write-credit-cnt", 0x12),
	SYSPMU_EVENT_ATTR_PADDED("read-command", 0x20),
	SYSPMU_EVENT_ATTR_PADDED("write-command", 0x21),
	SYSPMU_EVENT_ATTR_PADDED("read-modify-write-command", 0x22),
	SYSPMU_EVENT_ATTR_PADDED("hp-read", 0x23),
	SYSPMU_EVENT_ATTR_PADDED("hp-req-nocredit", 0x24),
	SYSPMU_EVENT_ATTR_PADDED("hp-xact-credit", 0x25),
	SYSPMU_EVENT_ATTR_PADDED("lp-req-nocredit", 0x26),
	SYSPMU_EVENT_ATTR_PADDED("lp-xact-credit", 0x27),
	SYSPMU_EVENT_ATTR_PADDED("wr-xact-credit", 0x29),
	SYSPMU_EVENT_ATTR_PADDED("read-cycles", 0x2a),
	SYSPMU_EVENT_ATTR_PADDED("write-cycles", 0x2b),
	SYSPMU_EVENT_ATTR_PADDED("read-write-transition", 0x30),
	SYSPMU_EVENT_ATTR_PADDED("precharge", 0x31),
	SYSPMU_EVENT_ATTR_PADDED("activate", 0x32),
	SYSPMU_EVENT_ATTR_PADDED("load-mode", 0x33),
	SYSPMU_EVENT_ATTR_PADDED("perf-mwr", 0x34),
	SYSPMU_EVENT_ATTR_PADDED("read", 0x35),
	SYSPMU_EVENT_ATTR_PADDED("read-activate", 0x36),
	SYSPMU_EVENT_ATTR_PADDED("refresh", 0x37),
	SYSPMU_EVENT_ATTR_PADDED("write", 0x38),
	SYSPMU_EVENT_ATTR_PADDED("raw-hazard", 0x39),
	SYSPMU_EVENT_ATTR_PADDED("axid-read", IMX8_DDR_EVENT_AXID_READ),
	SYSPMU_EVENT_ATTR_PADDED("axid-write", IMX8_DDR_EVENT_AXID_WRITE),
	NULL
};

/* events/ lists what the monitor counts */
static umode_t imx8_ddr_event_visible(struct kobject *kobj,
				      struct attribute *attr, int n)
{
	struct pmu *pmu = dev_get_drvdata(kobj_to_dev(kobj));
	struct imx8_ddr_pmu *ddr = to_imx8_ddr_pmu(to_syspmu(pmu));
	struct perf_pmu_events_attr *ev =
		container_of(attr, struct perf_pmu_events_attr, attr.attr);

	return imx8_ddr_event_counted(ddr->devtype, ev->id) ? attr->mode : 0;
}

static const struct attribute_group imx8_ddr_events_group = {
	.name = "events",
	.attrs = imx8_ddr_event_attrs,
	.is_visible = imx8_ddr_event_visible,
};

static struct attribute *imx8_ddr_format_attrs[] = {
	SYSPMU_FORMAT_ATTR_RANGES(event, 0, IMX8_DDR_CFG_EVENT),
	SYSPMU_FORMAT_ATTR_RANGES(axi_id, 1, IMX8_DDR_CFG1_AXI_ID),
	SYSPMU_FORMAT_ATTR_RANGES(axi_mask, 1, IMX8_DDR_CFG1_AXI_MASK),
	SYSPMU_FORMAT_ATTR_RANGES(axi_port, 2, IMX8_DDR_CFG2_AXI_PORT),
	SYSPMU_FORMAT_ATTR_RANGES(axi_channel, 2, IMX8_DDR_CFG2_AXI_CHANNEL),
	NULL
};

static const struct attribute_group imx8_ddr_format_group = {
	.name = "format",
	.attrs = imx8_ddr_format_attrs,
};

static struct attribute *imx8_ddr_caps_attrs[] = {
	SYSPMU_CAP_ATTR(filter, IMX8_DDR_CAP_FILTER),
	SYSPMU_CAP_ATTR(enhanced_filter, IMX8_DDR_CAP_ENHANCED_FILTER),
	SYSPMU_CAP_ATTR(super_filter, IMX8_DDR_CAP_SUPER_FILTER),
	NULL
};

static const struct attribute_group imx8_ddr_caps_group = {
	.name = "caps",
	.attrs = imx8_ddr_caps_attrs,
};

static const struct attribute_group *imx8_ddr_attr_groups[] = {
	&imx8_ddr_events_group,
	&imx8_ddr_format_group,
	&imx8_ddr_caps_group,
	&syspmu_common_group,
	NULL
};

static void imx8_ddr_counter_mask(struct perf_event *event,
				  unsigned long *mask)
{
	if (imx8_ddr_event_code(event) == IMX8_DDR_EVENT_CYCLES)
		__set_bit(IMX8_DDR_CYCLE_COUNTER, mask);
	else
		bitmap_set(mask, 1, IMX8_DDR_NUM_COUNTERS - 1);
}

static int imx8_ddr_event_valid(struct perf_event *event)
{
	struct imx8_ddr_pmu *ddr = to_imx8_ddr_pmu(event_to_syspmu(event));
	const struct perf_event_attr *attr = &event->attr;
	u8 code = imx8_ddr_event_code(event);

	if (!imx8_ddr_event_counted(ddr->devtype, code)) {
		dev_dbg(ddr->upmu.dev, "%s PMUs do not count event %#x\n",
			ddr->devtype->name, code);
		return -EOPNOTSUPP;
	}

	if (!imx8_ddr_event_filtered(event)) {
		if (attr->config1 || attr->config2) {
			dev_dbg(ddr->upmu.dev, "AXI filter fields need axid-read or axid-write\n");
			return -EINVAL;
		}
		return 0;
	}

	switch (ddr->devtype->filter) {
	case IMX8_DDR_NO_FILTER:
		dev_dbg(ddr->upmu.dev, "no AXI filter on this controller\n");
		return -EOPNOTSUPP;
	case IMX8_DDR_FILTER:
	case IMX8_DDR_ENHANCED_FILTER:
		if (attr->config2) {
			dev_dbg(ddr->upmu.dev, "axi_port/axi_channel need the super filter\n");
			return -EINVAL;
		}
		return 0;
	case IMX8_DDR_SUPER_FILTER:
		if (FIELD_GET(IMX8_DDR_CFG2_AXI_PORT, attr->config2) >=
		    ddr->devtype->axi_ports) {
			dev_dbg(ddr->upmu.dev, "axi_port must be below %u\n",
				ddr->devtype->axi_ports);
			return -EINVAL;
		}
		return 0;
	}
	return -EINVAL;
}

/* One DPCR1 for all counters: other settings take turns, or no group */
static bool imx8_ddr_events_compatible(struct perf_event *a,
				       struct perf_event *b)
{
	struct imx8_ddr_pmu *ddr = to_imx8_ddr_pmu(event_to_syspmu(a));

	return !imx8_ddr_filter_shared(ddr) ||
	       !imx8_ddr_event_filtered(a) || !imx8_ddr_event_filtered(b) ||
	       a->attr.config1 == b->attr.config1;
}

/* The core holds upmu.lock from here on */

static u32 imx8_ddr_cntl(struct imx8_ddr_pmu *ddr, int idx)
{
	return readl(ddr->base + IMX8_DDR_CNTL(idx));
}

static bool imx8_ddr_cycles_locked(struct imx8_ddr_pmu *ddr)
{
	return imx8_ddr_cntl(ddr, IMX8_DDR_CYCLE_COUNTER) & IMX8_DDR_CNTL_OVER;
}

/* OVER is sticky: read on both sides of COUNT, one retry at most */
static u64 imx8_ddr_snapshot(struct imx8_ddr_pmu *ddr, int idx,
			     unsigned int off)
{
	u32 over, val;

	do {
		over = imx8_ddr_cntl(ddr, idx) & IMX8_DDR_CNTL_OVER;
		val = readl(ddr->base + off);
	} while (over != (imx8_ddr_cntl(ddr, idx) & IMX8_DDR_CNTL_OVER));
	return (over ? BIT_ULL(32) : 0) | val;
}

/* CLEAR low also releases counter 0's lock; only it needs the 2nd write */
static void imx8_ddr_clear_counter(struct imx8_ddr_pmu *ddr, int idx, u32 cntl)
{
	writel(0, ddr->base + IMX8_DDR_CNTL(idx));
	writel(cntl, ddr->base + IMX8_DDR_CNTL(idx));
}

/* Clear and restart counter 0 from its preset; releases the lock */
static void imx8_ddr_restart_cycles(struct imx8_ddr_pmu *ddr, bool run)
{
	imx8_ddr_clear_counter(ddr, IMX8_DDR_CYCLE_COUNTER,
			       (run ? IMX8_DDR_CNTL_EN : 0) | IMX8_DDR_CNTL_CLEAR |
			       FIELD_PREP(IMX8_DDR_CNTL_CP, IMX8_DDR_CYCLE_PRESET));
}

static void imx8_ddr_hold_cycles(struct imx8_ddr_pmu *ddr)
{
	/* Stops counter 0, and with it the whole block; the value holds */
	writel(IMX8_DDR_CNTL_CLEAR |
	       FIELD_PREP(IMX8_DDR_CNTL_CP, IMX8_DDR_CYCLE_PRESET),
	       ddr->base + IMX8_DDR_CNTL(IMX8_DDR_CYCLE_COUNTER));
}

/* What CNTL of counter 1-3 holds while @event counts on it */
static u32 imx8_ddr_event_cntl(struct perf_event *event)
{
	return FIELD_PREP(IMX8_DDR_CNTL_CSV, imx8_ddr_event_code(event)) |
	       IMX8_DDR_CNTL_EN | IMX8_DDR_CNTL_CLEAR;
}

static void imx8_ddr_program_filter(struct imx8_ddr_pmu *ddr, int idx,
				    struct perf_event *event)
{
	/* Users give the bits to ignore, hardware wants the bits to compare */
	u32 mask_comp = event->attr.config1 ^ IMX8_DDR_DPCR1_MASK;
	u64 config2 = event->attr.config2;
	u32 port = FIELD_GET(IMX8_DDR_CFG2_AXI_PORT, config2);
	/* and users give 1 for the address channel, hardware 1 for data */
	bool data = !(config2 & IMX8_DDR_CFG2_AXI_CHANNEL);
	u32 mux;

	if (imx8_ddr_filter_shared(ddr)) {
		writel(mask_comp, ddr->base + IMX8_DDR_DPCR1);
		return;
	}

	if (imx8_ddr_event_code(event) == IMX8_DDR_EVENT_AXID_READ)
		mux = FIELD_PREP(IMX8_DDR_MUX_RD_PORT, port) |
		      FIELD_PREP(IMX8_DDR_MUX_RD_DATA, data);
	else
		mux = FIELD_PREP(IMX8_DDR_MUX_WR_PORT, port) |
		      FIELD_PREP(IMX8_DDR_MUX_WR_DATA, data);
	writel(mask_comp, ddr->base + IMX8_DDR_MASK_COMP(idx));
	writel(mux, ddr->base + IMX8_DDR_MUX_CNTL(idx));
}

static u64 imx8_ddr_read_counter(struct syspmu *upmu,
				 struct perf_event *event)
{
	struct imx8_ddr_pmu *ddr = to_imx8_ddr_pmu(upmu);
	int idx = event->hw.idx;

	if (idx == IMX8_DDR_CYCLE_COUNTER)
		return imx8_ddr_snapshot(ddr, idx, IMX8_DDR_COUNT(idx)) -
		       ddr->cycle_preset;
	if (test_bit(IMX8_DDR_CAP_ENHANCED_FILTER, &upmu->caps) &&
	    imx8_ddr_event_filtered(event))
		return imx8_ddr_snapshot(ddr, idx, IMX8_DDR_BYTES(idx));
	return imx8_ddr_snapshot(ddr, idx, IMX8_DDR_COUNT(idx));
}

static u64 imx8_ddr_enable_counter(struct syspmu *upmu,
				   struct perf_event *event)
{
	struct imx8_ddr_pmu *ddr = to_imx8_ddr_pmu(upmu);
	int idx = event->hw.idx;
	bool first = ddr->active++ == 0;

	/* Counter 0 gates the others, so it runs whenever anything counts */
	if (first)
		imx8_ddr_restart_cycles(ddr, true);
	if (idx == IMX8_DDR_CYCLE_COUNTER)
		return first ? 0 : imx8_ddr_read_counter(upmu, event);

	/* event_valid() keeps axid events off controllers without a filter */
	if (imx8_ddr_event_filtered(event))
		imx8_ddr_program_filter(ddr, idx, event);
	/* from 0, and counting again if an i.MX8MP counter had stopped */
	imx8_ddr_clear_counter(ddr, idx, imx8_ddr_event_cntl(event));
	return 0;
}

static void imx8_ddr_disable_counter(struct syspmu *upmu,
				     struct perf_event *event)
{
	struct imx8_ddr_pmu *ddr = to_imx8_ddr_pmu(upmu);
	int idx = event->hw.idx;

	if (idx != IMX8_DDR_CYCLE_COUNTER)
		writel(imx8_ddr_event_cntl(event) & ~IMX8_DDR_CNTL_EN,
		       ddr->base + IMX8_DDR_CNTL(idx));
	/*
	 * Once locked, the block is frozen and the interrupt handler will
	 * release it; holding counter 0 would not.
	 */
	if (--ddr->active == 0 && !imx8_ddr_cycles_locked(ddr))
		imx8_ddr_hold_cycles(ddr);
}

static const struct syspmu_ops imx8_ddr_ops = {
	.counter_mask		= imx8_ddr_counter_mask,
	.event_valid		= imx8_ddr_event_valid,
	.events_compatible	= imx8_ddr_events_compatible,
	.read_counter		= imx8_ddr_read_counter,
	.enable_counter		= imx8_ddr_enable_counter,
	.disable_counter	= imx8_ddr_disable_counter,
};

/* Counter 0 overflowed and locked every counter */
static irqreturn_t imx8_ddr_pmu_irq(int irq, void *dev_id)
{
	struct syspmu *upmu = dev_id;
	struct imx8_ddr_pmu *ddr = to_imx8_ddr_pmu(upmu);
	unsigned int idx = 1;

	raw_spin_lock(&upmu->lock);
	if (!imx8_ddr_cycles_locked(ddr)) {
		raw_spin_unlock(&upmu->lock);
		return IRQ_NONE;
	}
	/* Nothing moves until counter 0 is restarted: a consistent harvest */
	syspmu_update_all(upmu);
	/* from 0, so none reaches its own overflow (i.MX8MP's stop there) */
	for_each_set_bit_from(idx, upmu->used_mask, IMX8_DDR_NUM_COUNTERS) {
		struct perf_event *event = upmu->events[idx];

		if (event->hw.state & PERF_HES_STOPPED)
			continue;
		imx8_ddr_clear_counter(ddr, idx, imx8_ddr_event_cntl(event));
		syspmu_counter_reloaded(upmu, idx, 0);
	}
	imx8_ddr_restart_cycles(ddr, ddr->active);
	syspmu_counter_reloaded(upmu, IMX8_DDR_CYCLE_COUNTER, 0);
	raw_spin_unlock(&upmu->lock);
	return IRQ_HANDLED;
}

static void imx8_ddr_pmu_free_id(void *data)
{
	struct imx8_ddr_pmu *ddr = data;

	ida_free(ddr->devtype->ida, ddr->id);
}

/* Undone with @dev; @irq < 0: none */
static struct syspmu *
imx8_ddr_pmu_create(struct device *dev, void __iomem *base, int irq,
		    const struct imx8_ddr_devtype *devtype)
{
	struct imx8_ddr_pmu *ddr;
	const char *name;
	int ret, i;

	ddr = devm_kzalloc(dev, sizeof(*ddr), GFP_KERNEL);
	if (!ddr)
		return ERR_PTR(-ENOMEM);

	ddr->base = base;
	ddr->devtype = devtype;
	ddr->upmu = (struct syspmu) {
		.dev		= dev,
		.ops		= &imx8_ddr_ops,
		.config_mask	= {
			IMX8_DDR_CFG_EVENT,
			IMX8_DDR_CFG1_AXI_ID | IMX8_DDR_CFG1_AXI_MASK,
			IMX8_DDR_CFG2_AXI_PORT | IMX8_DDR_CFG2_AXI_CHANNEL,
		},
		.num_counters	= IMX8_DDR_NUM_COUNTERS,
		.identifier	= devtype->identifier,
		.caps		= imx8_ddr_filters[devtype->filter].caps,
		.width		= IMX8_DDR_COUNTER_WIDTH,
		.pmu		= {
			.module		= THIS_MODULE,
			.attr_groups	= imx8_ddr_attr_groups,
		},
	};

	ret = syspmu_init(&ddr->upmu);
	if (ret)
		return ERR_PTR(ret);

	/* the boot loader's counts and IRQ; does counter 0 take its preset? */
	for (i = 1; i < IMX8_DDR_NUM_COUNTERS; i++)
		imx8_ddr_clear_counter(ddr, i, IMX8_DDR_CNTL_CLEAR);
	imx8_ddr_restart_cycles(ddr, false);
	if (FIELD_GET(IMX8_DDR_COUNT_PRESET, readl(base + IMX8_DDR_COUNT(0))) ==
	    IMX8_DDR_CYCLE_PRESET)
		ddr->cycle_preset = FIELD_PREP(IMX8_DDR_COUNT_PRESET,
					       IMX8_DDR_CYCLE_PRESET);
	else if (devtype->filter == IMX8_DDR_ENHANCED_FILTER)
		dev_warn(dev, "cycle counter ignores its preset: byte counts above 16 bytes a cycle may be lost\n");

	ret = ida_alloc(devtype->ida, GFP_KERNEL);
	if (ret < 0)
		return ERR_PTR(ret);
	ddr->id = ret;
	ret = devm_add_action_or_reset(dev, imx8_ddr_pmu_free_id, ddr);
	if (ret)
		return ERR_PTR(ret);

	name = devm_kasprintf(dev, GFP_KERNEL, "%s%d", devtype->name, ddr->id);
	if (!name)
		return ERR_PTR(-ENOMEM);

	if (irq >= 0) {
		ret = syspmu_request_irq(&ddr->upmu, irq, imx8_ddr_pmu_irq,
					 name);
		if (ret)
			return ERR_PTR(ret);
	}

	ret = devm_syspmu_register(dev, &ddr->upmu, name);
	if (ret)
		return ERR_PTR(dev_err_probe(dev, ret, "cannot register %s\n",
					     name));
	return &ddr->upmu;
}

/* Left out where another module includes this file: it binds no device */
#ifndef PMU_NO_MODULE_DRIVER
static int imx8_ddr_pmu_probe(struct platform_device *pdev)
{
	const struct imx8_ddr_devtype *devtype;
	struct clk_bulk_data *clks;
	struct syspmu *upmu;
	void __iomem *base;
	int irq, ret;

	devtype = device_get_match_data(&pdev->dev);
	if (!devtype)
		return -ENODEV;

	base = devm_platform_ioremap_resource(pdev, 0);
	if (IS_ERR(base))
		return PTR_ERR(base);

	/* the DB's "ipg" and "cnt"; none is not an error */
	ret = pmu_devm_clk_bulk_get_all_enabled(&pdev->dev, &clks);
	if (ret < 0)
		return dev_err_probe(&pdev->dev, ret, "cannot enable clocks\n");

	irq = platform_get_irq(pdev, 0);
	if (irq < 0)
		return irq;

	upmu = imx8_ddr_pmu_create(&pdev->dev, base, irq, devtype);
	if (IS_ERR(upmu))
		return PTR_ERR(upmu);

	dev_info(&pdev->dev, "%s: %s, AXI filter: %s, cycle period 2^%d\n",
		 upmu->pmu.name, devtype->identifier ?: "i.MX8",
		 imx8_ddr_filters[devtype->filter].name,
		 to_imx8_ddr_pmu(upmu)->cycle_preset ? 28 : 32);
	return 0;
}

MODULE_DEVICE_TABLE(of, imx8_ddr_pmu_of_match);

static struct platform_driver imx8_ddr_pmu_driver = {
	.driver = {
		.name			= "imx8-ddr-pmu",
		.of_match_table		= imx8_ddr_pmu_of_match,
		.suppress_bind_attrs	= true,
	},
	.probe = imx8_ddr_pmu_probe,
};
module_platform_driver(imx8_ddr_pmu_driver);

MODULE_DESCRIPTION("Freescale i.MX8 DDR performance monitor driver");
MODULE_LICENSE("GPL");
MODULE_IMPORT_NS(SYSPMU_NS);
#endif
