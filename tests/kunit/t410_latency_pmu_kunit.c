// SPDX-License-Identifier: GPL-2.0-only
/*
 * KUnit tests of the Tegra410 latency PMUs: the CMEM latency driver and
 * the C2C family driver (NVLink-C2C, NV-CLink, NV-DLink), against mocked
 * MMIO.  Both drivers' sources are compiled into this module with its
 * own register accessors (cmem_lat_readq() and the others) and without
 * their platform drivers; the loaded drivers are not used.  The register
 * blocks are plain memory, and the accessors play a small fake of the
 * hardware: writes to the broadcast block reach every instance, CMEM's
 * CTRL clear command zeroes an instance, a C2C instance restarts its
 * counters when enabled, and a C2C counter can carry from its low to its
 * high half between two reads.  The PMUs are created with the drivers'
 * create functions and registered with perf core; events are opened
 * through perf core.
 *
 * Offsets come from the hardware description (facts of the Tegra410
 * documentation), not from the drivers, so that the two check each other.
 */

#include "pmu_kunit_source.h"

#include <linux/types.h>

/* The fake hardware's accessors, defined below */
static u64 fake_cmem_read(const void __iomem *addr);
static void fake_cmem_write(u64 val, void __iomem *addr);
static u32 fake_c2c_readl(const void __iomem *addr);
static void fake_c2c_writel(u32 val, void __iomem *addr);

#define cmem_lat_readq(addr)		fake_cmem_read(addr)
#define cmem_lat_writeq(val, addr)	fake_cmem_write(val, addr)
#define c2c_readl(addr)			fake_c2c_readl(addr)
#define c2c_writel(val, addr)		fake_c2c_writel(val, addr)

#include "nvidia_t410_cmem_latency_pmu.c"
#include "nvidia_t410_c2c_pmu.c"

#include <kunit/test.h>
#include <linux/hrtimer.h>
#include <linux/io.h>
#include <linux/irqflags.h>
#include <linux/module.h>
#include <linux/perf_event.h>
#include <linux/platform_device.h>
#include <linux/property.h>
#include <linux/sched.h>
#include <linux/slab.h>
#include <linux/topology.h>

#include <linux/perf/pmu_compat.h>
#include <linux/perf/syspmu.h>

#include "syspmu_kunit_util.h"

#define BLOCK		0x1000

/* CMEM latency registers (all 64-bit) */
#define HW_CMEM_CG_CTRL		0x800
#define HW_CMEM_CTRL		0x808
#define HW_CMEM_STATUS		0x810
#define HW_CMEM_CYCLES		0x818
static const u32 cmem_req[] = { 0x820, 0x838, 0x850 };
static const u32 cmem_aor[] = { 0x830, 0x848, 0x860 };

/* C2C registers (32-bit; counters 64-bit as lo, hi) */
#define HW_C2C_CTRL		0x864
#define HW_C2C_IN_STATUS	0x868
#define HW_C2C_CYCLES		0x86c
#define HW_C2C_IN_RD_CUM	0x874
#define HW_C2C_IN_RD_REQ	0x87c
#define HW_C2C_IN_WR_REQ	0x88c
#define HW_C2C_OUT_STATUS	0x890
#define HW_C2C_OUT_RD_REQ	0x8a0
#define HW_C2C_FIRST_CNT	0x86c
#define HW_C2C_LAST_CNT		0x8b4

/* Event ids (documentation) */
#define EV_CMEM_CYCLES		0
#define EV_CMEM_RD_REQ		1
#define EV_CMEM_RD_CUM		2
#define EV_C2C_CYCLES		0
#define EV_C2C_IN_RD_CUM	1
#define EV_C2C_IN_RD_REQ	2
#define EV_C2C_IN_WR_REQ	4
#define EV_C2C_OUT_RD_REQ	6

/* The fake hardware behind the accessors */
struct fake_unit {
	u8		*mem;		/* instance blocks, then broadcast */
	unsigned int	nr_inst;
	unsigned int	direct_writes;	/* to an instance block */
	unsigned int	bcast_writes;
	unsigned int	reads;		/* every read, any block */
	const void	*carry_lo;	/* read of this low half carries */
	struct syspmu	*upmu;
	struct device	*dev;
};

/*
 * The unit of the running test: the accessors are reached from any
 * context (perf core's cross-CPU calls, the poll timer), not only the
 * test's task.
 */
static struct fake_unit *the_fake;

static struct fake_unit *fake_of(void)
{
	return the_fake;
}

static void forget_fake(void *unused)
{
	the_fake = NULL;
}

static u8 *block(struct fake_unit *f, unsigned int i)
{
	return f->mem + i * BLOCK;
}

/* Which block @addr is in, and its offset there */
static unsigned int where(struct fake_unit *f, const void __iomem *addr,
			  u32 *off)
{
	size_t pos = (const u8 __force *)addr - f->mem;

	*off = pos % BLOCK;
	return pos / BLOCK;
}

static u64 fake_cmem_read(const void __iomem *addr)
{
	struct fake_unit *f = fake_of();
	u32 off;

	f->reads++;
	/* the broadcast block is for writes */
	if (where(f, addr, &off) >= f->nr_inst)
		return 0;
	return *(const u64 __force *)addr;
}

static void cmem_inst_write(u8 *b, u32 off, u64 val)
{
	if (off == HW_CMEM_CTRL && val == 2) {
		memset(b + HW_CMEM_STATUS, 0, 0x868 - HW_CMEM_STATUS);
		val = 0;
	}
	*(u64 *)(b + off) = val;
}

