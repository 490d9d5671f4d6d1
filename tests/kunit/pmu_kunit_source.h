/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * Included first by a suite that compiles a driver's or a core's source
 * into its own module (#include "coresight_pmu.c"), before anything else
 * (the source may define pr_fmt).  The source leaves its platform driver,
 * module init and module info out (PMU_NO_MODULE_DRIVER), and its
 * exports stay the loaded module's: modpost refuses a symbol exported
 * twice, so here an export is a no-op.
 */
#ifndef __PMU_KUNIT_SOURCE_H
#define __PMU_KUNIT_SOURCE_H

#include <linux/export.h>

#undef EXPORT_SYMBOL_NS_GPL
#define EXPORT_SYMBOL_NS_GPL(sym, ns)	static_assert(sizeof(#sym #ns))

#define PMU_NO_MODULE_DRIVER

#endif /* __PMU_KUNIT_SOURCE_H */
