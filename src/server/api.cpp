#include "server/api.hpp"

#include <nlohmann/json.hpp>

#include "server/game_setup.hpp"

namespace dvonn::server {
namespace {

using nlohmann::json;

HttpReply from_room(const RoomReply& r) {
  if (r.status != 200) return json_error(r.status, r.error);
  HttpReply h;
  h.body = *r.state;
  return h;
}

// The string field of a request body ("" when absent); false when the body
// is not a JSON object or the field is not a string.
bool string_field(const json& body, const char* name, std::string& out) {
  if (!body.is_object()) return false;
  auto f = body.find(name);
  if (f == body.end() || f->is_null()) return true;
  if (!f->is_string()) return false;
  out = f->get<std::string>();
  return true;
}

}  // namespace

HttpReply json_error(int status, const std::string& message) {
  HttpReply h;
  h.status = status;
  h.body = json{{"error", message}}.dump();
  return h;
}

void Api::handle(std::string_view method, std::string_view path, const std::string& body, Respond respond) {
  // /api/games[/{id}[/{action}]]
  std::vector<std::string_view> parts;
  for (std::string_view rest = path.substr(1); !rest.empty();) {
    auto slash = rest.find('/');
    parts.push_back(rest.substr(0, slash));
    rest = slash == std::string_view::npos ? std::string_view{} : rest.substr(slash + 1);
  }
  if (parts.size() < 2 || parts.size() > 4 || parts[0] != "api" || parts[1] != "games")
    return respond(json_error(404, "unknown API path " + std::string(path)));

  if (parts.size() == 2) {
    if (method != "POST") return respond(json_error(405, "use POST to create a game"));
    return create(body, std::move(respond));
  }

  std::string id(parts[2]);
  std::string action = parts.size() == 4 ? std::string(parts[3]) : "";
  bool is_get = action.empty() || action == "record";
  if (!action.empty() && action != "record" && action != "join" && action != "moves" && action != "undo" &&
      action != "hint")
    return respond(json_error(404, "unknown API path " + std::string(path)));
  if (method != (is_get ? "GET" : "POST"))
    return respond(json_error(405, std::string("use ") + (is_get ? "GET" : "POST") + " for " + std::string(path)));

  auto room = registry_.find(id);
  if (!room) return respond(json_error(404, "no game with id " + id));

  if (action.empty()) {
    HttpReply h;
    h.body = *room->state();
    return respond(h);
  }
  if (action == "record") {
    HttpReply h;
    h.content_type = "text/plain; charset=utf-8";
    h.body = room->record();
    h.headers.emplace_back("Content-Disposition", "attachment; filename=\"dvonn-" + id + ".txt\"");
    return respond(h);
  }
  if (action == "join") {
    return room->join([respond](const RoomReply& r) {
      if (r.status != 200) return respond(json_error(r.status, r.error));
      HttpReply h;
      h.body = json{{"seat", r.seat}, {"token", r.token}, {"state", json::parse(*r.state)}}.dump();
      respond(h);
    });
  }

  json request = json::parse(body, nullptr, false);
  if (request.is_discarded() || !request.is_object())
    return respond(json_error(400, "malformed JSON: the body must be a JSON object"));
  std::string token;
  if (!string_field(request, "token", token)) return respond(json_error(400, "token must be a string"));

  if (action == "moves") {
    std::string move;
    if (!string_field(request, "move", move) || move.empty())
      return respond(json_error(400, "move must be a move in the notation, like \"E3\", \"A1B2\" or \"PASS\""));
    return room->move(token, move, [respond](const RoomReply& r) { respond(from_room(r)); });
  }
  if (action == "undo") return room->undo(token, [respond](const RoomReply& r) { respond(from_room(r)); });
  // hint
  room->hint(token, [respond](const RoomReply& r) {
    if (r.status != 200) return respond(json_error(r.status, r.error));
    HttpReply h;
    h.body = r.hint.dump();
    respond(h);
  });
}

void Api::create(const std::string& body, Respond respond) {
  json request = json::parse(body, nullptr, false);
  if (request.is_discarded()) return respond(json_error(400, "malformed JSON in the request body"));
  auto result = new_game_from_request(request);
  if (auto* error = std::get_if<std::string>(&result)) return respond(json_error(400, *error));
  NewGame g = std::move(std::get<NewGame>(result));
  std::shared_ptr<GameRoom> room;
  try {
    room = GameRoom::load(g.stored, context_);
  } catch (const std::exception& e) {
    return respond(json_error(400, e.what()));
  }
  // The game exists once it is on disk: only then is it findable and answered.
  context_.store.submit(
      [stored = g.stored](StoreWriter& w) { w.insert_game(stored); },
      [this, room, seat = g.seat, token = g.token, respond](const std::string& error) {
        if (!error.empty()) return respond(json_error(500, error));
        registry_.add(room);
        HttpReply h;
        h.status = 201;
        h.body =
            json{{"id", room->id()}, {"seat", seat}, {"token", token}, {"state", json::parse(*room->state())}}.dump();
        respond(h);
        room->resume_engine();
      });
}

}  // namespace dvonn::server
