/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * The kernel interfaces the PMU drivers use that changed between Linux 6.1
 * and 7.2, in one place: the drivers include this (through the shared
 * cores' headers) instead of testing versions themselves.
 *
 * Whether the kernel at hand has an interface is asked of its own headers:
 * the top-level Kbuild compiles each probe of compat/probes/ against them
 * and defines PMU_HAVE_<PROBE> (its name in capitals) for the ones that
 * compile (and PMU_PROBED), so that a distribution kernel that carries a
 * newer interface under an older version number (RHEL, stable trees) is
 * served as the newer one.
 * Built without the probes (in a kernel tree), the release that brought
 * each interface decides.  The shims have the project's own prefix (pmu_,
 * PMU_): they never clash with a kernel's names.  Version numbers remain
 * only for changes of meaning that no compile can see.
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

/*
 * Symbol namespaces: string literals since Linux 6.13
 * (EXPORT_SYMBOL_NS_GPL(sym, "NS"), MODULE_IMPORT_NS("NS")); before, bare
 * identifiers that the macros stringify.  PMU_NS(SYSPMU) is right for both;
 * each core's header names its own (SYSPMU_NS...).
 */
#ifdef PMU_HAVE_NS_IDENTIFIER
#define PMU_NS(ns)	ns
#else
#define PMU_NS(ns)	#ns
#endif
/* hrtimer_setup() (6.13; 7.2 no longer has hrtimer_init()) */
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

/* cpumask_any_and_but() (6.10): a CPU of both masks other than @cpu */
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

/*
 * devm_clk_bulk_get_all_enabled() (6.13), which returns the number of
 * clocks (6.12's devm_clk_bulk_get_all_enable() returned 0, and 7.2 no
 * longer has it); before, the same from its parts
 */
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

/*
 * struct pmu::filter(pmu, cpu) (6.2), true to keep the PMU's events off
 * @cpu; before, filter_match(event), 0 to keep the event off the CPU perf
 * core is scheduling on.  A driver writes the former, follows it with
 * DEFINE_PMU_CPU_FILTER(fn) and sets PMU_CPU_FILTER(fn) in its struct pmu.
 */
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
 * Linux 6.2: any number of PMUs may have per-task (perf_hw_context)
 * events.  Before, one PMU had that context; a second one had to say
 * that it and the first are for different CPUs
 * (PERF_PMU_CAP_HETEROGENEOUS_CPUS), or perf_pmu_register() warned and
 * took its per-task events away.  A heterogeneous CPU PMU ORs this into
 * its capabilities.  The rewrite that made it unneeded also removed the
 * flag, so the flag itself says which kernel this is (a 6.1 tree with
 * the rewrite backported has none).
 */
#ifdef PERF_PMU_CAP_HETEROGENEOUS_CPUS
#define PMU_CAP_HETEROGENEOUS_CPUS	PERF_PMU_CAP_HETEROGENEOUS_CPUS
#else
#define PMU_CAP_HETEROGENEOUS_CPUS	0
#endif

/**
 * pmu_set_parent() - make @dev the parent of @pmu's device in sysfs
 * @pmu: PMU not yet registered
 * @dev: the device that provides it
 *
 * Linux 6.8 added struct pmu::parent, which puts the PMU's sysfs
 * directory under its provider (/sys/devices/.../<pmu>, with
 * /sys/bus/event_source/devices/<pmu> a link to it as before).  On older
 * kernels the PMU sits at /sys/devices/<pmu>, where perf finds it the same
 * way.
 */
static inline void pmu_set_parent(struct pmu *pmu, struct device *dev)
{
#ifdef PMU_HAVE_PMU_PARENT
	pmu->parent = dev;
#endif
}

#endif /* __LINUX_PERF_PMU_COMPAT_H */
