/*
 * PMU hardware models of the virtual board: the common part
 *
 * SPDX-License-Identifier: GPL-2.0-or-later
 *
 * The register file (see PmuReg), the interrupt line, the time base and
 * the control port that tests drive.  See pmu-model.h.
 */

#include "qemu/osdep.h"
#include "qapi/error.h"
#include "qemu/cutils.h"
#include "qemu/host-utils.h"
#include "qemu/log.h"
#include "pmu-model.h"

/* Control port registers */
#define PORT_MAGIC          0x000   /* RO: PMU_PORT_MAGIC_VALUE */
#define PORT_STATUS         0x004   /* RO: 0, -errno, or 1 while busy */
#define PORT_PROGRESS       0x008   /* RO: counts steps of a stream */
#define PORT_REPLY_LEN      0x00c   /* RO: bytes in the reply buffer */
#define PORT_CMD_LEN        0x010   /* WO: run the command buffer's N bytes */
#define PORT_ABORT          0x014   /* WO: drop a stream under way */
#define PORT_NAME           0x040   /* RO: instance name, NUL-terminated */
#define PORT_CMD            0x100   /* RW: command text */
#define PORT_REPLY          0x800   /* RO: reply text */
#define PMU_PORT_MAGIC_VALUE 0x4d554d50     /* "PMUM" */

static const PmuModelKind *pmu_model_kinds[16];

void pmu_model_register_kind(const PmuModelKind *kind)
{
    unsigned i;

    for (i = 0; i < ARRAY_SIZE(pmu_model_kinds); i++) {
        if (!pmu_model_kinds[i]) {
            pmu_model_kinds[i] = kind;
            return;
        }
    }
    g_assert_not_reached();
}

static const PmuModelKind *pmu_model_find_kind(const char *name)
{
    unsigned i;

    for (i = 0; i < ARRAY_SIZE(pmu_model_kinds) && pmu_model_kinds[i]; i++) {
        if (!strcmp(pmu_model_kinds[i]->name, name)) {
            return pmu_model_kinds[i];
        }
    }
    return NULL;
}

static unsigned pmu_reg_count(const PmuReg *r)
{
    return r->count ? r->count : 1;
}

static uint64_t pmu_reg_size_mask(unsigned size)
{
    return size == 8 ? UINT64_MAX : MAKE_64BIT_MASK(0, size * 8);
}

static uint64_t pmu_reg_wmask(const PmuReg *r)
{
    return r->wmask ? r->wmask : pmu_reg_size_mask(r->size);
}

uint64_t pmu_reg_get(PmuModel *m, int reg, unsigned n)
{
    return m->val[reg][n];
}

void pmu_reg_put(PmuModel *m, int reg, unsigned n, uint64_t val)
{
    m->val[reg][n] = val & pmu_reg_size_mask(m->kind->regs[reg].size);
}

void pmu_reg_or(PmuModel *m, int reg, unsigned n, uint64_t bits)
{
    pmu_reg_put(m, reg, n, m->val[reg][n] | bits);
}

void pmu_reg_andnot(PmuModel *m, int reg, unsigned n, uint64_t bits)
{
    pmu_reg_put(m, reg, n, m->val[reg][n] & ~bits);
}

/*
 * Only changes reach the interrupt controller: an edge-triggered IO-APIC
 * pin delivers again on every raise, even of a line that is already high.
 */
void pmu_model_set_irq(PmuModel *m, bool level)
{
    if (level == m->irq_level) {
        return;
    }
    if (level) {
        m->irqs++;
    }
    m->irq_level = level;
    qemu_set_irq(m->irq, level);
}

/* Time */

/* Turn the virtual time since the last access into cycles */
static void pmu_model_sync(PmuModel *m)
{
    int64_t now, elapsed;
    uint64_t cycles;

    if (!m->clock_hz) {
        return;
    }
    now = qemu_clock_get_ns(QEMU_CLOCK_VIRTUAL);
    elapsed = now - m->clock_ns;
    if (elapsed <= 0) {
        return;
    }
    cycles = muldiv64(elapsed, m->clock_hz, NANOSECONDS_PER_SECOND);
    if (!cycles) {
        return;
    }
    m->clock_ns += muldiv64(cycles, NANOSECONDS_PER_SECOND, m->clock_hz);
    m->kind->elapse(m, cycles);
}