/* A write reaches its instance, or from the broadcast block all of them */
static void fake_write(void __iomem *addr, u64 val,
		       void (*inst_write)(u8 *b, u32 off, u64 val))
{
	struct fake_unit *f = fake_of();
	unsigned int blk, i;
	u32 off;

	blk = where(f, addr, &off);
	if (blk < f->nr_inst) {
		f->direct_writes++;
		inst_write(block(f, blk), off, val);
		return;
	}
	f->bcast_writes++;
	for (i = 0; i < f->nr_inst; i++)
		inst_write(block(f, i), off, val);
}

static void fake_cmem_write(u64 val, void __iomem *addr)
{
	fake_write(addr, val, cmem_inst_write);
}

static u32 fake_c2c_readl(const void __iomem *addr)
{
	struct fake_unit *f = fake_of();
	u32 off, val;

	f->reads++;
	if (where(f, addr, &off) >= f->nr_inst)
		return 0;
	val = *(const u32 __force *)addr;
	if ((const void __force *)addr == f->carry_lo) {
		/* the counter moves on and carries before the next read */
		*(u64 *)(__force void *)addr += 0x100;
		f->carry_lo = NULL;
	}
	return val;
}

static void c2c_inst_write(u8 *b, u32 off, u64 val)
{
	u32 *reg = (u32 *)(b + off);

	if (off == HW_C2C_CTRL && !*reg && val)
		memset(b + HW_C2C_FIRST_CNT, 0, HW_C2C_LAST_CNT - HW_C2C_FIRST_CNT);
	*reg = val;
}

static void fake_c2c_writel(u32 val, void __iomem *addr)
{
	fake_write(addr, val, c2c_inst_write);
}

/* The hardware counts: only an enabled instance does */
static void cmem_count(struct kunit *test, unsigned int i, u32 reg, u64 n)
{
	u8 *b = block(fake_of(), i);

	KUNIT_ASSERT_EQ_MSG(test, *(u64 *)(b + HW_CMEM_CTRL), 1, "instance %u off", i);
	KUNIT_ASSERT_EQ(test, *(u64 *)(b + HW_CMEM_CG_CTRL), 1);
	*(u64 *)(b + reg) += n;
}

static void c2c_count(struct kunit *test, unsigned int i, u32 reg, u64 n)
{
	u8 *b = block(fake_of(), i);

	KUNIT_ASSERT_EQ_MSG(test, *(u32 *)(b + HW_C2C_CTRL), 1, "instance %u off", i);
	*(u64 *)(b + reg) += n;
}

/*
 * The board's own PMUs, unbound while the suite runs: a unit under test
 * takes the name of the socket of whichever CPU its test runs on.
 */
static struct device *borrowed[8];

static int t410_lat_suite_init(struct kunit_suite *suite)
{
	static const char *const drivers[] = {
		"nvidia-t410-cmem-latency-pmu", "nvidia-t410-c2c-pmu",
	};
	unsigned int d, n = 0;

	for (d = 0; d < ARRAY_SIZE(drivers); d++)
		n += syspmu_kunit_borrow(drivers[d], borrowed + n,
					 ARRAY_SIZE(borrowed) - n);
	return 0;
}

static void t410_lat_suite_exit(struct kunit_suite *suite)
{
	syspmu_kunit_give_back(borrowed, ARRAY_SIZE(borrowed));
}

static void unpin(void *unused)
{
	set_cpus_allowed_ptr(current, cpu_possible_mask);
}

/*
 * The test stays on the CPU where it creates the PMUs: their socket is
 * this CPU's node, so this CPU owns them and the tests' counts are read
 * where they are programmed.
 */
static void pin(struct kunit *test)
{
	const struct cpumask *here = cpumask_of(raw_smp_processor_id());

	if (current->nr_cpus_allowed == 1)
		return;
	KUNIT_ASSERT_EQ(test, 0, set_cpus_allowed_ptr(current, here));
	KUNIT_ASSERT_EQ(test, 0, pmu_kunit_add_action_or_reset(test, unpin, NULL));
}

static struct fake_unit *new_fake(struct kunit *test, unsigned int nr_inst)
{
	struct fake_unit *f = kunit_kzalloc(test, sizeof(*f), GFP_KERNEL);
	static unsigned int seq;
	char name[32];

	pin(test);
	KUNIT_ASSERT_NOT_NULL(test, f);
	f->mem = kunit_kzalloc(test, (nr_inst + 1) * BLOCK, GFP_KERNEL);
	KUNIT_ASSERT_NOT_NULL(test, f->mem);
	f->nr_inst = nr_inst;
	snprintf(name, sizeof(name), "t410_lat_kunit%u", seq++);
	f->dev = pmu_kunit_device_register(test, name);
	KUNIT_ASSERT_FALSE(test, IS_ERR(f->dev));
	the_fake = f;
	KUNIT_ASSERT_EQ(test, 0, pmu_kunit_add_action_or_reset(test, forget_fake, NULL));
	return f;
}

static struct fake_unit *make_cmem(struct kunit *test)
{
	struct fake_unit *f = new_fake(test, CMEM_LAT_NR_INST);
	struct cmem_lat_hw hw = {
		.socket	= numa_node_id(),
		.hid	= "NVDA2021",
	};
	unsigned int i;

	for (i = 0; i < CMEM_LAT_NR_INST; i++)
		hw.inst[i] = (void __force __iomem *)block(f, i);
	hw.bcast = (void __force __iomem *)block(f, CMEM_LAT_NR_INST);
	f->upmu = cmem_lat_create(f->dev, &hw);
	KUNIT_ASSERT_FALSE_MSG(test, IS_ERR(f->upmu), "create: %ld",
			       PTR_ERR(f->upmu));
	return f;
}

