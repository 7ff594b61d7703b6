#include "xbemu/semihosting.hpp"

#include <algorithm>
#include <cerrno>
#include <cstddef>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <ctime>
#include <doctest/doctest.h>
#include <fcntl.h>
#include <filesystem>
#include <fstream>
#include <iterator>
#include <linux/filter.h>
#include <linux/openat2.h>
#include <linux/seccomp.h>
#include <memory>
#include <span>
#include <sstream>
#include <stdexcept>
#include <string>
#include <sys/prctl.h>
#include <sys/syscall.h>
#include <sys/wait.h>
#include <unistd.h>
#include <vector>

namespace {

constexpr std::uint64_t sys_open = 0x01;
constexpr std::uint64_t sys_close = 0x02;
constexpr std::uint64_t sys_writec = 0x03;
constexpr std::uint64_t sys_write0 = 0x04;
constexpr std::uint64_t sys_write = 0x05;
constexpr std::uint64_t sys_read = 0x06;
constexpr std::uint64_t sys_readc = 0x07;
constexpr std::uint64_t sys_iserror = 0x08;
constexpr std::uint64_t sys_istty = 0x09;
constexpr std::uint64_t sys_seek = 0x0a;
constexpr std::uint64_t sys_flen = 0x0c;
constexpr std::uint64_t sys_tmpnam = 0x0d;
constexpr std::uint64_t sys_remove = 0x0e;
constexpr std::uint64_t sys_rename = 0x0f;
constexpr std::uint64_t sys_clock = 0x10;
constexpr std::uint64_t sys_time = 0x11;
constexpr std::uint64_t sys_system = 0x12;
constexpr std::uint64_t sys_errno = 0x13;
constexpr std::uint64_t sys_get_cmdline = 0x15;
constexpr std::uint64_t sys_heapinfo = 0x16;
constexpr std::uint64_t sys_exit = 0x18;
constexpr std::uint64_t sys_synccache = 0x19;
constexpr std::uint64_t sys_exit_extended = 0x20;
constexpr std::uint64_t sys_elapsed = 0x30;
constexpr std::uint64_t sys_tickfreq = 0x31;

constexpr std::uint64_t minus_one = ~std::uint64_t{0};
constexpr std::uint64_t application_exit = 0x20026;
constexpr std::uint64_t not_guest_memory = 0x10;

// Guest RAM: one block of bytes at `base`; everything else faults.
class FakeGuestMemory final : public xbemu::GuestMemoryAccess {
public:
    static constexpr std::uint64_t base = 0x8000'0000;
    static constexpr std::uint64_t size = 0x1'0000;

    void read(std::uint64_t address, std::span<std::byte> destination) override {
        check(address, destination.size());
        std::copy_n(bytes_.begin() + static_cast<std::ptrdiff_t>(address - base),
                    destination.size(), destination.begin());
    }
    void write(std::uint64_t address, std::span<const std::byte> source) override {
        check(address, source.size());
        std::copy(source.begin(), source.end(),
                  bytes_.begin() + static_cast<std::ptrdiff_t>(address - base));
    }

    void put_word(std::uint64_t address, std::uint64_t value) {
        for (int index = 0; index < 8; ++index) {
            bytes_.at(address - base + index) = static_cast<std::byte>(value >> (8 * index));
        }
    }
    std::uint64_t word(std::uint64_t address) const {
        std::uint64_t value = 0;
        for (int index = 7; index >= 0; --index) {
            value = value << 8 | std::to_integer<std::uint64_t>(bytes_.at(address - base + index));
        }
        return value;
    }
    void put_text(std::uint64_t address, const std::string& text) {
        for (std::size_t index = 0; index < text.size(); ++index) {
            bytes_.at(address - base + index) = static_cast<std::byte>(text[index]);
        }
    }
    std::string text(std::uint64_t address, std::size_t length) const {
        std::string result;
        for (std::size_t index = 0; index < length; ++index) {
            result.push_back(static_cast<char>(bytes_.at(address - base + index)));
        }
        return result;
    }

private:
    static void check(std::uint64_t address, std::uint64_t length) {
        if (address < base || length > size || address - base > size - length) {
            throw xbemu::GuestAccessError(address, length, "not guest memory");
        }
    }
    std::vector<std::byte> bytes_ = std::vector<std::byte>(size);
};

struct FileCloser {
    void operator()(std::FILE* file) const { std::fclose(file); }
};
using File = std::unique_ptr<std::FILE, FileCloser>;

std::string contents_of(std::FILE* file) {
    std::string text;
    char buffer[256];
    off_t offset = 0;
    for (;;) {
        const ssize_t count = ::pread(::fileno(file), buffer, sizeof buffer, offset);
        if (count <= 0) {
            return text;
        }
        text.append(buffer, static_cast<std::size_t>(count));
        offset += count;
    }
}

std::string contents_of(const std::filesystem::path& path) {
    std::ifstream stream(path, std::ios::binary);
    std::ostringstream text;
    text << stream.rdbuf();
    return text.str();
}

void create_file(const std::filesystem::path& path, const std::string& text) {
    std::ofstream stream(path, std::ios::binary | std::ios::trunc);
    stream << text;
    REQUIRE(stream.good());
}

// A root directory ("root") next to a file the guest must never reach ("outside.txt"), a guest
// memory with a parameter block, strings and buffers, and temporary files as standard streams.
class SemihostingFixture {
public:
    static constexpr std::uint64_t parameter_block = FakeGuestMemory::base;
    static constexpr std::uint64_t buffer = FakeGuestMemory::base + 0x8000;

