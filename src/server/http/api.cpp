#include "server/http/api.hpp"

#include <atomic>

#include "server/accounts/session_cookie.hpp"

namespace dvonn::server {
namespace {

using nlohmann::json;

bool is_json_content_type(std::string_view type) {
  std::string lower(type.substr(0, type.find(';')));
  for (char& c : lower) c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
  while (!lower.empty() && lower.back() == ' ') lower.pop_back();
  return lower == "application/json";
}

// "use GET for /api/x", "use GET or POST for /api/lobby".
std::string use_methods(const std::vector<std::string>& methods, const std::string& path) {
  std::string text = "use ";
  for (std::size_t i = 0; i < methods.size(); ++i) text += (i ? " or " : "") + methods[i];
  return text + " for " + path;
}

// The body as the route takes it; nullopt (and answered) when it is not.
std::optional<json> parse_body(Body kind, const std::string& text, const Respond& respond) {
  if (kind == Body::None) return json();
  json body = json::parse(kind == Body::ObjectOrEmpty && text.empty() ? "{}" : text, nullptr, false);
  if (body.is_discarded()) {
    respond(json_error(400, kind == Body::Json ? "malformed JSON in the request body"
                                               : "malformed JSON: the body must be a JSON object"));
    return std::nullopt;
  }
  if (kind != Body::Json && !body.is_object()) {
    respond(json_error(400, "malformed JSON: the body must be a JSON object"));
    return std::nullopt;
  }
  return body;
}

}  // namespace

void Api::handle(const ApiRequest& request, Respond respond) {
  // A handler may throw (a read of a damaged database) before or after it
  // answered: answer once either way.
  auto answered = std::make_shared<std::atomic<bool>>(false);
  Respond once = [respond = std::move(respond), answered](HttpReply reply) {
    if (!answered->exchange(true)) respond(std::move(reply));
  };
  if (!needs_database(request)) return answer(request, once);
  // The network threads do network work only: a read waits for the disk
  // and for SQLite, here on the read pool's threads.
  if (p_.reads.post([this, request, once] { answer(request, once); })) return;
  once(database_busy_reply());
}

bool Api::needs_database(const ApiRequest& request) const {
  if (has_session_cookie(request.cookie)) return true;  // the session's user
  RouteMatch match = match_route(routes(), request.method, request.path);
  if (!match.route) return false;
  switch (match.route->reads) {
    case Reads::Memory:
      return false;
    case Reads::Database:
      return true;
    case Reads::GameIfAbsent:
      // The game may be evicted meanwhile: then it is loaded where the
      // request runs, as before.
      return !p_.registry.contains(match.params.at(0));
  }
  return true;
}

void Api::answer(const ApiRequest& request, const Respond& respond) {
  try {
    route(request, respond);
  } catch (const std::exception& e) {
    // The path is the client's: one short line in the log.
    std::string path = request.path.substr(0, 120);
    for (char& c : path)
      if (static_cast<unsigned char>(c) < 0x20 || c == 0x7f) c = '?';
    respond(server_error(request.method + " " + path, e));
  }
}

void Api::route(const ApiRequest& request, Respond respond) {
  if (request.path != "/api" && !request.path.starts_with("/api/"))
    return respond(json_error(404, "unknown API path " + request.path));
  // A browser sends requests from any site's page (with this site's cookie,
  // or to log the browser into another account): a state change must carry
  // a JSON body, which other sites cannot send without the browser asking
  // first (a CORS preflight this server never allows).
  if (request.method == "POST" && !is_json_content_type(request.content_type))
    return respond(json_error(415, "a POST needs Content-Type: application/json"));
  ApiCaller caller;
  caller.address = request.address;
  bool clear_cookie = false;
  if (has_session_cookie(request.cookie)) {
    caller.token = session_token_from_cookies(request.cookie);
    caller.user = p_.accounts.session_user(caller.token);
    if (!caller.user) {
      clear_cookie = true;
      caller.token.clear();
    }
  }
  respond = [respond = std::move(respond), clear_cookie, secure = request.secure](HttpReply reply) {
    if (clear_cookie) {
      bool sets = false;
      for (const auto& [name, value] : reply.headers) sets = sets || name == "Set-Cookie";
      if (!sets) reply.headers.emplace_back("Set-Cookie", clear_session_cookie());
    }
    // Over TLS the browser must never send the cookie in the clear.
    if (secure)
      for (auto& [name, value] : reply.headers)
        if (name == "Set-Cookie") value += "; Secure";
    reply.headers.emplace_back("Cache-Control", "no-store");
    respond(std::move(reply));
  };

  RouteMatch match = match_route(routes(), request.method, request.path);
  if (!match.route) {
    if (match.methods.empty()) return respond(json_error(404, "unknown API path " + request.path));
    return respond(json_error(405, use_methods(match.methods, request.path)));
  }
  const ApiRoute& route = *match.route;
  std::optional<json> body = parse_body(route.body, request.body, respond);
  if (!body) return;
  if (route.access == Access::User && !caller.user) return respond(json_error(401, "log in first"));
  (this->*route.handler)(ApiCall{request, std::move(match.params), caller, std::move(*body)}, std::move(respond));
}

std::optional<User> Api::cookie_user(std::string_view cookie) const {
  if (!has_session_cookie(cookie)) return std::nullopt;
  std::string token = session_token_from_cookies(cookie);
  if (token.empty()) return std::nullopt;
  return p_.accounts.session_user(token);
}

}  // namespace dvonn::server
