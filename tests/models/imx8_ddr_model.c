// SPDX-License-Identifier: GPL-2.0-only
/*
 * Model of the i.MX8 DDR performance monitor, one per device the board
 * describes: an i.MX8MQ-like one with the shared AXI filter, an
 * i.MX8MP-like one with the enhanced filter and byte counters, an
 * i.MX8DXL-like one with the per-counter super filter, and a plain i.MX8
 * one with no filter.
 *
 * Traffic is injected through debugfs as bursts: a burst of S bytes on the
 * 64-bit DRAM interface takes ceil(S / 8) cycles (its data beats), so no
 * counter ever advances faster than counter 0.
 *
 * The model follows the hardware contract the driver relies on:
 * - CNTL.CLEAR is active low; a counter held in clear reads 0 and, when
 *   released, restarts from its preset: CNTL.CP in the top byte for
 *   counter 0, zero for the others.
 * - counter 0 counts cycles while enabled and gates the others; when it
 *   wraps it sets CNTL0.OVER, locks every counter and raises the interrupt.
 *   The lock holds until the driver rewrites CNTL0, which clears and
 *   restarts counter 0.
 * - counters 1-3 wrap and set their CNTL.OVER.
 * Since register writes cannot be trapped, the model samples CNTL levels
 * at each step (see pmu_model.h); a clear that began and ended between
 * two steps is not seen, which the driver's free-running counters allow.
 */

#include <linux/bitfield.h>
#include <linux/bits.h>
#include <linux/math64.h>
#include <linux/module.h>
#include <linux/sizes.h>

#include "pmu_model.h"

#define DDR_CNTL(n)		(0x00 + 4 * (n))
#define   DDR_CNTL_OVER		BIT(0)
#define   DDR_CNTL_CLEAR	BIT(1)
#define   DDR_CNTL_EN		BIT(2)
#define   DDR_CNTL_CP		GENMASK(23, 16)
#define   DDR_CNTL_CSV		GENMASK(31, 24)
#define DDR_COUNT(n)		(0x20 + 4 * (n))
#define DDR_DPCR1		0x30
#define DDR_BYTES(n)		(0x30 + 4 * (n))
#define DDR_MUX_CNTL(n)		(0x50 + 0x10 * ((n) - 1))
#define   DDR_MUX_RD_PORT	GENMASK(2, 0)
#define   DDR_MUX_RD_DATA	BIT(3)
#define   DDR_MUX_WR_PORT	GENMASK(10, 8)
#define   DDR_MUX_WR_DATA	BIT(11)
#define DDR_MASK_COMP(n)	(0x54 + 0x10 * ((n) - 1))
/* ID in [15:0], bits to compare in [31:16], for DPCR1 and MASK_COMP */
#define   DDR_FILTER_ID		GENMASK(15, 0)
#define   DDR_FILTER_MASK	GENMASK(31, 16)

#define DDR_COUNTERS		4
#define DDR_BUS_BYTES		8

enum ddr_filter { NO_FILTER, FILTER, ENHANCED_FILTER, SUPER_FILTER };

/* What one CSV counts */
enum ddr_measure {
	COUNT_NOTHING,
	COUNT_READ_BURSTS,
	COUNT_WRITE_BURSTS,
	COUNT_READ_BEATS,
	COUNT_WRITE_BEATS,
	COUNT_AXID_READ,
	COUNT_AXID_WRITE,
};

static const struct {
	u8 csv;
	enum ddr_measure what;
} ddr_csv_table[] = {
	{ 0x04, COUNT_READ_BURSTS },	/* read-accesses */
	{ 0x05, COUNT_WRITE_BURSTS },	/* write-accesses */
	{ 0x20, COUNT_READ_BURSTS },	/* read-command */
	{ 0x21, COUNT_WRITE_BURSTS },	/* write-command */
	{ 0x2a, COUNT_READ_BEATS },	/* read-cycles */
	{ 0x2b, COUNT_WRITE_BEATS },	/* write-cycles */
	{ 0x35, COUNT_READ_BURSTS },	/* read */
	{ 0x38, COUNT_WRITE_BURSTS },	/* write */
	{ 0x41, COUNT_AXID_READ },	/* axid-read */
	{ 0x42, COUNT_AXID_WRITE },	/* axid-write */
};

struct ddr_model_desc {
	const char	*compatible;
	const char	*name;
	enum ddr_filter	filter;
};

static const struct ddr_model_desc ddr_model_descs[] = {
	{ "fsl,imx8mq-ddr-pmu",  "imx8mq",  FILTER },
	{ "fsl,imx8mp-ddr-pmu",  "imx8mp",  ENHANCED_FILTER },
	{ "fsl,imx8dxl-ddr-pmu", "imx8dxl", SUPER_FILTER },
	{ "fsl,imx8-ddr-pmu",    "imx8",    NO_FILTER },
};

