/*
 * PMU hardware models of the virtual board: the common part
 *
 * SPDX-License-Identifier: GPL-2.0-or-later
 *
 * A model is one kind of PMU hardware behind two MMIO windows: the PMU's
 * registers, exactly as a driver sees them, and a control port that only
 * tests use (to inject traffic, read exact totals and choose how time
 * passes).  Every access to either window traps here, so a register can
 * have the side effects silicon gives it: write-1-to-set/clear pairs,
 * write-1-to-clear status, self-clearing command bits, counters that are
 * computed when they are read.
 *
 * A kind of hardware is a PmuModelKind: a table of PmuReg that says what
 * each register does, and callbacks for what the table cannot say (the
 * counting itself).  Nothing here knows about a bus: the bus glue
 * (pmu-model-isa.c on the x86 board) maps pmu_model.regs and pmu_model.port
 * and wires pmu_model.irq.
 *
 * Time has two modes, chosen by a test through the control port:
 *  - traffic only (the default): cycles pass only when traffic or idle
 *    time is injected, so counts are exact and repeatable;
 *  - free running ("clock hz=N"): cycles also pass with the machine's
 *    virtual time at N Hz, so a counter moves between any two accesses
 *    of a driver, as on silicon.
 *
 * Injected traffic plays until it is done or the model raises its
 * interrupt; it then waits until the driver has answered (the interrupt
 * line is low and the kind's can_resume() agrees) before it plays on.  The
 * test that injected it polls the port's STATUS register meanwhile.
 */
#ifndef HW_MISC_PMU_MODEL_H
#define HW_MISC_PMU_MODEL_H

#include "exec/memory.h"
#include "hw/irq.h"
#include "qemu/timer.h"

typedef struct PmuModel PmuModel;

/* How a register reacts to a write */
typedef enum PmuRegKind {
    PMU_REG_RW,     /* stores .wmask bits; .w1c and .self_clear apply */
    PMU_REG_RO,     /* writes are ignored */
    PMU_REG_W1C,    /* status: a written 1 clears that bit */
    PMU_REG_SET,    /* a 1 sets that bit of .target; reads .target */
    PMU_REG_CLR,    /* a 1 clears that bit of .target; reads .target */
} PmuRegKind;

/**
 * PmuReg: one register, or an array of them
 * @name: as in the hardware manual, for traces.
 * @offset: of instance 0 in the register window.
 * @count: number of instances (0 means 1); instance n is at
 *     @offset + n * @stride.
 * @stride: bytes between instances.
 * @size: 4 or 8 bytes.  An 8-byte register can also be accessed as two
 *     4-byte halves, each a separate access (a live value can move in
 *     between, as on silicon without 64-bit single-copy atomicity).  It
 *     needs only 4-byte alignment: one at 4 mod 8 (a counter the hardware
 *     packs after a 32-bit register) is for its halves alone, as an arm64
 *     Device mapping faults a misaligned 8-byte access; here an 8-byte
 *     read there reads 0 (x86 TCG splits it into aligned 8-byte reads
 *     that each straddle two registers).
 * @kind: see PmuRegKind.
 * @target: for PMU_REG_SET/CLR, the index (in the kind's table) of the
 *     register whose bits they set or clear: a pair is a SET register
 *     whose target is itself and a CLR register whose target is the SET
 *     one.
 * @reset: value at reset.
 * @wmask: bits a write stores (PMU_REG_RW, and the bits SET/CLR may touch
 *     in their target); 0 means all.
 * @w1c: status bits of a PMU_REG_RW register that a written 1 clears
 *     (they must not be in @wmask).
 * @self_clear: command bits: the write hook sees them as written, then
 *     they read back as 0.
 * @present: whether the register exists on this instance (its variant or
 *     its configuration); NULL means always.  Two entries may describe the
 *     same offsets if at most one of them is present, which is how a
 *     register moves with the configuration (a counter array at 4- or
 *     8-byte stride, in one page or the other).  Offsets where no present
 *     register lies read as zero and ignore writes.  Where present
 *     entries overlap (a manual that places a register over another's
 *     upper half), the first in the table answers.
 * @read: computes the value instead of the stored one (a counter).
 * @write: side effects, after the stored value changed from @old to @val;
 *     @val still holds the @self_clear bits as written.
 * @fanout: broadcast: the instances (a bitmap, instances 0-63) that a
 *     write to instance @n reaches instead of @n itself; 0 for an ordinary
 *     instance.  Each of them takes the same access, with its own side
 *     effects, lowest first; instance @n keeps nothing and reads as 0.
 *     NULL: no instance broadcasts.
 */
