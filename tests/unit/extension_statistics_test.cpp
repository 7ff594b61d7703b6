// An extension's statistics: the PE makes them from its harts' counts for every extension the
// build knows (PIMP's only where the ISA has it), and --stats, --stats-json, the regions of
// interest and mpirun's gathering handle them through the hook alone (a made-up extension here),
// in their report order, and xBGAS's and PIMP's as before.

#include "xbemu/base_extensions.hpp"
#include "xbemu/decoder/decode_table.hpp"
#include "xbemu/decoder/extension_registry.hpp"
#include "xbemu/extension_statistics.hpp"
#include "xbemu/guest_measurement.hpp"
#include "xbemu/job_statistics.hpp"
#include "xbemu/pe_group.hpp"
#include "xbemu/pimp/pimp_extension.hpp"
#include "xbemu/pimp/pimp_statistics.hpp"
#include "xbemu/processing_element.hpp"
#include "xbemu/transport/peer_memory.hpp"
#include "xbemu/xbgas/xbgas_extension.hpp"
#include "xbemu/xbgas/xbgas_statistics.hpp"

#include <doctest/doctest.h>
#include <filesystem>
#include <fmt/format.h>
#include <fstream>
#include <nlohmann/json.hpp>
#include <string>
#include <unistd.h>

using namespace xbemu;

namespace {

constexpr std::uint64_t kMemory = 4ULL << 20;
constexpr unsigned kPes = 3;

// A made-up extension's counts: widgets, one counter.
class WidgetStatistics final : public ExtensionStatistics {
public:
    explicit WidgetStatistics(unsigned /*pe_count*/) {}
    std::uint64_t widgets = 0;

    std::unique_ptr<ExtensionStatistics> clone() const override {
        auto copy = std::make_unique<WidgetStatistics>(0);
        copy->widgets = widgets;
        return copy;
    }
    void combine(const ExtensionStatistics& other,
                 std::uint64_t (*op)(std::uint64_t, std::uint64_t)) override {
        widgets = op(widgets, static_cast<const WidgetStatistics&>(other).widgets);
    }
    std::string text(unsigned pe, bool /*cycle_mode*/) const override {
        return widgets == 0 ? std::string() : fmt::format("  PE {}: widgets {}\n", pe, widgets);
    }
    void add_json(nlohmann::json& pe, bool /*cycle_mode*/) const override {
        pe["widgets"] = widgets;
    }
    void pack(std::vector<std::uint64_t>& words) const override { words.push_back(widgets); }
    const std::uint64_t* unpack(const std::uint64_t* words) override {
        widgets = *words;
        return words + 1;
    }
};

std::string summarize_widgets(std::span<const PeExtensionStatistics> pes, bool /*cycle_mode*/) {
    std::uint64_t all = 0;
    for (const PeExtensionStatistics& pe : pes) {
        all += static_cast<const WidgetStatistics&>(pe.statistics).widgets;
    }
    return fmt::format("    widgets, all PEs: {}\n", all);
}

const ExtensionStatisticsType kWidgets{1, construct_extension_statistics<WidgetStatistics>,
                                       make_extension_statistics<WidgetStatistics>,
                                       summarize_widgets};
// The same, reported after every other extension.
const ExtensionStatisticsType kLastWidgets{.slot = 1,
                                           .construct =
                                               construct_extension_statistics<WidgetStatistics>,
                                           .make = make_extension_statistics<WidgetStatistics>,
                                           .summarize = summarize_widgets,
                                           .report_order = 99};

WidgetStatistics& widgets_of(PeStatistics& pe) {
    return static_cast<WidgetStatistics&>(*pe.extensions.entries().front().counters);
}

PeStatistics pe_with_widgets(unsigned pe, std::uint64_t widgets) {
    PeStatistics statistics;
    statistics.pe = pe;
    statistics.instructions = 10;
    statistics.extensions.add(kWidgets, kWidgets.make(1));
    widgets_of(statistics).widgets = widgets;
    return statistics;
}

// What --stats-json writes for `pes`.
nlohmann::json json_of(const std::vector<PeStatistics>& pes) {
    const std::filesystem::path path =
        std::filesystem::temp_directory_path() /
        ("extension_statistics_test_" + std::to_string(::getpid()) + ".json");
    write_statistics_json(pes, nullptr, path);
    nlohmann::json document;
    std::ifstream(path) >> document;
    std::filesystem::remove(path);
    return document;
}

// One PE (id 1 of 3) of the given ISA, interpreted; `known`: the build's extensions, as
// main.cpp passes them (MachineConfig::known_extensions), or none.
struct OnePe {
    OnePe(const std::string& isa, bool known)
        : registry(make_registry()), table(registry.resolve(isa)), group(1, false),
          peers(kPes, kMemory),
          pe(config(isa, known ? &registry : nullptr), table, group, 1, peers) {}

