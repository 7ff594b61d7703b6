#pragma once
// Ends a job's PEs newest first when it goes out of scope (declare it just after the PEs): the C
// library looks for a closing output stream from the newest on, so that oldest first costs PEs²
// steps (1 s of 4,096 PEs' end, minutes of 16,384's).

#include "xbemu/processing_element.hpp"

#include <memory>
#include <vector>

namespace xbemu {

class PesEndNewestFirst {
public:
    explicit PesEndNewestFirst(std::vector<std::unique_ptr<ProcessingElement>>& pes) : pes_(pes) {}
    ~PesEndNewestFirst() {
        while (!pes_.empty()) {
            pes_.pop_back();
        }
    }
    PesEndNewestFirst(const PesEndNewestFirst&) = delete;
    PesEndNewestFirst& operator=(const PesEndNewestFirst&) = delete;

private:
    std::vector<std::unique_ptr<ProcessingElement>>& pes_;
};

} // namespace xbemu