typedef struct PmuReg {
    const char *name;
    uint32_t offset;
    uint16_t count;
    uint16_t stride;
    uint8_t size;
    PmuRegKind kind;
    int target;
    uint64_t reset;
    uint64_t wmask;
    uint64_t w1c;
    uint64_t self_clear;
    bool (*present)(PmuModel *m);
    uint64_t (*read)(PmuModel *m, unsigned n);
    void (*write)(PmuModel *m, unsigned n, uint64_t old, uint64_t val);
    uint64_t (*fanout)(PmuModel *m, unsigned n);
} PmuReg;

#define PMU_MODEL_MAX_ARGS  8
#define PMU_MODEL_WORD_SIZE 24

/*
 * One command written to the control port: "verb key=value ...".  A value
 * is a number (val), or a word (word, "" for a number) where the kind
 * allows one for that key (PmuModelKind.word_keys).
 */
typedef struct PmuModelCmd {
    char verb[16];
    int n;
    char key[PMU_MODEL_MAX_ARGS][16];
    uint64_t val[PMU_MODEL_MAX_ARGS];
    char word[PMU_MODEL_MAX_ARGS][PMU_MODEL_WORD_SIZE];
} PmuModelCmd;

/* A command or stream is still under way */
#define PMU_MODEL_BUSY  1

/**
 * PmuModelKind: one kind of hardware
 * @name: what "-device pmu-model-isa,kind=NAME" selects.
 * @variants: NULL-terminated names a "variant=" property may take; the
 *     first is the default.  The kind's state reads pmu_model.variant.
 *     NULL for a kind without variants.
 * @state_size: bytes of the kind's state, pmu_model.state.
 * @regs: the register table; @nregs entries.
 * @regs_size: size of the register window (@configure may choose a
 *     smaller one per instance: pmu_model.regs_size).
 * @word_keys: NULL-terminated keys whose value may be a word rather than
 *     a number ("dir=in", "peer=gpu"), in commands and opts alike: see
 *     pmu_cmd_word().  NULL: numbers only (a word is -EINVAL).
 * @configure: the instance's "opts=key=value:key=value..." property, as
 *     the arguments of a command (verb "opts", empty without the
 *     property): set the instance's configuration in pmu_model.state.
 *     Called once, before the register window is mapped.  Unknown keys
 *     must be an error.  NULL: the kind takes no options.
 * @reset: the registers took their reset values; reset the rest (NULL:
 *     nothing else to reset).
 * @elapse: free-running clock: @cycles passed without traffic.
 * @cycles_to_irq: free-running clock: how many cycles from now the model
 *     would raise its interrupt by itself (UINT64_MAX: never).
 * @command: a test command the common part does not handle itself: 0,
 *     -errno, or PMU_MODEL_BUSY when it started a stream.
 * @can_resume: whether a waiting stream may play on now; NULL: always.
 * @resume: play on: 0 when the stream is done, or PMU_MODEL_BUSY.
 *     Needed only by kinds whose commands start streams.
 * @abort: drop the stream (with @resume).
 * @race: "race read=OFFSET" armed it: the register at OFFSET
 *     (pmu_model.race_offset) is about to be read; move the hardware to the
 *     edge a driver must survive there (for a counter: just past its
 *     overflow).  False if it cannot now (the counter is stopped): the knob
 *     stays armed for the next read, at pmu_model.race_offset, which the
 *     kind may move to make a race of two steps (arm at one register, act
 *     before the read of another).
 * @totals: print the exact totals, one "name value" per line.
 * @reset_totals: zero them; NULL if the kind keeps none.
 */
