// SPDX-License-Identifier: GPL-2.0-only
/*
 * Shared core for system ("uncore") PMUs: event and group validation,
 * counter allocation and accumulation, CPU ownership, sysfs.
 */

#define pr_fmt(fmt) "syspmu: " fmt

#include <linux/bitops.h>
#include <linux/cpu.h>
#include <linux/cpuhotplug.h>
#include <linux/math64.h>
#include <linux/module.h>
#include <linux/perf_event.h>
#include <linux/smp.h>

#include <linux/perf/syspmu.h>

static enum cpuhp_state syspmu_cpuhp_state;

static bool syspmu_config_valid(struct syspmu *upmu,
				struct perf_event *event)
{
	const u64 words[] = {
		event->attr.config, event->attr.config1, event->attr.config2,
	};
	int i;

	for (i = 0; i < ARRAY_SIZE(words); i++)
		if (words[i] & ~upmu->config_mask[i])
			return false;
	return true;
}

static int syspmu_alloc_counter(struct syspmu *upmu,
				unsigned long *used,
				struct perf_event *event)
{
	DECLARE_BITMAP(free, SYSPMU_MAX_COUNTERS) = { };
	unsigned int idx;

	if (upmu->ops->counter_mask)
		upmu->ops->counter_mask(event, free);
	else
		bitmap_fill(free, upmu->num_counters);
	bitmap_andnot(free, free, used, upmu->num_counters);
	idx = find_first_bit(free, upmu->num_counters);
	if (idx >= upmu->num_counters)
		return -ENOSPC;
	__set_bit(idx, used);
	return idx;
}

static bool syspmu_compatible(struct syspmu *upmu,
			      struct perf_event *a, struct perf_event *b)
{
	return !upmu->ops->events_compatible ||
	       upmu->ops->events_compatible(a, b);
}

/* Members are checked in the order perf core schedules them */
static bool syspmu_member_fits(struct syspmu *upmu, unsigned long *used,
			       struct perf_event *leader,
			       struct perf_event *member)
{
	struct perf_event *other;

	if (member->pmu != &upmu->pmu)
		return is_software_event(member);
	if (syspmu_alloc_counter(upmu, used, member) < 0)
		return false;
	if (member == leader)
		return true;
	if (leader->pmu == &upmu->pmu && !syspmu_compatible(upmu, leader, member))
		return false;
	for_each_sibling_event(other, leader) {
		if (other == member)
			break;
		if (other->pmu == &upmu->pmu &&
		    !syspmu_compatible(upmu, other, member))
			return false;
	}
	return true;
}

static bool syspmu_group_valid(struct syspmu *upmu,
			       struct perf_event *event)
{
	struct perf_event *leader = event->group_leader;
	DECLARE_BITMAP(used, SYSPMU_MAX_COUNTERS) = { };
	struct perf_event *sibling;

	if (!syspmu_member_fits(upmu, used, leader, leader))
		return false;
	if (leader == event)
		return true;
	/* perf core holds the leader's context mutex while we look */
	for_each_sibling_event(sibling, leader)
		if (!syspmu_member_fits(upmu, used, leader, sibling))
			return false;
	return syspmu_member_fits(upmu, used, leader, event);
}

static void syspmu_event_destroy(struct perf_event *event)
{
	struct syspmu *upmu = event_to_syspmu(event);

	if (upmu->ops->event_release)
		upmu->ops->event_release(event);
}