    SemihostingFixture() : SemihostingFixture(false) {}
    explicit SemihostingFixture(bool allow_system) {
        std::string pattern =
            (std::filesystem::temp_directory_path() / "xbemu-semihosting-XXXXXX").string();
        REQUIRE(::mkdtemp(pattern.data()) != nullptr);
        top_ = pattern;
        root_ = top_ / "root";
        std::filesystem::create_directory(root_);
        create_file(top_ / "outside.txt", "secret");
        input_.reset(std::tmpfile());
        output_.reset(std::tmpfile());
        error_.reset(std::tmpfile());
        REQUIRE(input_);
        REQUIRE(output_);
        REQUIRE(error_);
        xbemu::SemihostingConfig config;
        config.root = root_;
        config.command_line = "alpha b c";
        config.allow_system = allow_system;
        config.heap_base = 0x8100'0000;
        config.heap_limit = 0x8200'0000;
        config.stack_base = 0x8400'0000;
        config.stack_limit = 0x8300'0000;
        config.tick_frequency = 250'000'000;
        config.input = input_.get();
        config.output = output_.get();
        config.error = error_.get();
        semihosting_ = std::make_unique<xbemu::Semihosting>(config);
    }
    SemihostingFixture(const SemihostingFixture&) = delete;
    SemihostingFixture& operator=(const SemihostingFixture&) = delete;
    ~SemihostingFixture() {
        semihosting_.reset();
        std::error_code ignored;
        std::filesystem::remove_all(top_, ignored);
    }

    xbemu::SemihostingOutcome call(std::uint64_t operation, std::uint64_t parameter,
                                   std::uint64_t ticks = 0) {
        return semihosting_->call(operation, parameter, memory_, ticks);
    }
    // Puts `words` in the parameter block and performs `operation` on it; returns a0.
    std::uint64_t call_with(std::uint64_t operation, std::initializer_list<std::uint64_t> words) {
        std::uint64_t address = parameter_block;
        for (const std::uint64_t word : words) {
            memory_.put_word(address, word);
            address += 8;
        }
        const xbemu::SemihostingOutcome outcome = call(operation, parameter_block);
        CHECK_FALSE(outcome.exit_status.has_value());
        return outcome.a0;
    }
    // A NUL-terminated copy of `text` in guest memory.
    std::uint64_t guest_string(const std::string& text) {
        const std::uint64_t address = next_string_;
        memory_.put_text(address, text + '\0');
        next_string_ += text.size() + 1;
        return address;
    }

    std::uint64_t open(const std::string& name, std::uint64_t mode) {
        return call_with(sys_open, {guest_string(name), mode, name.size()});
    }
    std::uint64_t write(std::uint64_t handle, const std::string& text) {
        memory_.put_text(buffer, text);
        return call_with(sys_write, {handle, buffer, text.size()});
    }
    // Reads up to `length` bytes; returns what arrived, and a0 through `not_read`.
    std::string read(std::uint64_t handle, std::uint64_t length, std::uint64_t& not_read) {
        not_read = call_with(sys_read, {handle, buffer, length});
        return memory_.text(buffer, static_cast<std::size_t>(length - std::min(length, not_read)));
    }
    std::uint64_t close(std::uint64_t handle) { return call_with(sys_close, {handle}); }
    std::uint64_t guest_errno() { return call(sys_errno, 0).a0; }

