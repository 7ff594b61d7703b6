# Building RISC-V guest programs with Debian's riscv64-unknown-elf-gcc, and
# registering tests that run them on xbemu and on qemu-system-riscv64.

include(TestTools)
xbemu_find_tools(guest-programs)
xbemu_find_tools(tests)

set(XBEMU_GUEST_ARCH_FLAGS -march=rv64gc -mabi=lp64d -mcmodel=medany)

# picolibc with semihosting: argv and exit status through the host, code at 0x80000000.
set(XBEMU_PICOLIBC_FLAGS
    --specs=picolibc.specs --oslib=semihost --crt0=semihost
    -Wl,--defsym=__flash=0x80000000 -Wl,--defsym=__flash_size=0x400000
    -Wl,--defsym=__ram=0x80400000 -Wl,--defsym=__ram_size=0x3c00000
    -Wl,--defsym=__stack_size=0x40000)

set(XBEMU_BARE_LINKER_SCRIPT ${CMAKE_CURRENT_LIST_DIR}/bare-metal.ld)

# xbemu_add_guest_program(<target> SOURCES <files...> [PICOLIBC] [BARE] [XBRTIME] [PIMP]
#                         [FLAGS <extra compiler flags...>] [INCLUDES <dirs...>])
# Produces ${CMAKE_CURRENT_BINARY_DIR}/<target>.elf. PICOLIBC links against picolibc with
# semihosting; XBRTIME too, with guest-lib's libxbrtime.a, headers and memory map; PIMP as
# XBRTIME (whose start-up code it uses), with libpimp.a as well; BARE links with -nostdlib
# against cmake/bare-metal.ld (entry symbol _start).
function(xbemu_add_guest_program target)
    cmake_parse_arguments(ARG "PICOLIBC;BARE;XBRTIME;PIMP" "" "SOURCES;FLAGS;INCLUDES;DEPENDS"
                          ${ARGN})
    if(ARG_PIMP)
        set(ARG_XBRTIME TRUE)
    endif()
    set(output ${CMAKE_CURRENT_BINARY_DIR}/${target}.elf)
    set(sources)
    foreach(source IN LISTS ARG_SOURCES)
        if(IS_ABSOLUTE ${source})
            list(APPEND sources ${source})
        else()
            list(APPEND sources ${CMAKE_CURRENT_SOURCE_DIR}/${source})
        endif()
    endforeach()
    set(includes)
    foreach(dir IN LISTS ARG_INCLUDES)
        list(APPEND includes -I${dir})
    endforeach()
    if(ARG_XBRTIME)
        list(APPEND includes -I${XBRTIME_INCLUDE_DIR})
        set(libraries ${XBRTIME_LIBRARY})
        if(ARG_PIMP)
            list(PREPEND libraries ${PIMP_LIBRARY})
        endif()
        set(link_flags --specs=picolibc.specs --oslib=semihost -nostartfiles
                       -T ${XBRTIME_LINKER_SCRIPT} ${libraries})
        list(APPEND ARG_DEPENDS ${libraries} ${XBRTIME_LINKER_SCRIPT})
    elseif(ARG_PICOLIBC)
        set(link_flags ${XBEMU_PICOLIBC_FLAGS})
    elseif(ARG_BARE)
        set(link_flags -nostdlib -nostartfiles -static -T ${XBEMU_BARE_LINKER_SCRIPT})
    else()
        message(FATAL_ERROR "xbemu_add_guest_program(${target}): say PICOLIBC, XBRTIME or BARE")
    endif()
    add_custom_command(
        OUTPUT ${output}
        COMMAND ${XBEMU_RISCV_GCC} ${XBEMU_GUEST_ARCH_FLAGS} ${ARG_FLAGS} ${includes} ${sources}
                ${link_flags} -o ${output}
        DEPENDS ${sources} ${ARG_DEPENDS} ${XBEMU_BARE_LINKER_SCRIPT}
        COMMENT "Building guest program ${target}.elf"
        VERBATIM COMMAND_EXPAND_LISTS)
    add_custom_target(${target} ALL DEPENDS ${output})
    if(ARG_XBRTIME)
        add_dependencies(${target} xbrtime)
    endif()
    if(ARG_PIMP)
        add_dependencies(${target} pimp_library)
    endif()
    set_property(TARGET ${target} PROPERTY XBEMU_ELF ${output})
