#!/bin/bash
# End-to-end tests of t410-metrics --pci on the arm64 ACPI board: from a
# PCI device behind a Tegra410 root port (tests/qemu/t410-root-port.c,
# NVIDIA's DVSEC) to its RC's PCIE and PCIE-TGT PMUs, the filter that
# selects it and its counts.  The board's devices are the table
# tests/board/tegra410-pci; the PCIE and PCIE-TGT models count a device's
# traffic ("traffic dev=<id>") at its real root port and BDF.  Run inside
# the virtual board (tools/vm-run).
# shellcheck disable=SC2016

. "$VM_TOP/tests/guest/lib.sh"

METRICS=$VM_TOP/tools/t410-metrics
TABLE=$VM_TOP/tests/board/tegra410-pci
GUIDE=$VM_TOP/Documentation/admin-guide/perf/nvidia-tegra410-pmu.rst

# rows: "id socket rc rp fn pciid" of every device of the table
rows() { awk '!/^#/ && NF { print $1, $2, $3, $4, $5, $6 }' "$TABLE"; }

# dev_addr PCIID: the guest's address of the one function with that
# vendor:device (a message on stderr and status 1 if there is not one)
dev_addr() {
	local d found=
	for d in /sys/bus/pci/devices/*; do
		[ "$(sed 's/^0x//' "$d/vendor"):$(sed 's/^0x//' "$d/device")" = "$1" ] || continue
		[ -z "$found" ] || { echo "two functions are $1: $found, ${d##*/}" >&2; return 1; }
		found=${d##*/}
	done
	[ -n "$found" ] || { echo "no PCI function $1 on the board" >&2; return 1; }
	echo "$found"
}

# table_addr ID: the guest's address of the table's device ID
table_addr() {
	local pciid
	pciid=$(rows | awk -v id="$1" '$1 == id { print $6 }')
	[ -n "$pciid" ] || { echo "no device $1 in $TABLE" >&2; return 1; }
	dev_addr "$pciid"
}

# guide_loop: the Tegra410 guide's by-hand mapping (its literal block
# after "The same mapping by hand"), run as written
guide_loop() {
	awk '/^The same mapping by hand/ { want = 1; next }
	     want && /::$/ { lit = 1; next }
	     lit && /^[^ \t]/ { exit }
	     lit { sub(/^  /, ""); print }' "$GUIDE" >/tmp/guide-loop.sh
	grep -q setpci /tmp/guide-loop.sh || fail "no loop found in the guide"
	bash /tmp/guide-loop.sh 2>/dev/null
}

