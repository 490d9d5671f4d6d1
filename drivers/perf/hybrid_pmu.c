// SPDX-License-Identifier: GPL-2.0-only
/*
 * Shared core for the CPU PMUs of heterogeneous ("hybrid") systems: one
 * PMU per CPU type, cpu_<type>, as perf's tool expects of cpu_core and
 * cpu_atom (tools/perf/Documentation/intel-hybrid.txt).
 *
 * PERF_TYPE_HARDWARE and PERF_TYPE_HW_CACHE events name their PMU in
 * attr.config[63:32] (PERF_PMU_CAP_EXTENDED_HW_TYPE); without that, perf
 * core offers the event to every PMU until one takes it, so an event that
 * is not a PMU's own gets -ENOENT and nothing else.  Per-task events are
 * accepted by every type and count only while the task runs on one of
 * the type's CPUs (struct pmu.filter); CPU-bound events belong to the
 * type of their CPU.
 *
 * Counters are per CPU: perf core calls add/del/start/stop/read on the
 * event's CPU with interrupts off, so each CPU's counter allocation is
 * its own and needs no lock.
 */

#define pr_fmt(fmt) "hybrid_pmu: " fmt

#include <linux/bitmap.h>
#include <linux/bitops.h>
#include <linux/cpumask.h>
#include <linux/module.h>
#include <linux/namei.h>
#include <linux/perf/hybrid_pmu.h>
#include <linux/perf/syspmu.h>
#include <linux/percpu.h>
#include <linux/slab.h>
#include <kunit/visibility.h>

/**
 * struct hybrid_pmu_cpu - one CPU's counter allocation
 * @used: counters in use, by counter index.
 * @events: the event on each counter.
 */
struct hybrid_pmu_cpu {
	DECLARE_BITMAP(used, HYBRID_PMU_MAX_COUNTERS);
	struct perf_event *events[HYBRID_PMU_MAX_COUNTERS];
};

/**
 * struct hybrid_pmu_sysfs - the files built from a type's table
 * @groups: format/, events/, caps/, the "cpus" file; NULL-terminated.
 * @format: format/ group.
 * @events: events/ group.
 * @caps: caps/ group.
 * @format_attrs: one per format field, syspmu's format files.
 * @event_attrs: one per named event.
 * @cap_attrs: one per cap.
 * @attrs: the attribute pointer arrays of the three groups, each
 *	NULL-terminated, back to back.
 */
struct hybrid_pmu_sysfs {
	const struct attribute_group	*groups[5];
	struct attribute_group		format;
	struct attribute_group		events;
	struct attribute_group		caps;
	struct syspmu_format_attr	*format_attrs;
	struct perf_pmu_events_attr	*event_attrs;
	struct dev_ext_attribute	*cap_attrs;
	struct attribute		**attrs;
};

/* Event lookup */

/* Bits of attr.config the type's raw format covers */
static u64 hybrid_pmu_format_mask(const struct hybrid_pmu_type *type)
{
	u64 mask = 0;
	unsigned int i;

	for (i = 0; i < type->num_formats; i++)
		mask |= type->formats[i].mask;
	return mask;
}

/**
 * hybrid_pmu_find_event() - the entry of a raw config in a type's table
 * @type: the CPU type.
 * @config: raw config, in the type's format.
 *
 * Return: the event, or NULL if the type does not count @config.
 */
VISIBLE_IF_KUNIT const struct hybrid_pmu_event *
hybrid_pmu_find_event(const struct hybrid_pmu_type *type, u64 config)
{
	unsigned int i;

	for (i = 0; i < type->num_events; i++)
		if (type->events[i].config == config)
			return &type->events[i];
	return NULL;
}
EXPORT_SYMBOL_IF_KUNIT(hybrid_pmu_find_event);

/**
 * hybrid_pmu_map_event() - the raw config an event's attributes select
 * @type: the CPU type.
 * @attr: the event's attributes.
 * @config: where the raw config goes.
 *
 * Errors follow x86: an id that no PMU can have is -EINVAL, an id this
 * type does not count is -ENOENT, reserved raw bits or a raw event the
 * type lacks are -EINVAL.
 *
 * Return: 0 or -errno.
 */
