#include "xbemu/decoder/privileged_spec.hpp"

namespace xbemu {

std::optional<PrivilegedSpec> privileged_spec_from_numbers(std::uint64_t major, std::uint64_t minor,
                                                           std::uint64_t revision) {
    struct Version {
        std::uint64_t major, minor, revision;
        PrivilegedSpec spec;
    };
    static constexpr Version kVersions[] = {{1, 9, 1, PrivilegedSpec::V1_9_1},
                                            {1, 10, 0, PrivilegedSpec::V1_10},
                                            {1, 11, 0, PrivilegedSpec::V1_11},
                                            {1, 12, 0, PrivilegedSpec::V1_12}};
    for (const Version& version : kVersions) {
        if (version.major == major && version.minor == minor && version.revision == revision) {
            return version.spec;
        }
    }
    return std::nullopt;
}

} // namespace xbemu
