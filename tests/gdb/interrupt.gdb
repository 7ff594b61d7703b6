# Ctrl-C (the test sends gdb SIGINT once it continued, while PE 0 spins until released): gdb
# interrupts the running job, releases PE 0 and lets the program finish.
echo continuing\n
continue
info threads
set var released = 1
continue
