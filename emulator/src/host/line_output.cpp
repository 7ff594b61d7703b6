#include "xbemu/line_output.hpp"

#include <fmt/format.h>
#include <mutex>
#include <string>
#include <unistd.h>

namespace xbemu {

namespace {

// PEs of one process write from several threads; one line at a time reaches stdout.
std::mutex stdout_mutex;

struct PendingLines {
    std::string prefix;
    std::string pending;
};

// Each line leaves in one write: under mpirun every rank's output is a separate pipe
// that the launcher interleaves at write boundaries.
void write_lines(PendingLines& lines, bool flush_partial) {
    std::string text;
    std::size_t start = 0;
    for (std::size_t end = lines.pending.find('\n'); end != std::string::npos;
         end = lines.pending.find('\n', start)) {
        text += lines.prefix;
        text.append(lines.pending, start, end + 1 - start);
        start = end + 1;
    }
    if (flush_partial && start < lines.pending.size()) {
        text += lines.prefix;
        text.append(lines.pending, start);
        start = lines.pending.size();
    }
    lines.pending.erase(0, start);
    if (text.empty()) {
        return;
    }
    const std::lock_guard lock(stdout_mutex);
    std::fflush(stdout);
    std::size_t written = 0;
    while (written < text.size()) {
        const ssize_t result = ::write(STDOUT_FILENO, text.data() + written, text.size() - written);
        if (result <= 0) {
            break;
        }
        written += static_cast<std::size_t>(result);
    }
}

ssize_t line_write(void* cookie, const char* data, std::size_t size) {
    auto& lines = *static_cast<PendingLines*>(cookie);
    lines.pending.append(data, size);
    write_lines(lines, false);
    return static_cast<ssize_t>(size);
}

int line_close(void* cookie) {
    auto* lines = static_cast<PendingLines*>(cookie);
    write_lines(*lines, true);
    delete lines;
    return 0;
}

} // namespace

std::FILE* open_line_output(unsigned pe, bool tag) {
    auto* lines = new PendingLines{tag ? fmt::format("[PE {}] ", pe) : std::string(), {}};
    cookie_io_functions_t functions{};
    functions.write = line_write;
    functions.close = line_close;
    std::FILE* stream = fopencookie(lines, "w", functions);
    if (stream == nullptr) {
        delete lines;
        return nullptr;
    }
    // The stream's own buffer would hold lines back; the cookie does the line assembly.
    std::setvbuf(stream, nullptr, _IONBF, 0);
    return stream;
}

} // namespace xbemu
