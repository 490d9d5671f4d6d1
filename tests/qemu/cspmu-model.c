/*
 * Model of an Arm CoreSight PMU (Arm IHI 0091): the NVIDIA Tegra410 fabric
 * PMUs, the Tegra241 (Grace) SCF, PCIE and NVLink-C2C PMUs, and the
 * AmpereOne MCU PMU
 *
 * SPDX-License-Identifier: GPL-2.0-or-later
 *
 * Variants (the "variant=" property) are the unit behind the PMU: t410-ucf
 * (the Unified Coherence Fabric), t410-pcie (traffic from a PCIe root
 * complex to memory) and t410-pcie-tgt (traffic to the BARs and CXL
 * ranges behind a root complex); on Tegra241 (Grace), t241-scf (the
 * Scalable Coherency Fabric: CPU traffic to local and remote memory, no
 * filter), t241-pcie (traffic from the socket's PCIe root ports to memory)
 * and t241-c2c (traffic in over an NVLink-C2C link's two ports; PMIIDR
 * 0x1050036b, C2C0, by default, pmiidr=0x1040036b makes it C2C1); and
 * ampere-mcu, the AmpereOne memory controller (MCU) PMU, as Linux's
 * ampere_cspmu drives it (implementer 0xA16, PMIIDR 0x00100a16).  The
 * variant gives the events, the filters and the identity; "opts=" shapes
 * the CoreSight PMU itself:
 *
 *   counters=N   logical counters, PMCFGR.N + 1, the cycle counter
 *                included (default 8, at most CS_MAX_COUNTERS)
 *   width=W      counter width in bits, PMCFGR.SIZE + 1 (default 64);
 *                counters above 32 bits are 8-byte registers
 *   cc=0|1       dedicated cycle counter, physical counter 31 (default 1)
 *   pages=1|2    dual page: counters and overflow status in page 1 at
 *                +0x1000 (default 2); with one page they are in page 0
 *   pmiidr=V     what PMIIDR reads (default: the variant's; 0 makes a
 *                driver identify the part by its PMPIDRs)
 *
 * What the registers do:
 * - A counter counts while PMCR.E and its PMCNTENSET bit are set.  Past
 *   its maximum it wraps and sets its PMOVS bit; the interrupt line is
 *   high while any PMOVS bit has its PMINTENSET bit set.
 * - PMCR.P zeroes the event counters, PMCR.C the cycle counter; both read
 *   back 0.  Counters are writable (a driver presets them).
 * - The cycle counter counts cycles while PMCCFILTR selects something in
 *   the variant's filter layout (UCF: a source and a destination; PCIE: a
 *   root port or BDF enable; Tegra241 PCIE and C2C: a port; SCF,
 *   PCIE-TGT and Ampere MCU: always), as event counters do with theirs;
 *   an event counter given the variant's cycle event (UCF and SCF
 *   bus_cycles 0x1d, PCIE-TGT 4, Ampere MCU cycle_count 0) counts them
 *   whatever its filters hold.
 * - Every other event counts what its filters select (see the variants'
 *   *_selects()); a filter that selects nothing counts nothing, as on the
 *   hardware, where the driver fills in the defaults.
 * - The PCIE unit has one BDF comparator per root complex: the BDF field
 *   of the lowest-numbered counting counter that enables BDF filtering;
 *   while one does, it filters every counter, root-port ones included
 *   (the documentation: "applied to all events").
 * - Tegra241: SCF has no filter, every event counts all its occurrences
 *   (PMEVFILTR plays no part).  PCIE and C2C count an occurrence only if
 *   PMEVFILTR has the bit of its source port set (root port [9:0], C2C
 *   port [1:0]), so a filter of 0 counts nothing: the driver writes all
 *   ports when the user names none.  Their events are the MCF ones, each
 *   in a _loc and a _rem form (event id + rem=).
 * - Ampere MCU: the filters are per PMU instance, one setting for every
 *   counter: PMAUXR0 (0xd80, threshold [7:0]), PMAUXR1 (0xd84, rank
 *   [15:0]), PMAUXR2 (0xd88, bank [31:0]), read/write, reset 0; PMAUXR3
 *   (0xd8c) reads 0 and ignores writes.  PMCCFILTR, PMEVFILTR and
 *   PMEVFILT2R are RES0 (read 0, writes ignored).  The documentation
 *   says only that the filters are per instance; the model's reading (an
 *   assumption): an occurrence has a rank (0-15), a bank (0-31) and, for
 *   queue_fill/rds/wrs_gt_thresh (0x27-0x29), a queue level (0-255); it
 *   counts in a counter of its event if PMAUXR1 is 0 or has bit <rank>
 *   set, and PMAUXR2 is 0 or has bit <bank> set, and, for 0x27-0x29, if
 *   its level is greater than PMAUXR0 (so 255 lets none count).  0 in
 *   rank or bank is no filter.  The registers' values when an occurrence
 *   is counted apply.  cycle_count and the cycle counter count every
 *   cycle, unfiltered.
 * - Counters and filters of counters the instance does not have, and
 *   their enable bits, read as zero and ignore writes.
 *
 * Commands (attributes per variant: UCF src= dst=, PCIE rp= bdf= dst=,
 * PCIE-TGT rp= addr= bar=, SCF src= dst=, Tegra241 PCIE rp= rem=, C2C
 * port= rem=, Ampere MCU rank= bank= level=; each command also passes
 * cycles=, by default one a request; on Tegra410 PCIE and PCIE-TGT,
 * dev=ID stands for rp= and bdf=: the root port and the BDF of the PCI
 * device whose -device has id=ID, which must sit behind a root port of
 * this unit's RC, opts= socket= and rc= (tests/qemu/t410-root-port.c)):
 *   idle    cycles=N
 *   event   id=ID n=N [attributes] [cycles=C]      N occurrences of ID
 *   traffic rd=N wr=N size=B [hit=H | lat=L] [attributes] [cycles=C]
 *
 * What "traffic" counts on the Tegra241 units (a data event counts 32-byte
 * beats, ceil(B / 32) a request; _outstanding and rd_cum_outs rd * L):
 *   t241-scf  src=S (0-3, 0) the requesting socket, dst=D (0-2, 0) local
 *             CMEM, local GMEM, a remote socket's memory:
 *             socket_S_rd_data, _wr_data, _rd_access, _wr_access,
 *             _rd_outstanding; and cmem_ (D 0) or gmem_ (D 1) rd_data,
 *             rd_access, rd_outstanding, wr_data, wr_access, wr_total_bytes,
 *             or remote_socket_ (D 2) rd_data, rd_access, rd_outstanding,
 *             wr_total_bytes
 *   t241-pcie rp=R (0-9, 0) root port, rem=0|1 (0) local or remote memory;
 *   t241-c2c  port=P (0-1, 0), rem= as PCIE: rd_bytes, wr_bytes,
 *             total_bytes, rd_req, wr_req, total_req, rd_cum_outs, each
 *             _loc (rem=0) or _rem (rem=1)
 *
 * and on the Ampere MCU ("traffic rd=N wr=N [rank=R] [bank=B]
 * [cycles=C]"; rank=R 0-15, bank=B 0-31, level=L 0-255, each 0 by
 * default; level= plays a part in "event" of ids 0x27-0x29 only):
 *   ampere-mcu rd_sent (0x03) and rd_rda_sent (0x0f) rd, wr_sent (0x05)
 *             and wr_wra_sent (0x10) wr, act_sent (0x01) rd + wr
 *
 * Injected traffic stops at every overflow of a counter whose interrupt
 * is enabled (when the board wires the interrupt), and plays on once the
 * driver has cleared the overflow and restarted the PMU: nothing is lost
 * or counted twice.  Without a wired interrupt it is added at once.
 *
 * "race read=OFFSET" at a counter: at its low half (or a 32-bit counter),
 * the counter's own event occurs just before that read until the counter
 * wraps; at the high half of a 64-bit counter, the event occurs just
 * before the next read of the low half until the low half wraps into the
 * high one (a hi-lo-hi read sees the high half change).
 */

#include "qemu/osdep.h"
#include "qapi/error.h"
#include "qemu/host-utils.h"
#include "qemu/module.h"
#include "pmu-model.h"
#include "t410-root-port.h"

#define CS_MAX_COUNTERS     64      /* physical counters, 0-63 */
#define CS_WORDS            8       /* words of PMCNTENSET & co (256 bits) */
#define CS_CYCLE_COUNTER    31
#define CS_PAGE_SIZE        0x1000
#define CS_AF_BLOCK         0x2000  /* PCIE-TGT address filters */
#define CS_AF_SLOTS         8
#define CS_AF_STRIDE        20
#define CS_MAX_LANES        16
#define CS_MAX_EVENT_IDS    64
#define CS_DATA_BEAT        32      /* bytes of a Tegra241 data event */

#define PMCFGR_SIZE_SHIFT   8
#define PMCFGR_CC           BIT(14)
#define PMCFGR_NA           BIT(17)

#define PMCR_E              BIT(0)
#define PMCR_P              BIT(1)
#define PMCR_C              BIT(2)

