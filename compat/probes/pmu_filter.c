// SPDX-License-Identifier: GPL-2.0-only
/* Linux 6.2: struct pmu::filter(pmu, cpu) (before, filter_match(event)) */
#include <linux/perf_event.h>
#include <linux/stddef.h>

int pmu_probe = offsetof(struct pmu, filter);
