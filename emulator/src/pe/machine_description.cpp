#include "xbemu/machine_description.hpp"

#include <algorithm>
#include <bit>
#include <charconv>
#include <fmt/format.h>
#include <fstream>
#include <functional>
#include <nlohmann/json.hpp>
#include <optional>
#include <set>
#include <sstream>
#include <type_traits>
#include <vector>

namespace xbemu {

namespace {

using Json = nlohmann::ordered_json;

// A numeric parameter: where it sits in the file and in MachineDescription, and its range.
struct NumericField {
    std::string section; // "core.latency", "network"...
    std::string key;
    std::function<std::uint64_t(MachineDescription&)> get;
    std::function<void(MachineDescription&, std::uint64_t)> set;
    std::uint64_t minimum;
    std::uint64_t maximum;
};

constexpr std::uint64_t kLargestCount = 0xffffffffULL;

// Bounds of the caches and DRAM: beyond them a description is a mistake (a line of a page, a
// cache larger than RAM), and the cache's lookup scans at most kMaxWays ways.
constexpr std::uint64_t kMinCacheBytes = 64;
constexpr std::uint64_t kMaxCacheBytes = 1ULL << 30;
constexpr std::uint64_t kMaxLineBytes = 4096;
constexpr std::uint64_t kMaxWays = 64;
constexpr std::uint64_t kMaxMemoryLatency = 1'000'000;

// A description names a few dozen numbers: anything much larger is not one.
constexpr std::uintmax_t kMaxMachineDescriptionBytes = 1U << 20;

template <typename Access>
NumericField field(std::string section, std::string key, Access access, std::uint64_t minimum,
                   std::uint64_t maximum = kLargestCount) {
    return {std::move(section),
            std::move(key),
            [access](MachineDescription& m) { return static_cast<std::uint64_t>(access(m)); },
            [access](MachineDescription& m, std::uint64_t value) {
                using Value = std::remove_reference_t<decltype(access(m))>;
                access(m) = static_cast<Value>(value);
            },
            minimum,
            maximum};
}

const std::vector<NumericField>& numeric_fields() {
    static const std::vector<NumericField> fields = [] {
        std::vector<NumericField> list;
        for (std::size_t index = 0; index < kTimingClassCount; ++index) {
            list.push_back(field(
                "core.latency", std::string(timing_class_name(static_cast<TimingClass>(index))),
                [index](MachineDescription & m) -> auto& { return m.core.by_class[index]; }, 1));
        }
        list.push_back(field(
            "core.latency", "branch_taken",
            [](MachineDescription & m) -> auto& { return m.core.branch_taken; }, 1));
        list.push_back(field(
            "core.latency", "load_use",
            [](MachineDescription & m) -> auto& { return m.core.load_use; }, 0));
        list.push_back(field(
            "core.latency", "trap", [](MachineDescription & m) -> auto& { return m.core.trap; },
            1));
        list.push_back(field(
            "core", "store_buffer_entries",
            [](MachineDescription & m) -> auto& { return m.store_buffer_entries; }, 1, 1U << 16));
        list.push_back(field(
            "memory", "remote_service",
            [](MachineDescription & m) -> auto& { return m.remote_service; }, 0));
        const auto network = [&list](std::string key, auto access, std::uint64_t minimum,
                                     std::uint64_t maximum = kLargestCount) {
            list.push_back(field("network", std::move(key), access, minimum, maximum));
        };
        network(
            "width", [](MachineDescription & m) -> auto& { return m.network.width; }, 0, 1U << 16);
        network(
            "height", [](MachineDescription & m) -> auto& { return m.network.height; }, 0,
            1U << 16);
        network(
            "fixed_latency",
            [](MachineDescription & m) -> auto& { return m.network.fixed_latency; }, 1);
        network(
            "router_latency",
            [](MachineDescription & m) -> auto& { return m.network.router_latency; }, 0,
            netsim::kMaxMessageLatency);
        network(
            "hop_latency", [](MachineDescription & m) -> auto& { return m.network.hop_latency; }, 0,
            netsim::kMaxMessageLatency);
        network(
            "link_bytes", [](MachineDescription & m) -> auto& { return m.network.link_bytes; }, 1,
            1U << 16);
        network(
            "header_bytes", [](MachineDescription & m) -> auto& { return m.network.header_bytes; },
            0, 1U << 16);
        network(
            "flit_bytes", [](MachineDescription & m) -> auto& { return m.network.flit_bytes; }, 1,
            1U << 16);
        network(
            "corner_buffer_entries",
            [](MachineDescription & m) -> auto& { return m.network.corner_buffer_entries; }, 1,
            1U << 16);
        network(
            "ejection_latency",
            [](MachineDescription & m) -> auto& { return m.network.ejection_latency; }, 0,
            netsim::kMaxMessageLatency);
        list.push_back(field(
            "pimp", "send_fifo", [](MachineDescription & m) -> auto& { return m.pimp_send_fifo; },
            1, 1U << 20));
        list.push_back(field(
            "pimp", "receive_fifo",
            [](MachineDescription & m) -> auto& { return m.pimp_receive_fifo; }, 1, 1U << 20));
        return list;
    }();
    return fields;
}

// The JSON object at a dotted section path, created on the way.
Json& section_of(Json& root, const std::string& section) {
    Json* node = &root;
    std::size_t start = 0;
    while (start <= section.size()) {
        const std::size_t dot = section.find('.', start);
        const std::string part =
            section.substr(start, dot == std::string::npos ? std::string::npos : dot - start);
        node = &(*node)[part];
        if (dot == std::string::npos) {
            break;
        }
        start = dot + 1;
    }
    return *node;
}

class Parser {
public:
    Parser(MachineDescription& machine, const std::string& origin)
        : machine_(machine), origin_(origin) {}