/* UCF PMEVFILTR */
#define UCF_SRC(f)          extract32(f, 0, 3)
#define UCF_DST(f)          extract32(f, 8, 4)
/* PCIE PMEVFILTR and PMEVFILT2R */
#define PCIE_RP(f)          extract32(f, 0, 8)
#define PCIE_BDF(f)         extract32(f, 8, 16)
#define PCIE_BDF_EN         BIT(24)
#define PCIE_DST(f2)        extract32(f2, 0, 5)
/* PCIE-TGT PMEVFILT2R, and an address filter's CTRL */
#define TGT_RP(f2)          extract32(f2, 0, 8)
#define TGT_SLOTS(f2)       extract32(f2, 8, CS_AF_SLOTS)
/* Tegra241 PCIE and C2C PMEVFILTR: a bit a source port */
#define MCF_PORTS(f, bits)  extract32(f, 0, bits)
#define AF_CTRL_EN          BIT(0)
/* Ampere MCU: the queue events that compare a level with PMAUXR0 */
#define AMPERE_QUEUE_FIRST  0x27    /* queue_fill_gt_thresh */
#define AMPERE_QUEUE_LAST   0x29    /* queue_wrs_gt_thresh */
#define AMPERE_LEVEL_MAX    0xff    /* as wide as the threshold */

enum cs_reg {
    CS_PMEVCNTR32,          /* the counters: up to 32 bits, one page */
    CS_PMEVCNTR64,          /* wider, one page */
    CS_PMEVCNTR32_P1,       /* up to 32 bits, in page 1 of two */
    CS_PMEVCNTR64_P1,       /* wider, in page 1 of two */
    CS_PMCCFILTR,           /* PMEVTYPER31 where the cycle counter is */
    CS_PMCCFILTR_RES0,      /* the same, RES0 (Ampere MCU) */
    CS_PMEVTYPER,
    CS_PMEVFILT2R,
    CS_PMEVFILTR,
    CS_PMCNTENSET,
    CS_PMCNTENCLR,
    CS_PMINTENSET,
    CS_PMINTENCLR,
    CS_PMOVSCLR,            /* one page */
    CS_PMOVSSET,
    CS_PMOVSCLR_P1,         /* page 1 of two */
    CS_PMOVSSET_P1,
    CS_PMCFGR,
    CS_PMCR,
    CS_PMIIDR,
    CS_PMPIDR4,
    CS_PMPIDR0,             /* PMPIDR0-3 */
    CS_AF_CTRL,             /* PCIE-TGT address filter slots */
    CS_AF_BASE_LO,
    CS_AF_BASE_HI,
    CS_AF_MASK_LO,
    CS_AF_MASK_HI,
    CS_PMAUXR0,             /* Ampere MCU: threshold */
    CS_PMAUXR1,             /* rank */
    CS_PMAUXR2,             /* bank */
    CS_PMAUXR3,             /* unused */
    CS_NREGS,
};

enum cs_variant {
    CS_UCF, CS_PCIE, CS_PCIE_TGT, CS_T241_SCF, CS_T241_PCIE, CS_T241_C2C,
    CS_AMPERE_MCU
};

static const char *const cs_variant_names[] = {
    [CS_UCF] = "t410-ucf",
    [CS_PCIE] = "t410-pcie",
    [CS_PCIE_TGT] = "t410-pcie-tgt",
    [CS_T241_SCF] = "t241-scf",
    [CS_T241_PCIE] = "t241-pcie",
    [CS_T241_C2C] = "t241-c2c",
    [CS_AMPERE_MCU] = "ampere-mcu",
    NULL
};

/*
 * What an occurrence of an event carries, for the filters and for the
 * events a command's traffic is.  AT_NONE is no attribute: it is always 0.
 * AT_RP is also the Tegra241 C2C port.
 */
enum cs_attr {
    AT_NONE, AT_SRC, AT_DST, AT_RP, AT_BDF, AT_ADDR, AT_BAR, AT_REM,
    AT_RANK, AT_BANK, AT_LEVEL, AT_N
};

typedef struct CsAttrDesc {
    const char *key;
    enum cs_attr at;
    uint64_t max;
    uint64_t def;
} CsAttrDesc;

/* How much of one "traffic" command an event counts */
enum cs_qty {
    Q_RD, Q_WR, Q_RD_BYTES, Q_WR_BYTES,
    Q_HIT, Q_MISS, Q_MISS_BYTES, Q_RD_LAT,
    Q_REQ, Q_BYTES, Q_RD_DATA, Q_WR_DATA, Q_N
};

/*
 * An event of "traffic": event id + the value of attribute @plus, if the
 * value of attribute @when is @is (AT_NONE and 0, the default: event id,
 * always)
 */
typedef struct CsTrafficEvent {
    uint32_t id;
    enum cs_qty qty;
    enum cs_attr plus;
    enum cs_attr when;
    uint64_t is;
} CsTrafficEvent;

typedef struct CsVariant {
    uint32_t pmiidr;
    uint32_t type_mask;         /* PMEVTYPER bits that name the event */
    bool has_cycle_event;
    uint32_t cycle_event;       /* event counters can count cycles too */
    const CsAttrDesc *attrs;
    const char *const *traffic_args;
    const CsTrafficEvent *traffic;
    unsigned ntraffic;
    bool addr_filters;
    /*
     * Tegra410 PCIE and PCIE-TGT: "dev=ID" gives a PCI device's traffic,
     * at its root port and BDF (t410_pci_place())
     */
    bool pci_devices;
    /*
     * Ampere MCU: PMAUXR0-2 filter the whole instance; PMCCFILTR,
     * PMEVFILTR and PMEVFILT2R are RES0
     */
    bool aux_filters;
    unsigned port_bits;         /* Tegra241 PCIE and C2C: PMEVFILTR ports */
    /* whether counter n's filters select an occurrence with attributes at */
    bool (*selects)(PmuModel *m, unsigned n, const uint64_t *at);
    /* attributes that counter n's filters select (false: none) */
    bool (*attrs_for)(PmuModel *m, unsigned n, uint64_t *at);
    /* whether PMCCFILTR lets the cycle counter count; NULL: always */
    bool (*cc_selects)(PmuModel *m, uint32_t ccfiltr);
} CsVariant;

/* One event of a command, or the cycles that pass with it */
typedef struct CsLane {
    bool cycles;
    uint32_t id;
    uint64_t total;
} CsLane;

/*
 * Occurrences with one set of attributes, played in order from @pos to
 * @len: at position p, lane l has seen total * p / len of its own.
 */
typedef struct CsTraffic {
    uint64_t at[AT_N];
    unsigned nlanes;
    CsLane lane[CS_MAX_LANES];
    uint64_t len;
    uint64_t pos;
} CsTraffic;

typedef struct CsEventTotal {
    uint32_t id;
    uint64_t n;
} CsEventTotal;

typedef struct CsModel {
    /* the instance, as opts= made it */
    const CsVariant *v;
    unsigned counters;
    unsigned width;
    bool cc;
    unsigned pages;
    uint32_t pmiidr;
    int socket;                 /* the RC's socket and number, or -1 */
    int rc;
    int cnt_reg;                /* CS_PMEVCNTR* of this layout */
    int ovs_reg;                /* CS_PMOVSCLR* of this layout */
    /* the stream under way */
    CsTraffic t;
    bool restart_pending;       /* it stopped at an overflow */
    int carry;                  /* counter whose low half races, or -1 */
    /* exact totals since the last reset, ids in ascending order */
    uint64_t cycles;
    unsigned nevents;
    CsEventTotal events[CS_MAX_EVENT_IDS];
    uint64_t counted[CS_MAX_COUNTERS];
} CsModel;

static CsModel *cs(PmuModel *m)
{
    return m->state;
}

/* The instance's layout */

static bool cs_one_page(PmuModel *m)
{
    return cs(m)->pages == 1;
}

static bool cs_two_pages(PmuModel *m)
{
    return cs(m)->pages == 2;
}

static bool cs_one_page_narrow(PmuModel *m)
{
    return cs_one_page(m) && cs(m)->width <= 32;
}

static bool cs_one_page_wide(PmuModel *m)
{
    return cs_one_page(m) && cs(m)->width > 32;
}

static bool cs_two_pages_narrow(PmuModel *m)
{
    return cs_two_pages(m) && cs(m)->width <= 32;
}

static bool cs_two_pages_wide(PmuModel *m)
{
    return cs_two_pages(m) && cs(m)->width > 32;
}

static bool cs_has_cc(PmuModel *m)
{
    return cs(m)->cc;
}

static bool cs_has_addr_filters(PmuModel *m)
{
    return cs(m)->v->addr_filters;
}

static bool cs_has_aux_filters(PmuModel *m)
{
    return cs(m)->v->aux_filters;
}

/* PMCCFILTR filters the cycle counter, or is RES0 */
static bool cs_has_ccfiltr(PmuModel *m)
{
    return cs_has_cc(m) && !cs_has_aux_filters(m);
}

static bool cs_has_ccfiltr_res0(PmuModel *m)
{
    return cs_has_cc(m) && cs_has_aux_filters(m);
}

