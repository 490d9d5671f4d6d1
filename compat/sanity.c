// SPDX-License-Identifier: GPL-2.0-only
/*
 * Compiled the way every probe of compat/probes/ is: if this fails, the
 * probes' compiler or flags are wrong for this kernel, and every probe
 * would read as "absent" without a word.  The top-level Kbuild stops then.
 */
#include <linux/module.h>
#include <linux/perf_event.h>

int pmu_probe(void);
int pmu_probe(void) { return sizeof(struct pmu) > 0; }
