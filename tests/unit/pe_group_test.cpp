#include "xbemu/pe_group.hpp"

#include <chrono>
#include <doctest/doctest.h>
#include <thread>

using xbemu::kNoConfirmation;
using xbemu::PeGroup;

TEST_CASE("the lowest-numbered failed PE decides, in whatever order the failures come") {
    PeGroup group(4, true);
    CHECK_FALSE(group.lowest_failure_status().has_value());
    group.record_failure(3, 13);
    CHECK(group.lowest_failure_status() == 13);
    group.record_failure(1, 11);
    group.record_failure(2, 12);
    CHECK(group.lowest_failure_status() == 11);
    group.record_failure(0, 255);
    CHECK(group.lowest_failure_status() == 255);
}

TEST_CASE("a failed PE waits for the others to end, then the job ends without a stop") {
    PeGroup group(2, true);
    group.record_failure(1, 7);
    group.pe_finished();
    std::thread other([&] {
        std::this_thread::sleep_for(std::chrono::milliseconds(20));
        group.pe_finished();
    });
    CHECK(group.await_end_after_failure());
    other.join();
    CHECK_FALSE(group.stop_requested());
}

TEST_CASE("after a failure the PEs that wait for ever are stopped rather than reported") {
    PeGroup group(2, true);
    group.polling_started();
    group.record_failure(0, 3);
    group.pe_finished();
    bool reported = false;
    std::thread waiting_pe([&] {
        std::uint64_t confirmed = kNoConfirmation;
        while (!group.stop_requested()) {
            reported = reported || group.deadlocked(confirmed);
            std::this_thread::sleep_for(std::chrono::milliseconds(5));
        }
        group.polling_ended();
        group.pe_finished();
    });
    const auto start = std::chrono::steady_clock::now();
    CHECK(group.await_end_after_failure());
    waiting_pe.join();
    CHECK_FALSE(reported);
    CHECK(std::chrono::steady_clock::now() - start < PeGroup::kFailureGrace);
}

TEST_CASE("a PE that still runs after the grace period is stopped, and the job ends at once") {
    PeGroup group(2, true);
    group.record_failure(1, 4);
    group.pe_finished();
    CHECK_FALSE(group.await_end_after_failure());
    CHECK(group.stop_requested());
    CHECK(group.lowest_failure_status() == 4);
}

TEST_CASE("one PE only reports a deadlock") {
    PeGroup group(2, true);
    group.polling_started();
    group.polling_started();
    std::uint64_t first = kNoConfirmation;
    std::uint64_t second = kNoConfirmation;
    CHECK_FALSE(group.deadlocked(first));
    CHECK_FALSE(group.deadlocked(second)); // both have confirmed: the clock starts
    std::this_thread::sleep_for(PeGroup::kDeadlockTimeout + std::chrono::milliseconds(50));
    CHECK(group.deadlocked(first));
    CHECK_FALSE(group.deadlocked(second));
}

TEST_CASE("no deadlock while a PE counted as waiting has not found its wait unchanged") {
    // The second PE has left its loop (the first PE's store released it) but is starved and
    // has not yet said so: only the first PE, which waited after that store, confirms.
    PeGroup group(2, true);
    std::uint64_t starved = kNoConfirmation;
    group.polling_started();
    CHECK_FALSE(group.deadlocked(starved));
    group.polling_started(); // the first PE stored, then waits
    std::uint64_t first = kNoConfirmation;
    CHECK_FALSE(group.deadlocked(first));
    std::this_thread::sleep_for(PeGroup::kDeadlockTimeout + std::chrono::milliseconds(50));
    CHECK_FALSE(group.deadlocked(first));
    // Once it runs again and finds its wait unchanged after all, the clock starts.
    CHECK_FALSE(group.deadlocked(starved));
    std::this_thread::sleep_for(PeGroup::kDeadlockTimeout + std::chrono::milliseconds(50));
    CHECK(group.deadlocked(first));
}

TEST_CASE("a job across nodes cannot wait for every PE: the failure ends it at once") {
    PeGroup per_rank(1, false);
    per_rank.record_failure(0, 9);
    per_rank.pe_finished();
    CHECK_FALSE(per_rank.await_end_after_failure());
}

TEST_CASE("a rank's view across nodes: idle PEs, confirmed waits, progress elsewhere") {
    PeGroup per_rank(2, false);
    std::uint64_t waiter = kNoConfirmation;
    CHECK(per_rank.idle_view().idle == 0);
    per_rank.polling_started();
    CHECK_FALSE(per_rank.idle_view().confirmed); // counted as waiting, not yet confirmed
    CHECK_FALSE(per_rank.deadlocked(waiter));    // never decided here: no PE sees the others
    per_rank.pe_reached_switch();
    per_rank.pe_finished();
    CHECK_FALSE(per_rank.idle_view().confirmed); // the end moved the epoch: confirm again
    CHECK_FALSE(per_rank.deadlocked(waiter));
    PeGroup::IdleView view = per_rank.idle_view();
    CHECK(view.idle == 2);
    CHECK(view.finished == 1);
    CHECK(view.confirmed);
    CHECK(view.at_switch);
    // Another rank made progress: the wait counts again only once the waiter has looked.
    per_rank.progress_elsewhere();
    CHECK(per_rank.idle_view().epoch == view.epoch + 1);
    CHECK_FALSE(per_rank.idle_view().confirmed);
    CHECK_FALSE(per_rank.deadlocked(waiter));
    CHECK(per_rank.idle_view().confirmed);
}
