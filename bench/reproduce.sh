#!/bin/sh
# Reproduces the evaluations of the five papers xbemu was designed from, one script per paper in
# bench/reproduce/ (see its README): each builds what it needs, runs in the cycle timing mode and
# writes build/reproduce/<paper>/report.md (the paper's figure, xbemu's, a verdict) and PNG plots
# (build/reproduce/<paper>-quick/ with --quick).
# usage: bench/reproduce.sh [--quick] [--no-build] [--build DIR] [xbgas|pimp|tshmem|gaspi|sfi|all]
# (default all). With all, every paper runs even when one fails; the exit status is the first
# non-zero one: 1 a run or build failed, 2 a bad command line, 3 a paper not reproduced yet.
set -u
here=$(cd "$(dirname "$0")" && pwd)
papers="xbgas pimp sfi tshmem gaspi"
options=""
which=all
usage() {
    echo "usage: bench/reproduce.sh [--quick] [--no-build] [--build DIR] [xbgas|pimp|tshmem|gaspi|sfi|all]" >&2
    exit 2
}
while [ $# -gt 0 ]; do
    case $1 in
    --quick | --no-build) options="$options $1" ;;
    --build)
        [ $# -ge 2 ] || usage
        options="$options --build $2"
        shift
        ;;
    xbgas | pimp | tshmem | gaspi | sfi | all) which=$1 ;;
    *) usage ;;
    esac
    shift
done
[ "$which" = all ] || papers=$which
status=0
for paper in $papers; do
    # shellcheck disable=SC2086 # options are words
    sh "$here/reproduce/$paper.sh" $options
    paper_status=$?
    [ "$paper_status" = 0 ] || echo "bench/reproduce.sh: $paper exited with status $paper_status" >&2
    [ "$status" != 0 ] || status=$paper_status
done
exit "$status"