/* Wake up when the model would raise its interrupt by itself */
static void pmu_model_clock_arm(PmuModel *m)
{
    uint64_t cycles;

    if (!m->clock_hz || !m->kind->cycles_to_irq) {
        timer_del(m->clock_timer);
        return;
    }
    cycles = m->kind->cycles_to_irq(m);
    /* beyond a century (a 64-bit counter): never, and no time overflow */
    if (cycles / m->clock_hz > 100ULL * 366 * 24 * 3600) {
        timer_del(m->clock_timer);
        return;
    }
    timer_mod(m->clock_timer, m->clock_ns + 1 +
              muldiv64(cycles, NANOSECONDS_PER_SECOND, m->clock_hz));
}

static void pmu_model_clock_tick(void *opaque)
{
    PmuModel *m = opaque;

    pmu_model_sync(m);
    pmu_model_clock_arm(m);
}

static int pmu_model_set_clock(PmuModel *m, uint64_t hz)
{
    if (hz > UINT32_MAX) {
        return -EINVAL;
    }
    if (hz && !m->kind->elapse) {
        return -EOPNOTSUPP;
    }
    pmu_model_sync(m);
    m->clock_hz = hz;
    m->clock_ns = qemu_clock_get_ns(QEMU_CLOCK_VIRTUAL);
    pmu_model_clock_arm(m);
    return 0;
}

/* The register window */

static const PmuReg *pmu_reg_find(PmuModel *m, hwaddr addr, int *index,
                                  unsigned *n, unsigned *byte)
{
    const PmuModelKind *kind = m->kind;
    unsigned i;

    for (i = 0; i < kind->nregs; i++) {
        const PmuReg *r = &kind->regs[i];
        hwaddr off;

        if (addr < r->offset) {
            continue;
        }
        off = addr - r->offset;
        *n = r->stride ? off / r->stride : 0;
        if (*n >= pmu_reg_count(r)) {
            continue;
        }
        *byte = off - *n * r->stride;
        if (*byte >= r->size) {
            continue;
        }
        if (r->present && !r->present(m)) {
            continue;
        }
        *index = i;
        return r;
    }
    return NULL;
}

static uint64_t pmu_reg_value(PmuModel *m, int index, unsigned n)
{
    const PmuReg *r = &m->kind->regs[index];

    if ((r->kind == PMU_REG_SET || r->kind == PMU_REG_CLR) &&
        r->target != index) {
        return pmu_reg_value(m, r->target, n);
    }
    return r->read ? r->read(m, n) : m->val[index][n];
}

/* An instance of a broadcast register: writes go to others */
static uint64_t pmu_reg_fanout(PmuModel *m, const PmuReg *r, unsigned n)
{
    return r->fanout ? r->fanout(m, n) : 0;
}

static uint64_t pmu_model_regs_read(void *opaque, hwaddr addr, unsigned size)
{
    PmuModel *m = opaque;
    const PmuReg *r;
    unsigned n, byte;
    uint64_t val;
    int index;

    pmu_model_sync(m);
    m->reads++;
    if (m->race_offset == (int64_t)addr && m->kind->race(m)) {
        m->race_offset = -1;
        m->races++;
    }
    r = pmu_reg_find(m, addr, &index, &n, &byte);
    if (!r || byte + size > r->size) {
        qemu_log_mask(LOG_GUEST_ERROR, "%s: read of %u bytes at 0x%" HWADDR_PRIx
                      ", no register\n", m->name, size, addr);
        return 0;
    }
    val = pmu_reg_fanout(m, r, n) ? 0 :
          pmu_reg_value(m, index, n) >> (byte * 8);
    pmu_model_clock_arm(m);
    return val & pmu_reg_size_mask(size);
}

/*
 * Store a write into register @index's value as @how says: RW replaces
 * the writable bits (and clears its w1c bits written 1), SET sets and
 * CLR/W1C clear the bits written 1.
 */
