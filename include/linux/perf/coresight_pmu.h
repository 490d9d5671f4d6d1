/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * Arm CoreSight PMU architecture (Arm IHI 0091) core, for vendor backends
 *
 * Three layers, as in the kernel's arm_cspmu: syspmu (event rules, CPU
 * ownership and hotplug, accumulation) <- this core (the architecture's
 * registers, discovery from ACPI APMT or DT, the overflow interrupt) <-
 * vendor backends, which are tables: per product (matched on PMIIDR), its
 * name, events, format fields and filter encoders.
 *
 * A backend registers with cspmu_backend_register(); devices of its
 * implementer wait (probe deferral) until it does, and are unbound when it
 * unregisters.  Backends say MODULE_IMPORT_NS(CORESIGHT_PMU_NS).
 */
#ifndef __CORESIGHT_PMU_H
#define __CORESIGHT_PMU_H

#include <linux/bits.h>
#include <linux/device/driver.h>
#include <linux/list.h>
#include <linux/module.h>
#include <linux/perf/syspmu.h>

/* The namespace of the core's exports */
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
/* Product, variant and revision: what tells two parts apart */
#define CSPMU_PMIIDR_PART_MASK		GENMASK(31, 12)

/* The dedicated cycle counter's physical index */
#define CSPMU_CYCLE_COUNTER		31
/* Filter registers a product uses (struct cspmu_impl.filters) */
#define CSPMU_USES_PMEVFILTR		BIT(0)
#define CSPMU_USES_PMEVFILT2R		BIT(1)
/* ...and cleared at stop: the filter acts beyond its own counter */
#define CSPMU_CLEARS_FILTERS		BIT(2)
/* PMCCFILTR is RES0: never written */
#define CSPMU_PMCCFILTR_RES0		BIT(3)

#define CSPMU_IMPL_NVIDIA		0x36b
#define CSPMU_IMPL_AMPERE		0xa16

struct cspmu;

/**
 * struct cspmu_impl_ops - what a product does beyond the architecture
 * @init: per-device set-up, after the registers are mapped and the
 *	associated CPUs known: set cspmu.name (devm-allocated), and backend
 *	data.  Required.
 * @event_type: the PMEVTYPER value of @event.  NULL: config[31:0].
 * @is_cycle_event: whether an event of attr.config @config counts cycles
 *	(the dedicated cycle counter's).  NULL: @config is exactly
 *	BIT_ULL(32).
 * @event_valid: product rules beyond the format masks; 0 or -errno.
 *	Runs at event_init, under the group leader's context mutex for a
 *	sibling, so it may walk the group.
 * @events_compatible: whether two events may be scheduled together
 *	(hardware shared by every counter, such as one BDF filter).
 *	NULL: always.
 * @event_add: take a shared resource when @event is scheduled; -errno if
 *	none is left (the event then takes turns).  PMU lock held.
 * @event_del: give it back.  PMU lock held.
 * @encode_filters: the PMEVFILTR and PMEVFILT2R values of a scheduled
 *	event that is not a cycle event.  PMU lock held.
 * @cc_filter: the PMCCFILTR value of a cycle event; NULL writes 0.
 */
struct cspmu_impl_ops {
	int	(*init)(struct cspmu *cspmu);
	u32	(*event_type)(const struct perf_event *event);
	bool	(*is_cycle_event)(u64 config);
	int	(*event_valid)(struct perf_event *event);
	bool	(*events_compatible)(struct perf_event *a,
				     struct perf_event *b);
	int	(*event_add)(struct perf_event *event);
	void	(*event_del)(struct perf_event *event);
	void	(*encode_filters)(struct perf_event *event, u32 *filtr,
				  u32 *filt2r);
	u32	(*cc_filter)(struct perf_event *event);
};

/**
 * struct cspmu_impl - one product: a row of a backend's table
 * @pmiidr: PMIIDR value identifying it (implementer included).
 * @pmiidr_mask: bits of PMIIDR compared; 0 matches any part of the
 *	backend's implementer (a catch-all, last in the table).
 * @config_mask: valid bits of attr.config, config1, config2.
 * @filters: CSPMU_USES_* bits: filter registers written at start;
 *	with CSPMU_CLEARS_FILTERS, cleared again at stop, for a product whose
 *	filter reaches other counters (a comparator shared by all of them).
 *	Otherwise the next event on the counter writes its own.  With
 *	CSPMU_PMCCFILTR_RES0, a cycle event writes no PMCCFILTR.
 * @cycles_is_event_type: the cycles event is also an ordinary event type,
 *	counted on an event counter when there is no cycle counter.
 * @event_attrs: "events/" (the cycles event hidden without a cycle counter
 *	unless @cycles_is_event_type), NULL-terminated.
 * @format_attrs: "format/", NULL-terminated.
 * @ops: see struct cspmu_impl_ops.
 * @data: the backend's own description of the product, for its ops.
 * @max_rate: the most any event of the product can count in a second
 *	(its busiest: bytes on its widest path, or outstanding requests
 *	summed every cycle); 0: CSPMU_DEFAULT_MAX_RATE.  Counters without
 *	an overflow interrupt are read often enough not to miss a wrap at
 *	that rate (syspmu_poll_period()).
 */
