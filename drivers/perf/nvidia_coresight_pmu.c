// SPDX-License-Identifier: GPL-2.0-only
/*
 * NVIDIA backend of the CoreSight PMU core: Tegra410 UCF, PCIE and
 * PCIE-TGT, Tegra241 (Grace) SCF, PCIE, NVLink-C2C and C2C NVLink, and
 * any other NVIDIA part under a generic name
 *
 * Tables and filter encoders only; the core programs the registers.  See
 * Documentation/admin-guide/perf/nvidia-tegra410-pmu.rst.
 *
 * UCF: source and destination filters in PMEVFILTR, each defaulting to
 * "all" on its own.
 * PCIE: root-port mask or one BDF (per RC, shared by every counter) in
 * PMEVFILTR, destinations in PMEVFILT2R; a sibling without a source filter
 * counts its leader's BDF.
 * PCIE-TGT: root-port mask and eight address-range slots, shared and
 * reference-counted, in a register block of their own; PMEVFILT2R selects.
 * Tegra241 and unknown parts: one filter field in config1 (and config2)
 * that counts everything when left 0.
 */

#include <linux/bitfield.h>
#include <linux/idr.h>
#include <linux/io.h>
#include <linux/module.h>
#include <linux/perf_event.h>

#include <linux/perf/coresight_pmu.h>

/* PMIIDR product, variant, revision of each unit */
#define NV_T410_UCF_PMIIDR		0x2cf20000
#define NV_T410_PCIE_PMIIDR		0x10301000
#define NV_T410_PCIE_TGT_PMIIDR		0x10700000
#define NV_T241_SCF_PMIIDR		0x2cf00000
#define NV_T241_PCIE_PMIIDR		0x10300000
#define NV_T241_C2C1_PMIIDR		0x10400000
#define NV_T241_C2C0_PMIIDR		0x10500000
#define NV_T241_CNVLINK_PMIIDR		0x10600000

#define NV_EVENT			GENMASK_ULL(32, 0)
#define NV_CYCLES			BIT_ULL(32)

/* UCF: config1 */
#define NV_UCF_SRC			GENMASK_ULL(2, 0)
#define NV_UCF_DST			GENMASK_ULL(11, 8)

/* PCIE: config1 source, config2 destination */
#define NV_PCIE_SRC_RP			GENMASK_ULL(7, 0)
#define NV_PCIE_SRC_BDF			GENMASK_ULL(23, 8)
#define NV_PCIE_SRC_BDF_EN		BIT_ULL(24)
#define NV_PCIE_SRC			(NV_PCIE_SRC_RP | NV_PCIE_SRC_BDF | \
					 NV_PCIE_SRC_BDF_EN)
#define NV_PCIE_DST			GENMASK_ULL(4, 0)

/* PCIE-TGT: config; config1 and config2 are the address base and mask */
#define NV_TGT_EVENT			GENMASK_ULL(2, 0)
#define NV_TGT_RP			GENMASK_ULL(10, 3)
#define NV_TGT_ADDR_EN			BIT_ULL(11)
#define NV_TGT_CYCLES			4
/* PMEVFILT2R: root ports, then one bit per address slot */
#define NV_TGT_FILT_RP			GENMASK(7, 0)
#define NV_TGT_FILT_SLOT(n)		BIT(8 + (n))
/* The address-filter block: slot n at NV_TGT_SLOT + n * NV_TGT_SLOT_STRIDE */
#define NV_TGT_SLOTS			8
#define NV_TGT_SLOT			0xd38
#define NV_TGT_SLOT_STRIDE		20
#define NV_TGT_SLOT_CTRL		0x0
#define NV_TGT_SLOT_BASE_LO		0x4
#define NV_TGT_SLOT_BASE_HI		0x8
#define NV_TGT_SLOT_MASK_LO		0xc
#define NV_TGT_SLOT_MASK_HI		0x10
#define NV_TGT_SLOT_EN			BIT(0)

/* One address range, as the hardware compares it */
struct nv_tgt_range {
	u64	base;
	u64	mask;
};

struct nv_tgt_slot {
	struct nv_tgt_range	range;
	unsigned int		users;
};

/* PCIE-TGT per-device state; slots change under the PMU lock */
struct nv_tgt {
	void __iomem		*regs;
	struct nv_tgt_slot	slot[NV_TGT_SLOTS];
};

/* Naming */

static int nv_name_socket(struct cspmu *cspmu, const char *fmt)
{
	cspmu->name = devm_kasprintf(cspmu->dev, GFP_KERNEL, fmt,
				     cspmu_socket(cspmu));
	return 0;
}

