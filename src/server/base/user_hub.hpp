// Who is on the site: each signed-in user's open /ws/me connections (a
// browser tab each). Whatever must reach a person wherever they are on the
// site goes through here: a pairing found, a challenge, a notification.
// The count of users connected is the header's "players online".
#pragma once

#include <atomic>
#include <cstdint>
#include <functional>
#include <map>
#include <memory>
#include <mutex>
#include <nlohmann/json.hpp>
#include <string>
#include <vector>

#include "server/base/subscriber.hpp"

namespace dvonn::server {

class UserHub {
 public:
  using Listener = std::function<void(std::int64_t user)>;

  // A connection of a user opened; it gets {"type": "presence", ...} at once.
  void add(std::int64_t user, const std::shared_ptr<Subscriber>& connection);
  // A connection closed. When it was the user's last, the offline listeners
  // are called (outside the hub's lock, on the caller's thread).
  void remove(std::int64_t user, const Subscriber* connection);
  // Queues a message for every connection of a user; false when none is
  // open here. With a relay, the other nodes' connections get it too.
  bool send(std::int64_t user, const nlohmann::json& message);
  // Many nodes on one database: what send() also hands to the other nodes
  // (the message as text). Set before serving.
  using Relay = std::function<void(std::int64_t user, const std::string& text)>;
  void set_relay(Relay relay) { relay_ = std::move(relay); }
  // A message another node sent to a user: to this node's connections only.
  bool deliver_here(std::int64_t user, const std::string& text);
  // Queues a message for every connection of everyone.
  void broadcast(const nlohmann::json& message);
  bool online(std::int64_t user) const;
  // Users with at least one connection.
  std::size_t online_count() const;
  // Their ids (many nodes: each node's heartbeat lists them).
  std::vector<std::int64_t> online_users() const;
  // Called when a user's last connection closes (a seek is withdrawn,
  // a countdown starts). Register before serving.
  void on_offline(Listener listener);
  // Games in play (server/social's Presence counts them), sent with the
  // presence message of a new connection.
  void set_playing(std::int64_t games) { playing_ = games; }
  // Many nodes: the users connected to the other nodes (Presence reads
  // their heartbeats), added to the count of a new connection's message.
  void set_online_elsewhere(std::int64_t users) { online_elsewhere_ = users; }

 private:
  mutable std::mutex mutex_;
  std::map<std::int64_t, std::vector<std::weak_ptr<Subscriber>>> connections_;
  std::vector<Listener> offline_listeners_;
  Relay relay_;
  std::atomic<std::int64_t> playing_{0};
  std::atomic<std::int64_t> online_elsewhere_{0};
};

}  // namespace dvonn::server
