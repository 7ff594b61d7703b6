#include "mpi/mpi_statistics.hpp"

#include <algorithm>
#include <array>
#include <bit>
#include <cstdint>
#include <cstring>
#include <mpi.h>

namespace xbemu {

namespace {

// A PE's statistics as 64-bit words, of a length of their own, so that one MPI_Gatherv moves
// every PE's: instructions, seconds and CPU seconds (as their bits), guest RAM resident, process
// peak, cycle mode, cycles, the stall cycles by cause, the PIMP flag and counters, the JIT's
// translation cache, the speculative runs, the caches and DRAM; then each extension's counts (as
// the extension packs them, ExtensionStatistics::pack) and the receivers of its PIMP messages
// (their count, then for each the receiver and the messages): only those reached, so that a job of
// many PEs does not move PEs² words.
constexpr std::size_t kMessageWords = 7;
constexpr std::size_t kTranslationWords = 5;
constexpr std::size_t kSpeculationWords = 3;
// Each of L1I, L1D and L2: present, accesses, misses, writebacks, stall cycles; DRAM: present,
// reads, writes, bytes, busy, queueing and stall cycles; the remote service: accesses, cycles.
constexpr std::array<const char*, 3> kCacheLevels = {"L1I", "L1D", "L2"};
constexpr std::size_t kCacheLevelWords = 5;
constexpr std::size_t kMemoryWords = kCacheLevels.size() * kCacheLevelWords + 7 + 2;
constexpr std::size_t kScalarWords =
    7 + kStallCauseCount + kMessageWords + kTranslationWords + kSpeculationWords + kMemoryWords;

void pack_memory(const MemoryHierarchyStatistics& memory, std::vector<std::uint64_t>& words) {
    for (const char* name : kCacheLevels) {
        const auto level = std::find_if(
            memory.caches.begin(), memory.caches.end(),
            [name](const CacheLevelStatistics& statistics) { return statistics.name == name; });
        if (level == memory.caches.end()) {
            words.insert(words.end(), kCacheLevelWords, 0);
        } else {
            words.insert(words.end(), {1, level->accesses, level->misses, level->writebacks,
                                       level->stall_cycles});
        }
    }
    const DramStatistics& dram = memory.dram;
    words.insert(words.end(), {memory.has_dram ? 1U : 0U, dram.reads, dram.writes, dram.bytes,
                               dram.busy_cycles, dram.queue_cycles, dram.stall_cycles});
    words.insert(words.end(), {memory.remote.accesses, memory.remote.cycles});
}

MemoryHierarchyStatistics unpack_memory(const std::uint64_t* words) {
    MemoryHierarchyStatistics memory;
    for (const char* name : kCacheLevels) {
        if (words[0] != 0) {
            memory.caches.push_back({name, words[1], words[2], words[3], words[4]});
        }
        words += kCacheLevelWords;
    }
    memory.has_dram = words[0] != 0;
    memory.dram = {words[1], words[2], words[3], words[4], words[5], words[6]};
    memory.remote = {words[7], words[8]};
    return memory;
}

void pack(const PeStatistics& statistics, std::vector<std::uint64_t>& words) {
    const MessageStatistics& messages = statistics.messages;
    words.insert(words.end(),
                 {statistics.instructions, std::bit_cast<std::uint64_t>(statistics.seconds),
                  std::bit_cast<std::uint64_t>(statistics.cpu_seconds),
                  statistics.guest_ram_resident_bytes, statistics.process_peak_bytes,
                  statistics.cycle_mode ? 1U : 0U, statistics.cycles});
    words.insert(words.end(), statistics.stalls.begin(), statistics.stalls.end());
    words.insert(words.end(),
                 {statistics.message_passing ? 1U : 0U, messages.sent, messages.received,
                  messages.send_fifo_full, messages.receive_fifo_empty, messages.send_wait_cycles,
                  messages.receive_wait_cycles});
    const TranslationStatistics& translation = statistics.translation;
    words.insert(words.end(),
                 {translation.translations, translation.code_bytes, translation.capacity_bytes,
                  translation.flushes, translation.full_flushes});
    const PeStatistics::SpeculativeRuns& speculation = statistics.speculation;
    words.insert(words.end(), {speculation.kept, speculation.undone, speculation.abandoned});
    pack_memory(statistics.memory, words);
    for (const ExtensionStatisticsList::Entry& extension : statistics.extensions.entries()) {
        extension.counters->pack(words);
    }
    const std::vector<TargetCounters<SentMessages>> receivers = messages.sent_to.reached();
    words.push_back(receivers.size());
    for (const auto& [receiver, counters] : receivers) {
        words.insert(words.end(), {receiver, counters.messages});
    }
}

// Rebuilds what pack wrote at `words` for PE `pe` of a job of `pes` PEs, whose extensions count
// what `extensions` holds (every rank's PEs run the same ISA); returns the word after it.
const std::uint64_t* unpack(unsigned pe, const std::uint64_t* words, unsigned pes,
                            const ExtensionStatisticsList& extensions, PeStatistics& statistics) {
    statistics.pe = pe;
    statistics.instructions = words[0];
    statistics.seconds = std::bit_cast<double>(words[1]);
    statistics.cpu_seconds = std::bit_cast<double>(words[2]);
    statistics.guest_ram_resident_bytes = words[3];
    statistics.process_peak_bytes = words[4];
    statistics.cycle_mode = words[5] != 0;
    statistics.cycles = words[6];
    std::copy_n(words + 7, kStallCauseCount, statistics.stalls.begin());
    const std::uint64_t* messages = words + 7 + kStallCauseCount;
    statistics.message_passing = messages[0] != 0;
    statistics.messages.sent = messages[1];
    statistics.messages.received = messages[2];
    statistics.messages.send_fifo_full = messages[3];
    statistics.messages.receive_fifo_empty = messages[4];
    statistics.messages.send_wait_cycles = messages[5];
    statistics.messages.receive_wait_cycles = messages[6];
    const std::uint64_t* translation = messages + kMessageWords;
    statistics.translation = {translation[0], translation[1], translation[2], translation[3],
                              translation[4]};
    const std::uint64_t* speculation = translation + kTranslationWords;
    statistics.speculation = {speculation[0], speculation[1], speculation[2]};
    statistics.memory = unpack_memory(speculation + kSpeculationWords);
    words += kScalarWords;
    statistics.extensions = extensions.zeroed(pes);
    for (const ExtensionStatisticsList::Entry& extension : statistics.extensions.entries()) {
        words = extension.counters->unpack(words);
    }
    statistics.messages.sent_to = PerTargetCounters<SentMessages>(pes);
    const std::uint64_t receivers = *words++;
    for (std::uint64_t entry = 0; entry < receivers; ++entry, words += 2) {
        statistics.messages.sent_to.add(static_cast<unsigned>(words[0]), {words[1]});
    }
    return words;
}

// The guest's measurements follow a PE's counters: --stats-roi, a reset, the regions (five words
// each), then each dump's place in the run (instructions, cycles), label (its length, its bytes
// in words) and figures (as pack writes them).
void pack_measurements(const PeStatistics& statistics, std::vector<std::uint64_t>& words) {
    words.insert(words.end(), {statistics.regions_only ? 1U : 0U, statistics.reset ? 1U : 0U,
                               statistics.regions.size()});
    for (const RegionOfInterest& region : statistics.regions) {
        words.insert(words.end(),
                     {region.begin_instructions, region.begin_cycles, region.end_instructions,
                      region.end_cycles, region.ended ? 1U : 0U});
    }
    words.push_back(statistics.dumps.size());
    for (const StatisticsDump& dump : statistics.dumps) {
        words.insert(words.end(), {dump.at_instructions, dump.at_cycles, dump.label.size()});
        std::vector<std::uint64_t> label((dump.label.size() + 7) / 8, 0);
        std::memcpy(label.data(), dump.label.data(), dump.label.size());
        words.insert(words.end(), label.begin(), label.end());
        pack(dump.figures, words);
    }
}

void unpack_measurements(const std::uint64_t* words, unsigned pes,
                         const ExtensionStatisticsList& extensions, PeStatistics& statistics) {
    statistics.regions_only = *words++ != 0;
    statistics.reset = *words++ != 0;
    const std::uint64_t regions = *words++;
    for (std::uint64_t region = 0; region < regions; ++region, words += 5) {
        statistics.regions.push_back({words[0], words[1], words[2], words[3], words[4] != 0});
    }
    const std::uint64_t dumps = *words++;
    for (std::uint64_t dump = 0; dump < dumps; ++dump) {
        StatisticsDump entry;
        entry.at_instructions = *words++;
        entry.at_cycles = *words++;
        entry.label.resize(*words++);
        std::memcpy(entry.label.data(), words, entry.label.size());
        words += (entry.label.size() + 7) / 8;
        words = unpack(statistics.pe, words, pes, extensions, entry.figures);
        statistics.dumps.push_back(std::move(entry));
    }
}

} // namespace

std::vector<PeStatistics> gather_statistics(const std::vector<PeStatistics>& local) {
    int rank = 0;
    int size = 0;
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    MPI_Comm_size(MPI_COMM_WORLD, &size);
    std::vector<std::uint64_t> words;
    std::vector<int> local_lengths;
    for (const PeStatistics& statistics : local) {
        const std::size_t start = words.size();
        pack(statistics, words);
        pack_measurements(statistics, words);
        local_lengths.push_back(static_cast<int>(words.size() - start));
    }
    const std::size_t pes = local.size() * static_cast<std::size_t>(size);
    const int count = static_cast<int>(local.size());
    std::vector<int> lengths(rank == 0 ? pes : 0);
    MPI_Gather(local_lengths.data(), count, MPI_INT, lengths.data(), count, MPI_INT, 0,
               MPI_COMM_WORLD);
    // Where each PE's record starts in what rank 0 gathers, and each rank's share.
    std::vector<int> offsets(lengths.size(), 0);
    for (std::size_t pe = 1; pe < lengths.size(); ++pe) {
        offsets[pe] = offsets[pe - 1] + lengths[pe - 1];
    }
    std::vector<int> rank_lengths(rank == 0 ? static_cast<std::size_t>(size) : 0, 0);
    std::vector<int> rank_offsets(rank_lengths.size(), 0);
    for (std::size_t pe = 0; pe < lengths.size(); ++pe) {
        rank_lengths[pe / local.size()] += lengths[pe];
    }
    for (std::size_t other = 1; other < rank_lengths.size(); ++other) {
        rank_offsets[other] = rank_offsets[other - 1] + rank_lengths[other - 1];
    }
    std::vector<std::uint64_t> gathered(
        rank == 0 ? static_cast<std::size_t>(offsets.back() + lengths.back()) : 0);
    MPI_Gatherv(words.data(), static_cast<int>(words.size()), MPI_UINT64_T, gathered.data(),
                rank_lengths.data(), rank_offsets.data(), MPI_UINT64_T, 0, MPI_COMM_WORLD);
    const auto pe_count = static_cast<unsigned>(pes);
    const ExtensionStatisticsList& extensions = local.front().extensions;
    std::vector<PeStatistics> statistics(rank == 0 ? pes : 0);
    for (std::size_t pe = 0; pe < statistics.size(); ++pe) {
        const std::uint64_t* record = gathered.data() + offsets[pe];
        const std::uint64_t* measurements =
            unpack(static_cast<unsigned>(pe), record, pe_count, extensions, statistics[pe]);
        unpack_measurements(measurements, pe_count, extensions, statistics[pe]);
    }
    return statistics;
}

} // namespace xbemu
