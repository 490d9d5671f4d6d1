/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * NVIDIA Tegra410 latency PMUs (CMEM latency, NVLink-C2C, NV-CLink,
 * NV-DLink): what the two drivers share.  Each builds its PMU from a
 * description of the unit (register blocks, socket, peers) that probe
 * takes from ACPI.
 */
#ifndef __NVIDIA_T410_LATENCY_PMU_H
#define __NVIDIA_T410_LATENCY_PMU_H

#include <linux/acpi.h>
#include <linux/device.h>
#include <linux/platform_device.h>
#include <linux/perf/syspmu.h>

/* CPU memory latency unit: 14 instance blocks and the broadcast block */
#define CMEM_LAT_NR_INST	14

/**
 * struct cmem_lat_hw - one CMEM latency unit as firmware describes it
 * @inst: the instance blocks, in firmware order.
 * @bcast: the broadcast block: writes reach every instance.
 * @socket: the socket (ACPI _UID), which is also its NUMA node.
 * @hid: the ACPI _HID, shown as "identifier".
 */
struct cmem_lat_hw {
	void __iomem	*inst[CMEM_LAT_NR_INST];
	void __iomem	*bcast;
	u32		socket;
	const char	*hid;
};

/* The C2C family: which kind of device is at the other end */
enum c2c_peer_kind {
	C2C_PEER_GPU,
	C2C_PEER_CPU,
	C2C_PEER_CXLMEM,
};

#define C2C_MAX_INST		16
#define C2C_MAX_PEERS		2

/**
 * struct c2c_iface - one interface of the C2C family
 * @name: PMU name prefix, completed by "_<socket>".
 * @nr_inst: instance blocks; the broadcast block follows them.
 * @fixed_peer: true if the interface always reaches @peer (NV-DLink:
 *	CXL memory on every instance) and firmware names no peer.
 * @peer: that peer kind.
 */
struct c2c_iface {
	const char		*name;
	unsigned int		nr_inst;
	bool			fixed_peer;
	enum c2c_peer_kind	peer;
};

/**
 * struct c2c_hw - one C2C-family unit as firmware describes it
 * @iface: its interface.
 * @inst: the instance blocks.
 * @bcast: the broadcast block.
 * @socket: the socket (ACPI _UID), also its NUMA node.
 * @hid: the ACPI _HID, shown as "identifier".
 * @peer: the kind of device at the other end.
 * @peer_inst: per peer (GPU g at index g; the CPU or CXL memory at 0),
 *	the instances wired to it; 0 if the peer is not there.
 */
struct c2c_hw {
	const struct c2c_iface	*iface;
	void __iomem		*inst[C2C_MAX_INST];
	void __iomem		*bcast;
	u32			socket;
	const char		*hid;
	enum c2c_peer_kind	peer;
	u32			peer_inst[C2C_MAX_PEERS];
};

/**
 * t410_lat_acpi_ids() - the socket and identity of a unit, from ACPI
 * @dev: the unit's device.
 * @socket: its _UID, which is the socket and the NUMA node.
 * @hid: its _HID, shown as "identifier".
 *
 * Return: 0, or a negative errno (with a message) if it has no usable _UID.
 */
static inline int t410_lat_acpi_ids(struct device *dev, u32 *socket,
				    const char **hid)
{
	struct acpi_device *adev = ACPI_COMPANION(dev);
	u64 uid;
	int ret;

	if (!adev)
		return -ENODEV;
	ret = acpi_dev_uid_to_integer(adev, &uid);
	if (ret || uid >= MAX_NUMNODES)
		return dev_err_probe(dev, ret ?: -EINVAL,
				     "_UID does not name a socket\n");
	*socket = uid;
	*hid = acpi_device_hid(adev);
	return 0;
}

/**
 * t410_lat_map_blocks() - map a unit's instance blocks and broadcast block
 * @pdev: the unit; its memory resources are the @n instance blocks in
 *	order, then the broadcast block.
 * @inst: the instance blocks' mappings.
 * @n: how many instances the unit has.
 * @bcast: the broadcast block's mapping.
 *
 * Return: 0, or a negative errno (with a message).
 */
static inline int t410_lat_map_blocks(struct platform_device *pdev,
				      void __iomem **inst, unsigned int n,
				      void __iomem **bcast)
{
	unsigned int i;

	for (i = 0; i <= n; i++) {
		void __iomem *base = devm_platform_ioremap_resource(pdev, i);

		if (IS_ERR(base))
			return dev_err_probe(&pdev->dev, PTR_ERR(base),
					     "no registers for %s %u\n",
					     i < n ? "instance" : "broadcast block", i);
		if (i < n)
			inst[i] = base;
		else
			*bcast = base;
	}
	return 0;
}

/**
 * t410_lat_register() - register a latency unit's PMU for its socket
 * @upmu: the PMU, described (@dev, @ops, counters, attributes).
 * @socket: the unit's socket: the PMU belongs to its NUMA node's CPUs.
 * @prefix: the PMU name, completed by "_<socket>".
 *
 * Return: @upmu, registered until its device goes, or an ERR_PTR().
 */
static inline struct syspmu *t410_lat_register(struct syspmu *upmu,
					       u32 socket, const char *prefix)
{
	const char *name;
	int ret;

	ret = syspmu_associate_node(upmu, socket);
	if (!ret)
		ret = syspmu_init(upmu);
	if (ret)
		return ERR_PTR(ret);
	name = devm_kasprintf(upmu->dev, GFP_KERNEL, "%s_%u", prefix, socket);
	if (!name)
		return ERR_PTR(-ENOMEM);
	ret = devm_syspmu_register(upmu->dev, upmu, name);
	if (ret)
		return ERR_PTR(dev_err_probe(upmu->dev, ret,
					     "cannot register %s\n", name));
	return upmu;
}

#endif /* __NVIDIA_T410_LATENCY_PMU_H */
