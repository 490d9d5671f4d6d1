// SPDX-License-Identifier: GPL-2.0-only
/*
 * KUnit tests of the Arm CoreSight PMU core (coresight_pmu) and its NVIDIA
 * and Ampere backends (nvidia_coresight_pmu, ampere_coresight_pmu) against
 * mocked MMIO.  The three sources are compiled into this module, without
 * their platform driver, module init or exports: the loaded modules are
 * not used, and the suite registers the backends with its own core.
 * Page 0, page 1 and the PCIE-TGT address-filter block are plain memory,
 * the PMU is created with cspmu_create() over them and registered with
 * perf core, events are created with perf_event_create_kernel_counter(),
 * and the tests check what the driver wrote and what perf reads back.
 *
 * Register offsets and bit positions below are taken from the hardware
 * description (Arm IHI 0091 and the Tegra410 PMU documentation), not from
 * the driver's header, so that the two check each other.
 *
 * Memory has no set/clear semantics: PMCNTENSET and its siblings hold the
 * last value written.  Perf core rotates events that cannot count
 * together every few milliseconds, so for those only what holds whatever
 * the rotation did is asserted.
 */

#include "pmu_kunit_source.h"

/* What the core does once a backend registers, defined below */
static int cspmu_attach_waiting(void);

#include "coresight_pmu.c"
#include "nvidia_coresight_pmu.c"
#include "ampere_coresight_pmu.c"

#include <kunit/test.h>
#include <linux/bitfield.h>
#include <linux/delay.h>
#include <linux/err.h>
#include <linux/fs.h>
#include <linux/module.h>
#include <linux/perf_event.h>
#include <linux/platform_device.h>
#include <linux/property.h>
#include <linux/slab.h>
#include <linux/topology.h>

#include <linux/perf/pmu_compat.h>
#include <linux/perf/coresight_pmu.h>
#include <linux/perf/syspmu.h>

#include "syspmu_kunit_util.h"

#define REG_PAGE	4096

/* Page 0 */
#define PMEVTYPER(n)	(0x400 + 4 * (n))
#define PMCCFILTR	0x47c
#define PMEVFILT2R(n)	(0x800 + 4 * (n))
#define PMEVFILTR(n)	(0xa00 + 4 * (n))
#define PMCNTENSET(n)	(0xc00 + 4 * ((n) / 32))
#define PMCNTENCLR(n)	(0xc20 + 4 * ((n) / 32))
#define PMINTENSET(n)	(0xc40 + 4 * ((n) / 32))
#define PMINTENCLR(n)	(0xc60 + 4 * ((n) / 32))
#define PMCFGR		0xe00
#define PMCR		0xe04
#define PMIIDR		0xe08
#define PMPIDR4		0xfd0
#define PMPIDR(n)	(0xfe0 + 4 * (n))

/* Page 1: counters 4 bytes apart up to 32 bits wide, else 8 */
#define PMEVCNTR(n, stride)	((n) * (stride))
#define PMOVSCLR(n)	(0xc80 + 4 * ((n) / 32))

#define PMCFGR_N	GENMASK(7, 0)
#define PMCFGR_SIZE	GENMASK(13, 8)
#define PMCFGR_CC	BIT(14)

#define PMCR_E		BIT(0)
#define PMCR_P		BIT(1)
#define PMCR_C		BIT(2)

/* The dedicated cycle counter is physical counter 31 */
#define CYCLE_PHYS	31

/* PCIE-TGT address-filter slot n, in the firmware device's block */
#define TGT_SLOTS		8
#define TGT_SLOT(n)		(0xd38 + 20 * (n))
#define TGT_SLOT_CTRL		0x0
#define TGT_SLOT_BASE_LO	0x4
#define TGT_SLOT_BASE_HI	0x8
#define TGT_SLOT_MASK_LO	0xc
#define TGT_SLOT_MASK_HI	0x10

/* PMIIDR: product [31:20], variant [19:16], revision [15:12], JEP106 [11:0] */
#define T410_UCF	0x2cf2036b
#define T410_UCF_REV1	0x2cf2136b
#define T241_SCF	0x2cf0036b
#define T410_PCIE	0x1030136b
#define T241_PCIE	0x1030036b
#define T241_C2C1	0x1040036b
#define T241_C2C0	0x1050036b
#define T241_CNVLINK	0x1060036b
#define NV_UNKNOWN	0x9990036b	/* an NVIDIA part no row names */
#define T410_TGT	0x1070036b
#define ARM_PART	0x0100043b
#define AMPERE_PART	0x00100a16	/* Ampere (0xa16): the MCU backend */

/* Ampere MCU: one filter for the PMU in PMAUXR0-2 (IMPLEMENTATION DEFINED) */
#define PMAUXR(n)	(0xd80 + 4 * (n))
#define MCU_FILTER(thr, rank, bank) \
	((u64)(thr) | (u64)(rank) << 8 | (u64)(bank) << 24)

/* UCF config1 */
#define UCF_SRC_NONCPU	BIT(0)
#define UCF_SRC_CPU	BIT(1)
#define UCF_SRC_REM	BIT(2)
#define UCF_DST_CMEM	BIT(8)
#define UCF_DST_REM	BIT(11)
#define UCF_ALL		0xf07

/* PCIE config1 (source) and config2 (destination) */
#define PCIE_RP(m)	(m)
#define PCIE_BDF(b)	((u64)(b) << 8)
#define PCIE_BDF_EN	BIT_ULL(24)
#define PCIE_SRC_ALL	0xff
#define PCIE_DST_CMEM	BIT(0)
#define PCIE_DST_REM	BIT(4)
#define PCIE_DST_ALL	0x1f

/* PCIE-TGT config: event [2:0], dst_rp_mask [10:3], dst_addr_en [11] */
#define TGT_RP(m)	((u64)(m) << 3)
#define TGT_ADDR_EN	BIT_ULL(11)
#define TGT_CYCLES	4
/* PMEVFILT2R: root ports [7:0], address slot n at bit 8 + n */
#define TGT_FILT_RP_ALL	0xff
#define TGT_FILT_SLOT(n)	BIT(8 + (n))

#define CYCLES		BIT_ULL(32)

/* What a test sees where the driver wrote nothing */
#define UNTOUCHED	0x5a5a5a5a

/* RC numbers of the test PMUs: none the board describes */
#define TEST_RC_PCIE	90
#define TEST_RC_TGT	91

struct cspmu_test_ctx {
	struct cspmu	*cspmu;
	u32		stride;
	/* Each a 4 KiB allocation of its own: KASAN catches overruns */
	u32		*page0;
	u32		*page1;
	u32		*aux;
};

/* A PMU as the firmware and its ID registers describe it */
struct pmu_desc {
	unsigned int	counters;	/* the cycle counter included */
	unsigned int	width;
	bool		cc;
	u32		pmiidr;
	const u32	*pmpidr;	/* PMPIDR0-3, PMPIDR4; or NULL */
	int		instance;	/* "instance_id", or -1 for none */
	bool		atomic64;
	bool		single_page;
	bool		irq;		/* has_irq: counters start half way */
};

static u32 pmcfgr(unsigned int counters, unsigned int width, bool cc)
{
	return FIELD_PREP(PMCFGR_N, counters - 1) |
	       FIELD_PREP(PMCFGR_SIZE, width - 1) | (cc ? PMCFGR_CC : 0);
}

static struct cspmu_test_ctx *tctx(struct kunit *test)
{
	return test->priv;
}

static u32 reg0(struct kunit *test, unsigned int off)
{
	return READ_ONCE(tctx(test)->page0[off / 4]);
}

static void set_reg0(struct kunit *test, unsigned int off, u32 val)
{
	WRITE_ONCE(tctx(test)->page0[off / 4], val);
}

static u32 *page1(struct kunit *test)
{
	struct cspmu_test_ctx *ctx = tctx(test);

	return ctx->page1 ?: ctx->page0;
}

static u32 reg1(struct kunit *test, unsigned int off)
{
	return READ_ONCE(page1(test)[off / 4]);
}

static void set_reg1(struct kunit *test, unsigned int off, u32 val)
{
	WRITE_ONCE(page1(test)[off / 4], val);
}

static u32 aux_reg(struct kunit *test, unsigned int off)
{
	return READ_ONCE(tctx(test)->aux[off / 4]);
}

static u64 counter(struct kunit *test, unsigned int phys)
{
	unsigned int stride = tctx(test)->stride;
	unsigned int off = PMEVCNTR(phys, stride);

	if (stride == 4)
		return reg1(test, off);
	return (u64)reg1(test, off + 4) << 32 | reg1(test, off);
}

static void set_counter(struct kunit *test, unsigned int phys, u64 val)
{
	unsigned int stride = tctx(test)->stride;
	unsigned int off = PMEVCNTR(phys, stride);

	set_reg1(test, off, lower_32_bits(val));
	if (stride == 8)
		set_reg1(test, off + 4, upper_32_bits(val));
}

static unsigned int test_socket(void)
{
	int node = cpu_to_node(cpumask_first(cpu_possible_mask));

	return node < 0 ? 0 : node;
}

static u32 *alloc_page_regs(struct kunit *test)
{
	u32 *regs = kunit_kzalloc(test, REG_PAGE, GFP_KERNEL);

	KUNIT_ASSERT_NOT_NULL(test, regs);
	return regs;
}

/* cspmu_create() over fresh registers that say what @d says */
static struct cspmu *try_make_pmu(struct kunit *test,
				  const struct pmu_desc *d)
{
	struct cspmu_test_ctx *ctx;
	struct cspmu_hw hw = { };
	struct cspmu *cspmu;
	struct device *dev;
	int i, err;

	ctx = kunit_kzalloc(test, sizeof(*ctx), GFP_KERNEL);
	KUNIT_ASSERT_NOT_NULL(test, ctx);
	test->priv = ctx;
	ctx->page0 = alloc_page_regs(test);
	if (!d->single_page)
		ctx->page1 = alloc_page_regs(test);
	ctx->aux = alloc_page_regs(test);
	ctx->stride = d->width > 32 ? 8 : 4;

	dev = pmu_kunit_device_register(test, "cspmu_kunit");
	KUNIT_ASSERT_FALSE(test, IS_ERR(dev));
	if (d->instance >= 0) {
		const struct property_entry props[] = {
			PROPERTY_ENTRY_U32("instance_id", d->instance),
			{ }
		};

		err = device_create_managed_software_node(dev, props, NULL);
		KUNIT_ASSERT_EQ(test, err, 0);
	}

	set_reg0(test, PMCFGR, pmcfgr(d->counters, d->width, d->cc));
	set_reg0(test, PMIIDR, d->pmiidr);
	if (d->pmpidr) {
		for (i = 0; i < 4; i++)
			set_reg0(test, PMPIDR(i), d->pmpidr[i]);
		set_reg0(test, PMPIDR4, d->pmpidr[4]);
	}

	hw.base0 = (void __force __iomem *)ctx->page0;
	hw.base1 = ctx->page1 ? (void __force __iomem *)ctx->page1 : NULL;
	hw.aux = (void __force __iomem *)ctx->aux;
	hw.atomic64 = d->atomic64;
	cspmu = cspmu_create(dev, &hw);
	KUNIT_ASSERT_NE_MSG(test, PTR_ERR_OR_ZERO(cspmu), -EPROBE_DEFER,
			    "no backend for part %x", d->pmiidr);
	if (!IS_ERR(cspmu) && d->irq)
		cspmu->has_irq = true;
	ctx->cspmu = IS_ERR(cspmu) ? NULL : cspmu;
	return cspmu;
}