static int nv_name_socket_rc(struct cspmu *cspmu, const char *fmt)
{
	u32 rc;
	int ret;

	ret = cspmu_firmware_instance(cspmu, "instance_id", &rc);
	if (ret)
		return dev_err_probe(cspmu->dev, ret,
				     "firmware gives no RC number (instance_id)\n");
	cspmu->name = devm_kasprintf(cspmu->dev, GFP_KERNEL, fmt,
				     cspmu_socket(cspmu), rc);
	return 0;
}

/* UCF */

static u32 nv_ucf_filter(const struct perf_event *event)
{
	u64 src = FIELD_GET(NV_UCF_SRC, event->attr.config1);
	u64 dst = FIELD_GET(NV_UCF_DST, event->attr.config1);

	/* each of the two defaults to everything on its own */
	return FIELD_PREP(NV_UCF_SRC, src ?: FIELD_MAX(NV_UCF_SRC)) |
	       FIELD_PREP(NV_UCF_DST, dst ?: FIELD_MAX(NV_UCF_DST));
}

static void nv_ucf_encode(struct perf_event *event, u32 *filtr, u32 *filt2r)
{
	*filtr = nv_ucf_filter(event);
}

/*
 * The cycle counter's filter is config1 as given, everything only when
 * config1 is 0: no per-field defaults there.
 */
static u32 nv_ucf_cc_filter(struct perf_event *event)
{
	return event->attr.config1 ?:
	       FIELD_PREP(NV_UCF_SRC, FIELD_MAX(NV_UCF_SRC)) |
	       FIELD_PREP(NV_UCF_DST, FIELD_MAX(NV_UCF_DST));
}

static int nv_ucf_init(struct cspmu *cspmu)
{
	return nv_name_socket(cspmu, "nvidia_ucf_pmu_%u");
}

static const struct cspmu_impl_ops nv_ucf_ops = {
	.init		= nv_ucf_init,
	.encode_filters	= nv_ucf_encode,
	.cc_filter	= nv_ucf_cc_filter,
};

static struct attribute *nv_ucf_events[] = {
	SYSPMU_EVENT_ATTR("bus_cycles", 0x1d),
	SYSPMU_EVENT_ATTR("slc_allocate", 0xf0),
	SYSPMU_EVENT_ATTR("slc_wb", 0xf3),
	SYSPMU_EVENT_ATTR("slc_refill_rd", 0x109),
	SYSPMU_EVENT_ATTR("slc_refill_wr", 0x10a),
	SYSPMU_EVENT_ATTR("slc_hit_rd", 0x119),
	SYSPMU_EVENT_ATTR("slc_access_dataless", 0x183),
	SYSPMU_EVENT_ATTR("slc_access_atomic", 0x184),
	SYSPMU_EVENT_ATTR("local_snoop", 0x180),
	SYSPMU_EVENT_ATTR("ext_snp_access", 0x181),
	SYSPMU_EVENT_ATTR("ext_snp_evict", 0x182),
	SYSPMU_EVENT_ATTR("slc_access_rd", 0x111),
	SYSPMU_EVENT_ATTR("slc_access_wr", 0x112),
	SYSPMU_EVENT_ATTR("slc_bytes_rd", 0x113),
	SYSPMU_EVENT_ATTR("slc_bytes_wr", 0x114),
	SYSPMU_EVENT_ATTR("mem_access_rd", 0x121),
	SYSPMU_EVENT_ATTR("mem_access_wr", 0x122),
	SYSPMU_EVENT_ATTR("mem_bytes_rd", 0x123),
	SYSPMU_EVENT_ATTR("mem_bytes_wr", 0x124),
	SYSPMU_EVENT_ATTR("cycles", NV_CYCLES),
	NULL
};

static struct attribute *nv_ucf_formats[] = {
	SYSPMU_FORMAT_ATTR(event, 0, NV_EVENT),
	SYSPMU_FORMAT_ATTR(src_loc_noncpu, 1, BIT_ULL(0)),
	SYSPMU_FORMAT_ATTR(src_loc_cpu, 1, BIT_ULL(1)),
	SYSPMU_FORMAT_ATTR(src_rem, 1, BIT_ULL(2)),
	SYSPMU_FORMAT_ATTR(dst_loc_cmem, 1, BIT_ULL(8)),
	SYSPMU_FORMAT_ATTR(dst_loc_gmem, 1, BIT_ULL(9)),
	SYSPMU_FORMAT_ATTR(dst_loc_other, 1, BIT_ULL(10)),
	SYSPMU_FORMAT_ATTR(dst_rem, 1, BIT_ULL(11)),
	NULL
};

