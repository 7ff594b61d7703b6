# Sourced by the benchmark scripts: what produced a report, so that figures from different
# modes, machine descriptions, versions or hosts are never compared unawares.

# bench_provenance XBEMU TIMING [MACHINE_FILE]: one line naming the xbemu version, the timing
# mode (functional, cycle, or words that say which runs used which), the machine description (the file, or the built-in default, with a digest of the
# effective description that --print-machine prints) and the host (architecture, cores, CPU,
# load average at the time of the call).
bench_provenance() {
    provenance_xbemu=$1 provenance_timing=$2 provenance_machine=${3:-}
    provenance_version=$("$provenance_xbemu" --version 2>/dev/null | head -n 1)
    if [ -n "$provenance_machine" ]; then
        provenance_description=$(basename "$provenance_machine")
        set -- --machine "$provenance_machine"
    else
        provenance_description="built-in default"
        set --
    fi
    provenance_digest=$("$provenance_xbemu" --print-machine "$@" 2>/dev/null | sha256sum | cut -c1-12)
    provenance_cpu=$(sed -n 's/^model name[[:space:]]*: *//p' /proc/cpuinfo 2>/dev/null | head -n 1)
    provenance_load=$(cut -d' ' -f1-3 /proc/loadavg 2>/dev/null)
    case $provenance_timing in
    cycle) provenance_mode="cycle timing mode (simulated figures repeat on every run and host)" ;;
    functional) provenance_mode="functional timing mode (simulated figures of several PEs depend on the host and vary between runs)" ;;
    *) provenance_mode=$provenance_timing ;;
    esac
    echo "Produced by ${provenance_version:-xbemu (unknown version)}, $provenance_mode, machine description $provenance_description (effective description sha256 $provenance_digest), on $(uname -m) with $(getconf _NPROCESSORS_ONLN 2>/dev/null || echo '?') cores${provenance_cpu:+ ($provenance_cpu)}, load average ${provenance_load:-unknown}."
}
