#include "fake_debug_target.hpp"
#include "xbemu/debugger/gdb_session.hpp"
#include "xbemu/debugger/rsp_encoding.hpp"

#include <doctest/doctest.h>
#include <fmt/format.h>

using namespace xbemu::gdb;

namespace {

// The single reply to a packet that is answered at once.
std::string ask(GdbSession& session, std::string_view payload) {
    const SessionResponse response = session.handle_packet(payload);
    REQUIRE(response.then == SessionResponse::Then::Reply);
    REQUIRE(response.packets.size() == 1);
    return response.packets.front();
}

std::string features(std::uint64_t offset, std::uint64_t length) {
    return fmt::format("qXfer:features:read:target.xml:{:x},{:x}", offset, length);
}

} // namespace

TEST_CASE("gdb session: features and threads") {
    FakeDebugTarget target;
    GdbSession session(target);
    const std::string supported = ask(session, "qSupported:multiprocess+;swbreak+");
    CHECK(supported.find("PacketSize=4000") != std::string::npos);
    CHECK(supported.find("qXfer:features:read+") != std::string::npos);
    CHECK(ask(session, "qfThreadInfo") == "m1,2,3,4");
    CHECK(ask(session, "qsThreadInfo") == "l");
    CHECK(ask(session, "qC") == "QC1");
    CHECK(ask(session, "qThreadExtraInfo,3") == text_to_hex("fake 3"));
    CHECK(ask(session, "qThreadExtraInfo,9").front() == 'E');
    CHECK(ask(session, "T2") == "OK");
    CHECK(ask(session, "T5").front() == 'E');
    CHECK(ask(session, "qAttached") == "1");
    CHECK(ask(session, "qSomethingNew").empty());
    CHECK(ask(session, "").empty());
    CHECK(ask(session, "Hg3") == "OK");
    CHECK(ask(session, "qC") == "QC3");
    CHECK(ask(session, "Hg9").front() == 'E');
    CHECK(ask(session, "Hx1").front() == 'E');
    CHECK(ask(session, "Hc-1") == "OK");
}

TEST_CASE("gdb session: the target description, whole and in pieces") {
    FakeDebugTarget target;
    GdbSession session(target);
    const std::string whole = ask(session, features(0, 0xffff));
    REQUIRE(whole.front() == 'l');
    const std::string xml = whole.substr(1);
    CHECK(xml.find("<architecture>riscv:rv64</architecture>") != std::string::npos);
    CHECK(xml.find("<feature name=\"org.xbemu.test\">") != std::string::npos);
    CHECK(xml.find("<reg name=\"extra\" bitsize=\"32\" type=\"int\" regnum=\"100\" "
                   "group=\"test\"/>") != std::string::npos);
    CHECK(ask(session, features(0, 16)) == std::string("m") + xml.substr(0, 16));
    CHECK(ask(session, features(xml.size() - 4, 16)) ==
          std::string("l") + xml.substr(xml.size() - 4));
    CHECK(ask(session, features(xml.size(), 16)) == "l");
    CHECK(ask(session, "qXfer:features:read:other.xml:0,10").front() == 'E');
    CHECK(ask(session, "qXfer:features:read:target.xml:zz").front() == 'E');
}