    static ExtensionRegistry make_registry() {
        ExtensionRegistry registry;
        register_base_extensions(registry);
        registry.add(extension_xbgas());
        registry.add(extension_pimp(PimpLayout::Default));
        return registry;
    }
    static MachineConfig config(const std::string& isa, const ExtensionRegistry* known) {
        MachineConfig config;
        config.isa = isa;
        config.memory_size = kMemory;
        config.pe_count = kPes;
        config.engine = EngineKind::Interpreter;
        config.known_extensions = known;
        return config;
    }

    ExtensionRegistry registry;
    DecodeTable table;
    PeGroup group;
    PeerMemory peers;
    ProcessingElement pe;
};

const RemoteTraffic& traffic_in(const PeStatistics& statistics) {
    REQUIRE(statistics.extensions.entries().size() == 1);
    REQUIRE(statistics.extensions.entries()[0].type == &xbgas_statistics_type());
    return static_cast<const XbgasStatistics&>(*statistics.extensions.entries()[0].counters)
        .traffic;
}

} // namespace

TEST_CASE("the core prints, sums and subtracts an extension's statistics through the hook") {
    std::vector<PeStatistics> pes{pe_with_widgets(0, 7), pe_with_widgets(1, 0)};
    const std::string text = format_statistics(pes, nullptr);
    CHECK(text.find("  PE 0: widgets 7\n") != std::string::npos);
    CHECK(text.find("PE 1: widgets") == std::string::npos);
    const nlohmann::json document = json_of(pes);
    CHECK(document["pes"][0]["widgets"] == 7);
    CHECK(document["pes"][1]["widgets"] == 0);

    // Copies are deep: a region's difference leaves the snapshots alone.
    const PeStatistics later = pe_with_widgets(0, 12);
    const PeStatistics difference = counters_since(pes[0], later);
    CHECK(static_cast<const WidgetStatistics&>(*difference.extensions.entries()[0].counters)
              .widgets == 5);
    CHECK(widgets_of(pes[0]).widgets == 7);
    PeStatistics sum = difference;
    add_counters(sum, later);
    CHECK(widgets_of(sum).widgets == 17);
    CHECK(static_cast<const WidgetStatistics&>(*difference.extensions.entries()[0].counters)
              .widgets == 5);

    std::vector<PeStatistics> many;
    for (unsigned pe = 0; pe < 65; ++pe) {
        many.push_back(pe_with_widgets(pe, 2));
    }
    const std::string summary = format_statistics(many, nullptr);
    CHECK(summary.find("    widgets, all PEs: 130\n") != std::string::npos);
    CHECK(summary.find("  PE 0: widgets") == std::string::npos);
}

TEST_CASE("zeroed statistics keep the extensions; combining different ones is refused") {
    PeStatistics one = pe_with_widgets(0, 3);
    const ExtensionStatisticsList zero = one.extensions.zeroed(4);
    REQUIRE(zero.entries().size() == 1);
    CHECK(zero.entries()[0].type == &kWidgets);
    CHECK(static_cast<const WidgetStatistics&>(*zero.entries()[0].counters).widgets == 0);
    ExtensionStatisticsList other;
    other.add(xbgas_statistics_type(), xbgas_statistics_type().make(4));
    CHECK_THROWS_AS(one.extensions.combine(other, [](std::uint64_t a, std::uint64_t) { return a; }),
                    std::logic_error);
}

TEST_CASE("a PE counts xBGAS's remote traffic in its slot and reports a copy of it") {
    OnePe one("rv64gc_xbgas", true);
    RemoteTraffic& live = xbgas_traffic(one.pe);
    CHECK(&live == &one.pe.extension_statistics_in<XbgasStatistics>(kXbgasStatisticsSlot).traffic);
    CHECK(live.pe_count() == kPes);
    live.store(2, 8);
    live.load(0, 4);
    live.atomic(2, 8);
    const PeStatistics statistics = one.pe.statistics(0);
    const RemoteTraffic& traffic = traffic_in(statistics);
    CHECK(traffic.pe_count() == kPes);
    CHECK(traffic.counters(2) == RemoteTrafficCounters{0, 1, 1, 16});
    CHECK(traffic.counters(0) == RemoteTrafficCounters{1, 0, 0, 4});
    CHECK(traffic.reached().size() == 2);
    live.store(1, 2);
    CHECK(traffic.reached().size() == 2);
    CHECK(traffic_in(one.pe.statistics(0)).reached().size() == 3);
}

