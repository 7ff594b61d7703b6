#include "host/semihosting_directory.hpp"

#include <cerrno>
#include <cstring>
#include <fcntl.h>
#include <fmt/format.h>
#include <map>
#include <mutex>
#include <stdexcept>
#include <unistd.h>

namespace xbemu {

std::shared_ptr<const SemihostingDirectory>
SemihostingDirectory::open(const std::filesystem::path& path) {
    // Locked because nothing ties a Semihosting to one thread. The map keeps one entry per path
    // the process has named, almost always one, so expired entries are reused, never erased.
    static std::mutex lock;
    static std::map<std::filesystem::path, std::weak_ptr<const SemihostingDirectory>> opened;
    const std::scoped_lock guard(lock);
    std::weak_ptr<const SemihostingDirectory>& entry = opened[path];
    if (auto shared = entry.lock()) {
        return shared;
    }
    const int descriptor = ::open(path.c_str(), O_PATH | O_DIRECTORY | O_CLOEXEC);
    if (descriptor < 0) {
        throw std::runtime_error(fmt::format("cannot use {} as the semihosting directory: {}",
                                             path.string(), std::strerror(errno)));
    }
    auto shared = std::make_shared<const SemihostingDirectory>(descriptor);
    entry = shared;
    return shared;
}

SemihostingDirectory::~SemihostingDirectory() {
    ::close(descriptor_);
}

} // namespace xbemu
