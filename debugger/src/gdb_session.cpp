#include "xbemu/debugger/gdb_session.hpp"

#include "xbemu/debugger/rsp_encoding.hpp"
#include "xbemu/debugger/rsp_packet.hpp"

#include <algorithm>
#include <fmt/format.h>

namespace xbemu::gdb {

namespace {

constexpr std::string_view kError = "E01";
constexpr std::string_view kBadArguments = "E02";
constexpr std::string_view kUnknownRegister = "E03";
constexpr std::string_view kMemoryFault = "E14"; // EFAULT, as gdbserver answers
constexpr std::size_t kMaxMemoryRead = kMaxPacketPayload / 2 - 16;
constexpr std::size_t kMonitorChunk = 512;

// A thread in H, T and vCont packets: -1 (all), 0 (any) or an id.
struct ThreadSelector {
    bool all = false;
    unsigned id = 0; // 0 with !all: any thread
};

std::optional<ThreadSelector> parse_thread(std::string_view text) {
    if (text == "-1") {
        return ThreadSelector{true, 0};
    }
    const auto id = parse_hex_number(text);
    if (!id || *id > 0xffffffffULL) {
        return std::nullopt;
    }
    return ThreadSelector{false, static_cast<unsigned>(*id)};
}

// Splits "a,b" at the first separator.
std::optional<std::pair<std::string_view, std::string_view>> split(std::string_view text,
                                                                   char separator) {
    const std::size_t at = text.find(separator);
    if (at == std::string_view::npos) {
        return std::nullopt;
    }
    return std::pair{text.substr(0, at), text.substr(at + 1)};
}

// "address,length".
std::optional<std::pair<std::uint64_t, std::uint64_t>> parse_range(std::string_view text) {
    const auto parts = split(text, ',');
    if (!parts) {
        return std::nullopt;
    }
    const auto address = parse_hex_number(parts->first);
    const auto length = parse_hex_number(parts->second);
    if (!address || !length) {
        return std::nullopt;
    }
    return std::pair{*address, *length};
}

std::string_view watch_name(StopReason reason) {
    switch (reason) {
    case StopReason::WriteWatch:
        return "watch";
    case StopReason::ReadWatch:
        return "rwatch";
    case StopReason::AccessWatch:
        return "awatch";
    default:
        return {};
    }
}

SessionResponse reply(std::string payload) {
    SessionResponse response;
    response.packets.push_back(std::move(payload));
    return response;
}

} // namespace

ResumeAction ResumeRequest::action_for(unsigned thread) const {
    for (const auto& [id, action] : threads) {
        if (id == thread) {
            return action;
        }
    }
    return others;
}

bool GdbSession::thread_exists(unsigned thread) const {
    const std::vector<unsigned> all = target_.threads();
    return std::find(all.begin(), all.end(), thread) != all.end();
}

unsigned GdbSession::selected_thread() const {
    if (general_thread_ != 0 && thread_exists(general_thread_)) {
        return general_thread_;
    }
    const std::vector<unsigned> all = target_.threads();
    return all.empty() ? 0 : all.front();
}

SessionResponse GdbSession::handle_packet(std::string_view payload) {
    if (payload.empty()) {
        return reply("");
    }
    const std::string_view arguments = payload.substr(1);
    switch (payload.front()) {
    case '?':
        return reply(last_stop_);
    case 'q':
        if (payload.starts_with("qRcmd,")) {
            return monitor(payload.substr(6));
        }
        return reply(query(payload));
    case 'H':
        return reply(set_thread(arguments));
    case 'T': {
        const auto thread = parse_thread(arguments);
        return reply(thread && !thread->all && thread_exists(thread->id) ? "OK"
                                                                         : std::string(kError));
    }
    case 'g':
        return reply(arguments.empty() ? read_registers() : std::string(kBadArguments));
    case 'G':
        return reply(write_registers(arguments));
    case 'p':
        return reply(read_register(arguments));
    case 'P':
        return reply(write_register(arguments));
    case 'm':
        return reply(read_memory(arguments));
    case 'M':
        return reply(write_memory(arguments, false));
    case 'X':
        return reply(write_memory(arguments, true));
    case 'Z':
        return reply(stop_point(arguments, true));
    case 'z':
        return reply(stop_point(arguments, false));
    case 'c':
    case 'C':
    case 's':
    case 'S':
        return resume_legacy(payload);
    case 'v':
        if (payload == "vCont?") {
            return reply("vCont;c;C;s;S");
        }
        if (payload.starts_with("vCont;")) {
            return resume_vcont(payload.substr(6));
        }
        if (payload.starts_with("vKill")) {
            SessionResponse response = reply("OK");
            response.then = SessionResponse::Then::Kill;
            return response;
        }
        return reply("");
    case 'D': {
        SessionResponse response = reply("OK");
        response.then = SessionResponse::Then::Detach;
        return response;
    }
    case 'k': {
        SessionResponse response;
        response.then = SessionResponse::Then::Kill;
        return response;
    }
    default:
        return reply("");
    }
}

std::string GdbSession::query(std::string_view payload) {
    if (payload.starts_with("qSupported")) {
        return fmt::format("PacketSize={:x};qXfer:features:read+;swbreak+;hwbreak+;vContSupported+",
                           kMaxPacketPayload);
    }
    if (payload == "qAttached" || payload.starts_with("qAttached:")) {
        // Attached to a running program: gdb's quit detaches and leaves it running.
        return "1";
    }
    if (payload == "qC") {
        return fmt::format("QC{:x}", selected_thread());
    }
    if (payload == "qfThreadInfo") {
        std::string list = "m";
        for (const unsigned thread : target_.threads()) {
            list += fmt::format("{}{:x}", list.size() > 1 ? "," : "", thread);
        }
        return list.size() > 1 ? list : "l";
    }
    if (payload == "qsThreadInfo") {
        return "l";
    }
    if (payload.starts_with("qThreadExtraInfo,")) {
        const auto thread = parse_thread(payload.substr(17));
        if (!thread || thread->all || !thread_exists(thread->id)) {
            return std::string(kError);
        }
        return text_to_hex(target_.thread_description(thread->id));
    }
    if (payload.starts_with("qXfer:features:read:")) {
        return read_features(payload.substr(20));
    }
    if (payload.starts_with("qSymbol:")) {
        return "OK";
    }
    return "";
}

std::string GdbSession::set_thread(std::string_view arguments) {
    if (arguments.size() < 2 || (arguments.front() != 'g' && arguments.front() != 'c')) {
        return std::string(kBadArguments);
    }
    const auto thread = parse_thread(arguments.substr(1));
    if (!thread || (thread->id != 0 && !thread_exists(thread->id))) {
        return std::string(kError);
    }
    (arguments.front() == 'g' ? general_thread_ : continue_thread_) = thread->all ? 0 : thread->id;
    return "OK";
}

std::string GdbSession::read_registers() {
    const unsigned thread = selected_thread();
    const RegisterLayout& layout = target_.registers();
    std::string hex;
    for (const unsigned number : layout.g_packet) {
        const TargetRegister* reg = layout.find(number);
        const unsigned bytes = reg != nullptr ? reg->bits / 8 : 8;
        const auto value = target_.read_register(thread, number);
        hex += value ? register_to_hex(*value, bytes) : std::string(2 * bytes, 'x');
    }
    return hex;
}

std::string GdbSession::write_registers(std::string_view hex) {
    const unsigned thread = selected_thread();
    const RegisterLayout& layout = target_.registers();
    std::size_t offset = 0;
    std::vector<std::pair<unsigned, std::uint64_t>> values;
    for (const unsigned number : layout.g_packet) {
        const TargetRegister* reg = layout.find(number);
        const std::size_t digits = reg != nullptr ? reg->bits / 4 : 16;
        if (offset + digits > hex.size()) {
            return std::string(kBadArguments);
        }
        const auto value =
            register_from_hex(hex.substr(offset, digits), static_cast<unsigned>(digits / 2));
        if (!value) {
            return std::string(kBadArguments);
        }
        values.emplace_back(number, *value);
        offset += digits;
    }
    if (offset != hex.size()) {
        return std::string(kBadArguments);
    }
    for (const auto& [number, value] : values) {
        if (!target_.write_register(thread, number, value)) {
            return std::string(kError);
        }
    }
    return "OK";
}

std::string GdbSession::read_register(std::string_view arguments) {
    const auto number = parse_hex_number(arguments);
    const TargetRegister* reg = number && *number <= 0xffffffffULL
                                    ? target_.registers().find(static_cast<unsigned>(*number))
                                    : nullptr;
    if (reg == nullptr) {
        return std::string(kUnknownRegister);
    }
    const auto value = target_.read_register(selected_thread(), reg->number);
    return value ? register_to_hex(*value, reg->bits / 8) : std::string(reg->bits / 4, 'x');
}

std::string GdbSession::write_register(std::string_view arguments) {
    const auto parts = split(arguments, '=');
    if (!parts) {
        return std::string(kBadArguments);
    }
    const auto number = parse_hex_number(parts->first);
    const TargetRegister* reg = number && *number <= 0xffffffffULL
                                    ? target_.registers().find(static_cast<unsigned>(*number))
                                    : nullptr;
    if (reg == nullptr) {
        return std::string(kUnknownRegister);
    }
    const auto value = register_from_hex(parts->second, reg->bits / 8);
    if (!value) {
        return std::string(kBadArguments);
    }
    return target_.write_register(selected_thread(), reg->number, *value) ? "OK"
                                                                          : std::string(kError);
}

std::string GdbSession::read_memory(std::string_view arguments) {
    const auto range = parse_range(arguments);
    if (!range) {
        return std::string(kBadArguments);
    }
    // A shorter answer than asked for is allowed; gdb asks again for the rest.
    std::vector<std::uint8_t> bytes(std::min<std::uint64_t>(range->second, kMaxMemoryRead));
    if (bytes.empty()) {
        return "";
    }
    const std::size_t read = target_.read_memory(selected_thread(), range->first, bytes);
    if (read == 0) {
        return std::string(kMemoryFault);
    }
    bytes.resize(read);
    return to_hex(bytes);
}

std::string GdbSession::write_memory(std::string_view arguments, bool binary) {
    const auto parts = split(arguments, ':');
    if (!parts) {
        return std::string(kBadArguments);
    }
    const auto range = parse_range(parts->first);
    if (!range) {
        return std::string(kBadArguments);
    }
    const auto data = binary ? unescape_binary(parts->second) : from_hex(parts->second);
    if (!data || data->size() != range->second) {
        return std::string(kBadArguments);
    }
    if (data->empty()) {
        return "OK"; // gdb probes X support with an empty write
    }
    return target_.write_memory(selected_thread(), range->first, *data) ? "OK"
                                                                        : std::string(kMemoryFault);
}

std::string GdbSession::stop_point(std::string_view arguments, bool insert) {
    // "type,address,kind", possibly followed by ";conditions", which are not supported.
    const std::string_view fields = arguments.substr(0, arguments.find(';'));
    const auto type_rest = split(fields, ',');
    if (!type_rest || type_rest->first.size() != 1 || type_rest->first[0] < '0' ||
        type_rest->first[0] > '4') {
        return type_rest && type_rest->first.size() == 1 ? "" : std::string(kBadArguments);
    }
    const auto range = parse_range(type_rest->second);
    if (!range) {
        return std::string(kBadArguments);
    }
    const auto kind = static_cast<StopPointKind>(type_rest->first[0] - '0');
    const StopPointResult result =
        insert ? target_.insert_stop_point(kind, range->first, range->second)
               : target_.remove_stop_point(kind, range->first, range->second);
    switch (result) {
    case StopPointResult::Done:
        return "OK";
    case StopPointResult::Unsupported:
        return "";
    case StopPointResult::Failed:
        break;
    }
    return std::string(kError);
}

std::string GdbSession::read_features(std::string_view arguments) {
    const auto annex_range = split(arguments, ':');
    if (!annex_range) {
        return std::string(kBadArguments);
    }
    if (annex_range->first != "target.xml") {
        return "E00";
    }
    const auto range = parse_range(annex_range->second);
    if (!range) {
        return std::string(kBadArguments);
    }
    const std::string xml = target_description_xml(target_.registers());
    if (range->first >= xml.size()) {
        return "l";
    }
    const std::size_t length =
        std::min<std::uint64_t>({range->second, xml.size() - range->first, kMaxMemoryRead});
    std::string chunk(1, range->first + length >= xml.size() ? 'l' : 'm');
    chunk.append(xml, range->first, length);
    return chunk;
}

SessionResponse GdbSession::monitor(std::string_view hex) {
    const auto command = hex_to_text(hex);
    if (!command) {
        return reply(std::string(kBadArguments));
    }
    const std::string output = target_.monitor(selected_thread(), *command);
    SessionResponse response;
    for (std::size_t offset = 0; offset < output.size(); offset += kMonitorChunk) {
        std::string packet = "O";
        packet += text_to_hex(std::string_view(output).substr(offset, kMonitorChunk));
        response.packets.push_back(std::move(packet));
    }
    response.packets.emplace_back("OK");
    return response;
}

SessionResponse GdbSession::resume_legacy(std::string_view payload) {
    const char command = payload.front();
    std::string_view rest = payload.substr(1);
    // C and S carry a signal first, which a bare-metal target has no use for.
    if (command == 'C' || command == 'S') {
        const std::size_t separator = rest.find(';');
        if (!parse_hex_number(rest.substr(0, separator))) {
            return reply(std::string(kBadArguments));
        }
        rest =
            separator == std::string_view::npos ? std::string_view() : rest.substr(separator + 1);
    }
    const unsigned thread = continue_thread_ != 0 && thread_exists(continue_thread_)
                                ? continue_thread_
                                : selected_thread();
    if (!rest.empty()) {
        const auto address = parse_hex_number(rest);
        if (!address) {
            return reply(std::string(kBadArguments));
        }
        if (!target_.write_register(thread, target_.registers().pc, *address)) {
            return reply(std::string(kError));
        }
    }
    SessionResponse response;
    response.then = SessionResponse::Then::Resume;
    if (command == 's' || command == 'S') {
        response.resume.threads.emplace_back(thread, ResumeAction::Step);
    } else {
        response.resume.others = ResumeAction::Continue;
    }
    return response;
}

SessionResponse GdbSession::resume_vcont(std::string_view actions) {
    SessionResponse response;
    response.then = SessionResponse::Then::Resume;
    bool default_given = false;
    while (!actions.empty()) {
        const std::size_t end = actions.find(';');
        std::string_view item = actions.substr(0, end);
        actions = end == std::string_view::npos ? std::string_view() : actions.substr(end + 1);
        const std::size_t colon = item.find(':');
        const std::string_view verb = item.substr(0, colon);
        ResumeAction action = ResumeAction::Continue;
        if (verb == "c" ||
            (verb.size() == 3 && verb[0] == 'C' && parse_hex_number(verb.substr(1)))) {
            action = ResumeAction::Continue;
        } else if (verb == "s" ||
                   (verb.size() == 3 && verb[0] == 'S' && parse_hex_number(verb.substr(1)))) {
            action = ResumeAction::Step;
        } else {
            return reply(std::string(kBadArguments));
        }
        if (colon == std::string_view::npos) {
            // The leftmost action that applies to a thread wins.
            if (!default_given) {
                response.resume.others = action;
                default_given = true;
            }
            continue;
        }
        const auto thread = parse_thread(item.substr(colon + 1));
        if (!thread) {
            return reply(std::string(kBadArguments));
        }
        if (thread->all || thread->id == 0) {
            if (!default_given) {
                response.resume.others = action;
                default_given = true;
            }
            continue;
        }
        if (!thread_exists(thread->id)) {
            return reply(std::string(kError));
        }
        const auto& named = response.resume.threads;
        const bool already = std::any_of(named.begin(), named.end(), [&](const auto& entry) {
            return entry.first == thread->id;
        });
        if (!already) {
            response.resume.threads.emplace_back(thread->id, action);
        }
    }
    if (response.resume.threads.empty() && !default_given) {
        return reply(std::string(kBadArguments));
    }
    return response;
}

std::string GdbSession::stop_reply(const StopEvent& event) {
    if (event.reason == StopReason::Exited) {
        last_stop_ = fmt::format("W{:02x}", static_cast<unsigned>(event.exit_status) & 0xffU);
        return last_stop_;
    }
    std::string text = fmt::format("T{:02x}thread:{:x};", event.signal, event.thread);
    switch (event.reason) {
    case StopReason::SoftwareBreakpoint:
        text += "swbreak:;";
        break;
    case StopReason::HardwareBreakpoint:
        text += "hwbreak:;";
        break;
    case StopReason::WriteWatch:
    case StopReason::ReadWatch:
    case StopReason::AccessWatch:
        text += fmt::format("{}:{:x};", watch_name(event.reason), event.address);
        break;
    case StopReason::Signal:
    case StopReason::Exited:
        break;
    }
    general_thread_ = event.thread;
    last_stop_ = text;
    return text;
}

} // namespace xbemu::gdb
