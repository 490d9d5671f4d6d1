// SPDX-License-Identifier: GPL-2.0-only
/*
 * KUnit tests of the i.MX8 DDR PMU driver against mocked MMIO: the
 * driver's source is compiled into this module without its platform
 * driver (the loaded driver is not used), its PMU is registered with
 * perf core over a register block in plain memory, events are created
 * with perf_event_create_kernel_counter(), and the tests check what the
 * driver wrote and what perf reads back.
 *
 * Register offsets and bit positions below are taken from the hardware
 * description, not from the driver, so that the two check each other.
 */

#include "pmu_kunit_source.h"
#include "imx8_ddr_pmu.c"

#include <kunit/test.h>
#include <linux/err.h>
#include <linux/fs.h>
#include <linux/module.h>
#include <linux/perf_event.h>
#include <linux/slab.h>

#include <linux/perf/pmu_compat.h>
#include <linux/perf/syspmu.h>

#include "syspmu_kunit_util.h"

#define CNTL(n)		(0x00 + 4 * (n))
#define COUNT(n)	(0x20 + 4 * (n))
#define DPCR1		0x30
#define BYTES(n)	(0x30 + 4 * (n))
#define MUX_CNTL(n)	(0x50 + 0x10 * ((n) - 1))
#define MASK_COMP(n)	(0x54 + 0x10 * ((n) - 1))
#define REG_BYTES	0x80

#define CNTL_OVER	BIT(0)
#define CNTL_CLEAR	BIT(1)
#define CNTL_EN		BIT(2)
#define CNTL_CP(v)	((v) << 16)
#define CNTL_CSV(v)	((u32)(v) << 24)

#define EV_CYCLES	0x00
#define EV_READ		0x35
#define EV_WRITE	0x38
#define EV_READ_CYCLES	0x2a
#define EV_AXID_READ	0x41
#define EV_AXID_WRITE	0x42

struct ddr_test_ctx {
	struct syspmu	*upmu;
	/* Keep at the end: KASAN catches accesses past the block */
	u32			regs[REG_BYTES / 4];
};

static u32 reg(struct kunit *test, unsigned int off)
{
	struct ddr_test_ctx *ctx = test->priv;

	return READ_ONCE(ctx->regs[off / 4]);
}

static void set_reg(struct kunit *test, unsigned int off, u32 val)
{
	struct ddr_test_ctx *ctx = test->priv;

	WRITE_ONCE(ctx->regs[off / 4], val);
}

#define PRESET		0xf0000000u

/* The match data of @compatible */
static const struct imx8_ddr_devtype *devtype_of(const char *compatible)
{
	const struct of_device_id *id;

	for (id = imx8_ddr_pmu_of_match; id->compatible[0]; id++)
		if (!strcmp(id->compatible, compatible))
			return id->data;
	return NULL;
}

/*
 * A PMU of the kind @compatible names, over fresh registers.  Counter 0
 * reads @count0 when the driver looks at probe: PRESET where the hardware
 * takes the CP preset, 0 where it does not.
 */
static struct syspmu *make_pmu_count0(struct kunit *test,
				      const char *compatible, u32 count0)
{
	const struct imx8_ddr_devtype *devtype;
	struct ddr_test_ctx *ctx;
	struct device *dev;
	int i;

	ctx = kunit_kzalloc(test, sizeof(*ctx), GFP_KERNEL);
	KUNIT_ASSERT_NOT_NULL(test, ctx);
	test->priv = ctx;

	devtype = devtype_of(compatible);
	KUNIT_ASSERT_NOT_NULL_MSG(test, devtype, "no devtype %s", compatible);

	dev = pmu_kunit_device_register(test, "imx8_ddr_kunit");
	KUNIT_ASSERT_FALSE(test, IS_ERR(dev));
	ctx->regs[COUNT(0) / 4] = count0;
	/* what a boot loader may leave: counters running, overflowed */
	for (i = 1; i < 4; i++)
		ctx->regs[CNTL(i) / 4] = CNTL_CSV(EV_AXID_READ) | CNTL_EN |
					 CNTL_OVER;

	ctx->upmu = imx8_ddr_pmu_create(dev, (void __force __iomem *)ctx->regs,
					-1, devtype);
	KUNIT_ASSERT_FALSE_MSG(test, IS_ERR(ctx->upmu), "create: %ld",
			       PTR_ERR(ctx->upmu));
	return ctx->upmu;
}

static struct syspmu *make_pmu(struct kunit *test, const char *compatible)
{
	return make_pmu_count0(test, compatible, PRESET);
}

/* Open an event; the errno on failure, 0 and *@out on success */
static int try_open(struct kunit *test, struct syspmu *upmu, u64 config,
		    u64 config1, u64 config2, u64 period,
		    struct perf_event **out)
{
	return syspmu_kunit_try_open(test, upmu, config, config1, config2,
				     period, out);
}