typedef struct PmuModelKind {
    const char *name;
    const char *const *variants;
    size_t state_size;
    const PmuReg *regs;
    unsigned nregs;
    uint64_t regs_size;
    const char *const *word_keys;
    bool (*configure)(PmuModel *m, const PmuModelCmd *opts, Error **errp);
    void (*reset)(PmuModel *m);
    void (*elapse)(PmuModel *m, uint64_t cycles);
    uint64_t (*cycles_to_irq)(PmuModel *m);
    int (*command)(PmuModel *m, const PmuModelCmd *cmd);
    bool (*can_resume)(PmuModel *m);
    int (*resume)(PmuModel *m);
    void (*abort)(PmuModel *m);
    bool (*race)(PmuModel *m);
    void (*totals)(PmuModel *m, GString *out);
    void (*reset_totals)(PmuModel *m);
} PmuModelKind;

#define PMU_PORT_SIZE       0x1000
#define PMU_PORT_CMD_SIZE   256
#define PMU_PORT_REPLY_SIZE 2048
#define PMU_PORT_NAME_SIZE  64

/**
 * PmuModel: one instance
 * @kind: its hardware.
 * @name: instance name that tests use (the device's id).
 * @variant: index into @kind->variants.
 * @state: the kind's state.
 * @regs: the register window, @regs_size bytes; @port: the control port.
 * @irq: the interrupt line, NULL if the board wires none; @irq_level its
 *     level (kept, with the count of rising edges @irqs, when unwired).
 * @val: stored value of every register instance.
 * @clock_hz: free-running clock, or 0 for traffic-only time.
 * @clock_ns: virtual time up to which cycles have been accounted.
 * @clock_timer: fires when the model would raise its interrupt.
 * @status: of the last command: 0, -errno or PMU_MODEL_BUSY.
 * @progress: times a stream played on, so a waiting test sees progress.
 * @race_offset: register whose next read fires @kind->race, or -1.
 * @races: times it fired.
 * @reads: reads of the register window by the guest, and @writes its
 *     writes, since the totals were reset: what a driver's operation
 *     costs in register accesses, and proof that a driver read the model
 *     (its poll timer, say) since a test injected traffic.  Every one is
 *     an access the driver made, of any size.
 */
struct PmuModel {
    const PmuModelKind *kind;
    char *name;
    unsigned variant;
    void *state;
    MemoryRegion regs;
    uint64_t regs_size;
    MemoryRegion port;
    qemu_irq irq;
    bool irq_level;
    uint64_t irqs;
    uint64_t **val;
    uint64_t clock_hz;
    int64_t clock_ns;
    QEMUTimer *clock_timer;
    int32_t status;
    uint32_t progress;
    int64_t race_offset;
    uint64_t races;
    uint64_t reads;
    uint64_t writes;
    uint8_t cmd[PMU_PORT_CMD_SIZE];
    char reply[PMU_PORT_REPLY_SIZE];
    uint32_t reply_len;
};

/* Registration of kinds, and what bus glue calls */
void pmu_model_register_kind(const PmuModelKind *kind);
bool pmu_model_init(PmuModel *m, Object *owner, const char *kind,
                    const char *variant, const char *opts, const char *name,
                    Error **errp);
void pmu_model_reset(PmuModel *m);

/* For the kinds: register values as the hardware holds them */
uint64_t pmu_reg_get(PmuModel *m, int reg, unsigned n);
void pmu_reg_put(PmuModel *m, int reg, unsigned n, uint64_t val);
void pmu_reg_or(PmuModel *m, int reg, unsigned n, uint64_t bits);
void pmu_reg_andnot(PmuModel *m, int reg, unsigned n, uint64_t bits);

/* Drive the interrupt line; a rising edge counts as one interrupt */
void pmu_model_set_irq(PmuModel *m, bool level);

/* Whether the board wired the interrupt line (irq=-1 leaves it unwired) */
static inline bool pmu_model_irq_wired(PmuModel *m)
{
    return m->irq != NULL;
}

/* Command arguments */
uint64_t pmu_cmd_arg(const PmuModelCmd *cmd, const char *key, uint64_t def);
const char *pmu_cmd_word(const PmuModelCmd *cmd, const char *key);
bool pmu_cmd_has(const PmuModelCmd *cmd, const char *key);
int pmu_cmd_check_args(const PmuModelCmd *cmd, const char *const *allowed);
const char *pmu_cmd_unknown_arg(const PmuModelCmd *cmd,
                                const char *const *allowed);

#endif /* HW_MISC_PMU_MODEL_H */
