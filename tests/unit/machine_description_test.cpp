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
