// SPDX-License-Identifier: GPL-2.0-only
/*
 * perf_open - open one group of perf events and say how it went, so that
 * tests can check the exact errno a PMU returns for an attribute.
 *
 *   perf_open [-c CPU] [-t] [-s PERIOD] [-x] [-p] [-r N] [-d N] [-w MS]
 *             EVENT [EVENT...]
 *
 * EVENT is PMU:CONFIG[:CONFIG1[:CONFIG2]], PMU being a name under
 * /sys/bus/event_source/devices (or a number); the first EVENT leads the
 * group.  -c picks the CPU (default: the first PMU's cpumask), -t opens
 * per-task on this process instead, -s makes every event sampling, -x
 * sets exclude_user, -p precise_ip (1).  Prints "ok" or the errno name of
 * the first event
 * that failed, and exits 0 either way (1 on usage errors).  With -r, the
 * leader is then read N times and the mean cost of a read is printed.
 * With -d, the group is then disabled and enabled again N times (each
 * disable one pmu_disable of the PMU with the whole group scheduled);
 * with -w, the events stay open MS milliseconds more before they close.
 */
#include <errno.h>
#include <linux/perf_event.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/ioctl.h>
#include <sys/syscall.h>
#include <time.h>
#include <unistd.h>

static const struct { int err; const char *name; } errnames[] = {
	{ EINVAL, "EINVAL" }, { ENOENT, "ENOENT" }, { EOPNOTSUPP, "EOPNOTSUPP" },
	{ EBUSY, "EBUSY" }, { ENODEV, "ENODEV" }, { EACCES, "EACCES" },
	{ EPERM, "EPERM" }, { ENOSPC, "ENOSPC" }, { E2BIG, "E2BIG" },
};

static int read_int(const char *pmu, const char *file)
{
	char path[256];
	FILE *f;
	int v = -1;

	snprintf(path, sizeof(path), "/sys/bus/event_source/devices/%s/%s",
		 pmu, file);
	f = fopen(path, "r");
	if (!f)
		return -1;
	if (fscanf(f, "%d", &v) != 1)
		v = -1;
	fclose(f);
	return v;
}

int main(int argc, char **argv)
{
	int cpu = -2, task = 0, exclude = 0, precise = 0, opt, i, leader = -1;
	int reads = 0, toggles = 0, wait_ms = 0;
	unsigned long long period = 0;

	while ((opt = getopt(argc, argv, "c:ts:xpr:d:w:")) != -1) {
		switch (opt) {
		case 'r': reads = atoi(optarg); break;
		case 'd': toggles = atoi(optarg); break;
		case 'w': wait_ms = atoi(optarg); break;
		case 'c': cpu = atoi(optarg); break;
		case 't': task = 1; break;
		case 's': period = strtoull(optarg, NULL, 0); break;
		case 'x': exclude = 1; break;
		case 'p': precise = 1; break;
		default: return 1;
		}
	}
	if (optind >= argc)
		return 1;

	for (i = optind; i < argc; i++) {
		struct perf_event_attr attr = { .size = sizeof(attr) };
		char *spec = strdup(argv[i]), *pmu, *tok;
		unsigned long long cfg[3] = { 0, 0, 0 };
		int fd, k = 0, type;

		pmu = strtok(spec, ":");
		while ((tok = strtok(NULL, ":")) && k < 3)
			cfg[k++] = strtoull(tok, NULL, 0);
		type = (pmu[0] >= '0' && pmu[0] <= '9') ? atoi(pmu) :
							 read_int(pmu, "type");
		if (type < 0) {
			printf("no PMU %s\n", pmu);
			return 1;
		}
		if (cpu == -2)
			cpu = task ? -1 : read_int(pmu, "cpumask");
		attr.type = type;
		attr.config = cfg[0];
		attr.config1 = cfg[1];
		attr.config2 = cfg[2];
		attr.sample_period = period;
		attr.exclude_user = exclude;
		attr.precise_ip = precise;
		fd = syscall(SYS_perf_event_open, &attr, task ? 0 : -1,
			     task ? -1 : cpu, leader, 0);
		if (fd < 0) {
			int e = errno;
			unsigned int j;

			for (j = 0; j < sizeof(errnames) / sizeof(errnames[0]); j++)
				if (errnames[j].err == e) {
					printf("%s\n", errnames[j].name);
					return 0;
				}
			printf("errno %d\n", e);
			return 0;
		}
		if (leader < 0)
			leader = fd;
	}
	printf("ok\n");
	/* a caller may watch for it while the events stay open (-w) */
	fflush(stdout);
	if (reads > 0) {
		struct timespec a, b;
		unsigned long long v;
		double ns;

		clock_gettime(CLOCK_MONOTONIC, &a);
		for (i = 0; i < reads; i++)
			if (read(leader, &v, sizeof(v)) != sizeof(v))
				return 1;
		clock_gettime(CLOCK_MONOTONIC, &b);
		ns = (b.tv_sec - a.tv_sec) * 1e9 + (b.tv_nsec - a.tv_nsec);
		printf("%d reads, %.0f ns per read, last value %llu\n", reads,
		       ns / reads, v);
	}
	for (i = 0; i < toggles; i++)
		if (ioctl(leader, PERF_EVENT_IOC_DISABLE, 0) ||
		    ioctl(leader, PERF_EVENT_IOC_ENABLE, 0))
			return 1;
	if (wait_ms > 0) {
		struct timespec t = { wait_ms / 1000, (wait_ms % 1000) * 1000000L };

		nanosleep(&t, NULL);
	}
	return 0;
}
