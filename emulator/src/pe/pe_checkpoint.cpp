#include "xbemu/checkpoint_stream.hpp"
#include "xbemu/processing_element.hpp"

#include <cstring>
#include <sys/mman.h>
#include <unistd.h>

namespace xbemu {

namespace {

bool all_zero(const std::byte* page) {
    const std::byte* end = page + kPageSize;
    return std::find_if(page, end, [](std::byte byte) { return byte != std::byte{0}; }) == end;
}

// RAM is an anonymous mapping that the host populates where the guest (or the loader) touched
// it: only those pages can hold anything but zeros, and mincore names them without touching
// the others. Pages of zeros among them are left out too.
void save_ram(CheckpointWriter& out, const GuestRam& ram) {
    const auto host_page = static_cast<std::uint64_t>(sysconf(_SC_PAGESIZE));
    std::vector<unsigned char> residency((ram.size() + host_page - 1) / host_page);
    const bool known = mincore(ram.host(), ram.size(), residency.data()) == 0;
    std::vector<std::uint64_t> pages;
    for (std::uint64_t page = 0; page < ram.size() / kPageSize; ++page) {
        const bool touched = !known || (residency[page * kPageSize / host_page] & 1U) != 0;
        if (touched && !all_zero(ram.host() + page * kPageSize)) {
            pages.push_back(page);
        }
    }
    out.u64(pages.size());
    for (const std::uint64_t page : pages) {
        out.u64(page);
        out.bytes(std::span(ram.host() + page * kPageSize, kPageSize));
    }
}

void restore_ram(CheckpointReader& in, GuestRam& ram) {
    // What the loader wrote goes; the checkpoint has the guest's memory as it was.
    madvise(ram.host(), ram.size(), MADV_DONTNEED);
    const std::uint64_t count = in.u64();
    for (std::uint64_t index = 0; index < count; ++index) {
        const std::uint64_t page = in.u64();
        if (page >= ram.size() / kPageSize) {
            throw CheckpointError("is corrupt");
        }
        in.bytes(std::span(ram.host() + page * kPageSize, kPageSize));
    }
}

} // namespace

void ProcessingElement::save_checkpoint(CheckpointWriter& out) const {
    out.boolean(exit_status_.has_value());
    out.u32(static_cast<std::uint32_t>(exit_status_.value_or(0)));
    out.boolean(reached_switch_);
    out.boolean(roi_begin_deferred_);
    harts_.front()->save_checkpoint(out);
    semihosting_->save_checkpoint(out);
    std::fflush(output_);
    out.string(timed_output_ ? timed_output_->unfinished_line() : std::string());
    save_ram(out, ram_);
}

void ProcessingElement::restore_checkpoint(CheckpointReader& in) {
    const bool exited = in.boolean();
    const auto status = static_cast<int>(in.u32());
    exit_status_ = exited ? std::optional<int>(status) : std::nullopt;
    reached_switch_ = in.boolean();
    roi_begin_deferred_ = in.boolean();
    harts_.front()->restore_checkpoint(in);
    semihosting_->restore_checkpoint(in);
    const std::string unfinished = in.string();
    if (!unfinished.empty()) {
        std::fwrite(unfinished.data(), 1, unfinished.size(), output_);
        std::fflush(output_);
    }
    restore_ram(in, ram_);
}

} // namespace xbemu
