/*
 * Model of the i.MX8 DDR performance monitor
 *
 * SPDX-License-Identifier: GPL-2.0-or-later
 *
 * Variants (the "variant=" property): imx8 (no AXI filter), imx8mq (the
 * shared DPCR1 filter), imx8mp (the enhanced filter with byte counters),
 * imx8dxl (the per-counter super filter) and imx8dxl-db (the i.MX8DXL DB
 * monitor: the same block and super filter on a bus of AXI ports instead
 * of the DRAM controller; here the eight its 3-bit port select can name).
 *
 * Traffic is injected as bursts: a burst of S bytes on the 64-bit bus
 * takes ceil(S / 8) cycles (its data beats), so no counter ever advances
 * faster than counter 0.  Each burst has a direction (read or write), an
 * AXI ID and a port.  The DDR variants have one AXI port, port 0 (other
 * ports are refused: there is nothing there to carry traffic); the DB has
 * ports 0-7.  A burst crosses two AXI channels of its direction: the
 * address channel once, the data channel once per beat.
 *
 * What the registers do:
 * - CNTL.CLEAR is active low.  Writing it 0 clears the counter and its
 *   OVER.  Counter 0 is then held at 0 until CLEAR is written 1, when it
 *   loads its preset (CNTL.CP into the top byte); on counters 1-3 CLEAR
 *   returns to 1 by itself and the counter restarts from its preset at
 *   once.
 * - Counter 0 counts cycles while CNTL0.EN is set and it is not held in
 *   clear, and gates the others: nothing counts unless it does.  When it
 *   wraps it sets CNTL0.OVER, locks every counter and raises the
 *   interrupt (the line follows CNTL0.OVER).  Clearing counter 0 releases
 *   the lock.
 * - Counters 1-3 count the event in CNTL.CSV while their EN is set.  When
 *   one overflows it sets its CNTL.OVER; on the i.MX8MP it then stops
 *   (count and byte count) until cleared, elsewhere it wraps and goes on.
 *   On the i.MX8MP an overflowing byte count does the same.
 * - The CP preset exists on the i.MX8M parts (mq, mp); elsewhere counter 0
 *   restarts from 0 (as far as 6.12 goes, only i.MX8M parts are given one).
 * - Super filter (imx8dxl, imx8dxl-db), per counter n = 1-3: MASK_COMP(n)
 *   holds an ID in [15:0] and the ID bits to compare in [31:16];
 *   MUX_CNTL(n) holds a read port [2:0] and read channel bit 3, and a
 *   write port [10:8] and write channel bit 11 (1: data channel, 0:
 *   address channel).  A counter whose CSV is axid-read (0x41) counts read
 *   bursts (address channel) or read beats (data channel) whose port is
 *   the read port and whose ID passes MASK_COMP; one whose CSV is
 *   axid-write (0x42) the same for writes, through the write half.  Each
 *   direction looks at its own half only.
 * - The DB counts cycles and the two AXI ID events; it has no signal of a
 *   DRAM controller, so any other CSV counts nothing there.
 * - OVER bits are status: software cannot write them.
 *
 * "race read=0x20" makes counter 0 overflow just before the next read of
 * COUNT0 (any register offset can be named) while it is counting.
 *
 * Totals: cycles, bursts and bytes per direction, and per counter its
 * CSV and what it counted; the DB also has, per port P, portP_read_bursts,
 * portP_read_beats, portP_write_bursts and portP_write_beats (every ID).
 */

#include "qemu/osdep.h"
#include "hw/registerfields.h"
#include "qemu/module.h"
#include "pmu-model.h"

#define DDR_COUNTERS        4
#define DDR_BUS_BYTES       8
#define DB_PORTS            8

enum ddr_reg {
    DDR_CNTL,
    DDR_COUNT,
    DDR_DPCR1,
    DDR_BYTES,
    DDR_MUX_CNTL,
    DDR_MASK_COMP,
    DDR_NREGS,
};

