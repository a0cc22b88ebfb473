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

inline void CpuRelax() {
#if defined(__x86_64__) || defined(__i386__)
  __builtin_ia32_pause();
#endif
}

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

void ThreadPool::Drain(uint64_t generation) {
  in_task = true;
  for (uint64_t v = next_.load(std::memory_order_acquire);;) {
    if ((v >> 32) != (generation & 0xffffffffu)) break;  // that Run is over
    const int task = static_cast<int>(v & 0xffffffffu);
    if (task >= tasks_.load(std::memory_order_acquire)) break;
    // Claim exactly this task of exactly this Run (on failure v is reloaded).
    if (!next_.compare_exchange_weak(v, v + 1, std::memory_order_acq_rel)) continue;
    try {
      (*fn_.load(std::memory_order_acquire))(task);
    } catch (...) {  // kept for Run to rethrow on its caller's thread
      std::lock_guard<std::mutex> lock(error_mu_);
      if (!error_) error_ = std::current_exception();
    }
    finished_.fetch_add(1, std::memory_order_release);
    v = next_.load(std::memory_order_acquire);
  }
  in_task = false;
}

void ThreadPool::WorkerLoop() {
  uint64_t seen = 0;
  for (;;) {
    // Spin for a moment: the next task usually comes within microseconds.
    // The clock is read once per 64 polls, and each poll pauses: a spinning
    // thread shares its core with the caller's serial work.
    const auto until = std::chrono::steady_clock::now() + kSpin;
    for (int polls = 1; generation_.load(std::memory_order_acquire) == seen && !stop_; ++polls) {
      CpuRelax();
      if (polls % 64 == 0 && std::chrono::steady_clock::now() >= until) break;
    }
    if (generation_.load(std::memory_order_acquire) == seen && !stop_) {
      std::unique_lock<std::mutex> lock(mu_);
      ++sleeping_;
      wake_.wait(lock, [&] { return stop_ || generation_.load() != seen; });
      --sleeping_;
    }
    if (stop_) return;
    seen = generation_.load(std::memory_order_acquire);
    Drain(seen);
  }
}

void ThreadPool::Run(int tasks, const std::function<void(int)>& fn) {
  if (tasks <= 0) return;
  if (workers_.empty() || tasks == 1 || in_task || started_ > 0) {
    for (int i = 0; i < tasks; ++i) fn(i);
    return;
  }
  Drain(Open(tasks, &fn));
  Finish(tasks);
}

void ThreadPool::Start(std::function<void(int)> fn) {
  if (workers_.empty()) return;
  started_fn_ = std::move(fn);
  started_ = static_cast<int>(workers_.size());
  Open(started_, &started_fn_);
}

void ThreadPool::Wait() {
  if (started_ == 0) return;
  const int tasks = started_;
  started_ = 0;
  Finish(tasks);
}

uint64_t ThreadPool::Open(int tasks, const std::function<void(int)>* fn) {
  // Only the one thread that calls Run or Start writes these. First the last
  // Run is closed (its tag is gone from next_, so a worker still leaving it
  // cannot claim a task number past its end while fn_ and tasks_ already
  // describe this one); then this one opens at task 0.
  const uint64_t generation = generation_.load(std::memory_order_relaxed) + 1;
  const uint64_t tag = (generation & 0xffffffffu) << 32;
  next_.store(tag | 0x7fffffffu, std::memory_order_seq_cst);
  fn_.store(fn, std::memory_order_relaxed);
  tasks_.store(tasks, std::memory_order_relaxed);
  finished_.store(0, std::memory_order_relaxed);
  next_.store(tag, std::memory_order_release);
  {
    std::lock_guard<std::mutex> lock(mu_);
    generation_.store(generation, std::memory_order_release);
  }
  if (sleeping_.load() > 0) wake_.notify_all();
  return generation;
}

void ThreadPool::Finish(int tasks) {
  // The caller waits for stragglers by spinning: a Run's tasks are short,
  // and a started job, once told to stop, ends within one of its own steps
  // (a forest's tree).
  while (finished_.load(std::memory_order_acquire) < tasks) std::this_thread::yield();
  std::exception_ptr error;
  {
    std::lock_guard<std::mutex> lock(error_mu_);
    error = error_;
    error_ = nullptr;
  }
  if (error) std::rethrow_exception(error);
}

}  // namespace boostlab
