#include "xbemu/base_extensions.hpp"

namespace xbemu {

void register_base_extensions(ExtensionRegistry& registry) {
    for (const Extension* extension :
         {&extension_rv64i(), &extension_rv64m(), &extension_rv64a(), &extension_rv64f(),
          &extension_rv64d(), &extension_zca(), &extension_zcd(), &extension_zicsr(),
          &extension_zifencei()}) {
        registry.add(*extension);
    }
}

} // namespace xbemu
