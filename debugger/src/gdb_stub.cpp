#include "xbemu/debugger/gdb_stub.hpp"

#include "gdb_server.hpp"
#include "process_target.hpp"
#include "riscv_registers.hpp"
#include "run_control.hpp"
#include "stop_points.hpp"
#include "tcp_socket.hpp"
#include "xbemu/decoder/decode_table.hpp"
#include "xbemu/processing_element.hpp"

#include <cstdio>
#include <fmt/format.h>
#include <stdexcept>

namespace xbemu {

GdbStub::GdbStub(GdbStubOptions options, const DecodeTable& table)
    : options_(std::move(options)), stop_points_(std::make_unique<gdb::StopPoints>()) {
    for (const Extension* extension : table.extensions()) {
        enabled_extensions_.push_back(extension);
        extensions_.push_back(extension->name);
    }
}

GdbStub::~GdbStub() = default;

void GdbStub::attach(std::span<ProcessingElement* const> pes) {
    if (pes.empty()) {
        return;
    }
    ProcessingElement& first = *pes.front();
    // Under mpirun each rank listens on the port plus its first PE's number (its rank with one
    // PE per rank); port 0 lets every rank take one the system chooses.
    const unsigned port = options_.endpoint.port == 0 ? 0 : options_.endpoint.port + first.id();
    if (port > 65535) {
        throw std::runtime_error(
            fmt::format("gdb stub: PE {} would listen on port {}, above 65535", first.id(), port));
    }
    gdb::UniqueFd listener = gdb::listen_tcp(options_.endpoint.host, port);
    const std::vector<ProcessingElement*> attached(pes.begin(), pes.end());
    const bool cycle_mode = first.config().timing == TimingMode::Cycle;
    control_ =
        std::make_unique<gdb::RunControl>(attached, *stop_points_, cycle_mode, options_.wait);
    target_ = std::make_unique<gdb::ProcessTarget>(attached,
                                                   gdb::riscv_register_layout(enabled_extensions_),
                                                   extensions_, *stop_points_, *control_);
    for (ProcessingElement* pe : attached) {
        pe->hart(0).attach_debugger(this);
    }
    // Under mpirun, which PEs this rank's stub serves.
    std::string who;
    if (pes.size() == 1 && first.pe_count() > 1) {
        who = fmt::format("PE {}: ", first.id());
    } else if (pes.size() < first.pe_count()) {
        who = fmt::format("PEs {}-{}: ", first.id(), pes.back()->id());
    }
    std::fprintf(stderr, "xbemu: %sgdb stub listening on %s:%u%s\n", who.c_str(),
                 options_.endpoint.host.c_str(), gdb::bound_port(listener.get()),
                 options_.wait ? " (the program waits for gdb)" : "");
    std::fflush(stderr);
    server_ = std::make_unique<gdb::GdbServer>(*target_, *control_, std::move(listener));
}

bool GdbStub::pause_at_window_end() {
    return control_ != nullptr && control_->pause_at_window_end();
}

bool GdbStub::breakpoint_at(std::uint64_t address) const {
    return stop_points_->breakpoint_at(address);
}

std::optional<WatchpointHit> GdbStub::watchpoint_at(MemoryAccess access, std::uint64_t address,
                                                    std::uint64_t size) const {
    return stop_points_->watchpoint_at(access, address, size);
}

void GdbStub::written_by_other(unsigned pe, std::uint64_t address, std::uint64_t size) {
    control_->written_by_other(pe, address, size);
}

void GdbStub::wait_while_stopped(Hart& hart) {
    control_->wait_while_stopped(hart);
}

void GdbStub::hart_finished(Hart& hart) {
    if (control_ != nullptr) {
        control_->hart_finished(hart);
    }
}

void GdbStub::job_finished(int status, const std::optional<std::string>& failure) {
    if (server_ != nullptr) {
        server_->job_ended(status, failure);
    }
}

} // namespace xbemu
