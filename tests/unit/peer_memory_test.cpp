#include "xbemu/pe_group.hpp"
#include "xbemu/transport/peer_memory.hpp"

#include <doctest/doctest.h>
#include <thread>
#include <vector>

using namespace xbemu;

TEST_CASE("mapped peers are read, written and updated atomically in place") {
    constexpr std::uint64_t kSize = 1 << 16;
    std::vector<std::byte> ram0(kSize);
    std::vector<std::byte> ram1(kSize);
    PeerMemory peers(2, kSize);
    peers.map(0, ram0.data());
    peers.map(1, ram1.data());
    CHECK(peers.contains(kRamBase, 8));
    CHECK(peers.contains(kRamBase + kSize - 8, 8));
    CHECK_FALSE(peers.contains(kRamBase + kSize - 4, 8));
    CHECK_FALSE(peers.contains(kRamBase - 8, 8));

    peers.store<std::uint64_t>(1, kRamBase + 64, 0x1122334455667788ULL);
    CHECK(peers.load<std::uint32_t>(1, kRamBase + 68) == 0x11223344U);
    CHECK(peers.load<std::uint64_t>(0, kRamBase + 64) == 0);
    CHECK(peers.atomic<std::uint64_t>(1, kRamBase + 64, RemoteAtomic::Add, 1) ==
          0x1122334455667788ULL);
    CHECK(peers.load<std::uint64_t>(1, kRamBase + 64) == 0x1122334455667789ULL);
    CHECK(peers.atomic<std::uint32_t>(1, kRamBase + 64, RemoteAtomic::MaxUnsigned, 0xffffffffU) ==
          0x55667789U);
    CHECK(peers.atomic<std::uint32_t>(1, kRamBase + 64, RemoteAtomic::Min, 5) == 0xffffffffU);
    CHECK(peers.load<std::uint32_t>(1, kRamBase + 64) == 0xffffffffU); // -1 < 5 (signed)
    CHECK(peers.compare_and_swap<std::uint64_t>(1, kRamBase + 0, 1, 2) == 0);
    CHECK(peers.compare_and_swap<std::uint64_t>(1, kRamBase + 0, 0, 2) == 0);
    CHECK(peers.load<std::uint64_t>(1, kRamBase + 0) == 2);
}

TEST_CASE("remote atomic adds from many threads are exact") {
    constexpr std::uint64_t kSize = 4096;
    std::vector<std::byte> ram(kSize);
    PeerMemory peers(1, kSize);
    peers.map(0, ram.data());
    constexpr int kThreads = 4;
    constexpr int kAdds = 20000;
    std::vector<std::thread> threads;
    for (int t = 0; t < kThreads; ++t) {
        threads.emplace_back([&] {
            for (int i = 0; i < kAdds; ++i) {
                peers.atomic<std::uint64_t>(0, kRamBase + 8, RemoteAtomic::Add, 1);
            }
        });
    }
    for (std::thread& thread : threads) {
        thread.join();
    }
    CHECK(peers.load<std::uint64_t>(0, kRamBase + 8) == kThreads * kAdds);
}

TEST_CASE("apply_remote_atomic follows the AMO definitions") {
    CHECK(apply_remote_atomic<std::uint32_t>(RemoteAtomic::Max, 0x80000000U, 1) == 1);
    CHECK(apply_remote_atomic<std::uint32_t>(RemoteAtomic::MaxUnsigned, 0x80000000U, 1) ==
          0x80000000U);
    CHECK(apply_remote_atomic<std::uint64_t>(RemoteAtomic::Xor, 0xf0, 0xff) == 0x0f);
    CHECK(apply_remote_atomic<std::uint64_t>(RemoteAtomic::And, 0xf0, 0x3c) == 0x30);
    CHECK(apply_remote_atomic<std::uint64_t>(RemoteAtomic::Or, 0xf0, 0x0f) == 0xff);
    CHECK(apply_remote_atomic<std::uint64_t>(RemoteAtomic::Swap, 1, 9) == 9);
    CHECK(apply_remote_atomic<std::uint64_t>(RemoteAtomic::Add, ~0ULL, 2) == 1);
}

TEST_CASE("a group is deadlocked only when all PEs wait without progress for the timeout") {
    PeGroup group(2, true);
    std::uint64_t confirmed = kNoConfirmation;
    group.polling_started();
    CHECK_FALSE(group.deadlocked(confirmed)); // one of two waits
    group.pe_finished();
    CHECK_FALSE(group.deadlocked(confirmed)); // first observation starts the clock
    std::this_thread::sleep_for(PeGroup::kDeadlockTimeout + std::chrono::milliseconds(50));
    CHECK(group.deadlocked(confirmed));

    PeGroup progressing(1, true);
    std::uint64_t progressing_confirmed = kNoConfirmation;
    progressing.polling_started();
    CHECK_FALSE(progressing.deadlocked(progressing_confirmed));
    progressing.polling_ended();
    progressing.polling_started();
    std::this_thread::sleep_for(PeGroup::kDeadlockTimeout / 2);
    CHECK_FALSE(progressing.deadlocked(progressing_confirmed));

    PeGroup per_rank(1, false);
    std::uint64_t per_rank_confirmed = kNoConfirmation;
    per_rank.polling_started();
    per_rank.deadlocked(per_rank_confirmed);
    std::this_thread::sleep_for(PeGroup::kDeadlockTimeout + std::chrono::milliseconds(50));
    CHECK_FALSE(per_rank.deadlocked(per_rank_confirmed)); // cannot see the other ranks
}
