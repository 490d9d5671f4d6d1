/*
 * Models of the NVIDIA Tegra410 latency PMUs: the CPU memory (CMEM)
 * latency unit and the C2C family (NVLink-C2C, NV-CLink, NV-DLink)
 *
 * SPDX-License-Identifier: GPL-2.0-or-later
 *
 * Both are arrays of identical instances, one 0x1000-byte register block
 * each, followed by a broadcast block: a write there is the same write to
 * every instance at once (with its side effects), and its reads return 0.
 * Neither has an interrupt: overflow only sets a status bit.  Every
 * counter is 64 bits wide and wraps past 2^64.  All instances of a unit
 * share one clock: the cycle counter of each counting instance advances
 * with "idle cycles=N" (or a traffic command's cycles=C) and, with "clock
 * hz=N", with the machine's time.
 *
 * Kind "t410-cmem": 14 instances (one per memory-controller group), the
 * broadcast block at 14 * 0x1000.  All registers are 64-bit:
 *   0x800 CG_CTRL     bit 0: clock on (0 gates it)
 *   0x808 CTRL        1 enable, 0 disable; 2 clears: every counter and
 *                     STATUS of the instance become 0, and the instance is
 *                     disabled (CTRL reads 0)
 *   0x810 STATUS      read-only overflow bits: 0 cycles, 1/3 MC0 AOR/REQ,
 *                     4/6 MC1 AOR/REQ, 7/9 MC2 AOR/REQ; only a clear
 *                     clears them
 *   0x818 CYCLE_CNTR, 0x820 MC0_REQ, 0x830 MC0_AOR, 0x838 MC1_REQ,
 *   0x848 MC1_AOR, 0x850 MC2_REQ, 0x860 MC2_AOR (read-only)
 * An instance counts while CG_CTRL and CTRL both hold 1.
 *
 * Kind "t410-c2c", variants nvlink-c2c (14 instances), nvclink (12) and
 * nvdlink (16), the broadcast block after the last instance.  32-bit
 * registers; the counters are 64-bit at 4-byte alignment, accessed as two
 * 32-bit halves (low at +0, high at +4) with no 64-bit atomicity:
 *   0x864 CTRL        1 enable, 0 disable; on 0 -> 1 the instance's
 *                     counters and both STATUS registers restart from 0
 *   0x868 IN_STATUS   overflow: 0 cycles, 1 in_rd_cum_outs, 2 in_rd_req,
 *                     3 in_wr_cum_outs, 4 in_wr_req
 *   0x86c CYCLE_CNTR, 0x874 IN_RD_CUM_OUTS, 0x87c IN_RD_REQ,
 *   0x884 IN_WR_CUM_OUTS, 0x88c IN_WR_REQ
 *   0x890 OUT_STATUS  overflow: 0 out_rd_cum_outs, 1 out_rd_req,
 *                     2 out_wr_cum_outs, 3 out_wr_req
 *   0x898 OUT_RD_CUM_OUTS, 0x8a0 OUT_RD_REQ, 0x8a8 OUT_WR_CUM_OUTS,
 *   0x8b0 OUT_WR_REQ
 * The published map puts OUT_STATUS over IN_WR_REQ's high half: 0x890
 * reads OUT_STATUS, so only IN_WR_REQ's low 32 bits can be read.
 * An instance counts while its CTRL holds 1.  opts= says what the link's
 * instances are wired to (what firmware gives as cpu_en_mask,
 * gpu0_en_mask, gpu1_en_mask):
 *   peer=gpu:gpu0=MASK:gpu1=MASK  two GPUs (peers 0 and 1; masks disjoint,
 *                                 one may be absent)
 *   peer=cpu:cpu=MASK             the other SoC (peer 0): reads only
 *   peer=cxlmem                   CXL memory (peer 0) on every instance:
 *                                 incoming reads only; nvdlink only, and
 *                                 its default
 *
 * Commands:
 *   idle    cycles=N
 *   traffic inst=I mc=M [req=R] [lat=L] [cycles=C]             (cmem)
 *   traffic dir=in|out op=rd|wr peer=P inst=I [req=R] [lat=L]
 *           [cycles=C]                                          (c2c)
 *   preset  inst=I reg=NAME value=V    set a counter (NAME as above)
 * A traffic command is R requests (default 1) of L cycles' latency
 * (default 0): the instance's request counter counts R and its
 * cumulative-outstanding counter R * L, if the instance counts; cycles=C
 * (default 0) cycles pass with them.  A C2C instance takes traffic only
 * from the peer it is wired to, and only what the link carries.
 *
 * "race read=OFFSET" at a C2C counter's low half (or its high half): just
 * before the next read of the low half, the counter's own event occurs
 * until the low half carries into the high one, so a hi-lo-hi read has to
 * retry.  Those occurrences are real: the totals count them.
 *
 * Totals, exact, of what the counters counted (while counting, wraps and
 * restarts included):
 *   cmem: rd_req, rd_cum_outs (all instances and MCs), cycles (instance
 *         0's), dropped_req (requests while the instance was not
 *         counting), clears (clear commands an instance executed)
 *   c2c:  cycles (the first wired instance's), in_rd_cum_outs ...
 *         out_wr_req (all instances), the same per peer as
 *         in_rd_req.peer0 ..., dropped_req
 */

