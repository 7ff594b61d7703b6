#include "host/semihosting_confined_paths.hpp"

#include <cerrno>
#include <cstdint>
#include <fcntl.h>
#include <linux/openat2.h>
#include <string_view>
#include <sys/syscall.h>
#include <unistd.h>

namespace xbemu {

namespace {

// Catches "/x", "../x" and "a/../../x" without looking at the file system. openat2 rejects these
// too, but this check is all that protects the root on kernels without openat2 (before 5.6).
bool leaves_root_lexically(std::string_view path) {
    if (path.starts_with('/')) {
        return true;
    }
    std::size_t depth = 0;
    while (!path.empty()) {
        const std::size_t slash = path.find('/');
        const std::string_view component = path.substr(0, slash);
        path = slash == std::string_view::npos ? std::string_view{} : path.substr(slash + 1);
        if (component == "..") {
            if (depth == 0) {
                return true;
            }
            --depth;
        } else if (!component.empty() && component != ".") {
            ++depth;
        }
    }
    return false;
}

int open_resolving_beneath(int root_descriptor, const std::string& path, int flags, mode_t mode) {
    open_how how{};
    how.flags = static_cast<std::uint64_t>(flags | O_CLOEXEC);
    // openat2 insists on a zero mode unless the call can create a file.
    how.mode = (flags & O_CREAT) != 0 ? mode : 0;
    how.resolve = RESOLVE_BENEATH;
    for (;;) {
        const long descriptor =
            ::syscall(SYS_openat2, root_descriptor, path.c_str(), &how, sizeof how);
        if (descriptor >= 0) {
            return static_cast<int>(descriptor);
        }
        if (errno == EAGAIN) {
            // A concurrent rename made the kernel unsure the lookup stayed beneath the root.
            continue;
        }
        if (errno == EXDEV) {
            return -EACCES;
        }
        if (errno != ENOSYS) {
            return -errno;
        }
        break;
    }
    const int descriptor = ::openat(root_descriptor, path.c_str(), flags | O_CLOEXEC, mode);
    return descriptor >= 0 ? descriptor : -errno;
}

// The directory that will hold the last component of `path`, and that component (with any
// trailing slashes, so that the kernel applies its usual rules to "name/").
class ParentDirectory {
public:
    ParentDirectory(int root_descriptor, const std::string& path) {
        const std::size_t last_character = path.find_last_not_of('/');
        const std::size_t slash = last_character == std::string::npos
                                      ? std::string::npos
                                      : path.rfind('/', last_character);
        if (slash == std::string::npos) {
            descriptor_ = open_resolving_beneath(root_descriptor, ".", O_PATH | O_DIRECTORY, 0);
            name_ = path;
        } else {
            descriptor_ = open_resolving_beneath(root_descriptor, path.substr(0, slash + 1),
                                                 O_PATH | O_DIRECTORY, 0);
            name_ = path.substr(slash + 1);
        }
    }
    ParentDirectory(const ParentDirectory&) = delete;
    ParentDirectory& operator=(const ParentDirectory&) = delete;
    ~ParentDirectory() {
        if (descriptor_ >= 0) {
            ::close(descriptor_);
        }
    }

    // The descriptor, or a negated errno value when the directory could not be reached.
    int descriptor() const { return descriptor_; }
    const char* name() const { return name_.c_str(); }

private:
    int descriptor_ = -1;
    std::string name_;
};

} // namespace

int open_beneath(int root_descriptor, const std::string& path, int flags, mode_t mode) {
    if (leaves_root_lexically(path)) {
        return -EACCES;
    }
    return open_resolving_beneath(root_descriptor, path, flags, mode);
}

int remove_beneath(int root_descriptor, const std::string& path) {
    if (leaves_root_lexically(path)) {
        return -EACCES;
    }
    const ParentDirectory parent(root_descriptor, path);
    if (parent.descriptor() < 0) {
        return parent.descriptor();
    }
    if (::unlinkat(parent.descriptor(), parent.name(), 0) == 0) {
        return 0;
    }
    if (errno != EISDIR) {
        return -errno;
    }
    return ::unlinkat(parent.descriptor(), parent.name(), AT_REMOVEDIR) == 0 ? 0 : -errno;
}

int rename_beneath(int root_descriptor, const std::string& from, const std::string& to) {
    if (leaves_root_lexically(from) || leaves_root_lexically(to)) {
        return -EACCES;
    }
    const ParentDirectory from_parent(root_descriptor, from);
    if (from_parent.descriptor() < 0) {
        return from_parent.descriptor();
    }
    const ParentDirectory to_parent(root_descriptor, to);
    if (to_parent.descriptor() < 0) {
        return to_parent.descriptor();
    }
    return ::renameat(from_parent.descriptor(), from_parent.name(), to_parent.descriptor(),
                      to_parent.name()) == 0
               ? 0
               : -errno;
}

} // namespace xbemu
