// SPDX-License-Identifier: GPL-2.0-only
/*
 * KUnit tests of the hybrid PMU core (drivers/perf/hybrid_pmu.c): its
 * decisions on a table of the suite's own (event maps, counter choice),
 * and everything else through perf core against the counter model's
 * banks (tests/hybrid/): the PMUs cpu_core and cpu_atom the model
 * registered, counts injected into the model.  The core's source is
 * compiled into this module, without its exports, for the decisions on
 * the suite's table; the model's PMUs are served by the loaded core.
 */

#include "pmu_kunit_source.h"
#include "hybrid_pmu.c"

#include <kunit/test.h>
#include <linux/atomic.h>
#include <linux/cpumask.h>
#include <linux/err.h>
#include <linux/module.h>
#include <linux/perf_event.h>
#include <linux/sched.h>
#include <linux/slab.h>
#include <linux/smp.h>

#include <linux/perf/hybrid_pmu.h>

#include "hybrid_pmu_model.h"
#include "perf_kunit_group.h"
#include "pmu_kunit_compat.h"

/* A table of the suite's own: 2 general counters, 2 fixed */
enum { EV_INST = 0xc0, EV_CYC = 0x3c, EV_ONLY_GP1 = 0x1a, EV_FIXED_ONLY = 0x300 };

static const struct hybrid_pmu_format kt_formats[] = {
	{ "event", GENMASK_ULL(7, 0) },
	{ "umask", GENMASK_ULL(15, 8) },
};

static const struct hybrid_pmu_event kt_events[] = {
	{ "instructions", EV_INST, 0, 0x3 },
	{ "cycles", EV_CYC, 1, 0x3 },
	{ NULL, EV_ONLY_GP1, -1, 0x2 },
	{ "ref-cycles", EV_FIXED_ONLY, 1, 0 },
};

static const struct hybrid_pmu_type kt_type = {
	.name = "kunit",
	.num_gp = 2,
	.num_fixed = 2,
	.gp_width = 48,
	.fixed_width = 48,
	.formats = kt_formats,
	.num_formats = ARRAY_SIZE(kt_formats),
	.events = kt_events,
	.num_events = ARRAY_SIZE(kt_events),
	.hw_events = {
		[PERF_COUNT_HW_CPU_CYCLES] = EV_CYC,
		[PERF_COUNT_HW_INSTRUCTIONS] = EV_INST,
	},
	.cache_events = {
		[PERF_COUNT_HW_CACHE_L1D][PERF_COUNT_HW_CACHE_OP_READ]
			[PERF_COUNT_HW_CACHE_RESULT_ACCESS] = EV_INST,
	},
};

static int map(u32 type, u64 config, u64 *out)
{
	struct perf_event_attr attr = { .type = type, .config = config };

	return hybrid_pmu_map_event(&kt_type, &attr, out);
}

