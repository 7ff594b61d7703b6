#include "extension_debug_support.hpp"

#include "xbemu/message_port.hpp"
#include "xbemu/processing_element.hpp"

#include <fmt/format.h>

namespace xbemu::gdb {

namespace {

std::string olb_table(ProcessingElement& pe) {
    const Olb& olb = pe.olb();
    std::string text = fmt::format("OLB of PE {} ({} PEs):\n", olb.self(), olb.pe_count());
    text += fmt::format("  object ID 0x0 -> PE {} (always this PE)\n", olb.self());
    if (olb.pe_count() == 1) {
        text += "  object ID 0x1 -> PE 0\n";
    } else {
        text += fmt::format("  object IDs 0x1-0x{:x} -> PEs 0-{} (ID p+1 names PE p)\n",
                            olb.pe_count(), olb.pe_count() - 1);
    }
    for (const auto& [object_id, target] : olb.entries()) {
        text += fmt::format("  object ID 0x{:x} -> PE {} (--olb)\n", object_id, target);
    }
    return text;
}

std::string pimp_messages(std::string_view title, std::string_view direction,
                          const std::vector<PortMessage>& messages) {
    std::string text = fmt::format("  {}: {} message{}\n", title, messages.size(),
                                   messages.size() == 1 ? "" : "s");
    for (const PortMessage& message : messages) {
        text += fmt::format("    {} PE {}: 0x{:x}\n", direction, message.node, message.payload);
    }
    return text;
}

std::string pimp_fifos(ProcessingElement& pe) {
    const MessagePort* port = pe.message_port_if_any();
    if (port == nullptr) {
        return fmt::format("PE {} has no PIMP port\n", pe.id());
    }
    const MessagePortSnapshot snapshot = port->snapshot();
    std::string text = fmt::format("PIMP FIFOs of PE {}, oldest first:\n", pe.id());
    text += pimp_messages("send FIFO", "to", snapshot.send);
    text += pimp_messages("receive FIFO", "from", snapshot.receive);
    if (!snapshot.arrived.empty()) {
        text += pimp_messages("arrived while the receive FIFO was full", "from", snapshot.arrived);
    }
    if (snapshot.credits.empty()) {
        text += "  credits (messages it may still send): a whole receive FIFO to every PE\n";
    } else {
        text += "  credits (messages it may still send), where fewer than a whole receive FIFO:";
        for (std::size_t index = 0; index < snapshot.credits.size(); ++index) {
            text += fmt::format(" PE {} {}{}", snapshot.credits[index].node,
                                snapshot.credits[index].credits,
                                index + 1 < snapshot.credits.size() ? "," : "\n");
        }
    }
    return text;
}

} // namespace

const std::vector<ExtensionDebugSupport>& extension_debug_support() {
    static const std::vector<ExtensionDebugSupport> support = {
        {"xbgas",
         "org.xbemu.riscv.xbgas",
         {},
         {{"olb", "the object lookaside buffer of the selected thread's PE", olb_table}}},
        // PIMP's read-only CSRs as rcmc numbers them: cores, own id, grid size.
        {"xpimp",
         "org.xbemu.riscv.pimp",
         {{"pimpcores", 0xc70}, {"pimpid", 0xc71}, {"pimpgrid", 0xc72}},
         {{"pimp", "the PIMP message FIFOs of the selected thread's PE", pimp_fifos}}},
    };
    return support;
}

} // namespace xbemu::gdb
