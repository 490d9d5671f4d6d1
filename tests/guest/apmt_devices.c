// SPDX-License-Identifier: GPL-2.0-only
/*
 * The virtual board's stand-in for drivers/acpi/arm64/apmt.c.
 *
 * On an arm64 server, apmt.c walks the ACPI APMT table (Arm DEN0117) at
 * boot and creates one "arm-cs-arch-pmu" platform device per node, which
 * the CoreSight PMU architecture driver (arm_cspmu) and its vendor
 * backends bind.  apmt.c is built for arm64 only, and the virtual board is
 * an x86_64 QEMU: its firmware carries an APMT (QEMU loads the one
 * tests/rig/gen-tegra410 writes), but no code in the kernel reads it.  This
 * module does, and creates the devices as apmt.c in Linux 6.12 does:
 *
 *  - one platform device "arm-cs-arch-pmu", PLATFORM_DEVID_AUTO, a node,
 *    in the table's order;
 *  - MEM 0: page 0, base_address0, 4 KiB; MEM 1: page 1, base_address1,
 *    4 KiB, only if the node is dual page;
 *  - IRQ 0, only if ovflw_irq is not 0: the GSI as acpi_register_gsi()
 *    maps it, edge or level as ovflw_irq_flags says, active high;
 *  - platform data: a pointer to the node in the mapped table, which is
 *    what the driver reads (arm_cspmu_apmt_node());
 *  - a firmware node with no operations, as apmt.c's static fwnodes are
 *    (acpi_static_fwnode_ops itself is not exported to modules).
 *
 * Unlike apmt.c, it can go away: unloading it unregisters the devices
 * (unbinding their driver), then the GSIs, and unmaps the table.  A board
 * without an APMT is a mistake of the board, so loading fails there.
 */

#define pr_fmt(fmt) KBUILD_MODNAME ": " fmt

#include <linux/acpi.h>
#include <linux/err.h>
#include <linux/fwnode.h>
#include <linux/list.h>
#include <linux/module.h>
#include <linux/platform_device.h>
#include <linux/sizes.h>
#include <linux/slab.h>

#define APMT_DEV_NAME		"arm-cs-arch-pmu"
/* page 0, page 1 and the overflow interrupt */
#define APMT_DEV_MAX_RESOURCES	3

/**
 * struct apmt_device - a platform device made from an APMT node
 * @pdev: the device.
 * @fwnode: its firmware node.
 * @node: the node, in the mapped table.
 * @gsi_registered: whether its overflow GSI is registered.
 * @list: in apmt_devices.
 */
struct apmt_device {
	struct platform_device	*pdev;
	struct fwnode_handle	fwnode;
	struct acpi_apmt_node	*node;
	bool			gsi_registered;
	struct list_head	list;
};

static struct acpi_table_header *apmt_table;
static LIST_HEAD(apmt_devices);

/* What apmt.c's static fwnodes point to: no operations at all */
static const struct fwnode_operations apmt_fwnode_ops;

static void apmt_unregister_gsi(struct apmt_device *ad)
{
	if (ad->gsi_registered)
		acpi_unregister_gsi(ad->node->ovflw_irq);
	ad->gsi_registered = false;
}

/*
 * One resource, as DEFINE_RES_MEM()/_IRQ() make it (a bare initializer in
 * Linux 6.1, a compound literal later: usable in a declaration only)
 */
static void apmt_set_resource(struct resource *res, resource_size_t start,
			      resource_size_t size, unsigned long flags)
{
	struct resource r = DEFINE_RES_NAMED(start, size, NULL, flags);

	*res = r;
}

/* Fill @res as apmt.c does; returns how many resources it filled */
static unsigned int apmt_init_resources(struct apmt_device *ad,
					struct resource *res)
{
	struct acpi_apmt_node *node = ad->node;
	unsigned int num = 0;
	int trigger, irq;

	apmt_set_resource(&res[num++], node->base_address0, SZ_4K, IORESOURCE_MEM);
	if (node->flags & ACPI_APMT_FLAGS_DUAL_PAGE)
		apmt_set_resource(&res[num++], node->base_address1, SZ_4K,
				  IORESOURCE_MEM);

