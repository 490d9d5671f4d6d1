// SPDX-License-Identifier: GPL-2.0-only
/*
 * Arm CoreSight PMU architecture (Arm IHI 0091) core.  Devices come from
 * the ACPI APMT ("arm-cs-arch-pmu", the node as platform data) or from DT
 * ("arm,coresight-pmu"); what differs between products is the backends'.
 */

#define pr_fmt(fmt) "coresight_pmu: " fmt

#include <linux/acpi.h>
#include <linux/bitfield.h>
#include <linux/cpu.h>
#include <linux/idr.h>
#include <linux/interrupt.h>
#include <linux/io.h>
#include <linux/io-64-nonatomic-lo-hi.h>
#include <linux/kmod.h>
#include <linux/math64.h>
#include <linux/module.h>
#include <linux/mutex.h>
#include <linux/of.h>
#include <linux/perf_event.h>
#include <linux/platform_device.h>

#include <linux/perf/coresight_pmu.h>
#include <linux/perf/pmu_compat.h>

#define CSPMU_DRV_NAME		"coresight-pmu"
#define CSPMU_APMT_DEV_NAME	"arm-cs-arch-pmu"
#define CSPMU_CONTAINER_HID	"ACPI0010"

static const struct {
	u32		implementer;
	const char	*module;
} cspmu_backend_modules[] = {
	{ CSPMU_IMPL_NVIDIA, "nvidia_coresight_pmu" },
	{ CSPMU_IMPL_AMPERE, "ampere_coresight_pmu" },
};

/* Asked for once, not once per device, until it registers (cspmu_lock) */
static bool cspmu_backend_requested[ARRAY_SIZE(cspmu_backend_modules)];

static DEFINE_MUTEX(cspmu_lock);
static LIST_HEAD(cspmu_backends);
static LIST_HEAD(cspmu_pmus);

/* As arm_cspmu numbers them, per APMT node type; DT's share the first */
#define CSPMU_APMT_TYPES	5
static struct ida cspmu_generic_ida[CSPMU_APMT_TYPES] = {
	IDA_INIT(cspmu_generic_ida[0]), IDA_INIT(cspmu_generic_ida[1]),
	IDA_INIT(cspmu_generic_ida[2]), IDA_INIT(cspmu_generic_ida[3]),
	IDA_INIT(cspmu_generic_ida[4]),
};

static unsigned int cspmu_counter_stride(struct cspmu *cspmu)
{
	return cspmu->syspmu.width > 32 ? 8 : 4;
}

static bool cspmu_has_cycle_counter(struct cspmu *cspmu)
{
	return cspmu->cycle_idx < cspmu->syspmu.num_counters;
}

/* Logical counter (perf's index) to physical counter (register index) */
static unsigned int cspmu_phys(struct cspmu *cspmu, unsigned int idx)
{
	return idx == cspmu->cycle_idx ? CSPMU_CYCLE_COUNTER : idx;
}

static unsigned int cspmu_logical(struct cspmu *cspmu, unsigned int phys)
{
	if (phys == CSPMU_CYCLE_COUNTER && cspmu_has_cycle_counter(cspmu))
		return cspmu->cycle_idx;
	return phys;
}

static bool cspmu_config_is_cycles(struct cspmu *cspmu, u64 config)
{
	if (cspmu->impl->ops->is_cycle_event)
		return cspmu->impl->ops->is_cycle_event(config);
	return config == BIT_ULL(32);
}

static bool cspmu_is_cycle_event(const struct perf_event *event)
{
	return cspmu_config_is_cycles(event_to_cspmu(event),
				      event->attr.config);
}

static bool cspmu_uses_cycle_counter(const struct perf_event *event)
{
	return cspmu_has_cycle_counter(event_to_cspmu(event)) &&
	       cspmu_is_cycle_event(event);
}

static u32 cspmu_event_type(const struct perf_event *event)
{
	const struct cspmu_impl *impl = event_to_cspmu(event)->impl;

	if (impl->ops->event_type)
		return impl->ops->event_type(event);
	return lower_32_bits(event->attr.config);
}

static void cspmu_counter_mask(struct perf_event *event, unsigned long *mask)
{
	struct cspmu *cspmu = event_to_cspmu(event);
	unsigned int n = cspmu->syspmu.num_counters;

	if (cspmu_uses_cycle_counter(event)) {
		__set_bit(cspmu->cycle_idx, mask);
		return;
	}
	bitmap_fill(mask, n);
	if (cspmu_has_cycle_counter(cspmu))
		__clear_bit(cspmu->cycle_idx, mask);
}

static int cspmu_event_valid(struct perf_event *event)
{
	struct cspmu *cspmu = event_to_cspmu(event);
	const struct cspmu_impl *impl = cspmu->impl;

	if (cspmu_is_cycle_event(event)) {
		if (!cspmu_has_cycle_counter(cspmu) &&
		    !impl->cycles_is_event_type) {
			dev_dbg(cspmu->dev, "no cycle counter\n");
			return -EOPNOTSUPP;
		}
		if (cspmu_has_cycle_counter(cspmu))
			return 0;
	}
	return impl->ops->event_valid ? impl->ops->event_valid(event) : 0;
}

static bool cspmu_events_compatible(struct perf_event *a,
				    struct perf_event *b)
{
	const struct cspmu_impl *impl = event_to_cspmu(a)->impl;