struct cspmu_impl {
	u32				pmiidr;
	u32				pmiidr_mask;
	u64				config_mask[3];
	unsigned int			filters;
	bool				cycles_is_event_type;
	struct attribute		**event_attrs;
	struct attribute		**format_attrs;
	const struct cspmu_impl_ops	*ops;
	const void			*data;
	u64				max_rate;
};

/*
 * A product's @max_rate unless it states one: 10^12 a second, above any
 * fabric's bytes or outstanding-request sums we know of
 */
#define CSPMU_DEFAULT_MAX_RATE	1000000000000ULL

/**
 * struct cspmu_backend - a vendor backend
 * @implementer: JEP106 code in PMIIDR[11:0] of the parts it drives.
 * @impls: its products, most specific first, @nr_impls of them.
 * @nr_impls: entries in @impls.
 * @owner: the backend's module; PMUs it names hold it while counting.
 * @node: in the core's list of backends.
 */
struct cspmu_backend {
	u32				implementer;
	const struct cspmu_impl		*impls;
	unsigned int			nr_impls;
	struct module			*owner;
	struct list_head		node;
};

/**
 * struct cspmu - one CoreSight PMU
 * @syspmu: the shared core's PMU.
 * @dev: the platform device.
 * @base0: page 0 (configuration).
 * @base1: page 1 (counters and overflow status); @base0 on a single-page
 *	PMU.
 * @pmcfgr: PMCFGR as read at probe.
 * @pmiidr: the part's identity: APMT impl_id, else PMIIDR, else built from
 *	the PMPIDRs.
 * @atomic64: 64-bit counters can be read with one 64-bit access.
 * @has_irq: there is an overflow interrupt (counters start at half range).
 * @pmcr_e: PMCR.E as the driver last wrote it (under syspmu.lock): the
 *	interrupt handler stops and restarts the counters only if it is set.
 * @cycle_idx: logical index of the cycle counter; syspmu.num_counters if
 *	there is none.
 * @name: PMU name, set by the backend's init.
 * @impl: the product's description.
 * @backend: its backend; NULL for the core's generic one.
 * @aux: the first memory block of the firmware device an APMT node of
 *	type ACPI names (PCIE-TGT's address filters), or NULL.
 * @data: the backend's per-device data.
 * @apmt: the firmware's APMT node, or NULL (DT).
 * @node: in the core's list of bound PMUs.
 * @events_group: "events/".
 * @format_group: "format/".
 * @attr_groups: what perf core shows.
 */
struct cspmu {
	struct syspmu			syspmu;
	struct device			*dev;
	void __iomem			*base0;
	void __iomem			*base1;
	u32				pmcfgr;
	u32				pmiidr;
	bool				atomic64;
	bool				has_irq;
	bool				pmcr_e;
	unsigned int			cycle_idx;
	const char			*name;
	const struct cspmu_impl		*impl;
	struct cspmu_backend		*backend;
	void __iomem			*aux;
	void				*data;
	const void			*apmt;
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

/**
 * module_cspmu_backend() - a module that only registers a backend
 * @__backend: the &struct cspmu_backend.
 *
 * Its init registers @__backend and its exit unregisters it, as
 * module_platform_driver() does for a platform driver.
 */
#define module_cspmu_backend(__backend) \
	module_driver(__backend, cspmu_backend_register, cspmu_backend_unregister)

unsigned int cspmu_socket(struct cspmu *cspmu);
int cspmu_firmware_instance(struct cspmu *cspmu, const char *prop, u32 *val);

/* For parts a backend knows only by implementer: the architecture's view */
struct ida;
int cspmu_name_numbered(struct cspmu *cspmu, struct ida *ida,
			const char *prefix);
extern struct attribute *cspmu_generic_event_attrs[];
extern struct attribute *cspmu_generic_format_attrs[];

#endif /* __CORESIGHT_PMU_H */
