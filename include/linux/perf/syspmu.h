/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * Shared core for system ("uncore") PMUs: event validation, counter
 * allocation, wrap-safe accumulation, CPU ownership and sysfs helpers.
 *
 * A driver embeds a struct syspmu, describes its hardware with a
 * struct syspmu_ops and the counters' number and width, calls
 * syspmu_init() before anything (its interrupt included) can reach the
 * PMU, and syspmu_register() last; the core supplies every struct pmu
 * callback.  Drivers say MODULE_IMPORT_NS(SYSPMU_NS).
 */
#ifndef __SYSPMU_H
#define __SYSPMU_H

#include <linux/bitmap.h>
#include <linux/cpumask.h>
#include <linux/device.h>
#include <linux/hrtimer.h>
#include <linux/interrupt.h>
#include <linux/io.h>
#include <linux/perf_event.h>
#include <linux/perf/pmu_compat.h>
#include <linux/spinlock.h>
#include <linux/sysfs.h>

/* The namespace of the core's exports */
#define SYSPMU_NS	PMU_NS(SYSPMU)

/* The most counters a PMU may have (the CoreSight PMU architecture's) */
#define SYSPMU_MAX_COUNTERS		256

struct syspmu;

/**
 * struct syspmu_ops - what a driver tells the core about its hardware
 * @counter_mask: set in @mask (a bitmap of the PMU's num_counters bits,
 *	cleared by the core) the counters that can count @event.  NULL:
 *	any counter can.
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
 *	NULL: nothing to program, the event starts from @read_counter.
 * @disable_counter: stop the counter of @event; its value must hold.
 *	NULL: nothing to stop.
 * @event_add: take the hardware that @event needs while it is scheduled,
 *	beyond its counter (a filter slot several events may share); 0, or
 *	-errno if it is all taken (the event then takes turns).  Optional.
 * @event_del: give back what @event_add took.  Optional.
 * @pmu_enable: let the counters count, after perf core has scheduled a
 *	set of events (so a group starts at once).  Optional.
 * @pmu_disable: stop every counter while perf core schedules.  Optional.
 *
 * Hardware whose events all read one set of free-running counters (each
 * event a sum of some of them, say) has no counter per event: it sets
 * @num_counters to the number of events it lets count at once, leaves
 * @counter_mask, @enable_counter and @disable_counter NULL, and reads in
 * @read_counter what @event counts.  If its counters restart from 0 when
 * enabled, @pmu_disable calls syspmu_restart_all() once they stopped (and
 * @pmu_enable must then be given too: it ends the restart).
 *
 * @events_compatible is checked between the members of a group at
 * event_init, and between an event and every scheduled event when perf
 * core adds it, so that conflicting events multiplex.
 *
 * The counter callbacks, @event_add and @event_del run with @syspmu.lock
 * held and interrupts off; @pmu_enable and @pmu_disable run on the owning
 * CPU with interrupts off, also under @syspmu.lock.
 */
struct syspmu_ops {
	void		(*counter_mask)(struct perf_event *event,
					unsigned long *mask);
	int		(*event_valid)(struct perf_event *event);
	bool		(*events_compatible)(struct perf_event *a,
					     struct perf_event *b);
	int		(*event_claim)(struct perf_event *event);
	void		(*event_release)(struct perf_event *event);
	u64		(*read_counter)(struct syspmu *upmu,
					struct perf_event *event);
	u64		(*enable_counter)(struct syspmu *upmu,
					  struct perf_event *event);
	void		(*disable_counter)(struct syspmu *upmu,
					   struct perf_event *event);
	int		(*event_add)(struct perf_event *event);
	void		(*event_del)(struct perf_event *event);
	void		(*pmu_enable)(struct syspmu *upmu);
	void		(*pmu_disable)(struct syspmu *upmu);
};