static struct perf_event *open_event(struct kunit *test,
				     struct syspmu *upmu, u64 config,
				     u64 config1, u64 config2)
{
	struct perf_event *event = NULL;
	int err = try_open(test, upmu, config, config1, config2, 0, &event);

	KUNIT_ASSERT_EQ_MSG(test, err, 0, "open config %#llx", config);
	return event;
}

/* Run the interrupt handler as the interrupt would: hard IRQs off */
static irqreturn_t fire_irq(struct syspmu *upmu)
{
	return syspmu_kunit_fire_irq(imx8_ddr_pmu_irq, upmu);
}

static u64 read_count(struct perf_event *event)
{
	u64 enabled, running;

	return perf_event_read_value(event, &enabled, &running);
}

/* Read a sysfs file of the PMU; the length, or a negative errno */
static int read_pmu_file(struct kunit *test, struct syspmu *upmu,
			 const char *file, char *buf, size_t len)
{
	return syspmu_kunit_read_file(upmu, file, buf, len);
}

/* sysfs */

static void imx8_ddr_test_format_files(struct kunit *test)
{
	static const char * const expect[][2] = {
		{ "format/event",	"config:0-7\n" },
		{ "format/axi_id",	"config1:0-15\n" },
		{ "format/axi_mask",	"config1:16-31\n" },
		{ "format/axi_port",	"config2:0-2\n" },
		{ "format/axi_channel",	"config2:3-3\n" },
		{ "events/cycles",	"event=0x00\n" },
		{ "events/read",	"event=0x35\n" },
		{ "events/axid-write",	"event=0x42\n" },
	};
	struct syspmu *upmu = make_pmu(test, "fsl,imx8mq-ddr-pmu");
	char buf[64];
	int i;

	for (i = 0; i < ARRAY_SIZE(expect); i++) {
		KUNIT_ASSERT_GT(test, read_pmu_file(test, upmu, expect[i][0],
						    buf, sizeof(buf)), 0);
		KUNIT_EXPECT_STREQ_MSG(test, buf, expect[i][1], "%s",
				       expect[i][0]);
	}
}

/* Three events a compatible counts besides cycles, for the common cases */
static const u8 ddr_plain[] = { EV_READ, EV_WRITE, EV_READ_CYCLES };
static const u8 db_plain[] = { EV_AXID_READ, EV_AXID_WRITE, EV_AXID_READ };

struct caps_case {
	const char *compatible;
	const char *name;	/* PMU name before its number */
	const char *caps;	/* filter enhanced_filter super_filter */
	const char *identifier;	/* NULL: no file */
	bool all_events;	/* all 32 in events/, or cycles and axid-* */
	const u8 *plain;
};

static const struct caps_case caps_cases[] = {
	{ "fsl,imx8-ddr-pmu",	 "imx8_ddr", "000", NULL,	 true, ddr_plain },
	{ "fsl,imx8m-ddr-pmu",	 "imx8_ddr", "100", NULL,	 true, ddr_plain },
	{ "fsl,imx8mq-ddr-pmu",	 "imx8_ddr", "100", "i.MX8MQ\n",  true, ddr_plain },
	{ "fsl,imx8mm-ddr-pmu",	 "imx8_ddr", "100", "i.MX8MM\n",  true, ddr_plain },
	{ "fsl,imx8mn-ddr-pmu",	 "imx8_ddr", "100", "i.MX8MN\n",  true, ddr_plain },
	{ "fsl,imx8mp-ddr-pmu",	 "imx8_ddr", "110", "i.MX8MP\n",  true, ddr_plain },
	{ "fsl,imx8dxl-ddr-pmu", "imx8_ddr", "001", "i.MX8DXL\n", true, ddr_plain },
	{ "fsl,imx8dxl-db-pmu",	 "imx8_db",  "001", "i.MX8DXL\n", false, db_plain },
};

static void caps_case_desc(const struct caps_case *c, char *desc)
{
	strscpy(desc, c->compatible, KUNIT_PARAM_DESC_SIZE);
}

KUNIT_ARRAY_PARAM(caps, caps_cases, caps_case_desc);

/* The cases that do not depend on the filter generation run on every one */
#define every_compatible_gen_params	caps_gen_params

static const char *param_compatible(struct kunit *test)
{
	return ((const struct caps_case *)test->param_value)->compatible;
}

/* Event @i (0-2) of the three the parameter's compatible counts */
static u8 param_event(struct kunit *test, int i)
{
	return ((const struct caps_case *)test->param_value)->plain[i];
}

/* Whether the PMU's name is @prefix and a number */
static bool name_is(const char *name, const char *prefix, int *id)
{
	size_t len = strlen(prefix);

	return !strncmp(name, prefix, len) && !kstrtoint(name + len, 10, id);
}

