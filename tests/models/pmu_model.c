// SPDX-License-Identifier: GPL-2.0-only
/*
 * Hardware-model framework for the virtual board: finds the devices the
 * board's ACPI tables describe, maps their register windows, raises their
 * interrupts, and gives each model a debugfs directory with an "inject"
 * command file and a "totals" file.
 */

#define pr_fmt(fmt) KBUILD_MODNAME ": " fmt

#include <linux/cpu.h>
#include <linux/debugfs.h>
#include <linux/delay.h>
#include <linux/interrupt.h>
#include <linux/irq.h>
#include <linux/module.h>
#include <linux/platform_device.h>
#include <linux/property.h>
#include <linux/slab.h>
#include <linux/smp.h>
#include <linux/string.h>

#include "pmu_model.h"

/* How long a model waits for the driver to answer an interrupt */
#define PMU_MODEL_WAIT_MS	20000

static struct dentry *pmu_model_root;

/**
 * pmu_model_arg() - value of a command argument
 * @cmd: the command.
 * @key: the argument's name.
 * @def: value if it was not given.
 *
 * Return: the value.
 */
u64 pmu_model_arg(const struct pmu_model_cmd *cmd, const char *key, u64 def)
{
	int i;

	for (i = 0; i < cmd->n; i++)
		if (!strcmp(cmd->key[i], key))
			return cmd->val[i];
	return def;
}
EXPORT_SYMBOL_GPL(pmu_model_arg);

/**
 * pmu_model_check_args() - refuse arguments a command does not take
 * @cmd: the command.
 * @allowed: NULL-terminated list of accepted keys.
 *
 * Return: 0, or -EINVAL naming the first unknown key in the kernel log.
 */
int pmu_model_check_args(const struct pmu_model_cmd *cmd,
			 const char *const *allowed)
{
	const char *const *a;
	int i;

	for (i = 0; i < cmd->n; i++) {
		for (a = allowed; *a; a++)
			if (!strcmp(cmd->key[i], *a))
				break;
		if (!*a) {
			pr_warn("%s: unknown argument '%s'\n", cmd->verb,
				cmd->key[i]);
			return -EINVAL;
		}
	}
	return 0;
}
EXPORT_SYMBOL_GPL(pmu_model_check_args);

static int pmu_model_parse(char *line, struct pmu_model_cmd *cmd)
{
	char *word, *eq;
	int ret;

	memset(cmd, 0, sizeof(*cmd));
	word = strsep(&line, " \t\n");
	if (!word || !*word || strscpy(cmd->verb, word, sizeof(cmd->verb)) < 0)
		return -EINVAL;

	while ((word = strsep(&line, " \t\n"))) {
		if (!*word)
			continue;
		eq = strchr(word, '=');
		if (!eq || cmd->n == PMU_MODEL_MAX_ARGS)
			return -EINVAL;
		*eq = '\0';
		if (strscpy(cmd->key[cmd->n], word, sizeof(cmd->key[0])) < 0)
			return -EINVAL;
		ret = kstrtou64(eq + 1, 0, &cmd->val[cmd->n]);
		if (ret)
			return ret;
		cmd->n++;
	}
	return 0;
}

static ssize_t pmu_model_inject_write(struct file *file,
				      const char __user *ubuf, size_t len,
				      loff_t *ppos)
{
	struct pmu_model *m = file->private_data;
	struct pmu_model_cmd cmd;
	char *line;
	int ret;

	line = memdup_user_nul(ubuf, min_t(size_t, len, 256));
	if (IS_ERR(line))
		return PTR_ERR(line);

	ret = pmu_model_parse(line, &cmd);
	kfree(line);
	if (ret)
		return ret;

	mutex_lock(&m->lock);
	ret = m->ops->command(m, &cmd);
	mutex_unlock(&m->lock);
	return ret ?: len;
}

static const struct file_operations pmu_model_inject_fops = {
	.owner	= THIS_MODULE,
	.open	= simple_open,
	.write	= pmu_model_inject_write,
};

static int pmu_model_totals_show(struct seq_file *s, void *unused)
{
	struct pmu_model *m = s->private;

	mutex_lock(&m->lock);
	seq_printf(s, "irqs %llu\n", m->irqs_raised);
	m->ops->show(m, s);
	mutex_unlock(&m->lock);
	return 0;
}
DEFINE_SHOW_ATTRIBUTE(pmu_model_totals);

/* The device whose first "compatible" string is @compatible */
static int pmu_model_match(struct device *dev, const void *compatible)
{
	const char *first;

	if (device_property_read_string_array(dev, "compatible", &first, 1) != 1)
		return 0;
	return !strcmp(first, compatible);
}

/**
 * pmu_model_attach() - attach a model to a device of the board
 * @compatible: first compatible string of the device.
 * @name: debugfs name of the model.
 * @ops: the hardware.
 * @priv: the hardware's state.
 *
 * Return: the model or an ERR_PTR().
 */
