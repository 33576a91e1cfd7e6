// /api/me, /api/me/games, /api/users/{name}, /api/archive, /api/live
// (docs/community-api.md).
#include <charconv>

#include "server/api.hpp"
#include "server/url.hpp"

namespace dvonn::server {
namespace {

using nlohmann::json;

// A whole number query parameter; false when present but not a number.
bool int_param(std::string_view query, std::string_view name, std::int64_t& out) {
  if (!has_query_param(query, name)) return true;
  std::string text = query_param(query, name);
  auto [end, ec] = std::from_chars(text.data(), text.data() + text.size(), out);
  return ec == std::errc() && end == text.data() + text.size() && !text.empty();
}

HttpReply ok(const json& body) {
  HttpReply h;
  h.body = body.dump();
  return h;
}

}  // namespace

void Api::lists(const ApiRequest& request, const std::vector<std::string_view>& parts, const Caller& caller,
                Respond respond) {
  if (request.method != "GET") return respond(json_error(405, "use GET for " + request.path));
  std::string_view area = parts[1];
  if (area == "me" && parts.size() == 2) return respond(ok({{"user", caller.user ? user_json(*caller.user) : json()}}));
  if (area == "me" && parts.size() == 3 && parts[2] == "games") {
    if (!caller.user) return respond(json_error(401, "log in first"));
    return respond(ok(p_.queries.my_games(*caller.user)));
  }
  if (area == "users" && parts.size() == 3) {
    std::string name(parts[2]);
    if (name.empty() || name.size() > 64) return respond(json_error(404, "no user " + name));
    auto profile = p_.queries.profile(name);
    if (!profile) return respond(json_error(404, "no user " + name));
    return respond(ok(*profile));
  }
  if (area == "archive" && parts.size() == 2) {
    std::int64_t before = p_.context.now_ms() + 1, limit = 30;
    if (!int_param(request.query, "before", before))
      return respond(json_error(400, "before must be a time in milliseconds"));
    if (!int_param(request.query, "limit", limit) || limit < 1 || limit > 100)
      return respond(json_error(400, "limit must be a whole number from 1 to 100"));
    std::string player = query_param(request.query, "player");
    if (player.size() > 64) return respond(ok({{"games", json::array()}, {"next", nullptr}}));
    return respond(ok(p_.queries.archive(player, before, static_cast<int>(limit))));
  }
  if (area == "live" && parts.size() == 2) return respond(ok(p_.queries.live(p_.context.now_ms())));
  respond(json_error(404, "unknown API path " + request.path));
}

}  // namespace dvonn::server
