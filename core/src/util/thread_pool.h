// Threads for training. A ThreadTeam owns worker threads; a ThreadPool is
// one trainer's handle on a team, using at most its own number of threads.
//
// One team serves the whole process (ThreadTeam::Shared()), as XGBoost's and
// LightGBM's thread teams are shared: in wasm the Emscripten pthread pool
// holds a fixed number of workers, and a team per trainer exhausted it, so
// the next trainer's threads never started and whatever joined them (a
// constructor that threw, a trainer disposed in the tick it was made) slept
// for ever. Now the threads are made once, no more than the pool holds.
//
// Run(n, fn) calls fn(0..n-1) across the team's workers and the calling
// thread and returns when all are done. Results must not depend on which
// thread ran a task: callers give each task its own output. A task that
// throws (std::bad_alloc on a full heap, say) does not take its thread down:
// Run rethrows the first exception on the caller's thread once all are done.
// A Run claims the team for its duration; when another pool holds it (a
// trainer on another thread, or one whose job was Started), or when called
// from inside a task, the Run goes inline on the caller: the same results,
// one thread.
//
// Workers spin briefly before sleeping, because training hands out many small
// tasks (one per tree node) and a sleeping thread takes tens of microseconds
// to wake.
//
// Start(fn) claims the team and hands its workers a long job: fn(i), one for
// each worker this pool may use, runs there while the caller goes on with its
// own work (a forest's trees grow there while the caller reports the rounds).
// The workers take them as they take a Run's tasks, so a worker slow to wake
// may find its fn run by another after that one's own: fn must allow it. It
// returns false, starting nothing, when the team is held elsewhere. Until
// Wait(), a Run on the caller's thread runs inline: the workers are taken.
#pragma once

#include <atomic>              // for atomic
#include <condition_variable>  // for condition_variable
#include <cstdint>             // for uint64_t
#include <exception>           // for exception_ptr
#include <functional>          // for function
#include <mutex>               // for mutex
#include <thread>              // for thread
#include <vector>              // for vector

namespace boostlab {

class ThreadPool;

class ThreadTeam {
 public:
  // threads <= 0 means all available; the caller of a Run is one of them.
  // Builds without thread support have no workers.
  explicit ThreadTeam(int threads);
  ~ThreadTeam();
  ThreadTeam(const ThreadTeam&) = delete;
  ThreadTeam& operator=(const ThreadTeam&) = delete;

  // The process-wide team of Available() threads, made on first use.
  static ThreadTeam& Shared();
  static int Available();
  int size() const { return static_cast<int>(workers_.size()) + 1; }

 private:
  friend class ThreadPool;
  bool Claim(const ThreadPool* by);  // false if another pool holds the team
  void Release();
  struct Releaser;  // releases the team when a Run or a started job ends, thrown or not
  void WorkerLoop();
  // Opens `tasks` tasks for at most `seats` workers; returns the generation.
  uint64_t Open(int tasks, int seats, const std::function<void(int)>* fn);
  bool TakeSeat(uint64_t generation);
  void Drain(uint64_t generation);
  void Finish(int tasks);  // waits for the open tasks, rethrows their first exception

  std::vector<std::thread> workers_;
  std::atomic<const ThreadPool*> owner_{nullptr};
  std::mutex mu_;
  std::condition_variable wake_;
  std::atomic<const std::function<void(int)>*> fn_{nullptr};
  std::atomic<int> tasks_{0};
  // How many more workers may join the open generation (low 32 bits; a pool
  // of k threads on a larger team takes k - 1 of its workers), tagged with
  // that generation (high 32 bits) and taken by compare-and-swap: a worker
  // late for one generation cannot spend a seat of the next.
  std::atomic<uint64_t> seats_{0};
  // The next task to hand out, tagged with its Run's generation (high 32
  // bits) and claimed by compare-and-swap: a worker still leaving one Run can
  // never take a task of the next one by its number alone (that task would
  // run twice, and the Run end before its tasks had).
  std::atomic<uint64_t> next_{0};
  std::atomic<int> finished_{0};
  std::atomic<uint64_t> generation_{0};
  std::atomic<bool> stop_{false};
  std::atomic<int> sleeping_{0};
  std::mutex error_mu_;
  std::exception_ptr error_;  // the first exception a task of this Run threw
};

class ThreadPool {
 public:
  // Up to `threads` threads of `team` (<= 0: all of them). One thread needs
  // no team: its Runs are plain loops.
  explicit ThreadPool(int threads, ThreadTeam& team = ThreadTeam::Shared());
  ~ThreadPool();
  ThreadPool(const ThreadPool&) = delete;
  ThreadPool& operator=(const ThreadPool&) = delete;

  int size() const { return size_; }
  void Run(int tasks, const std::function<void(int)>& fn);
  // fn(0..size()-2) on the workers; false (nothing started) with one thread
  // or while another pool holds the team. Wait() runs on the caller any of
  // them no worker has taken yet, returns when all have returned and
  // rethrows the first exception one threw; without a started job it
  // returns at once.
  bool Start(std::function<void(int)> fn);
  void Wait();

 private:
  ThreadTeam& team_;
  int size_;
  std::function<void(int)> started_fn_;  // Start's job, until Wait
  int started_ = 0;                      // its tasks (0: none started)
  uint64_t started_generation_ = 0;
};

// Calls fn(begin, end) for consecutive blocks of `block` items in [0, n),
// across the pool. The blocks depend only on n, never on the thread count.
template <typename Fn>
void ForBlocks(ThreadPool& pool, size_t n, size_t block, Fn fn) {
  const size_t blocks = (n + block - 1) / block;
  pool.Run(static_cast<int>(blocks), [&](int b) {
    const size_t begin = static_cast<size_t>(b) * block;
    fn(begin, begin + block < n ? begin + block : n);
  });
}

}  // namespace boostlab
