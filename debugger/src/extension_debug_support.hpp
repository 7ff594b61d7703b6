#pragma once
// What the debugger shows of each ISA extension that has state of its own: a target-description
// feature with its registers, and monitor commands. The rows apply when their extension is in
// the ISA string, so a new extension adds a row here and nothing else in the debugger changes.

#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

namespace xbemu {
class ProcessingElement;
}

namespace xbemu::gdb {

enum class RegisterSource : std::uint8_t {
    ExtendedRegister, // Hart::e[index]
    Csr,              // the CSR numbered `index`, as the hart reads it
};

struct ExtensionRegister {
    std::string name;
    RegisterSource source = RegisterSource::ExtendedRegister;
    std::uint32_t index = 0;
};

struct MonitorCommand {
    std::string_view name;
    std::string_view help;
    std::string (*run)(ProcessingElement& pe);
};

struct ExtensionDebugSupport {
    std::string_view extension; // as in the ISA string
    std::string_view feature;   // target-description feature name
    std::vector<ExtensionRegister> registers;
    std::vector<MonitorCommand> monitor_commands; // run for the selected thread's PE
};

const std::vector<ExtensionDebugSupport>& extension_debug_support();

} // namespace xbemu::gdb