/* Hardware, cache and raw events map as x86 does, errnos included */
static void hybrid_test_map_event(struct kunit *test)
{
	u64 config = 0;

	KUNIT_EXPECT_EQ(test, map(PERF_TYPE_HARDWARE, PERF_COUNT_HW_CPU_CYCLES,
				  &config), 0);
	KUNIT_EXPECT_EQ(test, config, (u64)EV_CYC);
	/* an id no PMU has, and one this type does not count */
	KUNIT_EXPECT_EQ(test, map(PERF_TYPE_HARDWARE, PERF_COUNT_HW_MAX,
				  &config), -EINVAL);
	KUNIT_EXPECT_EQ(test, map(PERF_TYPE_HARDWARE,
				  PERF_COUNT_HW_BRANCH_MISSES, &config), -ENOENT);

	KUNIT_EXPECT_EQ(test, map(PERF_TYPE_HW_CACHE, PERF_COUNT_HW_CACHE_L1D,
				  &config), 0);
	KUNIT_EXPECT_EQ(test, config, (u64)EV_INST);
	KUNIT_EXPECT_EQ(test, map(PERF_TYPE_HW_CACHE,
				  PERF_COUNT_HW_CACHE_L1I, &config), -ENOENT);
	KUNIT_EXPECT_EQ(test, map(PERF_TYPE_HW_CACHE, PERF_COUNT_HW_CACHE_MAX,
				  &config), -EINVAL);
	KUNIT_EXPECT_EQ(test, map(PERF_TYPE_HW_CACHE,
				  PERF_COUNT_HW_CACHE_OP_MAX << 8, &config),
			-EINVAL);
	KUNIT_EXPECT_EQ(test, map(PERF_TYPE_HW_CACHE,
				  PERF_COUNT_HW_CACHE_RESULT_MAX << 16, &config),
			-EINVAL);
	KUNIT_EXPECT_EQ(test, map(PERF_TYPE_HW_CACHE, 1ULL << 24, &config),
			-EINVAL);

	/* raw: in the table, unknown, reserved bits */
	KUNIT_EXPECT_EQ(test, map(PERF_TYPE_RAW, EV_ONLY_GP1, &config), 0);
	KUNIT_EXPECT_EQ(test, config, (u64)EV_ONLY_GP1);
	KUNIT_EXPECT_EQ(test, map(PERF_TYPE_RAW, 0x55, &config), -EINVAL);
	KUNIT_EXPECT_EQ(test, map(PERF_TYPE_RAW, EV_CYC | BIT_ULL(16), &config),
			-EINVAL);
}

static int place(struct hybrid_pmu_counters *c, u64 config)
{
	const struct hybrid_pmu_event *ev = hybrid_pmu_find_event(&kt_type,
								  config);

	return hybrid_pmu_place(&kt_type, c, ev - kt_type.events);
}

/*
 * An event takes its fixed counter first, then the lowest general
 * counter it may use; if those are taken, events on them move where
 * they can; when no assignment fits, add() gets -EBUSY and perf core
 * multiplexes.
 */
static void hybrid_test_place(struct kunit *test)
{
	struct hybrid_pmu_counters *c = kunit_kzalloc(test, sizeof(*c),
						      GFP_KERNEL);
	const unsigned int fixed1 = HYBRID_PMU_IDX_FIXED + 1;

	KUNIT_ASSERT_NOT_NULL(test, c);
	KUNIT_EXPECT_EQ(test, place(c, EV_CYC), fixed1);
	KUNIT_EXPECT_EQ(test, c->nr_moves, 0);
	/* the fixed-only event needs fixed 1: cycles move to general 0 */
	KUNIT_EXPECT_EQ(test, place(c, EV_FIXED_ONLY), fixed1);
	KUNIT_ASSERT_EQ(test, c->nr_moves, 1);
	KUNIT_EXPECT_EQ(test, c->from[0], fixed1);
	KUNIT_EXPECT_EQ(test, c->to[0], 0);
	KUNIT_EXPECT_EQ(test, c->on[0], 2);	/* kt_events[1] + 1 */
	KUNIT_EXPECT_EQ(test, place(c, EV_ONLY_GP1), 1);
	/* cycles again: fixed 1 and both general counters are held fast */
	KUNIT_EXPECT_EQ(test, place(c, EV_CYC), -EBUSY);
	KUNIT_EXPECT_EQ(test, c->nr_moves, 0);
	KUNIT_EXPECT_EQ(test, place(c, EV_INST), HYBRID_PMU_IDX_FIXED);
	KUNIT_EXPECT_EQ(test, place(c, EV_INST), -EBUSY);

	/* three counters, three events on them: a fourth never fits */
	memset(c, 0, sizeof(*c));
	KUNIT_EXPECT_EQ(test, place(c, EV_INST), HYBRID_PMU_IDX_FIXED);
	KUNIT_EXPECT_EQ(test, place(c, EV_INST), 0);
	KUNIT_EXPECT_EQ(test, place(c, EV_INST), 1);
	KUNIT_EXPECT_EQ(test, place(c, EV_ONLY_GP1), -EBUSY);
	memset(c, 0, sizeof(*c));
	KUNIT_EXPECT_EQ(test, place(c, EV_CYC), fixed1);
	KUNIT_EXPECT_EQ(test, place(c, EV_CYC), 0);
	KUNIT_EXPECT_EQ(test, place(c, EV_FIXED_ONLY), fixed1);
	/* the cycles on fixed 1 made room on general 1, the free one */
	KUNIT_EXPECT_EQ(test, c->to[c->nr_moves - 1], 1);
}