static void imx8_ddr_test_caps_identifier(struct kunit *test)
{
	const struct caps_case *c = test->param_value;
	struct syspmu *upmu = make_pmu(test, c->compatible);
	static const char * const files[] = {
		"caps/filter", "caps/enhanced_filter", "caps/super_filter",
	};
	/* events of the DRAM controller, not of the DB's bus */
	static const char * const ddr_only[] = {
		"events/selfresh", "events/read-accesses", "events/read",
		"events/write", "events/read-cycles", "events/refresh",
		"events/raw-hazard",
	};
	char buf[32];
	int i, ret, id;

	KUNIT_EXPECT_TRUE_MSG(test, name_is(upmu->pmu.name, c->name, &id),
			      "PMU name %s", upmu->pmu.name);

	for (i = 0; i < ARRAY_SIZE(files); i++) {
		KUNIT_ASSERT_EQ(test, read_pmu_file(test, upmu, files[i], buf,
						    sizeof(buf)), 2);
		KUNIT_EXPECT_EQ_MSG(test, buf[0], c->caps[i], "%s", files[i]);
		KUNIT_EXPECT_EQ(test, buf[1], '\n');
	}

	ret = read_pmu_file(test, upmu, "identifier", buf, sizeof(buf));
	if (c->identifier)
		KUNIT_EXPECT_STREQ(test, buf, c->identifier);
	else
		KUNIT_EXPECT_EQ(test, ret, -ENOENT);

	/* cycles and the axid events everywhere, even without a filter */
	KUNIT_EXPECT_GT(test, read_pmu_file(test, upmu, "events/cycles", buf,
					    sizeof(buf)), 0);
	KUNIT_EXPECT_STREQ(test, buf, "event=0x00\n");
	KUNIT_EXPECT_GT(test, read_pmu_file(test, upmu, "events/axid-read",
					    buf, sizeof(buf)), 0);
	KUNIT_EXPECT_STREQ(test, buf, "event=0x41\n");
	KUNIT_EXPECT_GT(test, read_pmu_file(test, upmu, "events/axid-write",
					    buf, sizeof(buf)), 0);
	KUNIT_EXPECT_STREQ(test, buf, "event=0x42\n");
	for (i = 0; i < ARRAY_SIZE(ddr_only); i++) {
		ret = read_pmu_file(test, upmu, ddr_only[i], buf, sizeof(buf));
		if (c->all_events)
			KUNIT_EXPECT_GT_MSG(test, ret, 0, "%s", ddr_only[i]);
		else
			KUNIT_EXPECT_EQ_MSG(test, ret, -ENOENT, "%s",
					    ddr_only[i]);
	}
	/* all five format files on every kind */
	KUNIT_EXPECT_GT(test, read_pmu_file(test, upmu, "format/axi_port",
					    buf, sizeof(buf)), 0);
	KUNIT_EXPECT_STREQ(test, buf, "config2:0-2\n");
}

/* One more PMU of the kind @compatible, on a device and registers of its own */
static struct syspmu *make_another_pmu(struct kunit *test,
				       const char *compatible,
				       const char *dev_name)
{
	const struct imx8_ddr_devtype *devtype;
	struct syspmu *upmu;
	struct device *dev;
	u32 *regs;

	devtype = devtype_of(compatible);
	KUNIT_ASSERT_NOT_NULL(test, devtype);
	regs = kunit_kzalloc(test, REG_BYTES, GFP_KERNEL);
	KUNIT_ASSERT_NOT_NULL(test, regs);
	dev = pmu_kunit_device_register(test, dev_name);
	KUNIT_ASSERT_FALSE(test, IS_ERR(dev));
	upmu = imx8_ddr_pmu_create(dev, (void __force __iomem *)regs, -1,
				   devtype);
	KUNIT_ASSERT_FALSE_MSG(test, IS_ERR(upmu), "create: %ld",
			       PTR_ERR(upmu));
	return upmu;
}

/*
 * imx8_db<N> and imx8_ddr<N> are numbered apart: a DDR PMU created
 * between two DB PMUs takes no DB number.
 */
static void imx8_ddr_test_db_numbered_apart(struct kunit *test)
{
	struct syspmu *first, *ddr, *second;
	int a, b, c;

	first = make_pmu(test, "fsl,imx8dxl-db-pmu");
	ddr = make_another_pmu(test, "fsl,imx8dxl-ddr-pmu", "imx8_ddr_kunit_1");
	second = make_another_pmu(test, "fsl,imx8dxl-db-pmu", "imx8_ddr_kunit_2");

	KUNIT_ASSERT_TRUE(test, name_is(first->pmu.name, "imx8_db", &a));
	KUNIT_ASSERT_TRUE(test, name_is(ddr->pmu.name, "imx8_ddr", &b));
	KUNIT_ASSERT_TRUE(test, name_is(second->pmu.name, "imx8_db", &c));
	KUNIT_EXPECT_EQ_MSG(test, c, a + 1, "%s, %s, %s", first->pmu.name,
			    ddr->pmu.name, second->pmu.name);
	/* the same identifier as the i.MX8DXL DDR PMU */
	KUNIT_EXPECT_STREQ(test, first->identifier, ddr->identifier);
}

/* event_init */

struct init_case {
	const char *desc;
	const char *compatible;
	u64 config, config1, config2, period;
	int err;
};