	/* The cycle counter has no filters to share */
	if (cspmu_uses_cycle_counter(a) || cspmu_uses_cycle_counter(b))
		return true;
	return !impl->ops->events_compatible ||
	       impl->ops->events_compatible(a, b);
}

static int cspmu_event_add(struct perf_event *event)
{
	const struct cspmu_impl *impl = event_to_cspmu(event)->impl;

	if (cspmu_uses_cycle_counter(event) || !impl->ops->event_add)
		return 0;
	return impl->ops->event_add(event);
}

static void cspmu_event_del(struct perf_event *event)
{
	const struct cspmu_impl *impl = event_to_cspmu(event)->impl;

	if (!cspmu_uses_cycle_counter(event) && impl->ops->event_del)
		impl->ops->event_del(event);
}

static u64 cspmu_read_phys(struct cspmu *cspmu, unsigned int phys)
{
	void __iomem *addr = cspmu->base1 +
		CSPMU_PMEVCNTR(phys, cspmu_counter_stride(cspmu));

	if (cspmu->syspmu.width <= 32)
		return readl(addr);
	if (cspmu->atomic64)
		return readq(addr);
	return syspmu_read_hi_lo_hi(addr);
}

static void cspmu_write_phys(struct cspmu *cspmu, unsigned int phys, u64 val)
{
	void __iomem *addr = cspmu->base1 +
		CSPMU_PMEVCNTR(phys, cspmu_counter_stride(cspmu));

	if (cspmu->syspmu.width <= 32)
		writel(val, addr);
	else if (cspmu->atomic64)
		writeq(val, addr);
	else
		lo_hi_writeq(val, addr);
}

static u64 cspmu_read_counter(struct syspmu *upmu, struct perf_event *event)
{
	struct cspmu *cspmu = container_of(upmu, struct cspmu, syspmu);

	return cspmu_read_phys(cspmu, cspmu_phys(cspmu, event->hw.idx));
}

/* Half way with an overflow interrupt: a late interrupt loses nothing */
static u64 cspmu_start_value(struct cspmu *cspmu)
{
	return cspmu->has_irq ? BIT_ULL(cspmu->syspmu.width - 1) : 0;
}

static u64 cspmu_enable_counter(struct syspmu *upmu, struct perf_event *event)
{
	struct cspmu *cspmu = container_of(upmu, struct cspmu, syspmu);
	const struct cspmu_impl *impl = cspmu->impl;
	unsigned int phys = cspmu_phys(cspmu, event->hw.idx);
	u64 start = cspmu_start_value(cspmu);
	u32 filtr = 0, filt2r = 0;

	if (cspmu_uses_cycle_counter(event)) {
		if (!(impl->filters & CSPMU_PMCCFILTR_RES0))
			writel(impl->ops->cc_filter ?
			       impl->ops->cc_filter(event) : 0,
			       cspmu->base0 + CSPMU_PMCCFILTR);
	} else {
		writel(cspmu_event_type(event),
		       cspmu->base0 + CSPMU_PMEVTYPER(phys));
		if (impl->ops->encode_filters)
			impl->ops->encode_filters(event, &filtr, &filt2r);
		if (impl->filters & CSPMU_USES_PMEVFILTR)
			writel(filtr, cspmu->base0 + CSPMU_PMEVFILTR(phys));
		if (impl->filters & CSPMU_USES_PMEVFILT2R)
			writel(filt2r, cspmu->base0 + CSPMU_PMEVFILT2R(phys));
	}
	cspmu_write_phys(cspmu, phys, start);
	if (cspmu->has_irq)
		writel(BIT(phys % 32), cspmu->base0 + CSPMU_PMINTENSET(phys));
	writel(BIT(phys % 32), cspmu->base0 + CSPMU_PMCNTENSET(phys));
	return start;
}

static void cspmu_disable_counter(struct syspmu *upmu,
				  struct perf_event *event)
{
	struct cspmu *cspmu = container_of(upmu, struct cspmu, syspmu);
	const struct cspmu_impl *impl = cspmu->impl;
	unsigned int phys = cspmu_phys(cspmu, event->hw.idx);

	writel(BIT(phys % 32), cspmu->base0 + CSPMU_PMCNTENCLR(phys));
	writel(BIT(phys % 32), cspmu->base0 + CSPMU_PMINTENCLR(phys));
	/* A filter that reaches other counters is not left behind */
	if (cspmu_uses_cycle_counter(event) ||
	    !(impl->filters & CSPMU_CLEARS_FILTERS))
		return;
	if (impl->filters & CSPMU_USES_PMEVFILTR)
		writel(0, cspmu->base0 + CSPMU_PMEVFILTR(phys));
	if (impl->filters & CSPMU_USES_PMEVFILT2R)
		writel(0, cspmu->base0 + CSPMU_PMEVFILT2R(phys));
}

static void cspmu_pmu_enable(struct syspmu *upmu)
{
	struct cspmu *cspmu = container_of(upmu, struct cspmu, syspmu);

	if (!bitmap_empty(upmu->used_mask, upmu->num_counters)) {
		writel(CSPMU_PMCR_E, cspmu->base0 + CSPMU_PMCR);
		cspmu->pmcr_e = true;
	}
}

