// /api/lobby: open games waiting for an opponent (docs/community-api.md).
#include "server/api.hpp"

namespace dvonn::server {

using nlohmann::json;

void Api::lobby(const ApiRequest& request, const std::vector<std::string_view>& parts, const Caller& caller,
                Respond respond) {
  if (parts.size() == 2) {
    if (request.method == "GET") {
      HttpReply h;
      h.body = json{{"open", p_.lobby.open_json()}}.dump();
      return respond(h);
    }
    if (request.method != "POST") return respond(json_error(405, "use GET or POST for /api/lobby"));
    json body = json::parse(request.body, nullptr, false);
    if (body.is_discarded() || !body.is_object())
      return respond(json_error(400, "malformed JSON: the body must be a JSON object"));
    if (!caller.user) return respond(json_error(401, "log in first"));
    if (body.contains("mode") && !body["mode"].is_null() && body["mode"] != "online")
      return respond(json_error(400, "the lobby lists online games only"));
    body["mode"] = "online";
    for (const char* field : {"record", "random_setup", "upto", "level"})
      if (body.contains(field) && !body[field].is_null())
        return respond(json_error(400, std::string("a lobby game has no ") + field));
    return create(body, caller, true, std::move(respond));
  }
  if (parts.size() != 4 || (parts[3] != "join" && parts[3] != "cancel"))
    return respond(json_error(404, "unknown API path " + request.path));
  if (request.method != "POST") return respond(json_error(405, "use POST for " + request.path));
  json body = json::parse(request.body.empty() ? "{}" : request.body, nullptr, false);
  if (body.is_discarded() || !body.is_object())
    return respond(json_error(400, "malformed JSON: the body must be a JSON object"));
  if (!caller.user) return respond(json_error(401, "log in first"));
  std::string id(parts[2]);
  if (parts[3] == "join") return join(id, caller, std::move(respond));
  auto room = p_.registry.find(id);
  if (!room) return respond(json_error(404, "no game with id " + id));
  room->cancel(caller.user->id, [respond](const RoomReply& r) {
    if (r.status != 200) return respond(json_error(r.status, r.error));
    HttpReply h;
    h.body = "{}";
    respond(h);
  });
}

}  // namespace dvonn::server
