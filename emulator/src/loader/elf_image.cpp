#include "xbemu/elf_image.hpp"

#include "xbemu/riscv_attributes.hpp"

#include <algorithm>
#include <bit>
#include <cerrno>
#include <cstring>
#include <fcntl.h>
#include <fmt/format.h>
#include <gelf.h>
#include <libelf.h>
#include <limits>
#include <memory>
#include <string_view>
#include <sys/stat.h>
#include <unistd.h>

namespace xbemu {

namespace {

// The raw ELF structures are read with memcpy, which is only correct on a little-endian host
// (every RISC-V ELF xbemu accepts is little-endian).
static_assert(std::endian::native == std::endian::little);

[[noreturn]] void fail_to_read(const std::filesystem::path& path, std::string_view what) {
    throw ElfError(fmt::format("{}: {}", path.string(), what));
}

struct OpenDescriptor {
    explicit OpenDescriptor(int value) : value(value) {}
    OpenDescriptor(const OpenDescriptor&) = delete;
    OpenDescriptor& operator=(const OpenDescriptor&) = delete;
    ~OpenDescriptor() {
        if (value >= 0) {
            ::close(value);
        }
    }
    int value;
};

// The whole file; refuses what is not a regular file before reading anything.
std::vector<char> read_file_contents(const std::filesystem::path& path) {
    // Not blocking at open: a FIFO would otherwise wait for a writer before it could be refused.
    const OpenDescriptor file(::open(path.c_str(), O_RDONLY | O_CLOEXEC | O_NONBLOCK));
    const int descriptor = file.value;
    if (descriptor < 0) {
        fail_to_read(path, fmt::format("cannot open: {}", std::strerror(errno)));
    }
    struct stat status {};
    if (::fstat(descriptor, &status) != 0) {
        fail_to_read(path, fmt::format("cannot read: {}", std::strerror(errno)));
    }
    if (S_ISDIR(status.st_mode)) {
        fail_to_read(path, "is a directory, not an ELF file");
    }
    if (!S_ISREG(status.st_mode)) {
        fail_to_read(path, "not a regular file");
    }
    std::vector<char> contents(static_cast<std::size_t>(status.st_size));
    std::size_t filled = 0;
    while (filled < contents.size()) {
        const ssize_t count =
            ::read(descriptor, contents.data() + filled, contents.size() - filled);
        if (count < 0 && errno == EINTR) {
            continue;
        }
        if (count < 0) {
            fail_to_read(path, fmt::format("cannot read: {}", std::strerror(errno)));
        }
        if (count == 0) {
            break;
        }
        filled += static_cast<std::size_t>(count);
    }
    contents.resize(filled);
    return contents;
}

class ElfReader {
public:
    ElfReader(std::string name, std::vector<char> contents)
        : name_(std::move(name)), contents_(std::move(contents)) {}

    ElfImage read() {
        check_identification();
        std::memcpy(&header_, contents_.data(), sizeof header_);
        check_machine_and_type();
        check_section_table_reachable();
        open_with_libelf();
        ElfImage image;
        image.entry = header_.e_entry;
        image.flags = header_.e_flags;
        image.segments = read_segments();
        check_entry(image);
        read_symbols(image.symbols);
        const std::span<const std::byte> attributes = attributes_section();
        image.privileged_spec = privileged_spec_from_attributes(attributes);
        image.architecture = architecture_from_attributes(attributes);
        if (auto found = image.symbols.find("tohost"); found != image.symbols.end()) {
            image.tohost = found->second;
        }
        if (auto found = image.symbols.find("fromhost"); found != image.symbols.end()) {
            image.fromhost = found->second;
        }
        return image;
    }

private:
    struct ElfCloser {
        void operator()(Elf* elf) const { elf_end(elf); }
    };

    [[noreturn]] void fail(std::string_view what) const {
        throw ElfError(fmt::format("{}: {}", name_, what));
    }