static const struct init_case init_cases[] = {
	{ "cycles", "fsl,imx8mq-ddr-pmu", EV_CYCLES, 0, 0, 0, 0 },
	{ "read", "fsl,imx8mq-ddr-pmu", EV_READ, 0, 0, 0, 0 },
	{ "unlisted CSV code", "fsl,imx8mq-ddr-pmu", 0xfe, 0, 0, 0, 0 },
	{ "sampling", "fsl,imx8mq-ddr-pmu", EV_READ, 0, 0, 1000, -EOPNOTSUPP },
	{ "config bit 8", "fsl,imx8mq-ddr-pmu", 0x100 | EV_READ, 0, 0, 0, -EINVAL },
	{ "config bit 63", "fsl,imx8mq-ddr-pmu", BIT_ULL(63), 0, 0, 0, -EINVAL },
	{ "config1 bit 32", "fsl,imx8mq-ddr-pmu", EV_AXID_READ, BIT_ULL(32), 0, 0, -EINVAL },
	{ "config2 bit 4", "fsl,imx8dxl-ddr-pmu", EV_AXID_READ, 0, BIT(4), 0, -EINVAL },
	{ "filter on read", "fsl,imx8mq-ddr-pmu", EV_READ, 0x12, 0, 0, -EINVAL },
	{ "axi_id on axid-read", "fsl,imx8mq-ddr-pmu", EV_AXID_READ, 0x12, 0, 0, 0 },
	{ "channel on shared filter", "fsl,imx8mp-ddr-pmu", EV_AXID_READ, 0x12, 0x8, 0, -EINVAL },
	{ "axid without filter", "fsl,imx8-ddr-pmu", EV_AXID_READ, 0, 0, 0, -EOPNOTSUPP },
	{ "axi_port 1", "fsl,imx8dxl-ddr-pmu", EV_AXID_READ, 0x12, 0x1, 0, -EINVAL },
	{ "axi_channel 1", "fsl,imx8dxl-ddr-pmu", EV_AXID_WRITE, 0x12, 0x8, 0, 0 },
	{ "cycles", "fsl,imx8dxl-db-pmu", EV_CYCLES, 0, 0, 0, 0 },
	{ "axid-read port 0", "fsl,imx8dxl-db-pmu", EV_AXID_READ, 0x12, 0, 0, 0 },
	{ "axid-read port 7", "fsl,imx8dxl-db-pmu", EV_AXID_READ, 0x12, 0x7, 0, 0 },
	{ "axid-write port 5 address", "fsl,imx8dxl-db-pmu", EV_AXID_WRITE, 0, 0xd, 0, 0 },
	{ "config2 bit 4", "fsl,imx8dxl-db-pmu", EV_AXID_READ, 0, BIT(4), 0, -EINVAL },
	{ "read (hidden)", "fsl,imx8dxl-db-pmu", EV_READ, 0, 0, 0, -EOPNOTSUPP },
	{ "selfresh (hidden)", "fsl,imx8dxl-db-pmu", 0x01, 0, 0, 0, -EOPNOTSUPP },
	{ "unlisted CSV code", "fsl,imx8dxl-db-pmu", 0xfe, 0, 0, 0, -EOPNOTSUPP },
	{ "filter on cycles", "fsl,imx8dxl-db-pmu", EV_CYCLES, 0x12, 0, 0, -EINVAL },
	{ "port on cycles", "fsl,imx8dxl-db-pmu", EV_CYCLES, 0, 0x1, 0, -EINVAL },
	{ "sampling", "fsl,imx8dxl-db-pmu", EV_AXID_READ, 0, 0, 1000, -EOPNOTSUPP },
	{ "config bit 8", "fsl,imx8dxl-db-pmu", 0x100 | EV_AXID_READ, 0, 0, 0, -EINVAL },
};

static void init_case_desc(const struct init_case *c, char *desc)
{
	snprintf(desc, KUNIT_PARAM_DESC_SIZE, "%s on %s", c->desc,
		 c->compatible + 4);
}

KUNIT_ARRAY_PARAM(init, init_cases, init_case_desc);

static void imx8_ddr_test_event_init(struct kunit *test)
{
	const struct init_case *c = test->param_value;
	struct syspmu *upmu = make_pmu(test, c->compatible);

	KUNIT_EXPECT_EQ(test, try_open(test, upmu, c->config, c->config1,
				       c->config2, c->period, NULL), c->err);
}

static void imx8_ddr_test_foreign_type(struct kunit *test)
{
	struct syspmu *upmu = make_pmu(test, param_compatible(test));
	struct perf_event *event = kunit_kzalloc(test, sizeof(*event),
						 GFP_KERNEL);

	KUNIT_ASSERT_NOT_NULL(test, event);
	/* perf core offers events of other types to every PMU */
	event->attr.type = PERF_TYPE_RAW;
	event->attr.size = sizeof(event->attr);
	event->pmu = &upmu->pmu;
	KUNIT_EXPECT_EQ(test, upmu->pmu.event_init(event), -ENOENT);
}

/* Counting */

