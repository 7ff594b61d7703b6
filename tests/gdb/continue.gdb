# Lets the program run to its end.
continue