#define CNTL_OVER           BIT(0)
#define CNTL_CLEAR          BIT(1)
#define CNTL_EN             BIT(2)
#define CNTL_CP_SHIFT       16
#define CNTL_CP_MASK        MAKE_64BIT_MASK(16, 8)
#define CNTL_CSV_SHIFT      24
#define CNTL_CSV_MASK       MAKE_64BIT_MASK(24, 8)
/* ID in [15:0], bits to compare in [31:16], for DPCR1 and MASK_COMP */
#define FILTER_ID(v)        extract32(v, 0, 16)
#define FILTER_COMPARE(v)   extract32(v, 16, 16)
#define MUX_RD_PORT(v)      extract32(v, 0, 3)
#define MUX_RD_DATA         BIT(3)
#define MUX_WR_PORT(v)      extract32(v, 8, 3)
#define MUX_WR_DATA         BIT(11)

enum ddr_variant {
    DDR_IMX8,
    DDR_IMX8MQ,
    DDR_IMX8MP,
    DDR_IMX8DXL,
    DDR_IMX8DXL_DB,
};

static const char *const ddr_variants[] = {
    [DDR_IMX8] = "imx8",
    [DDR_IMX8MQ] = "imx8mq",
    [DDR_IMX8MP] = "imx8mp",
    [DDR_IMX8DXL] = "imx8dxl",
    [DDR_IMX8DXL_DB] = "imx8dxl-db",
    NULL
};

/* What one CSV counts */
enum ddr_measure {
    COUNT_NOTHING,
    COUNT_READ_BURSTS,
    COUNT_WRITE_BURSTS,
    COUNT_READ_BEATS,
    COUNT_WRITE_BEATS,
    COUNT_AXID_READ,
    COUNT_AXID_WRITE,
};

static const struct {
    uint8_t csv;
    enum ddr_measure what;
} ddr_csv_table[] = {
    { 0x04, COUNT_READ_BURSTS },    /* read-accesses */
    { 0x05, COUNT_WRITE_BURSTS },   /* write-accesses */
    { 0x20, COUNT_READ_BURSTS },    /* read-command */
    { 0x21, COUNT_WRITE_BURSTS },   /* write-command */
    { 0x2a, COUNT_READ_BEATS },     /* read-cycles */
    { 0x2b, COUNT_WRITE_BEATS },    /* write-cycles */
    { 0x35, COUNT_READ_BURSTS },    /* read */
    { 0x38, COUNT_WRITE_BURSTS },   /* write */
    { 0x41, COUNT_AXID_READ },      /* axid-read */
    { 0x42, COUNT_AXID_WRITE },     /* axid-write */
};

/* Traffic of one port, every ID */
typedef struct DdrPortTotals {
    uint64_t read_bursts, read_beats;
    uint64_t write_bursts, write_beats;
} DdrPortTotals;

/* A stream of equal bursts, or of idle cycles when @count is 0 */
typedef struct DdrTraffic {
    bool write;
    uint64_t count;
    uint32_t id;
    uint32_t port;
    uint32_t bytes;
    uint64_t cycles;        /* total length of the stream */
    uint64_t done;          /* cycles of it already elapsed */
} DdrTraffic;

typedef struct DdrModel {
    uint32_t value[DDR_COUNTERS];
    uint32_t bytes[DDR_COUNTERS];
    bool locked;
    DdrTraffic t;
    /* exact totals since the last reset */
    uint64_t cycles;
    uint64_t read_bursts, write_bursts;
    uint64_t read_bytes, write_bytes;
    DdrPortTotals port[DB_PORTS];
    uint64_t counted[DDR_COUNTERS];
    uint64_t counted_bytes[DDR_COUNTERS];
    uint8_t csv_seen[DDR_COUNTERS];
} DdrModel;

static DdrModel *ddr(PmuModel *m)
{
    return m->state;
}

static bool ddr_has_shared_filter(PmuModel *m)
{
    return m->variant == DDR_IMX8MQ || m->variant == DDR_IMX8MP;
}

static bool ddr_has_byte_counters(PmuModel *m)
{
    return m->variant == DDR_IMX8MP;
}

static bool ddr_has_super_filter(PmuModel *m)
{
    return m->variant == DDR_IMX8DXL || m->variant == DDR_IMX8DXL_DB;
}

/* The DB monitor: AXI ports 0-7, and no DRAM controller signal */
static bool ddr_is_db(PmuModel *m)
{
    return m->variant == DDR_IMX8DXL_DB;
}

