# Building RISC-V guest programs with Debian's riscv64-unknown-elf-gcc, and
# registering tests that run them on xbemu and on qemu-system-riscv64.

find_program(XBEMU_RISCV_GCC riscv64-unknown-elf-gcc REQUIRED)
find_program(XBEMU_RISCV_OBJDUMP riscv64-unknown-elf-objdump REQUIRED)
find_program(XBEMU_QEMU qemu-system-riscv64)

set(XBEMU_GUEST_ARCH_FLAGS -march=rv64gc -mabi=lp64d -mcmodel=medany)

# picolibc with semihosting: argv and exit status through the host, code at 0x80000000.
set(XBEMU_PICOLIBC_FLAGS
    --specs=picolibc.specs --oslib=semihost --crt0=semihost
    -Wl,--defsym=__flash=0x80000000 -Wl,--defsym=__flash_size=0x400000
    -Wl,--defsym=__ram=0x80400000 -Wl,--defsym=__ram_size=0x3c00000
    -Wl,--defsym=__stack_size=0x40000)

set(XBEMU_BARE_LINKER_SCRIPT ${CMAKE_CURRENT_LIST_DIR}/bare-metal.ld)

# xbemu_add_guest_program(<target> SOURCES <files...> [PICOLIBC] [BARE]
#                         [FLAGS <extra compiler flags...>] [INCLUDES <dirs...>])
# Produces ${CMAKE_CURRENT_BINARY_DIR}/<target>.elf. PICOLIBC links against picolibc with
# semihosting; BARE links with -nostdlib against cmake/bare-metal.ld (entry symbol _start).
function(xbemu_add_guest_program target)
    cmake_parse_arguments(ARG "PICOLIBC;BARE" "" "SOURCES;FLAGS;INCLUDES;DEPENDS" ${ARGN})
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
    if(ARG_PICOLIBC)
        set(link_flags ${XBEMU_PICOLIBC_FLAGS})
    elseif(ARG_BARE)
        set(link_flags -nostdlib -nostartfiles -static -T ${XBEMU_BARE_LINKER_SCRIPT})
    else()
        message(FATAL_ERROR "xbemu_add_guest_program(${target}): say PICOLIBC or BARE")
    endif()
    add_custom_command(
        OUTPUT ${output}
        COMMAND ${XBEMU_RISCV_GCC} ${XBEMU_GUEST_ARCH_FLAGS} ${ARG_FLAGS} ${includes} ${sources}
                ${link_flags} -o ${output}
        DEPENDS ${sources} ${ARG_DEPENDS} ${XBEMU_BARE_LINKER_SCRIPT}
        COMMENT "Building guest program ${target}.elf"
        VERBATIM COMMAND_EXPAND_LISTS)
    add_custom_target(${target} ALL DEPENDS ${output})
    set_property(TARGET ${target} PROPERTY XBEMU_ELF ${output})
endfunction()

set(XBEMU_RUN_PROGRAM ${PROJECT_SOURCE_DIR}/tests/tools/run-program.sh)
set(XBEMU_COMPARE_WITH_QEMU ${PROJECT_SOURCE_DIR}/tests/tools/compare-with-qemu.sh)

# xbemu_add_run_test(<test name> ELF_TARGET <guest target> [LABELS <labels...>] [EXIT <status>]
#                    [STDOUT <expected stdout file>] [MATCH <regex>...] [STDERR_LINES <n>]
#                    [XBEMU_ARGS <xbemu options...>] [ARGS <guest arguments...>] [TIMEOUT <s>])
# Runs the guest on xbemu and checks its exit status (default 0) and output.
function(xbemu_add_run_test name)
    cmake_parse_arguments(ARG "" "ELF_TARGET;EXIT;STDOUT;STDERR_LINES;TIMEOUT"
                          "LABELS;MATCH;XBEMU_ARGS;ARGS" ${ARGN})
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
    add_test(NAME ${name}
             COMMAND ${XBEMU_RUN_PROGRAM} ${checks} -- $<TARGET_FILE:xbemu> ${ARG_XBEMU_ARGS} ${elf}
                     ${ARG_ARGS})
    set_tests_properties(${name} PROPERTIES LABELS "${ARG_LABELS}" TIMEOUT ${ARG_TIMEOUT})
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
    add_test(NAME ${name}
             COMMAND ${XBEMU_COMPARE_WITH_QEMU} $<TARGET_FILE:xbemu> ${XBEMU_QEMU} ${elf} ${ARG_ARGS})
    set_tests_properties(${name} PROPERTIES LABELS "diff;${ARG_LABELS}" TIMEOUT ${ARG_TIMEOUT})
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
