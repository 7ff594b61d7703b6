// The MPI one-sided channel with this process as the only rank (an MPI singleton): every
// operation goes through MPI to this rank's own window. Multi-rank behaviour (contention,
// progress while a PE computes) needs mpirun and is covered by the xBGAS tests.

#include "mpi/mpi_one_sided_channel.hpp"
#include "mpi/mpi_session.hpp"
#include "xbemu/transport/peer_memory.hpp"

#include <array>
#include <cstring>
#include <doctest/doctest.h>
#include <stdexcept>
#include <utility>
#include <vector>

using namespace xbemu;

namespace {

constexpr std::array kOperations = {
    RemoteAtomic::Add, RemoteAtomic::Swap,        RemoteAtomic::Xor,
    RemoteAtomic::Or,  RemoteAtomic::And,         RemoteAtomic::Min,
    RemoteAtomic::Max, RemoteAtomic::MinUnsigned, RemoteAtomic::MaxUnsigned};

// Values on both sides of the signed and unsigned boundaries of 4 and 8 bytes.
constexpr std::array<std::uint64_t, 8> kEdgeValues = {0,
                                                      1,
                                                      5,
                                                      0x7fffffffULL,
                                                      0x80000000ULL,
                                                      0xfffffff0ULL,
                                                      0x8000000000000000ULL,
                                                      0xfffffffffffffff0ULL};

template <typename T> void check_every_operation(PeerMemory& peers, std::uint64_t address) {
    for (const RemoteAtomic operation : kOperations) {
        for (const std::uint64_t first : kEdgeValues) {
            for (const std::uint64_t second : kEdgeValues) {
                const auto old = static_cast<T>(first);
                const auto operand = static_cast<T>(second);
                peers.store<T>(0, address, old);
                CHECK(peers.atomic<T>(0, address, operation, operand) == old);
                CHECK(peers.load<T>(0, address) == apply_remote_atomic<T>(operation, old, operand));
            }
        }
    }
}

} // namespace

TEST_CASE("the MPI one-sided channel loads, stores and updates atomically in program order") {
    constexpr std::uint64_t kSize = 1 << 16;
    const MpiSession session;
    REQUIRE(session.size() == 1);
    std::vector<std::byte> ram(kSize);
    {
        MpiOneSidedChannel channel(ram.data(), kSize, 1, 1);
        PeerMemory peers(1, kSize);
        peers.set_channel(&channel, true);

        check_every_operation<std::uint32_t>(peers, kRamBase + 64);
        check_every_operation<std::uint64_t>(peers, kRamBase + 128);

        peers.store<std::uint64_t>(0, kRamBase + 256, 7);
        CHECK(peers.compare_and_swap<std::uint64_t>(0, kRamBase + 256, 8, 1) == 7);
        CHECK(peers.compare_and_swap<std::uint64_t>(0, kRamBase + 256, 7, 9) == 7);
        CHECK(peers.compare_and_swap<std::uint32_t>(0, kRamBase + 256, 9, 3) == 9);
        CHECK(peers.load<std::uint64_t>(0, kRamBase + 256) == 3);

        // More overlapping stores than the channel keeps posted: the last one wins.
        for (std::uint64_t value = 0; value < 200; ++value) {
            peers.store<std::uint64_t>(0, kRamBase + 512 + 8 * (value % 3), value);
        }
        CHECK(peers.load<std::uint64_t>(0, kRamBase + 512) == 198);
        CHECK(peers.load<std::uint64_t>(0, kRamBase + 520) == 199);
        CHECK(peers.load<std::uint64_t>(0, kRamBase + 528) == 197);

        // A store overlapped by a later atomic lands first.
        peers.store<std::uint32_t>(0, kRamBase + 1024, 40);
        CHECK(peers.atomic<std::uint32_t>(0, kRamBase + 1024, RemoteAtomic::Add, 2) == 40);

        const char text[] = "unaligned and odd-sized";
        channel.put(0, 2049, text, sizeof text);
        peers.complete();
        CHECK(std::memcmp(ram.data() + 2049, text, sizeof text) == 0);
        CHECK(std::memcmp(ram.data() + 1024, "\x2a\0\0\0", 4) == 0);

        CHECK_THROWS_AS(channel.fetch_and_op(0, 0, 2, RemoteAtomic::Add, 1), std::invalid_argument);
    }
    // Completed writes are reported by PE and page, so that code decoded there goes stale
    // (Hart::ram_written_remotely); a compare-and-swap that wrote nothing is not reported.
    {
        using Written = std::vector<std::pair<unsigned, std::uint32_t>>;
        Written written;
        MpiOneSidedChannel channel(
            ram.data(), kSize, 1, 1,
            [&written](unsigned index, std::uint32_t page) { written.emplace_back(index, page); });
        const std::uint64_t value = 1;
        channel.put(0, 0x1ffc, &value, sizeof value);
        channel.put(0, 0x2008, &value, sizeof value);
        CHECK(written.empty());
        channel.complete();
        CHECK(written == Written{{0, 1}, {0, 2}});
        written.clear();
        channel.fetch_and_op(0, 0x3008, 8, RemoteAtomic::Add, 1);
        CHECK(written == Written{{0, 3}});
        written.clear();
        CHECK(channel.compare_and_swap(0, 0x5000, 8, 99, 1) == 0);
        CHECK(written.empty());
        CHECK(channel.compare_and_swap(0, 0x5000, 4, 0, 1) == 0);
        CHECK(written == Written{{0, 5}});
    }
}
