/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * What every KUnit suite of a syspmu driver does to open events: through
 * perf core, on the PMU's owning CPU, closed when the test ends.
 */
#ifndef __SYSPMU_KUNIT_UTIL_H
#define __SYSPMU_KUNIT_UTIL_H

#include <kunit/test.h>
#include <linux/err.h>
#include <linux/fs.h>
#include <linux/interrupt.h>
#include <linux/perf_event.h>
#include <linux/platform_device.h>

#include <linux/perf/syspmu.h>

#include "pmu_kunit_compat.h"

static inline void syspmu_kunit_release_event(void *event)
{
	perf_event_release_kernel(event);
}

/**
 * syspmu_kunit_try_open() - open an event of a syspmu PMU
 * @test: the test; the event is released when it ends.
 * @upmu: the PMU.
 * @config: attr.config.
 * @config1: attr.config1.
 * @config2: attr.config2.
 * @period: attr.sample_period (0: counting).
 * @out: the event, on success; may be NULL.
 *
 * Return: 0, or the errno perf core returned.
 */
static inline int syspmu_kunit_try_open(struct kunit *test,
					struct syspmu *upmu, u64 config,
					u64 config1, u64 config2, u64 period,
					struct perf_event **out)
{
	struct perf_event_attr attr = {
		.type		= upmu->pmu.type,
		.size		= sizeof(attr),
		.config		= config,
		.config1	= config1,
		.config2	= config2,
		.sample_period	= period,
	};
	struct perf_event *event;

	event = perf_event_create_kernel_counter(&attr, upmu->cpu, NULL, NULL,
						 NULL);
	if (IS_ERR(event))
		return PTR_ERR(event);
	KUNIT_ASSERT_EQ(test, 0,
			pmu_kunit_add_action_or_reset(test,
						      syspmu_kunit_release_event,
						      event));
	if (out)
		*out = event;
	return 0;
}

/**
 * syspmu_kunit_fire_irq() - run an interrupt handler as the interrupt would
 * @handler: the driver's handler.
 * @dev_id: what it was requested with.
 *
 * Hard interrupts are off while it runs, as they are on the real path.
 *
 * Return: what the handler returned.
 */
static inline irqreturn_t syspmu_kunit_fire_irq(irq_handler_t handler,
						void *dev_id)
{
	irqreturn_t ret;

	local_irq_disable();
	ret = handler(0, dev_id);
	local_irq_enable();
	return ret;
}

/**
 * syspmu_kunit_read_file() - read a sysfs file of a PMU, as perf does
 * @upmu: the PMU, registered.
 * @file: path below /sys/bus/event_source/devices/<name>/.
 * @buf: the contents, NUL-terminated.
 * @len: size of @buf.
 *
 * Return: the length read, or a negative errno.
 */
static inline int syspmu_kunit_read_file(struct syspmu *upmu,
					 const char *file, char *buf,
					 size_t len)
{
	char path[128];
	struct file *f;
	loff_t pos = 0;
	ssize_t n;

	snprintf(path, sizeof(path), "/sys/bus/event_source/devices/%s/%s",
		 upmu->pmu.name, file);
	f = filp_open(path, O_RDONLY, 0);
	if (IS_ERR(f))
		return PTR_ERR(f);
	n = kernel_read(f, buf, len - 1, &pos);
	filp_close(f, NULL);
	if (n < 0)
		return n;
	buf[n] = '\0';
	return n;
}

/**
 * syspmu_kunit_borrow() - unbind the board's PMUs a suite's PMUs collide with
 * @driver: the platform driver's name; all its devices are unbound.
 * @out: where to keep the unbound devices, for syspmu_kunit_give_back().
 * @max: room in @out.
 *
 * Two PMUs cannot have one name: the suite's PMUs replace the board's
 * while the suite runs.
 *
 * Return: how many devices were unbound.
 */
static inline unsigned int syspmu_kunit_borrow(const char *driver,
					       struct device **out,
					       unsigned int max)
{
	struct device_driver *drv = driver_find(driver, &platform_bus_type);
	unsigned int n = 0;
	struct device *dev;

	while (drv && n < max && (dev = driver_find_next_device(drv, NULL))) {
		pr_info("%s: %s unbound for the suite\n", driver, dev_name(dev));
		device_release_driver(dev);
		out[n++] = dev;
	}
	return n;
}

/* Bind again what syspmu_kunit_borrow() unbound */
static inline void syspmu_kunit_give_back(struct device **devs,
					  unsigned int max)
{
	unsigned int i;

	for (i = 0; i < max && devs[i]; i++) {
		if (device_attach(devs[i]) <= 0)
			pr_err("%s not bound again\n", dev_name(devs[i]));
		put_device(devs[i]);
		devs[i] = NULL;
	}
}

#endif /* __SYSPMU_KUNIT_UTIL_H */
