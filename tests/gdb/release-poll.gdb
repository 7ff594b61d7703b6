# PE 0 polls `released` while PE 1 works: gdb stops at PE 1's compute(), releases PE 0, whose loop
# the cycle mode had put to sleep, and PE 0 reaches compute() while PE 1 still works (rather than
# when PE 1's next message happens to wake it).
break compute
continue
thread 1
set var released = 1
continue
thread 2
print spins < 2 * kWorkSteps
delete
continue