static void cspmu_pmu_disable(struct syspmu *upmu)
{
	struct cspmu *cspmu = container_of(upmu, struct cspmu, syspmu);

	writel(0, cspmu->base0 + CSPMU_PMCR);
	cspmu->pmcr_e = false;
}

static const struct syspmu_ops cspmu_syspmu_ops = {
	.counter_mask		= cspmu_counter_mask,
	.event_valid		= cspmu_event_valid,
	.events_compatible	= cspmu_events_compatible,
	.event_add		= cspmu_event_add,
	.event_del		= cspmu_event_del,
	.read_counter		= cspmu_read_counter,
	.enable_counter		= cspmu_enable_counter,
	.disable_counter	= cspmu_disable_counter,
	.pmu_enable		= cspmu_pmu_enable,
	.pmu_disable		= cspmu_pmu_disable,
};

/* Physical counters span 0..31 when the cycle counter is at 31 */
static unsigned int cspmu_phys_span(struct cspmu *cspmu)
{
	if (cspmu_has_cycle_counter(cspmu))
		return max(cspmu->syspmu.num_counters, CSPMU_CYCLE_COUNTER + 1);
	return cspmu->syspmu.num_counters;
}

static irqreturn_t cspmu_irq_handler(int irq, void *dev_id)
{
	struct cspmu *cspmu = dev_id;
	struct syspmu *upmu = &cspmu->syspmu;
	u64 start = cspmu_start_value(cspmu);
	unsigned int word, bit, idx;
	bool handled = false;
	unsigned long ovs;

	raw_spin_lock(&upmu->lock);
	/* none moves while the others reload; pmcr_e saves reading PMCR */
	if (cspmu->pmcr_e)
		writel(0, cspmu->base0 + CSPMU_PMCR);
	for (word = 0; word < DIV_ROUND_UP(cspmu_phys_span(cspmu), 32); word++) {
		ovs = readl(cspmu->base1 + CSPMU_PMOVSCLR(word * 32));
		if (!ovs)
			continue;
		writel(ovs, cspmu->base1 + CSPMU_PMOVSCLR(word * 32));
		handled = true;
		for_each_set_bit(bit, &ovs, 32) {
			struct perf_event *event;

			idx = cspmu_logical(cspmu, word * 32 + bit);
			if (idx >= upmu->num_counters)
				continue;
			event = upmu->events[idx];
			if (!event || event->hw.state & PERF_HES_STOPPED)
				continue;
			syspmu_event_update(event);
			cspmu_write_phys(cspmu, word * 32 + bit, start);
			syspmu_counter_reloaded(upmu, idx, start);
		}
	}
	if (cspmu->pmcr_e)
		writel(CSPMU_PMCR_E, cspmu->base0 + CSPMU_PMCR);
	raw_spin_unlock(&upmu->lock);
	return IRQ_RETVAL(handled);
}

static u32 cspmu_pmpidr_to_pmiidr(struct cspmu *cspmu)
{
	u32 pid0 = readl(cspmu->base0 + CSPMU_PMPIDR(0));
	u32 pid1 = readl(cspmu->base0 + CSPMU_PMPIDR(1));
	u32 pid2 = readl(cspmu->base0 + CSPMU_PMPIDR(2));
	u32 pid3 = readl(cspmu->base0 + CSPMU_PMPIDR(3));
	u32 pid4 = readl(cspmu->base0 + CSPMU_PMPIDR4);
	u32 implementer, product;

	product = (pid0 & 0xff) | (pid1 & 0xf) << 8;
	implementer = (pid1 >> 4 & 0xf) | (pid2 & 0x7) << 4 |
		      (pid4 & 0xf) << 8;
	return FIELD_PREP(CSPMU_PMIIDR_PRODUCTID, product) |
	       FIELD_PREP(CSPMU_PMIIDR_VARIANT, pid2 >> 4 & 0xf) |
	       FIELD_PREP(CSPMU_PMIIDR_REVISION, pid3 >> 4 & 0xf) |
	       FIELD_PREP(CSPMU_PMIIDR_IMPLEMENTER, implementer);
}

static u32 cspmu_identify(struct cspmu *cspmu)
{
#ifdef CONFIG_ACPI
	const struct acpi_apmt_node *apmt = cspmu->apmt;

	/* The firmware knows best */
	if (apmt && apmt->impl_id)
		return apmt->impl_id;
#endif
	return readl(cspmu->base0 + CSPMU_PMIIDR) ?:
	       cspmu_pmpidr_to_pmiidr(cspmu);
}

static const struct cspmu_impl *
cspmu_backend_find_impl(const struct cspmu_backend *backend, u32 pmiidr)
{
	unsigned int i;

	for (i = 0; i < backend->nr_impls; i++) {
		const struct cspmu_impl *impl = &backend->impls[i];

		if ((pmiidr & impl->pmiidr_mask) ==
		    (impl->pmiidr & impl->pmiidr_mask))
			return impl;
	}
	return NULL;
}

/* The core's own backend for parts nobody describes */

struct cspmu_name_id {
	struct ida	*ida;
	int		id;
};

static void cspmu_name_id_release(void *data)
{
	struct cspmu_name_id *nid = data;

	ida_free(nid->ida, nid->id);
}

