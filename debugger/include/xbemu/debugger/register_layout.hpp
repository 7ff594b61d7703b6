#pragma once
// The registers a gdb target offers, grouped in target-description features: their names,
// sizes, gdb types, and the numbers the remote protocol uses for them (p/P packets, regnum in
// the XML). The layout is plain data; which registers exist is decided by whoever builds it.

#include <string>
#include <vector>

namespace xbemu::gdb {

struct TargetRegister {
    std::string name;
    unsigned number = 0;
    unsigned bits = 64;
    std::string type = "int"; // a gdb type: int, code_ptr, data_ptr, ieee_single...
    std::string group;        // empty: gdb's default for the feature
};

struct RegisterFeature {
    std::string name; // e.g. org.gnu.gdb.riscv.cpu
    std::vector<TargetRegister> registers;
    std::string type_declarations; // XML for the feature's own types (unions...)
};

struct RegisterLayout {
    std::string architecture; // e.g. riscv:rv64
    std::vector<RegisterFeature> features;
    // The registers of the g and G packets, in their order.
    std::vector<unsigned> g_packet;
    unsigned pc = 0; // the program counter's number

    const TargetRegister* find(unsigned number) const;
};

// The target description gdb reads through qXfer:features:read:target.xml.
std::string target_description_xml(const RegisterLayout& layout);

} // namespace xbemu::gdb
