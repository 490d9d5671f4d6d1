/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * The kernel interfaces the PMU drivers use that changed between Linux 6.1
 * and 7.2, in one place: every driver, model and KUnit suite includes this
 * (through the shared cores' headers) instead of testing versions itself.
 * Each entry names the release that brought the interface the drivers are
 * written against; on older kernels it is provided here in terms of what
 * they have.  When the oldest supported kernel reaches that release, the
 * entry goes.
 */
#ifndef __LINUX_PERF_PMU_COMPAT_H
#define __LINUX_PERF_PMU_COMPAT_H

#include <linux/clk.h>
#include <linux/cpumask.h>
#include <linux/device.h>
#include <linux/hrtimer.h>
#include <linux/perf_event.h>
#include <linux/version.h>

/*
 * Linux 6.13: symbol namespaces are string literals
 * (EXPORT_SYMBOL_NS_GPL(sym, "NS"), MODULE_IMPORT_NS("NS")); before, bare
 * identifiers that the macros stringify.  PMU_NS(SYSPMU) is right for both;
 * each core's header names its own (SYSPMU_NS...).
 */
#if LINUX_VERSION_CODE >= KERNEL_VERSION(6, 13, 0)
#define PMU_NS(ns)	#ns
#else
#define PMU_NS(ns)	ns
#endif
/* The namespace of EXPORT_SYMBOL_IF_KUNIT() (kunit/visibility.h) */
#define KUNIT_TESTING_NS	PMU_NS(EXPORTED_FOR_KUNIT_TESTING)

/* Linux 6.13: hrtimer_setup() (7.2 no longer has hrtimer_init()) */
#if LINUX_VERSION_CODE < KERNEL_VERSION(6, 13, 0)
static inline void hrtimer_setup(struct hrtimer *timer,
				 enum hrtimer_restart (*function)(struct hrtimer *),
				 clockid_t clock_id, enum hrtimer_mode mode)
{
	hrtimer_init(timer, clock_id, mode);
	timer->function = function;
}
#endif

/* Linux 6.9: cpumask_any_and_but() */
#if LINUX_VERSION_CODE < KERNEL_VERSION(6, 9, 0)
static inline unsigned int cpumask_any_and_but(const struct cpumask *mask1,
					       const struct cpumask *mask2,
					       unsigned int cpu)
{
	unsigned int i;

	for_each_cpu_and(i, mask1, mask2)
		if (i != cpu)
			return i;
	return nr_cpu_ids;
}
#endif

/*
 * Linux 6.13: devm_clk_bulk_get_all_enabled(), which returns the number of
 * clocks (6.12's devm_clk_bulk_get_all_enable() returned 0, and 7.2 no
 * longer has it); before, the same from its parts
 */
#if LINUX_VERSION_CODE < KERNEL_VERSION(6, 13, 0)
struct pmu_compat_clks {
	struct clk_bulk_data *clks;
	int num;
};

static inline void pmu_compat_clks_disable(void *data)
{
	struct pmu_compat_clks *c = data;

	clk_bulk_disable_unprepare(c->num, c->clks);
}

static inline int devm_clk_bulk_get_all_enabled(struct device *dev,
						struct clk_bulk_data **clks)
{
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
}
#endif

/*
 * Linux 6.2: struct pmu::filter(pmu, cpu), true to keep the PMU's events
 * off @cpu; before, filter_match(event), 0 to keep the event off the CPU
 * perf core is scheduling on.  A driver writes the former, follows it with
 * DEFINE_PMU_CPU_FILTER(fn) and sets PMU_CPU_FILTER(fn) in its struct pmu.
 */
#define DEFINE_PMU_CPU_FILTER(fn)					\
static inline int fn##_match(struct perf_event *event)			\
{									\
	return !(fn)(event->pmu, smp_processor_id());			\
}

#if LINUX_VERSION_CODE >= KERNEL_VERSION(6, 2, 0)
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
 * its capabilities.
 */
#if LINUX_VERSION_CODE >= KERNEL_VERSION(6, 2, 0)
#define PMU_CAP_HETEROGENEOUS_CPUS	0
#else
#define PMU_CAP_HETEROGENEOUS_CPUS	PERF_PMU_CAP_HETEROGENEOUS_CPUS
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
#if LINUX_VERSION_CODE >= KERNEL_VERSION(6, 8, 0)
	pmu->parent = dev;
#endif
}

/*
 * KUnit, for the drivers' static stubs and the suites.  Linux 6.4 brought
 * deferred actions (kunit_add_action_or_reset(), kunit_release_action())
 * and static stubs (KUNIT_STATIC_STUB_REDIRECT() and
 * kunit_activate_static_stub()), 6.8 test-managed devices
 * (kunit_device_register()).  Before, the same on KUnit's resources, which
 * 6.1 has: an action is a resource whose free runs it, a stub a resource
 * that maps the real function to its replacement.
 */
#if IS_ENABLED(CONFIG_KUNIT) && LINUX_VERSION_CODE < KERNEL_VERSION(6, 2, 0)
#include <linux/sched.h>

/* Linux 6.2: kunit_get_current_test() */
static inline struct kunit *kunit_get_current_test(void)
{
	return current->kunit_test;
}
#endif

#if LINUX_VERSION_CODE >= KERNEL_VERSION(6, 4, 0)
#include <kunit/static_stub.h>
#if IS_ENABLED(CONFIG_KUNIT)
#include <kunit/resource.h>
#endif
#elif IS_ENABLED(CONFIG_KUNIT)
#include <kunit/resource.h>
#include <linux/sched.h>
#include <linux/slab.h>

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

static inline int kunit_add_action_or_reset(struct kunit *test,
					    void (*fn)(void *ctx), void *ctx)
{
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
}

static inline void kunit_release_action(struct kunit *test,
					void (*fn)(void *ctx), void *ctx)
{
	struct pmu_compat_action m = { .fn = fn, .ctx = ctx };
	struct kunit_resource *res;

	res = kunit_find_resource(test, pmu_compat_action_match, &m);
	if (!res)
		return;
	kunit_remove_resource(test, res);
	kunit_put_resource(res);
}

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

#if IS_ENABLED(CONFIG_KUNIT) && LINUX_VERSION_CODE < KERNEL_VERSION(6, 8, 0)
static inline void pmu_compat_device_unregister(void *dev)
{
	root_device_unregister(dev);
}

/* A device of the test's own, unregistered when the test ends */
static inline struct device *kunit_device_register(struct kunit *test,
						   const char *name)
{
	struct device *dev = root_device_register(name);
	int ret;

	if (IS_ERR(dev))
		return dev;
	ret = kunit_add_action_or_reset(test, pmu_compat_device_unregister,
					dev);
	return ret ? ERR_PTR(ret) : dev;
}

static inline void kunit_device_unregister(struct kunit *test,
					   struct device *dev)
{
	kunit_release_action(test, pmu_compat_device_unregister, dev);
}
#elif IS_ENABLED(CONFIG_KUNIT)
#include <kunit/device.h>
#endif

#endif /* __LINUX_PERF_PMU_COMPAT_H */