/* A stream of equal bursts, or of idle cycles when @count is 0 */
struct ddr_traffic {
	bool	write;
	u64	count;
	u32	id;
	u32	port;
	u32	bytes;
	u64	cycles;		/* total length of the stream */
	u64	done;		/* cycles of it already elapsed */
};

struct ddr_model {
	const struct ddr_model_desc	*desc;
	struct pmu_model		*m;
	u32				value[DDR_COUNTERS];
	u32				bytes[DDR_COUNTERS];
	bool				cleared[DDR_COUNTERS];
	bool				locked;
	/* exact totals since the last reset */
	u64				cycles;
	u64				read_bursts, write_bursts;
	u64				read_bytes, write_bytes;
	u64				counted[DDR_COUNTERS];
	u64				counted_bytes[DDR_COUNTERS];
	u8				csv_seen[DDR_COUNTERS];
};

static struct ddr_model ddr_models[ARRAY_SIZE(ddr_model_descs)];

static enum ddr_measure ddr_measure_of(u8 csv)
{
	int i;

	for (i = 0; i < ARRAY_SIZE(ddr_csv_table); i++)
		if (ddr_csv_table[i].csv == csv)
			return ddr_csv_table[i].what;
	return COUNT_NOTHING;
}

static void ddr_write_value(struct ddr_model *d, int n)
{
	pmu_model_write(d->m, DDR_COUNT(n), d->value[n]);
	if (n && d->desc->filter == ENHANCED_FILTER)
		pmu_model_write(d->m, DDR_BYTES(n), d->bytes[n]);
}

/* Apply the CLEAR levels and the lock release the driver has written */
static void ddr_sample_controls(struct ddr_model *d)
{
	u32 cntl0 = pmu_model_read(d->m, DDR_CNTL(0));
	int n;

	if (d->locked && !(cntl0 & DDR_CNTL_OVER)) {
		/* only a clear-and-restart of counter 0 releases the lock */
		d->locked = false;
		d->cleared[0] = true;
	}

	for (n = 0; n < DDR_COUNTERS; n++) {
		u32 cntl = pmu_model_read(d->m, DDR_CNTL(n));

		if (!(cntl & DDR_CNTL_CLEAR)) {
			d->cleared[n] = true;
			d->value[n] = 0;
			d->bytes[n] = 0;
		} else if (d->cleared[n]) {
			d->cleared[n] = false;
			d->value[n] = n ? 0 : FIELD_GET(DDR_CNTL_CP, cntl) << 24;
			d->bytes[n] = 0;
		} else {
			continue;
		}
		ddr_write_value(d, n);
	}
}

static bool ddr_running(struct ddr_model *d)
{
	u32 cntl0 = pmu_model_read(d->m, DDR_CNTL(0));

	return !d->locked && (cntl0 & DDR_CNTL_EN) && (cntl0 & DDR_CNTL_CLEAR);
}

static bool ddr_id_matches(u32 filter, u32 id)
{
	u32 compare = FIELD_GET(DDR_FILTER_MASK, filter);

	return (id & compare) == (FIELD_GET(DDR_FILTER_ID, filter) & compare);
}

/*
 * How much an AXI-filtered counter adds when @t moves @bursts bursts
 * and @beats data beats; @bytes gets the byte count for the byte bank.
 */
static u64 ddr_axid_increment(struct ddr_model *d, int n,
			      const struct ddr_traffic *t, u64 bursts,
			      u64 beats, u64 *bytes)
{
	u32 filter, mux;
	bool data;

	*bytes = 0;
	switch (d->desc->filter) {
	case NO_FILTER:
		return 0;
	case FILTER:
	case ENHANCED_FILTER:
		if (!ddr_id_matches(pmu_model_read(d->m, DDR_DPCR1), t->id))
			return 0;
		*bytes = bursts * t->bytes;
		return bursts;
	case SUPER_FILTER:
		filter = pmu_model_read(d->m, DDR_MASK_COMP(n));
		mux = pmu_model_read(d->m, DDR_MUX_CNTL(n));
		if (!ddr_id_matches(filter, t->id))
			return 0;
		if (t->write) {
			if (FIELD_GET(DDR_MUX_WR_PORT, mux) != t->port)
				return 0;
			data = mux & DDR_MUX_WR_DATA;
		} else {
			if (FIELD_GET(DDR_MUX_RD_PORT, mux) != t->port)
				return 0;
			data = mux & DDR_MUX_RD_DATA;
		}
		/* the address channel sees a burst once, the data channel per beat */
		return data ? beats : bursts;
	}
	return 0;
}

