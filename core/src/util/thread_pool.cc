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

int ThreadTeam::Available() {
#ifdef BOOSTLAB_NO_THREADS
  return 1;
#else
  int hw = static_cast<int>(std::thread::hardware_concurrency());
  return std::clamp(hw, 1, BOOSTLAB_MAX_THREADS);
#endif
}

ThreadTeam::ThreadTeam(int threads) {
  int n = threads <= 0 ? Available() : std::min(threads, Available() > 1 ? BOOSTLAB_MAX_THREADS : 1);
#ifdef BOOSTLAB_NO_THREADS
  n = 1;
#endif
  for (int i = 1; i < n; ++i) workers_.emplace_back([this] { WorkerLoop(); });
}

ThreadTeam::~ThreadTeam() {
  {
    std::lock_guard<std::mutex> lock(mu_);
    stop_ = true;
  }
  wake_.notify_all();
  for (auto& t : workers_) t.join();
}

ThreadTeam& ThreadTeam::Shared() {
  static ThreadTeam team(0);
  return team;
}

bool ThreadTeam::Claim(const ThreadPool* by) {
  const ThreadPool* none = nullptr;
  return owner_.compare_exchange_strong(none, by, std::memory_order_acq_rel);
}

void ThreadTeam::Release() { owner_.store(nullptr, std::memory_order_release); }

void ThreadTeam::Drain(uint64_t generation) {
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

void ThreadTeam::WorkerLoop() {
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
    // A seat, or sit this one out: the pool that opened it uses fewer
    // threads than the team has.
    if (TakeSeat(seen)) Drain(seen);
  }
}

bool ThreadTeam::TakeSeat(uint64_t generation) {
  const uint64_t tag = (generation & 0xffffffffu) << 32;
  for (uint64_t s = seats_.load(std::memory_order_acquire); (s & ~uint64_t{0xffffffffu}) == tag && (s & 0xffffffffu) > 0;)
    if (seats_.compare_exchange_weak(s, s - 1, std::memory_order_acq_rel)) return true;
  return false;  // none left, or they belong to a later generation than the one this worker saw
}

uint64_t ThreadTeam::Open(int tasks, int seats, const std::function<void(int)>* fn) {
  // Only the pool that claimed the team writes these. First the last Run is
  // closed (its tag is gone from next_, so a worker still leaving it cannot
  // claim a task number past its end while fn_ and tasks_ already describe
  // this one); then this one opens at task 0.
  const uint64_t generation = generation_.load(std::memory_order_relaxed) + 1;
  const uint64_t tag = (generation & 0xffffffffu) << 32;
  next_.store(tag | 0x7fffffffu, std::memory_order_seq_cst);
  fn_.store(fn, std::memory_order_relaxed);
  tasks_.store(tasks, std::memory_order_relaxed);
  finished_.store(0, std::memory_order_relaxed);
  seats_.store(tag | static_cast<uint32_t>(seats), std::memory_order_relaxed);
  next_.store(tag, std::memory_order_release);
  {
    std::lock_guard<std::mutex> lock(mu_);
    generation_.store(generation, std::memory_order_release);
  }
  if (sleeping_.load() > 0) wake_.notify_all();
  return generation;
}

void ThreadTeam::Finish(int tasks) {
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

struct ThreadTeam::Releaser {
  ThreadTeam* team;
  ~Releaser() { team->Release(); }
};

ThreadPool::ThreadPool(int threads, ThreadTeam& team)
    : team_(team), size_(threads <= 0 ? team.size() : std::min(threads, team.size())) {}

ThreadPool::~ThreadPool() {
  try {
    Wait();
  } catch (...) {  // a started job's exception has no one left to take it
  }
}

void ThreadPool::Run(int tasks, const std::function<void(int)>& fn) {
  if (tasks <= 0) return;
  if (size_ == 1 || tasks == 1 || in_task || started_ > 0 || !team_.Claim(this)) {
    for (int i = 0; i < tasks; ++i) fn(i);
    return;
  }
  ThreadTeam::Releaser release{&team_};
  team_.Drain(team_.Open(tasks, size_ - 1, &fn));
  team_.Finish(tasks);
}

bool ThreadPool::Start(std::function<void(int)> fn) {
  if (size_ == 1 || started_ > 0 || in_task || !team_.Claim(this)) return false;
  started_fn_ = std::move(fn);
  started_ = size_ - 1;
  started_generation_ = team_.Open(started_, started_, &started_fn_);
  return true;
}

void ThreadPool::Wait() {
  if (started_ == 0) return;
  const int tasks = started_;
  started_ = 0;
  ThreadTeam::Releaser release{&team_};
  // Workers may all be late (asleep, descheduled): what none has taken yet
  // runs here, so Wait never waits for a task no thread will take.
  team_.Drain(started_generation_);
  team_.Finish(tasks);
}

}  // namespace boostlab
