// What the network sessions share: the config, the games, the API, the
// UI files, the per-address rate limit and the lobby.
#pragma once

#include "server/api.hpp"
#include "server/idle_sockets.hpp"
#include "server/lobby.hpp"
#include "server/rate_limiter.hpp"
#include "server/room_registry.hpp"
#include "server/server.hpp"
#include "server/static_files.hpp"

namespace dvonn::server {

struct Services {
  const ServerConfig& config;
  RoomRegistry& registry;
  Api& api;
  const StaticFiles& files;
  AddressRateLimiter& address_limiter;
  Lobby& lobby;
  IdleSockets& sockets;
};

}  // namespace dvonn::server