/* A C2C-family unit with firmware properties @props (NULL: none) */
static struct fake_unit *try_make_c2c(struct kunit *test,
				      const struct c2c_iface *iface,
				      const struct property_entry *props,
				      int *err)
{
	struct fake_unit *f = new_fake(test, iface->nr_inst);
	struct c2c_hw hw = {
		.iface	= iface,
		.socket	= numa_node_id(),
		.hid	= "NVDA2023",
	};
	unsigned int i;

	if (props)
		KUNIT_ASSERT_EQ(test, 0,
				device_create_managed_software_node(f->dev, props,
								    NULL));
	*err = c2c_decode_peers(f->dev, dev_fwnode(f->dev), &hw);
	if (*err)
		return f;
	for (i = 0; i < iface->nr_inst; i++)
		hw.inst[i] = (void __force __iomem *)block(f, i);
	hw.bcast = (void __force __iomem *)block(f, iface->nr_inst);
	f->upmu = c2c_create(f->dev, &hw);
	KUNIT_ASSERT_FALSE_MSG(test, IS_ERR(f->upmu), "create: %ld",
			       PTR_ERR(f->upmu));
	return f;
}

static struct fake_unit *make_c2c(struct kunit *test,
				  const struct c2c_iface *iface,
				  const struct property_entry *props)
{
	int err;
	struct fake_unit *f = try_make_c2c(test, iface, props, &err);

	KUNIT_ASSERT_EQ(test, err, 0);
	return f;
}

/* Unregister the unit's PMU now, so that its name can be used again */
static void drop(struct kunit *test, struct fake_unit *f)
{
	pmu_kunit_device_unregister(test, f->dev);
}

static const struct property_entry two_gpus[] = {
	PROPERTY_ENTRY_U32("gpu0_en_mask", 0x0003),
	PROPERTY_ENTRY_U32("gpu1_en_mask", 0x0030),
	{ }
};

static const struct property_entry gpu1_only[] = {
	PROPERTY_ENTRY_U32("gpu0_en_mask", 0),
	PROPERTY_ENTRY_U32("gpu1_en_mask", 0x0300),
	{ }
};

static const struct property_entry other_soc[] = {
	PROPERTY_ENTRY_U32("cpu_en_mask", 0x0fff),
	{ }
};

static struct perf_event *open_ev(struct kunit *test, struct fake_unit *f,
				  u64 config, u64 config1)
{
	struct perf_event *event;

	KUNIT_ASSERT_EQ(test, 0, syspmu_kunit_try_open(test, f->upmu, config,
						       config1, 0, 0, &event));
	return event;
}

static int open_err(struct kunit *test, struct fake_unit *f, u64 config,
		    u64 config1)
{
	return syspmu_kunit_try_open(test, f->upmu, config, config1, 0, 0,
				     NULL);
}

static u64 count_of(struct perf_event *event)
{
	u64 enabled, running;

	return perf_event_read_value(event, &enabled, &running);
}

static void expect_file(struct kunit *test, struct fake_unit *f,
			const char *file, const char *want)
{
	char buf[64];

	KUNIT_ASSERT_GT_MSG(test, syspmu_kunit_read_file(f->upmu, file, buf,
							 sizeof(buf)), 0,
			    "%s", file);
	KUNIT_EXPECT_STREQ_MSG(test, buf, want, "%s", file);
}

static void expect_no_file(struct kunit *test, struct fake_unit *f,
			   const char *file)
{
	char buf[8];

	KUNIT_EXPECT_EQ_MSG(test, syspmu_kunit_read_file(f->upmu, file, buf,
							 sizeof(buf)),
			    -ENOENT, "%s", file);
}

/* CMEM latency */

static void cmem_sysfs(struct kunit *test)
{
	struct fake_unit *f = make_cmem(test);

	expect_file(test, f, "events/cycles", "event=0x0\n");
	expect_file(test, f, "events/rd_req", "event=0x1\n");
	expect_file(test, f, "events/rd_cum_outs", "event=0x2\n");
	expect_file(test, f, "format/event", "config:0-1\n");
	expect_file(test, f, "identifier", "NVDA2021\n");
	KUNIT_EXPECT_EQ(test, f->upmu->cpu, raw_smp_processor_id());
}

/* rd_req and rd_cum_outs add up 14 instances x 3 memory controllers */
static void cmem_sums_every_instance_and_mc(struct kunit *test)
{
	struct fake_unit *f = make_cmem(test);
	struct perf_event *req = open_ev(test, f, EV_CMEM_RD_REQ, 0);
	struct perf_event *aor = open_ev(test, f, EV_CMEM_RD_CUM, 0);
	u64 want_req = 0, want_aor = 0;
	unsigned int i, mc;

	for (i = 0; i < CMEM_LAT_NR_INST; i++)
		for (mc = 0; mc < 3; mc++) {
			cmem_count(test, i, cmem_req[mc], i * 10 + mc + 1);
			cmem_count(test, i, cmem_aor[mc], (i * 10 + mc + 1) * 300);
			want_req += i * 10 + mc + 1;
			want_aor += (i * 10 + mc + 1) * 300;
		}
	KUNIT_EXPECT_EQ(test, count_of(req), want_req);
	KUNIT_EXPECT_EQ(test, count_of(aor), want_aor);
}

