#include "in_process/job_checkpoint.hpp"

#include "xbemu/job_interruption.hpp"

#include <cstdio>

namespace xbemu {

CheckpointHeader job_checkpoint_header(const MachineConfig& config, unsigned pe_count,
                                       const std::string& launcher) {
    CheckpointHeader header;
    header.xbemu_version = config.checkpointing.header_version;
    header.isa = config.isa;
    header.pe_count = pe_count;
    header.launcher = launcher;
    header.memory_size = config.memory_size;
    const ProgramFingerprint program = program_fingerprint(config.program);
    header.program_size = program.size;
    header.program_hash = program.hash;
    header.machine = config.checkpointing.header_machine;
    return header;
}

void add_job_section(CheckpointFileWriter& file, unsigned pe_count, bool message_passing) {
    CheckpointWriter job;
    job.u32(pe_count);
    job.boolean(message_passing);
    file.add_section(job);
}

void add_pe_sections(CheckpointFileWriter& file,
                     const std::vector<std::unique_ptr<ProcessingElement>>& pes,
                     const std::vector<MessagePortSnapshot>& fifos) {
    // A section per PE: one PE's state at a time in host memory.
    for (std::size_t index = 0; index < pes.size(); ++index) {
        CheckpointWriter section;
        pes[index]->save_checkpoint(section);
        if (!fifos.empty()) {
            save_checkpoint(section, fifos[index]);
        }
        file.add_section(section);
    }
}

void write_job_checkpoint(const MachineConfig& config,
                          const std::vector<std::unique_ptr<ProcessingElement>>& pes,
                          const std::vector<MessagePortSnapshot>& fifos) {
    const auto count = static_cast<unsigned>(pes.size());
    CheckpointFileWriter file(config.checkpointing.write,
                              job_checkpoint_header(config, count, "in-process"));
    add_job_section(file, count, !fifos.empty());
    add_pe_sections(file, pes, fifos);
    file.finish();
    std::fprintf(stderr, "xbemu: checkpoint of %zu PEs written to %s\n", pes.size(),
                 config.checkpointing.write.c_str());
}

std::vector<MessagePortSnapshot>
restore_rank_checkpoint(CheckpointFileReader& file,
                        const std::vector<std::unique_ptr<ProcessingElement>>& pes,
                        unsigned first_pe, unsigned pe_count) {
    const std::vector<std::byte> job_section = file.next_section();
    CheckpointReader job(job_section);
    if (job.u32() != pe_count) {
        throw CheckpointError("is corrupt");
    }
    const bool message_passing = job.boolean();
    for (unsigned pe = 0; pe < first_pe; ++pe) {
        file.skip_section();
    }
    std::vector<MessagePortSnapshot> fifos;
    for (const auto& pe : pes) {
        stop_start_up_if_interrupted();
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
    for (auto pe = first_pe + pes.size(); pe < pe_count; ++pe) {
        file.skip_section();
    }
    file.expect_end();
    return fifos;
}

std::vector<MessagePortSnapshot>
restore_job_checkpoint(CheckpointFileReader& file,
                       const std::vector<std::unique_ptr<ProcessingElement>>& pes) {
    return restore_rank_checkpoint(file, pes, 0, static_cast<unsigned>(pes.size()));
}

} // namespace xbemu