    FakeGuestMemory& memory() { return memory_; }
    const std::filesystem::path& root() const { return root_; }
    const std::filesystem::path& top() const { return top_; }
    std::FILE* input() const { return input_.get(); }
    std::string output() const { return contents_of(output_.get()); }
    std::string error_output() const { return contents_of(error_.get()); }

private:
    std::filesystem::path top_;
    std::filesystem::path root_;
    File input_;
    File output_;
    File error_;
    FakeGuestMemory memory_;
    std::unique_ptr<xbemu::Semihosting> semihosting_;
    std::uint64_t next_string_ = FakeGuestMemory::base + 0x1000;
};

void provide_input(std::FILE* input, const std::string& text) {
    REQUIRE(std::fwrite(text.data(), 1, text.size(), input) == text.size());
    REQUIRE(std::fflush(input) == 0);
    REQUIRE(::lseek(::fileno(input), 0, SEEK_SET) == 0);
}

} // namespace

TEST_CASE("\":tt\" opens standard input, output and error by mode, with QEMU's handle numbers") {
    SemihostingFixture fixture;
    provide_input(fixture.input(), "abc");
    CHECK(fixture.open(":tt", 0) == 1);
    CHECK(fixture.open(":tt", 4) == 2);
    CHECK(fixture.open(":tt", 8) == 3);

    CHECK(fixture.write(2, "to stdout") == 0);
    // Flushed at once: visible through the descriptor without any fflush by the test.
    CHECK(fixture.output() == "to stdout");
    CHECK(fixture.write(3, "to stderr") == 0);
    CHECK(fixture.error_output() == "to stderr");
    std::uint64_t not_read = 0;
    CHECK(fixture.read(1, 8, not_read) == "abc");
    CHECK(not_read == 5);

    // Temporary files are not terminals: 0 with errno ENOTTY, as QEMU answers for a
    // redirected standard stream.
    CHECK(fixture.call_with(sys_istty, {2}) == 0);
    CHECK(fixture.guest_errno() == ENOTTY);

    CHECK(fixture.close(2) == 0);
    CHECK(fixture.open(":tt", 5) == 2);
    CHECK(fixture.open(":tt", 1) == 4);
    CHECK(fixture.write(2, "!") == 0);
    CHECK(fixture.output() == "to stdout!");
}

TEST_CASE("files in the root: write, flen, read, seek and close") {
    SemihostingFixture fixture;
    const std::uint64_t writer = fixture.open("data.txt", 4);
    CHECK(writer == 1);
    CHECK(fixture.write(writer, "hello world") == 0);
    CHECK(fixture.call_with(sys_flen, {writer}) == 11);
    CHECK(fixture.call_with(sys_istty, {writer}) == 0);
    CHECK(fixture.guest_errno() == ENOTTY);
    std::uint64_t not_read = 0;
    CHECK(fixture.read(writer, 4, not_read).empty());
    CHECK(not_read == 4);
    CHECK(fixture.close(writer) == 0);
    CHECK(contents_of(fixture.root() / "data.txt") == "hello world");

    const std::uint64_t reader = fixture.open("data.txt", 0);
    CHECK(reader == 1);
    CHECK(fixture.read(reader, 32, not_read) == "hello world");
    CHECK(not_read == 21);
    CHECK(fixture.read(reader, 32, not_read).empty());
    CHECK(not_read == 32);
    CHECK(fixture.call_with(sys_seek, {reader, 6}) == 0);
    CHECK(fixture.read(reader, 5, not_read) == "world");
    CHECK(not_read == 0);
    CHECK(fixture.call_with(sys_seek, {reader, minus_one}) == minus_one);
    CHECK(fixture.guest_errno() == EINVAL);
    CHECK(fixture.write(reader, "x") == 1);
    CHECK(fixture.close(reader) == 0);
    CHECK(fixture.close(reader) == minus_one);
    CHECK(fixture.guest_errno() == EBADF);
}

