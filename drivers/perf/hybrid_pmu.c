// SPDX-License-Identifier: GPL-2.0-only
/*
 * One PMU per CPU type, cpu_<type>, as perf expects of cpu_core and
 * cpu_atom (tools/perf/Documentation/intel-hybrid.txt).  An event that is
 * not a PMU's own gets -ENOENT, so perf core offers it to the next one.
 * perf core calls add/del/start/stop/read on the event's CPU with IRQs
 * off: each CPU's counter allocation needs no lock.
 */

#define pr_fmt(fmt) "hybrid_pmu: " fmt

#include <linux/bitmap.h>
#include <linux/bitops.h>
#include <linux/cpumask.h>
#include <linux/module.h>
#include <linux/mutex.h>
#include <linux/perf/hybrid_pmu.h>
#include <linux/perf/syspmu.h>
#include <linux/percpu.h>
#include <linux/slab.h>
#include <linux/string.h>

#ifdef CONFIG_X86
#include <asm/cpufeature.h>
#endif

struct hybrid_pmu_cpu {
	DECLARE_BITMAP(used, HYBRID_PMU_MAX_COUNTERS);
	struct perf_event *events[HYBRID_PMU_MAX_COUNTERS];
};

struct hybrid_pmu_sysfs {
	const struct attribute_group	*groups[5];
	struct attribute_group		format;
	struct attribute_group		events;
	struct attribute_group		caps;
	struct syspmu_format_attr	*format_attrs;
	struct perf_pmu_events_attr	*event_attrs;
	struct dev_ext_attribute	*cap_attrs;
	struct attribute		**attrs;	/* the three groups' */
};

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
const struct hybrid_pmu_event *
hybrid_pmu_find_event(const struct hybrid_pmu_type *type, u64 config)
{
	unsigned int i;

	for (i = 0; i < type->num_events; i++)
		if (type->events[i].config == config)
			return &type->events[i];
	return NULL;
}
EXPORT_SYMBOL_NS_GPL(hybrid_pmu_find_event, HYBRID_PMU_NS);

/*
 * Errors as x86's: -ENOENT for an id this type does not count, -EINVAL
 * for one no PMU can have
 */
static int hybrid_pmu_map_event(const struct hybrid_pmu_type *type,
				const struct perf_event_attr *attr, u64 *config)
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

/* Fixed counter first: the general ones stay for events with no other */
static unsigned int hybrid_pmu_candidates(const struct hybrid_pmu_type *type,
					  const struct hybrid_pmu_event *ev,
					  u8 *idx)
{
	unsigned int n = 0, gp;

	if (ev->fixed >= 0 && ev->fixed < type->num_fixed)
		idx[n++] = HYBRID_PMU_IDX_FIXED + ev->fixed;
	for (gp = 0; gp < type->num_gp; gp++)
		if (ev->gp_mask & BIT(gp))
			idx[n++] = gp;
	return n;
}

/* Kuhn's augmenting path: a free counter, or one whose event can move */
static int hybrid_pmu_augment(const struct hybrid_pmu_type *type,
			      struct hybrid_pmu_counters *c,
			      unsigned int event, unsigned long *visited)
{
	u8 cand[HYBRID_PMU_MAX_GP + 1];
	unsigned int n, i, idx;
	int to;

	n = hybrid_pmu_candidates(type, &type->events[event], cand);
	for (i = 0; i < n; i++) {
		if (!c->on[cand[i]]) {
			c->on[cand[i]] = event + 1;
			return cand[i];
		}
	}
	for (i = 0; i < n; i++) {
		idx = cand[i];
		if (__test_and_set_bit(idx, visited))
			continue;
		to = hybrid_pmu_augment(type, c, c->on[idx] - 1, visited);
		if (to < 0)
			continue;
		/* its event is on @to now: the moves deepest first */
		c->from[c->nr_moves] = idx;
		c->to[c->nr_moves] = to;
		c->nr_moves++;
		c->on[idx] = event + 1;
		return idx;
	}
	return -EBUSY;
}

/*
 * Events move along a chain so that @event fits whenever some assignment
 * of all of them does, whatever order they came in.  Returns the counter,
 * with the moves in @c, or -EBUSY with @c unchanged.
 */
static int hybrid_pmu_place(const struct hybrid_pmu_type *type,
			    struct hybrid_pmu_counters *c, unsigned int event)
{
	DECLARE_BITMAP(visited, HYBRID_PMU_MAX_COUNTERS) = { };

	c->nr_moves = 0;
	return hybrid_pmu_augment(type, c, event, visited);
}

static bool hybrid_pmu_member_fits(struct hybrid_pmu *hpmu,
				   struct hybrid_pmu_counters *c,
				   struct perf_event *member)
{
	if (member->pmu != &hpmu->pmu)
		return is_software_event(member);
	return hybrid_pmu_place(hpmu->type, c, member->hw.config_base) >= 0;
}