static struct cspmu *make_pmu_desc(struct kunit *test,
				   const struct pmu_desc *d)
{
	struct cspmu *cspmu = try_make_pmu(test, d);

	KUNIT_ASSERT_FALSE_MSG(test, IS_ERR(cspmu), "create: %ld",
			       PTR_ERR(cspmu));
	return cspmu;
}

static int part_instance(u32 pmiidr)
{
	if ((pmiidr & 0xfffff000) == (T410_PCIE & 0xfffff000))
		return TEST_RC_PCIE;
	if ((pmiidr & 0xfffff000) == (T410_TGT & 0xfffff000))
		return TEST_RC_TGT;
	return -1;
}

/* @counters of 32 bits, the last the cycle counter if @cc */
static struct cspmu *make_pmu(struct kunit *test, u32 pmiidr,
			      unsigned int counters, bool cc)
{
	const struct pmu_desc d = {
		.counters	= counters,
		.width		= 32,
		.cc		= cc,
		.pmiidr		= pmiidr,
		.instance	= part_instance(pmiidr),
	};

	return make_pmu_desc(test, &d);
}

/* Open an event; the errno on failure, 0 and *@out on success */
static int try_open(struct kunit *test, struct cspmu *cspmu, u64 config,
		    u64 config1, u64 config2, u64 period,
		    struct perf_event **out)
{
	return syspmu_kunit_try_open(test, &cspmu->syspmu, config, config1, config2,
				     period, out);
}

static struct perf_event *open_event(struct kunit *test, struct cspmu *cspmu,
				     u64 config, u64 config1, u64 config2)
{
	struct perf_event *event = NULL;
	int err = try_open(test, cspmu, config, config1, config2, 0, &event);

	KUNIT_ASSERT_EQ_MSG(test, err, 0, "open %#llx/%#llx/%#llx", config,
			    config1, config2);
	return event;
}

static void close_event(struct kunit *test, struct perf_event *event)
{
	pmu_kunit_release_action(test, syspmu_kunit_release_event, event);
}

static u64 read_count(struct perf_event *event)
{
	u64 enabled, running;

	return perf_event_read_value(event, &enabled, &running);
}

/* Run the interrupt handler as the interrupt would: hard IRQs off */
static irqreturn_t fire_irq(struct cspmu *cspmu)
{
	return syspmu_kunit_fire_irq(cspmu_irq_handler, cspmu);
}

/* Read a sysfs file of the PMU; the length, or a negative errno */
static int read_pmu_file(struct cspmu *cspmu, const char *file, char *buf,
			 size_t len)
{
	return syspmu_kunit_read_file(&cspmu->syspmu, file, buf, len);
}

/* @name is @prefix followed by a decimal number */
static bool name_numbered(const char *name, const char *prefix)
{
	unsigned int n;

	return strstarts(name, prefix) &&
	       !kstrtouint(name + strlen(prefix), 10, &n);
}

/*
 * Events built by hand into a group, as perf_event_open() hands them to
 * event_init: the new event is not on its leader's sibling list yet and
 * the leader's context mutex is held.  perf_event_create_kernel_counter()
 * makes no groups.  A group that passed is scheduled by calling the PMU's
 * callbacks as perf core's group_sched_in() does.
 */
#define GROUP_MAX	12

struct test_group {
	struct cspmu			*cspmu;
	struct perf_event_context	ctx;
	struct perf_event		ev[GROUP_MAX];
	int				n;
	bool				scheduled;
};

static struct test_group *new_group(struct kunit *test, struct cspmu *cspmu)
{
	struct test_group *g = kunit_kzalloc(test, sizeof(*g), GFP_KERNEL);

	KUNIT_ASSERT_NOT_NULL(test, g);
	g->cspmu = cspmu;
	mutex_init(&g->ctx.mutex);
	return g;
}

/* event_init of a new member; 0 and it joins, or the errno */
static int group_join(struct kunit *test, struct test_group *g, u64 config,
		      u64 config1, u64 config2)
{
	struct perf_event *ev;
	int ret;

	KUNIT_ASSERT_LT(test, g->n, GROUP_MAX);
	ev = &g->ev[g->n];
	memset(ev, 0, sizeof(*ev));
	ev->pmu = &g->cspmu->syspmu.pmu;
	ev->attr.type = ev->pmu->type;
	ev->attr.size = sizeof(ev->attr);
	ev->attr.config = config;
	ev->attr.config1 = config1;
	ev->attr.config2 = config2;
	ev->cpu = g->cspmu->syspmu.cpu;
	ev->ctx = &g->ctx;
	INIT_LIST_HEAD(&ev->sibling_list);
	ev->group_leader = g->n ? &g->ev[0] : ev;

	mutex_lock(&g->ctx.mutex);
	ret = ev->pmu->event_init(ev);
	if (!ret) {
		if (ev->group_leader != ev)
			list_add_tail(&ev->sibling_list,
				      &ev->group_leader->sibling_list);
		g->n++;
	}
	mutex_unlock(&g->ctx.mutex);
	return ret;
}

static void group_unschedule(void *data)
{
	struct test_group *g = data;
	struct pmu *pmu = &g->cspmu->syspmu.pmu;
	int i;

	if (!g->scheduled)
		return;
	pmu->pmu_disable(pmu);
	for (i = g->n - 1; i >= 0; i--)
		pmu->del(&g->ev[i], PERF_EF_UPDATE);
	pmu->pmu_enable(pmu);
	g->scheduled = false;
}

static void group_schedule(struct kunit *test, struct test_group *g)
{
	struct pmu *pmu = &g->cspmu->syspmu.pmu;
	int i, j, ret = 0;

	KUNIT_ASSERT_EQ(test, 0, pmu_kunit_add_action_or_reset(test,
							       group_unschedule,
							       g));
	pmu->pmu_disable(pmu);
	for (i = 0; i < g->n; i++) {
		ret = pmu->add(&g->ev[i], PERF_EF_START);
		if (ret)
			break;
	}
	g->scheduled = !ret;
	/* on failure, undo what was added */
	for (j = i - 1; ret && j >= 0; j--)
		pmu->del(&g->ev[j], PERF_EF_UPDATE);
	pmu->pmu_enable(pmu);
	KUNIT_ASSERT_EQ_MSG(test, ret, 0, "member %d", i);
}

/*
 * The board's CoreSight PMUs, unbound while the suite runs and bound
 * again after it: their names (UCF's, Grace's per socket, and the
 * numbered ones, which this module's core and backends number from 0
 * again) are the ones the suite creates, and two PMUs cannot have one
 * name.
 */
static struct device *borrowed[64];

/* What cspmu_attach_waiting() returns: no device waits for this core */
static int attach_result;

static int cspmu_attach_waiting(void)
{
	return attach_result;
}

static int cspmu_test_suite_init(struct kunit_suite *suite)
{
	int ret;

	syspmu_kunit_borrow("coresight-pmu", borrowed, ARRAY_SIZE(borrowed));
	ret = cspmu_backend_register(&nv_backend);
	if (ret)
		return ret;
	ret = cspmu_backend_register(&ampere_backend);
	if (ret)
		cspmu_backend_unregister(&nv_backend);
	return ret;
}

static void cspmu_test_suite_exit(struct kunit_suite *suite)
{
	cspmu_backend_unregister(&ampere_backend);
	cspmu_backend_unregister(&nv_backend);
	syspmu_kunit_give_back(borrowed, ARRAY_SIZE(borrowed));
}

/* 1. PMCFGR decoding */

#define NO_CC	UINT_MAX

struct pmcfgr_case {
	const char	*desc;
	unsigned int	counters, width;
	bool		cc;
	bool		fails;
	unsigned int	cycle_idx;	/* logical index of the cycle counter */
};

static const struct pmcfgr_case pmcfgr_cases[] = {
	{ "8 x 32 bits with CC", 8, 32, true, false, 7 },
	{ "8 x 64 bits with CC", 8, 64, true, false, 7 },
	{ "8 x 48 bits without CC", 8, 48, false, false, NO_CC },
	{ "31 x 32 bits with CC", 31, 32, true, false, 30 },
	{ "32 x 32 bits with CC", 32, 32, true, false, 31 },
	{ "64 x 40 bits with CC", 64, 40, true, false, 31 },
	{ "128 x 64 bits with CC", 128, 64, true, false, 31 },
	{ "256 x 32 bits with CC", 256, 32, true, false, 31 },
	{ "256 x 32 bits without CC", 256, 32, false, false, NO_CC },
	{ "the cycle counter alone", 1, 32, true, false, 0 },
	{ "129 x 33 bits", 129, 33, false, true, 0 },
	{ "256 x 64 bits", 256, 64, true, true, 0 },
};

static void pmcfgr_case_desc(const struct pmcfgr_case *c, char *desc)
{
	strscpy(desc, c->desc, KUNIT_PARAM_DESC_SIZE);
}

KUNIT_ARRAY_PARAM(pmcfgr, pmcfgr_cases, pmcfgr_case_desc);

static void cspmu_test_pmcfgr(struct kunit *test)
{
	const struct pmcfgr_case *c = test->param_value;
	const struct pmu_desc d = {
		.counters = c->counters, .width = c->width, .cc = c->cc,
		.pmiidr = ARM_PART, .instance = -1, .atomic64 = true,
	};
	struct perf_event *cyc, *ev;
	struct cspmu *cspmu;
	int err;

	cspmu = try_make_pmu(test, &d);
	if (c->fails) {
		KUNIT_EXPECT_TRUE(test, IS_ERR(cspmu));
		return;
	}
	KUNIT_ASSERT_FALSE_MSG(test, IS_ERR(cspmu), "create: %ld",
			       PTR_ERR(cspmu));
	KUNIT_EXPECT_EQ(test, cspmu->syspmu.num_counters, c->counters);
	KUNIT_EXPECT_EQ(test, cspmu->syspmu.width, c->width);

	set_reg0(test, PMCCFILTR, UNTOUCHED);
	err = try_open(test, cspmu, CYCLES, 0, 0, 0, &cyc);
	if (c->cycle_idx == NO_CC) {
		KUNIT_EXPECT_EQ(test, err, -EOPNOTSUPP);
	} else {
		KUNIT_ASSERT_EQ(test, err, 0);
		KUNIT_EXPECT_EQ(test, cyc->hw.idx, c->cycle_idx);
		/* physical counter 31: its filter and its value */
		KUNIT_EXPECT_EQ(test, reg0(test, PMCCFILTR), 0);
		KUNIT_EXPECT_EQ(test, reg0(test, PMCNTENSET(CYCLE_PHYS)),
				BIT(CYCLE_PHYS));
		set_counter(test, CYCLE_PHYS, 0x1234);
		KUNIT_EXPECT_EQ(test, read_count(cyc), 0x1234);
	}

	/* an ordinary event takes counter 0, if there is an event counter */
	err = try_open(test, cspmu, 0x11, 0, 0, 0, &ev);
	if (c->counters == 1 && c->cc) {
		KUNIT_EXPECT_EQ(test, err, -EINVAL);
		return;
	}
	KUNIT_ASSERT_EQ(test, err, 0);
	KUNIT_EXPECT_EQ(test, ev->hw.idx, 0);
	KUNIT_EXPECT_EQ(test, reg0(test, PMEVTYPER(0)), 0x11);
	set_counter(test, 0, 77);
	KUNIT_EXPECT_EQ(test, read_count(ev), 77);
}

