#include "open_file_limit.hpp"

#include <fmt/format.h>
#include <stdexcept>
#include <sys/resource.h>

namespace xbemu {

namespace {

// A PE's semihosting directory; the files its guest opens come on top.
constexpr rlim_t kFilesPerPe = 1;
// The standard streams, the libraries' and MPI's own descriptors, a few guest files.
constexpr rlim_t kFilesOfProcess = 256;

} // namespace

void fit_open_file_limit(unsigned pes) {
    rlimit limit{};
    if (getrlimit(RLIMIT_NOFILE, &limit) != 0) {
        return;
    }
    const rlim_t needed = pes * kFilesPerPe + kFilesOfProcess;
    if (limit.rlim_cur == RLIM_INFINITY || needed <= limit.rlim_cur) {
        return;
    }
    if (limit.rlim_max != RLIM_INFINITY && needed > limit.rlim_max) {
        throw std::invalid_argument(fmt::format(
            "{} PEs in a process need about {} open files (one each for its semihosting "
            "directory), more than this process may have (ulimit -n: {}, at most {}): use more "
            "ranks of fewer PEs, or raise the limit",
            pes, needed, limit.rlim_cur, limit.rlim_max));
    }
    limit.rlim_cur = needed;
    setrlimit(RLIMIT_NOFILE, &limit);
}

} // namespace xbemu