static void pmu_reg_store(PmuModel *m, int index, unsigned n, uint64_t written,
                          uint64_t access_mask, PmuRegKind how)
{
    const PmuReg *r = &m->kind->regs[index];
    uint64_t wmask = pmu_reg_wmask(r) & access_mask;
    uint64_t old = m->val[index][n], val;

    switch (how) {
    case PMU_REG_SET:
        val = old | (written & wmask);
        break;
    case PMU_REG_CLR:
    case PMU_REG_W1C:
        val = old & ~(written & wmask);
        break;
    default:
        val = (old & ~wmask) | (written & wmask);
        val &= ~(written & r->w1c & access_mask);
        break;
    }
    m->val[index][n] = val & ~r->self_clear;
    if (r->write) {
        r->write(m, n, old, val);
    }
}

/* A write reaches instance n of register index */
static void pmu_reg_write(PmuModel *m, int index, unsigned n,
                          uint64_t written, uint64_t access_mask)
{
    const PmuReg *r = &m->kind->regs[index];

    /* a SET/CLR register acts on its target's value */
    if (r->kind == PMU_REG_SET || r->kind == PMU_REG_CLR) {
        pmu_reg_store(m, r->target, n, written, access_mask, r->kind);
    } else if (r->kind != PMU_REG_RO) {
        pmu_reg_store(m, index, n, written, access_mask, r->kind);
    }
}

static void pmu_model_regs_write(void *opaque, hwaddr addr, uint64_t data,
                                 unsigned size)
{
    PmuModel *m = opaque;
    uint64_t written, access_mask, targets;
    const PmuReg *r;
    unsigned n, byte, t;
    int index;

    pmu_model_sync(m);
    m->writes++;
    r = pmu_reg_find(m, addr, &index, &n, &byte);
    if (!r || byte + size > r->size) {
        qemu_log_mask(LOG_GUEST_ERROR, "%s: write of %u bytes at 0x%"
                      HWADDR_PRIx ", no register\n", m->name, size, addr);
        return;
    }
    written = data << (byte * 8);
    access_mask = pmu_reg_size_mask(size) << (byte * 8);

    targets = pmu_reg_fanout(m, r, n);
    if (!targets) {
        pmu_reg_write(m, index, n, written, access_mask);
    }
    for (t = 0; t < 64 && t < pmu_reg_count(r); t++) {
        if (targets & BIT_ULL(t)) {
            pmu_reg_write(m, index, t, written, access_mask);
        }
    }
    pmu_model_clock_arm(m);
}

static const MemoryRegionOps pmu_model_regs_ops = {
    .read = pmu_model_regs_read,
    .write = pmu_model_regs_write,
    .endianness = DEVICE_LITTLE_ENDIAN,
    .valid = { .min_access_size = 1, .max_access_size = 8 },
    .impl = { .min_access_size = 1, .max_access_size = 8 },
};

/* Commands from tests */

static int pmu_cmd_find(const PmuModelCmd *cmd, const char *key)
{
    int i;

    for (i = 0; i < cmd->n; i++) {
        if (!strcmp(cmd->key[i], key)) {
            return i;
        }
    }
    return -1;
}

bool pmu_cmd_has(const PmuModelCmd *cmd, const char *key)
{
    return pmu_cmd_find(cmd, key) >= 0;
}

/* The number @key gives, or @def if it is absent or gives a word */
uint64_t pmu_cmd_arg(const PmuModelCmd *cmd, const char *key, uint64_t def)
{
    int i = pmu_cmd_find(cmd, key);

    return i < 0 || cmd->word[i][0] ? def : cmd->val[i];
}

/* The word @key gives, or NULL if it is absent or gives a number */
const char *pmu_cmd_word(const PmuModelCmd *cmd, const char *key)
{
    int i = pmu_cmd_find(cmd, key);

    return i < 0 || !cmd->word[i][0] ? NULL : cmd->word[i];
}

