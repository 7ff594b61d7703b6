#pragma once
// The registers xbemu shows gdb, numbered as gdb numbers RISC-V registers: x0-x31 0-31, pc 32,
// f0-f31 33-64, CSR n at 65 + n, the virtual privilege register after the CSRs, then the
// registers of the extensions' hart states (xBGAS e0-e31), extension after extension in the
// decode table's order, row after row. The layout follows the enabled extensions: an FPU feature
// with F (64-bit registers with D), extension features from extension_debug_support() with
// their CSRs and their hart states' rows.

#include "xbemu/debugger/register_layout.hpp"
#include "xbemu/decoder/extension.hpp"

#include <cstdint>
#include <span>
#include <vector>

namespace xbemu::gdb {

inline constexpr unsigned kPcRegister = 32;
inline constexpr unsigned kFirstFloatRegister = 33;
inline constexpr unsigned kFirstCsrRegister = 65;
inline constexpr unsigned kPrivilegeRegister = kFirstCsrRegister + 4096;
inline constexpr unsigned kFirstExtendedRegister = kPrivilegeRegister + 1;

RegisterLayout riscv_register_layout(std::span<const Extension* const> extensions);

} // namespace xbemu::gdb
