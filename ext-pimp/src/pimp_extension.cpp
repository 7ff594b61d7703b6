// PIMP: register-level message passing through per-PE FIFOs. send enqueues a word for a PE in
// the send FIFO; src and recv look at and dequeue the oldest message of the receive FIFO; the
// branches test the FIFOs. Everything goes through the PE's MessagePort: in the functional mode
// the transport's fabric, in the cycle mode the network interface; the port also does what the
// timing mode adds (the FIFOs at the instruction's start cycle, sleeping in a waiting loop).

#include "xbemu/pimp/pimp_extension.hpp"

#include "pimp_formats.hpp"
#include "pimp_waits.hpp"
#include "xbemu/netsim/grid.hpp"
#include "xbemu/pimp/pimp_statistics.hpp"
#include "xbemu/processing_element.hpp"
#include "xbemu/threaded_execution.hpp"

#include <array>

namespace xbemu {

namespace {

using Op = DecodedInstruction;

// The PE's FIFOs as the instruction finds them.
MessagePort& fifos(Hart& hart, const Op& op) {
    MessagePort& port = hart.pe().message_port();
    port.align_to(hart, op);
    return port;
}

void send(Hart& hart, const Op& op) {
    const std::uint64_t node = hart.x[op.rs1];
    if (node >= hart.pe().pe_count()) [[unlikely]] {
        Hart::raise(pimp_cause::kNoSuchNode, node, op);
    }
    MessagePort& port = fifos(hart, op);
    MessageStatistics& statistics = pimp_messages(hart.pe());
    if ((port.status() & MessagePort::kSendFifoFull) != 0) [[unlikely]] {
        ++statistics.send_fifo_full;
        Hart::raise(pimp_cause::kSendFifoFull, node, op);
    }
    port.send(static_cast<unsigned>(node), hart.x[op.rs2]);
    ++statistics.sent;
    ++statistics.sent_to.of(static_cast<unsigned>(node)).messages;
}

MessagePort& receiving_fifos(Hart& hart, const Op& op) {
    MessagePort& port = fifos(hart, op);
    if ((port.status() & MessagePort::kReceiveFifoNotEmpty) == 0) [[unlikely]] {
        ++pimp_messages(hart.pe()).receive_fifo_empty;
        Hart::raise(pimp_cause::kReceiveFifoEmpty, 0, op);
    }
    return port;
}

void src(Hart& hart, const Op& op) {
    hart.x[op.rd] = receiving_fifos(hart, op).head().node;
}

void recv(Hart& hart, const Op& op) {
    MessagePort& port = receiving_fifos(hart, op);
    hart.x[op.rd] = port.receive().payload;
    ++pimp_messages(hart.pe()).received;
}

// bnr and bns branch while their FIFO is not ready (kTakenWhileWaiting; the self-referential
// one is the idiom for waiting), bar and brs once it is.
template <MessageWait kWhat, bool kTakenWhileWaiting> void branch(Hart& hart, const Op& op) {
    MessagePort& port = fifos(hart, op);
    const std::uint32_t status = port.status();
    const bool ready = kWhat == MessageWait::Message
                           ? (status & MessagePort::kReceiveFifoNotEmpty) != 0
                           : (status & MessagePort::kSendFifoFull) == 0;
    if (ready != kTakenWhileWaiting) {
        const std::uint64_t target = op.pc + static_cast<std::uint64_t>(op.imm);
        hart.check_jump_target(target, op);
        hart.next_pc = target;
    }
    if (ready) {
        pimp_waits::found_ready(hart, port, kWhat);
        return;
    }
    pimp_waits::found_not_ready(hart, port, kWhat);
    if (kTakenWhileWaiting && op.imm == 0) {
        port.wait_in_loop(hart, op, kWhat);
    }
}

std::uint64_t core_count(Hart& hart) {
    return hart.pe().pe_count();
}

std::uint64_t own_id(Hart& hart) {
    return hart.pe().id();
}

std::uint64_t grid_size(Hart& hart) {
    const netsim::Grid grid(hart.pe().config().machine.network, hart.pe().pe_count());
    constexpr unsigned kHeightShift = 16;
    return grid.width() | (static_cast<std::uint64_t>(grid.height()) << kHeightShift);
}

using enum TimingClass;
// A branch on the FIFOs reads the PE's message port.
constexpr std::uint8_t kFifoBranch = kEndsBlock | kBeyondHartState;
constexpr std::uint32_t kSendMask = 0x00007fff; // funct7 ignored, rd = 0
constexpr std::uint32_t kReceiveMask = 0xfffff07f;
constexpr std::uint32_t kBranchMask = 0x01fff07f; // rs1 = rs2 = 0

// The branches' execute functions in the order of their funct3 within a layout.
constexpr ExecuteFn kBns = threaded<branch<MessageWait::SendRoom, true>>;
constexpr ExecuteFn kBrs = threaded<branch<MessageWait::SendRoom, false>>;
constexpr ExecuteFn kBnr = threaded<branch<MessageWait::Message, true>>;
constexpr ExecuteFn kBar = threaded<branch<MessageWait::Message, false>>;

// Both layouts: send, src and recv on custom-2, the branches from `first_branch` (bns) on, one
// funct3 apart.
constexpr std::array<InstructionDescriptor, 7> layout(std::uint32_t first_branch) {
    constexpr std::uint32_t kFunct3 = 1U << 12;
    return {{
        {"send", 0x0000005b, kSendMask, &pimp_formats::send, threaded<send>, Message},
        // src reads without dequeuing: a loop of it waits as one of branches does.
        {"src", 0x0000205b, kReceiveMask, &pimp_formats::receive, threaded<src>, Message,
         kOnlyObserves},
        {"recv", 0x0000305b, kReceiveMask, &pimp_formats::receive, threaded<recv>, Message},
        {"bns", first_branch, kBranchMask, &pimp_formats::branch, kBns, Branch, kFifoBranch},
        {"brs", first_branch + kFunct3, kBranchMask, &pimp_formats::branch, kBrs, Branch,
         kFifoBranch},
        {"bnr", first_branch + 2 * kFunct3, kBranchMask, &pimp_formats::branch, kBnr, Branch,
         kFifoBranch},
        {"bar", first_branch + 3 * kFunct3, kBranchMask, &pimp_formats::branch, kBar, Branch,
         kFifoBranch},
    }};
}

constexpr auto kDefaultLayout = layout(0x0000405b);
constexpr auto kRcmcLayout = layout(0x0000007b);

// Read-only user-level CSRs (0xC00-0xCFF), as rcmc has them: readable in U-mode too.
const ExtensionCsr kCsrs[] = {
    {0xc70, core_count},
    {0xc71, own_id},
    {0xc72, grid_size},
};

const ExtensionCause kCauses[] = {
    {pimp_cause::kSendFifoFull, "send with the PIMP send FIFO full"},
    {pimp_cause::kReceiveFifoEmpty, "src/recv with the PIMP receive FIFO empty"},
    {pimp_cause::kNoSuchNode, "send to a PIMP node that does not exist"},
};

} // namespace

std::optional<PimpLayout> pimp_layout_from_name(std::string_view name) {
    if (name == "default") {
        return PimpLayout::Default;
    }
    if (name == "rcmc") {
        return PimpLayout::Rcmc;
    }
    return std::nullopt;
}

const Extension& extension_pimp(PimpLayout layout) {
    // misa bit 23 ("X", non-standard extensions present) comes from the "x" name.
    static const Extension default_layout{.name = "xpimp",
                                          .instructions = kDefaultLayout,
                                          .csrs = kCsrs,
                                          .causes = kCauses,
                                          .statistics = &pimp_statistics_type()};
    static const Extension rcmc_layout{.name = "xpimp",
                                       .instructions = kRcmcLayout,
                                       .csrs = kCsrs,
                                       .causes = kCauses,
                                       .statistics = &pimp_statistics_type()};
    return layout == PimpLayout::Rcmc ? rcmc_layout : default_layout;
}

} // namespace xbemu