/* PMEVFILTR and PMEVFILT2R, or RES0 */
static bool cs_has_ev_filters(PmuModel *m)
{
    return !cs_has_aux_filters(m);
}

/*
 * Physical counters: with a cycle counter and at most 32 logical ones, the
 * event counters are 0 to N-2 and the cycle counter 31; with more, they
 * are 0 to N-1 and 31 is the cycle counter among them.
 */
static bool cs_implemented(PmuModel *m, unsigned n)
{
    CsModel *c = cs(m);

    if (n >= CS_MAX_COUNTERS) {
        return false;
    }
    if (c->cc && n == CS_CYCLE_COUNTER) {
        return true;
    }
    if (c->cc && c->counters <= 32) {
        return n < c->counters - 1;
    }
    return n < c->counters;
}

static bool cs_is_cycle_counter(PmuModel *m, unsigned n)
{
    return cs(m)->cc && n == CS_CYCLE_COUNTER;
}

/* Counters' bits in word w of PMCNTENSET and the others */
static uint32_t cs_implemented_mask(PmuModel *m, unsigned w)
{
    uint32_t mask = 0;
    unsigned b;

    for (b = 0; b < 32; b++) {
        if (cs_implemented(m, w * 32 + b)) {
            mask |= BIT(b);
        }
    }
    return mask;
}

static uint64_t cs_counter_mask(PmuModel *m)
{
    return MAKE_64BIT_MASK(0, cs(m)->width);
}

static uint64_t cs_counter(PmuModel *m, unsigned n)
{
    return pmu_reg_get(m, cs(m)->cnt_reg, n);
}

static bool cs_bit(PmuModel *m, int reg, unsigned n)
{
    return pmu_reg_get(m, reg, n / 32) & BIT(n % 32);
}

static bool cs_counting(PmuModel *m, unsigned n)
{
    return (pmu_reg_get(m, CS_PMCR, 0) & PMCR_E) && cs_implemented(m, n) &&
           cs_bit(m, CS_PMCNTENSET, n);
}

static bool cs_inten(PmuModel *m, unsigned n)
{
    return cs_bit(m, CS_PMINTENSET, n);
}

static void cs_update_irq(PmuModel *m)
{
    bool level = false;
    unsigned w;

    for (w = 0; w < CS_WORDS; w++) {
        level |= (pmu_reg_get(m, cs(m)->ovs_reg, w) &
                  pmu_reg_get(m, CS_PMINTENSET, w)) != 0;
    }
    pmu_model_set_irq(m, level);
}

/* Register side effects */

static void cs_evcntr_write(PmuModel *m, unsigned n, uint64_t old,
                            uint64_t val)
{
    pmu_reg_put(m, cs(m)->cnt_reg, n,
                cs_implemented(m, n) ? val & cs_counter_mask(m) : 0);
}

/* A counter's registers exist only with the counter */
static void cs_counter_reg_write(PmuModel *m, int reg, unsigned n)
{
    if (!cs_implemented(m, n)) {
        pmu_reg_put(m, reg, n, 0);
    }
}

static void cs_evtyper_write(PmuModel *m, unsigned n, uint64_t old,
                             uint64_t val)
{
    cs_counter_reg_write(m, CS_PMEVTYPER, n);
}

static void cs_evfilt2r_write(PmuModel *m, unsigned n, uint64_t old,
                              uint64_t val)
{
    cs_counter_reg_write(m, CS_PMEVFILT2R, n);
}

static void cs_evfiltr_write(PmuModel *m, unsigned n, uint64_t old,
                             uint64_t val)
{
    cs_counter_reg_write(m, CS_PMEVFILTR, n);
}

static void cs_cntenset_write(PmuModel *m, unsigned w, uint64_t old,
                              uint64_t val)
{
    pmu_reg_put(m, CS_PMCNTENSET, w, val & cs_implemented_mask(m, w));
}

static void cs_intenset_write(PmuModel *m, unsigned w, uint64_t old,
                              uint64_t val)
{
    pmu_reg_put(m, CS_PMINTENSET, w, val & cs_implemented_mask(m, w));
    cs_update_irq(m);
}

static void cs_ovs_write(PmuModel *m, unsigned w, uint64_t old, uint64_t val)
{
    pmu_reg_put(m, cs(m)->ovs_reg, w, val & cs_implemented_mask(m, w));
    cs_update_irq(m);
}

static void cs_pmcr_write(PmuModel *m, unsigned i, uint64_t old, uint64_t val)
{
    unsigned n;

    for (n = 0; n < CS_MAX_COUNTERS; n++) {
        if (cs_implemented(m, n) &&
            (val & (cs_is_cycle_counter(m, n) ? PMCR_C : PMCR_P))) {
            pmu_reg_put(m, cs(m)->cnt_reg, n, 0);
        }
    }
}

static uint64_t cs_pmcfgr_read(PmuModel *m, unsigned i)
{
    CsModel *c = cs(m);

    return (c->counters - 1) | (c->width - 1) << PMCFGR_SIZE_SHIFT |
           (c->cc ? PMCFGR_CC : 0) | PMCFGR_NA;
}

static uint64_t cs_pmiidr_read(PmuModel *m, unsigned i)
{
    return cs(m)->pmiidr;
}

/*
 * The peripheral ID registers name the part as the variant's own PMIIDR
 * does: ProductID [31:20], Variant [19:16], Revision [15:12] and the JEP106
 * implementer [11:0] (continuation code [11:8], identity code [6:0]).
 */
static uint64_t cs_pmpidr_read(PmuModel *m, unsigned n)
{
    uint32_t iidr = cs(m)->v->pmiidr;
    uint32_t product = extract32(iidr, 20, 12);
    uint32_t jep106_id = extract32(iidr, 0, 7);

    switch (n) {
    case 0:
        return extract32(product, 0, 8);
    case 1:
        return extract32(product, 8, 4) | extract32(jep106_id, 0, 4) << 4;
    case 2:
        return extract32(jep106_id, 4, 3) | BIT(3) |    /* JEDEC */
               extract32(iidr, 16, 4) << 4;
    case 3:
        return extract32(iidr, 12, 4) << 4;
    default:
        return extract32(iidr, 8, 4);                   /* PMPIDR4 */
    }
}

static uint64_t cs_pmpidr4_read(PmuModel *m, unsigned i)
{
    return cs_pmpidr_read(m, 4);
}

#define CS_COUNTERS(idx, off, wide, when)                               \
    [idx] = { .name = "PMEVCNTR", .offset = (off),                      \
              .count = CS_MAX_COUNTERS, .stride = (wide) ? 8 : 4,       \
              .size = (wide) ? 8 : 4, .kind = PMU_REG_RW,               \
              .present = (when), .write = cs_evcntr_write }

#define CS_PER_COUNTER(idx, nm, off, hook, when)                        \
    [idx] = { .name = (nm), .offset = (off), .count = CS_MAX_COUNTERS,  \
              .stride = 4, .size = 4, .kind = PMU_REG_RW, .write = (hook), \
              .present = (when) }

#define CS_BITS(idx, nm, off, how, tgt, hook, when)                     \
    [idx] = { .name = (nm), .offset = (off), .count = CS_WORDS,         \
              .stride = 4, .size = 4, .kind = (how), .target = (tgt),   \
              .write = (hook), .present = (when) }

#define CS_AF(idx, nm, off)                                             \
    [idx] = { .name = (nm), .offset = CS_AF_BLOCK + (off),              \
              .count = CS_AF_SLOTS, .stride = CS_AF_STRIDE, .size = 4,  \
              .kind = PMU_REG_RW, .present = cs_has_addr_filters }

#define CS_AUX(idx, nm, off, how, mask)                                 \
    [idx] = { .name = (nm), .offset = (off), .size = 4, .kind = (how),  \
              .wmask = (mask), .present = cs_has_aux_filters }