/* The first key of @cmd that is not in @allowed, or NULL */
const char *pmu_cmd_unknown_arg(const PmuModelCmd *cmd,
                                const char *const *allowed)
{
    const char *const *a;
    int i;

    for (i = 0; i < cmd->n; i++) {
        for (a = allowed; *a && strcmp(cmd->key[i], *a); a++) {
            continue;
        }
        if (!*a) {
            return cmd->key[i];
        }
    }
    return NULL;
}

int pmu_cmd_check_args(const PmuModelCmd *cmd, const char *const *allowed)
{
    return pmu_cmd_unknown_arg(cmd, allowed) ? -EINVAL : 0;
}

static bool pmu_cmd_word_key(const PmuModelKind *kind, const char *key)
{
    const char *const *k;

    for (k = kind->word_keys; k && *k; k++) {
        if (!strcmp(*k, key)) {
            return true;
        }
    }
    return false;
}

/* A value is a number, or a word where the kind takes one for the key */
static int pmu_cmd_parse(const PmuModelKind *kind, char *line,
                         PmuModelCmd *cmd)
{
    char *word, *eq;

    memset(cmd, 0, sizeof(*cmd));
    word = qemu_strsep(&line, " \t\n");
    if (!word || !*word || strlen(word) >= sizeof(cmd->verb)) {
        return -EINVAL;
    }
    pstrcpy(cmd->verb, sizeof(cmd->verb), word);

    while ((word = qemu_strsep(&line, " \t\n"))) {
        if (!*word) {
            continue;
        }
        eq = strchr(word, '=');
        if (!eq || cmd->n == PMU_MODEL_MAX_ARGS ||
            eq - word >= (int)sizeof(cmd->key[0])) {
            return -EINVAL;
        }
        *eq = '\0';
        pstrcpy(cmd->key[cmd->n], sizeof(cmd->key[0]), word);
        if (qemu_strtou64(eq + 1, NULL, 0, &cmd->val[cmd->n])) {
            if (!eq[1] || strlen(eq + 1) >= sizeof(cmd->word[0]) ||
                !pmu_cmd_word_key(kind, word)) {
                return -EINVAL;
            }
            cmd->val[cmd->n] = 0;
            pstrcpy(cmd->word[cmd->n], sizeof(cmd->word[0]), eq + 1);
        }
        cmd->n++;
    }
    return 0;
}

/* Totals that do not fit the reply fail rather than lose lines */
static int pmu_model_totals(PmuModel *m)
{
    g_autoptr(GString) out = g_string_new(NULL);

    g_string_append_printf(out, "irqs %" PRIu64 "\n", m->irqs);
    g_string_append_printf(out, "races %" PRIu64 "\n", m->races);
    g_string_append_printf(out, "reads %" PRIu64 "\n", m->reads);
    g_string_append_printf(out, "writes %" PRIu64 "\n", m->writes);
    m->kind->totals(m, out);
    if (out->len > sizeof(m->reply)) {
        return -EOVERFLOW;
    }
    m->reply_len = out->len;
    memcpy(m->reply, out->str, m->reply_len);
    return 0;
}

/* The totals a test reads; the race knob is disarmed with them */
static void pmu_model_reset_totals(PmuModel *m)
{
    m->irqs = 0;
    m->races = 0;
    m->reads = 0;
    m->writes = 0;
    m->race_offset = -1;
    if (m->kind->reset_totals) {
        m->kind->reset_totals(m);
    }
}

static int pmu_model_run(PmuModel *m, const char *text)
{
    char *line = g_strdup(text);
    PmuModelCmd cmd;
    int ret;

    ret = pmu_cmd_parse(m->kind, line, &cmd);
    g_free(line);
    if (ret) {
        return ret;
    }
    m->reply_len = 0;

    if (!strcmp(cmd.verb, "totals") && !cmd.n) {
        return pmu_model_totals(m);
    }
    if (!strcmp(cmd.verb, "race")) {
        static const char *const race_args[] = { "read", NULL };

        ret = pmu_cmd_check_args(&cmd, race_args);
        if (ret || !m->kind->race ||
            pmu_cmd_arg(&cmd, "read", UINT64_MAX) >= m->regs_size) {
            return ret ?: -EINVAL;
        }
        m->race_offset = pmu_cmd_arg(&cmd, "read", 0);
        return 0;
    }
    if (!strcmp(cmd.verb, "reset") && !cmd.n) {
        pmu_model_reset_totals(m);
        return 0;
    }
    if (!strcmp(cmd.verb, "clock")) {
        static const char *const clock_args[] = { "hz", NULL };

        ret = pmu_cmd_check_args(&cmd, clock_args);
        return ret ? ret : pmu_model_set_clock(m, pmu_cmd_arg(&cmd, "hz", 0));
    }
    return m->kind->command(m, &cmd);
}

