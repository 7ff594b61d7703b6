#pragma once
// The RAM one turn of a loop stores into, each window with what it held before the turn's first
// store there: at the end of the turn, whether memory is back as it was (a call that saved and
// restored registers on the stack, a spill slot reused). Fixed capacity: no allocation.

#include <algorithm>
#include <array>
#include <cstddef>
#include <cstdint>
#include <cstring>

namespace xbemu {

class TurnStores {
public:
    // Every store (sb to sd, fsw, fsd, their compressed forms, xBGAS ese) and every AMO writes
    // at most this many bytes at its address; the window of this size from there, or the last
    // one of RAM, holds them all.
    static constexpr std::uint64_t kWindowBytes = 8;
    // The most distinct windows a turn may store into; a turn that writes more is taken for
    // work.
    static constexpr std::size_t kMostWindows = 16;

    // Before a store into the window at RAM offset `window`; false when there is no room left.
    bool remember(const std::byte* ram, std::uint64_t window) {
        if (std::any_of(windows_.begin(), windows_.begin() + count_,
                        [&](const Window& known) { return known.offset == window; })) {
            return true;
        }
        if (count_ == windows_.size()) {
            return false;
        }
        windows_[count_].offset = window;
        std::memcpy(&windows_[count_].before, ram + window, kWindowBytes);
        ++count_;
        return true;
    }
    bool empty() const { return count_ == 0; }
    // Any byte the turn stored into lies in the first window remembered that holds it, whose
    // copy predates every store there.
    bool restored(const std::byte* ram) const {
        return std::all_of(windows_.begin(), windows_.begin() + count_, [&](const Window& known) {
            return std::memcmp(&known.before, ram + known.offset, kWindowBytes) == 0;
        });
    }

private:
    struct Window {
        std::uint64_t offset;
        std::uint64_t before;
    };
    std::array<Window, kMostWindows> windows_{};
    std::size_t count_ = 0;
};

} // namespace xbemu