/* PCIE */

/*
 * The source filter an event counts with: its own, else its leader's BDF
 * filter, else every root port.  A BDF is only a filter with src_bdf_en.
 */
static u32 nv_pcie_src(const struct perf_event *event)
{
	const struct perf_event *leader = event->group_leader;
	u64 src = event->attr.config1 & NV_PCIE_SRC;

	if (src)
		return src;
	if (leader != event && leader->pmu == event->pmu &&
	    leader->attr.config1 & NV_PCIE_SRC_BDF_EN)
		return leader->attr.config1 & NV_PCIE_SRC;
	return NV_PCIE_SRC_RP;
}

/* The BDF filter an event needs the RC's one BDF comparator set to */
static u32 nv_pcie_bdf(const struct perf_event *event)
{
	u32 src = nv_pcie_src(event);

	return src & NV_PCIE_SRC_BDF_EN ?
	       src & (NV_PCIE_SRC_BDF | NV_PCIE_SRC_BDF_EN) : 0;
}

static int nv_pcie_event_valid(struct perf_event *event)
{
	struct cspmu *cspmu = event_to_cspmu(event);
	u64 config1 = event->attr.config1;

	if (config1 & NV_PCIE_SRC_BDF_EN && config1 & NV_PCIE_SRC_RP) {
		dev_dbg(cspmu->dev, "src_rp_mask and src_bdf_en are mutually exclusive\n");
		return -EINVAL;
	}
	if (config1 & NV_PCIE_SRC_BDF && !(config1 & NV_PCIE_SRC_BDF_EN)) {
		dev_dbg(cspmu->dev, "src_bdf needs src_bdf_en=1\n");
		return -EINVAL;
	}
	return 0;
}

/*
 * One BDF comparator per RC, and while it is on it applies to every
 * counter: events that need it set differently (or off) take turns, and
 * a group whose members disagree can never count.
 */
static bool nv_pcie_compatible(struct perf_event *a, struct perf_event *b)
{
	return nv_pcie_bdf(a) == nv_pcie_bdf(b);
}

static void nv_pcie_encode(struct perf_event *event, u32 *filtr, u32 *filt2r)
{
	u64 dst = event->attr.config2 & NV_PCIE_DST;

	*filtr = nv_pcie_src(event);
	*filt2r = dst ?: NV_PCIE_DST;
}

/* The cycle counter's filter is the event's own, not its leader's */
static u32 nv_pcie_cc_filter(struct perf_event *event)
{
	return event->attr.config1 & NV_PCIE_SRC ?: NV_PCIE_SRC_RP;
}

static int nv_pcie_init(struct cspmu *cspmu)
{
	return nv_name_socket_rc(cspmu, "nvidia_pcie_pmu_%u_rc_%u");
}

static const struct cspmu_impl_ops nv_pcie_ops = {
	.init			= nv_pcie_init,
	.event_valid		= nv_pcie_event_valid,
	.events_compatible	= nv_pcie_compatible,
	.encode_filters		= nv_pcie_encode,
	.cc_filter		= nv_pcie_cc_filter,
};

static struct attribute *nv_pcie_events[] = {
	SYSPMU_EVENT_ATTR("rd_bytes", 0x0),
	SYSPMU_EVENT_ATTR("wr_bytes", 0x1),
	SYSPMU_EVENT_ATTR("rd_req", 0x2),
	SYSPMU_EVENT_ATTR("wr_req", 0x3),
	SYSPMU_EVENT_ATTR("rd_cum_outs", 0x4),
	SYSPMU_EVENT_ATTR("cycles", NV_CYCLES),
	NULL
};

static struct attribute *nv_pcie_formats[] = {
	SYSPMU_FORMAT_ATTR(event, 0, NV_EVENT),
	SYSPMU_FORMAT_ATTR(src_rp_mask, 1, NV_PCIE_SRC_RP),
	SYSPMU_FORMAT_ATTR(src_bdf, 1, NV_PCIE_SRC_BDF),
	SYSPMU_FORMAT_ATTR(src_bdf_en, 1, NV_PCIE_SRC_BDF_EN),
	SYSPMU_FORMAT_ATTR(dst_loc_cmem, 2, BIT_ULL(0)),
	SYSPMU_FORMAT_ATTR(dst_loc_gmem, 2, BIT_ULL(1)),
	SYSPMU_FORMAT_ATTR(dst_loc_pcie_p2p, 2, BIT_ULL(2)),
	SYSPMU_FORMAT_ATTR(dst_loc_pcie_cxl, 2, BIT_ULL(3)),
	SYSPMU_FORMAT_ATTR(dst_rem, 2, BIT_ULL(4)),
	NULL
};

