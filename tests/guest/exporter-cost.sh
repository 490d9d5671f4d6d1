#!/bin/bash
# The metrics exporter's own cost on the board: tools/pmu-metrics
# --textfile reading every PMU it knows once a second (its default), for
# EXPORTER_SECONDS (60): the CPU time of the exporter and its perf (their
# rusage), and the whole guest's busy time (/proc/stat) against as long a
# window without it; then whether any PMU's events were multiplexed
# (perf_uncore_counted_ratio below 1), each with its events and the
# counters its driver found (the probe's line in the kernel log); then
# perf alone with the exporter's own command line for as long, so that
# the exporter's share is the difference; and the emulation's slowdown on
# a reference loop against the host's (EXPORTER_REF_HOST=SECONDS, from
# tests/tools/ref-loop on the host), to scale the cost to a CPU as fast as
# the host's.  Figures only (TCG, and on the project's board a debug
# kernel: an upper bound of what silicon would show).  Part of make bench;
# alone: tools/vm-run "EXPORTER_REF_HOST=$(tests/tools/ref-loop) bash tests/guest/exporter-cost.sh"

[ -n "${VM_TOP:-}" ] || { echo "exporter-cost: run on the board (tools/vm-run)" >&2; exit 1; }
secs=${EXPORTER_SECONDS:-60}

echo "== the metrics exporter: every PMU once a second, ${secs} s"
python3 - "$VM_TOP/tools/pmu-metrics" "$secs" "$VM_TOP/tests/tools/ref-loop" <<'PY'
import os, re, resource, shlex, signal, subprocess, sys, tempfile, time

tool, secs, ref_loop = sys.argv[1], float(sys.argv[2]), sys.argv[3]
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
errf = os.path.join(out, 'stderr')
proc = subprocess.Popen([tool, '-v', '--textfile', prom], stdout=subprocess.DEVNULL,
                        stderr=open(errf, 'w'))
# the first report: the events are open and counting
deadline = time.monotonic() + 120
while not os.path.exists(prom) and time.monotonic() < deadline and proc.poll() is None:
    time.sleep(0.2)
if not os.path.exists(prom):
    proc.kill()
    proc.wait()
    sys.exit('exporter-cost: no report in 120 s: %s' % open(errf).read())
running = window()
proc.send_signal(signal.SIGTERM)
proc.wait()
err = open(errf).read()
wall = time.monotonic() - wall0


def cpu_since(before):
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    return (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)


cpu = cpu_since(before)
# the exporter's perf command (-v), to run alone: its output thrown away
cmd = None
for line in err.splitlines():
    if ': ' in line and ' stat -a ' in line:
        cmd = shlex.split(line.split(': ', 1)[1])
        cmd[cmd.index('-o') + 1] = '/dev/null'
        break

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
# How much slower the emulated CPU runs code than the host's: the same
# Python loop here and on the host (EXPORTER_REF_HOST, its seconds there:
# tests/rig/bench measures it).  An estimate only: emulation slows
# system calls and the models' MMIO by other factors than plain code
ref_here = float(subprocess.run([ref_loop], capture_output=True, text=True).stdout or 0)
ref_host = float(os.environ.get('EXPORTER_REF_HOST') or 0)
if ref_here and ref_host:
    slow = ref_here / ref_host
    print('emulation: the reference loop (tests/tools/ref-loop) took %.3f s here, %.3f s on '
          'the host: %.0fx slower; the exporter\'s +%.2f points / %.0f = ~%.3f points of the '
          'guest\'s %d CPUs on CPUs as fast as the host\'s (an estimate)' % (
              ref_here, ref_host, slow, running - idle, slow, (running - idle) / slow, ncpu))
else:
    print('emulation: the reference loop took %.3f s here (EXPORTER_REF_HOST unset: no '
          'host figure to scale by)' % ref_here)
if cmd:
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    wall0 = time.monotonic()
    perf = subprocess.Popen(cmd, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    time.sleep(secs)
    perf.send_signal(signal.SIGINT)
    perf.wait()
    pwall = time.monotonic() - wall0
    pcpu = cpu_since(before)
    print('perf alone, the same %d events every second: %.2f s CPU in %.1f s: %.2f%% of one '
          'CPU; the exporter\'s own share: %.2f%% of one CPU' % (
              sum(a == '-e' for a in cmd), pcpu, pwall, 100 * pcpu / pwall,
              100 * cpu / wall - 100 * pcpu / pwall))
else:
    print('perf alone: not measured, the exporter did not print its perf command')
# the counters each driver found, from its probe's line in the kernel log
found = {}
for line in subprocess.run(['dmesg'], capture_output=True, text=True).stdout.splitlines():
    m = re.search(r' (\S+): (\d+) counters of \d+ bits( with cycle counter)?', line)
    if m:
        # N counters in all: with a cycle counter, one of them is it
        found[m.group(1)] = (int(m.group(2)), bool(m.group(3)))
print('multiplexed: %s' % ('none (every PMU counted all the time)' if not low else
                           '%d PMUs' % len(low)))
for l in low:
    name = re.search(r'pmu="([^"]+)"', l).group(1)
    events = [a for a in (cmd or []) if a.startswith(name + '/')]
    fit = '?'
    if name in found:
        n, cc = found[name]
        # the cycle counter takes only the cycles event
        fit = n - 1 + (name + '/cycles/' in events) if cc else n
    print('  %s counted %s of the time: %d events, room for %s at once (%s)' % (
        name, l.split()[-1], len(events), fit,
        'the kernel log does not say' if fit == '?' else
        'they do not fit' if len(events) > fit else
        'THEY FIT: multiplexed for another reason'))
if proc.returncode not in (0, -signal.SIGTERM):
    print('exporter exit status %s: %s' % (proc.returncode, err.strip()))
PY
