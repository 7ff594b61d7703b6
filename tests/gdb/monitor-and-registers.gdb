# Monitor commands (help, the xBGAS OLB, statistics, an unknown one), the privilege mode, CSRs
# (misa says RV64) and a floating-point register, then the program's end.
monitor help
monitor olb
monitor stats
monitor nonsense
print $priv
print/x $misa
print/x $mhartid
set $fa0 = 1.5
print $fa0
continue
