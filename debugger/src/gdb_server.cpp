#include "gdb_server.hpp"

#include "xbemu/debugger/rsp_encoding.hpp"

#include <array>
#include <cerrno>
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <netinet/in.h>
#include <netinet/tcp.h>
#include <poll.h>
#include <sys/eventfd.h>
#include <sys/socket.h>
#include <unistd.h>

namespace xbemu::gdb {

namespace {

// How often, while the job runs, watched memory is compared for other PEs' writes.
constexpr int kWatchPollMilliseconds = 1;
constexpr std::size_t kReceiveChunk = 4096;
constexpr std::size_t kConsoleChunk = 512;
// How long the end of the job waits for gdb to take in the exit status and leave.
constexpr std::chrono::milliseconds kGoodbyeTimeout{2000};
constexpr int kGoodbyePollMilliseconds = 100;
// What a gdb `kill` leaves as xbemu's exit status: the guest did not finish.
constexpr int kKilledStatus = 1;

} // namespace

GdbServer::GdbServer(ProcessTarget& target, RunControl& control, UniqueFd listener)
    : target_(target), control_(control), listener_(std::move(listener)),
      wake_(::eventfd(0, EFD_CLOEXEC | EFD_NONBLOCK)) {
    if (!wake_) {
        throw std::runtime_error("gdb stub: cannot create an eventfd");
    }
    control_.set_notifier([this] { wake(); });
    thread_ = std::thread([this] { run(); });
}

GdbServer::~GdbServer() {
    {
        const std::lock_guard lock(ended_mutex_);
        ended_ = true;
    }
    wake();
    if (thread_.joinable()) {
        thread_.join();
    }
    control_.set_notifier({});
}

void GdbServer::job_ended(int status, const std::optional<std::string>& failure) {
    {
        const std::lock_guard lock(ended_mutex_);
        ended_ = true;
        exit_status_ = status;
        failure_ = failure;
    }
    wake();
    if (thread_.joinable()) {
        thread_.join();
    }
}

void GdbServer::wake() {
    const std::uint64_t one = 1;
    // A full counter means a wake-up is pending already.
    [[maybe_unused]] const ssize_t written = ::write(wake_.get(), &one, sizeof one);
}

void GdbServer::run() {
    for (;;) {
        std::array<pollfd, 3> fds{};
        fds[0] = {wake_.get(), POLLIN, 0};
        fds[1] = {listener_.get(), POLLIN, 0};
        fds[2] = {client_ ? client_.get() : -1, POLLIN, 0};
        const bool watch = !control_.stopped() && control_.watches_memory();
        if (::poll(fds.data(), fds.size(), watch ? kWatchPollMilliseconds : -1) < 0 &&
            errno != EINTR) {
            std::perror("xbemu: gdb stub: poll");
            return;
        }
        if ((fds[0].revents & POLLIN) != 0) {
            std::uint64_t count = 0;
            [[maybe_unused]] const ssize_t read = ::read(wake_.get(), &count, sizeof count);
        }
        {
            const std::lock_guard lock(ended_mutex_);
            if (ended_) {
                finish();
                return;
            }
        }
        // Input first: a client that left makes room for one waiting to connect.
        if (client_ && (fds[2].revents & (POLLIN | POLLHUP | POLLERR)) != 0) {
            receive();
        }
        if ((fds[1].revents & POLLIN) != 0) {
            accept_connection();
        }
        if (watch) {
            control_.check_watched_memory();
        }
        if (const auto stop = control_.take_stop()) {
            on_stop(*stop);
        }
        process_queued();
    }
}

void GdbServer::accept_connection() {
    UniqueFd connection(::accept4(listener_.get(), nullptr, nullptr, SOCK_CLOEXEC));
    if (!connection) {
        return;
    }
    // The client may have left just before: its last bytes and its end can arrive together
    // with the new connection. Read them first.
    while (client_ && readable(client_.get())) {
        receive();
    }
    if (client_) {
        std::fprintf(stderr,
                     "xbemu: gdb stub: refused a connection from %s: a debugger is already "
                     "connected (one at a time)\n",
                     peer_name(connection.get()).c_str());
        std::string refusal = "+";
        refusal += encode_packet("E.xbemu: another debugger is already connected");
        send_all(connection.get(), refusal);
        ::shutdown(connection.get(), SHUT_RDWR);
        return;
    }
    // Every exchange is a small packet and its answer: Nagle's algorithm would hold each
    // answer back until the acknowledgement went out, as gdbserver also avoids.
    const int yes = 1;
    ::setsockopt(connection.get(), IPPROTO_TCP, TCP_NODELAY, &yes, sizeof yes);
    client_ = std::move(connection);
    session_.emplace(target_);
    reader_ = PacketReader();
    queued_.clear();
    last_sent_.clear();
    reply_on_stop_ = false;
    // As QEMU does, a debugger that connects stops the program.
    if (control_.stopped() && last_stop_) {
        session_->stop_reply(*last_stop_);
        awaiting_stop_ = false;
    } else {
        control_.request_stop(kSignalTrap);
        awaiting_stop_ = true;
    }
}

void GdbServer::receive() {
    std::array<char, kReceiveChunk> buffer{};
    const ssize_t received = ::recv(client_.get(), buffer.data(), buffer.size(), 0);
    if (received < 0 && errno == EINTR) {
        return;
    }
    if (received <= 0) {
        drop_client();
        return;
    }
    for (ssize_t index = 0; index < received && client_; ++index) {
        const auto event = reader_.feed(buffer[static_cast<std::size_t>(index)]);
        if (!event) {
            continue;
        }
        switch (event->kind) {
        case InputKind::Interrupt:
            if (!control_.stopped()) {
                control_.request_stop(kSignalInterrupt);
            }
            break;
        case InputKind::Acknowledged:
            break;
        case InputKind::Rejected:
            if (!last_sent_.empty() && !send_all(client_.get(), last_sent_)) {
                drop_client();
            }
            break;
        case InputKind::Packet:
            if (!send_all(client_.get(), event->packet.checksum_ok ? "+" : "-")) {
                drop_client();
            } else if (event->packet.checksum_ok) {
                queued_.push_back(event->packet);
            }
            break;
        }
    }
}

void GdbServer::process_queued() {
    while (client_ && !awaiting_stop_ && control_.stopped() && !queued_.empty()) {
        const ReceivedPacket packet = std::move(queued_.front());
        queued_.pop_front();
        handle(packet);
    }
}

void GdbServer::handle(const ReceivedPacket& packet) {
    if (packet.oversized) {
        send_packet("E.packet too long");
        return;
    }
    const SessionResponse response = session_->handle_packet(packet.payload);
    for (const std::string& payload : response.packets) {
        send_packet(payload);
    }
    switch (response.then) {
    case SessionResponse::Then::Reply:
        break;
    case SessionResponse::Then::Resume:
        last_stop_.reset();
        awaiting_stop_ = true;
        reply_on_stop_ = true;
        control_.resume(response.resume);
        break;
    case SessionResponse::Then::Detach:
        detach();
        break;
    case SessionResponse::Then::Kill:
        std::fflush(nullptr);
        std::fputs("xbemu: killed by gdb\n", stderr);
        std::fflush(stderr);
        std::_Exit(kKilledStatus);
    }
}

void GdbServer::on_stop(const StopEvent& event) {
    last_stop_ = event;
    if (cleanup_on_stop_) {
        cleanup_on_stop_ = false;
        target_.clear_stop_points();
        if (!client_) {
            last_stop_.reset();
            control_.release();
            return;
        }
    }
    if (session_) {
        const std::string reply = session_->stop_reply(event);
        if (reply_on_stop_) {
            send_packet(reply);
        }
    }
    awaiting_stop_ = false;
    reply_on_stop_ = false;
}

void GdbServer::send_packet(std::string_view payload) {
    if (!client_) {
        return;
    }
    last_sent_ = encode_packet(payload);
    if (!send_all(client_.get(), last_sent_)) {
        drop_client();
    }
}

void GdbServer::detach() {
    target_.clear_stop_points();
    last_stop_.reset();
    control_.release();
    client_.reset();
    session_.reset();
    queued_.clear();
    awaiting_stop_ = false;
    reply_on_stop_ = false;
}

void GdbServer::drop_client() {
    client_.reset();
    session_.reset();
    queued_.clear();
    reply_on_stop_ = false;
    if (control_.stopped() && !awaiting_stop_) {
        detach();
        return;
    }
    // The stop points can change only while the job is stopped.
    cleanup_on_stop_ = true;
    control_.request_stop(kSignalTrap);
}

void GdbServer::finish() {
    if (client_ && reply_on_stop_) {
        if (failure_) {
            const std::string text = "xbemu: " + *failure_ + "\n";
            for (std::size_t offset = 0; offset < text.size(); offset += kConsoleChunk) {
                std::string packet = "O";
                packet += text_to_hex(std::string_view(text).substr(offset, kConsoleChunk));
                send_packet(packet);
            }
        }
        StopEvent exited;
        exited.reason = StopReason::Exited;
        exited.exit_status = failure_ ? 1 : exit_status_;
        send_packet(session_->stop_reply(exited));
        // gdb acknowledges these packets, then leaves; closing first would cut it off.
        std::array<char, kReceiveChunk> buffer{};
        const auto deadline = std::chrono::steady_clock::now() + kGoodbyeTimeout;
        while (client_ && std::chrono::steady_clock::now() < deadline) {
            pollfd ready{client_.get(), POLLIN, 0};
            if (::poll(&ready, 1, kGoodbyePollMilliseconds) == 1 &&
                ::recv(client_.get(), buffer.data(), buffer.size(), 0) <= 0) {
                break;
            }
        }
    }
    client_.reset();
    listener_.reset();
}

} // namespace xbemu::gdb
