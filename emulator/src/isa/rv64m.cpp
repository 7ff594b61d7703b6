// M: multiplication and division, with RISC-V's results for division by zero and overflow.

#include "xbemu/base_extensions.hpp"
#include "xbemu/hart.hpp"
#include "xbemu/threaded_execution.hpp"

#include <limits>

namespace xbemu {

namespace {

using Op = DecodedInstruction;
using Signed = std::int64_t;
using Unsigned = std::uint64_t;
using Signed128 = __int128;
using Unsigned128 = unsigned __int128;

Unsigned sext32(std::uint32_t value) {
    return static_cast<Unsigned>(static_cast<Signed>(static_cast<std::int32_t>(value)));
}

void mul(Hart& h, const Op& op) {
    h.x[op.rd] = h.x[op.rs1] * h.x[op.rs2];
}
void mulh(Hart& h, const Op& op) {
    const Signed128 product =
        static_cast<Signed128>(static_cast<Signed>(h.x[op.rs1])) * static_cast<Signed>(h.x[op.rs2]);
    h.x[op.rd] = static_cast<Unsigned>(static_cast<Unsigned128>(product) >> 64);
}
void mulhsu(Hart& h, const Op& op) {
    const Signed128 product = static_cast<Signed128>(static_cast<Signed>(h.x[op.rs1])) *
                              static_cast<Signed128>(h.x[op.rs2]);
    h.x[op.rd] = static_cast<Unsigned>(static_cast<Unsigned128>(product) >> 64);
}
void mulhu(Hart& h, const Op& op) {
    const Unsigned128 product = static_cast<Unsigned128>(h.x[op.rs1]) * h.x[op.rs2];
    h.x[op.rd] = static_cast<Unsigned>(product >> 64);
}
void div(Hart& h, const Op& op) {
    const auto a = static_cast<Signed>(h.x[op.rs1]);
    const auto b = static_cast<Signed>(h.x[op.rs2]);
    if (b == 0) {
        h.x[op.rd] = ~0ULL;
    } else if (a == std::numeric_limits<Signed>::min() && b == -1) {
        h.x[op.rd] = static_cast<Unsigned>(a);
    } else {
        h.x[op.rd] = static_cast<Unsigned>(a / b);
    }
}
void divu(Hart& h, const Op& op) {
    const Unsigned b = h.x[op.rs2];
    h.x[op.rd] = b == 0 ? ~0ULL : h.x[op.rs1] / b;
}
void rem(Hart& h, const Op& op) {
    const auto a = static_cast<Signed>(h.x[op.rs1]);
    const auto b = static_cast<Signed>(h.x[op.rs2]);
    if (b == 0) {
        h.x[op.rd] = static_cast<Unsigned>(a);
    } else if (a == std::numeric_limits<Signed>::min() && b == -1) {
        h.x[op.rd] = 0;
    } else {
        h.x[op.rd] = static_cast<Unsigned>(a % b);
    }
}
void remu(Hart& h, const Op& op) {
    const Unsigned b = h.x[op.rs2];
    h.x[op.rd] = b == 0 ? h.x[op.rs1] : h.x[op.rs1] % b;
}
void mulw(Hart& h, const Op& op) {
    h.x[op.rd] =
        sext32(static_cast<std::uint32_t>(h.x[op.rs1]) * static_cast<std::uint32_t>(h.x[op.rs2]));
}
void divw(Hart& h, const Op& op) {
    const auto a = static_cast<std::int32_t>(h.x[op.rs1]);
    const auto b = static_cast<std::int32_t>(h.x[op.rs2]);
    std::int32_t result = 0;
    if (b == 0) {
        result = -1;
    } else if (a == std::numeric_limits<std::int32_t>::min() && b == -1) {
        result = a;
    } else {
        result = a / b;
    }
    h.x[op.rd] = sext32(static_cast<std::uint32_t>(result));
}
void divuw(Hart& h, const Op& op) {
    const auto a = static_cast<std::uint32_t>(h.x[op.rs1]);
    const auto b = static_cast<std::uint32_t>(h.x[op.rs2]);
    h.x[op.rd] = sext32(b == 0 ? 0xffffffffU : a / b);
}
void remw(Hart& h, const Op& op) {
    const auto a = static_cast<std::int32_t>(h.x[op.rs1]);
    const auto b = static_cast<std::int32_t>(h.x[op.rs2]);
    std::int32_t result = 0;
    if (b == 0) {
        result = a;
    } else if (a == std::numeric_limits<std::int32_t>::min() && b == -1) {
        result = 0;
    } else {
        result = a % b;
    }
    h.x[op.rd] = sext32(static_cast<std::uint32_t>(result));
}
void remuw(Hart& h, const Op& op) {
    const auto a = static_cast<std::uint32_t>(h.x[op.rs1]);
    const auto b = static_cast<std::uint32_t>(h.x[op.rs2]);
    h.x[op.rd] = sext32(b == 0 ? a : a % b);
}

using enum TimingClass;
constexpr std::uint32_t kMask = 0xfe00707f;

const InstructionDescriptor kInstructions[] = {
    {"mul", 0x02000033, kMask, &formats::r, threaded<mul>, Multiply},
    {"mulh", 0x02001033, kMask, &formats::r, threaded<mulh>, Multiply},
    {"mulhsu", 0x02002033, kMask, &formats::r, threaded<mulhsu>, Multiply},
    {"mulhu", 0x02003033, kMask, &formats::r, threaded<mulhu>, Multiply},
    {"div", 0x02004033, kMask, &formats::r, threaded<div>, Divide64},
    {"divu", 0x02005033, kMask, &formats::r, threaded<divu>, Divide64},
    {"rem", 0x02006033, kMask, &formats::r, threaded<rem>, Divide64},
    {"remu", 0x02007033, kMask, &formats::r, threaded<remu>, Divide64},
    {"mulw", 0x0200003b, kMask, &formats::r, threaded<mulw>, Multiply},
    {"divw", 0x0200403b, kMask, &formats::r, threaded<divw>, Divide32},
    {"divuw", 0x0200503b, kMask, &formats::r, threaded<divuw>, Divide32},
    {"remw", 0x0200603b, kMask, &formats::r, threaded<remw>, Divide32},
    {"remuw", 0x0200703b, kMask, &formats::r, threaded<remuw>, Divide32},
};

} // namespace

const Extension& extension_rv64m() {
    static const Extension extension{"m", kInstructions, 'M' - 'A'};
    return extension;
}

} // namespace xbemu