endfunction()

set(XBEMU_RUN_PROGRAM ${PROJECT_SOURCE_DIR}/tests/tools/run-program.sh)
set(XBEMU_COMPARE_WITH_QEMU ${PROJECT_SOURCE_DIR}/tests/tools/compare-with-qemu.sh)

# The engine matrix. The JIT, the default engine, runs every test; a test with one of
# XBEMU_ENGINE_MATRIX_LABELS has it translate every block at its first run (the strictest check of
# translated code) and runs again as <name>.interp on the interpreter (label engine-interp), which
# is the reference. Under mpirun a PE runs the same engine code as in one process: the mpi
# variants run on the JIT alone, and the cycle mode's check-determinism.sh compares the two
# engines' statistics there too. XBEMU_INTERPRETER_TESTS names further tests run on both. xbemu
# takes both settings from the environment (XBEMU_ENGINE, XBEMU_JIT_THRESHOLD), which reaches it
# through scripts and mpirun.
set(XBEMU_ENGINE_MATRIX_LABELS isa guest diff xbgas xbrtime shmem timing)
set(XBEMU_INTERPRETER_TESTS
    "^pimp\\.[a-z_]+\\.n[14]$"
    "^pimp\\.[a-z_]+\\.cycle\\.n4$"
    "^engine\\.code_rewriting\\.n[14]$")

# xbemu_add_engine_tests(<test name> LABELS <labels...> TIMEOUT <s> COMMAND <command...>)
# add_test and its labels and timeout, on the JIT and, for the engine matrix, on the interpreter.
function(xbemu_add_engine_tests name)
    cmake_parse_arguments(ARG "" "TIMEOUT" "LABELS;COMMAND" ${ARGN})
    add_test(NAME ${name} COMMAND ${ARG_COMMAND})
    set_tests_properties(${name} PROPERTIES LABELS "${ARG_LABELS}" TIMEOUT ${ARG_TIMEOUT})
    if(NOT XBEMU_HAVE_JIT)
        return()
    endif()
    set(on_interpreter FALSE)
    foreach(label IN LISTS ARG_LABELS)
        if(label IN_LIST XBEMU_ENGINE_MATRIX_LABELS)
            set_tests_properties(${name} PROPERTIES ENVIRONMENT
                                 "XBEMU_ENGINE=jit;XBEMU_JIT_THRESHOLD=1")
            if(NOT "mpi" IN_LIST ARG_LABELS)
                set(on_interpreter TRUE)
            endif()
        endif()
    endforeach()
    foreach(pattern IN LISTS XBEMU_INTERPRETER_TESTS)
        if(name MATCHES "${pattern}")
            set(on_interpreter TRUE)
        endif()
    endforeach()
    if(on_interpreter)
        add_test(NAME ${name}.interp COMMAND ${ARG_COMMAND})
        set_tests_properties(${name}.interp PROPERTIES LABELS "${ARG_LABELS};engine-interp"
                             TIMEOUT ${ARG_TIMEOUT} ENVIRONMENT XBEMU_ENGINE=interp)
    endif()
endfunction()

# xbemu_add_cycle_engines_test(<test name> ELF_TARGET <guest target> LABELS <labels...>)
# Runs the program in the cycle timing mode on the JIT (every block translated at its first run)
# and on the interpreter: the same exit status, output and statistics (cycles, stalls), traps
# and partial blocks included. Labelled timing and jit besides LABELS.
function(xbemu_add_cycle_engines_test name)
    cmake_parse_arguments(ARG "" "ELF_TARGET" "LABELS" ${ARGN})
    if(NOT XBEMU_HAVE_JIT)
        return()
    endif()
    get_property(elf TARGET ${ARG_ELF_TARGET} PROPERTY XBEMU_ELF)
    add_test(NAME ${name}
             COMMAND ${PROJECT_SOURCE_DIR}/tests/engine/compare-engines.sh --statistics
                     $<TARGET_FILE:xbemu> --timing cycle ${elf})
    set_tests_properties(${name} PROPERTIES LABELS "${ARG_LABELS};timing;jit" TIMEOUT 120
                         PASS_REGULAR_EXPRESSION "same on both engines")
endfunction()

