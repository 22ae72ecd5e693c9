// A thread that reads from a source which may stop answering (a server that
// stalls, a disk that hangs): its owner never waits for it longer than a
// grace period. Destroying a ReadThread asks the body to stop (its stop
// token) and waits for it up to kReadThreadStopGrace; a body still inside a
// read then is left to finish on its own (detached), and counted until it
// does (threadsStillReading), so that the process can end without waiting
// for it and without tearing down the libraries it is inside of.
//
// The body must own, or share (std::shared_ptr), everything it touches: it
// may outlive the ReadThread and its owner.
#pragma once

#include <chrono>
#include <condition_variable>
#include <cstddef>
#include <exception>
#include <functional>
#include <memory>
#include <mutex>
#include <optional>
#include <stdexcept>
#include <stop_token>
#include <thread>

namespace tiles {

inline constexpr std::chrono::milliseconds kReadThreadStopGrace{500};

class ReadThread {
public:
    // Starts `body` on a thread of its own.
    explicit ReadThread(std::function<void(std::stop_token)> body);
    // Asks the body to stop, waits for it up to kReadThreadStopGrace, and
    // leaves it to finish alone when it has not by then.
    ~ReadThread();
    ReadThread(const ReadThread&) = delete;
    ReadThread& operator=(const ReadThread&) = delete;

private:
    struct Shared;
    std::shared_ptr<Shared> shared_;
    std::thread thread_;  // last: started once shared_ exists
};

// What `read` gives, read on a ReadThread of its own: waited for, with or
// without a deadline, and taken once. `read` must own what it touches (as a
// ReadThread's body).
template <typename Result>
class BackgroundRead {
public:
    explicit BackgroundRead(std::function<Result(std::stop_token)> read)
        : state_(std::make_shared<State>()),
          thread_([state = state_, read = std::move(read)](std::stop_token stop) {
              std::optional<Result> result;
              std::exception_ptr failure;
              try {
                  result.emplace(read(std::move(stop)));
              } catch (...) {
                  failure = std::current_exception();
              }
              const std::lock_guard lock(state->mutex);
              state->result = std::move(result);
              state->failure = failure;
              state->done = true;
              state->changed.notify_all();
          })
    {
    }

    // The read finished, or failed.
    [[nodiscard]] bool done() const
    {
        const std::lock_guard lock(state_->mutex);
        return state_->done;
    }
    // Blocks until done.
    void wait() const
    {
        std::unique_lock lock(state_->mutex);
        state_->changed.wait(lock, [this] { return state_->done; });
    }
    // Blocks until done or `timeout` passed; true when done.
    [[nodiscard]] bool waitFor(std::chrono::milliseconds timeout) const
    {
        std::unique_lock lock(state_->mutex);
        return state_->changed.wait_for(lock, timeout, [this] { return state_->done; });
    }
    // Once done: the result, or the read's exception rethrown. Throws
    // std::logic_error before, or when called twice.
    Result take()
    {
        const std::lock_guard lock(state_->mutex);
        if (!state_->done || taken_) {
            throw std::logic_error("BackgroundRead::take: the result is not there to take");
        }
        taken_ = true;
        if (state_->failure) {
            std::rethrow_exception(state_->failure);
        }
        return std::move(*state_->result);
    }

private:
    // Shared with the thread, which may outlive the reader.
    struct State {
        mutable std::mutex mutex;
        std::condition_variable changed;
        bool done = false;
        std::optional<Result> result;
        std::exception_ptr failure;
    };
    std::shared_ptr<State> state_;
    bool taken_ = false;
    ReadThread thread_;  // last: started once the state exists
};

// The bodies of destroyed ReadThreads that have not returned yet. A process
// that ends while this is not zero must end without running its libraries'
// destructors (std::_Exit after flushing its output): one of them may still
// be inside a read.
std::size_t threadsStillReading();

}  // namespace tiles