/* 2. Counter index mapping */

struct map_case {
	const char	*desc;
	u32		pmiidr;
	bool		cc;
	u64		cycles;		/* the part's cycles event */
	int		err;		/* opening it */
	bool		on_cc;		/* on the cycle counter */
	u32		filter;		/* PMCCFILTR, or PMEVFILT2R on a counter */
};

static const struct map_case map_cases[] = {
	{ "UCF with CC", T410_UCF, true, CYCLES, 0, true, UCF_ALL },
	{ "UCF without CC", T410_UCF, false, CYCLES, -EOPNOTSUPP },
	{ "PCIE with CC", T410_PCIE, true, CYCLES, 0, true, PCIE_SRC_ALL },
	{ "PCIE without CC", T410_PCIE, false, CYCLES, -EOPNOTSUPP },
	{ "PCIE-TGT with CC", T410_TGT, true, TGT_CYCLES, 0, true, 0 },
	{ "PCIE-TGT without CC", T410_TGT, false, TGT_CYCLES, 0, false,
	  TGT_FILT_RP_ALL },
	{ "generic with CC", ARM_PART, true, CYCLES, 0, true, 0 },
	{ "generic without CC", ARM_PART, false, CYCLES, -EOPNOTSUPP },
};

static void map_case_desc(const struct map_case *c, char *desc)
{
	strscpy(desc, c->desc, KUNIT_PARAM_DESC_SIZE);
}

KUNIT_ARRAY_PARAM(map, map_cases, map_case_desc);

static void cspmu_test_counter_map(struct kunit *test)
{
	const struct map_case *c = test->param_value;
	struct cspmu *cspmu = make_pmu(test, c->pmiidr, 8, c->cc);
	struct perf_event *ev, *cyc;
	char buf[32];
	int err;

	/* the cycles event is listed where it can be counted */
	KUNIT_EXPECT_EQ(test, read_pmu_file(cspmu, "events/cycles", buf,
					    sizeof(buf)) > 0, !c->err);

	ev = open_event(test, cspmu, 0x2, 0, 0);
	KUNIT_EXPECT_EQ(test, ev->hw.idx, 0);
	KUNIT_EXPECT_EQ(test, reg0(test, PMEVTYPER(0)), 0x2);
	KUNIT_EXPECT_EQ(test, reg0(test, PMCNTENSET(0)), BIT(0));
	KUNIT_EXPECT_EQ(test, reg0(test, PMCR), PMCR_E);
	/* no interrupt: no overflow interrupt enabled */
	KUNIT_EXPECT_EQ(test, reg0(test, PMINTENSET(0)), 0);

	set_reg0(test, PMCCFILTR, UNTOUCHED);
	err = try_open(test, cspmu, c->cycles, 0, 0, 0, &cyc);
	KUNIT_ASSERT_EQ(test, err, c->err);
	if (err)
		return;
	if (c->on_cc) {
		KUNIT_EXPECT_EQ(test, cyc->hw.idx, 7);
		KUNIT_EXPECT_EQ(test, reg0(test, PMCCFILTR), c->filter);
		KUNIT_EXPECT_EQ(test, reg0(test, PMCNTENSET(CYCLE_PHYS)),
				BIT(CYCLE_PHYS));
		/* not an event counter's */
		KUNIT_EXPECT_EQ(test, reg0(test, PMEVTYPER(1)), 0);
		KUNIT_EXPECT_EQ(test, reg0(test, PMEVTYPER(7)), 0);
	} else {
		KUNIT_EXPECT_EQ(test, cyc->hw.idx, 1);
		KUNIT_EXPECT_EQ(test, reg0(test, PMEVTYPER(1)), c->cycles);
		KUNIT_EXPECT_EQ(test, reg0(test, PMEVFILT2R(1)), c->filter);
		KUNIT_EXPECT_EQ(test, reg0(test, PMCCFILTR), UNTOUCHED);
	}

	/* stopped: disabled; nothing left counting: the PMU stops */
	close_event(test, cyc);
	KUNIT_EXPECT_EQ(test, reg0(test, PMCNTENCLR(0)),
			c->on_cc ? BIT(CYCLE_PHYS) : BIT(1));
	close_event(test, ev);
	KUNIT_EXPECT_EQ(test, reg0(test, PMCNTENCLR(0)), BIT(0));
	KUNIT_EXPECT_EQ(test, reg0(test, PMCR), 0);
}

/* With more than 32 counters, event counters go on past 31 */
static void cspmu_test_counter_skips_31(struct kunit *test)
{
	struct cspmu *cspmu = make_pmu(test, ARM_PART, 34, true);
	struct perf_event *ev[33], *cyc;
	bool seen[34] = { };
	int i;

	set_reg0(test, PMCCFILTR, UNTOUCHED);
	for (i = 0; i < 32; i++)
		ev[i] = open_event(test, cspmu, 0x100 + i, 0, 0);
	for (i = 0; i < 32; i++) {
		KUNIT_ASSERT_EQ(test, ev[i]->state, PERF_EVENT_STATE_ACTIVE);
		KUNIT_ASSERT_LT(test, ev[i]->hw.idx, 34);
		KUNIT_EXPECT_NE(test, ev[i]->hw.idx, CYCLE_PHYS);
		seen[ev[i]->hw.idx] = true;
		KUNIT_EXPECT_EQ(test, reg0(test, PMEVTYPER(ev[i]->hw.idx)),
				0x100 + i);
	}
	KUNIT_EXPECT_TRUE(test, seen[32]);
	/* counter 32 is enabled in the second word */
	KUNIT_EXPECT_EQ(test, reg0(test, PMCNTENSET(32)), BIT(0));
	KUNIT_EXPECT_EQ(test, reg0(test, PMCCFILTR), UNTOUCHED);

	cyc = open_event(test, cspmu, CYCLES, 0, 0);
	KUNIT_EXPECT_EQ(test, cyc->hw.idx, CYCLE_PHYS);
	KUNIT_EXPECT_EQ(test, reg0(test, PMCCFILTR), 0);
	ev[32] = open_event(test, cspmu, 0x200, 0, 0);
	KUNIT_EXPECT_EQ(test, ev[32]->hw.idx, 33);
	KUNIT_EXPECT_EQ(test, reg0(test, PMEVTYPER(33)), 0x200);
	set_counter(test, 33, 5);
	KUNIT_EXPECT_EQ(test, read_count(ev[32]), 5);
}

/* 3. Counting and accumulation */

struct count_case {
	const char	*desc;
	unsigned int	width;
	bool		atomic64;
	bool		single_page;
	u64		first, second;	/* counter values of two reads */
	u64		delta;		/* what the second read adds */
};

static const struct count_case count_cases[] = {
	{ "32 bits, wrap", 32, false, false, 0xfffffff0, 0x10, 0x20 },
	{ "32 bits, single page", 32, false, true, 0x1000, 0x1500, 0x500 },
	{ "48 bits, atomic64, wrap", 48, true, false, 0xfffffffffff0, 0x10,
	  0x20 },
	{ "48 bits, hi-lo-hi, across 2^32", 48, false, false, 0xfffffffe,
	  0x100000005, 7 },
	{ "64 bits, atomic64, wrap", 64, true, false, 0xfffffffffffffff0,
	  0x10, 0x20 },
	{ "64 bits, hi-lo-hi, wrap", 64, false, false, 0xfffffffffffffff0,
	  0x10, 0x20 },
	{ "64 bits, hi-lo-hi, across 2^32", 64, false, false, 0x1fffffffe,
	  0x200000003, 5 },
};

static void count_case_desc(const struct count_case *c, char *desc)
{
	strscpy(desc, c->desc, KUNIT_PARAM_DESC_SIZE);
}

KUNIT_ARRAY_PARAM(count, count_cases, count_case_desc);

static void cspmu_test_counting(struct kunit *test)
{
	const struct count_case *c = test->param_value;
	const struct pmu_desc d = {
		.counters = 8, .width = c->width, .cc = true,
		.pmiidr = ARM_PART, .instance = -1,
		.atomic64 = c->atomic64, .single_page = c->single_page,
	};
	struct cspmu *cspmu = make_pmu_desc(test, &d);
	struct perf_event *other, *ev;

	/* what was there before: the start overwrites it */
	set_counter(test, 1, 0xdeadbeefcafef00dULL);
	other = open_event(test, cspmu, 0x3, 0, 0);
	ev = open_event(test, cspmu, 0x4, 0, 0);
	KUNIT_ASSERT_EQ(test, ev->hw.idx, 1);
	KUNIT_EXPECT_EQ(test, counter(test, 1), 0);

	set_counter(test, 1, c->first);
	KUNIT_EXPECT_EQ(test, read_count(ev), c->first);
	set_counter(test, 1, c->second);
	KUNIT_EXPECT_EQ(test, read_count(ev), c->first + c->delta);
	/* a read that finds the counter where it was adds nothing */
	KUNIT_EXPECT_EQ(test, read_count(ev), c->first + c->delta);
	/* the neighbour counted nothing, whatever its stride */
	KUNIT_EXPECT_EQ(test, read_count(other), 0);
}

/* 4. Overflow handling */

struct ovf_case {
	const char	*desc;
	unsigned int	width;
	bool		atomic64;
};

static const struct ovf_case ovf_cases[] = {
	{ "32 bits", 32, false },
	{ "48 bits, atomic64", 48, true },
	{ "64 bits, hi-lo-hi", 64, false },
};

static void ovf_case_desc(const struct ovf_case *c, char *desc)
{
	strscpy(desc, c->desc, KUNIT_PARAM_DESC_SIZE);
}

KUNIT_ARRAY_PARAM(ovf, ovf_cases, ovf_case_desc);

