#include "in_process/job_checkpoint.hpp"

#include <cstdio>

namespace xbemu {

void write_job_checkpoint(const MachineConfig& config,
                          const std::vector<std::unique_ptr<ProcessingElement>>& pes,
                          const std::vector<MessagePortSnapshot>& fifos) {
    CheckpointWriter body;
    body.u32(static_cast<std::uint32_t>(pes.size()));
    body.boolean(!fifos.empty());
    for (const auto& pe : pes) {
        pe->save_checkpoint(body);
        if (!fifos.empty()) {
            save_checkpoint(body, fifos[pe->id()]);
        }
    }
    CheckpointHeader header;
    header.xbemu_version = config.checkpointing.header_version;
    header.isa = config.isa;
    header.pe_count = static_cast<std::uint32_t>(pes.size());
    header.launcher = "in-process";
    header.memory_size = config.memory_size;
    const ProgramFingerprint program = program_fingerprint(config.program);
    header.program_size = program.size;
    header.program_hash = program.hash;
    header.machine = config.checkpointing.header_machine;
    write_checkpoint_file(config.checkpointing.write, header, body.data());
    std::fprintf(stderr, "xbemu: checkpoint of %zu PEs written to %s\n", pes.size(),
                 config.checkpointing.write.c_str());
}

std::vector<MessagePortSnapshot>
restore_job_checkpoint(const CheckpointFile& file,
                       const std::vector<std::unique_ptr<ProcessingElement>>& pes) {
    CheckpointReader body(file.body);
    if (body.u32() != pes.size()) {
        throw CheckpointError("is corrupt");
    }
    const bool message_passing = body.boolean();
    std::vector<MessagePortSnapshot> fifos;
    for (const auto& pe : pes) {
        pe->restore_checkpoint(body);
        if (message_passing) {
            fifos.push_back(restore_message_port_snapshot(body));
        }
    }
    if (!body.at_end()) {
        throw CheckpointError("is corrupt");
    }
    return fifos;
}

} // namespace xbemu