static const PmuReg cs_regs[CS_NREGS] = {
    CS_COUNTERS(CS_PMEVCNTR32, 0x000, false, cs_one_page_narrow),
    CS_COUNTERS(CS_PMEVCNTR64, 0x000, true, cs_one_page_wide),
    CS_COUNTERS(CS_PMEVCNTR32_P1, CS_PAGE_SIZE, false, cs_two_pages_narrow),
    CS_COUNTERS(CS_PMEVCNTR64_P1, CS_PAGE_SIZE, true, cs_two_pages_wide),
    [CS_PMCCFILTR] = {
        .name = "PMCCFILTR", .offset = 0x47c, .size = 4, .kind = PMU_REG_RW,
        .present = cs_has_ccfiltr,
    },
    /* before PMEVTYPER, whose instance 31 it hides */
    [CS_PMCCFILTR_RES0] = {
        .name = "PMCCFILTR", .offset = 0x47c, .size = 4, .kind = PMU_REG_RO,
        .present = cs_has_ccfiltr_res0,
    },
    CS_PER_COUNTER(CS_PMEVTYPER, "PMEVTYPER", 0x400, cs_evtyper_write, NULL),
    CS_PER_COUNTER(CS_PMEVFILT2R, "PMEVFILT2R", 0x800, cs_evfilt2r_write,
                   cs_has_ev_filters),
    CS_PER_COUNTER(CS_PMEVFILTR, "PMEVFILTR", 0xa00, cs_evfiltr_write,
                   cs_has_ev_filters),
    CS_BITS(CS_PMCNTENSET, "PMCNTENSET", 0xc00, PMU_REG_SET, CS_PMCNTENSET,
            cs_cntenset_write, NULL),
    CS_BITS(CS_PMCNTENCLR, "PMCNTENCLR", 0xc20, PMU_REG_CLR, CS_PMCNTENSET,
            NULL, NULL),
    CS_BITS(CS_PMINTENSET, "PMINTENSET", 0xc40, PMU_REG_SET, CS_PMINTENSET,
            cs_intenset_write, NULL),
    CS_BITS(CS_PMINTENCLR, "PMINTENCLR", 0xc60, PMU_REG_CLR, CS_PMINTENSET,
            NULL, NULL),
    CS_BITS(CS_PMOVSCLR, "PMOVSCLR", 0xc80, PMU_REG_W1C, 0,
            cs_ovs_write, cs_one_page),
    CS_BITS(CS_PMOVSSET, "PMOVSSET", 0xcc0, PMU_REG_SET, CS_PMOVSCLR,
            NULL, cs_one_page),
    CS_BITS(CS_PMOVSCLR_P1, "PMOVSCLR", CS_PAGE_SIZE + 0xc80, PMU_REG_W1C, 0,
            cs_ovs_write, cs_two_pages),
    CS_BITS(CS_PMOVSSET_P1, "PMOVSSET", CS_PAGE_SIZE + 0xcc0, PMU_REG_SET,
            CS_PMOVSCLR_P1, NULL, cs_two_pages),
    [CS_PMCFGR] = {
        .name = "PMCFGR", .offset = 0xe00, .size = 4, .kind = PMU_REG_RO,
        .read = cs_pmcfgr_read,
    },
    [CS_PMCR] = {
        .name = "PMCR", .offset = 0xe04, .size = 4, .kind = PMU_REG_RW,
        .wmask = PMCR_E | PMCR_P | PMCR_C, .self_clear = PMCR_P | PMCR_C,
        .write = cs_pmcr_write,
    },
    [CS_PMIIDR] = {
        .name = "PMIIDR", .offset = 0xe08, .size = 4, .kind = PMU_REG_RO,
        .read = cs_pmiidr_read,
    },
    [CS_PMPIDR4] = {
        .name = "PMPIDR4", .offset = 0xfd0, .size = 4, .kind = PMU_REG_RO,
        .read = cs_pmpidr4_read,
    },
    [CS_PMPIDR0] = {
        .name = "PMPIDR", .offset = 0xfe0, .count = 4, .stride = 4,
        .size = 4, .kind = PMU_REG_RO, .read = cs_pmpidr_read,
    },
    CS_AF(CS_AF_CTRL, "AF_CTRL", 0xd38),
    CS_AF(CS_AF_BASE_LO, "AF_BASE_LO", 0xd3c),
    CS_AF(CS_AF_BASE_HI, "AF_BASE_HI", 0xd40),
    CS_AF(CS_AF_MASK_LO, "AF_MASK_LO", 0xd44),
    CS_AF(CS_AF_MASK_HI, "AF_MASK_HI", 0xd48),
    CS_AUX(CS_PMAUXR0, "PMAUXR0", 0xd80, PMU_REG_RW, 0xff),
    CS_AUX(CS_PMAUXR1, "PMAUXR1", 0xd84, PMU_REG_RW, 0xffff),
    CS_AUX(CS_PMAUXR2, "PMAUXR2", 0xd88, PMU_REG_RW, 0xffffffff),
    CS_AUX(CS_PMAUXR3, "PMAUXR3", 0xd8c, PMU_REG_RO, 0),
};

/* The variants' filters */

static uint32_t cs_filtr(PmuModel *m, unsigned n)
{
    return pmu_reg_get(m, CS_PMEVFILTR, n);
}

static uint32_t cs_filt2r(PmuModel *m, unsigned n)
{
    return pmu_reg_get(m, CS_PMEVFILT2R, n);
}

/* UCF: PMEVFILTR's source bit and destination bit must both be set */
static bool cs_ucf_selects(PmuModel *m, unsigned n, const uint64_t *at)
{
    uint32_t f = cs_filtr(m, n);

    return (UCF_SRC(f) & BIT(at[AT_SRC])) && (UCF_DST(f) & BIT(at[AT_DST]));
}

static bool cs_ucf_attrs_for(PmuModel *m, unsigned n, uint64_t *at)
{
    uint32_t f = cs_filtr(m, n);

    if (!UCF_SRC(f) || !UCF_DST(f)) {
        return false;
    }
    at[AT_SRC] = ctz32(UCF_SRC(f));
    at[AT_DST] = ctz32(UCF_DST(f));
    return true;
}

/* PCIE: the root complex's one BDF comparator, if a counter sets it */
static bool cs_pcie_bdf(PmuModel *m, uint32_t *bdf)
{
    unsigned n;

    for (n = 0; n < CS_MAX_COUNTERS; n++) {
        if (cs_counting(m, n) && !cs_is_cycle_counter(m, n) &&
            (cs_filtr(m, n) & PCIE_BDF_EN)) {
            *bdf = PCIE_BDF(cs_filtr(m, n));
            return true;
        }
    }
    return false;
}

/*
 * PCIE: the destination's bit in PMEVFILT2R, and the source either by
 * the BDF comparator (BDF enabled) or by its root port's bit
 */
static bool cs_pcie_selects(PmuModel *m, unsigned n, const uint64_t *at)
{
    uint32_t f = cs_filtr(m, n);
    uint32_t bdf;

    if (!(PCIE_DST(cs_filt2r(m, n)) & BIT(at[AT_DST]))) {
        return false;
    }
    /*
     * While a counting counter enables it, the one comparator filters
     * every counter ("the BDF filter value will be applied to all
     * events"): a root-port event beside a BDF event sees the BDF's
     * traffic only, which a driver must never let happen
     */
    if (cs_pcie_bdf(m, &bdf) && bdf != at[AT_BDF]) {
        return false;
    }
    if (f & PCIE_BDF_EN) {
        return true;
    }
    return PCIE_RP(f) & BIT(at[AT_RP]);
}

static bool cs_pcie_attrs_for(PmuModel *m, unsigned n, uint64_t *at)
{
    uint32_t f = cs_filtr(m, n), dst = PCIE_DST(cs_filt2r(m, n));
    uint32_t bdf;

    if (!dst) {
        return false;
    }
    at[AT_DST] = ctz32(dst);
    if (cs_pcie_bdf(m, &bdf)) {
        at[AT_BDF] = bdf;
    } else if (f & PCIE_BDF_EN) {
        return false;
    }
    if (f & PCIE_BDF_EN) {
        return true;
    }
    if (!PCIE_RP(f)) {
        return false;
    }
    at[AT_RP] = ctz32(PCIE_RP(f));
    return true;
}

/*
 * The cycle counter counts while PMCCFILTR selects something in the
 * variant's filter layout, as an event counter does with its filters
 */
static bool cs_ucf_cc_selects(PmuModel *m, uint32_t f)
{
    return UCF_SRC(f) && UCF_DST(f);
}

static bool cs_pcie_cc_selects(PmuModel *m, uint32_t f)
{
    return PCIE_RP(f) || (f & PCIE_BDF_EN);
}

static uint64_t cs_af_base(PmuModel *m, unsigned idx)
{
    return pmu_reg_get(m, CS_AF_BASE_HI, idx) << 32 |
           pmu_reg_get(m, CS_AF_BASE_LO, idx);
}

static uint64_t cs_af_mask(PmuModel *m, unsigned idx)
{
    return pmu_reg_get(m, CS_AF_MASK_HI, idx) << 32 |
           pmu_reg_get(m, CS_AF_MASK_LO, idx);
}

/* PCIE-TGT: a selected, enabled address filter slot that @addr matches */
static bool cs_tgt_slot(PmuModel *m, unsigned n, uint64_t addr, unsigned *idx)
{
    uint32_t slots = TGT_SLOTS(cs_filt2r(m, n));
    unsigned i;

    for (i = 0; i < CS_AF_SLOTS; i++) {
        if ((slots & BIT(i)) &&
            (pmu_reg_get(m, CS_AF_CTRL, i) & AF_CTRL_EN) &&
            !((addr ^ cs_af_base(m, i)) & cs_af_mask(m, i))) {
            *idx = i;
            return true;
        }
    }
    return false;
}

/*
 * PCIE-TGT: BAR traffic by its root port's bit in PMEVFILT2R, any traffic
 * by an address filter slot; PMEVFILTR plays no part
 */
static bool cs_tgt_selects(PmuModel *m, unsigned n, const uint64_t *at)
{
    unsigned idx;

    if (at[AT_BAR] && (TGT_RP(cs_filt2r(m, n)) & BIT(at[AT_RP]))) {
        return true;
    }
    return cs_tgt_slot(m, n, at[AT_ADDR], &idx);
}

