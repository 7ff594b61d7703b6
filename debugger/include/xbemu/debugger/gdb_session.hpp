#pragma once
// One gdb connection's command handling: parses a packet's payload, acts on the DebugTarget, and
// says what to answer and whether the target must resume, detach or be killed. It keeps the
// protocol state a connection has (the selected threads, the last stop reply) and nothing of the
// transport, so that any byte string can be fed to handle_packet (tests, fuzzing).

#include "xbemu/debugger/debug_target.hpp"
#include "xbemu/debugger/stop_event.hpp"

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

namespace xbemu::gdb {

enum class ResumeAction : std::uint8_t { Stay, Continue, Step };

struct ResumeRequest {
    // Threads named by the request; every other thread gets `others`.
    std::vector<std::pair<unsigned, ResumeAction>> threads;
    ResumeAction others = ResumeAction::Stay;

    ResumeAction action_for(unsigned thread) const;
};

struct SessionResponse {
    enum class Then : std::uint8_t { Reply, Resume, Detach, Kill };
    // Payloads to send in order (a monitor command's output packets, then its OK); empty for a
    // resume, whose answer is the stop reply once the target stops.
    std::vector<std::string> packets;
    Then then = Then::Reply;
    ResumeRequest resume;
};

class GdbSession {
public:
    explicit GdbSession(DebugTarget& target) : target_(target) {}

    SessionResponse handle_packet(std::string_view payload);
    // The T or W packet for a stop; `?` repeats the last one. Selects the stopped thread.
    std::string stop_reply(const StopEvent& event);

private:
    std::string query(std::string_view payload);
    std::string set_thread(std::string_view payload);
    std::string read_registers();
    std::string write_registers(std::string_view hex);
    std::string read_register(std::string_view arguments);
    std::string write_register(std::string_view arguments);
    std::string read_memory(std::string_view arguments);
    std::string write_memory(std::string_view arguments, bool binary);
    std::string stop_point(std::string_view arguments, bool insert);
    std::string read_features(std::string_view arguments);
    SessionResponse monitor(std::string_view hex);
    SessionResponse resume_legacy(std::string_view payload);
    SessionResponse resume_vcont(std::string_view actions);
    // The thread the register and memory packets refer to, and the one c and s refer to.
    unsigned selected_thread() const;
    bool thread_exists(unsigned thread) const;

    DebugTarget& target_;
    // 0: none chosen (the first thread).
    unsigned general_thread_ = 0;
    // 0: every thread (Hc-1 or Hc0).
    unsigned continue_thread_ = 0;
    std::string last_stop_ = "S05";
};

} // namespace xbemu::gdb
