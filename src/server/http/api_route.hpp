// One row of the API's route table (Api::routes, api_routes.cpp): a method
// and a path pattern, what answering reads, who may call, what body it
// takes, and its handler. The table is the one place that says which
// endpoints exist; matching a request against it gives the handler or the
// 404 / 405 to answer.
#pragma once

#include <span>
#include <string>
#include <string_view>
#include <vector>

#include "server/http/http_reply.hpp"

namespace dvonn::server {

class Api;
struct ApiCall;

// What answering reads besides memory (the session of a cookie aside).
enum class Reads {
  Memory,        // nothing from the database
  Database,      // lists and profiles
  GameIfAbsent,  // the game of the first {} segment when not in memory
};

// Who may call: anyone (a guest's session or none), or only a logged-in
// user (401 "log in first" otherwise; a guest's session is a user too).
enum class Access { Anyone, User };

// The request body a route takes. A POST must be sent as JSON (415
// otherwise), whatever its route.
enum class Body {
  None,           // ignored
  Json,           // any JSON value (400 when malformed)
  Object,         // a JSON object (400 otherwise)
  ObjectOrEmpty,  // a JSON object, or nothing (read as {})
};

struct ApiRoute {
  std::string_view method;   // "GET" or "POST"
  std::string_view pattern;  // "/api/games/{}/moves": {} is one path segment
  Reads reads;
  Access access;
  Body body;
  void (Api::*handler)(const ApiCall&, Respond);
};

struct RouteMatch {
  const ApiRoute* route = nullptr;   // null: no route for this method and path
  std::vector<std::string> params;   // the {} segments of route's pattern
  std::vector<std::string> methods;  // without a route: the methods the path has
};

// The route of a method and a (percent-decoded) path. A trailing slash is
// ignored ("/api/live/" is "/api/live").
RouteMatch match_route(std::span<const ApiRoute> routes, std::string_view method, std::string_view path);

}  // namespace dvonn::server