/* PCIE-TGT */

static u32 nv_tgt_event_type(const struct perf_event *event)
{
	return FIELD_GET(NV_TGT_EVENT, event->attr.config);
}

static bool nv_tgt_is_cycles(u64 config)
{
	return FIELD_GET(NV_TGT_EVENT, config) == NV_TGT_CYCLES;
}

static bool nv_tgt_addr_en(const struct perf_event *event)
{
	return event->attr.config & NV_TGT_ADDR_EN;
}

/* Two ranges are one slot if they select the same addresses */
static struct nv_tgt_range nv_tgt_range(const struct perf_event *event)
{
	return (struct nv_tgt_range) {
		.base = event->attr.config1 & event->attr.config2,
		.mask = event->attr.config2,
	};
}

static bool nv_tgt_range_eq(struct nv_tgt_range a, struct nv_tgt_range b)
{
	return a.base == b.base && a.mask == b.mask;
}

/*
 * Count a group member's range into @seen (@n distinct so far, at most
 * one more than there are slots), if it is @pmu's and has one.
 */
static void nv_tgt_note_range(struct pmu *pmu, struct perf_event *member,
			      struct nv_tgt_range *seen, unsigned int *n)
{
	struct nv_tgt_range r;
	unsigned int i;

	if (member->pmu != pmu || !nv_tgt_addr_en(member))
		return;
	r = nv_tgt_range(member);
	for (i = 0; i < *n; i++)
		if (nv_tgt_range_eq(seen[i], r))
			return;
	if (*n < NV_TGT_SLOTS + 1)
		seen[(*n)++] = r;
}

static int nv_tgt_event_valid(struct perf_event *event)
{
	struct cspmu *cspmu = event_to_cspmu(event);
	struct nv_tgt_range seen[NV_TGT_SLOTS + 1];
	struct perf_event *leader = event->group_leader, *sibling;
	unsigned int n = 0;

	if (!nv_tgt_addr_en(event) &&
	    (event->attr.config1 || event->attr.config2)) {
		dev_dbg(cspmu->dev, "dst_addr_base/dst_addr_mask need dst_addr_en=1\n");
		return -EINVAL;
	}
	if (leader == event)
		return 0;
	/* perf core holds the leader's context mutex for a sibling */
	nv_tgt_note_range(event->pmu, leader, seen, &n);
	for_each_sibling_event(sibling, leader)
		nv_tgt_note_range(event->pmu, sibling, seen, &n);
	nv_tgt_note_range(event->pmu, event, seen, &n);
	if (n > NV_TGT_SLOTS) {
		dev_dbg(cspmu->dev, "a group can use %d address ranges\n",
			NV_TGT_SLOTS);
		return -EINVAL;
	}
	return 0;
}

static void nv_tgt_slot_write(struct nv_tgt *tgt, unsigned int n, u32 ctrl,
			      struct nv_tgt_range r)
{
	void __iomem *slot = tgt->regs + NV_TGT_SLOT + n * NV_TGT_SLOT_STRIDE;

	if (!ctrl)
		writel(0, slot + NV_TGT_SLOT_CTRL);
	writel(lower_32_bits(r.base), slot + NV_TGT_SLOT_BASE_LO);
	writel(upper_32_bits(r.base), slot + NV_TGT_SLOT_BASE_HI);
	writel(lower_32_bits(r.mask), slot + NV_TGT_SLOT_MASK_LO);
	writel(upper_32_bits(r.mask), slot + NV_TGT_SLOT_MASK_HI);
	if (ctrl)
		writel(ctrl, slot + NV_TGT_SLOT_CTRL);
}

/* A slot holding the event's range, else a free one programmed with it */
static int nv_tgt_event_add(struct perf_event *event)
{
	struct nv_tgt *tgt = event_to_cspmu(event)->data;
	struct nv_tgt_range r = nv_tgt_range(event);
	int n, free = -1;

	if (!nv_tgt_addr_en(event))
		return 0;
	for (n = 0; n < NV_TGT_SLOTS; n++) {
		if (tgt->slot[n].users &&
		    nv_tgt_range_eq(tgt->slot[n].range, r))
			break;
		if (!tgt->slot[n].users && free < 0)
			free = n;
	}
	if (n == NV_TGT_SLOTS) {
		if (free < 0)
			return -ENOSPC;
		n = free;
		tgt->slot[n].range = r;
		nv_tgt_slot_write(tgt, n, NV_TGT_SLOT_EN, r);
	}
	tgt->slot[n].users++;
	event->hw.event_base = n;
	return 0;
}

