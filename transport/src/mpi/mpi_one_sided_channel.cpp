#include "mpi/mpi_one_sided_channel.hpp"

#include <algorithm>
#include <climits>
#include <fmt/format.h>
#include <sched.h>
#include <stdexcept>
#include <utility>

namespace xbemu {

namespace {

// Posted puts kept per target rank before they are completed anyway: bounds both the overlap search
// and what MPI queues for a guest that stores remotely for a long time without a FENCE.
constexpr std::size_t kMaxPostedPutsPerRank = 64;

// Tests a request until it completes, giving the core away between tests after the first few.
// A blocking MPI wait spins without yielding, and a load needs the target rank's progress
// thread: with more ranks than cores, the spinning origin held the core that thread needed, and
// GUPS on 4 ranks over 2 cores ran 10 times slower than with yielding.
void wait_yielding(MPI_Request& request) {
    constexpr unsigned kTestsBeforeYielding = 64;
    int done = 0;
    for (unsigned tests = 1;; ++tests) {
        MPI_Test(&request, &done, MPI_STATUS_IGNORE);
        if (done != 0) {
            return;
        }
        if (tests >= kTestsBeforeYielding) {
            sched_yield();
        }
    }
}

MPI_Datatype unsigned_datatype(unsigned size) {
    return size == 4 ? MPI_UINT32_T : MPI_UINT64_T;
}

// MPI_MIN and MPI_MAX compare as the datatype says, so the signed and unsigned variants differ
// only in the datatype; every other operation works on the bits. MPI itself promises atomicity
// only between accumulates of one datatype and (by default) one operation; a guest that mixes
// operations on one word relies on the library applying them one at a time at the target, as
// MPICH does for operations it carries out with active messages.
MpiAtomic mpi_atomic(RemoteAtomic operation, unsigned size) {
    const MPI_Datatype bits = unsigned_datatype(size);
    const MPI_Datatype signed_integer = size == 4 ? MPI_INT32_T : MPI_INT64_T;
    switch (operation) {
    case RemoteAtomic::Add:
        return {MPI_SUM, bits};
    case RemoteAtomic::Swap:
        return {MPI_REPLACE, bits};
    case RemoteAtomic::Xor:
        return {MPI_BXOR, bits};
    case RemoteAtomic::Or:
        return {MPI_BOR, bits};
    case RemoteAtomic::And:
        return {MPI_BAND, bits};
    case RemoteAtomic::Min:
        return {MPI_MIN, signed_integer};
    case RemoteAtomic::Max:
        return {MPI_MAX, signed_integer};
    case RemoteAtomic::MinUnsigned:
        return {MPI_MIN, bits};
    case RemoteAtomic::MaxUnsigned:
        return {MPI_MAX, bits};
    }
    throw std::invalid_argument("unknown remote atomic operation");
}

template <typename T> bool compares_as_unsigned(MPI_Datatype datatype) {
    const T small = 5;
    const T large = ~T{15};
    T minimum = large;
    MPI_Reduce_local(&small, &minimum, 1, datatype, MPI_MIN);
    T maximum = small;
    MPI_Reduce_local(&large, &maximum, 1, datatype, MPI_MAX);
    return minimum == small && maximum == large;
}

// MPICH 4.0.2 (Debian 12's) compares unsigned integers as signed in MPI_MIN and MPI_MAX
// (pmodels/mpich#6083, fixed in 4.0.3). Asked once, of the library in use.
bool orders_unsigned_correctly() {
    return compares_as_unsigned<std::uint32_t>(MPI_UINT32_T) &&
           compares_as_unsigned<std::uint64_t>(MPI_UINT64_T);
}

bool is_unsigned_order(RemoteAtomic operation) {
    return operation == RemoteAtomic::MinUnsigned || operation == RemoteAtomic::MaxUnsigned;
}

std::uint64_t apply(RemoteAtomic operation, unsigned size, std::uint64_t old,
                    std::uint64_t operand) {
    return size == 4
               ? apply_remote_atomic<std::uint32_t>(operation, static_cast<std::uint32_t>(old),
                                                    static_cast<std::uint32_t>(operand))
               : apply_remote_atomic<std::uint64_t>(operation, old, operand);
}

void check_atomic_size(unsigned size) {
    if (size != 4 && size != 8) {
        throw std::invalid_argument(fmt::format("remote atomics are 4 or 8 bytes, not {}", size));
    }
}

int byte_count(std::size_t size) {
    if (size > INT_MAX) {
        throw std::invalid_argument(
            fmt::format("one-sided transfer of {} bytes is too long", size));
    }
    return static_cast<int>(size);
}

// An atomic's operand or result in the atomic's width (MPI reads and writes exactly that many
// bytes).
class AtomicValue {
public:
    AtomicValue(unsigned size, std::uint64_t value)
        : size_(size), wide_(value), narrow_(static_cast<std::uint32_t>(value)) {}
    void* data() { return size_ == 4 ? static_cast<void*>(&narrow_) : &wide_; }
    std::uint64_t value() const { return size_ == 4 ? narrow_ : wide_; }

private:
    unsigned size_;
    std::uint64_t wide_;
    std::uint32_t narrow_;
};

} // namespace

MpiOneSidedChannel::MpiOneSidedChannel(std::byte* ram, std::uint64_t ram_size, unsigned pe_count,
                                       unsigned pes_per_rank,
                                       MpiWriteNotices::WrittenHere written_here)
    : notices_(pes_per_rank, std::move(written_here)), progress_([this] { notices_.receive(); }),
      unsigned_order_in_mpi_(orders_unsigned_correctly()), ram_size_(ram_size),
      pes_per_rank_(pes_per_rank), posted_puts_(pe_count / pes_per_rank) {
    MPI_Info info = MPI_INFO_NULL;
    MPI_Info_create(&info);
    MPI_Info_set(info, "same_size", "true");
    MPI_Info_set(info, "same_disp_unit", "true");
    MPI_Win_create(ram, static_cast<MPI_Aint>(ram_size * pes_per_rank), 1, info, MPI_COMM_WORLD,
                   &window_);
    MPI_Info_free(&info);
    MPI_Win_lock_all(MPI_MODE_NOCHECK, window_);
}

MpiOneSidedChannel::~MpiOneSidedChannel() {
    notices_.finish();
    MPI_Win_unlock_all(window_);
    MPI_Win_free(&window_);
}

MpiOneSidedChannel::Target MpiOneSidedChannel::target(unsigned pe, std::uint64_t offset) const {
    return {pe, offset, pe / pes_per_rank_, (pe % pes_per_rank_) * ram_size_ + offset};
}

void MpiOneSidedChannel::get(unsigned pe, std::uint64_t offset, void* destination,
                             std::size_t size) {
    const Target at = target(pe, offset);
    const std::lock_guard lock(mutex_);
    complete_overlapping_puts(at, size);
    const int count = byte_count(size);
    // The request completes once the data has arrived, which is all a load needs: the puts to
    // this PE that it must see are flushed above.
    MPI_Request request = MPI_REQUEST_NULL;
    MPI_Rget(destination, count, MPI_BYTE, static_cast<int>(at.rank),
             static_cast<MPI_Aint>(at.displacement), count, MPI_BYTE, window_, &request);
    wait_yielding(request);
}

void MpiOneSidedChannel::put(unsigned pe, std::uint64_t offset, const void* source,
                             std::size_t size) {
    const Target at = target(pe, offset);
    const std::lock_guard lock(mutex_);
    complete_overlapping_puts(at, size);
    std::vector<PostedPut>& posted = posted_puts_[at.rank];
    if (posted.size() == kMaxPostedPutsPerRank) {
        flush(at.rank);
    }
    const int count = byte_count(size);
    const auto* bytes = static_cast<const std::byte*>(source);
    PostedPut& put = posted.emplace_back(PostedPut{at.displacement, at.displacement + size,
                                                   std::vector<std::byte>(bytes, bytes + size)});
    ++posted_put_count_;
    notices_.add(pe, offset, size);
    MPI_Put(put.data.data(), count, MPI_BYTE, static_cast<int>(at.rank),
            static_cast<MPI_Aint>(at.displacement), count, MPI_BYTE, window_);
}

std::uint64_t MpiOneSidedChannel::fetch_and_op(unsigned pe, std::uint64_t offset, unsigned size,
                                               RemoteAtomic operation, std::uint64_t operand) {
    check_atomic_size(size);
    const Target at = target(pe, offset);
    const std::lock_guard lock(mutex_);
    complete_overlapping_puts(at, size);
    if (is_unsigned_order(operation) && !unsigned_order_in_mpi_) {
        return fetch_and_op_by_compare_and_swap(at, size, operation, operand);
    }
    return mpi_fetch_and_op(at, size, mpi_atomic(operation, size), operand);
}

std::uint64_t MpiOneSidedChannel::compare_and_swap(unsigned pe, std::uint64_t offset, unsigned size,
                                                   std::uint64_t expected, std::uint64_t desired) {
    check_atomic_size(size);
    const Target at = target(pe, offset);
    const std::lock_guard lock(mutex_);
    complete_overlapping_puts(at, size);
    return mpi_compare_and_swap(at, size, expected, desired);
}

// One flush per target rather than MPI_Win_flush_all: with MPICH 4.0.2 over UCX, flush_all
// sometimes returned before small puts had read their origin buffers, so freeing the buffers
// afterwards let freed heap memory reach the target (a guest saw garbage in the last puts
// before a barrier).
void MpiOneSidedChannel::complete() {
    const std::lock_guard lock(mutex_);
    for (unsigned rank = 0; posted_put_count_ != 0 && rank < posted_puts_.size(); ++rank) {
        if (!posted_puts_[rank].empty()) {
            flush(rank);
        }
    }
}

std::uint64_t MpiOneSidedChannel::mpi_compare_and_swap(Target at, unsigned size,
                                                       std::uint64_t expected,
                                                       std::uint64_t desired) {
    AtomicValue replacement(size, desired);
    AtomicValue compare(size, expected);
    AtomicValue old(size, 0);
    MPI_Compare_and_swap(replacement.data(), compare.data(), old.data(), unsigned_datatype(size),
                         static_cast<int>(at.rank), static_cast<MPI_Aint>(at.displacement),
                         window_);
    flush(at.rank);
    if (old.value() == expected) {
        notices_.add(at.pe, at.offset, size);
        notices_.send(at.rank);
    }
    return old.value();
}

std::uint64_t MpiOneSidedChannel::mpi_fetch_and_op(Target at, unsigned size, MpiAtomic atomic,
                                                   std::uint64_t operand) {
    AtomicValue value(size, operand);
    AtomicValue old(size, 0);
    MPI_Fetch_and_op(value.data(), old.data(), atomic.datatype, static_cast<int>(at.rank),
                     static_cast<MPI_Aint>(at.displacement), atomic.op, window_);
    if (atomic.op != MPI_NO_OP) {
        notices_.add(at.pe, at.offset, size);
    }
    flush(at.rank);
    return old.value();
}

std::uint64_t MpiOneSidedChannel::fetch_and_op_by_compare_and_swap(Target at, unsigned size,
                                                                   RemoteAtomic operation,
                                                                   std::uint64_t operand) {
    // An atomic read (MPI_NO_OP), then compare-and-swap until no other atomic came between.
    std::uint64_t old = mpi_fetch_and_op(at, size, {MPI_NO_OP, unsigned_datatype(size)}, 0);
    for (;;) {
        const std::uint64_t desired = apply(operation, size, old, operand);
        if (desired == old) {
            return old;
        }
        const std::uint64_t seen = mpi_compare_and_swap(at, size, old, desired);
        if (seen == old) {
            return old;
        }
        old = seen;
    }
}

void MpiOneSidedChannel::complete_overlapping_puts(Target at, std::size_t size) {
    const std::vector<PostedPut>& posted = posted_puts_.at(at.rank);
    const std::uint64_t end = at.displacement + size;
    if (std::any_of(posted.begin(), posted.end(), [&](const PostedPut& put) {
            return put.begin < end && at.displacement < put.end;
        })) {
        flush(at.rank);
    }
}

void MpiOneSidedChannel::flush(unsigned rank) {
    MPI_Win_flush(static_cast<int>(rank), window_);
    posted_put_count_ -= posted_puts_[rank].size();
    posted_puts_[rank].clear();
    notices_.send(rank);
}

} // namespace xbemu
