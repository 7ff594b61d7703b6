#pragma once
// A processing element: guest RAM, the devices on its bus, its harts and host services. The
// multi-PE layers (in one process or one PE per MPI rank) build on this object.

#include "xbemu/clint.hpp"
#include "xbemu/decoder/decode_table.hpp"
#include "xbemu/elf_image.hpp"
#include "xbemu/guest_ram.hpp"
#include "xbemu/hart.hpp"
#include "xbemu/htif.hpp"
#include "xbemu/machine_config.hpp"
#include "xbemu/mmio_device.hpp"
#include "xbemu/semihosting.hpp"

#include <memory>
#include <optional>
#include <stdexcept>
#include <vector>

namespace xbemu {

class LoadError : public std::runtime_error {
public:
    using std::runtime_error::runtime_error;
};

class ProcessingElement {
public:
    ProcessingElement(const MachineConfig& config, const DecodeTable& decode_table);
    ~ProcessingElement();
    ProcessingElement(const ProcessingElement&) = delete;
    ProcessingElement& operator=(const ProcessingElement&) = delete;

    // Copies the image into RAM and points every hart at its entry. Throws LoadError for
    // segments outside RAM.
    void load(const ElfImage& image);

    // Runs until the guest stops; returns its exit status. Throws GuestFatalError.
    int run();

    const MachineConfig& config() const { return config_; }
    const DecodeTable& decode_table() const { return decode_table_; }
    GuestRam& ram() { return ram_; }
    Hart& hart(unsigned index) { return *harts_.at(index); }
    std::size_t hart_count() const { return harts_.size(); }
    Semihosting& semihosting() { return *semihosting_; }
    Htif* htif() { return htif_ ? &*htif_ : nullptr; }
    MmioDevice* device_at(std::uint64_t address, unsigned size);
    // Set by guest-visible ways of stopping (semihosting exit, HTIF, test finisher); the first
    // request wins.
    void request_exit(int status);
    bool exit_requested() const { return exit_status_.has_value(); }
    std::uint64_t instructions_retired() const;

private:
    MachineConfig config_;
    const DecodeTable& decode_table_;
    GuestRam ram_;
    std::vector<std::unique_ptr<Hart>> harts_;
    std::vector<std::unique_ptr<MmioDevice>> devices_;
    std::unique_ptr<Semihosting> semihosting_;
    std::optional<Htif> htif_;
    std::optional<int> exit_status_;
};

} // namespace xbemu