static void nv_tgt_event_del(struct perf_event *event)
{
	struct nv_tgt *tgt = event_to_cspmu(event)->data;
	unsigned int n = event->hw.event_base;

	if (!nv_tgt_addr_en(event))
		return;
	if (!--tgt->slot[n].users)
		nv_tgt_slot_write(tgt, n, 0, (struct nv_tgt_range) { });
}

static void nv_tgt_encode(struct perf_event *event, u32 *filtr, u32 *filt2r)
{
	u32 rp = FIELD_GET(NV_TGT_RP, event->attr.config);

	if (nv_tgt_addr_en(event))
		*filt2r = rp | NV_TGT_FILT_SLOT(event->hw.event_base);
	else
		*filt2r = rp ?: NV_TGT_FILT_RP;
}

static int nv_tgt_init(struct cspmu *cspmu)
{
	struct nv_tgt *tgt;

	if (!cspmu->aux)
		return dev_err_probe(cspmu->dev, -ENODEV,
				     "firmware gives no address-filter block\n");
	tgt = devm_kzalloc(cspmu->dev, sizeof(*tgt), GFP_KERNEL);
	if (!tgt)
		return -ENOMEM;
	tgt->regs = cspmu->aux;
	cspmu->data = tgt;
	return nv_name_socket_rc(cspmu, "nvidia_pcie_tgt_pmu_%u_rc_%u");
}

static const struct cspmu_impl_ops nv_tgt_ops = {
	.init		= nv_tgt_init,
	.event_type	= nv_tgt_event_type,
	.is_cycle_event	= nv_tgt_is_cycles,
	.event_valid	= nv_tgt_event_valid,
	.event_add	= nv_tgt_event_add,
	.event_del	= nv_tgt_event_del,
	.encode_filters	= nv_tgt_encode,
};

static struct attribute *nv_tgt_events[] = {
	SYSPMU_EVENT_ATTR("rd_bytes", 0x0),
	SYSPMU_EVENT_ATTR("wr_bytes", 0x1),
	SYSPMU_EVENT_ATTR("rd_req", 0x2),
	SYSPMU_EVENT_ATTR("wr_req", 0x3),
	SYSPMU_EVENT_ATTR("cycles", NV_TGT_CYCLES),
	NULL
};

static struct attribute *nv_tgt_formats[] = {
	SYSPMU_FORMAT_ATTR(event, 0, NV_TGT_EVENT),
	SYSPMU_FORMAT_ATTR(dst_rp_mask, 0, NV_TGT_RP),
	SYSPMU_FORMAT_ATTR(dst_addr_en, 0, NV_TGT_ADDR_EN),
	SYSPMU_FORMAT_ATTR(dst_addr_base, 1, GENMASK_ULL(63, 0)),
	SYSPMU_FORMAT_ATTR(dst_addr_mask, 2, GENMASK_ULL(63, 0)),
	NULL
};

/*
 * Tegra241 units and parts known only as NVIDIA's: PMEVFILTR (and the
 * cycle counter's PMCCFILTR) is the field of config1 the row names,
 * PMEVFILT2R that of config2, each all-ones (everything) when left 0.
 */

/**
 * struct nv_plain - a unit with plain filter fields
 * @name: its name, a format taking the socket; NULL: numbered
 *	nvidia_uncore_pmu_<n>.
 * @filtr: the bits of config1 that PMEVFILTR and PMCCFILTR take.
 * @filt2r: the bits of config2 that PMEVFILT2R takes.
 */
struct nv_plain {
	const char	*name;
	u32		filtr;
	u32		filt2r;
};

static DEFINE_IDA(nv_generic_ida);

static const struct nv_plain *nv_plain_of(const struct perf_event *event)
{
	return event_to_cspmu(event)->impl->data;
}

static u32 nv_plain_field(u64 config, u32 mask)
{
	return (config & mask) ?: mask;
}

static void nv_plain_encode(struct perf_event *event, u32 *filtr, u32 *filt2r)
{
	const struct nv_plain *plain = nv_plain_of(event);

	*filtr = nv_plain_field(event->attr.config1, plain->filtr);
	*filt2r = nv_plain_field(event->attr.config2, plain->filt2r);
}

static u32 nv_plain_cc_filter(struct perf_event *event)
{
	return nv_plain_field(event->attr.config1, nv_plain_of(event)->filtr);
}

static int nv_plain_init(struct cspmu *cspmu)
{
	const struct nv_plain *plain = cspmu->impl->data;

	if (!plain->name)
		return cspmu_name_numbered(cspmu, &nv_generic_ida,
					   "nvidia_uncore_pmu");
	return nv_name_socket(cspmu, plain->name);
}

