#include "xbemu/semihosting.hpp"

#include "host/semihosting_confined_paths.hpp"
#include "host/semihosting_directory.hpp"
#include "host/semihosting_file.hpp"
#include "xbemu/checkpoint_stream.hpp"
#include "xbemu/trap.hpp"

#include <algorithm>
#include <array>
#include <atomic>
#include <cerrno>
#include <chrono>
#include <ctime>
#include <fcntl.h>
#include <fmt/format.h>
#include <functional>
#include <limits>
#include <spawn.h>
#include <string>
#include <sys/resource.h>
#include <sys/wait.h>
#include <unistd.h>
#include <utility>
#include <vector>

namespace xbemu {

struct Semihosting::OpenFile {
    SemihostingFile file;
};

namespace {

namespace operation {
constexpr std::uint32_t open = 0x01;
constexpr std::uint32_t close = 0x02;
constexpr std::uint32_t write_character = 0x03;
constexpr std::uint32_t write_string = 0x04;
constexpr std::uint32_t write = 0x05;
constexpr std::uint32_t read = 0x06;
constexpr std::uint32_t read_character = 0x07;
constexpr std::uint32_t is_error = 0x08;
constexpr std::uint32_t is_terminal = 0x09;
constexpr std::uint32_t seek = 0x0a;
constexpr std::uint32_t file_length = 0x0c;
constexpr std::uint32_t temporary_name = 0x0d;
constexpr std::uint32_t remove = 0x0e;
constexpr std::uint32_t rename = 0x0f;
constexpr std::uint32_t clock = 0x10;
constexpr std::uint32_t time = 0x11;
constexpr std::uint32_t system = 0x12;
constexpr std::uint32_t error_number = 0x13;
constexpr std::uint32_t get_command_line = 0x15;
constexpr std::uint32_t heap_information = 0x16;
constexpr std::uint32_t exit = 0x18;
constexpr std::uint32_t synchronise_cache = 0x19;
constexpr std::uint32_t exit_extended = 0x20;
constexpr std::uint32_t elapsed = 0x30;
constexpr std::uint32_t tick_frequency = 0x31;
} // namespace operation

// ADP_Stopped_ApplicationExit: the only exit reason whose subcode is the exit status.
constexpr std::uint64_t application_exit = 0x20026;
// What QEMU leaves in a0 after the operations that have no result (SYS_WRITEC, SYS_WRITE0).
constexpr std::uint64_t no_result = 0xdeadbeef;
constexpr std::uint64_t failure = std::numeric_limits<std::uint64_t>::max();
// QEMU bounds one transfer and one name so that every count fits a 32-bit int.
constexpr std::uint64_t transfer_limit = std::numeric_limits<std::int32_t>::max();
// Host buffer for moving data between guest memory and host files.
constexpr std::size_t transfer_chunk = std::size_t{1} << 20;
constexpr mode_t created_file_mode = 0644;

// The ARM mode numbers: r, rb, r+, r+b, w, wb, w+, w+b, a, ab, a+, a+b. The append modes open
// without O_APPEND, as QEMU does: picolibc asks for "a+" to get a read-write open that does not
// truncate (its "r+"), and positions "a" streams at the end itself.
constexpr std::array<int, 12> open_flags = {
    O_RDONLY,
    O_RDONLY,
    O_RDWR,
    O_RDWR,
    O_WRONLY | O_CREAT | O_TRUNC,
    O_WRONLY | O_CREAT | O_TRUNC,
    O_RDWR | O_CREAT | O_TRUNC,
    O_RDWR | O_CREAT | O_TRUNC,
    O_WRONLY | O_CREAT,
    O_WRONLY | O_CREAT,
    O_RDWR | O_CREAT,
    O_RDWR | O_CREAT,
};
constexpr std::uint64_t first_write_mode = 4;
constexpr std::uint64_t first_append_mode = 8;

// The value for a0 and, for a failure, the errno SYS_ERRNO reports from then on (0 keeps the
// previous one, as QEMU does for the operations that do not report errors).
struct Result {
    std::uint64_t value = 0;
    int error = 0;
};

Result failed(int error) {
    return {failure, error};
}

Result from_host(std::int64_t result) {
    return result < 0 ? failed(static_cast<int>(-result))
                      : Result{static_cast<std::uint64_t>(result)};
}

std::uint64_t steady_nanoseconds() {
    return static_cast<std::uint64_t>(std::chrono::duration_cast<std::chrono::nanoseconds>(
                                          std::chrono::steady_clock::now().time_since_epoch())
                                          .count());
}

std::uint64_t read_guest_word(GuestMemoryAccess& memory, std::uint64_t address) {
    std::array<std::byte, 8> bytes;
    memory.read(address, bytes);
    std::uint64_t value = 0;
    for (auto byte = bytes.rbegin(); byte != bytes.rend(); ++byte) {
        value = value << 8 | std::to_integer<std::uint64_t>(*byte);
    }
    return value;
}

void write_guest_word(GuestMemoryAccess& memory, std::uint64_t address, std::uint64_t value) {
    std::array<std::byte, 8> bytes;
    for (std::byte& byte : bytes) {
        byte = static_cast<std::byte>(value & 0xff);
        value >>= 8;
    }
    memory.write(address, bytes);
}

std::byte read_guest_byte(GuestMemoryAccess& memory, std::uint64_t address) {
    std::byte byte;
    memory.read(address, std::span(&byte, 1));
    return byte;
}

// The bytes before the first NUL, at most `limit` of them. Reads one byte at a time because
// guest memory may end just after the terminator.
std::string read_guest_string(GuestMemoryAccess& memory, std::uint64_t address,
                              std::uint64_t limit) {
    std::string text;
    while (text.size() < limit) {
        const std::byte byte = read_guest_byte(memory, address + text.size());
        if (byte == std::byte{0}) {
            break;
        }
        text.push_back(static_cast<char>(byte));
    }
    return text;
}

struct GuestName {
    std::string text;
    int error = 0;
};

// A name passed as (address, length without its terminator), checked the way QEMU checks it:
// the byte at `length` must be the terminator; a length of ~0 means "measure the string".
GuestName read_guest_name(GuestMemoryAccess& memory, std::uint64_t address, std::uint64_t length) {
    const std::uint64_t size_with_terminator = length + 1;
    if (size_with_terminator == 0) {
        std::string text = read_guest_string(memory, address, transfer_limit);
        if (text.size() >= transfer_limit) {
            return {{}, ENAMETOOLONG};
        }
        return {std::move(text)};
    }
    if (size_with_terminator > transfer_limit) {
        return {{}, ENAMETOOLONG};
    }
    if (read_guest_byte(memory, address + length) != std::byte{0}) {
        return {{}, EINVAL};
    }
    return {read_guest_string(memory, address, length)};
}

// Reads every byte of [address, address + length), so that a buffer that is not all guest
// memory is refused before the host file is touched, as QEMU refuses a buffer it cannot map.
void check_guest_range(GuestMemoryAccess& memory, std::uint64_t address, std::uint64_t length,
                       std::span<std::byte> scratch) {
    if (length > 0 && length - 1 > std::numeric_limits<std::uint64_t>::max() - address) {
        throw GuestAccessError(address, length, "guest buffer wraps around the address space");
    }
    for (std::uint64_t offset = 0; offset < length; offset += scratch.size()) {
        const std::size_t count =
            static_cast<std::size_t>(std::min<std::uint64_t>(scratch.size(), length - offset));
        memory.read(address + offset, scratch.first(count));
    }
}

using FileLookup = std::function<SemihostingFile*(std::uint64_t handle)>;

// One semihosting call's parameter block: an array of 64-bit little-endian words.
class ParameterBlock {
public:
    ParameterBlock(GuestMemoryAccess& memory, std::uint64_t address)
        : memory_(memory), address_(address) {}

