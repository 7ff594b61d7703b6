// The machine description file: defaults, overrides, and one-line errors for bad input.

#include "xbemu/machine_description.hpp"

#include <doctest/doctest.h>
#include <string>

using namespace xbemu;

namespace {

std::string error_of(const std::string& text) {
    try {
        parse_machine_description(text, "test.json");
    } catch (const MachineDescriptionError& error) {
        return error.what();
    }
    return "";
}

} // namespace

TEST_CASE("the built-in machine is the PIMP paper's in-order core") {
    const MachineDescription machine = default_machine_description();
    CHECK(machine.core.of(TimingClass::Alu) == 1);
    CHECK(machine.core.of(TimingClass::Branch) == 1);
    CHECK(machine.core.branch_taken == 3);
    CHECK(machine.core.of(TimingClass::Jump) == 3);
    CHECK(machine.core.load_use == 1);
    CHECK(machine.core.of(TimingClass::Multiply) == 5);
    CHECK(machine.core.of(TimingClass::Divide32) == 35);
    CHECK(machine.core.of(TimingClass::Divide64) == 67);
    CHECK(machine.core.of(TimingClass::FloatFused) == 3);
    CHECK(machine.core.of(TimingClass::FloatDivideSingle) == 25);
    CHECK(machine.core.of(TimingClass::FloatDivideDouble) == 31);
    CHECK(machine.core.of(TimingClass::FloatSqrtSingle) == 28);
    CHECK(machine.core.of(TimingClass::FloatSqrtDouble) == 37);
    CHECK(machine.core.of(TimingClass::FloatConvert) == 2);
    CHECK(machine.pimp_send_fifo == 8);
    CHECK(machine.pimp_receive_fifo == 16);
}

TEST_CASE("a file overrides what it names and keeps the rest") {
    const MachineDescription machine = parse_machine_description(
        R"({"core": {"latency": {"multiply": 7, "load_use": 0}, "store_buffer_entries": 2},
            "network": {"model": "torus", "width": 4, "hop_latency": 1},
            "memory": {"remote_service": 0}})",
        "x");
    CHECK(machine.core.of(TimingClass::Multiply) == 7);
    CHECK(machine.core.load_use == 0);
    CHECK(machine.core.of(TimingClass::Divide64) == 67);
    CHECK(machine.store_buffer_entries == 2);
    CHECK(machine.network.model == netsim::NetworkModel::Torus);
    CHECK(machine.network.width == 4);
    CHECK(machine.network.hop_latency == 1);
    CHECK(machine.remote_service == 0);
}

TEST_CASE("the printed description reads back as the same machine") {
    MachineDescription machine = default_machine_description();
    machine.network.model = netsim::NetworkModel::Paternoster;
    machine.core.by_class[static_cast<std::size_t>(TimingClass::Load)] = 2;
    const std::string text = machine_description_json(machine);
    CHECK(text.find("\"divide_64\": 67") != std::string::npos);
    CHECK(text.find("\"model\": \"paternoster\"") != std::string::npos);
    const MachineDescription again = parse_machine_description(text, "printed");
    CHECK(machine_description_json(again) == text);
}

TEST_CASE("bad machine descriptions get one clear line") {
    CHECK(error_of(R"({"core": {"latency": {"mull": 5}}})") ==
          "machine description test.json: unknown key \"core.latency.mull\"");
    CHECK(error_of(R"({"core": {"latency": {"divide_64": -1}}})") ==
          "machine description test.json: \"core.latency.divide_64\" is -1: it must be between "
          "1 and 4294967295");
    CHECK(error_of(R"({"network": {"model": "hypercube"}})") ==
          "machine description test.json: unknown network model \"hypercube\" (models: ideal, "
          "fixed, mesh, torus, paternoster)");
    CHECK(error_of(R"({"network": {"hop_latency": 1.5}})") ==
          "machine description test.json: \"network.hop_latency\" must be a whole number, not "
          "1.5");
    CHECK(error_of(R"({"cpu": {}})") == "machine description test.json: unknown section \"cpu\"");
    CHECK(error_of(R"({"core": {"latency": {"branch_taken": 1, "branch": 2}}})")
              .find("is less than") != std::string::npos);
    CHECK(error_of("[1, 2]") ==
          "machine description test.json: the top level must be a JSON object");
    const std::string broken = error_of("{\"core\": ");
    CHECK(broken.starts_with("machine description test.json: not valid JSON: "));
    CHECK(broken.find('\n') == std::string::npos);
    // nlohmann reports a number beyond a double's range as out_of_range, not as a parse error.
    CHECK(error_of(R"({"network": {"hop_latency": 1e400}})") ==
          "machine description test.json: not valid JSON: number overflow parsing '1e400'");
    CHECK(error_of(R"({"network": {"router_latency": 0, "hop_latency": 0}})").find("at least 1") !=
          std::string::npos);
}

