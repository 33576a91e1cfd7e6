#include "engine/split_pool.hpp"

#include "engine/search.hpp"

namespace dvonn::engine {

SplitPool::SplitPool(int helpers, TranspositionTable& tt, std::vector<MoveOrder>& orders, const Weights& weights,
                     const SearchConfig& config, const Deadline& deadline) {
  if (static_cast<int>(orders.size()) < helpers) orders.resize(static_cast<std::size_t>(helpers));
  for (int i = 0; i < helpers; ++i) {
    MoveOrder& order = orders[static_cast<std::size_t>(i)];
    threads_.emplace_back([this, &tt, &order, &weights, config, &deadline] {
      Search search(tt, order, weights);
      search.prepare_helper(config, deadline);
      helper_loop(search);
    });
  }
  // The search starts with its helpers waiting: otherwise a short search
  // can be over before a helper has even started, and never split.
  std::unique_lock lock(mutex_);
  done_.wait(lock, [this, helpers] { return idle_ == helpers; });
}

SplitPool::~SplitPool() {
  {
    std::lock_guard lock(mutex_);
    quit_ = true;
  }
  wake_.notify_all();
  for (auto& t : threads_) t.join();
}

bool SplitPool::has_work(const SplitPoint& sp) { return sp.next.load() < sp.moves.size && !sp.cutoff.load(); }

bool SplitPool::offer(SplitPoint* sp) {
  {
    std::lock_guard lock(mutex_);
    // A split point on offer whose moves are all taken can give way: its
    // owner may be deep in a re-search of one of them, splitting below it.
    if (idle_ == 0 || (offered_ != nullptr && has_work(*offered_))) return false;
    offered_ = sp;
  }
  wake_.notify_all();
  return true;
}

void SplitPool::finish(SplitPoint* sp) {
  std::unique_lock lock(mutex_);
  if (offered_ == sp) offered_ = nullptr;
  done_.wait(lock, [sp] { return sp->workers == 0; });
}

void SplitPool::helper_loop(Search& search) {
  std::unique_lock lock(mutex_);
  ++idle_;
  done_.notify_all();  // the constructor waits for every helper to be idle
  for (;;) {
    // Join only a split point with moves left, so a helper that has just
    // searched the last one does not spin on it until the owner withdraws it.
    wake_.wait(lock, [this] { return quit_ || (offered_ && has_work(*offered_)); });
    if (quit_) return;
    SplitPoint* sp = offered_;
    ++sp->workers;
    --idle_;
    ++joins_;
    lock.unlock();
    search.work(*sp, false);
    lock.lock();
    ++idle_;
    if (--sp->workers == 0) done_.notify_all();
  }
}

}  // namespace dvonn::engine
