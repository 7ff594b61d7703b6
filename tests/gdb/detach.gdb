# gdb leaves at a breakpoint: its breakpoints go and the program runs to its end.
break compute
continue
detach
