// The cycle mode's speculative runs (docs/timing.md, "Speculative windows"): the scheduler runs a
// PE ahead of what it knows to be safe, and keeps the run only if no message could have reached
// the PE within it. A speculative run executes only blocks that change nothing but the hart's
// registers, clock and RAM (DecodedBlock::speculable), so saving those, and each RAM page
// before its first store, is enough to undo it.

#include "xbemu/hart.hpp"

#include <algorithm>

namespace xbemu {

void Hart::begin_speculation() {
    if (!speculative_start_) {
        speculative_start_ = std::make_unique<SpeculativeStart>();
    }
    SpeculativeStart& start = *speculative_start_;
    start.x = x;
    start.f = f;
    if (e != nullptr) {
        std::copy_n(e, start.e.size(), start.e.begin());
    }
    start.next_pc = next_pc;
    start.instret = instret;
    start.polling_blocks = polling_blocks;
    start.watch_base = watch_base;
    start.watch_span = watch_span;
    start.mstatus = mstatus;
    start.frm = frm;
    start.fflags = fflags;
    start.clock = clock;
    start.polling_detector = polling_detector;
    start.pc = pc_;
    start.poll_start = poll_start_;
    start.store_loop = store_loop_;
    start.polling_period = polling_period_;
    start.return_to_pe = return_to_pe_;
    start.reservation_valid = reservation_valid_;
    start.reservation_address = reservation_address_;
    start.reservation_value = reservation_value_;
    rollback_log_.arm();
    clock.speculating = true;
}

void Hart::end_speculation(bool keep) {
    clock.speculating = false;
    if (keep) {
        rollback_log_.commit();
        return;
    }
    const SpeculativeStart& start = *speculative_start_;
    x = start.x;
    f = start.f;
    if (e != nullptr) {
        std::copy(start.e.begin(), start.e.end(), e);
    }
    next_pc = start.next_pc;
    instret = start.instret;
    polling_blocks = start.polling_blocks;
    watch_base = start.watch_base;
    watch_span = start.watch_span;
    mstatus = start.mstatus;
    frm = start.frm;
    fflags = start.fflags;
    clock = start.clock;
    polling_detector = start.polling_detector;
    pc_ = start.pc;
    poll_start_ = start.poll_start;
    store_loop_ = start.store_loop;
    polling_period_ = start.polling_period;
    return_to_pe_ = start.return_to_pe;
    reservation_valid_ = start.reservation_valid;
    reservation_address_ = start.reservation_address;
    reservation_value_ = start.reservation_value;
    rollback_log_.roll_back();
}

} // namespace xbemu
