/*
 * A model with one register of every kind the common part offers, for
 * tests of the register file itself (tests/e2e/model_registers.sh)
 *
 * SPDX-License-Identifier: GPL-2.0-or-later
 *
 *   0x00 RW    bits [15:0] writable, bit 31 w1c status, bit 16 self-clearing
 *              command (each command write increments CMDS)
 *   0x04 RO    CMDS: command writes seen
 *   0x08 SET   ENSET: write-1-to-set, reads the enable bits
 *   0x0c CLR   ENCLR: write-1-to-clear the same bits
 *   0x10 W1C   STATUS: write-1-to-clear
 *   0x18 RW    WIDE: 64 bits, readable and writable as two 32-bit halves
 *   0x20 RO    TICK: increments on every read of it
 *   0x30 RW    ARR0-2 at 0x30, 0x34, 0x38: like CTRL's bits [16:0] (a
 *              command write increments CMDS); ARR2 broadcasts: a write
 *              to it is the same write to ARR0 and ARR1, and it reads 0
 *   0x3c RW    PACKED: 64 bits at 4 mod 8, accessed by its halves only
 *   0x44 RW    UNDER: 64 bits at 4 mod 8, whose high half OVER shadows
 *   0x48 RO    OVER: 0x0ee00ee0, placed over UNDER's high half
 *
 * Commands: "status bits=N" sets STATUS bits (and bit 31 of CTRL) as
 * hardware would, and raises the interrupt while any STATUS bit is set.
 */

#include "qemu/osdep.h"
#include "qemu/module.h"
#include "pmu-model.h"

enum { ST_CTRL, ST_CMDS, ST_ENSET, ST_ENCLR, ST_STATUS, ST_WIDE, ST_TICK,
       ST_ARR, ST_PACKED, ST_OVER, ST_UNDER, ST_NREGS };

#define CTRL_CMD        BIT(16)
#define CTRL_STATUS     BIT(31)

typedef struct SelftestModel {
    uint64_t tick;
} SelftestModel;

static void st_ctrl_write(PmuModel *m, unsigned n, uint64_t old, uint64_t val)
{
    if (val & CTRL_CMD) {
        pmu_reg_put(m, ST_CMDS, 0, pmu_reg_get(m, ST_CMDS, 0) + 1);
    }
}

static void st_arr_write(PmuModel *m, unsigned n, uint64_t old, uint64_t val)
{
    st_ctrl_write(m, n, old, val);
}

static uint64_t st_arr_fanout(PmuModel *m, unsigned n)
{
    return n == 2 ? BIT(0) | BIT(1) : 0;
}

static void st_status_write(PmuModel *m, unsigned n, uint64_t old,
                            uint64_t val)
{
    pmu_model_set_irq(m, pmu_reg_get(m, ST_STATUS, 0) != 0);
}

static uint64_t st_tick_read(PmuModel *m, unsigned n)
{
    return ++((SelftestModel *)m->state)->tick;
}

static const PmuReg st_regs[ST_NREGS] = {
    [ST_CTRL] = { .name = "CTRL", .offset = 0x00, .size = 4,
                  .kind = PMU_REG_RW, .wmask = 0xffff | CTRL_CMD,
                  .w1c = CTRL_STATUS, .self_clear = CTRL_CMD,
                  .write = st_ctrl_write },
    [ST_CMDS] = { .name = "CMDS", .offset = 0x04, .size = 4,
                  .kind = PMU_REG_RO },
    [ST_ENSET] = { .name = "ENSET", .offset = 0x08, .size = 4,
                   .kind = PMU_REG_SET, .target = ST_ENSET },
    [ST_ENCLR] = { .name = "ENCLR", .offset = 0x0c, .size = 4,
                   .kind = PMU_REG_CLR, .target = ST_ENSET },
    [ST_STATUS] = { .name = "STATUS", .offset = 0x10, .size = 4,
                    .kind = PMU_REG_W1C, .write = st_status_write },
    [ST_WIDE] = { .name = "WIDE", .offset = 0x18, .size = 8,
                  .kind = PMU_REG_RW },
    [ST_TICK] = { .name = "TICK", .offset = 0x20, .size = 4,
                  .kind = PMU_REG_RO, .read = st_tick_read },
    [ST_ARR] = { .name = "ARR", .offset = 0x30, .count = 3, .stride = 4,
                 .size = 4, .kind = PMU_REG_RW, .wmask = 0xffff | CTRL_CMD,
                 .self_clear = CTRL_CMD, .write = st_arr_write,
                 .fanout = st_arr_fanout },
    [ST_PACKED] = { .name = "PACKED", .offset = 0x3c, .size = 8,
                    .kind = PMU_REG_RW },
    /* before UNDER: it answers at 0x48 */
    [ST_OVER] = { .name = "OVER", .offset = 0x48, .size = 4,
                  .kind = PMU_REG_RO, .reset = 0x0ee00ee0 },
    [ST_UNDER] = { .name = "UNDER", .offset = 0x44, .size = 8,
                   .kind = PMU_REG_RW },
};

static int st_command(PmuModel *m, const PmuModelCmd *cmd)
{
    static const char *const args[] = { "bits", NULL };
    uint64_t bits;

    if (strcmp(cmd->verb, "status") || pmu_cmd_check_args(cmd, args)) {
        return -EINVAL;
    }
    bits = pmu_cmd_arg(cmd, "bits", 1);
    pmu_reg_or(m, ST_STATUS, 0, bits);
    pmu_reg_or(m, ST_CTRL, 0, CTRL_STATUS);
    pmu_model_set_irq(m, pmu_reg_get(m, ST_STATUS, 0) != 0);
    return 0;
}

static void st_totals(PmuModel *m, GString *out)
{
    g_string_append_printf(out, "tick %" PRIu64 "\n",
                           ((SelftestModel *)m->state)->tick);
}

static void st_reset(PmuModel *m)
{
    ((SelftestModel *)m->state)->tick = 0;
}

static const PmuModelKind regfile_selftest_kind = {
    .name = "regfile-selftest",
    .state_size = sizeof(SelftestModel),
    .regs = st_regs,
    .nregs = ST_NREGS,
    .regs_size = 0x1000,
    .reset = st_reset,
    .command = st_command,
    .totals = st_totals,
};

static void regfile_selftest_register(void)
{
    pmu_model_register_kind(&regfile_selftest_kind);
}

type_init(regfile_selftest_register)
