# Without --gdb-wait the program runs at once and gdb stops it when it connects: PE 0 spins until
# gdb releases it.
info threads
set var released = 1
continue