static int syspmu_event_init(struct perf_event *event)
{
	struct syspmu *upmu = event_to_syspmu(event);
	unsigned int cpu;
	int ret;

	if (event->attr.type != event->pmu->type)
		return -ENOENT;

	if (is_sampling_event(event) ||
	    event->attach_state & PERF_ATTACH_TASK || event->cpu < 0) {
		dev_dbg(upmu->dev, "only counting system-wide is supported\n");
		return -EOPNOTSUPP;
	}

	/* refused elsewhere, so that perf stat -a counts it once */
	if (!cpumask_empty(&upmu->associated_cpus) &&
	    !cpumask_test_cpu(event->cpu, &upmu->associated_cpus)) {
		dev_dbg(upmu->dev, "CPU %d is not one of the PMU's associated_cpus\n",
			event->cpu);
		return -EINVAL;
	}

	if (!syspmu_config_valid(upmu, event)) {
		dev_dbg(upmu->dev, "reserved bits set in config %#llx/%#llx/%#llx\n",
			event->attr.config, event->attr.config1,
			event->attr.config2);
		return -EINVAL;
	}

	ret = upmu->ops->event_valid(event);
	if (ret)
		return ret;

	if (!syspmu_group_valid(upmu, event)) {
		dev_dbg(upmu->dev, "group cannot be scheduled\n");
		return -EINVAL;
	}

	cpu = READ_ONCE(upmu->cpu);
	if (cpu >= nr_cpu_ids)
		return -ENODEV;

	if (upmu->ops->event_claim) {
		ret = upmu->ops->event_claim(event);
		if (ret)
			return ret;
		event->destroy = syspmu_event_destroy;
	}

	event->cpu = cpu;
	event->hw.idx = -1;
	/* any CPU can read the registers, and every update holds the lock */
	event->event_caps |= PERF_EV_CAP_READ_ACTIVE_PKG;
	return 0;
}

/**
 * syspmu_delta() - counts between two raw values, across one wrap at most
 * @prev: earlier value.
 * @now: later value.
 * @width: counter width in bits, 1 to 64.
 * Return: the counts.
 */
u64 syspmu_delta(u64 prev, u64 now, unsigned int width)
{
	return (now - prev) & GENMASK_ULL(width - 1, 0);
}
EXPORT_SYMBOL_NS_GPL(syspmu_delta, SYSPMU_NS);

/* @event NULL: for every started event; nothing to read while restarting */
static void syspmu_snapshot(struct syspmu *upmu, struct perf_event *event)
{
	if (!upmu->restarting && upmu->ops->snapshot)
		upmu->ops->snapshot(upmu, event);
}

/* Stopped counters hold stale values until they restart at 0 */
static u64 syspmu_read_raw(struct syspmu *upmu, struct perf_event *event)
{
	if (upmu->restarting)
		return 0;
	return upmu->ops->read_counter(upmu, event);
}

static void syspmu_fold(struct syspmu *upmu, struct perf_event *event)
{
	struct hw_perf_event *hwc = &event->hw;
	u64 prev, now;

	prev = local64_read(&hwc->prev_count);
	now = syspmu_read_raw(upmu, event);
	local64_set(&hwc->prev_count, now);
	local64_add(syspmu_delta(prev, now, upmu->counter_width[hwc->idx]),
		    &event->count);
}

/**
 * syspmu_event_update() - fold what the counter counted into the event
 * @event: a started or just-stopped event; the PMU lock is held.
 */
void syspmu_event_update(struct perf_event *event)
{
	struct syspmu *upmu = event_to_syspmu(event);

	lockdep_assert_held(&upmu->lock);
	syspmu_snapshot(upmu, event);
	syspmu_fold(upmu, event);
}
EXPORT_SYMBOL_NS_GPL(syspmu_event_update, SYSPMU_NS);

/**
 * syspmu_counter_reloaded() - make a reload value the event's baseline
 * @upmu: the PMU, locked, its counts folded in up to the reload.
 * @idx: the counter.
 * @value: what it was loaded with; not read back, as it may have moved on.
 */
void syspmu_counter_reloaded(struct syspmu *upmu, int idx, u64 value)
{
	struct perf_event *event = upmu->events[idx];

	lockdep_assert_held(&upmu->lock);
	if (event && !(event->hw.state & PERF_HES_STOPPED))
		local64_set(&event->hw.prev_count, value);
}
EXPORT_SYMBOL_NS_GPL(syspmu_counter_reloaded, SYSPMU_NS);

/**
 * syspmu_update_all() - update every counting event in one register pass
 * @upmu: the PMU, locked.
 */
void syspmu_update_all(struct syspmu *upmu)
{
	struct perf_event *event;

	lockdep_assert_held(&upmu->lock);
	syspmu_snapshot(upmu, NULL);
	syspmu_for_each_counting_event(upmu, event)
		syspmu_fold(upmu, event);
}
EXPORT_SYMBOL_NS_GPL(syspmu_update_all, SYSPMU_NS);

/**
 * syspmu_restart_all() - fold counts in before the counters restart at 0
 * @upmu: the PMU, locked, its counters stopped in &syspmu_ops.pmu_disable.
 *
 * Until &syspmu_ops.pmu_enable has run, the counters read as 0.
 */
