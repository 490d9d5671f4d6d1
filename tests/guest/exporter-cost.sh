#!/bin/bash
# The metrics exporter's own cost on the board: tools/pmu-metrics
# --textfile reading every PMU it knows once a second (its default), for
# EXPORTER_SECONDS (60): the CPU time of the exporter and its perf (their
# rusage), and the whole guest's busy time (/proc/stat) against as long a
# window without it; then whether any PMU's events were multiplexed
# (perf_uncore_counted_ratio below 1).  Figures only (TCG under a debug
# kernel: an upper bound of what silicon would show).  Part of make bench;
# alone: tools/vm-run 'bash tests/guest/exporter-cost.sh'

[ -n "${VM_TOP:-}" ] || { echo "exporter-cost: run on the board (tools/vm-run)" >&2; exit 1; }
secs=${EXPORTER_SECONDS:-60}

echo "== the metrics exporter: every PMU once a second, ${secs} s"
python3 - "$VM_TOP/tools/pmu-metrics" "$secs" <<'PY'
import os, resource, signal, subprocess, sys, tempfile, time

tool, secs = sys.argv[1], float(sys.argv[2])
ncpu = os.cpu_count()
hz = os.sysconf('SC_CLK_TCK')


def busy():
    """Ticks of every CPU that were not idle or iowait, and all ticks."""
    f = [int(x) for x in open('/proc/stat').readline().split()[1:]]
    return sum(f) - f[3] - f[4], sum(f)


def window():
    b0, t0 = busy()
    time.sleep(secs)
    b1, t1 = busy()
    return 100.0 * (b1 - b0) / (t1 - t0)


idle = window()
out = tempfile.mkdtemp()
prom = os.path.join(out, 'pmu.prom')
before = resource.getrusage(resource.RUSAGE_CHILDREN)
wall0 = time.monotonic()
proc = subprocess.Popen([tool, '--textfile', prom], stdout=subprocess.DEVNULL,
                        stderr=subprocess.PIPE, text=True)
# the first report: the events are open and counting
deadline = time.monotonic() + 120
while not os.path.exists(prom) and time.monotonic() < deadline and proc.poll() is None:
    time.sleep(0.2)
if not os.path.exists(prom):
    proc.kill()
    sys.exit('exporter-cost: no report in 120 s: %s' % proc.communicate()[1])
running = window()
proc.send_signal(signal.SIGTERM)
err = proc.communicate()[1]
wall = time.monotonic() - wall0
after = resource.getrusage(resource.RUSAGE_CHILDREN)
cpu = (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)

text = open(prom).read().splitlines()
pmus = [l for l in text if l.startswith('perf_uncore_up{')]
low = [l for l in text if l.startswith('perf_uncore_counted_ratio{') and float(l.split()[-1]) < 1]
reports = [l for l in text if l.startswith('perf_uncore_reports_total ')]
print('PMUs exported: %d (%d up), reports: %s' % (
    len(pmus), sum(l.endswith(' 1') for l in pmus), reports[0].split()[-1] if reports else '?'))
print('exporter + perf: %.2f s CPU in %.1f s (from start to stop): %.2f%% of one CPU, '
      '%.2f%% of the guest\'s %d' % (cpu, wall, 100 * cpu / wall, 100 * cpu / wall / ncpu, ncpu))
print('guest busy, %d s windows: %.2f%% without it, %.2f%% with it (+%.2f points, '
      'the kernel\'s reads on the PMUs\' CPUs included)' % (secs, idle, running, running - idle))
print('multiplexed: %s' % ('none (every PMU counted all the time)' if not low else
                           '%d PMUs: %s' % (len(low), '; '.join(low))))
if proc.returncode not in (0, -signal.SIGTERM):
    print('exporter exit status %s: %s' % (proc.returncode, err.strip()))
PY
