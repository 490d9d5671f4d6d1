// SPDX-License-Identifier: GPL-2.0-only
/*
 * KUnit tests of the shared uncore PMU core: its helpers (wrap-safe
 * deltas, the format/ strings perf parses), and its perf callbacks on a
 * fake PMU whose counters are described by the test.
 */

#include <kunit/device.h>
#include <kunit/test.h>
#include <linux/atomic.h>
#include <linux/bits.h>
#include <linux/delay.h>
#include <linux/kthread.h>
#include <linux/module.h>
#include <linux/perf_event.h>
#include <linux/slab.h>

#include "uncore_pmu.h"

struct delta_case {
	u64 prev, now;
	unsigned int width;
	u64 expect;
};

static const struct delta_case delta_cases[] = {
	{ 0xfffffff0, 0x10, 32, 0x20 },
	{ 5, 5, 32, 0 },
	{ 0x0fffffff, 0, 28, 1 },
	{ 0x10000000, 0, 29, 0x10000000 },
	{ U64_MAX, 1, 64, 2 },
	{ 0xffff, 0x1fffe, 16, 0xffff },
};

static void delta_case_desc(const struct delta_case *c, char *desc)
{
	snprintf(desc, KUNIT_PARAM_DESC_SIZE, "%#llx to %#llx in %u bits",
		 c->prev, c->now, c->width);
}

KUNIT_ARRAY_PARAM(delta, delta_cases, delta_case_desc);

static void uncore_pmu_test_delta(struct kunit *test)
{
	const struct delta_case *c = test->param_value;

	KUNIT_EXPECT_EQ(test, uncore_pmu_delta(c->prev, c->now, c->width),
			c->expect);
}

struct format_case {
	unsigned int word;
	u64 mask;
	const char *expect;
};

static const struct format_case format_cases[] = {
	{ 0, GENMASK_ULL(7, 0), "config:0-7\n" },
	{ 2, BIT_ULL(3), "config2:3-3\n" },
	{ 1, GENMASK_ULL(3, 0) | GENMASK_ULL(11, 8), "config1:0-3,8-11\n" },
	{ 0, BIT_ULL(63), "config:63-63\n" },
};

static void format_case_desc(const struct format_case *c, char *desc)
{
	strscpy(desc, c->expect, KUNIT_PARAM_DESC_SIZE);
	desc[strcspn(desc, "\n")] = '\0';
}

KUNIT_ARRAY_PARAM(format, format_cases, format_case_desc);

/* Every range is printed "lo-hi", the form the format/ ABI uses */
static void uncore_pmu_test_format_show(struct kunit *test)
{
	const struct format_case *c = test->param_value;
	struct uncore_pmu_format_attr attr = {
		.attr = { .attr = { .name = "field", .mode = 0444 } },
		.word = c->word,
		.mask = c->mask,
	};
	/* sysfs_emit() wants a page */
	char *buf = kunit_kzalloc(test, PAGE_SIZE, GFP_KERNEL);

	KUNIT_ASSERT_NOT_NULL(test, buf);
	KUNIT_EXPECT_EQ(test, uncore_pmu_format_show(NULL, &attr.attr, buf),
			(ssize_t)strlen(c->expect));
	KUNIT_EXPECT_STREQ(test, buf, c->expect);
}

/*
 * A fake PMU with two counters: event 0 can use either, event 1 only
 * counter 0, event 2 only counter 1.  Events 3 share one setting in
 * config1 (like a filter all counters share).
 */
#define FAKE_EV_ANY	0
#define FAKE_EV_CTR0	1
#define FAKE_EV_CTR1	2
#define FAKE_EV_SHARED	3

struct fake_pmu {
	struct uncore_pmu	upmu;
	atomic_t		bad_idx;	/* events met with a wrong idx */
	atomic_t		claims;
};

static struct fake_pmu *to_fake(struct uncore_pmu *upmu)
{
	return container_of(upmu, struct fake_pmu, upmu);
}

