// SPDX-License-Identifier: GPL-2.0-only
/*
 * NVIDIA Tegra410 NVLink-C2C, NV-CLink and NV-DLink PMUs
 *
 * 12 to 16 instances per interface, with 64-bit counters read as two
 * halves.  As in the CMEM latency PMU, events share the counters: an event
 * sums the instances of the peers it selects (gpu_mask).
 */

#include <linux/acpi.h>
#include <linux/bits.h>
#include <linux/io.h>
#include <linux/module.h>
#include <linux/platform_device.h>
#include <linux/property.h>

#include <linux/perf/pmu_compat.h>
#include <linux/perf/syspmu.h>

#include "nvidia_t410_latency_pmu.h"

#define C2C_CTRL		0x864
#define   C2C_CTRL_ENABLE	1
#define   C2C_CTRL_DISABLE	0
#define C2C_IN_STATUS		0x868
#define   C2C_IN_STATUS_WR_REQ	BIT(4)
/*
 * The published map puts OUT_STATUS where IN_WR_REQ's high half would be:
 * only its low half is sure, a 32-bit counter polled for its wraps, at
 * most one request a cycle of the 2 GHz link clock.
 */
#define C2C_IN_WR_REQ_MAX_RATE	2000000000ULL

enum c2c_event {
	C2C_EV_CYCLES,
	C2C_EV_IN_RD_CUM_OUTS,
	C2C_EV_IN_RD_REQ,
	C2C_EV_IN_WR_CUM_OUTS,
	C2C_EV_IN_WR_REQ,
	C2C_EV_OUT_RD_CUM_OUTS,
	C2C_EV_OUT_RD_REQ,
	C2C_EV_OUT_WR_CUM_OUTS,
	C2C_EV_OUT_WR_REQ,
	C2C_NR_EVENTS,
};

static const u16 c2c_counter_lo[C2C_NR_EVENTS] = {
	[C2C_EV_CYCLES]		= 0x86c,
	[C2C_EV_IN_RD_CUM_OUTS]	= 0x874,
	[C2C_EV_IN_RD_REQ]	= 0x87c,
	[C2C_EV_IN_WR_CUM_OUTS]	= 0x884,
	[C2C_EV_IN_WR_REQ]	= 0x88c,
	[C2C_EV_OUT_RD_CUM_OUTS] = 0x898,
	[C2C_EV_OUT_RD_REQ]	= 0x8a0,
	[C2C_EV_OUT_WR_CUM_OUTS] = 0x8a8,
	[C2C_EV_OUT_WR_REQ]	= 0x8b0,
};

#define C2C_READ_EVENTS		(BIT(C2C_EV_CYCLES) |			\
				 BIT(C2C_EV_IN_RD_CUM_OUTS) |		\
				 BIT(C2C_EV_IN_RD_REQ) |		\
				 BIT(C2C_EV_OUT_RD_CUM_OUTS) |		\
				 BIT(C2C_EV_OUT_RD_REQ))
static const unsigned long c2c_peer_events[] = {
	[C2C_PEER_GPU]		= GENMASK(C2C_NR_EVENTS - 1, 0),
	[C2C_PEER_CPU]		= C2C_READ_EVENTS,
	[C2C_PEER_CXLMEM]	= BIT(C2C_EV_CYCLES) |
				  BIT(C2C_EV_IN_RD_CUM_OUTS) |
				  BIT(C2C_EV_IN_RD_REQ),
};

static const char *const c2c_peer_names[] = {
	[C2C_PEER_GPU]		= "gpu",
	[C2C_PEER_CPU]		= "cpu",
	[C2C_PEER_CXLMEM]	= "cxlmem",
};

#define C2C_EVENT_MASK		GENMASK_ULL(3, 0)
#define C2C_GPU_MASK		GENMASK_ULL(C2C_MAX_PEERS - 1, 0)
#define C2C_NR_SLOTS		32

struct c2c_pmu {
	struct syspmu	upmu;
	struct c2c_hw	hw;
	/* peers that are there: bit g for GPU g; bit 0 for a CPU or CXL */
	unsigned long	peers;
	u32		reported_in[C2C_MAX_INST];
	/* in_wr_req: its last 32-bit reading, and its total since enabled */
	u32		in_wr_last[C2C_MAX_INST];
	u64		in_wr_total[C2C_MAX_INST];
	/* each counter as last read, so that one pass serves every event */
	u64		snap[C2C_MAX_INST][C2C_NR_EVENTS];
};

