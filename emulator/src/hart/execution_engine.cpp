#include "xbemu/execution_engine.hpp"

#ifdef XBEMU_HAVE_JIT
#include "jit/jit_engine.hpp"
#endif

namespace xbemu {

std::string_view engine_name(EngineKind kind) {
    return kind == EngineKind::Jit ? "jit" : "interp";
}

std::optional<EngineKind> parse_engine_name(std::string_view name) {
    if (name == "interp") {
        return EngineKind::Interpreter;
    }
    if (name == "jit") {
        return EngineKind::Jit;
    }
    return std::nullopt;
}

bool jit_available() {
#ifdef XBEMU_HAVE_JIT
    return true;
#else
    return false;
#endif
}

EngineKind default_engine() {
    return jit_available() ? EngineKind::Jit : EngineKind::Interpreter;
}

std::unique_ptr<ExecutionEngine> make_execution_engine(EngineKind kind,
                                                       [[maybe_unused]] Hart& hart) {
#ifdef XBEMU_HAVE_JIT
    if (kind == EngineKind::Jit) {
        return std::make_unique<JitEngine>(hart);
    }
#endif
    (void)kind;
    return nullptr;
}

} // namespace xbemu
