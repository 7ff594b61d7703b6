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
constexpr std::uint64_t kBlockSize = 64; // one parameter block per call, at the start of RAM
constexpr std::uint64_t kStringArea = 4096;
constexpr unsigned kMaximumCalls = 8;
constexpr std::string_view kSentinelText = "must survive";

// The ARM semihosting operations, so that most calls reach one; the rest are raw numbers.
constexpr std::array<std::uint32_t, 25> kOperations = {
    0x01, 0x02, 0x03, 0x04, 0x05, 0x06, 0x07, 0x08, 0x09, 0x0a, 0x0c, 0x0d, 0x0e,
    0x0f, 0x10, 0x11, 0x12, 0x13, 0x15, 0x16, 0x18, 0x19, 0x20, 0x30, 0x31};

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

// A parameter word: mostly values a hostile guest would try (pointers into the names, into RAM,
// just past its end; small handles, modes and lengths; limits), sometimes anything.
std::uint64_t hostile_word(FuzzedDataProvider& input) {
    switch (input.ConsumeIntegralInRange<unsigned>(0, 5)) {
    case 0:
        return kRamBase + kStringArea + input.ConsumeIntegralInRange<std::uint64_t>(0, 255);
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
    const unsigned call_count = input.ConsumeIntegralInRange<unsigned>(1, kMaximumCalls);
    struct Call {
        std::uint64_t operation;
        std::uint64_t parameter;
    };
    std::vector<Call> calls;
    for (unsigned index = 0; index < call_count; ++index) {
        Call call{};
        call.operation =
            input.ConsumeBool()
                ? kOperations[input.ConsumeIntegralInRange<std::size_t>(0, kOperations.size() - 1)]
                : input.ConsumeIntegral<std::uint64_t>();
        const std::uint64_t block = kRamBase + index * kBlockSize;
        call.parameter =
            input.ConsumeIntegralInRange<unsigned>(0, 7) != 0 ? block : hostile_word(input);
        for (unsigned word = 0; word < 4; ++word) {
            write_word(ram, block + word * 8, hostile_word(input));
        }
        calls.push_back(call);
    }
    // The rest is text the words above point into: names, "..", "/", ":tt", no terminator.
    const std::vector<std::uint8_t> text = input.ConsumeRemainingBytes<std::uint8_t>();
    std::copy_n(reinterpret_cast<const std::byte*>(text.data()),
                std::min<std::size_t>(text.size(), kRamSize - kStringArea),
                ram.host() + kStringArea);

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