#include "qemu/osdep.h"
#include "qapi/error.h"
#include "qemu/host-utils.h"
#include "qemu/module.h"
#include "pmu-model.h"

#define LAT_BLOCK           0x1000

/* Add inc to a 64-bit counter; wrapping past 2^64 sets bit in status */
static void lat_count(PmuModel *m, int reg, unsigned n, int status,
                      uint64_t bit, uint64_t inc)
{
    uint64_t val = pmu_reg_get(m, reg, n);

    if (inc > UINT64_MAX - val) {
        pmu_reg_or(m, status, n, bit);
    }
    pmu_reg_put(m, reg, n, val + inc);
}

static bool lat_arg(const PmuModelCmd *cmd, const char *key, uint64_t max,
                    uint64_t *val)
{
    if (!pmu_cmd_has(cmd, key) || pmu_cmd_word(cmd, key)) {
        return false;
    }
    *val = pmu_cmd_arg(cmd, key, 0);
    return *val <= max;
}

/* CMEM latency */

#define CM_INST             14
#define CM_BLOCKS           (CM_INST + 1)
#define CM_BCAST            CM_INST
#define CM_MCS              3
#define CM_CG_ON            BIT(0)
#define CM_CTRL_EN          BIT(0)
#define CM_CTRL_CLEAR       BIT(1)

enum cm_reg {
    CM_CG_CTRL,
    CM_CTRL,
    CM_STATUS,
    CM_CYCLE,
    CM_MC0_REQ,
    CM_MC0_AOR,
    CM_MC1_REQ,
    CM_MC1_AOR,
    CM_MC2_REQ,
    CM_MC2_AOR,
    CM_NREGS,
};

typedef struct LatCounter {
    const char *name;
    int reg;
    int status;
    uint64_t bit;
} LatCounter;

/* The cycle counter, then each MC's REQ and AOR */
static const LatCounter cm_counters[] = {
    { "CYCLE_CNTR", CM_CYCLE, CM_STATUS, BIT(0) },
    { "MC0_REQ", CM_MC0_REQ, CM_STATUS, BIT(3) },
    { "MC0_AOR", CM_MC0_AOR, CM_STATUS, BIT(1) },
    { "MC1_REQ", CM_MC1_REQ, CM_STATUS, BIT(6) },
    { "MC1_AOR", CM_MC1_AOR, CM_STATUS, BIT(4) },
    { "MC2_REQ", CM_MC2_REQ, CM_STATUS, BIT(9) },
    { "MC2_AOR", CM_MC2_AOR, CM_STATUS, BIT(7) },
};

#define CM_REQ(mc)          (&cm_counters[1 + 2 * (mc)])
#define CM_AOR(mc)          (&cm_counters[2 + 2 * (mc)])

typedef struct CmModel {
    uint64_t rd_req;
    uint64_t rd_cum_outs;
    uint64_t cycles;
    uint64_t dropped_req;
    uint64_t clears;
} CmModel;

static CmModel *cm(PmuModel *m)
{
    return m->state;
}

static bool cm_counting(PmuModel *m, unsigned i)
{
    return (pmu_reg_get(m, CM_CG_CTRL, i) & CM_CG_ON) &&
           (pmu_reg_get(m, CM_CTRL, i) & CM_CTRL_EN);
}

