# A breakpoint on a C function, steps through it, and the xBGAS registers of PE $pe (e10 holds
# the PE's number, e11 the number of PEs).
break compute
continue
delete
next
step
print result == pe * scale + 7
info threads
eval "thread %d", $pe + 1
print $e10 == $pe
info registers e11
