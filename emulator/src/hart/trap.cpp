#include "xbemu/trap.hpp"

#include <fmt/format.h>

namespace xbemu {

std::string describe_exception_cause(std::uint64_t cause) {
    static constexpr const char* names[] = {"instruction address misaligned",
                                            "instruction access fault",
                                            "illegal instruction",
                                            "breakpoint",
                                            "load address misaligned",
                                            "load access fault",
                                            "store/AMO address misaligned",
                                            "store/AMO access fault",
                                            "environment call from U-mode",
                                            "environment call from S-mode",
                                            "reserved",
                                            "environment call from M-mode",
                                            "instruction page fault",
                                            "load page fault",
                                            "reserved",
                                            "store/AMO page fault"};
    return cause < std::size(names) ? names[cause] : fmt::format("exception {}", cause);
}

std::string describe_interrupt_cause(std::uint64_t cause) {
    switch (cause) {
    case cause::kMachineSoftwareInterrupt:
        return "machine software interrupt";
    case cause::kMachineTimerInterrupt:
        return "machine timer interrupt";
    case cause::kMachineExternalInterrupt:
        return "machine external interrupt";
    default:
        return fmt::format("interrupt {}", cause);
    }
}

} // namespace xbemu
