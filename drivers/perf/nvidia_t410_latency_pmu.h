/* SPDX-License-Identifier: GPL-2.0-only */
/* NVIDIA Tegra410 latency PMUs: what the CMEM latency and C2C drivers share */
#ifndef __NVIDIA_T410_LATENCY_PMU_H
#define __NVIDIA_T410_LATENCY_PMU_H

#include <linux/acpi.h>
#include <linux/device.h>
#include <linux/platform_device.h>
#include <linux/perf/syspmu.h>

#define CMEM_LAT_NR_INST	14

struct cmem_lat_hw {
	void __iomem	*inst[CMEM_LAT_NR_INST];
	/* writes reach every instance */
	void __iomem	*bcast;
	/* the ACPI _UID, also the NUMA node */
	u32		socket;
	const char	*hid;
};

enum c2c_peer_kind {
	C2C_PEER_GPU,
	C2C_PEER_CPU,
	C2C_PEER_CXLMEM,
};

#define C2C_MAX_INST		16
#define C2C_MAX_PEERS		2

struct c2c_iface {
	const char		*name;
	unsigned int		nr_inst;
	/* NV-DLink: CXL memory on every instance; firmware names no peer */
	bool			fixed_peer;
	enum c2c_peer_kind	peer;
};

struct c2c_hw {
	const struct c2c_iface	*iface;
	void __iomem		*inst[C2C_MAX_INST];
	void __iomem		*bcast;
	u32			socket;
	const char		*hid;
	enum c2c_peer_kind	peer;
	/* the instances wired to GPU g at g; to a CPU or CXL memory at 0 */
	u32			peer_inst[C2C_MAX_PEERS];
};

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

/* the instance blocks in order, then the broadcast block */
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
