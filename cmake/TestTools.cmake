# Finding the programs that cmake/test-tools.txt lists. A missing one stops the configuration
# with one line naming its Debian package, rather than quietly registering fewer tests.

option(XBEMU_ALLOW_MISSING_TEST_TOOLS
       "Configure even without qemu-system-riscv64, mpirun, gnuplot, pgrep or gdb-multiarch, leaving out the tests that need them"
       OFF)

# xbemu_find_tools(<guest-programs|tests>)
# Sets the CMake variable of every tool listed for that purpose to its path.
function(xbemu_find_tools purpose)
    file(STRINGS ${CMAKE_CURRENT_FUNCTION_LIST_DIR}/test-tools.txt lines REGEX "^XBEMU_")
    set(left_out)
    foreach(line IN LISTS lines)
        string(REGEX REPLACE "[ \t]+" ";" fields "${line}")
        list(GET fields 0 variable)
        list(GET fields 1 command)
        list(GET fields 2 package)
        list(GET fields 3 needed_for)
        if(NOT needed_for STREQUAL purpose)
            continue()
        endif()
        find_program(${variable} ${command})
        if(${variable})
            continue()
        endif()
        if(purpose STREQUAL "guest-programs")
            set(opt_out "-DXBEMU_GUEST_TESTS=OFF to build only the emulator")
        elseif(XBEMU_ALLOW_MISSING_TEST_TOOLS)
            list(APPEND left_out ${command})
            continue()
        else()
            set(opt_out "-DXBEMU_ALLOW_MISSING_TEST_TOOLS=ON to leave out the tests that need it")
        endif()
        message(FATAL_ERROR "${command} not found: install the Debian package ${package} "
                            "(scripts/setup-debian.sh installs everything), or configure with "
                            "${opt_out}")
    endforeach()
    if(left_out)
        list(JOIN left_out ", " names)
        message(WARNING "XBEMU_ALLOW_MISSING_TEST_TOOLS: no ${names}; the tests that need them "
                        "are left out")
    endif()
endfunction()