static bool cs_tgt_attrs_for(PmuModel *m, unsigned n, uint64_t *at)
{
    uint32_t rp = TGT_RP(cs_filt2r(m, n));
    uint32_t slots = TGT_SLOTS(cs_filt2r(m, n));
    unsigned i;

    if (rp) {
        at[AT_BAR] = 1;
        at[AT_RP] = ctz32(rp);
        return true;
    }
    for (i = 0; i < CS_AF_SLOTS; i++) {
        if ((slots & BIT(i)) &&
            (pmu_reg_get(m, CS_AF_CTRL, i) & AF_CTRL_EN)) {
            at[AT_BAR] = 0;
            at[AT_ADDR] = cs_af_base(m, i);
            return true;
        }
    }
    return false;
}

/* Tegra241 SCF: no filter, every occurrence counts */
static bool cs_scf_selects(PmuModel *m, unsigned n, const uint64_t *at)
{
    return true;
}

static bool cs_scf_attrs_for(PmuModel *m, unsigned n, uint64_t *at)
{
    return true;
}

/* Tegra241 PCIE and C2C: the source port's bit in PMEVFILTR */
static bool cs_mcf_cc_selects(PmuModel *m, uint32_t f)
{
    return MCF_PORTS(f, cs(m)->v->port_bits);
}

static bool cs_mcf_selects(PmuModel *m, unsigned n, const uint64_t *at)
{
    return MCF_PORTS(cs_filtr(m, n), cs(m)->v->port_bits) & BIT(at[AT_RP]);
}

static bool cs_mcf_attrs_for(PmuModel *m, unsigned n, uint64_t *at)
{
    uint32_t ports = MCF_PORTS(cs_filtr(m, n), cs(m)->v->port_bits);

    if (!ports) {
        return false;
    }
    at[AT_RP] = ctz32(ports);
    return true;
}

/*
 * Ampere MCU: PMAUXR1's rank bit and PMAUXR2's bank bit, each unless the
 * register is 0, and for the queue events a level above PMAUXR0; one
 * setting for every counter (the model's reading: see the top)
 */
static uint32_t cs_event_of(PmuModel *m, unsigned n);

static bool cs_ampere_queue_event(uint32_t id)
{
    return id >= AMPERE_QUEUE_FIRST && id <= AMPERE_QUEUE_LAST;
}

static bool cs_ampere_selects(PmuModel *m, unsigned n, const uint64_t *at)
{
    uint32_t rank = pmu_reg_get(m, CS_PMAUXR1, 0);
    uint32_t bank = pmu_reg_get(m, CS_PMAUXR2, 0);

    if ((rank && !(rank & BIT(at[AT_RANK]))) ||
        (bank && !(bank & BIT(at[AT_BANK])))) {
        return false;
    }
    return !cs_ampere_queue_event(cs_event_of(m, n)) ||
           at[AT_LEVEL] > pmu_reg_get(m, CS_PMAUXR0, 0);
}

static bool cs_ampere_attrs_for(PmuModel *m, unsigned n, uint64_t *at)
{
    uint32_t rank = pmu_reg_get(m, CS_PMAUXR1, 0);
    uint32_t bank = pmu_reg_get(m, CS_PMAUXR2, 0);
    uint32_t threshold = pmu_reg_get(m, CS_PMAUXR0, 0);

    at[AT_RANK] = rank ? ctz32(rank) : 0;
    at[AT_BANK] = bank ? ctz32(bank) : 0;
    if (cs_ampere_queue_event(cs_event_of(m, n))) {
        if (threshold >= AMPERE_LEVEL_MAX) {
            return false;
        }
        at[AT_LEVEL] = threshold + 1;
    }
    return true;
}

static const CsAttrDesc cs_ucf_attrs[] = {
    { "src", AT_SRC, 2, 1 },        /* local non-CPU, local CPU, remote */
    { "dst", AT_DST, 3, 0 },        /* local CMEM, GMEM, other, remote */
    { NULL }
};

static const CsAttrDesc cs_pcie_attrs[] = {
    { "rp", AT_RP, 7, 0 },
    { "bdf", AT_BDF, 0xffff, 0 },
    { "dst", AT_DST, 4, 0 },        /* cmem, gmem, pcie_p2p, pcie_cxl, rem */
    { NULL }
};

static const CsAttrDesc cs_tgt_attrs[] = {
    { "rp", AT_RP, 7, 0 },
    { "addr", AT_ADDR, UINT64_MAX, 0 },
    { "bar", AT_BAR, 1, 1 },        /* 1: a PCIe BAR, 0: CXL HDM */
    { NULL }
};

static const CsAttrDesc cs_scf_attrs[] = {
    { "src", AT_SRC, 3, 0 },        /* the requesting socket */
    { "dst", AT_DST, 2, 0 },        /* local CMEM, local GMEM, remote */
    { NULL }
};

static const CsAttrDesc cs_t241_pcie_attrs[] = {
    { "rp", AT_RP, 9, 0 },
    { "rem", AT_REM, 1, 0 },        /* 0: local memory, 1: remote */
    { NULL }
};

static const CsAttrDesc cs_c2c_attrs[] = {
    { "port", AT_RP, 1, 0 },
    { "rem", AT_REM, 1, 0 },
    { NULL }
};

static const CsAttrDesc cs_ampere_attrs[] = {
    { "rank", AT_RANK, 15, 0 },
    { "bank", AT_BANK, 31, 0 },
    { "level", AT_LEVEL, AMPERE_LEVEL_MAX, 0 },   /* queue events only */
    { NULL }
};

static const char *const cs_ucf_traffic_args[] = {
    "rd", "wr", "size", "hit", "cycles", NULL
};

static const char *const cs_pcie_traffic_args[] = {
    "rd", "wr", "size", "lat", "cycles", NULL
};

static const char *const cs_tgt_traffic_args[] = {
    "rd", "wr", "size", "cycles", NULL
};

/* SCF, Tegra241 PCIE and C2C: lat= for the outstanding/cum_outs events */
#define cs_t241_traffic_args cs_pcie_traffic_args

static const char *const cs_ampere_traffic_args[] = {
    "rd", "wr", "cycles", NULL
};

/* SLC accesses; the reads that miss go on to memory */
static const CsTrafficEvent cs_ucf_traffic[] = {
    { 0x111, Q_RD },                /* slc_access_rd */
    { 0x112, Q_WR },                /* slc_access_wr */
    { 0x113, Q_RD_BYTES },          /* slc_bytes_rd */
    { 0x114, Q_WR_BYTES },          /* slc_bytes_wr */
    { 0x119, Q_HIT },               /* slc_hit_rd */
    { 0x109, Q_MISS },              /* slc_refill_rd */
    { 0x121, Q_MISS },              /* mem_access_rd */
    { 0x122, Q_WR },                /* mem_access_wr */
    { 0x123, Q_MISS_BYTES },        /* mem_bytes_rd */
    { 0x124, Q_WR_BYTES },          /* mem_bytes_wr */
};

static const CsTrafficEvent cs_pcie_traffic[] = {
    { 0x0, Q_RD_BYTES },            /* rd_bytes */
    { 0x1, Q_WR_BYTES },            /* wr_bytes */
    { 0x2, Q_RD },                  /* rd_req */
    { 0x3, Q_WR },                  /* wr_req */
    { 0x4, Q_RD_LAT },              /* rd_cum_outs */
};

static const CsTrafficEvent cs_tgt_traffic[] = {
    { 0x0, Q_RD_BYTES },            /* rd_bytes */
    { 0x1, Q_WR_BYTES },            /* wr_bytes */
    { 0x2, Q_RD },                  /* rd_req */
    { 0x3, Q_WR },                  /* wr_req */
};

/*
 * SCF: by the requesting socket (socket_<src>_*: sockets 0-3 are four
 * consecutive ids), and by the destination (cmem_, gmem_, remote_socket_)
 */
#define SCF_DST(d, i, q) { (i), (q), AT_NONE, AT_DST, (d) }
static const CsTrafficEvent cs_scf_traffic[] = {
    { 0x101, Q_RD_DATA, AT_SRC },   /* socket_<src>_rd_data */
    { 0x17c, Q_WR_DATA, AT_SRC },   /* socket_<src>_wr_data */
    { 0x12d, Q_RD, AT_SRC },        /* socket_<src>_rd_access */
    { 0x139, Q_WR, AT_SRC },        /* socket_<src>_wr_access */
    { 0x115, Q_RD_LAT, AT_SRC },    /* socket_<src>_rd_outstanding */
    SCF_DST(0, 0x1a5, Q_RD_DATA),   /* cmem_rd_data */
    SCF_DST(0, 0x1a6, Q_RD),        /* cmem_rd_access */
    SCF_DST(0, 0x1a7, Q_RD_LAT),    /* cmem_rd_outstanding */
    SCF_DST(0, 0x1b1, Q_WR_DATA),   /* cmem_wr_data */
    SCF_DST(0, 0x1ca, Q_WR),        /* cmem_wr_access */
    SCF_DST(0, 0x1db, Q_WR_BYTES),  /* cmem_wr_total_bytes */
    SCF_DST(1, 0x16d, Q_RD_DATA),   /* gmem_rd_data */
    SCF_DST(1, 0x16e, Q_RD),        /* gmem_rd_access */
    SCF_DST(1, 0x16f, Q_RD_LAT),    /* gmem_rd_outstanding */
    SCF_DST(1, 0x179, Q_WR_DATA),   /* gmem_wr_data */
    SCF_DST(1, 0x17b, Q_WR),        /* gmem_wr_access */
    SCF_DST(1, 0x1a0, Q_WR_BYTES),  /* gmem_wr_total_bytes */
    SCF_DST(2, 0x1a2, Q_RD_DATA),   /* remote_socket_rd_data */
    SCF_DST(2, 0x1a4, Q_RD),        /* remote_socket_rd_access */
    SCF_DST(2, 0x1a3, Q_RD_LAT),    /* remote_socket_rd_outstanding */
    SCF_DST(2, 0x1a1, Q_WR_BYTES),  /* remote_socket_wr_total_bytes */
};