static void imx8_ddr_test_cycles_heartbeat(struct kunit *test)
{
	struct syspmu *upmu = make_pmu(test, param_compatible(test));
	struct perf_event *ev;

	/* quiesced at probe: held, not counting */
	KUNIT_EXPECT_EQ(test, reg(test, CNTL(0)) & CNTL_EN, 0);

	ev = open_event(test, upmu, param_event(test, 0), 0, 0);
	/* counter 0 runs, with the 0xf0 preset, as soon as anything counts */
	KUNIT_EXPECT_EQ(test, reg(test, CNTL(0)),
			CNTL_EN | CNTL_CLEAR | CNTL_CP(0xf0));
	KUNIT_EXPECT_EQ(test, reg(test, CNTL(1)),
			CNTL_CSV(param_event(test, 0)) | CNTL_EN | CNTL_CLEAR);

	perf_event_disable(ev);
	KUNIT_EXPECT_EQ(test, reg(test, CNTL(0)) & (CNTL_EN | CNTL_CLEAR),
			CNTL_CLEAR);
	KUNIT_EXPECT_EQ(test, reg(test, CNTL(1)) & (CNTL_EN | CNTL_CLEAR),
			CNTL_CLEAR);
}

static void imx8_ddr_test_counter_allocation(struct kunit *test)
{
	struct syspmu *upmu = make_pmu(test, param_compatible(test));
	int i;

	open_event(test, upmu, EV_CYCLES, 0, 0);
	for (i = 0; i < 3; i++)
		open_event(test, upmu, param_event(test, i), 0, 0);
	for (i = 0; i < 3; i++)
		KUNIT_EXPECT_EQ(test, reg(test, CNTL(i + 1)) >> 24,
				param_event(test, i));
	KUNIT_EXPECT_EQ(test, bitmap_weight(upmu->used_mask, 4), 4);
}

/*
 * Counters 1-3 start from 0 when enabled and are read as COUNT plus OVER
 * as bit 32: a counter that wrapped once reads on from 2^32, whatever
 * order OVER and COUNT change in between two reads.
 */
struct wrap_case {
	const char *desc;
	u32 count[4];
	bool over[4];
	u64 expect;
};

static const struct wrap_case wrap_cases[] = {
	{ "no wrap", { 10, 20, 30, 40 }, { }, 40 },
	{ "wrap between reads", { 0xfffffff0, 0x10, 0x20, 0x30 },
	  { false, true, true, true }, 0x100000030 },
	{ "exactly 2^32", { 0x80000000, 0xffffffff, 0, 0 },
	  { false, false, true, true }, 0x100000000 },
	{ "wrapped before the first read", { 5, 6, 7, 8 },
	  { true, true, true, true }, 0x100000008 },
};

static void wrap_case_desc(const struct wrap_case *c, char *desc)
{
	strscpy(desc, c->desc, KUNIT_PARAM_DESC_SIZE);
}

KUNIT_ARRAY_PARAM(wrap, wrap_cases, wrap_case_desc);

static void imx8_ddr_test_wrap_accumulation(struct kunit *test)
{
	const struct wrap_case *c = test->param_value;
	struct syspmu *upmu = make_pmu(test, "fsl,imx8mq-ddr-pmu");
	struct perf_event *ev;
	int i;

	ev = open_event(test, upmu, EV_READ, 0, 0);
	for (i = 0; i < ARRAY_SIZE(c->count); i++) {
		set_reg(test, COUNT(1), c->count[i]);
		set_reg(test, CNTL(1), (reg(test, CNTL(1)) & ~CNTL_OVER) |
			(c->over[i] ? CNTL_OVER : 0));
		read_count(ev);
	}
	KUNIT_EXPECT_EQ(test, read_count(ev), c->expect);
}

/*
 * Counter 0 restarts from the 0xf0000000 preset and reads drop the
 * preset: at overflow it locks at 0 with OVER set, the interrupt harvests
 * every counter, clears counters 1-3 and restarts counter 0.
 */
static void imx8_ddr_test_overflow_irq(struct kunit *test)
{
	struct syspmu *upmu = make_pmu(test, param_compatible(test));
	struct perf_event *cyc, *rd;

	cyc = open_event(test, upmu, EV_CYCLES, 0, 0);
	rd = open_event(test, upmu, param_event(test, 0), 0, 0);
	set_reg(test, COUNT(0), PRESET + 100);
	set_reg(test, COUNT(1), 7);

	/* not ours: counter 0 did not overflow */
	KUNIT_EXPECT_EQ(test, fire_irq(upmu), IRQ_NONE);
	KUNIT_EXPECT_EQ(test, read_count(cyc), 100);

	/* counter 0 wrapped and locked; counter 1 moved to 1007 */
	set_reg(test, COUNT(0), 0);
	set_reg(test, CNTL(0), reg(test, CNTL(0)) | CNTL_OVER);
	set_reg(test, COUNT(1), 1007);
	KUNIT_EXPECT_EQ(test, fire_irq(upmu), IRQ_HANDLED);
	KUNIT_EXPECT_EQ(test, reg(test, CNTL(0)),
			CNTL_EN | CNTL_CLEAR | CNTL_CP(0xf0));
	KUNIT_EXPECT_EQ(test, reg(test, CNTL(1)),
			CNTL_CSV(param_event(test, 0)) | CNTL_EN | CNTL_CLEAR);

	/* the hardware restarted counter 0 and cleared counter 1 */
	set_reg(test, COUNT(0), PRESET + 50);
	set_reg(test, COUNT(1), 3);
	KUNIT_EXPECT_EQ(test, read_count(cyc), (1ULL << 28) + 50);
	KUNIT_EXPECT_EQ(test, read_count(rd), 1010);
}