/* A waiting stream plays on once the driver has answered the interrupt */
static void pmu_model_poll(PmuModel *m)
{
    if (m->status != PMU_MODEL_BUSY || m->irq_level) {
        return;
    }
    if (m->kind->can_resume && !m->kind->can_resume(m)) {
        return;
    }
    m->status = m->kind->resume(m);
    m->progress++;
}

static uint32_t pmu_port_bytes(const void *buf, size_t len, hwaddr off)
{
    uint32_t val = 0;
    unsigned i;

    for (i = 0; i < 4 && off + i < len; i++) {
        val |= (uint32_t)((const uint8_t *)buf)[off + i] << (8 * i);
    }
    return val;
}

static uint64_t pmu_model_port_read(void *opaque, hwaddr addr, unsigned size)
{
    PmuModel *m = opaque;
    uint64_t val = 0;

    pmu_model_sync(m);
    switch (addr) {
    case PORT_MAGIC:
        val = PMU_PORT_MAGIC_VALUE;
        break;
    case PORT_STATUS:
        pmu_model_poll(m);
        val = (uint32_t)m->status;
        break;
    case PORT_PROGRESS:
        val = m->progress;
        break;
    case PORT_REPLY_LEN:
        val = m->reply_len;
        break;
    default:
        if (addr >= PORT_NAME && addr < PORT_NAME + PMU_PORT_NAME_SIZE) {
            val = pmu_port_bytes(m->name, strlen(m->name), addr - PORT_NAME);
        } else if (addr >= PORT_CMD && addr < PORT_CMD + PMU_PORT_CMD_SIZE) {
            val = pmu_port_bytes(m->cmd, sizeof(m->cmd), addr - PORT_CMD);
        } else if (addr >= PORT_REPLY &&
                   addr < PORT_REPLY + PMU_PORT_REPLY_SIZE) {
            val = pmu_port_bytes(m->reply, m->reply_len, addr - PORT_REPLY);
        }
        break;
    }
    pmu_model_clock_arm(m);
    return val;
}

static void pmu_model_port_write(void *opaque, hwaddr addr, uint64_t val,
                                 unsigned size)
{
    PmuModel *m = opaque;
    char text[PMU_PORT_CMD_SIZE + 1];
    unsigned i;

    pmu_model_sync(m);
    if (addr == PORT_CMD_LEN) {
        if (m->status == PMU_MODEL_BUSY) {
            qemu_log_mask(LOG_GUEST_ERROR, "%s: command while busy\n",
                          m->name);
        } else if (val > PMU_PORT_CMD_SIZE) {
            m->status = -EINVAL;
        } else {
            memcpy(text, m->cmd, val);
            text[val] = '\0';
            m->status = pmu_model_run(m, text);
        }
    } else if (addr == PORT_ABORT) {
        if (m->status == PMU_MODEL_BUSY) {
            m->kind->abort(m);
            m->status = -ECANCELED;
        }
    } else if (addr >= PORT_CMD && addr + 4 <= PORT_CMD + PMU_PORT_CMD_SIZE) {
        for (i = 0; i < 4; i++) {
            m->cmd[addr - PORT_CMD + i] = val >> (8 * i);
        }
    }
    pmu_model_clock_arm(m);
}

