#include "RangeHttpServer.h"

#include <arpa/inet.h>
#include <netinet/in.h>
#include <poll.h>
#include <sys/socket.h>
#include <unistd.h>

#include <algorithm>
#include <cctype>
#include <cerrno>
#include <chrono>
#include <cstring>
#include <fstream>
#include <optional>
#include <stdexcept>
#include <string_view>
#include <system_error>
#include <thread>
#include <utility>
#include <vector>

namespace dem_test {

FileDescriptor::~FileDescriptor()
{
    if (descriptor_ >= 0)
        ::close(descriptor_);
}

FileDescriptor::FileDescriptor(FileDescriptor&& other) noexcept : descriptor_(std::exchange(other.descriptor_, -1)) {}

FileDescriptor& FileDescriptor::operator=(FileDescriptor&& other) noexcept
{
    if (this != &other) {
        if (descriptor_ >= 0)
            ::close(descriptor_);
        descriptor_ = std::exchange(other.descriptor_, -1);
    }
    return *this;
}

namespace {

constexpr int kPollMilliseconds = 50;
constexpr int kRequestWaitMilliseconds = 5000;
constexpr std::size_t kMaxRequestBytes = 64 * 1024;
constexpr std::size_t kBodyChunkBytes = 64 * 1024;

struct HttpRequest {
    std::string method;
    std::string target;
    std::optional<std::string> range;  // the value of the Range header
};

// The first byte and the byte count of one range of a file of `size` bytes;
// empty when the range is not satisfiable or not of the form bytes=a-b,
// bytes=a- or bytes=-n.
struct ByteRange {
    std::uint64_t first = 0;
    std::uint64_t count = 0;
};

std::string lowerCase(std::string_view text)
{
    std::string lower(text);
    std::transform(lower.begin(), lower.end(), lower.begin(),
                   [](char c) { return static_cast<char>(std::tolower(static_cast<unsigned char>(c))); });
    return lower;
}

std::string_view trimmed(std::string_view text)
{
    while (!text.empty() && (text.front() == ' ' || text.front() == '\t'))
        text.remove_prefix(1);
    while (!text.empty() && (text.back() == ' ' || text.back() == '\t' || text.back() == '\r'))
        text.remove_suffix(1);
    return text;
}

std::optional<std::uint64_t> parseUnsigned(std::string_view text)
{
    if (text.empty() || text.size() > 19)
        return std::nullopt;
    std::uint64_t value = 0;
    for (const char c : text) {
        if (c < '0' || c > '9')
            return std::nullopt;
        value = value * 10 + static_cast<std::uint64_t>(c - '0');
    }
    return value;
}

std::optional<ByteRange> byteRangeOf(std::string_view header, std::uint64_t size)
{
    header = trimmed(header);
    constexpr std::string_view kUnit = "bytes=";
    if (!header.starts_with(kUnit) || header.find(',') != std::string_view::npos)
        return std::nullopt;
    header.remove_prefix(kUnit.size());
    const std::size_t dash = header.find('-');
    if (dash == std::string_view::npos)
        return std::nullopt;
    const std::optional<std::uint64_t> first = parseUnsigned(trimmed(header.substr(0, dash)));
    const std::string_view lastText = trimmed(header.substr(dash + 1));
    const std::optional<std::uint64_t> last = parseUnsigned(lastText);
    if (!first) {
        // bytes=-n: the last n bytes.
        if (!last || *last == 0 || size == 0)
            return std::nullopt;
        const std::uint64_t count = std::min(*last, size);
        return ByteRange{size - count, count};
    }
    if (*first >= size || (last && *last < *first) || (!last && !lastText.empty()))
        return std::nullopt;
    const std::uint64_t end = last ? std::min(*last, size - 1) : size - 1;
    return ByteRange{*first, end - *first + 1};
}

// Reads one request head (up to the blank line); empty when the client sent
// none in time or sent something else than HTTP.
std::optional<HttpRequest> readRequest(int connection)
{
    std::string head;
    std::vector<char> buffer(4096);
    while (head.find("\r\n\r\n") == std::string::npos) {
        pollfd readable{connection, POLLIN, 0};
        if (::poll(&readable, 1, kRequestWaitMilliseconds) <= 0 || head.size() > kMaxRequestBytes)
            return std::nullopt;
        const ssize_t received = ::recv(connection, buffer.data(), buffer.size(), 0);
        if (received <= 0)
            return std::nullopt;
        head.append(buffer.data(), static_cast<std::size_t>(received));
    }
    HttpRequest request;
    std::string_view lines(head);
    const std::size_t lineEnd = lines.find("\r\n");
    const std::string_view requestLine = lines.substr(0, lineEnd);
    const std::size_t firstSpace = requestLine.find(' ');
    const std::size_t secondSpace = requestLine.find(' ', firstSpace + 1);
    if (firstSpace == std::string_view::npos || secondSpace == std::string_view::npos)
        return std::nullopt;
    request.method = std::string(requestLine.substr(0, firstSpace));
    request.target = std::string(requestLine.substr(firstSpace + 1, secondSpace - firstSpace - 1));
    lines.remove_prefix(lineEnd + 2);
    while (!lines.empty() && !lines.starts_with("\r\n")) {
        const std::size_t end = lines.find("\r\n");
        const std::string_view line = lines.substr(0, end);
        const std::size_t colon = line.find(':');
        if (colon != std::string_view::npos && lowerCase(trimmed(line.substr(0, colon))) == "range")
            request.range = std::string(trimmed(line.substr(colon + 1)));
        lines.remove_prefix(end == std::string_view::npos ? lines.size() : end + 2);
    }
    return request;
}

bool sendAll(int connection, std::string_view bytes)
{
    while (!bytes.empty()) {
        const ssize_t sent = ::send(connection, bytes.data(), bytes.size(), MSG_NOSIGNAL);
        if (sent <= 0)
            return false;
        bytes.remove_prefix(static_cast<std::size_t>(sent));
    }
    return true;
}

// The file of the folder that `target` names ("/a/b.tif?x" -> root/a/b.tif);
// empty for a path that leaves the folder or names no regular file.
std::optional<std::filesystem::path> fileOf(const std::filesystem::path& root, std::string_view target)
{
    target = target.substr(0, target.find('?'));
    if (!target.starts_with('/'))
        return std::nullopt;
    const std::filesystem::path relative = std::filesystem::path(std::string(target.substr(1))).lexically_normal();
    if (relative.empty() || relative.is_absolute() || *relative.begin() == "..")
        return std::nullopt;
    const std::filesystem::path file = root / relative;
    std::error_code error;
    if (!std::filesystem::is_regular_file(file, error))
        return std::nullopt;
    return file;
}

std::string statusHead(std::string_view status, std::uint64_t contentLength, std::string_view extraHeaders)
{
    return "HTTP/1.1 " + std::string(status) +
           "\r\nServer: cbt-test\r\nAccept-Ranges: bytes\r\nConnection: close\r\nContent-Length: " +
           std::to_string(contentLength) + "\r\n" + std::string(extraHeaders) + "\r\n";
}

void sendBody(int connection, const std::filesystem::path& file, std::uint64_t first, std::uint64_t count)
{
    std::ifstream input(file, std::ios::binary);
    input.seekg(static_cast<std::streamoff>(first));
    std::vector<char> chunk(kBodyChunkBytes);
    while (count > 0 && input) {
        const std::size_t wanted = static_cast<std::size_t>(std::min<std::uint64_t>(count, chunk.size()));
        input.read(chunk.data(), static_cast<std::streamsize>(wanted));
        const auto read = static_cast<std::size_t>(input.gcount());
        if (read == 0 || !sendAll(connection, std::string_view(chunk.data(), read)))
            return;
        count -= read;
    }
}

}  // namespace

RangeHttpServer::RangeHttpServer(std::filesystem::path root) : root_(std::move(root))
{
    listener_ = FileDescriptor(::socket(AF_INET, SOCK_STREAM | SOCK_CLOEXEC, 0));
    if (!listener_.valid())
        throw std::runtime_error(std::string("socket: ") + std::strerror(errno));
    sockaddr_in address{};
    address.sin_family = AF_INET;
    address.sin_port = 0;  // the system picks a free port
    address.sin_addr.s_addr = htonl(INADDR_LOOPBACK);
    if (::bind(listener_.get(), reinterpret_cast<const sockaddr*>(&address), sizeof(address)) != 0 ||
        ::listen(listener_.get(), 16) != 0) {
        throw std::runtime_error(std::string("bind/listen on 127.0.0.1: ") + std::strerror(errno));
    }
    socklen_t length = sizeof(address);
    if (::getsockname(listener_.get(), reinterpret_cast<sockaddr*>(&address), &length) != 0)
        throw std::runtime_error(std::string("getsockname: ") + std::strerror(errno));
    port_ = ntohs(address.sin_port);
    thread_ = std::thread([this] { serve(); });
}

RangeHttpServer::~RangeHttpServer()
{
    stopping_.store(true);
    if (thread_.joinable())
        thread_.join();
}

std::string RangeHttpServer::urlOf(const std::string& name) const
{
    return "http://127.0.0.1:" + std::to_string(port_) + "/" + name;
}

void RangeHttpServer::serve()
{
    while (!stopping_.load()) {
        pollfd pending{listener_.get(), POLLIN, 0};
        if (::poll(&pending, 1, kPollMilliseconds) <= 0)
            continue;
        FileDescriptor connection(::accept4(listener_.get(), nullptr, nullptr, SOCK_CLOEXEC));
        if (!connection.valid())
            continue;
        if (stalling_.load()) {
            stalled_.push_back(std::move(connection));
            ++stalledCount_;
            continue;
        }
        if (answer(connection.get())) {
            stalled_.push_back(std::move(connection));
            ++stalledCount_;
        }
    }
}

bool RangeHttpServer::answer(int connection)
{
    const std::optional<HttpRequest> request = readRequest(connection);
    if (!request)
        return false;
    ++requests_;
    {
        const std::lock_guard lock(stalledTargetMutex_);
        if (std::any_of(stalledTargets_.begin(), stalledTargets_.end(),
                        [&](const std::string& prefix) { return request->target.starts_with(prefix); })) {
            ++faults_;
            return true;
        }
    }
    const bool head = request->method == "HEAD";
    if (!head && request->method != "GET") {
        sendAll(connection, statusHead("405 Method Not Allowed", 0, "Allow: GET, HEAD\r\n"));
        return false;
    }
    const std::optional<std::filesystem::path> file = fileOf(root_, request->target);
    if (!file) {
        const std::string body = "not found\n";
        sendAll(connection, statusHead("404 Not Found", body.size(), "Content-Type: text/plain\r\n") +
                                (head ? std::string() : body));
        return false;
    }
    std::error_code error;
    const std::uint64_t size = std::filesystem::file_size(*file, error);
    if (error) {
        sendAll(connection, statusHead("500 Internal Server Error", 0, ""));
        return false;
    }
    const std::string type = "Content-Type: application/octet-stream\r\n";
    if (!request->range) {
        if (sendAll(connection, statusHead("200 OK", size, type)) && !head)
            sendBody(connection, *file, 0, size);
        return false;
    }
    const std::optional<ByteRange> range = byteRangeOf(*request->range, size);
    if (!range) {
        sendAll(connection,
                statusHead("416 Range Not Satisfiable", 0, "Content-Range: bytes */" + std::to_string(size) + "\r\n"));
        return false;
    }
    if (range->first >= faultFrom_.load()) {
        const std::size_t candidate = ++faultCandidates_;
        if (candidate % faultOneIn_.load() == 0) {
            ++faults_;
            return answerWithFault(connection, fault_.load(), *file, range->first, range->count, size);
        }
    }
    ++rangeRequests_;
    const std::string contentRange = "Content-Range: bytes " + std::to_string(range->first) + "-" +
                                     std::to_string(range->first + range->count - 1) + "/" + std::to_string(size) +
                                     "\r\n";
    if (sendAll(connection, statusHead("206 Partial Content", range->count, type + contentRange)) && !head)
        sendBody(connection, *file, range->first, range->count);
    return false;
}

void RangeHttpServer::stallTargetsStartingWith(std::vector<std::string> prefixes)
{
    const std::lock_guard lock(stalledTargetMutex_);
    stalledTargets_ = std::move(prefixes);
}

void RangeHttpServer::misbehaveFrom(std::uint64_t offset, RangeFault fault, std::size_t oneIn)
{
    fault_.store(fault);
    faultOneIn_.store(std::max<std::size_t>(oneIn, 1));
    faultFrom_.store(offset);
}

bool RangeHttpServer::answerWithFault(int connection, RangeFault fault, const std::filesystem::path& file,
                                      std::uint64_t first, std::uint64_t count, std::uint64_t size)
{
    const std::string contentRange = "Content-Type: application/octet-stream\r\nContent-Range: bytes " +
                                     std::to_string(first) + "-" + std::to_string(first + count - 1) + "/" +
                                     std::to_string(size) + "\r\n";
    switch (fault) {
        case RangeFault::Stall: return true;
        case RangeFault::Drop: return false;
        case RangeFault::Answer500: sendAll(connection, statusHead("500 Internal Server Error", 0, "")); return false;
        case RangeFault::Answer404: sendAll(connection, statusHead("404 Not Found", 0, "")); return false;
        case RangeFault::Answer416:
            sendAll(connection, statusHead("416 Range Not Satisfiable", 0,
                                           "Content-Range: bytes */" + std::to_string(size) + "\r\n"));
            return false;
        case RangeFault::CloseMidBody:
            if (sendAll(connection, statusHead("206 Partial Content", count, contentRange)))
                sendBody(connection, file, first, count / 2);
            return false;
        case RangeFault::Trickle: {
            if (!sendAll(connection, statusHead("206 Partial Content", count, contentRange)))
                return false;
            std::ifstream input(file, std::ios::binary);
            input.seekg(static_cast<std::streamoff>(first));
            for (std::uint64_t sent = 0; sent < count && !stopping_.load(); ++sent) {
                char byte = 0;
                input.read(&byte, 1);
                if (!sendAll(connection, std::string_view(&byte, 1)))
                    return false;
                for (int waited = 0; waited < 1000 && !stopping_.load(); waited += kPollMilliseconds)
                    std::this_thread::sleep_for(std::chrono::milliseconds(kPollMilliseconds));
            }
            return false;
        }
    }
    return false;
}

}  // namespace dem_test
