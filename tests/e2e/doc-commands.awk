# The commands of a document (the README, an admin guide): one line
# "LINE<TAB>WHERE<TAB>COMMAND" for each, LINE where it starts, WHERE
# "board" for those the x86 board runs as written (perf's, pmu-metrics'
# and t410-metrics' but --pci, whose addresses, interfaces and drives are
# a server's, -m and --master, the i.MX8's masters, and the exporter's --listen and
# --textfile, the sysfs and debugfs lines) and "elsewhere" for the
# others.  Shared by the
# board's tests/e2e/doc_commands.sh, which runs the first kind, and the
# host's tests/tools/doc-commands-test, which checks every other one is
# run where its table says.
#
# A command is an indented line (a literal block) that starts with one of
# the words below, after an optional "# " or "$ " prompt and "sudo ",
# joined with its "\" continuations; or a ``perf ... -e ...`` (or -M)
# literal in the prose.  A trailing "# comment" is dropped.

# (a template, with a placeholder only a reader can choose, is not one)
function flush(where) {
	if (cmd != "" && cmd !~ /PMU\/EVENT\/|\[-I MS\]|TMPFILE|\[options\]/) {
		where = "elsewhere"
		if (cmd ~ /^(perf|pmu-metrics|t410-metrics|ls|echo|cat) / &&
		    cmd !~ /^(pmu|t410)-metrics .*(--pci|--listen|--textfile|--master| -m )/)
			where = "board"
		print start "\t" where "\t" cmd
	}
	cmd = ""
}

cont {
	line = $0
	sub(/^[ \t]+/, "", line)
	cmd = cmd " " line
	cont = sub(/[ \t]*\\$/, "", cmd)
	if (!cont) flush()
	next
}
# a command quoted in the prose, ``perf ... -e EVENT`` or -M METRIC
# (a bare ``perf stat -vv`` names an option, not something to run)
/``perf [^`]+``/ {
	line = $0
	while (match(line, /``perf [^`]+``/)) {
		quoted = substr(line, RSTART + 2, RLENGTH - 4)
		if (quoted ~ / -[eM] /) {
			start = FNR
			cmd = quoted
			flush()
		}
		line = substr(line, RSTART + RLENGTH)
	}
	next
}
/^[ \t]+(# |\$ )?(sudo )?(perf (stat|list|record|test|report)|pmu-metrics|t410-metrics|systemctl|imx-tegra-pmu-switch|make|insmod|rmmod|modprobe|modinfo|mokutil|fw_printenv|apt|apt-get|dnf|rpm|bitbake-layers|ls|cat|echo|lspci|setpci)( |$)/ {
	line = $0
	sub(/^[ \t]+(# |\$ )?(sudo )?/, "", line)
	sub(/[ \t]+#[^\x27"]*$/, "", line)
	sub(/[ \t][ \t]+#.*$/, "", line)
	start = FNR
	cmd = line
	cont = sub(/[ \t]*\\$/, "", cmd)
	if (!cont) flush()
}
