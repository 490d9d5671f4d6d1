// SPDX-License-Identifier: GPL-2.0-only
/*
 * Counter model of a hybrid system's CPU PMUs: the test hardware of the
 * hybrid PMU core (drivers/perf/hybrid_pmu.c) on a board whose CPUs have
 * no PMU.  It registers cpu_core and cpu_atom when it loads.
 *
 * Two CPU types, each described by a table as a real backend describes
 * its hardware: "core" (the CPUs of core_cpus=, by default the first half
 * of the possible CPUs) and "atom" (the other possible CPUs; none, no
 * cpu_atom).  Every CPU has a bank of counters of its type, touched only
 * by that CPU with interrupts off, as a real PMU's registers are: the
 * core's callbacks run there, and the test interface below sends its
 * requests there.
 *
 * A counter counts while it is enabled and its CPU's global enable is on:
 * cycles at the type's nominal frequency (core_mhz=, atom_mhz=) for the
 * local_clock() time it counts, every other event at the type's rate for
 * it in events per 1000 cycles, fixed when the counter is enabled; and
 * whatever a test injects.  Counts are exact: the fraction of an event a
 * stretch of time leaves over is carried to the next.  The model does not
 * halt (an idle CPU counts cycles too), and cannot tell user from kernel
 * mode: events that exclude either are refused.
 *
 * debugfs, in /sys/kernel/debug/hybrid_pmu_model/:
 *   inject   w "cpu=N config=0xC count=N": COUNT events of CONFIG happen
 *	on CPU N now, counted by every counter there counting CONFIG
 *   rate     r "type=T config=0xC name=NAME permille=N" per type and event;
 *	w the same without name= sets one rate, "defaults" all of them
 *   totals   r "cpu=N config=0xC counted=N", what each CPU counted of
 *	each event since the last reset, where not 0; w "reset"
 *   preset   w "cpu=N config=0xC value=0xV": the raw value of the enabled
 *	counters of CPU N that count CONFIG
 *   banks    r every CPU's counters
 * Bad input is -EINVAL, an offline CPU -ENODEV.  The same as functions,
 * for the core's KUnit suite: hybrid_pmu_model.h.
 */

#define pr_fmt(fmt) "hybrid_pmu_model: " fmt

#include <linux/bits.h>
#include <linux/cpu.h>
#include <linux/cpumask.h>
#include <linux/debugfs.h>
#include <linux/math64.h>
#include <linux/module.h>
#include <linux/moduleparam.h>
#include <linux/percpu.h>
#include <linux/perf/hybrid_pmu.h>
#include <linux/sched/clock.h>
#include <linux/seq_file.h>
#include <linux/slab.h>
#include <linux/smp.h>
#include <linux/string.h>
#include <linux/stringify.h>
#include <linux/uaccess.h>

#include "hybrid_pmu_model.h"

/* The counters of each type, and the most any type has */
#define MODEL_CORE_GP		4
#define MODEL_CORE_FIXED	3
#define MODEL_ATOM_GP		2
#define MODEL_ATOM_FIXED	3
#define MODEL_MAX_GP		4
#define MODEL_MAX_FIXED		3
#define MODEL_MAX_COUNTERS	(MODEL_MAX_GP + MODEL_MAX_FIXED)
#define MODEL_WIDTH		48
/* The most events a type's table has */
#define MODEL_MAX_EVENTS	16

#define MODEL_CORE_GP_ALL	GENMASK(MODEL_CORE_GP - 1, 0)
#define MODEL_ATOM_GP_ALL	GENMASK(MODEL_ATOM_GP - 1, 0)

/* ref-cycles count a 1 GHz reference clock */
#define MODEL_REF_MHZ		1000
#define MODEL_MAX_MHZ		100000
/* 1000 events a cycle: with MODEL_MAX_MHZ, 1e11 events a millisecond */
#define MODEL_MAX_PERMILLE	1000000
/*
 * Time turned into events at once, so that the events fit in 64 bits at
 * the highest rate: 1e6 ms at 1e11 events a millisecond
 */
#define MODEL_MAX_STEP_NS	(1000ULL * NSEC_PER_SEC)

/* The longest debugfs command */
#define MODEL_CMD_MAX		128

enum model_kind_id {
	MODEL_CORE,
	MODEL_ATOM,
	MODEL_NR_KINDS,
};

static char *core_cpus;
module_param(core_cpus, charp, 0444);
MODULE_PARM_DESC(core_cpus,
		 "CPUs of type core, a cpulist (default: the first half of the possible CPUs); the other possible CPUs are atom");

static unsigned int core_mhz = 3000;
module_param(core_mhz, uint, 0444);
MODULE_PARM_DESC(core_mhz, "Nominal frequency of the core CPUs in MHz (default 3000)");

static unsigned int atom_mhz = 2000;
module_param(atom_mhz, uint, 0444);
MODULE_PARM_DESC(atom_mhz, "Nominal frequency of the atom CPUs in MHz (default 2000)");

/* The tables: what each type's PMU is */

/*
 * The x86 raw event layout.  edge, inv and cmask are there so that perf's
 * own event tables (an Alder Lake CPUID) parse; the model counts no event
 * with them set, so such configs are not in the tables and are refused.
 */
static const struct hybrid_pmu_format model_formats[] = {
	{ .name = "event", .mask = GENMASK_ULL(7, 0) },
	{ .name = "umask", .mask = GENMASK_ULL(15, 8) },
	{ .name = "edge", .mask = BIT_ULL(18) },
	{ .name = "inv", .mask = BIT_ULL(23) },
	{ .name = "cmask", .mask = GENMASK_ULL(31, 24) },
};

#define MODEL_EVENT(_name, _config, _fixed, _gp_mask)			\
	{ .name = _name, .config = _config, .fixed = _fixed, .gp_mask = _gp_mask }

