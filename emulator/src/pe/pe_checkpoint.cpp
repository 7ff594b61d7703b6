#include "xbemu/checkpoint_stream.hpp"
#include "xbemu/processing_element.hpp"

#include <algorithm>
#include <fcntl.h>
#include <fmt/format.h>
#include <sys/mman.h>
#include <unistd.h>

namespace xbemu {

namespace {

bool all_zero(const std::byte* page) {
    const std::byte* end = page + kPageSize;
    return std::find_if(page, end, [](std::byte byte) { return byte != std::byte{0}; }) == end;
}

// Host pages of [start, start + size) that the host populated or swapped out: only those can
// hold anything but zeros. RAM is a private anonymous mapping, for which /proc/self/pagemap's
// present (bit 63) and swapped (bit 62) flags are exact; mincore would miss swapped pages. An
// empty result means the kernel cannot say, and every page counts as touched.
std::vector<bool> touched_host_pages(const std::byte* start, std::uint64_t size,
                                     std::uint64_t host_page) {
    const int pagemap = open("/proc/self/pagemap", O_RDONLY | O_CLOEXEC);
    if (pagemap < 0) {
        return {};
    }
    const std::uint64_t count = (size + host_page - 1) / host_page;
    std::vector<std::uint64_t> entries(count);
    const auto offset = static_cast<off_t>(reinterpret_cast<std::uintptr_t>(start) / host_page *
                                           sizeof(std::uint64_t));
    const auto wanted = static_cast<ssize_t>(count * sizeof(std::uint64_t));
    const ssize_t got = pread(pagemap, entries.data(), static_cast<std::size_t>(wanted), offset);
    close(pagemap);
    if (got != wanted) {
        return {};
    }
    constexpr std::uint64_t kPresentOrSwapped = (std::uint64_t{1} << 63) | (std::uint64_t{1} << 62);
    std::vector<bool> touched(count);
    for (std::uint64_t page = 0; page < count; ++page) {
        touched[page] = (entries[page] & kPresentOrSwapped) != 0;
    }
    return touched;
}

// Only touched pages are read (reading the others would map them), and pages of zeros among them
// are left out too.
void save_ram(CheckpointWriter& out, const GuestRam& ram) {
    const auto host_page = static_cast<std::uint64_t>(sysconf(_SC_PAGESIZE));
    const std::vector<bool> touched = touched_host_pages(ram.host(), ram.size(), host_page);
    std::vector<std::uint64_t> pages;
    for (std::uint64_t page = 0; page < ram.size() / kPageSize; ++page) {
        const bool maybe_data = touched.empty() || touched[page * kPageSize / host_page];
        if (maybe_data && !all_zero(ram.host() + page * kPageSize)) {
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
    try {
        semihosting_->save_checkpoint(out);
    } catch (const CheckpointError& error) {
        throw CheckpointError(fmt::format("PE {}: {}", id_, error.what()));
    }
    for (const auto& device : devices_) {
        device->save_checkpoint(out);
    }
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
    for (const auto& device : devices_) {
        device->restore_checkpoint(in);
    }
    const std::string unfinished = in.string();
    if (!unfinished.empty()) {
        std::fwrite(unfinished.data(), 1, unfinished.size(), output_);
        std::fflush(output_);
    }
    restore_ram(in, ram_);
}

} // namespace xbemu
