#pragma once
// --trace's file: Chrome's trace-event JSON, which Perfetto and chrome://tracing open. One
// track per PE; a wait or polling loop is a slice on its PE's track; a message is a slice at its
// sender when injected and one at its receiver when delivered, joined by a flow arrow.
// Timestamps are simulated cycles (the viewer shows them as microseconds).

#include "xbemu/cycle_trace.hpp"

#include <string>
#include <string_view>
#include <vector>

namespace xbemu {

// Sorts `events` into a deterministic order and writes them; throws std::runtime_error with
// one line when the file cannot be written. `truncated`: --trace-limit dropped events;
// `interrupted_by`: the signal that stopped the run before the program's end ("SIGINT"), empty
// for a whole run. otherData records both ("truncated", "interrupted" and then "signal"), as
// --stats-json marks an interrupted run.
void write_chrome_trace(const std::string& path, std::vector<TraceEvent> events, unsigned pe_count,
                        bool truncated, std::string_view interrupted_by = {});

} // namespace xbemu