static void cspmu_test_overflow(struct kunit *test)
{
	const struct ovf_case *c = test->param_value;
	const struct pmu_desc d = {
		.counters = 8, .width = c->width, .cc = true,
		.pmiidr = ARM_PART, .instance = -1, .atomic64 = c->atomic64,
		.irq = true,
	};
	struct cspmu *cspmu = make_pmu_desc(test, &d);
	const u64 half = BIT_ULL(c->width - 1);
	const u32 ovs = BIT(0) | BIT(3) | BIT(CYCLE_PHYS);
	struct perf_event *ev, *cyc;

	ev = open_event(test, cspmu, 0x11, 0, 0);
	cyc = open_event(test, cspmu, CYCLES, 0, 0);
	KUNIT_ASSERT_EQ(test, ev->hw.idx, 0);
	/* armed half way, with the overflow interrupt */
	KUNIT_EXPECT_EQ(test, counter(test, 0), half);
	KUNIT_EXPECT_EQ(test, counter(test, CYCLE_PHYS), half);
	KUNIT_EXPECT_EQ(test, reg0(test, PMINTENSET(0)), BIT(CYCLE_PHYS));

	set_counter(test, 0, half + 100);
	KUNIT_EXPECT_EQ(test, read_count(ev), 100);

	/* not ours: nothing overflowed (create cleared every bit) */
	KUNIT_EXPECT_EQ(test, reg1(test, PMOVSCLR(0)), U32_MAX);
	set_reg1(test, PMOVSCLR(0), 0);
	KUNIT_EXPECT_EQ(test, fire_irq(cspmu), IRQ_NONE);
	KUNIT_EXPECT_EQ(test, counter(test, 0), half + 100);

	/*
	 * Both wrapped to a small value; counter 3 (no event) overflowed
	 * too.  PMOVSCLR is read in page 1: page 0's stays clear.
	 */
	set_counter(test, 0, 5);
	set_counter(test, CYCLE_PHYS, 7);
	set_counter(test, 3, 0x33);
	set_reg1(test, PMOVSCLR(0), ovs);
	if (tctx(test)->page1)
		set_reg0(test, PMOVSCLR(0), 0);
	KUNIT_ASSERT_EQ(test, reg0(test, PMCR), PMCR_E);
	KUNIT_EXPECT_EQ(test, fire_irq(cspmu), IRQ_HANDLED);

	/* re-armed; the counter without an event left alone */
	KUNIT_EXPECT_EQ(test, counter(test, 0), half);
	KUNIT_EXPECT_EQ(test, counter(test, CYCLE_PHYS), half);
	KUNIT_EXPECT_EQ(test, counter(test, 3), 0x33);
	/* written back to clear (memory keeps it); the PMU counts again */
	KUNIT_EXPECT_EQ(test, reg1(test, PMOVSCLR(0)), ovs);
	KUNIT_EXPECT_EQ(test, reg0(test, PMCR), PMCR_E);

	/* from half + 100 over the top to 5, then on from half */
	KUNIT_EXPECT_EQ(test, read_count(ev), half + 5);
	KUNIT_EXPECT_EQ(test, read_count(cyc), half + 7);
	set_counter(test, 0, half + 1);
	set_counter(test, CYCLE_PHYS, half + 2);
	KUNIT_EXPECT_EQ(test, read_count(ev), half + 6);
	KUNIT_EXPECT_EQ(test, read_count(cyc), half + 9);

	/*
	 * An overflow taken while perf core has the PMU disabled (PMCR 0,
	 * here a marker the handler must not write over): harvested, and the
	 * PMU left stopped until perf core enables it again
	 */
	cspmu->syspmu.pmu.pmu_disable(&cspmu->syspmu.pmu);
	set_reg0(test, PMCR, UNTOUCHED);
	set_counter(test, 0, 9);
	set_reg1(test, PMOVSCLR(0), BIT(0));
	KUNIT_EXPECT_EQ(test, fire_irq(cspmu), IRQ_HANDLED);
	KUNIT_EXPECT_EQ(test, reg0(test, PMCR), UNTOUCHED);
	KUNIT_EXPECT_EQ(test, counter(test, 0), half);
	KUNIT_EXPECT_EQ(test, read_count(ev), 2 * half + 14);
	cspmu->syspmu.pmu.pmu_enable(&cspmu->syspmu.pmu);
	KUNIT_EXPECT_EQ(test, reg0(test, PMCR), PMCR_E);
}

/* 5. Identification: PMIIDR with variant and revision, or the PMPIDRs */

/*
 * PMPIDR0-3, PMPIDR4.  PMPIDR0[7:0] product[7:0]; PMPIDR1[3:0]
 * product[11:8], [7:4] JEP106 ID[3:0]; PMPIDR2[2:0] ID[6:4], [3] JEDEC,
 * [7:4] variant; PMPIDR3[7:4] revision; PMPIDR4[3:0] continuation code.
 */
static const u32 pmpidr_tgt[5] = { 0x07, 0xb1, 0x0e, 0x00, 0x3 };
static const u32 pmpidr_tgt_rev1[5] = { 0x07, 0xb1, 0x0e, 0x10, 0x3 };
/* Arm (0x43b), product 0x010, variant 2 */
static const u32 pmpidr_arm[5] = { 0x10, 0xb0, 0x2b, 0x00, 0x4 };

enum id_name { ID_UCF, ID_PCIE, ID_TGT, ID_SOCKET, ID_NV_GENERIC, ID_AMPERE,
	       ID_GENERIC, ID_FAILS };

struct id_case {
	const char	*desc;
	u32		pmiidr;
	const u32	*pmpidr;
	int		instance;
	enum id_name	name;
	const char	*identifier;
	const char	*socket_name;	/* ID_SOCKET: the name's format */
};

static const struct id_case id_cases[] = {
	{ "T410 UCF", T410_UCF, NULL, -1, ID_UCF, "2cf2036b" },
	{ "T241 SCF", T241_SCF, NULL, -1, ID_SOCKET, "2cf0036b",
	  "nvidia_scf_pmu_%u" },
	{ "T410 UCF, revision 1", T410_UCF_REV1, NULL, -1, ID_NV_GENERIC,
	  "2cf2136b" },
	{ "T410 PCIE", T410_PCIE, NULL, TEST_RC_PCIE, ID_PCIE, "1030136b" },
	{ "T410 PCIE without instance_id", T410_PCIE, NULL, -1, ID_FAILS },
	{ "T241 PCIE", T241_PCIE, NULL, TEST_RC_PCIE, ID_SOCKET, "1030036b",
	  "nvidia_pcie_pmu_%u" },
	{ "T241 NVLink-C2C0", T241_C2C0, NULL, -1, ID_SOCKET, "1050036b",
	  "nvidia_nvlink_c2c0_pmu_%u" },
	{ "T241 NVLink-C2C1", T241_C2C1, NULL, -1, ID_SOCKET, "1040036b",
	  "nvidia_nvlink_c2c1_pmu_%u" },
	{ "T241 C2C NVLink", T241_CNVLINK, NULL, -1, ID_SOCKET, "1060036b",
	  "nvidia_cnvlink_pmu_%u" },
	{ "NVIDIA part no row names", NV_UNKNOWN, NULL, -1, ID_NV_GENERIC,
	  "9990036b" },
	{ "T410 PCIE-TGT", T410_TGT, NULL, TEST_RC_TGT, ID_TGT, "1070036b" },
	{ "PCIE-TGT from the PMPIDRs", 0, pmpidr_tgt, TEST_RC_TGT, ID_TGT,
	  "1070036b" },
	{ "PCIE-TGT revision 1 from the PMPIDRs", 0, pmpidr_tgt_rev1,
	  TEST_RC_TGT, ID_NV_GENERIC, "1070136b" },
	{ "Ampere part", AMPERE_PART, NULL, -1, ID_AMPERE, "100a16" },
	{ "Arm part", ARM_PART, NULL, -1, ID_GENERIC, "100043b" },
	{ "Arm part from the PMPIDRs", 0, pmpidr_arm, -1, ID_GENERIC,
	  "102043b" },
};

static void id_case_desc(const struct id_case *c, char *desc)
{
	strscpy(desc, c->desc, KUNIT_PARAM_DESC_SIZE);
}

KUNIT_ARRAY_PARAM(id, id_cases, id_case_desc);

static void cspmu_test_identify(struct kunit *test)
{
	const struct id_case *c = test->param_value;
	const struct pmu_desc d = {
		.counters = 8, .width = 32, .cc = true, .pmiidr = c->pmiidr,
		.pmpidr = c->pmpidr, .instance = c->instance,
	};
	unsigned int socket = test_socket();
	struct cspmu *cspmu;
	char want[64], buf[64];

	cspmu = try_make_pmu(test, &d);
	if (c->name == ID_FAILS) {
		KUNIT_EXPECT_TRUE(test, IS_ERR(cspmu));
		return;
	}
	KUNIT_ASSERT_FALSE_MSG(test, IS_ERR(cspmu), "create: %ld",
			       PTR_ERR(cspmu));

	switch (c->name) {
	case ID_UCF:
		snprintf(want, sizeof(want), "nvidia_ucf_pmu_%u", socket);
		KUNIT_EXPECT_STREQ(test, cspmu->name, want);
		break;
	case ID_PCIE:
		snprintf(want, sizeof(want), "nvidia_pcie_pmu_%u_rc_%d",
			 socket, c->instance);
		KUNIT_EXPECT_STREQ(test, cspmu->name, want);
		break;
	case ID_TGT:
		snprintf(want, sizeof(want), "nvidia_pcie_tgt_pmu_%u_rc_%d",
			 socket, c->instance);
		KUNIT_EXPECT_STREQ(test, cspmu->name, want);
		break;
	case ID_SOCKET:
		snprintf(want, sizeof(want), c->socket_name, socket);
		KUNIT_EXPECT_STREQ(test, cspmu->name, want);
		break;
	case ID_NV_GENERIC:
		KUNIT_EXPECT_TRUE_MSG(test, name_numbered(cspmu->name,
							  "nvidia_uncore_pmu_"),
				      "name %s", cspmu->name);
		break;
	case ID_AMPERE:
		KUNIT_EXPECT_TRUE_MSG(test, name_numbered(cspmu->name,
							  "ampere_mcu_pmu_"),
				      "name %s", cspmu->name);
		break;
	default:
		KUNIT_EXPECT_TRUE_MSG(test, name_numbered(cspmu->name,
							  "arm_cspmu_"),
				      "name %s", cspmu->name);
		break;
	}

	KUNIT_ASSERT_GT(test, read_pmu_file(cspmu, "identifier", buf,
					    sizeof(buf)), 0);
	snprintf(want, sizeof(want), "%s\n", c->identifier);
	KUNIT_EXPECT_STREQ(test, buf, want);
	/* every possible CPU, none of them named by firmware */
	KUNIT_EXPECT_TRUE(test, cpumask_equal(&cspmu->syspmu.associated_cpus,
					      cpu_possible_mask));
}