static const struct cspmu_impl_ops nv_plain_ops = {
	.init		= nv_plain_init,
	.encode_filters	= nv_plain_encode,
	.cc_filter	= nv_plain_cc_filter,
};

/* Tegra241's filter fields in config1: none on SCF */
#define NV_T241_SCF_FILTER		0
#define NV_T241_PCIE_ROOT_PORT		GENMASK(9, 0)
#define NV_T241_C2C_PORT		GENMASK(1, 0)
#define NV_T241_CNVLINK_REM_SOCKET	GENMASK(3, 0)

static const struct nv_plain nv_t241_scf = {
	.name	= "nvidia_scf_pmu_%u",
	.filtr	= NV_T241_SCF_FILTER,
};

static const struct nv_plain nv_t241_pcie = {
	.name	= "nvidia_pcie_pmu_%u",
	.filtr	= NV_T241_PCIE_ROOT_PORT,
};

static const struct nv_plain nv_t241_c2c0 = {
	.name	= "nvidia_nvlink_c2c0_pmu_%u",
	.filtr	= NV_T241_C2C_PORT,
};

static const struct nv_plain nv_t241_c2c1 = {
	.name	= "nvidia_nvlink_c2c1_pmu_%u",
	.filtr	= NV_T241_C2C_PORT,
};

static const struct nv_plain nv_t241_cnvlink = {
	.name	= "nvidia_cnvlink_pmu_%u",
	.filtr	= NV_T241_CNVLINK_REM_SOCKET,
};

static const struct nv_plain nv_generic = {
	.filtr	= GENMASK(31, 0),
	.filt2r	= GENMASK(31, 0),
};

static struct attribute *nv_t241_scf_events[] = {
	SYSPMU_EVENT_ATTR("bus_cycles", 0x1d),
	SYSPMU_EVENT_ATTR("scf_cache_allocate", 0xf0),
	SYSPMU_EVENT_ATTR("scf_cache_refill", 0xf1),
	SYSPMU_EVENT_ATTR("scf_cache", 0xf2),
	SYSPMU_EVENT_ATTR("scf_cache_wb", 0xf3),
	SYSPMU_EVENT_ATTR("socket_0_rd_data", 0x101),
	SYSPMU_EVENT_ATTR("socket_1_rd_data", 0x102),
	SYSPMU_EVENT_ATTR("socket_2_rd_data", 0x103),
	SYSPMU_EVENT_ATTR("socket_3_rd_data", 0x104),
	SYSPMU_EVENT_ATTR("socket_0_wb_data", 0x109),
	SYSPMU_EVENT_ATTR("socket_1_wb_data", 0x10a),
	SYSPMU_EVENT_ATTR("socket_2_wb_data", 0x10b),
	SYSPMU_EVENT_ATTR("socket_3_wb_data", 0x10c),
	SYSPMU_EVENT_ATTR("socket_0_rd_outstanding", 0x115),
	SYSPMU_EVENT_ATTR("socket_1_rd_outstanding", 0x116),
	SYSPMU_EVENT_ATTR("socket_2_rd_outstanding", 0x117),
	SYSPMU_EVENT_ATTR("socket_3_rd_outstanding", 0x118),
	SYSPMU_EVENT_ATTR("socket_0_rd_access", 0x12d),
	SYSPMU_EVENT_ATTR("socket_1_rd_access", 0x12e),
	SYSPMU_EVENT_ATTR("socket_2_rd_access", 0x12f),
	SYSPMU_EVENT_ATTR("socket_3_rd_access", 0x130),
	SYSPMU_EVENT_ATTR("socket_0_wb_access", 0x135),
	SYSPMU_EVENT_ATTR("socket_1_wb_access", 0x136),
	SYSPMU_EVENT_ATTR("socket_2_wb_access", 0x137),
	SYSPMU_EVENT_ATTR("socket_3_wb_access", 0x138),
	SYSPMU_EVENT_ATTR("socket_0_wr_access", 0x139),
	SYSPMU_EVENT_ATTR("socket_1_wr_access", 0x13a),
	SYSPMU_EVENT_ATTR("socket_2_wr_access", 0x13b),
	SYSPMU_EVENT_ATTR("socket_3_wr_access", 0x13c),
	SYSPMU_EVENT_ATTR("gmem_rd_data", 0x16d),
	SYSPMU_EVENT_ATTR("gmem_rd_access", 0x16e),
	SYSPMU_EVENT_ATTR("gmem_rd_outstanding", 0x16f),
	SYSPMU_EVENT_ATTR("gmem_wb_data", 0x173),
	SYSPMU_EVENT_ATTR("gmem_wb_access", 0x174),
	SYSPMU_EVENT_ATTR("gmem_wr_data", 0x179),
	SYSPMU_EVENT_ATTR("gmem_wr_access", 0x17b),
	SYSPMU_EVENT_ATTR("socket_0_wr_data", 0x17c),
	SYSPMU_EVENT_ATTR("socket_1_wr_data", 0x17d),
	SYSPMU_EVENT_ATTR("socket_2_wr_data", 0x17e),
	SYSPMU_EVENT_ATTR("socket_3_wr_data", 0x17f),
	SYSPMU_EVENT_ATTR("gmem_wr_total_bytes", 0x1a0),
	SYSPMU_EVENT_ATTR("remote_socket_wr_total_bytes", 0x1a1),
	SYSPMU_EVENT_ATTR("remote_socket_rd_data", 0x1a2),
	SYSPMU_EVENT_ATTR("remote_socket_rd_outstanding", 0x1a3),
	SYSPMU_EVENT_ATTR("remote_socket_rd_access", 0x1a4),
	SYSPMU_EVENT_ATTR("cmem_rd_data", 0x1a5),
	SYSPMU_EVENT_ATTR("cmem_rd_access", 0x1a6),
	SYSPMU_EVENT_ATTR("cmem_rd_outstanding", 0x1a7),
	SYSPMU_EVENT_ATTR("cmem_wb_data", 0x1ab),
	SYSPMU_EVENT_ATTR("cmem_wb_access", 0x1ac),
	SYSPMU_EVENT_ATTR("cmem_wr_data", 0x1b1),
	SYSPMU_EVENT_ATTR("cmem_wr_access", 0x1ca),
	SYSPMU_EVENT_ATTR("cmem_wr_total_bytes", 0x1db),
	SYSPMU_EVENT_ATTR("cycles", NV_CYCLES),
	NULL
};

