// A raw gdb Remote Serial Protocol client that misbehaves on purpose, for the stub's robustness
// tests: every scenario talks to a stub on localhost:PORT that waits for a debugger
// (--gdb-wait), checks each answer, and ends the session the way the scenario says.
//   rsp_client malformed PORT   bad checksums, garbage, an oversized packet, malformed
//                               arguments; then continues the program to its end (W00)
//   rsp_client fuzz SEED N PORT N random packets (no resume, detach or kill), each answered
//                               with a well-framed reply; then kills the program
//   rsp_client second PORT      a second client is refused while the first stays served;
//                               then continues
//   rsp_client drop PORT        drops a connection in the middle of a packet, connects again
//                               and drops it while the program runs, connects again and kills
//                               the program (which must run until then)
//   rsp_client idle PID PORT    xbemu (process PID) blocks while it waits for a debugger and
//                               while it is stopped with one connected: it uses at most 5 % of
//                               a core's time in a second of each; then kills the program
// Exit status 0 when every check held, 1 (with the reason on stderr) otherwise.

#include <arpa/inet.h>
#include <cerrno>
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <fstream>
#include <iterator>
#include <netinet/in.h>
#include <netinet/tcp.h>
#include <optional>
#include <poll.h>
#include <random>
#include <sstream>
#include <stdexcept>
#include <string>
#include <string_view>
#include <sys/socket.h>
#include <thread>
#include <unistd.h>

namespace {

constexpr int kReplyTimeoutMilliseconds = 10000;

class CheckFailed : public std::runtime_error {
    using std::runtime_error::runtime_error;
};

void check(bool condition, const std::string& what) {
    if (!condition) {
        throw CheckFailed(what);
    }
}

std::string checksum(std::string_view payload) {
    unsigned sum = 0;
    for (const char byte : payload) {
        sum += static_cast<unsigned char>(byte);
    }
    char digits[3];
    std::snprintf(digits, sizeof digits, "%02x", sum & 0xffU);
    return digits;
}

std::string frame(std::string_view payload) {
    std::string packet(1, '$');
    packet += payload;
    packet += '#';
    packet += checksum(payload);
    return packet;
}

class Connection {
public:
    explicit Connection(unsigned port) : fd_(::socket(AF_INET, SOCK_STREAM, 0)) {
        check(fd_ >= 0, "cannot create a socket");
        sockaddr_in address{};
        address.sin_family = AF_INET;
        address.sin_port = htons(static_cast<std::uint16_t>(port));
        address.sin_addr.s_addr = htonl(INADDR_LOOPBACK);
        check(::connect(fd_, reinterpret_cast<const sockaddr*>(&address), sizeof address) == 0,
              "cannot connect: " + std::string(std::strerror(errno)));
        const int yes = 1;
        ::setsockopt(fd_, IPPROTO_TCP, TCP_NODELAY, &yes, sizeof yes);
    }
    Connection(const Connection&) = delete;
    Connection& operator=(const Connection&) = delete;
    ~Connection() { close(); }

    void close() {
        if (fd_ >= 0) {
            ::close(fd_);
            fd_ = -1;
        }
    }

    void send(std::string_view bytes) {
        while (!bytes.empty()) {
            const ssize_t written = ::send(fd_, bytes.data(), bytes.size(), MSG_NOSIGNAL);
            check(written > 0, "the stub closed the connection while we sent");
            bytes.remove_prefix(static_cast<std::size_t>(written));
        }
    }

    // The next byte, or nothing when the stub closed the connection.
    std::optional<char> byte() {
        if (position_ == buffer_.size()) {
            pollfd ready{fd_, POLLIN, 0};
            check(::poll(&ready, 1, kReplyTimeoutMilliseconds) == 1, "no answer from the stub");
            char chunk[4096];
            const ssize_t received = ::recv(fd_, chunk, sizeof chunk, 0);
            if (received <= 0) {
                return std::nullopt;
            }
            buffer_.assign(chunk, static_cast<std::size_t>(received));
            position_ = 0;
        }
        return buffer_[position_++];
    }

    // The acknowledgement of a packet we sent: '+' or '-'.
    char acknowledgement() {
        const auto ack = byte();
        check(ack && (*ack == '+' || *ack == '-'), "expected an acknowledgement");
        return *ack;
    }

    // The next packet from the stub, checked for framing and checksum, and acknowledged.
    std::string packet() {
        std::optional<char> start = byte();
        check(start && *start == '$', "expected a packet");
        std::string payload;
        for (;;) {
            const auto next = byte();
            check(next.has_value(), "the stub closed the connection inside a packet");
            if (*next == '#') {
                break;
            }
            payload.push_back(*next);
        }
        std::string sum;
        for (int index = 0; index < 2; ++index) {
            const auto digit = byte();
            check(digit.has_value(), "the stub closed the connection inside a checksum");
            sum.push_back(*digit);
        }
        check(sum == checksum(payload), "bad checksum on the reply '" + payload + "'");
        send("+");
        return payload;
    }

