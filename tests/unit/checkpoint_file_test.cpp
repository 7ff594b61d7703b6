// Checkpoint files (--checkpoint, --restore): the stream the layers write their state into reads
// back what was written and refuses to run past its end; a file reads back its header and
// sections, and one that is no checkpoint, is of another format version, is truncated or has a
// changed byte is refused with a line that names it.

#include "xbemu/checkpoint_file.hpp"
#include "xbemu/checkpoint_stream.hpp"

#include <array>
#include <doctest/doctest.h>
#include <filesystem>
#include <fstream>
#include <iterator>
#include <string>
#include <unistd.h>

using namespace xbemu;

namespace {

std::filesystem::path scratch_file(const std::string& name) {
    return std::filesystem::temp_directory_path() /
           ("xbemu-checkpoint-test-" + std::to_string(::getpid()) + "-" + name);
}

std::string file_bytes(const std::filesystem::path& path) {
    std::ifstream file(path, std::ios::binary);
    return {std::istreambuf_iterator<char>(file), std::istreambuf_iterator<char>()};
}

void write_bytes(const std::filesystem::path& path, const std::string& bytes) {
    std::ofstream(path, std::ios::binary | std::ios::trunc) << bytes;
}

CheckpointHeader sample_header() {
    CheckpointHeader header;
    header.xbemu_version = "0.1.0";
    header.isa = "rv64gc_xbgas";
    header.pe_count = 4;
    header.launcher = "in-process";
    header.memory_size = 256ULL << 20;
    header.program_size = 1234;
    header.program_hash = 0x0123456789abcdefULL;
    header.machine = "{\"network\": {}}";
    return header;
}

// A section as a PE would write it: RAM-like zeros compress to almost nothing.
CheckpointWriter sample_section(std::uint64_t word) {
    CheckpointWriter section;
    section.u64(word);
    std::vector<std::byte> page(4096);
    page[17] = std::byte{0x5a};
    section.bytes(page);
    return section;
}

void write_sample(const std::filesystem::path& path) {
    CheckpointFileWriter file(path, sample_header());
    file.add_section(sample_section(1));
    file.add_section(sample_section(2));
    file.finish();
}

// Why reading the whole file fails, or "" when it does not.
std::string refusal(const std::filesystem::path& path) {
    try {
        CheckpointFileReader file(path);
        file.next_section();
        file.next_section();
        file.expect_end();
    } catch (const CheckpointError& error) {
        return error.what();
    }
    return "";
}

} // namespace

TEST_CASE("a checkpoint stream reads back what was written, and not past its end") {
    CheckpointWriter out;
    out.u8(0xab);
    out.boolean(true);
    out.u32(0x89abcdefU);
    out.u64(0x0123456789abcdefULL);
    out.string("PE 1 started");
    const std::array<std::byte, 3> block{std::byte{1}, std::byte{2}, std::byte{3}};
    out.bytes(block);
    CheckpointReader in(out.data());
    CHECK(in.u8() == 0xab);
    CHECK(in.boolean());
    CHECK(in.u32() == 0x89abcdefU);
    CHECK(in.u64() == 0x0123456789abcdefULL);
    CHECK(in.string() == "PE 1 started");
    std::array<std::byte, 3> read{};
    in.bytes(read);
    CHECK(read == block);
    CHECK(in.at_end());
    CHECK_THROWS_AS(in.u8(), CheckpointError);

    // A block of another size than the reader expects, a boolean that is neither 0 nor 1, and a
    // string whose length runs past the end.
    CheckpointReader wrong_size(out.data());
    wrong_size.u8();
    wrong_size.boolean();
    wrong_size.u32();
    wrong_size.u64();
    wrong_size.string();
    std::array<std::byte, 4> larger{};
    CHECK_THROWS_AS(wrong_size.bytes(larger), CheckpointError);
    CheckpointReader not_boolean(out.data());
    CHECK_THROWS_AS(not_boolean.boolean(), CheckpointError);
    CheckpointWriter long_string;
    long_string.u64(1ULL << 40);
    CheckpointReader past_end(long_string.data());
    CHECK_THROWS_AS(past_end.string(), CheckpointError);
}

