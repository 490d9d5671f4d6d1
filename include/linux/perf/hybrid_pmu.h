/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * Shared core for the CPU PMUs of a heterogeneous ("hybrid") system: one
 * PMU per CPU type, named cpu_<type>, each counting on its own CPUs only.
 *
 * A backend describes each CPU type with a table (struct hybrid_pmu_type:
 * counters, event maps, raw format, sysfs events and caps) and its
 * counter banks with a small ops table (struct hybrid_pmu_ops), fills one
 * struct hybrid_pmu per type and calls hybrid_pmu_register().  The core
 * supplies every struct pmu callback: routing of PERF_TYPE_HARDWARE and
 * PERF_TYPE_HW_CACHE by the PMU type in attr.config[63:32], per-task
 * events kept to their type's CPUs, group validation, counter scheduling
 * (perf core multiplexes what does not fit) and wrap-safe accumulation.
 *
 * Counting only: sampling is refused (see
 * Documentation/admin-guide/perf/hybrid-pmu.rst for why).
 * Backends say MODULE_IMPORT_NS(HYBRID_PMU_NS).
 */
#ifndef __HYBRID_PMU_H
#define __HYBRID_PMU_H

#include <linux/cpumask.h>
#include <linux/perf_event.h>
#include <linux/perf/pmu_compat.h>
#include <linux/sysfs.h>

/* The namespace of the core's exports */
#define HYBRID_PMU_NS	PMU_NS(HYBRID_PMU)

/* Counter indexes: general counters from 0, fixed counter n at FIXED + n */
#define HYBRID_PMU_MAX_GP		32
#define HYBRID_PMU_MAX_FIXED		16
#define HYBRID_PMU_IDX_FIXED		32
#define HYBRID_PMU_MAX_COUNTERS		(HYBRID_PMU_IDX_FIXED + HYBRID_PMU_MAX_FIXED)

/**
 * struct hybrid_pmu_event - an event a CPU type counts
 * @name: its file in events/, or NULL for an event known by code only.
 * @config: its encoding in the type's raw format (the bits of @formats).
 * @fixed: the fixed counter that counts it, or -1.
 * @gp_mask: the general counters that count it (bit n: counter n).
 */
struct hybrid_pmu_event {
	const char	*name;
	u64		config;
	s8		fixed;
	u32		gp_mask;
};

/**
 * struct hybrid_pmu_format - a field of the raw event format
 * @name: its file in format/ ("event", "umask").
 * @mask: the bits of attr.config it occupies.
 */
struct hybrid_pmu_format {
	const char	*name;
	u64		mask;
};

/**
 * struct hybrid_pmu_cap - a file in caps/
 * @name: file name.
 * @value: what it reads.
 */
struct hybrid_pmu_cap {
	const char	*name;
	const char	*value;
};

/**
 * struct hybrid_pmu_type - what one CPU type's PMU is
 * @name: the type; the PMU is called cpu_<name>.
 * @num_gp: general counters per CPU.
 * @num_fixed: fixed counters per CPU.
 * @gp_width: bits after which a general counter wraps.
 * @fixed_width: bits after which a fixed counter wraps.
 * @formats: the raw event format, @num_formats fields; bits of
 *	attr.config outside them are reserved.
 * @num_formats: entries in @formats.
 * @events: every event the type counts, @num_events of them; a raw
 *	config that is not one of them is refused.
 * @num_events: entries in @events.
 * @hw_events: raw config of each PERF_TYPE_HARDWARE id, 0 if the type
 *	does not count it.
 * @cache_events: raw config of each PERF_TYPE_HW_CACHE cache, op and
 *	result, 0 if the type does not count it.
 * @caps: files of caps/, ended by an entry without a name.
 *
 * Every config in @hw_events and @cache_events must be in @events.
 */