/* The memory-fabric events of Tegra241's PCIE, NVLink-C2C and C2C NVLink */
static struct attribute *nv_t241_mcf_events[] = {
	SYSPMU_EVENT_ATTR("rd_bytes_loc", 0x0),
	SYSPMU_EVENT_ATTR("rd_bytes_rem", 0x1),
	SYSPMU_EVENT_ATTR("wr_bytes_loc", 0x2),
	SYSPMU_EVENT_ATTR("wr_bytes_rem", 0x3),
	SYSPMU_EVENT_ATTR("total_bytes_loc", 0x4),
	SYSPMU_EVENT_ATTR("total_bytes_rem", 0x5),
	SYSPMU_EVENT_ATTR("rd_req_loc", 0x6),
	SYSPMU_EVENT_ATTR("rd_req_rem", 0x7),
	SYSPMU_EVENT_ATTR("wr_req_loc", 0x8),
	SYSPMU_EVENT_ATTR("wr_req_rem", 0x9),
	SYSPMU_EVENT_ATTR("total_req_loc", 0xa),
	SYSPMU_EVENT_ATTR("total_req_rem", 0xb),
	SYSPMU_EVENT_ATTR("rd_cum_outs_loc", 0xc),
	SYSPMU_EVENT_ATTR("rd_cum_outs_rem", 0xd),
	SYSPMU_EVENT_ATTR("cycles", NV_CYCLES),
	NULL
};

static struct attribute *nv_t241_scf_formats[] = {
	SYSPMU_FORMAT_ATTR(event, 0, NV_EVENT),
	NULL
};

static struct attribute *nv_t241_pcie_formats[] = {
	SYSPMU_FORMAT_ATTR(event, 0, NV_EVENT),
	SYSPMU_FORMAT_ATTR(root_port, 1, NV_T241_PCIE_ROOT_PORT),
	NULL
};

static struct attribute *nv_t241_c2c_formats[] = {
	SYSPMU_FORMAT_ATTR(event, 0, NV_EVENT),
	SYSPMU_FORMAT_ATTR(port, 1, NV_T241_C2C_PORT),
	NULL
};

static struct attribute *nv_t241_cnvlink_formats[] = {
	SYSPMU_FORMAT_ATTR(event, 0, NV_EVENT),
	SYSPMU_FORMAT_ATTR(rem_socket, 1, NV_T241_CNVLINK_REM_SOCKET),
	NULL
};

/*
 * A Tegra241 row: @_pmiidr's part, described by nv_plain @_plain, whose
 * filter field is @_filter (SCF has none: it writes PMEVFILTR 0, as the
 * kernel's driver does)
 */
