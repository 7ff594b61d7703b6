#pragma once
// The gdb stub's connection handling, on a thread of its own: accepts one gdb at a time (a
// second one is refused), reads packets and Ctrl-C, answers through a GdbSession, resumes and
// stops the job through RunControl and sends the stop replies. A connection that drops
// detaches: the stop points go and the job runs on, as QEMU does; a later gdb may connect.

#include "process_target.hpp"
#include "run_control.hpp"
#include "tcp_socket.hpp"
#include "xbemu/debugger/gdb_session.hpp"
#include "xbemu/debugger/rsp_packet.hpp"

#include <deque>
#include <mutex>
#include <optional>
#include <string>
#include <thread>

namespace xbemu::gdb {

class GdbServer {
public:
    GdbServer(ProcessTarget& target, RunControl& control, UniqueFd listener);
    GdbServer(const GdbServer&) = delete;
    GdbServer& operator=(const GdbServer&) = delete;
    ~GdbServer();

    // The job is over: a gdb waiting for the program hears how it ended (W, after the failure
    // text if xbemu stopped it); then the server closes.
    void job_ended(int status, const std::optional<std::string>& failure);

private:
    void run();
    void wake();
    void accept_connection();
    void receive();
    void process_queued();
    void handle(const ReceivedPacket& packet);
    void on_stop(const StopEvent& event);
    void send_packet(std::string_view payload);
    void detach();
    void drop_client();
    void finish();

    ProcessTarget& target_;
    RunControl& control_;
    UniqueFd listener_;
    UniqueFd wake_; // an eventfd: stops to report, the job's end
    UniqueFd client_;
    std::optional<GdbSession> session_;
    PacketReader reader_;
    std::deque<ReceivedPacket> queued_;
    std::string last_sent_;
    bool awaiting_stop_ = false;   // the job runs, or a stop is on its way
    bool reply_on_stop_ = false;   // gdb resumed it and waits for the stop reply
    bool cleanup_on_stop_ = false; // a gdb left while the job ran: clear its stop points
    std::optional<StopEvent> last_stop_;

    std::mutex ended_mutex_;
    bool ended_ = false;
    int exit_status_ = 0;
    std::optional<std::string> failure_;
    std::thread thread_;
};

} // namespace xbemu::gdb