/* On an empty CPU: a group that does not fit there never will */
static bool hybrid_pmu_group_valid(struct hybrid_pmu *hpmu,
				   struct perf_event *event)
{
	struct perf_event *leader = event->group_leader;
	struct hybrid_pmu_counters c = { };
	struct perf_event *sibling;

	if (!hybrid_pmu_member_fits(hpmu, &c, leader))
		return false;
	if (leader == event)
		return true;
	/* perf core holds the leader's context mutex while we look */
	for_each_sibling_event(sibling, leader)
		if (!hybrid_pmu_member_fits(hpmu, &c, sibling))
			return false;
	return hybrid_pmu_member_fits(hpmu, &c, event);
}

static bool hybrid_pmu_owns(struct hybrid_pmu *hpmu, struct perf_event *event)
{
	u64 ext;

	switch (event->attr.type) {
	case PERF_TYPE_HARDWARE:
	case PERF_TYPE_HW_CACHE:
		/* set only where a caller bypassed perf core */
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
	/* a CPU-bound event is the type of its CPU's: let perf core ask it */
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

static unsigned int hybrid_pmu_width(struct hybrid_pmu *hpmu, int idx)
{
	return idx >= HYBRID_PMU_IDX_FIXED ? hpmu->type->fixed_width :
					     hpmu->type->gp_width;
}

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

static void hybrid_pmu_move(struct hybrid_pmu_cpu *state,
			    unsigned int from, unsigned int to)
{
	struct perf_event *event = state->events[from];
	bool running = !(event->hw.state & PERF_HES_STOPPED);

	if (running)
		hybrid_pmu_stop(event, PERF_EF_UPDATE);
	state->events[to] = event;
	state->events[from] = NULL;
	__set_bit(to, state->used);
	__clear_bit(from, state->used);
	event->hw.idx = to;
	if (running)
		hybrid_pmu_start(event, PERF_EF_RELOAD);
	perf_event_update_userpage(event);
}

static int hybrid_pmu_add(struct perf_event *event, int flags)
{
	struct hybrid_pmu *hpmu = to_hybrid_pmu(event->pmu);
	struct hybrid_pmu_cpu *state = this_cpu_ptr(hpmu->cpu_state);
	struct hw_perf_event *hwc = &event->hw;
	struct hybrid_pmu_counters c = { };
	unsigned int i;
	int idx;

	for_each_set_bit(i, state->used, HYBRID_PMU_MAX_COUNTERS)
		c.on[i] = state->events[i]->hw.config_base + 1;
	idx = hybrid_pmu_place(hpmu->type, &c, hwc->config_base);
	/* perf core multiplexes: the event waits for its turn */
	if (idx < 0)
		return -EAGAIN;
	for (i = 0; i < c.nr_moves; i++)
		hybrid_pmu_move(state, c.from[i], c.to[i]);

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
 * For a backend's overflow interrupt, before the counters wrap again.
 */
void hybrid_pmu_update_all(struct hybrid_pmu *hpmu)
{
	struct hybrid_pmu_cpu *state = this_cpu_ptr(hpmu->cpu_state);
	unsigned int idx;

	for_each_set_bit(idx, state->used, HYBRID_PMU_MAX_COUNTERS)
		if (!(state->events[idx]->hw.state & PERF_HES_STOPPED))
			hybrid_pmu_event_update(state->events[idx]);
}
EXPORT_SYMBOL_NS_GPL(hybrid_pmu_update_all, HYBRID_PMU_NS);

/* perf core enables a task's PMUs on the other type's CPUs too */
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

static bool hybrid_pmu_filter(struct pmu *pmu, int cpu)
{
	return !cpumask_test_cpu(cpu, &to_hybrid_pmu(pmu)->cpus);
}

DEFINE_PMU_CPU_FILTER(hybrid_pmu_filter)

/* Online only: perf opens every CPU listed, and one offline is ENODEV */
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

/* "event=0x3c", "event=0x0,umask=0x1": the first field even when 0 */
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

/*
 * Not a probe of perf core: a CPU PMU driver registered after it would go
 * unseen.  arm's and riscv's CPU PMU drivers are configured in or not, and
 * x86's is always built in; it drives a CPU that declares architectural
 * (Intel, Zhaoxin) or core (AMD, Hygon) counters.  Older x86 parts it
 * also drives (P6, P4, K8, family 10h) are not recognised here.  Other
 * architectures always build theirs in.
 */
static bool hybrid_pmu_arch_owns_counters(void)
{
#if defined(CONFIG_X86)
	return boot_cpu_has(X86_FEATURE_ARCH_PERFMON) ||
	       boot_cpu_has(X86_FEATURE_PERFCTR_CORE);
#elif defined(CONFIG_ARM) || defined(CONFIG_ARM64) || defined(CONFIG_RISCV)
	return IS_ENABLED(CONFIG_ARM_PMU) || IS_ENABLED(CONFIG_RISCV_PMU);
#else
	return true;
#endif
}

/* One backend's types at a time: the first one holds PERF_TYPE_RAW */
static DEFINE_MUTEX(hybrid_pmu_lock);
static bool hybrid_pmu_registered;

/* Counters within bounds, every mapped config in the events table */
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
				  PERF_PMU_CAP_NO_INTERRUPT |
				  PMU_CAP_HETEROGENEOUS_CPUS,
		.attr_groups	= hpmu->sysfs->groups,
		.event_init	= hybrid_pmu_event_init,
		.add		= hybrid_pmu_add,
		.del		= hybrid_pmu_del,
		.start		= hybrid_pmu_start,
		.stop		= hybrid_pmu_stop,
		.read		= hybrid_pmu_read,
		.pmu_enable	= hybrid_pmu_enable,
		.pmu_disable	= hybrid_pmu_disable,
		PMU_CPU_FILTER(hybrid_pmu_filter),
	};
	return 0;
}

static void hybrid_pmu_unregister_locked(struct hybrid_pmu *pmus,
					 unsigned int nr)
{
	while (nr--) {
		perf_pmu_unregister(&pmus[nr].pmu);
		hybrid_pmu_release(&pmus[nr]);
	}
}

/**
 * hybrid_pmu_register() - register the PMUs of a system's CPU types
 * @pmus: one per CPU type, with type, ops, cpus and pmu.module set.
 * @nr: number of types.
 *
 * All or nothing.  The first type (the big cores: list them first) is
 * registered as PERF_TYPE_RAW, as x86 registers cpu_core, the others with
 * dynamic types.  The types' CPU sets must not be empty and must not
 * overlap.
 *
 * Return: 0; -EBUSY where the kernel's own CPU PMU driver owns the
 * counters or another backend's types are registered; other -errno.
 */
int hybrid_pmu_register(struct hybrid_pmu *pmus, unsigned int nr)
{
	unsigned int i, j;
	int ret = 0;

	for (i = 0; i < nr; i++) {
		if (!pmus[i].type || !pmus[i].type->name || !pmus[i].ops ||
		    strlen(pmus[i].type->name) + 4 >= sizeof(pmus[i].name) ||
		    cpumask_empty(&pmus[i].cpus))
			return -EINVAL;
		for (j = 0; j < i; j++)
			if (cpumask_intersects(&pmus[i].cpus, &pmus[j].cpus))
				return -EINVAL;
		ret = hybrid_pmu_check_type(pmus[i].type);
		if (ret) {
			pr_err("CPU type %s: inconsistent table\n",
			       pmus[i].type->name);
			return ret;
		}
	}

	if (hybrid_pmu_arch_owns_counters()) {
		pr_err("the kernel's CPU PMU driver owns these CPUs' counters: not registering the cpu_<type> PMUs\n");
		return -EBUSY;
	}

	mutex_lock(&hybrid_pmu_lock);
	if (hybrid_pmu_registered) {
		pr_err("the cpu_<type> PMUs are registered already\n");
		ret = -EBUSY;
		goto out;
	}
	for (i = 0; i < nr; i++) {
		snprintf(pmus[i].name, sizeof(pmus[i].name), "cpu_%s",
			 pmus[i].type->name);
		ret = hybrid_pmu_prepare(&pmus[i]);
		if (ret)
			goto undo;
		ret = perf_pmu_register(&pmus[i].pmu, pmus[i].name,
					i ? -1 : PERF_TYPE_RAW);
		if (ret) {
			pr_err("%s: perf_pmu_register failed: %d\n",
			       pmus[i].name, ret);
			goto undo;
		}
		pr_info("%s: type %d, CPUs %*pbl, %u general and %u fixed counters\n",
			pmus[i].name, pmus[i].pmu.type,
			cpumask_pr_args(&pmus[i].cpus),
			pmus[i].type->num_gp, pmus[i].type->num_fixed);
	}
	hybrid_pmu_registered = true;
	goto out;

undo:
	hybrid_pmu_release(&pmus[i]);
	hybrid_pmu_unregister_locked(pmus, i);
out:
	mutex_unlock(&hybrid_pmu_lock);
	return ret;
}
EXPORT_SYMBOL_NS_GPL(hybrid_pmu_register, HYBRID_PMU_NS);

/**
 * hybrid_pmu_unregister() - undo hybrid_pmu_register()
 * @pmus: as registered.
 * @nr: number of types.
 */
void hybrid_pmu_unregister(struct hybrid_pmu *pmus, unsigned int nr)
{
	mutex_lock(&hybrid_pmu_lock);
	hybrid_pmu_unregister_locked(pmus, nr);
	hybrid_pmu_registered = false;
	mutex_unlock(&hybrid_pmu_lock);
}
EXPORT_SYMBOL_NS_GPL(hybrid_pmu_unregister, HYBRID_PMU_NS);

/* Left out where another module includes this file */
#ifndef PMU_NO_MODULE_DRIVER
MODULE_IMPORT_NS(SYSPMU_NS);
MODULE_DESCRIPTION("Shared core for the PMUs of heterogeneous CPU types");
MODULE_LICENSE("GPL");
#endif
