/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * Shared core for system ("uncore") PMUs.  Hardware whose events all read
 * one set of free-running counters sets num_counters to the events it
 * lets count at once; if they restart from 0, pmu_disable calls
 * syspmu_restart_all() and pmu_enable ends the restart.
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

#define SYSPMU_NS	PMU_NS(SYSPMU)

#define SYSPMU_MAX_COUNTERS		256

struct syspmu;

/*
 * All run under the lock but event_valid, event_claim and event_release;
 * event_init also calls counter_mask and events_compatible unlocked
 */
struct syspmu_ops {
	void		(*counter_mask)(struct perf_event *event,
					unsigned long *mask);
	int		(*event_valid)(struct perf_event *event);
	/* shared settings (one filter for all counters): may they coexist? */
	bool		(*events_compatible)(struct perf_event *a,
					     struct perf_event *b);
	int		(*event_claim)(struct perf_event *event);
	void		(*event_release)(struct perf_event *event);
	/* read what @event (NULL: every started one) needs, for read_counter */
	void		(*snapshot)(struct syspmu *upmu,
				    struct perf_event *event);
	u64		(*read_counter)(struct syspmu *upmu,
					struct perf_event *event);
	u64		(*enable_counter)(struct syspmu *upmu,
					  struct perf_event *event);
	void		(*disable_counter)(struct syspmu *upmu,
					   struct perf_event *event);
	/* hardware beyond the counter; -errno makes the event take turns */
	int		(*event_add)(struct perf_event *event);
	void		(*event_del)(struct perf_event *event);
	void		(*pmu_enable)(struct syspmu *upmu);
	void		(*pmu_disable)(struct syspmu *upmu);
};

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
	/* empty: any CPU may own the PMU */
	cpumask_t			associated_cpus;
	unsigned int			cpu;
	int				irq;
	raw_spinlock_t			lock;
	struct hlist_node		cpuhp_node;
	unsigned long			*used_mask;
	struct perf_event		**events;
	bool				restarting;
	/* counters that wrap unseen: fold them in this often (0: never) */
	u64				poll_ns;
	struct hrtimer			poll_timer;
};

#define to_syspmu(p)	container_of(p, struct syspmu, pmu)

/* @event: the first started event at counter *@idx or after, if any */
static inline bool syspmu_next_counting_event(struct syspmu *upmu,
					      unsigned int *idx,
					      struct perf_event **event)
{
	for_each_set_bit_from(*idx, upmu->used_mask, upmu->num_counters) {
		*event = upmu->events[*idx];
		if (!((*event)->hw.state & PERF_HES_STOPPED))
			return true;
	}
	return false;
}

/* Each scheduled and started event; the lock is held */
#define syspmu_for_each_counting_event(upmu, event)			\
	for (unsigned int __syspmu_idx = 0;				\
	     syspmu_next_counting_event(upmu, &__syspmu_idx, &(event));	\
	     __syspmu_idx++)

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

/* Carrying on every try: the latest high epoch, never more than counted */
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

static inline u64 syspmu_read_hi_lo_hi(const void __iomem *lo)
{
	return syspmu_hi_lo_hi(syspmu_readl, lo);
}

struct syspmu_format_attr {
	struct device_attribute	attr;
	/* 0: attr.config, 1: config1, 2: config2 */
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

/* "config:0-7"; a one-bit field "config1:24" */
#define SYSPMU_FORMAT_ATTR(_name, _word, _mask)			\
	__SYSPMU_FORMAT_ATTR(_name, _word, _mask, false)

/* a one-bit field as a range: "config2:3-3" */
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

#define SYSPMU_EVENT_ATTR(_name, _id)					\
	__SYSPMU_EVENT_ATTR(_name, _id, syspmu_event_show)

#define SYSPMU_EVENT_ATTR_PADDED(_name, _id)				\
	__SYSPMU_EVENT_ATTR(_name, _id, syspmu_event_show_padded)

#define SYSPMU_CAP_ATTR(_name, _bit)				\
	(&((struct dev_ext_attribute[]) {{				\
		.attr = __ATTR(_name, 0444, syspmu_cap_show, NULL),	\
		.var = (void *)(unsigned long)(_bit),			\
	}})[0].attr.attr)

extern const struct attribute_group syspmu_common_group;

#endif /* __SYSPMU_H */