	if (!node->ovflw_irq)
		return num;
	if ((node->ovflw_irq_flags & ACPI_APMT_OVFLW_IRQ_FLAGS_MODE) ==
	    ACPI_APMT_OVFLW_IRQ_FLAGS_MODE_LEVEL)
		trigger = ACPI_LEVEL_SENSITIVE;
	else
		trigger = ACPI_EDGE_SENSITIVE;
	irq = acpi_register_gsi(NULL, node->ovflw_irq, trigger,
				ACPI_ACTIVE_HIGH);
	if (irq <= 0) {
		if (!irq)
			acpi_unregister_gsi(node->ovflw_irq);
		pr_warn("node %u: cannot register GSI %u (%d), no interrupt\n",
			node->id, node->ovflw_irq, irq);
		return num;
	}
	ad->gsi_registered = true;
	apmt_set_resource(&res[num++], irq, 1, IORESOURCE_IRQ);
	return num;
}

static int apmt_add_device(struct acpi_apmt_node *node)
{
	struct resource res[APMT_DEV_MAX_RESOURCES] = { };
	struct platform_device_info info = {
		.name		= APMT_DEV_NAME,
		.id		= PLATFORM_DEVID_AUTO,
		.res		= res,
		.data		= &node,
		.size_data	= sizeof(node),
	};
	struct apmt_device *ad;
	int ret;

	ad = kzalloc(sizeof(*ad), GFP_KERNEL);
	if (!ad)
		return -ENOMEM;
	ad->node = node;
	fwnode_init(&ad->fwnode, &apmt_fwnode_ops);
	info.fwnode = &ad->fwnode;
	info.num_res = apmt_init_resources(ad, res);

	ad->pdev = platform_device_register_full(&info);
	if (IS_ERR(ad->pdev)) {
		ret = PTR_ERR(ad->pdev);
		apmt_unregister_gsi(ad);
		kfree(ad);
		return ret;
	}
	list_add_tail(&ad->list, &apmt_devices);
	return 0;
}

static void apmt_remove_devices(void)
{
	struct apmt_device *ad, *tmp;

	list_for_each_entry_safe_reverse(ad, tmp, &apmt_devices, list) {
		platform_device_unregister(ad->pdev);
		apmt_unregister_gsi(ad);
		list_del(&ad->list);
		kfree(ad);
	}
}

static int __init apmt_devices_init(void)
{
	struct acpi_apmt_node *node;
	unsigned int count = 0;
	acpi_status status;
	u32 offset, end;
	int ret;

	status = acpi_get_table(ACPI_SIG_APMT, 0, &apmt_table);
	if (ACPI_FAILURE(status)) {
		pr_err("no APMT table: %s\n", acpi_format_exception(status));
		return -ENODEV;
	}

	/* The nodes follow the header (struct acpi_table_apmt is only that) */
	end = apmt_table->length;
	for (offset = sizeof(struct acpi_table_apmt); offset < end;
	     offset += node->length) {
		node = ACPI_ADD_PTR(struct acpi_apmt_node, apmt_table, offset);
		if (end - offset < sizeof(*node) ||
		    node->length < sizeof(*node) || node->length > end - offset) {
			pr_err("malformed APMT node at offset %u\n", offset);
			ret = -EINVAL;
			goto err;
		}
		ret = apmt_add_device(node);
		if (ret) {
			pr_err("node %u: cannot add its device (%d)\n",
			       node->id, ret);
			goto err;
		}
		count++;
	}
	pr_info("%u %s devices from the APMT\n", count, APMT_DEV_NAME);
	return 0;

err:
	apmt_remove_devices();
	acpi_put_table(apmt_table);
	return ret;
}

static void __exit apmt_devices_exit(void)
{
	apmt_remove_devices();
	acpi_put_table(apmt_table);
}

module_init(apmt_devices_init);
module_exit(apmt_devices_exit);

MODULE_DESCRIPTION("The virtual board's APMT devices, as arm64's apmt.c makes them");
MODULE_LICENSE("GPL");