static const struct hybrid_pmu_event model_core_events[] = {
	MODEL_EVENT("cpu-cycles", HYBRID_MODEL_CYCLES, 1, MODEL_CORE_GP_ALL),
	MODEL_EVENT("instructions", HYBRID_MODEL_INSTRUCTIONS, 0,
		    MODEL_CORE_GP_ALL),
	/* the fixed counters' own encodings */
	MODEL_EVENT("inst_retired.any", HYBRID_MODEL_INST_RETIRED_ANY, 0, 0),
	MODEL_EVENT("cpu_clk_unhalted.thread", HYBRID_MODEL_CLK_UNHALTED, 1, 0),
	MODEL_EVENT("ref-cycles", HYBRID_MODEL_REF_CYCLES, 2, 0),
	MODEL_EVENT("branch-instructions", HYBRID_MODEL_BRANCHES, -1,
		    MODEL_CORE_GP_ALL),
	MODEL_EVENT("branch-misses", HYBRID_MODEL_BRANCH_MISSES, -1,
		    MODEL_CORE_GP_ALL),
	MODEL_EVENT("cache-references", HYBRID_MODEL_LLC_REFERENCES, -1,
		    MODEL_CORE_GP_ALL),
	MODEL_EVENT("cache-misses", HYBRID_MODEL_LLC_MISSES, -1,
		    MODEL_CORE_GP_ALL),
	MODEL_EVENT("mem_inst_retired.all_loads", HYBRID_MODEL_LOADS, -1,
		    MODEL_CORE_GP_ALL),
	MODEL_EVENT("mem_inst_retired.all_stores", HYBRID_MODEL_STORES, -1,
		    MODEL_CORE_GP_ALL),
	MODEL_EVENT("l2_rqsts.all_demand_data_rd", HYBRID_MODEL_L1D_READ_MISSES,
		    -1, MODEL_CORE_GP_ALL),
	MODEL_EVENT("l2_rqsts.all_code_rd", HYBRID_MODEL_CORE_CODE_READS, -1,
		    MODEL_CORE_GP_ALL),
	MODEL_EVENT("uops-issued", HYBRID_MODEL_CORE_UOPS_ISSUED, -1,
		    MODEL_CORE_GP_ALL),
	/* known by its code only (cpu_core/r1a/), on two counters only */
	MODEL_EVENT(NULL, HYBRID_MODEL_CORE_RAW_1A, -1, GENMASK(1, 0)),
};

static_assert(ARRAY_SIZE(model_core_events) <= MODEL_MAX_EVENTS);

static const struct hybrid_pmu_event model_atom_events[] = {
	MODEL_EVENT("cpu-cycles", HYBRID_MODEL_CYCLES, 1, MODEL_ATOM_GP_ALL),
	MODEL_EVENT("instructions", HYBRID_MODEL_INSTRUCTIONS, 0,
		    MODEL_ATOM_GP_ALL),
	MODEL_EVENT("inst_retired.any", HYBRID_MODEL_INST_RETIRED_ANY, 0, 0),
	MODEL_EVENT("cpu_clk_unhalted.thread", HYBRID_MODEL_CLK_UNHALTED, 1, 0),
	MODEL_EVENT("ref-cycles", HYBRID_MODEL_REF_CYCLES, 2, 0),
	MODEL_EVENT("branch-instructions", HYBRID_MODEL_BRANCHES, -1,
		    MODEL_ATOM_GP_ALL),
	MODEL_EVENT("branch-misses", HYBRID_MODEL_BRANCH_MISSES, -1,
		    MODEL_ATOM_GP_ALL),
	MODEL_EVENT("cache-references", HYBRID_MODEL_LLC_REFERENCES, -1,
		    MODEL_ATOM_GP_ALL),
	MODEL_EVENT("cache-misses", HYBRID_MODEL_LLC_MISSES, -1,
		    MODEL_ATOM_GP_ALL),
	MODEL_EVENT("mem_uops_retired.all_loads", HYBRID_MODEL_LOADS, -1,
		    MODEL_ATOM_GP_ALL),
	MODEL_EVENT("mem_uops_retired.all_stores", HYBRID_MODEL_STORES, -1,
		    MODEL_ATOM_GP_ALL),
	/* its L1D read misses, for PERF_TYPE_HW_CACHE and raw use only */
	MODEL_EVENT(NULL, HYBRID_MODEL_L1D_READ_MISSES, -1, MODEL_ATOM_GP_ALL),
	MODEL_EVENT("icache-accesses", HYBRID_MODEL_ATOM_ICACHE_ACCESSES, -1,
		    MODEL_ATOM_GP_ALL),
	MODEL_EVENT("icache-misses", HYBRID_MODEL_ATOM_ICACHE_MISSES, -1,
		    MODEL_ATOM_GP_ALL),
};

static_assert(ARRAY_SIZE(model_atom_events) <= MODEL_MAX_EVENTS);
static_assert(MODEL_CORE_GP <= MODEL_MAX_GP);
static_assert(MODEL_ATOM_GP <= MODEL_MAX_GP);
static_assert(MODEL_CORE_FIXED <= MODEL_MAX_FIXED);
static_assert(MODEL_ATOM_FIXED <= MODEL_MAX_FIXED);

#define C(x)	PERF_COUNT_HW_CACHE_##x

/* Both types: stalled-cycles-frontend/backend and bus-cycles are not counted */
#define MODEL_HW_EVENTS							\
	[PERF_COUNT_HW_CPU_CYCLES]		= HYBRID_MODEL_CYCLES,		\
	[PERF_COUNT_HW_INSTRUCTIONS]		= HYBRID_MODEL_INSTRUCTIONS,	\
	[PERF_COUNT_HW_CACHE_REFERENCES]	= HYBRID_MODEL_LLC_REFERENCES,	\
	[PERF_COUNT_HW_CACHE_MISSES]		= HYBRID_MODEL_LLC_MISSES,	\
	[PERF_COUNT_HW_BRANCH_INSTRUCTIONS]	= HYBRID_MODEL_BRANCHES,	\
	[PERF_COUNT_HW_BRANCH_MISSES]		= HYBRID_MODEL_BRANCH_MISSES,	\
	[PERF_COUNT_HW_REF_CPU_CYCLES]		= HYBRID_MODEL_REF_CYCLES

