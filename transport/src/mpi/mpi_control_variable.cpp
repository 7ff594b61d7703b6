#include "mpi/mpi_control_variable.hpp"

namespace xbemu {

ScopedMpiControlVariable::ScopedMpiControlVariable(const char* name, int value) {
    int provided = 0;
    tool_interface_ = MPI_T_init_thread(MPI_THREAD_MULTIPLE, &provided) == MPI_SUCCESS;
    int index = 0;
    int count = 0;
    // What the variable is: an int, of one value, is all this sets.
    int name_length = 0;
    int verbosity = 0;
    MPI_Datatype type = MPI_DATATYPE_NULL;
    MPI_T_enum enumeration = MPI_T_ENUM_NULL;
    int description_length = 0;
    int binding = 0;
    int scope = 0;
    if (!tool_interface_ || MPI_T_cvar_get_index(name, &index) != MPI_SUCCESS ||
        MPI_T_cvar_get_info(index, nullptr, &name_length, &verbosity, &type, &enumeration, nullptr,
                            &description_length, &binding, &scope) != MPI_SUCCESS ||
        type != MPI_INT || binding != MPI_T_BIND_NO_OBJECT ||
        MPI_T_cvar_handle_alloc(index, nullptr, &handle_, &count) != MPI_SUCCESS) {
        return;
    }
    int old = 0;
    if (count == 1 && MPI_T_cvar_read(handle_, &old) == MPI_SUCCESS &&
        MPI_T_cvar_write(handle_, &value) == MPI_SUCCESS) {
        previous_ = old;
    }
}

ScopedMpiControlVariable::~ScopedMpiControlVariable() {
    if (previous_) {
        MPI_T_cvar_write(handle_, &*previous_);
    }
    if (handle_ != MPI_T_CVAR_HANDLE_NULL) {
        MPI_T_cvar_handle_free(&handle_);
    }
    if (tool_interface_) {
        MPI_T_finalize();
    }
}

} // namespace xbemu
