// SPDX-License-Identifier: GPL-2.0-only
/*
 * Control ports of the virtual board's PMU models, for tests.
 *
 * The models are QEMU devices (tests/qemu/); next to each PMU's registers
 * the board's ACPI table describes a small control port under the HID
 * PMUT0001 (on the arm64 board's device tree, "qemu,pmu-model-port"),
 * which no PMU driver matches.  This module binds those ports
 * and gives each model the debugfs files tests use:
 *
 *   /sys/kernel/debug/pmu_model/<name>/inject   write one command, e.g.
 *	"read count=1000 id=0x12": returns when the model has carried it out
 *	(traffic plays on while the driver answers the model's interrupts);
 *   /sys/kernel/debug/pmu_model/<name>/totals   the model's exact totals.
 *
 * It only relays text: the commands are the model's (see its source).
 */

#include <linux/debugfs.h>
#include <linux/delay.h>
#include <linux/io.h>
#include <linux/mod_devicetable.h>
#include <linux/module.h>
#include <linux/mutex.h>
#include <linux/platform_device.h>
#include <linux/sched/signal.h>
#include <linux/seq_file.h>
#include <linux/slab.h>
#include <linux/uaccess.h>

#define PORT_MAGIC		0x000
#define   PORT_MAGIC_VALUE	0x4d554d50
#define PORT_STATUS		0x004
#define   PORT_STATUS_BUSY	1
#define PORT_PROGRESS		0x008
#define PORT_REPLY_LEN		0x00c
#define PORT_CMD_LEN		0x010
#define PORT_ABORT		0x014
#define PORT_NAME		0x040
#define   PORT_NAME_SIZE	64
#define PORT_CMD		0x100
#define   PORT_CMD_SIZE		256
#define PORT_REPLY		0x800
#define   PORT_REPLY_SIZE	2048

/* A stream that makes no progress for this long has lost its driver */
#define PORT_STALL_MS		20000

static struct dentry *pmu_model_port_root;

/**
 * struct pmu_model_port - one model's control port
 * @base: its registers.
 * @name: the model's name.
 * @lock: one command at a time.
 * @dir: debugfs directory.
 */
struct pmu_model_port {
	void __iomem	*base;
	char		name[PORT_NAME_SIZE];
	struct mutex	lock;	/* one command at a time */
	struct dentry	*dir;
};

static void pmu_model_port_read_buf(struct pmu_model_port *port,
				    unsigned int off, void *buf, size_t len)
{
	u8 *p = buf;
	size_t i;
	u32 word;

	for (i = 0; i < len; i += 4) {
		word = readl(port->base + off + i);
		memcpy(p + i, &word, min_t(size_t, 4, len - i));
	}
}

/* Wait for a command to finish; abort it if it stalls or we are killed */
static int pmu_model_port_wait(struct pmu_model_port *port)
{
	unsigned long stall = jiffies + msecs_to_jiffies(PORT_STALL_MS);
	u32 progress = readl(port->base + PORT_PROGRESS);
	u32 status, now;

	for (;;) {
		status = readl(port->base + PORT_STATUS);
		if (status != PORT_STATUS_BUSY)
			return (s32)status;
		now = readl(port->base + PORT_PROGRESS);
		if (now != progress) {
			progress = now;
			stall = jiffies + msecs_to_jiffies(PORT_STALL_MS);
		}
		if (fatal_signal_pending(current) || time_after(jiffies, stall))
			break;
		usleep_range(20, 100);
	}
	writel(1, port->base + PORT_ABORT);
	if (fatal_signal_pending(current))
		return -EINTR;
	pr_warn("pmu_model %s: no progress for %d s, stream dropped (is a driver answering the interrupt?)\n",
		port->name, PORT_STALL_MS / 1000);
	return -ETIMEDOUT;
}

static int pmu_model_port_command(struct pmu_model_port *port,
				  const char *cmd, size_t len)
{
	size_t i;
	u32 word;

	if (len > PORT_CMD_SIZE)
		return -EINVAL;
	for (i = 0; i < len; i += 4) {
		word = 0;
		memcpy(&word, cmd + i, min_t(size_t, 4, len - i));
		writel(word, port->base + PORT_CMD + i);
	}
	writel(len, port->base + PORT_CMD_LEN);
	return pmu_model_port_wait(port);
}