static uint64_t cm_fanout(PmuModel *m, unsigned n)
{
    return n == CM_BCAST ? MAKE_64BIT_MASK(0, CM_INST) : 0;
}

static void cm_ctrl_write(PmuModel *m, unsigned n, uint64_t old, uint64_t val)
{
    unsigned c;

    if (!(val & CM_CTRL_CLEAR)) {
        return;
    }
    for (c = 0; c < ARRAY_SIZE(cm_counters); c++) {
        pmu_reg_put(m, cm_counters[c].reg, n, 0);
    }
    pmu_reg_put(m, CM_STATUS, n, 0);
    pmu_reg_put(m, CM_CTRL, n, 0);
    cm(m)->clears++;
}

#define CM_REG(idx, nm, off, how, mask, self, hook)                     \
    [idx] = { .name = (nm), .offset = (off), .count = CM_BLOCKS,        \
              .stride = LAT_BLOCK, .size = 8, .kind = (how),            \
              .wmask = (mask), .self_clear = (self), .write = (hook),   \
              .fanout = cm_fanout }

static const PmuReg cm_regs[CM_NREGS] = {
    CM_REG(CM_CG_CTRL, "CG_CTRL", 0x800, PMU_REG_RW, CM_CG_ON, 0, NULL),
    CM_REG(CM_CTRL, "CTRL", 0x808, PMU_REG_RW, CM_CTRL_EN | CM_CTRL_CLEAR,
           CM_CTRL_CLEAR, cm_ctrl_write),
    CM_REG(CM_STATUS, "STATUS", 0x810, PMU_REG_RO, 0, 0, NULL),
    CM_REG(CM_CYCLE, "CYCLE_CNTR", 0x818, PMU_REG_RO, 0, 0, NULL),
    CM_REG(CM_MC0_REQ, "MC0_REQ", 0x820, PMU_REG_RO, 0, 0, NULL),
    CM_REG(CM_MC0_AOR, "MC0_AOR", 0x830, PMU_REG_RO, 0, 0, NULL),
    CM_REG(CM_MC1_REQ, "MC1_REQ", 0x838, PMU_REG_RO, 0, 0, NULL),
    CM_REG(CM_MC1_AOR, "MC1_AOR", 0x848, PMU_REG_RO, 0, 0, NULL),
    CM_REG(CM_MC2_REQ, "MC2_REQ", 0x850, PMU_REG_RO, 0, 0, NULL),
    CM_REG(CM_MC2_AOR, "MC2_AOR", 0x860, PMU_REG_RO, 0, 0, NULL),
};

/* The shared clock: every counting instance's cycle counter */
static void cm_elapse(PmuModel *m, uint64_t cycles)
{
    const LatCounter *c = &cm_counters[0];
    unsigned i;

    for (i = 0; i < CM_INST; i++) {
        if (cm_counting(m, i)) {
            lat_count(m, c->reg, i, c->status, c->bit, cycles);
        }
    }
    if (cm_counting(m, 0)) {
        cm(m)->cycles += cycles;
    }
}

static const LatCounter *lat_find_counter(const LatCounter *c, unsigned n,
                                          const char *name)
{
    unsigned i;

    for (i = 0; name && i < n; i++) {
        if (!strcmp(c[i].name, name)) {
            return &c[i];
        }
    }
    return NULL;
}

