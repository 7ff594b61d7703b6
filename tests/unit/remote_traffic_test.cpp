#include "xbemu/olb/remote_traffic.hpp"

#include <doctest/doctest.h>
#include <functional>

using namespace xbemu;

TEST_CASE("a PE of a large job holds entries only for the PEs it reached, in target order") {
    RemoteTraffic traffic(4096);
    CHECK(!traffic.any());
    CHECK(traffic.targets().empty());
    traffic.store(900, 8);
    traffic.load(3, 4);
    traffic.store(900, 8);
    traffic.atomic(17, 8);
    REQUIRE(traffic.targets().size() == 3);
    CHECK(traffic.targets()[0].target == 3);
    CHECK(traffic.targets()[1].target == 17);
    CHECK(traffic.targets()[2].target == 900);
    CHECK(traffic.counters(900).stores == 2);
    CHECK(traffic.counters(900).bytes == 16);
    CHECK(traffic.counters(3).loads == 1);
    CHECK(traffic.counters(17).atomics == 1);
    CHECK(!traffic.counters(4).any());
    CHECK(traffic.any());
    CHECK(traffic.pe_count() == 4096);
}

TEST_CASE("a PE that reaches a good share of the job gets an entry per PE, with its counts") {
    RemoteTraffic traffic(64);
    for (unsigned target = 0; target < 64; target += 2) {
        traffic.store(target, 8);
        traffic.load(target, 4);
    }
    REQUIRE(traffic.targets().size() == 64);
    for (unsigned target = 0; target < 64; ++target) {
        CHECK(traffic.targets()[target].target == target);
        CHECK(traffic.counters(target).stores == (target % 2 == 0 ? 1U : 0U));
        CHECK(traffic.counters(target).bytes == (target % 2 == 0 ? 12U : 0U));
    }
}

TEST_CASE("combining two PEs' counters adds target by target, sparse or not") {
    RemoteTraffic later(1024);
    RemoteTraffic earlier(1024);
    later.store(5, 8);
    later.store(5, 8);
    later.load(700, 8);
    earlier.store(5, 8);
    later.combine(earlier, std::minus<>());
    CHECK(later.counters(5).stores == 1);
    CHECK(later.counters(5).bytes == 8);
    CHECK(later.counters(700).loads == 1);

    RemoteTraffic dense(2);
    dense.load(1, 8);
    RemoteTraffic sum(2);
    sum.combine(dense, std::plus<>());
    sum.combine(dense, std::plus<>());
    CHECK(sum.counters(1).loads == 2);
    CHECK(!sum.counters(0).any());
}