/* The model's PMUs, or skip: the suite needs the counter model loaded */
static struct hybrid_pmu *model_pmu(struct kunit *test, const char *type)
{
	struct hybrid_pmu *hpmu = hybrid_model_pmu(type);

	if (!hpmu)
		kunit_skip(test, "the counter model has no %s PMU", type);
	return hpmu;
}

static void release_event(void *event)
{
	perf_event_release_kernel(event);
}

/*
 * Open an event through perf core on @cpu (-1: per task, on current);
 * released when the test ends.  Returns the event or an ERR_PTR.
 */
static struct perf_event *open_event(struct kunit *test, u32 type,
				     u64 config, int cpu)
{
	struct perf_event_attr attr = {
		.type = type,
		.size = sizeof(attr),
		.config = config,
	};
	struct perf_event *event;

	event = perf_event_create_kernel_counter(&attr, cpu,
						 cpu < 0 ? current : NULL,
						 NULL, NULL);
	if (!IS_ERR(event))
		KUNIT_ASSERT_EQ(test, 0,
				pmu_kunit_add_action_or_reset(test, release_event,
							      event));
	return event;
}

static u64 ext(struct hybrid_pmu *hpmu, u64 id)
{
	return (u64)hpmu->pmu.type << PERF_PMU_TYPE_SHIFT | id;
}

static int first_cpu(struct hybrid_pmu *hpmu)
{
	return cpumask_first_and(&hpmu->cpus, cpu_online_mask);
}

static void model_reset(void *unused)
{
	hybrid_model_default_rates();
	hybrid_model_reset_totals();
}

static int model_init(struct kunit *test)
{
	hybrid_model_reset_totals();
	return pmu_kunit_add_action_or_reset(test, model_reset, NULL);
}

/*
 * Hardware events go where attr.config[63:32] says; without it, to the
 * type of the event's CPU; never to a PMU of the other type's CPUs.
 */
static void hybrid_test_routing(struct kunit *test)
{
	struct hybrid_pmu *core = model_pmu(test, "core");
	struct hybrid_pmu *atom = model_pmu(test, "atom");
	int c = first_cpu(core), a = first_cpu(atom);
	struct perf_event *ev;

	ev = open_event(test, PERF_TYPE_HARDWARE,
			ext(core, PERF_COUNT_HW_CPU_CYCLES), c);
	KUNIT_ASSERT_FALSE(test, IS_ERR(ev));
	KUNIT_EXPECT_PTR_EQ(test, ev->pmu, &core->pmu);

	ev = open_event(test, PERF_TYPE_HARDWARE,
			ext(atom, PERF_COUNT_HW_CPU_CYCLES), c);
	KUNIT_EXPECT_EQ(test, PTR_ERR(ev), -ENOENT);

	ev = open_event(test, PERF_TYPE_HARDWARE, PERF_COUNT_HW_INSTRUCTIONS, a);
	KUNIT_ASSERT_FALSE(test, IS_ERR(ev));
	KUNIT_EXPECT_PTR_EQ(test, ev->pmu, &atom->pmu);

	/* per task: either type takes it, and counts on its own CPUs */
	ev = open_event(test, PERF_TYPE_HARDWARE,
			ext(atom, PERF_COUNT_HW_CPU_CYCLES), -1);
	KUNIT_ASSERT_FALSE(test, IS_ERR(ev));
	KUNIT_EXPECT_PTR_EQ(test, ev->pmu, &atom->pmu);

	/* the L1I read access only the atom type counts */
	ev = open_event(test, PERF_TYPE_HW_CACHE,
			ext(atom, PERF_COUNT_HW_CACHE_L1I), a);
	KUNIT_EXPECT_FALSE(test, IS_ERR(ev));
	ev = open_event(test, PERF_TYPE_HW_CACHE,
			ext(core, PERF_COUNT_HW_CACHE_L1I), c);
	KUNIT_EXPECT_EQ(test, PTR_ERR(ev), -ENOENT);

	/* a raw event of one type, on the other's CPU */
	ev = open_event(test, core->pmu.type, 0x3c, a);
	KUNIT_EXPECT_EQ(test, PTR_ERR(ev), -ENOENT);
}