# xbemu_add_run_test(<test name> ELF_TARGET <guest target> [LABELS <labels...>] [EXIT <status>]
#                    [STDOUT <expected stdout file>] [MATCH <regex>...] [NO_MATCH <regex>...]
#                    [STDERR_LINES <n>]
#                    [XBEMU_ARGS <xbemu options...>] [ARGS <guest arguments...>] [TIMEOUT <s>]
#                    [LAUNCHER <command words...>])
# Runs the guest on xbemu and checks its exit status (default 0) and output (NO_MATCH: no line
# may match); LAUNCHER (such as mpirun -np 2) comes before xbemu on the command line. On each
# engine for the labels of the matrix (xbemu_add_engine_tests).
function(xbemu_add_run_test name)
    cmake_parse_arguments(ARG "" "ELF_TARGET;EXIT;STDOUT;STDERR_LINES;TIMEOUT"
                          "LABELS;MATCH;NO_MATCH;XBEMU_ARGS;ARGS;LAUNCHER" ${ARGN})
    get_property(elf TARGET ${ARG_ELF_TARGET} PROPERTY XBEMU_ELF)
    if(NOT DEFINED ARG_EXIT)
        set(ARG_EXIT 0)
    endif()
    if(NOT DEFINED ARG_TIMEOUT)
        set(ARG_TIMEOUT 120)
    endif()
    set(checks --exit ${ARG_EXIT} --timeout ${ARG_TIMEOUT})
    if(DEFINED ARG_STDOUT)
        list(APPEND checks --stdout ${ARG_STDOUT})
    endif()
    if(DEFINED ARG_STDERR_LINES)
        list(APPEND checks --lines ${ARG_STDERR_LINES})
    endif()
    foreach(pattern IN LISTS ARG_MATCH)
        list(APPEND checks --match ${pattern})
    endforeach()
    foreach(pattern IN LISTS ARG_NO_MATCH)
        list(APPEND checks --no-match ${pattern})
    endforeach()
    xbemu_add_engine_tests(${name} LABELS ${ARG_LABELS} TIMEOUT ${ARG_TIMEOUT}
        COMMAND ${XBEMU_RUN_PROGRAM} ${checks} -- ${ARG_LAUNCHER} $<TARGET_FILE:xbemu>
                ${ARG_XBEMU_ARGS} ${elf} ${ARG_ARGS})
endfunction()

# xbemu_add_qemu_diff_test(<test name> ELF_TARGET <guest target> [ARGS <guest arguments...>]
#                          [LABELS <extra labels...>] [TIMEOUT <s>])
# Runs the guest on xbemu and on qemu-system-riscv64; output and exit status must agree.
function(xbemu_add_qemu_diff_test name)
    cmake_parse_arguments(ARG "" "ELF_TARGET;TIMEOUT" "LABELS;ARGS" ${ARGN})
    if(NOT XBEMU_QEMU)
        return()
    endif()
    get_property(elf TARGET ${ARG_ELF_TARGET} PROPERTY XBEMU_ELF)
    if(NOT DEFINED ARG_TIMEOUT)
        set(ARG_TIMEOUT 180)
    endif()
    xbemu_add_engine_tests(${name} LABELS diff ${ARG_LABELS} TIMEOUT ${ARG_TIMEOUT}
        COMMAND ${XBEMU_COMPARE_WITH_QEMU} $<TARGET_FILE:xbemu> ${XBEMU_QEMU} ${elf} ${ARG_ARGS})
endfunction()

# xbemu_add_disassembly_test(<test name> ELF_TARGET <guest target>)
# xbemu's disassembler (and so its decode tables) must agree with objdump -M no-aliases on
# every instruction of the program.
function(xbemu_add_disassembly_test name)
    cmake_parse_arguments(ARG "" "ELF_TARGET" "" ${ARGN})
    get_property(elf TARGET ${ARG_ELF_TARGET} PROPERTY XBEMU_ELF)
    add_test(NAME ${name}
             COMMAND ${PROJECT_SOURCE_DIR}/tests/tools/compare-disassembly.sh
                     $<TARGET_FILE:xbemu> ${XBEMU_RISCV_OBJDUMP} ${elf})
    set_tests_properties(${name} PROPERTIES LABELS toolchain TIMEOUT 60)
endfunction()

