#pragma once
// The MPI library's lifetime in this process: initialised when an MPI job starts, finalised
// when it ends, so that a plain run of xbemu never touches MPI.

#include <mpi.h>

namespace xbemu {

class MpiSession {
public:
    // Asks for MPI_THREAD_MULTIPLE: the one-sided transport drives MPI progress from a second
    // thread while the PE's thread issues its own operations.
    MpiSession();
    ~MpiSession();
    MpiSession(const MpiSession&) = delete;
    MpiSession& operator=(const MpiSession&) = delete;

    int rank() const { return rank_; }
    int size() const { return size_; }
    bool thread_multiple() const { return thread_multiple_; }

private:
    int rank_ = 0;
    int size_ = 0;
    bool thread_multiple_ = false;
};

} // namespace xbemu