/* Without the preset, counter 0 runs whole 2^32-cycle periods */
static void imx8_ddr_test_no_preset(struct kunit *test)
{
	struct syspmu *upmu = make_pmu_count0(test, "fsl,imx8-ddr-pmu", 0);
	struct perf_event *cyc;

	cyc = open_event(test, upmu, EV_CYCLES, 0, 0);
	set_reg(test, COUNT(0), 0xfffffff0);
	KUNIT_EXPECT_EQ(test, read_count(cyc), 0xfffffff0);
	set_reg(test, COUNT(0), 0);
	set_reg(test, CNTL(0), reg(test, CNTL(0)) | CNTL_OVER);
	KUNIT_EXPECT_EQ(test, fire_irq(upmu), IRQ_HANDLED);
	set_reg(test, COUNT(0), 16);
	KUNIT_EXPECT_EQ(test, read_count(cyc), (1ULL << 32) + 16);
}

/*
 * Stopped while counter 0 is locked: the period is counted once, and the
 * interrupt, not the stop, releases the lock (a clear, without EN).
 */
static void imx8_ddr_test_stop_while_locked(struct kunit *test)
{
	struct syspmu *upmu = make_pmu(test, param_compatible(test));
	struct perf_event *cyc;

	cyc = open_event(test, upmu, EV_CYCLES, 0, 0);
	set_reg(test, COUNT(0), PRESET + 10);
	KUNIT_EXPECT_EQ(test, read_count(cyc), 10);

	set_reg(test, COUNT(0), 0);
	set_reg(test, CNTL(0), reg(test, CNTL(0)) | CNTL_OVER);
	perf_event_disable(cyc);
	KUNIT_EXPECT_EQ(test, read_count(cyc), 1ULL << 28);
	KUNIT_EXPECT_TRUE(test, reg(test, CNTL(0)) & CNTL_OVER);

	KUNIT_EXPECT_EQ(test, fire_irq(upmu), IRQ_HANDLED);
	KUNIT_EXPECT_EQ(test, reg(test, CNTL(0)), CNTL_CLEAR | CNTL_CP(0xf0));
	KUNIT_EXPECT_EQ(test, read_count(cyc), 1ULL << 28);
}

/*
 * What a boot loader left running or overflowed (make_pmu_count0() fills
 * the controls so) is stopped and cleared at probe.
 */
static void imx8_ddr_test_probe_clears(struct kunit *test)
{
	int n;

	make_pmu(test, param_compatible(test));
	for (n = 1; n < 4; n++)
		KUNIT_EXPECT_EQ_MSG(test, reg(test, CNTL(n)), CNTL_CLEAR,
				    "counter %d", n);
	KUNIT_EXPECT_EQ(test, reg(test, CNTL(0)), CNTL_CLEAR | CNTL_CP(0xf0));
}

static void imx8_ddr_test_shared_filter(struct kunit *test)
{
	struct syspmu *upmu = make_pmu(test, "fsl,imx8mq-ddr-pmu");
	struct perf_event *rd, *wr, *other;

	/* user mask: bits to ignore; DPCR1[31:16]: bits to compare */
	rd = open_event(test, upmu, EV_AXID_READ, 0x000f0012, 0);
	KUNIT_EXPECT_EQ(test, reg(test, DPCR1), 0xfff00012);
	KUNIT_EXPECT_EQ(test, reg(test, CNTL(1)) >> 24, EV_AXID_READ);

	/* same setting: shares it */
	wr = open_event(test, upmu, EV_AXID_WRITE, 0x000f0012, 0);
	KUNIT_EXPECT_EQ(test, reg(test, CNTL(2)) >> 24, EV_AXID_WRITE);
	KUNIT_EXPECT_EQ(test, wr->state, PERF_EVENT_STATE_ACTIVE);

	/*
	 * Another setting opens (no EBUSY) and takes turns with them
	 * (perf core rotates, so which one counts now is not checked):
	 * once they stop, it gets DPCR1.
	 */
	other = open_event(test, upmu, EV_AXID_WRITE, 0x13, 0);
	perf_event_disable(rd);
	perf_event_disable(wr);
	perf_event_disable(other);
	perf_event_enable(other);
	KUNIT_EXPECT_EQ(test, other->state, PERF_EVENT_STATE_ACTIVE);
	KUNIT_EXPECT_EQ(test, reg(test, DPCR1), 0xffff0013);
}

