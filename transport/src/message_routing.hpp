#pragma once
// The part of every exchange that is the same on every host: the messages of all hosts, routed
// in global injection order through this host's copy of the network model, delivered to the
// PEs this host runs.

#include "xbemu/netsim/network.hpp"
#include "xbemu/processing_element.hpp"

#include <vector>

namespace xbemu {

// `local[pe]` is the PE if this host runs it, else nullptr. Returns the earliest due cycle.
netsim::Cycle route_and_deliver(netsim::Network& network, std::vector<netsim::Message>& messages,
                                const std::vector<ProcessingElement*>& local);

} // namespace xbemu
