# A watchpoint on shared_value, into which PE 0 stores 100 on PE 1 (on itself when alone): it
# fires on the thread of the PE whose memory changed.
watch shared_value
continue
delete