static int cm_command(PmuModel *m, const PmuModelCmd *cmd)
{
    static const char *const idle_args[] = { "cycles", NULL };
    static const char *const traffic_args[] = {
        "inst", "mc", "req", "lat", "cycles", NULL
    };
    static const char *const preset_args[] = { "inst", "reg", "value", NULL };
    const LatCounter *c;
    CmModel *s = cm(m);
    uint64_t inst, mc, req, lat, aor, value;

    if (!strcmp(cmd->verb, "idle")) {
        if (pmu_cmd_check_args(cmd, idle_args)) {
            return -EINVAL;
        }
        cm_elapse(m, pmu_cmd_arg(cmd, "cycles", 0));
        return 0;
    }
    if (!strcmp(cmd->verb, "traffic")) {
        req = pmu_cmd_arg(cmd, "req", 1);
        lat = pmu_cmd_arg(cmd, "lat", 0);
        if (pmu_cmd_check_args(cmd, traffic_args) ||
            !lat_arg(cmd, "inst", CM_INST - 1, &inst) ||
            !lat_arg(cmd, "mc", CM_MCS - 1, &mc) ||
            umul64_overflow(req, lat, &aor)) {
            return -EINVAL;
        }
        if (cm_counting(m, inst)) {
            c = CM_REQ(mc);
            lat_count(m, c->reg, inst, c->status, c->bit, req);
            c = CM_AOR(mc);
            lat_count(m, c->reg, inst, c->status, c->bit, aor);
            s->rd_req += req;
            s->rd_cum_outs += aor;
        } else {
            s->dropped_req += req;
        }
        cm_elapse(m, pmu_cmd_arg(cmd, "cycles", 0));
        return 0;
    }
    if (!strcmp(cmd->verb, "preset")) {
        c = lat_find_counter(cm_counters, ARRAY_SIZE(cm_counters),
                             pmu_cmd_word(cmd, "reg"));
        if (pmu_cmd_check_args(cmd, preset_args) || !c ||
            !lat_arg(cmd, "inst", CM_INST - 1, &inst) ||
            !lat_arg(cmd, "value", UINT64_MAX, &value)) {
            return -EINVAL;
        }
        pmu_reg_put(m, c->reg, inst, value);
        return 0;
    }
    return -EINVAL;
}

static void cm_totals(PmuModel *m, GString *out)
{
    CmModel *s = cm(m);

    g_string_append_printf(out, "rd_req %" PRIu64 "\n", s->rd_req);
    g_string_append_printf(out, "rd_cum_outs %" PRIu64 "\n", s->rd_cum_outs);
    g_string_append_printf(out, "cycles %" PRIu64 "\n", s->cycles);
    g_string_append_printf(out, "dropped_req %" PRIu64 "\n", s->dropped_req);
    g_string_append_printf(out, "clears %" PRIu64 "\n", s->clears);
}

static void cm_reset_totals(PmuModel *m)
{
    memset(cm(m), 0, sizeof(CmModel));
}

/* Words: a counter's name, the direction, the operation, the peer type */
static const char *const cm_word_keys[] = { "reg", NULL };
static const char *const c2_word_keys[] = { "reg", "dir", "op", "peer", NULL };

static const PmuModelKind t410_cmem_kind = {
    .name = "t410-cmem",
    .state_size = sizeof(CmModel),
    .regs = cm_regs,
    .nregs = CM_NREGS,
    .regs_size = CM_BLOCKS * LAT_BLOCK,
    .word_keys = cm_word_keys,
    .elapse = cm_elapse,
    .command = cm_command,
    .totals = cm_totals,
    .reset_totals = cm_reset_totals,
};

/* C2C: NVLink-C2C, NV-CLink, NV-DLink */

#define C2_MAX_INST         16
#define C2_MAX_BLOCKS       (C2_MAX_INST + 1)
#define C2_MAX_PEERS        2
#define C2_EVENTS           8
#define C2_CTRL_EN          BIT(0)

enum c2_variant { C2_NVLINK, C2_NVCLINK, C2_NVDLINK };

static const char *const c2_variant_names[] = {
    [C2_NVLINK] = "nvlink-c2c",
    [C2_NVCLINK] = "nvclink",
    [C2_NVDLINK] = "nvdlink",
    NULL
};

static const unsigned c2_variant_inst[] = {
    [C2_NVLINK] = 14,
    [C2_NVCLINK] = 12,
    [C2_NVDLINK] = 16,
};

enum c2_peer_type { C2_PEER_GPU, C2_PEER_CPU, C2_PEER_CXLMEM };

/* OUT_STATUS comes before IN_WR_REQ: it answers at 0x890 */
enum c2_reg {
    C2_CTRL,
    C2_IN_STATUS,
    C2_OUT_STATUS,
    C2_CYCLE,
    C2_IN_RD_CUM,
    C2_IN_RD_REQ,
    C2_IN_WR_CUM,
    C2_IN_WR_REQ,
    C2_OUT_RD_CUM,
    C2_OUT_RD_REQ,
    C2_OUT_WR_CUM,
    C2_OUT_WR_REQ,
    C2_NREGS,
};