/**
 * cspmu_name_numbered() - name a PMU "<prefix>_<n>", n free in @ida
 * @cspmu: the PMU.
 * @ida: the numbers of its kind of PMU.
 * @prefix: the name before the number.
 *
 * Return: 0 or a negative error code.
 */
int cspmu_name_numbered(struct cspmu *cspmu, struct ida *ida,
			const char *prefix)
{
	struct cspmu_name_id *nid;
	int ret;

	nid = devm_kzalloc(cspmu->dev, sizeof(*nid), GFP_KERNEL);
	if (!nid)
		return -ENOMEM;
	nid->ida = ida;
	nid->id = ida_alloc(ida, GFP_KERNEL);
	if (nid->id < 0)
		return nid->id;
	ret = devm_add_action_or_reset(cspmu->dev, cspmu_name_id_release, nid);
	if (ret)
		return ret;
	cspmu->name = devm_kasprintf(cspmu->dev, GFP_KERNEL, "%s_%d", prefix,
				     nid->id);
	return cspmu->name ? 0 : -ENOMEM;
}
EXPORT_SYMBOL_NS_GPL(cspmu_name_numbered, CORESIGHT_PMU_NS);

#ifdef CONFIG_ACPI
static_assert(CSPMU_APMT_TYPES == ACPI_APMT_NODE_TYPE_COUNT);

/* From an APMT node: arm_cspmu_<type>_<n>, or _acpi_<HID>_<UID> */
static int cspmu_generic_name_apmt(struct cspmu *cspmu)
{
	static const char *const types[CSPMU_APMT_TYPES] = {
		[ACPI_APMT_NODE_TYPE_MC]	= "arm_cspmu_mc",
		[ACPI_APMT_NODE_TYPE_SMMU]	= "arm_cspmu_smmu",
		[ACPI_APMT_NODE_TYPE_PCIE_ROOT]	= "arm_cspmu_pcie",
		[ACPI_APMT_NODE_TYPE_ACPI]	= "arm_cspmu_acpi",
		[ACPI_APMT_NODE_TYPE_CACHE]	= "arm_cspmu_cache",
	};
	const struct acpi_apmt_node *apmt = cspmu->apmt;
	char hid[sizeof(apmt->inst_primary) + 1] = { };

	if (apmt->type >= CSPMU_APMT_TYPES)
		return dev_err_probe(cspmu->dev, -ENODEV,
				     "APMT node type %u is not one the architecture defines\n",
				     apmt->type);
	if (apmt->type != ACPI_APMT_NODE_TYPE_ACPI)
		return cspmu_name_numbered(cspmu,
					   &cspmu_generic_ida[apmt->type],
					   types[apmt->type]);
	memcpy(hid, &apmt->inst_primary, sizeof(apmt->inst_primary));
	cspmu->name = devm_kasprintf(cspmu->dev, GFP_KERNEL, "%s_%s_%u",
				     types[apmt->type], hid,
				     apmt->inst_secondary);
	return cspmu->name ? 0 : -ENOMEM;
}
#endif

/* arm_cspmu's names, so that replacing it changes no PMU's name */
static int cspmu_generic_init(struct cspmu *cspmu)
{
#ifdef CONFIG_ACPI
	if (cspmu->apmt)
		return cspmu_generic_name_apmt(cspmu);
#endif
	return cspmu_name_numbered(cspmu, &cspmu_generic_ida[0], "arm_cspmu");
}

/* The architecture's defaults: config1 and config2 as they are */
static void cspmu_encode_raw(struct perf_event *event, u32 *filtr,
			     u32 *filt2r)
{
	*filtr = event->attr.config1;
	*filt2r = event->attr.config2;
}

/* and the cycle counter's filter is config1, as arm_cspmu writes it */
static u32 cspmu_cc_filter_raw(struct perf_event *event)
{
	return event->attr.config1;
}

static const struct cspmu_impl_ops cspmu_generic_ops = {
	.init		= cspmu_generic_init,
	.encode_filters	= cspmu_encode_raw,
	.cc_filter	= cspmu_cc_filter_raw,
};

/* The architecture's events and format: cycles, and raw filter words */
struct attribute *cspmu_generic_event_attrs[] = {
	SYSPMU_EVENT_ATTR("cycles", BIT_ULL(32)),
	NULL
};
EXPORT_SYMBOL_NS_GPL(cspmu_generic_event_attrs, CORESIGHT_PMU_NS);

struct attribute *cspmu_generic_format_attrs[] = {
	SYSPMU_FORMAT_ATTR(event, 0, GENMASK_ULL(32, 0)),
	SYSPMU_FORMAT_ATTR(filter, 1, GENMASK_ULL(31, 0)),
	SYSPMU_FORMAT_ATTR(filter2, 2, GENMASK_ULL(31, 0)),
	NULL
};
EXPORT_SYMBOL_NS_GPL(cspmu_generic_format_attrs, CORESIGHT_PMU_NS);

static const struct cspmu_impl cspmu_generic_impl = {
	.config_mask	= { GENMASK_ULL(32, 0), GENMASK_ULL(31, 0),
			    GENMASK_ULL(31, 0) },
	.filters	= CSPMU_USES_PMEVFILTR | CSPMU_USES_PMEVFILT2R,
	.event_attrs	= cspmu_generic_event_attrs,
	.format_attrs	= cspmu_generic_format_attrs,
	.ops		= &cspmu_generic_ops,
};

