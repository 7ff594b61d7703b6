#pragma once
// The registers xbemu shows gdb, numbered as gdb numbers RISC-V registers: x0-x31 0-31, pc 32,
// f0-f31 33-64, CSR n at 65 + n, the virtual privilege register after the CSRs, then the
// registers of extensions that are not CSRs (xBGAS e0-e31). The layout follows the enabled
// extensions: an FPU feature with F (64-bit registers with D), extension features from
// extension_debug_support().

#include "xbemu/debugger/register_layout.hpp"

#include <cstdint>
#include <string_view>
#include <vector>

namespace xbemu::gdb {

inline constexpr unsigned kPcRegister = 32;
inline constexpr unsigned kFirstFloatRegister = 33;
inline constexpr unsigned kFirstCsrRegister = 65;
inline constexpr unsigned kPrivilegeRegister = kFirstCsrRegister + 4096;
inline constexpr unsigned kFirstExtendedRegister = kPrivilegeRegister + 1;

RegisterLayout riscv_register_layout(const std::vector<std::string_view>& extensions);

} // namespace xbemu::gdb