VISIBLE_IF_KUNIT int hybrid_pmu_map_event(const struct hybrid_pmu_type *type,
					  const struct perf_event_attr *attr,
					  u64 *config)
{
	u64 raw = attr->config;
	unsigned int cache, op, result;

	/* the PMU type, if any, is perf core's business */
	if (attr->type == PERF_TYPE_HARDWARE || attr->type == PERF_TYPE_HW_CACHE)
		raw &= PERF_HW_EVENT_MASK;

	switch (attr->type) {
	case PERF_TYPE_HARDWARE:
		if (raw >= PERF_COUNT_HW_MAX)
			return -EINVAL;
		raw = type->hw_events[raw];
		break;
	case PERF_TYPE_HW_CACHE:
		cache = raw & 0xff;
		op = (raw >> 8) & 0xff;
		result = (raw >> 16) & 0xff;
		if (raw >> 24 || cache >= PERF_COUNT_HW_CACHE_MAX ||
		    op >= PERF_COUNT_HW_CACHE_OP_MAX ||
		    result >= PERF_COUNT_HW_CACHE_RESULT_MAX)
			return -EINVAL;
		raw = type->cache_events[cache][op][result];
		break;
	default:
		if (raw & ~hybrid_pmu_format_mask(type))
			return -EINVAL;
		if (!hybrid_pmu_find_event(type, raw))
			return -EINVAL;
		*config = raw;
		return 0;
	}
	if (!raw)
		return -ENOENT;
	*config = raw;
	return 0;
}
EXPORT_SYMBOL_IF_KUNIT(hybrid_pmu_map_event);

/* Counter scheduling */

/**
 * hybrid_pmu_pick_counter() - the counter an event gets
 * @type: the CPU type.
 * @ev: the event's table entry.
 * @used: counters taken, by counter index.
 *
 * The event's fixed counter if it is free, so that general counters stay
 * for events that have no other; else the lowest free general counter
 * that can count it.  The same choice at event_init (is a group
 * schedulable at all?) and at add (where does it go now?) keeps the two
 * in agreement: a group accepted fits counters nobody else holds.
 *
 * Return: the counter index, or -EBUSY if none is free.
 */
VISIBLE_IF_KUNIT int hybrid_pmu_pick_counter(const struct hybrid_pmu_type *type,
					     const struct hybrid_pmu_event *ev,
					     const unsigned long *used)
{
	unsigned int idx;

	if (ev->fixed >= 0 && ev->fixed < type->num_fixed &&
	    !test_bit(HYBRID_PMU_IDX_FIXED + ev->fixed, used))
		return HYBRID_PMU_IDX_FIXED + ev->fixed;
	for (idx = 0; idx < type->num_gp; idx++)
		if ((ev->gp_mask & BIT(idx)) && !test_bit(idx, used))
			return idx;
	return -EBUSY;
}
EXPORT_SYMBOL_IF_KUNIT(hybrid_pmu_pick_counter);

static const struct hybrid_pmu_event *
hybrid_pmu_event_entry(struct perf_event *event)
{
	struct hybrid_pmu *hpmu = to_hybrid_pmu(event->pmu);

	return &hpmu->type->events[event->hw.config_base];
}

/*
 * One member of a group, in the order perf core schedules it: a software
 * event always fits; an event of this PMU needs a counter after the ones
 * before it; any other PMU's event (the other CPU type's included) can
 * never be scheduled with it.
 */
static bool hybrid_pmu_member_fits(struct hybrid_pmu *hpmu,
				   unsigned long *used,
				   struct perf_event *member)
{
	int idx;

	if (member->pmu != &hpmu->pmu)
		return is_software_event(member);
	idx = hybrid_pmu_pick_counter(hpmu->type,
				      hybrid_pmu_event_entry(member), used);
	if (idx < 0)
		return false;
	__set_bit(idx, used);
	return true;
}

/*
 * Whether @event's group can ever be scheduled: its leader, the siblings
 * and @event itself, allocated as perf core will add them to a CPU with
 * no other event.  A group that does not fit there never will; one that
 * does takes its turn when perf core rotates.
 */
static bool hybrid_pmu_group_valid(struct hybrid_pmu *hpmu,
				   struct perf_event *event)
{
	DECLARE_BITMAP(used, HYBRID_PMU_MAX_COUNTERS) = { };
	struct perf_event *leader = event->group_leader;
	struct perf_event *sibling;