/* Event e = dir * 4 + op * 2 + (1 for requests, 0 for cum_outs) */
enum { C2_IN, C2_OUT };
enum { C2_RD, C2_WR };

static const LatCounter c2_cycle_counter = {
    "CYCLE_CNTR", C2_CYCLE, C2_IN_STATUS, BIT(0)
};

static const LatCounter c2_counters[C2_EVENTS] = {
    { "IN_RD_CUM_OUTS", C2_IN_RD_CUM, C2_IN_STATUS, BIT(1) },
    { "IN_RD_REQ", C2_IN_RD_REQ, C2_IN_STATUS, BIT(2) },
    { "IN_WR_CUM_OUTS", C2_IN_WR_CUM, C2_IN_STATUS, BIT(3) },
    { "IN_WR_REQ", C2_IN_WR_REQ, C2_IN_STATUS, BIT(4) },
    { "OUT_RD_CUM_OUTS", C2_OUT_RD_CUM, C2_OUT_STATUS, BIT(0) },
    { "OUT_RD_REQ", C2_OUT_RD_REQ, C2_OUT_STATUS, BIT(1) },
    { "OUT_WR_CUM_OUTS", C2_OUT_WR_CUM, C2_OUT_STATUS, BIT(2) },
    { "OUT_WR_REQ", C2_OUT_WR_REQ, C2_OUT_STATUS, BIT(3) },
};

static const char *const c2_event_names[C2_EVENTS] = {
    "in_rd_cum_outs", "in_rd_req", "in_wr_cum_outs", "in_wr_req",
    "out_rd_cum_outs", "out_rd_req", "out_wr_cum_outs", "out_wr_req",
};

typedef struct C2Model {
    /* the link, as opts= wired it */
    unsigned ninst;
    enum c2_peer_type peer_type;
    uint32_t peer_mask[C2_MAX_PEERS];   /* instances wired to each peer */
    uint32_t wired;
    /* exact totals since the last reset */
    uint64_t cycles;
    uint64_t dropped_req;
    uint64_t counted[C2_EVENTS];
    uint64_t peer_counted[C2_MAX_PEERS][C2_EVENTS];
} C2Model;

static C2Model *c2(PmuModel *m)
{
    return m->state;
}

static bool c2_counting(PmuModel *m, unsigned i)
{
    return pmu_reg_get(m, C2_CTRL, i) & C2_CTRL_EN;
}

static uint64_t c2_fanout(PmuModel *m, unsigned n)
{
    return n == c2(m)->ninst ? MAKE_64BIT_MASK(0, c2(m)->ninst) : 0;
}

/* What the link carries: a CPU peer reads only, CXL memory is read */
static bool c2_carries(PmuModel *m, unsigned e)
{
    switch (c2(m)->peer_type) {
    case C2_PEER_CPU:
        return (e / 2) % 2 == C2_RD;
    case C2_PEER_CXLMEM:
        return e / 2 == C2_IN * 2 + C2_RD;
    default:
        return true;
    }
}

/* The peer instance i is wired to, or -1 */
static int c2_peer_of(PmuModel *m, unsigned i)
{
    unsigned p;

    for (p = 0; p < C2_MAX_PEERS; p++) {
        if (c2(m)->peer_mask[p] & BIT(i)) {
            return p;
        }
    }
    return -1;
}

/* Enabling an instance restarts its counters, and its overflow status */
static void c2_ctrl_write(PmuModel *m, unsigned n, uint64_t old, uint64_t val)
{
    unsigned e;

    if ((old & C2_CTRL_EN) || !(val & C2_CTRL_EN)) {
        return;
    }
    pmu_reg_put(m, C2_CYCLE, n, 0);
    for (e = 0; e < C2_EVENTS; e++) {
        pmu_reg_put(m, c2_counters[e].reg, n, 0);
    }
    pmu_reg_put(m, C2_IN_STATUS, n, 0);
    pmu_reg_put(m, C2_OUT_STATUS, n, 0);
}

#define C2_REG(idx, nm, off, sz, how, mask, hook)                       \
    [idx] = { .name = (nm), .offset = (off), .count = C2_MAX_BLOCKS,    \
              .stride = LAT_BLOCK, .size = (sz), .kind = (how),         \
              .wmask = (mask), .write = (hook), .fanout = c2_fanout }