static unsigned ddr_ports(PmuModel *m)
{
    return ddr_is_db(m) ? DB_PORTS : 1;
}

/* i.MX8MP counters stop at overflow until cleared */
static bool ddr_stops_at_overflow(PmuModel *m)
{
    return m->variant == DDR_IMX8MP;
}

static bool ddr_has_preset(PmuModel *m)
{
    return m->variant == DDR_IMX8MQ || m->variant == DDR_IMX8MP;
}

static uint32_t ddr_cntl(PmuModel *m, unsigned n)
{
    return pmu_reg_get(m, DDR_CNTL, n);
}

/* Counter 0 runs, and with it the block */
static bool ddr_running(PmuModel *m)
{
    uint32_t cntl0 = ddr_cntl(m, 0);

    return !ddr(m)->locked && (cntl0 & CNTL_EN) && (cntl0 & CNTL_CLEAR);
}

static void ddr_cntl_write(PmuModel *m, unsigned n, uint64_t old, uint64_t val)
{
    DdrModel *d = ddr(m);
    uint32_t preset = ddr_has_preset(m) ?
                      extract64(val, CNTL_CP_SHIFT, 8) << 24 : 0;

    if (!(val & CNTL_CLEAR)) {
        d->value[n] = 0;
        d->bytes[n] = 0;
        pmu_reg_andnot(m, DDR_CNTL, n, CNTL_OVER);
        if (n == 0) {
            d->locked = false;
            pmu_model_set_irq(m, false);
        } else {
            /* counters 1-3 leave clear by themselves */
            pmu_reg_or(m, DDR_CNTL, n, CNTL_CLEAR);
            d->value[n] = preset;
        }
    } else if (n == 0 && !(old & CNTL_CLEAR)) {
        d->value[0] = preset;
    }
}

static uint64_t ddr_count_read(PmuModel *m, unsigned n)
{
    return ddr(m)->value[n];
}

/* BYTES(i) is the byte count of counter i + 1 */
static uint64_t ddr_bytes_read(PmuModel *m, unsigned i)
{
    return ddr(m)->bytes[i + 1];
}

static const PmuReg ddr_regs[DDR_NREGS] = {
    [DDR_CNTL] = {
        .name = "CNTL", .offset = 0x00, .count = 4, .stride = 4, .size = 4,
        .kind = PMU_REG_RW, .reset = CNTL_CLEAR,
        .wmask = CNTL_CLEAR | CNTL_EN | CNTL_CP_MASK | CNTL_CSV_MASK,
        .write = ddr_cntl_write,
    },
    [DDR_COUNT] = {
        .name = "COUNT", .offset = 0x20, .count = 4, .stride = 4, .size = 4,
        .kind = PMU_REG_RO, .read = ddr_count_read,
    },
    [DDR_DPCR1] = {
        .name = "DPCR1", .offset = 0x30, .size = 4, .kind = PMU_REG_RW,
        .present = ddr_has_shared_filter,
    },
    [DDR_BYTES] = {
        .name = "BYTES", .offset = 0x34, .count = 3, .stride = 4, .size = 4,
        .kind = PMU_REG_RO, .read = ddr_bytes_read,
        .present = ddr_has_byte_counters,
    },
    [DDR_MUX_CNTL] = {
        .name = "MUX_CNTL", .offset = 0x50, .count = 3, .stride = 0x10,
        .size = 4, .kind = PMU_REG_RW, .wmask = 0xf0f,
        .present = ddr_has_super_filter,
    },
    [DDR_MASK_COMP] = {
        .name = "MASK_COMP", .offset = 0x54, .count = 3, .stride = 0x10,
        .size = 4, .kind = PMU_REG_RW, .present = ddr_has_super_filter,
    },
};

static enum ddr_measure ddr_measure_of(uint8_t csv)
{
    unsigned i;

    for (i = 0; i < ARRAY_SIZE(ddr_csv_table); i++) {
        if (ddr_csv_table[i].csv == csv) {
            return ddr_csv_table[i].what;
        }
    }
    return COUNT_NOTHING;
}

static bool ddr_id_matches(uint32_t filter, uint32_t id)
{
    uint32_t compare = FILTER_COMPARE(filter);

    return (id & compare) == (FILTER_ID(filter) & compare);
}