static u64 ddr_increment(struct ddr_model *d, int n, const struct ddr_traffic *t,
			 u64 bursts, u64 beats, u64 *bytes)
{
	u8 csv = FIELD_GET(DDR_CNTL_CSV, pmu_model_read(d->m, DDR_CNTL(n)));

	*bytes = 0;
	d->csv_seen[n] = csv;
	if (!t->count)
		return 0;

	switch (ddr_measure_of(csv)) {
	case COUNT_READ_BURSTS:
		return t->write ? 0 : bursts;
	case COUNT_WRITE_BURSTS:
		return t->write ? bursts : 0;
	case COUNT_READ_BEATS:
		return t->write ? 0 : beats;
	case COUNT_WRITE_BEATS:
		return t->write ? beats : 0;
	case COUNT_AXID_READ:
		return t->write ? 0 : ddr_axid_increment(d, n, t, bursts, beats,
							 bytes);
	case COUNT_AXID_WRITE:
		return t->write ? ddr_axid_increment(d, n, t, bursts, beats,
						     bytes) : 0;
	default:
		return 0;
	}
}

/* Add @inc to a 32-bit counter; true if it wrapped */
static bool ddr_add32(u32 *counter, u64 inc)
{
	u64 sum = (u64)*counter + inc;

	*counter = lower_32_bits(sum);
	return sum > U32_MAX;
}

struct ddr_step {
	struct ddr_model	*d;
	struct ddr_traffic	*t;
	bool			overflowed;
};

/*
 * One step: let @t run until it ends or counter 0 overflows.  Runs on the
 * PMU's CPU with interrupts off.
 */
static void ddr_model_step(void *arg)
{
	struct ddr_step *step = arg;
	struct ddr_model *d = step->d;
	struct ddr_traffic *t = step->t;
	u64 span, beats_per_burst, bursts, bytes, inc;
	int n;

	ddr_sample_controls(d);

	span = t->cycles - t->done;
	if (ddr_running(d))
		span = min_t(u64, span, BIT_ULL(32) - d->value[0]);

	bursts = 0;
	if (t->count) {
		beats_per_burst = t->cycles / t->count;
		bursts = div64_u64(t->done + span, beats_per_burst) -
			 div64_u64(t->done, beats_per_burst);
	}
	t->done += span;
	d->cycles += span;
	if (t->write) {
		d->write_bursts += bursts;
		d->write_bytes += bursts * t->bytes;
	} else {
		d->read_bursts += bursts;
		d->read_bytes += bursts * t->bytes;
	}

	if (!ddr_running(d))
		return;

	for (n = 1; n < DDR_COUNTERS; n++) {
		u32 cntl = pmu_model_read(d->m, DDR_CNTL(n));

		if (!(cntl & DDR_CNTL_EN) || !(cntl & DDR_CNTL_CLEAR))
			continue;
		inc = ddr_increment(d, n, t, bursts, t->count ? span : 0, &bytes);
		d->counted[n] += inc;
		if (ddr_add32(&d->value[n], inc))
			pmu_model_set_bits(d->m, DDR_CNTL(n), DDR_CNTL_OVER);
		if (d->desc->filter == ENHANCED_FILTER) {
			d->counted_bytes[n] += bytes;
			ddr_add32(&d->bytes[n], bytes);
		}
		ddr_write_value(d, n);
	}

	d->counted[0] += span;
	d->csv_seen[0] = 0;
	if (ddr_add32(&d->value[0], span)) {
		/* value[0] is 0 now: the wrap locks everything */
		d->locked = true;
		pmu_model_set_bits(d->m, DDR_CNTL(0), DDR_CNTL_OVER);
		step->overflowed = true;
	}
	ddr_write_value(d, 0);
}

static void ddr_model_sample(void *arg)
{
	ddr_sample_controls(arg);
}

static bool ddr_model_unlocked(struct pmu_model *m)
{
	struct ddr_model *d = m->priv;

	pmu_model_run(m, ddr_model_sample, d);
	return !d->locked;
}

static int ddr_model_play(struct ddr_model *d, struct ddr_traffic *t)
{
	struct ddr_step step = { .d = d, .t = t };
	int ret;

	while (t->done < t->cycles) {
		step.overflowed = false;
		pmu_model_run(d->m, ddr_model_step, &step);
		if (!step.overflowed)
			continue;
		ret = pmu_model_raise_irq(d->m);
		if (ret)
			return ret;
		ret = pmu_model_wait(d->m, ddr_model_unlocked);
		if (ret)
			return ret;
		cond_resched();
	}
	return 0;
}

static const char *const ddr_traffic_args[] = {
	"count", "id", "port", "bytes", NULL
};