void syspmu_restart_all(struct syspmu *upmu)
{
	unsigned int idx;

	syspmu_update_all(upmu);
	for_each_set_bit(idx, upmu->used_mask, upmu->num_counters)
		syspmu_counter_reloaded(upmu, idx, 0);
	upmu->restarting = true;
}
EXPORT_SYMBOL_NS_GPL(syspmu_restart_all, SYSPMU_NS);

static void syspmu_start(struct perf_event *event, int flags)
{
	struct syspmu *upmu = event_to_syspmu(event);
	struct hw_perf_event *hwc = &event->hw;
	unsigned long irqflags;
	u64 start;

	if (!(hwc->state & PERF_HES_STOPPED))
		return;

	raw_spin_lock_irqsave(&upmu->lock, irqflags);
	hwc->state = 0;
	if (upmu->ops->enable_counter) {
		start = upmu->ops->enable_counter(upmu, event);
	} else {
		syspmu_snapshot(upmu, event);
		start = syspmu_read_raw(upmu, event);
	}
	local64_set(&hwc->prev_count, start);
	raw_spin_unlock_irqrestore(&upmu->lock, irqflags);
}

static void syspmu_stop(struct perf_event *event, int flags)
{
	struct syspmu *upmu = event_to_syspmu(event);
	struct hw_perf_event *hwc = &event->hw;
	unsigned long irqflags;

	if (hwc->state & PERF_HES_STOPPED)
		return;

	raw_spin_lock_irqsave(&upmu->lock, irqflags);
	if (upmu->ops->disable_counter)
		upmu->ops->disable_counter(upmu, event);
	syspmu_event_update(event);
	hwc->state |= PERF_HES_STOPPED | PERF_HES_UPTODATE;
	raw_spin_unlock_irqrestore(&upmu->lock, irqflags);
}

/* Whether @event conflicts with an event scheduled now; PMU lock held */
static bool syspmu_conflicts(struct syspmu *upmu,
			     struct perf_event *event)
{
	unsigned int idx;

	for_each_set_bit(idx, upmu->used_mask, upmu->num_counters)
		if (!syspmu_compatible(upmu, upmu->events[idx], event))
			return true;
	return false;
}

/*
 * Restarting is decided under the lock, as an add's arming is: an add
 * after the callback found no event queues the timer again.
 */

static enum hrtimer_restart syspmu_poll(struct hrtimer *timer)
{
	struct syspmu *upmu = container_of(timer, struct syspmu, poll_timer);
	enum hrtimer_restart ret = HRTIMER_NORESTART;
	unsigned long irqflags;

	raw_spin_lock_irqsave(&upmu->lock, irqflags);
	syspmu_update_all(upmu);
	if (!bitmap_empty(upmu->used_mask, upmu->num_counters) &&
	    !hrtimer_is_queued(timer)) {
		hrtimer_forward_now(timer, ns_to_ktime(upmu->poll_ns));
		ret = HRTIMER_RESTART;
	}
	raw_spin_unlock_irqrestore(&upmu->lock, irqflags);
	return ret;
}

static void syspmu_poll_arm(struct syspmu *upmu)
{
	if (upmu->poll_ns && !hrtimer_is_queued(&upmu->poll_timer))
		hrtimer_start(&upmu->poll_timer, ns_to_ktime(upmu->poll_ns),
			      HRTIMER_MODE_REL_PINNED_HARD);
}

/**
 * syspmu_poll_period() - half the shortest time a counter takes to wrap
 * @width: bits after which the counter wraps.
 * @max_rate: the most increments a second it can count.
 * Return: nanoseconds for &struct syspmu.poll_ns; 0 if it cannot wrap.
 */
u64 syspmu_poll_period(unsigned int width, u64 max_rate)
{
	if (!max_rate || width >= 64)
		return 0;
	if (div64_u64(BIT_ULL(width), max_rate) >= KTIME_MAX / NSEC_PER_SEC)
		return 0;
	return max_t(u64, mul_u64_u64_div_u64(BIT_ULL(width), NSEC_PER_SEC,
					      max_rate) >> 1, 1);
}
EXPORT_SYMBOL_NS_GPL(syspmu_poll_period, SYSPMU_NS);

