// What the network sessions share: the config, the games, the API, the
// UI files, the per-address rate limit, the lobby, the connections a
// graceful stop waits for and the figures at /metrics.
#pragma once

#include <functional>
#include <string>

#include "server/analysis/analysis_workers.hpp"
#include "server/base/user_hub.hpp"
#include "server/chat/chat_hub.hpp"
#include "server/http/api.hpp"
#include "server/http/connection_tracker.hpp"
#include "server/http/idle_sockets.hpp"
#include "server/http/metrics.hpp"
#include "server/http/rate_limiter.hpp"
#include "server/http/server_config.hpp"
#include "server/http/static_files.hpp"
#include "server/http/task_pool.hpp"
#include "server/rooms/lobby.hpp"
#include "server/rooms/room_registry.hpp"
#include "server/tournaments/tournament_director.hpp"

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
  TaskPool& reads;                  // database reads off the network threads (Api::handle)
  UserHub& users;                   // the /ws/me connections
  ChatHub& chat_hub;                // the game connections that receive its chat
  TournamentDirector& tournaments;  // /ws/tournament's watchers
  // The analysis board's searches (/ws/analysis).
  AnalysisWorkers& analysis;
};

}  // namespace dvonn::server