/* sysfs: format/ fields and events/ codes as the documentation gives them */

struct sysfs_file {
	const char	*file;
	const char	*text;
};

static const struct sysfs_file ucf_files[] = {
	{ "format/event", "config:0-32\n" },
	{ "format/src_loc_noncpu", "config1:0\n" },
	{ "format/src_loc_cpu", "config1:1\n" },
	{ "format/src_rem", "config1:2\n" },
	{ "format/dst_loc_cmem", "config1:8\n" },
	{ "format/dst_loc_gmem", "config1:9\n" },
	{ "format/dst_loc_other", "config1:10\n" },
	{ "format/dst_rem", "config1:11\n" },
	{ "events/bus_cycles", "event=0x1d\n" },
	{ "events/slc_allocate", "event=0xf0\n" },
	{ "events/slc_wb", "event=0xf3\n" },
	{ "events/slc_refill_rd", "event=0x109\n" },
	{ "events/slc_refill_wr", "event=0x10a\n" },
	{ "events/slc_hit_rd", "event=0x119\n" },
	{ "events/slc_access_dataless", "event=0x183\n" },
	{ "events/slc_access_atomic", "event=0x184\n" },
	{ "events/local_snoop", "event=0x180\n" },
	{ "events/ext_snp_access", "event=0x181\n" },
	{ "events/ext_snp_evict", "event=0x182\n" },
	{ "events/slc_access_rd", "event=0x111\n" },
	{ "events/slc_access_wr", "event=0x112\n" },
	{ "events/slc_bytes_rd", "event=0x113\n" },
	{ "events/slc_bytes_wr", "event=0x114\n" },
	{ "events/mem_access_rd", "event=0x121\n" },
	{ "events/mem_access_wr", "event=0x122\n" },
	{ "events/mem_bytes_rd", "event=0x123\n" },
	{ "events/mem_bytes_wr", "event=0x124\n" },
	{ "events/cycles", "event=0x100000000\n" },
	{ }
};

static const struct sysfs_file pcie_files[] = {
	{ "format/event", "config:0-32\n" },
	{ "format/src_rp_mask", "config1:0-7\n" },
	{ "format/src_bdf", "config1:8-23\n" },
	{ "format/src_bdf_en", "config1:24\n" },
	{ "format/dst_loc_cmem", "config2:0\n" },
	{ "format/dst_loc_gmem", "config2:1\n" },
	{ "format/dst_loc_pcie_p2p", "config2:2\n" },
	{ "format/dst_loc_pcie_cxl", "config2:3\n" },
	{ "format/dst_rem", "config2:4\n" },
	{ "events/rd_bytes", "event=0x0\n" },
	{ "events/wr_bytes", "event=0x1\n" },
	{ "events/rd_req", "event=0x2\n" },
	{ "events/wr_req", "event=0x3\n" },
	{ "events/rd_cum_outs", "event=0x4\n" },
	{ "events/cycles", "event=0x100000000\n" },
	{ }
};

static const struct sysfs_file tgt_files[] = {
	{ "format/event", "config:0-2\n" },
	{ "format/dst_rp_mask", "config:3-10\n" },
	{ "format/dst_addr_en", "config:11\n" },
	{ "format/dst_addr_base", "config1:0-63\n" },
	{ "format/dst_addr_mask", "config2:0-63\n" },
	{ "events/rd_bytes", "event=0x0\n" },
	{ "events/wr_bytes", "event=0x1\n" },
	{ "events/rd_req", "event=0x2\n" },
	{ "events/wr_req", "event=0x3\n" },
	{ "events/cycles", "event=0x4\n" },
	{ }
};

static const struct sysfs_file generic_files[] = {
	{ "format/event", "config:0-32\n" },
	{ "format/filter", "config1:0-31\n" },
	{ "format/filter2", "config2:0-31\n" },
	{ "events/cycles", "event=0x100000000\n" },
	{ }
};

struct sysfs_case {
	const char		*desc;
	u32			pmiidr;
	const struct sysfs_file	*files;
};

/* Linux's ampere_cspmu: its first events, its last, and the formats */
static const struct sysfs_file ampere_files[] = {
	{ "format/event", "config:0-32\n" },
	{ "format/threshold", "config1:0-7\n" },
	{ "format/rank", "config1:8-23\n" },
	{ "format/bank", "config1:24-55\n" },
	{ "events/cycle_count", "event=0x0\n" },
	{ "events/act_sent", "event=0x1\n" },
	{ "events/queue_fill_gt_thresh", "event=0x27\n" },
	{ "events/read_data_return", "event=0x32\n" },
	{ "events/wr_run_len", "event=0x3c\n" },
	{ "events/cycles", "event=0x100000000\n" },
	{ }
};

static const struct sysfs_case sysfs_cases[] = {
	{ "UCF", T410_UCF, ucf_files },
	{ "PCIE", T410_PCIE, pcie_files },
	{ "PCIE-TGT", T410_TGT, tgt_files },
	{ "generic", ARM_PART, generic_files },
	{ "Ampere MCU", AMPERE_PART, ampere_files },
};

static void sysfs_case_desc(const struct sysfs_case *c, char *desc)
{
	strscpy(desc, c->desc, KUNIT_PARAM_DESC_SIZE);
}

KUNIT_ARRAY_PARAM(sysfs, sysfs_cases, sysfs_case_desc);

static void cspmu_test_sysfs(struct kunit *test)
{
	const struct sysfs_case *c = test->param_value;
	struct cspmu *cspmu = make_pmu(test, c->pmiidr, 8, true);
	const struct sysfs_file *f;
	char buf[64];

	for (f = c->files; f->file; f++) {
		buf[0] = '\0';
		KUNIT_EXPECT_GT_MSG(test, read_pmu_file(cspmu, f->file, buf,
							sizeof(buf)), 0,
				    "%s", f->file);
		KUNIT_EXPECT_STREQ_MSG(test, buf, f->text, "%s", f->file);
	}
}

/* What create leaves: counters stopped, overflows cleared, PMU reset */
static void cspmu_test_create_resets(struct kunit *test)
{
	make_pmu(test, T410_PCIE, 40, true);
	KUNIT_EXPECT_EQ(test, reg0(test, PMCNTENCLR(0)), U32_MAX);
	KUNIT_EXPECT_EQ(test, reg0(test, PMCNTENCLR(32)), U32_MAX);
	KUNIT_EXPECT_EQ(test, reg0(test, PMINTENCLR(0)), U32_MAX);
	KUNIT_EXPECT_EQ(test, reg0(test, PMINTENCLR(32)), U32_MAX);
	KUNIT_EXPECT_EQ(test, reg1(test, PMOVSCLR(0)), U32_MAX);
	KUNIT_EXPECT_EQ(test, reg1(test, PMOVSCLR(32)), U32_MAX);
	KUNIT_EXPECT_EQ(test, reg0(test, PMCR), PMCR_P | PMCR_C);
}

/* 6. Filters: what each register holds, defaults included */

struct filter_case {
	const char	*desc;
	u32		pmiidr;
	u64		config, config1, config2;
	int		err;
	u32		typer;		/* PMEVTYPER, or PMCCFILTR for cycles */
	u32		filtr;		/* UNTOUCHED: never written */
	u32		filt2r;
};

