# PE 0 has sent three words to PE 1, which has not received them: monitor pimp shows them, the
# PIMP CSRs are registers; then gdb lets PE 1 receive them.
break sent
continue
thread 2
monitor pimp
print $pimpid
print $pimpcores
set var go = 1
delete
continue
