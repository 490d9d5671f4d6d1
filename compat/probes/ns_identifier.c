// SPDX-License-Identifier: GPL-2.0-only
/*
 * Before Linux 6.13, symbol namespaces were identifiers that the macros
 * stringify; since, string literals, and an identifier does not compile
 */
#include <linux/module.h>

MODULE_IMPORT_NS(PMU_PROBE_NAMESPACE);
