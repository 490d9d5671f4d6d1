/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * Arm CoreSight PMU architecture (Arm IHI 0091) core.  A vendor backend is
 * a table of products matched on PMIIDR; devices of its implementer defer
 * their probe until it registers, and are unbound when it unregisters.
 */
#ifndef __CORESIGHT_PMU_H
#define __CORESIGHT_PMU_H

#include <linux/bits.h>
#include <linux/device/driver.h>
#include <linux/list.h>
#include <linux/module.h>
#include <linux/perf/syspmu.h>

#define CORESIGHT_PMU_NS	PMU_NS(CORESIGHT_PMU)

/* Register map; PMEVCNTR and PMOVS are in page 1, the rest in page 0 */
#define CSPMU_PMEVCNTR(n, stride)	((n) * (stride))
#define CSPMU_PMEVTYPER(n)		(0x400 + 4 * (n))
#define CSPMU_PMCCFILTR			0x47c
#define CSPMU_PMEVFILT2R(n)		(0x800 + 4 * (n))
#define CSPMU_PMEVFILTR(n)		(0xa00 + 4 * (n))
#define CSPMU_PMCNTENSET(n)		(0xc00 + 4 * ((n) / 32))
#define CSPMU_PMCNTENCLR(n)		(0xc20 + 4 * ((n) / 32))
#define CSPMU_PMINTENSET(n)		(0xc40 + 4 * ((n) / 32))
#define CSPMU_PMINTENCLR(n)		(0xc60 + 4 * ((n) / 32))
#define CSPMU_PMOVSCLR(n)		(0xc80 + 4 * ((n) / 32))
#define CSPMU_PMCFGR			0xe00
#define CSPMU_PMCR			0xe04
#define CSPMU_PMIIDR			0xe08
#define CSPMU_PMPIDR4			0xfd0
#define CSPMU_PMPIDR(n)			(0xfe0 + 4 * (n))

#define CSPMU_PMCFGR_N			GENMASK(7, 0)
#define CSPMU_PMCFGR_SIZE		GENMASK(13, 8)
#define CSPMU_PMCFGR_CC			BIT(14)

#define CSPMU_PMCR_E			BIT(0)
#define CSPMU_PMCR_P			BIT(1)
#define CSPMU_PMCR_C			BIT(2)

#define CSPMU_PMIIDR_IMPLEMENTER	GENMASK(11, 0)
#define CSPMU_PMIIDR_REVISION		GENMASK(15, 12)
#define CSPMU_PMIIDR_VARIANT		GENMASK(19, 16)
#define CSPMU_PMIIDR_PRODUCTID		GENMASK(31, 20)
#define CSPMU_PMIIDR_PART_MASK		GENMASK(31, 12)

#define CSPMU_CYCLE_COUNTER		31

/* struct cspmu_impl.filters */
#define CSPMU_USES_PMEVFILTR		BIT(0)
#define CSPMU_USES_PMEVFILT2R		BIT(1)
#define CSPMU_CLEARS_FILTERS		BIT(2)	/* at stop: they reach other counters */
#define CSPMU_PMCCFILTR_RES0		BIT(3)

#define CSPMU_IMPL_NVIDIA		0x36b
#define CSPMU_IMPL_AMPERE		0xa16

struct cspmu;

/* @init is required; NULL others mean the architecture's behaviour */
struct cspmu_impl_ops {
	int	(*init)(struct cspmu *cspmu);	/* sets cspmu->name */
	u32	(*event_type)(const struct perf_event *event);
	bool	(*is_cycle_event)(u64 config);
	int	(*event_valid)(struct perf_event *event);	/* may walk the group */
	bool	(*events_compatible)(struct perf_event *a,
				     struct perf_event *b);
	/* a shared resource, under the PMU lock; -errno: take turns */
	int	(*event_add)(struct perf_event *event);
	void	(*event_del)(struct perf_event *event);
	void	(*encode_filters)(struct perf_event *event, u32 *filtr,
				  u32 *filt2r);
	u32	(*cc_filter)(struct perf_event *event);
};

struct cspmu_impl {
	u32				pmiidr;
	u32				pmiidr_mask;	/* 0: any part of the implementer */
	u64				config_mask[3];
	unsigned int			filters;	/* CSPMU_USES_* ... */
	bool				cycles_is_event_type;
	struct attribute		**event_attrs;
	struct attribute		**format_attrs;
	const struct cspmu_impl_ops	*ops;
	const void			*data;
	/* counts per second of its busiest event, for the poll period */
	u64				max_rate;
};

/* Above any fabric's bytes or outstanding-request sums we know of */
#define CSPMU_DEFAULT_MAX_RATE	1000000000000ULL

struct cspmu_backend {
	u32				implementer;	/* JEP106, PMIIDR[11:0] */
	const struct cspmu_impl		*impls;		/* most specific first */
	unsigned int			nr_impls;
	struct module			*owner;
	struct list_head		node;
};

struct cspmu {
	struct syspmu			syspmu;
	struct device			*dev;
	void __iomem			*base0;
	void __iomem			*base1;		/* base0 if one page */
	u32				pmcfgr;
	u32				pmiidr;
	bool				atomic64;
	bool				has_irq;	/* counters start at half range */
	bool				pmcr_e;		/* as last written */
	unsigned int			cycle_idx;	/* num_counters: none */
	const char			*name;
	const struct cspmu_impl		*impl;
	struct cspmu_backend		*backend;
	void __iomem			*aux;		/* PCIE-TGT address filters */
	void				*data;
	const void			*apmt;		/* NULL: DT */
	struct list_head		node;
	struct attribute_group		events_group;
	struct attribute_group		format_group;
	const struct attribute_group	*attr_groups[4];
};

static inline struct cspmu *to_cspmu(struct pmu *pmu)
{
	return container_of(to_syspmu(pmu), struct cspmu, syspmu);
}

static inline struct cspmu *event_to_cspmu(const struct perf_event *event)
{
	return to_cspmu(event->pmu);
}

int cspmu_backend_register(struct cspmu_backend *backend);
void cspmu_backend_unregister(struct cspmu_backend *backend);

#define module_cspmu_backend(__backend) \
	module_driver(__backend, cspmu_backend_register, cspmu_backend_unregister)

unsigned int cspmu_socket(struct cspmu *cspmu);
int cspmu_firmware_instance(struct cspmu *cspmu, const char *prop, u32 *val);

/* For parts a backend knows only by implementer */
struct ida;
int cspmu_name_numbered(struct cspmu *cspmu, struct ida *ida,
			const char *prefix);
extern struct attribute *cspmu_generic_event_attrs[];
extern struct attribute *cspmu_generic_format_attrs[];

#endif /* __CORESIGHT_PMU_H */
