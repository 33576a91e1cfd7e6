// /api/games/{id}/rematch, /takeback and /claim: what the two people of an
// online game do besides moving (docs/community-api.md "Rematch, takeback,
// claim"). The room decides; an accepted rematch is made here, as a new
// online game like POST /api/games makes one.
#include "server/base/random_id.hpp"
#include "server/http/api.hpp"
#include "server/rooms/game_setup.hpp"

namespace dvonn::server {
namespace {

using nlohmann::json;

HttpReply state_reply(const RoomReply& r) {
  if (r.status != 200) return json_error(r.status, r.error);
  HttpReply h;
  h.body = *r.state;
  return h;
}

}  // namespace

void Api::rematch_game(const ApiCall& call, Respond respond) {
  std::string token;
  if (auto room = seat_request(call, token, respond)) rematch(room, token, std::move(respond), 3);
}

void Api::rematch(const std::shared_ptr<GameRoom>& room, const std::string& token, Respond respond, int tries) {
  // Lost to another node's change (the room has the stored game now):
  // asked again.
  auto again = [this, room, token, respond, tries](const RoomReply& r) {
    if (!r.stale || tries <= 0) return false;
    rematch(room, token, respond, tries - 1);
    return true;
  };
  const std::int64_t seen = room->version();
  RematchStep step = room->offer_rematch(
      token, [this, id = room->id(), respond, again](const RoomReply& r, const User& by, const User& to) {
        if (again(r)) return;
        if (r.status != 200) return respond(json_error(r.status, r.error));
        // The other player hears of it wherever they are (a notification,
        // live over /ws/me); notifying waits for a commit: off this thread.
        p_.reads.post([this, id, by, to] {
          p_.notifier.notify(to.id, "rematch", {{"game", id}, {"from", player_json(by)}}, by.id);
        });
        respond(state_reply(r));
      });
  if (step.refused) {
    if (tries <= 0 || !GameRoom::may_be_stale(*step.refused))
      return respond(json_error(step.refused->status, step.refused->error));
    // Refused by a memory of the game that may be older than the database
    // (the game ended on another node a moment ago, say).
    return room->recheck(seen, [this, room, token, respond, tries, refused = *step.refused](bool newer) {
      if (newer) return rematch(room, token, respond, tries - 1);
      respond(json_error(refused.status, refused.error));
    });
  }
  if (!step.accepted) return;  // the offer is being stored: answered then
  // The new game with both seats taken, stored with the old game's link to
  // it (make_rematch): once, whichever node the two accepts reach.
  GameSpec spec;
  spec.mode = Mode::Online;
  spec.creator_seat = Seat::White;
  spec.color_asked = Color::White;
  spec.clock = step.clock;
  spec.rated = step.rated;
  const std::int64_t now = p_.context.now_ms();
  NewGame g = new_game(std::move(spec), step.white, std::nullopt, now);
  StoredGame& s = g.stored;
  s.black_token = new_seat_token();
  s.black_user = step.black.id;
  s.black_player = step.black;
  s.started_ms = now;
  auto fresh = GameRoom::create(g, p_.context);
  room->make_rematch(
      s, fresh->progress(),
      [this, fresh, stored = s, asker = step.asker, clock = step.clock, respond, again](const RoomReply& r) {
        if (again(r)) return;
        if (r.status != 200) return respond(json_error(r.status, "the rematch could not be made: " + r.error));
        p_.registry.add(fresh);
        // Its clock is watched from now (the first move is due in time).
        fresh->check_time();
        // The asker played white here: black in the rematch.
        bool black_now = asker == Color::White;
        HttpReply h;
        h.body = json{{"game", stored.id},
                      {"seat", black_now ? "black" : "white"},
                      {"token", black_now ? stored.black_token : stored.white_token},
                      {"state", json::parse(*fresh->state())}}
                     .dump();
        respond(h);
        // As a join would: the players' followers hear that they started.
        if (p_.context.game_changed)
          p_.context.game_changed(
              RoomChange{stored.id, stored.white_player, stored.black_player, stored.white_user, 0, true, clock});
      });
}

void Api::rematch_decline(const ApiCall& call, Respond respond) {
  std::string token;
  if (auto room = seat_request(call, token, respond))
    room->decline_rematch(token, [respond](const RoomReply& r) { respond(state_reply(r)); });
}

void Api::takeback_request(const ApiCall& call, Respond respond) {
  std::string token;
  if (auto room = seat_request(call, token, respond))
    room->request_takeback(token, [respond](const RoomReply& r) { respond(state_reply(r)); });
}

void Api::takeback_accept(const ApiCall& call, Respond respond) {
  std::string token;
  if (auto room = seat_request(call, token, respond))
    room->answer_takeback(token, true, [respond](const RoomReply& r) { respond(state_reply(r)); });
}

void Api::takeback_decline(const ApiCall& call, Respond respond) {
  std::string token;
  if (auto room = seat_request(call, token, respond))
    room->answer_takeback(token, false, [respond](const RoomReply& r) { respond(state_reply(r)); });
}

void Api::claim_win(const ApiCall& call, Respond respond) {
  std::string token;
  if (auto room = seat_request(call, token, respond))
    room->claim(token, [respond](const RoomReply& r) { respond(state_reply(r)); });
}

}  // namespace dvonn::server
