# PE $pe's report() prints 4242 rather than the value it was called with: gdb changes the
# argument register a1 at the function's first instruction.
break *report if $e10 == $pe
continue
set $a1 = 4242
delete
continue
