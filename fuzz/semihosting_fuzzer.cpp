// libFuzzer harness of semihosting: a short sequence of calls with hostile arguments (names that
// try to leave the root, lengths beyond RAM, pointers outside or straddling its end, bad handles
// and modes) into a small guest RAM. Every call must return to the guest; files outside the
// semihosting root must stay untouched, and no host descriptor may outlive the session.

#include "xbemu/guest_ram.hpp"
#include "xbemu/semihosting.hpp"

#include <array>
#include <cstddef>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <fuzzer/FuzzedDataProvider.h>
#include <iterator>
#include <string>
#include <unistd.h>
#include <vector>

namespace {

using namespace xbemu;

constexpr std::uint64_t kRamSize = 64 * 1024;
constexpr unsigned kMaximumCalls = 8;
constexpr std::uint64_t kBlockSize = 32; // one parameter block per call, at the start of RAM
constexpr std::uint64_t kBlocksEnd = kMaximumCalls * kBlockSize;
constexpr std::uint64_t kTextArea = 4096;
constexpr std::string_view kSentinelText = "must survive";

// What a word of a parameter block stands for, so that most calls are well-formed enough to
// reach the host (a name with its exact length, a small handle, a mode) with some words hostile.
enum class Argument { Any, Name, NameLength, Handle, Mode, Buffer, Length, Position };

// An ARM semihosting operation and the words of its parameter block. `text_parameter`: the
// parameter itself points at text (SYS_WRITEC, SYS_WRITE0) rather than at a block.
struct OperationShape {
    std::uint32_t number;
    std::array<Argument, 4> arguments;
    bool text_parameter = false;
};

using enum Argument;
constexpr std::array<OperationShape, 25> kOperations = {{
    {0x01, {Name, Mode, NameLength, Any}},        // SYS_OPEN
    {0x02, {Handle, Any, Any, Any}},              // SYS_CLOSE
    {0x03, {Any, Any, Any, Any}, true},           // SYS_WRITEC
    {0x04, {Any, Any, Any, Any}, true},           // SYS_WRITE0
    {0x05, {Handle, Buffer, Length, Any}},        // SYS_WRITE
    {0x06, {Handle, Buffer, Length, Any}},        // SYS_READ
    {0x07, {Any, Any, Any, Any}},                 // SYS_READC
    {0x08, {Any, Any, Any, Any}},                 // SYS_ISERROR
    {0x09, {Handle, Any, Any, Any}},              // SYS_ISTTY
    {0x0a, {Handle, Position, Any, Any}},         // SYS_SEEK
    {0x0c, {Handle, Any, Any, Any}},              // SYS_FLEN
    {0x0d, {Buffer, Any, Length, Any}},           // SYS_TMPNAM
    {0x0e, {Name, NameLength, Any, Any}},         // SYS_REMOVE
    {0x0f, {Name, NameLength, Name, NameLength}}, // SYS_RENAME
    {0x10, {Any, Any, Any, Any}},                 // SYS_CLOCK
    {0x11, {Any, Any, Any, Any}},                 // SYS_TIME
    {0x12, {Name, NameLength, Any, Any}},         // SYS_SYSTEM
    {0x13, {Any, Any, Any, Any}},                 // SYS_ERRNO
    {0x15, {Buffer, Length, Any, Any}},           // SYS_GET_CMDLINE
    {0x16, {Buffer, Any, Any, Any}},              // SYS_HEAPINFO
    {0x18, {Any, Any, Any, Any}},                 // SYS_EXIT
    {0x19, {Any, Any, Any, Any}},                 // SYS_SYNCCACHE
    {0x20, {Any, Any, Any, Any}},                 // SYS_EXIT_EXTENDED
    {0x30, {Any, Any, Any, Any}},                 // SYS_ELAPSED
    {0x31, {Any, Any, Any, Any}},                 // SYS_TICKFREQ
}};

// A directory holding the semihosting root and, beside it, a file the guest must not reach.
class Sandbox {
public:
    Sandbox() {
        std::string pattern =
            (std::filesystem::temp_directory_path() / "xbemu-fuzz-semihosting-XXXXXX").string();
        if (::mkdtemp(pattern.data()) == nullptr) {
            std::abort();
        }
        directory_ = pattern;
        std::filesystem::create_directory(root());
        std::ofstream(sentinel()) << kSentinelText;
        null_input_ = std::fopen("/dev/null", "r");
        null_output_ = std::fopen("/dev/null", "w");
        if (null_input_ == nullptr || null_output_ == nullptr) {
            std::abort();
        }
    }
    Sandbox(const Sandbox&) = delete;
    Sandbox& operator=(const Sandbox&) = delete;
    ~Sandbox() {
        std::fclose(null_input_);
        std::fclose(null_output_);
        std::error_code ignored;
        std::filesystem::remove_all(directory_, ignored);
    }

