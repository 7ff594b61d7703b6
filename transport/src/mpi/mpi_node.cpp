#include "mpi/mpi_node.hpp"

#include "mpi/mpi_setup_wait.hpp"

#include <array>
#include <charconv>
#include <cstdlib>
#include <numeric>
#include <optional>
#include <string_view>

namespace xbemu {

namespace {

// How many ranks of the job the launcher started on this host, when it says: Hydra (MPICH,
// Intel MPI) and Open MPI's mpirun do.
std::optional<int> ranks_on_this_host() {
    for (const char* name : {"MPI_LOCALNRANKS", "OMPI_COMM_WORLD_LOCAL_SIZE"}) {
        const char* value = std::getenv(name);
        if (value == nullptr) {
            continue;
        }
        const std::string_view text(value);
        int ranks = 0;
        const auto [end, error] = std::from_chars(text.data(), text.data() + text.size(), ranks);
        if (error == std::errc() && end == text.data() + text.size()) {
            return ranks;
        }
    }
    return std::nullopt;
}

// MPICH can be told to see one host as several nodes, which the tests use to run the paths
// between nodes on one host. Read through MPI's tool interface; a library without these
// variables has no such setting. When a variable cannot be read, the answer is yes: the slow
// path is always right.
bool library_splits_hosts() {
    struct Setting {
        const char* name;
        int largest_value_for_one_node;
    };
    constexpr std::array kSettings = {Setting{"MPIR_CVAR_NUM_CLIQUES", 1},
                                      Setting{"MPIR_CVAR_ODD_EVEN_CLIQUES", 0},
                                      Setting{"MPIR_CVAR_NOLOCAL", 0}};
    int provided = 0;
    if (MPI_T_init_thread(MPI_THREAD_SINGLE, &provided) != MPI_SUCCESS) {
        return true;
    }
    bool splits = false;
    for (const Setting& setting : kSettings) {
        int index = 0;
        if (MPI_T_cvar_get_index(setting.name, &index) != MPI_SUCCESS) {
            continue;
        }
        // Lengths of 0: neither the name nor the description is written.
        int name_length = 0;
        int description_length = 0;
        int verbosity = 0;
        MPI_Datatype datatype = MPI_DATATYPE_NULL;
        MPI_T_enum enumeration = MPI_T_ENUM_NULL;
        int binding = 0;
        int scope = 0;
        MPI_T_cvar_handle handle = MPI_T_CVAR_HANDLE_NULL;
        int count = 0;
        int value = 0;
        if (MPI_T_cvar_get_info(index, nullptr, &name_length, &verbosity, &datatype, &enumeration,
                                nullptr, &description_length, &binding, &scope) != MPI_SUCCESS ||
            datatype != MPI_INT ||
            MPI_T_cvar_handle_alloc(index, nullptr, &handle, &count) != MPI_SUCCESS) {
            splits = true;
            continue;
        }
        if (count != 1 || MPI_T_cvar_read(handle, &value) != MPI_SUCCESS ||
            value > setting.largest_value_for_one_node) {
            splits = true;
        }
        MPI_T_cvar_handle_free(&handle);
    }
    MPI_T_finalize();
    return splits;
}

} // namespace

MpiNode::MpiNode() {
    int world_rank = 0;
    int world_size = 0;
    MPI_Comm_rank(MPI_COMM_WORLD, &world_rank);
    MPI_Comm_size(MPI_COMM_WORLD, &world_size);
    // When the launcher started every rank on this host and MPICH sees it as one node, the node
    // is the world: MPI_Comm_split_type's blocking steps cost 32 ranks on 2 cores 2.3 s, a
    // non-blocking duplicate 13 ms. Every rank must take the same path.
    const std::optional<int> local_ranks = ranks_on_this_host();
    int whole_world = local_ranks == world_size && !library_splits_hosts() ? 1 : 0;
    setup_allreduce(MPI_IN_PLACE, &whole_world, 1, MPI_INT, MPI_MIN, MPI_COMM_WORLD);
    if (whole_world != 0) {
        MPI_Request request = MPI_REQUEST_NULL;
        MPI_Comm_idup(MPI_COMM_WORLD, &communicator_, &request);
        wait_for_setup(request);
        world_ranks_.resize(static_cast<std::size_t>(world_size));
        std::iota(world_ranks_.begin(), world_ranks_.end(), 0);
        node_count_ = 1;
        return;
    }
    MPI_Comm_split_type(MPI_COMM_WORLD, MPI_COMM_TYPE_SHARED, world_rank, MPI_INFO_NULL,
                        &communicator_);
    int node_rank = 0;
    int node_size = 0;
    MPI_Comm_rank(communicator_, &node_rank);
    MPI_Comm_size(communicator_, &node_size);
    world_ranks_.resize(static_cast<std::size_t>(node_size));
    setup_allgather(&world_rank, 1, MPI_INT, world_ranks_.data(), communicator_);
    // Every node has exactly one node rank 0.
    const int leader = node_rank == 0 ? 1 : 0;
    setup_allreduce(&leader, &node_count_, 1, MPI_INT, MPI_SUM, MPI_COMM_WORLD);
}

MpiNode::~MpiNode() {
    MPI_Comm_free(&communicator_);
}

} // namespace xbemu
