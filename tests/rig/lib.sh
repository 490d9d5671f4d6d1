# Shared settings of the rig's scripts (tests/rig/, packaging/build-*).
# Sourced, not run.
# shellcheck shell=bash
# shellcheck disable=SC2034  # settings used by the scripts that source this

TOP=$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)
CACHE=${PMU_CACHE:-${XDG_CACHE_HOME:-$HOME/.cache}/imx-tegra-pmu}
KSRC_TARBALL=/usr/src/linux-source-6.12.tar.xz

die() { echo "$(basename "$0"): $*" >&2; exit 1; }
# A script run with set -e that stops on a failing command says which
# command failed, and where, instead of ending silently (make then shows
# only its own "Error 1").  In the shells where errexit is on only: a
# command substitution's shell has it off and its failure is its
# caller's to judge, as is a failure under if, && or ||, where bash runs
# no ERR trap.  (tests/rig/check runs without -e: it counts failures itself.)
lib_on_err() {
	echo "$(basename "$0"): '$4' failed (exit $1), $3 line $2" >&2
}
if [[ $- == *e* ]]; then
	set -o errtrace
	trap '[[ $- != *e* ]] || lib_on_err $? "$LINENO" "${BASH_SOURCE[0]:-$0}" "$BASH_COMMAND"' ERR
fi
# log MSG: a progress line, with the seconds since the script started
log() { echo "== [${SECONDS}s] $*" >&2; }

# with_progress WHAT LOG CMD...: run CMD, its output in LOG, saying every
# 30 s that it still runs and for how long (a first build takes minutes
# with nothing else to show); on failure, LOG's last lines
with_progress() {
	local what=$1 logf=$2 pid rc t0=$SECONDS i
	shift 2
	log "$what (full log: $logf)"
	"$@" >"$logf" 2>&1 &
	pid=$!
	while kill -0 "$pid" 2>/dev/null; do
		for i in $(seq 30); do
			kill -0 "$pid" 2>/dev/null || break
			sleep 1
		done
		[ "$i" != 30 ] || log "$what: $((SECONDS - t0)) s so far"
	done
	wait "$pid"
	rc=$?
	[ $rc = 0 ] || tail -30 "$logf" >&2
	return $rc
}

# with_time_limit SECONDS CMD...: CMD (a shell function too) in
# a process group of its own, stopped with all it started if it runs
# longer than SECONDS (a guard against a hang: far above what any takes);
# its status, or 124 and a line saying so, as timeout(1)
with_time_limit() {
	local limit=$1 pid dog rc flag
	shift
	flag=$(mktemp)
	set -m
	"$@" &
	pid=$!
	(trap 'exit 0' TERM
	sleep "$limit" & wait $!
	echo >"$flag"
	kill -TERM -- -"$pid" 2>/dev/null
	sleep 60 & wait $!
	kill -KILL -- -"$pid" 2>/dev/null) &
	dog=$!
	set +m
	wait "$pid"
	rc=$?
	kill -TERM -- -"$dog" 2>/dev/null
	wait "$dog" 2>/dev/null
	if [ -s "$flag" ]; then
		echo "stopped after $limit s: $*"
		rc=124
	fi
	rm -f "$flag"
	return $rc
}

