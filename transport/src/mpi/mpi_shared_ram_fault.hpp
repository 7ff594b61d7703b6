#pragma once
// A full /dev/shm, reported in one line. The node's shared guest RAM (MpiNodeRam) gets its pages
// from /dev/shm only when a guest first touches them, and when the file system has no room left
// the touch raises SIGBUS: a crash with a backtrace and no word of the cause.

#include <cstddef>
#include <cstdint>
#include <span>
#include <string>

namespace xbemu {

// Watches the node's RAM parts (each `size` bytes) for SIGBUS from this call on; a fault inside
// them prints `message` on standard error and ends the job with exit status 2. Faults elsewhere
// go to the handler that was there before. Called once per process.
void watch_shared_ram_faults(std::span<std::byte* const> parts, std::uint64_t size,
                             const std::string& message);

// Puts the previous SIGBUS handler back; the parts are about to be unmapped.
void stop_watching_shared_ram_faults();

} // namespace xbemu
