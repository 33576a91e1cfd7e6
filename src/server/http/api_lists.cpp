// /api/me, /api/me/games, /api/users/{name}, /api/archive, /api/live and
// /api/languages (docs/community-api.md).
#include <limits>

#include "server/http/api.hpp"
#include "server/http/family_param.hpp"
#include "server/http/languages.hpp"
#include "server/http/paging_params.hpp"
#include "server/http/url.hpp"

namespace dvonn::server {
namespace {

using nlohmann::json;

// Paging: a page holds at most the maximum, the default when not asked.
constexpr std::int64_t kMyGamesPage = 50, kMyGamesMax = 100;
constexpr std::int64_t kMaxOffset = 100'000;
constexpr std::int64_t kHistoryPage = 100, kHistoryMax = 500;
constexpr std::int64_t kArchivePage = 30, kArchiveMax = 100;
constexpr std::int64_t kLivePage = 50, kLiveMax = 100;

// The "before" parameter: a page's `next` ("TIME.ID") or a time in ms
// alone (default: after every time).
std::string before_param(std::string_view query, std::int64_t fallback, PageCursor& out) {
  out = PageCursor{fallback, ""};
  if (!has_query_param(query, "before")) return "";
  if (auto cursor = PageCursor::parse(query_param(query, "before"))) {
    out = *cursor;
    return "";
  }
  return "before must be a page's next (\"TIME.ID\") or a time in milliseconds";
}

HttpReply ok(const json& body) {
  HttpReply h;
  h.body = body.dump();
  return h;
}

}  // namespace

void Api::languages(const ApiCall&, Respond respond) { respond(ok(list_languages(p_.files))); }

void Api::me(const ApiCall& call, Respond respond) {
  json body = {{"user", call.caller.user ? user_json(*call.caller.user) : json()}};
  // The account's settings (POST /api/me/settings).
  if (call.caller.user) body["settings"] = {{"chat", p_.chat.chat_enabled(call.caller.user->id)}};
  respond(ok(body));
}

void Api::my_games(const ApiCall& call, Respond respond) {
  std::int64_t limit = 0, offset = 0;
  std::string_view query = call.request.query;
  if (auto why = limit_param(query, kMyGamesPage, kMyGamesMax, limit); !why.empty())
    return respond(json_error(400, why));
  if (!int_param(query, "offset", offset) || offset < 0 || offset > kMaxOffset)
    return respond(json_error(400, "offset must be a whole number from 0 to " + std::to_string(kMaxOffset)));
  respond(ok(p_.queries.my_games(*call.caller.user, static_cast<int>(limit), offset)));
}

void Api::profile(const ApiCall& call, Respond respond) {
  const std::string& name = call.params[0];
  std::string_view query = call.request.query;
  std::int64_t limit = 0;
  PageCursor before;
  if (name.empty() || name.size() > 64) return respond(json_error(404, "no user " + name));
  if (auto why = limit_param(query, kHistoryPage, kHistoryMax, limit); !why.empty())
    return respond(json_error(400, why));
  if (auto why = before_param(query, std::numeric_limits<std::int64_t>::max(), before); !why.empty())
    return respond(json_error(400, why));
  // ?family=: the rating history of that family's rating.
  std::string family;
  if (auto bad = family_param(query, family)) return respond(*bad);
  auto profile = p_.queries.profile(name, static_cast<int>(limit), before, family);
  if (!profile) return respond(json_error(404, "no user " + name));
  // The ratings per time-control family, with the rank on each board.
  if (auto shown = p_.accounts.find_user(name))
    (*profile)["ratings"] = p_.leaderboard.ratings_of(shown->id, p_.context.now_ms());
  // What the caller keeps about this player (the profile's buttons).
  if (call.caller.user)
    if (auto shown = p_.accounts.find_user(name); shown && shown->id != call.caller.user->id) {
      (*profile)["following"] = p_.relations.has(call.caller.user->id, shown->id, Relation::Follow);
      (*profile)["blocked"] = p_.relations.has(call.caller.user->id, shown->id, Relation::Block);
    }
  respond(ok(*profile));
}

void Api::archive(const ApiCall& call, Respond respond) {
  std::string_view query = call.request.query;
  std::int64_t limit = 0;
  PageCursor before;
  if (auto why = before_param(query, p_.context.now_ms() + 1, before); !why.empty())
    return respond(json_error(400, why));
  if (auto why = limit_param(query, kArchivePage, kArchiveMax, limit); !why.empty())
    return respond(json_error(400, why));
  std::string player = query_param(query, "player");
  if (player.size() > 64) return respond(ok({{"games", json::array()}, {"more", false}, {"next", nullptr}}));
  respond(ok(p_.queries.archive(player, before, static_cast<int>(limit))));
}

void Api::live(const ApiCall& call, Respond respond) {
  std::string_view query = call.request.query;
  std::int64_t limit = 0;
  PageCursor before;
  if (auto why = before_param(query, p_.context.now_ms() + 1, before); !why.empty())
    return respond(json_error(400, why));
  if (auto why = limit_param(query, kLivePage, kLiveMax, limit); !why.empty()) return respond(json_error(400, why));
  respond(ok(p_.queries.live(p_.context.now_ms(), before, static_cast<int>(limit))));
}

}  // namespace dvonn::server
