#include "xbemu/timed_line_output.hpp"

#include <fmt/format.h>
#include <stdexcept>
#include <tuple>
#include <unistd.h>

namespace xbemu {

namespace {

// In one write, so that the lines of PEs on other threads do not cut into it.
void print_whole(const std::string& line) {
    std::size_t written = 0;
    while (written < line.size()) {
        const ssize_t result = ::write(STDOUT_FILENO, line.data() + written, line.size() - written);
        if (result <= 0) {
            return;
        }
        written += static_cast<std::size_t>(result);
    }
}

} // namespace

bool printed_before(const TimedLine& a, const TimedLine& b) {
    return std::tie(a.cycle, a.pe, a.sequence) < std::tie(b.cycle, b.pe, b.sequence);
}

TimedLineOutput::TimedLineOutput(unsigned pe, bool tag, std::function<netsim::Cycle()> clock)
    : pe_(pe), prefix_(tag ? fmt::format("[PE {}] ", pe) : std::string()),
      clock_(std::move(clock)) {
    cookie_io_functions_t functions{};
    functions.write = write;
    stream_ = fopencookie(this, "w", functions);
    if (stream_ == nullptr) {
        throw std::runtime_error("cannot create the PE's output stream");
    }
    // The cookie assembles lines; a stdio buffer would only hold them back.
    std::setvbuf(stream_, nullptr, _IONBF, 0);
}

TimedLineOutput::~TimedLineOutput() {
    std::fclose(stream_);
}

ssize_t TimedLineOutput::write(void* cookie, const char* data, std::size_t size) {
    auto& output = *static_cast<TimedLineOutput*>(cookie);
    output.pending_.append(data, size);
    std::size_t start = 0;
    for (std::size_t end = output.pending_.find('\n'); end != std::string::npos;
         end = output.pending_.find('\n', start)) {
        std::string line = output.prefix_ + output.pending_.substr(start, end + 1 - start);
        if (output.at_once_) {
            print_whole(line);
        } else {
            output.lines_.push_back({output.clock_(), static_cast<std::uint32_t>(output.pe_),
                                     output.sequence_++, std::move(line)});
        }
        start = end + 1;
    }
    output.pending_.erase(0, start);
    return static_cast<ssize_t>(size);
}

void TimedLineOutput::drain(std::vector<TimedLine>& lines, bool finish) {
    if (finish && !pending_.empty()) {
        lines_.push_back(
            {clock_(), static_cast<std::uint32_t>(pe_), sequence_++, prefix_ + pending_});
        pending_.clear();
    }
    for (TimedLine& line : lines_) {
        lines.push_back(std::move(line));
    }
    lines_.clear();
}

} // namespace xbemu