/* Counting only: sampling and privilege filters the model lacks */
static void hybrid_test_refused(struct kunit *test)
{
	struct hybrid_pmu *core = model_pmu(test, "core");
	struct perf_event_attr attr = {
		.type = core->pmu.type,
		.size = sizeof(attr),
		.config = 0x3c,
		.sample_period = 100000,
	};
	struct perf_event *ev;

	ev = perf_event_create_kernel_counter(&attr, first_cpu(core), NULL,
					      NULL, NULL);
	KUNIT_EXPECT_EQ(test, PTR_ERR(ev), -EOPNOTSUPP);
	attr.sample_period = 0;
	attr.exclude_kernel = 1;
	ev = perf_event_create_kernel_counter(&attr, first_cpu(core), NULL,
					      NULL, NULL);
	KUNIT_EXPECT_EQ(test, PTR_ERR(ev), -EOPNOTSUPP);
	attr.exclude_kernel = 0;
	attr.config1 = 1;
	ev = perf_event_create_kernel_counter(&attr, first_cpu(core), NULL,
					      NULL, NULL);
	KUNIT_EXPECT_EQ(test, PTR_ERR(ev), -EINVAL);
}

static u64 read_count(struct perf_event *ev)
{
	u64 enabled, running;

	return perf_event_read_value(ev, &enabled, &running);
}

/*
 * The core's raw event 0x1a on @cpu, which only counts what a test
 * injects (its rate set to 0 until the test ends)
 */
static struct perf_event *open_injected(struct kunit *test,
					struct hybrid_pmu *core, int cpu)
{
	struct perf_event *ev;

	KUNIT_ASSERT_EQ(test, model_init(test), 0);
	KUNIT_ASSERT_EQ(test, hybrid_model_set_rate("core", 0x1a, 0), 0);
	ev = open_event(test, core->pmu.type, 0x1a, cpu);
	KUNIT_ASSERT_FALSE(test, IS_ERR(ev));
	return ev;
}

/* Injected events: counted by the CPU's own event only, exactly */
static void hybrid_test_exact_counts(struct kunit *test)
{
	struct hybrid_pmu *core = model_pmu(test, "core");
	int c = first_cpu(core);
	int other = cpumask_next_and(c, &core->cpus, cpu_online_mask);
	struct perf_event *ev = open_injected(test, core, c);

	KUNIT_ASSERT_EQ(test, hybrid_model_inject(c, 0x1a, 1000), 1);
	if (other < nr_cpu_ids)
		KUNIT_ASSERT_EQ(test, hybrid_model_inject(other, 0x1a, 77), 0);
	KUNIT_EXPECT_EQ(test, read_count(ev), 1000);
	KUNIT_EXPECT_EQ(test, hybrid_model_counted(c, 0x1a), 1000);

	/* stopped, nothing counts; started again, it goes on */
	perf_event_disable(ev);
	KUNIT_ASSERT_EQ(test, hybrid_model_inject(c, 0x1a, 5), 0);
	perf_event_enable(ev);
	KUNIT_ASSERT_EQ(test, hybrid_model_inject(c, 0x1a, 20), 1);
	KUNIT_EXPECT_EQ(test, read_count(ev), 1020);
	KUNIT_EXPECT_EQ(test, hybrid_model_counted(c, 0x1a), 1020);
}

