// SPDX-License-Identifier: GPL-2.0-only
/* Linux 6.4: KUnit's static stubs (<kunit/static_stub.h>) */
#include <kunit/static_stub.h>

int pmu_probe(void);
int pmu_probe(void) { KUNIT_STATIC_STUB_REDIRECT(pmu_probe); return 0; }
