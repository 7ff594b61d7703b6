# PE 0 jumps to an address outside RAM: xbemu stops the job, and gdb shows why and exit code 1.
set $pc = 0x12
continue