/* The cache events both types count (C() is defined above) */
#define MODEL_CACHE_EVENTS						\
	[C(L1D)][C(OP_READ)][C(RESULT_ACCESS)]	= HYBRID_MODEL_LOADS,		\
	[C(L1D)][C(OP_READ)][C(RESULT_MISS)]	= HYBRID_MODEL_L1D_READ_MISSES,	\
	[C(L1D)][C(OP_WRITE)][C(RESULT_ACCESS)]	= HYBRID_MODEL_STORES,		\
	[C(LL)][C(OP_READ)][C(RESULT_ACCESS)]	= HYBRID_MODEL_LLC_REFERENCES,	\
	[C(LL)][C(OP_READ)][C(RESULT_MISS)]	= HYBRID_MODEL_LLC_MISSES,	\
	[C(BPU)][C(OP_READ)][C(RESULT_ACCESS)]	= HYBRID_MODEL_BRANCHES,	\
	[C(BPU)][C(OP_READ)][C(RESULT_MISS)]	= HYBRID_MODEL_BRANCH_MISSES

static const struct hybrid_pmu_cap model_core_caps[] = {
	{ .name = "pmu_name", .value = "hybrid_model_core" },
	{ .name = "max_precise", .value = "0" },
	{ .name = "gp_counters", .value = __stringify(MODEL_CORE_GP) },
	{ .name = "fixed_counters", .value = __stringify(MODEL_CORE_FIXED) },
	{ }
};

static const struct hybrid_pmu_cap model_atom_caps[] = {
	{ .name = "pmu_name", .value = "hybrid_model_atom" },
	{ .name = "max_precise", .value = "0" },
	{ .name = "gp_counters", .value = __stringify(MODEL_ATOM_GP) },
	{ .name = "fixed_counters", .value = __stringify(MODEL_ATOM_FIXED) },
	{ }
};

static const struct hybrid_pmu_type model_core_type = {
	.name		= "core",
	.num_gp		= MODEL_CORE_GP,
	.num_fixed	= MODEL_CORE_FIXED,
	.gp_width	= MODEL_WIDTH,
	.fixed_width	= MODEL_WIDTH,
	.formats	= model_formats,
	.num_formats	= ARRAY_SIZE(model_formats),
	.events		= model_core_events,
	.num_events	= ARRAY_SIZE(model_core_events),
	.hw_events	= { MODEL_HW_EVENTS },
	.cache_events	= {
		MODEL_CACHE_EVENTS,
		/* no L1I read access: a combination this type lacks */
		[C(L1I)][C(OP_READ)][C(RESULT_MISS)]	= HYBRID_MODEL_CORE_CODE_READS,
	},
	.caps		= model_core_caps,
};

static const struct hybrid_pmu_type model_atom_type = {
	.name		= "atom",
	.num_gp		= MODEL_ATOM_GP,
	.num_fixed	= MODEL_ATOM_FIXED,
	.gp_width	= MODEL_WIDTH,
	.fixed_width	= MODEL_WIDTH,
	.formats	= model_formats,
	.num_formats	= ARRAY_SIZE(model_formats),
	.events		= model_atom_events,
	.num_events	= ARRAY_SIZE(model_atom_events),
	.hw_events	= { MODEL_HW_EVENTS },
	.cache_events	= {
		MODEL_CACHE_EVENTS,
		[C(L1I)][C(OP_READ)][C(RESULT_ACCESS)]	= HYBRID_MODEL_ATOM_ICACHE_ACCESSES,
		[C(L1I)][C(OP_READ)][C(RESULT_MISS)]	= HYBRID_MODEL_ATOM_ICACHE_MISSES,
	},
	.caps		= model_atom_caps,
};

#undef C

/**
 * struct model_rate - how often an event happens
 * @config: the event.
 * @permille: events per 1000 cycles.
 */
struct model_rate {
	u64	config;
	u32	permille;
};

/*
 * Default rates; an event not listed (the raw 0x1a) does not happen.
 * Cycles are the clock itself, and ref-cycles follow MODEL_REF_MHZ.
 */
static const struct model_rate model_core_rates[] = {
	{ HYBRID_MODEL_INSTRUCTIONS,		1500 },
	{ HYBRID_MODEL_INST_RETIRED_ANY,	1500 },
	{ HYBRID_MODEL_BRANCHES,		300 },	/* an instruction in 5 */
	{ HYBRID_MODEL_BRANCH_MISSES,		6 },	/* 2% of branches */
	{ HYBRID_MODEL_LLC_REFERENCES,		20 },
	{ HYBRID_MODEL_LLC_MISSES,		4 },
	{ HYBRID_MODEL_LOADS,			450 },
	{ HYBRID_MODEL_STORES,			225 },
	{ HYBRID_MODEL_L1D_READ_MISSES,		30 },
	{ HYBRID_MODEL_CORE_CODE_READS,		3 },
	{ HYBRID_MODEL_CORE_UOPS_ISSUED,	1800 },
};

static const struct model_rate model_atom_rates[] = {
	{ HYBRID_MODEL_INSTRUCTIONS,		1000 },
	{ HYBRID_MODEL_INST_RETIRED_ANY,	1000 },
	{ HYBRID_MODEL_BRANCHES,		200 },
	{ HYBRID_MODEL_BRANCH_MISSES,		4 },
	{ HYBRID_MODEL_LLC_REFERENCES,		15 },
	{ HYBRID_MODEL_LLC_MISSES,		3 },
	{ HYBRID_MODEL_LOADS,			300 },
	{ HYBRID_MODEL_STORES,			150 },
	{ HYBRID_MODEL_L1D_READ_MISSES,		20 },
	{ HYBRID_MODEL_ATOM_ICACHE_ACCESSES,	250 },
	{ HYBRID_MODEL_ATOM_ICACHE_MISSES,	5 },
};

/**
 * struct model_kind - one CPU type of the model
 * @type: its table.
 * @rates: its default rates, @num_rates of them.
 * @num_rates: entries in @rates.
 * @mhz: nominal frequency: cycles per microsecond.
 * @permille: the rate of each event of @type now, by index in its
 *	events; 1000 for cycles, which are the clock.
 */
struct model_kind {
	const struct hybrid_pmu_type	*type;
	const struct model_rate		*rates;
	unsigned int			num_rates;
	unsigned int			mhz;
	u32				permille[MODEL_MAX_EVENTS];
};

static struct model_kind model_kinds[MODEL_NR_KINDS] = {
	[MODEL_CORE] = {
		.type		= &model_core_type,
		.rates		= model_core_rates,
		.num_rates	= ARRAY_SIZE(model_core_rates),
	},
	[MODEL_ATOM] = {
		.type		= &model_atom_type,
		.rates		= model_atom_rates,
		.num_rates	= ARRAY_SIZE(model_atom_rates),
	},
};

