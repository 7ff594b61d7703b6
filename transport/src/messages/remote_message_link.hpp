#pragma once
// How a message fabric reaches the PEs outside its shared memory: the PIMP words and credits that
// leave for PEs on other nodes (or, under --transport rma, every other rank).

#include <cstdint>

namespace xbemu {

class RemoteMessageLink {
public:
    RemoteMessageLink() = default;
    RemoteMessageLink(const RemoteMessageLink&) = delete;
    RemoteMessageLink& operator=(const RemoteMessageLink&) = delete;
    virtual ~RemoteMessageLink() = default;

    // Called with the fabric locked, by a thread of the process that runs `source` (`receiver`):
    // the link delivers the words of each pair of PEs in the order they were handed to it.
    virtual void send_word(unsigned source, unsigned destination, std::uint64_t payload) = 0;
    // `receiver` took a message of `sender` out of its receive FIFO.
    virtual void send_credit(unsigned receiver, unsigned sender) = 0;
    // Called with the fabric unlocked, after any call that may have handed something over: it
    // leaves by the time this returns.
    virtual void flush() = 0;
};

} // namespace xbemu