    void parse(const Json& root) {
        if (!root.is_object()) {
            fail("the top level must be a JSON object");
        }
        walk(root, "");
        check_consistency();
    }

private:
    // A key or name as JSON writes it, quoted and escaped: the error stays one line whatever
    // the file holds.
    static std::string quoted(const std::string& text) { return Json(text).dump(); }

    [[noreturn]] void fail(const std::string& message) const {
        throw MachineDescriptionError(fmt::format("machine description {}: {}", origin_, message));
    }

    void walk(const Json& object, const std::string& section) {
        for (const auto& [key, value] : object.items()) {
            const std::string path = section.empty() ? key : section + "." + key;
            if (section == "memory" && (key == "l1i" || key == "l1d" || key == "l2")) {
                cache_level(key) = cache_geometry(value, path);
            } else if (section == "memory" && key == "dram") {
                machine_.memory.dram = dram_timing(value, path);
            } else if (value.is_object()) {
                if (!is_section(path)) {
                    fail(fmt::format("unknown section {}", quoted(path)));
                }
                walk(value, path);
            } else {
                assign(section, key, path, value);
            }
        }
    }

    static bool is_section(const std::string& path) {
        for (const NumericField& field : numeric_fields()) {
            if (field.section == path || field.section.starts_with(path + ".")) {
                return true;
            }
        }
        return false;
    }

    void assign(const std::string& section, const std::string& key, const std::string& path,
                const Json& value) {
        if (section == "network" && (key == "model" || key == "placement")) {
            if (!value.is_string()) {
                fail(fmt::format("{} must be a string", quoted(path)));
            }
            const std::string name = value.get<std::string>();
            if (key == "model") {
                const auto model = netsim::model_from_name(name);
                if (!model) {
                    fail(fmt::format("unknown network model {} (models: ideal, fixed, mesh, "
                                     "torus, paternoster)",
                                     quoted(name)));
                }
                machine_.network.model = *model;
            } else {
                const auto placement = netsim::placement_from_name(name);
                if (!placement) {
                    fail(fmt::format("unknown placement {} (row-major or column-major)",
                                     quoted(name)));
                }
                machine_.network.placement = *placement;
            }
            return;
        }
        for (const NumericField& field : numeric_fields()) {
            if (field.section != section || field.key != key) {
                continue;
            }
            if (!value.is_number_integer()) {
                fail(fmt::format("{} must be a whole number, not {}", quoted(path), value.dump()));
            }
            if (value.is_number_unsigned() ? value.get<std::uint64_t>() < field.minimum ||
                                                 value.get<std::uint64_t>() > field.maximum
                                           : true) {
                fail(fmt::format("{} is {}: it must be between {} and {}", quoted(path),
                                 value.dump(), field.minimum, field.maximum));
            }
            field.set(machine_, value.get<std::uint64_t>());
            return;
        }
        fail(fmt::format("unknown key {}", quoted(path)));
    }

