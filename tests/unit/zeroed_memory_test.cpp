#include "xbemu/zeroed_memory.hpp"

#include <doctest/doctest.h>
#include <memory>
#include <sys/mman.h>
#include <vector>

using xbemu::ZeroedMemory;

namespace {

// A host mapping of its own, as a PE's translated code has (which no other mapping merges with).
struct ExecutableMapping {
    static constexpr std::size_t kSize = 4096;
    void* address = mmap(nullptr, kSize, PROT_READ | PROT_WRITE | PROT_EXEC,
                         MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
    ExecutableMapping() = default;
    ExecutableMapping(const ExecutableMapping&) = delete;
    ExecutableMapping& operator=(const ExecutableMapping&) = delete;
    ~ExecutableMapping() {
        if (address != MAP_FAILED) {
            munmap(address, kSize);
        }
    }
};

} // namespace

TEST_CASE("small zeroed regions read as zero, again after clear and after reuse") {
    auto first = std::make_unique<ZeroedMemory>(100);
    CHECK(first->size() == 100);
    CHECK(first->data()[99] == std::byte{0});
    first->data()[99] = std::byte{7};
    first->clear();
    CHECK(first->data()[99] == std::byte{0});
    first->data()[0] = std::byte{9};
    first.reset();
    const ZeroedMemory second(100);
    CHECK(second.data()[0] == std::byte{0});
    const ZeroedMemory large(4U << 20);
    CHECK(large.data()[(4U << 20) - 1] == std::byte{0});
}

// Each of 65,536 PEs has small regions (page flags, block tables) between mappings of its own:
// they must not cost a mapping each, or the process exceeds Linux's default vm.max_map_count
// (65,530) long before the host's memory.
TEST_CASE("70,000 small regions between executable mappings fit one process") {
    constexpr unsigned kPes = 70000;
    std::vector<std::unique_ptr<ZeroedMemory>> regions;
    std::vector<std::unique_ptr<ExecutableMapping>> code;
    regions.reserve(kPes);
    code.reserve(kPes);
    for (unsigned pe = 0; pe < kPes; ++pe) {
        REQUIRE_NOTHROW(regions.push_back(std::make_unique<ZeroedMemory>(4096)));
        code.push_back(std::make_unique<ExecutableMapping>());
        REQUIRE(code.back()->address != MAP_FAILED);
    }
    regions.back()->data()[4095] = std::byte{1};
    CHECK(regions.front()->data()[0] == std::byte{0});
}
