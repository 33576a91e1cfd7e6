// /api/lobby: open games waiting for an opponent (docs/community-api.md).
#include <limits>

#include "server/http/api.hpp"
#include "server/http/paging_params.hpp"
#include "server/http/url.hpp"

namespace dvonn::server {

using nlohmann::json;

namespace {
// A page of the lobby holds at most this many games (the default: all the
// lobby's own page shows).
constexpr std::int64_t kLobbyPage = 50, kLobbyMax = 100;
}  // namespace

void Api::lobby_list(const ApiCall& call, Respond respond) {
  std::string_view query = call.request.query;
  PageCursor after{std::numeric_limits<std::int64_t>::min(), ""};
  if (has_query_param(query, "after")) {
    auto cursor = PageCursor::parse(query_param(query, "after"));
    if (!cursor) return respond(json_error(400, "after must be a page's next (\"TIME.ID\")"));
    after = *cursor;
  }
  std::int64_t limit = 0;
  if (auto why = limit_param(query, kLobbyPage, kLobbyMax, limit); !why.empty()) return respond(json_error(400, why));
  HttpReply h;
  h.body = p_.lobby.page_json(after, static_cast<std::size_t>(limit)).dump();
  respond(h);
}

void Api::lobby_create(const ApiCall& call, Respond respond) {
  json body = call.body;
  if (body.contains("mode") && !body["mode"].is_null() && body["mode"] != "online")
    return respond(json_error(400, "the lobby lists online games only"));
  body["mode"] = "online";
  for (const char* field : {"record", "random_setup", "upto", "level"})
    if (body.contains(field) && !body[field].is_null())
      return respond(json_error(400, std::string("a lobby game has no ") + field));
  if (std::string why = p_.lobby.refuse_new(call.caller.address); !why.empty()) return respond(json_error(429, why));
  create(body, call.caller, true, std::move(respond));
}

void Api::lobby_join(const ApiCall& call, Respond respond) { join(call.params[0], call.caller, std::move(respond)); }

void Api::lobby_cancel(const ApiCall& call, Respond respond) {
  const std::string& id = call.params[0];
  auto room = p_.registry.find(id);
  if (!room) return respond(json_error(404, "no game with id " + id));
  room->cancel(call.caller.user->id, [respond](const RoomReply& r) {
    if (r.status != 200) return respond(json_error(r.status, r.error));
    HttpReply h;
    h.body = "{}";
    respond(h);
  });
}

}  // namespace dvonn::server