TEST_CASE("a machine beyond what xbemu can represent or afford is refused before it is built") {
    // 2^32 nodes multiplied in 32 bits were 0 nodes; a latency of 2^32 - 1 grew each link's
    // calendar to gigabytes.
    CHECK(error_of(R"({"network": {"width": 65536, "height": 65536}})") ==
          "machine description test.json: the network grid is 65536x65536 = 4294967296 nodes: "
          "at most 65536 are supported");
    CHECK(error_of(R"({"network": {"width": 65536, "height": 1}})").empty());
    for (const char* key : {"router_latency", "hop_latency", "ejection_latency"}) {
        CAPTURE(key);
        CHECK(error_of(std::string(R"({"network": {")") + key + R"(": 4294967295}})") ==
              std::string("machine description test.json: \"network.") + key +
                  "\" is 4294967295: it must be between 0 and 1048576");
    }
}

TEST_CASE("a key given twice is refused rather than the last one silently kept") {
    CHECK(error_of(R"({"network": {"width": 4, "width": 8}})") ==
          "machine description test.json: \"network.width\" is given twice");
    CHECK(error_of(R"({"core": {"latency": {"load": 2}}, "core": {"store_buffer_entries": 4}})") ==
          "machine description test.json: \"core\" is given twice");
    CHECK(error_of(R"({"core": {"latency": {"load": 2}, "store_buffer_entries": 4}})").empty());
    // The same key in different objects is no repetition.
    CHECK(error_of(R"({"network": {"width": 4}, "core": {"latency": {"width": 1}}})") ==
          "machine description test.json: unknown key \"core.latency.width\"");
}

namespace {

// The issue's example machine: 16 KiB L1s, an 8 MiB L2, DRAM of 100 cycles and 16 bytes a cycle.
const char* const kCachedMachine = R"({"memory": {"remote_service": 10,
    "l1i":  {"size": "16K", "ways": 4,  "line": 64, "latency": 1},
    "l1d":  {"size": "16K", "ways": 4,  "line": 64, "latency": 1},
    "l2":   {"size": "8M",  "ways": 16, "line": 64, "latency": 12},
    "dram": {"latency": 100, "bytes_per_cycle": 16}}})";

std::string cached_machine_error(const std::string& l1d) {
    return error_of(R"({"memory": {"l1d": )" + l1d +
                    R"(, "dram": {"latency": 100, "bytes_per_cycle": 16}}})");
}

} // namespace

TEST_CASE("without a cache or DRAM the memory stays flat") {
    CHECK(default_machine_description().memory.flat());
    const std::string text = machine_description_json(default_machine_description());
    CHECK(text.find("l1d") == std::string::npos);
    CHECK(text.find("dram") == std::string::npos);
}

TEST_CASE("caches and DRAM are read, and printed back as they were written") {
    const MachineDescription machine = parse_machine_description(kCachedMachine, "x");
    const MemoryHierarchyConfig& memory = machine.memory;
    REQUIRE(memory.l1i);
    REQUIRE(memory.l1d);
    REQUIRE(memory.l2);
    REQUIRE(memory.dram);
    CHECK(memory.l1d->size_bytes == 16384);
    CHECK(memory.l1d->sets() == 64);
    CHECK(memory.l2->size_bytes == 8U << 20);
    CHECK(memory.l2->sets() == 8192);
    CHECK(memory.l2->latency == 12);
    CHECK(memory.dram->latency == 100);
    CHECK(memory.dram->bytes_per_cycle == 16);
    CHECK_FALSE(memory.flat());
    const std::string text = machine_description_json(machine);
    CHECK(text.find("\"size\": \"8M\"") != std::string::npos);
    const MachineDescription again = parse_machine_description(text, "printed");
    CHECK(again.memory == memory);
    CHECK(machine_description_json(again) == text);
    // Sizes in bytes, and DRAM alone (a machine without caches), are accepted too.
    const MachineDescription bytes = parse_machine_description(
        R"({"memory": {"l1d": {"size": 1024, "ways": 2, "line": 32, "latency": 2},
                       "dram": {"latency": 50, "bytes_per_cycle": 8}}})",
        "x");
    CHECK(bytes.memory.l1d->sets() == 16);
    CHECK(parse_machine_description(R"({"memory": {"dram": {"latency": 5, "bytes_per_cycle": 1}}})",
                                    "x")
              .memory.dram);
}