/* cycles is one clock: instance 0's, not a sum */
static void cmem_cycles_from_instance_0(struct kunit *test)
{
	struct fake_unit *f = make_cmem(test);
	struct perf_event *cyc = open_ev(test, f, EV_CMEM_CYCLES, 0);
	unsigned int i;

	for (i = 0; i < CMEM_LAT_NR_INST; i++)
		cmem_count(test, i, HW_CMEM_CYCLES, 5000 + i);
	KUNIT_EXPECT_EQ(test, count_of(cyc), 5000);
}

/* Control only through the broadcast block; clock gated when idle */
static void cmem_control_through_broadcast(struct kunit *test)
{
	struct fake_unit *f = make_cmem(test);
	struct perf_event *ev;

	KUNIT_EXPECT_EQ(test, *(u64 *)(block(f, 3) + HW_CMEM_CG_CTRL), 0);
	ev = open_ev(test, f, EV_CMEM_RD_REQ, 0);
	KUNIT_EXPECT_EQ(test, *(u64 *)(block(f, 13) + HW_CMEM_CTRL), 1);
	KUNIT_EXPECT_EQ(test, *(u64 *)(block(f, 13) + HW_CMEM_CG_CTRL), 1);
	perf_event_disable(ev);
	KUNIT_EXPECT_EQ(test, *(u64 *)(block(f, 0) + HW_CMEM_CTRL), 0);
	KUNIT_EXPECT_EQ(test, *(u64 *)(block(f, 0) + HW_CMEM_CG_CTRL), 0);
	KUNIT_EXPECT_GT(test, f->bcast_writes, 0);
	KUNIT_EXPECT_EQ(test, f->direct_writes, 0);
}

/*
 * Each disable clears the counters after the events took their counts:
 * a second event joining (perf core disables and enables the PMU around
 * it) makes neither lose nor double anything.
 */
static void cmem_enable_disable_no_loss(struct kunit *test)
{
	struct fake_unit *f = make_cmem(test);
	struct perf_event *a, *b;

	a = open_ev(test, f, EV_CMEM_RD_REQ, 0);
	cmem_count(test, 2, cmem_req[1], 100);
	b = open_ev(test, f, EV_CMEM_RD_REQ, 0);
	KUNIT_EXPECT_EQ(test, *(u64 *)(block(f, 2) + cmem_req[1]), 0);
	cmem_count(test, 5, cmem_req[0], 50);
	KUNIT_EXPECT_EQ(test, count_of(a), 150);
	KUNIT_EXPECT_EQ(test, count_of(b), 50);
	perf_event_disable(a);
	cmem_count(test, 5, cmem_req[2], 7);
	KUNIT_EXPECT_EQ(test, count_of(a), 150);
	KUNIT_EXPECT_EQ(test, count_of(b), 57);
}

static void cmem_bad_input(struct kunit *test)
{
	struct fake_unit *f = make_cmem(test);

	KUNIT_EXPECT_EQ(test, open_err(test, f, 3, 0), -EINVAL);
	KUNIT_EXPECT_EQ(test, open_err(test, f, 4, 0), -EINVAL);
	KUNIT_EXPECT_EQ(test, open_err(test, f, EV_CMEM_RD_REQ, 1), -EINVAL);
	KUNIT_EXPECT_EQ(test, syspmu_kunit_try_open(test, f->upmu,
						    EV_CMEM_RD_REQ, 0, 0,
						    1000, NULL),
			-EOPNOTSUPP);
}

/*
 * STATUS overflow bits are reported (a warning in the log) and change no
 * count; the clear on disable clears them with the counters
 */
static void cmem_overflow_status(struct kunit *test)
{
	struct fake_unit *f = make_cmem(test);
	struct perf_event *req = open_ev(test, f, EV_CMEM_RD_REQ, 0);
	u8 *b = block(f, 4);

	cmem_count(test, 4, cmem_req[0], 20);
	*(u64 *)(b + HW_CMEM_STATUS) = BIT(3);
	KUNIT_EXPECT_EQ(test, count_of(req), 20);
	cmem_count(test, 4, cmem_req[0], 2);
	KUNIT_EXPECT_EQ(test, count_of(req), 22);
	perf_event_disable(req);
	KUNIT_EXPECT_EQ(test, *(u64 *)(b + HW_CMEM_STATUS), 0);
	KUNIT_EXPECT_EQ(test, count_of(req), 22);
}

/* C2C family */