    std::optional<CacheGeometry>& cache_level(const std::string& key) {
        MemoryHierarchyConfig& memory = machine_.memory;
        return key == "l1i" ? memory.l1i : key == "l1d" ? memory.l1d : memory.l2;
    }

    // The object at `path`, whose keys must all be among `keys` and all be given.
    void check_keys(const Json& value, const std::string& path,
                    std::initializer_list<std::string_view> keys) const {
        if (!value.is_object()) {
            fail(fmt::format("{} must be an object, not {}", quoted(path), value.dump()));
        }
        for (const auto& [key, item] : value.items()) {
            if (std::find(keys.begin(), keys.end(), key) == keys.end()) {
                fail(fmt::format("unknown key {}", quoted(path + "." + key)));
            }
        }
        for (const std::string_view key : keys) {
            if (!value.contains(key)) {
                fail(fmt::format("{} is missing", quoted(path + "." + std::string(key))));
            }
        }
    }

    std::uint64_t whole_number(const Json& value, const std::string& path, std::uint64_t minimum,
                               std::uint64_t maximum) const {
        if (!value.is_number_integer()) {
            fail(fmt::format("{} must be a whole number, not {}", quoted(path), value.dump()));
        }
        if (!value.is_number_unsigned() || value.get<std::uint64_t>() < minimum ||
            value.get<std::uint64_t>() > maximum) {
            fail(fmt::format("{} is {}: it must be between {} and {}", quoted(path), value.dump(),
                             minimum, maximum));
        }
        return value.get<std::uint64_t>();
    }

    void require_power_of_two(std::uint64_t number, const std::string& path) const {
        if (!std::has_single_bit(number)) {
            fail(fmt::format("{} is {}: it must be a power of two", quoted(path), number));
        }
    }

    // A size in bytes: a number, or a string with an optional K, M or G suffix ("16K").
    std::uint64_t cache_size(const Json& value, const std::string& path) const {
        if (!value.is_string()) {
            return whole_number(value, path, kMinCacheBytes, kMaxCacheBytes);
        }
        const std::string text = value.get<std::string>();
        std::uint64_t number = 0;
        const auto [end, error] = std::from_chars(text.data(), text.data() + text.size(), number);
        const std::string_view suffix(end,
                                      static_cast<std::size_t>(text.data() + text.size() - end));
        unsigned shift = 0;
        if (suffix == "K" || suffix == "k") {
            shift = 10;
        } else if (suffix == "M" || suffix == "m") {
            shift = 20;
        } else if (suffix == "G" || suffix == "g") {
            shift = 30;
        } else if (!suffix.empty()) {
            shift = 64;
        }
        if (error != std::errc() || end == text.data() || shift == 64) {
            fail(fmt::format("{} is {}: expected bytes, or a number with a K, M or G suffix",
                             quoted(path), value.dump()));
        }
        if (number > (kMaxCacheBytes >> shift) || (number << shift) < kMinCacheBytes) {
            fail(fmt::format("{} is {}: it must be between {} and {} bytes", quoted(path),
                             value.dump(), kMinCacheBytes, kMaxCacheBytes));
        }
        return number << shift;
    }

    CacheGeometry cache_geometry(const Json& value, const std::string& path) const {
        check_keys(value, path, {"size", "ways", "line", "latency"});
        CacheGeometry cache;
        cache.size_bytes = cache_size(value["size"], path + ".size");
        require_power_of_two(cache.size_bytes, path + ".size");
        cache.line_bytes = whole_number(value["line"], path + ".line", 8, kMaxLineBytes);
        require_power_of_two(cache.line_bytes, path + ".line");
        cache.ways = whole_number(value["ways"], path + ".ways", 1, kMaxWays);
        if (cache.size_bytes % (cache.ways * cache.line_bytes) != 0 ||
            !std::has_single_bit(cache.sets())) {
            fail(fmt::format("{} is {}: size / (ways x line) = {} / ({} x {}) must be a power of "
                             "two number of sets",
                             quoted(path + ".ways"), cache.ways, cache.size_bytes, cache.ways,
                             cache.line_bytes));
        }
        cache.latency = whole_number(value["latency"], path + ".latency", 1, kMaxMemoryLatency);
        return cache;
    }