#define to_c2c(u)	container_of(u, struct c2c_pmu, upmu)

#ifndef c2c_readl
#define c2c_readl(addr)		readl(addr)
#define c2c_writel(val, addr)	writel(val, addr)
#endif

static u32 c2c_read32(const void __iomem *addr)
{
	return c2c_readl(addr);
}

static u64 c2c_read_counter64(const void __iomem *lo)
{
	return syspmu_hi_lo_hi(c2c_read32, lo);
}

static unsigned int c2c_event_type(struct perf_event *event)
{
	return event->attr.config & C2C_EVENT_MASK;
}

static unsigned long c2c_event_peers(struct c2c_pmu *c2c,
				     struct perf_event *event)
{
	unsigned long mask = event->attr.config1 & C2C_GPU_MASK;

	return c2c->hw.peer == C2C_PEER_GPU && mask ? mask : c2c->peers;
}

static int c2c_event_valid(struct perf_event *event)
{
	struct c2c_pmu *c2c = to_c2c(event_to_syspmu(event));
	unsigned int type = c2c_event_type(event);
	unsigned long gpus = event->attr.config1 & C2C_GPU_MASK;

	if (type >= C2C_NR_EVENTS) {
		dev_dbg(c2c->upmu.dev, "no event %#x\n", type);
		return -EINVAL;
	}
	if (!(c2c_peer_events[c2c->hw.peer] & BIT(type))) {
		dev_dbg(c2c->upmu.dev, "event %#x cannot count with a %s peer\n",
			type, c2c_peer_names[c2c->hw.peer]);
		return -EOPNOTSUPP;
	}
	if (gpus & ~c2c->peers) {
		dev_dbg(c2c->upmu.dev, "gpu_mask %#lx names absent GPUs (present %#lx)\n",
			gpus, c2c->peers);
		return -EINVAL;
	}
	return 0;
}

static void c2c_check_status(struct c2c_pmu *c2c, unsigned int i)
{
	u32 in = c2c_readl(c2c->hw.inst[i] + C2C_IN_STATUS) &
		 ~C2C_IN_STATUS_WR_REQ;

	if (!(in & ~c2c->reported_in[i]))
		return;
	c2c->reported_in[i] |= in;
	dev_warn_ratelimited(c2c->upmu.dev,
			     "instance %u: counter overflow (IN_STATUS %#x)\n",
			     i, in);
}

static u64 c2c_read_in_wr_req(struct c2c_pmu *c2c, unsigned int i)
{
	u32 now = c2c_readl(c2c->hw.inst[i] + c2c_counter_lo[C2C_EV_IN_WR_REQ]);

	c2c->in_wr_total[i] += (u32)(now - c2c->in_wr_last[i]);
	c2c->in_wr_last[i] = now;
	return c2c->in_wr_total[i];
}

/* The instances @event sums; cycles, one clock, from the first of them */
static unsigned long c2c_event_insts(struct c2c_pmu *c2c,
				     struct perf_event *event)
{
	unsigned long peers = c2c_event_peers(c2c, event), insts = 0;
	unsigned int peer;

	if (c2c_event_type(event) == C2C_EV_CYCLES) {
		insts = c2c->hw.peer_inst[__ffs(peers)];
		return insts & -insts;
	}
	for_each_set_bit(peer, &peers, C2C_MAX_PEERS)
		insts |= c2c->hw.peer_inst[peer];
	return insts;
}