TEST_CASE("an extension the ISA leaves out reports zero statistics, so the JSON keeps its keys") {
    OnePe without("rv64gc", true);
    const PeStatistics statistics = without.pe.statistics(0);
    CHECK_FALSE(traffic_in(statistics).any());
    const nlohmann::json document = json_of({statistics});
    CHECK(document["pes"][0]["remote"] == nlohmann::json::array());
    CHECK(format_statistics({statistics}, nullptr).find("remote") == std::string::npos);

    // Without the build's list (a PE made on its own), only the enabled extensions report.
    OnePe alone("rv64gc", false);
    CHECK(alone.pe.statistics(0).extensions.entries().empty());
}

TEST_CASE("xBGAS's statistics: text, JSON, and the words mpirun gathers them in") {
    XbgasStatistics counts(8);
    counts.traffic.store(5, 8);
    counts.traffic.store(5, 4);
    counts.traffic.load(1, 2);
    CHECK(counts.text(3, false) ==
          "  PE 3 -> PE 1: remote loads 1, stores 0, atomics 0, bytes 2\n"
          "  PE 3 -> PE 5: remote loads 0, stores 2, atomics 0, bytes 12\n");
    nlohmann::json pe;
    counts.add_json(pe, false);
    CHECK(pe["remote"] == nlohmann::json::parse(
                              R"([{"target": 1, "loads": 1, "stores": 0, "atomics": 0, "bytes": 2},
                                  {"target": 5, "loads": 0, "stores": 2, "atomics": 0, "bytes": 12}])"));

    std::vector<std::uint64_t> words;
    counts.pack(words);
    words.push_back(0xdead); // what follows in a PE's record
    CHECK(words.size() == 1 + 2 * 5 + 1);
    const std::unique_ptr<ExtensionStatistics> unpacked = xbgas_statistics_type().make(8);
    CHECK(unpacked->unpack(words.data()) == words.data() + 11);
    const auto& back = static_cast<const XbgasStatistics&>(*unpacked);
    CHECK(back.traffic.counters(5) == counts.traffic.counters(5));
    CHECK(back.traffic.counters(1) == counts.traffic.counters(1));
    CHECK(back.traffic.reached().size() == 2);
}

TEST_CASE("the list keeps the extensions in their report order, PIMP's before xBGAS's") {
    ExtensionStatisticsList list;
    list.add(kLastWidgets, kLastWidgets.make(4));
    list.add(xbgas_statistics_type(), xbgas_statistics_type().make(4));
    list.add(pimp_statistics_type(), pimp_statistics_type().make(4));
    REQUIRE(list.entries().size() == 3);
    CHECK(list.entries()[0].type == &pimp_statistics_type());
    CHECK(list.entries()[1].type == &xbgas_statistics_type());
    CHECK(list.entries()[2].type == &kLastWidgets);
    const ExtensionStatisticsList zero = list.zeroed(4);
    REQUIRE(zero.entries().size() == 3);
    CHECK(zero.entries()[0].type == &pimp_statistics_type());
    CHECK(zero.entries()[2].type == &kLastWidgets);
}

TEST_CASE("PIMP's statistics appear only where the ISA has PIMP, before the remote traffic") {
    OnePe without("rv64gc", true);
    const PeStatistics plain = without.pe.statistics(0);
    REQUIRE(plain.extensions.entries().size() == 1);
    CHECK(plain.extensions.entries()[0].type == &xbgas_statistics_type());
    const nlohmann::json plain_json = json_of({plain});
    CHECK_FALSE(plain_json["pes"][0].contains("pimp"));
    CHECK(plain_json["pes"][0]["remote"] == nlohmann::json::array());
    CHECK(format_statistics({plain}, nullptr).find("PIMP") == std::string::npos);

    OnePe with("rv64gc_xbgas_pimp", true);
    MessageStatistics& live = pimp_messages(with.pe);
    CHECK(&live == &with.pe.extension_statistics_in<PimpStatistics>(kPimpStatisticsSlot).messages);
    CHECK(live.sent_to.pe_count() == kPes);
    ++live.sent;
    ++live.sent_to.of(2).messages;
    live.receive_wait_cycles = 9;
    xbgas_traffic(with.pe).store(0, 8);
    const PeStatistics statistics = with.pe.statistics(0);
    REQUIRE(statistics.extensions.entries().size() == 2);
    CHECK(statistics.extensions.entries()[0].type == &pimp_statistics_type());
    CHECK(statistics.extensions.entries()[1].type == &xbgas_statistics_type());
    const std::string text = format_statistics({statistics}, nullptr);
    const std::size_t messages = text.find("  PE 1: PIMP messages sent 1, received 0; waits on a "
                                           "full send FIFO 0, on an empty receive FIFO 0\n");
    const std::size_t remote = text.find("  PE 1 -> PE 0: remote loads 0, stores 1");
    REQUIRE(messages != std::string::npos);
    REQUIRE(remote != std::string::npos);
    CHECK(messages < remote);
    const nlohmann::json document = json_of({statistics});
    CHECK(document["pes"][0]["pimp"] ==
          nlohmann::json::parse(R"({"sent": 1, "received": 0, "send_fifo_full": 0,
                                    "receive_fifo_empty": 0,
                                    "sent_to": [{"receiver": 2, "messages": 1}]})"));
}

