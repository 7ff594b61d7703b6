/* A single-PE model of xBGAS for qemu-system-riscv64, which does not implement it: the
 * instructions trap as illegal, and this handler carries them out the way
 * docs/xbgas.md describes for PE 0 of a one-PE job. It exists to check the
 * tests rather than the emulator: a test program built with the model (-DXBGAS_QEMU_MODEL) must
 * pass on QEMU with one PE, so the expected values written in the tests, their sign extensions
 * and their trap records are right before xbemu ever runs them.
 *
 * What it models: e0-e31 with the start-up values of a one-PE job on 256 MiB of RAM; object
 * IDs 0 and 1 (both this PE), every other ID an access fault; every load, store, register move
 * and remote atomic, with access faults outside RAM (cause 5 for loads and elr, 7 for stores,
 * atomics and esc, mtval = address). What it does not: several PEs, posted stores, misaligned
 * accesses, interrupts.
 *
 * Traps that are not xBGAS instructions, and the access faults the model raises, go to the
 * handler the test installed (xbgas_model_guest_handler), as if the hardware had taken them.
 */
#include <stdint.h>

#define RAM_BASE 0x80000000UL
#define RAM_SIZE 0x10000000UL
#define SYMMETRIC_BASE (RAM_BASE + RAM_SIZE / 2)
#define SYMMETRIC_SIZE (RAM_SIZE / 2 - 0x100000UL)

#define CAUSE_ILLEGAL_INSTRUCTION 2
#define CAUSE_LOAD_ACCESS_FAULT 5
#define CAUSE_STORE_ACCESS_FAULT 7

enum trap_outcome { RESUME_AFTER_INSTRUCTION = 0, DELIVER_TO_GUEST = 1 };

uint64_t xbgas_model_extended[32];
uint64_t xbgas_model_guest_handler;

static uint64_t reservation_address;
static int reservation_valid;