    DramTiming dram_timing(const Json& value, const std::string& path) const {
        check_keys(value, path, {"latency", "bytes_per_cycle"});
        DramTiming dram;
        dram.latency = whole_number(value["latency"], path + ".latency", 1, kMaxMemoryLatency);
        dram.bytes_per_cycle =
            whole_number(value["bytes_per_cycle"], path + ".bytes_per_cycle", 1, kMaxLineBytes);
        return dram;
    }

    // The levels move whole lines between them, so they share one line size; and what lies
    // below the last cache must be described.
    void check_memory_hierarchy() const {
        const MemoryHierarchyConfig& memory = machine_.memory;
        const std::optional<CacheGeometry>* first = nullptr;
        const char* first_name = nullptr;
        for (const auto& [level, name] :
             {std::pair{&memory.l1i, "memory.l1i.line"}, std::pair{&memory.l1d, "memory.l1d.line"},
              std::pair{&memory.l2, "memory.l2.line"}}) {
            if (!*level) {
                continue;
            }
            if (first == nullptr) {
                first = level;
                first_name = name;
            } else if ((*level)->line_bytes != (*first)->line_bytes) {
                fail(fmt::format("\"{}\" is {} but \"{}\" is {}: the caches must share one line "
                                 "size",
                                 name, (*level)->line_bytes, first_name, (*first)->line_bytes));
            }
        }
        if (first != nullptr && !memory.dram) {
            fail("\"memory.dram\" is missing: a machine with caches needs the DRAM behind them");
        }
    }

    void check_consistency() const {
        check_memory_hierarchy();
        if (machine_.core.branch_taken < machine_.core.of(TimingClass::Branch)) {
            fail(fmt::format("\"core.latency.branch_taken\" ({}) is less than "
                             "\"core.latency.branch\" ({}), the not-taken branch",
                             machine_.core.branch_taken, machine_.core.of(TimingClass::Branch)));
        }
        const netsim::NetworkConfig& network = machine_.network;
        if (static_cast<std::uint64_t>(network.width) * network.height > netsim::kMaxGridNodes) {
            fail(fmt::format("the network grid is {}x{} = {} nodes: at most {} are supported",
                             network.width, network.height,
                             static_cast<std::uint64_t>(network.width) * network.height,
                             netsim::kMaxGridNodes));
        }
        if (machine_.network.router_latency + machine_.network.hop_latency == 0) {
            fail("\"network.router_latency\" + \"network.hop_latency\" must be at least 1");
        }
    }

    MachineDescription& machine_;
    const std::string& origin_;
};

// A cache size as a description writes it: "16K", "8M", or bytes.
Json size_text(std::uint64_t bytes) {
    for (const auto& [shift, suffix] :
         {std::pair{30U, 'G'}, std::pair{20U, 'M'}, std::pair{10U, 'K'}}) {
        if (bytes % (1ULL << shift) == 0) {
            return fmt::format("{}{}", bytes >> shift, suffix);
        }
    }
    return bytes;
}

} // namespace

MachineDescription default_machine_description() {
    MachineDescription machine;
    const auto set = [&machine](TimingClass timing, std::uint64_t cycles) {
        machine.core.by_class[static_cast<std::size_t>(timing)] = cycles;
    };
    machine.core.by_class.fill(1);
    set(TimingClass::Jump, 3);
    set(TimingClass::Multiply, 5);
    set(TimingClass::Divide32, 35);
    set(TimingClass::Divide64, 67);
    set(TimingClass::FloatAdd, 3);
    set(TimingClass::FloatMultiply, 3);
    set(TimingClass::FloatFused, 3);
    set(TimingClass::FloatDivideSingle, 25);
    set(TimingClass::FloatDivideDouble, 31);
    set(TimingClass::FloatSqrtSingle, 28);
    set(TimingClass::FloatSqrtDouble, 37);
    set(TimingClass::FloatConvert, 2);
    return machine;
}

// JSON leaves a repeated key to the reader, and nlohmann keeps the last value silently: a
// description that says two things about one parameter is refused instead. Returns the first
// repeated key's dotted path.
class DuplicateKeyFinder {
public:
    bool operator()(int, Json::parse_event_t event, Json& parsed) {
        switch (event) {
        case Json::parse_event_t::object_start:
            objects_.push_back({objects_.empty() ? std::string() : path_of(last_key_), {}});
            break;
        case Json::parse_event_t::object_end:
            objects_.pop_back();
            break;
        case Json::parse_event_t::key:
            last_key_ = parsed.get<std::string>();
            if (!objects_.back().keys.insert(last_key_).second && !duplicate_) {
                duplicate_ = path_of(last_key_);
            }
            break;
        default:
            break;
        }
        return true;
    }