    std::filesystem::path root() const { return directory_ / "root"; }
    std::filesystem::path sentinel() const { return directory_ / "sentinel"; }

    SemihostingConfig config() const {
        SemihostingConfig config;
        config.root = root();
        config.command_line = "fuzz.elf first second";
        config.heap_base = kRamBase + kRamSize / 2;
        config.heap_limit = kRamBase + kRamSize - 1024;
        config.stack_base = kRamBase + kRamSize;
        config.stack_limit = kRamBase + kRamSize - 1024;
        config.input = null_input_;
        config.output = null_output_;
        config.error = null_output_;
        return config;
    }

    // Aborts when anything outside the root changed; empties the root for the next input.
    void check_and_reset() const {
        std::ifstream sentinel_file(sentinel());
        const std::string text((std::istreambuf_iterator<char>(sentinel_file)),
                               std::istreambuf_iterator<char>());
        if (text != kSentinelText) {
            std::abort();
        }
        std::size_t entries = 0;
        for ([[maybe_unused]] const auto& entry : std::filesystem::directory_iterator(directory_)) {
            ++entries;
        }
        if (entries != 2 || !std::filesystem::is_directory(root())) {
            std::abort();
        }
        for (const auto& entry : std::filesystem::directory_iterator(root())) {
            std::filesystem::remove_all(entry.path());
        }
    }

private:
    std::filesystem::path directory_;
    std::FILE* null_input_ = nullptr;
    std::FILE* null_output_ = nullptr;
};

std::size_t open_descriptor_count() {
    std::size_t count = 0;
    for ([[maybe_unused]] const auto& entry :
         std::filesystem::directory_iterator("/proc/self/fd")) {
        ++count;
    }
    return count;
}

// A hostile word: pointers into the text, into RAM, just past its end; small numbers; limits;
// anything.
std::uint64_t hostile_word(FuzzedDataProvider& input) {
    switch (input.ConsumeIntegralInRange<unsigned>(0, 4)) {
    case 0:
        return kRamBase + kTextArea + input.ConsumeIntegralInRange<std::uint64_t>(0, 255);
    case 1:
        return kRamBase + input.ConsumeIntegralInRange<std::uint64_t>(0, kRamSize + 64);
    case 2:
        return input.ConsumeIntegralInRange<std::uint64_t>(0, 300);
    case 3: {
        constexpr std::array<std::uint64_t, 8> limits = {
            ~0ULL,        ~0ULL - 1,           0x7fffffffULL, 0x80000000ULL,
            kRamBase - 1, kRamBase + kRamSize, 1ULL << 63,    kRamSize};
        return limits[input.ConsumeIntegralInRange<std::size_t>(0, limits.size() - 1)];
    }
    default:
        return input.ConsumeIntegral<std::uint64_t>();
    }
}

// The text the names point into, as it lies in guest RAM at kTextArea: NUL-separated strings.
class Text {
public:
    explicit Text(std::vector<std::uint8_t> bytes) : bytes_(std::move(bytes)) {
        bytes_.resize(std::min<std::size_t>(bytes_.size(), kRamSize - kTextArea));
        starts_.push_back(0);
        for (std::size_t index = 0; index + 1 < bytes_.size(); ++index) {
            if (bytes_[index] == 0) {
                starts_.push_back(index + 1);
            }
        }
    }
    const std::vector<std::uint8_t>& bytes() const { return bytes_; }
    // The offset of one of the strings.
    std::size_t pick_string(FuzzedDataProvider& input) const {
        return starts_[input.ConsumeIntegralInRange<std::size_t>(0, starts_.size() - 1)];
    }
    // The length of the string at `offset`, up to its terminator or the end of the text.
    std::size_t length_at(std::size_t offset) const {
        std::size_t end = offset;
        while (end < bytes_.size() && bytes_[end] != 0) {
            ++end;
        }
        return end - offset;
    }

private:
    std::vector<std::uint8_t> bytes_;
    std::vector<std::size_t> starts_;
};

// One word of a parameter block: mostly what `kind` asks for, a quarter of the time hostile.
// `name` remembers the offset of the last name, whose length a NameLength word gives.
std::uint64_t argument_word(FuzzedDataProvider& input, Argument kind, const Text& text,
                            std::size_t& name) {
    if (kind == Any || input.ConsumeIntegralInRange<unsigned>(0, 3) == 0) {
        return hostile_word(input);
    }
    switch (kind) {
    case Name:
        name = text.pick_string(input);
        return kRamBase + kTextArea + name;
    case NameLength:
        return text.length_at(name);
    case Handle:
        return input.ConsumeIntegralInRange<std::uint64_t>(0, 10);
    case Mode:
        return input.ConsumeIntegralInRange<std::uint64_t>(0, 11);
    case Buffer:
        return kRamBase + input.ConsumeIntegralInRange<std::uint64_t>(kBlocksEnd, kRamSize - 1);
    case Length:
        return input.ConsumeIntegralInRange<std::uint64_t>(0, 4096);
    default:
        return input.ConsumeIntegralInRange<std::uint64_t>(0, 1ULL << 20);
    }
}

// Guest and host are both little-endian, so the word's host bytes are its guest bytes.
void write_word(GuestRam& ram, std::uint64_t address, std::uint64_t value) {
    std::memcpy(ram.host() + (address - kRamBase), &value, sizeof value);
}

} // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    static const Sandbox sandbox;
    static GuestRam ram(kRamSize);
    const std::size_t descriptors_before = open_descriptor_count();

    FuzzedDataProvider input(data, size);
    std::fill_n(ram.host(), kRamSize, std::byte{0});
    const Text text(input.ConsumeBytes<std::uint8_t>(
        input.ConsumeIntegralInRange<std::size_t>(0, kRamSize - kTextArea)));
    std::copy_n(reinterpret_cast<const std::byte*>(text.bytes().data()), text.bytes().size(),
                ram.host() + kTextArea);
    const unsigned call_count = input.ConsumeIntegralInRange<unsigned>(1, kMaximumCalls);
    struct Call {
        std::uint64_t operation;
        std::uint64_t parameter;
    };
    std::vector<Call> calls;
    for (unsigned index = 0; index < call_count; ++index) {
        const OperationShape& shape =
            kOperations[input.ConsumeIntegralInRange<std::size_t>(0, kOperations.size() - 1)];
        Call call{shape.number, kRamBase + index * kBlockSize};
        if (input.ConsumeIntegralInRange<unsigned>(0, 15) == 0) {
            call.operation = input.ConsumeIntegral<std::uint64_t>();
        }
        std::size_t name = 0;
        if (shape.text_parameter) {
            call.parameter = argument_word(input, Name, text, name);
        } else if (input.ConsumeIntegralInRange<unsigned>(0, 7) == 0) {
            call.parameter = hostile_word(input);
        }
        for (unsigned word = 0; word < shape.arguments.size(); ++word) {
            write_word(ram, kRamBase + index * kBlockSize + word * 8,
                       argument_word(input, shape.arguments[word], text, name));
        }
        calls.push_back(call);
    }

    {
        Semihosting semihosting(sandbox.config());
        std::uint64_t ticks = 0;
        for (const Call& call : calls) {
            semihosting.call(call.operation, call.parameter, ram, ++ticks);
        }
    }
    if (open_descriptor_count() != descriptors_before) {
        std::abort();
    }
    sandbox.check_and_reset();
    return 0;
}
