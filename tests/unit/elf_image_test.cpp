#include "xbemu/elf_image.hpp"

#include <cstddef>
#include <cstdint>
#include <cstdlib>
#include <cstring>
#include <doctest/doctest.h>
#include <elf.h>
#include <fcntl.h>
#include <filesystem>
#include <random>
#include <string>
#include <sys/stat.h>
#include <unistd.h>
#include <vector>

namespace {

class TemporaryDirectory {
public:
    TemporaryDirectory() {
        std::string pattern =
            (std::filesystem::temp_directory_path() / "xbemu-elf-XXXXXX").string();
        REQUIRE(::mkdtemp(pattern.data()) != nullptr);
        path_ = pattern;
    }
    TemporaryDirectory(const TemporaryDirectory&) = delete;
    TemporaryDirectory& operator=(const TemporaryDirectory&) = delete;
    ~TemporaryDirectory() {
        std::error_code ignored;
        std::filesystem::remove_all(path_, ignored);
    }
    const std::filesystem::path& path() const { return path_; }

private:
    std::filesystem::path path_;
};

struct TestSegment {
    std::uint32_t type = PT_LOAD;
    std::uint64_t virtual_address = 0;
    std::uint64_t physical_address = 0;
    std::vector<std::uint8_t> data;
    std::uint64_t memory_size = 0;
    std::uint32_t flags = PF_R;
};

struct TestSymbol {
    std::string name;
    std::uint64_t value = 0;
    unsigned char type = STT_OBJECT;
    unsigned char binding = STB_GLOBAL;
    std::uint16_t section = 1;
};

// Lays out: ELF header, program headers, segment contents, then (optionally) .symtab, .strtab,
// .shstrtab and the section header table, which therefore ends the file.
struct ElfBuilder {
    std::uint16_t type = ET_EXEC;
    std::uint16_t machine = EM_RISCV;
    std::uint64_t entry = 0x8000'0000;
    std::uint32_t flags = EF_RISCV_RVC | EF_RISCV_FLOAT_ABI_DOUBLE;
    std::vector<TestSegment> segments;
    std::vector<TestSymbol> symbols;
    bool with_sections = true;