	if (!hybrid_pmu_member_fits(hpmu, used, leader))
		return false;
	if (leader == event)
		return true;
	/* perf core holds the leader's context mutex while we look */
	for_each_sibling_event(sibling, leader)
		if (!hybrid_pmu_member_fits(hpmu, used, sibling))
			return false;
	return hybrid_pmu_member_fits(hpmu, used, event);
}

/* event_init */

/*
 * Whether @event is addressed to @hpmu: a raw event of its type, or a
 * hardware or cache event whose extended type is its own or absent.
 */
static bool hybrid_pmu_owns(struct hybrid_pmu *hpmu, struct perf_event *event)
{
	u64 ext;

	switch (event->attr.type) {
	case PERF_TYPE_HARDWARE:
	case PERF_TYPE_HW_CACHE:
		/* perf core strips a type it resolved; one it could not is here */
		ext = event->attr.config >> PERF_PMU_TYPE_SHIFT;
		return !ext || ext == hpmu->pmu.type;
	default:
		return event->attr.type == hpmu->pmu.type;
	}
}

static int hybrid_pmu_event_init(struct perf_event *event)
{
	struct hybrid_pmu *hpmu = to_hybrid_pmu(event->pmu);
	const struct hybrid_pmu_event *ev;
	u64 config;
	int ret;

	if (!hybrid_pmu_owns(hpmu, event))
		return -ENOENT;
	/*
	 * A CPU-bound event belongs to the type of its CPU; offered one of
	 * the other type's CPUs, say it is not ours so that perf core asks
	 * the other type.
	 */
	if (event->cpu >= 0 && !cpumask_test_cpu(event->cpu, &hpmu->cpus))
		return -ENOENT;

	if (is_sampling_event(event) || event->attr.precise_ip) {
		pr_debug("%s: counting only, no sampling\n", hpmu->name);
		return -EOPNOTSUPP;
	}

	if (event->attr.config1 || event->attr.config2)
		return -EINVAL;
	ret = hybrid_pmu_map_event(hpmu->type, &event->attr, &config);
	if (ret)
		return ret;
	ev = hybrid_pmu_find_event(hpmu->type, config);
	if (!ev)
		return -EINVAL;	/* a map names an event not in the table */

	if (hpmu->ops->event_valid) {
		ret = hpmu->ops->event_valid(hpmu, event);
		if (ret)
			return ret;
	}

	event->hw.config = config;
	event->hw.config_base = ev - hpmu->type->events;
	event->hw.idx = -1;

	if (!hybrid_pmu_group_valid(hpmu, event)) {
		pr_debug("%s: group cannot be scheduled\n", hpmu->name);
		return -EINVAL;
	}
	return 0;
}

/* Counting */

static unsigned int hybrid_pmu_width(struct hybrid_pmu *hpmu, int idx)
{
	return idx >= HYBRID_PMU_IDX_FIXED ? hpmu->type->fixed_width :
					     hpmu->type->gp_width;
}

/* Fold what the counter counted since prev_count into the event */
static void hybrid_pmu_event_update(struct perf_event *event)
{
	struct hybrid_pmu *hpmu = to_hybrid_pmu(event->pmu);
	struct hw_perf_event *hwc = &event->hw;
	u64 prev, now;

	/* against the backend's interrupt on this CPU, if it has one */
	do {
		prev = local64_read(&hwc->prev_count);
		now = hpmu->ops->read_counter(hpmu, hwc->idx);
	} while (local64_cmpxchg(&hwc->prev_count, prev, now) != prev);

	local64_add(syspmu_delta(prev, now, hybrid_pmu_width(hpmu, hwc->idx)),
		    &event->count);
}

static void hybrid_pmu_start(struct perf_event *event, int flags)
{
	struct hybrid_pmu *hpmu = to_hybrid_pmu(event->pmu);
	struct hw_perf_event *hwc = &event->hw;

	if (!(hwc->state & PERF_HES_STOPPED))
		return;
	hwc->state = 0;
	/* A stopped counter holds its value: that is where it starts */
	local64_set(&hwc->prev_count, hpmu->ops->read_counter(hpmu, hwc->idx));
	hpmu->ops->enable_counter(hpmu, hwc->idx, hwc->config);
}