TEST_CASE(
    "PIMP's statistics: the cycle mode's wait cycles, regions, the summary and mpirun's words") {
    PimpStatistics counts(8);
    counts.messages.sent = 4;
    counts.messages.received = 3;
    counts.messages.send_fifo_full = 2;
    counts.messages.receive_fifo_empty = 1;
    counts.messages.send_wait_cycles = 70;
    counts.messages.receive_wait_cycles = 50;
    counts.messages.sent_to.of(6).messages = 4;
    CHECK(counts.text(3, true) ==
          "  PE 3: PIMP messages sent 4, received 3; waits on a full send FIFO 2, on an empty "
          "receive FIFO 1; wait cycles: send 70, receive 50\n");
    CHECK(counts.text(3, false).find("wait cycles") == std::string::npos);
    nlohmann::json pe;
    counts.add_json(pe, true);
    CHECK(pe["pimp"]["send_wait_cycles"] == 70);
    CHECK(pe["pimp"]["receive_wait_cycles"] == 50);
    pe = {};
    counts.add_json(pe, false);
    CHECK_FALSE(pe["pimp"].contains("send_wait_cycles"));

    // A region's counts: a difference of snapshots, target by target.
    PimpStatistics earlier(8);
    earlier.messages.sent = 1;
    earlier.messages.receive_wait_cycles = 20;
    earlier.messages.sent_to.of(6).messages = 1;
    const std::unique_ptr<ExtensionStatistics> region = counts.clone();
    region->combine(earlier, [](std::uint64_t a, std::uint64_t b) { return a - b; });
    const MessageStatistics& difference = static_cast<const PimpStatistics&>(*region).messages;
    CHECK(difference.sent == 3);
    CHECK(difference.receive_wait_cycles == 30);
    CHECK(difference.sent_to.counters(6).messages == 3);
    CHECK(counts.messages.sent == 4);

    std::vector<std::uint64_t> words;
    counts.pack(words);
    words.push_back(0xdead);
    CHECK(words.size() == 6 + 1 + 2 + 1);
    const std::unique_ptr<ExtensionStatistics> unpacked = pimp_statistics_type().make(8);
    CHECK(unpacked->unpack(words.data()) == words.data() + 9);
    const MessageStatistics& back = static_cast<const PimpStatistics&>(*unpacked).messages;
    CHECK(back.sent == 4);
    CHECK(back.receive_wait_cycles == 50);
    CHECK(back.sent_to.counters(6).messages == 4);
    CHECK(back.sent_to.reached().size() == 1);

    // Above 64 PEs: PIMP's spreads before the remote traffic's line.
    std::vector<PeStatistics> many(65);
    for (unsigned index = 0; index < many.size(); ++index) {
        many[index].pe = index;
        many[index].cycle_mode = true;
        many[index].extensions.add(xbgas_statistics_type(), xbgas_statistics_type().make(65));
        many[index].extensions.add(pimp_statistics_type(), pimp_statistics_type().make(65));
        REQUIRE(many[index].extensions.entries()[0].type == &pimp_statistics_type());
        static_cast<PimpStatistics&>(*many[index].extensions.entries()[0].counters)
            .messages.send_wait_cycles = index;
        static_cast<XbgasStatistics&>(*many[index].extensions.entries()[1].counters)
            .traffic.load(0, 8);
    }
    const std::string summary = format_statistics(many, nullptr);
    const std::size_t waits = summary.find(
        "    PIMP send wait cycles: least 0 (PE 0), mean 32.0, most 64 (PE 64), all PEs 2080\n");
    const std::size_t remote = summary.find("    remote traffic: 65 pairs of PEs");
    REQUIRE(waits != std::string::npos);
    REQUIRE(remote != std::string::npos);
    CHECK(waits < remote);
    CHECK(summary.find("    PIMP messages sent: least 0 (PE 0), mean 0.0, most 0 (PE 0), all PEs "
                       "0\n") != std::string::npos);
}
