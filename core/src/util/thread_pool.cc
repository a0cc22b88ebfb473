#include "util/thread_pool.h"

#include <algorithm>  // for min, clamp
#include <chrono>     // for steady_clock

// Emscripten without -pthread has no threads: std::thread would abort there.
#if defined(__EMSCRIPTEN__) && !defined(__EMSCRIPTEN_PTHREADS__)
#define BOOSTLAB_NO_THREADS 1
#endif

#ifndef BOOSTLAB_MAX_THREADS
#define BOOSTLAB_MAX_THREADS 64
#endif

namespace boostlab {
namespace {

thread_local bool in_task = false;  // true inside a pool task: nested Runs go inline
constexpr auto kSpin = std::chrono::microseconds(200);

}  // namespace

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
  in_task = true;
  for (int task; (task = next_.fetch_add(1)) < tasks_;) {
    (*fn_)(task);
    finished_.fetch_add(1, std::memory_order_release);
  }
  in_task = false;
}

void ThreadPool::WorkerLoop() {
  long seen = 0;
  for (;;) {
    // Spin for a moment: the next task usually comes within microseconds.
    const auto until = std::chrono::steady_clock::now() + kSpin;
    while (generation_.load(std::memory_order_acquire) == seen && !stop_ &&
           std::chrono::steady_clock::now() < until) {
    }
    if (generation_.load(std::memory_order_acquire) == seen && !stop_) {
      std::unique_lock<std::mutex> lock(mu_);
      ++sleeping_;
      wake_.wait(lock, [&] { return stop_ || generation_.load() != seen; });
      --sleeping_;
    }
    if (stop_) return;
    seen = generation_.load(std::memory_order_acquire);
    Drain();
  }
}

void ThreadPool::Run(int tasks, const std::function<void(int)>& fn) {
  if (tasks <= 0) return;
  if (workers_.empty() || tasks == 1 || in_task) {
    for (int i = 0; i < tasks; ++i) fn(i);
    return;
  }
  fn_ = &fn;
  tasks_ = tasks;
  finished_.store(0);
  next_.store(0);
  {
    std::lock_guard<std::mutex> lock(mu_);
    generation_.fetch_add(1, std::memory_order_release);
  }
  if (sleeping_.load() > 0) wake_.notify_all();
  Drain();
  // The caller waits for stragglers by spinning: tasks are short.
  while (finished_.load(std::memory_order_acquire) < tasks) std::this_thread::yield();
  fn_ = nullptr;
}

}  // namespace boostlab
