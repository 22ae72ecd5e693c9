// Ctrl+C (SIGINT) and SIGTERM as a request to stop, for a run that must end
// cleanly when interrupted (a video closes its file so that it plays). The
// watch blocks the two signals in the thread that makes it, and so in every
// thread made after it, and waits for them on a thread of its own; the run
// asks requested() between frames. Make it before any other thread.
#pragma once

#include <atomic>
#include <csignal>
#include <thread>

namespace viewer {

class InterruptWatch {
public:
    InterruptWatch();
    ~InterruptWatch();
    InterruptWatch(const InterruptWatch&) = delete;
    InterruptWatch& operator=(const InterruptWatch&) = delete;

    // Whether a stop was asked for, and by which signal (0: none).
    [[nodiscard]] bool requested() const { return signal_.load() != 0; }
    [[nodiscard]] int signal() const { return signal_.load(); }

private:
    sigset_t watched_{};
    sigset_t previous_{};
    std::atomic<int> signal_{0};
    std::atomic<bool> ending_{false};
    std::thread waiter_;
};

}  // namespace viewer