struct hybrid_pmu_type {
	const char			*name;
	unsigned int			num_gp;
	unsigned int			num_fixed;
	u8				gp_width;
	u8				fixed_width;
	const struct hybrid_pmu_format	*formats;
	unsigned int			num_formats;
	const struct hybrid_pmu_event	*events;
	unsigned int			num_events;
	u64				hw_events[PERF_COUNT_HW_MAX];
	u64				cache_events[PERF_COUNT_HW_CACHE_MAX]
						    [PERF_COUNT_HW_CACHE_OP_MAX]
						    [PERF_COUNT_HW_CACHE_RESULT_MAX];
	const struct hybrid_pmu_cap	*caps;
};

struct hybrid_pmu;

/**
 * struct hybrid_pmu_ops - a backend's counter banks
 * @event_valid: checks of an event beyond the tables (attribute bits the
 *	hardware cannot honour); 0 or -errno.  Optional.
 * @read_counter: raw value of counter @idx of this CPU's bank.
 * @enable_counter: program counter @idx of this CPU's bank to count the
 *	raw @config and start it from the value it holds.
 * @disable_counter: stop counter @idx of this CPU's bank; its value holds.
 * @pmu_enable: let this CPU's counters count after perf core scheduled
 *	events on it (a global enable).  Optional.
 * @pmu_disable: stop this CPU's counters while perf core schedules.
 *	Optional.
 *
 * Every callback but @event_valid runs on a CPU of the PMU's type, for
 * that CPU's own bank, with interrupts off.
 */
struct hybrid_pmu_ops {
	int	(*event_valid)(struct hybrid_pmu *hpmu,
			       struct perf_event *event);
	u64	(*read_counter)(struct hybrid_pmu *hpmu, unsigned int idx);
	void	(*enable_counter)(struct hybrid_pmu *hpmu, unsigned int idx,
				  u64 config);
	void	(*disable_counter)(struct hybrid_pmu *hpmu, unsigned int idx);
	void	(*pmu_enable)(struct hybrid_pmu *hpmu);
	void	(*pmu_disable)(struct hybrid_pmu *hpmu);
};

/**
 * struct hybrid_pmu_counters - counters of a CPU and the events on them
 * @on: for each counter index, 1 + the table index of its event; 0 free.
 * @from: counters whose events hybrid_pmu_place() moved, in order.
 * @to: where they went.
 * @nr_moves: entries in @from and @to.
 */
struct hybrid_pmu_counters {
	u16	on[HYBRID_PMU_MAX_COUNTERS];
	u8	from[HYBRID_PMU_MAX_COUNTERS];
	u8	to[HYBRID_PMU_MAX_COUNTERS];
	unsigned int nr_moves;
};

struct hybrid_pmu_cpu;
struct hybrid_pmu_sysfs;

/**
 * struct hybrid_pmu - the PMU of one CPU type
 * @pmu: perf core's view; set @pmu.module, the core fills in the rest.
 * @type: the type's table.
 * @ops: the backend's counter banks.
 * @cpus: the type's CPUs; the "cpus" file shows those online.
 * @priv: the backend's data.
 * @cpu_state: per-CPU counter allocation (the core's).
 * @sysfs: the format/, events/ and caps/ files built from @type (the
 *	core's).
 * @name: "cpu_<type>".
 */
struct hybrid_pmu {
	struct pmu			pmu;
	const struct hybrid_pmu_type	*type;
	const struct hybrid_pmu_ops	*ops;
	cpumask_t			cpus;
	void				*priv;
	struct hybrid_pmu_cpu __percpu	*cpu_state;
	struct hybrid_pmu_sysfs		*sysfs;
	char				name[32];
};

#define to_hybrid_pmu(p)	container_of(p, struct hybrid_pmu, pmu)

int hybrid_pmu_register(struct hybrid_pmu *pmus, unsigned int nr);
void hybrid_pmu_unregister(struct hybrid_pmu *pmus, unsigned int nr);
void hybrid_pmu_update_all(struct hybrid_pmu *hpmu);
const struct hybrid_pmu_event *
hybrid_pmu_find_event(const struct hybrid_pmu_type *type, u64 config);

#endif /* __HYBRID_PMU_H */
