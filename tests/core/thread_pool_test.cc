// The pool runs every task of every Run exactly once, whatever the timing.
#include <gtest/gtest.h>

#include <atomic>
#include <chrono>  // for steady_clock, seconds
#include <cstdio>  // for fprintf
#include <cstdlib>  // for abort
#include <new>  // for bad_alloc
#include <thread>  // for this_thread
#include <vector>

#include "util/thread_pool.h"

namespace boostlab {
namespace thread_pool_test {

// Back-to-back Runs of different sizes: a worker still leaving a short Run
// must not take a task of the next, longer one (it would run twice). Before
// the tasks carried their Run's generation this failed in wasm threads and,
// rarely, natively.
TEST(ThreadPool, EveryTaskOfEveryRunRunsExactlyOnce) {
  ThreadTeam team(3);
  ThreadPool pool(3, team);
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
  ThreadTeam team(2);
  ThreadPool pool(2, team);
  std::atomic<int> inner{0};
  pool.Run(8, [&](int) { pool.Run(4, [&](int) { inner.fetch_add(1); }); });
  EXPECT_EQ(inner.load(), 32);
}

// A task that throws on a worker thread (as std::bad_alloc does when a wasm
// heap is full) reaches Run's caller once every task is done, and the pool
// works on. Before, it ended the process (natively) or the page's worker.
TEST(ThreadPool, AnExceptionInAnyTaskReachesTheCallerAndThePoolGoesOn) {
  ThreadTeam team(3);
  ThreadPool pool(3, team);
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

// Waits (yielding) until pred() holds; false after a minute. Tests wait on
// what threads do, never on how fast: on a loaded machine a worker can take
// a long time to be scheduled, and a minute means it never came.
template <typename Pred>
bool Eventually(Pred pred) {
  const auto until = std::chrono::steady_clock::now() + std::chrono::seconds(60);
  while (!pred()) {
    if (std::chrono::steady_clock::now() > until) return false;
    std::this_thread::yield();
  }
  return true;
}

// A Run whose first task waits for another thread to take the second: it
// returns only once a worker has joined (or fails after a minute).
bool AWorkerJoins(ThreadPool& pool) {
  std::atomic<int> started{0};
  std::atomic<bool> joined{false};
  const std::thread::id caller = std::this_thread::get_id();
  pool.Run(2, [&](int t) {
    started.fetch_add(1);
    if (std::this_thread::get_id() != caller) joined = true;
    if (t == 0) Eventually([&] { return started.load() == 2; });
  });
  return joined.load();
}

// Start hands the workers a job and returns while it runs: here the job
// waits for the caller, so Start returning at all shows it. Meanwhile the
// caller's Runs go inline (the workers are taken), Wait rethrows what the
// job threw, and afterwards Runs use the workers again.
TEST(ThreadPool, StartedJobRunsBesideTheCallerUntilWait) {
  ThreadTeam team(3);
  ThreadPool pool(3, team);
  std::atomic<bool> go{false};
  std::atomic<int> ran{0};
  ASSERT_TRUE(pool.Start([&](int i) {
    while (!go.load()) std::this_thread::yield();
    ran.fetch_add(1);
    if (i == 1) throw std::bad_alloc();
  }));
  const std::thread::id caller = std::this_thread::get_id();
  std::atomic<int> inline_tasks{0};
  pool.Run(8, [&](int) { inline_tasks.fetch_add(std::this_thread::get_id() == caller); });
  EXPECT_EQ(inline_tasks.load(), 8) << "the caller's Run ran inline";
  EXPECT_EQ(ran.load(), 0);
  go = true;
  EXPECT_THROW(pool.Wait(), std::bad_alloc);
  EXPECT_EQ(ran.load(), 2) << "one job per worker";
  EXPECT_TRUE(AWorkerJoins(pool)) << "the workers take tasks again";
  pool.Wait();  // nothing started: returns at once
}

// Trainers share one team. While one holds it (its job started), another's
// Runs go inline and its Start starts nothing; once the first waits, the
// second gets the workers. Before, each trainer made threads of its own, and
// in wasm the fifth trainer's never started.
TEST(ThreadPool, PoolsShareATeamAndRunInlineWhileAnotherHoldsIt) {
  ThreadTeam team(3);
  ThreadPool a(0, team), b(0, team);
  EXPECT_EQ(a.size(), 3);
  std::atomic<bool> go{false};
  ASSERT_TRUE(a.Start([&](int) { Eventually([&] { return go.load(); }); }));
  const std::thread::id caller = std::this_thread::get_id();
  std::atomic<int> inline_tasks{0};
  b.Run(16, [&](int) { inline_tasks.fetch_add(std::this_thread::get_id() == caller); });
  EXPECT_EQ(inline_tasks.load(), 16);
  EXPECT_FALSE(b.Start([](int) {}));
  go = true;
  a.Wait();
  EXPECT_TRUE(AWorkerJoins(b));
  std::atomic<int> jobs{0};
  ASSERT_TRUE(b.Start([&](int) { jobs.fetch_add(1); }));
  b.Wait();
  EXPECT_EQ(jobs.load(), 2);
}

// A pool of two threads on a team of four: never more than two at once.
TEST(ThreadPool, APoolUsesNoMoreThreadsThanItAskedFor) {
  ThreadTeam team(4);
  ThreadPool two(2, team);
  EXPECT_EQ(two.size(), 2);
  for (int run = 0; run < 200; ++run) {
    std::atomic<int> running{0}, most{0};
    two.Run(12, [&](int) {
      const int now = running.fetch_add(1) + 1;
      for (int seen = most.load(); now > seen && !most.compare_exchange_weak(seen, now);) {
      }
      std::this_thread::sleep_for(std::chrono::microseconds(50));
      running.fetch_sub(1);
    });
    ASSERT_LE(most.load(), 2) << "run " << run;
  }
  ThreadPool one(1, team);
  std::atomic<int> elsewhere{0};
  const std::thread::id caller = std::this_thread::get_id();
  one.Run(64, [&](int) { elsewhere.fetch_add(std::this_thread::get_id() != caller); });
  EXPECT_EQ(elsewhere.load(), 0);
}

// Found by params_fuzzer (a forest's Stop never returned): a worker late
// for one Run, having read its generation but not yet taken a seat, took the
// seat of the next generation, a started job's, and then sat that one out;
// the job's task was never run and Wait spun for ever. Back-to-back Runs the
// caller can finish alone, each followed by a Start and a Wait.
TEST(ThreadPool, AStartedJobRunsWhateverTheWorkersWereLateFor) {
  ThreadTeam team(3);
  ThreadPool pool(2, team);
  std::atomic<bool> done{false};
  std::thread watchdog([&] {
    if (!Eventually([&] { return done.load(); })) {
      std::fprintf(stderr, "a started job's Wait did not return within a minute\n");
      std::abort();
    }
  });
  for (int i = 0; i < 20000; ++i) {
    pool.Run(2, [](int) {});
    std::atomic<int> ran{0};
    ASSERT_TRUE(pool.Start([&](int) { ran.fetch_add(1); }));
    pool.Wait();
    ASSERT_EQ(ran.load(), 1) << "iteration " << i;
  }
  done = true;
  watchdog.join();
}

TEST(ThreadPool, TheSharedTeamHasTheAvailableThreads) {
  EXPECT_EQ(ThreadTeam::Shared().size(), ThreadTeam::Available());
  EXPECT_EQ(&ThreadTeam::Shared(), &ThreadTeam::Shared());
  ThreadPool all(0);
  EXPECT_EQ(all.size(), ThreadTeam::Available());
  ThreadPool many(1000);
  EXPECT_EQ(many.size(), ThreadTeam::Available()) << "nthread beyond the team uses the team";
}

}  // namespace thread_pool_test
}  // namespace boostlab
