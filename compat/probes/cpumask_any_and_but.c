// SPDX-License-Identifier: GPL-2.0-only
/* Linux 6.10: cpumask_any_and_but() */
#include <linux/cpumask.h>

unsigned int pmu_probe(const struct cpumask *m);
unsigned int pmu_probe(const struct cpumask *m) { return cpumask_any_and_but(m, m, 0); }
