#pragma once
// An integer control variable of the MPI library (the MPI tool interface, MPI_T), set for as long
// as the object lives and then put back; nothing when the library has no variable of that name.

#include <mpi.h>
#include <optional>

namespace xbemu {

class ScopedMpiControlVariable {
public:
    ScopedMpiControlVariable(const char* name, int value);
    ~ScopedMpiControlVariable();
    ScopedMpiControlVariable(const ScopedMpiControlVariable&) = delete;
    ScopedMpiControlVariable& operator=(const ScopedMpiControlVariable&) = delete;

private:
    bool tool_interface_ = false;
    MPI_T_cvar_handle handle_ = MPI_T_CVAR_HANDLE_NULL;
    std::optional<int> previous_;
};

} // namespace xbemu
