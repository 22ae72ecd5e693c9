#include "tiles/ReadThread.h"

#include <atomic>
#include <condition_variable>
#include <mutex>
#include <thread>
#include <utility>

namespace tiles {

namespace {

std::atomic<std::size_t>& abandonedBodies()
{
    static std::atomic<std::size_t> count{0};
    return count;
}

}  // namespace

struct ReadThread::Shared {
    std::mutex mutex;
    std::condition_variable changed;
    bool finished = false;
    bool abandoned = false;
    std::stop_source stop;
};

ReadThread::ReadThread(std::function<void(std::stop_token)> body)
    : shared_(std::make_shared<Shared>()),
      thread_([shared = shared_, body = std::move(body)]() mutable {
          body(shared->stop.get_token());
          body = nullptr;  // what the body holds goes now, not when a detached thread ends
          const std::lock_guard lock(shared->mutex);
          shared->finished = true;
          if (shared->abandoned) {
              abandonedBodies().fetch_sub(1);
          }
          shared->changed.notify_all();
      })
{
}

ReadThread::~ReadThread()
{
    shared_->stop.request_stop();
    bool finished = false;
    {
        std::unique_lock lock(shared_->mutex);
        finished = shared_->changed.wait_for(lock, kReadThreadStopGrace, [this] { return shared_->finished; });
        if (!finished) {
            shared_->abandoned = true;
            abandonedBodies().fetch_add(1);
        }
    }
    if (finished) {
        thread_.join();
    } else {
        thread_.detach();
    }
}

std::size_t threadsStillReading()
{
    return abandonedBodies().load();
}

}  // namespace tiles
