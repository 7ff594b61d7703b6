#pragma once
// A stdio stream that writes whole lines to standard output, so that the output of several PEs
// interleaves by lines, each prefixed with "[PE n] " under --tag-output.

#include <cstdio>

namespace xbemu {

// tag: prefix each line with "[PE n] ". The caller owns the stream and closes it with
// std::fclose (which writes a last partial line).
std::FILE* open_line_output(unsigned pe, bool tag);

} // namespace xbemu
