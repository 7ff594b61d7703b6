#pragma once
// PEs on MPI ranks (mpirun -np R xbemu -n P ...: R x P PEs, rank r runs PEs r*P to r*P+P-1,
// one PE per rank without -n). The PEs of a rank reach each other's RAM directly; PEs on the
// same node map each other's guest RAM through an MPI shared-memory window; PEs on other nodes
// are reached with MPI one-sided operations (passive target). A PE that fails stops the job
// (MPI_Abort).

#include "xbemu/decoder/decode_table.hpp"
#include "xbemu/elf_image.hpp"
#include "xbemu/machine_config.hpp"
#include "xbemu/transport/in_process_job.hpp"

#include <functional>
#include <string>
#include <string_view>
#include <vector>

namespace xbemu {

enum class MpiTransport : std::uint8_t {
    Auto, // shared memory with the ranks on this node, one-sided MPI with the others
    Shm,  // shared memory only: every rank must be on this node
    Rma,  // one-sided MPI for every remote access and every atomic (covers the cross-node path)
};

// A setting that changes what the job computes, or which collective steps a rank takes, so that
// ranks started with different options (mpirun's MPMD form) must not run together.
struct RankSetting {
    std::string option;      // as the user names it: "--network", "the program"
    std::string value;       // what the ranks compare
    std::string description; // how a refusal shows this rank's value
};

// True when this process was started by an MPI launcher (mpirun/mpiexec).
bool launched_by_mpi();

// Runs this rank's PEs. `config.pe_count` is the -n the user gave (PEs per rank), or 0 when
// none was given (one); ranks given different values are refused. Every rank returns the same
// outcome; the statistics of all PEs are gathered on rank 0 in PE order (other ranks return
// none), and rank 0 prints failures. Throws std::runtime_error for a bad setup (before anything
// runs). `settings` must have the same values on every rank, checked before anything else: the
// job is refused on every rank when two ranks differ. `check_host` is called with the number of
// PEs of this rank before any exists, and throws std::exception when they would not fit the
// host: the job is then refused on every rank, in one line. `debugger`, if any, is attached to
// this rank's PEs (a thread each) before they start.
JobOutcome run_mpi_job(MachineConfig config, const DecodeTable& table, const ElfImage& image,
                       MpiTransport transport, const std::vector<RankSetting>& settings,
                       const std::function<void(unsigned pes)>& check_host,
                       AttachedDebugger* debugger = nullptr);

} // namespace xbemu
