#include "viewer/InterruptWatch.h"

#include <pthread.h>

namespace viewer {

InterruptWatch::InterruptWatch()
{
    sigemptyset(&watched_);
    sigaddset(&watched_, SIGINT);
    sigaddset(&watched_, SIGTERM);
    pthread_sigmask(SIG_BLOCK, &watched_, &previous_);
    waiter_ = std::thread([this] {
        for (;;) {
            int received = 0;
            if (sigwait(&watched_, &received) != 0 || ending_.load()) {
                return;
            }
            signal_.store(received);
        }
    });
}

InterruptWatch::~InterruptWatch()
{
    ending_.store(true);
    pthread_kill(waiter_.native_handle(), SIGTERM);
    waiter_.join();
    pthread_sigmask(SIG_SETMASK, &previous_, nullptr);
}

}  // namespace viewer
