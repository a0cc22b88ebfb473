#include "util/thread_pool.h"

#include <algorithm>  // for min, max

// Emscripten without -pthread has no threads: std::thread would abort there.
#if defined(__EMSCRIPTEN__) && !defined(__EMSCRIPTEN_PTHREADS__)
#define BOOSTLAB_NO_THREADS 1
#endif

#ifndef BOOSTLAB_MAX_THREADS
#define BOOSTLAB_MAX_THREADS 64
#endif

namespace boostlab {

int ThreadPool::Available() {
#ifdef BOOSTLAB_NO_THREADS
  return 1;
#else
  int hw = static_cast<int>(std::thread::hardware_concurrency());
  return std::clamp(hw, 1, BOOSTLAB_MAX_THREADS);
#endif
}

ThreadPool::ThreadPool(int threads) {
  int n = threads <= 0 ? Available() : std::min(threads, Available() > 1 ? BOOSTLAB_MAX_THREADS : 1);
#ifdef BOOSTLAB_NO_THREADS
  n = 1;
#endif
  for (int i = 1; i < n; ++i) workers_.emplace_back([this] { WorkerLoop(); });
}

ThreadPool::~ThreadPool() {
  {
    std::lock_guard<std::mutex> lock(mu_);
    stop_ = true;
  }
  wake_.notify_all();
  for (auto& t : workers_) t.join();
}

void ThreadPool::Drain() {
  for (;;) {
    int task;
    {
      std::lock_guard<std::mutex> lock(mu_);
      if (next_ >= tasks_) return;
      task = next_++;
    }
    (*fn_)(task);
    std::lock_guard<std::mutex> lock(mu_);
    if (++finished_ == tasks_) done_.notify_all();
  }
}

void ThreadPool::WorkerLoop() {
  long seen = 0;
  for (;;) {
    {
      std::unique_lock<std::mutex> lock(mu_);
      wake_.wait(lock, [&] { return stop_ || generation_ != seen; });
      if (stop_) return;
      seen = generation_;
    }
    Drain();
  }
}

void ThreadPool::Run(int tasks, const std::function<void(int)>& fn) {
  if (tasks <= 0) return;
  if (workers_.empty() || tasks == 1) {
    for (int i = 0; i < tasks; ++i) fn(i);
    return;
  }
  {
    std::lock_guard<std::mutex> lock(mu_);
    fn_ = &fn;
    tasks_ = tasks;
    next_ = 0;
    finished_ = 0;
    ++generation_;
  }
  wake_.notify_all();
  Drain();
  std::unique_lock<std::mutex> lock(mu_);
  done_.wait(lock, [&] { return finished_ == tasks_; });
  fn_ = nullptr;
}

}  // namespace boostlab
