// SPDX-License-Identifier: GPL-2.0-only
/* Linux 6.2: <kunit/visibility.h> (VISIBLE_IF_KUNIT, EXPORT_SYMBOL_IF_KUNIT) */
#include <kunit/visibility.h>

VISIBLE_IF_KUNIT int pmu_probe(void);
VISIBLE_IF_KUNIT int pmu_probe(void) { return 0; }
