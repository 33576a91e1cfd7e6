// /api/games/*: create, read, join and play a game (docs/server-api.md).
#include "server/http/api.hpp"
#include "server/rooms/game_setup.hpp"

namespace dvonn::server {
namespace {

using nlohmann::json;

HttpReply from_room(const RoomReply& r) {
  if (r.status != 200) return json_error(r.status, r.error);
  HttpReply h;
  h.body = *r.state;
  return h;
}

// The string field of a request body ("" when absent); false when the field
// is not a string.
bool string_field(const json& body, const char* name, std::string& out) {
  auto f = body.find(name);
  if (f == body.end() || f->is_null()) return true;
  if (!f->is_string()) return false;
  out = f->get<std::string>();
  return true;
}

HttpReply no_game(const std::string& id) { return json_error(404, "no game with id " + id); }

}  // namespace

void Api::create_game(const ApiCall& call, Respond respond) {
  create(call.body, call.caller, false, std::move(respond));
}

void Api::game_state(const ApiCall& call, Respond respond) {
  const std::string& id = call.params[0];
  auto room = p_.registry.find(id);
  if (!room) return respond(no_game(id));
  room->check_time();
  HttpReply h;
  h.body = *room->state();
  respond(h);
}

void Api::game_record(const ApiCall& call, Respond respond) {
  const std::string& id = call.params[0];
  auto room = p_.registry.find(id);
  if (!room) return respond(no_game(id));
  HttpReply h;
  h.content_type = "text/plain; charset=utf-8";
  h.body = room->record();
  h.headers.emplace_back("Content-Disposition", "attachment; filename=\"dvonn-" + id + ".txt\"");
  respond(h);
}

void Api::game_seat(const ApiCall& call, Respond respond) {
  auto room = p_.registry.find(call.params[0]);
  if (!room) return respond(no_game(call.params[0]));
  // 404 also without a session (docs/community-api.md): nothing to tell.
  auto seat = call.caller.user ? room->seat_of(call.caller.user->id) : std::nullopt;
  if (!seat) return respond(json_error(404, "you hold no seat of this game"));
  HttpReply h;
  h.body = json{{"seat", seat->first}, {"token", seat->second}}.dump();
  respond(h);
}

void Api::join_game(const ApiCall& call, Respond respond) { join(call.params[0], call.caller, std::move(respond)); }

std::shared_ptr<GameRoom> Api::seat_request(const ApiCall& call, std::string& token, const Respond& respond) {
  auto room = p_.registry.find(call.params[0]);
  if (!room) {
    respond(no_game(call.params[0]));
    return nullptr;
  }
  if (!string_field(call.body, "token", token)) {
    respond(json_error(400, "token must be a string"));
    return nullptr;
  }
  return room;
}

void Api::play_move(const ApiCall& call, Respond respond) {
  std::string token, move;
  auto room = seat_request(call, token, respond);
  if (!room) return;
  if (!string_field(call.body, "move", move) || move.empty())
    return respond(json_error(400, "move must be a move in the notation, like \"E3\", \"A1B2\" or \"PASS\""));
  room->move(
      token, move,
      [this, respond](const RoomReply& r) {
        if (r.status == 200) p_.metrics.move();
        respond(from_room(r));
      },
      call.caller.address);
}

void Api::undo_move(const ApiCall& call, Respond respond) {
  std::string token;
  if (auto room = seat_request(call, token, respond))
    room->undo(token, [respond](const RoomReply& r) { respond(from_room(r)); });
}

void Api::resign_game(const ApiCall& call, Respond respond) {
  std::string token;
  if (auto room = seat_request(call, token, respond))
    room->resign(token, [respond](const RoomReply& r) { respond(from_room(r)); });
}

void Api::abort_game(const ApiCall& call, Respond respond) {
  std::string token;
  if (auto room = seat_request(call, token, respond))
    room->abort(token, [respond](const RoomReply& r) { respond(from_room(r)); });
}

void Api::hint(const ApiCall& call, Respond respond) {
  std::string token;
  auto room = seat_request(call, token, respond);
  if (!room) return;
  room->hint(
      token,
      [respond](const RoomReply& r) {
        if (r.status != 200) return respond(json_error(r.status, r.error));
        HttpReply h;
        h.body = r.hint.dump();
        respond(h);
      },
      call.caller.address);
}

void Api::join(const std::string& id, const ApiCaller& caller, Respond respond) {
  auto room = p_.registry.find(id);
  if (!room) return respond(no_game(id));
  // Blocked either way: they do not meet, through the lobby or a link. (A
  // caller with a session is answered from the read pool: the read is
  // allowed here.)
  if (caller.user) {
    GameRoom::People people = room->people();
    std::int64_t creator = people.white_user ? people.white_user : people.black_user;
    if (creator && creator != caller.user->id && p_.relations.blocked_either(creator, caller.user->id))
      return respond(json_error(403, "you cannot join this game: one of you has blocked the other"));
  }
  room->join(caller.user ? *caller.user : User{}, [respond](const RoomReply& r) {
    if (r.status != 200) return respond(json_error(r.status, r.error));
    HttpReply h;
    h.body = json{{"seat", r.seat}, {"token", r.token}, {"state", json::parse(*r.state)}}.dump();
    respond(h);
  });
}

void Api::create(const json& request, const ApiCaller& caller, bool listed, Respond respond) {
  auto spec = game_spec_from_request(request, caller.user, listed);
  if (auto* refused = std::get_if<SpecRefusal>(&spec)) return respond(json_error(refused->status, refused->message));
  GameSpec& s = std::get<GameSpec>(spec);
  if (listed && p_.lobby.open_count(caller.user->id) >= kMaxOpenGamesPerPlayer)
    return respond(json_error(
        409, "you have " + std::to_string(kMaxOpenGamesPerPlayer) + " open games already: cancel one first"));
  std::optional<User> engine;
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
        if (listed) p_.lobby.refresh(room->id(), address);
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