static const struct filter_case filter_cases[] = {
	{ "UCF, no filter", T410_UCF, 0x1d, 0, 0, 0, 0x1d, UCF_ALL,
	  UNTOUCHED },
	{ "UCF, src_loc_cpu", T410_UCF, 0x111, UCF_SRC_CPU, 0, 0, 0x111,
	  0xf02, UNTOUCHED },
	{ "UCF, dst_rem", T410_UCF, 0x111, UCF_DST_REM, 0, 0, 0x111, 0x807,
	  UNTOUCHED },
	{ "UCF, source and destination", T410_UCF, 0x123,
	  UCF_SRC_NONCPU | UCF_SRC_REM | UCF_DST_CMEM, 0, 0, 0x123, 0x105,
	  UNTOUCHED },
	{ "UCF cycles, no filter", T410_UCF, CYCLES, 0, 0, 0, UCF_ALL },
	{ "UCF cycles, src_loc_cpu", T410_UCF, CYCLES, UCF_SRC_CPU, 0, 0,
	  UCF_SRC_CPU },
	{ "UCF cycles, both", T410_UCF, CYCLES, UCF_SRC_CPU | UCF_DST_REM,
	  0, 0, UCF_SRC_CPU | UCF_DST_REM },
	{ "UCF, config1 bit 3", T410_UCF, 0x1d, BIT(3), 0, -EINVAL },
	{ "UCF, config1 bit 12", T410_UCF, 0x1d, BIT(12), 0, -EINVAL },
	{ "UCF, config2", T410_UCF, 0x1d, 0, 1, -EINVAL },
	{ "UCF, config bit 33", T410_UCF, BIT_ULL(33), 0, 0, -EINVAL },
	{ "PCIE, no filter", T410_PCIE, 0x2, 0, 0, 0, 0x2, PCIE_SRC_ALL,
	  PCIE_DST_ALL },
	{ "PCIE, src_rp_mask", T410_PCIE, 0x0, PCIE_RP(0x5), 0, 0, 0x0, 0x5,
	  PCIE_DST_ALL },
	{ "PCIE, src_bdf", T410_PCIE, 0x3, PCIE_BDF(0x0180) | PCIE_BDF_EN, 0,
	  0, 0x3, 0x1018000, PCIE_DST_ALL },
	{ "PCIE, destination", T410_PCIE, 0x4, 0,
	  PCIE_DST_CMEM | PCIE_DST_REM, 0, 0x4, PCIE_SRC_ALL, 0x11 },
	{ "PCIE cycles, no filter", T410_PCIE, CYCLES, 0, 0, 0,
	  PCIE_SRC_ALL },
	{ "PCIE cycles, src_rp_mask", T410_PCIE, CYCLES, PCIE_RP(0x81), 0, 0,
	  0x81 },
	{ "PCIE, src_rp_mask with src_bdf_en", T410_PCIE, 0x2,
	  PCIE_RP(1) | PCIE_BDF_EN, 0, -EINVAL },
	{ "PCIE, src_bdf without src_bdf_en", T410_PCIE, 0x2,
	  PCIE_BDF(0x2781), 0, -EINVAL },
	{ "PCIE, config1 bit 25", T410_PCIE, 0x2, BIT(25), 0, -EINVAL },
	{ "PCIE, config2 bit 5", T410_PCIE, 0x2, 0, BIT(5), -EINVAL },
	{ "PCIE-TGT, no filter", T410_TGT, 0x2, 0, 0, 0, 0x2, UNTOUCHED,
	  TGT_FILT_RP_ALL },
	{ "PCIE-TGT, dst_rp_mask", T410_TGT, TGT_RP(0x3) | 0x1, 0, 0, 0, 0x1,
	  UNTOUCHED, 0x3 },
	{ "PCIE-TGT, dst_addr_en", T410_TGT, TGT_ADDR_EN | 0x0,
	  0x12345678f0000000ULL, 0xfffffffff0000000ULL, 0, 0x0, UNTOUCHED,
	  TGT_FILT_SLOT(0) },
	{ "PCIE-TGT, dst_addr_en and dst_rp_mask", T410_TGT,
	  TGT_ADDR_EN | TGT_RP(0x81) | 0x3, 0x80000, 0xfff80000, 0, 0x3,
	  UNTOUCHED, TGT_FILT_SLOT(0) | 0x81 },
	{ "PCIE-TGT, config bit 12", T410_TGT,
	  BIT_ULL(12) | 0x1, 0, 0, -EINVAL },
	{ "PCIE-TGT, dst_addr_base without dst_addr_en", T410_TGT, 0x1,
	  0x1000, 0, -EINVAL },
	{ "PCIE-TGT, dst_addr_mask without dst_addr_en", T410_TGT, 0x1, 0,
	  0xf000, -EINVAL },
	/* Tegra241 and unknown NVIDIA parts: a field left 0 is all-ones */
	{ "T241 PCIE, no filter", T241_PCIE, 0x6, 0, 0, 0, 0x6, 0x3ff,
	  UNTOUCHED },
	{ "T241 PCIE, root_port", T241_PCIE, 0x6, 0x5, 0, 0, 0x6, 0x5,
	  UNTOUCHED },
	{ "T241 PCIE cycles, no filter", T241_PCIE, CYCLES, 0, 0, 0, 0x3ff },
	{ "T241 PCIE cycles, root_port", T241_PCIE, CYCLES, 0x200, 0, 0,
	  0x200 },
	{ "T241 PCIE, config1 bit 10", T241_PCIE, 0x6, BIT(10), 0, -EINVAL },
	{ "T241 PCIE, config2", T241_PCIE, 0x6, 0, 1, -EINVAL },
	{ "T241 C2C0, no filter", T241_C2C0, 0x0, 0, 0, 0, 0x0, 0x3,
	  UNTOUCHED },
	{ "T241 C2C1, port 1", T241_C2C1, 0x0, 0x2, 0, 0, 0x0, 0x2,
	  UNTOUCHED },
	{ "T241 CNVLINK, no filter", T241_CNVLINK, 0xd, 0, 0, 0, 0xd, 0xf,
	  UNTOUCHED },
	{ "T241 CNVLINK, rem_socket", T241_CNVLINK, 0xd, 0x4, 0, 0, 0xd, 0x4,
	  UNTOUCHED },
	{ "T241 SCF: no filter, PMEVFILTR 0", T241_SCF, 0x101, 0, 0, 0, 0x101,
	  0, UNTOUCHED },
	{ "T241 SCF cycles", T241_SCF, CYCLES, 0, 0, 0, 0 },
	{ "T241 SCF, config1", T241_SCF, 0x101, 1, 0, -EINVAL },
	{ "NVIDIA generic, no filter", NV_UNKNOWN, 0x3, 0, 0, 0, 0x3,
	  U32_MAX, U32_MAX },
	{ "NVIDIA generic, filter", NV_UNKNOWN, 0x3, 0x12, 0, 0, 0x3, 0x12,
	  U32_MAX },
	{ "NVIDIA generic, filter2", NV_UNKNOWN, 0x3, 0, 0x40, 0, 0x3,
	  U32_MAX, 0x40 },
	{ "NVIDIA generic cycles, no filter", NV_UNKNOWN, CYCLES, 0, 0, 0,
	  U32_MAX },
	/* other implementers: the architecture's raw words, as arm_cspmu */
	{ "Arm part, no filter", ARM_PART, 0x3, 0, 0, 0, 0x3, 0, 0 },
	{ "Arm part, both filters", ARM_PART, 0x3, 0x11, 0x22, 0, 0x3, 0x11,
	  0x22 },
	{ "Arm part cycles, filter", ARM_PART, CYCLES, 0x5, 0, 0, 0x5 },
	/* Ampere: no per-counter filter; PMCCFILTR is RES0, never written */
	{ "Ampere, filter in PMAUXR only", AMPERE_PART, 0x3,
	  MCU_FILTER(2, 3, 5), 0, 0, 0x3, UNTOUCHED, UNTOUCHED },
	{ "Ampere cycles, PMCCFILTR untouched", AMPERE_PART, CYCLES,
	  MCU_FILTER(2, 3, 5), 0, 0, UNTOUCHED },
	{ "Ampere, config1 bit 56", AMPERE_PART, 0x3, BIT_ULL(56), 0,
	  -EINVAL },
	{ "Ampere, config2", AMPERE_PART, 0x3, 0, 1, -EINVAL },
};

static void filter_case_desc(const struct filter_case *c, char *desc)
{
	strscpy(desc, c->desc, KUNIT_PARAM_DESC_SIZE);
}

KUNIT_ARRAY_PARAM(filter, filter_cases, filter_case_desc);

/* A slot's 64-bit base or mask, from the LO register and the HI after it */
static u64 slot_reg64(struct kunit *test, unsigned int n, unsigned int lo)
{
	return (u64)aux_reg(test, TGT_SLOT(n) + lo + 4) << 32 |
	       aux_reg(test, TGT_SLOT(n) + lo);
}

static void check_slot(struct kunit *test, unsigned int n, u32 ctrl,
		       u64 base, u64 mask)
{
	u64 got_base = slot_reg64(test, n, TGT_SLOT_BASE_LO);
	u64 got_mask = slot_reg64(test, n, TGT_SLOT_MASK_LO);

	KUNIT_EXPECT_EQ_MSG(test, aux_reg(test, TGT_SLOT(n) + TGT_SLOT_CTRL),
			    ctrl, "slot %u", n);
	KUNIT_EXPECT_EQ_MSG(test, got_mask, mask, "slot %u", n);
	/* bits of the base outside the mask select nothing */
	if (ctrl)
		KUNIT_EXPECT_EQ_MSG(test, got_base & mask, base & mask,
				    "slot %u", n);
	else
		KUNIT_EXPECT_EQ_MSG(test, got_base, 0, "slot %u", n);
}

static void cspmu_test_filters(struct kunit *test)
{
	const struct filter_case *c = test->param_value;
	struct cspmu *cspmu = make_pmu(test, c->pmiidr, 8, true);
	bool tgt = c->pmiidr == T410_TGT;
	bool cycles = !tgt && c->config == CYCLES;
	struct perf_event *ev;
	bool clears;
	int err, n;

	set_reg0(test, PMEVFILTR(0), UNTOUCHED);
	set_reg0(test, PMEVFILT2R(0), UNTOUCHED);
	set_reg0(test, PMCCFILTR, UNTOUCHED);
	err = try_open(test, cspmu, c->config, c->config1, c->config2, 0,
		       &ev);
	KUNIT_ASSERT_EQ(test, err, c->err);
	if (err)
		return;

	if (cycles) {
		KUNIT_EXPECT_EQ(test, reg0(test, PMCCFILTR), c->typer);
		KUNIT_EXPECT_EQ(test, reg0(test, PMEVFILTR(0)), UNTOUCHED);
		KUNIT_EXPECT_EQ(test, reg0(test, PMEVFILT2R(0)), UNTOUCHED);
		return;
	}
	KUNIT_ASSERT_EQ(test, ev->hw.idx, 0);
	KUNIT_EXPECT_EQ(test, reg0(test, PMEVTYPER(0)), c->typer);
	KUNIT_EXPECT_EQ(test, reg0(test, PMEVFILTR(0)), c->filtr);
	KUNIT_EXPECT_EQ(test, reg0(test, PMEVFILT2R(0)), c->filt2r);
	KUNIT_EXPECT_EQ(test, reg0(test, PMCCFILTR), UNTOUCHED);
	if (tgt) {
		bool addr = c->config & TGT_ADDR_EN;

		check_slot(test, 0, addr, c->config1, addr ? c->config2 : 0);
		for (n = 1; n < TGT_SLOTS; n++)
			check_slot(test, n, 0, 0, 0);
	}

	/*
	 * stopped: PCIE and PCIE-TGT, whose filters reach beyond the counter,
	 * clear the ones it used; the others leave them for the next event
	 * to overwrite (as the kernel's driver does: one write less a stop)
	 */
	close_event(test, ev);
	clears = cspmu->impl->filters & CSPMU_CLEARS_FILTERS;
	KUNIT_EXPECT_EQ(test, clears, c->pmiidr == T410_PCIE || tgt);
	KUNIT_EXPECT_EQ(test, reg0(test, PMEVFILTR(0)),
			c->filtr == UNTOUCHED || !clears ? c->filtr : 0);
	KUNIT_EXPECT_EQ(test, reg0(test, PMEVFILT2R(0)),
			c->filt2r == UNTOUCHED || !clears ? c->filt2r : 0);
	if (tgt)
		check_slot(test, 0, 0, 0, 0);
}

/* 7. PCIE: one BDF filter per RC */

#define BDF_X	(PCIE_BDF(0x2781) | PCIE_BDF_EN)
#define BDF_Y	(PCIE_BDF(0x0100) | PCIE_BDF_EN)

static void cspmu_test_pcie_bdf_group(struct kunit *test)
{
	struct cspmu *cspmu = make_pmu(test, T410_PCIE, 8, true);
	struct test_group *g = new_group(test, cspmu);
	int i;

	set_reg0(test, PMCCFILTR, UNTOUCHED);
	KUNIT_ASSERT_EQ(test, group_join(test, g, 0x2, BDF_X, 0), 0);
	/* no source filter: counts the leader's BDF */
	KUNIT_ASSERT_EQ(test, group_join(test, g, 0x3, 0, PCIE_DST_REM), 0);
	/* another BDF, or a root-port mask, cannot count with it */
	KUNIT_EXPECT_EQ(test, group_join(test, g, 0x0, BDF_Y, 0), -EINVAL);
	KUNIT_EXPECT_EQ(test, group_join(test, g, 0x0, PCIE_RP(1), 0),
			-EINVAL);
	/* the same BDF can; and so can cycles, which has no BDF to share */
	KUNIT_ASSERT_EQ(test, group_join(test, g, 0x1, BDF_X, 0), 0);
	KUNIT_ASSERT_EQ(test, group_join(test, g, CYCLES, 0, 0), 0);
	KUNIT_ASSERT_EQ(test, g->n, 4);

	group_schedule(test, g);
	for (i = 0; i < 3; i++) {
		KUNIT_ASSERT_EQ(test, g->ev[i].hw.idx, i);
		KUNIT_EXPECT_EQ_MSG(test, reg0(test, PMEVFILTR(i)), BDF_X,
				    "member %d", i);
	}
	KUNIT_EXPECT_EQ(test, reg0(test, PMEVFILT2R(0)), PCIE_DST_ALL);
	KUNIT_EXPECT_EQ(test, reg0(test, PMEVFILT2R(1)), PCIE_DST_REM);
	/* the cycle counter gets its own config1 filter: everything */
	KUNIT_EXPECT_EQ(test, g->ev[3].hw.idx, 7);
	KUNIT_EXPECT_EQ(test, reg0(test, PMCCFILTR), PCIE_SRC_ALL);

	pmu_kunit_release_action(test, group_unschedule, g);
	for (i = 0; i < 3; i++) {
		KUNIT_EXPECT_EQ(test, reg0(test, PMEVFILTR(i)), 0);
		KUNIT_EXPECT_EQ(test, reg0(test, PMEVFILT2R(i)), 0);
	}
}

