// SPDX-License-Identifier: GPL-2.0-only
/* Linux 6.5: KUnit's deferred actions (kunit_add_action_or_reset()) */
#include <kunit/resource.h>

void *pmu_probe(void);
void *pmu_probe(void) { return kunit_add_action_or_reset; }