# need_pkgs PKG...: install the Debian packages of those that are missing
# (as root, or with sudo), saying which.  On a machine without dpkg and
# apt (Fedora, RHEL) it names them and stops: they are Debian's names,
# the user installs their equivalents.
# (one dpkg-query for all: make check asks for its packages a few
# hundred times, in every script it runs)
need_pkgs() {
	local missing=() p have logf
	command -v dpkg-query >/dev/null && command -v apt-get >/dev/null ||
		die "this needs Debian's packages $* (or their equivalents), and this machine has no dpkg and apt to install them: install them, then run this again"
	# (dpkg-query exits 1 when a package it is asked about is not
	# installed; what it printed of the others is still the answer)
	have=" $({ dpkg-query -W -f='${db:Status-Abbrev}|${Package}\n' "$@" 2>/dev/null || :; } |
		sed -n 's/^ii *|//p' | tr '\n' ' ')"
	for p in "$@"; do
		[[ $have == *" $p "* ]] || missing+=("$p")
	done
	[ ${#missing[@]} -eq 0 ] && return 0
	if [ "$(id -u)" != 0 ]; then SUDO=sudo; else SUDO=; fi
	mkdir -p "$CACHE"
	logf=$(mktemp "$CACHE/apt-get.XXXXXX.log")
	# make check runs tools side by side: wait for another's apt, do not
	# fail on its lock.  (A first install is minutes: a line every 30 s,
	# apt's own output on failure.)
	# shellcheck disable=SC2016  # apt-get's arguments, for sh
	with_progress "installing Debian's ${missing[*]} (apt-get)" "$logf" \
		$SUDO env DEBIAN_FRONTEND=noninteractive sh -c 'apt-get -o DPkg::Lock::Timeout=600 update -qq || :
			apt-get -o DPkg::Lock::Timeout=600 install -y -q --no-install-recommends "$@"' \
		apt-get "${missing[@]}" || die "apt-get install ${missing[*]} failed"
	rm -f "$logf"
}

# What tools/vm-run needs on the host to boot the board: the guest runs
# the host's root, and its init (tests/rig/guest-init) needs mount, which a
# minimal Debian 12 does not have (util-linux's mount is a package of its
# own)
VM_PKGS="acpica-tools busybox-static linux-perf mount"
# and what the arm64 board needs beside: dtc for its device tree, the
# cross compiler for the modules and helpers, U-Boot's mkenvimage and
# libubootenv's fw_printenv/fw_setenv for the i.MX8 board's U-Boot
# environment
VM_PKGS_ARM64="device-tree-compiler cpp gcc-aarch64-linux-gnu libc6-dev-arm64-cross u-boot-tools libubootenv-tool"

# (pahole: Debian's kernels have BTF for modules, which Kconfig drops
# from a tree prepared without it, and struct module then has another
# size than the image's: "Invalid module format" at insmod.  A machine
# with Debian's headers has it from linux-kbuild; a new one has not.)
KBUILD_PKGS="linux-source-6.12 flex bison bc libelf-dev libssl-dev cpio kmod xz-utils make gcc pahole"
# What tests/rig/build-qemu builds QEMU with, and tests/rig/build-perf perf
# (perf takes its Python, for the jevents tables, from python3-config,
# which only python3-dev has)
QEMU_PKGS="dpkg-dev ninja-build meson pkg-config python3 libglib2.0-dev \
	libpixman-1-dev libcap-ng-dev libattr1-dev libfdt-dev libslirp-dev qemu-system-x86"
PERF_PKGS="python3 python3-dev libelf-dev libdw-dev zlib1g-dev pkg-config"

# The source package version and the config fragments decide the cache key.
# (installed first where it is not: make demo's first step asks for it)
ksrc_version() {
	dpkg-query -W -f='${Version}' linux-source-6.12 2>/dev/null ||
		{ need_pkgs linux-source-6.12 && dpkg-query -W -f='${Version}' linux-source-6.12; }
}
ksrc_dir() { echo "$CACHE/src-$(ksrc_version)"; }
# board_config_frags ARCH: a board's kernel config fragments, one per line,
# in the order they are merged: the board's own, then (arm64-noacpi) the
# one without ACPI, then what every board leaves out.  tests/rig/build-kernel
# merges them and the kernels' cache keys hash them: one list for both.
board_config_frags() {
	case $1 in
	x86_64) echo "$TOP/tests/board/kernel.config" ;;
	arm64) echo "$TOP/tests/board/arm64.config" ;;
	arm64-noacpi) printf '%s\n' "$TOP/tests/board/arm64.config" "$TOP/tests/board/no-acpi.config" ;;
	*) return 1 ;;
	esac
	echo "$TOP/tests/board/lean.config"
}
# board_config_hash ARCH: the fragments' hash, for cache keys
board_config_hash() {
	local frags
	frags=$(board_config_frags "$1") || die "no kernel config for $1"
	# shellcheck disable=SC2086  # the list of paths (no spaces: under $TOP)
	cat $frags | sha256sum | cut -c1-12
}
# the debug kernels' build directories (tests/rig/build-kernel x86_64, arm64)
test_kernel_dir() { echo "$CACHE/kernel-x86_64-$(ksrc_version)-$(board_config_hash x86_64)"; }
arm64_kernel_dir() { echo "$CACHE/kernel-arm64-$(ksrc_version)-$(board_config_hash arm64)"; }

# apt_retry WHAT CMD...: run an apt command, up to four times: Debian's
# mirrors are rewritten several times a day (sid four), and a fetch that
# lands in a sync fails on a hash mismatch and works a little later.
# Quiet when it works; apt's own message, then die, when it never does
apt_retry() {
	local what=$1 try out
	shift
	for try in 1 2 3 4; do
		out=$("$@" 2>&1) && return 0
		[ $try = 4 ] && break
		log "$what failed, trying again in $((try * 20)) s"
		sleep $((try * 20))
	done
	echo "$out" >&2
	die "$what failed"
}