/*
 * How much AXI-filtered counter @n adds when @t moves @bursts bursts and
 * @beats data beats; @bytes gets the byte count for the byte bank.
 */
static uint64_t ddr_axid_increment(PmuModel *m, unsigned n,
                                   const DdrTraffic *t, uint64_t bursts,
                                   uint64_t beats, uint64_t *bytes)
{
    uint32_t mux;
    bool data;

    if (ddr_has_shared_filter(m)) {
        if (!ddr_id_matches(pmu_reg_get(m, DDR_DPCR1, 0), t->id)) {
            return 0;
        }
        *bytes = bursts * t->bytes;
        return bursts;
    }
    if (!ddr_has_super_filter(m) ||
        !ddr_id_matches(pmu_reg_get(m, DDR_MASK_COMP, n - 1), t->id)) {
        return 0;
    }
    mux = pmu_reg_get(m, DDR_MUX_CNTL, n - 1);
    if (t->write) {
        if (MUX_WR_PORT(mux) != t->port) {
            return 0;
        }
        data = mux & MUX_WR_DATA;
    } else {
        if (MUX_RD_PORT(mux) != t->port) {
            return 0;
        }
        data = mux & MUX_RD_DATA;
    }
    /* the address channel sees a burst once, the data channel per beat */
    return data ? beats : bursts;
}

static uint64_t ddr_increment(PmuModel *m, unsigned n, const DdrTraffic *t,
                              uint64_t bursts, uint64_t beats, uint64_t *bytes)
{
    uint8_t csv = extract32(ddr_cntl(m, n), CNTL_CSV_SHIFT, 8);
    enum ddr_measure what = ddr_measure_of(csv);

    *bytes = 0;
    ddr(m)->csv_seen[n] = csv;
    if (!t->count) {
        return 0;
    }
    if (ddr_is_db(m) && what != COUNT_AXID_READ && what != COUNT_AXID_WRITE) {
        return 0;
    }
    switch (what) {
    case COUNT_READ_BURSTS:
        return t->write ? 0 : bursts;
    case COUNT_WRITE_BURSTS:
        return t->write ? bursts : 0;
    case COUNT_READ_BEATS:
        return t->write ? 0 : beats;
    case COUNT_WRITE_BEATS:
        return t->write ? beats : 0;
    case COUNT_AXID_READ:
        return t->write ? 0 : ddr_axid_increment(m, n, t, bursts, beats, bytes);
    case COUNT_AXID_WRITE:
        return t->write ? ddr_axid_increment(m, n, t, bursts, beats, bytes) : 0;
    default:
        return 0;
    }
}

/* Add @inc to a 32-bit counter; true if it wrapped */
static bool ddr_add32(uint32_t *counter, uint64_t inc)
{
    uint64_t sum = (uint64_t)*counter + inc;

    *counter = sum;
    return sum > UINT32_MAX;
}

/*
 * Counter @n (1-3) sees @inc events and @bytes bytes.  What a stopped
 * counter does not count is not in counted[], which is what the hardware
 * counted.
 */
static void ddr_count(PmuModel *m, unsigned n, uint64_t inc, uint64_t bytes)
{
    DdrModel *d = ddr(m);
    bool stops = ddr_stops_at_overflow(m);
    bool over;

    if (stops && (ddr_cntl(m, n) & CNTL_OVER)) {
        return;
    }
    if (stops) {
        inc = MIN(inc, (1ULL << 32) - d->value[n]);
        bytes = MIN(bytes, (1ULL << 32) - d->bytes[n]);
    }
    d->counted[n] += inc;
    over = ddr_add32(&d->value[n], inc);
    if (ddr_has_byte_counters(m)) {
        d->counted_bytes[n] += bytes;
        over |= ddr_add32(&d->bytes[n], bytes) && stops;
    }
    if (over) {
        pmu_reg_or(m, DDR_CNTL, n, CNTL_OVER);
    }
}

/* Counter 0 counted @span cycles; on a wrap everything locks */
static void ddr_count_cycles(PmuModel *m, uint64_t span)
{
    DdrModel *d = ddr(m);

    d->counted[0] += span;
    d->csv_seen[0] = 0;
    if (ddr_add32(&d->value[0], span)) {
        d->locked = true;
        pmu_reg_or(m, DDR_CNTL, 0, CNTL_OVER);
        pmu_model_set_irq(m, true);
    }
}