    [[noreturn]] void fail_with_libelf(std::string_view what) const {
        fail(fmt::format("corrupt ELF file: {} ({})", what, elf_errmsg(-1)));
    }

    // True when [offset, offset + count * entry_size) lies inside the file; written so that no
    // intermediate value can overflow whatever the fuzzed header says.
    bool fits_in_file(std::uint64_t offset, std::uint64_t count, std::uint64_t entry_size) const {
        const std::uint64_t file_size = contents_.size();
        if (entry_size != 0 && count > file_size / entry_size) {
            return false;
        }
        const std::uint64_t size = count * entry_size;
        return size <= file_size && offset <= file_size - size;
    }

    void check_identification() const {
        if (contents_.empty()) {
            fail("not an ELF file (the file is empty)");
        }
        if (contents_.size() < SELFMAG || std::memcmp(contents_.data(), ELFMAG, SELFMAG) != 0) {
            fail("not an ELF file");
        }
        if (contents_.size() < EI_NIDENT) {
            fail(fmt::format("truncated: the ELF identification needs {} bytes, the file has {}",
                             EI_NIDENT, contents_.size()));
        }
        const auto identification = [this](int index) {
            return static_cast<unsigned char>(contents_[index]);
        };
        if (identification(EI_CLASS) == ELFCLASS32) {
            fail("ELF class 32 is not supported (xbemu runs RV64 programs)");
        }
        if (identification(EI_CLASS) != ELFCLASS64) {
            fail(fmt::format("invalid ELF class {}", identification(EI_CLASS)));
        }
        if (identification(EI_DATA) == ELFDATA2MSB) {
            fail("big-endian ELF is not supported (RISC-V programs are little-endian)");
        }
        if (identification(EI_DATA) != ELFDATA2LSB) {
            fail(fmt::format("invalid ELF data encoding {}", identification(EI_DATA)));
        }
        if (identification(EI_VERSION) != EV_CURRENT) {
            fail(fmt::format("unsupported ELF version {}", identification(EI_VERSION)));
        }
        if (contents_.size() < sizeof(Elf64_Ehdr)) {
            fail(fmt::format("truncated: the ELF header needs {} bytes, the file has {}",
                             sizeof(Elf64_Ehdr), contents_.size()));
        }
    }

    static std::string machine_name(unsigned machine) {
        switch (machine) {
        case EM_386:
            return "i386";
        case EM_X86_64:
            return "x86-64";
        case EM_ARM:
            return "ARM";
        case EM_AARCH64:
            return "AArch64";
        case EM_PPC:
            return "PowerPC";
        case EM_PPC64:
            return "PowerPC64";
        case EM_MIPS:
            return "MIPS";
        case EM_S390:
            return "S/390";
        case EM_SPARCV9:
            return "SPARC V9";
        case EM_LOONGARCH:
            return "LoongArch";
        default:
            return {};
        }
    }

    void check_machine_and_type() const {
        if (header_.e_machine != EM_RISCV) {
            const std::string name = machine_name(header_.e_machine);
            if (name.empty()) {
                fail(fmt::format("machine {} is not RISC-V", header_.e_machine));
            }
            fail(fmt::format("machine {} ({}) is not RISC-V", name, header_.e_machine));
        }
        switch (header_.e_type) {
        case ET_EXEC:
            return;
        case ET_DYN:
            fail("type ET_DYN (shared object or position-independent executable) is not "
                 "supported: link a static, non-PIE executable");
        case ET_REL:
            fail("type ET_REL (relocatable object file) is not an executable: link it first");
        case ET_CORE:
            fail("type ET_CORE (core dump) is not an executable");
        default:
            fail(fmt::format("ELF type {} is not an executable", header_.e_type));
        }
    }

