# Sourced by bench/reproduce/common.sh and bench/run-pimp-benchmark.sh: how their gnuplot scripts
# start. Defines functions only.

# The PNG terminal gnuplot has (pngcairo draws better).
reproduce_terminal() {
    if echo 'set terminal' | gnuplot 2>&1 | grep -q pngcairo; then
        echo "pngcairo size 800,500"
    else
        echo "png size 800,500"
    fi
}

# The first lines of a line plot's script: that terminal, labels as written (benchmark names hold
# underscores, which enhanced text would take for subscripts), comma-separated data, a grid and
# the key at the top left.
reproduce_plot_preamble() {
    printf '%s\n' "set terminal $(reproduce_terminal)" "set termoption noenhanced" \
        'set datafile separator ","' "set grid" "set key left top"
}
