#pragma once
// Where the gdb stub listens: `--gdb PORT` or `--gdb tcp:HOST:PORT`, as QEMU's -gdb takes it.
// The host defaults to localhost; port 0 lets the system choose one (xbemu prints it).

#include <string>
#include <string_view>

namespace xbemu::gdb {

struct GdbEndpoint {
    std::string host = "localhost";
    unsigned port = 0;
};

// Throws std::invalid_argument with a one-line reason.
GdbEndpoint parse_gdb_endpoint(std::string_view text);

} // namespace xbemu::gdb