static ssize_t pmu_model_inject_write(struct file *file,
				      const char __user *ubuf, size_t len,
				      loff_t *ppos)
{
	struct pmu_model_port *port = file->private_data;
	char *cmd;
	int ret;

	if (len > PORT_CMD_SIZE)
		return -EINVAL;
	cmd = memdup_user(ubuf, len);
	if (IS_ERR(cmd))
		return PTR_ERR(cmd);

	mutex_lock(&port->lock);
	ret = pmu_model_port_command(port, cmd, len);
	mutex_unlock(&port->lock);
	kfree(cmd);
	return ret ?: len;
}

static const struct file_operations pmu_model_inject_fops = {
	.owner	= THIS_MODULE,
	.open	= simple_open,
	.write	= pmu_model_inject_write,
};

static int pmu_model_totals_show(struct seq_file *s, void *unused)
{
	struct pmu_model_port *port = s->private;
	static const char cmd[] = "totals";
	char *reply;
	u32 len;
	int ret;

	reply = kzalloc(PORT_REPLY_SIZE + 1, GFP_KERNEL);
	if (!reply)
		return -ENOMEM;
	mutex_lock(&port->lock);
	ret = pmu_model_port_command(port, cmd, sizeof(cmd) - 1);
	if (!ret) {
		len = min_t(u32, readl(port->base + PORT_REPLY_LEN),
			    PORT_REPLY_SIZE);
		pmu_model_port_read_buf(port, PORT_REPLY, reply, len);
		reply[len] = '\0';
	}
	mutex_unlock(&port->lock);
	if (!ret)
		seq_puts(s, reply);
	kfree(reply);
	return ret;
}
DEFINE_SHOW_ATTRIBUTE(pmu_model_totals);

static void pmu_model_port_remove_dir(void *dir)
{
	debugfs_remove_recursive(dir);
}

static int pmu_model_port_probe(struct platform_device *pdev)
{
	struct pmu_model_port *port;

	port = devm_kzalloc(&pdev->dev, sizeof(*port), GFP_KERNEL);
	if (!port)
		return -ENOMEM;
	port->base = devm_platform_ioremap_resource(pdev, 0);
	if (IS_ERR(port->base))
		return PTR_ERR(port->base);
	if (readl(port->base + PORT_MAGIC) != PORT_MAGIC_VALUE)
		return dev_err_probe(&pdev->dev, -ENODEV,
				     "no PMU model control port here\n");
	pmu_model_port_read_buf(port, PORT_NAME, port->name,
				sizeof(port->name) - 1);
	if (!port->name[0])
		return dev_err_probe(&pdev->dev, -ENODEV, "model has no name\n");

	mutex_init(&port->lock);
	port->dir = debugfs_create_dir(port->name, pmu_model_port_root);
	debugfs_create_file("inject", 0200, port->dir, port,
			    &pmu_model_inject_fops);
	debugfs_create_file("totals", 0444, port->dir, port,
			    &pmu_model_totals_fops);
	dev_info(&pdev->dev, "model %s\n", port->name);
	return devm_add_action_or_reset(&pdev->dev, pmu_model_port_remove_dir,
					port->dir);
}

static const struct acpi_device_id pmu_model_port_acpi_match[] = {
	{ "PMUT0001" },
	{ }
};
MODULE_DEVICE_TABLE(acpi, pmu_model_port_acpi_match);

/* The arm64 board's device tree (tests/board/imx8-board.dtsi) */
static const struct of_device_id pmu_model_port_of_match[] = {
	{ .compatible = "qemu,pmu-model-port" },
	{ }
};
MODULE_DEVICE_TABLE(of, pmu_model_port_of_match);

static struct platform_driver pmu_model_port_driver = {
	.driver = {
		.name			= "pmu-model-port",
		.acpi_match_table	= pmu_model_port_acpi_match,
		.of_match_table		= pmu_model_port_of_match,
	},
	.probe = pmu_model_port_probe,
};

static int __init pmu_model_port_init(void)
{
	int ret;

	pmu_model_port_root = debugfs_create_dir("pmu_model", NULL);
	ret = platform_driver_register(&pmu_model_port_driver);
	if (ret)
		debugfs_remove_recursive(pmu_model_port_root);
	return ret;
}

static void __exit pmu_model_port_exit(void)
{
	platform_driver_unregister(&pmu_model_port_driver);
	debugfs_remove_recursive(pmu_model_port_root);
}

module_init(pmu_model_port_init);
module_exit(pmu_model_port_exit);

MODULE_DESCRIPTION("Control ports of the virtual board's PMU models");
MODULE_LICENSE("GPL");
