// A command-line tool as users write them: getopt options, then numeric operands read with
// strtol. Built as the README shows, `xbemu option_parsing.elf -v -n 3 -s x 5 7` must see the
// options and the operands 5 and 7, not the ELF's path. Prints what it parsed and the operands'
// sum times the repeat count; a bad option or operand exits 2 with a usage line on stderr.
#include <getopt.h>
#include <stdio.h>
#include <stdlib.h>

int main(int argc, char** argv) {
    int verbose = 0;
    long repeat = 1;
    const char* separator = " ";
    int option;
    while ((option = getopt(argc, argv, "vn:s:")) != -1) {
        switch (option) {
        case 'v':
            verbose = 1;
            break;
        case 'n':
            repeat = strtol(optarg, NULL, 10);
            break;
        case 's':
            separator = optarg;
            break;
        default:
            fprintf(stderr, "usage: option_parsing [-v] [-n repeat] [-s separator] numbers...\n");
            return 2;
        }
    }
    long sum = 0;
    for (int i = optind; i < argc; i++) {
        char* end;
        sum += strtol(argv[i], &end, 10);
        if (*end != '\0') {
            fprintf(stderr, "option_parsing: '%s' is not a number\n", argv[i]);
            return 2;
        }
    }
    printf("operands");
    for (int i = optind; i < argc; i++) {
        printf("%s%s", i == optind ? " " : separator, argv[i]);
    }
    printf("\nverbose %d, repeat %ld, %d operands, result %ld\n", verbose, repeat, argc - optind,
           sum * repeat);
    return 0;
}