static const MemoryRegionOps pmu_model_port_ops = {
    .read = pmu_model_port_read,
    .write = pmu_model_port_write,
    .endianness = DEVICE_LITTLE_ENDIAN,
    .valid = { .min_access_size = 4, .max_access_size = 4 },
    .impl = { .min_access_size = 4, .max_access_size = 4 },
};

/* Life cycle */

/*
 * "key=value:key=value..." is a command's argument list with ':' for ' ',
 * handed to the kind's configure() (which also runs, with no arguments,
 * when there are no options, to set the defaults).
 */
static bool pmu_model_configure(PmuModel *m, const char *opts, Error **errp)
{
    g_autofree char *line = NULL;
    PmuModelCmd cmd;

    if (!m->kind->configure) {
        if (opts && *opts) {
            error_setg(errp, "pmu-model: %s takes no opts", m->kind->name);
            return false;
        }
        return true;
    }
    line = g_strdup_printf("opts %s", opts ?: "");
    g_strdelimit(line + strlen("opts "), ":", ' ');
    if (pmu_cmd_parse(m->kind, line, &cmd)) {
        error_setg(errp, "pmu-model: opts '%s': want key=value:key=value... "
                   "(at most %d, values as numbers where the kind takes "
                   "no word)", opts, PMU_MODEL_MAX_ARGS);
        return false;
    }
    return m->kind->configure(m, &cmd, errp);
}

bool pmu_model_init(PmuModel *m, Object *owner, const char *kind_name,
                    const char *variant, const char *opts, const char *name,
                    Error **errp)
{
    const PmuModelKind *kind = pmu_model_find_kind(kind_name ?: "");
    g_autofree char *port_name = NULL;
    unsigned i;

    if (!kind) {
        error_setg(errp, "pmu-model: unknown kind '%s'", kind_name ?: "");
        return false;
    }
    if (!name || strlen(name) >= PMU_PORT_NAME_SIZE) {
        error_setg(errp, "pmu-model: an id= of under %d characters is "
                   "required (tests find the model by it)", PMU_PORT_NAME_SIZE);
        return false;
    }
    m->kind = kind;
    m->variant = 0;
    if (variant) {
        for (i = 0; kind->variants && kind->variants[i]; i++) {
            if (!strcmp(kind->variants[i], variant)) {
                break;
            }
        }
        if (!kind->variants || !kind->variants[i]) {
            error_setg(errp, "pmu-model: %s has no variant '%s'",
                       kind->name, variant);
            return false;
        }
        m->variant = i;
    }
    m->name = g_strdup(name);
    m->state = g_malloc0(kind->state_size);
    m->regs_size = kind->regs_size;
    if (!pmu_model_configure(m, opts, errp)) {
        g_clear_pointer(&m->state, g_free);
        g_clear_pointer(&m->name, g_free);
        return false;
    }
    m->val = g_new0(uint64_t *, kind->nregs);
    for (i = 0; i < kind->nregs; i++) {
        m->val[i] = g_new0(uint64_t, pmu_reg_count(&kind->regs[i]));
    }
    memory_region_init_io(&m->regs, owner, &pmu_model_regs_ops, m, name,
                          m->regs_size);
    port_name = g_strdup_printf("%s-port", name);
    memory_region_init_io(&m->port, owner, &pmu_model_port_ops, m, port_name,
                          PMU_PORT_SIZE);
    m->clock_timer = timer_new_ns(QEMU_CLOCK_VIRTUAL, pmu_model_clock_tick, m);
    m->race_offset = -1;
    return true;
}

void pmu_model_reset(PmuModel *m)
{
    const PmuModelKind *kind = m->kind;
    unsigned i, n;

    for (i = 0; i < kind->nregs; i++) {
        for (n = 0; n < pmu_reg_count(&kind->regs[i]); n++) {
            m->val[i][n] = kind->regs[i].reset;
        }
    }
    if (m->status == PMU_MODEL_BUSY) {
        kind->abort(m);
    }
    m->status = 0;
    m->reply_len = 0;
    m->clock_hz = 0;
    timer_del(m->clock_timer);
    if (kind->reset) {
        kind->reset(m);
    }
    pmu_model_set_irq(m, false);
    pmu_model_reset_totals(m);
}