static int syspmu_add(struct perf_event *event, int flags)
{
	struct syspmu *upmu = event_to_syspmu(event);
	struct hw_perf_event *hwc = &event->hw;
	unsigned long irqflags;
	int idx = -EBUSY;

	/* complete before published: the IRQ handler may walk events[] */
	raw_spin_lock_irqsave(&upmu->lock, irqflags);
	if (!syspmu_conflicts(upmu, event))
		idx = syspmu_alloc_counter(upmu, upmu->used_mask, event);
	if (idx >= 0 && upmu->ops->event_add && upmu->ops->event_add(event)) {
		__clear_bit(idx, upmu->used_mask);
		idx = -EBUSY;
	}
	if (idx >= 0) {
		hwc->idx = idx;
		hwc->state = PERF_HES_STOPPED | PERF_HES_UPTODATE;
		upmu->events[idx] = event;
		syspmu_poll_arm(upmu);
	}
	raw_spin_unlock_irqrestore(&upmu->lock, irqflags);
	if (idx < 0)
		return -EAGAIN;

	if (flags & PERF_EF_START)
		syspmu_start(event, PERF_EF_RELOAD);
	perf_event_update_userpage(event);
	return 0;
}

static void syspmu_del(struct perf_event *event, int flags)
{
	struct syspmu *upmu = event_to_syspmu(event);
	struct hw_perf_event *hwc = &event->hw;
	unsigned long irqflags;
	bool idle;

	syspmu_stop(event, PERF_EF_UPDATE);
	raw_spin_lock_irqsave(&upmu->lock, irqflags);
	if (upmu->ops->event_del)
		upmu->ops->event_del(event);
	upmu->events[hwc->idx] = NULL;
	__clear_bit(hwc->idx, upmu->used_mask);
	hwc->idx = -1;
	idle = bitmap_empty(upmu->used_mask, upmu->num_counters);
	raw_spin_unlock_irqrestore(&upmu->lock, irqflags);
	if (idle && upmu->poll_ns)
		hrtimer_try_to_cancel(&upmu->poll_timer);
	perf_event_update_userpage(event);
}

static void syspmu_read(struct perf_event *event)
{
	struct syspmu *upmu = event_to_syspmu(event);
	unsigned long irqflags;

	raw_spin_lock_irqsave(&upmu->lock, irqflags);
	if (!(event->hw.state & PERF_HES_STOPPED))
		syspmu_event_update(event);
	raw_spin_unlock_irqrestore(&upmu->lock, irqflags);
}

static void syspmu_all_counters(struct pmu *pmu, bool enable)
{
	struct syspmu *upmu = to_syspmu(pmu);
	unsigned long irqflags;

	raw_spin_lock_irqsave(&upmu->lock, irqflags);
	if (enable) {
		upmu->ops->pmu_enable(upmu);
		upmu->restarting = false;
	} else {
		upmu->ops->pmu_disable(upmu);
	}
	raw_spin_unlock_irqrestore(&upmu->lock, irqflags);
}

static void syspmu_pmu_enable(struct pmu *pmu)
{
	syspmu_all_counters(pmu, true);
}

static void syspmu_pmu_disable(struct pmu *pmu)
{
	syspmu_all_counters(pmu, false);
}

static const struct cpumask *syspmu_cpus(struct syspmu *upmu)
{
	return cpumask_empty(&upmu->associated_cpus) ? cpu_possible_mask :
						       &upmu->associated_cpus;
}

static void syspmu_set_cpu(struct syspmu *upmu, unsigned int cpu)
{
	WRITE_ONCE(upmu->cpu, cpu);
	if (upmu->irq <= 0 || cpu >= nr_cpu_ids)
		return;
	if (irq_set_affinity(upmu->irq, cpumask_of(cpu)))
		dev_warn(upmu->dev, "cannot move IRQ %d to CPU %u\n",
			 upmu->irq, cpu);
}

static void syspmu_poll_rearm(void *info)
{
	struct syspmu *upmu = info;
	unsigned long irqflags;

	raw_spin_lock_irqsave(&upmu->lock, irqflags);
	if (!bitmap_empty(upmu->used_mask, upmu->num_counters))
		syspmu_poll_arm(upmu);
	raw_spin_unlock_irqrestore(&upmu->lock, irqflags);
}

static int syspmu_cpu_online(unsigned int cpu, struct hlist_node *node)
{
	struct syspmu *upmu = hlist_entry_safe(node, struct syspmu,
						   cpuhp_node);

	if (upmu->cpu >= nr_cpu_ids &&
	    cpumask_test_cpu(cpu, syspmu_cpus(upmu)))
		syspmu_set_cpu(upmu, cpu);
	return 0;
}