/* The MCF events of Tegra241 PCIE and C2C: *_loc, and *_rem one above */
static const CsTrafficEvent cs_mcf_traffic[] = {
    { 0x0, Q_RD_BYTES, AT_REM },    /* rd_bytes_loc/rem */
    { 0x2, Q_WR_BYTES, AT_REM },    /* wr_bytes_loc/rem */
    { 0x4, Q_BYTES, AT_REM },       /* total_bytes_loc/rem */
    { 0x6, Q_RD, AT_REM },          /* rd_req_loc/rem */
    { 0x8, Q_WR, AT_REM },          /* wr_req_loc/rem */
    { 0xa, Q_REQ, AT_REM },         /* total_req_loc/rem */
    { 0xc, Q_RD_LAT, AT_REM },      /* rd_cum_outs_loc/rem */
};

/* Commands the MCU sends the DRAM: an activate a request */
static const CsTrafficEvent cs_ampere_traffic[] = {
    { 0x01, Q_REQ },                /* act_sent */
    { 0x03, Q_RD },                 /* rd_sent */
    { 0x05, Q_WR },                 /* wr_sent */
    { 0x0f, Q_RD },                 /* rd_rda_sent */
    { 0x10, Q_WR },                 /* wr_wra_sent */
};

/*
 * dev=ID: the traffic of the PCI device whose -device has id=ID, by its
 * root port and its BDF as the guest has numbered its bus; rp= and bdf=
 * then stay unsaid.  The device must sit behind one of this RC's root
 * ports: traffic of another RC's device never reaches this unit.
 */
static int cs_pci_device(PmuModel *m, const PmuModelCmd *cmd, uint64_t *at)
{
    CsModel *c = cs(m);
    const char *id = pmu_cmd_word(cmd, "dev");
    T410PciPlace place;
    Error *err = NULL;

    if (!pmu_cmd_has(cmd, "dev")) {
        return 0;
    }
    if (!id || pmu_cmd_has(cmd, "rp") || pmu_cmd_has(cmd, "bdf")) {
        return -EINVAL;
    }
    if (!t410_pci_place(id, &place, &err)) {
        error_free(err);
        return -ENODEV;
    }
    if ((int)place.socket != c->socket || (int)place.rc != c->rc) {
        return -EXDEV;
    }
    at[AT_RP] = place.rp;
    at[AT_BDF] = place.bdf;
    return 0;
}

static const CsVariant cs_variants[] = {
    [CS_UCF] = {
        .pmiidr = 0x2cf2036b, .type_mask = UINT32_MAX,
        .has_cycle_event = true, .cycle_event = 0x1d,   /* bus_cycles */
        .attrs = cs_ucf_attrs, .traffic_args = cs_ucf_traffic_args,
        .traffic = cs_ucf_traffic, .ntraffic = ARRAY_SIZE(cs_ucf_traffic),
        .selects = cs_ucf_selects, .attrs_for = cs_ucf_attrs_for,
        .cc_selects = cs_ucf_cc_selects,
    },
    [CS_PCIE] = {
        .pmiidr = 0x1030136b, .type_mask = UINT32_MAX,
        .attrs = cs_pcie_attrs, .traffic_args = cs_pcie_traffic_args,
        .traffic = cs_pcie_traffic, .ntraffic = ARRAY_SIZE(cs_pcie_traffic),
        .pci_devices = true,
        .selects = cs_pcie_selects, .attrs_for = cs_pcie_attrs_for,
        .cc_selects = cs_pcie_cc_selects,
    },
    [CS_PCIE_TGT] = {
        .pmiidr = 0x1070036b, .type_mask = 0x7,
        .has_cycle_event = true, .cycle_event = 0x4,
        .attrs = cs_tgt_attrs, .traffic_args = cs_tgt_traffic_args,
        .traffic = cs_tgt_traffic, .ntraffic = ARRAY_SIZE(cs_tgt_traffic),
        .addr_filters = true, .pci_devices = true,
        .selects = cs_tgt_selects, .attrs_for = cs_tgt_attrs_for,
    },
    [CS_T241_SCF] = {
        .pmiidr = 0x2cf0036b, .type_mask = UINT32_MAX,
        .has_cycle_event = true, .cycle_event = 0x1d,   /* bus_cycles */
        .attrs = cs_scf_attrs, .traffic_args = cs_t241_traffic_args,
        .traffic = cs_scf_traffic, .ntraffic = ARRAY_SIZE(cs_scf_traffic),
        .selects = cs_scf_selects, .attrs_for = cs_scf_attrs_for,
    },
    [CS_T241_PCIE] = {
        .pmiidr = 0x1030036b, .type_mask = UINT32_MAX,
        .attrs = cs_t241_pcie_attrs, .traffic_args = cs_t241_traffic_args,
        .traffic = cs_mcf_traffic, .ntraffic = ARRAY_SIZE(cs_mcf_traffic),
        .port_bits = 10,
        .selects = cs_mcf_selects, .attrs_for = cs_mcf_attrs_for,
        .cc_selects = cs_mcf_cc_selects,
    },
    [CS_T241_C2C] = {
        .pmiidr = 0x1050036b, .type_mask = UINT32_MAX,
        .attrs = cs_c2c_attrs, .traffic_args = cs_t241_traffic_args,
        .traffic = cs_mcf_traffic, .ntraffic = ARRAY_SIZE(cs_mcf_traffic),
        .port_bits = 2,
        .selects = cs_mcf_selects, .attrs_for = cs_mcf_attrs_for,
        .cc_selects = cs_mcf_cc_selects,
    },
    [CS_AMPERE_MCU] = {
        .pmiidr = 0x00100a16, .type_mask = UINT32_MAX,
        .has_cycle_event = true, .cycle_event = 0x00,   /* cycle_count */
        .attrs = cs_ampere_attrs, .traffic_args = cs_ampere_traffic_args,
        .traffic = cs_ampere_traffic,
        .ntraffic = ARRAY_SIZE(cs_ampere_traffic),
        .aux_filters = true,
        .selects = cs_ampere_selects, .attrs_for = cs_ampere_attrs_for,
    },
};

/* Counting */

static uint32_t cs_event_of(PmuModel *m, unsigned n)
{
    return pmu_reg_get(m, CS_PMEVTYPER, n) & cs(m)->v->type_mask;
}

static bool cs_counts_cycles(PmuModel *m, unsigned n)
{
    const CsVariant *v = cs(m)->v;

    if (cs_is_cycle_counter(m, n)) {
        return !v->cc_selects ||
               v->cc_selects(m, pmu_reg_get(m, CS_PMCCFILTR, 0));
    }
    return v->has_cycle_event && cs_event_of(m, n) == v->cycle_event;
}

/* Whether counter n, counting, counts lane l of t */
static bool cs_counts_lane(PmuModel *m, unsigned n, const CsTraffic *t,
                           unsigned l)
{
    const CsLane *lane = &t->lane[l];

    if (lane->cycles) {
        return cs_counts_cycles(m, n);
    }
    return !cs_is_cycle_counter(m, n) && cs_event_of(m, n) == lane->id &&
           cs(m)->v->selects(m, n, t->at);
}

/* What lane l has seen at position pos: total * pos / len */
static uint64_t cs_lane_done(const CsTraffic *t, unsigned l, uint64_t pos)
{
    uint64_t lo, hi;

    if (pos >= t->len) {
        return t->lane[l].total;
    }
    mulu64(&lo, &hi, t->lane[l].total, pos);
    divu128(&lo, &hi, t->len);
    return lo;
}

/* What counter n would count if t played on to position to */
static uint64_t cs_counter_inc(PmuModel *m, unsigned n, const CsTraffic *t,
                               uint64_t to)
{
    uint64_t inc = 0, d;
    unsigned l;

    for (l = 0; l < t->nlanes; l++) {
        if (cs_counts_lane(m, n, t, l)) {
            d = cs_lane_done(t, l, to) - cs_lane_done(t, l, t->pos);
            inc = d > UINT64_MAX - inc ? UINT64_MAX : inc + d;
        }
    }
    return inc;
}

/* Occurrences that make counter n wrap; 0 stands for 2^64 */
static uint64_t cs_room(PmuModel *m, unsigned n)
{
    return cs_counter_mask(m) - cs_counter(m, n) + 1;
}