/* A counter that wraps between two reads loses nothing */
static void hybrid_test_wrap(struct kunit *test)
{
	struct hybrid_pmu *core = model_pmu(test, "core");
	u64 top = BIT_ULL(core->type->gp_width) - 1, before;
	int c = first_cpu(core);
	struct perf_event *ev = open_injected(test, core, c);

	KUNIT_ASSERT_EQ(test, hybrid_model_inject(c, 0x1a, 10), 1);
	KUNIT_EXPECT_EQ(test, read_count(ev), 10);

	/*
	 * Writing the counter is a jump the core counts like any other;
	 * from there on, 250 events across the wrap are 250.
	 */
	KUNIT_ASSERT_EQ(test, hybrid_model_preset(c, 0x1a, top - 99), 0);
	before = read_count(ev);
	KUNIT_ASSERT_EQ(test, hybrid_model_inject(c, 0x1a, 250), 1);
	KUNIT_EXPECT_EQ(test, read_count(ev) - before, 250);
	KUNIT_EXPECT_EQ(test, hybrid_model_counted(c, 0x1a), 260);
}

static void restore_affinity(void *unused)
{
	set_cpus_allowed_ptr(current, cpu_possible_mask);
}

/*
 * A per-task event counts while its task runs on its type's CPUs and not
 * while it runs on the other type's (struct pmu.filter)
 */
static void hybrid_test_task_filter(struct kunit *test)
{
	struct hybrid_pmu *core = model_pmu(test, "core");
	struct hybrid_pmu *atom = model_pmu(test, "atom");
	int c = first_cpu(core), a = first_cpu(atom), on_cpu;
	enum perf_event_state state;
	struct perf_event *ev;

	KUNIT_ASSERT_EQ(test, model_init(test), 0);
	KUNIT_ASSERT_EQ(test, hybrid_model_set_rate("core", 0x1a, 0), 0);
	KUNIT_ASSERT_EQ(test, 0, pmu_kunit_add_action_or_reset(test,
							       restore_affinity,
							       NULL));
	KUNIT_ASSERT_EQ(test, set_cpus_allowed_ptr(current, cpumask_of(c)), 0);
	ev = open_event(test, core->pmu.type, 0x1a, -1);
	KUNIT_ASSERT_FALSE(test, IS_ERR(ev));

	KUNIT_ASSERT_EQ(test, hybrid_model_inject(c, 0x1a, 300), 1);
	KUNIT_EXPECT_EQ(test, read_count(ev), 300);

	KUNIT_ASSERT_EQ(test, set_cpus_allowed_ptr(current, cpumask_of(a)), 0);
	/* on an atom CPU the core PMU is filtered out: the event waits */
	local_irq_disable();
	on_cpu = smp_processor_id();
	state = ev->state;
	local_irq_enable();
	KUNIT_ASSERT_EQ(test, on_cpu, a);
	KUNIT_EXPECT_EQ(test, state, PERF_EVENT_STATE_INACTIVE);
	KUNIT_EXPECT_EQ(test, hybrid_model_inject(c, 0x1a, 40), 0);
	KUNIT_EXPECT_EQ(test, read_count(ev), 300);

	KUNIT_ASSERT_EQ(test, set_cpus_allowed_ptr(current, cpumask_of(c)), 0);
	KUNIT_ASSERT_EQ(test, hybrid_model_inject(c, 0x1a, 2), 1);
	KUNIT_EXPECT_EQ(test, read_count(ev), 302);
}

struct active_count {
	struct perf_event **ev;
	int n;
	int active;
};

static void count_active(void *data)
{
	struct active_count *ac = data;
	int i;

	ac->active = 0;
	for (i = 0; i < ac->n; i++)
		ac->active += ac->ev[i]->state == PERF_EVENT_STATE_ACTIVE;
}

/*
 * More events than general counters: as many count at once as there are
 * counters, the others wait (perf core rotates them in).  Looked at on
 * the CPU itself with interrupts off, so a rotation is never half done.
 */
