#pragma once
// The few TCP operations the gdb stub needs, on POSIX sockets.

#include <string>
#include <string_view>

namespace xbemu::gdb {

// A file descriptor closed when its owner goes.
class UniqueFd {
public:
    UniqueFd() = default;
    explicit UniqueFd(int fd) : fd_(fd) {}
    UniqueFd(UniqueFd&& other) noexcept : fd_(other.release()) {}
    UniqueFd& operator=(UniqueFd&& other) noexcept;
    UniqueFd(const UniqueFd&) = delete;
    UniqueFd& operator=(const UniqueFd&) = delete;
    ~UniqueFd() { reset(); }

    int get() const { return fd_; }
    explicit operator bool() const { return fd_ >= 0; }
    int release() {
        const int fd = fd_;
        fd_ = -1;
        return fd;
    }
    void reset();

private:
    int fd_ = -1;
};

// A listening socket on host:port. Throws std::runtime_error with the reason.
UniqueFd listen_tcp(const std::string& host, unsigned port);
unsigned bound_port(int fd);
// Whether a read would not block now (data, or the peer's end).
bool readable(int fd);
// Writes everything; false when the peer is gone (no SIGPIPE).
bool send_all(int fd, std::string_view data);
// "address:port" of a connected socket's peer.
std::string peer_name(int fd);

} // namespace xbemu::gdb
