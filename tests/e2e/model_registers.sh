#!/bin/bash
# The models' register file, seen from the guest: every kind of register
# the common part offers behaves as on silicon, on the regfile-selftest
# model (tests/qemu/regfile-selftest-model.c), poked with devmem.

. "$VM_TOP/tests/guest/lib.sh"

BASE=$(model_addr regfile)
rd() { printf '0x%08x' "$(busybox devmem $((BASE + $1)) 32)"; }
wr() { busybox devmem $((BASE + $1)) 32 "$2"; }

test_rw_wmask_selfclear() {
	wr 0x00 0xffffffff
	# [15:0] stored; bit 16 is a command and reads 0; bit 31 is status
	expect_eq "CTRL after writing all ones" "$(rd 0x00)" 0x0000ffff
	expect_eq "commands seen" "$(rd 0x04)" 0x00000001
	wr 0x00 0x00010000
	expect_eq "command again, fields cleared" "$(rd 0x00)" 0x00000000
	expect_eq "commands seen" "$(rd 0x04)" 0x00000002
	wr 0x04 0x1234
	expect_eq "read-only CMDS ignores writes" "$(rd 0x04)" 0x00000002
}

test_set_clear_pair() {
	wr 0x0c 0xffffffff
	wr 0x08 0x1
	wr 0x08 0x4
	expect_eq "two single-bit writes to SET" "$(rd 0x08)" 0x00000005
	expect_eq "CLR reads the same bits" "$(rd 0x0c)" 0x00000005
	wr 0x0c 0x1
	expect_eq "after a write to CLR" "$(rd 0x08)" 0x00000004
	wr 0x08 0x0
	expect_eq "writing 0 to SET changes nothing" "$(rd 0x08)" 0x00000004
}

test_w1c_status_and_irq() {
	local irqs0
	irqs0=$(total regfile irqs)
	inject regfile "status bits=0x6"
	expect_eq "STATUS set by the hardware" "$(rd 0x10)" 0x00000006
	expect_eq "interrupt raised" "$(total regfile irqs)" $((irqs0 + 1))
	wr 0x10 0x2
	expect_eq "after writing 1 to bit 1" "$(rd 0x10)" 0x00000004
	wr 0x10 0x0
	expect_eq "writing 0 changes nothing" "$(rd 0x10)" 0x00000004
	inject regfile "status bits=0x1"
	expect_eq "line still high: no new edge" "$(total regfile irqs)" $((irqs0 + 1))
	wr 0x10 0x5
	expect_eq "all acknowledged" "$(rd 0x10)" 0x00000000
	inject regfile "status bits=0x1"
	expect_eq "a new edge" "$(total regfile irqs)" $((irqs0 + 2))
	wr 0x10 0x1
	# the w1c status bit of a read-write register
	expect_eq "CTRL status bit set" "$(( $(rd 0x00) >> 31 ))" 1
	wr 0x00 0x80000000
	expect_eq "CTRL status bit cleared by a 1" "$(( $(rd 0x00) >> 31 ))" 0
}

test_wide_register_halves() {
	busybox devmem $((BASE + 0x18)) 64 0x1122334455667788
	expect_eq "low half" "$(rd 0x18)" 0x55667788
	expect_eq "high half" "$(rd 0x1c)" 0x11223344
	wr 0x1c 0xaabbccdd
	expect_eq "64-bit read after a high-half write" \
		"$(printf '0x%016x' "$(busybox devmem $((BASE + 0x18)) 64)")" 0xaabbccdd55667788
}

test_live_value_moves_between_reads() {
	local a b
	a=$(rd 0x20)
	b=$(rd 0x20)
	expect_eq "second read of TICK" "$b" "$(printf '0x%08x' $((a + 1)))"
}

test_broadcast_register() {
	local cmds
	wr 0x30 0x1
	wr 0x34 0x2
	cmds=$(( $(rd 0x04) ))
	wr 0x38 0x00010055
	expect_eq "ARR0 after a write to the broadcast ARR2" "$(rd 0x30)" 0x00000055
	expect_eq "ARR1 after it" "$(rd 0x34)" 0x00000055
	expect_eq "ARR2 itself reads" "$(rd 0x38)" 0x00000000
	expect_eq "its command bit reached both" "$(( $(rd 0x04) ))" $((cmds + 2))
	wr 0x34 0x7
	expect_eq "ARR1 alone" "$(rd 0x34)" 0x00000007
	expect_eq "ARR0 untouched" "$(rd 0x30)" 0x00000055
}

test_packed_wide_register() {
	wr 0x3c 0x11111111
	wr 0x40 0x22222222
	expect_eq "PACKED low half (at 4 mod 8)" "$(rd 0x3c)" 0x11111111
	expect_eq "PACKED high half" "$(rd 0x40)" 0x22222222
	expect_eq "a misaligned 64-bit read reaches no register" \
		"$(printf '0x%016x' "$(busybox devmem $((BASE + 0x3c)) 64)")" 0x0000000000000000
	wr 0x44 0x33333333
	wr 0x48 0x44444444
	expect_eq "UNDER low half" "$(rd 0x44)" 0x33333333
	expect_eq "OVER, placed over UNDER's high half, answers there" "$(rd 0x48)" 0x0ee00ee0
}

run_test "read-write register: write mask, self-clearing command, read-only" test_rw_wmask_selfclear
run_test "write-1-to-set / write-1-to-clear pair" test_set_clear_pair
run_test "write-1-to-clear status, and the interrupt line it drives" test_w1c_status_and_irq
run_test "64-bit register as two 32-bit halves" test_wide_register_halves
run_test "a live register changes between two reads" test_live_value_moves_between_reads
run_test "a broadcast instance writes the others, with their side effects" test_broadcast_register
run_test "64-bit registers at 4 mod 8: halves only, and one shadowed" test_packed_wide_register
t_summary