static int syspmu_cpu_offline(unsigned int cpu, struct hlist_node *node)
{
	struct syspmu *upmu = hlist_entry_safe(node, struct syspmu,
						   cpuhp_node);
	unsigned int target;

	if (cpu != upmu->cpu)
		return 0;

	target = pmu_cpumask_any_and_but(syspmu_cpus(upmu), cpu_online_mask,
					 cpu);
	if (target < nr_cpu_ids)
		perf_pmu_migrate_context(&upmu->pmu, cpu, target);
	syspmu_set_cpu(upmu, target);
	/* pinned here, and the migrated events' adds found it queued */
	hrtimer_cancel(&upmu->poll_timer);
	if (upmu->poll_ns && target < nr_cpu_ids)
		smp_call_function_single(target, syspmu_poll_rearm, upmu, 1);
	return 0;
}

/**
 * syspmu_request_irq() - request the overflow interrupt, to follow the owner
 * @upmu: the PMU, not registered yet.
 * @irq: the interrupt.
 * @handler: its handler; gets @upmu as dev_id.
 * @name: name shown in /proc/interrupts.
 * Return: 0 or a negative error code.
 */
int syspmu_request_irq(struct syspmu *upmu, int irq,
		       irq_handler_t handler, const char *name)
{
	int ret;

	ret = devm_request_irq(upmu->dev, irq, handler,
			       IRQF_NOBALANCING | IRQF_NO_THREAD, name, upmu);
	if (ret)
		return dev_err_probe(upmu->dev, ret, "cannot request IRQ %d\n",
				     irq);
	upmu->irq = irq;
	return 0;
}
EXPORT_SYMBOL_NS_GPL(syspmu_request_irq, SYSPMU_NS);

/**
 * syspmu_associate_node() - make a PMU belong to the CPUs of a NUMA node
 * @upmu: the PMU, not registered yet.
 * @node: the node.
 * Return: 0, or -ENODEV if no possible CPU is in @node.
 */
int syspmu_associate_node(struct syspmu *upmu, int node)
{
	unsigned int cpu;

	cpumask_clear(&upmu->associated_cpus);
	for_each_possible_cpu(cpu)
		if (cpu_to_node(cpu) == node)
			cpumask_set_cpu(cpu, &upmu->associated_cpus);
	if (cpumask_empty(&upmu->associated_cpus))
		return dev_err_probe(upmu->dev, -ENODEV,
				     "no CPU in NUMA node %d\n", node);
	return 0;
}
EXPORT_SYMBOL_NS_GPL(syspmu_associate_node, SYSPMU_NS);

/**
 * syspmu_init() - make a PMU's state usable, before its IRQ is requested
 * @upmu: the PMU, described (@dev, @num_counters, @width...).
 * Return: 0 or a negative error code.
 */
int syspmu_init(struct syspmu *upmu)
{
	unsigned int n = upmu->num_counters;

	if (!n || n > SYSPMU_MAX_COUNTERS || !upmu->width || upmu->width > 64)
		return dev_err_probe(upmu->dev, -EINVAL,
				     "%u counters of %u bits: not a PMU this core drives\n",
				     n, upmu->width);
	upmu->used_mask = devm_bitmap_zalloc(upmu->dev, n, GFP_KERNEL);
	upmu->events = devm_kcalloc(upmu->dev, n, sizeof(*upmu->events),
				    GFP_KERNEL);
	upmu->counter_width = devm_kmalloc(upmu->dev, n, GFP_KERNEL);
	if (!upmu->used_mask || !upmu->events || !upmu->counter_width)
		return -ENOMEM;
	memset(upmu->counter_width, upmu->width, n);
	raw_spin_lock_init(&upmu->lock);
	upmu->cpu = nr_cpu_ids;
	pmu_hrtimer_setup(&upmu->poll_timer, syspmu_poll, CLOCK_MONOTONIC,
			  HRTIMER_MODE_REL_PINNED_HARD);
	return 0;
}
EXPORT_SYMBOL_NS_GPL(syspmu_init, SYSPMU_NS);