static void c2c_snapshot(struct syspmu *upmu, struct perf_event *event)
{
	struct c2c_pmu *c2c = to_c2c(upmu);
	unsigned long want[C2C_NR_EVENTS] = { }, all = 0;
	unsigned int type, i;
	struct perf_event *ev;

	if (event) {
		want[c2c_event_type(event)] = c2c_event_insts(c2c, event);
	} else {
		syspmu_for_each_counting_event(upmu, ev)
			want[c2c_event_type(ev)] |= c2c_event_insts(c2c, ev);
	}
	for (type = 0; type < C2C_NR_EVENTS; type++)
		all |= want[type];

	for_each_set_bit(i, &all, c2c->hw.iface->nr_inst) {
		c2c_check_status(c2c, i);
		for (type = 0; type < C2C_NR_EVENTS; type++) {
			if (!test_bit(i, &want[type]))
				continue;
			if (type == C2C_EV_IN_WR_REQ)
				c2c->snap[i][type] = c2c_read_in_wr_req(c2c, i);
			else
				c2c->snap[i][type] = c2c_read_counter64(c2c->hw.inst[i] +
									c2c_counter_lo[type]);
		}
	}
}

static u64 c2c_read_counter(struct syspmu *upmu, struct perf_event *event)
{
	struct c2c_pmu *c2c = to_c2c(upmu);
	unsigned long insts = c2c_event_insts(c2c, event);
	unsigned int type = c2c_event_type(event), i;
	u64 sum = 0;

	for_each_set_bit(i, &insts, c2c->hw.iface->nr_inst)
		sum += c2c->snap[i][type];
	return sum;
}

static void c2c_pmu_enable(struct syspmu *upmu)
{
	struct c2c_pmu *c2c = to_c2c(upmu);

	if (bitmap_empty(upmu->used_mask, upmu->num_counters))
		return;
	c2c_writel(C2C_CTRL_ENABLE, c2c->hw.bcast + C2C_CTRL);
}

static void c2c_pmu_disable(struct syspmu *upmu)
{
	struct c2c_pmu *c2c = to_c2c(upmu);

	c2c_writel(C2C_CTRL_DISABLE, c2c->hw.bcast + C2C_CTRL);
	/* enabling restarts the counters from 0 */
	syspmu_restart_all(upmu);
	memset(c2c->reported_in, 0, sizeof(c2c->reported_in));
	memset(c2c->in_wr_last, 0, sizeof(c2c->in_wr_last));
	memset(c2c->in_wr_total, 0, sizeof(c2c->in_wr_total));
}

static const struct syspmu_ops c2c_ops = {
	.event_valid	= c2c_event_valid,
	.snapshot	= c2c_snapshot,
	.read_counter	= c2c_read_counter,
	.pmu_enable	= c2c_pmu_enable,
	.pmu_disable	= c2c_pmu_disable,
};

#define C2C_EVENT(_name, _ev)	SYSPMU_EVENT_ATTR(_name, C2C_EV_##_ev)

static struct attribute *c2c_gpu_event_attrs[] = {
	C2C_EVENT("cycles", CYCLES),
	C2C_EVENT("in_rd_cum_outs", IN_RD_CUM_OUTS),
	C2C_EVENT("in_rd_req", IN_RD_REQ),
	C2C_EVENT("in_wr_cum_outs", IN_WR_CUM_OUTS),
	C2C_EVENT("in_wr_req", IN_WR_REQ),
	C2C_EVENT("out_rd_cum_outs", OUT_RD_CUM_OUTS),
	C2C_EVENT("out_rd_req", OUT_RD_REQ),
	C2C_EVENT("out_wr_cum_outs", OUT_WR_CUM_OUTS),
	C2C_EVENT("out_wr_req", OUT_WR_REQ),
	NULL
};

static struct attribute *c2c_cpu_event_attrs[] = {
	C2C_EVENT("cycles", CYCLES),
	C2C_EVENT("in_rd_cum_outs", IN_RD_CUM_OUTS),
	C2C_EVENT("in_rd_req", IN_RD_REQ),
	C2C_EVENT("out_rd_cum_outs", OUT_RD_CUM_OUTS),
	C2C_EVENT("out_rd_req", OUT_RD_REQ),
	NULL
};

static struct attribute *c2c_cxlmem_event_attrs[] = {
	C2C_EVENT("cycles", CYCLES),
	C2C_EVENT("in_rd_cum_outs", IN_RD_CUM_OUTS),
	C2C_EVENT("in_rd_req", IN_RD_REQ),
	NULL
};

static const struct attribute_group c2c_gpu_events_group = {
	.name	= "events",
	.attrs	= c2c_gpu_event_attrs,
};

static const struct attribute_group c2c_cpu_events_group = {
	.name	= "events",
	.attrs	= c2c_cpu_event_attrs,
};

