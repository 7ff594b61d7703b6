# The threads of this stub: one per PE of its process (of its rank under mpirun), numbered PE + 1.
info threads
continue
