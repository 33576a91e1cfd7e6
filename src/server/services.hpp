// What the network sessions share: the config, the games, the API, the
// UI files, the per-address rate limit, the lobby, the connections a
// graceful stop waits for and the figures at /metrics.
#pragma once

#include <functional>
#include <string>

#include "server/api.hpp"
#include "server/connection_tracker.hpp"
#include "server/idle_sockets.hpp"
#include "server/lobby.hpp"
#include "server/metrics.hpp"
#include "server/rate_limiter.hpp"
#include "server/room_registry.hpp"
#include "server/server_config.hpp"
#include "server/static_files.hpp"
#include "server/task_pool.hpp"

namespace dvonn::server {

struct Services {
  const ServerConfig& config;
  RoomRegistry& registry;
  Api& api;
  const StaticFiles& files;
  AddressRateLimiter& address_limiter;
  Lobby& lobby;
  ConnectionTracker& connections;
  Metrics& metrics;
  std::function<std::string()> metrics_page;  // GET /metrics
  IdleSockets& sockets;
  TaskPool& reads;  // database reads off the network threads (Api::handle)
};

}  // namespace dvonn::server