static void imx8_ddr_test_shared_filter_released(struct kunit *test)
{
	struct syspmu *upmu = make_pmu(test, "fsl,imx8mm-ddr-pmu");
	struct perf_event_attr attr = {
		.type = upmu->pmu.type,
		.size = sizeof(attr),
		.config = EV_AXID_READ,
		.config1 = 0x12,
	};
	struct perf_event *ev;

	ev = perf_event_create_kernel_counter(&attr, upmu->cpu, NULL, NULL,
					      NULL);
	KUNIT_ASSERT_FALSE(test, IS_ERR(ev));
	perf_event_release_kernel(ev);

	open_event(test, upmu, EV_AXID_READ, 0x13, 0);
	KUNIT_EXPECT_EQ(test, reg(test, DPCR1), 0xffff0013);
}

static void imx8_ddr_test_enhanced_bytes(struct kunit *test)
{
	struct syspmu *upmu = make_pmu(test, "fsl,imx8mp-ddr-pmu");
	struct perf_event *bytes, *bursts;

	bytes = open_event(test, upmu, EV_AXID_READ, 0x5, 0);
	bursts = open_event(test, upmu, EV_READ, 0, 0);
	set_reg(test, BYTES(1), 6400);
	set_reg(test, COUNT(1), 100);
	set_reg(test, COUNT(2), 9);
	KUNIT_EXPECT_EQ(test, read_count(bytes), 6400);
	KUNIT_EXPECT_EQ(test, read_count(bursts), 9);
}

struct super_case {
	const char *desc;
	const char *compatible;
	u64 config, config1, config2;
	u32 mask_comp, mux;
};

/*
 * MUX_CNTL: read port [2:0], read data channel bit 3, write port [10:8],
 * write data channel bit 11; axi_channel 1 (address) clears the bit.
 */
static const struct super_case super_cases[] = {
	{ "read data", "fsl,imx8dxl-ddr-pmu", EV_AXID_READ, 0x12, 0,
	  0xffff0012, BIT(3) },
	{ "read address", "fsl,imx8dxl-ddr-pmu", EV_AXID_READ, 0x12, 0x8,
	  0xffff0012, 0 },
	{ "write data", "fsl,imx8dxl-ddr-pmu", EV_AXID_WRITE, 0x000300a0, 0,
	  0xfffc00a0, BIT(11) },
	{ "write address", "fsl,imx8dxl-ddr-pmu", EV_AXID_WRITE, 0x000300a0,
	  0x8, 0xfffc00a0, 0 },
	{ "DB read port 0 data", "fsl,imx8dxl-db-pmu", EV_AXID_READ, 0x12, 0,
	  0xffff0012, BIT(3) },
	{ "DB read port 5 data", "fsl,imx8dxl-db-pmu", EV_AXID_READ, 0x12, 0x5,
	  0xffff0012, 0x5 | BIT(3) },
	{ "DB read port 7 address", "fsl,imx8dxl-db-pmu", EV_AXID_READ, 0,
	  0xf, 0xffff0000, 0x7 },
	{ "DB write port 6 data", "fsl,imx8dxl-db-pmu", EV_AXID_WRITE,
	  0xffff0000, 0x6, 0x00000000, 0x600 | BIT(11) },
	{ "DB write port 3 address", "fsl,imx8dxl-db-pmu", EV_AXID_WRITE,
	  0x000300a0, 0xb, 0xfffc00a0, 0x300 },
	{ "DB write port 0 address", "fsl,imx8dxl-db-pmu", EV_AXID_WRITE, 0x1,
	  0x8, 0xffff0001, 0 },
};

static void super_case_desc(const struct super_case *c, char *desc)
{
	strscpy(desc, c->desc, KUNIT_PARAM_DESC_SIZE);
}

KUNIT_ARRAY_PARAM(super, super_cases, super_case_desc);

static void imx8_ddr_test_super_filter(struct kunit *test)
{
	const struct super_case *c = test->param_value;
	struct syspmu *upmu = make_pmu(test, c->compatible);

	/* counter 1 taken by another ID and port: filters are per counter */
	open_event(test, upmu, EV_AXID_READ, 0x77, 0);
	open_event(test, upmu, c->config, c->config1, c->config2);
	KUNIT_EXPECT_EQ(test, reg(test, MASK_COMP(1)), 0xffff0077);
	KUNIT_EXPECT_EQ(test, reg(test, MUX_CNTL(1)), BIT(3));
	KUNIT_EXPECT_EQ(test, reg(test, MASK_COMP(2)), c->mask_comp);
	KUNIT_EXPECT_EQ(test, reg(test, MUX_CNTL(2)), c->mux);
	KUNIT_EXPECT_EQ(test, reg(test, CNTL(2)) >> 24, c->config);
	/* the shared DPCR1 is left alone */
	KUNIT_EXPECT_EQ(test, reg(test, DPCR1), 0);
}