#define NV_T241_IMPL(_pmiidr, _plain, _filter, _events, _formats)	\
	{								\
		.pmiidr		= _pmiidr,				\
		.pmiidr_mask	= CSPMU_PMIIDR_PART_MASK,		\
		.config_mask	= { NV_EVENT, _filter, 0 },		\
		.filters	= CSPMU_USES_PMEVFILTR,			\
		.event_attrs	= _events,				\
		.format_attrs	= _formats,				\
		.ops		= &nv_plain_ops,			\
		.data		= &(_plain),				\
	}

static const struct cspmu_impl nv_impls[] = {
	{
		.pmiidr		= NV_T410_UCF_PMIIDR,
		.pmiidr_mask	= CSPMU_PMIIDR_PART_MASK,
		.config_mask	= { NV_EVENT, NV_UCF_SRC | NV_UCF_DST, 0 },
		.filters	= CSPMU_USES_PMEVFILTR,
		.event_attrs	= nv_ucf_events,
		.format_attrs	= nv_ucf_formats,
		.ops		= &nv_ucf_ops,
	},
	{
		.pmiidr		= NV_T410_PCIE_PMIIDR,
		.pmiidr_mask	= CSPMU_PMIIDR_PART_MASK,
		.config_mask	= { NV_EVENT, NV_PCIE_SRC, NV_PCIE_DST },
		/* the BDF comparator filters every counter */
		.filters	= CSPMU_USES_PMEVFILTR | CSPMU_USES_PMEVFILT2R |
				  CSPMU_CLEARS_FILTERS,
		.event_attrs	= nv_pcie_events,
		.format_attrs	= nv_pcie_formats,
		.ops		= &nv_pcie_ops,
	},
	{
		.pmiidr		= NV_T410_PCIE_TGT_PMIIDR,
		.pmiidr_mask	= CSPMU_PMIIDR_PART_MASK,
		.config_mask	= { NV_TGT_EVENT | NV_TGT_RP | NV_TGT_ADDR_EN,
				    GENMASK_ULL(63, 0), GENMASK_ULL(63, 0) },
		/* the address-filter slots are the unit's */
		.filters	= CSPMU_USES_PMEVFILT2R | CSPMU_CLEARS_FILTERS,
		.cycles_is_event_type = true,
		.event_attrs	= nv_tgt_events,
		.format_attrs	= nv_tgt_formats,
		.ops		= &nv_tgt_ops,
	},
	NV_T241_IMPL(NV_T241_SCF_PMIIDR, nv_t241_scf, NV_T241_SCF_FILTER,
		     nv_t241_scf_events, nv_t241_scf_formats),
	NV_T241_IMPL(NV_T241_PCIE_PMIIDR, nv_t241_pcie, NV_T241_PCIE_ROOT_PORT,
		     nv_t241_mcf_events, nv_t241_pcie_formats),
	NV_T241_IMPL(NV_T241_C2C0_PMIIDR, nv_t241_c2c0, NV_T241_C2C_PORT,
		     nv_t241_mcf_events, nv_t241_c2c_formats),
	NV_T241_IMPL(NV_T241_C2C1_PMIIDR, nv_t241_c2c1, NV_T241_C2C_PORT,
		     nv_t241_mcf_events, nv_t241_c2c_formats),
	NV_T241_IMPL(NV_T241_CNVLINK_PMIIDR, nv_t241_cnvlink,
		     NV_T241_CNVLINK_REM_SOCKET, nv_t241_mcf_events,
		     nv_t241_cnvlink_formats),
	{
		.config_mask	= { NV_EVENT, GENMASK_ULL(31, 0),
				    GENMASK_ULL(31, 0) },
		.filters	= CSPMU_USES_PMEVFILTR | CSPMU_USES_PMEVFILT2R,
		.event_attrs	= cspmu_generic_event_attrs,
		.format_attrs	= cspmu_generic_format_attrs,
		.ops		= &nv_plain_ops,
		.data		= &nv_generic,
	},
};

static struct cspmu_backend nv_backend = {
	.implementer	= CSPMU_IMPL_NVIDIA,
	.impls		= nv_impls,
	.nr_impls	= ARRAY_SIZE(nv_impls),
	.owner		= THIS_MODULE,
};

/* Left out where another module includes this file: it registers none */
#ifndef PMU_NO_MODULE_DRIVER
module_cspmu_backend(nv_backend);

MODULE_DESCRIPTION("NVIDIA Tegra410 and Tegra241 fabric PMUs (CoreSight PMU backend)");
MODULE_LICENSE("GPL");
MODULE_IMPORT_NS(CORESIGHT_PMU_NS);
MODULE_IMPORT_NS(SYSPMU_NS);
#endif