static const PmuReg c2_regs[C2_NREGS] = {
    C2_REG(C2_CTRL, "CTRL", 0x864, 4, PMU_REG_RW, C2_CTRL_EN, c2_ctrl_write),
    C2_REG(C2_IN_STATUS, "IN_STATUS", 0x868, 4, PMU_REG_RO, 0, NULL),
    C2_REG(C2_OUT_STATUS, "OUT_STATUS", 0x890, 4, PMU_REG_RO, 0, NULL),
    C2_REG(C2_CYCLE, "CYCLE_CNTR", 0x86c, 8, PMU_REG_RO, 0, NULL),
    C2_REG(C2_IN_RD_CUM, "IN_RD_CUM_OUTS", 0x874, 8, PMU_REG_RO, 0, NULL),
    C2_REG(C2_IN_RD_REQ, "IN_RD_REQ", 0x87c, 8, PMU_REG_RO, 0, NULL),
    C2_REG(C2_IN_WR_CUM, "IN_WR_CUM_OUTS", 0x884, 8, PMU_REG_RO, 0, NULL),
    C2_REG(C2_IN_WR_REQ, "IN_WR_REQ", 0x88c, 8, PMU_REG_RO, 0, NULL),
    C2_REG(C2_OUT_RD_CUM, "OUT_RD_CUM_OUTS", 0x898, 8, PMU_REG_RO, 0, NULL),
    C2_REG(C2_OUT_RD_REQ, "OUT_RD_REQ", 0x8a0, 8, PMU_REG_RO, 0, NULL),
    C2_REG(C2_OUT_WR_CUM, "OUT_WR_CUM_OUTS", 0x8a8, 8, PMU_REG_RO, 0, NULL),
    C2_REG(C2_OUT_WR_REQ, "OUT_WR_REQ", 0x8b0, 8, PMU_REG_RO, 0, NULL),
};

static void c2_elapse(PmuModel *m, uint64_t cycles)
{
    const LatCounter *c = &c2_cycle_counter;
    C2Model *s = c2(m);
    unsigned i;

    for (i = 0; i < s->ninst; i++) {
        if (c2_counting(m, i)) {
            lat_count(m, c->reg, i, c->status, c->bit, cycles);
        }
    }
    if (c2_counting(m, ctz32(s->wired))) {
        s->cycles += cycles;
    }
}

/* n occurrences of event e at instance i, from peer p, if it counts */
static bool c2_occur(PmuModel *m, unsigned i, unsigned p, unsigned e,
                     uint64_t n)
{
    const LatCounter *c = &c2_counters[e];
    C2Model *s = c2(m);

    if (!c2_counting(m, i)) {
        return false;
    }
    lat_count(m, c->reg, i, c->status, c->bit, n);
    s->counted[e] += n;
    s->peer_counted[p][e] += n;
    return true;
}

/*
 * The race: the counter whose half is at the armed offset, if its
 * instance counts and its event can occur there, makes its low half carry
 * just before that half is read
 */
static bool c2_race(PmuModel *m)
{
    C2Model *s = c2(m);
    unsigned i = m->race_offset / LAT_BLOCK;
    uint32_t off = m->race_offset % LAT_BLOCK;
    const LatCounter *c = NULL;
    uint64_t amount;
    unsigned e;
    int p;

    if (i >= s->ninst || !c2_counting(m, i)) {
        return false;
    }
    for (e = 0; e <= C2_EVENTS && !c; e++) {
        const LatCounter *k = e ? &c2_counters[e - 1] : &c2_cycle_counter;
        uint32_t lo = c2_regs[k->reg].offset;

        if (off == lo + 4 && off != c2_regs[C2_OUT_STATUS].offset) {
            /* the high half: act before the next read of the low one */
            m->race_offset -= 4;
            return false;
        }
        if (off == lo) {
            c = k;
        }
    }
    if (!c) {
        return false;
    }
    amount = (1ULL << 32) - extract64(pmu_reg_get(m, c->reg, i), 0, 32);
    if (c == &c2_cycle_counter) {
        c2_elapse(m, amount);
        return true;
    }
    e = c - c2_counters;
    p = c2_peer_of(m, i);
    return p >= 0 && c2_carries(m, e) && c2_occur(m, i, p, e, amount);
}