static void hybrid_pmu_stop(struct perf_event *event, int flags)
{
	struct hybrid_pmu *hpmu = to_hybrid_pmu(event->pmu);
	struct hw_perf_event *hwc = &event->hw;

	if (hwc->state & PERF_HES_STOPPED)
		return;
	hpmu->ops->disable_counter(hpmu, hwc->idx);
	hybrid_pmu_event_update(event);
	hwc->state |= PERF_HES_STOPPED | PERF_HES_UPTODATE;
}

static int hybrid_pmu_add(struct perf_event *event, int flags)
{
	struct hybrid_pmu *hpmu = to_hybrid_pmu(event->pmu);
	struct hybrid_pmu_cpu *state = this_cpu_ptr(hpmu->cpu_state);
	struct hw_perf_event *hwc = &event->hw;
	int idx;

	idx = hybrid_pmu_pick_counter(hpmu->type, hybrid_pmu_event_entry(event),
				      state->used);
	/* perf core multiplexes: the event waits for its turn */
	if (idx < 0)
		return -EAGAIN;

	__set_bit(idx, state->used);
	state->events[idx] = event;
	hwc->idx = idx;
	hwc->state = PERF_HES_STOPPED | PERF_HES_UPTODATE;
	if (flags & PERF_EF_START)
		hybrid_pmu_start(event, PERF_EF_RELOAD);
	perf_event_update_userpage(event);
	return 0;
}

static void hybrid_pmu_del(struct perf_event *event, int flags)
{
	struct hybrid_pmu *hpmu = to_hybrid_pmu(event->pmu);
	struct hybrid_pmu_cpu *state = this_cpu_ptr(hpmu->cpu_state);
	struct hw_perf_event *hwc = &event->hw;

	hybrid_pmu_stop(event, PERF_EF_UPDATE);
	state->events[hwc->idx] = NULL;
	__clear_bit(hwc->idx, state->used);
	hwc->idx = -1;
	perf_event_update_userpage(event);
}

static void hybrid_pmu_read(struct perf_event *event)
{
	if (!(event->hw.state & PERF_HES_STOPPED))
		hybrid_pmu_event_update(event);
}

/**
 * hybrid_pmu_update_all() - fold every counting event of this CPU in
 * @hpmu: the PMU of this CPU's type.
 *
 * For a backend's counter overflow interrupt, on the CPU it came from,
 * before the counters wrap a second time.
 */
void hybrid_pmu_update_all(struct hybrid_pmu *hpmu)
{
	struct hybrid_pmu_cpu *state = this_cpu_ptr(hpmu->cpu_state);
	unsigned int idx;

	for_each_set_bit(idx, state->used, HYBRID_PMU_MAX_COUNTERS)
		if (!(state->events[idx]->hw.state & PERF_HES_STOPPED))
			hybrid_pmu_event_update(state->events[idx]);
}
EXPORT_SYMBOL_NS_GPL(hybrid_pmu_update_all, HYBRID_PMU);

/*
 * perf core enables and disables every PMU of a task's context on the CPU
 * the task runs on, the other type's CPUs included: there this PMU has no
 * bank, and nothing to do.
 */
static bool hybrid_pmu_on_own_cpu(struct hybrid_pmu *hpmu)
{
	return cpumask_test_cpu(smp_processor_id(), &hpmu->cpus);
}

static void hybrid_pmu_enable(struct pmu *pmu)
{
	struct hybrid_pmu *hpmu = to_hybrid_pmu(pmu);

	if (hpmu->ops->pmu_enable && hybrid_pmu_on_own_cpu(hpmu))
		hpmu->ops->pmu_enable(hpmu);
}

static void hybrid_pmu_disable(struct pmu *pmu)
{
	struct hybrid_pmu *hpmu = to_hybrid_pmu(pmu);

	if (hpmu->ops->pmu_disable && hybrid_pmu_on_own_cpu(hpmu))
		hpmu->ops->pmu_disable(hpmu);
}

/* perf core asks before it schedules this PMU's events on @cpu */
static bool hybrid_pmu_filter(struct pmu *pmu, int cpu)
{
	return !cpumask_test_cpu(cpu, &to_hybrid_pmu(pmu)->cpus);
}

/* sysfs */

