# Shared settings for the tools/ scripts.  Sourced, not run.
# shellcheck shell=bash
# shellcheck disable=SC2034  # settings used by the scripts that source this

TOP=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
CACHE=${PMU_CACHE:-${XDG_CACHE_HOME:-$HOME/.cache}/imx-tegra-pmu}
KSRC_TARBALL=/usr/src/linux-source-6.12.tar.xz

die() { echo "$(basename "$0"): $*" >&2; exit 1; }
# log MSG: a progress line, with the seconds since the script started
log() { echo "== [${SECONDS}s] $*" >&2; }

# Install Debian packages that are missing (we are root on the target).
need_pkgs() {
	local missing=() p
	for p in "$@"; do
		dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q 'ok installed' ||
			missing+=("$p")
	done
	[ ${#missing[@]} -eq 0 ] && return 0
	log "installing ${missing[*]}"
	if [ "$(id -u)" != 0 ]; then SUDO=sudo; else SUDO=; fi
	# make check runs tools side by side: wait for another's apt, do not
	# fail on its lock
	$SUDO apt-get -o DPkg::Lock::Timeout=600 update -qq >/dev/null || true
	DEBIAN_FRONTEND=noninteractive $SUDO apt-get -o DPkg::Lock::Timeout=600 \
		install -y -qq --no-install-recommends "${missing[@]}" >/dev/null ||
		die "apt-get install ${missing[*]} failed"
}

# What tools/vm-run needs on the host to boot the board: the guest runs
# the host's root, and its init (tools/guest-init) needs mount, which a
# minimal Debian 12 does not have (util-linux's mount is a package of its
# own)
VM_PKGS="acpica-tools busybox-static linux-perf mount"

KBUILD_PKGS="linux-source-6.12 flex bison bc libelf-dev libssl-dev cpio kmod xz-utils make gcc"

# The source package version and the config fragment decide the cache key.
ksrc_version() { dpkg-query -W -f='${Version}' linux-source-6.12; }
ksrc_dir() { echo "$CACHE/src-$(ksrc_version)"; }
test_kernel_dir() {
	local h
	h=$(cat "$TOP/tests/board/kernel.config" | sha256sum | cut -c1-12)
	echo "$CACHE/kernel-x86_64-$(ksrc_version)-$h"
}
arm64_kernel_dir() {
	local h
	h=$(cat "$TOP/tests/board/arm64.config" | sha256sum | cut -c1-12)
	echo "$CACHE/kernel-arm64-$(ksrc_version)-$h"
}

# linux-source-<series> from Debian sid (7.2 today: the newest end of the
# kernel range), unpacked in the cache; prints the tree.  apt is pointed at
# a private sid list, state and cache under $CACHE/apt-sid, so that the
# host's own apt configuration (and what it would install) never changes.
sid_ksrc_dir() {
	local series=$1 a=$CACHE/apt-sid deb ver dir
	local -a apt=(-o "Dir::Etc::SourceList=$a/sid.list" -o Dir::Etc::SourceParts=/dev/null
		-o "Dir::State::Lists=$a/lists" -o "Dir::Cache=$a/cache" -o Debug::NoLocking=1)
	mkdir -p "$a/lists/partial" "$a/cache/archives/partial" "$a/debs"
	echo "deb [signed-by=/usr/share/keyrings/debian-archive-keyring.gpg] http://deb.debian.org/debian sid main" >"$a/sid.list"
	need_pkgs debian-archive-keyring xz-utils
	if ! ver=$(apt-cache "${apt[@]}" show "linux-source-$series" 2>/dev/null |
		sed -n 's/^Version: //p' | head -1) || [ -z "$ver" ]; then
		apt-get "${apt[@]}" update -qq >/dev/null || die "apt-get update (sid list) failed"
		ver=$(apt-cache "${apt[@]}" show "linux-source-$series" | sed -n 's/^Version: //p' | head -1)
	fi
	[ -n "$ver" ] || die "sid has no linux-source-$series"
	dir=$CACHE/src-$ver
	if [ ! -f "$dir/.unpacked" ]; then
		rm -f "$a"/debs/*.deb
		(cd "$a/debs" && apt-get "${apt[@]}" download -qq "linux-source-$series=$ver" >/dev/null) ||
			die "download of linux-source-$series $ver failed"
		deb=$(ls "$a"/debs/linux-source-"$series"_*_all.deb)
		log "unpacking linux-source-$series $ver"
		rm -rf "$dir" && mkdir -p "$dir"
		dpkg-deb --fsys-tarfile "$deb" | tar -xO --wildcards "*/linux-source-$series.tar.xz" |
			tar -xJ -C "$dir" --strip-components=1 || die "unpacking linux-source-$series failed"
		rm -f "$deb"
		touch "$dir/.unpacked"
	fi
	echo "$dir"
}

# Run a tool, showing its stderr only if it fails.
tools_quiet() {
	local err rc=0 outp
	err=$(mktemp)
	outp=$("$@" 2>"$err") || rc=$?
	[ $rc = 0 ] || { cat "$err" >&2; rm -f "$err"; die "$* failed"; }
	rm -f "$err"
	echo "$outp"
}

# Build the modules for the test kernel, quietly unless something breaks.
build_modules() {
	local kdir=$1 o
	o=$(make -C "$TOP" KDIR="$kdir" modules 2>&1) || { echo "$o" >&2; die "module build failed"; }
}

# Userspace helpers the tests run in the guest.
build_test_tools() {
	mkdir -p "$TOP/out/tools"
	gcc -Wall -Wextra -Werror -O2 -o "$TOP/out/tools/perf_open" \
		"$TOP/tests/tools/perf_open.c" || die "perf_open build failed"
}

# The modules the board loads, in the order insmod needs them: the build's
# modules.order, each module after the modules it depends on (modinfo).
# KUnit suites (tests/kunit/) are not loaded at boot: the tests run them.
module_load_order() {
	local order=$TOP/modules.order m name
	local -a names=()
	declare -A path=() seen=()
	[ -f "$order" ] || die "no $order: build the modules first"
	while read -r m; do
		m=${m%.o}
		m=${m%.ko}
		m=${m#"$TOP"/}
		case $m in tests/kunit/*) continue ;; esac
		name=$(basename "$m")
		names+=("$name")
		path[$name]=$TOP/$m.ko
	done <"$order"
	visit() {
		local name=$1 dep
		[ -n "${seen[$name]:-}" ] && return 0
		seen[$name]=1
		for dep in $(modinfo -F depends "${path[$name]}" | tr , ' '); do
			[ -n "${path[$dep]:-}" ] && visit "$dep"
		done
		printf '%s ' "${path[$name]}"
	}
	for name in "${names[@]}"; do
		visit "$name"
	done
}

# -device arguments of the board's hardware models: the i.MX8 ones and the
# register file's (tests/board/qemu-devices), then the Tegra410 units'
# (generated from tests/board/tegra410-units and tegra410-latency-units)
board_devices() {
	local line tegra
	tegra=$("$TOP/tools/gen-tegra410" devices) || return 1
	while read -r line; do
		case $line in '' | '#'*) continue ;; esac
		printf -- '-device\n%s\n' "$line"
	done < <(cat "$TOP/tests/board/qemu-devices"; echo "$tegra")
}

# Splats in a guest kernel log: print them and fail.  scan_log LOG [REGEX]:
# lines matching REGEX are known splats, reported but not failing.
scan_log() {
	local hits known
	hits=$(grep -nE 'WARNING:|BUG:|KASAN|possible recursive locking|possible circular locking|inconsistent lock state|suspicious RCU usage|Oops|Kernel panic|kernel BUG|general protection fault|UBSAN|sleeping function called from invalid context|unreferenced object' "$1" || true)
	if [ -n "${2:-}" ] && [ -n "$hits" ]; then
		known=$(echo "$hits" | grep -E -- "$2" || true)
		[ -n "$known" ] && echo "vm-run: known splat(s) accepted: $known" >&2
		hits=$(echo "$hits" | grep -vE -- "$2" || true)
	fi
	[ -z "$hits" ] && return 0
	echo "vm-run: splat in the guest log ($1):" >&2
	echo "$hits" | head -20 >&2
	return 1
}