    // libelf refuses a file whose section header table is out of range without saying so
    // precisely, so the table's reach is checked before handing the file to libelf.
    void check_section_table_reachable() const {
        if (header_.e_shoff == 0) {
            if (header_.e_shnum != 0) {
                fail(fmt::format("corrupt ELF file: {} sections but no section header table",
                                 header_.e_shnum));
            }
            return;
        }
        if (header_.e_shentsize != sizeof(Elf64_Shdr)) {
            fail(fmt::format("section header entry size {} is not {}", header_.e_shentsize,
                             sizeof(Elf64_Shdr)));
        }
        // With more than SHN_LORESERVE sections, e_shnum is 0 and the first entry holds the
        // count; libelf reads it, so at least that entry has to be present.
        const std::uint64_t count = std::max<std::uint64_t>(header_.e_shnum, 1);
        if (!fits_in_file(header_.e_shoff, count, sizeof(Elf64_Shdr))) {
            fail("truncated: the section header table extends past the end of the file");
        }
    }

    void open_with_libelf() {
        elf_version(EV_CURRENT);
        elf_.reset(elf_memory(contents_.data(), contents_.size()));
        if (!elf_ || elf_kind(elf_.get()) != ELF_K_ELF) {
            fail_with_libelf("libelf cannot parse it");
        }
        std::size_t section_count = 0;
        if (elf_getshdrnum(elf_.get(), &section_count) != 0) {
            fail_with_libelf("bad section count");
        }
        if (section_count > 0 &&
            !fits_in_file(header_.e_shoff, section_count, sizeof(Elf64_Shdr))) {
            fail("truncated: the section header table extends past the end of the file");
        }
        section_count_ = section_count;
    }

    std::vector<ElfSegment> read_segments() const {
        const std::uint64_t header_count = program_header_count();
        if (header_count == 0) {
            fail("no loadable segments (the file has no program headers)");
        }
        if (header_.e_phentsize != sizeof(Elf64_Phdr)) {
            fail(fmt::format("program header entry size {} is not {}", header_.e_phentsize,
                             sizeof(Elf64_Phdr)));
        }
        if (!fits_in_file(header_.e_phoff, header_count, sizeof(Elf64_Phdr))) {
            fail("truncated: the program header table extends past the end of the file");
        }
        std::vector<ElfSegment> segments;
        for (std::uint64_t index = 0; index < header_count; ++index) {
            GElf_Phdr program_header;
            if (gelf_getphdr(elf_.get(), static_cast<int>(index), &program_header) == nullptr) {
                fail_with_libelf(fmt::format("cannot read program header {}", index));
            }
            if (program_header.p_type != PT_LOAD || program_header.p_memsz == 0) {
                continue;
            }
            segments.push_back(read_segment(index, program_header));
        }
        if (segments.empty()) {
            fail("no loadable segments (no PT_LOAD program header with a non-zero memory size)");
        }
        check_no_overlap(segments);
        return segments;
    }

    // Taken from the header rather than from elf_getphdrnum, which quietly shortens a table
    // that does not fit in the file instead of reporting it.
    std::uint64_t program_header_count() const {
        if (header_.e_phnum != PN_XNUM) {
            return header_.e_phnum;
        }
        // With PN_XNUM or more program headers, section 0 holds the count.
        if (section_count_ == 0) {
            fail("corrupt ELF file: e_phnum is PN_XNUM but there is no section 0 to hold the "
                 "program header count");
        }
        return section_header_at(0).sh_info;
    }

