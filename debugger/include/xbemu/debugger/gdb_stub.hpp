#pragma once
// The gdb remote stub of one xbemu process (--gdb): a GDB Remote Serial Protocol server over
// TCP for the PEs this process runs, each a gdb thread. The job runners attach it to their PEs,
// which starts the server; under mpirun each rank's stub listens on the port plus its rank.

#include "xbemu/attached_debugger.hpp"
#include "xbemu/debugger/gdb_endpoint.hpp"

#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace xbemu {

class DecodeTable;
struct Extension;

namespace gdb {
class StopPoints;
class RunControl;
class ProcessTarget;
class GdbServer;
} // namespace gdb

struct GdbStubOptions {
    gdb::GdbEndpoint endpoint;
    // Stop before the first instruction until gdb resumes the program (--gdb-wait).
    bool wait = false;
};

class GdbStub final : public AttachedDebugger {
public:
    GdbStub(GdbStubOptions options, const DecodeTable& table);
    ~GdbStub() override;

    // Listens, and prints where, on standard error. Throws std::runtime_error when it cannot.
    void attach(std::span<ProcessingElement* const> pes) override;
    bool pause_at_window_end() override;
    bool breakpoint_at(std::uint64_t address) const override;
    std::optional<WatchpointHit> watchpoint_at(MemoryAccess access, std::uint64_t address,
                                               std::uint64_t size) const override;
    // Tells a gdb that waits how the program ended, and closes the connection.
    void job_finished(int status, const std::optional<std::string>& failure) override;
    void written_by_other(unsigned pe, std::uint64_t address, std::uint64_t size) override;
    void wait_while_stopped(Hart& hart) override;
    void hart_finished(Hart& hart) override;

private:
    GdbStubOptions options_;
    std::vector<const Extension*> enabled_extensions_;
    std::vector<std::string_view> extensions_; // their names
    std::unique_ptr<gdb::StopPoints> stop_points_;
    std::unique_ptr<gdb::RunControl> control_;
    std::unique_ptr<gdb::ProcessTarget> target_;
    std::unique_ptr<gdb::GdbServer> server_;
};

} // namespace xbemu