#define READ_CSR(name)                                                                             \
    ({                                                                                             \
        uint64_t value_;                                                                           \
        __asm__ volatile("csrr %0, " #name : "=r"(value_));                                        \
        value_;                                                                                    \
    })
#define WRITE_CSR(name, value) __asm__ volatile("csrw " #name ", %0" ::"r"((uint64_t)(value)))

/* Through a volatile pointer, so that the compiler does not turn the loop into a call to
 * memset, which a bare-metal test program does not have. */
void xbgas_model_reset_registers(void) {
    volatile uint64_t* const registers = xbgas_model_extended;
    for (int index = 0; index < 32; ++index) {
        registers[index] = 0;
    }
    registers[10] = 0;
    registers[11] = 1;
    registers[12] = SYMMETRIC_SIZE;
    registers[13] = SYMMETRIC_BASE;
    reservation_valid = 0;
}

static int64_t sign_extend(uint64_t value, unsigned bits) {
    const unsigned shift = 64 - bits;
    return (int64_t)(value << shift) >> shift;
}

static int object_is_this_pe(uint64_t object) {
    return object == 0 || object == 1;
}

static int inside_ram(uint64_t address, unsigned size) {
    return address >= RAM_BASE && address - RAM_BASE <= RAM_SIZE - size;
}

static enum trap_outcome access_fault(uint64_t cause, uint64_t address) {
    WRITE_CSR(mcause, cause);
    WRITE_CSR(mtval, address);
    return DELIVER_TO_GUEST;
}

static uint64_t load(uint64_t address, unsigned size) {
    switch (size) {
    case 1:
        return *(volatile uint8_t*)address;
    case 2:
        return *(volatile uint16_t*)address;
    case 4:
        return *(volatile uint32_t*)address;
    default:
        return *(volatile uint64_t*)address;
    }
}

static void store(uint64_t address, unsigned size, uint64_t value) {
    switch (size) {
    case 1:
        *(volatile uint8_t*)address = (uint8_t)value;
        break;
    case 2:
        *(volatile uint16_t*)address = (uint16_t)value;
        break;
    case 4:
        *(volatile uint32_t*)address = (uint32_t)value;
        break;
    default:
        *(volatile uint64_t*)address = value;
        break;
    }
}

/* funct3 of a load: 0-3 signed b/h/w/d, 4-5 unsigned b/h, 7 a doubleword for an e register */
static unsigned access_size(unsigned funct3) {
    static const unsigned sizes[8] = {1, 2, 4, 8, 1, 2, 0, 8};
    return sizes[funct3];
}

static uint64_t extend_loaded(unsigned funct3, uint64_t raw) {
    switch (funct3) {
    case 0:
        return (uint64_t)sign_extend(raw, 8);
    case 1:
        return (uint64_t)sign_extend(raw, 16);
    case 2:
        return (uint64_t)sign_extend(raw, 32);
    default:
        return raw;
    }
}

static void write_x(uint64_t* x, unsigned index, uint64_t value) {
    if (index != 0) {
        x[index] = value;
    }
}

static uint64_t apply_atomic(unsigned funct5, uint64_t old, uint64_t operand, unsigned bits) {
    const int64_t signed_old = sign_extend(old, bits);
    const int64_t signed_operand = sign_extend(operand, bits);
    const uint64_t mask = bits == 64 ? ~0UL : (1UL << bits) - 1;
    const uint64_t unsigned_old = old & mask;
    const uint64_t unsigned_operand = operand & mask;
    switch (funct5) {
    case 0x00:
        return old + operand;
    case 0x01:
        return operand;
    case 0x04:
        return old ^ operand;
    case 0x08:
        return old | operand;
    case 0x0c:
        return old & operand;
    case 0x10:
        return signed_old < signed_operand ? old : operand;
    case 0x14:
        return signed_old > signed_operand ? old : operand;
    case 0x18:
        return unsigned_old < unsigned_operand ? old : operand;
    default:
        return unsigned_old > unsigned_operand ? old : operand;
    }
}

static int is_atomic_operation(unsigned funct5) {
    switch (funct5) {
    case 0x00:
    case 0x01:
    case 0x04:
    case 0x08:
    case 0x0c:
    case 0x10:
    case 0x14:
    case 0x18:
    case 0x1c:
        return 1;
    default:
        return 0;
    }
}

static enum trap_outcome remote_atomic(uint64_t* x, uint32_t instruction) {
    const unsigned rd = (instruction >> 7) & 31;
    const unsigned funct3 = (instruction >> 12) & 7;
    const unsigned rs1 = (instruction >> 15) & 31;
    const unsigned rs2 = (instruction >> 20) & 31;
    const unsigned funct5 = instruction >> 27;
    if (funct3 != 2 && funct3 != 3) {
        return DELIVER_TO_GUEST;
    }
    const unsigned size = funct3 == 2 ? 4 : 8;
    const uint64_t address = x[rs1];
    const uint64_t object = xbgas_model_extended[rs1];
    if (funct5 == 0x02) {
        if (rs2 != 0) {
            return DELIVER_TO_GUEST;
        }
        if (!object_is_this_pe(object) || !inside_ram(address, size)) {
            return access_fault(CAUSE_LOAD_ACCESS_FAULT, address);
        }
        write_x(x, rd, extend_loaded(funct3, load(address, size)));
        reservation_address = address;
        reservation_valid = 1;
        return RESUME_AFTER_INSTRUCTION;
    }
    if (funct5 != 0x03 && !is_atomic_operation(funct5)) {
        return DELIVER_TO_GUEST;
    }
    if (!object_is_this_pe(object) || !inside_ram(address, size)) {
        return access_fault(CAUSE_STORE_ACCESS_FAULT, address);
    }
    const uint64_t operand = x[rs2];
    if (funct5 == 0x03) {
        const int succeeded = reservation_valid && reservation_address == address;
        reservation_valid = 0;
        if (succeeded) {
            store(address, size, operand);
        }
        write_x(x, rd, succeeded ? 0 : 1);
        return RESUME_AFTER_INSTRUCTION;
    }
    const uint64_t old = load(address, size);
    store(address, size, apply_atomic(funct5, old, operand, size * 8));
    write_x(x, rd, extend_loaded(funct3, old));
    return RESUME_AFTER_INSTRUCTION;
}

/* x[0..31] are the trapped program's registers, written back when it resumes. */
enum trap_outcome xbgas_model_handle_trap(uint64_t* x) {
    if (READ_CSR(mcause) != CAUSE_ILLEGAL_INSTRUCTION) {
        return DELIVER_TO_GUEST;
    }
    const uint64_t pc = READ_CSR(mepc);
    /* in halves: with compressed code a 32-bit instruction is only 2-byte aligned */
    const volatile uint16_t* const halves = (const volatile uint16_t*)pc;
    const uint32_t instruction = (uint32_t)halves[0] | (uint32_t)halves[1] << 16;
    const unsigned opcode = instruction & 0x7f;
    const unsigned rd = (instruction >> 7) & 31;
    const unsigned funct3 = (instruction >> 12) & 7;
    const unsigned rs1 = (instruction >> 15) & 31;
    const unsigned rs2 = (instruction >> 20) & 31;
    const unsigned funct7 = instruction >> 25;
    const int64_t immediate_i = (int32_t)instruction >> 20;
    const int64_t immediate_s = ((int32_t)(instruction & 0xfe000000u) >> 20) | (int64_t)rd;
    uint64_t* const e = xbgas_model_extended;

    if (opcode == 0x77 && funct3 != 6) {
        const uint64_t address = x[rs1] + (uint64_t)immediate_i;
        const unsigned size = access_size(funct3);
        const int local_only = funct3 == 7;
        if ((!local_only && !object_is_this_pe(e[rs1])) || !inside_ram(address, size)) {
            return access_fault(CAUSE_LOAD_ACCESS_FAULT, address);
        }
        const uint64_t value = extend_loaded(funct3, load(address, size));
        if (local_only) {
            e[rd] = value;
        } else {
            write_x(x, rd, value);
        }
    } else if (opcode == 0x7b && (funct3 <= 3 || funct3 == 7)) {
        const uint64_t address = x[rs1] + (uint64_t)immediate_s;
        const unsigned size = access_size(funct3);
        const int local_only = funct3 == 7;
        if ((!local_only && !object_is_this_pe(e[rs1])) || !inside_ram(address, size)) {
            return access_fault(CAUSE_STORE_ACCESS_FAULT, address);
        }
        store(address, size, local_only ? e[rs2] : x[rs2]);
    } else if (opcode == 0x7b && funct3 == 6) {
        write_x(x, rd, e[rs1] + (uint64_t)immediate_i);
    } else if (opcode == 0x7b && funct3 == 5) {
        e[rd] = x[rs1] + (uint64_t)immediate_i;
    } else if (opcode == 0x03 && funct3 == 7) {
        e[rd] = e[rs1] + (uint64_t)immediate_i;
    } else if (opcode == 0x33 && funct7 == 0x55 && funct3 != 6) {
        const uint64_t address = x[rs1];
        const unsigned size = access_size(funct3);
        if (!object_is_this_pe(e[rs2]) || !inside_ram(address, size)) {
            return access_fault(CAUSE_LOAD_ACCESS_FAULT, address);
        }
        const uint64_t value = extend_loaded(funct3, load(address, size));
        if (funct3 == 7) {
            e[rd] = value;
        } else {
            write_x(x, rd, value);
        }
    } else if (opcode == 0x33 && funct7 == 0x22 && (funct3 <= 3 || funct3 == 7)) {
        const uint64_t address = x[rs2];
        const unsigned size = access_size(funct3);
        if (!object_is_this_pe(e[rd]) || !inside_ram(address, size)) {
            return access_fault(CAUSE_STORE_ACCESS_FAULT, address);
        }
        store(address, size, funct3 == 7 ? e[rs1] : x[rs1]);
    } else if (opcode == 0x6b) {
        const enum trap_outcome outcome = remote_atomic(x, instruction);
        if (outcome != RESUME_AFTER_INSTRUCTION) {
            return outcome;
        }
    } else {
        return DELIVER_TO_GUEST;
    }
    WRITE_CSR(mepc, pc + 4);
    return RESUME_AFTER_INSTRUCTION;
}
