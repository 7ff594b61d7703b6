#pragma once
// A PE's standard output in the cycle timing mode with several PEs: whole lines, each stamped
// with the simulated cycle at which the PE completed it. The job prints the lines of all PEs
// in (cycle, PE) order at the end of each window, so the interleaving is the same on every
// run, host thread count and launcher.

#include "xbemu/netsim/cycle.hpp"

#include <cstdint>
#include <cstdio>
#include <functional>
#include <string>
#include <vector>

namespace xbemu {

struct TimedLine {
    netsim::Cycle cycle = 0;
    std::uint32_t pe = 0;
    std::uint64_t sequence = 0; // per PE: keeps a PE's lines of one cycle in order
    std::string text;           // with its newline (and "[PE n] " under --tag-output)
};

// The order in which the job prints lines.
bool printed_before(const TimedLine& a, const TimedLine& b);

class TimedLineOutput {
public:
    // `clock`: the PE's current cycle.
    TimedLineOutput(unsigned pe, bool tag, std::function<netsim::Cycle()> clock);
    ~TimedLineOutput();
    TimedLineOutput(const TimedLineOutput&) = delete;
    TimedLineOutput& operator=(const TimedLineOutput&) = delete;

    // The stdio stream the PE's devices and semihosting write to.
    std::FILE* stream() const { return stream_; }
    // Moves the completed lines into `lines`; with `finish`, a last unterminated line too.
    void drain(std::vector<TimedLine>& lines, bool finish);
    // While on, completed lines go to standard output at once, whole, as the functional mode
    // prints them (the functional part of --fast-forward), rather than to drain().
    void print_at_once(bool on) { at_once_ = on; }
    // The unterminated line written so far (once the stream is flushed), for a checkpoint.
    const std::string& unfinished_line() const { return pending_; }

private:
    static ssize_t write(void* cookie, const char* data, std::size_t size);

    unsigned pe_;
    std::string prefix_;
    std::function<netsim::Cycle()> clock_;
    std::string pending_;
    std::vector<TimedLine> lines_;
    std::uint64_t sequence_ = 0;
    bool at_once_ = false;
    std::FILE* stream_ = nullptr;
};

} // namespace xbemu
