// --stats and --stats-json: what a run reports, and which of it compares between runs.

#include "xbemu/job_statistics.hpp"

#include <doctest/doctest.h>
#include <filesystem>
#include <fstream>
#include <nlohmann/json.hpp>
#include <string>
#include <unistd.h>
#include <vector>

using namespace xbemu;

namespace {

std::vector<PeStatistics> cycle_mode_job(double host_seconds, std::uint64_t translations) {
    std::vector<PeStatistics> pes(2);
    for (unsigned pe = 0; pe < pes.size(); ++pe) {
        pes[pe].pe = pe;
        pes[pe].instructions = 1000;
        pes[pe].cycles = 1500;
        pes[pe].cycle_mode = true;
        pes[pe].seconds = host_seconds;
        pes[pe].process_peak_bytes = 8U << 20;
        pes[pe].traffic = RemoteTraffic(2);
        pes[pe].translation = {translations, 4096, 32U << 20, 1, 0};
    }
    pes[0].traffic.add(1, {.loads = 3});
    return pes;
}

// The text up to the host's figures.
std::string simulated_part(const std::string& text) {
    return text.substr(0, text.find("xbemu host statistics"));
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
    const std::filesystem::path path =
        std::filesystem::temp_directory_path() /
        ("job_statistics_test_" + std::to_string(::getpid()) + ".json");
    write_statistics_json(pes, nullptr, path);
    nlohmann::json document;
    std::ifstream(path) >> document;
    std::filesystem::remove(path);
    REQUIRE(document["pes"].size() == 3);
    CHECK(document["pes"][0]["remote"] ==
          nlohmann::json::parse(
              R"([{"target": 1, "loads": 3, "stores": 0, "atomics": 0, "bytes": 0}])"));
    CHECK(document["pes"][1]["remote"] == nlohmann::json::array());
}