static const char *const ddr_idle_args[] = { "cycles", NULL };

/*
 * Commands:
 *   read  count=N [id=AXI_ID] [port=P] [bytes=S]   N read bursts of S bytes
 *   write count=N [id=AXI_ID] [port=P] [bytes=S]   N write bursts
 *   idle  cycles=N                                 N cycles without traffic
 *   reset                                          zero the totals
 */
static int ddr_model_command(struct pmu_model *m,
			     const struct pmu_model_cmd *cmd)
{
	struct ddr_model *d = m->priv;
	struct ddr_traffic t = { };
	int ret;

	if (!strcmp(cmd->verb, "read") || !strcmp(cmd->verb, "write")) {
		ret = pmu_model_check_args(cmd, ddr_traffic_args);
		if (ret)
			return ret;
		t.write = cmd->verb[0] == 'w';
		t.count = pmu_model_arg(cmd, "count", 1);
		t.id = pmu_model_arg(cmd, "id", 0);
		t.port = pmu_model_arg(cmd, "port", 0);
		t.bytes = pmu_model_arg(cmd, "bytes", 64);
		if (!t.count || !t.bytes || t.id > U16_MAX || t.port > 7 ||
		    t.bytes > SZ_4K || t.count > BIT_ULL(48))
			return -EINVAL;
		t.cycles = t.count * DIV_ROUND_UP(t.bytes, DDR_BUS_BYTES);
		return ddr_model_play(d, &t);
	}
	if (!strcmp(cmd->verb, "idle")) {
		ret = pmu_model_check_args(cmd, ddr_idle_args);
		if (ret)
			return ret;
		t.cycles = pmu_model_arg(cmd, "cycles", 0);
		if (t.cycles > BIT_ULL(52))
			return -EINVAL;
		return ddr_model_play(d, &t);
	}
	if (!strcmp(cmd->verb, "reset") && !cmd->n) {
		d->cycles = 0;
		d->read_bursts = 0;
		d->write_bursts = 0;
		d->read_bytes = 0;
		d->write_bytes = 0;
		memset(d->counted, 0, sizeof(d->counted));
		memset(d->counted_bytes, 0, sizeof(d->counted_bytes));
		m->irqs_raised = 0;
		return 0;
	}
	return -EINVAL;
}

static void ddr_model_show(struct pmu_model *m, struct seq_file *s)
{
	struct ddr_model *d = m->priv;
	int n;

	seq_printf(s, "cycles %llu\n", d->cycles);
	seq_printf(s, "read_bursts %llu\n", d->read_bursts);
	seq_printf(s, "write_bursts %llu\n", d->write_bursts);
	seq_printf(s, "read_bytes %llu\n", d->read_bytes);
	seq_printf(s, "write_bytes %llu\n", d->write_bytes);
	for (n = 0; n < DDR_COUNTERS; n++) {
		seq_printf(s, "counter%d csv=0x%02x counted=%llu", n,
			   d->csv_seen[n], d->counted[n]);
		if (n && d->desc->filter == ENHANCED_FILTER)
			seq_printf(s, " bytes=%llu", d->counted_bytes[n]);
		seq_puts(s, "\n");
	}
}

static const struct pmu_model_ops ddr_model_ops = {
	.command	= ddr_model_command,
	.show		= ddr_model_show,
};

static void ddr_models_detach(void)
{
	int i;

	for (i = 0; i < ARRAY_SIZE(ddr_models); i++) {
		if (ddr_models[i].m)
			pmu_model_detach(ddr_models[i].m);
		ddr_models[i].m = NULL;
	}
}

static int __init ddr_models_init(void)
{
	int i, n, attached = 0;

	for (i = 0; i < ARRAY_SIZE(ddr_models); i++) {
		struct ddr_model *d = &ddr_models[i];
		struct pmu_model *m;

		d->desc = &ddr_model_descs[i];
		for (n = 0; n < DDR_COUNTERS; n++)
			d->cleared[n] = true;	/* the reset state */
		m = pmu_model_attach(d->desc->compatible, d->desc->name,
				     &ddr_model_ops, d);
		if (IS_ERR(m)) {
			pr_info("imx8_ddr_model: no %s device on this board\n",
				d->desc->name);
			continue;
		}
		d->m = m;
		for (n = 0; n < DDR_COUNTERS; n++)
			ddr_write_value(d, n);
		attached++;
	}
	return attached ? 0 : -ENODEV;
}

static void __exit ddr_models_exit(void)
{
	ddr_models_detach();
}

module_init(ddr_models_init);
module_exit(ddr_models_exit);

MODULE_DESCRIPTION("i.MX8 DDR PMU model for the virtual board");
MODULE_LICENSE("GPL");