    std::uint64_t word(unsigned index) const {
        return read_guest_word(memory_, address_ + index * std::uint64_t{8});
    }
    void set_word(unsigned index, std::uint64_t value) const {
        write_guest_word(memory_, address_ + index * std::uint64_t{8}, value);
    }
    GuestMemoryAccess& memory() const { return memory_; }
    std::uint64_t address() const { return address_; }

private:
    GuestMemoryAccess& memory_;
    std::uint64_t address_;
};

// The PEs of a process share its limit of open files, so which guest meets it depends on how
// the host threads ran: telling that guest EMFILE would make its run depend on them too. The job
// stops instead, in one line: the first guest to meet the limit fails the job with it, and the
// guests that meet it while the job stops are told EMFILE rather than repeating the line.
std::atomic<bool> open_file_limit_reported{false};

[[noreturn]] void throw_open_file_limit(const std::string& name) {
    rlimit limit{};
    getrlimit(RLIMIT_NOFILE, &limit);
    throw GuestFatalError(fmt::format(
        "the guest cannot open {}: the guests of this process have reached its limit of {} open "
        "files (ulimit -n), which all its PEs share: use more ranks of fewer PEs, or raise the "
        "limit",
        name, limit.rlim_cur));
}

struct OpenedFile {
    Result failure;
    std::optional<SemihostingFile> file;
};

OpenedFile open_file(const ParameterBlock& block, const SemihostingConfig& config,
                     int root_descriptor) {
    const std::uint64_t name_address = block.word(0);
    const std::uint64_t mode = block.word(1);
    const std::uint64_t name_length = block.word(2);
    const std::string name = read_guest_string(block.memory(), name_address, transfer_limit);
    if (mode >= open_flags.size()) {
        return {failed(EINVAL), std::nullopt};
    }
    // The SH_EXT_STDOUT_STDERR convention: ":tt" opened for reading is standard input, for
    // writing standard output, for appending standard error.
    if (name == ":tt") {
        std::FILE* stream = mode < first_write_mode    ? config.input
                            : mode < first_append_mode ? config.output
                                                       : config.error;
        return {{}, SemihostingFile::standard_stream(stream)};
    }
    if (name == ":semihosting-features") {
        if (mode > 1) {
            return {failed(EACCES), std::nullopt};
        }
        return {{}, SemihostingFile::feature_description()};
    }
    const GuestName path = read_guest_name(block.memory(), name_address, name_length);
    if (path.error != 0) {
        return {failed(path.error), std::nullopt};
    }
    const int descriptor =
        open_beneath(root_descriptor, path.text, open_flags[mode], created_file_mode);
    if ((descriptor == -EMFILE || descriptor == -ENFILE) &&
        !open_file_limit_reported.exchange(true)) {
        throw_open_file_limit(path.text);
    }
    if (descriptor < 0) {
        return {failed(-descriptor), std::nullopt};
    }
    return {{}, SemihostingFile::host_file(descriptor)};
}

// SYS_WRITE and SYS_READ report the number of bytes NOT transferred and, as in QEMU, never
// change errno: a bad handle or buffer just transfers nothing.
Result write_from_guest(const ParameterBlock& block, const FileLookup& find_file) {
    const std::uint64_t handle = block.word(0);
    const std::uint64_t buffer = block.word(1);
    const std::uint64_t length = block.word(2);
    SemihostingFile* file = find_file(handle);
    if (file == nullptr) {
        return {length};
    }
    const std::uint64_t wanted = std::min(length, transfer_limit);
    std::vector<std::byte> chunk(
        static_cast<std::size_t>(std::min<std::uint64_t>(wanted, transfer_chunk)));
    std::uint64_t done = 0;
    try {
        if (wanted > chunk.size()) {
            check_guest_range(block.memory(), buffer, wanted, chunk);
        }
        while (done < wanted) {
            const std::span<std::byte> piece = std::span(chunk).first(
                static_cast<std::size_t>(std::min<std::uint64_t>(chunk.size(), wanted - done)));
            block.memory().read(buffer + done, piece);
            const std::int64_t count = file->write(piece);
            if (count <= 0) {
                break;
            }
            done += static_cast<std::uint64_t>(count);
            if (static_cast<std::uint64_t>(count) < piece.size()) {
                break;
            }
        }
    } catch (const GuestAccessError&) {
        return {length};
    }
    return {length - done};
}

Result read_into_guest(const ParameterBlock& block, const FileLookup& find_file) {
    const std::uint64_t handle = block.word(0);
    const std::uint64_t buffer = block.word(1);
    const std::uint64_t length = block.word(2);
    SemihostingFile* file = find_file(handle);
    if (file == nullptr) {
        return {length};
    }
    const std::uint64_t wanted = std::min(length, transfer_limit);
    std::vector<std::byte> chunk(
        static_cast<std::size_t>(std::min<std::uint64_t>(wanted, transfer_chunk)));
    std::uint64_t done = 0;
    try {
        check_guest_range(block.memory(), buffer, wanted, chunk);
        while (done < wanted) {
            const std::span<std::byte> piece = std::span(chunk).first(
                static_cast<std::size_t>(std::min<std::uint64_t>(chunk.size(), wanted - done)));
            const std::int64_t count = file->read(piece);
            if (count <= 0) {
                break;
            }
            block.memory().write(buffer + done, piece.first(static_cast<std::size_t>(count)));
            done += static_cast<std::uint64_t>(count);
            // A short read is all a terminal or pipe has now; asking again could block.
            if (static_cast<std::uint64_t>(count) < piece.size()) {
                break;
            }
        }
    } catch (const GuestAccessError&) {
        return {length};
    }
    return {length - done};
}

// SYS_WRITEC and SYS_WRITE0 print on the console, which is xbemu's standard output (QEMU without
// a semihosting chardev uses its standard error), and return no result even on a bad pointer.
Result write_console_character(const ParameterBlock& block, std::FILE* output) {
    std::byte character;
    try {
        character = read_guest_byte(block.memory(), block.address());
    } catch (const GuestAccessError&) {
        return {no_result};
    }
    SemihostingFile::standard_stream(output).write(std::span(&character, 1));
    return {no_result};
}

Result write_console_string(const ParameterBlock& block, std::FILE* output) {
    std::string text;
    try {
        text = read_guest_string(block.memory(), block.address(),
                                 std::numeric_limits<std::uint64_t>::max());
    } catch (const GuestAccessError&) {
        // Nothing is printed unless the whole string is readable.
        return {no_result};
    }
    SemihostingFile::standard_stream(output).write(std::as_bytes(std::span(text)));
    return {no_result};
}

Result read_console_character(std::FILE* input) {
    std::byte character;
    const std::int64_t count =
        SemihostingFile::standard_stream(input).read(std::span(&character, 1));
    if (count == 1) {
        return {std::to_integer<std::uint64_t>(character)};
    }
    return count == 0 ? Result{failure} : from_host(count);
}

// SYS_ISTTY answers 1 for a terminal, 0 (with errno ENOTTY) for anything else, -1 on error.
Result check_terminal(SemihostingFile* file) {
    if (file == nullptr) {
        return failed(EBADF);
    }
    const int check = file->terminal_check();
    if (check == 1) {
        return {1};
    }
    return check == -ENOTTY ? Result{0, ENOTTY} : failed(-check);
}

Result seek_file(const ParameterBlock& block, const FileLookup& find_file) {
    const std::uint64_t handle = block.word(0);
    const std::uint64_t position = block.word(1);
    SemihostingFile* file = find_file(handle);
    if (file == nullptr) {
        return failed(EBADF);
    }
    const std::int64_t result = file->seek(static_cast<std::int64_t>(position));
    return result < 0 ? from_host(result) : Result{0};
}

Result measure_file(SemihostingFile* file) {
    return file == nullptr ? failed(EBADF) : from_host(file->length());
}

// QEMU names temporary files /tmp/qemu-<pid><id>, which the guest could not open here; the same
// name is made relative so that it lies inside the semihosting root.
Result make_temporary_name(const ParameterBlock& block) {
    const std::uint64_t buffer = block.word(0);
    const std::uint64_t identifier = block.word(1);
    const std::uint64_t buffer_size = block.word(2);
    const std::string name = fmt::format("xbemu-tmp-{:x}{:02x}", ::getpid(), identifier & 0xff);
    const std::string_view with_terminator(name.c_str(), name.size() + 1);
    if (with_terminator.size() > buffer_size) {
        return {failure};
    }
    block.memory().write(buffer, std::as_bytes(std::span(with_terminator)));
    return {0};
}

Result remove_file(const ParameterBlock& block, int root_descriptor) {
    const std::uint64_t name_address = block.word(0);
    const std::uint64_t name_length = block.word(1);
    const GuestName name = read_guest_name(block.memory(), name_address, name_length);
    if (name.error != 0) {
        return failed(name.error);
    }
    return from_host(remove_beneath(root_descriptor, name.text));
}

Result rename_file(const ParameterBlock& block, int root_descriptor) {
    const std::uint64_t from_address = block.word(0);
    const std::uint64_t from_length = block.word(1);
    const std::uint64_t to_address = block.word(2);
    const std::uint64_t to_length = block.word(3);
    const GuestName from = read_guest_name(block.memory(), from_address, from_length);
    if (from.error != 0) {
        return failed(from.error);
    }
    const GuestName to = read_guest_name(block.memory(), to_address, to_length);
    if (to.error != 0) {
        return failed(to.error);
    }
    return from_host(rename_beneath(root_descriptor, from.text, to.text));
}

Result current_time() {
    const std::time_t now = std::time(nullptr);
    return now == static_cast<std::time_t>(-1) ? failed(errno)
                                               : Result{static_cast<std::uint64_t>(now)};
}

// Runs `command` with /bin/sh inside the semihosting root and returns its wait status, as
// system() does, or a negated errno value.
std::int64_t run_shell_command(int directory_descriptor, std::string command) {
    posix_spawn_file_actions_t actions;
    if (const int error = posix_spawn_file_actions_init(&actions); error != 0) {
        return -error;
    }
    char shell_name[] = "sh";
    char command_option[] = "-c";
    char* const arguments[] = {shell_name, command_option, command.data(), nullptr};
    pid_t child = 0;
    int error = posix_spawn_file_actions_addfchdir_np(&actions, directory_descriptor);
    if (error == 0) {
        error = ::posix_spawn(&child, "/bin/sh", &actions, nullptr, arguments, environ);
    }
    posix_spawn_file_actions_destroy(&actions);
    if (error != 0) {
        return -error;
    }
    int status = 0;
    while (::waitpid(child, &status, 0) < 0) {
        if (errno != EINTR) {
            return -errno;
        }
    }
    return status;
}

Result run_system(const ParameterBlock& block, const SemihostingConfig& config,
                  int root_descriptor) {
    const std::uint64_t command_address = block.word(0);
    const std::uint64_t command_length = block.word(1);
    if (!config.allow_system) {
        return failed(EPERM);
    }
    GuestName command = read_guest_name(block.memory(), command_address, command_length);
    if (command.error != 0) {
        return failed(command.error);
    }
    std::fflush(config.output);
    std::fflush(config.error);
    return from_host(run_shell_command(root_descriptor, std::move(command.text)));
}

Result get_command_line(const ParameterBlock& block, const std::string& command_line) {
    const std::uint64_t buffer = block.word(0);
    const std::uint64_t buffer_size = block.word(1);
    const std::string_view with_terminator(command_line.c_str(), command_line.size() + 1);
    if (with_terminator.size() > buffer_size) {
        return failed(E2BIG);
    }
    block.set_word(1, command_line.size());
    block.memory().write(buffer, std::as_bytes(std::span(with_terminator)));
    return {0};
}

Result get_heap_information(const ParameterBlock& block, const SemihostingConfig& config) {
    const ParameterBlock answer(block.memory(), block.word(0));
    answer.set_word(0, config.heap_base);
    answer.set_word(1, config.heap_limit);
    answer.set_word(2, config.stack_base);
    answer.set_word(3, config.stack_limit);
    return {0};
}

// On RV64 both SYS_EXIT and SYS_EXIT_EXTENDED point at {reason, subcode}. As in QEMU, only an
// application exit passes its subcode on (truncated to 32 bits); any other reason exits with 1.
int exit_status(const ParameterBlock& block) {
    const std::uint64_t reason = block.word(0);
    const std::uint64_t subcode = block.word(1);
    return reason == application_exit ? static_cast<int>(static_cast<std::uint32_t>(subcode)) : 1;
}

} // namespace

Semihosting::Semihosting(SemihostingConfig config)
    : config_(std::move(config)), start_nanoseconds_(steady_nanoseconds()),
      root_(SemihostingDirectory::open(config_.root)) {}

Semihosting::~Semihosting() = default;

SemihostingOutcome Semihosting::call(std::uint64_t operation, std::uint64_t parameter,
                                     GuestMemoryAccess& memory, std::uint64_t elapsed_ticks) {
    const FileLookup find_file = [this](std::uint64_t handle) -> SemihostingFile* {
        // QEMU takes handles as a C int, so only the low 32 bits count.
        const auto found = files_.find(static_cast<std::uint32_t>(handle));
        return found == files_.end() ? nullptr : &found->second.file;
    };
    const ParameterBlock block(memory, parameter);
    Result result;
    std::optional<int> exit_status_requested;
    bool ends_job = false;
    try {
        // QEMU looks at the low 32 bits of a0 only.
        switch (static_cast<std::uint32_t>(operation)) {
        case operation::open: {
            OpenedFile opened = open_file(block, config_, root_->descriptor());
            if (!opened.file) {
                result = opened.failure;
                break;
            }
            // Handles start at 1 and reuse the lowest free number, as QEMU's do; every number
            // below next_handle_ is in use.
            std::uint64_t handle = next_handle_;
            while (files_.contains(handle)) {
                ++handle;
            }
            files_.emplace(handle, OpenFile{std::move(*opened.file)});
            next_handle_ = handle + 1;
            result = {handle};
            break;
        }
        case operation::close: {
            const auto found = files_.find(static_cast<std::uint32_t>(block.word(0)));
            if (found == files_.end()) {
                result = failed(EBADF);
                break;
            }
            result = from_host(found->second.file.close());
            next_handle_ = std::min(next_handle_, found->first);
            files_.erase(found);
            break;
        }
        case operation::write_character:
            result = write_console_character(block, config_.output);
            break;
        case operation::write_string:
            result = write_console_string(block, config_.output);
            break;
        case operation::write:
            result = write_from_guest(block, find_file);
            break;
        case operation::read:
            result = read_into_guest(block, find_file);
            break;
        case operation::read_character:
            result = read_console_character(config_.input);
            break;
        case operation::is_error:
            result = {static_cast<std::int64_t>(block.word(0)) < 0 ? 1u : 0u};
            break;
        case operation::is_terminal:
            result = check_terminal(find_file(block.word(0)));
            break;
        case operation::seek:
            result = seek_file(block, find_file);
            break;
        case operation::file_length:
            result = measure_file(find_file(block.word(0)));
            break;
        case operation::temporary_name:
            result = make_temporary_name(block);
            break;
        case operation::remove:
            result = remove_file(block, root_->descriptor());
            break;
        case operation::rename:
            result = rename_file(block, root_->descriptor());
            break;
        case operation::clock:
            // Centiseconds.
            result = {config_.clock_from_ticks
                          ? elapsed_ticks / (config_.tick_frequency / 100)
                          : (steady_nanoseconds() - start_nanoseconds_) / 10'000'000};
            break;
        case operation::time:
            result = current_time();
            break;
        case operation::system:
            result = run_system(block, config_, root_->descriptor());
            break;
        case operation::error_number:
            result = {static_cast<std::uint64_t>(last_errno_)};
            break;
        case operation::get_command_line:
            result = get_command_line(block, config_.command_line);
            break;
        case operation::heap_information:
            result = get_heap_information(block, config_);
            break;
        case operation::exit:
        case operation::exit_extended:
            exit_status_requested = exit_status(block);
            break;
        case operation::synchronise_cache:
            // QEMU accepts it on RISC-V and does nothing: it has no caches to clean.
            result = {0};
            break;
        case operation::elapsed:
            block.set_word(0, elapsed_ticks);
            result = {0};
            break;
        case operation::tick_frequency:
            result = {config_.tick_frequency};
            break;
        case kSemihostingExitJob:
            // The status travels in a1 itself, so that this call cannot fault.
            exit_status_requested = static_cast<int>(static_cast<std::uint32_t>(parameter));
            ends_job = true;
            break;
        default:
            result = {failure};
            break;
        }
    } catch (const GuestAccessError&) {
        result = failed(EFAULT);
    }
    if (result.error != 0) {
        last_errno_ = result.error;
    }
    return {result.value, exit_status_requested, ends_job};
}

namespace {

// A standard stream as a checkpoint names it: which of the configured streams it is.
enum class StandardStream : std::uint8_t { Input, Output, Error };

} // namespace

void Semihosting::save_checkpoint(CheckpointWriter& out) const {
    out.u64(files_.size());
    for (const auto& [handle, open] : files_) {
        const SemihostingFile& file = open.file;
        if (file.kind() == SemihostingFile::Kind::host_file) {
            throw CheckpointError(fmt::format(
                "cannot write a checkpoint while the guest has a host file open (semihosting "
                "handle {}): close it before the checkpoint",
                handle));
        }
        out.u64(handle);
        out.boolean(file.kind() == SemihostingFile::Kind::standard_stream);
        const StandardStream stream = file.stream() == config_.input    ? StandardStream::Input
                                      : file.stream() == config_.output ? StandardStream::Output
                                                                        : StandardStream::Error;
        out.u8(static_cast<std::uint8_t>(stream));
        out.u64(file.position());
    }
    out.u64(next_handle_);
    out.u32(static_cast<std::uint32_t>(last_errno_));
}

void Semihosting::restore_checkpoint(CheckpointReader& in) {
    files_.clear();
    const std::uint64_t count = in.u64();
    for (std::uint64_t index = 0; index < count; ++index) {
        const std::uint64_t handle = in.u64();
        const bool standard = in.boolean();
        const std::uint8_t stream = in.u8();
        if (stream > static_cast<std::uint8_t>(StandardStream::Error)) {
            throw CheckpointError("is corrupt");
        }
        SemihostingFile file = SemihostingFile::feature_description();
        if (standard) {
            file = SemihostingFile::standard_stream(
                stream == static_cast<std::uint8_t>(StandardStream::Input)    ? config_.input
                : stream == static_cast<std::uint8_t>(StandardStream::Output) ? config_.output
                                                                              : config_.error);
        }
        file.set_position(in.u64());
        files_.emplace(handle, OpenFile{std::move(file)});
    }
    next_handle_ = in.u64();
    last_errno_ = static_cast<int>(in.u32());
}

} // namespace xbemu