static int c2_word(const PmuModelCmd *cmd, const char *key,
                   const char *const *words)
{
    const char *w = pmu_cmd_word(cmd, key);
    int i;

    for (i = 0; w && words[i]; i++) {
        if (!strcmp(w, words[i])) {
            return i;
        }
    }
    return -1;
}

static int c2_traffic(PmuModel *m, const PmuModelCmd *cmd)
{
    static const char *const args[] = {
        "dir", "op", "peer", "inst", "req", "lat", "cycles", NULL
    };
    static const char *const dirs[] = { "in", "out", NULL };
    static const char *const ops[] = { "rd", "wr", NULL };
    C2Model *s = c2(m);
    int dir = c2_word(cmd, "dir", dirs);
    int op = c2_word(cmd, "op", ops);
    uint64_t req = pmu_cmd_arg(cmd, "req", 1);
    uint64_t lat = pmu_cmd_arg(cmd, "lat", 0);
    uint64_t peer, inst, cum;
    unsigned e;

    if (pmu_cmd_check_args(cmd, args) || dir < 0 || op < 0 ||
        !lat_arg(cmd, "peer", C2_MAX_PEERS - 1, &peer) ||
        !lat_arg(cmd, "inst", s->ninst - 1, &inst) ||
        umul64_overflow(req, lat, &cum)) {
        return -EINVAL;
    }
    /* a lane the peer is not on, or traffic the link does not carry */
    e = dir * 4 + op * 2;
    if (!(s->peer_mask[peer] & BIT(inst))) {
        return -ENXIO;
    }
    if (!c2_carries(m, e)) {
        return -EOPNOTSUPP;
    }
    if (c2_occur(m, inst, peer, e + 1, req)) {
        c2_occur(m, inst, peer, e, cum);
    } else {
        s->dropped_req += req;
    }
    c2_elapse(m, pmu_cmd_arg(cmd, "cycles", 0));
    return 0;
}

static int c2_command(PmuModel *m, const PmuModelCmd *cmd)
{
    static const char *const idle_args[] = { "cycles", NULL };
    static const char *const preset_args[] = { "inst", "reg", "value", NULL };
    const char *reg = pmu_cmd_word(cmd, "reg");
    const LatCounter *c;
    uint64_t inst, value;

    if (!strcmp(cmd->verb, "idle")) {
        if (pmu_cmd_check_args(cmd, idle_args)) {
            return -EINVAL;
        }
        c2_elapse(m, pmu_cmd_arg(cmd, "cycles", 0));
        return 0;
    }
    if (!strcmp(cmd->verb, "traffic")) {
        return c2_traffic(m, cmd);
    }
    if (!strcmp(cmd->verb, "preset")) {
        c = lat_find_counter(c2_counters, C2_EVENTS, reg) ?:
            lat_find_counter(&c2_cycle_counter, 1, reg);
        if (pmu_cmd_check_args(cmd, preset_args) || !c ||
            !lat_arg(cmd, "inst", c2(m)->ninst - 1, &inst) ||
            !lat_arg(cmd, "value", UINT64_MAX, &value)) {
            return -EINVAL;
        }
        pmu_reg_put(m, c->reg, inst, value);
        return 0;
    }
    return -EINVAL;
}

static void c2_totals(PmuModel *m, GString *out)
{
    C2Model *s = c2(m);
    unsigned e, p;

    g_string_append_printf(out, "cycles %" PRIu64 "\n", s->cycles);
    for (e = 0; e < C2_EVENTS; e++) {
        g_string_append_printf(out, "%s %" PRIu64 "\n", c2_event_names[e],
                               s->counted[e]);
    }
    for (p = 0; p < C2_MAX_PEERS; p++) {
        for (e = 0; s->peer_mask[p] && e < C2_EVENTS; e++) {
            g_string_append_printf(out, "%s.peer%u %" PRIu64 "\n",
                                   c2_event_names[e], p,
                                   s->peer_counted[p][e]);
        }
    }
    g_string_append_printf(out, "dropped_req %" PRIu64 "\n", s->dropped_req);
}

static void c2_reset_totals(PmuModel *m)
{
    C2Model *s = c2(m);

    s->cycles = 0;
    s->dropped_req = 0;
    memset(s->counted, 0, sizeof(s->counted));
    memset(s->peer_counted, 0, sizeof(s->peer_counted));
}

