// The JSON API under /api/ (docs/server-api.md, docs/community-api.md),
// independent of the HTTP library: a request is a method, a path, a query,
// a body and a few headers; the answer may come later and from another
// thread (moves wait for their commit, passwords are hashed on a worker).
#pragma once

#include <exception>
#include <functional>
#include <nlohmann/json.hpp>
#include <optional>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "server/account_store.hpp"
#include "server/auth_queue.hpp"
#include "server/game_queries.hpp"
#include "server/lobby.hpp"
#include "server/metrics.hpp"
#include "server/rate_limiter.hpp"
#include "server/room_registry.hpp"
#include "server/static_files.hpp"
#include "server/task_pool.hpp"

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
// A 500 for an exception a request ran into (StoreError: the database
// failed); logs it to stderr with `what` (the request).
HttpReply server_error(const std::string& what, const std::exception& e);
// Runs work and answers with its reply, or with a 500 (server_error) when it
// throws: what every task posted off the network threads does.
void reply_or_server_error(const std::string& what, const std::function<HttpReply()>& work,
                           const std::function<void(HttpReply)>& respond);

struct ApiRequest {
  std::string method;
  std::string path;   // percent-decoded, no query
  std::string query;  // after '?', raw
  std::string body;
  std::string cookie;        // the Cookie header
  std::string content_type;  // the Content-Type header
  std::string address;       // the client's address
  bool secure = false;       // over TLS (to a trusted proxy): Secure cookies
};

// What the API works with.
struct ApiParts {
  RoomRegistry& registry;
  RoomContext& context;
  AccountStore& accounts;
  GameQueries& queries;
  Lobby& lobby;
  const StaticFiles& files;
  TaskPool& tasks;
  // The database reads (sessions, lists, profiles, games not in memory):
  // off the network threads, bounded (503 when full).
  TaskPool& reads;
  AddressRateLimiter& logins_by_address_name;
  AddressRateLimiter& logins_by_address;
  AuthQueue& auth_queue;
  AddressRateLimiter& signups_by_address;
  AddressRateLimiter& guests_by_address;
  Metrics& metrics;
};

class Api {
 public:
  explicit Api(ApiParts parts) : p_(parts) {}

  // respond is called exactly once; an exception (a storage error) becomes a
  // 500. A request that reads the database (needs_database) is answered from
  // the read pool, the others at once on the caller's (network) thread.
  void handle(const ApiRequest& request, Respond respond);
  // Whether answering reads the database: a session to look up, a list, a
  // profile, or a game that is not in memory.
  bool needs_database(const ApiRequest& request) const;

 private:
  // route, with an exception answered as a 500.
  void answer(const ApiRequest& request, const Respond& respond);
  void route(const ApiRequest& request, Respond respond);
  // Runs slow work (password hashing) on the task pool; an exception in it
  // becomes a 500.
  void post_task(const std::string& what, std::function<HttpReply()> work, Respond respond);
  // The same for sign-ups, log-ins and guests, on the auth queue's lane; a
  // full lane answers 503 at once.
  void post_auth(AuthQueue::Lane lane, const std::string& what, std::function<HttpReply()> work, Respond respond);
  // Who is asking: the session's user (if any) and its token.
  struct Caller {
    std::optional<Player> user;
    std::string token;
    std::string address;
  };
  void games(const ApiRequest& request, const std::vector<std::string_view>& parts, const Caller& caller,
             Respond respond);
  // POST /api/games and POST /api/lobby (listed).
  void create(const nlohmann::json& request, const Caller& caller, bool listed, Respond respond);
  void join(const std::string& id, const Caller& caller, Respond respond);
  void auth(const std::string& action, const nlohmann::json& body, const Caller& caller, Respond respond);
  void lobby(const ApiRequest& request, const std::vector<std::string_view>& parts, const Caller& caller,
             Respond respond);
  void lists(const ApiRequest& request, const std::vector<std::string_view>& parts, const Caller& caller,
             Respond respond);

  ApiParts p_;
};

}  // namespace dvonn::server
