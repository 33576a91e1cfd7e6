// Whoever watches a game room: a WebSocket connection, or a test.
#pragma once

#include <memory>
#include <string>

namespace dvonn::server {

class Subscriber {
 public:
  virtual ~Subscriber() = default;
  // Queues a message for sending. Called with the room locked, so it must
  // only queue (never block, never call back into the room); messages of one
  // room arrive in the order of these calls.
  virtual void deliver(std::shared_ptr<const std::string> message) = 0;
};

}  // namespace dvonn::server