static void c2c_peers_from_properties(struct kunit *test)
{
	static const struct property_entry none[] = {
		PROPERTY_ENTRY_U32("gpu0_en_mask", 0),
		{ }
	};
	static const struct property_entry past_end[] = {
		PROPERTY_ENTRY_U32("cpu_en_mask", 0x1000),
		{ }
	};
	struct c2c_hw hw = { .iface = &c2c_nvlink };
	struct device *dev;
	int err;

	dev = pmu_kunit_device_register(test, "t410_lat_peers");
	KUNIT_ASSERT_FALSE(test, IS_ERR(dev));
	KUNIT_ASSERT_EQ(test, 0, device_create_managed_software_node(dev, two_gpus, NULL));
	KUNIT_ASSERT_EQ(test, 0, c2c_decode_peers(dev, dev_fwnode(dev), &hw));
	KUNIT_EXPECT_EQ(test, hw.peer, C2C_PEER_GPU);
	KUNIT_EXPECT_EQ(test, hw.peer_inst[0], 0x3);
	KUNIT_EXPECT_EQ(test, hw.peer_inst[1], 0x30);

	/* GPU 1 alone stays GPU 1: bit 1 of gpu_mask */
	dev = pmu_kunit_device_register(test, "t410_lat_gpu1");
	KUNIT_ASSERT_FALSE(test, IS_ERR(dev));
	KUNIT_ASSERT_EQ(test, 0, device_create_managed_software_node(dev, gpu1_only, NULL));
	KUNIT_ASSERT_EQ(test, 0, c2c_decode_peers(dev, dev_fwnode(dev), &hw));
	KUNIT_EXPECT_EQ(test, hw.peer, C2C_PEER_GPU);
	KUNIT_EXPECT_EQ(test, hw.peer_inst[0], 0);
	KUNIT_EXPECT_EQ(test, hw.peer_inst[1], 0x300);

	drop(test, try_make_c2c(test, &c2c_nvclink, other_soc, &err));
	KUNIT_EXPECT_EQ(test, err, 0);

	try_make_c2c(test, &c2c_nvlink, none, &err);
	KUNIT_EXPECT_EQ(test, err, -EINVAL);
	try_make_c2c(test, &c2c_nvlink, NULL, &err);
	KUNIT_EXPECT_EQ(test, err, -EINVAL);
	/* NV-CLink has 12 instances */
	try_make_c2c(test, &c2c_nvclink, past_end, &err);
	KUNIT_EXPECT_EQ(test, err, -EINVAL);
	/* NV-DLink: CXL memory on all 16, whatever firmware says */
	hw.iface = &c2c_nvdlink;
	KUNIT_ASSERT_EQ(test, 0, c2c_decode_peers(dev, NULL, &hw));
	KUNIT_EXPECT_EQ(test, hw.peer, C2C_PEER_CXLMEM);
	KUNIT_EXPECT_EQ(test, hw.peer_inst[0], 0xffff);
}

/* Events and format per peer: writes and gpu_mask only with GPUs */
static void c2c_sysfs_per_peer(struct kunit *test)
{
	struct fake_unit *f;

	f = make_c2c(test, &c2c_nvlink, two_gpus);
	expect_file(test, f, "peer", "nr_gpu=2\n");
	expect_file(test, f, "events/out_wr_req", "event=0x8\n");
	expect_file(test, f, "events/in_rd_cum_outs", "event=0x1\n");
	expect_file(test, f, "format/event", "config:0-3\n");
	expect_file(test, f, "format/gpu_mask", "config1:0-1\n");
	expect_file(test, f, "identifier", "NVDA2023\n");
	drop(test, f);

	f = make_c2c(test, &c2c_nvlink, gpu1_only);
	expect_file(test, f, "peer", "nr_gpu=1\n");
	drop(test, f);

	f = make_c2c(test, &c2c_nvclink, other_soc);
	expect_file(test, f, "peer", "nr_cpu=1\n");
	expect_file(test, f, "events/out_rd_req", "event=0x6\n");
	expect_no_file(test, f, "events/in_wr_req");
	expect_no_file(test, f, "events/out_wr_cum_outs");
	expect_no_file(test, f, "format/gpu_mask");

	f = make_c2c(test, &c2c_nvdlink, NULL);
	expect_file(test, f, "peer", "nr_cxlmem=1\n");
	expect_file(test, f, "events/in_rd_req", "event=0x2\n");
	expect_no_file(test, f, "events/out_rd_req");
}

/* Sums over the instances of the GPUs gpu_mask selects */
static void c2c_sum_per_gpu_mask(struct kunit *test)
{
	struct fake_unit *f = make_c2c(test, &c2c_nvlink, two_gpus);
	struct perf_event *all = open_ev(test, f, EV_C2C_IN_RD_REQ, 0);
	struct perf_event *g0 = open_ev(test, f, EV_C2C_IN_RD_REQ, 1);
	struct perf_event *g1 = open_ev(test, f, EV_C2C_IN_RD_REQ, 2);
	struct perf_event *both = open_ev(test, f, EV_C2C_IN_RD_REQ, 3);
	struct perf_event *out = open_ev(test, f, EV_C2C_OUT_RD_REQ, 0);

	c2c_count(test, 0, HW_C2C_IN_RD_REQ, 1);
	c2c_count(test, 1, HW_C2C_IN_RD_REQ, 2);
	c2c_count(test, 4, HW_C2C_IN_RD_REQ, 40);
	c2c_count(test, 5, HW_C2C_IN_RD_REQ, 50);
	/* instance 7 is wired to no GPU */
	c2c_count(test, 7, HW_C2C_IN_RD_REQ, 700);
	c2c_count(test, 5, HW_C2C_OUT_RD_REQ, 9);
	KUNIT_EXPECT_EQ(test, count_of(all), 93);
	KUNIT_EXPECT_EQ(test, count_of(g0), 3);
	KUNIT_EXPECT_EQ(test, count_of(g1), 90);
	KUNIT_EXPECT_EQ(test, count_of(both), 93);
	KUNIT_EXPECT_EQ(test, count_of(out), 9);
}

/* Only GPU 1 there: it is still bit 1, and bit 0 is refused */
static void c2c_gpu1_alone(struct kunit *test)
{
	struct fake_unit *f = make_c2c(test, &c2c_nvlink, gpu1_only);
	struct perf_event *all = open_ev(test, f, EV_C2C_IN_RD_REQ, 0);
	struct perf_event *g1 = open_ev(test, f, EV_C2C_IN_RD_REQ, 2);

	KUNIT_EXPECT_EQ(test, open_err(test, f, EV_C2C_IN_RD_REQ, 1), -EINVAL);
	KUNIT_EXPECT_EQ(test, open_err(test, f, EV_C2C_IN_RD_REQ, 3), -EINVAL);
	c2c_count(test, 0, HW_C2C_IN_RD_REQ, 1000);
	c2c_count(test, 8, HW_C2C_IN_RD_REQ, 8);
	c2c_count(test, 9, HW_C2C_IN_RD_REQ, 9);
	KUNIT_EXPECT_EQ(test, count_of(all), 17);
	KUNIT_EXPECT_EQ(test, count_of(g1), 17);
}

