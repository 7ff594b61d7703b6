#pragma once
// The extensions a build of xbemu knows, by name. Extension modules register themselves
// explicitly at start-up (no static-initialiser magic, which static libraries would drop).

#include "xbemu/decoder/extension.hpp"

#include <cstdint>
#include <stdexcept>
#include <string>
#include <string_view>
#include <vector>

namespace xbemu {

class ExtensionRegistry {
public:
    // Throws std::invalid_argument for a name registered twice.
    void add(const Extension& extension);
    const Extension* find(std::string_view name) const;
    // The extensions named by an ISA string, or std::invalid_argument naming an unknown one.
    std::vector<const Extension*> resolve(std::string_view isa) const;
    std::vector<std::string_view> names() const;
    // The extensions with an instruction that matches the encoding (a compressed one in its low
    // 16 bits) and does not reserve it, for naming the extension a program needs when --isa
    // leaves it out.
    std::vector<const Extension*> defining(std::uint32_t encoding) const;

private:
    std::vector<const Extension*> extensions_;
};

} // namespace xbemu