    ElfSegment read_segment(std::uint64_t index, const GElf_Phdr& program_header) const {
        if (program_header.p_filesz > program_header.p_memsz) {
            fail(fmt::format("segment {}: file size {:#x} exceeds memory size {:#x}", index,
                             program_header.p_filesz, program_header.p_memsz));
        }
        if (program_header.p_filesz > 0 &&
            !fits_in_file(program_header.p_offset, program_header.p_filesz, 1)) {
            fail(fmt::format("truncated: segment {} extends past the end of the file", index));
        }
        // The end address must itself be representable, so a segment may not touch 2^64.
        if (program_header.p_memsz >
            std::numeric_limits<std::uint64_t>::max() - program_header.p_paddr) {
            fail(fmt::format("segment {}: address range {:#x} + {:#x} wraps around the address "
                             "space",
                             index, program_header.p_paddr, program_header.p_memsz));
        }
        ElfSegment segment;
        segment.address = program_header.p_paddr;
        segment.memory_size = program_header.p_memsz;
        // An empty segment's offset is never checked, so it must not be used either.
        if (program_header.p_filesz > 0) {
            const auto* first =
                reinterpret_cast<const std::byte*>(contents_.data()) + program_header.p_offset;
            segment.data.assign(first, first + program_header.p_filesz);
        }
        // A segment without any flag is one whose permissions the linker script never stated
        // (riscv-tests' benchmarks produce one); Spike and QEMU load it as they load any other,
        // code included.
        const bool no_permissions = (program_header.p_flags & (PF_R | PF_W | PF_X)) == 0;
        segment.executable = (program_header.p_flags & PF_X) != 0 || no_permissions;
        segment.writable = (program_header.p_flags & PF_W) != 0;
        return segment;
    }

    // Overlapping segments would leave the later one's bytes over the earlier one's, quietly.
    void check_no_overlap(const std::vector<ElfSegment>& segments) const {
        std::vector<const ElfSegment*> by_address;
        for (const ElfSegment& segment : segments) {
            by_address.push_back(&segment);
        }
        std::sort(by_address.begin(), by_address.end(),
                  [](const ElfSegment* a, const ElfSegment* b) { return a->address < b->address; });
        for (std::size_t index = 1; index < by_address.size(); ++index) {
            const ElfSegment& before = *by_address[index - 1];
            const ElfSegment& after = *by_address[index];
            if (after.address - before.address < before.memory_size) {
                fail(fmt::format("loadable segments [{:#x}, {:#x}) and [{:#x}, {:#x}) overlap",
                                 before.address, before.address + before.memory_size, after.address,
                                 after.address + after.memory_size));
            }
        }
    }

    void check_entry(const ElfImage& image) const {
        if (image.entry % 2 != 0) {
            fail(fmt::format("entry point {:#x} is odd: instructions start at even addresses",
                             image.entry));
        }
        const bool inside_code = std::any_of(
            image.segments.begin(), image.segments.end(), [&](const ElfSegment& segment) {
                return segment.executable && image.entry >= segment.address &&
                       image.entry - segment.address < segment.memory_size;
            });
        if (!inside_code) {
            fail(fmt::format("entry point {:#x} is outside every executable segment", image.entry));
        }
    }

    void check_section_contents(std::size_t index, const GElf_Shdr& section_header) const {
        if (section_header.sh_type != SHT_NOBITS &&
            !fits_in_file(section_header.sh_offset, section_header.sh_size, 1)) {
            fail(fmt::format("truncated: section {} extends past the end of the file", index));
        }
    }

    GElf_Shdr section_header_at(std::size_t index) const {
        GElf_Shdr section_header;
        Elf_Scn* section = elf_getscn(elf_.get(), index);
        if (section == nullptr || gelf_getshdr(section, &section_header) == nullptr) {
            fail_with_libelf(fmt::format("cannot read section header {}", index));
        }
        return section_header;
    }

    // Mapping symbols ($x, $d, $x<isa-string>) mark code and data ranges for disassemblers;
    // they are not names a user would look for.
    static bool is_named_symbol(const GElf_Sym& symbol, std::string_view name) {
        const unsigned type = GELF_ST_TYPE(symbol.st_info);
        return symbol.st_shndx != SHN_UNDEF && !name.empty() && name.front() != '$' &&
               (type == STT_FUNC || type == STT_OBJECT || type == STT_NOTYPE);
    }

