# The host tests' harness (sourced): tests are shell functions, registered
# with run_test and run by ktap_run, each in a subshell, its output kept
# and shown only when it fails; prints one KTAP document.
# shellcheck shell=bash

T_LOG=$(mktemp)
T_NAMES=()
T_FUNCS=()

# run_test "NAME" FUNCTION
run_test() {
	T_NAMES+=("$1")
	T_FUNCS+=("$2")
}

fail() {
	echo "FAIL: $*"
	exit 1
}

expect_eq() {
	[ "$2" = "$3" ] || fail "$1: got '$2', want '$3'"
	echo "$1: $2"
}

# ktap_run "DESCRIPTION": run every test; non-zero if one failed
ktap_run() {
	local i rc t pass=0 failn=0
	echo "KTAP version 1"
	echo "# $1"
	echo "1..${#T_NAMES[@]}"
	for i in "${!T_NAMES[@]}"; do
		rc=0 t=$SECONDS
		# shellcheck disable=SC2086  # a function and its arguments
		(${T_FUNCS[$i]}) >"$T_LOG" 2>&1 || rc=$?
		echo "# ${T_NAMES[$i]}: $((SECONDS - t)) s"
		[ -z "${KTAP_VERBOSE:-}" ] || sed "s/^/# /" "$T_LOG"
		if [ $rc = 0 ]; then
			pass=$((pass + 1))
			echo "ok $((i + 1)) ${T_NAMES[$i]}"
		else
			sed 's/^/# /' "$T_LOG" | tail -40
			failn=$((failn + 1))
			echo "not ok $((i + 1)) ${T_NAMES[$i]}"
		fi
	done
	rm -f "$T_LOG"
	echo "# Totals: pass:$pass fail:$failn xfail:0 xpass:0 skip:0 error:0"
	[ "$failn" = 0 ]
}