static unsigned long fake_counter_mask(struct perf_event *event)
{
	switch (event->attr.config) {
	case FAKE_EV_CTR0:
		return BIT(0);
	case FAKE_EV_CTR1:
		return BIT(1);
	default:
		return BIT(0) | BIT(1);
	}
}

static int fake_event_valid(struct perf_event *event)
{
	return event->attr.config <= FAKE_EV_SHARED ? 0 : -EINVAL;
}

static bool fake_events_compatible(struct perf_event *a, struct perf_event *b)
{
	return a->attr.config != FAKE_EV_SHARED ||
	       b->attr.config != FAKE_EV_SHARED ||
	       a->attr.config1 == b->attr.config1;
}

static int fake_event_claim(struct perf_event *event)
{
	atomic_inc(&to_fake(event_to_uncore_pmu(event))->claims);
	return 0;
}

static u64 fake_read_counter(struct uncore_pmu *upmu, struct perf_event *event)
{
	/* whoever reads (the "interrupt" below) sees a complete event */
	if (event->hw.idx < 0 || event->hw.idx >= upmu->num_counters ||
	    upmu->events[event->hw.idx] != event)
		atomic_inc(&to_fake(upmu)->bad_idx);
	return 0;
}

static u64 fake_enable_counter(struct uncore_pmu *upmu,
			       struct perf_event *event)
{
	return 0;
}

static void fake_disable_counter(struct uncore_pmu *upmu,
				 struct perf_event *event)
{
}

static const struct uncore_pmu_ops fake_ops = {
	.counter_mask		= fake_counter_mask,
	.event_valid		= fake_event_valid,
	.events_compatible	= fake_events_compatible,
	.read_counter		= fake_read_counter,
	.enable_counter		= fake_enable_counter,
	.disable_counter	= fake_disable_counter,
};

/* The same, with an event_claim and no event_release */
static const struct uncore_pmu_ops fake_claim_ops = {
	.counter_mask		= fake_counter_mask,
	.event_valid		= fake_event_valid,
	.event_claim		= fake_event_claim,
	.read_counter		= fake_read_counter,
	.enable_counter		= fake_enable_counter,
	.disable_counter	= fake_disable_counter,
};

static void fake_unregister(void *upmu)
{
	uncore_pmu_unregister(upmu);
}

static struct fake_pmu *make_fake(struct kunit *test,
				  const struct uncore_pmu_ops *ops)
{
	static atomic_t fake_id = ATOMIC_INIT(0);
	struct fake_pmu *fake;
	struct device *dev;
	char *name;

	fake = kunit_kzalloc(test, sizeof(*fake), GFP_KERNEL);
	KUNIT_ASSERT_NOT_NULL(test, fake);
	dev = kunit_device_register(test, "uncore_pmu_kunit");
	KUNIT_ASSERT_FALSE(test, IS_ERR(dev));
	name = devm_kasprintf(dev, GFP_KERNEL, "uncore_kunit_fake%d",
			      atomic_inc_return(&fake_id));
	KUNIT_ASSERT_NOT_NULL(test, name);

	fake->upmu = (struct uncore_pmu) {
		.dev		= dev,
		.ops		= ops,
		.config_mask	= { GENMASK_ULL(7, 0), GENMASK_ULL(7, 0), 0 },
		.num_counters	= 2,
		.counter_width	= { 32, 32 },
		.pmu		= { .module = THIS_MODULE },
	};
	uncore_pmu_init(&fake->upmu);
	KUNIT_ASSERT_EQ(test, uncore_pmu_register(&fake->upmu, name), 0);
	KUNIT_ASSERT_EQ(test, 0, kunit_add_action_or_reset(test, fake_unregister,
							  &fake->upmu));
	return fake;
}

/*
 * Events for event_init() alone, in a group, as perf_event_open() hands
 * them over: the new event is not on its leader's sibling list yet, and
 * the leader's context mutex is held.
 */
struct fake_group {
	struct perf_event_context	ctx;
	struct perf_event		ev[4];
	int				n;
};

