// A small fixed pool. Run(n, fn) calls fn(0..n-1) across the workers and the
// calling thread and returns when all are done. Results must not depend on
// which thread ran a task: callers give each task its own output. A task that
// throws (std::bad_alloc on a full heap, say) does not take its thread down:
// Run rethrows the first exception on the caller's thread once all are done.
//
// Workers spin briefly before sleeping, because training hands out many small
// tasks (one per tree node) and a sleeping thread takes tens of microseconds
// to wake. A Run called from inside a task runs inline on that thread.
//
// Start(fn) hands the workers a long job and returns at once: fn(i), one for
// each worker, runs there while the caller goes on with its own work (a
// forest's trees grow there while the caller reports the rounds). The
// workers take them as they take a Run's tasks, so a worker slow to wake may
// find its fn run by another after that one's own: fn must allow it. Until
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

class ThreadPool {
 public:
  // threads <= 0 means all available. Builds without thread support run serially.
  explicit ThreadPool(int threads);
  ~ThreadPool();
  ThreadPool(const ThreadPool&) = delete;
  ThreadPool& operator=(const ThreadPool&) = delete;

  int size() const { return static_cast<int>(workers_.size()) + 1; }
  void Run(int tasks, const std::function<void(int)>& fn);
  // fn(0..size()-2) on the workers; nothing without workers. Wait() returns
  // when all have returned and rethrows the first exception one threw.
  void Start(std::function<void(int)> fn);
  void Wait();

  static int Available();

 private:
  void WorkerLoop();
  uint64_t Open(int tasks, const std::function<void(int)>* fn);  // returns the generation
  void Drain(uint64_t generation);
  void Finish(int tasks);  // waits for the open tasks, rethrows their first exception

  std::vector<std::thread> workers_;
  std::mutex mu_;
  std::condition_variable wake_;
  std::atomic<const std::function<void(int)>*> fn_{nullptr};
  std::atomic<int> tasks_{0};
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
  std::function<void(int)> started_fn_;  // Start's job, until Wait
  int started_ = 0;                      // its tasks (0: none started)
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