    static ElfBuilder minimal_program() {
        ElfBuilder builder;
        TestSegment code;
        code.virtual_address = 0x8000'0000;
        code.physical_address = 0x8000'0000;
        code.data = {0x13, 0x00, 0x00, 0x00, 0x73, 0x00, 0x10, 0x00,
                     0x11, 0x22, 0x33, 0x44, 0x55, 0x66, 0x77, 0x88};
        code.memory_size = 0x40;
        code.flags = PF_R | PF_X;
        builder.segments.push_back(code);
        builder.symbols = {
            {"_start", 0x8000'0000, STT_FUNC}, {"tohost", 0x8000'0020}, {"fromhost", 0x8000'0028}};
        return builder;
    }

    std::vector<std::uint8_t> build() const {
        std::vector<std::uint8_t> file(sizeof(Elf64_Ehdr) + segments.size() * sizeof(Elf64_Phdr));
        std::vector<Elf64_Phdr> program_headers;
        for (const TestSegment& segment : segments) {
            align(file);
            Elf64_Phdr header{};
            header.p_type = segment.type;
            header.p_flags = segment.flags;
            header.p_offset = file.size();
            header.p_vaddr = segment.virtual_address;
            header.p_paddr = segment.physical_address;
            header.p_filesz = segment.data.size();
            header.p_memsz = segment.memory_size;
            header.p_align = 8;
            program_headers.push_back(header);
            file.insert(file.end(), segment.data.begin(), segment.data.end());
        }
        for (std::size_t index = 0; index < program_headers.size(); ++index) {
            std::memcpy(file.data() + sizeof(Elf64_Ehdr) + index * sizeof(Elf64_Phdr),
                        &program_headers[index], sizeof(Elf64_Phdr));
        }
        Elf64_Ehdr header{};
        std::memcpy(header.e_ident, ELFMAG, SELFMAG);
        header.e_ident[EI_CLASS] = ELFCLASS64;
        header.e_ident[EI_DATA] = ELFDATA2LSB;
        header.e_ident[EI_VERSION] = EV_CURRENT;
        header.e_type = type;
        header.e_machine = machine;
        header.e_version = EV_CURRENT;
        header.e_entry = entry;
        header.e_phoff = sizeof(Elf64_Ehdr);
        header.e_flags = flags;
        header.e_ehsize = sizeof(Elf64_Ehdr);
        header.e_phentsize = sizeof(Elf64_Phdr);
        header.e_phnum = static_cast<std::uint16_t>(segments.size());
        if (with_sections) {
            append_sections(file, header);
        }
        std::memcpy(file.data(), &header, sizeof header);
        return file;
    }

private:
    static void align(std::vector<std::uint8_t>& file) {
        file.resize((file.size() + 7) & ~std::size_t{7});
    }

    template <typename Value>
    static void append(std::vector<std::uint8_t>& file, const Value& value) {
        const auto* bytes = reinterpret_cast<const std::uint8_t*>(&value);
        file.insert(file.end(), bytes, bytes + sizeof value);
    }

    static std::uint32_t add_string(std::string& table, const std::string& text) {
        const auto offset = static_cast<std::uint32_t>(table.size());
        table += text;
        table.push_back('\0');
        return offset;
    }

    void append_sections(std::vector<std::uint8_t>& file, Elf64_Ehdr& header) const {
        std::string names(1, '\0');
        align(file);
        const std::uint64_t symbol_table_offset = file.size();
        append(file, Elf64_Sym{});
        std::size_t local_count = 1;
        for (const TestSymbol& symbol : symbols) {
            local_count += symbol.binding == STB_LOCAL ? 1 : 0;
        }
        // ELF wants the local symbols first.
        for (const bool locals : {true, false}) {
            for (const TestSymbol& symbol : symbols) {
                if ((symbol.binding == STB_LOCAL) != locals) {
                    continue;
                }
                Elf64_Sym entry{};
                entry.st_name = add_string(names, symbol.name);
                entry.st_info =
                    static_cast<unsigned char>(ELF64_ST_INFO(symbol.binding, symbol.type));
                entry.st_shndx = symbol.section;
                entry.st_value = symbol.value;
                append(file, entry);
            }
        }
        const std::uint64_t symbol_table_size = file.size() - symbol_table_offset;
        const std::uint64_t string_table_offset = file.size();
        file.insert(file.end(), names.begin(), names.end());

        std::string section_names(1, '\0');
        const std::uint32_t text_name = add_string(section_names, ".text");
        const std::uint32_t symtab_name = add_string(section_names, ".symtab");
        const std::uint32_t strtab_name = add_string(section_names, ".strtab");
        const std::uint32_t shstrtab_name = add_string(section_names, ".shstrtab");
        const std::uint64_t section_names_offset = file.size();
        file.insert(file.end(), section_names.begin(), section_names.end());

        align(file);
        header.e_shoff = file.size();
        header.e_shentsize = sizeof(Elf64_Shdr);
        header.e_shnum = 5;
        header.e_shstrndx = 4;
        append(file, Elf64_Shdr{});
        Elf64_Shdr text{};
        text.sh_name = text_name;
        text.sh_type = SHT_PROGBITS;
        text.sh_flags = SHF_ALLOC | SHF_EXECINSTR;
        if (!segments.empty()) {
            text.sh_addr = segments.front().virtual_address;
            text.sh_offset = sizeof(Elf64_Ehdr) + segments.size() * sizeof(Elf64_Phdr);
            text.sh_size = segments.front().data.size();
        }
        append(file, text);
        Elf64_Shdr symbol_table{};
        symbol_table.sh_name = symtab_name;
        symbol_table.sh_type = SHT_SYMTAB;
        symbol_table.sh_offset = symbol_table_offset;
        symbol_table.sh_size = symbol_table_size;
        symbol_table.sh_link = 3;
        symbol_table.sh_info = static_cast<std::uint32_t>(local_count);
        symbol_table.sh_addralign = 8;
        symbol_table.sh_entsize = sizeof(Elf64_Sym);
        append(file, symbol_table);
        Elf64_Shdr string_table{};
        string_table.sh_name = strtab_name;
        string_table.sh_type = SHT_STRTAB;
        string_table.sh_offset = string_table_offset;
        string_table.sh_size = names.size();
        append(file, string_table);
        Elf64_Shdr section_name_table{};
        section_name_table.sh_name = shstrtab_name;
        section_name_table.sh_type = SHT_STRTAB;
        section_name_table.sh_offset = section_names_offset;
        section_name_table.sh_size = section_names.size();
        append(file, section_name_table);
    }
};

template <typename Value>
void put(std::vector<std::uint8_t>& file, std::size_t offset, Value value) {
    REQUIRE(offset + sizeof value <= file.size());
    std::memcpy(file.data() + offset, &value, sizeof value);
}

constexpr std::size_t first_program_header = sizeof(Elf64_Ehdr);

// Rewrites the file in place: on ext4, truncating a file to zero and rewriting it makes close()
// wait for the data to reach the disk, which would make the loops below take seconds.
std::filesystem::path write_file(const std::filesystem::path& path,
                                 const std::vector<std::uint8_t>& contents) {
    const int descriptor = ::open(path.c_str(), O_WRONLY | O_CREAT | O_CLOEXEC, 0644);
    REQUIRE(descriptor >= 0);
    const bool written = ::ftruncate(descriptor, static_cast<off_t>(contents.size())) == 0 &&
                         ::pwrite(descriptor, contents.data(), contents.size(), 0) ==
                             static_cast<ssize_t>(contents.size());
    ::close(descriptor);
    REQUIRE(written);
    return path;
}

// The ElfError message for reading `path`, or an empty string when it was accepted.
std::string error_reading(const std::filesystem::path& path) {
    try {
        xbemu::read_elf_image(path);
    } catch (const xbemu::ElfError& error) {
        return error.what();
    }
    return {};
}

std::string error_reading(const TemporaryDirectory& directory,
                          const std::vector<std::uint8_t>& contents) {
    return error_reading(write_file(directory.path() / "prog.elf", contents));
}

std::string expected(const TemporaryDirectory& directory, const std::string& what) {
    return (directory.path() / "prog.elf").string() + ": " + what;
}

} // namespace

TEST_CASE("a minimal RV64 executable loads at its physical address with its symbols") {
    TemporaryDirectory directory;
    ElfBuilder builder = ElfBuilder::minimal_program();
    builder.segments.front().virtual_address = 0x1000'0000;
    builder.entry = 0x8000'0004;
    builder.symbols.push_back({"helper", 0x8000'0008, STT_NOTYPE, STB_LOCAL});
    builder.symbols.push_back({"duplicate", 0x1111, STT_FUNC, STB_LOCAL});
    builder.symbols.push_back({"duplicate", 0x2222, STT_FUNC, STB_GLOBAL});
    builder.symbols.push_back({"$x", 0x8000'0000, STT_NOTYPE, STB_LOCAL});
    builder.symbols.push_back({"undefined", 0, STT_NOTYPE, STB_GLOBAL, SHN_UNDEF});
    builder.symbols.push_back({".text", 0x8000'0000, STT_SECTION, STB_LOCAL});
    builder.symbols.push_back({"__flash", 0x8000'0000, STT_NOTYPE, STB_GLOBAL, SHN_ABS});
    builder.symbols.push_back({"file.c", 0, STT_FILE, STB_LOCAL, SHN_ABS});

    const xbemu::ElfImage image =
        xbemu::read_elf_image(write_file(directory.path() / "prog.elf", builder.build()));

    CHECK(image.entry == 0x8000'0004);
    CHECK(image.flags == (EF_RISCV_RVC | EF_RISCV_FLOAT_ABI_DOUBLE));
    REQUIRE(image.segments.size() == 1);
    const xbemu::ElfSegment& segment = image.segments.front();
    CHECK(segment.address == 0x8000'0000);
    CHECK(segment.memory_size == 0x40);
    REQUIRE(segment.data.size() == 16);
    CHECK(segment.data[4] == std::byte{0x73});
    CHECK(segment.data[15] == std::byte{0x88});
    CHECK(segment.executable);
    CHECK_FALSE(segment.writable);
    CHECK(image.lowest_address() == 0x8000'0000);
    CHECK(image.highest_address() == 0x8000'0040);
    REQUIRE(image.tohost.has_value());
    CHECK(*image.tohost == 0x8000'0020);
    REQUIRE(image.fromhost.has_value());
    CHECK(*image.fromhost == 0x8000'0028);
    CHECK(image.symbols.at("_start") == 0x8000'0000);
    CHECK(image.symbols.at("helper") == 0x8000'0008);
    CHECK(image.symbols.at("duplicate") == 0x2222);
    CHECK(image.symbols.at("__flash") == 0x8000'0000);
    CHECK_FALSE(image.symbols.contains("$x"));
    CHECK_FALSE(image.symbols.contains("undefined"));
    CHECK_FALSE(image.symbols.contains(".text"));
    CHECK_FALSE(image.symbols.contains("file.c"));
}

TEST_CASE("segments: data in flash, bss in RAM, empty and non-load headers skipped") {
    TemporaryDirectory directory;
    ElfBuilder builder = ElfBuilder::minimal_program();
    TestSegment data;
    data.virtual_address = 0x8020'0000;
    data.physical_address = 0x8000'1000;
    data.data = {1, 2, 3, 4};
    data.memory_size = 4;
    data.flags = PF_R | PF_W;
    TestSegment bss;
    bss.virtual_address = 0x8020'0100;
    bss.physical_address = 0x8020'0100;
    bss.memory_size = 0x1000;
    bss.flags = PF_R | PF_W;
    TestSegment attributes;
    attributes.type = PT_RISCV_ATTRIBUTES;
    attributes.data = {0x41};
    TestSegment empty_load;
    empty_load.physical_address = 0x9000'0000;
    builder.segments.push_back(data);
    builder.segments.push_back(bss);
    builder.segments.push_back(attributes);
    builder.segments.push_back(empty_load);
    builder.symbols.clear();

    const xbemu::ElfImage image =
        xbemu::read_elf_image(write_file(directory.path() / "prog.elf", builder.build()));

    REQUIRE(image.segments.size() == 3);
    CHECK(image.segments[1].address == 0x8000'1000);
    CHECK(image.segments[1].writable);
    CHECK_FALSE(image.segments[1].executable);
    CHECK(image.segments[2].data.empty());
    CHECK(image.segments[2].memory_size == 0x1000);
    CHECK(image.lowest_address() == 0x8000'0000);
    CHECK(image.highest_address() == 0x8020'1100);
    CHECK_FALSE(image.tohost.has_value());
    CHECK_FALSE(image.fromhost.has_value());
}

TEST_CASE("a file without a section header table loads without symbols") {
    TemporaryDirectory directory;
    ElfBuilder builder = ElfBuilder::minimal_program();
    builder.with_sections = false;
    const xbemu::ElfImage image =
        xbemu::read_elf_image(write_file(directory.path() / "prog.elf", builder.build()));
    CHECK(image.symbols.empty());
    CHECK(image.segments.size() == 1);
}

TEST_CASE("missing files, directories and empty files are refused by name") {
    TemporaryDirectory directory;
    const std::filesystem::path missing = directory.path() / "missing.elf";
    CHECK(error_reading(missing) == missing.string() + ": cannot open: No such file or directory");
    CHECK(error_reading(directory.path()) ==
          directory.path().string() + ": is a directory, not an ELF file");
    CHECK(error_reading(directory, {}) ==
          expected(directory, "not an ELF file (the file is empty)"));
}

TEST_CASE("identification problems each get their own message") {
    TemporaryDirectory directory;
    const std::vector<std::uint8_t> valid = ElfBuilder::minimal_program().build();

    std::vector<std::uint8_t> file = valid;
    file[1] = 'F';
    CHECK(error_reading(directory, file) == expected(directory, "not an ELF file"));
    CHECK(error_reading(directory, {'#', '!', '/', 'b', 'i', 'n'}) ==
          expected(directory, "not an ELF file"));

    file = valid;
    file[EI_CLASS] = ELFCLASS32;
    CHECK(error_reading(directory, file) ==
          expected(directory, "ELF class 32 is not supported (xbemu runs RV64 programs)"));
    file[EI_CLASS] = 7;
    CHECK(error_reading(directory, file) == expected(directory, "invalid ELF class 7"));

    file = valid;
    file[EI_DATA] = ELFDATA2MSB;
    CHECK(
        error_reading(directory, file) ==
        expected(directory, "big-endian ELF is not supported (RISC-V programs are little-endian)"));

    file = valid;
    file[EI_VERSION] = 2;
    CHECK(error_reading(directory, file) == expected(directory, "unsupported ELF version 2"));
}

TEST_CASE("other machines and types than an RV64 executable are refused") {
    TemporaryDirectory directory;
    ElfBuilder builder = ElfBuilder::minimal_program();
    builder.machine = EM_X86_64;
    CHECK(error_reading(directory, builder.build()) ==
          expected(directory, "machine x86-64 (62) is not RISC-V"));
    builder.machine = 4242;
    CHECK(error_reading(directory, builder.build()) ==
          expected(directory, "machine 4242 is not RISC-V"));

    builder.machine = EM_RISCV;
    builder.type = ET_DYN;
    CHECK(error_reading(directory, builder.build()) ==
          expected(directory, "type ET_DYN (shared object or position-independent executable) "
                              "is not supported: link a static, non-PIE executable"));
    builder.type = ET_REL;
    CHECK(error_reading(directory, builder.build()) ==
          expected(directory,
                   "type ET_REL (relocatable object file) is not an executable: link it first"));
    builder.type = ET_CORE;
    CHECK(error_reading(directory, builder.build()) ==
          expected(directory, "type ET_CORE (core dump) is not an executable"));
}

TEST_CASE("a file truncated anywhere is refused with a message naming it") {
    TemporaryDirectory directory;
    const std::vector<std::uint8_t> valid = ElfBuilder::minimal_program().build();
    const std::string prefix = (directory.path() / "prog.elf").string() + ": ";
    for (std::size_t length = 0; length < valid.size(); ++length) {
        CAPTURE(length);
        const std::string message = error_reading(
            directory, std::vector<std::uint8_t>(
                           valid.begin(), valid.begin() + static_cast<std::ptrdiff_t>(length)));
        REQUIRE_FALSE(message.empty());
        CHECK(message.starts_with(prefix));
        CHECK(message.find('\n') == std::string::npos);
    }
    CHECK(error_reading(directory, std::vector<std::uint8_t>(valid.begin(), valid.begin() + 40)) ==
          expected(directory, "truncated: the ELF header needs 64 bytes, the file has 40"));
    CHECK(error_reading(directory, std::vector<std::uint8_t>(valid.begin(), valid.end() - 1)) ==
          expected(directory,
                   "truncated: the section header table extends past the end of the file"));
}

TEST_CASE("without sections, truncation inside the program headers or a segment is reported") {
    TemporaryDirectory directory;
    ElfBuilder builder = ElfBuilder::minimal_program();
    builder.with_sections = false;
    const std::vector<std::uint8_t> valid = builder.build();
    CHECK(error_reading(directory, std::vector<std::uint8_t>(valid.begin(), valid.begin() + 100)) ==
          expected(directory,
                   "truncated: the program header table extends past the end of the file"));
    CHECK(error_reading(directory, std::vector<std::uint8_t>(valid.begin(), valid.end() - 3)) ==
          expected(directory, "truncated: segment 0 extends past the end of the file"));
}

TEST_CASE("segment ranges are checked without overflowing") {
    TemporaryDirectory directory;
    const std::vector<std::uint8_t> valid = ElfBuilder::minimal_program().build();

    std::vector<std::uint8_t> file = valid;
    put<std::uint64_t>(file, first_program_header + offsetof(Elf64_Phdr, p_offset),
                       0xffff'ffff'ffff'fff8);
    CHECK(error_reading(directory, file) ==
          expected(directory, "truncated: segment 0 extends past the end of the file"));

    file = valid;
    put<std::uint64_t>(file, first_program_header + offsetof(Elf64_Phdr, p_filesz),
                       0xffff'ffff'ffff'ffff);
    put<std::uint64_t>(file, first_program_header + offsetof(Elf64_Phdr, p_memsz),
                       0xffff'ffff'ffff'ffff);
    CHECK(error_reading(directory, file) ==
          expected(directory, "truncated: segment 0 extends past the end of the file"));

    file = valid;
    put<std::uint64_t>(file, first_program_header + offsetof(Elf64_Phdr, p_memsz), 8);
    CHECK(error_reading(directory, file) ==
          expected(directory, "segment 0: file size 0x10 exceeds memory size 0x8"));

    ElfBuilder wrapping = ElfBuilder::minimal_program();
    wrapping.segments.front().data.resize(8);
    wrapping.segments.front().physical_address = 0xffff'ffff'ffff'fff0;
    wrapping.entry = 0xffff'ffff'ffff'fff0;
    CHECK(error_reading(directory, wrapping.build()) ==
          expected(directory, "segment 0: address range 0xfffffffffffffff0 + 0x40 wraps "
                              "around the address space"));
    wrapping.segments.front().memory_size = 0x10;
    CHECK(error_reading(directory, wrapping.build()) ==
          expected(directory, "segment 0: address range 0xfffffffffffffff0 + 0x10 wraps "
                              "around the address space"));
    wrapping.segments.front().memory_size = 0xf;
    CHECK(error_reading(directory, wrapping.build()).empty());
}

TEST_CASE("the entry point must lie in an executable segment") {
    TemporaryDirectory directory;
    ElfBuilder builder = ElfBuilder::minimal_program();
    builder.entry = 0x8000'0040;
    CHECK(error_reading(directory, builder.build()) ==
          expected(directory, "entry point 0x80000040 is outside every executable segment"));
    builder.entry = 0x8000'003e;
    CHECK(error_reading(directory, builder.build()).empty());

    TestSegment data;
    data.physical_address = 0x9000'0000;
    data.memory_size = 0x100;
    data.flags = PF_R | PF_W;
    builder.segments.push_back(data);
    builder.entry = 0x9000'0000;
    CHECK(error_reading(directory, builder.build()) ==
          expected(directory, "entry point 0x90000000 is outside every executable segment"));
}

TEST_CASE("an odd entry point is refused: no instruction starts there") {
    TemporaryDirectory directory;
    ElfBuilder builder = ElfBuilder::minimal_program();
    builder.entry = 0x8000'0001;
    CHECK(
        error_reading(directory, builder.build()) ==
        expected(directory, "entry point 0x80000001 is odd: instructions start at even addresses"));
    builder.entry = 0x8000'0002;
    CHECK(error_reading(directory, builder.build()).empty());
}

TEST_CASE("loadable segments that overlap are refused, whatever their order in the file") {
    TemporaryDirectory directory;
    ElfBuilder builder = ElfBuilder::minimal_program();
    TestSegment data;
    data.physical_address = 0x8000'0100;
    data.memory_size = 0x100;
    data.flags = PF_R | PF_W;
    builder.segments.push_back(data);
    CHECK(error_reading(directory, builder.build()).empty());
    builder.segments.back().physical_address = builder.segments.front().physical_address + 8;
    std::swap(builder.segments.front(), builder.segments.back());
    CHECK(error_reading(directory, builder.build()) ==
          expected(directory, "loadable segments [0x80000000, 0x80000040) and [0x80000008, "
                              "0x80000108) overlap"));
}

TEST_CASE("a FIFO is refused without waiting for a writer") {
    TemporaryDirectory directory;
    const std::filesystem::path fifo = directory.path() / "prog.elf";
    REQUIRE(::mkfifo(fifo.c_str(), 0600) == 0);
    CHECK(error_reading(fifo) == fifo.string() + ": not a regular file");
}

TEST_CASE("a segment without flags is loaded and may hold the entry point, as on Spike") {
    TemporaryDirectory directory;
    ElfBuilder builder = ElfBuilder::minimal_program();
    builder.segments.front().flags = 0;
    const xbemu::ElfImage image =
        xbemu::read_elf_image(write_file(directory.path() / "prog.elf", builder.build()));
    REQUIRE(image.segments.size() == 1);
    CHECK(image.segments.front().executable);
    CHECK(image.segments.front().data.size() == 16);
    CHECK(image.entry == 0x8000'0000);

    builder.segments.front().flags = PF_R;
    CHECK(error_reading(directory, builder.build()) ==
          expected(directory, "entry point 0x80000000 is outside every executable segment"));
}

TEST_CASE("header tables with impossible shapes are refused") {
    TemporaryDirectory directory;
    ElfBuilder builder = ElfBuilder::minimal_program();
    ElfBuilder without_loads = builder;
    without_loads.segments.front().type = PT_NOTE;
    CHECK(error_reading(directory, without_loads.build()) ==
          expected(directory, "no loadable segments (no PT_LOAD program header with a non-zero "
                              "memory size)"));
    without_loads.segments.clear();
    CHECK(error_reading(directory, without_loads.build()) ==
          expected(directory, "no loadable segments (the file has no program headers)"));

    const std::vector<std::uint8_t> valid = builder.build();
    std::vector<std::uint8_t> file = valid;
    put<std::uint16_t>(file, offsetof(Elf64_Ehdr, e_phentsize), 32);
    CHECK(error_reading(directory, file) ==
          expected(directory, "program header entry size 32 is not 56"));

    file = valid;
    put<std::uint16_t>(file, offsetof(Elf64_Ehdr, e_phnum), 0x7fff);
    CHECK(error_reading(directory, file) ==
          expected(directory,
                   "truncated: the program header table extends past the end of the file"));

    file = valid;
    put<std::uint16_t>(file, offsetof(Elf64_Ehdr, e_shentsize), 40);
    CHECK(error_reading(directory, file) ==
          expected(directory, "section header entry size 40 is not 64"));

    file = valid;
    put<std::uint64_t>(file, offsetof(Elf64_Ehdr, e_shoff), 0);
    CHECK(error_reading(directory, file) ==
          expected(directory, "corrupt ELF file: 5 sections but no section header table"));
}

TEST_CASE("a corrupt symbol table is refused") {
    TemporaryDirectory directory;
    const std::vector<std::uint8_t> valid = ElfBuilder::minimal_program().build();
    Elf64_Ehdr header;
    std::memcpy(&header, valid.data(), sizeof header);
    const std::size_t symbol_table_header = header.e_shoff + 2 * sizeof(Elf64_Shdr);
    Elf64_Shdr symbol_table;
    std::memcpy(&symbol_table, valid.data() + symbol_table_header, sizeof symbol_table);

    std::vector<std::uint8_t> file = valid;
    put<std::uint64_t>(file, symbol_table_header + offsetof(Elf64_Shdr, sh_size), 0x1'0000'0000);
    CHECK(error_reading(directory, file) ==
          expected(directory, "truncated: section 2 extends past the end of the file"));

    file = valid;
    put<std::uint32_t>(
        file, symbol_table.sh_offset + sizeof(Elf64_Sym) + offsetof(Elf64_Sym, st_name), 0x7000);
    CHECK(error_reading(directory, file) ==
          expected(directory, "section 2: symbol 1 has an invalid name offset 0x7000"));

    file = valid;
    put<std::uint32_t>(file, symbol_table_header + offsetof(Elf64_Shdr, sh_link), 9);
    CHECK(error_reading(directory, file) ==
          expected(directory, "section 2: string table index 9 is not a section"));
}

TEST_CASE("randomly corrupted files are either accepted or refused with an ElfError") {
    TemporaryDirectory directory;
    const std::vector<std::uint8_t> valid = ElfBuilder::minimal_program().build();
    const std::filesystem::path path = directory.path() / "fuzzed.elf";
    std::mt19937_64 random(20240611);
    std::uniform_int_distribution<std::size_t> position(0, valid.size() - 1);
    std::uniform_int_distribution<int> flip_count(1, 4);
    std::uniform_int_distribution<int> byte_value(0, 255);
    int accepted = 0;
    int refused = 0;
    for (int iteration = 0; iteration < 2000; ++iteration) {
        std::vector<std::uint8_t> file = valid;
        for (int flip = flip_count(random); flip > 0; --flip) {
            file[position(random)] = static_cast<std::uint8_t>(byte_value(random));
        }
        write_file(path, file);
        CAPTURE(iteration);
        try {
            const xbemu::ElfImage image = xbemu::read_elf_image(path);
            CHECK_FALSE(image.segments.empty());
            ++accepted;
        } catch (const xbemu::ElfError& error) {
            CHECK(std::string(error.what()).starts_with(path.string() + ": "));
            ++refused;
        }
    }
    CHECK(accepted > 0);
    CHECK(refused > 0);
}
