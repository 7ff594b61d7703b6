#pragma once
// Linux futexes on plain 32-bit words, without FUTEX_PRIVATE_FLAG: the word may lie in memory
// that several processes share (a POSIX shared memory segment) as well as in this process's own.

#include <chrono>
#include <cstdint>

namespace xbemu {

// Sleeps while *word holds `expected`, until woken (or, with a timeout, until it passes); may
// return early for no reason, as futexes do.
void futex_wait(std::uint32_t* word, std::uint32_t expected);
void futex_wait(std::uint32_t* word, std::uint32_t expected, std::chrono::nanoseconds timeout);
void futex_wake_one(std::uint32_t* word);
void futex_wake_all(std::uint32_t* word);

} // namespace xbemu
