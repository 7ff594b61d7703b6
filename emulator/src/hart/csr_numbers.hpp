#pragma once
// The numbers of the CSRs a hart implements.

#include <cstdint>

namespace xbemu::csr {
constexpr std::uint32_t kFflags = 0x001;
constexpr std::uint32_t kFrm = 0x002;
constexpr std::uint32_t kFcsr = 0x003;
constexpr std::uint32_t kMstatus = 0x300;
constexpr std::uint32_t kMisa = 0x301;
constexpr std::uint32_t kMedeleg = 0x302;
constexpr std::uint32_t kMideleg = 0x303;
constexpr std::uint32_t kMie = 0x304;
constexpr std::uint32_t kMtvec = 0x305;
constexpr std::uint32_t kMcounteren = 0x306;
constexpr std::uint32_t kMenvcfg = 0x30a;
constexpr std::uint32_t kMcountinhibit = 0x320;
constexpr std::uint32_t kMhpmeventFirst = 0x323;
constexpr std::uint32_t kMhpmeventLast = 0x33f;
constexpr std::uint32_t kMscratch = 0x340;
constexpr std::uint32_t kMepc = 0x341;
constexpr std::uint32_t kMcause = 0x342;
constexpr std::uint32_t kMtval = 0x343;
constexpr std::uint32_t kMip = 0x344;
constexpr std::uint32_t kPmpcfgFirst = 0x3a0;
constexpr std::uint32_t kPmpcfgLast = 0x3af;
constexpr std::uint32_t kPmpaddrFirst = 0x3b0;
constexpr std::uint32_t kPmpaddrLast = 0x3ef;
constexpr std::uint32_t kTselect = 0x7a0;
constexpr std::uint32_t kTdata1 = 0x7a1;
constexpr std::uint32_t kTdata2 = 0x7a2;
constexpr std::uint32_t kTdata3 = 0x7a3;
constexpr std::uint32_t kTinfo = 0x7a4;
constexpr std::uint32_t kTcontrol = 0x7a5;
constexpr std::uint32_t kMcycle = 0xb00;
constexpr std::uint32_t kMinstret = 0xb02;
constexpr std::uint32_t kMhpmcounterFirst = 0xb03;
constexpr std::uint32_t kMhpmcounterLast = 0xb1f;
constexpr std::uint32_t kCycle = 0xc00;
constexpr std::uint32_t kTime = 0xc01;
constexpr std::uint32_t kInstret = 0xc02;
constexpr std::uint32_t kHpmcounterLast = 0xc1f;
constexpr std::uint32_t kMvendorid = 0xf11;
constexpr std::uint32_t kMarchid = 0xf12;
constexpr std::uint32_t kMimpid = 0xf13;
constexpr std::uint32_t kMhartid = 0xf14;
constexpr std::uint32_t kMconfigptr = 0xf15;
} // namespace xbemu::csr
