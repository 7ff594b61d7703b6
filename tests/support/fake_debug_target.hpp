#pragma once
// A DebugTarget in plain memory for the gdb protocol's unit tests and fuzzer: threads 1..N, each
// with 33 64-bit registers (x0-x31, pc) and one extra register numbered 100, a small RAM at
// kFakeRamBase shared by every thread, stop points recorded as they are set (at most
// kFakeTriggers that need a trigger), and a monitor that echoes its command.

#include "xbemu/debugger/debug_target.hpp"

#include <algorithm>
#include <array>
#include <cstring>
#include <fmt/format.h>
#include <map>
#include <numeric>
#include <set>
#include <tuple>
#include <utility>

namespace xbemu::gdb {

inline constexpr std::uint64_t kFakeRamBase = 0x8000'0000;
inline constexpr std::size_t kFakeRamSize = 4096;
inline constexpr unsigned kFakePc = 32;
inline constexpr unsigned kFakeExtraRegister = 100;
inline constexpr std::size_t kFakeTriggers = 2;

class FakeDebugTarget final : public DebugTarget {
public:
    explicit FakeDebugTarget(unsigned thread_count = 4) : threads_(thread_count) {
        std::iota(threads_.begin(), threads_.end(), 1U);
        RegisterFeature cpu{"org.gnu.gdb.riscv.cpu", {}, {}};
        for (unsigned number = 0; number < 32; ++number) {
            cpu.registers.push_back({fmt::format("x{}", number), number, 64, "int", {}});
            layout_.g_packet.push_back(number);
        }
        cpu.registers.push_back({"pc", kFakePc, 64, "code_ptr", {}});
        layout_.g_packet.push_back(kFakePc);
        layout_.architecture = "riscv:rv64";
        layout_.pc = kFakePc;
        layout_.features.push_back(std::move(cpu));
        layout_.features.push_back(
            {"org.xbemu.test", {{"extra", kFakeExtraRegister, 32, "int", "test"}}, {}});
    }

    std::vector<unsigned> threads() const override { return threads_; }
    std::string thread_description(unsigned thread) const override {
        return fmt::format("fake {}", thread);
    }
    const RegisterLayout& registers() const override { return layout_; }

    std::optional<std::uint64_t> read_register(unsigned thread, unsigned number) override {
        if (!exists(thread) || layout_.find(number) == nullptr) {
            return std::nullopt;
        }
        const auto found = values_.find({thread, number});
        return found == values_.end() ? thread * 0x100 + number : found->second;
    }
    bool write_register(unsigned thread, unsigned number, std::uint64_t value) override {
        if (!exists(thread) || layout_.find(number) == nullptr) {
            return false;
        }
        values_[{thread, number}] = value;
        return true;
    }

    std::size_t read_memory(unsigned /*thread*/, std::uint64_t address,
                            std::span<std::uint8_t> destination) override {
        if (address < kFakeRamBase || address - kFakeRamBase >= kFakeRamSize) {
            return 0;
        }
        const std::size_t offset = address - kFakeRamBase;
        const std::size_t count = std::min(destination.size(), kFakeRamSize - offset);
        std::memcpy(destination.data(), ram_.data() + offset, count);
        return count;
    }
    bool write_memory(unsigned /*thread*/, std::uint64_t address,
                      std::span<const std::uint8_t> data) override {
        if (address < kFakeRamBase || address - kFakeRamBase > kFakeRamSize ||
            data.size() > kFakeRamSize - (address - kFakeRamBase)) {
            return false;
        }
        std::memcpy(ram_.data() + (address - kFakeRamBase), data.data(), data.size());
        return true;
    }

    StopPointResult insert_stop_point(StopPointKind kind, std::uint64_t address,
                                      std::uint64_t length) override {
        if (kind != StopPointKind::Software && !stop_points_.contains({kind, address, length})) {
            const auto triggered =
                std::count_if(stop_points_.begin(), stop_points_.end(), [](const auto& point) {
                    return std::get<0>(point) != StopPointKind::Software;
                });
            if (static_cast<std::size_t>(triggered) == kFakeTriggers) {
                return StopPointResult::Failed;
            }
        }
        stop_points_.insert({kind, address, length});
        return StopPointResult::Done;
    }
    StopPointResult remove_stop_point(StopPointKind kind, std::uint64_t address,
                                      std::uint64_t length) override {
        stop_points_.erase({kind, address, length});
        return StopPointResult::Done;
    }

    std::string monitor(unsigned thread, std::string_view command) override {
        return fmt::format("thread {}: {}\n", thread, command);
    }

    std::array<std::uint8_t, kFakeRamSize>& ram() { return ram_; }
    const std::set<std::tuple<StopPointKind, std::uint64_t, std::uint64_t>>& stop_points() const {
        return stop_points_;
    }

private:
    bool exists(unsigned thread) const {
        return std::find(threads_.begin(), threads_.end(), thread) != threads_.end();
    }

    std::vector<unsigned> threads_;
    RegisterLayout layout_;
    std::map<std::pair<unsigned, unsigned>, std::uint64_t> values_;
    std::array<std::uint8_t, kFakeRamSize> ram_{};
    std::set<std::tuple<StopPointKind, std::uint64_t, std::uint64_t>> stop_points_;
};

} // namespace xbemu::gdb
