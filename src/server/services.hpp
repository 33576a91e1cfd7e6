// What the network sessions share: the config, the games, the API, the
// UI files and the per-address rate limit.
#pragma once

#include "server/api.hpp"
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
};

}  // namespace dvonn::server
