/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * Hardware-model framework for the virtual board.
 *
 * The board's firmware (ACPI) describes each PMU with a window of reserved
 * RAM and a real interrupt.  A model attaches to such a device, plays the
 * hardware behind the registers and keeps exact totals of what it counted,
 * which tests read from debugfs.  RAM does not trap accesses, so a model
 * sees register writes only when it samples them; every model step runs
 * on the CPU that takes the device's interrupt, with interrupts off, so it
 * never interleaves with the driver's own register sequences there.
 */
#ifndef __PMU_MODEL_H
#define __PMU_MODEL_H

#include <linux/io.h>
#include <linux/mutex.h>
#include <linux/seq_file.h>
#include <linux/types.h>

struct pmu_model;

#define PMU_MODEL_MAX_ARGS	8

/**
 * struct pmu_model_cmd - one line written to a model's "inject" file
 * @verb: first word, e.g. "read".
 * @n: number of key=value pairs.
 * @key: their keys.
 * @val: their values (any kstrtou64() base).
 */
struct pmu_model_cmd {
	char	verb[16];
	int	n;
	char	key[PMU_MODEL_MAX_ARGS][16];
	u64	val[PMU_MODEL_MAX_ARGS];
};

u64 pmu_model_arg(const struct pmu_model_cmd *cmd, const char *key, u64 def);
int pmu_model_check_args(const struct pmu_model_cmd *cmd,
			 const char *const *allowed);

/**
 * struct pmu_model_ops - one kind of hardware
 * @command: carry out a command; runs in process context with the model
 *	mutex held, and may sleep.
 * @show: print the model's totals.
 */
struct pmu_model_ops {
	int	(*command)(struct pmu_model *m, const struct pmu_model_cmd *cmd);
	void	(*show)(struct pmu_model *m, struct seq_file *s);
};

/**
 * struct pmu_model - a model attached to one firmware-described device
 * @name: debugfs directory name.
 * @dev: the device (a reference is held).
 * @regs: its register window.
 * @irq: its interrupt.
 * @irqs_raised: interrupts the model has raised.
 * @lock: serialises commands.
 * @ops: the hardware.
 * @priv: the hardware's state.
 * @dir: debugfs directory.
 */
struct pmu_model {
	const char			*name;
	struct device			*dev;
	void __iomem			*regs;
	int				irq;
	u64				irqs_raised;
	struct mutex			lock;	/* serialises commands */
	const struct pmu_model_ops	*ops;
	void				*priv;
	struct dentry			*dir;
};

struct pmu_model *pmu_model_attach(const char *compatible, const char *name,
				   const struct pmu_model_ops *ops, void *priv);
void pmu_model_detach(struct pmu_model *m);
void pmu_model_run(struct pmu_model *m, void (*fn)(void *), void *arg);
int pmu_model_raise_irq(struct pmu_model *m);
int pmu_model_wait(struct pmu_model *m, bool (*done)(struct pmu_model *m));

static inline u32 pmu_model_read(struct pmu_model *m, unsigned int off)
{
	return readl(m->regs + off);
}

static inline void pmu_model_write(struct pmu_model *m, unsigned int off,
				   u32 val)
{
	writel(val, m->regs + off);
}

/*
 * Set status bits the way hardware does, without losing a concurrent
 * driver write to the same register (the board is x86; RAM takes locked
 * operations).
 */
static inline void pmu_model_set_bits(struct pmu_model *m, unsigned int off,
				      u32 bits)
{
	atomic_or(bits, (atomic_t __force *)(m->regs + off));
}

#endif /* __PMU_MODEL_H */
