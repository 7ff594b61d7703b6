#pragma once
// The extensions a build of xbemu knows, by name. Extension modules register themselves
// explicitly at start-up (no static-initialiser magic, which static libraries would drop).

#include "xbemu/decoder/extension.hpp"

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

private:
    std::vector<const Extension*> extensions_;
};

} // namespace xbemu