static const struct attribute_group c2c_cxlmem_events_group = {
	.name	= "events",
	.attrs	= c2c_cxlmem_event_attrs,
};

static struct attribute *c2c_gpu_format_attrs[] = {
	SYSPMU_FORMAT_ATTR(event, 0, C2C_EVENT_MASK),
	SYSPMU_FORMAT_ATTR(gpu_mask, 1, C2C_GPU_MASK),
	NULL
};

static struct attribute *c2c_format_attrs[] = {
	SYSPMU_FORMAT_ATTR(event, 0, C2C_EVENT_MASK),
	NULL
};

static const struct attribute_group c2c_gpu_format_group = {
	.name	= "format",
	.attrs	= c2c_gpu_format_attrs,
};

static const struct attribute_group c2c_format_group = {
	.name	= "format",
	.attrs	= c2c_format_attrs,
};

static ssize_t peer_show(struct device *dev, struct device_attribute *attr,
			 char *buf)
{
	struct c2c_pmu *c2c = to_c2c(to_syspmu(dev_get_drvdata(dev)));

	return sysfs_emit(buf, "nr_%s=%u\n", c2c_peer_names[c2c->hw.peer],
			  bitmap_weight(&c2c->peers, C2C_MAX_PEERS));
}
static DEVICE_ATTR_RO(peer);

static struct attribute *c2c_peer_attrs[] = {
	&dev_attr_peer.attr,
	NULL
};

static const struct attribute_group c2c_peer_group = {
	.attrs	= c2c_peer_attrs,
};

static const struct attribute_group *c2c_gpu_attr_groups[] = {
	&c2c_gpu_events_group,
	&c2c_gpu_format_group,
	&c2c_peer_group,
	&syspmu_common_group,
	NULL
};

static const struct attribute_group *c2c_cpu_attr_groups[] = {
	&c2c_cpu_events_group,
	&c2c_format_group,
	&c2c_peer_group,
	&syspmu_common_group,
	NULL
};

static const struct attribute_group *c2c_cxlmem_attr_groups[] = {
	&c2c_cxlmem_events_group,
	&c2c_format_group,
	&c2c_peer_group,
	&syspmu_common_group,
	NULL
};

static const struct attribute_group **const c2c_attr_groups[] = {
	[C2C_PEER_GPU]		= c2c_gpu_attr_groups,
	[C2C_PEER_CPU]		= c2c_cpu_attr_groups,
	[C2C_PEER_CXLMEM]	= c2c_cxlmem_attr_groups,
};

static const struct c2c_iface c2c_nvlink = {
	.name		= "nvidia_nvlink_c2c_pmu",
	.nr_inst	= 14,
};

static const struct c2c_iface c2c_nvclink = {
	.name		= "nvidia_nvclink_pmu",
	.nr_inst	= 12,
};

static const struct c2c_iface c2c_nvdlink = {
	.name		= "nvidia_nvdlink_pmu",
	.nr_inst	= 16,
	.fixed_peer	= true,
	.peer		= C2C_PEER_CXLMEM,
};

static u32 c2c_mask_property(struct fwnode_handle *fwnode, const char *name)
{
	u32 val;

	return fwnode_property_read_u32(fwnode, name, &val) ? 0 : val;
}

/* GPU g stays bit g of gpu_mask whichever GPUs are there */
static int c2c_decode_peers(struct device *dev, struct fwnode_handle *fwnode,
			    struct c2c_hw *hw)
{
	u32 all = GENMASK(hw->iface->nr_inst - 1, 0), cpu, gpu[C2C_MAX_PEERS];
	unsigned int g;

	memset(hw->peer_inst, 0, sizeof(hw->peer_inst));
	if (hw->iface->fixed_peer) {
		hw->peer = hw->iface->peer;
		hw->peer_inst[0] = all;
		return 0;
	}

