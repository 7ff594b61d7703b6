// --stats and --stats-json: what a run reports, and which of it compares between runs.

#include "xbemu/job_statistics.hpp"
#include "xbemu/pimp/pimp_statistics.hpp"
#include "xbemu/xbgas/xbgas_statistics.hpp"

#include <doctest/doctest.h>
#include <filesystem>
#include <fstream>
#include <nlohmann/json.hpp>
#include <string>
#include <unistd.h>
#include <vector>

using namespace xbemu;

namespace {

// Gives `pe` xBGAS's statistics, in a job of `pes` PEs, and returns its remote traffic.
RemoteTraffic& traffic_of(PeStatistics& pe, unsigned pes) {
    pe.extensions = {};
    pe.extensions.add(xbgas_statistics_type(), xbgas_statistics_type().make(pes));
    return static_cast<XbgasStatistics&>(*pe.extensions.entries()[0].counters).traffic;
}

std::vector<PeStatistics> cycle_mode_job(double host_seconds, std::uint64_t translations) {
    std::vector<PeStatistics> pes(2);
    for (unsigned pe = 0; pe < pes.size(); ++pe) {
        pes[pe].pe = pe;
        pes[pe].instructions = 1000;
        pes[pe].cycles = 1500;
        pes[pe].cycle_mode = true;
        pes[pe].seconds = host_seconds;
        pes[pe].process_peak_bytes = 8U << 20;
        traffic_of(pes[pe], 2);
        pes[pe].translation = {translations, 4096, 32U << 20, 1, 0};
    }
    static_cast<XbgasStatistics&>(*pes[0].extensions.entries()[0].counters)
        .traffic.add(1, {.loads = 3});
    return pes;
}

// The text up to the host's figures.
std::string simulated_part(const std::string& text) {
    return text.substr(0, text.find("xbemu host statistics"));
}

// What --stats-json writes for `pes`.
nlohmann::json json_of(const std::vector<PeStatistics>& pes) {
    const std::filesystem::path path =
        std::filesystem::temp_directory_path() /
        ("job_statistics_test_" + std::to_string(::getpid()) + ".json");
    write_statistics_json(pes, nullptr, path);
    nlohmann::json document;
    std::ifstream(path) >> document;
    std::filesystem::remove(path);
    return document;
}

} // namespace

TEST_CASE("in the cycle mode the text's simulated figures compare byte for byte") {
    const netsim::NetworkStatistics network;
    const std::string first = format_statistics(cycle_mode_job(0.5, 3), &network);
    const std::string second = format_statistics(cycle_mode_job(2.25, 7), &network);
    CHECK(first != second);
    CHECK(simulated_part(first) == simulated_part(second));
    CHECK(simulated_part(first).find("MIPS") == std::string::npos);
    CHECK(simulated_part(first).find("host") == std::string::npos);
    CHECK(simulated_part(first).find("JIT") == std::string::npos);
    CHECK(simulated_part(first).find("  PE 0 -> PE 1: remote loads 3") != std::string::npos);
    CHECK(first.find("xbemu host statistics (these vary from run to run):\n  host seconds: "
                     "0.500000\n  MIPS: ") != std::string::npos);
}

TEST_CASE("the functional mode's text keeps its host figures at the top") {
    std::vector<PeStatistics> pes(1);
    pes[0].instructions = 4;
    pes[0].seconds = 1;
    const std::string text = format_statistics(pes, nullptr);
    CHECK(text.starts_with("xbemu statistics:\n  instructions: 4\n  host seconds: 1.000000\n"));
    CHECK(text.find("xbemu host statistics") == std::string::npos);
}

TEST_CASE("the JSON lists only the targets of some remote operation") {
    std::vector<PeStatistics> pes = cycle_mode_job(1, 1);
    pes.push_back(pes[1]);
    pes[2].pe = 2;
    const nlohmann::json document = json_of(pes);
    REQUIRE(document["pes"].size() == 3);
    CHECK(document["pes"][0]["remote"] ==
          nlohmann::json::parse(
              R"([{"target": 1, "loads": 3, "stores": 0, "atomics": 0, "bytes": 0}])"));
    CHECK(document["pes"][1]["remote"] == nlohmann::json::array());
}

TEST_CASE("PIMP's sent_to lists only the receivers of some message") {
    std::vector<PeStatistics> pes = cycle_mode_job(1, 1);
    for (PeStatistics& pe : pes) {
        pe.extensions.add(pimp_statistics_type(), pimp_statistics_type().make(4096));
    }
    REQUIRE(pes[0].extensions.entries()[0].type == &pimp_statistics_type());
    MessageStatistics& messages =
        static_cast<PimpStatistics&>(*pes[0].extensions.entries()[0].counters).messages;
    messages.sent = 5;
    messages.sent_to.of(4000).messages = 3;
    messages.sent_to.of(7).messages = 2;
    const nlohmann::json document = json_of(pes);
    CHECK(document["pes"][0]["pimp"]["sent_to"] ==
          nlohmann::json::parse(
              R"([{"receiver": 7, "messages": 2}, {"receiver": 4000, "messages": 3}])"));
}

TEST_CASE("a job of more PEs than the text lists gets spreads and sums instead of PE lines") {
    std::vector<PeStatistics> pes(65);
    for (unsigned pe = 0; pe < pes.size(); ++pe) {
        pes[pe].pe = pe;
        pes[pe].cycle_mode = true;
        pes[pe].instructions = 100 + pe;
        pes[pe].cycles = 200 + 2 * pe;
        traffic_of(pes[pe], static_cast<unsigned>(pes.size()))
            .store((pe + 1) % static_cast<unsigned>(pes.size()), 8);
    }
    static_cast<XbgasStatistics&>(*pes[9].extensions.entries()[0].counters).traffic.store(3, 64);
    const netsim::NetworkStatistics network;
    const std::string text = format_statistics(pes, &network);
    CHECK(text.find("  PE 0: cycles") == std::string::npos);
    CHECK(text.find("-> PE") != std::string::npos); // the busiest pair only
    CHECK(text.find("per PE, over 65 PEs") != std::string::npos);
    CHECK(text.find("    instructions: least 100 (PE 0), mean 132.0, most 164 (PE 64)\n") !=
          std::string::npos);
    CHECK(text.find("    cycles: least 200 (PE 0), mean 264.0, most 328 (PE 64)\n") !=
          std::string::npos);
    CHECK(text.find("    remote traffic: 66 pairs of PEs, loads 0, stores 66, atomics 0, bytes "
                    "584; the most bytes PE 9 -> PE 3 (64)\n") != std::string::npos);
    pes.pop_back();
    CHECK(format_statistics(pes, &network).find("  PE 63: cycles 326") != std::string::npos);
}

TEST_CASE("pooled PEs share the pool's CPU time by the time they held a thread") {
    std::vector<PeStatistics> pes(3);
    pes[0].cpu_seconds = 1.0;
    pes[1].cpu_seconds = 3.0;
    share_pool_cpu_seconds(pes, 2.0);
    CHECK(pes[0].cpu_seconds == doctest::Approx(0.5));
    CHECK(pes[1].cpu_seconds == doctest::Approx(1.5));
    CHECK(pes[2].cpu_seconds == 0.0);
    // PEs that never held a thread (every one ended at once) keep their zeros.
    std::vector<PeStatistics> idle(2);
    share_pool_cpu_seconds(idle, 0.25);
    CHECK(idle[0].cpu_seconds == 0.0);
    CHECK(idle[1].cpu_seconds == 0.0);
}