TEST_CASE("open modes follow the ARM table") {
    SemihostingFixture fixture;
    CHECK(fixture.open("missing.txt", 0) == minus_one);
    CHECK(fixture.guest_errno() == ENOENT);
    CHECK(fixture.open("missing.txt", 2) == minus_one);
    CHECK(fixture.guest_errno() == ENOENT);
    CHECK(fixture.open("data.txt", 12) == minus_one);
    CHECK(fixture.guest_errno() == EINVAL);

    // Like QEMU, the append modes neither truncate nor force writes to the end: picolibc uses
    // mode "a+" for its "r+" and seeks to the end itself for "a".
    create_file(fixture.root() / "data.txt", "hello");
    const std::uint64_t appender = fixture.open("data.txt", 8);
    CHECK(fixture.write(appender, "AB") == 0);
    fixture.close(appender);
    CHECK(contents_of(fixture.root() / "data.txt") == "ABllo");

    const std::uint64_t updater = fixture.open("data.txt", 2);
    CHECK(fixture.write(updater, "J") == 0);
    fixture.close(updater);
    CHECK(contents_of(fixture.root() / "data.txt") == "JBllo");

    const std::uint64_t truncater = fixture.open("data.txt", 6);
    CHECK(fixture.call_with(sys_flen, {truncater}) == 0);
    fixture.close(truncater);

    CHECK(fixture.open(".", 0) == 1);
    CHECK(fixture.open(".", 4) == minus_one);
    CHECK(fixture.guest_errno() == EISDIR);
}

