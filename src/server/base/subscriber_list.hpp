// The watchers of a room or of the lobby, held weakly (a connection that
// closed drops out by itself). Not locked: its owner calls it under its own
// mutex, which keeps the messages in order.
#pragma once

#include <memory>
#include <string>
#include <vector>

#include "server/base/subscriber.hpp"

namespace dvonn::server {

class SubscriberList {
 public:
  // Adds a watcher and queues it its first message.
  void add(const std::shared_ptr<Subscriber>& subscriber, std::shared_ptr<const std::string> first) {
    std::erase_if(list_, [](const auto& w) { return w.expired(); });
    list_.push_back(subscriber);
    subscriber->deliver(std::move(first));
  }
  // Queues a message for every watcher still there.
  void deliver(const std::shared_ptr<const std::string>& message) {
    std::erase_if(list_, [](const auto& w) { return w.expired(); });
    for (const auto& w : list_)
      if (auto s = w.lock()) s->deliver(message);
  }
  // Whether no watcher is left (those gone are dropped first).
  bool empty() {
    std::erase_if(list_, [](const auto& w) { return w.expired(); });
    return list_.empty();
  }

 private:
  std::vector<std::weak_ptr<Subscriber>> list_;
};

}  // namespace dvonn::server
