# Sourced by every bench/reproduce/<paper>.sh: the shared command line, the build of the CMake
# targets a paper needs, the report's header and verdict rows; and plot.sh's gnuplot preamble.
#
# A paper script sets `paper` (its name) and `usage_extra` (its own options, may be empty)
# before sourcing this file, calls reproduce_parse "$@" (options it does not know go to its own
# reproduce_option OPTION VALUE, which returns 1 for an unknown one), then reproduce_build
# TARGETS..., reproduce_header TITLE TIMING [MACHINE], reproduce_row... and reproduce_finish.
# Exit statuses: 0 the reproduction ran and its report is written (verdicts may still say the
# figures differ), 1 a build or run failed, 2 a bad command line, 3 the paper is not reproduced
# yet (the report says so and holds no figures).

repo=$(cd "$(dirname "$0")/../.." && pwd)
. "$repo/bench/reproduce/plot.sh"
build=$repo/build
quick=0
build_targets=1
output=""

# shellcheck disable=SC2154 # paper and usage_extra are set by the script that sources this file
reproduce_usage() {
    echo "usage: bench/reproduce/$paper.sh [--quick] [--no-build] [--build DIR] [--output DIR]$usage_extra" >&2
    exit 2
}

reproduce_parse() {
    while [ $# -gt 0 ]; do
        case $1 in
        --quick) quick=1 ;;
        --no-build) build_targets=0 ;;
        --build | --output)
            [ $# -ge 2 ] || reproduce_usage
            case $1 in
            --build) build=$(cd "$2" 2>/dev/null && pwd) || {
                echo "$paper: no build directory $2" >&2
                exit 2
            } ;;
            --output) output=$2 ;;
            esac
            shift
            ;;
        *)
            [ $# -ge 2 ] || reproduce_usage
            command -v reproduce_option >/dev/null 2>&1 || reproduce_usage
            reproduce_option "$1" "$2" || reproduce_usage
            shift
            ;;
        esac
        shift
    done
    # A quick run never overwrites a full run's report.
    if [ "$quick" = 1 ]; then
        output=${output:-$build/reproduce/$paper-quick}
    else
        output=${output:-$build/reproduce/$paper}
    fi
    xbemu=$build/app/xbemu
    mkdir -p "$output"
    rm -f "$output/run-failed"
    report=$output/report.md
}

# reproduce_build TARGETS...: builds the CMake targets (configuring the build directory first if
# it has no cache), unless --no-build; then checks that xbemu and gnuplot are there.
reproduce_build() {
    if [ "$build_targets" = 1 ]; then
        if [ ! -f "$build/CMakeCache.txt" ]; then
            cmake -S "$repo" -B "$build" -DCMAKE_BUILD_TYPE=Release >"$output/build.log" 2>&1 || {
                echo "$paper: configuring $build failed, see $output/build.log" >&2
                exit 1
            }
        fi
        cmake --build "$build" -j2 --target xbemu "$@" >"$output/build.log" 2>&1 || {
            echo "$paper: building $* failed, see $output/build.log" >&2
            exit 1
        }
    fi
    [ -x "$xbemu" ] || { echo "$paper: no xbemu at $xbemu (build first)" >&2; exit 1; }
    command -v gnuplot >/dev/null 2>&1 || {
        echo "$paper: gnuplot is missing; it draws the plots (scripts/setup-debian.sh installs it)" >&2
        exit 1
    }
}

# reproduce_run LOG COMMAND...: runs an xbemu command with its output in LOG; stops the
# reproduction with the log on standard error when it fails. Inside a pipeline or $(...) the
# exit ends only that subshell: it also leaves run-failed behind, which reproduce_check_runs
# turns into the script's exit.
reproduce_run() {
    reproduce_log=$1
    shift
    if ! "$@" >"$reproduce_log" 2>&1; then
        echo "$paper: $* failed:" >&2
        cat "$reproduce_log" >&2
        : >"$output/run-failed"
        exit 1
    fi
}

# reproduce_check_runs: exits 1 when a reproduce_run in a subshell failed.
reproduce_check_runs() {
    if [ -e "$output/run-failed" ]; then
        echo "$paper: a run failed (see above); no report written" >&2
        exit 1
    fi
}

# reproduce_header TITLE TIMING [MACHINE]: starts report.md with the title, the provenance (xbemu
# version, timing mode, machine description, host) and the run's size, and the verdict table.
reproduce_header() {
    . "$repo/bench/provenance.sh"
    version=$("$xbemu" --version | head -n 1)
    if [ "$quick" = 1 ]; then
        size="a quick run (smaller problems and fewer repetitions than the paper's, for ctest)"
    else
        size="the full run"
    fi
    {
        echo "# $1"
        echo
        bench_provenance "$xbemu" "$2" "${3:-}"
        echo
        echo "This is $size. Verdicts: *within tolerance* (the paper's value, within the stated tolerance), *same trend* (the shape the paper reports, not its values), *differs* (with the reason)."
        echo
        echo "| figure or table | paper | xbemu | verdict |"
        echo "|---|---|---|---|"
    } >"$report"
    : >"$output/verdicts.txt"
}

# reproduce_row FIGURE PAPER XBEMU VERDICT: one row of the verdict table; verdicts.txt gets
# "FIGURE: VERDICT" (the verdict's first words) for tests to check.
reproduce_row() {
    echo "| $1 | $2 | $3 | $4 |" >>"$report"
    echo "$1: $4" >>"$output/verdicts.txt"
}

# reproduce_text TEXT...: a paragraph (or any markdown) after the table.
reproduce_text() {
    {
        echo
        printf '%s\n\n' "$@"
    } >>"$report"
}

# reproduce_not_yet WHAT: a report that says the paper is not reproduced yet and why, with no
# figures; exits 3.
reproduce_not_yet() {
    version=$("$xbemu" --version 2>/dev/null | head -n 1)
    {
        echo "# $paper: NOT REPRODUCED YET"
        echo
        echo "Produced by ${version:-xbemu (not built)}; timing mode and machine description: none, no run was made, so this report holds no figures."
        echo
        echo "$1"
    } >"$report"
    echo "NOT REPRODUCED YET" >"$output/verdicts.txt"
    cat "$report"
    exit 3
}

reproduce_finish() {
    cat "$report"
    echo "$paper: report in $report"
    exit 0
}
