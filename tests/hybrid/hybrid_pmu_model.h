/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * The counter model behind cpu_core and cpu_atom on the virtual board
 * (tests/hybrid/hybrid_pmu_model.c): what a test may ask of it.  Each
 * function is documented where it is defined.  The symbols are in the
 * HYBRID_PMU_MODEL namespace.
 */
#ifndef __HYBRID_PMU_MODEL_H
#define __HYBRID_PMU_MODEL_H

#include <linux/perf/pmu_compat.h>
#include <linux/types.h>

/* The namespace of the model's exports */
#define HYBRID_PMU_MODEL_NS	PMU_NS(HYBRID_PMU_MODEL)

struct hybrid_pmu;

/*
 * Raw configs (event | umask << 8) of the model's events, and the
 * counters that count them.  Both types count these:
 */
#define HYBRID_MODEL_CYCLES		0x003c	/* fixed 1 or any general */
#define HYBRID_MODEL_INSTRUCTIONS	0x00c0	/* fixed 0 or any general */
#define HYBRID_MODEL_INST_RETIRED_ANY	0x0100	/* fixed 0 only */
#define HYBRID_MODEL_CLK_UNHALTED	0x0200	/* fixed 1 only */
#define HYBRID_MODEL_REF_CYCLES		0x0300	/* fixed 2 only */
#define HYBRID_MODEL_BRANCHES		0x00c4	/* the rest: any general */
#define HYBRID_MODEL_BRANCH_MISSES	0x00c5
#define HYBRID_MODEL_LLC_REFERENCES	0x4f2e
#define HYBRID_MODEL_LLC_MISSES		0x412e
#define HYBRID_MODEL_LOADS		0x81d0
#define HYBRID_MODEL_STORES		0x82d0
#define HYBRID_MODEL_L1D_READ_MISSES	0xe124
/* core only */
#define HYBRID_MODEL_CORE_RAW_1A	0x001a	/* general 0-1 only, no name */
#define HYBRID_MODEL_CORE_UOPS_ISSUED	0x010e
#define HYBRID_MODEL_CORE_CODE_READS	0xe424	/* its L1I read misses */
/* atom only */
#define HYBRID_MODEL_ATOM_ICACHE_ACCESSES	0x0380
#define HYBRID_MODEL_ATOM_ICACHE_MISSES		0x0280

struct hybrid_pmu *hybrid_model_pmu(const char *type);
int hybrid_model_inject(int cpu, u64 config, u64 count);
int hybrid_model_set_rate(const char *type, u64 config, u32 permille);
void hybrid_model_default_rates(void);
u64 hybrid_model_counted(int cpu, u64 config);
void hybrid_model_reset_totals(void);
int hybrid_model_preset(int cpu, u64 config, u64 value);

#endif /* __HYBRID_PMU_MODEL_H */
