/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * KUnit's interfaces the suites use that came after Linux 6.1: 6.5's
 * deferred actions (kunit_add_action_or_reset(), kunit_release_action())
 * and 6.8's test-managed devices (<kunit/device.h>).  Before, the same
 * on KUnit's resources, which 6.1 has: an action is a resource whose
 * free runs it.  The probes of compat/probes/ say which the kernel has
 * (the top-level Kbuild, which builds the suites, always runs them).
 */
#ifndef __PMU_KUNIT_COMPAT_H
#define __PMU_KUNIT_COMPAT_H

#include <kunit/resource.h>
#include <kunit/test.h>
#include <linux/device.h>
#include <linux/slab.h>

#ifdef PMU_HAVE_KUNIT_DEVICE
#include <kunit/device.h>
#endif

#ifndef PMU_HAVE_KUNIT_ADD_ACTION
struct pmu_kunit_action {
	void (*fn)(void *ctx);
	void *ctx;
};

static inline void pmu_kunit_action_run(struct kunit_resource *res)
{
	struct pmu_kunit_action *a = res->data;

	a->fn(a->ctx);
	kfree(a);
}

static inline bool pmu_kunit_action_match(struct kunit *test,
					  struct kunit_resource *res,
					  void *match)
{
	struct pmu_kunit_action *a = res->data, *m = match;

	return res->free == pmu_kunit_action_run && a->fn == m->fn &&
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
	struct pmu_kunit_action *a = kmalloc(sizeof(*a), GFP_KERNEL);

	if (a) {
		a->fn = fn;
		a->ctx = ctx;
		if (kunit_alloc_resource(test, NULL, pmu_kunit_action_run,
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
	struct pmu_kunit_action m = { .fn = fn, .ctx = ctx };
	struct kunit_resource *res;

	res = kunit_find_resource(test, pmu_kunit_action_match, &m);
	if (!res)
		return;
	kunit_remove_resource(test, res);
	kunit_put_resource(res);
#endif
}

static inline void pmu_kunit_root_device_unregister(void *dev)
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
	ret = pmu_kunit_add_action_or_reset(test,
					    pmu_kunit_root_device_unregister,
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
	pmu_kunit_release_action(test, pmu_kunit_root_device_unregister, dev);
#endif
}

#endif /* __PMU_KUNIT_COMPAT_H */