/* The banks */

/**
 * struct model_counter - one counter of a CPU's bank
 * @enabled: programmed and started.
 * @event: what it counts: an index in its type's events, valid once it
 *	has been enabled.
 * @value: the raw value it holds, within @mask.
 * @mask: its width.
 * @started: the local_clock() time it started counting, while it does.
 * @rate: events a millisecond, fixed when it was enabled.
 * @carry: the part of an event not counted yet, in 1/NSEC_PER_MSEC of
 *	an event.
 * @counted: events counted since it was enabled or the totals were last
 *	reset, unwrapped.
 */
struct model_counter {
	bool	enabled;
	int	event;
	u64	value;
	u64	mask;
	u64	started;
	u64	rate;
	u64	carry;
	u64	counted;
};

/**
 * struct model_bank - the counters of one CPU
 * @kind: the CPU's type.
 * @on: the global enable, driven by the PMU's pmu_enable/pmu_disable.
 * @nr: counters: the type's general counters, then its fixed ones.
 * @counters: general counter n at n, fixed counter n at num_gp + n.
 * @totals: events counted since the last reset, by index in the type's
 *	events, up to the last time the counters were folded.
 */
struct model_bank {
	const struct model_kind	*kind;
	bool			on;
	unsigned int		nr;
	struct model_counter	counters[MODEL_MAX_COUNTERS];
	u64			totals[MODEL_MAX_EVENTS];
};

static DEFINE_PER_CPU(struct model_bank, model_banks);

static struct hybrid_pmu model_pmus[MODEL_NR_KINDS];
static unsigned int model_nr_pmus;
static struct dentry *model_debugfs;

/* Index of @config in @type's table, or -1: the core's lookup */
static int model_find_event(const struct hybrid_pmu_type *type, u64 config)
{
	const struct hybrid_pmu_event *ev = hybrid_pmu_find_event(type, config);

	return ev ? ev - type->events : -1;
}

/* Cycles are the clock; every other event is a rate of it */
static bool model_is_cycles(u64 config)
{
	return config == HYBRID_MODEL_CYCLES ||
	       config == HYBRID_MODEL_CLK_UNHALTED;
}

/* Events a millisecond, at the rate the event has now */
static u64 model_rate_now(const struct model_kind *kind, int event)
{
	return (u64)kind->mhz * READ_ONCE(kind->permille[event]);
}

/* The events @ns of counting make, carrying the part of one left over */
static u64 model_events(struct model_counter *c, u64 ns)
{
	u64 events = 0, step, ms;
	u32 ns_rem, carry;

	while (ns) {
		step = min(ns, MODEL_MAX_STEP_NS);
		ns -= step;
		ms = div_u64_rem(step, NSEC_PER_MSEC, &ns_rem);
		events += ms * c->rate;
		/* below NSEC_PER_MSEC * (c->rate + 1): no overflow */
		c->carry += (u64)ns_rem * c->rate;
		events += div_u64_rem(c->carry, NSEC_PER_MSEC, &carry);
		c->carry = carry;
	}
	return events;
}

static bool model_counting(const struct model_bank *bank,
			   const struct model_counter *c)
{
	return bank->on && c->enabled;
}

static void model_count(struct model_bank *bank, struct model_counter *c,
			u64 events)
{
	c->value = (c->value + events) & c->mask;
	c->counted += events;
	bank->totals[c->event] += events;
}

/* Count what @c counted up to @now into its value */
static void model_fold(struct model_bank *bank, struct model_counter *c,
		       u64 now)
{
	if (!model_counting(bank, c))
		return;
	if (now > c->started)
		model_count(bank, c, model_events(c, now - c->started));
	c->started = now;
}

static void model_fold_all(struct model_bank *bank, u64 now)
{
	unsigned int i;

	for (i = 0; i < bank->nr; i++)
		model_fold(bank, &bank->counters[i], now);
}

/* The core's counter ops: on a CPU of @hpmu's type, interrupts off */

static struct model_counter *model_counter(struct hybrid_pmu *hpmu,
					   unsigned int idx,
					   struct model_bank **bankp)
{
	struct model_bank *bank = this_cpu_ptr(&model_banks);
	const struct hybrid_pmu_type *type = hpmu->type;

	if (WARN_ON_ONCE(bank->kind != hpmu->priv))
		return NULL;
	*bankp = bank;
	if (idx >= HYBRID_PMU_IDX_FIXED) {
		idx -= HYBRID_PMU_IDX_FIXED;
		if (WARN_ON_ONCE(idx >= type->num_fixed))
			return NULL;
		return &bank->counters[type->num_gp + idx];
	}
	if (WARN_ON_ONCE(idx >= type->num_gp))
		return NULL;
	return &bank->counters[idx];
}

static u64 model_read_counter(struct hybrid_pmu *hpmu, unsigned int idx)
{
	struct model_bank *bank;
	struct model_counter *c = model_counter(hpmu, idx, &bank);

	if (!c)
		return 0;
	model_fold(bank, c, local_clock());
	return c->value;
}

static void model_enable_counter(struct hybrid_pmu *hpmu, unsigned int idx,
				 u64 config)
{
	struct model_bank *bank;
	struct model_counter *c = model_counter(hpmu, idx, &bank);
	int event;
	u64 now;

	if (!c)
		return;
	event = model_find_event(hpmu->type, config);
	if (WARN_ON_ONCE(event < 0))
		return;
	now = local_clock();
	/* reprogrammed while counting: what it counted so far is the old event's */
	model_fold(bank, c, now);
	c->enabled = true;
	c->event = event;
	c->rate = model_rate_now(bank->kind, event);
	c->carry = 0;
	c->counted = 0;
	c->started = now;
}

static void model_disable_counter(struct hybrid_pmu *hpmu, unsigned int idx)
{
	struct model_bank *bank;
	struct model_counter *c = model_counter(hpmu, idx, &bank);

	if (!c)
		return;
	model_fold(bank, c, local_clock());
	c->enabled = false;
}

/*
 * perf core disables and enables every PMU of a task's context around a
 * context switch, wherever the task runs: the other type's PMU may come
 * here on this CPU.  Only this CPU's own type drives its global enable.
 */
static struct model_bank *model_own_bank(struct hybrid_pmu *hpmu)
{
	struct model_bank *bank = this_cpu_ptr(&model_banks);