static void hybrid_test_multiplex(struct kunit *test)
{
	struct hybrid_pmu *atom = model_pmu(test, "atom");
	unsigned int n = atom->type->num_gp + 1;
	int a = first_cpu(atom), i;
	struct active_count ac = { .n = n };

	ac.ev = kunit_kcalloc(test, n, sizeof(*ac.ev), GFP_KERNEL);
	KUNIT_ASSERT_NOT_NULL(test, ac.ev);
	for (i = 0; i < n; i++) {
		/* branches: general counters only */
		ac.ev[i] = open_event(test, PERF_TYPE_HARDWARE,
				      ext(atom, PERF_COUNT_HW_BRANCH_INSTRUCTIONS),
				      a);
		KUNIT_ASSERT_FALSE(test, IS_ERR(ac.ev[i]));
	}
	smp_call_function_single(a, count_active, &ac, 1);
	KUNIT_EXPECT_EQ(test, ac.active, atom->type->num_gp);
}

/*
 * Groups: both types in one group never fit; software events may join;
 * a group larger than the counters can never be scheduled, one that fits
 * takes its turn.
 */
static void hybrid_test_groups(struct kunit *test)
{
	struct hybrid_pmu *core = model_pmu(test, "core");
	struct hybrid_pmu *atom = model_pmu(test, "atom");
	struct perf_kunit_group *g = perf_kunit_group_new(test);
	struct perf_event *ev;
	int i;

	mutex_lock(&g->ctx.mutex);
	/* per-task: a group may mix types only through perf's refusal */
	ev = perf_kunit_group_event(g, &core->pmu, PERF_TYPE_HARDWARE,
				    ext(core, PERF_COUNT_HW_CPU_CYCLES), -1);
	KUNIT_EXPECT_EQ(test, perf_kunit_group_add(g, ev), 0);
	ev = perf_kunit_group_event(g, &atom->pmu, PERF_TYPE_HARDWARE,
				    ext(atom, PERF_COUNT_HW_INSTRUCTIONS), -1);
	KUNIT_EXPECT_EQ(test, perf_kunit_group_add(g, ev), -EINVAL);
	mutex_unlock(&g->ctx.mutex);

	/* all the core's counters, and one more */
	g = perf_kunit_group_new(test);
	mutex_lock(&g->ctx.mutex);
	for (i = 0; i < core->type->num_gp; i++) {
		ev = perf_kunit_group_event(g, &core->pmu, core->pmu.type, 0xc4,
					    first_cpu(core));
		KUNIT_EXPECT_EQ(test, perf_kunit_group_add(g, ev), 0);
	}
	ev = perf_kunit_group_event(g, &core->pmu, core->pmu.type, 0xc4,
				    first_cpu(core));
	KUNIT_EXPECT_EQ(test, perf_kunit_group_add(g, ev), -EINVAL);
	/* a fixed counter is still free for cycles */
	ev = perf_kunit_group_event(g, &core->pmu, core->pmu.type, 0x3c,
				    first_cpu(core));
	KUNIT_EXPECT_EQ(test, perf_kunit_group_add(g, ev), 0);
	mutex_unlock(&g->ctx.mutex);

	/*
	 * Cycles, then the event only fixed counter 1 counts: cycles make
	 * room, as they do the other way round
	 */
	for (i = 0; i < 2; i++) {
		g = perf_kunit_group_new(test);
		mutex_lock(&g->ctx.mutex);
		ev = perf_kunit_group_event(g, &core->pmu, core->pmu.type,
					    i ? 0x200 : 0x3c, first_cpu(core));
		KUNIT_EXPECT_EQ(test, perf_kunit_group_add(g, ev), 0);
		ev = perf_kunit_group_event(g, &core->pmu, core->pmu.type,
					    i ? 0x3c : 0x200, first_cpu(core));
		KUNIT_EXPECT_EQ(test, perf_kunit_group_add(g, ev), 0);
		mutex_unlock(&g->ctx.mutex);
	}
}