TEST_CASE("a cache that cannot be built gets one line naming its key") {
    const auto geometry = [](const std::string& size, const std::string& ways,
                             const std::string& line) {
        return cached_machine_error(R"({"size": )" + size + R"(, "ways": )" + ways +
                                    R"(, "line": )" + line + R"(, "latency": 1})");
    };
    CHECK(geometry("12000", "4", "64") ==
          "machine description test.json: \"memory.l1d.size\" is 12000: it must be a power of two");
    CHECK(geometry(R"("16Q")", "4", "64") ==
          "machine description test.json: \"memory.l1d.size\" is \"16Q\": expected bytes, or a "
          "number with a K, M or G suffix");
    CHECK(geometry(R"("2G")", "4", "64") ==
          "machine description test.json: \"memory.l1d.size\" is \"2G\": it must be between 64 "
          "and 1073741824 bytes");
    CHECK(geometry(R"("16K")", "3", "64") ==
          "machine description test.json: \"memory.l1d.ways\" is 3: size / (ways x line) = "
          "16384 / (3 x 64) must be a power of two number of sets");
    CHECK(geometry(R"("16K")", "512", "64") ==
          "machine description test.json: \"memory.l1d.ways\" is 512: it must be between 1 and "
          "64");
    CHECK(geometry(R"("16K")", "4", "4") ==
          "machine description test.json: \"memory.l1d.line\" is 4: it must be between 8 and "
          "4096");
    CHECK(geometry(R"("16K")", "4", "48") ==
          "machine description test.json: \"memory.l1d.line\" is 48: it must be a power of two");
    CHECK(cached_machine_error(R"({"size": "16K", "ways": 4, "line": 64, "latency": 0})") ==
          "machine description test.json: \"memory.l1d.latency\" is 0: it must be between 1 and "
          "1000000");
    CHECK(cached_machine_error(R"({"size": "16K", "ways": 4, "line": 64})") ==
          "machine description test.json: \"memory.l1d.latency\" is missing");
    CHECK(cached_machine_error(
              R"({"size": "16K", "ways": 4, "line": 64, "latency": 1, "assoc": 2})") ==
          "machine description test.json: unknown key \"memory.l1d.assoc\"");
    CHECK(cached_machine_error("16") ==
          "machine description test.json: \"memory.l1d\" must be an object, not 16");
}

TEST_CASE("a hierarchy whose levels do not fit together is refused") {
    CHECK(error_of(R"({"memory": {"l1d": {"size": "16K", "ways": 4, "line": 64, "latency": 1},
                                  "l2": {"size": "1M", "ways": 8, "line": 128, "latency": 10},
                                  "dram": {"latency": 100, "bytes_per_cycle": 16}}})") ==
          "machine description test.json: \"memory.l2.line\" is 128 but \"memory.l1d.line\" is "
          "64: the caches must share one line size");
    CHECK(
        error_of(R"({"memory": {"l1d": {"size": "16K", "ways": 4, "line": 64, "latency": 1}}})") ==
        "machine description test.json: \"memory.dram\" is missing: a machine with caches needs "
        "the DRAM behind them");
    CHECK(error_of(R"({"memory": {"dram": {"latency": 100, "bytes_per_cycle": 0}}})") ==
          "machine description test.json: \"memory.dram.bytes_per_cycle\" is 0: it must be "
          "between 1 and 4096");
    CHECK(error_of(R"({"memory": {"dram": {"latency": 0, "bytes_per_cycle": 8}}})") ==
          "machine description test.json: \"memory.dram.latency\" is 0: it must be between 1 and "
          "1000000");
}
