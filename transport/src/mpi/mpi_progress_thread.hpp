#pragma once
// A thread that keeps MPI progressing while this rank's PE runs guest code. The MPI library
// carries out other ranks' one-sided operations on this rank's window only from inside MPI
// calls made here (active messages, where the network cannot do them alone), and a guest may
// run for a long time without any: without this thread, a remote load from this PE would wait
// until the PE happened to call MPI.

#include <functional>
#include <mpi.h>
#include <thread>

namespace xbemu {

class MpiProgressThread {
public:
    // Needs MPI_THREAD_MULTIPLE. `each_look`, when given, runs after each look at MPI (on this
    // thread, until the destructor).
    explicit MpiProgressThread(std::function<void()> each_look = {});
    ~MpiProgressThread();
    MpiProgressThread(const MpiProgressThread&) = delete;
    MpiProgressThread& operator=(const MpiProgressThread&) = delete;

private:
    void poll();

    std::function<void()> each_look_;
    std::thread thread_;
};

} // namespace xbemu