static struct perf_event *fake_group_event(struct kunit *test,
					   struct fake_group *g,
					   struct uncore_pmu *upmu, u64 config)
{
	struct perf_event *leader = &g->ev[0], *ev = &g->ev[g->n];

	ev->pmu = &upmu->pmu;
	ev->attr.type = upmu->pmu.type;
	ev->attr.config = config;
	ev->cpu = upmu->cpu;
	ev->ctx = &g->ctx;
	INIT_LIST_HEAD(&ev->sibling_list);
	ev->group_leader = g->n ? leader : ev;
	g->n++;
	return ev;
}

/* event_init() of @ev, then make it a member as perf core would */
static int fake_group_add(struct fake_group *g, struct perf_event *ev)
{
	int ret = ev->pmu->event_init(ev);

	if (!ret && ev->group_leader != ev)
		list_add_tail(&ev->sibling_list, &ev->group_leader->sibling_list);
	return ret;
}

/*
 * A group is checked in the order perf core schedules it, leader first:
 * a leader that may take either counter takes counter 0, so a sibling
 * that needs counter 0 can never be scheduled with it.
 */
static void uncore_pmu_test_group_order(struct kunit *test)
{
	struct fake_pmu *fake = make_fake(test, &fake_ops);
	struct fake_group *g;

	g = kunit_kzalloc(test, sizeof(*g), GFP_KERNEL);
	KUNIT_ASSERT_NOT_NULL(test, g);
	mutex_init(&g->ctx.mutex);
	mutex_lock(&g->ctx.mutex);
	KUNIT_EXPECT_EQ(test, fake_group_add(g, fake_group_event(test, g,
				&fake->upmu, FAKE_EV_ANY)), 0);
	KUNIT_EXPECT_EQ(test, fake_group_add(g, fake_group_event(test, g,
				&fake->upmu, FAKE_EV_CTR0)), -EINVAL);
	/* the other way round it fits: the sibling takes counter 1 */
	KUNIT_EXPECT_EQ(test, fake_group_add(g, fake_group_event(test, g,
				&fake->upmu, FAKE_EV_CTR1)), 0);
	mutex_unlock(&g->ctx.mutex);
}

/* Two settings of shared hardware in one group never fit */
static void uncore_pmu_test_group_conflict(struct kunit *test)
{
	struct fake_pmu *fake = make_fake(test, &fake_ops);
	struct perf_event *ev;
	struct fake_group *g;

	g = kunit_kzalloc(test, sizeof(*g), GFP_KERNEL);
	KUNIT_ASSERT_NOT_NULL(test, g);
	mutex_init(&g->ctx.mutex);
	mutex_lock(&g->ctx.mutex);
	ev = fake_group_event(test, g, &fake->upmu, FAKE_EV_SHARED);
	ev->attr.config1 = 1;
	KUNIT_EXPECT_EQ(test, fake_group_add(g, ev), 0);
	ev = fake_group_event(test, g, &fake->upmu, FAKE_EV_SHARED);
	ev->attr.config1 = 2;
	KUNIT_EXPECT_EQ(test, fake_group_add(g, ev), -EINVAL);
	mutex_unlock(&g->ctx.mutex);
}

static struct perf_event *fake_open(struct kunit *test, struct fake_pmu *fake,
				    u64 config, u64 config1)
{
	struct perf_event_attr attr = {
		.type		= fake->upmu.pmu.type,
		.size		= sizeof(attr),
		.config		= config,
		.config1	= config1,
	};

	return perf_event_create_kernel_counter(&attr, fake->upmu.cpu, NULL,
						NULL, NULL);
}