static void cs_counter_add(PmuModel *m, unsigned n, uint64_t inc)
{
    CsModel *c = cs(m);
    uint64_t mask = cs_counter_mask(m), val = cs_counter(m, n);

    c->counted[n] += inc;
    if (inc > mask - val) {
        pmu_reg_or(m, c->ovs_reg, n / 32, BIT(n % 32));
    }
    pmu_reg_put(m, c->cnt_reg, n, (val + inc) & mask);
}

/* The totals of event id; a new one is added if add and there is room */
static CsEventTotal *cs_event_total(CsModel *c, uint32_t id, bool add)
{
    unsigned i;

    for (i = 0; i < c->nevents && c->events[i].id < id; i++) {
        continue;
    }
    if (i < c->nevents && c->events[i].id == id) {
        return &c->events[i];
    }
    if (!add || c->nevents == CS_MAX_EVENT_IDS) {
        return NULL;
    }
    memmove(&c->events[i + 1], &c->events[i],
            (c->nevents - i) * sizeof(c->events[0]));
    c->events[i] = (CsEventTotal) { .id = id };
    c->nevents++;
    return &c->events[i];
}

/* Make room in the totals for t's events, or fail without changing them */
static bool cs_event_totals_for(CsModel *c, const CsTraffic *t)
{
    unsigned l, missing = 0;

    for (l = 0; l < t->nlanes; l++) {
        if (!t->lane[l].cycles && !cs_event_total(c, t->lane[l].id, false)) {
            missing++;
        }
    }
    if (c->nevents + missing > CS_MAX_EVENT_IDS) {
        return false;
    }
    for (l = 0; l < t->nlanes; l++) {
        if (!t->lane[l].cycles) {
            cs_event_total(c, t->lane[l].id, true);
        }
    }
    return true;
}

static void cs_add_lane(CsTraffic *t, bool cycles, uint32_t id, uint64_t n)
{
    if (n) {
        g_assert(t->nlanes < CS_MAX_LANES);
        t->lane[t->nlanes++] = (CsLane) { .cycles = cycles, .id = id,
                                          .total = n };
        t->len = MAX(t->len, n);
    }
}

/* Play t on to position to: every counting counter counts what it selects */
static void cs_play(PmuModel *m, CsTraffic *t, uint64_t to)
{
    CsModel *c = cs(m);
    uint64_t delta[CS_MAX_LANES];
    CsEventTotal *e;
    unsigned l, n;

    for (l = 0; l < t->nlanes; l++) {
        delta[l] = cs_lane_done(t, l, to) - cs_lane_done(t, l, t->pos);
        if (t->lane[l].cycles) {
            c->cycles += delta[l];
        } else if ((e = cs_event_total(c, t->lane[l].id, true))) {
            e->n += delta[l];
        }
    }
    for (n = 0; n < CS_MAX_COUNTERS; n++) {
        if (!cs_counting(m, n)) {
            continue;
        }
        for (l = 0; l < t->nlanes; l++) {
            if (delta[l] && cs_counts_lane(m, n, t, l)) {
                cs_counter_add(m, n, delta[l]);
            }
        }
    }
    t->pos = to;
    cs_update_irq(m);
}

/*
 * Where t must stop: at the first overflow that raises the interrupt, if
 * the board wired it (each counter's count is monotonic in the position).
 */
static uint64_t cs_stop(PmuModel *m, const CsTraffic *t)
{
    uint64_t stop = t->len, room, lo, hi, mid;
    unsigned n;

    if (!pmu_model_irq_wired(m)) {
        return stop;
    }
    for (n = 0; n < CS_MAX_COUNTERS; n++) {
        if (!cs_counting(m, n) || !cs_inten(m, n)) {
            continue;
        }
        room = cs_room(m, n);
        if (!room || cs_counter_inc(m, n, t, stop) < room) {
            continue;
        }
        /* counter n wraps after lo and by hi */
        lo = t->pos;
        hi = stop;
        while (hi - lo > 1) {
            mid = lo + (hi - lo) / 2;
            if (cs_counter_inc(m, n, t, mid) < room) {
                lo = mid;
            } else {
                hi = mid;
            }
        }
        stop = hi;
    }
    return stop;
}

/* The driver restarted the PMU after the overflow, or uses no counter */
static bool cs_restarted(PmuModel *m)
{
    unsigned w;

    if (pmu_reg_get(m, CS_PMCR, 0) & PMCR_E) {
        return true;
    }
    for (w = 0; w < CS_WORDS; w++) {
        if (pmu_reg_get(m, CS_PMCNTENSET, w)) {
            return false;
        }
    }
    return true;
}

/*
 * A stream that stopped at an overflow waits for the interrupt line to go
 * low (the common part sees to that) and for the PMU to run again: a
 * driver stops it (PMCR.E = 0), clears the overflow and restarts it.
 */
static bool cs_can_resume(PmuModel *m)
{
    return !cs(m)->restart_pending || cs_restarted(m);
}

static int cs_resume(PmuModel *m)
{
    CsModel *c = cs(m);
    CsTraffic *t = &c->t;

    while (t->pos < t->len) {
        if (pmu_model_irq_wired(m) && m->irq_level) {
            c->restart_pending = true;
            return PMU_MODEL_BUSY;
        }
        if (!cs_can_resume(m)) {
            return PMU_MODEL_BUSY;
        }
        c->restart_pending = false;
        cs_play(m, t, cs_stop(m, t));
    }
    return 0;
}

static void cs_abort(PmuModel *m)
{
    cs(m)->t.pos = cs(m)->t.len;
    cs(m)->restart_pending = false;
}

/* Free-running clock: idle cycles, at once (the timer stops at overflows) */
static void cs_elapse(PmuModel *m, uint64_t cycles)
{
    CsTraffic idle = { 0 };

    cs_add_lane(&idle, true, 0, cycles);
    cs_play(m, &idle, idle.len);
}

static uint64_t cs_cycles_to_irq(PmuModel *m)
{
    uint64_t cycles = UINT64_MAX, room;
    unsigned n;

    if (!pmu_model_irq_wired(m)) {
        return UINT64_MAX;
    }
    for (n = 0; n < CS_MAX_COUNTERS; n++) {
        if (cs_counting(m, n) && cs_inten(m, n) && cs_counts_cycles(m, n)) {
            room = cs_room(m, n);
            if (room) {
                cycles = MIN(cycles, room);
            }
        }
    }
    return cycles;
}

/*
 * Race: amount real occurrences of what counter n counts, with attributes
 * its filters select, at once (every other counter that selects them
 * counts them too); 0 stands for 2^64.
 */
static bool cs_race_occur(PmuModel *m, unsigned n, uint64_t amount)
{
    const CsVariant *v = cs(m)->v;
    const CsAttrDesc *a;
    CsTraffic t = { 0 };

    for (a = v->attrs; a->key; a++) {
        t.at[a->at] = a->def;
    }
    if (cs_counts_cycles(m, n)) {
        cs_add_lane(&t, true, 0, amount ?: 1ULL << 63);
    } else {
        if (!v->attrs_for(m, n, t.at)) {
            return false;
        }
        cs_add_lane(&t, false, cs_event_of(m, n), amount ?: 1ULL << 63);
        if (!cs_counts_lane(m, n, &t, 0) ||
            !cs_event_totals_for(cs(m), &t)) {
            return false;
        }
    }
    cs_play(m, &t, t.len);
    if (!amount) {
        t.pos = 0;
        cs_play(m, &t, t.len);
    }
    return true;
}

static bool cs_race(PmuModel *m)
{
    CsModel *c = cs(m);
    int64_t base = c->pages == 2 ? CS_PAGE_SIZE : 0;
    unsigned stride = c->width > 32 ? 8 : 4;
    int64_t off = m->race_offset - base;
    unsigned n;

    if (off < 0 || off >= CS_MAX_COUNTERS * stride || off % 4) {
        return false;
    }
    n = off / stride;
    if (!cs_counting(m, n)) {
        return false;
    }
    if (off % stride) {
        /* the high half: the carry comes before the low half's next read */
        c->carry = n;
        m->race_offset -= 4;
        return false;
    }
    if (c->carry == (int)n) {
        if (!cs_race_occur(m, n, (1ULL << 32) -
                           extract64(cs_counter(m, n), 0, 32))) {
            return false;
        }
        c->carry = -1;
        return true;
    }
    return cs_race_occur(m, n, cs_room(m, n));
}

/* Commands */

static int cs_parse_attrs(PmuModel *m, const PmuModelCmd *cmd, uint64_t *at)
{
    const CsVariant *v = cs(m)->v;
    const CsAttrDesc *a;

    for (a = v->attrs; a->key; a++) {
        at[a->at] = pmu_cmd_arg(cmd, a->key, a->def);
        if (at[a->at] > a->max) {
            return -EINVAL;
        }
    }
    return v->pci_devices ? cs_pci_device(m, cmd, at) : 0;
}

