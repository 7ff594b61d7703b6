#pragma once
// What the gdb protocol side asks of the program being debugged, in protocol terms: threads by
// gdb thread id (1, 2, ...), registers by protocol number, memory of a thread's address space,
// stop points, and monitor commands. Resuming and stopping are not here: the session only says
// which threads should run how (ResumeRequest), and the server makes it happen.

#include "xbemu/debugger/register_layout.hpp"

#include <cstddef>
#include <cstdint>
#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <vector>

namespace xbemu::gdb {

// The Z/z packet types.
enum class StopPointKind : std::uint8_t {
    Software = 0,
    Hardware = 1,
    WriteWatch = 2,
    ReadWatch = 3,
    AccessWatch = 4,
};

enum class StopPointResult : std::uint8_t {
    Done,
    Unsupported, // this kind of stop point does not exist here (empty reply)
    Failed,      // it exists but could not be set or removed (error reply)
};

class DebugTarget {
public:
    DebugTarget() = default;
    DebugTarget(const DebugTarget&) = delete;
    DebugTarget& operator=(const DebugTarget&) = delete;
    virtual ~DebugTarget() = default;

    // The threads that exist, in ascending order.
    virtual std::vector<unsigned> threads() const = 0;
    virtual std::string thread_description(unsigned thread) const = 0;
    virtual const RegisterLayout& registers() const = 0;
    virtual std::optional<std::uint64_t> read_register(unsigned thread, unsigned number) = 0;
    virtual bool write_register(unsigned thread, unsigned number, std::uint64_t value) = 0;
    // Reads up to destination.size() bytes from `address` on; returns how many it could read.
    virtual std::size_t read_memory(unsigned thread, std::uint64_t address,
                                    std::span<std::uint8_t> destination) = 0;
    virtual bool write_memory(unsigned thread, std::uint64_t address,
                              std::span<const std::uint8_t> data) = 0;
    // Stop points apply to every thread, as gdb expects of threads that share a program.
    virtual StopPointResult insert_stop_point(StopPointKind kind, std::uint64_t address,
                                              std::uint64_t length) = 0;
    virtual StopPointResult remove_stop_point(StopPointKind kind, std::uint64_t address,
                                              std::uint64_t length) = 0;
    // A `monitor` command, run for the selected thread; returns the text to show.
    virtual std::string monitor(unsigned thread, std::string_view command) = 0;
};

} // namespace xbemu::gdb