/* Shared hardware in use by a scheduled event: the other setting waits */
static void uncore_pmu_test_shared_takes_turns(struct kunit *test)
{
	struct fake_pmu *fake = make_fake(test, &fake_ops);
	struct perf_event *a, *b;

	a = fake_open(test, fake, FAKE_EV_SHARED, 1);
	KUNIT_ASSERT_FALSE(test, IS_ERR(a));
	b = fake_open(test, fake, FAKE_EV_SHARED, 2);
	KUNIT_ASSERT_FALSE(test, IS_ERR(b));
	KUNIT_EXPECT_EQ(test, a->state, PERF_EVENT_STATE_ACTIVE);
	KUNIT_EXPECT_EQ(test, b->state, PERF_EVENT_STATE_INACTIVE);
	/* a's turn ends: b gets the hardware */
	perf_event_disable(a);
	perf_event_disable(b);
	perf_event_enable(b);
	KUNIT_EXPECT_EQ(test, b->state, PERF_EVENT_STATE_ACTIVE);
	perf_event_release_kernel(b);
	perf_event_release_kernel(a);
}

/* A driver may claim at event_init without anything to release */
static void uncore_pmu_test_claim_without_release(struct kunit *test)
{
	struct fake_pmu *fake = make_fake(test, &fake_claim_ops);
	struct perf_event *ev;

	ev = fake_open(test, fake, FAKE_EV_ANY, 0);
	KUNIT_ASSERT_FALSE(test, IS_ERR(ev));
	KUNIT_EXPECT_EQ(test, atomic_read(&fake->claims), 1);
	perf_event_release_kernel(ev);
}

struct fake_irq {
	struct fake_pmu		*fake;
	unsigned long		runs;
};

/* Plays the overflow interrupt on another CPU, over and over */
static int fake_irq_thread(void *data)
{
	struct fake_irq *irq = data;
	struct uncore_pmu *upmu = &irq->fake->upmu;
	unsigned long flags;

	while (!kthread_should_stop()) {
		raw_spin_lock_irqsave(&upmu->lock, flags);
		uncore_pmu_update_all(upmu);
		raw_spin_unlock_irqrestore(&upmu->lock, flags);
		irq->runs++;
		cond_resched();
	}
	return 0;
}

/*
 * An interrupt handler on another CPU walks the events while events are
 * added and removed: it must never meet one that is not complete.
 */
static void uncore_pmu_test_add_publishes_complete_events(struct kunit *test)
{
	struct fake_pmu *fake = make_fake(test, &fake_ops);
	struct fake_irq irq = { .fake = fake };
	struct task_struct *t;
	struct perf_event *ev;
	int i, other;

	other = cpumask_any_but(cpu_online_mask, fake->upmu.cpu);
	if (other >= nr_cpu_ids)
		kunit_skip(test, "needs two CPUs");
	t = kthread_create(fake_irq_thread, &irq, "uncore_kunit_irq");
	KUNIT_ASSERT_FALSE(test, IS_ERR(t));
	kthread_bind(t, other);
	wake_up_process(t);
	for (i = 0; i < 2000; i++) {
		ev = fake_open(test, fake, FAKE_EV_ANY, 0);
		KUNIT_ASSERT_FALSE(test, IS_ERR(ev));
		perf_event_release_kernel(ev);
	}
	kthread_stop(t);
	kunit_info(test, "%lu interrupt runs during 2000 add/del", irq.runs);
	KUNIT_EXPECT_EQ(test, atomic_read(&fake->bad_idx), 0);
}

static struct kunit_case uncore_pmu_cases[] = {
	KUNIT_CASE_PARAM(uncore_pmu_test_delta, delta_gen_params),
	KUNIT_CASE_PARAM(uncore_pmu_test_format_show, format_gen_params),
	KUNIT_CASE(uncore_pmu_test_group_order),
	KUNIT_CASE(uncore_pmu_test_group_conflict),
	KUNIT_CASE(uncore_pmu_test_shared_takes_turns),
	KUNIT_CASE(uncore_pmu_test_claim_without_release),
	KUNIT_CASE(uncore_pmu_test_add_publishes_complete_events),
	{}
};

static struct kunit_suite uncore_pmu_suite = {
	.name = "uncore_pmu",
	.test_cases = uncore_pmu_cases,
};

kunit_test_suite(uncore_pmu_suite);

MODULE_DESCRIPTION("KUnit tests for the shared uncore PMU core");
MODULE_LICENSE("GPL");
