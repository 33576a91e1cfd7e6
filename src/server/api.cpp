#include "server/api.hpp"

#include <algorithm>
#include <atomic>
#include <iostream>

#include "server/game_setup.hpp"
#include "server/languages.hpp"
#include "server/session_cookie.hpp"

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

// "/api/games/x" as {"api", "games", "x"}.
std::vector<std::string_view> path_parts(std::string_view path) {
  std::vector<std::string_view> parts;
  for (std::string_view rest = path.substr(std::min<std::size_t>(1, path.size())); !rest.empty();) {
    auto slash = rest.find('/');
    parts.push_back(rest.substr(0, slash));
    rest = slash == std::string_view::npos ? std::string_view{} : rest.substr(slash + 1);
  }
  return parts;
}

bool is_json_content_type(std::string_view type) {
  std::string lower(type.substr(0, type.find(';')));
  for (char& c : lower) c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
  while (!lower.empty() && lower.back() == ' ') lower.pop_back();
  return lower == "application/json";
}

}  // namespace

HttpReply json_error(int status, const std::string& message) {
  HttpReply h;
  h.status = status;
  h.body = json{{"error", message}}.dump();
  return h;
}

HttpReply server_error(const std::string& what, const std::exception& e) {
  // The details (SQL, file names) go to the log, not to anonymous clients.
  std::cerr << "dvonn serve: " << what << ": " << e.what() << "\n";
  HttpReply h = json_error(500, dynamic_cast<const StoreError*>(&e)
                                    ? "storage error: the server could not use its database; try again later"
                                    : "internal server error; try again later");
  h.headers.emplace_back("Cache-Control", "no-store");
  return h;
}

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
  HttpReply busy = json_error(503, "the server is busy reading its database; try again in a moment");
  busy.headers.emplace_back("Retry-After", "1");
  busy.headers.emplace_back("Cache-Control", "no-store");
  once(std::move(busy));
}

