/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * Shared core for system ("uncore") PMUs: event validation, counter
 * allocation, wrap-safe accumulation, CPU ownership and sysfs helpers.
 *
 * A driver embeds a struct uncore_pmu, describes its hardware with a
 * struct uncore_pmu_ops and calls uncore_pmu_register(); the core supplies
 * every struct pmu callback.
 */
#ifndef __UNCORE_PMU_H
#define __UNCORE_PMU_H

#include <linux/bitmap.h>
#include <linux/cpumask.h>
#include <linux/device.h>
#include <linux/interrupt.h>
#include <linux/perf_event.h>
#include <linux/spinlock.h>
#include <linux/sysfs.h>

#define UNCORE_PMU_MAX_COUNTERS		64

struct uncore_pmu;

/**
 * struct uncore_pmu_ops - what a driver tells the core about its hardware
 * @counter_mask: counters (bit n = counter n) that can count @event.
 * @event_valid: driver checks of one event's config words; 0 or -errno.
 *	The core has already rejected bits outside the format masks.
 * @events_compatible: whether @a and @b may be in one group, for hardware
 *	with shared state such as one filter for all counters.  NULL means
 *	always.
 * @event_claim: reserve hardware for @event at event_init; 0 or -errno.
 *	Optional.  Hardware that scheduled events share (one filter for all
 *	counters) belongs in @events_compatible instead: events that
 *	conflict then take turns.
 * @event_release: undo @event_claim when the event is freed.  Optional,
 *	even with @event_claim.
 * @read_counter: current raw value of the counter @event occupies.
 * @enable_counter: program and start the counter of @event; returns the
 *	raw value it starts from (what @read_counter would read at once).
 * @disable_counter: stop the counter of @event; its value must hold.
 *
 * @events_compatible is checked between the members of a group at
 * event_init, and between an event and every scheduled event when perf
 * core adds it, so that conflicting events multiplex.
 *
 * The counter callbacks run with @uncore_pmu.lock held and interrupts off.
 */
struct uncore_pmu_ops {
	unsigned long	(*counter_mask)(struct perf_event *event);
	int		(*event_valid)(struct perf_event *event);
	bool		(*events_compatible)(struct perf_event *a,
					     struct perf_event *b);
	int		(*event_claim)(struct perf_event *event);
	void		(*event_release)(struct perf_event *event);
	u64		(*read_counter)(struct uncore_pmu *upmu,
					struct perf_event *event);
	u64		(*enable_counter)(struct uncore_pmu *upmu,
					  struct perf_event *event);
	void		(*disable_counter)(struct uncore_pmu *upmu,
					   struct perf_event *event);
};

/**
 * struct uncore_pmu - one system PMU instance
 * @pmu: perf core view; set @pmu.module and @pmu.attr_groups before
 *	registering, the core fills in the rest.
 * @dev: the device the PMU belongs to.
 * @ops: hardware description.
 * @config_mask: valid bits of attr.config, config1 and config2.
 * @num_counters: number of hardware counters.
 * @counter_width: bits after which each counter wraps.
 * @identifier: value of the sysfs "identifier" file, or NULL to hide it.
 * @caps: bitmap shown through UNCORE_PMU_CAP_ATTR() files.
 * @associated_cpus: CPUs that may own the PMU; empty means any CPU.
 * @cpu: CPU that owns every event and the interrupt; nr_cpu_ids if none.
 * @irq: overflow interrupt; 0 if there is none.
 * @lock: serialises counter programming against the interrupt handler.
 * @cpuhp_node: link in the core's CPU hotplug state.
 * @used_mask: counters in use.
 * @events: event owning each counter.
 */
struct uncore_pmu {
	struct pmu			pmu;
	struct device			*dev;
	const struct uncore_pmu_ops	*ops;
	u64				config_mask[3];
	unsigned int			num_counters;
	u8				counter_width[UNCORE_PMU_MAX_COUNTERS];
	const char			*identifier;
	unsigned long			caps;
	cpumask_t			associated_cpus;
	unsigned int			cpu;
	int				irq;
	raw_spinlock_t			lock;
	struct hlist_node		cpuhp_node;
	DECLARE_BITMAP(used_mask, UNCORE_PMU_MAX_COUNTERS);
	struct perf_event		*events[UNCORE_PMU_MAX_COUNTERS];
};

#define to_uncore_pmu(p)	container_of(p, struct uncore_pmu, pmu)

static inline struct uncore_pmu *event_to_uncore_pmu(struct perf_event *event)
{
	return to_uncore_pmu(event->pmu);
}

void uncore_pmu_init(struct uncore_pmu *upmu);
int uncore_pmu_register(struct uncore_pmu *upmu, const char *name);
int devm_uncore_pmu_register(struct device *dev, struct uncore_pmu *upmu,
			     const char *name);
void uncore_pmu_unregister(struct uncore_pmu *upmu);
int uncore_pmu_request_irq(struct uncore_pmu *upmu, int irq,
			   irq_handler_t handler, const char *name);

void uncore_pmu_event_update(struct perf_event *event);
void uncore_pmu_update_all(struct uncore_pmu *upmu);
void uncore_pmu_counter_reloaded(struct uncore_pmu *upmu, int idx, u64 value);
u64 uncore_pmu_delta(u64 prev, u64 now, unsigned int width);

/* sysfs helpers */

/**
 * struct uncore_pmu_format_attr - a "format/" file built from a bit mask
 * @attr: the sysfs attribute.
 * @word: 0 for attr.config, 1 for config1, 2 for config2.
 * @mask: the bits of that word the field occupies.
 */
struct uncore_pmu_format_attr {
	struct device_attribute	attr;
	unsigned int		word;
	u64			mask;
};

ssize_t uncore_pmu_format_show(struct device *dev,
			       struct device_attribute *attr, char *buf);
ssize_t uncore_pmu_event_show(struct device *dev,
			      struct device_attribute *attr, char *buf);
ssize_t uncore_pmu_cap_show(struct device *dev,
			    struct device_attribute *attr, char *buf);

#define UNCORE_PMU_FORMAT_ATTR(_name, _word, _mask)			\
	(&((struct uncore_pmu_format_attr[]) {{				\
		.attr = __ATTR(_name, 0444, uncore_pmu_format_show, NULL), \
		.word = _word,						\
		.mask = _mask,						\
	}})[0].attr.attr)

/* An "events/" file named by the string @_name, reading "event=0x@_id" */
#define UNCORE_PMU_EVENT_ATTR(_name, _id)				\
	(&((struct perf_pmu_events_attr[]) {{				\
		.attr = {						\
			.attr = { .name = _name, .mode = 0444 },	\
			.show = uncore_pmu_event_show,			\
		},							\
		.id = _id,						\
	}})[0].attr.attr)

/* A "caps/" file that reads 1 when bit @_bit of uncore_pmu.caps is set. */
#define UNCORE_PMU_CAP_ATTR(_name, _bit)				\
	(&((struct dev_ext_attribute[]) {{				\
		.attr = __ATTR(_name, 0444, uncore_pmu_cap_show, NULL),	\
		.var = (void *)(unsigned long)(_bit),			\
	}})[0].attr.attr)

/* "cpumask", "associated_cpus" and "identifier", for every PMU */
extern const struct attribute_group uncore_pmu_common_group;

#endif /* __UNCORE_PMU_H */
