// SPDX-License-Identifier: GPL-2.0-only
/*
 * KUnit tests of the shared uncore PMU core: its helpers (wrap-safe
 * deltas, the format/ strings perf parses), and its perf callbacks on a
 * fake PMU whose counters are described by the test.
 */

#include <kunit/test.h>
#include <linux/atomic.h>
#include <linux/bits.h>
#include <linux/delay.h>
#include <linux/hrtimer.h>
#include <linux/jiffies.h>
#include <linux/kthread.h>
#include <linux/module.h>
#include <linux/perf_event.h>
#include <linux/slab.h>

#include <linux/perf/pmu_compat.h>
#include <linux/perf/syspmu.h>

#include "perf_kunit_group.h"
#include "pmu_kunit_compat.h"

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

static void syspmu_test_delta(struct kunit *test)
{
	const struct delta_case *c = test->param_value;

	KUNIT_EXPECT_EQ(test, syspmu_delta(c->prev, c->now, c->width),
			c->expect);
}

struct format_case {
	unsigned int word;
	u64 mask;
	bool bit_as_range;
	const char *expect;
};

static const struct format_case format_cases[] = {
	{ 0, GENMASK_ULL(7, 0), false, "config:0-7\n" },
	{ 2, BIT_ULL(3), false, "config2:3\n" },
	{ 2, BIT_ULL(3), true, "config2:3-3\n" },
	{ 1, GENMASK_ULL(3, 0) | GENMASK_ULL(11, 8), false, "config1:0-3,8-11\n" },
	{ 1, BIT_ULL(0) | GENMASK_ULL(9, 8), false, "config1:0,8-9\n" },
	{ 1, BIT_ULL(0) | GENMASK_ULL(9, 8), true, "config1:0-0,8-9\n" },
	{ 0, BIT_ULL(63), false, "config:63\n" },
	{ 0, GENMASK_ULL(63, 0), true, "config:0-63\n" },
};

/* A case is described by the text it expects, without the newline */
static void text_case_desc(const char *expect, char *desc)
{
	strscpy(desc, expect, KUNIT_PARAM_DESC_SIZE);
	desc[strcspn(desc, "\n")] = '\0';
}

static void format_case_desc(const struct format_case *c, char *desc)
{
	text_case_desc(c->expect, desc);
}

KUNIT_ARRAY_PARAM(format, format_cases, format_case_desc);

/*
 * Ranges are "lo-hi"; a one-bit field is "lo" (the kernel's usual
 * spelling) unless the attribute asks for "lo-lo" (fsl_imx8_ddr_perf's)
 */
static void syspmu_test_format_show(struct kunit *test)
{
	const struct format_case *c = test->param_value;
	struct syspmu_format_attr attr = {
		.attr = { .attr = { .name = "field", .mode = 0444 } },
		.word = c->word,
		.mask = c->mask,
		.bit_as_range = c->bit_as_range,
	};
	/* sysfs_emit() wants a page */
	char *buf = kunit_kzalloc(test, PAGE_SIZE, GFP_KERNEL);

	KUNIT_ASSERT_NOT_NULL(test, buf);
	KUNIT_EXPECT_EQ(test, syspmu_format_show(NULL, &attr.attr, buf),
			(ssize_t)strlen(c->expect));
	KUNIT_EXPECT_STREQ(test, buf, c->expect);
}

struct event_case {
	u64 id;
	bool padded;
	const char *expect;
};

static const struct event_case event_cases[] = {
	{ 0x4, false, "event=0x4\n" },
	{ 0x4, true, "event=0x04\n" },
	{ 0x0, false, "event=0x0\n" },
	{ 0x0, true, "event=0x00\n" },
	{ 0x124, true, "event=0x124\n" },
	{ BIT_ULL(32), false, "event=0x100000000\n" },
};

static void event_case_desc(const struct event_case *c, char *desc)
{
	text_case_desc(c->expect, desc);
}

KUNIT_ARRAY_PARAM(event, event_cases, event_case_desc);