TEST_CASE("gdb session: registers of the selected thread") {
    FakeDebugTarget target;
    GdbSession session(target);
    // 33 registers of 8 bytes; the fake's x5 of thread 1 is 0x105.
    const std::string all = ask(session, "g");
    CHECK(all.size() == 33 * 16);
    CHECK(all.substr(5 * 16, 16) == "0501000000000000");
    CHECK(ask(session, "p5") == "0501000000000000");
    CHECK(ask(session, "p64") == "64010000"); // the 32-bit extra register
    CHECK(ask(session, "p63") == "E03");
    CHECK(ask(session, "pzz") == "E03");
    CHECK(ask(session, "P5=efbeadde00000000") == "OK");
    CHECK(target.read_register(1, 5) == 0xdeadbeefU);
    CHECK(ask(session, "P5=efbe") == "E02");
    CHECK(ask(session, "P5") == "E02");
    CHECK(ask(session, "Hg2") == "OK");
    CHECK(ask(session, "p5") == "0502000000000000");
    // G writes them all at once, or none when the length is wrong.
    std::string values = all;
    values.replace(7 * 16, 16, "0700000000000080");
    CHECK(ask(session, std::string("G") + values) == "OK");
    CHECK(target.read_register(2, 7) == 0x8000'0000'0000'0007U);
    CHECK(ask(session, std::string("G") + values.substr(2)) == "E02");
    CHECK(ask(session, std::string("G") + values + "00") == "E02");
    CHECK(ask(session, "gx") == "E02");
}

TEST_CASE("gdb session: memory reads and writes") {
    FakeDebugTarget target;
    GdbSession session(target);
    target.ram()[0] = 0x13;
    target.ram()[1] = 0x05;
    CHECK(ask(session, "m80000000,4") == "13050000");
    CHECK(ask(session, "M80000004,2:beef") == "OK");
    CHECK(target.ram()[4] == 0xbe);
    CHECK(ask(session, "m80000004,2") == "beef");
    // X carries binary data with } escapes; an empty X probes support.
    CHECK(ask(session, "X80000010,3:a}\x03z") == "OK");
    CHECK(target.ram()[0x11] == '#');
    CHECK(ask(session, "X80000010,0:") == "OK");
    // Reads that start inside and run past the end are cut short; outside, EFAULT.
    CHECK(ask(session, "m80000ffe,4").size() == 4);
    CHECK(ask(session, "m10,4") == "E14");
    CHECK(ask(session, "m80000000,0").empty());
    CHECK(ask(session, "M10,1:00") == "E14");
    CHECK(ask(session, "M80000000,2:00") == "E02");
    CHECK(ask(session, "M80000000,1:0") == "E02");
    CHECK(ask(session, "X80000000,1:}") == "E02");
    CHECK(ask(session, "m80000000") == "E02");
    CHECK(ask(session, "m,") == "E02");
    CHECK(ask(session, "M80000000,1") == "E02");
    // A huge length is served in part, which the protocol allows.
    const std::string big = ask(session, "m80000000,ffffffffffffffff");
    CHECK(big.size() == 2 * kFakeRamSize);
}

TEST_CASE("gdb session: breakpoints and watchpoints") {
    FakeDebugTarget target;
    GdbSession session(target);
    CHECK(ask(session, "Z0,80000040,4") == "OK");
    CHECK(ask(session, "Z1,80000044,2") == "OK");
    CHECK(ask(session, "Z2,80001000,8") == "OK");
    CHECK(ask(session, "Z3,80001010,8") == "E01"); // the fake's two triggers are taken
    CHECK(target.stop_points().size() == 3);
    CHECK(ask(session, "z2,80001000,8") == "OK");
    CHECK(ask(session, "Z4,80001010,8;X2,0") == "OK"); // conditions are ignored
    CHECK(ask(session, "z0,80000040,4") == "OK");
    CHECK(ask(session, "Z5,80000040,4").empty());
    CHECK(ask(session, "Z0,80000040") == "E02");
    CHECK(ask(session, "Z,80000040,4") == "E02");
    CHECK(ask(session, "Z12,80000040,4") == "E02");
    CHECK(target.stop_points().size() == 2);
}

TEST_CASE("gdb session: resuming with c, s and vCont") {
    FakeDebugTarget target;
    GdbSession session(target);
    CHECK(ask(session, "vCont?") == "vCont;c;C;s;S");

    SessionResponse response = session.handle_packet("c");
    CHECK(response.then == SessionResponse::Then::Resume);
    CHECK(response.packets.empty());
    CHECK(response.resume.action_for(3) == ResumeAction::Continue);

    REQUIRE(ask(session, "Hc2") == "OK");
    response = session.handle_packet("s");
    CHECK(response.resume.action_for(2) == ResumeAction::Step);
    CHECK(response.resume.action_for(1) == ResumeAction::Stay);

    response = session.handle_packet("c80000100");
    CHECK(response.then == SessionResponse::Then::Resume);
    CHECK(target.read_register(2, kFakePc) == 0x8000'0100U);

    response = session.handle_packet("vCont;s:3;c");
    CHECK(response.then == SessionResponse::Then::Resume);
    CHECK(response.resume.action_for(3) == ResumeAction::Step);
    CHECK(response.resume.action_for(1) == ResumeAction::Continue);

    // The leftmost action for a thread wins.
    response = session.handle_packet("vCont;C05:2;s:2;c:-1;s");
    CHECK(response.resume.action_for(2) == ResumeAction::Continue);
    CHECK(response.resume.action_for(4) == ResumeAction::Continue);

    CHECK(ask(session, "vCont;c:9") == "E01");
    CHECK(ask(session, "vCont;x") == "E02");
    CHECK(ask(session, "vCont;") == "E02");
    CHECK(ask(session, "vCont;s:zz") == "E02");
    CHECK(ask(session, "Czz") == "E02");
    CHECK(ask(session, "czz") == "E02");
}

TEST_CASE("gdb session: stop replies, monitor, detach and kill") {
    FakeDebugTarget target;
    GdbSession session(target);
    CHECK(ask(session, "?") == "S05");

    StopEvent breakpoint;
    breakpoint.reason = StopReason::SoftwareBreakpoint;
    breakpoint.thread = 3;
    CHECK(session.stop_reply(breakpoint) == "T05thread:3;swbreak:;");
    CHECK(ask(session, "?") == "T05thread:3;swbreak:;");
    CHECK(ask(session, "qC") == "QC3"); // the stopped thread is selected

    StopEvent watch;
    watch.reason = StopReason::AccessWatch;
    watch.thread = 2;
    watch.address = 0x8000'1000;
    CHECK(session.stop_reply(watch) == "T05thread:2;awatch:80001000;");
    StopEvent interrupted;
    interrupted.signal = kSignalInterrupt;
    CHECK(session.stop_reply(interrupted) == "T02thread:1;");
    StopEvent exited;
    exited.reason = StopReason::Exited;
    exited.exit_status = 3;
    CHECK(session.stop_reply(exited) == "W03");

    REQUIRE(ask(session, "Hg4") == "OK");
    SessionResponse response = session.handle_packet(std::string("qRcmd,") + text_to_hex("olb"));
    REQUIRE(response.packets.size() == 2);
    CHECK(response.packets[0] == std::string("O") + text_to_hex("thread 4: olb\n"));
    CHECK(response.packets[1] == "OK");
    CHECK(ask(session, "qRcmd,6") == "E02");

    response = session.handle_packet("D");
    CHECK(response.then == SessionResponse::Then::Detach);
    CHECK(response.packets == std::vector<std::string>{"OK"});
    CHECK(session.handle_packet("k").then == SessionResponse::Then::Kill);
    CHECK(session.handle_packet("vKill;1").then == SessionResponse::Then::Kill);
}

TEST_CASE("gdb session: a long monitor answer comes in several console packets") {
    class Chatty final : public DebugTarget {
    public:
        std::vector<unsigned> threads() const override { return {1}; }
        std::string thread_description(unsigned) const override { return {}; }
        const RegisterLayout& registers() const override { return layout_; }
        std::optional<std::uint64_t> read_register(unsigned, unsigned) override { return {}; }
        bool write_register(unsigned, unsigned, std::uint64_t) override { return false; }
        std::size_t read_memory(unsigned, std::uint64_t, std::span<std::uint8_t>) override {
            return 0;
        }
        bool write_memory(unsigned, std::uint64_t, std::span<const std::uint8_t>) override {
            return false;
        }
        StopPointResult insert_stop_point(StopPointKind, std::uint64_t, std::uint64_t) override {
            return StopPointResult::Unsupported;
        }
        StopPointResult remove_stop_point(StopPointKind, std::uint64_t, std::uint64_t) override {
            return StopPointResult::Unsupported;
        }
        std::string monitor(unsigned, std::string_view) override { return std::string(1500, 'x'); }

    private:
        RegisterLayout layout_;
    } target;
    GdbSession session(target);
    const SessionResponse response =
        session.handle_packet(std::string("qRcmd,") + text_to_hex("stats"));
    REQUIRE(response.packets.size() == 4);
    std::string text;
    for (std::size_t index = 0; index + 1 < response.packets.size(); ++index) {
        REQUIRE(response.packets[index].front() == 'O');
        text += *hex_to_text(response.packets[index].substr(1));
    }
    CHECK(text == std::string(1500, 'x'));
    CHECK(response.packets.back() == "OK");
    CHECK(ask(session, "Z0,0,4").empty()); // unsupported stop points get the empty reply
}