/* Enlisted, so that its backend's unregistration unbinds it */
static int cspmu_bind_backend(struct cspmu *cspmu)
{
	u32 implementer = FIELD_GET(CSPMU_PMIIDR_IMPLEMENTER, cspmu->pmiidr);
	struct cspmu_backend *backend;
	unsigned int i;

	mutex_lock(&cspmu_lock);
	list_for_each_entry(backend, &cspmu_backends, node) {
		if (backend->implementer != implementer)
			continue;
		cspmu->impl = cspmu_backend_find_impl(backend, cspmu->pmiidr);
		if (cspmu->impl) {
			cspmu->backend = backend;
			break;
		}
	}
	if (!cspmu->impl) {
		for (i = 0; i < ARRAY_SIZE(cspmu_backend_modules); i++) {
			bool requested = cspmu_backend_requested[i];

			if (cspmu_backend_modules[i].implementer != implementer)
				continue;
			cspmu_backend_requested[i] = true;
			mutex_unlock(&cspmu_lock);
			if (!requested)
				request_module_nowait(cspmu_backend_modules[i].module);
			return dev_err_probe(cspmu->dev, -EPROBE_DEFER,
					     "waiting for %s\n",
					     cspmu_backend_modules[i].module);
		}
		cspmu->impl = &cspmu_generic_impl;
	}
	list_add(&cspmu->node, &cspmu_pmus);
	mutex_unlock(&cspmu_lock);
	return 0;
}

static void cspmu_unlist(void *data)
{
	struct cspmu *cspmu = data;

	mutex_lock(&cspmu_lock);
	list_del(&cspmu->node);
	mutex_unlock(&cspmu_lock);
}

/*
 * Left out where another module includes this file: it binds no device,
 * and brings a cspmu_attach_waiting() of its own
 */
#ifndef PMU_NO_MODULE_DRIVER
static struct platform_driver cspmu_driver;

/* Bind the devices that wait for a backend */
static int cspmu_attach_waiting(void)
{
	return driver_attach(&cspmu_driver.driver);
}
#endif

/**
 * cspmu_backend_register() - make a vendor backend available; devices waiting for it bind
 * @backend: its implementer, products and module.
 *
 * Return: 0 or a negative error code.
 */
int cspmu_backend_register(struct cspmu_backend *backend)
{
	unsigned int i;
	int ret;

	mutex_lock(&cspmu_lock);
	list_add_tail(&backend->node, &cspmu_backends);
	for (i = 0; i < ARRAY_SIZE(cspmu_backend_modules); i++)
		if (cspmu_backend_modules[i].implementer == backend->implementer)
			cspmu_backend_requested[i] = false;
	mutex_unlock(&cspmu_lock);
	ret = cspmu_attach_waiting();
	if (ret)
		/* the module's init fails: nothing may keep pointing at it */
		cspmu_backend_unregister(backend);
	return ret;
}
EXPORT_SYMBOL_NS_GPL(cspmu_backend_register, CORESIGHT_PMU_NS);

/**
 * cspmu_backend_unregister() - unbind every PMU a backend drives
 * @backend: as registered.
 */
void cspmu_backend_unregister(struct cspmu_backend *backend)
{
	struct cspmu *cspmu;
	struct device *dev;

	mutex_lock(&cspmu_lock);
	list_del(&backend->node);
	mutex_unlock(&cspmu_lock);

	for (;;) {
		dev = NULL;
		mutex_lock(&cspmu_lock);
		list_for_each_entry(cspmu, &cspmu_pmus, node) {
			/* looked at once, even if it does not unbind */
			if (cspmu->backend == backend) {
				cspmu->backend = NULL;
				dev = get_device(cspmu->dev);
				break;
			}
		}
		mutex_unlock(&cspmu_lock);
		if (!dev)
			break;
		device_release_driver(dev);
		put_device(dev);
	}
}
EXPORT_SYMBOL_NS_GPL(cspmu_backend_unregister, CORESIGHT_PMU_NS);

/**
 * cspmu_socket() - the socket a PMU belongs to
 * @cspmu: the PMU, its associated CPUs known.
 *
 * Return: the NUMA node of its first associated CPU.
 */
unsigned int cspmu_socket(struct cspmu *cspmu)
{
	int node = cpu_to_node(cpumask_first(&cspmu->syspmu.associated_cpus));

	return node < 0 ? 0 : node;
}
EXPORT_SYMBOL_NS_GPL(cspmu_socket, CORESIGHT_PMU_NS);

#ifdef CONFIG_ACPI
/* The ACPI device an APMT node of type ACPI names by _HID and _UID */
static struct acpi_device *cspmu_acpi_dev_get(const struct acpi_apmt_node *apmt)
{
	char hid[16] = { }, uid[16];

	if (!apmt || apmt->type != ACPI_APMT_NODE_TYPE_ACPI)
		return NULL;
	memcpy(hid, &apmt->inst_primary, sizeof(apmt->inst_primary));
	snprintf(uid, sizeof(uid), "%u", apmt->inst_secondary);
	return acpi_dev_get_first_match_dev(hid, uid, -1);
}