	return bank->kind == hpmu->priv ? bank : NULL;
}

static void model_pmu_enable(struct hybrid_pmu *hpmu)
{
	struct model_bank *bank = model_own_bank(hpmu);
	unsigned int i;
	u64 now;

	if (!bank || bank->on)
		return;
	now = local_clock();
	for (i = 0; i < bank->nr; i++)
		bank->counters[i].started = now;
	bank->on = true;
}

static void model_pmu_disable(struct hybrid_pmu *hpmu)
{
	struct model_bank *bank = model_own_bank(hpmu);

	if (!bank || !bank->on)
		return;
	model_fold_all(bank, local_clock());
	bank->on = false;
}

static int model_event_valid(struct hybrid_pmu *hpmu, struct perf_event *event)
{
	/* the model counts whatever runs: it cannot tell user from kernel */
	if (event->attr.exclude_user || event->attr.exclude_kernel)
		return -EOPNOTSUPP;
	return 0;
}

static const struct hybrid_pmu_ops model_ops = {
	.event_valid		= model_event_valid,
	.read_counter		= model_read_counter,
	.enable_counter		= model_enable_counter,
	.disable_counter	= model_disable_counter,
	.pmu_enable		= model_pmu_enable,
	.pmu_disable		= model_pmu_disable,
};

/* The test interface: requests carried out on the bank's own CPU */

/**
 * struct model_req - a request to one CPU's bank
 * @config: the event it is about.
 * @arg: its number: a count, a value.
 * @ret: its result, 0 or more, or -errno.
 * @bank: where a snapshot of the bank goes, or NULL.
 */
struct model_req {
	u64			config;
	u64			arg;
	int			ret;
	struct model_bank	*bank;
};

/* Run @fn on @cpu for its bank; -ENODEV if @cpu is offline */
static int model_call(int cpu, smp_call_func_t fn, struct model_req *req)
{
	int ret;

	if (cpu < 0 || cpu >= nr_cpu_ids || !cpu_possible(cpu))
		return -EINVAL;
	ret = smp_call_function_single(cpu, fn, req, 1);
	if (ret == -ENXIO)
		return -ENODEV;
	return ret ?: req->ret;
}

static void model_inject_here(void *info)
{
	struct model_bank *bank = this_cpu_ptr(&model_banks);
	struct model_req *req = info;
	struct model_counter *c;
	unsigned int i;
	int event;

	event = model_find_event(bank->kind->type, req->config);
	if (event < 0) {
		req->ret = -EINVAL;
		return;
	}
	req->ret = 0;
	for (i = 0; i < bank->nr; i++) {
		c = &bank->counters[i];
		if (model_counting(bank, c) && c->event == event) {
			model_count(bank, c, req->arg);
			req->ret++;
		}
	}
}

/**
 * hybrid_model_inject() - make events happen on a CPU
 * @cpu: the CPU.
 * @config: the event, a raw config of @cpu's type.
 * @count: how many.
 *
 * Every counter of @cpu that counts @config at this moment counts @count
 * more, exactly; a counter that does not count now misses them, as
 * hardware would.
 *
 * Return: the number of counters that counted them, -EINVAL for a CPU
 * that does not exist or an event its type lacks, -ENODEV for an offline
 * CPU.
 */
int hybrid_model_inject(int cpu, u64 config, u64 count)
{
	struct model_req req = { .config = config, .arg = count };

	return model_call(cpu, model_inject_here, &req);
}
EXPORT_SYMBOL_NS_GPL(hybrid_model_inject, HYBRID_PMU_MODEL_NS);

static void model_preset_here(void *info)
{
	struct model_bank *bank = this_cpu_ptr(&model_banks);
	struct model_req *req = info;
	struct model_counter *c;
	u64 now = local_clock();
	unsigned int i;
	int event;

	event = model_find_event(bank->kind->type, req->config);
	if (event < 0) {
		req->ret = -EINVAL;
		return;
	}
	req->ret = -ENOENT;
	for (i = 0; i < bank->nr; i++) {
		c = &bank->counters[i];
		if (!c->enabled || c->event != event)
			continue;
		if (req->arg & ~c->mask) {
			req->ret = -EINVAL;
			return;
		}
		req->ret = 0;
	}
	if (req->ret)
		return;
	for (i = 0; i < bank->nr; i++) {
		c = &bank->counters[i];
		if (!c->enabled || c->event != event)
			continue;
		model_fold(bank, c, now);
		c->value = req->arg;
	}
}

/**
 * hybrid_model_preset() - set the raw value of the counters of an event
 * @cpu: the CPU.
 * @config: the event, a raw config of @cpu's type.
 * @value: the raw value.
 *
 * Every enabled counter of @cpu programmed with @config holds @value from
 * now on, and counts on from there: a jump in the raw value, for tests of
 * wrapping.  The totals do not change.
 *
 * Return: 0; -ENOENT if no enabled counter there counts @config, -EINVAL
 * for a CPU that does not exist, an event its type lacks or a value wider
 * than the counters, -ENODEV for an offline CPU.
 */
int hybrid_model_preset(int cpu, u64 config, u64 value)
{
	struct model_req req = { .config = config, .arg = value };

	return model_call(cpu, model_preset_here, &req);
}
EXPORT_SYMBOL_NS_GPL(hybrid_model_preset, HYBRID_PMU_MODEL_NS);

/* What the bank counted of req->config, up to its last fold */
static void model_counted_bank(struct model_bank *bank, struct model_req *req)
{
	int event = model_find_event(bank->kind->type, req->config);

	req->arg = event < 0 ? 0 : bank->totals[event];
}

static void model_counted_here(void *info)
{
	struct model_bank *bank = this_cpu_ptr(&model_banks);

	model_fold_all(bank, local_clock());
	model_counted_bank(bank, info);
}

/**
 * hybrid_model_counted() - what a CPU's counters counted of an event
 * @cpu: the CPU.
 * @config: the event, a raw config.
 *
 * The sum over @cpu's counters of what they counted of @config since the
 * totals were last reset, up to now for the counters that count now:
 * whatever the raw values did (wraps, presets).  An offline CPU's stay as
 * they were when it went down.
 *
 * Return: the events; 0 for an event @cpu's type lacks or a CPU that
 * does not exist.
 */
