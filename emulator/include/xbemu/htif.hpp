#pragma once
// Spike's host-target interface through the ELF symbols tohost/fromhost: riscv-tests' pass/fail
// word, the "syscall proxy" (write, exit) and the console device (putchar/getchar).

#include <cstdint>
#include <cstdio>
#include <optional>

namespace xbemu {

class GuestRam;

class Htif {
public:
    Htif(std::uint64_t tohost, std::optional<std::uint64_t> fromhost, std::FILE* output,
         std::FILE* error, std::FILE* input)
        : tohost_(tohost), fromhost_(fromhost), output_(output), error_(error), input_(input) {}

    std::uint64_t tohost_address() const { return tohost_; }
    std::optional<std::uint64_t> fromhost_address() const { return fromhost_; }

    // Called after a guest store touched [address, address + size). Returns the exit status
    // when the guest asked to stop.
    std::optional<int> on_store(GuestRam& ram, std::uint64_t address, unsigned size);

private:
    std::optional<int> run_syscall(GuestRam& ram, std::uint64_t block_address);
    void respond(GuestRam& ram, std::uint64_t value);

    std::uint64_t tohost_;
    std::optional<std::uint64_t> fromhost_;
    std::FILE* output_;
    std::FILE* error_;
    std::FILE* input_;
};

} // namespace xbemu