# Packages from Debian's other suites, for the one package only: apt is
# pointed at a private list, state and cache under $CACHE/apt-SUITE, so
# that the host's own apt configuration (and what it would install) never
# changes.  suite_apt SUITE [DEBARCH]: sets SUITE_APT to apt's options for
# it; with DEBARCH (amd64, arm64), for that architecture's packages, in a
# state of its own (apt-SUITE-DEBARCH).  SUITE "host" is the host's own
# sources (Debian 12's suites, as the host is configured), in a private
# state: how the arm64 packages of the host's release are fetched.  With
# SOURCES ("deb URI SUITE COMPONENT" lines), those instead of Debian's
# own SUITE (SUITE then names the state only).
#   suite_apt SUITE [DEBARCH [SOURCES]]
suite_apt() {
	local a=$CACHE/apt-$1${2:+-$2}
	# (apt's binary caches kept beside the lists, whatever the host's apt
	# says: Debian's container images turn them off, and apt-cache then
	# reads the lists again at every call, a second of CPU for sid's)
	SUITE_APT=(-o "Dir::State::Lists=$a/lists" -o "Dir::Cache=$a/cache" -o Debug::NoLocking=1
		-o Dir::Cache::pkgcache=pkgcache.bin -o Dir::Cache::srcpkgcache=srcpkgcache.bin)
	[ -z "${2:-}" ] || SUITE_APT+=(-o "APT::Architecture=$2" -o "APT::Architectures=$2")
	mkdir -p "$a/lists/partial" "$a/cache/archives/partial" "$a/debs"
	if [ "$1" != host ]; then
		# Signatures are checked, Valid-Until is not: a mirror that
		# serves a snapshot of sid (its Release valid a week) would
		# otherwise refuse every update after that week ("Release file
		# ... is expired"), as a fresh Debian 12 root here found
		SUITE_APT+=(-o "Dir::Etc::SourceList=$a/$1.list" -o Dir::Etc::SourceParts=/dev/null
			-o Acquire::Check-Valid-Until=false)
		# (written only when it differs: a newer list invalidates the
		# binary caches)
		local line=${3:-deb http://deb.debian.org/debian $1 main}
		line=$(sed 's|^deb |deb [signed-by=/usr/share/keyrings/debian-archive-keyring.gpg] |' <<<"$line")
		[ "$(cat "$a/$1.list" 2>/dev/null)" = "$line" ] || echo "$line" >"$a/$1.list"
	fi
	need_pkgs debian-archive-keyring xz-utils
}

# suite_version SUITE PKG [DEBARCH]: the version of PKG in SUITE (lists
# fetched once)
suite_version() {
	local ver
	suite_apt "$1" "${3:-}"
	if ! ver=$(apt-cache "${SUITE_APT[@]}" show "$2" 2>/dev/null |
		sed -n 's/^Version: //p' | head -1) || [ -z "$ver" ]; then
		apt_retry "apt-get update ($1${3:+ $3} list)" apt-get "${SUITE_APT[@]}" update -qq
		ver=$(apt-cache "${SUITE_APT[@]}" show "$2" | sed -n 's/^Version: //p' | head -1)
	fi
	[ -n "$ver" ] || die "$1 has no $2"
	echo "$ver"
}

# suite_download SUITE PKG VERSION [DEBARCH]: the .deb in
# $CACHE/apt-SUITE[-DEBARCH]/debs
suite_download() {
	local d=$CACHE/apt-$1${4:+-$4}/debs
	suite_apt "$1" "${4:-}"
	rm -f "$d"/*.deb
	(cd "$d" && apt_retry "download of $2 $3 ($1${4:+ $4})" apt-get "${SUITE_APT[@]}" download -qq "$2=$3") ||
		return 1
	ls "$d"/"$2"_*.deb
}

# unpacked_pkgs SUITE PKG...: the packages' files, unpacked together
# (dpkg-deb -x) in a directory of the cache, printed: a host test runs a
# tool of another package from there (grub-mkconfig, u-boot-update)
# without installing it on the machine that runs make check
unpacked_pkgs() {
	local suite=$1 p ver key='' deb dir
	shift
	for p in "$@"; do
		ver=$(suite_version "$suite" "$p") || return 1
		key+=-$p-$ver
	done
	dir=$CACHE/unpacked-$suite$key
	if [ ! -f "$dir/.unpacked" ]; then
		rm -rf "$dir" && mkdir -p "$dir"
		for p in "$@"; do
			deb=$(suite_download "$suite" "$p" "$(suite_version "$suite" "$p")") || return 1
			dpkg-deb -x "$deb" "$dir" || die "unpacking $deb failed"
			rm -f "$deb"
		done
		touch "$dir/.unpacked"
	fi
	echo "$dir"
}

# unpack_ksrc DEB SERIES DIR: linux-source-SERIES's tarball out of DEB
# into DIR (then DEB is deleted: the cache keeps the tree only)
unpack_ksrc() {
	log "unpacking $(basename "$1")"
	rm -rf "$3" && mkdir -p "$3"
	dpkg-deb --fsys-tarfile "$1" | tar -xO --wildcards "*/linux-source-$2.tar.xz" |
		tar -xJ -C "$3" --strip-components=1 || die "unpacking linux-source-$2 failed"
	rm -f "$1"
	touch "$3/.unpacked"
}

# linux-source-<series> from Debian sid (7.2 today: the newest end of the
# kernel range), unpacked in the cache; prints the tree
sid_ksrc_dir() {
	local series=$1 ver dir
	local deb
	ver=$(suite_version sid "linux-source-$series") || return 1
	dir=$CACHE/src-$ver
	if [ ! -f "$dir/.unpacked" ]; then
		deb=$(suite_download sid "linux-source-$series" "$ver") || return 1
		unpack_ksrc "$deb" "$series" "$dir" || return 1
	fi
	echo "$dir"
}

# linux-source-<series> from the host's own suites (Debian 12: 6.1 in
# bookworm and bookworm-security), downloaded, never installed, and
# unpacked in the cache; prints the tree
host_ksrc_dir() {
	local series=$1 ver v dir d=$CACHE/apt-host img
	# The newest version that Debian also has kernel images of: an
	# upload of the source can reach the mirror before (or without) the
	# images built from it (6.1.192-3's linux-source beside 6.1.192-2's
	# images), and tests/rig/stock-kernel boots the image of the tree's
	# version.  The newest source, if no image matches any.
	img=linux-image-$(dpkg --print-architecture)
	ver=''
	# (the host's lists, apt's binary caches of them in the cache: see
	# suite_apt)
	mkdir -p "$CACHE/apt-host-cache"
	local hc=(-o "Dir::Cache::pkgcache=$CACHE/apt-host-cache/pkgcache.bin"
		-o "Dir::Cache::srcpkgcache=$CACHE/apt-host-cache/srcpkgcache.bin")
	for v in $(apt-cache "${hc[@]}" show "linux-source-$series" 2>/dev/null | sed -n 's/^Version: //p' |
		sort -rV); do
		[ -n "$ver" ] || ver=$v
		# (a version apt does not know: no record, and exit 0; grep
		# reads to the end, for callers with pipefail)
		apt-cache "${hc[@]}" show "$img=$v" 2>/dev/null | grep '^Package:' >/dev/null &&
			{ ver=$v; break; }
	done
	[ -n "$ver" ] || die "apt knows no linux-source-$series"
	dir=$CACHE/src-$ver
	if [ ! -f "$dir/.unpacked" ]; then
		mkdir -p "$d" && rm -f "$d"/*.deb
		(cd "$d" && apt_retry "download of linux-source-$series $ver" \
			apt-get download -qq "linux-source-$series=$ver") || exit 1
		unpack_ksrc "$(ls "$d"/linux-source-"$series"_*.deb)" "$series" "$dir"
	fi
	echo "$dir"
}

# The driver modules (not the models or tests), as drivers/perf/Kbuild
# lists them, one per line (the Makefile's list, which make uninstall
# removes)
driver_modules() {
	make -s --no-print-directory -C "$TOP" driver-modules | tr ' ' '\n'
}

# bookworm_root_tar NAME PKGS [KEY]: a minimal Debian 12 root (mmdebstrap's
# apt variant) with the packages PKGS (space-separated) and Debian's own
# suites as a new system's debian.sources has them (bookworm, its updates
# and security), made once and cached as $CACHE/NAME-root-<hash>.tar, the
# hash of PKGS and KEY (whatever else decides what it holds); prints it
bookworm_root_tar() {
	local tar sources
	tar=$CACHE/$1-root-$(printf '%s\n' "$2" "${3:-}" | sha256sum | cut -c1-12).tar
	if [ ! -s "$tar" ]; then
		need_pkgs mmdebstrap >&2
		mkdir -p "$CACHE"
		# (mmdebstrap takes a sources file's format from its name's end)
		sources=$(mktemp --suffix=.sources)
		cat >"$sources" <<-'EOF'
			Types: deb
			URIs: http://deb.debian.org/debian
			Suites: bookworm bookworm-updates
			Components: main
			Signed-By: /usr/share/keyrings/debian-archive-keyring.gpg

			Types: deb
			URIs: http://deb.debian.org/debian-security
			Suites: bookworm-security
			Components: main
			Signed-By: /usr/share/keyrings/debian-archive-keyring.gpg
		EOF
		mmdebstrap --quiet --variant=apt --include="${2// /,}" bookworm "${tar%.tar}.tmp.tar" \
			"$sources" >&2 || { rm -f "$sources"; return 1; }
		rm -f "$sources"
		mv "${tar%.tar}.tmp.tar" "$tar"
	fi
	echo "$tar"
}

# What the packages (.deb, RPM) are made of: the drivers' sources and
# what installs beside them, never the models and tests
PACKAGE_FILES=(Kbuild compat dkms.conf packaging drivers/perf include README.md COPYING
	tools/imx-tegra-pmu-switch tools/pmu-metrics tools/t410-metrics Documentation/admin-guide/perf)

# package_version: the version of both packages and of the DKMS sources
# they install: debian/changelog's, then +git<date>.<time>.<commit> (the
# commit's, UTC) for a snapshot (+dirty with uncommitted changes to what they carry), else
# +<date>.  A snapshot is newer than the release it follows and than the
# snapshots of earlier days, and each has sources of its own in DKMS
# (the same version twice, DKMS keeps the modules it built first)
package_version() {
	local base stamp version
	base=$(sed -n '1s/^[^ ]* (\([^)-]*\)[^)]*).*/\1/p' "$TOP/debian/changelog")
	if stamp=$(TZ=UTC git -C "$TOP" log -1 --format='%cd.%h' --date=format-local:%Y%m%d.%H%M 2>/dev/null); then
		version=$base+git$stamp
	else
		version=$base+$(date +%Y%m%d)
	fi
	[ -z "$(git -C "$TOP" status --porcelain -- "${PACKAGE_FILES[@]}" debian 2>/dev/null)" ] ||
		version+=+dirty
	echo "$version"
}

# stage_package DIR [EXTRA...]: copy PACKAGE_FILES and EXTRA into DIR (the
# files git tracks and the new ones it does not ignore; outside git,
# every file but build products)
stage_package() {
	local dir=$1
	shift
	mkdir -p "$dir"
	(cd "$TOP" && { git ls-files --cached --others --exclude-standard -- \
		"${PACKAGE_FILES[@]}" "$@" 2>/dev/null ||
		find "${PACKAGE_FILES[@]}" "$@" ! -type d ! -name '*.o' ! -name '*.ko' \
			! -name '*.mod*' ! -name '.*'; } | xargs cp -P --parents -t "$dir")
}

# skips_taken DIR SKIPS PREFIX...: each test the skip list SKIPS names
# ("suite: name" lines) was reported skipped for that reason ("left to
# the boards of Debian's kernels (SKIPS's name)") in every KTAP document
# DIR/PREFIX e2e-suite.ktap there is, and there is one at least.  A skip
# list that stops being read runs those tests instead: they pass, and
# nothing else would show where the debug boards' time went.
skips_taken() {
	local dir=$1 skips=$2 line suite name f n p bad=0
	shift 2
	while IFS= read -r line; do
		[[ $line == '' || $line == '#'* ]] && continue
		suite=${line%%: *} name=${line#*: } n=0
		for p in "$@"; do
			f=$dir/${p}e2e-$suite.ktap
			[ -f "$f" ] || continue
			n=$((n + 1))
			awk -v want="$name # SKIP left to the boards of Debian's kernels (${skips##*/})" '
				$1 == "ok" { sub(/^ok [0-9]+ /, ""); if ($0 == want) found = 1 }
				END { exit !found }' "$f" ||
				{ echo "${f##*/}: \"$name\" ran, though $skips leaves it out"; bad=1; }
		done
		[ $n -gt 0 ] || { echo "$skips: no board ran $suite"; bad=1; }
	done <"$skips"
	return $bad
}

# expected_suites PREFIX RUN-TESTS-ARGS...: the names of the KTAP
# documents tests/guest/run-tests leaves for those arguments, one a line:
# the suites a KIND:A,B argument names, or every suite of its kind in the
# tree (KIND, KIND!A but A), as PREFIX<kind>-<suite>.  Run in the tree.
expected_suites() {
	local prefix=$1 arg kind list f name
	shift
	for arg in "$@"; do
		arg=${arg//\'/}
		kind=${arg%%[:!]*} list=''
		case $arg in
		*:*) list=${arg#*:} ;;
		*)
			if [ "$kind" = kunit ]; then
				list=$(for f in tests/kunit/*_kunit.c; do basename "$f" .c; done)
			else
				list=$(for f in tests/"$kind"/*.sh; do basename "$f" .sh; done)
			fi
			;;
		esac
		for name in ${list//,/ }; do
			[[ $arg == *!* && ,${arg#*!}, == *",$name,"* ]] && continue
			echo "$prefix$kind-$name"
		done
	done
}

# The ends of the kernel range the modules are built for (the boards run
# 6.12): Debian 12's 6.1 and sid's newest; tests/rig/build-kernel prepare
# makes a tree of each for the W=1 gates
KERNEL_RANGE_ENDS="6.1 7.2"

# series_ksrc_dir SERIES: the source tree of that series
series_ksrc_dir() {
	case $1 in
	6.12) "$TOP/tests/rig/build-kernel" src ;;
	7.*) sid_ksrc_dir "$1" ;;
	*) host_ksrc_dir "$1" ;;
	esac
}

# The arm64 board's UEFI firmware for its ACPI boot: EDK2's AAVMF from
# Debian 13 (trixie).  Debian 12's (2022.11) maps the second flash bank
# as write-combining memory, which no SRAT range covers, so arm64's NUMA
# setup gives up and the two sockets become one node; trixie's maps it
# uncached.  Unpacked in the cache; prints the directory of
# AAVMF_CODE.fd and AAVMF_VARS.fd.
AAVMF_SUITE=trixie
aavmf_dir() {
	local ver dir deb
	ver=$(suite_version $AAVMF_SUITE qemu-efi-aarch64)
	dir=$CACHE/aavmf-$ver
	if [ ! -f "$dir/.unpacked" ]; then
		deb=$(suite_download $AAVMF_SUITE qemu-efi-aarch64 "$ver")
		rm -rf "$dir" && mkdir -p "$dir/x"
		dpkg-deb -x "$deb" "$dir/x" || die "unpacking $deb failed"
		cp -L "$dir/x/usr/share/AAVMF/AAVMF_CODE.fd" "$dir/x/usr/share/AAVMF/AAVMF_VARS.fd" \
			"$dir/" || die "no AAVMF images in $deb"
		rm -rf "$dir/x" "$deb"
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

# build_modules KDIR [DIR [MAKE ARGS...]]: build the modules of the tree
# in DIR (default $TOP) for the kernel in KDIR, quietly unless something
# breaks
build_modules() {
	local kdir=$1 dir=${2:-$TOP} o
	shift $(($# < 2 ? $# : 2))
	o=$(make -C "$dir" KDIR="$kdir" "$@" modules 2>&1) ||
		{ echo "$o" >&2; die "module build failed"; }
}

# tree_copy DIR: DIR holds a copy of the project's files (tracked, and
# untracked ones git does not ignore), for a build of its own: Kbuild
# (6.12) builds an external module in its source tree, so the arm64
# modules, or those for a stock kernel, cannot sit beside the x86 ones.
# Files are copied when newer, and files the project no longer has are
# removed (but under out/, where the builds of the kernel's own drivers
# go).
tree_copy() {
	local dir=$1 list f
	list=$(cd "$TOP" && git ls-files --cached --others --exclude-standard |
		grep -v '^out/' | LC_ALL=C sort -u)
	mkdir -p "$dir"
	(cd "$TOP" && echo "$list" | while read -r f; do
		[ -f "$f" ] && printf '%s\0' "$f"
	done | xargs -0 cp --parents -p -u -t "$dir")
	(cd "$dir" && find . -path ./out -prune -o -type f ! -name '*.o' ! -name '*.ko' ! -name '*.mod' \
		! -name '*.mod.c' ! -name '.*.cmd' ! -name '*.a' ! -name modules.order \
		! -name Module.symvers ! -name '.*.d' -print | sed 's|^\./||' | LC_ALL=C sort |
		LC_ALL=C comm -23 - <(echo "$list") | while read -r f; do rm -f "$f"; done)
}

# What the arm64 board runs from the host's tree, which its guest sees at
# the same path: the copy of the tree built for arm64 (ARM64_TREE: the
# guest runs the suites there), the arm64 perf and the helpers.
ARM64_TREE=$TOP/out/arm64/tree
ARM64_PERF=$TOP/out/arm64/perf
# arm64_board_build KDIR [TREE]: build them for the arm64 kernel in KDIR,
# the tree's copy in TREE (default ARM64_TREE)
arm64_board_build() {
	local tree=${2:-$ARM64_TREE}
	install -C -D "$(tools_quiet "$TOP/tests/rig/build-perf" arm64)" "$ARM64_PERF"
	tree_copy "$tree"
	build_modules "$1" "$tree" ARCH=arm64 CROSS_COMPILE=aarch64-linux-gnu-
	build_test_tools arm64
}

# Debian's own kernels (tests/rig/stock-kernel): the project is built for
# each in a copy of the tree of its own, stock_tree SERIES ARCH, where
# the guest runs the suites.  stock_board_build SERIES ARCH KDIR builds
# it there against the prepared tree KDIR, with perf and the helpers.
stock_tree() { echo "$TOP/out/stock-$1-$2/tree"; }
stock_board_build() {
	local tree
	tree=$(stock_tree "$1" "$2")
	if [ "$2" = x86_64 ]; then
		tree_copy "$tree"
		build_modules "$3" "$tree"
		build_test_tools
	else
		arm64_board_build "$3" "$tree"
	fi
	# the kernel's own perf drivers, where the guest sees them
	rm -rf "$tree/out/kernel-perf"
	mkdir -p "$tree/out"
	cp -r "$(dirname "$3")/kernel-perf" "$tree/out/kernel-perf"
}

# arm64_board_dtb QEMU DIR MACHINE_ARGS...: the arm64 board's device tree,
# DIR/board.dtb: the one QEMU's virt machine makes for MACHINE_ARGS (CPUs,
# NUMA nodes, memory: they are in it), with the i.MX8 nodes of
# tests/board/imx8-board.dtsi merged in
arm64_board_dtb() {
	local qemu=$1 dir=$2 src
	shift 2
	"$qemu" "$@" -nodefaults -machine dumpdtb="$dir/virt.dtb" -display none \
		>/dev/null 2>&1 || die "qemu could not dump the virt machine's device tree"
	dtc -q -I dtb -O dts -o "$dir/virt.dts" "$dir/virt.dtb" ||
		die "dtc could not read $dir/virt.dtb"
	src=$(ksrc_dir)
	cpp -P -nostdinc -undef -D__DTS__ -x assembler-with-cpp -I "$src/include" \
		-I "$src/scripts/dtc/include-prefixes" "$TOP/tests/board/imx8-board.dtsi" \
		-o "$dir/imx8-board.dtsi" || die "cpp failed on tests/board/imx8-board.dtsi"
	cat "$dir/virt.dts" "$dir/imx8-board.dtsi" >"$dir/board.dts"
	dtc -q -I dts -O dtb -o "$dir/board.dtb" "$dir/board.dts" ||
		die "dtc failed on $dir/board.dts"
}

# build_test_tools [ARCH]: userspace helpers the tests run in the guest,
# in out/tools (x86_64, the default) or out/tools-arm64 (arm64: cross-built
# and static, the arm64 board's root having no libraries of the host's)
# (each binary is written beside its place and renamed into it: the
# builds for several boards may run side by side, tests/rig/check)
build_test_tools() {
	case ${1:-x86_64} in
	x86_64)
		mkdir -p "$TOP/out/tools"
		gcc -Wall -Wextra -Werror -O2 -o "$TOP/out/tools/perf_open.$BASHPID" \
			"$TOP/tests/tools/perf_open.c" || die "perf_open build failed"
		mv -f "$TOP/out/tools/perf_open.$BASHPID" "$TOP/out/tools/perf_open"
		;;
	arm64)
		need_pkgs gcc-aarch64-linux-gnu libc6-dev-arm64-cross
		mkdir -p "$TOP/out/tools-arm64"
		aarch64-linux-gnu-gcc -Wall -Wextra -Werror -O2 -static \
			-o "$TOP/out/tools-arm64/perf_open.$BASHPID" "$TOP/tests/tools/perf_open.c" ||
			die "perf_open (arm64) build failed"
		mv -f "$TOP/out/tools-arm64/perf_open.$BASHPID" "$TOP/out/tools-arm64/perf_open"
		;;
	*) die "build_test_tools: unknown arch $1" ;;
	esac
}

# module_load_order [TREE]: the modules the board loads (from TREE, default
# $TOP), in the order insmod needs them: the build's modules.order, each
# module after the modules it depends on (modinfo).
# KUnit suites (tests/kunit/) are not loaded at boot: the tests run them.
module_load_order() {
	local tree=${1:-$TOP} order m name
	order=$tree/modules.order
	local -a names=()
	declare -A path=() seen=()
	[ -f "$order" ] || die "no $order: build the modules first"
	while read -r m; do
		m=${m%.o}
		m=${m%.ko}
		m=${m#"$tree"/}
		case $m in tests/kunit/*) continue ;; esac
		name=$(basename "$m")
		names+=("$name")
		path[$name]=$tree/$m.ko
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

# free_port: a TCP port of the loopback that nothing listens on now
# (vm-run --prometheus's forwarding, the Prometheus clients' tests)
free_port() {
	python3 -c 'import socket; s = socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1])'
}

# board_devices [ARCH]: -device arguments of the board's hardware models:
# the i.MX8 ones and the register file's (tests/board/qemu-devices), then
# the Tegra410 units' (generated from tests/board/tegra410-units and
# tegra410-latency-units) and the PCIe root ports and devices of
# tegra410-pci.  The models' lines are the x86 board's pmu-model-isa
# devices (but those marked arm64:); on the arm64 board (ARCH arm64) each
# is a pmu-model-mmio at the same addresses, and ISA line N is GIC SPI
# ARM64_SPI_BASE + N.  The PCI lines are the same on both (pcie.0 is the
# host bridge's bus on q35 and on virt).
ARM64_SPI_BASE=192
board_devices() {
	local line tegra irq
	tegra=$("$TOP/tests/rig/gen-tegra410" devices) || return 1
	while read -r line; do
		case $line in '' | '#'*) continue ;; esac
		if [[ $line == arm64:* ]]; then
			[ "${1:-x86_64}" = arm64 ] || continue
			line=${line#arm64:}
		fi
		if [ "${1:-x86_64}" = arm64 ] && [[ $line == pmu-model-isa,* ]]; then
			[[ $line =~ ^pmu-model-isa,(.*),irq=(-?[0-9]+)(.*)$ ]] ||
				die "board device line without irq=: $line"
			irq=${BASH_REMATCH[2]}
			[ "$irq" = -1 ] || irq=$((ARM64_SPI_BASE + irq))
			line="pmu-model-mmio,${BASH_REMATCH[1]},spi=$irq${BASH_REMATCH[3]}"
		fi
		printf -- '-device\n%s\n' "$line"
	done < <(cat "$TOP/tests/board/qemu-devices"; echo "$tegra")
}

# two_sockets SMP MEM: QEMU arguments, one a line, of the boards' machine:
# SMP CPUs (even) in two sockets, each a NUMA node with its half of MEM
# MiB and its cores (0..SMP/2-1 on socket 0), as the boards' tables place
# their units
two_sockets() {
	local smp=$1 mem=$2 cores s first last cpus
	cores=$((smp / 2))
	printf '%s\n' -smp "$smp,sockets=2,cores=$cores,threads=1" -m "$mem"
	for s in 0 1; do
		first=$((s * cores)) last=$((s * cores + cores - 1))
		cpus=$first
		[ "$last" = "$first" ] || cpus=$first-$last
		printf '%s\n' -object "memory-backend-ram,id=socket$s,size=$((mem / 2))M" \
			-numa "node,nodeid=$s,cpus=$cpus,memdev=socket$s"
	done
}

# x86_board_acpi DIR: the x86 board's ACPI tables made in DIR, printed as
# QEMU arguments, one a line: the SSDT of tests/board/board.asl (the
# i.MX8 controllers, the hybrid model), the Tegra410 units' APMT, and an
# SSDT with the PCIe RC devices the APMT names, the latency units'
# devices and the models' control ports (tests/rig/gen-tegra410, from
# tests/board/tegra410-units and tegra410-latency-units).  QEMU hands
# -acpitable files to SeaBIOS and OVMF alike
x86_board_acpi() {
	local out=$1
	iasl -p "$out/board" "$TOP/tests/board/board.asl" >/dev/null ||
		die "iasl failed on tests/board/board.asl"
	"$TOP/tests/rig/gen-tegra410" apmt "$out/apmt.dat" ||
		die "tests/rig/gen-tegra410 failed on tests/board/tegra410-units"
	"$TOP/tests/rig/gen-tegra410" asl "$out/tegra410.asl" ||
		die "tests/rig/gen-tegra410 failed on the tests/board/tegra410-*units tables"
	iasl -p "$out/tegra410" "$out/tegra410.asl" >/dev/null ||
		die "iasl failed on the generated $out/tegra410.asl"
	printf -- '-acpitable\nfile=%s\n' "$out/board.aml" "$out/apmt.dat" "$out/tegra410.aml"
}

# Splats in a guest kernel log: print them and fail.  scan_log LOG [REGEX]:
# lines matching REGEX are known splats, reported but not failing.  The
# log is read up to "reboot: Power down": after it the kernel only stops
# the other CPUs and calls the firmware (machine_power_off()), where no
# code of ours runs, and arm64's smp_send_stop() marks CPUs offline under
# a load balancer that may still move a task to one (set_task_cpu()'s
# WARN_ON_ONCE(!cpu_online()), seen on the arm64 board).
scan_log() {
	local hits known
	hits=$(sed '/reboot: Power down/q' "$1" | grep -nE 'WARNING:|BUG:|KASAN|possible recursive locking|possible circular locking|inconsistent lock state|suspicious RCU usage|Oops|Kernel panic|kernel BUG|general protection fault|UBSAN|sleeping function called from invalid context|unreferenced object' || true)
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

# --- The booted Debian system (tests/rig/build-debian-system, debian-system-run)

# bookworm_mirrors: the sources a Debian 12 image is made from, one
# "deb URI SUITE main" line each for bookworm, bookworm-updates and
# bookworm-security: the repositories (local mirror or not) the host's
# apt already uses for them, Debian's own for a suite apt has none of
bookworm_mirrors() {
	local lines suite
	# shellcheck disable=SC2016  # apt's $(FIELD) placeholders
	lines=$(apt-get indextargets --format '$(ORIGIN) $(CODENAME) $(COMPONENT) $(REPO_URI) $(RELEASE)' \
		'Created-By: Packages' 2>/dev/null | awk '
		$1 == "Debian" && $2 ~ /^bookworm(-updates|-security)?$/ && $3 == "main" {
			print "deb " $4 " " $5 " main"
		}' | sort -u)
	for suite in bookworm bookworm-updates bookworm-security; do
		grep -q " $suite main\$" <<<"$lines" && continue
		case $suite in
		*-security) lines+=$'\n'"deb http://deb.debian.org/debian-security $suite main" ;;
		*) lines+=$'\n'"deb http://deb.debian.org/debian $suite main" ;;
		esac
	done
	sed '/^$/d' <<<"$lines"
}

# ovmf_dir: Debian 12's x86_64 UEFI firmware (the ovmf package, unpacked
# in the cache, never installed); prints the directory of OVMF_CODE.fd
# (no Secure Boot) and OVMF_VARS.fd, the variable store each boot takes
# a writable copy of
ovmf_dir() {
	local dir
	dir=$(unpacked_pkgs bookworm ovmf) || return 1
	[ -f "$dir/usr/share/OVMF/OVMF_CODE.fd" ] && [ -f "$dir/usr/share/OVMF/OVMF_VARS.fd" ] ||
		die "no OVMF_CODE.fd and OVMF_VARS.fd in $dir"
	echo "$dir/usr/share/OVMF"
}

# debian_system_copy DEST: the booted Debian system's disk image
# (tests/rig/build-debian-system: built once, cached) copied to DEST, a
# copy of the caller's own to boot with tests/rig/debian-system-run and
# change (sparse: a few seconds, the disk's used blocks only); prints DEST
debian_system_copy() {
	local img
	img=$(tools_quiet "$TOP/tests/rig/build-debian-system") || return 1
	mkdir -p "$(dirname "$1")"
	cp --sparse=always "$img" "$1.tmp.$$" && mv -f "$1.tmp.$$" "$1" ||
		{ rm -f "$1.tmp.$$"; die "could not copy $img to $1"; }
	echo "$1"
}