test_map_is_the_table_and_the_guide_loop() {
	local id s r p fn pciid addr line port loop shared bdf n=0
	"$METRICS" --pci all >/tmp/pci-map.txt 2>&1 || { cat /tmp/pci-map.txt; fail "--pci all failed"; }
	loop=$(guide_loop)
	printf '  guide: %s\n' "${loop//$'\n'/$'\n'  guide: }"
	while read -r id s r p fn pciid; do
		n=$((n + 1))
		addr=$(dev_addr "$pciid") || fail "$id not found"
		[ "${addr##*.}" = "$fn" ] || fail "$id at $addr: not function $fn"
		line=$(grep "^$addr: " /tmp/pci-map.txt) || fail "$id ($addr): not in --pci all"
		[[ $line =~ ^$addr:\ socket\ $s,\ RC\ $r,\ root\ port\ $p\ \(DVSEC\ of\ ([0-9a-f:.]+): ]] ||
			fail "$id: '$line', the table says socket $s, RC $r, root port $p"
		port=${BASH_REMATCH[1]}
		# the guide's loop reads the same port's DVSEC (bytes in hex)
		echo "$loop" | grep -qx "$port: bus=[0-9a-f]* segment=00 rp=$(printf %02x "$p") rc=$(printf %02x "$r") socket=$(printf %02x "$s")" ||
			fail "$id: the guide's loop has no line for $port with rp $p, rc $r, socket $s"
		# alone on its port: the port's bit; else the RC's BDF filter
		shared=$(rows | awk -v s="$s" -v r="$r" -v p="$p" '$2 == s && $3 == r && $4 == p' | wc -l)
		if [ "$shared" = 1 ]; then
			grep -A1 "^$addr: " /tmp/pci-map.txt |
				grep -q "nvidia_pcie_pmu_${s}_rc_$r/EVENT,src_rp_mask=$(printf %#x $((1 << p)))/" ||
				fail "$id: not the root port's bit"
		else
			bdf=$(printf %#x $(((0x${addr:5:2} << 8) | (0x${addr:8:2} << 3) | fn)))
			grep -A1 "^$addr: " /tmp/pci-map.txt |
				grep -q "nvidia_pcie_pmu_${s}_rc_$r/EVENT,src_bdf=$bdf,src_bdf_en=1/" ||
				fail "$id: not the BDF filter $bdf"
		fi
		echo "  $id $pciid at $addr: socket $s, RC $r, root port $p (port $port)"
	done < <(rows)
	expect_eq "devices --pci all found" "$(grep -c '^[0-9a-f]\{4\}:.*: socket' /tmp/pci-map.txt)" "$n"
	expect_eq "root ports with the DVSEC, by the guide's loop" "$(echo "$loop" | grep -c rc=)" \
		"$(rows | awk '{ print $2, $3, $4 }' | sort -u | wc -l)"
}

# Each device by itself, with the other devices of its RC busy too:
# reads and writes to local memory (dst 0-3) and to the remote socket's
# (dst 4) from the device, reads and writes to its BARs, counted exactly,
# and the figures the tool prints are those counts over perf's time
test_each_device_exact() {
	local id s r p fn pciid addr oid w out filt tfilt pm tm i lat ela bw
	i=0
	while read -r id s r p fn pciid; do
		i=$((i + 1))
		addr=$(dev_addr "$pciid") || fail "$id not found"
		pm=pcie_s${s}_rc$r tm=tgt_s${s}_rc$r lat=$((20 + i))
		inject "$pm" reset
		inject "$tm" reset
		w="model-traffic $pm 'traffic dev=$id dst=0 rd=$((100 * i)) wr=$((10 * i)) size=64 lat=$lat'"
		w+=" 'traffic dev=$id dst=3 rd=5 wr=1 size=64 lat=$lat'"
		w+=" 'traffic dev=$id dst=4 rd=$((30 * i)) wr=$((3 * i)) size=64 lat=$lat'"
		w+="; model-traffic $tm 'traffic dev=$id addr=0x1000 bar=1 rd=$((7 * i)) wr=$((2 * i)) size=32'"
		# the RC's other devices: not this one's
		while read -r oid _; do
			[ "$oid" != "$id" ] || continue
			w+="; model-traffic $pm 'traffic dev=$oid dst=0 rd=1000 wr=100 size=64 lat=99'"
		done < <(rows | awk -v s="$s" -v r="$r" '$2 == s && $3 == r')
		out=$("$METRICS" -v --bw-unit B/s --pci "$addr" -- sh -c "$w" 2>&1) ||
			{ echo "$out"; fail "$id: t410-metrics failed"; }
		filt=$(echo "$out" | sed -n "s|.*nvidia_pcie_pmu_${s}_rc_$r/rd_req,\([^/]*\)/.*|\1|p" | head -1)
		tfilt=dst_rp_mask=$(printf %#x $((1 << p)))
		[ -n "$filt" ] || { echo "$out"; fail "$id: no rd_req event counted"; }
		pe() { echo "nvidia_pcie_pmu_${s}_rc_$r/$1,$filt/"; }
		expect_eq "$id rd_bytes local" "$(metrics_count "$out" "$(pe "rd_bytes,$T410_DST_LOCAL")")" $(((100 * i + 5) * 64))
		expect_eq "$id rd_bytes remote" "$(metrics_count "$out" "$(pe rd_bytes,dst_rem=1)")" $((30 * i * 64))
		expect_eq "$id wr_bytes local" "$(metrics_count "$out" "$(pe "wr_bytes,$T410_DST_LOCAL")")" $(((10 * i + 1) * 64))
		expect_eq "$id wr_bytes remote" "$(metrics_count "$out" "$(pe wr_bytes,dst_rem=1)")" $((3 * i * 64))
		expect_eq "$id rd_req" "$(metrics_count "$out" "$(pe rd_req)")" $((130 * i + 5))
		expect_eq "$id rd_cum_outs" "$(metrics_count "$out" "$(pe rd_cum_outs)")" $(((130 * i + 5) * lat))
		expect_eq "$id rd_latency" "$(echo "$out" | awk '$2 == "rd_latency" { print $3; exit }')" "$lat.00"
		# its BARs: PCIE-TGT counts the whole port
		expect_eq "$id BAR rd_bytes" \
			"$(metrics_count "$out" "nvidia_pcie_tgt_pmu_${s}_rc_$r/rd_bytes,$tfilt/")" $((7 * i * 32))
		# what the model was given for the RC: this device and the others
		expect_eq "$id: the model's rd_req, every device" "$(event_total "$pm" 2)" \
			$((130 * i + 5 + 1000 * ($(rows | awk -v s="$s" -v r="$r" '$2 == s && $3 == r' | wc -l) - 1)))
		# bandwidth x perf's elapsed time = the bytes
		ela=$(echo "$out" | sed -n 's/^# elapsed time: \([0-9.]*\) s.*/\1/p')
		bw=$(echo "$out" | awk -v p="nvidia_pcie_pmu_${s}_rc_${r}[$addr]" '$1 == p && $2 == "rd_bandwidth_remote" { print $3 }')
		near "$(awk -v b="$bw" -v t="$ela" 'BEGIN { print b * t }')" $((30 * i * 64)) 0.1 ||
			fail "$id: rd_bandwidth_remote $bw B/s over $ela s is not $((30 * i * 64)) bytes"
		echo "  $id ($addr, $filt): rd $(((100 * i + 5) * 64)) B local + $((30 * i * 64)) B remote, latency $lat cycles; rd_bandwidth_remote $bw B/s x $ela s"
	done < <(rows)
	[ "$i" -gt 0 ] || fail "no device in $TABLE"
}

# The two functions of one root port need the RC's one BDF filter: the
# tool says they take turns, and perf cannot have counted both all the
# time (one shows a share below 100%, or <not counted>).  Each of the
# four events that take turns (each function's bytes to local and to
# remote memory) is given traffic, which lands in its own three digits of
# what the model's counters count all told: 1, 1000, 1e6 and 1e9 bytes a
# burst.  The bursts go on until the model has counted some of each (at
# most 100: when perf rotates is perf's, not a time the test assumes).
# Each event then counted: its count, which perf scaled, times the share
# perf shows is what the model counted for it, not nothing.
test_two_functions_take_turns() {
	local a0 a1 out w burst fn to dst i=0 t bursts d n p lo hi
	a0=$(table_addr fn0) || fail "fn0 not found"
	a1=$(table_addr fn1) || fail "fn1 not found"
	inject pcie_s0_rc1 reset
	burst="model-traffic pcie_s0_rc1 'traffic dev=fn0 dst=0 rd=1 size=1' 'traffic dev=fn0 dst=4 rd=1 size=1000' 'traffic dev=fn1 dst=0 rd=1 size=1000000' 'traffic dev=fn1 dst=4 rd=1 size=1000000000'"
	w="n=0; until [ \$n = 100 ] || awk '\$1 ~ /^counted/ && \$1 != \"counted31\" { t += \$2 } END { for (d = 1; d < 1e12; d *= 1000) if (int(t / d) % 1000 == 0) exit 1 }' $MODELS/pcie_s0_rc1/totals; do $burst || exit 1; n=\$((n + 1)); sleep 0.05; done; echo \$n >/tmp/turns-bursts"
	out=$("$METRICS" -v --pci "$a0" --pci "$a1" -m rd_bandwidth -- sh -c "$w" 2>&1) ||
		{ echo "$out"; fail "t410-metrics failed"; }
	echo "$out"
	echo "$out" | grep -q "$a0, $a1 need its one BDF filter: they take turns" ||
		fail "no word of taking turns"
	echo "$out" | grep -Eq "^# nvidia_pcie_pmu_0_rc_1\[($a0|$a1)\]: events multiplexed|not counted" ||
		fail "both counted all the time with one BDF filter"
	t=$(awk '$1 ~ /^counted/ && $1 != "counted31" { t += $2 } END { printf "%.0f\n", t }' \
		"$MODELS/pcie_s0_rc1/totals")
	bursts=$(</tmp/turns-bursts)
	echo "  the model's counters: $t ($bursts bursts)"
	for fn in "$a0" "$a1"; do
		for to in "local:$T410_DST_LOCAL" remote:dst_rem=1; do
			dst=${to#*:} to="$fn ${to%%:*}"
			# this event's part of the model's count, in bytes
			d=$(((t / 10 ** (3 * i)) % 1000 * 10 ** (3 * i)))
			read -r n p < <(count_share "$out" "nvidia_pcie_pmu_0_rc_1/rd_bytes,$dst,src_bdf=$(bdf_of "$fn"),src_bdf_en=1/")
			echo "  $to: $n ($p%), the model's $d (of $((bursts * 10 ** (3 * i))) injected)"
			[ "$d" -gt 0 ] || fail "$to: the model counted none of its traffic"
			[ "$d" -le $((bursts * 10 ** (3 * i))) ] || fail "$to: the model counted more than its traffic"
			[[ $n =~ ^[1-9][0-9]*$ ]] || fail "$to: perf counted '$n'"
			# perf's count is floor(raw / share), its share floor(100 * share)
			p=${p%.*}
			if [ "$p" = 100 ]; then
				expect_eq "$to, all the time: the model's" "$n" "$d"
			else
				lo=$((n * p / 100)) hi=$((((n + 1) * (p + 1) + 99) / 100))
				[ "$d" -ge $lo ] && [ "$d" -le $hi ] ||
					fail "$to: $n at $p% is $lo-$hi unscaled, the model counted $d"
				echo "  $to: $n at $p% is $lo-$hi unscaled"
			fi
			i=$((i + 1))
		done
	done
}

# count_share OUTPUT EVENT: "count share" t410-metrics -v printed for
# perf's EVENT ("# count EVENT N (P%)")
count_share() {
	awk -v e="$2" '$1 == "#" && $2 == "count" && $3 == e { p = $5; gsub(/[(%)]/, "", p); print $4, p; exit }' <<<"$1"
}

# bdf_of ADDR: a PCI function's BDF as the PMU's src_bdf takes it
bdf_of() {
	local a=${1#*:}
	printf '%#x\n' $(((0x${a%%:*} << 8) | (0x${a:3:2} << 3) | ${a##*.}))
}

# The docs' form with a duration (t410-metrics --pci DEVICE -d S): the
# device's figures over that time, nothing given to the model, so zero
test_duration() {
	local a out
	a=$(table_addr accel0) || fail "accel0 not found"
	inject pcie_s0_rc1 reset
	out=$("$METRICS" --bw-unit B/s --pci "$a" -d 0.5 2>&1) || { echo "$out"; fail "-d 0.5 failed"; }
	echo "$out"
	for m in rd_bandwidth_local rd_bandwidth_remote wr_bandwidth; do
		expect_eq "$m over 0.5 s" \
			"$(echo "$out" | awk -v p="nvidia_pcie_pmu_0_rc_1[$a]" -v m=$m '$1 == p && $2 == m { print $3, $4 }')" "0.00 B/s"
	done
	echo "$out" | grep -q "^# elapsed time: " || fail "no elapsed time printed"
}

test_bad_input() {
	local out d integrated=
	out=$("$METRICS" --pci 0000:1f:00.0 2>&1) && fail "no such device: exit 0"
	echo "  $out"
	echo "$out" | grep -q "no PCI device, network interface or block device 0000:1f:00.0" ||
		fail "no such device: '$out'"
	# a function on the host bridge itself (not a bridge: the board's
	# virtio devices)
	for d in /sys/bus/pci/devices/*; do
		[[ $(<"$d/class") != 0x06* ]] && [ "$(readlink -f "$d/..")" = "$(readlink -f /sys/devices/pci0000:00)" ] &&
			{ integrated=${d##*/}; break; }
	done
	[ -n "$integrated" ] || fail "no function on the host bridge"
	out=$("$METRICS" --pci "$integrated" 2>&1) && fail "$integrated: exit 0"
	echo "  $out"
	echo "$out" | grep -q "$integrated is on the host bridge itself, behind no root port: not behind a Tegra410 RC" ||
		fail "integrated endpoint: '$out'"
	# the PMUs gone with their driver
	rmmod nvidia_coresight_pmu || fail "rmmod nvidia_coresight_pmu"
	d=$(table_addr nvme0) || fail "nvme0 not found"
	out=$("$METRICS" --pci "$d" -d 0.1 2>&1)
	d=$?
	insmod "$VM_TOP/drivers/perf/nvidia_coresight_pmu.ko" || fail "insmod nvidia_coresight_pmu"
	echo "  $out"
	[ "$d" != 0 ] || fail "PMU not loaded: exit 0"
	echo "$out" | grep -q "no PMU nvidia_pcie_pmu_0_rc_0 in /sys/bus/event_source/devices (nvidia_coresight_pmu not loaded" ||
		fail "PMU not loaded: '$out'"
	[ -d "$PMUS/nvidia_pcie_pmu_0_rc_0" ] || fail "nvidia_pcie_pmu_0_rc_0 not back after insmod"
	# the model refuses a device of another RC, and one that is not there
	! inject pcie_s0_rc1 "traffic dev=nvme0 rd=1" 2>/dev/null || fail "model took another RC's device"
	! inject pcie_s0_rc1 "traffic dev=nosuch rd=1" 2>/dev/null || fail "model took a device that is not there"
}

# Each device's traffic as Prometheus series (pmu-metrics --pci, the
# device label): two devices of two RCs, the other functions of the
# second RC busy too, counted exactly; once as the exporter's output
# (kept for Debian's clients on the host: board-prom-clients), once kept
# open on the board's port and scraped by Debian's Prometheus on the host
# (tools/vm-run --prometheus), its stored series the same traffic
test_prometheus_per_device() {
	local out=/tmp/pmu-metrics-pci.prom a=$VM_OUT/prometheus/t410-devices.answer
	local id s r p addr w m d dst want i
	local -a stores=()
	local -A lab=()
	for id in nvme0 accel0; do
		read -r s r p < <(rows | awk -v id="$id" '$1 == id { print $2, $3, $4 }')
		addr=$(table_addr "$id") || fail "$id not found"
		# (each is its root port's one function: the port's bit)
		lab[$id]="family=\"pcie\",pmu=\"nvidia_pcie_pmu_${s}_rc_$r\",socket=\"$s\",rc=\"$r\",device=\"$addr\",filter=\"src_rp_mask=$(printf %#x $((1 << p)))\""
		set -- "$@" --pci "$addr"
	done
	w="model-traffic pcie_s0_rc0 'traffic dev=nvme0 dst=0 rd=100 wr=10 size=64 lat=20' 'traffic dev=nvme0 dst=4 rd=30 wr=3 size=64 lat=20'; model-traffic pcie_s0_rc1 'traffic dev=accel0 dst=0 rd=200 wr=20 size=64 lat=30' 'traffic dev=fn0 dst=0 rd=1000 wr=100 size=64 lat=99' 'traffic dev=fn1 dst=4 rd=50 size=64 lat=99'"
	# DEVICE:DIRECTION:DESTINATION:BYTES
	for m in nvme0:read:local:$((100 * 64)) nvme0:read:remote:$((30 * 64)) \
		nvme0:write:local:$((10 * 64)) accel0:read:local:$((200 * 64)) \
		accel0:write:local:$((20 * 64)) accel0:read:remote:0; do
		IFS=: read -r id d dst want <<<"$m"
		stores+=("perf_uncore_pcie_bytes_total{${lab[$id]},direction=\"$d\",destination=\"$dst\"}" "$want")
	done
	inject pcie_s0_rc0 reset
	inject pcie_s0_rc1 reset
	"$VM_TOP/tools/pmu-metrics" "$@" -m 'rd_bandwidth_*' -m 'wr_bandwidth_*' -f prometheus \
		-- sh -c "$w" >$out || fail "pmu-metrics --pci -f prometheus failed"
	for ((i = 0; i < ${#stores[@]}; i += 2)); do
		expect_series "${stores[i]}" $out "${stores[i]}" "${stores[i + 1]}"
	done
	for_clients t410-devices $out
	inject pcie_s0_rc0 reset
	inject pcie_s0_rc1 reset
	exporter_listening "$@" -m 'rd_bandwidth_*' -m 'wr_bandwidth_*'
	sh -c "$w" || fail "the traffic"
	expect_prometheus_stores t410-devices "${stores[@]}"
	expect_eq "Prometheus: both RCs' PMUs up" "$(grep -c '^perf_uncore_up{.*} 1$' "$a")" 2
}

run_test "--pci all: the table's devices, socket, RC and port as the guide's loop reads them" test_map_is_the_table_and_the_guide_loop
run_test "--pci DEVICE -- COMMAND: each device's bytes, local and remote, latency, BARs, exact" test_each_device_exact
run_test "two functions of one port take turns on the RC's BDF filter" test_two_functions_take_turns
run_test "--pci DEVICE -d SECONDS: the device's figures over that time" test_duration
run_test "no such device, an integrated endpoint, the PMU's driver unloaded" test_bad_input
run_test "--pci as Prometheus series, and as the host's Prometheus scraped them: each device's bytes" \
	test_prometheus_per_device
t_summary