/**
 * syspmu_register() - register a system PMU with perf core
 * @upmu: the PMU, set up by syspmu_init(), @ops and @pmu.attr_groups set.
 * @name: the PMU name.
 * Return: 0 or a negative error code.
 */
int syspmu_register(struct syspmu *upmu, const char *name)
{
	const struct attribute_group **groups = upmu->pmu.attr_groups;
	struct module *owner = upmu->pmu.module;
	unsigned int cpu;
	int ret;

	upmu->pmu = (struct pmu) {
		.module		= owner,
		.attr_groups	= groups,
		.task_ctx_nr	= perf_invalid_context,
		.capabilities	= PERF_PMU_CAP_NO_EXCLUDE |
				  PERF_PMU_CAP_NO_INTERRUPT,
		.event_init	= syspmu_event_init,
		.add		= syspmu_add,
		.del		= syspmu_del,
		.start		= syspmu_start,
		.stop		= syspmu_stop,
		.read		= syspmu_read,
	};
	if (upmu->poll_ns && upmu->poll_ns < SYSPMU_POLL_MIN_NS) {
		dev_warn(upmu->dev,
			 "%s: counters can wrap within %llu ns, read every %ld us: faster counts may be lost\n",
			 name, upmu->poll_ns * 2, SYSPMU_POLL_MIN_NS / NSEC_PER_USEC);
		upmu->poll_ns = SYSPMU_POLL_MIN_NS;
	}
	if (upmu->ops->pmu_enable)
		upmu->pmu.pmu_enable = syspmu_pmu_enable;
	if (upmu->ops->pmu_disable)
		upmu->pmu.pmu_disable = syspmu_pmu_disable;
	pmu_set_parent(&upmu->pmu, upmu->dev);

	/*
	 * Before 6.2, perf_pmu_register() allocates the contexts that
	 * hotplug migrates: the instance lives only while they do.
	 */
	ret = perf_pmu_register(&upmu->pmu, name, -1);
	if (ret)
		return ret;
	ret = cpuhp_state_add_instance_nocalls(syspmu_cpuhp_state,
					       &upmu->cpuhp_node);
	if (ret) {
		perf_pmu_unregister(&upmu->pmu);
		return ret;
	}
	cpus_read_lock();
	cpu = raw_smp_processor_id();
	if (!cpumask_test_cpu(cpu, syspmu_cpus(upmu)) || !cpu_online(cpu))
		cpu = cpumask_any_and(syspmu_cpus(upmu), cpu_online_mask);
	syspmu_set_cpu(upmu, cpu);
	cpus_read_unlock();
	return 0;
}
EXPORT_SYMBOL_NS_GPL(syspmu_register, SYSPMU_NS);

void syspmu_unregister(struct syspmu *upmu)
{
	cpuhp_state_remove_instance_nocalls(syspmu_cpuhp_state,
					    &upmu->cpuhp_node);
	perf_pmu_unregister(&upmu->pmu);
	hrtimer_cancel(&upmu->poll_timer);
}
EXPORT_SYMBOL_NS_GPL(syspmu_unregister, SYSPMU_NS);

static void syspmu_unregister_action(void *upmu)
{
	syspmu_unregister(upmu);
}

int devm_syspmu_register(struct device *dev, struct syspmu *upmu,
			 const char *name)
{
	int ret;

	ret = syspmu_register(upmu, name);
	if (ret)
		return ret;
	return devm_add_action_or_reset(dev, syspmu_unregister_action,
					upmu);
}
EXPORT_SYMBOL_NS_GPL(devm_syspmu_register, SYSPMU_NS);

static struct syspmu *dev_to_syspmu(struct device *dev)
{
	return to_syspmu(dev_get_drvdata(dev));
}

ssize_t syspmu_format_show(struct device *dev,
			   struct device_attribute *attr, char *buf)
{
	static const char * const words[] = { "config", "config1", "config2" };
	struct syspmu_format_attr *fmt =
		container_of(attr, struct syspmu_format_attr, attr);
	unsigned long bits[BITS_TO_LONGS(64)];
	const char *sep = "";
	unsigned int lo, hi;
	int len;

