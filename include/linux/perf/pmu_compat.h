/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * The kernel interfaces the PMU drivers use that changed between Linux 6.1
 * and 7.2, in one place: every driver, model and KUnit suite includes this
 * (through the shared cores' headers) instead of testing versions itself.
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
#define PMU_HAVE_KUNIT_GET_CURRENT_TEST
#define PMU_HAVE_KUNIT_VISIBILITY
#endif
#if LINUX_VERSION_CODE >= KERNEL_VERSION(6, 8, 0)
#define PMU_HAVE_PMU_PARENT
#define PMU_HAVE_KUNIT_DEVICE
#endif
#if LINUX_VERSION_CODE >= KERNEL_VERSION(6, 4, 0)
#define PMU_HAVE_KUNIT_STATIC_STUB
#endif
#if LINUX_VERSION_CODE >= KERNEL_VERSION(6, 5, 0)
#define PMU_HAVE_KUNIT_ADD_ACTION
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
/* The namespace of EXPORT_SYMBOL_IF_KUNIT() (kunit/visibility.h) */
#define KUNIT_TESTING_NS	PMU_NS(EXPORTED_FOR_KUNIT_TESTING)

/*
 * <kunit/visibility.h> (6.2; Debian's 6.1.y has it from a stable backport,
 * an older 6.1 BSP tree may not): functions static but for KUnit builds,
 * which export them to the suites' namespace.  Without it, the same.
 */
#ifdef PMU_HAVE_KUNIT_VISIBILITY
#include <kunit/visibility.h>
#elif IS_ENABLED(CONFIG_KUNIT)
#define VISIBLE_IF_KUNIT
#define EXPORT_SYMBOL_IF_KUNIT(sym)	EXPORT_SYMBOL_NS(sym, KUNIT_TESTING_NS)
#else
#define VISIBLE_IF_KUNIT		static
#define EXPORT_SYMBOL_IF_KUNIT(sym)
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

/*
 * KUnit, for the drivers' static stubs and the suites.  Linux 6.2 brought
 * kunit_get_current_test(), 6.4 static stubs (<kunit/static_stub.h>:
 * KUNIT_STATIC_STUB_REDIRECT(), kunit_activate_static_stub()), 6.5
 * deferred actions (kunit_add_action_or_reset(), kunit_release_action()),
 * 6.8 test-managed devices (<kunit/device.h>).  Before, the same on
 * KUnit's resources, which 6.1 has: an action is a resource whose free
 * runs it, a stub a resource that maps the real function to its
 * replacement.  The stub macros are defined here only where the kernel
 * has no header of them, under their own names, which the drivers use
 * either way.
 */
#if IS_ENABLED(CONFIG_KUNIT)
#include <kunit/resource.h>
#include <linux/sched.h>
#include <linux/slab.h>

#ifdef PMU_HAVE_KUNIT_GET_CURRENT_TEST
#include <kunit/test-bug.h>
#endif

static inline struct kunit *pmu_kunit_get_current_test(void)
{
#ifdef PMU_HAVE_KUNIT_GET_CURRENT_TEST
	return kunit_get_current_test();
#else
	return current->kunit_test;
#endif
}

#ifndef PMU_HAVE_KUNIT_ADD_ACTION
struct pmu_compat_action {
	void (*fn)(void *ctx);
	void *ctx;
};

static inline void pmu_compat_action_run(struct kunit_resource *res)
{
	struct pmu_compat_action *a = res->data;

	a->fn(a->ctx);
	kfree(a);
}

static inline bool pmu_compat_action_match(struct kunit *test,
					   struct kunit_resource *res,
					   void *match)
{
	struct pmu_compat_action *a = res->data, *m = match;

	return res->free == pmu_compat_action_run && a->fn == m->fn &&
	       a->ctx == m->ctx;
}
#endif

static inline int pmu_kunit_add_action_or_reset(struct kunit *test,
						void (*fn)(void *ctx),
						void *ctx)
{
#ifdef PMU_HAVE_KUNIT_ADD_ACTION
	return kunit_add_action_or_reset(test, fn, ctx);
#else
	struct pmu_compat_action *a = kmalloc(sizeof(*a), GFP_KERNEL);

	if (a) {
		a->fn = fn;
		a->ctx = ctx;
		if (kunit_alloc_resource(test, NULL, pmu_compat_action_run,
					 GFP_KERNEL, a))
			return 0;
		kfree(a);
	}
	fn(ctx);
	return -ENOMEM;
#endif
}

static inline void pmu_kunit_release_action(struct kunit *test,
					    void (*fn)(void *ctx), void *ctx)
{
#ifdef PMU_HAVE_KUNIT_ADD_ACTION
	kunit_release_action(test, fn, ctx);
#else
	struct pmu_compat_action m = { .fn = fn, .ctx = ctx };
	struct kunit_resource *res;

	res = kunit_find_resource(test, pmu_compat_action_match, &m);
	if (!res)
		return;
	kunit_remove_resource(test, res);
	kunit_put_resource(res);
#endif
}

#ifdef PMU_HAVE_KUNIT_DEVICE
#include <kunit/device.h>
#endif

static inline void pmu_compat_device_unregister(void *dev)
{
	root_device_unregister(dev);
}

/* A device of the test's own, unregistered when the test ends */
static inline struct device *pmu_kunit_device_register(struct kunit *test,
						       const char *name)
{
#ifdef PMU_HAVE_KUNIT_DEVICE
	return kunit_device_register(test, name);
#else
	struct device *dev = root_device_register(name);
	int ret;

	if (IS_ERR(dev))
		return dev;
	ret = pmu_kunit_add_action_or_reset(test, pmu_compat_device_unregister,
					    dev);
	return ret ? ERR_PTR(ret) : dev;
#endif
}

static inline void pmu_kunit_device_unregister(struct kunit *test,
					       struct device *dev)
{
#ifdef PMU_HAVE_KUNIT_DEVICE
	kunit_device_unregister(test, dev);
#else
	pmu_kunit_release_action(test, pmu_compat_device_unregister, dev);
#endif
}
#endif /* CONFIG_KUNIT */

#ifdef PMU_HAVE_KUNIT_STATIC_STUB
#include <kunit/static_stub.h>
#elif IS_ENABLED(CONFIG_KUNIT)
struct pmu_compat_stub {
	void *real;
	void *replacement;
};

static inline void pmu_compat_stub_free(struct kunit_resource *res)
{
	kfree(res->data);
}

static inline bool pmu_compat_stub_match(struct kunit *test,
					 struct kunit_resource *res, void *real)
{
	return res->free == pmu_compat_stub_free &&
	       ((struct pmu_compat_stub *)res->data)->real == real;
}

/* The replacement of @real in the test this task runs, or NULL */
static inline void *pmu_compat_stub_get(void *real)
{
	struct kunit *test = current->kunit_test;
	struct kunit_resource *res;
	void *replacement;

	if (likely(!test))
		return NULL;
	res = kunit_find_resource(test, pmu_compat_stub_match, real);
	if (!res)
		return NULL;
	replacement = ((struct pmu_compat_stub *)res->data)->replacement;
	kunit_put_resource(res);
	return replacement;
}

#define KUNIT_STATIC_STUB_REDIRECT(real_fn_name, args...)		\
do {									\
	typeof(real_fn_name) *replacement =				\
		pmu_compat_stub_get(real_fn_name);			\
	if (unlikely(replacement))					\
		return replacement(args);				\
} while (0)

static inline void pmu_compat_stub_set(struct kunit *test, void *real,
				       void *replacement)
{
	struct kunit_resource *res;
	struct pmu_compat_stub *stub;

	res = kunit_find_resource(test, pmu_compat_stub_match, real);
	if (res) {
		if (replacement) {
			((struct pmu_compat_stub *)res->data)->replacement =
				replacement;
		} else {
			kunit_remove_resource(test, res);
		}
		kunit_put_resource(res);
		return;
	}
	if (!replacement)
		return;
	stub = kzalloc(sizeof(*stub), GFP_KERNEL);
	KUNIT_ASSERT_NOT_NULL(test, stub);
	stub->real = real;
	stub->replacement = replacement;
	if (!kunit_alloc_resource(test, NULL, pmu_compat_stub_free, GFP_KERNEL,
				  stub)) {
		kfree(stub);
		KUNIT_FAIL(test, "no memory for a static stub");
	}
}

#define kunit_activate_static_stub(test, real_fn_addr, replacement_addr) \
	pmu_compat_stub_set(test, real_fn_addr, replacement_addr)
#define kunit_deactivate_static_stub(test, real_fn_addr)		\
	pmu_compat_stub_set(test, real_fn_addr, NULL)
#else
#define KUNIT_STATIC_STUB_REDIRECT(real_fn_name, args...) do {} while (0)
#endif

#endif /* __LINUX_PERF_PMU_COMPAT_H */
