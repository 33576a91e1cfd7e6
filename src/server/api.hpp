// The JSON API under /api/ (docs/server-api.md), independent of the HTTP
// library: a request is a method, a path and a body; the answer may come
// later and from another thread (moves wait for their commit).
#pragma once

#include <functional>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "server/room_registry.hpp"

namespace dvonn::server {

struct HttpReply {
  int status = 200;
  std::string content_type = "application/json";
  std::string body;
  std::vector<std::pair<std::string, std::string>> headers;  // extra ones
};
using Respond = std::function<void(HttpReply)>;

// {"error": message} with a status.
HttpReply json_error(int status, const std::string& message);

class Api {
 public:
  Api(RoomRegistry& registry, RoomContext& context) : registry_(registry), context_(context) {}

  // path has no query string. respond is called exactly once.
  void handle(std::string_view method, std::string_view path, const std::string& body, Respond respond);

 private:
  void create(const std::string& body, Respond respond);

  RoomRegistry& registry_;
  RoomContext& context_;
};

}  // namespace dvonn::server
