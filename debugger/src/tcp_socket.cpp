#include "tcp_socket.hpp"

#include <arpa/inet.h>
#include <cerrno>
#include <cstring>
#include <fmt/format.h>
#include <netdb.h>
#include <netinet/in.h>
#include <poll.h>
#include <stdexcept>
#include <sys/socket.h>
#include <unistd.h>

namespace xbemu::gdb {

UniqueFd& UniqueFd::operator=(UniqueFd&& other) noexcept {
    if (this != &other) {
        reset();
        fd_ = other.release();
    }
    return *this;
}

void UniqueFd::reset() {
    if (fd_ >= 0) {
        ::close(fd_);
        fd_ = -1;
    }
}

UniqueFd listen_tcp(const std::string& host, unsigned port) {
    addrinfo hints{};
    // localhost is the loopback interface gdb's `target remote :PORT` reaches.
    hints.ai_family = host == "localhost" ? AF_INET : AF_UNSPEC;
    hints.ai_socktype = SOCK_STREAM;
    hints.ai_flags = AI_PASSIVE;
    addrinfo* found = nullptr;
    const std::string service = std::to_string(port);
    if (const int error = ::getaddrinfo(host.c_str(), service.c_str(), &hints, &found);
        error != 0) {
        throw std::runtime_error(
            fmt::format("gdb stub: cannot resolve {}: {}", host, ::gai_strerror(error)));
    }
    std::string reason = "no address";
    for (const addrinfo* entry = found; entry != nullptr; entry = entry->ai_next) {
        UniqueFd fd(
            ::socket(entry->ai_family, entry->ai_socktype | SOCK_CLOEXEC, entry->ai_protocol));
        if (!fd) {
            reason = std::strerror(errno);
            continue;
        }
        const int yes = 1;
        ::setsockopt(fd.get(), SOL_SOCKET, SO_REUSEADDR, &yes, sizeof yes);
        if (::bind(fd.get(), entry->ai_addr, entry->ai_addrlen) != 0 ||
            ::listen(fd.get(), 1) != 0) {
            reason = std::strerror(errno);
            continue;
        }
        ::freeaddrinfo(found);
        return fd;
    }
    ::freeaddrinfo(found);
    throw std::runtime_error(
        fmt::format("gdb stub: cannot listen on {}:{}: {}", host, port, reason));
}

unsigned bound_port(int fd) {
    sockaddr_storage address{};
    socklen_t length = sizeof address;
    if (::getsockname(fd, reinterpret_cast<sockaddr*>(&address), &length) != 0) {
        return 0;
    }
    if (address.ss_family == AF_INET6) {
        return ntohs(reinterpret_cast<const sockaddr_in6*>(&address)->sin6_port);
    }
    return ntohs(reinterpret_cast<const sockaddr_in*>(&address)->sin_port);
}

bool readable(int fd) {
    pollfd ready{fd, POLLIN, 0};
    return ::poll(&ready, 1, 0) == 1 && (ready.revents & (POLLIN | POLLHUP | POLLERR)) != 0;
}

bool send_all(int fd, std::string_view data) {
    while (!data.empty()) {
        const ssize_t written = ::send(fd, data.data(), data.size(), MSG_NOSIGNAL);
        if (written < 0 && errno == EINTR) {
            continue;
        }
        if (written <= 0) {
            return false;
        }
        data.remove_prefix(static_cast<std::size_t>(written));
    }
    return true;
}

std::string peer_name(int fd) {
    sockaddr_storage address{};
    socklen_t length = sizeof address;
    char host[NI_MAXHOST] = {};
    char service[NI_MAXSERV] = {};
    if (::getpeername(fd, reinterpret_cast<sockaddr*>(&address), &length) != 0 ||
        ::getnameinfo(reinterpret_cast<const sockaddr*>(&address), length, host, sizeof host,
                      service, sizeof service, NI_NUMERICHOST | NI_NUMERICSERV) != 0) {
        return "an unknown peer";
    }
    return fmt::format("{}:{}", host, service);
}

} // namespace xbemu::gdb