struct pmu_model *pmu_model_attach(const char *compatible, const char *name,
				   const struct pmu_model_ops *ops, void *priv)
{
	struct platform_device *pdev;
	struct resource *res;
	struct pmu_model *m;
	struct device *dev;
	int ret;

	dev = bus_find_device(&platform_bus_type, NULL, compatible,
			      pmu_model_match);
	if (!dev)
		return ERR_PTR(-ENODEV);
	pdev = to_platform_device(dev);

	m = kzalloc(sizeof(*m), GFP_KERNEL);
	if (!m) {
		ret = -ENOMEM;
		goto err_put;
	}
	m->name = name;
	m->dev = dev;
	m->ops = ops;
	m->priv = priv;
	mutex_init(&m->lock);

	ret = -ENODEV;
	res = platform_get_resource(pdev, IORESOURCE_MEM, 0);
	if (!res)
		goto err_free;
	m->irq = platform_get_irq_optional(pdev, 0);
	if (m->irq < 0)
		goto err_free;
	/* The driver owns the region; the model maps it without claiming */
	m->regs = ioremap(res->start, resource_size(res));
	if (!m->regs) {
		ret = -ENOMEM;
		goto err_free;
	}

	m->dir = debugfs_create_dir(name, pmu_model_root);
	debugfs_create_file("inject", 0200, m->dir, m, &pmu_model_inject_fops);
	debugfs_create_file("totals", 0444, m->dir, m, &pmu_model_totals_fops);
	dev_info(dev, "model %s attached: %pR, IRQ %d\n", name, res, m->irq);
	return m;

err_free:
	kfree(m);
err_put:
	put_device(dev);
	return ERR_PTR(ret);
}
EXPORT_SYMBOL_GPL(pmu_model_attach);

/**
 * pmu_model_detach() - undo pmu_model_attach()
 * @m: the model.
 */
void pmu_model_detach(struct pmu_model *m)
{
	debugfs_remove_recursive(m->dir);
	iounmap(m->regs);
	put_device(m->dev);
	kfree(m);
}
EXPORT_SYMBOL_GPL(pmu_model_detach);

/**
 * pmu_model_run() - run one step of the hardware where the driver runs
 * @m: the model.
 * @fn: the step; called with interrupts off.
 * @arg: its argument.
 *
 * The step runs on the CPU the interrupt is routed to, which is the CPU
 * that drives the PMU, so it is atomic with respect to the driver's
 * register sequences there.
 */
void pmu_model_run(struct pmu_model *m, void (*fn)(void *), void *arg)
{
	const struct cpumask *mask = irq_get_effective_affinity_mask(m->irq);
	unsigned int cpu;

	cpus_read_lock();
	cpu = mask ? cpumask_first_and(mask, cpu_online_mask) : nr_cpu_ids;
	if (cpu >= nr_cpu_ids)
		cpu = cpumask_first(cpu_online_mask);
	smp_call_function_single(cpu, fn, arg, 1);
	cpus_read_unlock();
}
EXPORT_SYMBOL_GPL(pmu_model_run);

/**
 * pmu_model_raise_irq() - assert the device's interrupt
 * @m: the model.
 *
 * Return: 0 or a negative error code.
 */
int pmu_model_raise_irq(struct pmu_model *m)
{
	int ret = irq_inject_interrupt(m->irq);

	if (!ret)
		m->irqs_raised++;
	return ret;
}
EXPORT_SYMBOL_GPL(pmu_model_raise_irq);

/**
 * pmu_model_wait() - let the driver answer the hardware
 * @m: the model.
 * @done: tells whether it has; called repeatedly in process context.
 *
 * Return: 0, or -ETIMEDOUT if the driver did not answer in 20 s.
 */
int pmu_model_wait(struct pmu_model *m, bool (*done)(struct pmu_model *m))
{
	unsigned long timeout = jiffies + msecs_to_jiffies(PMU_MODEL_WAIT_MS);

	while (!done(m)) {
		if (time_after(jiffies, timeout)) {
			dev_warn(m->dev, "model %s: no answer from the driver\n",
				 m->name);
			return -ETIMEDOUT;
		}
		usleep_range(20, 100);
	}
	return 0;
}
EXPORT_SYMBOL_GPL(pmu_model_wait);

static int __init pmu_model_init(void)
{
	pmu_model_root = debugfs_create_dir("pmu_model", NULL);
	return 0;
}

static void __exit pmu_model_exit(void)
{
	debugfs_remove_recursive(pmu_model_root);
}

module_init(pmu_model_init);
module_exit(pmu_model_exit);

MODULE_DESCRIPTION("Hardware-model framework for the virtual PMU board");
MODULE_LICENSE("GPL");
