#include "xbemu/message_port.hpp"

#include <algorithm>

namespace xbemu {

bool uses_message_passing(const DecodeTable& table) {
    const auto extensions = table.extensions();
    return std::any_of(extensions.begin(), extensions.end(),
                       [](const Extension* extension) { return extension->name == "xpimp"; });
}

} // namespace xbemu