bool Api::needs_database(const ApiRequest& request) const {
  if (has_session_cookie(request.cookie)) return true;  // the session's user
  auto parts = path_parts(request.path);
  if (parts.size() < 2 || parts[0] != "api") return false;
  std::string_view area = parts[1];
  if (area == "users" || area == "archive" || area == "live") return true;
  // A game not in memory is loaded (it may be evicted meanwhile: then the
  // load happens where the request runs, as before).
  if ((area == "games" || area == "lobby") && parts.size() >= 3) return !p_.registry.contains(std::string(parts[2]));
  return false;
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

void Api::post_task(const std::string& what, std::function<HttpReply()> work, Respond respond) {
  p_.tasks.post(
      [what, work = std::move(work), respond = std::move(respond)] { reply_or_server_error(what, work, respond); });
}

void reply_or_server_error(const std::string& what, const std::function<HttpReply()>& work,
                           const std::function<void(HttpReply)>& respond) {
  HttpReply reply;
  try {
    reply = work();
  } catch (const std::exception& e) {
    reply = server_error(what, e);
  }
  respond(std::move(reply));
}

void Api::route(const ApiRequest& request, Respond respond) {
  std::vector<std::string_view> parts = path_parts(request.path);
  if (parts.size() < 2 || parts[0] != "api") return respond(json_error(404, "unknown API path " + request.path));

  // A browser sends requests from any site's page (with this site's cookie,
  // or to log the browser into another account): a state change must carry
  // a JSON body, which other sites cannot send without the browser asking
  // first (a CORS preflight this server never allows).
  if (request.method == "POST" && !is_json_content_type(request.content_type))
    return respond(json_error(415, "a POST needs Content-Type: application/json"));
  Caller caller;
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

  std::string_view area = parts[1];
  if (area == "games") return games(request, parts, caller, std::move(respond));
  if (area == "languages" && parts.size() == 2) {
    if (request.method != "GET") return respond(json_error(405, "use GET for /api/languages"));
    HttpReply h;
    h.body = list_languages(p_.files).dump();
    return respond(h);
  }
  if (area == "auth" && parts.size() == 3) {
    if (request.method != "POST") return respond(json_error(405, "use POST for " + request.path));
    json body = json::parse(request.body, nullptr, false);
    if (body.is_discarded() || !body.is_object())
      return respond(json_error(400, "malformed JSON: the body must be a JSON object"));
    return auth(std::string(parts[2]), body, caller, std::move(respond));
  }
  if (area == "lobby") return lobby(request, parts, caller, std::move(respond));
  if (area == "me" || area == "users" || area == "archive" || area == "live")
    return lists(request, parts, caller, std::move(respond));
  respond(json_error(404, "unknown API path " + request.path));
}

void Api::games(const ApiRequest& request, const std::vector<std::string_view>& parts, const Caller& caller,
                Respond respond) {
  const std::string& method = request.method;
  if (parts.size() > 4) return respond(json_error(404, "unknown API path " + request.path));
  if (parts.size() == 2) {
    if (method != "POST") return respond(json_error(405, "use POST to create a game"));
    json body = json::parse(request.body, nullptr, false);
    if (body.is_discarded()) return respond(json_error(400, "malformed JSON in the request body"));
    return create(body, caller, false, std::move(respond));
  }

  std::string id(parts[2]);
  std::string action = parts.size() == 4 ? std::string(parts[3]) : "";
  bool is_get = action.empty() || action == "record" || action == "seat";
  if (!action.empty() && action != "record" && action != "join" && action != "moves" && action != "undo" &&
      action != "hint" && action != "resign" && action != "seat")
    return respond(json_error(404, "unknown API path " + request.path));
  if (method != (is_get ? "GET" : "POST"))
    return respond(json_error(405, std::string("use ") + (is_get ? "GET" : "POST") + " for " + request.path));

  auto room = p_.registry.find(id);
  if (!room) return respond(json_error(404, "no game with id " + id));

  if (action.empty()) {
    room->check_time();
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
  if (action == "seat") {
    // 404 also without a session (docs/community-api.md): nothing to tell.
    auto seat = caller.user ? room->seat_of(caller.user->id) : std::nullopt;
    if (!seat) return respond(json_error(404, "you hold no seat of this game"));
    HttpReply h;
    h.body = json{{"seat", seat->first}, {"token", seat->second}}.dump();
    return respond(h);
  }
  if (action == "join") return join(id, caller, std::move(respond));

  json body = json::parse(request.body, nullptr, false);
  if (body.is_discarded() || !body.is_object())
    return respond(json_error(400, "malformed JSON: the body must be a JSON object"));
  std::string token;
  if (!string_field(body, "token", token)) return respond(json_error(400, "token must be a string"));

  auto reply = [respond](const RoomReply& r) { respond(from_room(r)); };
  if (action == "moves") {
    std::string move;
    if (!string_field(body, "move", move) || move.empty())
      return respond(json_error(400, "move must be a move in the notation, like \"E3\", \"A1B2\" or \"PASS\""));
    return room->move(
        token, move,
        [this, respond](const RoomReply& r) {
          if (r.status == 200) p_.metrics.move();
          respond(from_room(r));
        },
        caller.address);
  }
  if (action == "undo") return room->undo(token, reply);
  if (action == "resign") return room->resign(token, reply);
  // hint
  room->hint(
      token,
      [respond](const RoomReply& r) {
        if (r.status != 200) return respond(json_error(r.status, r.error));
        HttpReply h;
        h.body = r.hint.dump();
        respond(h);
      },
      caller.address);
}

void Api::join(const std::string& id, const Caller& caller, Respond respond) {
  auto room = p_.registry.find(id);
  if (!room) return respond(json_error(404, "no game with id " + id));
  room->join(caller.user ? *caller.user : Player{}, [respond](const RoomReply& r) {
    if (r.status != 200) return respond(json_error(r.status, r.error));
    HttpReply h;
    h.body = json{{"seat", r.seat}, {"token", r.token}, {"state", json::parse(*r.state)}}.dump();
    respond(h);
  });
}

void Api::create(const json& request, const Caller& caller, bool listed, Respond respond) {
  auto spec = game_spec_from_request(request, caller.user, listed);
  if (auto* refused = std::get_if<SpecRefusal>(&spec)) return respond(json_error(refused->status, refused->message));
  GameSpec& s = std::get<GameSpec>(spec);
  if (listed && p_.lobby.open_count(caller.user->id) >= kMaxOpenGamesPerPlayer)
    return respond(json_error(
        409, "you have " + std::to_string(kMaxOpenGamesPerPlayer) + " open games already: cancel one first"));
  std::optional<Player> engine;
  if (s.mode == Mode::Engine) {
    // Each engine game may cost a search at once: bounded per address and
    // per account.
    const EngineCharge charge = EngineCharge::of(caller.address, caller.user ? &*caller.user : nullptr);
    if (std::string why = p_.context.engines.busy(charge); !why.empty()) return respond(json_error(429, why));
    engine = p_.accounts.engine_user(s.level);
  }
  NewGame g = new_game(std::move(s), caller.user, engine, p_.context.now_ms());
  auto room = GameRoom::create(g, p_.context);
  // The game exists once it is on disk: only then is it findable and answered.
  p_.context.store.submit(
      [stored = g.stored, progress = room->progress()](StoreWriter& w) {
        w.insert_game(stored);
        w.set_progress(stored.id, progress);
      },
      [this, room, seat = std::string(seat_name(g.spec.creator_seat)), token = g.token, respond, listed,
       address = caller.address](const std::string& error) {
        // The store logged the details.
        if (!error.empty()) return respond(json_error(500, "storage error: the game could not be saved; try again"));
        p_.registry.add(room);
        if (listed) p_.lobby.refresh(room->id());
        HttpReply h;
        h.status = 201;
        h.body =
            json{{"id", room->id()}, {"seat", seat}, {"token", token}, {"state", json::parse(*room->state())}}.dump();
        // Queued before the answer, so the client's next request sees its
        // share of the engine taken.
        room->resume_engine(address);
        respond(h);
      });
}

}  // namespace dvonn::server
