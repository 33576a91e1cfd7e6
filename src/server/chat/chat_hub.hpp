// Who is watching each game's chat: the game's WebSocket connections, each
// with the session's user (0: nobody signed in). A message goes to those
// of them that may see it (chat_audience.hpp). Held weakly: a closed
// connection drops out by itself. Thread-safe.
#pragma once

#include <cstdint>
#include <map>
#include <memory>
#include <mutex>
#include <string>
#include <vector>

#include "server/base/subscriber.hpp"

namespace dvonn::server {

struct ChatListener {
  std::shared_ptr<Subscriber> connection;
  std::int64_t user = 0;
};

class ChatHub {
 public:
  void add(const std::string& game_id, const std::shared_ptr<Subscriber>& connection, std::int64_t user);
  // The game's connections still open.
  std::vector<ChatListener> listeners(const std::string& game_id);

 private:
  struct Entry {
    std::weak_ptr<Subscriber> connection;
    std::int64_t user = 0;
  };
  std::mutex mutex_;
  std::map<std::string, std::vector<Entry>> games_;
};

}  // namespace dvonn::server