/*
 * The type's CPUs that are online, as x86's cpu_core and cpu_atom show
 * them: perf opens a system-wide event on every CPU this lists, and an
 * offline one would fail the whole session with ENODEV.
 */
static ssize_t cpus_show(struct device *dev, struct device_attribute *attr,
			 char *buf)
{
	struct hybrid_pmu *hpmu = to_hybrid_pmu(dev_get_drvdata(dev));
	cpumask_var_t online;
	ssize_t ret;

	if (!zalloc_cpumask_var(&online, GFP_KERNEL))
		return -ENOMEM;
	cpumask_and(online, &hpmu->cpus, cpu_online_mask);
	ret = cpumap_print_to_pagebuf(true, buf, online);
	free_cpumask_var(online);
	return ret;
}
static DEVICE_ATTR_RO(cpus);

static struct attribute *hybrid_pmu_cpus_attrs[] = {
	&dev_attr_cpus.attr,
	NULL
};

static const struct attribute_group hybrid_pmu_cpus_group = {
	.attrs = hybrid_pmu_cpus_attrs,
};

static ssize_t hybrid_pmu_cap_show(struct device *dev,
				   struct device_attribute *attr, char *buf)
{
	struct dev_ext_attribute *ea =
		container_of(attr, struct dev_ext_attribute, attr);

	return sysfs_emit(buf, "%s\n", (const char *)ea->var);
}

/*
 * An events/ file's text: every format field of @config, by name, the
 * first one even when zero ("event=0x3c", "event=0x0,umask=0x1").
 */
static char *hybrid_pmu_event_string(const struct hybrid_pmu_type *type,
				     u64 config)
{
	char buf[128];
	unsigned int i;
	int len = 0;
	u64 field;

	for (i = 0; i < type->num_formats; i++) {
		const struct hybrid_pmu_format *f = &type->formats[i];

		field = (config & f->mask) >> __ffs64(f->mask);
		if (i && !field)
			continue;
		len += scnprintf(buf + len, sizeof(buf) - len, "%s%s=%#llx",
				 len ? "," : "", f->name, field);
	}
	return kstrdup(buf, GFP_KERNEL);
}

static void hybrid_pmu_free_sysfs(struct hybrid_pmu *hpmu)
{
	struct hybrid_pmu_sysfs *sysfs = hpmu->sysfs;
	unsigned int i;

	if (!sysfs)
		return;
	if (sysfs->event_attrs)
		for (i = 0; i < hpmu->type->num_events; i++)
			kfree(sysfs->event_attrs[i].event_str);
	kfree(sysfs->format_attrs);
	kfree(sysfs->event_attrs);
	kfree(sysfs->cap_attrs);
	kfree(sysfs->attrs);
	kfree(sysfs);
	hpmu->sysfs = NULL;
}

