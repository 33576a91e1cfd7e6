// /api/games/{id}/rematch, /takeback and /claim: what the two people of an
// online game do besides moving (docs/community-api.md "Rematch, takeback,
// claim"). The room decides; an accepted rematch is made here, as a new
// online game like POST /api/games makes one.
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
  auto room = seat_request(call, token, respond);
  if (!room) return;
  RematchStep step = room->offer_rematch(token);
  if (step.refused) return respond(json_error(step.refused->status, step.refused->error));
  if (!step.accepted) {
    // The other player hears of it wherever they are (a notification,
    // live over /ws/me); notifying waits for a commit: off this thread.
    p_.reads.post([this, id = room->id(), by = step.offered_by, to = step.offered_to] {
      p_.notifier.notify(to.id, "rematch", {{"game", id}, {"from", player_json(by)}}, by.id);
    });
    HttpReply h;
    h.body = *step.state;
    return respond(h);
  }
  GameSpec spec;
  spec.mode = Mode::Online;
  spec.creator_seat = Seat::White;
  spec.color_asked = Color::White;
  spec.clock = step.clock;
  spec.rated = step.rated;
  NewGame g = new_game(std::move(spec), step.white, std::nullopt, p_.context.now_ms());
  auto fresh = GameRoom::create(g, p_.context);
  p_.context.store.submit(
      [stored = g.stored, progress = fresh->progress()](StoreWriter& w) {
        w.insert_game(stored);
        w.set_progress(stored.id, progress);
      },
      [this, room, fresh, white_token = g.token, black = step.black, asker = step.asker,
       respond](const std::string& error) {
        if (!error.empty()) {
          room->rematch_failed();
          return respond(json_error(500, "storage error: the rematch could not be saved; try again"));
        }
        p_.registry.add(fresh);
        // The other player takes the second seat at once.
        fresh->join(black, [room, fresh, white_token, asker, respond](const RoomReply& r) {
          if (r.status != 200) {
            room->rematch_failed();
            return respond(json_error(r.status, "the rematch could not be made: " + r.error));
          }
          room->rematch_made(fresh->id(), white_token, r.token);
          // The asker played white here: black in the rematch.
          bool black_now = asker == Color::White;
          HttpReply h;
          h.body = json{{"game", fresh->id()},
                        {"seat", black_now ? "black" : "white"},
                        {"token", black_now ? r.token : white_token},
                        {"state", json::parse(*r.state)}}
                       .dump();
          respond(h);
        });
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
