#include "xbemu/commit_log_selection.hpp"

#include <doctest/doctest.h>

using namespace xbemu;

TEST_CASE("without --log-pe every PE writes the commit log") {
    MachineConfig config;
    config.commit_log = stderr;
    config.pe_count = 4;
    CHECK(commit_log_of(config, 0) == stderr);
    CHECK(commit_log_of(config, 3) == stderr);
    CHECK_FALSE(commit_log_pes_error(config));
}

TEST_CASE("--log-pe keeps the log to the chosen PEs") {
    MachineConfig config;
    config.commit_log = stderr;
    config.pe_count = 4;
    config.commit_log_pes = {1, 3};
    CHECK(commit_log_of(config, 0) == nullptr);
    CHECK(commit_log_of(config, 1) == stderr);
    CHECK(commit_log_of(config, 2) == nullptr);
    CHECK(commit_log_of(config, 3) == stderr);
    CHECK_FALSE(commit_log_pes_error(config));
}

TEST_CASE("a chosen PE outside the job is named in the error") {
    MachineConfig config;
    config.pe_count = 2;
    config.commit_log_pes = {0, 2, 5};
    const auto error = commit_log_pes_error(config);
    REQUIRE(error);
    CHECK(*error == "--log-pe 2: this job has PEs 0 to 1");
}