	cpu = c2c_mask_property(fwnode, "cpu_en_mask");
	gpu[0] = c2c_mask_property(fwnode, "gpu0_en_mask");
	gpu[1] = c2c_mask_property(fwnode, "gpu1_en_mask");
	if ((cpu | gpu[0] | gpu[1]) & ~all)
		return dev_err_probe(dev, -EINVAL,
				     "instance masks (cpu %#x, gpu0 %#x, gpu1 %#x) name instances past %u\n",
				     cpu, gpu[0], gpu[1], hw->iface->nr_inst - 1);
	if (cpu) {
		if (gpu[0] | gpu[1])
			dev_warn(dev, "cpu_en_mask set: GPU masks ignored\n");
		hw->peer = C2C_PEER_CPU;
		hw->peer_inst[0] = cpu;
		return 0;
	}
	if (!gpu[0] && !gpu[1])
		return dev_err_probe(dev, -EINVAL,
				     "firmware names no peer: no cpu_en_mask, gpu0_en_mask or gpu1_en_mask\n");
	hw->peer = C2C_PEER_GPU;
	for (g = 0; g < C2C_MAX_PEERS; g++)
		hw->peer_inst[g] = gpu[g];
	return 0;
}

static struct syspmu *c2c_create(struct device *dev, const struct c2c_hw *hw)
{
	struct c2c_pmu *c2c;
	struct syspmu *upmu;
	unsigned int p;

	c2c = devm_kzalloc(dev, sizeof(*c2c), GFP_KERNEL);
	if (!c2c)
		return ERR_PTR(-ENOMEM);
	c2c->hw = *hw;
	for (p = 0; p < C2C_MAX_PEERS; p++)
		if (hw->peer_inst[p])
			__set_bit(p, &c2c->peers);

	upmu = &c2c->upmu;
	upmu->dev = dev;
	upmu->ops = &c2c_ops;
	upmu->config_mask[0] = C2C_EVENT_MASK;
	if (hw->peer == C2C_PEER_GPU) {
		upmu->config_mask[1] = C2C_GPU_MASK;
		/* only a GPU's link has in_wr_req, a 32-bit counter */
		upmu->poll_ns = syspmu_poll_period(32, C2C_IN_WR_REQ_MAX_RATE);
	}
	upmu->num_counters = C2C_NR_SLOTS;
	upmu->width = 64;
	upmu->identifier = hw->hid;
	upmu->pmu.module = THIS_MODULE;
	upmu->pmu.attr_groups = c2c_attr_groups[hw->peer];

	c2c_writel(C2C_CTRL_DISABLE, hw->bcast + C2C_CTRL);

	return t410_lat_register(upmu, hw->socket, hw->iface->name);
}

#ifndef PMU_NO_MODULE_DRIVER
static int c2c_probe(struct platform_device *pdev)
{
	struct device *dev = &pdev->dev;
	struct c2c_hw hw = { };
	struct syspmu *upmu;
	int ret;

	hw.iface = device_get_match_data(dev);
	if (!hw.iface)
		return -ENODEV;
	ret = t410_lat_acpi_ids(dev, &hw.socket, &hw.hid);
	if (!ret)
		ret = c2c_decode_peers(dev, dev_fwnode(dev), &hw);
	if (!ret)
		ret = t410_lat_map_blocks(pdev, hw.inst, hw.iface->nr_inst,
					  &hw.bcast);
	if (ret)
		return ret;

	upmu = c2c_create(dev, &hw);
	if (IS_ERR(upmu))
		return PTR_ERR(upmu);
	platform_set_drvdata(pdev, upmu);
	return 0;
}

static const struct acpi_device_id c2c_acpi_match[] = {
	{ "NVDA2020", (kernel_ulong_t)&c2c_nvdlink },
	{ "NVDA2022", (kernel_ulong_t)&c2c_nvclink },
	{ "NVDA2023", (kernel_ulong_t)&c2c_nvlink },
	{ }
};
MODULE_DEVICE_TABLE(acpi, c2c_acpi_match);

static struct platform_driver c2c_driver = {
	.driver = {
		.name			= "nvidia-t410-c2c-pmu",
		.acpi_match_table	= c2c_acpi_match,
		.suppress_bind_attrs	= true,
	},
	.probe	= c2c_probe,
};
module_platform_driver(c2c_driver);

MODULE_DESCRIPTION("NVIDIA Tegra410 NVLink-C2C, NV-CLink and NV-DLink PMUs");
MODULE_LICENSE("GPL");
MODULE_IMPORT_NS(SYSPMU_NS);
#endif
