#include "xbemu/chrome_trace.hpp"

#include <algorithm>
#include <cerrno>
#include <cstdio>
#include <cstring>
#include <fmt/format.h>
#include <memory>
#include <stdexcept>
#include <tuple>

namespace xbemu {

namespace {

struct FileCloser {
    void operator()(std::FILE* file) const { std::fclose(file); }
};

auto order_key(const TraceEvent& event) {
    return std::tuple(event.start, event.pe, event.type, event.source, event.sequence, event.end);
}

} // namespace

void write_chrome_trace(const std::string& path, std::vector<TraceEvent> events, unsigned pe_count,
                        bool truncated, std::string_view interrupted_by) {
    std::sort(events.begin(), events.end(),
              [](const TraceEvent& a, const TraceEvent& b) { return order_key(a) < order_key(b); });
    const std::unique_ptr<std::FILE, FileCloser> file(std::fopen(path.c_str(), "w"));
    if (!file) {
        throw std::runtime_error(
            fmt::format("cannot write the trace {}: {}", path, std::strerror(errno)));
    }
    std::FILE* out = file.get();
    const std::string interruption =
        interrupted_by.empty()
            ? std::string("\"interrupted\": false")
            : fmt::format("\"interrupted\": true, \"signal\": \"{}\"", interrupted_by);
    fmt::print(out,
               "{{\"displayTimeUnit\": \"ns\",\n\"otherData\": {{\"time unit\": "
               "\"simulated cycles\", \"truncated\": {}, {}}},\n\"traceEvents\": [\n",
               truncated, interruption);
    fmt::print(out, "{{\"ph\": \"M\", \"pid\": 0, \"name\": \"process_name\", \"args\": "
                    "{{\"name\": \"xbemu\"}}}}");
    for (unsigned pe = 0; pe < pe_count; ++pe) {
        fmt::print(out,
                   ",\n{{\"ph\": \"M\", \"pid\": 0, \"tid\": {0}, \"name\": \"thread_name\", "
                   "\"args\": {{\"name\": \"PE {0}\"}}}}",
                   pe);
    }
    std::uint64_t flow = 0;
    for (const TraceEvent& event : events) {
        switch (event.type) {
        case TraceEvent::Type::Wait:
        case TraceEvent::Type::Polling: {
            const std::string_view name =
                event.type == TraceEvent::Type::Polling
                    ? std::string_view("polling")
                    : stall_cause_name(static_cast<StallCause>(event.detail));
            fmt::print(out,
                       ",\n{{\"ph\": \"X\", \"pid\": 0, \"tid\": {}, \"ts\": {}, \"dur\": {}, "
                       "\"name\": \"{}\", \"cat\": \"wait\"}}",
                       event.pe, event.start, event.end - event.start, name);
            break;
        }
        case TraceEvent::Type::Message: {
            const std::string_view kind =
                netsim::kind_name(static_cast<netsim::MessageKind>(event.detail));
            ++flow;
            fmt::print(out,
                       ",\n{{\"ph\": \"X\", \"pid\": 0, \"tid\": {0}, \"ts\": {1}, \"dur\": 1, "
                       "\"name\": \"send {2}\", \"cat\": \"message\", \"args\": {{\"to\": {3}}}}}"
                       ",\n{{\"ph\": \"s\", \"pid\": 0, \"tid\": {0}, \"ts\": {1}, \"id\": {4}, "
                       "\"name\": \"{2}\", \"cat\": \"message\"}}"
                       ",\n{{\"ph\": \"X\", \"pid\": 0, \"tid\": {3}, \"ts\": {5}, \"dur\": 1, "
                       "\"name\": \"receive {2}\", \"cat\": \"message\", \"args\": {{\"from\": "
                       "{0}, \"latency\": {6}}}}}"
                       ",\n{{\"ph\": \"f\", \"bp\": \"e\", \"pid\": 0, \"tid\": {3}, \"ts\": {5}, "
                       "\"id\": {4}, \"name\": \"{2}\", \"cat\": \"message\"}}",
                       event.source, event.start, kind, event.pe, flow, event.end,
                       event.end - event.start);
            break;
        }
        }
    }
    fmt::print(out, "\n]}}\n");
    if (std::ferror(out) != 0) {
        throw std::runtime_error(fmt::format("cannot write the trace {}", path));
    }
}

} // namespace xbemu
