# Writes the PIMP per-pair message counts of an xbemu --stats-json file to OUTPUT as lines
# "sender receiver messages", leaving out pairs without messages.
# usage: cmake -DJSON=<file> -DOUTPUT=<file> -P message-pairs-from-json.cmake
file(READ ${JSON} document)
string(JSON pe_count LENGTH "${document}" pes)
set(lines "")
math(EXPR last_pe "${pe_count} - 1")
foreach(index RANGE ${last_pe})
    string(JSON sender GET "${document}" pes ${index} pe)
    string(JSON receiver_count LENGTH "${document}" pes ${index} pimp sent_to)
    math(EXPR last_receiver "${receiver_count} - 1")
    foreach(receiver RANGE ${last_receiver})
        string(JSON messages GET "${document}" pes ${index} pimp sent_to ${receiver})
        if(messages GREATER 0)
            string(APPEND lines "${sender} ${receiver} ${messages}\n")
        endif()
    endforeach()
endforeach()
file(WRITE ${OUTPUT} "${lines}")