# xbemu_add_multi_pe_tests(<prefix> ELF_TARGET <target> [RMA_ELF_TARGET <target>] [PES <n>...]
#                          [MPI_PES <n>...] [TRANSPORTS <shm|rma>...] [LABELS <labels>...]
#                          [MPI_LABELS <labels>...] [EXIT <status>] [MATCH <regex>...]
#                          [XBEMU_ARGS <options>...] [ARGS <guest arguments>...] [TIMEOUT <s>]
#                          [ISA <isa string>])
# Runs an xBGAS program (or one for ISA, default rv64gc_xbgas) on each count of PES in one
# process (<prefix>.n<N>) and, when mpirun exists, on each count of MPI_PES under mpirun with
# each transport (default shm and rma; <prefix>.mpi.<transport>.n<N>, labelled mpi and
# MPI_LABELS, by default LABELS); with
# RMA_ELF_TARGET, rma runs that program instead (a shorter build, where every remote access is
# an MPI one-sided operation).
function(xbemu_add_multi_pe_tests prefix)
    cmake_parse_arguments(ARG "" "ELF_TARGET;RMA_ELF_TARGET;EXIT;TIMEOUT;ISA"
                          "PES;MPI_PES;TRANSPORTS;LABELS;MPI_LABELS;MATCH;XBEMU_ARGS;ARGS"
                          ${ARGN})
    if(NOT DEFINED ARG_MPI_LABELS)
        set(ARG_MPI_LABELS ${ARG_LABELS})
    endif()
    if(NOT DEFINED ARG_EXIT)
        set(ARG_EXIT 0)
    endif()
    # Several PEs share the host's cores, and CI machines are shared too: xbrtime.put_get.n4
    # took 39 s on 2 cores under a load of 7, and over 60 s under a load of 20.
    if(NOT DEFINED ARG_TIMEOUT)
        set(ARG_TIMEOUT 150)
    endif()
    if(NOT DEFINED ARG_RMA_ELF_TARGET)
        set(ARG_RMA_ELF_TARGET ${ARG_ELF_TARGET})
    endif()
    if(NOT DEFINED ARG_TRANSPORTS)
        set(ARG_TRANSPORTS shm rma)
    endif()
    if(NOT DEFINED ARG_ISA)
        set(ARG_ISA rv64gc_xbgas)
    endif()
    set(isa --isa ${ARG_ISA})
    foreach(pes IN LISTS ARG_PES)
        xbemu_add_run_test(${prefix}.n${pes} ELF_TARGET ${ARG_ELF_TARGET} LABELS ${ARG_LABELS}
                           EXIT ${ARG_EXIT} MATCH ${ARG_MATCH}
                           XBEMU_ARGS ${isa} -n ${pes} ${ARG_XBEMU_ARGS} ARGS ${ARG_ARGS}
                           TIMEOUT ${ARG_TIMEOUT})
    endforeach()
    if(NOT XBEMU_MPIRUN)
        return()
    endif()
    set(shm_target ${ARG_ELF_TARGET})
    set(rma_target ${ARG_RMA_ELF_TARGET})
    # mpirun and its ranks start slower than threads; ctest allows for its clean-up too.
    math(EXPR mpi_timeout "${ARG_TIMEOUT} * 2")
    math(EXPR ctest_timeout "${mpi_timeout} + 30")
    foreach(pes IN LISTS ARG_MPI_PES)
        foreach(transport IN LISTS ARG_TRANSPORTS)
            set(test ${prefix}.mpi.${transport}.n${pes})
            xbemu_add_run_test(${test} ELF_TARGET ${${transport}_target}
                               LABELS mpi ${ARG_MPI_LABELS} EXIT ${ARG_EXIT} MATCH ${ARG_MATCH}
                               LAUNCHER ${XBEMU_MPIRUN} -np ${pes}
                               XBEMU_ARGS ${isa} --transport ${transport} ${ARG_XBEMU_ARGS}
                               ARGS ${ARG_ARGS} TIMEOUT ${mpi_timeout})
            set_tests_properties(${test} PROPERTIES TIMEOUT ${ctest_timeout})
            if(TEST ${test}.interp)
                set_tests_properties(${test}.interp PROPERTIES TIMEOUT ${ctest_timeout})
            endif()
        endforeach()
    endforeach()
endfunction()
