// /api/me, /api/me/games, /api/users/{name}, /api/archive, /api/live
// (docs/community-api.md).
#include <charconv>
#include <limits>

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

// Paging: a page holds at most the maximum, the default when not asked.
constexpr std::int64_t kMyGamesPage = 50, kMyGamesMax = 100;
constexpr std::int64_t kMaxOffset = 100'000;
constexpr std::int64_t kHistoryPage = 100, kHistoryMax = 500;
constexpr std::int64_t kArchivePage = 30, kArchiveMax = 100;
constexpr std::int64_t kLivePage = 50, kLiveMax = 100;

// The "limit" parameter, from 1 to max (default when absent); "" or why not.
std::string limit_param(std::string_view query, std::int64_t fallback, std::int64_t max, std::int64_t& out) {
  out = fallback;
  if (int_param(query, "limit", out) && out >= 1 && out <= max) return "";
  return "limit must be a whole number from 1 to " + std::to_string(max);
}

// The "before" parameter (a time in ms; default: after every time).
std::string before_param(std::string_view query, std::int64_t fallback, std::int64_t& out) {
  out = fallback;
  if (int_param(query, "before", out)) return "";
  return "before must be a time in milliseconds";
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
  std::string_view query = request.query;
  std::int64_t limit = 0, before = 0;
  if (area == "me" && parts.size() == 2) return respond(ok({{"user", caller.user ? user_json(*caller.user) : json()}}));
  if (area == "me" && parts.size() == 3 && parts[2] == "games") {
    if (!caller.user) return respond(json_error(401, "log in first"));
    if (auto why = limit_param(query, kMyGamesPage, kMyGamesMax, limit); !why.empty())
      return respond(json_error(400, why));
    std::int64_t offset = 0;
    if (!int_param(query, "offset", offset) || offset < 0 || offset > kMaxOffset)
      return respond(json_error(400, "offset must be a whole number from 0 to " + std::to_string(kMaxOffset)));
    return respond(ok(p_.queries.my_games(*caller.user, static_cast<int>(limit), offset)));
  }
  std::int64_t after_all = p_.context.now_ms() + 1;
  if (area == "users" && parts.size() == 3) {
    std::string name(parts[2]);
    if (name.empty() || name.size() > 64) return respond(json_error(404, "no user " + name));
    if (auto why = limit_param(query, kHistoryPage, kHistoryMax, limit); !why.empty())
      return respond(json_error(400, why));
    if (auto why = before_param(query, std::numeric_limits<std::int64_t>::max(), before); !why.empty())
      return respond(json_error(400, why));
    auto profile = p_.queries.profile(name, static_cast<int>(limit), before);
    if (!profile) return respond(json_error(404, "no user " + name));
    return respond(ok(*profile));
  }
  if (area == "archive" && parts.size() == 2) {
    if (auto why = before_param(query, after_all, before); !why.empty()) return respond(json_error(400, why));
    if (auto why = limit_param(query, kArchivePage, kArchiveMax, limit); !why.empty())
      return respond(json_error(400, why));
    std::string player = query_param(query, "player");
    if (player.size() > 64) return respond(ok({{"games", json::array()}, {"more", false}, {"next", nullptr}}));
    return respond(ok(p_.queries.archive(player, before, static_cast<int>(limit))));
  }
  if (area == "live" && parts.size() == 2) {
    if (auto why = before_param(query, after_all, before); !why.empty()) return respond(json_error(400, why));
    if (auto why = limit_param(query, kLivePage, kLiveMax, limit); !why.empty()) return respond(json_error(400, why));
    return respond(ok(p_.queries.live(p_.context.now_ms(), before, static_cast<int>(limit))));
  }
  respond(json_error(404, "unknown API path " + request.path));
}

}  // namespace dvonn::server
