// A queue that serves its keys in turn (round robin): each key (a client's
// address) has its own line, and the next item comes from the next key in
// turn, which then goes to the back if it has more. One key's many items
// therefore never hold up another key's first one by more than one item
// per other waiting key. Not thread-safe: the owner locks.
#pragma once

#include <cstddef>
#include <deque>
#include <map>
#include <string>
#include <utility>

namespace dvonn::server {

template <typename T>
class TurnQueue {
 public:
  void push(const std::string& key, T item) {
    auto& line = lines_[key];
    if (line.empty()) turns_.push_back(key);
    line.push_back(std::move(item));
    ++size_;
  }
  // The next key's oldest item; the queue must not be empty.
  T pop() {
    std::string key = std::move(turns_.front());
    turns_.pop_front();
    auto line = lines_.find(key);
    T item = std::move(line->second.front());
    line->second.pop_front();
    --size_;
    if (line->second.empty())
      lines_.erase(line);
    else
      turns_.push_back(std::move(key));
    return item;
  }
  bool empty() const { return size_ == 0; }
  std::size_t size() const { return size_; }
  // Items waiting under one key.
  std::size_t size(const std::string& key) const {
    auto line = lines_.find(key);
    return line == lines_.end() ? 0 : line->second.size();
  }
  // Keys with items waiting.
  std::size_t keys() const { return turns_.size(); }
  void clear() {
    lines_.clear();
    turns_.clear();
    size_ = 0;
  }

 private:
  std::map<std::string, std::deque<T>> lines_;
  std::deque<std::string> turns_;  // each key with items, once, in turn order
  std::size_t size_ = 0;
};

}  // namespace dvonn::server
