#include "xbemu/olb/olb_table_file.hpp"

#include <cerrno>
#include <charconv>
#include <cstdio>
#include <cstring>
#include <fcntl.h>
#include <fmt/format.h>
#include <limits>
#include <optional>
#include <string>
#include <sys/stat.h>
#include <unistd.h>
#include <vector>

namespace xbemu {

namespace {

std::optional<std::uint64_t> parse_number(std::string_view text) {
    int base = 10;
    if (text.size() > 2 && text[0] == '0' && (text[1] == 'x' || text[1] == 'X')) {
        text.remove_prefix(2);
        base = 16;
    }
    std::uint64_t value = 0;
    const auto [end, error] = std::from_chars(text.data(), text.data() + text.size(), value, base);
    if (error != std::errc() || end != text.data() + text.size() || text.empty()) {
        return std::nullopt;
    }
    return value;
}

std::vector<std::string_view> words(std::string_view line) {
    std::vector<std::string_view> result;
    std::size_t position = 0;
    while (position < line.size()) {
        const std::size_t start = line.find_first_not_of(" \t\r", position);
        if (start == std::string_view::npos) {
            break;
        }
        const std::size_t end = std::min(line.find_first_of(" \t\r", start), line.size());
        result.push_back(line.substr(start, end - start));
        position = end;
    }
    return result;
}

// A line as a refusal quotes it: control and non-ASCII bytes escaped, so that the message stays
// one line of plain text whatever the file holds.
std::string printable(std::string_view text) {
    std::string result;
    for (const char c : text) {
        const auto byte = static_cast<unsigned char>(c);
        if (byte < 0x20 || byte >= 0x7f || c == '\\') {
            result += fmt::format("\\x{:02x}", byte);
        } else {
            result += c;
        }
    }
    return result;
}

} // namespace

OlbTable parse_olb_table(std::string_view text, std::string_view source_name) {
    OlbTable table;
    std::size_t line_number = 0;
    while (!text.empty()) {
        ++line_number;
        const std::size_t end = std::min(text.find('\n'), text.size());
        std::string_view line = text.substr(0, end);
        text.remove_prefix(std::min(end + 1, text.size()));
        line = line.substr(0, std::min(line.find('#'), line.size()));
        const std::vector<std::string_view> fields = words(line);
        if (fields.empty()) {
            continue;
        }
        const auto fail = [&](std::string_view why) {
            return OlbTableError(fmt::format("{}:{}: {}", source_name, line_number, why));
        };
        if (fields.size() != 2) {
            throw fail("expected two numbers: an object ID and a PE");
        }
        const auto object_id = parse_number(fields[0]);
        const auto pe = parse_number(fields[1]);
        if (!object_id || !pe) {
            throw fail(fmt::format("'{}' is not a pair of numbers", printable(line)));
        }
        if (*object_id == 0) {
            throw fail("object ID 0 always names the local PE and cannot be mapped");
        }
        if (*pe > std::numeric_limits<unsigned>::max()) {
            throw fail(fmt::format("PE {} does not exist", *pe));
        }
        if (table.entries.empty() || *pe > table.highest_pe) {
            table.highest_pe = static_cast<unsigned>(*pe);
            table.highest_pe_object_id = *object_id;
            table.highest_pe_origin = fmt::format("{}:{}", source_name, line_number);
        }
        table.entries[*object_id] = static_cast<unsigned>(*pe);
    }
    return table;
}

std::shared_ptr<const OlbTable> read_olb_table(const std::filesystem::path& path) {
    const auto fail = [&path](std::string_view why) {
        return OlbTableError(fmt::format("OLB table {}: {}", path.string(), why));
    };
    // Not blocking at open: a FIFO would otherwise wait for a writer before it could be refused.
    const int descriptor = ::open(path.c_str(), O_RDONLY | O_CLOEXEC | O_NONBLOCK);
    if (descriptor < 0) {
        throw fail(fmt::format("cannot be read: {}", std::strerror(errno)));
    }
    const std::unique_ptr<std::FILE, int (*)(std::FILE*)> file(::fdopen(descriptor, "r"),
                                                               &std::fclose);
    if (file == nullptr) {
        ::close(descriptor);
        throw fail(fmt::format("cannot be read: {}", std::strerror(errno)));
    }
    struct stat status {};
    if (::fstat(descriptor, &status) != 0) {
        throw fail(fmt::format("cannot be read: {}", std::strerror(errno)));
    }
    if (!S_ISREG(status.st_mode)) {
        throw fail("not a regular file");
    }
    if (static_cast<std::uint64_t>(status.st_size) > kMaxOlbTableFileBytes) {
        throw fail(fmt::format("{} bytes: at most {} MiB are supported", status.st_size,
                               kMaxOlbTableFileBytes >> 20));
    }
    std::string contents(static_cast<std::size_t>(status.st_size), '\0');
    contents.resize(std::fread(contents.data(), 1, contents.size(), file.get()));
    if (std::ferror(file.get()) != 0) {
        throw fail("cannot be read");
    }
    return std::make_shared<const OlbTable>(parse_olb_table(contents, path.string()));
}

} // namespace xbemu
