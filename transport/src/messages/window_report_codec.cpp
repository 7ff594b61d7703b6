#include "messages/window_report_codec.hpp"

#include <cstring>
#include <stdexcept>
#include <type_traits>

namespace xbemu {

namespace {

static_assert(std::is_trivially_copyable_v<PeWindowState>);
static_assert(std::is_trivially_copyable_v<netsim::Message>);

struct Counts {
    std::uint32_t pes;
    std::uint32_t messages;
    std::uint32_t lines;
    std::uint32_t failures;
};

template <typename T> void append(std::vector<std::byte>& bytes, const T& value) {
    static_assert(std::is_trivially_copyable_v<T>);
    const auto* first = reinterpret_cast<const std::byte*>(&value);
    bytes.insert(bytes.end(), first, first + sizeof(T));
}

void append_text(std::vector<std::byte>& bytes, const std::string& text) {
    append(bytes, static_cast<std::uint32_t>(text.size()));
    const auto* first = reinterpret_cast<const std::byte*>(text.data());
    bytes.insert(bytes.end(), first, first + text.size());
}

class Reader {
public:
    explicit Reader(std::span<const std::byte> bytes) : bytes_(bytes) {}
    template <typename T> T read() {
        T value;
        std::memcpy(&value, take(sizeof(T)), sizeof(T));
        return value;
    }
    std::string read_text() {
        const auto size = read<std::uint32_t>();
        return {reinterpret_cast<const char*>(take(size)), size};
    }

private:
    const std::byte* take(std::size_t size) {
        if (size > bytes_.size() - position_) {
            throw std::runtime_error("a window report from another rank is truncated");
        }
        const std::byte* data = bytes_.data() + position_;
        position_ += size;
        return data;
    }

    std::span<const std::byte> bytes_;
    std::size_t position_ = 0;
};

} // namespace

void encode_report(const WindowReport& report, std::vector<std::byte>& bytes) {
    bytes.clear();
    append(bytes, Counts{static_cast<std::uint32_t>(report.pes.size()),
                         static_cast<std::uint32_t>(report.messages.size()),
                         static_cast<std::uint32_t>(report.lines.size()),
                         static_cast<std::uint32_t>(report.failures.size())});
    for (const PeWindowState& pe : report.pes) {
        append(bytes, pe);
    }
    for (const netsim::Message& message : report.messages) {
        append(bytes, message);
    }
    for (const TimedLine& line : report.lines) {
        append(bytes, line.cycle);
        append(bytes, line.pe);
        append(bytes, line.sequence);
        append_text(bytes, line.text);
    }
    for (const PeFailure& failure : report.failures) {
        append(bytes, failure.pe);
        append(bytes, failure.cycle);
        append_text(bytes, failure.text);
    }
}

void decode_report(std::span<const std::byte> bytes, WindowResult& result,
                   std::vector<netsim::Message>& messages) {
    Reader reader(bytes);
    const auto counts = reader.read<Counts>();
    for (std::uint32_t index = 0; index < counts.pes; ++index) {
        result.pes.push_back(reader.read<PeWindowState>());
    }
    for (std::uint32_t index = 0; index < counts.messages; ++index) {
        messages.push_back(reader.read<netsim::Message>());
    }
    for (std::uint32_t index = 0; index < counts.lines; ++index) {
        TimedLine line;
        line.cycle = reader.read<netsim::Cycle>();
        line.pe = reader.read<std::uint32_t>();
        line.sequence = reader.read<std::uint64_t>();
        line.text = reader.read_text();
        result.lines.push_back(std::move(line));
    }
    for (std::uint32_t index = 0; index < counts.failures; ++index) {
        PeFailure failure;
        failure.pe = reader.read<std::uint32_t>();
        failure.cycle = reader.read<netsim::Cycle>();
        failure.text = reader.read_text();
        result.failures.push_back(std::move(failure));
    }
}

} // namespace xbemu
