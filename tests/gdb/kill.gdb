# gdb kills the program at a breakpoint.
break compute
continue
kill