TEST_CASE("names are checked against the length the guest passes") {
    SemihostingFixture fixture;
    create_file(fixture.root() / "data.txt", "x");
    const std::uint64_t name = fixture.guest_string("data.txt");
    CHECK(fixture.call_with(sys_open, {name, 0, 3}) == minus_one);
    CHECK(fixture.guest_errno() == EINVAL);
    CHECK(fixture.call_with(sys_open, {name, 0, 8}) == 1);
    CHECK(fixture.call_with(sys_open, {name, 0, 0x8000'0000}) == minus_one);
    CHECK(fixture.guest_errno() == ENAMETOOLONG);
    CHECK(fixture.call_with(sys_open, {not_guest_memory, 0, 8}) == minus_one);
    CHECK(fixture.guest_errno() == EFAULT);
    CHECK(fixture.call_with(sys_remove, {name, minus_one}) == 0);
    CHECK_FALSE(std::filesystem::exists(fixture.root() / "data.txt"));
}

TEST_CASE("paths that leave the root fail with EACCES and touch nothing outside") {
    SemihostingFixture fixture;
    const std::filesystem::path outside = fixture.top() / "outside.txt";
    std::filesystem::create_symlink("../outside.txt", fixture.root() / "link");
    std::filesystem::create_symlink("..", fixture.root() / "up");
    std::filesystem::create_symlink("/etc/passwd", fixture.root() / "absolute");
    std::filesystem::create_directory(fixture.root() / "sub");
    create_file(fixture.root() / "inside.txt", "inside");

    for (const std::string name : {"../outside.txt", "/etc/passwd", "link", "up/outside.txt",
                                   "absolute", "sub/../../outside.txt", "./../outside.txt"}) {
        CAPTURE(name);
        for (const std::uint64_t mode : {0u, 4u, 8u}) {
            CHECK(fixture.open(name, mode) == minus_one);
            CHECK(fixture.guest_errno() == EACCES);
        }
    }
    CHECK(contents_of(outside) == "secret");

    CHECK(fixture.call_with(sys_remove, {fixture.guest_string("../outside.txt"), 14}) == minus_one);
    CHECK(fixture.guest_errno() == EACCES);
    CHECK(fixture.call_with(sys_remove, {fixture.guest_string("up/outside.txt"), 14}) == minus_one);
    CHECK(fixture.guest_errno() == EACCES);
    CHECK(std::filesystem::exists(outside));

    CHECK(fixture.call_with(sys_rename, {fixture.guest_string("inside.txt"), 10,
                                         fixture.guest_string("../moved.txt"), 12}) == minus_one);
    CHECK(fixture.guest_errno() == EACCES);
    CHECK(fixture.call_with(sys_rename, {fixture.guest_string("up/outside.txt"), 14,
                                         fixture.guest_string("stolen.txt"), 10}) == minus_one);
    CHECK(fixture.guest_errno() == EACCES);
    CHECK_FALSE(std::filesystem::exists(fixture.top() / "moved.txt"));
    CHECK(contents_of(outside) == "secret");

    // Inside the root, ".." and symbolic links are fine; removing a link removes the link.
    const std::uint64_t handle = fixture.open("sub/../inside.txt", 0);
    std::uint64_t not_read = 0;
    CHECK(fixture.read(handle, 6, not_read) == "inside");
    CHECK(fixture.call_with(sys_remove, {fixture.guest_string("link"), 4}) == 0);
    CHECK_FALSE(std::filesystem::is_symlink(fixture.root() / "link"));
    CHECK(contents_of(outside) == "secret");
}

// Runs `check` in a child process in which openat2 fails with ENOSYS, as on kernels before 5.6;
// returns the child's exit status (0 when every check held).
template <typename Check> int without_openat2(Check check) {
    const pid_t child = ::fork();
    REQUIRE(child >= 0);
    if (child == 0) {
        sock_filter filter[] = {
            BPF_STMT(BPF_LD | BPF_W | BPF_ABS, offsetof(seccomp_data, nr)),
            BPF_JUMP(BPF_JMP | BPF_JEQ | BPF_K, SYS_openat2, 0, 1),
            BPF_STMT(BPF_RET | BPF_K, SECCOMP_RET_ERRNO | ENOSYS),
            BPF_STMT(BPF_RET | BPF_K, SECCOMP_RET_ALLOW),
        };
        sock_fprog program{static_cast<unsigned short>(std::size(filter)), filter};
        if (::prctl(PR_SET_NO_NEW_PRIVS, 1, 0, 0, 0) != 0 ||
            ::prctl(PR_SET_SECCOMP, SECCOMP_MODE_FILTER, &program) != 0) {
            ::_exit(100);
        }
        open_how how{};
        if (::syscall(SYS_openat2, AT_FDCWD, ".", &how, sizeof how) != -1 || errno != ENOSYS) {
            ::_exit(101);
        }
        ::_exit(check());
    }
    int status = 0;
    REQUIRE(::waitpid(child, &status, 0) == child);
    REQUIRE(WIFEXITED(status));
    return WEXITSTATUS(status);
}

TEST_CASE("without openat2, \"..\" that leaves the root is still refused") {
    SemihostingFixture fixture;
    std::filesystem::create_directory(fixture.root() / "sub");
    create_file(fixture.root() / "inside.txt", "inside");
    const auto open_in_child = [&fixture](const std::string& name) {
        fixture.memory().put_word(SemihostingFixture::parameter_block, fixture.guest_string(name));
        fixture.memory().put_word(SemihostingFixture::parameter_block + 8, 0);
        fixture.memory().put_word(SemihostingFixture::parameter_block + 16, name.size());
        return fixture.call(sys_open, SemihostingFixture::parameter_block).a0;
    };
    const int status = without_openat2([&] {
        for (const std::string name : {"../outside.txt", "sub/../../outside.txt", "/etc/passwd"}) {
            if (open_in_child(name) != minus_one || fixture.guest_errno() != EACCES) {
                return 1;
            }
        }
        return open_in_child("sub/../inside.txt") == 1 ? 0 : 2;
    });
    CHECK(status == 0);
}

TEST_CASE("remove and rename") {
    SemihostingFixture fixture;
    create_file(fixture.root() / "old.txt", "data");
    std::filesystem::create_directory(fixture.root() / "empty");
    std::filesystem::create_directory(fixture.root() / "sub");
    const std::uint64_t old_name = fixture.guest_string("old.txt");
    const std::uint64_t new_name = fixture.guest_string("sub/new.txt");
    CHECK(fixture.call_with(sys_rename, {old_name, 7, new_name, 11}) == 0);
    CHECK(contents_of(fixture.root() / "sub" / "new.txt") == "data");
    CHECK(fixture.call_with(sys_rename, {old_name, 7, new_name, 11}) == minus_one);
    CHECK(fixture.guest_errno() == ENOENT);
    CHECK(fixture.call_with(sys_rename, {old_name, 7, new_name, 3}) == minus_one);
    CHECK(fixture.guest_errno() == EINVAL);

    CHECK(fixture.call_with(sys_remove, {new_name, 11}) == 0);
    CHECK_FALSE(std::filesystem::exists(fixture.root() / "sub" / "new.txt"));
    CHECK(fixture.call_with(sys_remove, {new_name, 11}) == minus_one);
    CHECK(fixture.guest_errno() == ENOENT);
    CHECK(fixture.call_with(sys_remove, {fixture.guest_string("empty"), 5}) == 0);
    CHECK_FALSE(std::filesystem::exists(fixture.root() / "empty"));
}

TEST_CASE("bad handles: -1 and EBADF, except READ and WRITE which transfer nothing silently") {
    SemihostingFixture fixture;
    CHECK(fixture.open("missing.txt", 0) == minus_one);
    CHECK(fixture.guest_errno() == ENOENT);
    CHECK(fixture.write(99, "abc") == 3);
    std::uint64_t not_read = 0;
    fixture.read(99, 7, not_read);
    CHECK(not_read == 7);
    CHECK(fixture.guest_errno() == ENOENT);
    CHECK(fixture.call_with(sys_istty, {99}) == minus_one);
    CHECK(fixture.guest_errno() == EBADF);
    CHECK(fixture.call_with(sys_seek, {99, 0}) == minus_one);
    CHECK(fixture.call_with(sys_flen, {99}) == minus_one);
    CHECK(fixture.close(0) == minus_one);
    CHECK(fixture.guest_errno() == EBADF);

    // Handles are C ints in QEMU: the upper 32 bits are ignored.
    CHECK(fixture.open(":tt", 4) == 1);
    CHECK(fixture.write(0x1'0000'0001, "wide") == 0);
    CHECK(fixture.output() == "wide");
}

TEST_CASE("guest pointers outside guest memory never reach the host") {
    SemihostingFixture fixture;
    CHECK(fixture.call(sys_open, not_guest_memory).a0 == minus_one);
    CHECK(fixture.guest_errno() == EFAULT);
    CHECK(fixture.call(sys_read, FakeGuestMemory::base + FakeGuestMemory::size - 8).a0 ==
          minus_one);

    create_file(fixture.root() / "data.txt", "0123456789");
    const std::uint64_t handle = fixture.open("data.txt", 0);
    CHECK(fixture.call_with(sys_errno, {}) == EFAULT);
    // A buffer that runs off the end of guest memory: nothing is read, not even the part that
    // fits, so the file position stays where it was.
    const std::uint64_t last_bytes = FakeGuestMemory::base + FakeGuestMemory::size - 4;
    CHECK(fixture.call_with(sys_read, {handle, last_bytes, 8}) == 8);
    CHECK(fixture.call_with(sys_read, {handle, not_guest_memory, 8}) == 8);
    std::uint64_t not_read = 0;
    CHECK(fixture.read(handle, 4, not_read) == "0123");

    const std::uint64_t output = fixture.open(":tt", 4);
    CHECK(fixture.call_with(sys_write, {output, last_bytes, 8}) == 8);
    CHECK(fixture.call_with(sys_write, {output, FakeGuestMemory::base, 0x1'0000'0000}) ==
          0x1'0000'0000);
    CHECK(fixture.call_with(sys_write, {output, minus_one - 2, 8}) == 8);
    CHECK(fixture.call_with(sys_write, {output, not_guest_memory, 0}) == 0);
    CHECK(fixture.output().empty());

    CHECK(fixture.call_with(sys_heapinfo, {not_guest_memory}) == minus_one);
    CHECK(fixture.call_with(sys_get_cmdline, {not_guest_memory, 100}) == minus_one);
    CHECK(fixture.call_with(sys_tmpnam, {not_guest_memory, 1, 100}) == minus_one);
    CHECK(fixture.guest_errno() == EFAULT);
}

TEST_CASE("large transfers go through in pieces") {
    SemihostingFixture fixture;
    std::string text(3000, 'x');
    for (std::size_t index = 0; index < text.size(); ++index) {
        text[index] = static_cast<char>('a' + index % 26);
    }
    const std::uint64_t writer = fixture.open("big.txt", 4);
    CHECK(fixture.write(writer, text) == 0);
    fixture.close(writer);
    CHECK(contents_of(fixture.root() / "big.txt") == text);
    const std::uint64_t reader = fixture.open("big.txt", 0);
    std::uint64_t not_read = 0;
    CHECK(fixture.read(reader, 4000, not_read) == text);
    CHECK(not_read == 1000);
}

TEST_CASE("WRITEC and WRITE0 print on the console and return QEMU's no-result value") {
    SemihostingFixture fixture;
    fixture.memory().put_word(SemihostingFixture::buffer, 'Z');
    CHECK(fixture.call(sys_writec, SemihostingFixture::buffer).a0 == 0xdeadbeef);
    CHECK(fixture.call(sys_write0, fixture.guest_string("line\n")).a0 == 0xdeadbeef);
    CHECK(fixture.output() == "Zline\n");

    CHECK(fixture.call(sys_writec, not_guest_memory).a0 == 0xdeadbeef);
    fixture.memory().put_text(FakeGuestMemory::base + FakeGuestMemory::size - 3, "abc");
    CHECK(fixture.call(sys_write0, FakeGuestMemory::base + FakeGuestMemory::size - 3).a0 ==
          0xdeadbeef);
    CHECK(fixture.output() == "Zline\n");
    CHECK(fixture.guest_errno() == 0);
}

TEST_CASE("READC returns the next input character, then -1 at the end of input") {
    SemihostingFixture fixture;
    provide_input(fixture.input(), "hi");
    CHECK(fixture.call(sys_readc, 0).a0 == 'h');
    CHECK(fixture.call(sys_readc, 0).a0 == 'i');
    CHECK(fixture.call(sys_readc, 0).a0 == minus_one);
}

TEST_CASE("ISERROR, CLOCK, TIME, ELAPSED, TICKFREQ and SYNCCACHE") {
    SemihostingFixture fixture;
    CHECK(fixture.call_with(sys_iserror, {minus_one}) == 1);
    CHECK(fixture.call_with(sys_iserror, {5}) == 0);
    CHECK(fixture.call(sys_clock, 0).a0 < 100);
    const auto now = static_cast<std::uint64_t>(std::time(nullptr));
    const std::uint64_t guest_time = fixture.call(sys_time, 0).a0;
    CHECK(guest_time + 5 >= now);
    CHECK(guest_time <= now + 5);
    CHECK(fixture.call(sys_elapsed, SemihostingFixture::parameter_block, 123'456'789).a0 == 0);
    CHECK(fixture.memory().word(SemihostingFixture::parameter_block) == 123'456'789);
    CHECK(fixture.call(sys_tickfreq, 0).a0 == 250'000'000);
    CHECK(fixture.call(sys_synccache, 0).a0 == 0);
}

TEST_CASE("GET_CMDLINE fills the buffer and its length, or fails with E2BIG") {
    SemihostingFixture fixture;
    const std::uint64_t command_line_size = 10;
    CHECK(fixture.call_with(sys_get_cmdline, {SemihostingFixture::buffer, 9}) == minus_one);
    CHECK(fixture.guest_errno() == E2BIG);
    CHECK(fixture.memory().word(SemihostingFixture::parameter_block + 8) == 9);
    CHECK(fixture.call_with(sys_get_cmdline, {SemihostingFixture::buffer, command_line_size}) == 0);
    CHECK(fixture.memory().word(SemihostingFixture::parameter_block + 8) == 9);
    CHECK(fixture.memory().text(SemihostingFixture::buffer, 10) == std::string("alpha b c\0", 10));
}

TEST_CASE("HEAPINFO writes the four configured words") {
    SemihostingFixture fixture;
    CHECK(fixture.call_with(sys_heapinfo, {SemihostingFixture::buffer}) == 0);
    CHECK(fixture.memory().word(SemihostingFixture::buffer) == 0x8100'0000);
    CHECK(fixture.memory().word(SemihostingFixture::buffer + 8) == 0x8200'0000);
    CHECK(fixture.memory().word(SemihostingFixture::buffer + 16) == 0x8400'0000);
    CHECK(fixture.memory().word(SemihostingFixture::buffer + 24) == 0x8300'0000);
}

TEST_CASE("TMPNAM gives a name inside the root that the guest can create") {
    SemihostingFixture fixture;
    CHECK(fixture.call_with(sys_tmpnam, {SemihostingFixture::buffer, 0x1a7, 4}) == minus_one);
    CHECK(fixture.call_with(sys_tmpnam, {SemihostingFixture::buffer, 0x1a7, 64}) == 0);
    std::string name = fixture.memory().text(SemihostingFixture::buffer, 64);
    name.resize(name.find('\0'));
    CHECK(name.starts_with("xbemu-tmp-"));
    CHECK(name.ends_with("a7"));
    const std::uint64_t handle = fixture.open(name, 4);
    CHECK(handle == 1);
    CHECK(std::filesystem::exists(fixture.root() / name));
}

TEST_CASE("SYSTEM is refused unless allowed, and runs in the root when allowed") {
    {
        SemihostingFixture fixture;
        CHECK(fixture.call_with(sys_system, {fixture.guest_string("exit 3"), 6}) == minus_one);
        CHECK(fixture.guest_errno() == EPERM);
    }
    SemihostingFixture fixture(true);
    CHECK(fixture.call_with(sys_system, {fixture.guest_string("exit 3"), 6}) == 3 << 8);
    const std::string command = "echo made > from-shell.txt";
    CHECK(fixture.call_with(sys_system, {fixture.guest_string(command), command.size()}) == 0);
    CHECK(contents_of(fixture.root() / "from-shell.txt") == "made\n");
}

TEST_CASE("EXIT and EXIT_EXTENDED take {reason, subcode}") {
    SemihostingFixture fixture;
    const std::uint64_t block = SemihostingFixture::parameter_block;
    fixture.memory().put_word(block, application_exit);
    fixture.memory().put_word(block + 8, 7);
    CHECK(fixture.call(sys_exit, block).exit_status == 7);
    CHECK(fixture.call(sys_exit_extended, block).exit_status == 7);
    fixture.memory().put_word(block + 8, 0x1'0000'0005);
    CHECK(fixture.call(sys_exit, block).exit_status == 5);
    fixture.memory().put_word(block, 0x20024);
    fixture.memory().put_word(block + 8, 9);
    CHECK(fixture.call(sys_exit_extended, block).exit_status == 1);
    CHECK(fixture.call(sys_exit, block).exit_status == 1);

    const xbemu::SemihostingOutcome faulted = fixture.call(sys_exit, not_guest_memory);
    CHECK_FALSE(faulted.exit_status.has_value());
    CHECK(faulted.a0 == minus_one);
    CHECK(fixture.guest_errno() == EFAULT);
}

TEST_CASE("xbemu's EXIT_JOB (0x100) ends the whole job with the status in a1, 0 included") {
    SemihostingFixture fixture;
    const xbemu::SemihostingOutcome zero = fixture.call(xbemu::kSemihostingExitJob, 0);
    CHECK(zero.exit_status == 0);
    CHECK(zero.ends_job);
    CHECK(fixture.call(xbemu::kSemihostingExitJob, 0x1'0000'0005).exit_status == 5);
    const xbemu::SemihostingOutcome plain = fixture.call(sys_exit, not_guest_memory);
    CHECK_FALSE(plain.ends_job);
}

TEST_CASE("the features pseudo-file advertises EXIT_EXTENDED and STDOUT_STDERR") {
    SemihostingFixture fixture;
    CHECK(fixture.open(":semihosting-features", 4) == minus_one);
    CHECK(fixture.guest_errno() == EACCES);
    const std::uint64_t handle = fixture.open(":semihosting-features", 0);
    CHECK(handle == 1);
    CHECK(fixture.call_with(sys_flen, {handle}) == 5);
    std::uint64_t not_read = 0;
    CHECK(fixture.read(handle, 8, not_read) == std::string("SHFB\x03"));
    CHECK(not_read == 3);
    CHECK(fixture.call_with(sys_seek, {handle, 6}) == minus_one);
    CHECK(fixture.guest_errno() == EINVAL);
    CHECK(fixture.call_with(sys_seek, {handle, 4}) == 0);
    CHECK(fixture.read(handle, 8, not_read) == std::string("\x03"));
    CHECK(fixture.write(handle, "x") == 1);
    CHECK(fixture.call_with(sys_istty, {handle}) == 0);
    CHECK(fixture.close(handle) == 0);
}

TEST_CASE("unknown operations return -1 without stopping, ERRNO starts at 0") {
    SemihostingFixture fixture;
    CHECK(fixture.guest_errno() == 0);
    const xbemu::SemihostingOutcome outcome = fixture.call(0x99, 0);
    CHECK(outcome.a0 == minus_one);
    CHECK_FALSE(outcome.exit_status.has_value());
    CHECK(fixture.guest_errno() == 0);
    // Only the low 32 bits of the operation number count.
    CHECK(fixture.call(0x1'0000'0000 | sys_tickfreq, 0).a0 == 250'000'000);
}

TEST_CASE("a root directory that does not exist is refused") {
    xbemu::SemihostingConfig config;
    config.root = "/nonexistent/xbemu-root";
    CHECK_THROWS_AS(xbemu::Semihosting{config}, std::runtime_error);
}