u64 hybrid_model_counted(int cpu, u64 config)
{
	struct model_req req = { .config = config };

	if (cpu < 0 || cpu >= nr_cpu_ids || !cpu_possible(cpu))
		return 0;
	cpus_read_lock();
	if (cpu_online(cpu))
		smp_call_function_single(cpu, model_counted_here, &req, 1);
	else	/* nothing counts there: its bank is still */
		model_counted_bank(per_cpu_ptr(&model_banks, cpu), &req);
	cpus_read_unlock();
	return req.arg;
}
EXPORT_SYMBOL_NS_GPL(hybrid_model_counted, HYBRID_PMU_MODEL_NS);

static void model_reset_bank(struct model_bank *bank)
{
	unsigned int i;

	for (i = 0; i < bank->nr; i++)
		bank->counters[i].counted = 0;
	memset(bank->totals, 0, sizeof(bank->totals));
}

static void model_reset_here(void *unused)
{
	struct model_bank *bank = this_cpu_ptr(&model_banks);

	/* what was counted until now goes with the old totals */
	model_fold_all(bank, local_clock());
	model_reset_bank(bank);
}

/**
 * hybrid_model_reset_totals() - forget what every CPU counted
 *
 * The totals of hybrid_model_counted() start again from 0 on every CPU.
 * The counters' raw values do not change.
 */
void hybrid_model_reset_totals(void)
{
	int cpu;

	cpus_read_lock();
	for_each_possible_cpu(cpu) {
		if (cpu_online(cpu))
			smp_call_function_single(cpu, model_reset_here, NULL, 1);
		else
			model_reset_bank(per_cpu_ptr(&model_banks, cpu));
	}
	cpus_read_unlock();
}
EXPORT_SYMBOL_NS_GPL(hybrid_model_reset_totals, HYBRID_PMU_MODEL_NS);

/**
 * hybrid_model_pmu() - the PMU the model registered for a CPU type
 * @type: "core" or "atom".
 *
 * Return: the PMU, or NULL if the model has no CPU of that type.
 */
struct hybrid_pmu *hybrid_model_pmu(const char *type)
{
	unsigned int i;

	for (i = 0; i < model_nr_pmus; i++)
		if (!strcmp(model_pmus[i].type->name, type))
			return &model_pmus[i];
	return NULL;
}
EXPORT_SYMBOL_NS_GPL(hybrid_model_pmu, HYBRID_PMU_MODEL_NS);

static u32 model_default_permille(const struct model_kind *kind, int event)
{
	u64 config = kind->type->events[event].config;
	unsigned int i;

	if (model_is_cycles(config))
		return 1000;
	if (config == HYBRID_MODEL_REF_CYCLES)
		return DIV_ROUND_CLOSEST(MODEL_REF_MHZ * 1000, kind->mhz);
	for (i = 0; i < kind->num_rates; i++)
		if (kind->rates[i].config == config)
			return kind->rates[i].permille;
	return 0;
}

/**
 * hybrid_model_default_rates() - every event back to its default rate
 *
 * Counters enabled already keep the rate they were enabled with.
 */
void hybrid_model_default_rates(void)
{
	struct model_kind *kind;
	unsigned int i;

	for (kind = model_kinds; kind < model_kinds + MODEL_NR_KINDS; kind++)
		for (i = 0; i < kind->type->num_events; i++)
			WRITE_ONCE(kind->permille[i],
				   model_default_permille(kind, i));
}
EXPORT_SYMBOL_NS_GPL(hybrid_model_default_rates, HYBRID_PMU_MODEL_NS);

/**
 * hybrid_model_set_rate() - how often an event happens on a CPU type
 * @type: "core" or "atom".
 * @config: the event, a raw config of @type.
 * @permille: events per 1000 cycles, at most 1000000.
 *
 * For the counters enabled from now on; those counting keep their rate.
 * Cycles are the clock and have no rate: the nominal frequency is a
 * module parameter.
 *
 * Return: 0, or -EINVAL for a type the model has no CPU of, an event the
 * type lacks, cycles, or a rate out of range.
 */
int hybrid_model_set_rate(const char *type, u64 config, u32 permille)
{
	struct hybrid_pmu *hpmu = hybrid_model_pmu(type);
	struct model_kind *kind;
	int event;

	if (!hpmu || model_is_cycles(config) || permille > MODEL_MAX_PERMILLE)
		return -EINVAL;
	kind = hpmu->priv;
	event = model_find_event(kind->type, config);
	if (event < 0)
		return -EINVAL;
	WRITE_ONCE(kind->permille[event], permille);
	return 0;
}
EXPORT_SYMBOL_NS_GPL(hybrid_model_set_rate, HYBRID_PMU_MODEL_NS);

/* debugfs */

/**
 * struct model_field - a "key=value" field of a command
 * @key: its name.
 * @val: its value once parsed.
 */
struct model_field {
	const char	*key;
	char		*val;
};

/* Split @cmd into @fields: each exactly once, nothing else */
static int model_parse(char *cmd, struct model_field *fields, unsigned int n)
{
	unsigned int i;
	char *tok, *val;

	while ((tok = strsep(&cmd, " \t\n"))) {
		if (!*tok)
			continue;
		val = strchr(tok, '=');
		if (!val)
			return -EINVAL;
		*val++ = '\0';
		for (i = 0; i < n; i++)
			if (!strcmp(tok, fields[i].key))
				break;
		if (i == n || fields[i].val)
			return -EINVAL;
		fields[i].val = val;
	}
	for (i = 0; i < n; i++)
		if (!fields[i].val)
			return -EINVAL;
	return 0;
}

/* "cpu=N config=0xC <key>=N": the command of inject and preset */
static int model_parse_cpu_cmd(char *cmd, const char *key, int *cpu,
			       u64 *config, u64 *arg)
{
	struct model_field f[] = {
		{ .key = "cpu" }, { .key = "config" }, { .key = key },
	};

	if (model_parse(cmd, f, ARRAY_SIZE(f)) || kstrtoint(f[0].val, 0, cpu) ||
	    kstrtou64(f[1].val, 0, config) || kstrtou64(f[2].val, 0, arg))
		return -EINVAL;
	return 0;
}

static int model_inject_cmd(char *cmd)
{
	u64 config, count;
	int cpu, ret;

	ret = model_parse_cpu_cmd(cmd, "count", &cpu, &config, &count);
	if (!ret)
		ret = hybrid_model_inject(cpu, config, count);
	return ret < 0 ? ret : 0;
}

