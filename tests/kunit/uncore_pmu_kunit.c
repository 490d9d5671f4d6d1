// SPDX-License-Identifier: GPL-2.0-only
/*
 * KUnit tests of the shared uncore PMU core's helpers that need no PMU:
 * wrap-safe deltas and the format/ strings perf parses.
 */

#include <kunit/test.h>
#include <linux/bits.h>
#include <linux/module.h>
#include <linux/slab.h>

#include "uncore_pmu.h"

struct delta_case {
	u64 prev, now;
	unsigned int width;
	u64 expect;
};

static const struct delta_case delta_cases[] = {
	{ 0xfffffff0, 0x10, 32, 0x20 },
	{ 5, 5, 32, 0 },
	{ 0x0fffffff, 0, 28, 1 },
	{ 0x10000000, 0, 29, 0x10000000 },
	{ U64_MAX, 1, 64, 2 },
	{ 0xffff, 0x1fffe, 16, 0xffff },
};

static void delta_case_desc(const struct delta_case *c, char *desc)
{
	snprintf(desc, KUNIT_PARAM_DESC_SIZE, "%#llx to %#llx in %u bits",
		 c->prev, c->now, c->width);
}

KUNIT_ARRAY_PARAM(delta, delta_cases, delta_case_desc);

static void uncore_pmu_test_delta(struct kunit *test)
{
	const struct delta_case *c = test->param_value;

	KUNIT_EXPECT_EQ(test, uncore_pmu_delta(c->prev, c->now, c->width),
			c->expect);
}

struct format_case {
	unsigned int word;
	u64 mask;
	const char *expect;
};

static const struct format_case format_cases[] = {
	{ 0, GENMASK_ULL(7, 0), "config:0-7\n" },
	{ 2, BIT_ULL(3), "config2:3-3\n" },
	{ 1, GENMASK_ULL(3, 0) | GENMASK_ULL(11, 8), "config1:0-3,8-11\n" },
	{ 0, BIT_ULL(63), "config:63-63\n" },
};

static void format_case_desc(const struct format_case *c, char *desc)
{
	strscpy(desc, c->expect, KUNIT_PARAM_DESC_SIZE);
	desc[strcspn(desc, "\n")] = '\0';
}

KUNIT_ARRAY_PARAM(format, format_cases, format_case_desc);

/* Every range is printed "lo-hi", the form the format/ ABI uses */
static void uncore_pmu_test_format_show(struct kunit *test)
{
	const struct format_case *c = test->param_value;
	struct uncore_pmu_format_attr attr = {
		.attr = { .attr = { .name = "field", .mode = 0444 } },
		.word = c->word,
		.mask = c->mask,
	};
	/* sysfs_emit() wants a page */
	char *buf = kunit_kzalloc(test, PAGE_SIZE, GFP_KERNEL);

	KUNIT_ASSERT_NOT_NULL(test, buf);
	KUNIT_EXPECT_EQ(test, uncore_pmu_format_show(NULL, &attr.attr, buf),
			(ssize_t)strlen(c->expect));
	KUNIT_EXPECT_STREQ(test, buf, c->expect);
}

static struct kunit_case uncore_pmu_cases[] = {
	KUNIT_CASE_PARAM(uncore_pmu_test_delta, delta_gen_params),
	KUNIT_CASE_PARAM(uncore_pmu_test_format_show, format_gen_params),
	{}
};

static struct kunit_suite uncore_pmu_suite = {
	.name = "uncore_pmu",
	.test_cases = uncore_pmu_cases,
};

kunit_test_suite(uncore_pmu_suite);

MODULE_DESCRIPTION("KUnit tests for the shared uncore PMU core");
MODULE_LICENSE("GPL");
