#include "xbemu/decoder/extension_registry.hpp"

#include "xbemu/decoder/isa_string.hpp"

#include <algorithm>
#include <fmt/format.h>

namespace xbemu {

void ExtensionRegistry::add(const Extension& extension) {
    if (find(extension.name) != nullptr) {
        throw std::invalid_argument(
            fmt::format("extension '{}' is registered twice", extension.name));
    }
    extensions_.push_back(&extension);
}

const Extension* ExtensionRegistry::find(std::string_view name) const {
    const auto it = std::find_if(extensions_.begin(), extensions_.end(),
                                 [name](const Extension* e) { return e->name == name; });
    return it == extensions_.end() ? nullptr : *it;
}

std::vector<const Extension*> ExtensionRegistry::resolve(std::string_view isa) const {
    std::vector<const Extension*> resolved;
    for (const std::string& name : expand_isa_string(isa)) {
        const Extension* extension = find(name);
        if (extension == nullptr) {
            throw IsaStringError(
                fmt::format("invalid ISA string '{}': unknown extension '{}' (known: {})", isa,
                            name, fmt::join(names(), ", ")));
        }
        resolved.push_back(extension);
    }
    return resolved;
}

std::vector<std::string_view> ExtensionRegistry::names() const {
    std::vector<std::string_view> result;
    for (const Extension* extension : extensions_) {
        result.push_back(extension->name);
    }
    return result;
}

} // namespace xbemu
