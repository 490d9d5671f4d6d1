/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * Interfaces that changed between Linux 6.1 and 7.2.  Kbuild defines
 * PMU_HAVE_<PROBE> for each compat/probes/ file that compiles, so that a
 * kernel with a backport is served as the newer one; in a kernel tree,
 * without the probes, the version decides.
 */
#ifndef __LINUX_PERF_PMU_COMPAT_H
#define __LINUX_PERF_PMU_COMPAT_H

#include <linux/clk.h>
#include <linux/cpumask.h>
#include <linux/device.h>
#include <linux/hrtimer.h>
#include <linux/perf_event.h>
#include <linux/version.h>

#ifndef PMU_PROBED
#if LINUX_VERSION_CODE < KERNEL_VERSION(6, 13, 0)
#define PMU_HAVE_NS_IDENTIFIER
#else
#define PMU_HAVE_HRTIMER_SETUP
#define PMU_HAVE_DEVM_CLK_BULK_GET_ALL_ENABLED
#endif
#if LINUX_VERSION_CODE >= KERNEL_VERSION(6, 10, 0)
#define PMU_HAVE_CPUMASK_ANY_AND_BUT
#endif
#if LINUX_VERSION_CODE >= KERNEL_VERSION(6, 2, 0)
#define PMU_HAVE_PMU_FILTER
#endif
#if LINUX_VERSION_CODE >= KERNEL_VERSION(6, 8, 0)
#define PMU_HAVE_PMU_PARENT
#endif
#endif /* !PMU_PROBED */

/* Symbol namespaces are string literals since 6.13 */
#ifdef PMU_HAVE_NS_IDENTIFIER
#define PMU_NS(ns)	ns
#else
#define PMU_NS(ns)	#ns
#endif
static inline void pmu_hrtimer_setup(struct hrtimer *timer,
				     enum hrtimer_restart (*function)(struct hrtimer *),
				     clockid_t clock_id, enum hrtimer_mode mode)
{
#ifdef PMU_HAVE_HRTIMER_SETUP
	hrtimer_setup(timer, function, clock_id, mode);
#else
	hrtimer_init(timer, clock_id, mode);
	timer->function = function;
#endif
}

static inline unsigned int pmu_cpumask_any_and_but(const struct cpumask *mask1,
						   const struct cpumask *mask2,
						   unsigned int cpu)
{
#ifdef PMU_HAVE_CPUMASK_ANY_AND_BUT
	return cpumask_any_and_but(mask1, mask2, cpu);
#else
	unsigned int i;

	for_each_cpu_and(i, mask1, mask2)
		if (i != cpu)
			return i;
	return nr_cpu_ids;
#endif
}

/* 6.12's devm_clk_bulk_get_all_enable() returned 0, not the count */
#ifndef PMU_HAVE_DEVM_CLK_BULK_GET_ALL_ENABLED
struct pmu_compat_clks {
	struct clk_bulk_data *clks;
	int num;
};

static inline void pmu_compat_clks_disable(void *data)
{
	struct pmu_compat_clks *c = data;

	clk_bulk_disable_unprepare(c->num, c->clks);
}
#endif

static inline int pmu_devm_clk_bulk_get_all_enabled(struct device *dev,
						    struct clk_bulk_data **clks)
{
#ifdef PMU_HAVE_DEVM_CLK_BULK_GET_ALL_ENABLED
	return devm_clk_bulk_get_all_enabled(dev, clks);
#else
	struct pmu_compat_clks *c;
	int ret;

	c = devm_kzalloc(dev, sizeof(*c), GFP_KERNEL);
	if (!c)
		return -ENOMEM;
	c->num = devm_clk_bulk_get_all(dev, &c->clks);
	if (c->num <= 0)
		return c->num;
	ret = clk_bulk_prepare_enable(c->num, c->clks);
	if (ret)
		return ret;
	ret = devm_add_action_or_reset(dev, pmu_compat_clks_disable, c);
	if (ret)
		return ret;
	*clks = c->clks;
	return c->num;
#endif
}

/* struct pmu::filter (6.2) from the filter_match() it replaced */
#define DEFINE_PMU_CPU_FILTER(fn)					\
static inline int fn##_match(struct perf_event *event)			\
{									\
	return !(fn)(event->pmu, smp_processor_id());			\
}

#ifdef PMU_HAVE_PMU_FILTER
#define PMU_CPU_FILTER(fn)	.filter = fn
#else
#define PMU_CPU_FILTER(fn)	.filter_match = fn##_match
#endif

/*
 * Before 6.2 a second PMU with per-task events had to declare itself
 * for other CPUs; the rewrite that lifted this removed the flag too
 */
#ifdef PERF_PMU_CAP_HETEROGENEOUS_CPUS
#define PMU_CAP_HETEROGENEOUS_CPUS	PERF_PMU_CAP_HETEROGENEOUS_CPUS
#else
#define PMU_CAP_HETEROGENEOUS_CPUS	0
#endif

/* struct pmu::parent (6.8); before, the PMU sits at /sys/devices/<pmu> */
static inline void pmu_set_parent(struct pmu *pmu, struct device *dev)
{
#ifdef PMU_HAVE_PMU_PARENT
	pmu->parent = dev;
#endif
}

#endif /* __LINUX_PERF_PMU_COMPAT_H */