/* "event=0x4" (arm_cspmu's, the latency drivers'), or "event=0x04" */
static void syspmu_test_event_show(struct kunit *test)
{
	const struct event_case *c = test->param_value;
	struct perf_pmu_events_attr attr = {
		.attr = { .attr = { .name = "ev", .mode = 0444 } },
		.id = c->id,
	};
	char *buf = kunit_kzalloc(test, PAGE_SIZE, GFP_KERNEL);
	ssize_t len;

	KUNIT_ASSERT_NOT_NULL(test, buf);
	len = c->padded ? syspmu_event_show_padded(NULL, &attr.attr, buf) :
			  syspmu_event_show(NULL, &attr.attr, buf);
	KUNIT_EXPECT_EQ(test, len, (ssize_t)strlen(c->expect));
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
#define FAKE_EV_HIGH	4

struct fake_pmu {
	struct syspmu	upmu;
	atomic_t		bad_idx;	/* events met with a wrong idx */
	atomic_t		claims;
	u64			value[2];	/* counters 0 and 1 (others read 0) */
};

static struct fake_pmu *to_fake(struct syspmu *upmu)
{
	return container_of(upmu, struct fake_pmu, upmu);
}

static void fake_counter_mask(struct perf_event *event, unsigned long *mask)
{
	struct syspmu *upmu = event_to_syspmu(event);

	switch (event->attr.config) {
	case FAKE_EV_CTR0:
		__set_bit(0, mask);
		break;
	case FAKE_EV_CTR1:
		__set_bit(1, mask);
		break;
	case FAKE_EV_HIGH:
		/* only the last counter, far past one long's bits */
		__set_bit(upmu->num_counters - 1, mask);
		break;
	default:
		bitmap_set(mask, 0, 2);
		break;
	}
}

static int fake_event_valid(struct perf_event *event)
{
	return event->attr.config <= FAKE_EV_HIGH ? 0 : -EINVAL;
}

static bool fake_events_compatible(struct perf_event *a, struct perf_event *b)
{
	return a->attr.config != FAKE_EV_SHARED ||
	       b->attr.config != FAKE_EV_SHARED ||
	       a->attr.config1 == b->attr.config1;
}

static int fake_event_claim(struct perf_event *event)
{
	atomic_inc(&to_fake(event_to_syspmu(event))->claims);
	return 0;
}

static u64 fake_value(struct syspmu *upmu, int idx)
{
	struct fake_pmu *fake = to_fake(upmu);

	return idx >= 0 && (unsigned int)idx < ARRAY_SIZE(fake->value) ? fake->value[idx] : 0;
}

static u64 fake_read_counter(struct syspmu *upmu, struct perf_event *event)
{
	/* whoever reads (the "interrupt" below) sees a complete event */
	if (event->hw.idx < 0 || event->hw.idx >= upmu->num_counters ||
	    upmu->events[event->hw.idx] != event)
		atomic_inc(&to_fake(upmu)->bad_idx);
	return fake_value(upmu, event->hw.idx);
}

/* A counter counts on from what it holds when enabled */
static u64 fake_enable_counter(struct syspmu *upmu,
			       struct perf_event *event)
{
	return fake_value(upmu, event->hw.idx);
}

static void fake_disable_counter(struct syspmu *upmu,
				 struct perf_event *event)
{
}

/* It claims at event_init and has nothing to release: both are allowed */
static const struct syspmu_ops fake_ops = {
	.counter_mask		= fake_counter_mask,
	.event_valid		= fake_event_valid,
	.events_compatible	= fake_events_compatible,
	.event_claim		= fake_event_claim,
	.read_counter		= fake_read_counter,
	.enable_counter		= fake_enable_counter,
	.disable_counter	= fake_disable_counter,
};

static void fake_unregister(void *upmu)
{
	syspmu_unregister(upmu);
}

static struct fake_pmu *make_fake_polled(struct kunit *test, unsigned int counters,
					 unsigned int width, u64 poll_ns)
{
	static atomic_t fake_id = ATOMIC_INIT(0);
	struct fake_pmu *fake;
	struct device *dev;
	char *name;

	fake = kunit_kzalloc(test, sizeof(*fake), GFP_KERNEL);
	KUNIT_ASSERT_NOT_NULL(test, fake);
	dev = pmu_kunit_device_register(test, "syspmu_kunit");
	KUNIT_ASSERT_FALSE(test, IS_ERR(dev));
	name = devm_kasprintf(dev, GFP_KERNEL, "uncore_kunit_fake%d",
			      atomic_inc_return(&fake_id));
	KUNIT_ASSERT_NOT_NULL(test, name);

	fake->upmu = (struct syspmu) {
		.dev		= dev,
		.ops		= &fake_ops,
		.config_mask	= { GENMASK_ULL(7, 0), GENMASK_ULL(7, 0), 0 },
		.num_counters	= counters,
		.width		= width,
		.poll_ns	= poll_ns,
		.pmu		= { .module = THIS_MODULE },
	};
	KUNIT_ASSERT_EQ(test, syspmu_init(&fake->upmu), 0);
	KUNIT_ASSERT_EQ(test, syspmu_register(&fake->upmu, name), 0);
	KUNIT_ASSERT_EQ(test, 0, pmu_kunit_add_action_or_reset(test, fake_unregister,
							       &fake->upmu));
	return fake;
}

static struct fake_pmu *make_fake_wide(struct kunit *test, unsigned int counters,
				       unsigned int width)
{
	return make_fake_polled(test, counters, width, 0);
}

static struct fake_pmu *make_fake_n(struct kunit *test, unsigned int counters)
{
	return make_fake_wide(test, counters, 32);
}

static struct fake_pmu *make_fake(struct kunit *test)
{
	return make_fake_n(test, 2);
}

/* The next event of @g for @upmu */
static struct perf_event *fake_group_event(struct perf_kunit_group *g,
					   struct syspmu *upmu, u64 config)
{
	return perf_kunit_group_event(g, &upmu->pmu, upmu->pmu.type, config,
				      upmu->cpu);
}

/*
 * A group is checked in the order perf core schedules it, leader first:
 * a leader that may take either counter takes counter 0, so a sibling
 * that needs counter 0 can never be scheduled with it.
 */
static void syspmu_test_group_order(struct kunit *test)
{
	struct fake_pmu *fake = make_fake(test);
	struct syspmu *upmu = &fake->upmu;
	struct perf_kunit_group *g = perf_kunit_group_new(test);

	mutex_lock(&g->ctx.mutex);
	KUNIT_EXPECT_EQ(test, 0,
			perf_kunit_group_add(g, fake_group_event(g, upmu, FAKE_EV_ANY)));
	KUNIT_EXPECT_EQ(test, -EINVAL,
			perf_kunit_group_add(g, fake_group_event(g, upmu, FAKE_EV_CTR0)));
	/* the other way round it fits: the sibling takes counter 1 */
	KUNIT_EXPECT_EQ(test, 0,
			perf_kunit_group_add(g, fake_group_event(g, upmu, FAKE_EV_CTR1)));
	mutex_unlock(&g->ctx.mutex);
}

/* Two settings of shared hardware in one group never fit */
static void syspmu_test_group_conflict(struct kunit *test)
{
	struct fake_pmu *fake = make_fake(test);
	struct perf_event *ev;
	struct perf_kunit_group *g = perf_kunit_group_new(test);

	mutex_lock(&g->ctx.mutex);
	ev = fake_group_event(g, &fake->upmu, FAKE_EV_SHARED);
	ev->attr.config1 = 1;
	KUNIT_EXPECT_EQ(test, perf_kunit_group_add(g, ev), 0);
	ev = fake_group_event(g, &fake->upmu, FAKE_EV_SHARED);
	ev->attr.config1 = 2;
	KUNIT_EXPECT_EQ(test, perf_kunit_group_add(g, ev), -EINVAL);
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
static void syspmu_test_shared_takes_turns(struct kunit *test)
{
	struct fake_pmu *fake = make_fake(test);
	struct perf_event *a, *b;

	a = fake_open(test, fake, FAKE_EV_SHARED, 1);
	KUNIT_ASSERT_FALSE(test, IS_ERR(a));
	KUNIT_EXPECT_EQ(test, a->state, PERF_EVENT_STATE_ACTIVE);
	/* opens, no EBUSY; perf core rotates the two, so not checked here */
	b = fake_open(test, fake, FAKE_EV_SHARED, 2);
	KUNIT_ASSERT_FALSE(test, IS_ERR(b));
	/* never both on the hardware */
	KUNIT_EXPECT_LE(test, bitmap_weight(fake->upmu.used_mask, 2), 1);
	/* a's turn ends: b gets the hardware */
	perf_event_disable(a);
	perf_event_disable(b);
	perf_event_enable(b);
	KUNIT_EXPECT_EQ(test, b->state, PERF_EVENT_STATE_ACTIVE);
	perf_event_release_kernel(b);
	perf_event_release_kernel(a);
}

/* Counters are bitmaps of the PMU's size, up to the architecture's 256 */
static void syspmu_test_many_counters(struct kunit *test)
{
	struct fake_pmu *fake = make_fake_n(test, 256);
	struct perf_event *ev;

	ev = fake_open(test, fake, FAKE_EV_HIGH, 0);
	KUNIT_ASSERT_FALSE(test, IS_ERR(ev));
	KUNIT_EXPECT_EQ(test, ev->state, PERF_EVENT_STATE_ACTIVE);
	KUNIT_EXPECT_EQ(test, ev->hw.idx, 255);
	KUNIT_EXPECT_TRUE(test, test_bit(255, fake->upmu.used_mask));
	KUNIT_EXPECT_EQ(test, bitmap_weight(fake->upmu.used_mask, 256), 1);
	perf_event_release_kernel(ev);
	KUNIT_EXPECT_EQ(test, bitmap_weight(fake->upmu.used_mask, 256), 0);
}

/* A driver may claim at event_init without anything to release */
static void syspmu_test_claim_without_release(struct kunit *test)
{
	struct fake_pmu *fake = make_fake(test);
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
	struct syspmu *upmu = &irq->fake->upmu;
	unsigned long flags;

	while (!kthread_should_stop()) {
		raw_spin_lock_irqsave(&upmu->lock, flags);
		syspmu_update_all(upmu);
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
static void syspmu_test_add_publishes_complete_events(struct kunit *test)
{
	struct fake_pmu *fake = make_fake(test);
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

struct poll_case {
	unsigned int width;
	u64 max_rate;
	u64 expect;
};

static const struct poll_case poll_cases[] = {
	/* NVLink-C2C in_wr_req: 32 bits, a request a cycle at 2 GHz */
	{ 32, 2000000000ULL, 1073741824ULL },
	/* 32 bits of bytes at 500 GB/s wrap in 8.6 ms */
	{ 32, 500000000000ULL, 4294967ULL },
	/* 40 bits at 40 GB/s: 27 s, polled too */
	{ 40, 40000000000ULL, 13743895347ULL },
	/* 8 bits at 1 GHz wrap in 256 ns: half of it, however short */
	{ 8, 1000000000ULL, 128ULL },
	/* 48 bits at 1 GHz: 78 h, polled every 39 h; 64 bits: no timer */
	{ 48, 1000000000ULL, 140737488355328ULL },
	{ 63, 1ULL, 0 },
	{ 64, 1000000000000ULL, 0 },
	/* no rate stated: no timer */
	{ 32, 0, 0 },
};

static void poll_case_desc(const struct poll_case *c, char *desc)
{
	snprintf(desc, KUNIT_PARAM_DESC_SIZE, "%u bits at %llu/s", c->width,
		 c->max_rate);
}

KUNIT_ARRAY_PARAM(poll, poll_cases, poll_case_desc);

static void syspmu_test_poll_period(struct kunit *test)
{
	const struct poll_case *c = test->param_value;

	KUNIT_EXPECT_EQ(test, syspmu_poll_period(c->width, c->max_rate),
			c->expect);
}

/*
 * A period shorter than the floor (8 bits at 1 GHz: 128 ns) is raised to
 * it at registration (one fake a test: each registers its own driver)
 */
static void syspmu_test_poll_floor(struct kunit *test)
{
	KUNIT_EXPECT_EQ(test, make_fake_polled(test, 2, 8, 128)->upmu.poll_ns,
			SYSPMU_POLL_MIN_NS);
}

/*
 * A counter wider than 32 bits and without an interrupt (the poll timer
 * reads it, at most half its wrap time apart): read every 0.4 of its
 * range across five wraps, the count is exact
 */
static void syspmu_test_wide_counter_wraps(struct kunit *test)
{
	struct fake_pmu *fake = make_fake_wide(test, 2, 40);
	u64 step = div_u64(BIT_ULL(40) * 2, 5), want = 0, enabled, running;
	struct perf_event *event;
	int i;

	fake->value[0] = BIT_ULL(40) - 1000;
	event = fake_open(test, fake, FAKE_EV_CTR0, 0);
	KUNIT_ASSERT_FALSE(test, IS_ERR(event));
	KUNIT_ASSERT_EQ(test, event->hw.idx, 0);
	for (i = 0; i < 13; i++) {
		WRITE_ONCE(fake->value[0], (fake->value[0] + step) & GENMASK_ULL(39, 0));
		want += step;
		KUNIT_EXPECT_EQ_MSG(test, perf_event_read_value(event, &enabled, &running),
				    want, "after %d reads", i + 1);
	}
	KUNIT_EXPECT_GT(test, want, 5 * BIT_ULL(40));
	perf_event_release_kernel(event);
}

/*
 * The poll timer alone folds in a counter wider than 32 bits: at a rate
 * that wraps it in 10 ms, syspmu_poll_period() gives 5 ms, and nothing
 * but the timer reads the counter while it moves 0.4 of its range at a
 * time across five wraps.  Each step waits (bounded, not timed) until the
 * timer has folded the new value in; the count is then exact.
 */
static void syspmu_test_poll_timer_folds_wide_counter(struct kunit *test)
{
	struct fake_pmu *fake = make_fake_wide(test, 2, 40);
	u64 step = div_u64(BIT_ULL(40) * 2, 5), want = 0, raw, enabled, running;
	struct perf_event *event;
	unsigned long deadline;
	int i;

	fake->upmu.poll_ns = syspmu_poll_period(40, BIT_ULL(40) * 100);
	KUNIT_ASSERT_EQ(test, fake->upmu.poll_ns, 5 * NSEC_PER_MSEC);
	fake->value[0] = BIT_ULL(40) - 1000;
	event = fake_open(test, fake, FAKE_EV_CTR0, 0);
	KUNIT_ASSERT_FALSE(test, IS_ERR(event));
	KUNIT_ASSERT_EQ(test, event->hw.idx, 0);
	for (i = 0; i < 13; i++) {
		raw = (READ_ONCE(fake->value[0]) + step) & GENMASK_ULL(39, 0);
		WRITE_ONCE(fake->value[0], raw);
		want += step;
		deadline = jiffies + 10 * HZ;
		while (local64_read(&event->hw.prev_count) != raw &&
		       time_before(jiffies, deadline))
			usleep_range(1000, 2000);
		KUNIT_ASSERT_EQ_MSG(test, local64_read(&event->hw.prev_count), raw,
				    "the timer did not fold in step %d", i + 1);
	}
	KUNIT_EXPECT_EQ(test, perf_event_read_value(event, &enabled, &running), want);
	KUNIT_EXPECT_GT(test, want, 5 * BIT_ULL(40));
	perf_event_release_kernel(event);
}

/*
 * The poll timer stays queued while any event is scheduled and leaves the
 * owner's queue with the last one: a timer left behind after perf ends
 * would fire for nothing and, after a hotplug, sit on a CPU that does not
 * own the PMU.  The period is far longer than the test, so only a del
 * can have dequeued it.
 */
static void syspmu_test_poll_timer_leaves_with_last_event(struct kunit *test)
{
	struct fake_pmu *fake = make_fake(test);
	struct perf_event *first, *second;

	fake->upmu.poll_ns = 600 * NSEC_PER_SEC;
	first = fake_open(test, fake, FAKE_EV_ANY, 0);
	KUNIT_ASSERT_FALSE(test, IS_ERR(first));
	second = fake_open(test, fake, FAKE_EV_ANY, 0);
	KUNIT_ASSERT_FALSE(test, IS_ERR(second));
	KUNIT_EXPECT_TRUE(test, hrtimer_is_queued(&fake->upmu.poll_timer));
	perf_event_release_kernel(first);
	KUNIT_EXPECT_TRUE_MSG(test, hrtimer_is_queued(&fake->upmu.poll_timer),
			      "dequeued with an event still scheduled");
	perf_event_release_kernel(second);
	KUNIT_EXPECT_FALSE_MSG(test, hrtimer_is_queued(&fake->upmu.poll_timer),
			       "still queued with no event");
}

/*
 * An event added between the poll's decision to stop and its return; the
 * core's callback, which syspmu_init() gave the timer
 */
static struct {
	struct perf_event	*event;
	atomic_t		added;
	enum hrtimer_restart	(*poll)(struct hrtimer *timer);
} poll_window;

/* The poll timer's callback, then, once, an add as another CPU's lands */
static enum hrtimer_restart poll_then_add(struct hrtimer *timer)
{
	struct syspmu *upmu = container_of(timer, struct syspmu, poll_timer);
	enum hrtimer_restart ret = poll_window.poll(timer);

	if (!atomic_cmpxchg(&poll_window.added, 0, 1))
		upmu->pmu.add(poll_window.event, PERF_EF_START);
	return ret;
}

static void poll_timer_setup(struct syspmu *upmu,
			     enum hrtimer_restart (*fn)(struct hrtimer *))
{
	pmu_hrtimer_setup(&upmu->poll_timer, fn, CLOCK_MONOTONIC,
			  HRTIMER_MODE_REL_PINNED_HARD);
}

/*
 * The poll timer's callback found no event and decided to stop; an add
 * that lands before it returns must leave the timer armed, or a counter
 * without an interrupt counts on with nothing to see its wraps.  The
 * timer runs the callback and then the add, which so falls in that
 * window every time.
 */
static void syspmu_test_poll_rearm_window(struct kunit *test)
{
	struct fake_pmu *fake = make_fake(test);
	struct syspmu *upmu = &fake->upmu;
	struct perf_event_attr attr = {
		.type		= upmu->pmu.type,
		.size		= sizeof(attr),
		.config		= FAKE_EV_ANY,
		.disabled	= 1,
	};
	unsigned long deadline;
	bool armed;

	upmu->poll_ns = NSEC_PER_MSEC;
	/* an event perf core will not schedule: the timer adds it */
	poll_window.event = perf_event_create_kernel_counter(&attr, upmu->cpu,
							     NULL, NULL, NULL);
	KUNIT_ASSERT_FALSE(test, IS_ERR(poll_window.event));
	atomic_set(&poll_window.added, 0);
	/* (hrtimer's function is __private from 6.15 on) */
	poll_window.poll = ACCESS_PRIVATE(&upmu->poll_timer, function);
	poll_timer_setup(upmu, poll_then_add);
	/* waited for, with a bound for a timer that never runs, not timed */
	hrtimer_start(&upmu->poll_timer, ns_to_ktime(upmu->poll_ns),
		      HRTIMER_MODE_REL_PINNED_HARD);
	deadline = jiffies + 10 * HZ;
	while (!atomic_read(&poll_window.added) && time_before(jiffies, deadline))
		usleep_range(1000, 2000);
	KUNIT_ASSERT_EQ(test, atomic_read(&poll_window.added), 1);
	while (hrtimer_callback_running(&upmu->poll_timer))
		cpu_relax();
	armed = hrtimer_active(&upmu->poll_timer);

	upmu->pmu.del(poll_window.event, 0);
	hrtimer_cancel(&upmu->poll_timer);
	poll_timer_setup(upmu, poll_window.poll);
	perf_event_release_kernel(poll_window.event);
	KUNIT_EXPECT_TRUE_MSG(test, armed,
			      "the timer stopped with an event scheduled");
}

static struct kunit_case syspmu_cases[] = {
	KUNIT_CASE_PARAM(syspmu_test_delta, delta_gen_params),
	KUNIT_CASE_PARAM(syspmu_test_format_show, format_gen_params),
	KUNIT_CASE_PARAM(syspmu_test_event_show, event_gen_params),
	KUNIT_CASE(syspmu_test_group_order),
	KUNIT_CASE(syspmu_test_group_conflict),
	KUNIT_CASE(syspmu_test_shared_takes_turns),
	KUNIT_CASE(syspmu_test_claim_without_release),
	KUNIT_CASE(syspmu_test_many_counters),
	KUNIT_CASE(syspmu_test_add_publishes_complete_events),
	KUNIT_CASE_PARAM(syspmu_test_poll_period, poll_gen_params),
	KUNIT_CASE(syspmu_test_poll_floor),
	KUNIT_CASE(syspmu_test_poll_rearm_window),
	KUNIT_CASE(syspmu_test_poll_timer_leaves_with_last_event),
	KUNIT_CASE(syspmu_test_wide_counter_wraps),
	KUNIT_CASE(syspmu_test_poll_timer_folds_wide_counter),
	{}
};

static struct kunit_suite syspmu_suite = {
	.name = "syspmu",
	.test_cases = syspmu_cases,
};

kunit_test_suite(syspmu_suite);

MODULE_DESCRIPTION("KUnit tests for the shared uncore PMU core");
MODULE_LICENSE("GPL");
MODULE_IMPORT_NS(SYSPMU_NS);