    // Sends a packet and returns the reply, console output (O packets) skipped.
    std::string ask(std::string_view payload) {
        send(frame(payload));
        check(acknowledgement() == '+', "the stub rejected '" + std::string(payload) + "'");
        for (;;) {
            std::string reply = packet();
            if (reply.empty() || reply.front() != 'O' || reply == "OK") {
                return reply;
            }
        }
    }

    bool closed_by_peer() {
        pollfd ready{fd_, POLLIN, 0};
        if (::poll(&ready, 1, kReplyTimeoutMilliseconds) != 1) {
            return false;
        }
        char chunk[256];
        return ::recv(fd_, chunk, sizeof chunk, 0) == 0;
    }

private:
    int fd_;
    std::string buffer_;
    std::size_t position_ = 0;
};

void expect(const std::string& reply, std::string_view wanted, std::string_view request) {
    check(reply == wanted, "'" + std::string(request) + "' got '" + reply + "', expected '" +
                               std::string(wanted) + "'");
}

void expect_error(const std::string& reply, std::string_view request) {
    check(!reply.empty() && reply.front() == 'E',
          "'" + std::string(request) + "' got '" + reply + "', expected an error");
}

void run_to_end(Connection& connection) {
    expect(connection.ask("c"), "W00", "c");
}

void malformed(unsigned port) {
    Connection connection(port);
    expect(connection.ask("qC").substr(0, 2), "QC", "qC");
    // A wrong checksum, and checksum digits that are not hex: both rejected with '-'.
    connection.send("$qC#00");
    check(connection.acknowledgement() == '-', "a wrong checksum was accepted");
    connection.send("$qC#zz");
    check(connection.acknowledgement() == '-', "a malformed checksum was accepted");
    // Bytes outside packets are ignored.
    connection.send("garbage without a dollar sign\n");
    // An oversized packet: an error, and the stub goes on.
    expect_error(connection.ask(std::string(100000, 'm')), "100000 bytes");
    expect_error(connection.ask("m" + std::string(5000, 'f') + ",4"), "m with a huge address");
    for (const char* request :
         {"m80000000", "mzz,4", "M80000000,2:0", "X80000000,1:}", "pzzz", "P20=1", "Z9,0,0", "Z0,,",
          "Hz", "qXfer:features:read:target.xml:", "qRcmd,z", "vCont;q", "G00"}) {
        const std::string reply = connection.ask(request);
        check(reply.empty() || reply.front() == 'E',
              std::string("'") + request + "' got '" + reply + "'");
    }
    // Still serving: registers, memory, the target description.
    check(connection.ask("g").size() >= 33 * 16, "g after malformed packets");
    check(connection.ask("qXfer:features:read:target.xml:0,100").front() == 'm', "qXfer");
    run_to_end(connection);
}

char random_byte(std::mt19937_64& random) {
    static constexpr std::string_view kAlphabet =
        "0123456789abcdefABCDEF,:;=-+$#}*qQgGpPmMXxZzHTvO\x03\x7f\x01 ";
    return kAlphabet[random() % kAlphabet.size()];
}

// A packet that neither resumes, detaches nor kills: those would end the fuzzing.
std::string random_payload(std::mt19937_64& random) {
    static constexpr std::string_view kStarts = "?qQgGpPmMXZzHTvV!bB";
    std::string payload(1, kStarts[random() % kStarts.size()]);
    const std::size_t length = random() % 64 == 0 ? random() % 20000 : random() % 80;
    for (std::size_t index = 0; index < length; ++index) {
        payload.push_back(random_byte(random));
    }
    for (const std::string_view word : {"vCont;", "vKill", "vRun", "vAttach"}) {
        if (payload.starts_with(word)) {
            payload[0] = 'q';
        }
    }
    return payload;
}

// The reply framing (checked by packet()) is what matters: any payload may be the answer.
void fuzz(unsigned port, std::uint64_t seed, unsigned count) {
    Connection connection(port);
    std::mt19937_64 random(seed);
    for (unsigned round = 0; round < count; ++round) {
        std::string payload = random_payload(random);
        // '$', '#' and '}' inside a payload would change its framing: escape or drop them.
        std::string clean;
        for (const char byte : payload) {
            if (byte == '$' || byte == '#') {
                continue;
            }
            clean.push_back(byte);
        }
        if (!clean.empty() && clean.back() == '}') {
            clean.pop_back();
        }
        if (random() % 16 == 0) {
            std::string corrupted = frame(clean);
            corrupted.back() = corrupted.back() == '0' ? '1' : '0';
            connection.send(corrupted);
            check(connection.acknowledgement() == '-', "a corrupted packet was accepted");
            continue;
        }
        connection.send(frame(clean));
        check(connection.acknowledgement() == '+', "a well-formed packet was rejected");
        // qRcmd answers with console packets before its reply.
        std::string reply = connection.packet();
        while (!reply.empty() && reply.front() == 'O' && reply != "OK") {
            reply = connection.packet();
        }
    }
    expect(connection.ask("qC").substr(0, 2), "QC", "qC after fuzzing");
    connection.send(frame("k"));
    check(connection.acknowledgement() == '+', "k was rejected");
}

void second_client(unsigned port) {
    Connection first(port);
    expect(first.ask("qC").substr(0, 2), "QC", "qC");
    {
        Connection second(port);
        check(second.acknowledgement() == '+', "the second client got no acknowledgement");
        const std::string refusal = second.packet();
        check(refusal.starts_with("E.") && refusal.find("already connected") != std::string::npos,
              "the second client got '" + refusal + "'");
        check(second.closed_by_peer(), "the stub kept the second connection open");
    }
    expect(first.ask("qC").substr(0, 2), "QC", "qC after the second client");
    run_to_end(first);
}

// Needs a program that runs until killed (the debuggee spinning).
void dropped_connection(unsigned port) {
    {
        Connection connection(port);
        expect(connection.ask("Z0,80000000,2"), "OK", "Z0");
        connection.send("$qSupported:multipro");
    }
    // The stub let go of the job, which runs on; the next client stops it again.
    {
        Connection connection(port);
        expect(connection.ask("?").substr(0, 1), "T", "? after a drop while stopped");
        connection.send(frame("c"));
        check(connection.acknowledgement() == '+', "c was rejected");
    }
    Connection connection(port);
    expect(connection.ask("?").substr(0, 1), "T", "? after a drop while running");
    connection.send(frame("k"));
    check(connection.acknowledgement() == '+', "k was rejected");
}

// The CPU time (user and system, in clock ticks) process `pid` has used so far.
std::uint64_t cpu_ticks(long pid) {
    std::ifstream stat("/proc/" + std::to_string(pid) + "/stat");
    const std::string text{std::istreambuf_iterator<char>(stat), std::istreambuf_iterator<char>()};
    // The fields after the command name, which may hold spaces and ends at the last ')'.
    const std::size_t name_end = text.rfind(')');
    check(name_end != std::string::npos, "cannot read /proc/" + std::to_string(pid) + "/stat");
    std::istringstream fields(text.substr(name_end + 1));
    std::string skipped;
    // The state is field 3, utime and stime fields 14 and 15.
    constexpr int kFieldsBeforeTimes = 11;
    for (int field = 0; field < kFieldsBeforeTimes; ++field) {
        fields >> skipped;
    }
    std::uint64_t user = 0;
    std::uint64_t system = 0;
    fields >> user >> system;
    check(!fields.fail(), "cannot parse /proc/" + std::to_string(pid) + "/stat");
    return user + system;
}

// A thread that busy-waits takes a good part of a core even on a loaded host; one that blocks
// takes none, however loaded the host is.
void check_blocks(long pid, std::string_view state) {
    constexpr auto kMeasured = std::chrono::seconds(1);
    constexpr std::uint64_t kMostPercent = 5;
    const std::uint64_t before = cpu_ticks(pid);
    std::this_thread::sleep_for(kMeasured);
    const std::uint64_t used = cpu_ticks(pid) - before;
    const auto ticks_per_second = static_cast<std::uint64_t>(::sysconf(_SC_CLK_TCK));
    const std::uint64_t milliseconds = used * 1000 / ticks_per_second;
    std::printf("rsp_client: xbemu used %llu ms of CPU time in a second %s\n",
                static_cast<unsigned long long>(milliseconds), std::string(state).c_str());
    check(used * 100 <= kMostPercent * ticks_per_second,
          "xbemu used " + std::to_string(milliseconds) + " ms of CPU time in a second " +
              std::string(state));
}

void idle(long pid, unsigned port) {
    // Set-up (threads starting, the first window of the cycle mode) ends before the wait.
    std::this_thread::sleep_for(std::chrono::milliseconds(300));
    check_blocks(pid, "waiting for a debugger");
    Connection connection(port);
    expect(connection.ask("?").substr(0, 1), "T", "?");
    check_blocks(pid, "stopped with a debugger connected");
    connection.send(frame("k"));
    check(connection.acknowledgement() == '+', "k was rejected");
}

} // namespace

int main(int argc, char** argv) {
    try {
        const std::string_view scenario = argc > 2 ? argv[1] : "";
        const auto port =
            static_cast<unsigned>(argc > 2 ? std::strtoul(argv[argc - 1], nullptr, 10) : 0);
        if (scenario == "malformed" && argc == 3) {
            malformed(port);
        } else if (scenario == "fuzz" && argc == 5) {
            fuzz(port, std::strtoull(argv[2], nullptr, 10),
                 static_cast<unsigned>(std::strtoul(argv[3], nullptr, 10)));
        } else if (scenario == "second" && argc == 3) {
            second_client(port);
        } else if (scenario == "drop" && argc == 3) {
            dropped_connection(port);
        } else if (scenario == "idle" && argc == 4) {
            idle(std::strtol(argv[2], nullptr, 10), port);
        } else {
            std::fprintf(stderr, "usage: rsp_client malformed|second|drop PORT | fuzz SEED N "
                                 "PORT | idle PID PORT\n");
            return 2;
        }
    } catch (const std::exception& failure) {
        std::fprintf(stderr, "rsp_client: %s\n", failure.what());
        return 1;
    }
    std::puts("rsp_client: every check held");
    return 0;
}