/**
 * cspmu_firmware_instance() - a u32 property of the PMU's firmware device
 * @cspmu: the PMU.
 * @prop: property name, e.g. "instance_id".
 * @val: its value.
 *
 * The ACPI device an APMT node of type ACPI names, else the PMU's own.
 *
 * Return: 0, -ENODEV without such a device, or the lookup's error.
 */
int cspmu_firmware_instance(struct cspmu *cspmu, const char *prop, u32 *val)
{
	struct acpi_device *adev;
	int ret;

	if (!cspmu->apmt)
		return device_property_read_u32(cspmu->dev, prop, val);
	adev = cspmu_acpi_dev_get(cspmu->apmt);
	if (!adev)
		return -ENODEV;
	ret = fwnode_property_read_u32(acpi_fwnode_handle(adev), prop, val);
	acpi_dev_put(adev);
	return ret;
}

static bool cspmu_cpu_in_container(unsigned int cpu, u32 uid)
{
	struct device *cpu_dev = get_cpu_device(cpu);
	struct acpi_device *adev = cpu_dev ? ACPI_COMPANION(cpu_dev) : NULL;

	u64 adev_uid;

	/* (6.1's acpi_dev_hid_uid_match() takes the UID as a string) */
	for (; adev; adev = acpi_dev_parent(adev))
		if (!strcmp(acpi_device_hid(adev), CSPMU_CONTAINER_HID) &&
		    !acpi_dev_uid_to_integer(adev, &adev_uid) && adev_uid == uid)
			return true;
	return false;
}

static bool cspmu_cpu_is_processor(unsigned int cpu, u32 uid)
{
	struct device *cpu_dev = get_cpu_device(cpu);
	struct acpi_device *adev = cpu_dev ? ACPI_COMPANION(cpu_dev) : NULL;
	u64 cpu_uid;

	return adev && !acpi_dev_uid_to_integer(adev, &cpu_uid) &&
	       cpu_uid == uid;
}

/* APMT affinity: one processor, or every CPU of a processor container */
static void cspmu_apmt_cpus(struct cspmu *cspmu, struct cpumask *cpus)
{
	const struct acpi_apmt_node *apmt = cspmu->apmt;
	bool container = apmt->flags & ACPI_APMT_FLAGS_AFFINITY;
	unsigned int cpu;

	for_each_possible_cpu(cpu) {
		if (container ?
		    cspmu_cpu_in_container(cpu, apmt->proc_affinity) :
		    cspmu_cpu_is_processor(cpu, apmt->proc_affinity))
			cpumask_set_cpu(cpu, cpus);
	}
}
#else
int cspmu_firmware_instance(struct cspmu *cspmu, const char *prop, u32 *val)
{
	return device_property_read_u32(cspmu->dev, prop, val);
}

static void cspmu_apmt_cpus(struct cspmu *cspmu, struct cpumask *cpus)
{
}
#endif
EXPORT_SYMBOL_NS_GPL(cspmu_firmware_instance, CORESIGHT_PMU_NS);

/* DT: the "cpus" phandles; none means every CPU */
static int cspmu_dt_cpus(struct cspmu *cspmu, struct cpumask *cpus)
{
	struct device_node *np = cspmu->dev->of_node;
	int i, n, cpu;

	n = np ? of_count_phandle_with_args(np, "cpus", NULL) : -ENOENT;
	if (n <= 0) {
		cpumask_copy(cpus, cpu_possible_mask);
		return 0;
	}
	for (i = 0; i < n; i++) {
		struct device_node *cpu_np = of_parse_phandle(np, "cpus", i);

		cpu = of_cpu_node_to_id(cpu_np);
		of_node_put(cpu_np);
		if (cpu >= 0)
			cpumask_set_cpu(cpu, cpus);
	}
	return 0;
}

static int cspmu_find_cpus(struct cspmu *cspmu)
{
	struct cpumask *cpus = &cspmu->syspmu.associated_cpus;

	if (cspmu->apmt)
		cspmu_apmt_cpus(cspmu, cpus);
	else
		cspmu_dt_cpus(cspmu, cpus);
	if (cpumask_empty(cpus))
		return dev_err_probe(cspmu->dev, -ENODEV,
				     "firmware names no CPU for this PMU\n");
	return 0;
}

static umode_t cspmu_event_visible(struct kobject *kobj,
				   struct attribute *attr, int n)
{
	struct cspmu *cspmu = to_cspmu(dev_get_drvdata(kobj_to_dev(kobj)));
	struct perf_pmu_events_attr *ea =
		container_of(attr, struct perf_pmu_events_attr, attr.attr);

	/* the cycles event needs the cycle counter, unless it is a type */
	if (!cspmu_has_cycle_counter(cspmu) &&
	    !cspmu->impl->cycles_is_event_type &&
	    cspmu_config_is_cycles(cspmu, ea->id))
		return 0;
	return attr->mode;
}

static void cspmu_init_groups(struct cspmu *cspmu)
{
	cspmu->events_group = (struct attribute_group) {
		.name		= "events",
		.attrs		= cspmu->impl->event_attrs,
		.is_visible	= cspmu_event_visible,
	};
	cspmu->format_group = (struct attribute_group) {
		.name		= "format",
		.attrs		= cspmu->impl->format_attrs,
	};
	cspmu->attr_groups[0] = &cspmu->events_group;
	cspmu->attr_groups[1] = &cspmu->format_group;
	cspmu->attr_groups[2] = &syspmu_common_group;
	cspmu->syspmu.pmu.attr_groups = cspmu->attr_groups;
}