static int hybrid_pmu_build_sysfs(struct hybrid_pmu *hpmu)
{
	const struct hybrid_pmu_type *type = hpmu->type;
	struct hybrid_pmu_sysfs *sysfs;
	struct attribute **attr;
	unsigned int i, ncaps = 0;

	while (type->caps && type->caps[ncaps].name)
		ncaps++;

	sysfs = kzalloc(sizeof(*sysfs), GFP_KERNEL);
	if (!sysfs)
		return -ENOMEM;
	hpmu->sysfs = sysfs;
	sysfs->format_attrs = kcalloc(type->num_formats,
				      sizeof(*sysfs->format_attrs), GFP_KERNEL);
	sysfs->event_attrs = kcalloc(type->num_events,
				     sizeof(*sysfs->event_attrs), GFP_KERNEL);
	sysfs->cap_attrs = kcalloc(ncaps, sizeof(*sysfs->cap_attrs),
				   GFP_KERNEL);
	/* three NULL-terminated arrays */
	sysfs->attrs = kcalloc(type->num_formats + type->num_events + ncaps + 3,
			       sizeof(*sysfs->attrs), GFP_KERNEL);
	if ((type->num_formats && !sysfs->format_attrs) ||
	    (type->num_events && !sysfs->event_attrs) ||
	    (ncaps && !sysfs->cap_attrs) || !sysfs->attrs)
		return -ENOMEM;

	attr = sysfs->attrs;
	sysfs->format.name = "format";
	sysfs->format.attrs = attr;
	for (i = 0; i < type->num_formats; i++) {
		struct syspmu_format_attr *fa = &sysfs->format_attrs[i];

		sysfs_attr_init(&fa->attr.attr);
		fa->attr.attr.name = type->formats[i].name;
		fa->attr.attr.mode = 0444;
		fa->attr.show = syspmu_format_show;
		fa->word = 0;
		fa->mask = type->formats[i].mask;
		*attr++ = &fa->attr.attr;
	}
	attr++;

	sysfs->events.name = "events";
	sysfs->events.attrs = attr;
	for (i = 0; i < type->num_events; i++) {
		struct perf_pmu_events_attr *ea = &sysfs->event_attrs[i];

		if (!type->events[i].name)
			continue;
		ea->event_str = hybrid_pmu_event_string(type,
							type->events[i].config);
		if (!ea->event_str)
			return -ENOMEM;
		sysfs_attr_init(&ea->attr.attr);
		ea->attr.attr.name = type->events[i].name;
		ea->attr.attr.mode = 0444;
		ea->attr.show = perf_event_sysfs_show;
		ea->id = type->events[i].config;
		*attr++ = &ea->attr.attr;
	}
	attr++;

	sysfs->caps.name = "caps";
	sysfs->caps.attrs = attr;
	for (i = 0; i < ncaps; i++) {
		struct dev_ext_attribute *ca = &sysfs->cap_attrs[i];

		sysfs_attr_init(&ca->attr.attr);
		ca->attr.attr.name = type->caps[i].name;
		ca->attr.attr.mode = 0444;
		ca->attr.show = hybrid_pmu_cap_show;
		ca->var = (void *)type->caps[i].value;
		*attr++ = &ca->attr.attr;
	}

	sysfs->groups[0] = &sysfs->format;
	sysfs->groups[1] = &sysfs->events;
	sysfs->groups[2] = &sysfs->caps;
	sysfs->groups[3] = &hybrid_pmu_cpus_group;
	return 0;
}

/* Registration */

/*
 * Whether a PMU called @name is registered.  perf core has no lookup by
 * name for modules, and registering a second PMU of one name makes sysfs
 * warn before perf core fails it: ask sysfs first.
 */
static bool hybrid_pmu_name_taken(const char *name)
{
	char path[64];
	struct path p;

	snprintf(path, sizeof(path), "/sys/bus/event_source/devices/%s", name);
	if (kern_path(path, 0, &p))
		return false;
	path_put(&p);
	return true;
}

/*
 * A table the core can serve: counters within bounds, every mapped
 * config in the events table, fixed counters that exist.
 */
static int hybrid_pmu_check_type(const struct hybrid_pmu_type *type)
{
	const u64 *map = &type->cache_events[0][0][0];
	unsigned int i;

	if (type->num_gp > HYBRID_PMU_MAX_GP ||
	    type->num_fixed > HYBRID_PMU_MAX_FIXED ||
	    !type->gp_width || type->gp_width > 64 ||
	    (type->num_fixed && (!type->fixed_width || type->fixed_width > 64)))
		return -EINVAL;
	for (i = 0; i < type->num_events; i++)
		if (type->events[i].fixed >= (int)type->num_fixed ||
		    type->events[i].config & ~hybrid_pmu_format_mask(type))
			return -EINVAL;
	for (i = 0; i < PERF_COUNT_HW_MAX; i++)
		if (type->hw_events[i] &&
		    !hybrid_pmu_find_event(type, type->hw_events[i]))
			return -EINVAL;
	for (i = 0; i < sizeof(type->cache_events) / sizeof(*map); i++)
		if (map[i] && !hybrid_pmu_find_event(type, map[i]))
			return -EINVAL;
	return 0;
}

static void hybrid_pmu_release(struct hybrid_pmu *hpmu)
{
	hybrid_pmu_free_sysfs(hpmu);
	free_percpu(hpmu->cpu_state);
	hpmu->cpu_state = NULL;
}