/* peer=gpu:gpu0=MASK:gpu1=MASK | peer=cpu:cpu=MASK | peer=cxlmem */
static bool c2_configure(PmuModel *m, const PmuModelCmd *opts, Error **errp)
{
    static const char *const keys[] = { "peer", "gpu0", "gpu1", "cpu", NULL };
    static const char *const peers[] = { "gpu", "cpu", "cxlmem", NULL };
    C2Model *s = c2(m);
    const char *bad = pmu_cmd_unknown_arg(opts, keys);
    uint32_t all;
    int type;

    s->ninst = c2_variant_inst[m->variant];
    all = MAKE_64BIT_MASK(0, s->ninst);
    if (bad) {
        error_setg(errp, "t410-c2c %s: unknown option '%s' (peer, gpu0, "
                   "gpu1, cpu)", m->name, bad);
        return false;
    }
    if (pmu_cmd_has(opts, "peer")) {
        type = c2_word(opts, "peer", peers);
    } else {
        type = m->variant == C2_NVDLINK ? C2_PEER_CXLMEM : -1;
    }
    if (type < 0) {
        error_setg(errp, "t410-c2c %s: peer=gpu, peer=cpu or peer=cxlmem "
                   "is needed", m->name);
        return false;
    }
    s->peer_type = type;
    if ((type == C2_PEER_CXLMEM) != (m->variant == C2_NVDLINK)) {
        error_setg(errp, "t410-c2c %s: NV-DLink links CXL memory, and only "
                   "it does", m->name);
        return false;
    }
    if (pmu_cmd_arg(opts, "gpu0", 0) > all ||
        pmu_cmd_arg(opts, "gpu1", 0) > all ||
        pmu_cmd_arg(opts, "cpu", 0) > all) {
        error_setg(errp, "t410-c2c %s: an instance mask is a number of %u "
                   "bits", m->name, s->ninst);
        return false;
    }
    switch (type) {
    case C2_PEER_GPU:
        s->peer_mask[0] = pmu_cmd_arg(opts, "gpu0", 0);
        s->peer_mask[1] = pmu_cmd_arg(opts, "gpu1", 0);
        if (pmu_cmd_has(opts, "cpu") || !(s->peer_mask[0] | s->peer_mask[1]) ||
            (s->peer_mask[0] & s->peer_mask[1])) {
            error_setg(errp, "t410-c2c %s: peer=gpu takes gpu0= and gpu1=, "
                       "not both 0, no instance on both", m->name);
            return false;
        }
        break;
    case C2_PEER_CPU:
        s->peer_mask[0] = pmu_cmd_arg(opts, "cpu", 0);
        if (pmu_cmd_has(opts, "gpu0") || pmu_cmd_has(opts, "gpu1") ||
            !s->peer_mask[0]) {
            error_setg(errp, "t410-c2c %s: peer=cpu takes cpu=MASK, not 0",
                       m->name);
            return false;
        }
        break;
    default:
        if (opts->n > (pmu_cmd_has(opts, "peer") ? 1 : 0)) {
            error_setg(errp, "t410-c2c %s: peer=cxlmem takes no mask: it is "
                       "on every instance", m->name);
            return false;
        }
        s->peer_mask[0] = all;
        break;
    }
    s->wired = s->peer_mask[0] | s->peer_mask[1];
    /* the instances, then the broadcast block */
    m->regs_size = (s->ninst + 1) * LAT_BLOCK;
    return true;
}

static const PmuModelKind t410_c2c_kind = {
    .name = "t410-c2c",
    .variants = c2_variant_names,
    .state_size = sizeof(C2Model),
    .regs = c2_regs,
    .nregs = C2_NREGS,
    .regs_size = C2_MAX_BLOCKS * LAT_BLOCK,
    .word_keys = c2_word_keys,
    .configure = c2_configure,
    .elapse = c2_elapse,
    .command = c2_command,
    .race = c2_race,
    .totals = c2_totals,
    .reset_totals = c2_reset_totals,
};

static void t410_latency_model_register(void)
{
    pmu_model_register_kind(&t410_cmem_kind);
    pmu_model_register_kind(&t410_c2c_kind);
}

type_init(t410_latency_model_register)