/**
 * struct syspmu - one system PMU instance
 * @pmu: perf core view; set @pmu.module and @pmu.attr_groups before
 *	registering, the core fills in the rest.
 * @dev: the device the PMU belongs to.
 * @ops: hardware description.
 * @config_mask: valid bits of attr.config, config1 and config2.
 * @num_counters: number of hardware counters.
 * @width: bits after which a counter wraps, for every counter.
 * @counter_width: bits after which each counter wraps; syspmu_init() sets
 *	every entry to @width, a driver may then change some.
 * @identifier: value of the sysfs "identifier" file, or NULL to hide it.
 * @caps: bitmap shown through SYSPMU_CAP_ATTR() files.
 * @associated_cpus: CPUs that may own the PMU; empty means any CPU.
 * @cpu: CPU that owns every event and the interrupt; nr_cpu_ids if none.
 * @irq: overflow interrupt; 0 if there is none.
 * @lock: serialises counter programming against the interrupt handler.
 * @cpuhp_node: link in the core's CPU hotplug state.
 * @used_mask: counters in use (num_counters bits, from syspmu_init()).
 * @events: event owning each counter (from syspmu_init()).
 * @restarting: syspmu_restart_all() folded the counts in and the counters
 *	read as 0 until @ops->pmu_enable has run.
 * @poll_ns: for counters that can wrap without an interrupt to say so:
 *	how often a timer folds every counting event in, well within the
 *	shortest time a counter can take to wrap: syspmu_poll_period() of
 *	the counters' width and the unit's highest count rate.  0 (the
 *	default): no timer.  Set before syspmu_register(), which raises a
 *	shorter one to %SYSPMU_POLL_MIN_NS.
 * @poll_timer: that timer, on the owning CPU while any event is
 *	scheduled.
 */
struct syspmu {
	struct pmu			pmu;
	struct device			*dev;
	const struct syspmu_ops	*ops;
	u64				config_mask[3];
	unsigned int			num_counters;
	u8				width;
	u8				*counter_width;
	const char			*identifier;
	unsigned long			caps;
	cpumask_t			associated_cpus;
	unsigned int			cpu;
	int				irq;
	raw_spinlock_t			lock;
	struct hlist_node		cpuhp_node;
	unsigned long			*used_mask;
	struct perf_event		**events;
	bool				restarting;
	u64				poll_ns;
	struct hrtimer			poll_timer;
};

#define to_syspmu(p)	container_of(p, struct syspmu, pmu)

static inline struct syspmu *event_to_syspmu(struct perf_event *event)
{
	return to_syspmu(event->pmu);
}

int syspmu_init(struct syspmu *upmu);
/* a pinned timer reading MMIO with IRQs off: no more often than this */
#define SYSPMU_POLL_MIN_NS	NSEC_PER_MSEC

u64 syspmu_poll_period(unsigned int width, u64 max_rate);
int syspmu_register(struct syspmu *upmu, const char *name);
int devm_syspmu_register(struct device *dev, struct syspmu *upmu,
			 const char *name);
void syspmu_unregister(struct syspmu *upmu);
int syspmu_request_irq(struct syspmu *upmu, int irq,
		       irq_handler_t handler, const char *name);
int syspmu_associate_node(struct syspmu *upmu, int node);

void syspmu_event_update(struct perf_event *event);
void syspmu_update_all(struct syspmu *upmu);
void syspmu_restart_all(struct syspmu *upmu);
void syspmu_counter_reloaded(struct syspmu *upmu, int idx, u64 value);
u64 syspmu_delta(u64 prev, u64 now, unsigned int width);

/**
 * syspmu_hi_lo_hi() - read a 64-bit counter as two 32-bit halves
 * @read32: reads one 32-bit register.
 * @lo: address of the low half; the high half follows it.
 *
 * For counters without 64-bit single-copy atomic access: the low half may
 * carry into the high half between the two reads.  The high half is read
 * before and after the low half, and the pair is taken only when it did
 * not change.  If the counter carries on every try (hardware counting
 * 2^32 events a microsecond), the start of the latest high epoch is
 * returned: never more than the counter holds, never less than an earlier
 * read returned, so nothing is counted twice.
 *
 * Return: the counter value.
 */
