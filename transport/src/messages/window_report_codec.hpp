#pragma once
// One host's window report as bytes, for exchanges that cross process boundaries.

#include "xbemu/timing/message_exchange.hpp"

#include <cstddef>
#include <span>
#include <vector>

namespace xbemu {

// Replaces `bytes` with the report (its PEs' states, messages, lines and failures).
void encode_report(const WindowReport& report, std::vector<std::byte>& bytes);
// Appends the report's PE states, lines and failures to `result` and its messages to `messages`.
void decode_report(std::span<const std::byte> bytes, WindowResult& result,
                   std::vector<netsim::Message>& messages);

} // namespace xbemu
