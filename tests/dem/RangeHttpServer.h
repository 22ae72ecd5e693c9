// A small HTTP/1.1 file server for the tests of remote elevation models
// (GDAL's /vsicurl/): it serves the files of one folder on 127.0.0.1, on a
// port the system chooses, from its own thread. It answers HEAD and GET,
// honours one "Range: bytes=a-b" (also "a-" and "-n") with 206 Partial
// Content, Content-Range and Accept-Ranges: bytes, answers 404 for anything
// that is not a file of the folder, and counts the range requests it served.
// Every response closes its connection, so one thread serves every client.
#pragma once

#include <atomic>
#include <cstddef>
#include <cstdint>
#include <filesystem>
#include <mutex>
#include <string>
#include <thread>
#include <vector>

namespace dem_test {

// A socket or other descriptor, closed with the object.
class FileDescriptor {
public:
    FileDescriptor() = default;
    explicit FileDescriptor(int descriptor) : descriptor_(descriptor) {}
    ~FileDescriptor();
    FileDescriptor(FileDescriptor&& other) noexcept;
    FileDescriptor& operator=(FileDescriptor&& other) noexcept;
    FileDescriptor(const FileDescriptor&) = delete;
    FileDescriptor& operator=(const FileDescriptor&) = delete;

    [[nodiscard]] int get() const { return descriptor_; }
    [[nodiscard]] bool valid() const { return descriptor_ >= 0; }

private:
    int descriptor_ = -1;
};

class RangeHttpServer {
public:
    // Starts serving the files of `root`. Throws std::runtime_error when no
    // socket can be bound.
    explicit RangeHttpServer(std::filesystem::path root);
    // Stops the thread and closes the socket.
    ~RangeHttpServer();
    RangeHttpServer(const RangeHttpServer&) = delete;
    RangeHttpServer& operator=(const RangeHttpServer&) = delete;

    [[nodiscard]] std::uint16_t port() const { return port_; }
    // "http://127.0.0.1:PORT/name".
    [[nodiscard]] std::string urlOf(const std::string& name) const;
    // Responses 206 Partial Content served so far.
    [[nodiscard]] std::size_t rangeRequestCount() const { return rangeRequests_.load(); }
    // Requests answered so far, of any kind.
    [[nodiscard]] std::size_t requestCount() const { return requests_.load(); }
    // From now on, accept connections and never answer them (a stalled
    // server); they stay open until the server is destroyed.
    void stallConnections() { stalling_.store(true); }
    // From now on, never answers a range request that starts at or after
    // byte `offset` (the connection stays open): a source that stops
    // answering for part of a file, e.g. a COG's full-resolution tiles.
    void stallRangesFrom(std::uint64_t offset) { misbehaveFrom(offset, RangeFault::Stall); }
    // From now on, never answers a request whose target starts with one of
    // `prefixes` (the connection stays open), e.g. "/12/" for the level-12
    // tiles of a tile service; counted as faults.
    void stallTargetsStartingWith(std::vector<std::string> prefixes);
    // How a misbehaving server answers a range request.
    enum class RangeFault {
        Stall,         // never: the connection stays open, silent
        Trickle,       // the head, then one byte of the body a second
        CloseMidBody,  // the head and half the body, then the connection closes
        Answer500,     // 500 Internal Server Error
        Answer404,     // 404 Not Found
        Answer416,     // 416 Range Not Satisfiable
        Drop,          // the connection closes without an answer
    };
    // From now on, range requests that start at or after byte `offset`
    // get `fault`: every one, or one in `oneIn` (the oneIn-th, the
    // 2 oneIn-th, ...) while the others are served.
    void misbehaveFrom(std::uint64_t offset, RangeFault fault, std::size_t oneIn = 1);
    // Requests that got a fault so far (stalled ones included).
    [[nodiscard]] std::size_t faultCount() const { return faults_.load(); }
    // Connections accepted and left unanswered so far.
    [[nodiscard]] std::size_t stalledCount() const { return stalledCount_.load(); }

private:
    void serve();
    // Answers the request on `connection`; true when it is left unanswered
    // (RangeFault::Stall) and the connection must be kept open.
    bool answer(int connection);
    // Answers a range request of `file` with the fault; true as answer.
    bool answerWithFault(int connection, RangeFault fault, const std::filesystem::path& file, std::uint64_t first,
                         std::uint64_t count, std::uint64_t size);

    std::filesystem::path root_;
    FileDescriptor listener_;
    std::uint16_t port_ = 0;
    std::atomic<bool> stopping_{false};
    std::atomic<std::size_t> rangeRequests_{0};
    std::atomic<std::size_t> requests_{0};
    std::atomic<bool> stalling_{false};
    std::atomic<std::uint64_t> faultFrom_{UINT64_MAX};
    std::atomic<RangeFault> fault_{RangeFault::Stall};
    std::atomic<std::size_t> faultOneIn_{1};
    std::atomic<std::size_t> faultCandidates_{0};  // range requests at or after faultFrom_
    std::atomic<std::size_t> faults_{0};
    std::atomic<std::size_t> stalledCount_{0};
    std::vector<FileDescriptor> stalled_;  // touched by the serving thread only
    mutable std::mutex stalledTargetMutex_;
    std::vector<std::string> stalledTargets_;
    std::thread thread_;
};

}  // namespace dem_test
