#pragma once
// Host file-system operations on guest-supplied paths, confined beneath the semihosting root
// directory. Every function returns what the kernel would (a descriptor or 0) or a negated errno
// value; a path that is absolute or would resolve outside the root (through "..", or through a
// symbolic link when the kernel has openat2) fails with -EACCES before anything outside the root
// is touched.

#include <string>
#include <sys/types.h>

namespace xbemu {

// `root_descriptor` is an O_PATH descriptor of the root directory.
int open_beneath(int root_descriptor, const std::string& path, int flags, mode_t mode);

// Removes a file or an empty directory, as the C library's remove() does.
int remove_beneath(int root_descriptor, const std::string& path);

int rename_beneath(int root_descriptor, const std::string& from, const std::string& to);

} // namespace xbemu