/* "cpus" lists the type's CPUs; events/ differ per type */
static void hybrid_test_sysfs(struct kunit *test)
{
	struct hybrid_pmu *core = model_pmu(test, "core");
	struct hybrid_pmu *atom = model_pmu(test, "atom");
	const struct attribute_group *cpus_group = core->pmu.attr_groups[3];
	struct device_attribute *cpus =
		container_of(cpus_group->attrs[0], struct device_attribute, attr);
	char *buf, *want;

	buf = kunit_kzalloc(test, PAGE_SIZE, GFP_KERNEL);
	want = kunit_kzalloc(test, PAGE_SIZE, GFP_KERNEL);
	KUNIT_ASSERT_NOT_NULL(test, buf);
	KUNIT_ASSERT_NOT_NULL(test, want);
	KUNIT_EXPECT_STREQ(test, cpus_group->attrs[0]->name, "cpus");

	cpus->show(core->pmu.dev, cpus, buf);
	scnprintf(want, PAGE_SIZE, "%*pbl\n", cpumask_pr_args(&core->cpus));
	KUNIT_EXPECT_STREQ(test, buf, want);
	cpus->show(atom->pmu.dev, cpus, buf);
	scnprintf(want, PAGE_SIZE, "%*pbl\n", cpumask_pr_args(&atom->cpus));
	KUNIT_EXPECT_STREQ(test, buf, want);
	KUNIT_EXPECT_FALSE(test, cpumask_intersects(&core->cpus, &atom->cpus));

	KUNIT_EXPECT_STREQ(test, core->pmu.attr_groups[0]->name, "format");
	KUNIT_EXPECT_STREQ(test, core->pmu.attr_groups[1]->name, "events");
	KUNIT_EXPECT_STREQ(test, core->pmu.attr_groups[2]->name, "caps");
	KUNIT_EXPECT_NE(test, core->pmu.capabilities &
			PERF_PMU_CAP_EXTENDED_HW_TYPE, 0);
}

/*
 * A second backend's registration is refused from the core's own state,
 * with nothing allocated and no event opened on any PMU to find out: the
 * model's cpu_core sees no event_init.  (The core compiled into this
 * suite is told what the loaded one knows: the model's types are in.)
 */
static atomic_t kt_event_valid_calls;
static const struct hybrid_pmu_ops *kt_model_ops;

static int kt_counting_event_valid(struct hybrid_pmu *hpmu,
				   struct perf_event *event)
{
	atomic_inc(&kt_event_valid_calls);
	return kt_model_ops->event_valid ?
	       kt_model_ops->event_valid(hpmu, event) : 0;
}

static void kt_restore(void *core)
{
	((struct hybrid_pmu *)core)->ops = kt_model_ops;
	hybrid_pmu_registered = false;
}

static void hybrid_test_name_taken(struct kunit *test)
{
	struct hybrid_pmu *core = model_pmu(test, "core");
	struct hybrid_pmu_ops *counting;
	struct hybrid_pmu *dup;

	dup = kunit_kzalloc(test, sizeof(*dup), GFP_KERNEL);
	counting = kunit_kzalloc(test, sizeof(*counting), GFP_KERNEL);
	KUNIT_ASSERT_NOT_NULL(test, dup);
	KUNIT_ASSERT_NOT_NULL(test, counting);
	dup->type = core->type;
	dup->ops = core->ops;
	cpumask_copy(&dup->cpus, &core->cpus);

	kt_model_ops = core->ops;
	*counting = *core->ops;
	counting->event_valid = kt_counting_event_valid;
	atomic_set(&kt_event_valid_calls, 0);
	core->ops = counting;
	hybrid_pmu_registered = true;
	KUNIT_ASSERT_EQ(test, 0,
			pmu_kunit_add_action_or_reset(test, kt_restore, core));

	KUNIT_EXPECT_EQ(test, hybrid_pmu_register(dup, 1), -EBUSY);
	KUNIT_EXPECT_TRUE(test, !dup->cpu_state);
	KUNIT_EXPECT_EQ(test, atomic_read(&kt_event_valid_calls), 0);
}

