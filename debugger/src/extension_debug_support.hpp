#pragma once
// What the debugger shows of an ISA extension beyond the registers of its hart state (which
// the extension itself lists: ExtensionHartStateType::debug_registers): the name of its
// target-description feature, its CSRs, and monitor commands. The rows apply when their
// extension is in the ISA string.

#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

namespace xbemu {
class ProcessingElement;
}

namespace xbemu::gdb {

// A CSR of the extension, as the hart reads it.
struct ExtensionCsrRegister {
    std::string name;
    std::uint32_t csr = 0;
};

struct MonitorCommand {
    std::string_view name;
    std::string_view help;
    std::string (*run)(ProcessingElement& pe);
};

struct ExtensionDebugSupport {
    std::string_view extension; // as in the ISA string
    std::string_view feature;   // target-description feature name
    std::vector<ExtensionCsrRegister> csrs;
    std::vector<MonitorCommand> monitor_commands; // run for the selected thread's PE
};

const std::vector<ExtensionDebugSupport>& extension_debug_support();

} // namespace xbemu::gdb
