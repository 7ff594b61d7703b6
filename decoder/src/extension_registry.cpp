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

std::vector<const Extension*> ExtensionRegistry::defining(std::uint32_t encoding) const {
    const bool compressed = (encoding & 3U) != 3U;
    std::vector<const Extension*> result;
    for (const Extension* extension : extensions_) {
        const bool matches =
            std::any_of(extension->instructions.begin(), extension->instructions.end(),
                        [&](const InstructionDescriptor& row) {
                            const std::uint32_t bits = compressed ? encoding & 0xffffU : encoding;
                            const auto reserved = row.format->reserved;
                            return row.compressed() == compressed && row.matches(bits) &&
                                   (reserved == nullptr || !reserved(bits));
                        });
        if (matches) {
            result.push_back(extension);
        }
    }
    return result;
}

} // namespace xbemu