    const std::optional<std::string>& duplicate() const { return duplicate_; }

private:
    struct OpenObject {
        std::string path;
        std::set<std::string> keys;
    };

    std::string path_of(const std::string& key) const {
        return objects_.empty() || objects_.back().path.empty() ? key
                                                                : objects_.back().path + "." + key;
    }

    std::vector<OpenObject> objects_;
    std::string last_key_;
    std::optional<std::string> duplicate_;
};

MachineDescription parse_machine_description(const std::string& text, const std::string& origin) {
    Json root;
    DuplicateKeyFinder duplicates;
    try {
        root = Json::parse(text, std::ref(duplicates));
    } catch (const Json::exception& error) {
        // nlohmann's message reads "[json.exception.parse_error.101] parse error at line...";
        // a number too large for a double is an out_of_range exception, not a parse error.
        const std::string what = error.what();
        const std::size_t start = what.find("] ");
        throw MachineDescriptionError(
            fmt::format("machine description {}: not valid JSON: {}", origin,
                        start == std::string::npos ? what : what.substr(start + 2)));
    }
    if (duplicates.duplicate()) {
        throw MachineDescriptionError(fmt::format("machine description {}: {} is given twice",
                                                  origin, Json(*duplicates.duplicate()).dump()));
    }
    MachineDescription machine = default_machine_description();
    Parser(machine, origin).parse(root);
    return machine;
}

MachineDescription read_machine_description(const std::filesystem::path& path) {
    // Checked before opening: a FIFO would block at open, a device could be read without end.
    std::error_code error;
    const std::filesystem::file_status status = std::filesystem::status(path, error);
    if (!error && !std::filesystem::is_regular_file(status)) {
        throw MachineDescriptionError(
            fmt::format("machine description {}: not a regular file", path.string()));
    }
    if (const auto size = std::filesystem::file_size(path, error);
        !error && size > kMaxMachineDescriptionBytes) {
        throw MachineDescriptionError(
            fmt::format("machine description {}: {} bytes: at most {} KiB are supported",
                        path.string(), size, kMaxMachineDescriptionBytes >> 10));
    }
    std::ifstream file(path);
    if (!file) {
        throw MachineDescriptionError(
            fmt::format("machine description {}: cannot be read", path.string()));
    }
    std::ostringstream text;
    text << file.rdbuf();
    return parse_machine_description(text.str(), path.string());
}

std::string machine_description_json(const MachineDescription& machine) {
    MachineDescription copy = machine;
    Json root = Json::object();
    for (const NumericField& field : numeric_fields()) {
        Json& section = section_of(root, field.section);
        if (field.section == "network" && section.empty()) {
            section["model"] = std::string(netsim::model_name(machine.network.model));
            section["placement"] = std::string(netsim::placement_name(machine.network.placement));
        }
        section[field.key] = field.get(copy);
    }
    Json& memory = root["memory"];
    for (const auto& [level, name] :
         {std::pair{&machine.memory.l1i, "l1i"}, std::pair{&machine.memory.l1d, "l1d"},
          std::pair{&machine.memory.l2, "l2"}}) {
        if (*level) {
            memory[name] = {{"size", size_text((*level)->size_bytes)},
                            {"ways", (*level)->ways},
                            {"line", (*level)->line_bytes},
                            {"latency", (*level)->latency}};
        }
    }
    if (const auto& dram = machine.memory.dram) {
        memory["dram"] = {{"latency", dram->latency}, {"bytes_per_cycle", dram->bytes_per_cycle}};
    }
    return root.dump(2) + "\n";
}

} // namespace xbemu
