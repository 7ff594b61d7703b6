#include "xbemu/base_extensions.hpp"
#include "xbemu/hart.hpp"
#include "xbemu/threaded_execution.hpp"

namespace xbemu {

namespace {

void fence_i(Hart& h, const DecodedInstruction&) {
    h.execute_fence_i();
}

const InstructionDescriptor kInstructions[] = {
    {"fence.i", 0x0000100f, 0x0000707f, &formats::none, threaded<fence_i>, TimingClass::Fence,
     kEndsBlock},
};

} // namespace

const Extension& extension_zifencei() {
    static const Extension extension{"zifencei", kInstructions};
    return extension;
}

} // namespace xbemu