/* cycles: one instance's clock, not a sum */
static void c2c_cycles_one_instance(struct kunit *test)
{
	struct fake_unit *f = make_c2c(test, &c2c_nvclink, other_soc);
	struct perf_event *cyc = open_ev(test, f, EV_C2C_CYCLES, 0);
	unsigned int i;

	for (i = 0; i < 12; i++)
		c2c_count(test, i, HW_C2C_CYCLES, 777);
	KUNIT_EXPECT_EQ(test, count_of(cyc), 777);
}

/* The low half carries into the high half between the two reads */
static void c2c_hi_lo_hi_torn_read(struct kunit *test)
{
	struct fake_unit *f = make_c2c(test, &c2c_nvdlink, NULL);
	struct perf_event *ev = open_ev(test, f, EV_C2C_IN_RD_CUM, 0);
	u8 *b = block(f, 6);

	c2c_count(test, 6, HW_C2C_IN_RD_CUM, 0xffffff80);
	f->carry_lo = b + HW_C2C_IN_RD_CUM;
	/* read 0, then 0xffffff80 and hi 1: torn, so read again */
	KUNIT_EXPECT_EQ(test, count_of(ev), 0xffffff80ULL + 0x100);
	KUNIT_EXPECT_NULL(test, f->carry_lo);
	c2c_count(test, 6, HW_C2C_IN_RD_CUM, 1);
	KUNIT_EXPECT_EQ(test, count_of(ev), 0xffffff80ULL + 0x101);
}

/* Enabling restarts the counters: a second event costs nothing */
static void c2c_enable_disable_no_loss(struct kunit *test)
{
	struct fake_unit *f = make_c2c(test, &c2c_nvlink, two_gpus);
	struct perf_event *a, *b;

	a = open_ev(test, f, EV_C2C_IN_WR_REQ, 0);
	KUNIT_EXPECT_EQ(test, *(u32 *)(block(f, 13) + HW_C2C_CTRL), 1);
	c2c_count(test, 1, HW_C2C_IN_WR_REQ, 100);
	b = open_ev(test, f, EV_C2C_IN_WR_REQ, 0);
	KUNIT_EXPECT_EQ(test, *(u64 *)(block(f, 1) + HW_C2C_IN_WR_REQ), 0);
	c2c_count(test, 4, HW_C2C_IN_WR_REQ, 50);
	KUNIT_EXPECT_EQ(test, count_of(a), 150);
	KUNIT_EXPECT_EQ(test, count_of(b), 50);
	KUNIT_EXPECT_EQ(test, f->direct_writes, 0);
}

/*
 * in_wr_req past several 2^32, read often enough (the poll timer's job)
 * to see every wrap, under either reading of the published map: a 32-bit
 * counter with OUT_STATUS at 0x890 (its wraps flag IN_STATUS bit 4), or a
 * 64-bit counter whose high half is at 0x890.
 */
static void c2c_in_wr_req_wraps(struct kunit *test)
{
	const bool wide = *(const bool *)test->param_value;
	struct fake_unit *f = make_c2c(test, &c2c_nvlink, two_gpus);
	struct perf_event *ev = open_ev(test, f, EV_C2C_IN_WR_REQ, 0);
	u8 *b = block(f, 4);
	u64 want = 0, step = 3000000000ULL;
	int i;

	for (i = 0; i < 5; i++) {
		if (wide) {
			c2c_count(test, 4, HW_C2C_IN_WR_REQ, step);
		} else {
			u32 *lo = (u32 *)(b + HW_C2C_IN_WR_REQ);

			if (*lo + step > U32_MAX)
				*(u32 *)(b + HW_C2C_IN_STATUS) |= BIT(4);
			*lo += step;
			*(u32 *)(b + HW_C2C_OUT_STATUS) = 0;
		}
		want += step;
		KUNIT_EXPECT_EQ_MSG(test, count_of(ev), want, "after %d steps",
				    i + 1);
	}
	/* three wraps and more */
	KUNIT_EXPECT_GT(test, want, 3ULL << 32);
	/*
	 * Polled at half the time IN_WR_REQ takes to wrap at the link's
	 * 2 GHz: 2^32 / 2e9 / 2 s, 2^30 ns
	 */
	KUNIT_EXPECT_EQ(test, f->upmu->poll_ns, 1ULL << 30);
}

static const bool in_wr_readings[] = { false, true };

static void in_wr_reading_desc(const bool *wide, char *desc)
{
	strscpy(desc, *wide ? "64-bit, high half at 0x890" :
			      "32-bit, OUT_STATUS at 0x890",
		KUNIT_PARAM_DESC_SIZE);
}

KUNIT_ARRAY_PARAM(in_wr_reading, in_wr_readings, in_wr_reading_desc);

