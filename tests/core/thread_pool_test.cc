// The pool runs every task of every Run exactly once, whatever the timing.
#include <gtest/gtest.h>

#include <atomic>
#include <new>  // for bad_alloc
#include <thread>  // for this_thread
#include <vector>

#include "util/thread_pool.h"

namespace boostlab {
namespace {

// Back-to-back Runs of different sizes: a worker still leaving a short Run
// must not take a task of the next, longer one (it would run twice). Before
// the tasks carried their Run's generation this failed in wasm threads and,
// rarely, natively.
TEST(ThreadPool, EveryTaskOfEveryRunRunsExactlyOnce) {
  ThreadPool pool(3);
  std::vector<std::atomic<int>> count(64);
  int expected_total = 0;
  for (int run = 0; run < 50000; ++run) {
    const int tasks = run % 3 == 0 ? 64 : 2 + run % 5;
    for (int i = 0; i < tasks; ++i) count[i].store(0);
    pool.Run(tasks, [&](int t) { count[t].fetch_add(1); });
    for (int i = 0; i < tasks; ++i) ASSERT_EQ(count[i].load(), 1) << "run " << run << " of " << tasks << " tasks, task " << i;
    expected_total += tasks;
  }
  EXPECT_GT(expected_total, 0);
}

TEST(ThreadPool, NestedRunsGoInlineAndCountOnce) {
  ThreadPool pool(2);
  std::atomic<int> inner{0};
  pool.Run(8, [&](int) { pool.Run(4, [&](int) { inner.fetch_add(1); }); });
  EXPECT_EQ(inner.load(), 32);
}

// A task that throws on a worker thread (as std::bad_alloc does when a wasm
// heap is full) reaches Run's caller once every task is done, and the pool
// works on. Before, it ended the process (natively) or the page's worker.
TEST(ThreadPool, AnExceptionInAnyTaskReachesTheCallerAndThePoolGoesOn) {
  ThreadPool pool(3);
  for (int bad : {0, 5, 31}) {
    std::atomic<int> ran{0};
    EXPECT_THROW(pool.Run(32, [&](int t) {
      ran.fetch_add(1);
      if (t == bad) throw std::bad_alloc();
    }), std::bad_alloc);
    EXPECT_EQ(ran.load(), 32) << "every task still ran";
  }
  std::atomic<int> after{0};
  pool.Run(16, [&](int) { after.fetch_add(1); });
  EXPECT_EQ(after.load(), 16);
}

// Start hands the workers a job and returns while it runs: here the job
// waits for the caller, so Start returning at all shows it. Meanwhile the
// caller's Runs go inline (the workers are taken), Wait rethrows what the
// job threw, and afterwards Runs use the workers again.
TEST(ThreadPool, StartedJobRunsBesideTheCallerUntilWait) {
  ThreadPool pool(3);
  std::atomic<bool> go{false};
  std::atomic<int> ran{0};
  pool.Start([&](int i) {
    while (!go.load()) std::this_thread::yield();
    ran.fetch_add(1);
    if (i == 1) throw std::bad_alloc();
  });
  const std::thread::id caller = std::this_thread::get_id();
  std::atomic<int> inline_tasks{0};
  pool.Run(8, [&](int) { inline_tasks.fetch_add(std::this_thread::get_id() == caller); });
  EXPECT_EQ(inline_tasks.load(), 8) << "the caller's Run ran inline";
  EXPECT_EQ(ran.load(), 0);
  go = true;
  EXPECT_THROW(pool.Wait(), std::bad_alloc);
  EXPECT_EQ(ran.load(), 2) << "one job per worker";
  std::atomic<int> elsewhere{0};
  for (int run = 0; run < 1000 && elsewhere.load() == 0; ++run)
    pool.Run(16, [&](int) {
      if (std::this_thread::get_id() != caller) elsewhere.fetch_add(1);
    });
  EXPECT_GT(elsewhere.load(), 0) << "the workers take tasks again";
  pool.Wait();  // nothing started: returns at once
}

}  // namespace
}  // namespace boostlab