/* The verb's own arguments and the variant's attributes */
static int cs_check_args(const CsVariant *v, const PmuModelCmd *cmd,
                         const char *const *own)
{
    const char *allowed[2 * PMU_MODEL_MAX_ARGS + 1];
    const CsAttrDesc *a;
    unsigned k = 0;

    for (; *own; own++) {
        allowed[k++] = *own;
    }
    for (a = v->attrs; a->key; a++) {
        allowed[k++] = a->key;
    }
    if (v->pci_devices) {
        allowed[k++] = "dev";
    }
    allowed[k] = NULL;
    return pmu_cmd_check_args(cmd, allowed);
}

static int cs_traffic(PmuModel *m, const PmuModelCmd *cmd, CsTraffic *t,
                      uint64_t *requests)
{
    const CsVariant *v = cs(m)->v;
    uint64_t rd = pmu_cmd_arg(cmd, "rd", 0);
    uint64_t wr = pmu_cmd_arg(cmd, "wr", 0);
    uint64_t size = pmu_cmd_arg(cmd, "size", 64);
    uint64_t hit = pmu_cmd_arg(cmd, "hit", 0);
    uint64_t beats = size / CS_DATA_BEAT + !!(size % CS_DATA_BEAT);
    const CsTrafficEvent *e;
    uint64_t q[Q_N];
    unsigned i;

    if (hit > rd || uadd64_overflow(rd, wr, requests)) {
        return -EINVAL;
    }
    q[Q_RD] = rd;
    q[Q_WR] = wr;
    q[Q_REQ] = *requests;
    q[Q_HIT] = hit;
    q[Q_MISS] = rd - hit;
    if (umul64_overflow(rd, size, &q[Q_RD_BYTES]) ||
        umul64_overflow(wr, size, &q[Q_WR_BYTES]) ||
        uadd64_overflow(q[Q_RD_BYTES], q[Q_WR_BYTES], &q[Q_BYTES]) ||
        umul64_overflow(rd, beats, &q[Q_RD_DATA]) ||
        umul64_overflow(wr, beats, &q[Q_WR_DATA]) ||
        umul64_overflow(rd - hit, size, &q[Q_MISS_BYTES]) ||
        umul64_overflow(rd, pmu_cmd_arg(cmd, "lat", 0), &q[Q_RD_LAT])) {
        return -EINVAL;
    }
    for (i = 0; i < v->ntraffic; i++) {
        e = &v->traffic[i];
        if (t->at[e->when] == e->is) {
            cs_add_lane(t, false, e->id + t->at[e->plus], q[e->qty]);
        }
    }
    return 0;
}

/*
 *   idle    cycles=N
 *   event   id=ID [n=N] [attributes] [cycles=C]
 *   traffic [rd=N] [wr=N] [size=B] [hit=H | lat=L] [attributes] [cycles=C]
 */
static int cs_command(PmuModel *m, const PmuModelCmd *cmd)
{
    static const char *const idle_args[] = { "cycles", NULL };
    static const char *const event_args[] = { "id", "n", "cycles", NULL };
    CsModel *c = cs(m);
    const CsVariant *v = c->v;
    CsTraffic t = { 0 };
    uint64_t requests = 0, id;
    int ret;

    if (!strcmp(cmd->verb, "idle")) {
        if (pmu_cmd_check_args(cmd, idle_args)) {
            return -EINVAL;
        }
    } else if (!strcmp(cmd->verb, "event")) {
        ret = cs_check_args(v, cmd, event_args) ?:
              cs_parse_attrs(m, cmd, t.at);
        if (ret) {
            return ret;
        }
        id = pmu_cmd_arg(cmd, "id", UINT64_MAX);
        /* cycles pass with "idle" */
        if (id > v->type_mask ||
            (v->has_cycle_event && id == v->cycle_event)) {
            return -EINVAL;
        }
        requests = pmu_cmd_arg(cmd, "n", 1);
        cs_add_lane(&t, false, id, requests);
    } else if (!strcmp(cmd->verb, "traffic")) {
        ret = cs_check_args(v, cmd, v->traffic_args) ?:
              cs_parse_attrs(m, cmd, t.at) ?:
              cs_traffic(m, cmd, &t, &requests);
        if (ret) {
            return ret;
        }
    } else {
        return -EINVAL;
    }
    cs_add_lane(&t, true, 0, pmu_cmd_arg(cmd, "cycles", requests));
    if (!cs_event_totals_for(c, &t)) {
        return -ENOSPC;
    }
    c->t = t;
    return cs_resume(m);
}

static void cs_totals(PmuModel *m, GString *s)
{
    CsModel *c = cs(m);
    unsigned i, n;

    g_string_append_printf(s, "cycles %" PRIu64 "\n", c->cycles);
    for (i = 0; i < c->nevents; i++) {
        if (c->events[i].n) {
            g_string_append_printf(s, "event 0x%" PRIx32 " %" PRIu64 "\n",
                                   c->events[i].id, c->events[i].n);
        }
    }
    for (n = 0; n < CS_MAX_COUNTERS; n++) {
        if (cs_implemented(m, n)) {
            g_string_append_printf(s, "counted%u %" PRIu64 "\n", n,
                                   c->counted[n]);
        }
    }
}

/* No stream is under way when totals are reset: no event id is in use */
static void cs_reset_totals(PmuModel *m)
{
    CsModel *c = cs(m);

    c->cycles = 0;
    c->nevents = 0;
    c->carry = -1;
    memset(c->counted, 0, sizeof(c->counted));
}

static void cs_reset(PmuModel *m)
{
    CsModel *c = cs(m);

    memset(&c->t, 0, sizeof(c->t));
    c->restart_pending = false;
    c->carry = -1;
}

/* opts= keys and the values they take */
static const struct {
    const char *key;
    uint64_t min, max;
} cs_opts[] = {
    { "counters", 1, CS_MAX_COUNTERS },
    { "width", 1, 64 },
    { "cc", 0, 1 },
    { "pages", 1, 2 },
    { "pmiidr", 0, UINT32_MAX },
    { "socket", 0, 1 },
    { "rc", 0, 15 },
};

static bool cs_configure(PmuModel *m, const PmuModelCmd *opts, Error **errp)
{
    CsModel *c = cs(m);
    unsigned i, o;

    for (i = 0; i < opts->n; i++) {
        for (o = 0; o < ARRAY_SIZE(cs_opts); o++) {
            if (!strcmp(opts->key[i], cs_opts[o].key)) {
                break;
            }
        }
        if (o == ARRAY_SIZE(cs_opts)) {
            error_setg(errp, "cspmu %s: unknown option '%s' (counters, "
                       "width, cc, pages, pmiidr, socket, rc)", m->name, opts->key[i]);
            return false;
        }
        if (opts->val[i] < cs_opts[o].min || opts->val[i] > cs_opts[o].max) {
            error_setg(errp, "cspmu %s: %s=%" PRIu64 " is not in %" PRIu64
                       "-%" PRIu64, m->name, opts->key[i], opts->val[i],
                       cs_opts[o].min, cs_opts[o].max);
            return false;
        }
    }
    c->v = &cs_variants[m->variant];
    c->counters = pmu_cmd_arg(opts, "counters", 8);
    c->width = pmu_cmd_arg(opts, "width", 64);
    c->cc = pmu_cmd_arg(opts, "cc", 1);
    c->pages = pmu_cmd_arg(opts, "pages", 2);
    c->pmiidr = pmu_cmd_arg(opts, "pmiidr", c->v->pmiidr);
    c->socket = pmu_cmd_has(opts, "socket") ? pmu_cmd_arg(opts, "socket", 0) : -1;
    c->rc = pmu_cmd_has(opts, "rc") ? pmu_cmd_arg(opts, "rc", 0) : -1;
    if (c->pages == 2) {
        c->cnt_reg = c->width > 32 ? CS_PMEVCNTR64_P1 : CS_PMEVCNTR32_P1;
        c->ovs_reg = CS_PMOVSCLR_P1;
    } else {
        c->cnt_reg = c->width > 32 ? CS_PMEVCNTR64 : CS_PMEVCNTR32;
        c->ovs_reg = CS_PMOVSCLR;
    }
    /* page 0, page 1 if there are two, the address filters at +0x2000 */
    m->regs_size = c->v->addr_filters ? CS_AF_BLOCK + CS_PAGE_SIZE :
                   c->pages * CS_PAGE_SIZE;
    c->carry = -1;
    return true;
}

static const char *const cs_word_keys[] = { "dev", NULL };

static const PmuModelKind cspmu_kind = {
    .name = "cspmu",
    .variants = cs_variant_names,
    .state_size = sizeof(CsModel),
    .regs = cs_regs,
    .nregs = CS_NREGS,
    .regs_size = CS_AF_BLOCK + CS_PAGE_SIZE,
    .configure = cs_configure,
    .reset = cs_reset,
    .elapse = cs_elapse,
    .cycles_to_irq = cs_cycles_to_irq,
    .word_keys = cs_word_keys,
    .command = cs_command,
    .can_resume = cs_can_resume,
    .resume = cs_resume,
    .abort = cs_abort,
    .race = cs_race,
    .totals = cs_totals,
    .reset_totals = cs_reset_totals,
};

static void cspmu_model_register(void)
{
    pmu_model_register_kind(&cspmu_kind);
}

type_init(cspmu_model_register)