/*
 * The event counters' source filters, read under the PMU lock (between
 * two scheduling steps): those programmed must all set the one BDF
 * filter the same way (or all leave it off), and be filters of @ev.
 */
static void pcie_snapshot(struct kunit *test, struct cspmu *cspmu,
			  struct perf_event **ev, int nev)
{
	u32 filtr[7], key = 0;
	unsigned long flags;
	bool first = true;
	int i, j;

	raw_spin_lock_irqsave(&cspmu->syspmu.lock, flags);
	for (i = 0; i < ARRAY_SIZE(filtr); i++)
		filtr[i] = reg0(test, PMEVFILTR(i));
	raw_spin_unlock_irqrestore(&cspmu->syspmu.lock, flags);

	for (i = 0; i < ARRAY_SIZE(filtr); i++) {
		u32 k = filtr[i] & PCIE_BDF_EN ? filtr[i] : 0;

		if (!filtr[i])
			continue;
		for (j = 0; j < nev; j++)
			if (filtr[i] == (ev[j]->attr.config1 ?: PCIE_SRC_ALL))
				break;
		KUNIT_EXPECT_LT_MSG(test, j, nev, "counter %d: %#x", i,
				    filtr[i]);
		if (!first)
			KUNIT_EXPECT_EQ_MSG(test, k, key, "counter %d", i);
		key = k;
		first = false;
	}
}

static void cspmu_test_pcie_bdf_turns(struct kunit *test)
{
	struct cspmu *cspmu = make_pmu(test, T410_PCIE, 8, true);
	struct perf_event *ev[3];
	int i;

	/* each opens: they take turns, none gets EBUSY */
	ev[0] = open_event(test, cspmu, 0x0, BDF_X, 0);
	ev[1] = open_event(test, cspmu, 0x1, BDF_Y, 0);
	ev[2] = open_event(test, cspmu, 0x2, 0, 0);
	pcie_snapshot(test, cspmu, ev, 3);

	/* the others off: the one enabled counts, with its own BDF */
	for (i = 0; i < 3; i++)
		perf_event_disable(ev[i]);
	perf_event_enable(ev[1]);
	KUNIT_EXPECT_EQ(test, ev[1]->state, PERF_EVENT_STATE_ACTIVE);
	KUNIT_EXPECT_EQ(test, reg0(test, PMEVFILTR(ev[1]->hw.idx)), BDF_Y);
	pcie_snapshot(test, cspmu, ev, 3);

	/* all on again: while perf core rotates them, never two BDFs */
	perf_event_enable(ev[0]);
	perf_event_enable(ev[2]);
	for (i = 0; i < 40; i++) {
		pcie_snapshot(test, cspmu, ev, 3);
		usleep_range(250, 500);
	}

	for (i = 0; i < 3; i++)
		close_event(test, ev[i]);
	for (i = 0; i < 7; i++)
		KUNIT_EXPECT_EQ(test, reg0(test, PMEVFILTR(i)), 0);
}

/*
 * Ampere MCU: one threshold/rank/bank filter for the whole PMU.  Written
 * when the filter changes, not at every start; events that want another
 * take turns, a group that disagrees is refused, cycles go with any.
 */
static void mcu_expect_filter(struct kunit *test, u32 thr, u32 rank, u32 bank)
{
	KUNIT_EXPECT_EQ(test, reg0(test, PMAUXR(0)), thr);
	KUNIT_EXPECT_EQ(test, reg0(test, PMAUXR(1)), rank);
	KUNIT_EXPECT_EQ(test, reg0(test, PMAUXR(2)), bank);
}

static void cspmu_test_ampere_filter(struct kunit *test)
{
	struct cspmu *cspmu = make_pmu(test, AMPERE_PART, 8, true);
	const u64 f = MCU_FILTER(0x20, 0x3, 0x10), other = MCU_FILTER(0, 0, 1);
	struct test_group *g = new_group(test, cspmu);
	struct perf_event *a, *b, *c, *cyc;

	set_reg0(test, PMAUXR(0), UNTOUCHED);
	set_reg0(test, PMAUXR(1), UNTOUCHED);
	set_reg0(test, PMAUXR(2), UNTOUCHED);
	set_reg0(test, PMCCFILTR, UNTOUCHED);

	a = open_event(test, cspmu, 0x27, f, 0);
	mcu_expect_filter(test, 0x20, 0x3, 0x10);
	KUNIT_EXPECT_EQ(test, reg0(test, PMEVTYPER(a->hw.idx)), 0x27);

	/* the same filter: counts beside it, the registers not written again */
	set_reg0(test, PMAUXR(1), 0x77);
	b = open_event(test, cspmu, 0x3, f, 0);
	KUNIT_EXPECT_EQ(test, b->state, PERF_EVENT_STATE_ACTIVE);
	KUNIT_EXPECT_EQ(test, reg0(test, PMAUXR(1)), 0x77);
	set_reg0(test, PMAUXR(1), 0x3);

	/* cycles: unfiltered, with any filter, PMCCFILTR never written */
	cyc = open_event(test, cspmu, CYCLES, other, 0);
	KUNIT_EXPECT_EQ(test, cyc->state, PERF_EVENT_STATE_ACTIVE);
	KUNIT_EXPECT_EQ(test, reg0(test, PMCCFILTR), UNTOUCHED);

	/* another filter opens (it takes turns) and counts once alone */
	c = open_event(test, cspmu, 0x5, other, 0);
	perf_event_disable(a);
	perf_event_disable(b);
	perf_event_disable(c);
	perf_event_enable(c);
	KUNIT_EXPECT_EQ(test, c->state, PERF_EVENT_STATE_ACTIVE);
	mcu_expect_filter(test, 0, 0, 1);
	KUNIT_EXPECT_EQ(test, cyc->state, PERF_EVENT_STATE_ACTIVE);

	/* a group whose members disagree can never count */
	KUNIT_ASSERT_EQ(test, group_join(test, g, 0x3, f, 0), 0);
	KUNIT_EXPECT_EQ(test, group_join(test, g, 0x5, f, 0), 0);
	KUNIT_EXPECT_EQ(test, group_join(test, g, CYCLES, other, 0), 0);
	KUNIT_EXPECT_EQ(test, group_join(test, g, 0x5, other, 0), -EINVAL);
}

/* 8. PCIE-TGT: eight address slots, shared and reference-counted */

struct addr_range {
	u64 base, mask;
};

static const struct addr_range ranges[] = {
	{ 0x0000004000000000ULL, 0xffffffc000000000ULL },
	{ 0x0000000080000000ULL, 0xffffffffc0000000ULL },
	{ 0x00000000e0000000ULL, 0xfffffffff0000000ULL },
	{ 0x0000001000000000ULL, 0xfffffff000000000ULL },
	{ 0x0000000000100000ULL, 0xfffffffffff00000ULL },
	{ 0x0000008000000000ULL, 0xffffff8000000000ULL },
	{ 0x0000000000000000ULL, 0xffffffff00000000ULL },
	{ 0x0000000100000000ULL, 0xffffffff00000000ULL },
	{ 0x0000000200000000ULL, 0xffffffff00000000ULL },
};

static struct perf_event *open_range(struct kunit *test, struct cspmu *cspmu,
				     u64 type, const struct addr_range *r)
{
	return open_event(test, cspmu, TGT_ADDR_EN | type, r->base, r->mask);
}

static void cspmu_test_tgt_slot_sharing(struct kunit *test)
{
	struct cspmu *cspmu = make_pmu(test, T410_TGT, 8, true);
	const struct addr_range *r1 = &ranges[0], *r2 = &ranges[1];
	struct perf_event *a, *b, *c, *d;
	int n;

	a = open_range(test, cspmu, 0x0, r1);
	b = open_range(test, cspmu, 0x1, r1);
	/* the same addresses, written with other bits outside the mask */
	c = open_event(test, cspmu, TGT_ADDR_EN | 0x2, r1->base | 0x12345,
		       r1->mask);
	check_slot(test, 0, 1, r1->base, r1->mask);
	for (n = 1; n < TGT_SLOTS; n++)
		check_slot(test, n, 0, 0, 0);
	KUNIT_EXPECT_EQ(test, reg0(test, PMEVFILT2R(a->hw.idx)),
			TGT_FILT_SLOT(0));
	KUNIT_EXPECT_EQ(test, reg0(test, PMEVFILT2R(b->hw.idx)),
			TGT_FILT_SLOT(0));
	KUNIT_EXPECT_EQ(test, reg0(test, PMEVFILT2R(c->hw.idx)),
			TGT_FILT_SLOT(0));

	/* another range: the next slot */
	d = open_range(test, cspmu, 0x3, r2);
	check_slot(test, 1, 1, r2->base, r2->mask);
	KUNIT_EXPECT_EQ(test, reg0(test, PMEVFILT2R(d->hw.idx)),
			TGT_FILT_SLOT(1));
	/* the PMEVTYPERs are the event types alone */
	KUNIT_EXPECT_EQ(test, reg0(test, PMEVTYPER(d->hw.idx)), 0x3);

	/* the last user of a slot clears it */
	close_event(test, d);
	check_slot(test, 1, 0, 0, 0);
	close_event(test, a);
	close_event(test, c);
	check_slot(test, 0, 1, r1->base, r1->mask);
	close_event(test, b);
	for (n = 0; n < TGT_SLOTS; n++)
		check_slot(test, n, 0, 0, 0);
	/* past the last slot, nothing */
	KUNIT_EXPECT_EQ(test, aux_reg(test, TGT_SLOT(TGT_SLOTS)), 0);
}

