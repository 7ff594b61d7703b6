#include "in_process/in_process_exchange.hpp"

#include <algorithm>

namespace xbemu {

void InProcessExchange::exchange(WindowReport& report, WindowResult& result) {
    result.earliest_due = router_.route_and_deliver(report.messages, report.window_end, inboxes_);
    report.messages.clear();
    std::swap(result.pes, report.pes);
    report.pes.clear();
    std::swap(result.lines, report.lines);
    report.lines.clear();
    if (!std::is_sorted(result.lines.begin(), result.lines.end(), printed_before)) {
        std::sort(result.lines.begin(), result.lines.end(), printed_before);
    }
    std::swap(result.failures, report.failures);
    report.failures.clear();
}

} // namespace xbemu