static int model_preset_cmd(char *cmd)
{
	u64 config, value;
	int cpu, ret;

	ret = model_parse_cpu_cmd(cmd, "value", &cpu, &config, &value);
	return ret ?: hybrid_model_preset(cpu, config, value);
}

static int model_rate_cmd(char *cmd)
{
	struct model_field f[] = {
		{ .key = "type" }, { .key = "config" }, { .key = "permille" },
	};
	u32 permille;
	u64 config;

	if (sysfs_streq(cmd, "defaults")) {
		hybrid_model_default_rates();
		return 0;
	}
	if (model_parse(cmd, f, ARRAY_SIZE(f)) ||
	    kstrtou64(f[1].val, 0, &config) || kstrtou32(f[2].val, 0, &permille))
		return -EINVAL;
	return hybrid_model_set_rate(f[0].val, config, permille);
}

static int model_totals_cmd(char *cmd)
{
	if (!sysfs_streq(cmd, "reset"))
		return -EINVAL;
	hybrid_model_reset_totals();
	return 0;
}

static ssize_t model_write(const char __user *ubuf, size_t len,
			   int (*run)(char *cmd))
{
	char *cmd;
	int ret;

	if (len > MODEL_CMD_MAX)
		return -EINVAL;
	cmd = memdup_user_nul(ubuf, len);
	if (IS_ERR(cmd))
		return PTR_ERR(cmd);
	ret = run(cmd);
	kfree(cmd);
	if (ret)
		return ret;
	return len;
}

static ssize_t model_inject_write(struct file *file, const char __user *ubuf,
				  size_t len, loff_t *ppos)
{
	return model_write(ubuf, len, model_inject_cmd);
}

static ssize_t model_preset_write(struct file *file, const char __user *ubuf,
				  size_t len, loff_t *ppos)
{
	return model_write(ubuf, len, model_preset_cmd);
}

static ssize_t model_rate_write(struct file *file, const char __user *ubuf,
				size_t len, loff_t *ppos)
{
	return model_write(ubuf, len, model_rate_cmd);
}

static ssize_t model_totals_write(struct file *file, const char __user *ubuf,
				  size_t len, loff_t *ppos)
{
	return model_write(ubuf, len, model_totals_cmd);
}

static void model_snapshot_here(void *info)
{
	struct model_bank *bank = this_cpu_ptr(&model_banks);

	model_fold_all(bank, local_clock());
	*(struct model_bank *)info = *bank;
}

/* A copy of @cpu's bank, up to date if @cpu is online */
static void model_snapshot(int cpu, struct model_bank *copy)
{
	if (cpu_online(cpu))
		smp_call_function_single(cpu, model_snapshot_here, copy, 1);
	else
		*copy = *per_cpu_ptr(&model_banks, cpu);
}

static int model_totals_show(struct seq_file *s, void *unused)
{
	const struct hybrid_pmu_type *type;
	struct model_bank *bank;
	unsigned int i;
	int cpu;

	bank = kmalloc(sizeof(*bank), GFP_KERNEL);
	if (!bank)
		return -ENOMEM;
	cpus_read_lock();
	for_each_possible_cpu(cpu) {
		model_snapshot(cpu, bank);
		type = bank->kind->type;
		for (i = 0; i < type->num_events; i++)
			if (bank->totals[i])
				seq_printf(s, "cpu=%d config=%#llx counted=%llu\n",
					   cpu, type->events[i].config,
					   bank->totals[i]);
	}
	cpus_read_unlock();
	kfree(bank);
	return 0;
}

static int model_totals_open(struct inode *inode, struct file *file)
{
	return single_open(file, model_totals_show, NULL);
}

static int model_rate_show(struct seq_file *s, void *unused)
{
	const struct hybrid_pmu_type *type;
	const struct model_kind *kind;
	unsigned int i, k;

	for (k = 0; k < model_nr_pmus; k++) {
		kind = model_pmus[k].priv;
		type = kind->type;
		for (i = 0; i < type->num_events; i++)
			seq_printf(s, "type=%s config=%#llx name=%s permille=%u\n",
				   type->name, type->events[i].config,
				   type->events[i].name ?: "-",
				   READ_ONCE(kind->permille[i]));
	}
	return 0;
}

static int model_rate_open(struct inode *inode, struct file *file)
{
	return single_open(file, model_rate_show, NULL);
}

static void model_show_counter(struct seq_file *s, const struct model_bank *bank,
			       unsigned int i)
{
	const struct hybrid_pmu_type *type = bank->kind->type;
	const struct model_counter *c = &bank->counters[i];
	bool fixed = i >= type->num_gp;

	seq_printf(s, "  %s%u enabled=%d", fixed ? "fixed" : "gp",
		   fixed ? i - type->num_gp : i, c->enabled);
	if (c->enabled)
		seq_printf(s, " config=%#llx rate=%llu/ms",
			   type->events[c->event].config, c->rate);
	seq_printf(s, " value=%#llx counted=%llu\n", c->value, c->counted);
}

static int model_banks_show(struct seq_file *s, void *unused)
{
	struct model_bank *bank;
	unsigned int i;
	int cpu;

	bank = kmalloc(sizeof(*bank), GFP_KERNEL);
	if (!bank)
		return -ENOMEM;
	cpus_read_lock();
	for_each_possible_cpu(cpu) {
		model_snapshot(cpu, bank);
		seq_printf(s, "cpu=%d type=%s mhz=%u %s global=%s\n", cpu,
			   bank->kind->type->name, bank->kind->mhz,
			   cpu_online(cpu) ? "online" : "offline",
			   bank->on ? "on" : "off");
		for (i = 0; i < bank->nr; i++)
			model_show_counter(s, bank, i);
	}
	cpus_read_unlock();
	kfree(bank);
	return 0;
}
DEFINE_SHOW_ATTRIBUTE(model_banks);

static const struct file_operations model_inject_fops = {
	.owner	= THIS_MODULE,
	.open	= simple_open,
	.write	= model_inject_write,
};

static const struct file_operations model_preset_fops = {
	.owner	= THIS_MODULE,
	.open	= simple_open,
	.write	= model_preset_write,
};

