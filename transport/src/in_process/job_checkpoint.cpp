#include "in_process/job_checkpoint.hpp"

#include <cstdio>

namespace xbemu {

void write_job_checkpoint(const MachineConfig& config,
                          const std::vector<std::unique_ptr<ProcessingElement>>& pes,
                          const std::vector<MessagePortSnapshot>& fifos) {
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
    CheckpointFileWriter file(config.checkpointing.write, header);
    CheckpointWriter job;
    job.u32(static_cast<std::uint32_t>(pes.size()));
    job.boolean(!fifos.empty());
    file.add_section(job);
    // A section per PE: one PE's state at a time in host memory.
    for (const auto& pe : pes) {
        CheckpointWriter section;
        pe->save_checkpoint(section);
        if (!fifos.empty()) {
            save_checkpoint(section, fifos[pe->id()]);
        }
        file.add_section(section);
    }
    file.finish();
    std::fprintf(stderr, "xbemu: checkpoint of %zu PEs written to %s\n", pes.size(),
                 config.checkpointing.write.c_str());
}

std::vector<MessagePortSnapshot>
restore_job_checkpoint(CheckpointFileReader& file,
                       const std::vector<std::unique_ptr<ProcessingElement>>& pes) {
    const std::vector<std::byte> job_section = file.next_section();
    CheckpointReader job(job_section);
    if (job.u32() != pes.size()) {
        throw CheckpointError("is corrupt");
    }
    const bool message_passing = job.boolean();
    std::vector<MessagePortSnapshot> fifos;
    for (const auto& pe : pes) {
        const std::vector<std::byte> pe_section = file.next_section();
        CheckpointReader section(pe_section);
        pe->restore_checkpoint(section);
        if (message_passing) {
            fifos.push_back(restore_message_port_snapshot(section));
        }
        if (!section.at_end()) {
            throw CheckpointError("is corrupt");
        }
    }
    file.expect_end();
    return fifos;
}

} // namespace xbemu
