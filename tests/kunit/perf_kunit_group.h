/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * Groups of events for a PMU's event_init(), as perf_event_open() hands
 * them over: the new event is not on its leader's sibling list yet, and
 * the leader's context mutex is held.  perf core offers no way to open a
 * group of kernel counters, so the suites that check group validation
 * build the group by hand.
 */
#ifndef __PERF_KUNIT_GROUP_H
#define __PERF_KUNIT_GROUP_H

#include <kunit/test.h>
#include <linux/mutex.h>
#include <linux/perf_event.h>

#define PERF_KUNIT_GROUP_MAX	8

/**
 * struct perf_kunit_group - a group under construction
 * @ctx: its context; only the mutex is used.
 * @ev: leader first, then the siblings.
 * @n: events made so far.
 */
struct perf_kunit_group {
	struct perf_event_context	ctx;
	struct perf_event		ev[PERF_KUNIT_GROUP_MAX];
	int				n;
};

/**
 * perf_kunit_group_new() - an empty group, freed when the test ends
 * @test: the test.
 *
 * Lock @ctx.mutex around the perf_kunit_group_add() calls, as perf core
 * does.
 *
 * Return: the group.
 */
static inline struct perf_kunit_group *perf_kunit_group_new(struct kunit *test)
{
	struct perf_kunit_group *g = kunit_kzalloc(test, sizeof(*g), GFP_KERNEL);

	KUNIT_ASSERT_NOT_NULL(test, g);
	mutex_init(&g->ctx.mutex);
	return g;
}

/**
 * perf_kunit_group_event() - the group's next event
 * @g: the group.
 * @pmu: the PMU whose event_init() sees it.
 * @type: attr.type.
 * @config: attr.config.
 * @cpu: the CPU it is for, or -1 for a per-task event.
 *
 * Return: the event; it leads the group if it is the first.
 */
static inline struct perf_event *
perf_kunit_group_event(struct perf_kunit_group *g, struct pmu *pmu, u32 type,
		       u64 config, int cpu)
{
	struct perf_event *ev = &g->ev[g->n];

	ev->pmu = pmu;
	ev->attr.type = type;
	ev->attr.config = config;
	ev->cpu = cpu;
	ev->ctx = &g->ctx;
	INIT_LIST_HEAD(&ev->sibling_list);
	ev->group_leader = g->n ? &g->ev[0] : ev;
	g->n++;
	return ev;
}

/**
 * perf_kunit_group_add() - event_init() of @ev, then make it a member
 * @g: the group.
 * @ev: made by perf_kunit_group_event().
 *
 * Return: what event_init() returned; the event joins only on 0.
 */
static inline int perf_kunit_group_add(struct perf_kunit_group *g,
				       struct perf_event *ev)
{
	int ret = ev->pmu->event_init(ev);

	if (!ret && ev->group_leader != ev)
		list_add_tail(&ev->sibling_list, &ev->group_leader->sibling_list);
	return ret;
}

#endif /* __PERF_KUNIT_GROUP_H */
