#pragma once
// Register names and the random register choices every instruction family shares.
//
// sp (x2) holds the address of the scratch buffer for the whole program and is never a
// destination: it gives loads and stores a valid base and makes the c.*sp forms usable.
//
// Sources often read a register written a few instructions earlier. Random programs otherwise
// overwrite most results before anything reads them, and a wrong result that nothing reads
// never reaches a checkpoint or the report.

#include "random_source.hpp"

#include <cstddef>
#include <string>
#include <vector>

namespace xbemu::random_program {

inline constexpr unsigned base_register = 2;

std::string integer_register(unsigned index);
std::string fp_register(unsigned index);

// f0..f15 mostly hold singles and f16..f31 doubles: an operation usually reads a register of
// its own format, since a double read as a single (or a single as a double) is just a NaN.
// Now and then it takes any register, which keeps the NaN-boxing rules exercised.
enum class FpFormat { single, double_precision };
bool holds_singles(unsigned fp_register_index);

class RegisterChooser {
public:
    explicit RegisterChooser(RandomSource& random) : random_(random) {}

    // x1 and x3..x31: anything but x0 and the base register.
    unsigned destination_never_zero();
    // Usually a writable register, now and then x0 (the result is dropped; the instruction
    // still runs).
    unsigned destination();
    // A writable register that an instruction reads and then overwrites (c.addi, c.add...).
    unsigned updated();
    // A writable register that will hold an address, not a result worth reading back.
    unsigned address_register();
    // Any register; x0 and the base register a little more often than the rest.
    unsigned source();
    unsigned source_never_zero();
    // x8..x15, what the three-bit register fields of compressed instructions reach.
    unsigned compressed_destination();
    unsigned compressed_source();
    unsigned compressed_updated();
    unsigned compressed_address_register();

    unsigned fp_destination(FpFormat format);
    unsigned fp_source(FpFormat format);
    // f8..f15, doubles (c.fld, c.fsd).
    unsigned compressed_fp_destination();
    unsigned compressed_fp_source();

private:
    struct Written {
        unsigned index;
        bool fp;
        FpFormat format;
    };

    unsigned remember(unsigned index, bool fp, FpFormat format);
    static bool is_compressed_integer(const Written& written);
    // A recently written register that `fits`, if the dice say so and there is one.
    template <typename Fits> bool recent(Fits fits, unsigned& index);

    RandomSource& random_;
    std::vector<Written> recently_written_;
};

} // namespace xbemu::random_program