/* PMCFGR: how many counters, how wide, and where the cycle counter is */
static int cspmu_read_config(struct cspmu *cspmu)
{
	struct syspmu *upmu = &cspmu->syspmu;
	unsigned int n;

	cspmu->pmcfgr = readl(cspmu->base0 + CSPMU_PMCFGR);
	n = FIELD_GET(CSPMU_PMCFGR_N, cspmu->pmcfgr) + 1;
	upmu->num_counters = n;
	upmu->width = FIELD_GET(CSPMU_PMCFGR_SIZE, cspmu->pmcfgr) + 1;
	if (upmu->width > 64 || (upmu->width > 32 && n > 128))
		return dev_err_probe(cspmu->dev, -ENODEV,
				     "PMCFGR %#x: %u counters of %u bits is not architectural\n",
				     cspmu->pmcfgr, n, upmu->width);
	cspmu->cycle_idx = n;
	/* physical counter 31, the last logical one with fewer counters */
	if (cspmu->pmcfgr & CSPMU_PMCFGR_CC)
		cspmu->cycle_idx = min(n - 1, CSPMU_CYCLE_COUNTER);
	return 0;
}

static void cspmu_reset(struct cspmu *cspmu)
{
	unsigned int word;

	for (word = 0; word < DIV_ROUND_UP(cspmu_phys_span(cspmu), 32); word++) {
		writel(~0U, cspmu->base0 + CSPMU_PMCNTENCLR(word * 32));
		writel(~0U, cspmu->base0 + CSPMU_PMINTENCLR(word * 32));
		writel(~0U, cspmu->base1 + CSPMU_PMOVSCLR(word * 32));
	}
	writel(CSPMU_PMCR_P | CSPMU_PMCR_C, cspmu->base0 + CSPMU_PMCR);
}

struct cspmu_hw {
	void __iomem	*base0;
	void __iomem	*base1;		/* NULL: a single page */
	void __iomem	*aux;
	bool		atomic64;
	int		irq;		/* <= 0: none */
	const void	*apmt;
};

/* -EPROBE_DEFER while the part's backend is not loaded */
static struct cspmu *cspmu_create(struct device *dev,
				  const struct cspmu_hw *hw)
{
	struct cspmu *cspmu;
	char how[32] = "";
	int ret;

	cspmu = devm_kzalloc(dev, sizeof(*cspmu), GFP_KERNEL);
	if (!cspmu)
		return ERR_PTR(-ENOMEM);
	cspmu->dev = dev;
	cspmu->base0 = hw->base0;
	cspmu->base1 = hw->base1 ?: hw->base0;
	cspmu->aux = hw->aux;
	cspmu->atomic64 = hw->atomic64;
	cspmu->apmt = hw->apmt;
	cspmu->syspmu.dev = dev;
	cspmu->syspmu.ops = &cspmu_syspmu_ops;

	ret = cspmu_read_config(cspmu);
	if (ret)
		return ERR_PTR(ret);
	cspmu->pmiidr = cspmu_identify(cspmu);
	ret = cspmu_find_cpus(cspmu);
	if (ret)
		return ERR_PTR(ret);
	ret = cspmu_bind_backend(cspmu);
	if (ret)
		return ERR_PTR(ret);
	ret = devm_add_action_or_reset(dev, cspmu_unlist, cspmu);
	if (ret)
		return ERR_PTR(ret);

	memcpy(cspmu->syspmu.config_mask, cspmu->impl->config_mask,
	       sizeof(cspmu->syspmu.config_mask));
	cspmu->syspmu.identifier = devm_kasprintf(dev, GFP_KERNEL, "%x",
						  cspmu->pmiidr);
	if (!cspmu->syspmu.identifier)
		return ERR_PTR(-ENOMEM);
	ret = syspmu_init(&cspmu->syspmu);
	if (ret)
		return ERR_PTR(ret);
	ret = cspmu->impl->ops->init(cspmu);
	if (ret)
		return ERR_PTR(dev_err_probe(dev, ret, "cannot set up part %x\n",
					     cspmu->pmiidr));
	if (!cspmu->name)
		return ERR_PTR(-ENOMEM);

	cspmu_reset(cspmu);
	if (hw->irq > 0) {
		ret = syspmu_request_irq(&cspmu->syspmu, hw->irq,
					 cspmu_irq_handler, cspmu->name);
		if (ret)
			return ERR_PTR(ret);
		cspmu->has_irq = true;
	}
	/* 32 bits of bytes at tens of GB/s wrap within a second */
	if (!cspmu->has_irq)
		cspmu->syspmu.poll_ns =
			syspmu_poll_period(cspmu->syspmu.width,
					   cspmu->impl->max_rate ?:
					   CSPMU_DEFAULT_MAX_RATE);

	cspmu_init_groups(cspmu);
	cspmu->syspmu.pmu.module = cspmu->backend ? cspmu->backend->owner :
						    THIS_MODULE;
	ret = devm_syspmu_register(dev, &cspmu->syspmu, cspmu->name);
	if (ret)
		return ERR_PTR(dev_err_probe(dev, ret, "cannot register %s\n",
					     cspmu->name));
	if (cspmu->has_irq)
		strscpy(how, ", overflow IRQ", sizeof(how));
	else if (cspmu->syspmu.poll_ns)
		snprintf(how, sizeof(how), ", read every %llu ms",
			 div_u64(cspmu->syspmu.poll_ns, NSEC_PER_MSEC));
	dev_info(dev, "%s: %u counters of %u bits%s%s, part %x\n",
		 cspmu->name, cspmu->syspmu.num_counters, cspmu->syspmu.width,
		 cspmu_has_cycle_counter(cspmu) ? " with cycle counter" : "",
		 how, cspmu->pmiidr);
	return cspmu;
}