static void c2c_bad_input(struct kunit *test)
{
	struct fake_unit *f;

	f = make_c2c(test, &c2c_nvlink, two_gpus);
	KUNIT_EXPECT_EQ(test, open_err(test, f, 9, 0), -EINVAL);
	KUNIT_EXPECT_EQ(test, open_err(test, f, 15, 0), -EINVAL);
	KUNIT_EXPECT_EQ(test, open_err(test, f, 0x10, 0), -EINVAL);
	KUNIT_EXPECT_EQ(test, open_err(test, f, EV_C2C_IN_RD_REQ, 4), -EINVAL);
	drop(test, f);

	f = make_c2c(test, &c2c_nvlink, other_soc);
	KUNIT_EXPECT_EQ(test, open_err(test, f, EV_C2C_IN_WR_REQ, 0), -EOPNOTSUPP);
	KUNIT_EXPECT_EQ(test, open_err(test, f, 8, 0), -EOPNOTSUPP);
	/* no gpu_mask without GPUs */
	KUNIT_EXPECT_EQ(test, open_err(test, f, EV_C2C_IN_RD_REQ, 1), -EINVAL);

	f = make_c2c(test, &c2c_nvdlink, NULL);
	KUNIT_EXPECT_EQ(test, open_err(test, f, EV_C2C_OUT_RD_REQ, 0), -EOPNOTSUPP);
	KUNIT_EXPECT_EQ(test, open_err(test, f, EV_C2C_IN_RD_REQ, 0), 0);
}

/*
 * One register pass per update: perf core's pmu_disable and the poll
 * timer read each register the scheduled events need once, however many
 * events share it, with interrupts off.  The counts stay exact.
 */

static const unsigned int nr_events_param[] = { 1, 8, 32 };

static void nr_events_desc(const unsigned int *n, char *desc)
{
	snprintf(desc, KUNIT_PARAM_DESC_SIZE, "%u events", *n);
}

KUNIT_ARRAY_PARAM(nr_events, nr_events_param, nr_events_desc);

/* Reads of one pmu_disable, as perf core makes it; the PMU enabled again */
static unsigned int pmu_disable_reads(struct fake_unit *f)
{
	struct pmu *pmu = &f->upmu->pmu;
	unsigned long flags;
	unsigned int n;

	local_irq_save(flags);
	f->reads = 0;
	pmu->pmu_disable(pmu);
	n = f->reads;
	pmu->pmu_enable(pmu);
	local_irq_restore(flags);
	return n;
}

/* Reads of one run of the poll timer's callback, in its hard IRQ context */
static unsigned int poll_reads(struct fake_unit *f)
{
	struct hrtimer *timer = &f->upmu->poll_timer;
	unsigned long flags;
	unsigned int n;

	local_irq_save(flags);
	f->reads = 0;
	ACCESS_PRIVATE(timer, function)(timer);
	n = f->reads;
	local_irq_restore(flags);
	return n;
}

/* CMEM: event k is rd_req, rd_cum_outs or cycles, by k % 3 */
static const u64 cmem_mix[] = { EV_CMEM_RD_REQ, EV_CMEM_RD_CUM, EV_CMEM_CYCLES };

/* 14 STATUS, then 3 MCs' counters per summed event, and one clock */
static unsigned int cmem_one_pass(unsigned int n)
{
	unsigned int sums = min(n, 2U), clock = n > 2;

	return 14 + sums * 14 * 3 + clock;
}

static void cmem_traffic(struct kunit *test)
{
	unsigned int i, mc;

	for (i = 0; i < CMEM_LAT_NR_INST; i++) {
		for (mc = 0; mc < 3; mc++) {
			cmem_count(test, i, cmem_req[mc], 1);
			cmem_count(test, i, cmem_aor[mc], 10);
		}
		cmem_count(test, i, HW_CMEM_CYCLES, 100);
	}
}

static void cmem_expect_counts(struct kunit *test, struct perf_event **ev,
			       unsigned int n, u64 times)
{
	static const u64 per_round[] = {
		[EV_CMEM_RD_REQ] = 42, [EV_CMEM_RD_CUM] = 420, [EV_CMEM_CYCLES] = 100,
	};
	unsigned int k;

	for (k = 0; k < n; k++)
		KUNIT_EXPECT_EQ_MSG(test, count_of(ev[k]),
				    per_round[cmem_mix[k % 3]] * times,
				    "event %u", k);
}

static void cmem_one_pass_per_disable(struct kunit *test)
{
	const unsigned int n = *(const unsigned int *)test->param_value;
	struct fake_unit *f = make_cmem(test);
	struct perf_event *ev[32];
	unsigned int k;

	for (k = 0; k < n; k++)
		ev[k] = open_ev(test, f, cmem_mix[k % 3], 0);
	cmem_traffic(test);
	KUNIT_EXPECT_EQ(test, pmu_disable_reads(f), cmem_one_pass(n));
	cmem_expect_counts(test, ev, n, 1);
	cmem_traffic(test);
	cmem_expect_counts(test, ev, n, 2);

	/* read(2) of one event reads its own registers, not the others' */
	f->reads = 0;
	count_of(ev[0]);
	KUNIT_EXPECT_EQ(test, f->reads, cmem_one_pass(1));
}

/*
 * C2C, two GPUs (instances 0-1 and 4-5): event k is the k % 6th of these,
 * in_wr_req the 32-bit counter read alone, the others as hi, lo, hi
 */
static const struct { u64 config, gpu_mask; } c2c_mix[] = {
	{ EV_C2C_IN_RD_REQ, 0 },
	{ EV_C2C_IN_WR_REQ, 1 },
	{ EV_C2C_CYCLES, 0 },
	{ EV_C2C_OUT_RD_REQ, 2 },
	{ EV_C2C_IN_RD_CUM, 3 },
	{ EV_C2C_IN_WR_REQ, 2 },
};

