#pragma once
// The directory semihosting confines the guest's files to, opened once (O_PATH) for every PE of
// the process that names it: a descriptor per PE would tie the number of PEs a process can hold
// to its limit of open files (ulimit -n), 65,536 PEs to a limit of 20,000. The files a guest
// opens stay its own.

#include <filesystem>
#include <memory>

namespace xbemu {

class SemihostingDirectory {
public:
    // The directory at `path`, shared with every holder of the same path while one of them
    // lives. Throws std::runtime_error naming the directory when it cannot be opened.
    static std::shared_ptr<const SemihostingDirectory> open(const std::filesystem::path& path);

    explicit SemihostingDirectory(int descriptor) : descriptor_(descriptor) {}
    ~SemihostingDirectory();
    SemihostingDirectory(const SemihostingDirectory&) = delete;
    SemihostingDirectory& operator=(const SemihostingDirectory&) = delete;

    // The O_PATH descriptor that semihosting_confined_paths.hpp resolves guest paths beneath.
    int descriptor() const { return descriptor_; }

private:
    int descriptor_;
};

} // namespace xbemu
