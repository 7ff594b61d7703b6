#include "shared/futex.hpp"

#include <climits>
#include <ctime>
#include <linux/futex.h>
#include <sys/syscall.h>
#include <unistd.h>

namespace xbemu {

namespace {

void futex(std::uint32_t* word, int operation, std::uint32_t value, const timespec* timeout) {
    syscall(SYS_futex, word, operation, value, timeout, nullptr, 0);
}

} // namespace

void futex_wait(std::uint32_t* word, std::uint32_t expected) {
    futex(word, FUTEX_WAIT, expected, nullptr);
}

void futex_wait(std::uint32_t* word, std::uint32_t expected, std::chrono::nanoseconds timeout) {
    const auto seconds = std::chrono::duration_cast<std::chrono::seconds>(timeout);
    const timespec relative{static_cast<time_t>(seconds.count()),
                            static_cast<long>((timeout - seconds).count())};
    futex(word, FUTEX_WAIT, expected, &relative);
}

void futex_wake_one(std::uint32_t* word) {
    futex(word, FUTEX_WAKE, 1, nullptr);
}

void futex_wake_all(std::uint32_t* word) {
    futex(word, FUTEX_WAKE, INT_MAX, nullptr);
}

} // namespace xbemu
