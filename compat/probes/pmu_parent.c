// SPDX-License-Identifier: GPL-2.0-only
/* Linux 6.8: struct pmu::parent, the PMU's device's parent in sysfs */
#include <linux/perf_event.h>
#include <linux/stddef.h>

int pmu_probe = offsetof(struct pmu, parent);