TEST_CASE("a checkpoint file reads back its header and sections, and refuses damaged copies") {
    const std::filesystem::path path = scratch_file("good");
    write_sample(path);
    CHECK_FALSE(std::filesystem::exists(path.string() + ".partial"));
    CheckpointFileReader file(path);
    const CheckpointHeader& header = file.header();
    const CheckpointHeader expected = sample_header();
    CHECK(header.xbemu_version == expected.xbemu_version);
    CHECK(header.isa == expected.isa);
    CHECK(header.pe_count == expected.pe_count);
    CHECK(header.launcher == expected.launcher);
    CHECK(header.memory_size == expected.memory_size);
    CHECK(header.program_size == expected.program_size);
    CHECK(header.program_hash == expected.program_hash);
    CHECK(header.machine == expected.machine);
    CHECK(file.next_section() == sample_section(1).data());
    CHECK(file.next_section() == sample_section(2).data());
    CHECK_NOTHROW(file.expect_end());
    const std::string good = file_bytes(path);
    CHECK(good.size() < 300); // zstd: a page of zeros but one byte costs a few bytes

    const std::filesystem::path damaged = scratch_file("damaged");
    write_bytes(damaged, "not a checkpoint");
    CHECK(refusal(damaged) == damaged.string() + " is not an xbemu checkpoint");
    std::string other_format = good;
    other_format[8] = static_cast<char>(kCheckpointFormatVersion - 1);
    write_bytes(damaged, other_format);
    CHECK(refusal(damaged) == "checkpoint " + damaged.string() + " has format version " +
                                  std::to_string(kCheckpointFormatVersion - 1) +
                                  "; this xbemu reads version " +
                                  std::to_string(kCheckpointFormatVersion));
    const std::string truncated_message =
        "checkpoint " + damaged.string() + " is truncated or corrupt";
    for (const std::size_t length : {std::size_t{10}, std::size_t{40}, good.size() - 1}) {
        write_bytes(damaged, good.substr(0, length));
        CHECK(refusal(damaged) == truncated_message);
    }
    std::string changed = good;
    changed[good.size() - 6] = static_cast<char>(changed[good.size() - 6] ^ 0x40);
    write_bytes(damaged, changed);
    CHECK(refusal(damaged) == truncated_message);
    write_bytes(damaged, good + "x");
    CHECK(refusal(damaged) == truncated_message);
    CHECK(refusal(scratch_file("missing")).starts_with("cannot read checkpoint"));

    // A writer that does not finish leaves nothing behind.
    const std::filesystem::path abandoned = scratch_file("abandoned");
    {
        CheckpointFileWriter unfinished(abandoned, sample_header());
        unfinished.add_section(sample_section(1));
    }
    CHECK_FALSE(std::filesystem::exists(abandoned));
    CHECK_FALSE(std::filesystem::exists(abandoned.string() + ".partial"));
    std::filesystem::remove(path);
    std::filesystem::remove(damaged);
}

TEST_CASE(
    "writers that take turns make the file one writer makes, and readers pass over sections") {
    const std::filesystem::path whole = scratch_file("whole");
    write_sample(whole);
    const std::filesystem::path turns = scratch_file("turns");
    {
        CheckpointFileWriter first(turns, sample_header());
        first.add_section(sample_section(1));
        first.hand_over();
    }
    CHECK_FALSE(std::filesystem::exists(turns));
    {
        CheckpointFileWriter last(turns);
        last.add_section(sample_section(2));
        last.finish();
    }
    CHECK(file_bytes(turns) == file_bytes(whole));

    CheckpointFileReader file(turns);
    file.skip_section();
    CHECK(file.next_section() == sample_section(2).data());
    CHECK_NOTHROW(file.expect_end());
    CheckpointFileReader past_end(turns);
    past_end.skip_section();
    past_end.skip_section();
    CHECK_THROWS_AS(past_end.skip_section(), CheckpointError);

    // A next writer that does not finish removes what the ones before it wrote.
    const std::filesystem::path dropped = scratch_file("dropped");
    {
        CheckpointFileWriter first(dropped, sample_header());
        first.hand_over();
    }
    { CheckpointFileWriter next(dropped); }
    CHECK_FALSE(std::filesystem::exists(dropped.string() + ".partial"));

    CHECK_THROWS_AS(CheckpointFileWriter::check_writable(scratch_file("no-such-dir") / "x"),
                    CheckpointError);
    const std::filesystem::path fresh = scratch_file("fresh");
    CHECK_NOTHROW(CheckpointFileWriter::check_writable(fresh));
    CHECK_FALSE(std::filesystem::exists(fresh));
    std::filesystem::remove(whole);
    std::filesystem::remove(turns);
}