static inline u64 syspmu_hi_lo_hi(u32 (*read32)(const void __iomem *addr),
				  const void __iomem *lo)
{
	u32 hi, hi2, val;
	int tries;

	hi = read32(lo + 4);
	for (tries = 0; tries < 3; tries++) {
		val = read32(lo);
		hi2 = read32(lo + 4);
		if (hi2 == hi)
			return (u64)hi << 32 | val;
		hi = hi2;
	}
	return (u64)hi << 32;
}

static inline u32 syspmu_readl(const void __iomem *addr)
{
	return readl(addr);
}

/* syspmu_hi_lo_hi() with plain readl() */
static inline u64 syspmu_read_hi_lo_hi(const void __iomem *lo)
{
	return syspmu_hi_lo_hi(syspmu_readl, lo);
}

/* sysfs helpers */

/**
 * struct syspmu_format_attr - a "format/" file built from a bit mask
 * @attr: the sysfs attribute.
 * @word: 0 for attr.config, 1 for config1, 2 for config2.
 * @mask: the bits of that word the field occupies.
 * @bit_as_range: print a one-bit field as a range ("config2:3-3"), as
 *	some drivers always have; otherwise "config2:3".
 */
struct syspmu_format_attr {
	struct device_attribute	attr;
	unsigned int		word;
	u64			mask;
	bool			bit_as_range;
};

ssize_t syspmu_format_show(struct device *dev,
			   struct device_attribute *attr, char *buf);
ssize_t syspmu_event_show(struct device *dev,
			  struct device_attribute *attr, char *buf);
ssize_t syspmu_event_show_padded(struct device *dev,
				 struct device_attribute *attr, char *buf);
ssize_t syspmu_cap_show(struct device *dev,
			struct device_attribute *attr, char *buf);

#define __SYSPMU_FORMAT_ATTR(_name, _word, _mask, _range)		\
	(&((struct syspmu_format_attr[]) {{				\
		.attr = __ATTR(_name, 0444, syspmu_format_show, NULL), \
		.word = _word,						\
		.mask = _mask,						\
		.bit_as_range = _range,					\
	}})[0].attr.attr)

/*
 * A "format/" file for bits @_mask of config word @_word: "config:0-7",
 * a one-bit field "config1:24" (the kernel's usual spelling).
 */
#define SYSPMU_FORMAT_ATTR(_name, _word, _mask)			\
	__SYSPMU_FORMAT_ATTR(_name, _word, _mask, false)

/* The same, a one-bit field printed as a range: "config2:3-3" */
#define SYSPMU_FORMAT_ATTR_RANGES(_name, _word, _mask)			\
	__SYSPMU_FORMAT_ATTR(_name, _word, _mask, true)

#define __SYSPMU_EVENT_ATTR(_name, _id, _show)				\
	(&((struct perf_pmu_events_attr[]) {{				\
		.attr = {						\
			.attr = { .name = _name, .mode = 0444 },	\
			.show = _show,					\
		},							\
		.id = _id,						\
	}})[0].attr.attr)

/* An "events/" file named by the string @_name, reading "event=0x4" */
#define SYSPMU_EVENT_ATTR(_name, _id)					\
	__SYSPMU_EVENT_ATTR(_name, _id, syspmu_event_show)

/* The same with at least two hex digits: "event=0x04" */
#define SYSPMU_EVENT_ATTR_PADDED(_name, _id)				\
	__SYSPMU_EVENT_ATTR(_name, _id, syspmu_event_show_padded)

/* A "caps/" file that reads 1 when bit @_bit of syspmu.caps is set. */
#define SYSPMU_CAP_ATTR(_name, _bit)				\
	(&((struct dev_ext_attribute[]) {{				\
		.attr = __ATTR(_name, 0444, syspmu_cap_show, NULL),	\
		.var = (void *)(unsigned long)(_bit),			\
	}})[0].attr.attr)

/* "cpumask", "associated_cpus" and "identifier", for every PMU */
extern const struct attribute_group syspmu_common_group;

#endif /* __SYSPMU_H */