static const struct file_operations model_rate_fops = {
	.owner		= THIS_MODULE,
	.open		= model_rate_open,
	.read		= seq_read,
	.llseek		= seq_lseek,
	.release	= single_release,
	.write		= model_rate_write,
};

static const struct file_operations model_totals_fops = {
	.owner		= THIS_MODULE,
	.open		= model_totals_open,
	.read		= seq_read,
	.llseek		= seq_lseek,
	.release	= single_release,
	.write		= model_totals_write,
};

static void __init model_debugfs_init(void)
{
	model_debugfs = debugfs_create_dir("hybrid_pmu_model", NULL);
	debugfs_create_file("inject", 0200, model_debugfs, NULL,
			    &model_inject_fops);
	debugfs_create_file("rate", 0644, model_debugfs, NULL,
			    &model_rate_fops);
	debugfs_create_file("totals", 0644, model_debugfs, NULL,
			    &model_totals_fops);
	debugfs_create_file("preset", 0200, model_debugfs, NULL,
			    &model_preset_fops);
	debugfs_create_file("banks", 0444, model_debugfs, NULL,
			    &model_banks_fops);
}

/* Loading */

/* core_cpus=: a list of possible CPUs, at least one */
static int __init model_parse_core_cpus(struct cpumask *core)
{
	int ret = cpulist_parse(core_cpus, core);

	if (ret && ret != -ERANGE) {
		pr_err("core_cpus=%s: not a CPU list (e.g. 0-1,4)\n", core_cpus);
		return -EINVAL;
	}
	if (ret || !cpumask_subset(core, cpu_possible_mask)) {
		pr_err("core_cpus=%s: not CPUs of this machine, whose possible CPUs are %*pbl\n",
		       core_cpus, cpumask_pr_args(cpu_possible_mask));
		return -EINVAL;
	}
	if (cpumask_empty(core)) {
		pr_err("core_cpus=%s: no CPU\n", core_cpus);
		return -EINVAL;
	}
	return 0;
}

/* core_cpus= or the first half of the possible CPUs; atom the others */
static int __init model_split_cpus(struct cpumask *core, struct cpumask *atom)
{
	unsigned int half = DIV_ROUND_UP(num_possible_cpus(), 2), n = 0;
	int cpu, ret;

	if (core_cpus) {
		ret = model_parse_core_cpus(core);
		if (ret)
			return ret;
	} else {
		for_each_possible_cpu(cpu)
			if (n++ < half)
				cpumask_set_cpu(cpu, core);
	}
	cpumask_andnot(atom, cpu_possible_mask, core);
	return 0;
}

/* Every default rate is an event of its type, and not cycles */
static int __init model_check_rates(const struct model_kind *kind)
{
	unsigned int i;

	for (i = 0; i < kind->num_rates; i++)
		if (model_find_event(kind->type, kind->rates[i].config) < 0 ||
		    model_is_cycles(kind->rates[i].config)) {
			pr_err("%s: default rate of config %#llx, not an event with a rate\n",
			       kind->type->name, kind->rates[i].config);
			return -EINVAL;
		}
	return 0;
}

static int __init model_init_kind(enum model_kind_id id, unsigned int mhz,
				  const char *param)
{
	struct model_kind *kind = &model_kinds[id];

	if (!mhz || mhz > MODEL_MAX_MHZ) {
		pr_err("%s=%u: the frequency must be 1 to %u MHz\n", param, mhz,
		       MODEL_MAX_MHZ);
		return -EINVAL;
	}
	kind->mhz = mhz;
	return model_check_rates(kind);
}

static void __init model_init_banks(void)
{
	const struct model_kind *kind;
	struct model_bank *bank;
	unsigned int i;
	int cpu;

	for_each_possible_cpu(cpu) {
		bank = per_cpu_ptr(&model_banks, cpu);
		kind = cpumask_test_cpu(cpu, &model_pmus[MODEL_CORE].cpus) ?
		       &model_kinds[MODEL_CORE] : &model_kinds[MODEL_ATOM];
		bank->kind = kind;
		/* global enable on, as at reset */
		bank->on = true;
		bank->nr = kind->type->num_gp + kind->type->num_fixed;
		for (i = 0; i < bank->nr; i++)
			bank->counters[i].mask =
				GENMASK_ULL(i < kind->type->num_gp ?
					    kind->type->gp_width - 1 :
					    kind->type->fixed_width - 1, 0);
	}
}

static int __init hybrid_pmu_model_init(void)
{
	struct hybrid_pmu *hpmu;
	unsigned int i;
	int ret;

	ret = model_init_kind(MODEL_CORE, core_mhz, "core_mhz") ?:
	      model_init_kind(MODEL_ATOM, atom_mhz, "atom_mhz") ?:
	      model_split_cpus(&model_pmus[MODEL_CORE].cpus,
			       &model_pmus[MODEL_ATOM].cpus);
	if (ret)
		return ret;
	hybrid_model_default_rates();
	model_init_banks();

	model_nr_pmus = cpumask_empty(&model_pmus[MODEL_ATOM].cpus) ? 1 : 2;
	for (i = 0; i < model_nr_pmus; i++) {
		hpmu = &model_pmus[i];
		hpmu->type = model_kinds[i].type;
		hpmu->ops = &model_ops;
		hpmu->priv = &model_kinds[i];
		hpmu->pmu.module = THIS_MODULE;
	}
	ret = hybrid_pmu_register(model_pmus, model_nr_pmus);
	if (ret) {
		model_nr_pmus = 0;
		return ret;
	}
	model_debugfs_init();
	for (i = 0; i < model_nr_pmus; i++)
		pr_info("%s CPUs %*pbl at %u MHz\n", model_kinds[i].type->name,
			cpumask_pr_args(&model_pmus[i].cpus), model_kinds[i].mhz);
	return 0;
}

static void __exit hybrid_pmu_model_exit(void)
{
	debugfs_remove_recursive(model_debugfs);
	hybrid_pmu_unregister(model_pmus, model_nr_pmus);
}

module_init(hybrid_pmu_model_init);
module_exit(hybrid_pmu_model_exit);

MODULE_IMPORT_NS(HYBRID_PMU_NS);
MODULE_DESCRIPTION("Counter model behind the hybrid PMUs cpu_core and cpu_atom, for tests");
MODULE_LICENSE("GPL");
