// SPDX-License-Identifier: GPL-2.0-only
/*
 * Linux 6.13: devm_clk_bulk_get_all_enabled(), which returns the number of
 * clocks (6.12's devm_clk_bulk_get_all_enable() returned 0)
 */
#include <linux/clk.h>

void *pmu_probe(void);
void *pmu_probe(void) { return devm_clk_bulk_get_all_enabled; }