/* Let the stream run until it ends or counter 0 overflows */
static void ddr_step(PmuModel *m)
{
    DdrModel *d = ddr(m);
    DdrTraffic *t = &d->t;
    uint64_t span, beats_per_burst, bursts, bytes, inc;
    bool running = ddr_running(m);
    unsigned n;

    span = t->cycles - t->done;
    if (running) {
        span = MIN(span, (1ULL << 32) - d->value[0]);
    }
    bursts = 0;
    if (t->count) {
        beats_per_burst = t->cycles / t->count;
        bursts = (t->done + span) / beats_per_burst - t->done / beats_per_burst;
    }
    t->done += span;
    d->cycles += span;
    if (t->write) {
        d->write_bursts += bursts;
        d->write_bytes += bursts * t->bytes;
        if (t->count) {
            d->port[t->port].write_bursts += bursts;
            d->port[t->port].write_beats += span;
        }
    } else {
        d->read_bursts += bursts;
        d->read_bytes += bursts * t->bytes;
        if (t->count) {
            d->port[t->port].read_bursts += bursts;
            d->port[t->port].read_beats += span;
        }
    }
    if (!running) {
        return;
    }

    for (n = 1; n < DDR_COUNTERS; n++) {
        uint32_t cntl = ddr_cntl(m, n);

        if (!(cntl & CNTL_EN) || !(cntl & CNTL_CLEAR)) {
            continue;
        }
        inc = ddr_increment(m, n, t, bursts, t->count ? span : 0, &bytes);
        ddr_count(m, n, inc, bytes);
    }
    ddr_count_cycles(m, span);
}

/* A stream waits while counter 0 is locked or being restarted */
static bool ddr_can_resume(PmuModel *m)
{
    return !ddr(m)->locked && (ddr_cntl(m, 0) & CNTL_CLEAR);
}

static int ddr_resume(PmuModel *m)
{
    DdrTraffic *t = &ddr(m)->t;

    while (t->done < t->cycles) {
        if (!ddr_can_resume(m)) {
            return PMU_MODEL_BUSY;
        }
        ddr_step(m);
    }
    return 0;
}

static void ddr_abort(PmuModel *m)
{
    ddr(m)->t.done = ddr(m)->t.cycles;
}

/* Free-running clock: idle cycles */
static void ddr_elapse(PmuModel *m, uint64_t cycles)
{
    DdrModel *d = ddr(m);
    uint64_t span = cycles;

    if (ddr_running(m)) {
        span = MIN(span, (1ULL << 32) - d->value[0]);
        ddr_count_cycles(m, span);
    }
    d->cycles += cycles;
}

/* Counter 0 runs to its overflow, as if idle cycles had passed */
static bool ddr_race(PmuModel *m)
{
    DdrModel *d = ddr(m);
    uint64_t span;

    if (!ddr_running(m)) {
        return false;
    }
    span = (1ULL << 32) - d->value[0];
    d->cycles += span;
    ddr_count_cycles(m, span);
    return true;
}

static uint64_t ddr_cycles_to_irq(PmuModel *m)
{
    return ddr_running(m) ? (1ULL << 32) - ddr(m)->value[0] : UINT64_MAX;
}

static const char *const ddr_traffic_args[] = {
    "count", "id", "port", "bytes", NULL
};

static const char *const ddr_idle_args[] = { "cycles", NULL };

/*
 * Commands:
 *   read  count=N [id=AXI_ID] [port=P] [bytes=S]   N read bursts of S bytes
 *                                                  on port P (0; 0-7: DB)
 *   write count=N [id=AXI_ID] [port=P] [bytes=S]   N write bursts
 *   idle  cycles=N                                 N cycles without traffic
 */