static int hybrid_pmu_prepare(struct hybrid_pmu *hpmu)
{
	int ret;

	ret = hybrid_pmu_check_type(hpmu->type);
	if (ret) {
		pr_err("%s: inconsistent table\n", hpmu->name);
		return ret;
	}

	hpmu->cpu_state = alloc_percpu(struct hybrid_pmu_cpu);
	if (!hpmu->cpu_state)
		return -ENOMEM;
	ret = hybrid_pmu_build_sysfs(hpmu);
	if (ret)
		return ret;

	hpmu->pmu = (struct pmu) {
		.module		= hpmu->pmu.module,
		.task_ctx_nr	= perf_hw_context,
		.capabilities	= PERF_PMU_CAP_EXTENDED_HW_TYPE |
				  PERF_PMU_CAP_NO_INTERRUPT,
		.attr_groups	= hpmu->sysfs->groups,
		.event_init	= hybrid_pmu_event_init,
		.add		= hybrid_pmu_add,
		.del		= hybrid_pmu_del,
		.start		= hybrid_pmu_start,
		.stop		= hybrid_pmu_stop,
		.read		= hybrid_pmu_read,
		.pmu_enable	= hybrid_pmu_enable,
		.pmu_disable	= hybrid_pmu_disable,
		.filter		= hybrid_pmu_filter,
	};
	return 0;
}

/**
 * hybrid_pmu_register() - register the PMUs of a system's CPU types
 * @pmus: one per CPU type, with type, ops, cpus and pmu.module set.
 * @nr: number of types.
 *
 * All or nothing.  Refused with -EEXIST where a PMU called cpu, or one of
 * the cpu_<type> names, exists already (the machine's own CPU PMU): two
 * drivers would then claim the same hardware events.  The types' CPU sets
 * must not be empty and must not overlap.
 *
 * Return: 0 or -errno.
 */
int hybrid_pmu_register(struct hybrid_pmu *pmus, unsigned int nr)
{
	cpumask_t seen;
	unsigned int i;
	int ret;

	if (hybrid_pmu_name_taken("cpu")) {
		pr_err("this machine has a CPU PMU (\"cpu\"): not registering the cpu_<type> PMUs over it\n");
		return -EEXIST;
	}
	cpumask_clear(&seen);
	for (i = 0; i < nr; i++) {
		if (!pmus[i].type || !pmus[i].type->name || !pmus[i].ops ||
		    cpumask_empty(&pmus[i].cpus) ||
		    cpumask_intersects(&pmus[i].cpus, &seen))
			return -EINVAL;
		cpumask_or(&seen, &seen, &pmus[i].cpus);
	}

	for (i = 0; i < nr; i++) {
		snprintf(pmus[i].name, sizeof(pmus[i].name), "cpu_%s",
			 pmus[i].type->name);
		if (hybrid_pmu_name_taken(pmus[i].name)) {
			pr_err("a PMU called %s exists already (this machine's own CPU PMU?): not registering over it\n",
			       pmus[i].name);
			ret = -EEXIST;
			goto undo;
		}
		ret = hybrid_pmu_prepare(&pmus[i]);
		if (ret)
			goto undo;
		ret = perf_pmu_register(&pmus[i].pmu, pmus[i].name, -1);
		if (ret) {
			pr_err("%s: perf_pmu_register failed: %d\n",
			       pmus[i].name, ret);
			goto undo;
		}
		pr_info("%s: CPUs %*pbl, %u general and %u fixed counters\n",
			pmus[i].name, cpumask_pr_args(&pmus[i].cpus),
			pmus[i].type->num_gp, pmus[i].type->num_fixed);
	}
	return 0;

undo:
	hybrid_pmu_release(&pmus[i]);
	hybrid_pmu_unregister(pmus, i);
	return ret;
}
EXPORT_SYMBOL_NS_GPL(hybrid_pmu_register, HYBRID_PMU);

/**
 * hybrid_pmu_unregister() - undo hybrid_pmu_register()
 * @pmus: as registered.
 * @nr: number of types.
 */
void hybrid_pmu_unregister(struct hybrid_pmu *pmus, unsigned int nr)
{
	while (nr--) {
		perf_pmu_unregister(&pmus[nr].pmu);
		hybrid_pmu_release(&pmus[nr]);
	}
}
EXPORT_SYMBOL_NS_GPL(hybrid_pmu_unregister, HYBRID_PMU);

MODULE_IMPORT_NS(SYSPMU);
MODULE_DESCRIPTION("Shared core for the PMUs of heterogeneous CPU types");
MODULE_LICENSE("GPL");