static void cspmu_test_tgt_group_ranges(struct kunit *test)
{
	struct cspmu *cspmu = make_pmu(test, T410_TGT, 16, true);
	struct test_group *g = new_group(test, cspmu);
	const struct addr_range *r;
	int i;

	/* eight ranges, one twice, and a member without one: they fit */
	for (i = 0; i < TGT_SLOTS; i++) {
		r = &ranges[i];
		KUNIT_ASSERT_EQ(test, group_join(test, g, TGT_ADDR_EN | 0x1,
						 r->base, r->mask), 0);
	}
	r = &ranges[3];
	KUNIT_ASSERT_EQ(test, group_join(test, g, TGT_ADDR_EN | 0x2, r->base,
					 r->mask), 0);
	KUNIT_ASSERT_EQ(test, group_join(test, g, 0x0, 0, 0), 0);
	/* a ninth range never can */
	r = &ranges[TGT_SLOTS];
	KUNIT_EXPECT_EQ(test, group_join(test, g, TGT_ADDR_EN | 0x1, r->base,
					 r->mask), -EINVAL);

	group_schedule(test, g);
	for (i = 0; i < TGT_SLOTS; i++) {
		check_slot(test, i, 1, ranges[i].base, ranges[i].mask);
		KUNIT_EXPECT_EQ(test, reg0(test, PMEVFILT2R(i)),
				TGT_FILT_SLOT(i));
	}
	KUNIT_EXPECT_EQ(test, reg0(test, PMEVFILT2R(8)), TGT_FILT_SLOT(3));
	KUNIT_EXPECT_EQ(test, reg0(test, PMEVFILT2R(9)), TGT_FILT_RP_ALL);

	pmu_kunit_release_action(test, group_unschedule, g);
	for (i = 0; i < TGT_SLOTS; i++)
		check_slot(test, i, 0, 0, 0);
}

/*
 * The slots and the counters' PMEVFILT2R under the PMU lock: enabled
 * slots hold distinct ranges, and every counting event selects exactly
 * one enabled slot, holding its range.
 */
static void tgt_snapshot(struct kunit *test, struct cspmu *cspmu)
{
	struct syspmu *upmu = &cspmu->syspmu;
	u64 base[TGT_SLOTS], mask[TGT_SLOTS], ev_base[16], ev_mask[16];
	u32 ctrl[TGT_SLOTS], filt2r[16];
	unsigned long flags;
	int i, j, n = 0;

	raw_spin_lock_irqsave(&upmu->lock, flags);
	for (i = 0; i < TGT_SLOTS; i++) {
		ctrl[i] = aux_reg(test, TGT_SLOT(i) + TGT_SLOT_CTRL);
		base[i] = slot_reg64(test, i, TGT_SLOT_BASE_LO);
		mask[i] = slot_reg64(test, i, TGT_SLOT_MASK_LO);
	}
	for (i = 0; i < 15; i++) {
		struct perf_event *ev = upmu->events[i];

		if (!ev || ev->hw.state & PERF_HES_STOPPED)
			continue;
		filt2r[n] = reg0(test, PMEVFILT2R(i));
		ev_base[n] = ev->attr.config1;
		ev_mask[n] = ev->attr.config2;
		n++;
	}
	raw_spin_unlock_irqrestore(&upmu->lock, flags);

	for (i = 0; i < TGT_SLOTS; i++) {
		KUNIT_EXPECT_LE(test, ctrl[i], 1);
		for (j = 0; j < i; j++)
			KUNIT_EXPECT_FALSE_MSG(test, ctrl[i] && ctrl[j] &&
					       mask[i] == mask[j] &&
					       (base[i] & mask[i]) ==
					       (base[j] & mask[j]),
					       "slots %d and %d", j, i);
	}
	for (i = 0; i < n; i++) {
		u32 sel = filt2r[i] >> 8;
		int s = ffs(sel) - 1;

		KUNIT_ASSERT_EQ_MSG(test, hweight32(sel), 1, "%#x", filt2r[i]);
		KUNIT_EXPECT_EQ(test, ctrl[s], 1);
		KUNIT_EXPECT_EQ(test, mask[s], ev_mask[i]);
		KUNIT_EXPECT_EQ(test, base[s] & mask[s], ev_base[i] & ev_mask[i]);
	}
}

static void cspmu_test_tgt_slots_turns(struct kunit *test)
{
	struct cspmu *cspmu = make_pmu(test, T410_TGT, 16, true);
	struct perf_event *ev[TGT_SLOTS + 1];
	int i;

	/* nine ranges, eight slots: all open, and take turns */
	for (i = 0; i <= TGT_SLOTS; i++)
		ev[i] = open_range(test, cspmu, i % 4, &ranges[i]);
	tgt_snapshot(test, cspmu);
	for (i = 0; i < 40; i++) {
		tgt_snapshot(test, cspmu);
		usleep_range(250, 500);
	}

	/* the others off: the last one enabled gets a slot */
	for (i = 0; i <= TGT_SLOTS; i++)
		perf_event_disable(ev[i]);
	perf_event_enable(ev[TGT_SLOTS]);
	KUNIT_EXPECT_EQ(test, ev[TGT_SLOTS]->state, PERF_EVENT_STATE_ACTIVE);
	tgt_snapshot(test, cspmu);

	for (i = 0; i <= TGT_SLOTS; i++)
		close_event(test, ev[i]);
	for (i = 0; i < TGT_SLOTS; i++)
		check_slot(test, i, 0, 0, 0);
	for (i = 0; i < 15; i++)
		KUNIT_EXPECT_EQ(test, reg0(test, PMEVFILT2R(i)), 0);
}

/* 9. What cannot be counted */

struct bad_case {
	const char	*desc;
	u32		pmiidr;
	u64		config, config1, config2, period;
	int		err;
};

static const struct bad_case bad_cases[] = {
	{ "sampling on UCF", T410_UCF, 0x1d, 0, 0, 1000, -EOPNOTSUPP },
	{ "sampling on PCIE", T410_PCIE, 0x0, 0, 0, 1, -EOPNOTSUPP },
	{ "sampling on generic", ARM_PART, 0x1, 0, 0, 100, -EOPNOTSUPP },
	{ "generic, config bit 33", ARM_PART, BIT_ULL(33), 0, 0, 0, -EINVAL },
	{ "generic, config1 bit 32", ARM_PART, 0x1, BIT_ULL(32), 0, 0,
	  -EINVAL },
};

static void bad_case_desc(const struct bad_case *c, char *desc)
{
	strscpy(desc, c->desc, KUNIT_PARAM_DESC_SIZE);
}

KUNIT_ARRAY_PARAM(bad, bad_cases, bad_case_desc);

static void cspmu_test_bad_input(struct kunit *test)
{
	const struct bad_case *c = test->param_value;
	struct cspmu *cspmu = make_pmu(test, c->pmiidr, 8, true);

	KUNIT_EXPECT_EQ(test, try_open(test, cspmu, c->config, c->config1,
				       c->config2, c->period, NULL), c->err);
}

/* Three event counters and the cycle counter: no more in one group */
static void cspmu_test_group_too_big(struct kunit *test)
{
	struct cspmu *cspmu = make_pmu(test, T410_UCF, 4, true);
	struct test_group *g = new_group(test, cspmu);
	int i;

	for (i = 0; i < 3; i++)
		KUNIT_ASSERT_EQ(test, group_join(test, g, 0x1d, 0, 0), 0);
	KUNIT_EXPECT_EQ(test, group_join(test, g, 0x1d, 0, 0), -EINVAL);
	KUNIT_ASSERT_EQ(test, group_join(test, g, CYCLES, 0, 0), 0);
	KUNIT_EXPECT_EQ(test, group_join(test, g, CYCLES, 0, 0), -EINVAL);

	group_schedule(test, g);
	for (i = 0; i < 3; i++)
		KUNIT_EXPECT_EQ(test, reg0(test, PMEVFILTR(i)), UCF_ALL);
	KUNIT_EXPECT_EQ(test, g->ev[3].hw.idx, 3);
	KUNIT_EXPECT_EQ(test, reg0(test, PMCCFILTR), UCF_ALL);
	KUNIT_EXPECT_EQ(test, reg0(test, PMCR), PMCR_E);
}

/* Whether @backend is on the core's list */
static bool backend_listed(const struct cspmu_backend *backend)
{
	struct cspmu_backend *b;
	bool found = false;

	mutex_lock(&cspmu_lock);
	list_for_each_entry(b, &cspmu_backends, node)
		found |= b == backend;
	mutex_unlock(&cspmu_lock);
	return found;
}

static void attach_works(void *unused)
{
	attach_result = 0;
}

/*
 * A backend whose registration fails is not left on the core's list (its
 * module's init fails, and the module goes away).
 */
static void cspmu_test_backend_register_fails(struct kunit *test)
{
	static struct cspmu_backend fake = {
		.implementer	= 0x7ff,	/* no part of the board's */
		.owner		= THIS_MODULE,
	};

	attach_result = -ENOMEM;
	KUNIT_ASSERT_EQ(test, 0, pmu_kunit_add_action_or_reset(test, attach_works,
							       NULL));
	KUNIT_EXPECT_EQ(test, cspmu_backend_register(&fake), -ENOMEM);
	KUNIT_EXPECT_FALSE(test, backend_listed(&fake));
	attach_works(NULL);

	/* and a working registration is listed until it unregisters */
	KUNIT_ASSERT_EQ(test, cspmu_backend_register(&fake), 0);
	KUNIT_EXPECT_TRUE(test, backend_listed(&fake));
	cspmu_backend_unregister(&fake);
	KUNIT_EXPECT_FALSE(test, backend_listed(&fake));
}

static struct kunit_case cspmu_test_cases[] = {
	KUNIT_CASE_PARAM(cspmu_test_pmcfgr, pmcfgr_gen_params),
	KUNIT_CASE_PARAM(cspmu_test_counter_map, map_gen_params),
	KUNIT_CASE(cspmu_test_counter_skips_31),
	KUNIT_CASE_PARAM(cspmu_test_counting, count_gen_params),
	KUNIT_CASE_PARAM(cspmu_test_overflow, ovf_gen_params),
	KUNIT_CASE_PARAM(cspmu_test_identify, id_gen_params),
	KUNIT_CASE_PARAM(cspmu_test_sysfs, sysfs_gen_params),
	KUNIT_CASE(cspmu_test_create_resets),
	KUNIT_CASE_PARAM(cspmu_test_filters, filter_gen_params),
	KUNIT_CASE(cspmu_test_pcie_bdf_group),
	KUNIT_CASE(cspmu_test_pcie_bdf_turns),
	KUNIT_CASE(cspmu_test_tgt_slot_sharing),
	KUNIT_CASE(cspmu_test_tgt_group_ranges),
	KUNIT_CASE(cspmu_test_tgt_slots_turns),
	KUNIT_CASE(cspmu_test_ampere_filter),
	KUNIT_CASE_PARAM(cspmu_test_bad_input, bad_gen_params),
	KUNIT_CASE(cspmu_test_group_too_big),
	KUNIT_CASE(cspmu_test_backend_register_fails),
	{}
};

static struct kunit_suite cspmu_test_suite = {
	.name		= "coresight_pmu",
	.suite_init	= cspmu_test_suite_init,
	.suite_exit	= cspmu_test_suite_exit,
	.test_cases	= cspmu_test_cases,
};

kunit_test_suite(cspmu_test_suite);

MODULE_DESCRIPTION("KUnit tests for the CoreSight PMU core and its NVIDIA backend");
MODULE_LICENSE("GPL");
MODULE_IMPORT_NS(SYSPMU_NS);