/* Each wired instance's IN_STATUS, then each counter some event sums */
static unsigned int c2c_one_pass(unsigned int n)
{
	static const unsigned int reads[] = {
		/* instances 0, 1, 4, 5: IN_STATUS and in_rd_req */
		[1] = 4 * (1 + 3),
		/*
		 * 8 events and more, all six above: IN_STATUS of 4, in_rd_req
		 * and in_rd_cum_outs of 4, in_wr_req of 4, out_rd_req of 2,
		 * cycles of 1
		 */
		[2] = 4 + 4 * 3 + 4 * 3 + 4 * 1 + 2 * 3 + 1 * 3,
	};

	return reads[n == 1 ? 1 : 2];
}

static void c2c_traffic(struct kunit *test)
{
	static const unsigned int wired[] = { 0, 1, 4, 5 };
	unsigned int i;

	for (i = 0; i < ARRAY_SIZE(wired); i++) {
		c2c_count(test, wired[i], HW_C2C_IN_RD_REQ, 1);
		c2c_count(test, wired[i], HW_C2C_IN_WR_REQ, 10);
		c2c_count(test, wired[i], HW_C2C_OUT_RD_REQ, 100);
		c2c_count(test, wired[i], HW_C2C_IN_RD_CUM, 1000);
		c2c_count(test, wired[i], HW_C2C_CYCLES, 7);
	}
}

static void c2c_expect_counts(struct kunit *test, struct perf_event **ev,
			      unsigned int n, u64 times)
{
	/* per round: all four instances, or the two of the GPU selected */
	static const u64 per_round[] = { 4, 20, 7, 200, 4000, 20 };
	unsigned int k;

	for (k = 0; k < n; k++)
		KUNIT_EXPECT_EQ_MSG(test, count_of(ev[k]),
				    per_round[k % 6] * times, "event %u", k);
}

static void c2c_open_mix(struct kunit *test, struct fake_unit *f,
			 struct perf_event **ev, unsigned int n)
{
	unsigned int k;

	for (k = 0; k < n; k++)
		ev[k] = open_ev(test, f, c2c_mix[k % 6].config,
				c2c_mix[k % 6].gpu_mask);
}

static void c2c_one_pass_per_disable(struct kunit *test)
{
	const unsigned int n = *(const unsigned int *)test->param_value;
	struct fake_unit *f = make_c2c(test, &c2c_nvlink, two_gpus);
	struct perf_event *ev[32];

	c2c_open_mix(test, f, ev, n);
	c2c_traffic(test);
	KUNIT_EXPECT_EQ(test, pmu_disable_reads(f), c2c_one_pass(n));
	c2c_expect_counts(test, ev, n, 1);
	c2c_traffic(test);
	c2c_expect_counts(test, ev, n, 2);

	f->reads = 0;
	count_of(ev[0]);
	KUNIT_EXPECT_EQ(test, f->reads, c2c_one_pass(1));
}

static void c2c_one_pass_per_poll(struct kunit *test)
{
	const unsigned int n = *(const unsigned int *)test->param_value;
	struct fake_unit *f = make_c2c(test, &c2c_nvlink, two_gpus);
	struct perf_event *ev[32];

	c2c_open_mix(test, f, ev, n);
	KUNIT_ASSERT_TRUE(test, hrtimer_is_queued(&f->upmu->poll_timer));
	c2c_traffic(test);
	KUNIT_EXPECT_EQ(test, poll_reads(f), c2c_one_pass(n));
	c2c_traffic(test);
	KUNIT_EXPECT_EQ(test, poll_reads(f), c2c_one_pass(n));
	c2c_expect_counts(test, ev, n, 2);
}

static struct kunit_case t410_lat_test_cases[] = {
	KUNIT_CASE(cmem_sysfs),
	KUNIT_CASE(cmem_sums_every_instance_and_mc),
	KUNIT_CASE(cmem_cycles_from_instance_0),
	KUNIT_CASE(cmem_control_through_broadcast),
	KUNIT_CASE(cmem_enable_disable_no_loss),
	KUNIT_CASE(cmem_bad_input),
	KUNIT_CASE(cmem_overflow_status),
	KUNIT_CASE(c2c_peers_from_properties),
	KUNIT_CASE(c2c_sysfs_per_peer),
	KUNIT_CASE(c2c_sum_per_gpu_mask),
	KUNIT_CASE(c2c_gpu1_alone),
	KUNIT_CASE(c2c_cycles_one_instance),
	KUNIT_CASE(c2c_hi_lo_hi_torn_read),
	KUNIT_CASE(c2c_enable_disable_no_loss),
	KUNIT_CASE_PARAM(c2c_in_wr_req_wraps, in_wr_reading_gen_params),
	KUNIT_CASE(c2c_bad_input),
	KUNIT_CASE_PARAM(cmem_one_pass_per_disable, nr_events_gen_params),
	KUNIT_CASE_PARAM(c2c_one_pass_per_disable, nr_events_gen_params),
	KUNIT_CASE_PARAM(c2c_one_pass_per_poll, nr_events_gen_params),
	{}
};

static struct kunit_suite t410_lat_test_suite = {
	.name		= "nvidia_t410_latency_pmu",
	.suite_init	= t410_lat_suite_init,
	.suite_exit	= t410_lat_suite_exit,
	.test_cases	= t410_lat_test_cases,
};

kunit_test_suite(t410_lat_test_suite);

MODULE_DESCRIPTION("KUnit tests for the Tegra410 CMEM latency and C2C PMUs");
MODULE_LICENSE("GPL");
MODULE_IMPORT_NS(SYSPMU_NS);
