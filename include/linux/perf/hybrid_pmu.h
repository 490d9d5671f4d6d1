/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * Shared core for the CPU PMUs of heterogeneous systems: one cpu_<type>
 * PMU per CPU type, counting only.  Writing a backend:
 * Documentation/admin-guide/perf/hybrid-pmu.rst.
 */
#ifndef __HYBRID_PMU_H
#define __HYBRID_PMU_H

#include <linux/cpumask.h>
#include <linux/perf_event.h>
#include <linux/perf/pmu_compat.h>
#include <linux/sysfs.h>

#define HYBRID_PMU_NS	PMU_NS(HYBRID_PMU)

/* Counter indexes: general counters from 0, fixed counter n at FIXED + n */
#define HYBRID_PMU_MAX_GP		32
#define HYBRID_PMU_MAX_FIXED		16
#define HYBRID_PMU_IDX_FIXED		32
#define HYBRID_PMU_MAX_COUNTERS		(HYBRID_PMU_IDX_FIXED + HYBRID_PMU_MAX_FIXED)

struct hybrid_pmu_event {
	const char	*name;		/* in events/; NULL: by code only */
	u64		config;		/* in the type's raw format */
	s8		fixed;		/* its fixed counter, or -1 */
	u32		gp_mask;	/* the general counters that count it */
};

struct hybrid_pmu_format {
	const char	*name;
	u64		mask;
};

struct hybrid_pmu_cap {
	const char	*name;
	const char	*value;
};

/* Every config of @hw_events and @cache_events (0: none) is in @events */
struct hybrid_pmu_type {
	const char			*name;		/* cpu_<name> */
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
	const struct hybrid_pmu_cap	*caps;		/* ends with no name */
};

struct hybrid_pmu;

/* All but @event_valid run on a CPU of the type, for its bank, IRQs off */
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

struct hybrid_pmu_counters {
	u16	on[HYBRID_PMU_MAX_COUNTERS];	/* 1 + event's index; 0: free */
	u8	from[HYBRID_PMU_MAX_COUNTERS];
	u8	to[HYBRID_PMU_MAX_COUNTERS];
	unsigned int nr_moves;
};

struct hybrid_pmu_cpu;
struct hybrid_pmu_sysfs;

/* The backend sets pmu.module, type, ops, cpus and priv */
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