/* The filter counter @ev->hw.idx holds is @mux and @mask_comp */
static void expect_filter(struct kunit *test, struct perf_event *ev,
			  u32 mux, u32 mask_comp)
{
	int idx = ev->hw.idx;

	KUNIT_ASSERT_EQ(test, ev->state, PERF_EVENT_STATE_ACTIVE);
	KUNIT_ASSERT_GE(test, idx, 1);
	KUNIT_ASSERT_LE(test, idx, 3);
	KUNIT_EXPECT_EQ_MSG(test, reg(test, CNTL(idx)) >> 24, ev->attr.config,
			    "counter %d", idx);
	KUNIT_EXPECT_EQ_MSG(test, reg(test, MUX_CNTL(idx)), mux, "counter %d",
			    idx);
	KUNIT_EXPECT_EQ_MSG(test, reg(test, MASK_COMP(idx)), mask_comp,
			    "counter %d", idx);
}

/*
 * Three ports at once on the DB, one per counter: each counter's filter
 * is its event's, and when the events move between counters (perf core
 * schedules them again), the filters move with them.
 */
static void imx8_ddr_test_db_three_ports(struct kunit *test)
{
	struct syspmu *upmu = make_pmu(test, "fsl,imx8dxl-db-pmu");
	struct perf_event *p1, *p2, *p4, *p7;

	p1 = open_event(test, upmu, EV_AXID_READ, 0xffff0000, 0x1);
	p2 = open_event(test, upmu, EV_AXID_WRITE, 0xffff0000, 0x2);
	p4 = open_event(test, upmu, EV_AXID_READ, 0x00ff0040, 0xc);
	expect_filter(test, p1, 0x1 | BIT(3), 0);
	expect_filter(test, p2, 0x200 | BIT(11), 0);
	expect_filter(test, p4, 0x4, 0xff000040);

	/* a fourth needs a counter: it gets one once p1 is off */
	perf_event_disable(p1);
	p7 = open_event(test, upmu, EV_AXID_WRITE, 0x5, 0xf);
	expect_filter(test, p7, 0x700, 0xffff0005);
	expect_filter(test, p2, 0x200 | BIT(11), 0);
	expect_filter(test, p4, 0x4, 0xff000040);
}

static struct kunit_case imx8_ddr_pmu_cases[] = {
	KUNIT_CASE(imx8_ddr_test_format_files),
	KUNIT_CASE_PARAM(imx8_ddr_test_caps_identifier, caps_gen_params),
	KUNIT_CASE(imx8_ddr_test_db_numbered_apart),
	KUNIT_CASE_PARAM(imx8_ddr_test_event_init, init_gen_params),
	KUNIT_CASE_PARAM(imx8_ddr_test_foreign_type, every_compatible_gen_params),
	KUNIT_CASE_PARAM(imx8_ddr_test_cycles_heartbeat, every_compatible_gen_params),
	KUNIT_CASE_PARAM(imx8_ddr_test_counter_allocation, every_compatible_gen_params),
	KUNIT_CASE_PARAM(imx8_ddr_test_wrap_accumulation, wrap_gen_params),
	KUNIT_CASE_PARAM(imx8_ddr_test_overflow_irq, every_compatible_gen_params),
	KUNIT_CASE(imx8_ddr_test_no_preset),
	KUNIT_CASE_PARAM(imx8_ddr_test_stop_while_locked, every_compatible_gen_params),
	KUNIT_CASE_PARAM(imx8_ddr_test_probe_clears, every_compatible_gen_params),
	KUNIT_CASE(imx8_ddr_test_shared_filter),
	KUNIT_CASE(imx8_ddr_test_shared_filter_released),
	KUNIT_CASE(imx8_ddr_test_enhanced_bytes),
	KUNIT_CASE_PARAM(imx8_ddr_test_super_filter, super_gen_params),
	KUNIT_CASE(imx8_ddr_test_db_three_ports),
	{}
};

/*
 * The board's i.MX8 PMUs, unbound while the suite runs: this module's
 * PMUs are numbered from 0 too, and two PMUs cannot have one name.
 */
static struct device *borrowed[32];

static int imx8_ddr_suite_init(struct kunit_suite *suite)
{
	syspmu_kunit_borrow("imx8-ddr-pmu", borrowed, ARRAY_SIZE(borrowed));
	return 0;
}

static void imx8_ddr_suite_exit(struct kunit_suite *suite)
{
	syspmu_kunit_give_back(borrowed, ARRAY_SIZE(borrowed));
}

static struct kunit_suite imx8_ddr_pmu_suite = {
	.name		= "imx8_ddr_pmu",
	.suite_init	= imx8_ddr_suite_init,
	.suite_exit	= imx8_ddr_suite_exit,
	.test_cases	= imx8_ddr_pmu_cases,
};

kunit_test_suite(imx8_ddr_pmu_suite);

MODULE_DESCRIPTION("KUnit tests for the i.MX8 DDR PMU driver");
MODULE_LICENSE("GPL");
MODULE_IMPORT_NS(SYSPMU_NS);