/* The platform driver, left out as cspmu_attach_waiting() is */
#ifndef PMU_NO_MODULE_DRIVER
#ifdef CONFIG_ACPI
/* PCIE-TGT's address filters; not requested: the firmware device owns it */
static int cspmu_map_aux(struct device *dev, const struct acpi_apmt_node *apmt,
			 struct cspmu_hw *hw)
{
	struct resource_entry *entry;
	struct acpi_device *adev;
	LIST_HEAD(list);
	int ret;

	adev = cspmu_acpi_dev_get(apmt);
	if (!adev)
		return 0;
	ret = acpi_dev_get_memory_resources(adev, &list);
	acpi_dev_put(adev);
	if (ret <= 0)
		return ret;
	entry = list_first_entry(&list, struct resource_entry, node);
	hw->aux = devm_ioremap(dev, entry->res->start,
			       resource_size(entry->res));
	acpi_dev_free_resource_list(&list);
	return hw->aux ? 0 : -ENOMEM;
}

static void cspmu_apmt_hw(const struct acpi_apmt_node *apmt, bool *dual_page,
			  bool *atomic64)
{
	*dual_page = apmt->flags & ACPI_APMT_FLAGS_DUAL_PAGE;
	*atomic64 = apmt->flags & ACPI_APMT_FLAGS_ATOMIC;
}
#else
static int cspmu_map_aux(struct device *dev, const void *apmt,
			 struct cspmu_hw *hw)
{
	return 0;
}

static void cspmu_apmt_hw(const void *apmt, bool *dual_page, bool *atomic64)
{
}
#endif

static int cspmu_probe(struct platform_device *pdev)
{
	struct device *dev = &pdev->dev;
	struct cspmu_hw hw = { };
	bool dual_page = false;
	struct cspmu *cspmu;
	u32 io_width;
	int ret;

	/* apmt.c passes a pointer to the table's node */
	if (dev_get_platdata(dev))
		hw.apmt = *(const void **)dev_get_platdata(dev);
	if (hw.apmt) {
		cspmu_apmt_hw(hw.apmt, &dual_page, &hw.atomic64);
	} else {
		dual_page = platform_get_resource(pdev, IORESOURCE_MEM, 1);
		hw.atomic64 = !device_property_read_u32(dev, "reg-io-width",
							&io_width) &&
			      io_width == 8;
	}
	hw.base0 = devm_platform_ioremap_resource(pdev, 0);
	if (IS_ERR(hw.base0))
		return dev_err_probe(dev, PTR_ERR(hw.base0),
				     "cannot map page 0\n");
	if (dual_page) {
		hw.base1 = devm_platform_ioremap_resource(pdev, 1);
		if (IS_ERR(hw.base1))
			return dev_err_probe(dev, PTR_ERR(hw.base1),
					     "cannot map page 1\n");
	}
	if (hw.apmt) {
		ret = cspmu_map_aux(dev, hw.apmt, &hw);
		if (ret)
			return dev_err_probe(dev, ret,
					     "cannot map the firmware device's block\n");
	}
	hw.irq = platform_get_irq_optional(pdev, 0);
	if (hw.irq < 0 && hw.irq != -ENXIO)
		return dev_err_probe(dev, hw.irq, "bad overflow interrupt\n");

	cspmu = cspmu_create(dev, &hw);
	if (IS_ERR(cspmu))
		return PTR_ERR(cspmu);
	platform_set_drvdata(pdev, cspmu);
	return 0;
}

static const struct platform_device_id cspmu_id_table[] = {
	{ CSPMU_APMT_DEV_NAME },
	{ }
};
MODULE_DEVICE_TABLE(platform, cspmu_id_table);

static const struct of_device_id cspmu_of_match[] = {
	{ .compatible = "arm,coresight-pmu" },
	{ }
};
MODULE_DEVICE_TABLE(of, cspmu_of_match);

static struct platform_driver cspmu_driver = {
	.driver = {
		.name			= CSPMU_DRV_NAME,
		.of_match_table		= cspmu_of_match,
		.suppress_bind_attrs	= true,
	},
	.id_table	= cspmu_id_table,
	.probe		= cspmu_probe,
};

static int __init cspmu_init(void)
{
	return platform_driver_register(&cspmu_driver);
}

static void __exit cspmu_exit(void)
{
	platform_driver_unregister(&cspmu_driver);
}

module_init(cspmu_init);
module_exit(cspmu_exit);

MODULE_DESCRIPTION("Arm CoreSight PMU architecture core");
MODULE_LICENSE("GPL");
MODULE_IMPORT_NS(SYSPMU_NS);
#endif