	bitmap_from_u64(bits, fmt->mask);
	len = sysfs_emit(buf, "%s:", words[fmt->word]);
	for_each_set_bitrange(lo, hi, bits, 64) {
		if (hi - 1 == lo && !fmt->bit_as_range)
			len += sysfs_emit_at(buf, len, "%s%u", sep, lo);
		else
			len += sysfs_emit_at(buf, len, "%s%u-%u", sep, lo,
					     hi - 1);
		sep = ",";
	}
	len += sysfs_emit_at(buf, len, "\n");
	return len;
}
EXPORT_SYMBOL_NS_GPL(syspmu_format_show, SYSPMU_NS);

static ssize_t syspmu_event_emit(struct device_attribute *attr, char *buf,
				 bool padded)
{
	u64 id = container_of(attr, struct perf_pmu_events_attr, attr)->id;

	if (padded)
		return sysfs_emit(buf, "event=0x%02llx\n", id);
	return sysfs_emit(buf, "event=0x%llx\n", id);
}

ssize_t syspmu_event_show(struct device *dev,
			  struct device_attribute *attr, char *buf)
{
	return syspmu_event_emit(attr, buf, false);
}
EXPORT_SYMBOL_NS_GPL(syspmu_event_show, SYSPMU_NS);

ssize_t syspmu_event_show_padded(struct device *dev,
				 struct device_attribute *attr, char *buf)
{
	return syspmu_event_emit(attr, buf, true);
}
EXPORT_SYMBOL_NS_GPL(syspmu_event_show_padded, SYSPMU_NS);

ssize_t syspmu_cap_show(struct device *dev,
			struct device_attribute *attr, char *buf)
{
	struct dev_ext_attribute *ea =
		container_of(attr, struct dev_ext_attribute, attr);

	return sysfs_emit(buf, "%d\n",
			  test_bit((unsigned long)ea->var,
				   &dev_to_syspmu(dev)->caps));
}
EXPORT_SYMBOL_NS_GPL(syspmu_cap_show, SYSPMU_NS);

static ssize_t cpumask_show(struct device *dev, struct device_attribute *attr,
			    char *buf)
{
	unsigned int cpu = READ_ONCE(dev_to_syspmu(dev)->cpu);

	if (cpu >= nr_cpu_ids)
		return sysfs_emit(buf, "\n");
	return cpumap_print_to_pagebuf(true, buf, cpumask_of(cpu));
}
static DEVICE_ATTR_RO(cpumask);

static ssize_t associated_cpus_show(struct device *dev,
				    struct device_attribute *attr, char *buf)
{
	return cpumap_print_to_pagebuf(true, buf,
				       &dev_to_syspmu(dev)->associated_cpus);
}
static DEVICE_ATTR_RO(associated_cpus);

static ssize_t identifier_show(struct device *dev,
			       struct device_attribute *attr, char *buf)
{
	return sysfs_emit(buf, "%s\n", dev_to_syspmu(dev)->identifier);
}
static DEVICE_ATTR_RO(identifier);

static struct attribute *syspmu_common_attrs[] = {
	&dev_attr_cpumask.attr,
	&dev_attr_associated_cpus.attr,
	&dev_attr_identifier.attr,
	NULL
};

static umode_t syspmu_common_visible(struct kobject *kobj,
				     struct attribute *attr, int n)
{
	struct syspmu *upmu = dev_to_syspmu(kobj_to_dev(kobj));

	if (attr == &dev_attr_identifier.attr && !upmu->identifier)
		return 0;
	if (attr == &dev_attr_associated_cpus.attr &&
	    cpumask_empty(&upmu->associated_cpus))
		return 0;
	return attr->mode;
}

const struct attribute_group syspmu_common_group = {
	.attrs = syspmu_common_attrs,
	.is_visible = syspmu_common_visible,
};
EXPORT_SYMBOL_NS_GPL(syspmu_common_group, SYSPMU_NS);

static int __init syspmu_module_init(void)
{
	int ret;

	ret = cpuhp_setup_state_multi(CPUHP_AP_ONLINE_DYN, "perf/syspmu:online",
				      syspmu_cpu_online,
				      syspmu_cpu_offline);
	if (ret < 0)
		return ret;
	syspmu_cpuhp_state = ret;
	return 0;
}

static void __exit syspmu_module_exit(void)
{
	cpuhp_remove_multi_state(syspmu_cpuhp_state);
}

/* built in, before the drivers probe at device_initcall */
subsys_initcall(syspmu_module_init);
module_exit(syspmu_module_exit);

MODULE_DESCRIPTION("Shared core for system PMU drivers");
MODULE_LICENSE("GPL");