/* A table whose maps name events it lacks is refused */
static void hybrid_test_bad_table(struct kunit *test)
{
	struct hybrid_pmu_type *bad;
	struct hybrid_pmu *hpmu;

	bad = kunit_kzalloc(test, sizeof(*bad), GFP_KERNEL);
	hpmu = kunit_kzalloc(test, sizeof(*hpmu), GFP_KERNEL);
	KUNIT_ASSERT_NOT_NULL(test, bad);
	KUNIT_ASSERT_NOT_NULL(test, hpmu);
	*bad = kt_type;
	bad->name = "kunit_bad";
	bad->hw_events[PERF_COUNT_HW_BRANCH_MISSES] = 0x55;
	hpmu->type = bad;
	hpmu->ops = model_pmu(test, "core")->ops;
	cpumask_set_cpu(0, &hpmu->cpus);
	KUNIT_EXPECT_EQ(test, hybrid_pmu_register(hpmu, 1), -EINVAL);
}

/* The types' CPU sets: none may be empty, no two may overlap */
static void hybrid_test_cpu_sets(struct kunit *test)
{
	struct hybrid_pmu_type *a, *b;
	struct hybrid_pmu *pmus;

	a = kunit_kzalloc(test, sizeof(*a), GFP_KERNEL);
	b = kunit_kzalloc(test, sizeof(*b), GFP_KERNEL);
	pmus = kunit_kcalloc(test, 2, sizeof(*pmus), GFP_KERNEL);
	KUNIT_ASSERT_NOT_NULL(test, a);
	KUNIT_ASSERT_NOT_NULL(test, b);
	KUNIT_ASSERT_NOT_NULL(test, pmus);
	*a = kt_type;
	a->name = "kunit_a";
	*b = kt_type;
	b->name = "kunit_b";
	pmus[0].type = a;
	pmus[1].type = b;
	pmus[0].ops = model_pmu(test, "core")->ops;
	pmus[1].ops = pmus[0].ops;
	cpumask_set_cpu(0, &pmus[0].cpus);
	/* the second type has no CPU */
	KUNIT_EXPECT_EQ(test, hybrid_pmu_register(pmus, 2), -EINVAL);
	/* both types have CPU 0 */
	cpumask_set_cpu(0, &pmus[1].cpus);
	KUNIT_EXPECT_EQ(test, hybrid_pmu_register(pmus, 2), -EINVAL);
	/* and nothing was left allocated */
	KUNIT_EXPECT_TRUE(test, !pmus[0].cpu_state && !pmus[1].cpu_state);
}

static struct kunit_case hybrid_pmu_cases[] = {
	KUNIT_CASE(hybrid_test_map_event),
	KUNIT_CASE(hybrid_test_place),
	KUNIT_CASE(hybrid_test_routing),
	KUNIT_CASE(hybrid_test_refused),
	KUNIT_CASE(hybrid_test_exact_counts),
	KUNIT_CASE(hybrid_test_wrap),
	KUNIT_CASE(hybrid_test_task_filter),
	KUNIT_CASE(hybrid_test_multiplex),
	KUNIT_CASE(hybrid_test_groups),
	KUNIT_CASE(hybrid_test_sysfs),
	KUNIT_CASE(hybrid_test_name_taken),
	KUNIT_CASE(hybrid_test_bad_table),
	KUNIT_CASE(hybrid_test_cpu_sets),
	{}
};

static struct kunit_suite hybrid_pmu_suite = {
	.name = "hybrid_pmu",
	.test_cases = hybrid_pmu_cases,
};

kunit_test_suite(hybrid_pmu_suite);

MODULE_IMPORT_NS(HYBRID_PMU_MODEL_NS);
MODULE_IMPORT_NS(SYSPMU_NS);
MODULE_DESCRIPTION("KUnit tests of the hybrid PMU core");
MODULE_LICENSE("GPL");