static int ddr_command(PmuModel *m, const PmuModelCmd *cmd)
{
    DdrTraffic *t = &ddr(m)->t;
    int ret;

    memset(t, 0, sizeof(*t));
    if (!strcmp(cmd->verb, "read") || !strcmp(cmd->verb, "write")) {
        ret = pmu_cmd_check_args(cmd, ddr_traffic_args);
        if (ret) {
            return ret;
        }
        t->write = cmd->verb[0] == 'w';
        t->count = pmu_cmd_arg(cmd, "count", 1);
        t->id = pmu_cmd_arg(cmd, "id", 0);
        t->port = pmu_cmd_arg(cmd, "port", 0);
        t->bytes = pmu_cmd_arg(cmd, "bytes", 64);
        if (!t->count || !t->bytes || t->id > UINT16_MAX ||
            t->port >= ddr_ports(m) ||
            t->bytes > 4096 || t->count > (1ULL << 48)) {
            return -EINVAL;
        }
        t->cycles = t->count * DIV_ROUND_UP(t->bytes, DDR_BUS_BYTES);
    } else if (!strcmp(cmd->verb, "idle")) {
        ret = pmu_cmd_check_args(cmd, ddr_idle_args);
        if (ret) {
            return ret;
        }
        t->cycles = pmu_cmd_arg(cmd, "cycles", 0);
        if (t->cycles > (1ULL << 52)) {
            return -EINVAL;
        }
    } else {
        return -EINVAL;
    }
    return ddr_resume(m);
}

static void ddr_totals(PmuModel *m, GString *s)
{
    DdrModel *d = ddr(m);
    unsigned n;

    g_string_append_printf(s, "cycles %" PRIu64 "\n", d->cycles);
    g_string_append_printf(s, "read_bursts %" PRIu64 "\n", d->read_bursts);
    g_string_append_printf(s, "write_bursts %" PRIu64 "\n", d->write_bursts);
    g_string_append_printf(s, "read_bytes %" PRIu64 "\n", d->read_bytes);
    g_string_append_printf(s, "write_bytes %" PRIu64 "\n", d->write_bytes);
    for (n = 0; n < DDR_COUNTERS; n++) {
        g_string_append_printf(s, "counter%u csv=0x%02x counted=%" PRIu64,
                               n, d->csv_seen[n], d->counted[n]);
        if (n && ddr_has_byte_counters(m)) {
            g_string_append_printf(s, " bytes=%" PRIu64, d->counted_bytes[n]);
        }
        g_string_append(s, "\n");
    }
    if (!ddr_is_db(m)) {
        return;
    }
    for (n = 0; n < DB_PORTS; n++) {
        const DdrPortTotals *p = &d->port[n];

        g_string_append_printf(s, "port%u_read_bursts %" PRIu64 "\n"
                               "port%u_read_beats %" PRIu64 "\n"
                               "port%u_write_bursts %" PRIu64 "\n"
                               "port%u_write_beats %" PRIu64 "\n",
                               n, p->read_bursts, n, p->read_beats,
                               n, p->write_bursts, n, p->write_beats);
    }
}

static void ddr_reset_totals(PmuModel *m)
{
    DdrModel *d = ddr(m);

    d->cycles = 0;
    d->read_bursts = d->write_bursts = 0;
    d->read_bytes = d->write_bytes = 0;
    memset(d->port, 0, sizeof(d->port));
    memset(d->counted, 0, sizeof(d->counted));
    memset(d->counted_bytes, 0, sizeof(d->counted_bytes));
}

static void ddr_reset(PmuModel *m)
{
    DdrModel *d = ddr(m);

    memset(d->value, 0, sizeof(d->value));
    memset(d->bytes, 0, sizeof(d->bytes));
    memset(d->csv_seen, 0, sizeof(d->csv_seen));
    d->locked = false;
}

static const PmuModelKind imx8_ddr_kind = {
    .name = "imx8-ddr",
    .variants = ddr_variants,
    .state_size = sizeof(DdrModel),
    .regs = ddr_regs,
    .nregs = DDR_NREGS,
    .regs_size = 0x10000,
    .reset = ddr_reset,
    .elapse = ddr_elapse,
    .cycles_to_irq = ddr_cycles_to_irq,
    .command = ddr_command,
    .can_resume = ddr_can_resume,
    .resume = ddr_resume,
    .abort = ddr_abort,
    .race = ddr_race,
    .totals = ddr_totals,
    .reset_totals = ddr_reset_totals,
};

static void imx8_ddr_model_register(void)
{
    pmu_model_register_kind(&imx8_ddr_kind);
}

type_init(imx8_ddr_model_register)