    void read_symbols(std::map<std::string, std::uint64_t>& symbols) const {
        // Several local symbols may share a name (static functions of different files); a
        // global definition is the one other code refers to, so it wins.
        std::map<std::string, bool> defined_globally;
        for (std::size_t index = 1; index < section_count_; ++index) {
            const GElf_Shdr section_header = section_header_at(index);
            if (section_header.sh_type != SHT_SYMTAB) {
                continue;
            }
            check_section_contents(index, section_header);
            if (section_header.sh_entsize != sizeof(Elf64_Sym)) {
                fail(fmt::format("section {}: symbol entry size {} is not {}", index,
                                 section_header.sh_entsize, sizeof(Elf64_Sym)));
            }
            if (section_header.sh_link == 0 || section_header.sh_link >= section_count_) {
                fail(fmt::format("section {}: string table index {} is not a section", index,
                                 section_header.sh_link));
            }
            check_section_contents(section_header.sh_link,
                                   section_header_at(section_header.sh_link));
            Elf_Data* data = elf_getdata(elf_getscn(elf_.get(), index), nullptr);
            if (data == nullptr) {
                fail_with_libelf(fmt::format("cannot read symbol table section {}", index));
            }
            const std::size_t symbol_count = data->d_size / sizeof(Elf64_Sym);
            if (symbol_count > static_cast<std::size_t>(std::numeric_limits<int>::max())) {
                fail(fmt::format("section {}: too many symbols ({})", index, symbol_count));
            }
            for (std::size_t symbol_index = 1; symbol_index < symbol_count; ++symbol_index) {
                GElf_Sym symbol;
                if (gelf_getsym(data, static_cast<int>(symbol_index), &symbol) == nullptr) {
                    fail_with_libelf(fmt::format("cannot read symbol {}", symbol_index));
                }
                const char* name = elf_strptr(elf_.get(), section_header.sh_link, symbol.st_name);
                if (name == nullptr) {
                    fail(fmt::format("section {}: symbol {} has an invalid name offset {:#x}",
                                     index, symbol_index, symbol.st_name));
                }
                if (!is_named_symbol(symbol, name)) {
                    continue;
                }
                const bool global = GELF_ST_BIND(symbol.st_info) != STB_LOCAL;
                auto [known, inserted] = defined_globally.try_emplace(name, global);
                if (inserted || (global && !known->second)) {
                    known->second = global;
                    symbols[name] = symbol.st_value;
                }
            }
        }
    }

    // The first attributes section, as objdump reads it; empty when there is none.
    std::span<const std::byte> attributes_section() const {
        for (std::size_t index = 1; index < section_count_; ++index) {
            const GElf_Shdr section_header = section_header_at(index);
            if (section_header.sh_type != SHT_RISCV_ATTRIBUTES) {
                continue;
            }
            check_section_contents(index, section_header);
            const auto* first = reinterpret_cast<const std::byte*>(contents_.data());
            return std::span(first + section_header.sh_offset, section_header.sh_size);
        }
        return {};
    }

    std::string name_;
    std::vector<char> contents_;
    Elf64_Ehdr header_{};
    std::unique_ptr<Elf, ElfCloser> elf_;
    std::size_t section_count_ = 0;
};

} // namespace

std::uint64_t ElfImage::lowest_address() const {
    if (segments.empty()) {
        return 0;
    }
    return std::min_element(segments.begin(), segments.end(),
                            [](const ElfSegment& left, const ElfSegment& right) {
                                return left.address < right.address;
                            })
        ->address;
}

std::uint64_t ElfImage::highest_address() const {
    std::uint64_t highest = 0;
    for (const ElfSegment& segment : segments) {
        highest = std::max(highest, segment.address + segment.memory_size);
    }
    return highest;
}

ElfImage read_elf_image(const std::filesystem::path& path) {
    return ElfReader(path.string(), read_file_contents(path)).read();
}

ElfImage parse_elf_image(std::span<const std::byte> contents, std::string_view name) {
    const auto* first = reinterpret_cast<const char*>(contents.data());
    return ElfReader(std::string(name), std::vector<char>(first, first + contents.size())).read();
}

} // namespace xbemu
