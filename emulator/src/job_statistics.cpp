#include "xbemu/job_statistics.hpp"

#include <fmt/format.h>
#include <fstream>
#include <nlohmann/json.hpp>
#include <stdexcept>
#include <sys/resource.h>

namespace xbemu {

namespace {

double mips(const PeStatistics& pe) {
    return pe.seconds > 0 ? static_cast<double>(pe.instructions) / pe.seconds / 1e6 : 0.0;
}

double mebibytes(std::uint64_t bytes) {
    return static_cast<double>(bytes) / (1 << 20);
}

} // namespace

std::uint64_t process_peak_memory_bytes() {
    rusage usage{};
    getrusage(RUSAGE_SELF, &usage);
    return static_cast<std::uint64_t>(usage.ru_maxrss) * 1024;
}

void print_statistics(const std::vector<PeStatistics>& pes, std::FILE* stream) {
    std::uint64_t total = 0;
    double seconds = 0;
    for (const PeStatistics& pe : pes) {
        total += pe.instructions;
        seconds = std::max(seconds, pe.seconds);
    }
    std::string text = "xbemu statistics:\n";
    text += fmt::format("  instructions: {}\n  host seconds: {:.6f}\n  MIPS: {:.2f}\n", total,
                        seconds, seconds > 0 ? static_cast<double>(total) / seconds / 1e6 : 0.0);
    if (pes.size() == 1) {
        text += fmt::format("  peak host memory: {:.1f} MiB\n",
                            mebibytes(pes.front().process_peak_bytes));
    }
    for (const PeStatistics& pe : pes) {
        if (pes.size() > 1) {
            text += fmt::format("  PE {}: instructions {}, MIPS {:.2f}, guest RAM resident "
                                "{:.2f} MiB, process peak {:.1f} MiB\n",
                                pe.pe, pe.instructions, mips(pe),
                                mebibytes(pe.guest_ram_resident_bytes),
                                mebibytes(pe.process_peak_bytes));
        }
        for (std::size_t target = 0; target < pe.traffic.size(); ++target) {
            const RemoteTrafficCounters& t = pe.traffic[target];
            if (t.loads + t.stores + t.atomics == 0) {
                continue;
            }
            text += fmt::format("  PE {} -> PE {}: remote loads {}, stores {}, atomics {}, "
                                "bytes {}\n",
                                pe.pe, target, t.loads, t.stores, t.atomics, t.bytes);
        }
    }
    std::fputs(text.c_str(), stream);
}

void write_statistics_json(const std::vector<PeStatistics>& pes,
                           const std::filesystem::path& path) {
    nlohmann::json document;
    document["pes"] = nlohmann::json::array();
    for (const PeStatistics& pe : pes) {
        nlohmann::json entry{{"pe", pe.pe},
                             {"instructions", pe.instructions},
                             {"host_seconds", pe.seconds},
                             {"mips", mips(pe)},
                             {"guest_ram_resident_bytes", pe.guest_ram_resident_bytes},
                             {"process_peak_bytes", pe.process_peak_bytes}};
        entry["remote"] = nlohmann::json::array();
        for (std::size_t target = 0; target < pe.traffic.size(); ++target) {
            const RemoteTrafficCounters& t = pe.traffic[target];
            entry["remote"].push_back({{"target", target},
                                       {"loads", t.loads},
                                       {"stores", t.stores},
                                       {"atomics", t.atomics},
                                       {"bytes", t.bytes}});
        }
        document["pes"].push_back(std::move(entry));
    }
    std::ofstream file(path);
    file << document.dump(2) << '\n';
    if (!file) {
        throw std::runtime_error(fmt::format("cannot write statistics to {}", path.string()));
    }
}

} // namespace xbemu
