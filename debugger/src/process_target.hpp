#pragma once
// The PEs of this process as gdb's target: PE p is thread p + 1, with the registers of
// riscv_registers.hpp, its own RAM as memory, and the stop points every PE shares. Used while
// the job is stopped (run_control.hpp), from the server's thread.

#include "run_control.hpp"
#include "stop_points.hpp"
#include "xbemu/debugger/debug_target.hpp"

#include <chrono>
#include <string_view>
#include <vector>

namespace xbemu {
class Hart;
class ProcessingElement;
} // namespace xbemu

namespace xbemu::gdb {

class ProcessTarget final : public DebugTarget {
public:
    ProcessTarget(std::vector<ProcessingElement*> pes, RegisterLayout layout,
                  std::vector<std::string_view> extensions, StopPoints& stop_points,
                  const RunControl& control);

    std::vector<unsigned> threads() const override;
    std::string thread_description(unsigned thread) const override;
    const RegisterLayout& registers() const override { return layout_; }
    std::optional<std::uint64_t> read_register(unsigned thread, unsigned number) override;
    bool write_register(unsigned thread, unsigned number, std::uint64_t value) override;
    std::size_t read_memory(unsigned thread, std::uint64_t address,
                            std::span<std::uint8_t> destination) override;
    bool write_memory(unsigned thread, std::uint64_t address,
                      std::span<const std::uint8_t> data) override;
    StopPointResult insert_stop_point(StopPointKind kind, std::uint64_t address,
                                      std::uint64_t length) override;
    StopPointResult remove_stop_point(StopPointKind kind, std::uint64_t address,
                                      std::uint64_t length) override;
    std::string monitor(unsigned thread, std::string_view command) override;

    // Removes every stop point (detach).
    void clear_stop_points();

private:
    ProcessingElement* pe_of(unsigned thread) const;
    // Marks the pages write watchpoints cover, so that writes other PEs make there reach the
    // hart (the cycle mode applies them through its network interface).
    void update_watched_pages();
    void discard_decoded_code();
    std::string statistics() const;

    std::vector<ProcessingElement*> pes_;
    RegisterLayout layout_;
    std::vector<std::string_view> extensions_;
    StopPoints& stop_points_;
    const RunControl& control_;
    bool double_precision_;
    std::vector<std::uint64_t> watched_pages_;
    std::chrono::steady_clock::time_point started_ = std::chrono::steady_clock::now();
};

} // namespace xbemu::gdb
