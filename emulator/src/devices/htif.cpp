#include "xbemu/htif.hpp"

#include "xbemu/guest_ram.hpp"

#include <array>
#include <cerrno>
#include <vector>

namespace xbemu {

namespace {

constexpr std::uint64_t kSyscallWrite = 64;
constexpr std::uint64_t kSyscallExit = 93;
constexpr std::uint64_t kDeviceSyscall = 0;
constexpr std::uint64_t kDeviceConsole = 1;
constexpr std::uint64_t kConsoleRead = 0;
constexpr std::uint64_t kConsoleWrite = 1;

std::uint64_t read_u64(GuestRam& ram, std::uint64_t address) {
    std::uint64_t value = 0;
    ram.read(address, std::as_writable_bytes(std::span(&value, 1)));
    return value;
}

void write_u64(GuestRam& ram, std::uint64_t address, std::uint64_t value) {
    ram.write(address, std::as_bytes(std::span(&value, 1)));
}

} // namespace

void Htif::respond(GuestRam& ram, std::uint64_t value) {
    write_u64(ram, tohost_, 0);
    if (fromhost_) {
        write_u64(ram, *fromhost_, value);
    }
}

std::optional<int> Htif::on_store(GuestRam& ram, std::uint64_t address, unsigned size) {
    if (address + size <= tohost_ || address >= tohost_ + 8) {
        return std::nullopt;
    }
    const std::uint64_t command = read_u64(ram, tohost_);
    if (command == 0) {
        return std::nullopt;
    }
    const std::uint64_t device = command >> 56;
    const std::uint64_t request = (command >> 48) & 0xff;
    const std::uint64_t payload = command & 0xffffffffffffULL;
    if (device == kDeviceSyscall && request == 0) {
        if ((payload & 1U) != 0) {
            return static_cast<int>(payload >> 1);
        }
        return run_syscall(ram, payload);
    }
    if (device == kDeviceConsole && request == kConsoleWrite) {
        std::fputc(static_cast<int>(payload & 0xff), output_);
        std::fflush(output_);
        respond(ram, (device << 56) | (request << 48));
    } else if (device == kDeviceConsole && request == kConsoleRead) {
        const int c = std::fgetc(input_);
        respond(ram, (device << 56) | (request << 48) | static_cast<std::uint8_t>(c));
    } else {
        respond(ram, 0);
    }
    return std::nullopt;
}

std::optional<int> Htif::run_syscall(GuestRam& ram, std::uint64_t block_address) {
    std::array<std::uint64_t, 4> words{};
    ram.read(block_address, std::as_writable_bytes(std::span(words)));
    std::uint64_t result = static_cast<std::uint64_t>(-ENOSYS);
    if (words[0] == kSyscallExit) {
        return static_cast<int>(words[1]);
    }
    if (words[0] == kSyscallWrite) {
        std::FILE* stream = words[1] == 2 ? error_ : (words[1] == 1 ? output_ : nullptr);
        if (stream == nullptr) {
            result = static_cast<std::uint64_t>(-EBADF);
        } else if (!ram.contains(words[2], words[3])) {
            result = static_cast<std::uint64_t>(-EFAULT);
        } else {
            std::vector<std::byte> buffer(words[3]);
            ram.read(words[2], buffer);
            result = std::fwrite(buffer.data(), 1, buffer.size(), stream);
            std::fflush(stream);
        }
    }
    write_u64(ram, block_address, result);
    respond(ram, 1);
    return std::nullopt;
}

} // namespace xbemu
