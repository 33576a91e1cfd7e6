// Friends, blocks, challenges, notifications and presence: /api/users/{name}/
// follow and /block, /api/me/friends, /api/me/blocks, /api/challenges,
// /api/me/challenges, /api/me/notifications and /api/presence
// (docs/community-api.md, "Friends, challenges and notifications").
#include <limits>

#include "server/accounts/account_rules.hpp"
#include "server/base/random_id.hpp"
#include "server/base/time_control_json.hpp"
#include "server/http/api.hpp"
#include "server/http/paging_params.hpp"
#include "server/http/url.hpp"
#include "server/rooms/game_setup.hpp"
#include "server/rooms/game_spec.hpp"

namespace dvonn::server {
namespace {

using nlohmann::json;

constexpr std::int64_t kFriendsPage = 50, kFriendsMax = 100;
constexpr std::int64_t kChallengesPage = 50, kChallengesMax = 100;
constexpr std::int64_t kNotificationsPage = 30, kNotificationsMax = 100;
constexpr std::size_t kMaxReadIds = 100;
// Challenges a player may have waiting for an answer at once.
constexpr std::int64_t kMaxPendingChallenges = 5;

HttpReply ok(const json& body, int status = 200) {
  HttpReply h;
  h.status = status;
  h.body = body.dump();
  return h;
}

// The "on" field of a follow or block: true or false.
bool on_field(const json& body, bool& on) {
  auto f = body.find("on");
  if (f == body.end() || !f->is_boolean()) return false;
  on = f->get<bool>();
  return true;
}

// The user named in a path, or nullopt after answering 404 (or 400 for
// oneself, when `self` is refused).
std::optional<User> named_user(AccountStore& accounts, const std::string& name, const Respond& respond) {
  std::optional<User> user;
  if (!name.empty() && name.size() <= 64) user = accounts.find_user(name);
  if (!user) respond(json_error(404, "no user " + name.substr(0, 64)));
  return user;
}

std::string rate_key(const User& u) { return "user:" + std::to_string(u.id); }

}  // namespace

void Api::follow_user(const ApiCall& call, Respond respond) {
  bool on = false;
  if (!on_field(call.body, on)) return respond(json_error(400, "on must be true or false"));
  auto target = named_user(p_.accounts, call.params[0], respond);
  if (!target) return;
  const User& me = *call.caller.user;
  if (target->id == me.id) return respond(json_error(400, "you cannot follow yourself"));
  if (on && p_.relations.blocked_either(me.id, target->id))
    return respond(json_error(403, "you cannot follow a player you blocked or who blocked you"));
  if (!p_.relations_by_user.allow(rate_key(me)))
    return respond(json_error(429, "too many follows and blocks: wait a minute"));
  if (auto error = p_.relations.set(me.id, target->id, Relation::Follow, on); !error.empty())
    return respond(json_error(500, "storage error: try again"));
  respond(ok({{"following", on}}));
}

void Api::block_user(const ApiCall& call, Respond respond) {
  bool on = false;
  if (!on_field(call.body, on)) return respond(json_error(400, "on must be true or false"));
  auto target = named_user(p_.accounts, call.params[0], respond);
  if (!target) return;
  const User& me = *call.caller.user;
  if (target->id == me.id) return respond(json_error(400, "you cannot block yourself"));
  if (!p_.relations_by_user.allow(rate_key(me)))
    return respond(json_error(429, "too many follows and blocks: wait a minute"));
  std::string error = p_.relations.set(me.id, target->id, Relation::Block, on);
  if (error.empty() && on) {
    // A block ends what the two had: follows both ways and their pending
    // challenges (each side hears of the challenges that went).
    error = p_.relations.set(me.id, target->id, Relation::Follow, false);
    if (error.empty()) error = p_.relations.set(target->id, me.id, Relation::Follow, false);
    if (error.empty())
      for (const Challenge& c : p_.challenges.cancel_between(me.id, target->id, error)) {
        json message = {{"type", "challenge-cancelled"}, {"challenge", challenge_json(c)}};
        p_.users.send(c.from.id, message);
        p_.users.send(c.to.id, message);
      }
  }
  if (!error.empty()) return respond(json_error(500, "storage error: try again"));
  respond(ok({{"blocked", on}}));
}

void Api::my_friends(const ApiCall& call, Respond respond) { relation_page(call, true, std::move(respond)); }

void Api::my_blocks(const ApiCall& call, Respond respond) { relation_page(call, false, std::move(respond)); }

void Api::relation_page(const ApiCall& call, bool friends, Respond respond) {
  std::string_view query = call.request.query;
  std::int64_t limit = 0;
  if (auto why = limit_param(query, kFriendsPage, kFriendsMax, limit); !why.empty())
    return respond(json_error(400, why));
  std::string after = query_param(query, "after");
  if (after.size() > 64) return respond(json_error(400, "after must be a page's next"));
  auto users = p_.relations.list(call.caller.user->id, friends ? Relation::Follow : Relation::Block, after,
                                 static_cast<std::size_t>(limit) + 1);
  bool more = users.size() > static_cast<std::size_t>(limit);
  if (more) users.resize(static_cast<std::size_t>(limit));
  json list = json::array();
  for (const User& u : users) {
    json entry = player_json(u);
    if (friends) {
      entry["online"] = p_.users.online(u.id);
      std::string game = p_.presence.playing_game(u.id);
      entry["playing"] = game.empty() ? json() : json(game);
    }
    list.push_back(std::move(entry));
  }
  respond(ok({{friends ? "friends" : "blocks", list},
              {"more", more},
              {"next", more ? json(name_key(users.back().name)) : json()}}));
}

void Api::challenge_create(const ApiCall& call, Respond respond) {
  const User& me = *call.caller.user;
  const json& body = call.body;
  auto to = body.find("to");
  if (to == body.end() || !to->is_string() || to->get<std::string>().empty())
    return respond(json_error(400, "to must be the name of the player to challenge"));
  json request = {{"mode", "online"}};
  for (const char* field : {"color", "clock", "rated"})
    if (body.contains(field)) request[field] = body[field];
  auto spec = game_spec_from_request(request, me, false);
  if (auto* refused = std::get_if<SpecRefusal>(&spec)) return respond(json_error(refused->status, refused->message));
  const GameSpec& s = std::get<GameSpec>(spec);
  auto target = named_user(p_.accounts, to->get<std::string>(), respond);
  if (!target) return;
  if (target->id == me.id) return respond(json_error(400, "you cannot challenge yourself"));
  if (target->engine) return respond(json_error(400, "play the engine from the new game dialog instead"));
  if (s.rated && target->guest) return respond(json_error(400, "guests play unrated games only"));
  if (p_.relations.blocked_either(me.id, target->id))
    return respond(json_error(403, "you cannot challenge a player you blocked or who blocked you"));
  if (p_.challenges.pending_between(me.id, target->id))
    return respond(json_error(409, "you have challenged this player already: wait for an answer"));
  if (p_.challenges.pending_from(me.id) >= kMaxPendingChallenges)
    return respond(json_error(
        409, "you have " + std::to_string(kMaxPendingChallenges) + " challenges waiting already: cancel one first"));
  if (!p_.challenges_by_user.allow(rate_key(me))) return respond(json_error(429, "too many challenges: wait a minute"));
  Challenge c;
  c.id = new_game_id();
  c.from = me;
  c.to = *target;
  c.color = s.color_asked ? color_name(*s.color_asked) : "random";
  c.clock = community::format_time_control(s.clock);
  c.rated = s.rated;
  c.created_ms = p_.context.now_ms();
  if (auto error = p_.challenges.add(c); !error.empty()) return respond(json_error(500, "storage error: try again"));
  json shown = challenge_json(c);
  p_.users.send(target->id, {{"type", "challenge"}, {"challenge", shown}});
  p_.notifier.notify(target->id, "challenge", {{"challenge", shown}}, me.id);
  respond(ok({{"challenge", shown}}, 201));
}

std::optional<Challenge> Api::answerable_challenge(const ApiCall& call, bool challenged, const Respond& respond) {
  const std::string& id = call.params[0];
  std::optional<Challenge> c;
  if (looks_like_game_id(id)) c = p_.challenges.find(id);
  const std::int64_t me = call.caller.user->id;
  if (!c || (c->from.id != me && c->to.id != me)) {
    respond(json_error(404, "no challenge " + id.substr(0, 64)));
    return std::nullopt;
  }
  if ((challenged ? c->to.id : c->from.id) != me) {
    respond(json_error(403, challenged ? "only the challenged player can answer a challenge"
                                       : "only the challenger can cancel a challenge"));
    return std::nullopt;
  }
  if (c->state != "pending") {
    respond(json_error(409, "the challenge was " + c->state + " already"));
    return std::nullopt;
  }
  return c;
}

void Api::challenge_accept(const ApiCall& call, Respond respond) {
  auto c = answerable_challenge(call, true, respond);
  if (!c) return;
  if (p_.relations.blocked_either(c->from.id, c->to.id))
    return respond(json_error(403, "you cannot play a player you blocked or who blocked you"));
  // The challenger as now (rating), and the game the challenge asked for.
  auto challenger = p_.accounts.find_user(c->from.name);
  if (!challenger) return respond(json_error(404, "the challenger's account is gone"));
  std::string clock_error;
  json request = {{"mode", "online"},
                  {"color", c->color},
                  {"clock", time_control_json(community::parse_time_control(c->clock, clock_error))},
                  {"rated", c->rated}};
  auto spec = game_spec_from_request(request, challenger, false);
  if (auto* refused = std::get_if<SpecRefusal>(&spec)) return respond(json_error(refused->status, refused->message));
  NewGame g = new_game(std::move(std::get<GameSpec>(spec)), challenger, std::nullopt, p_.context.now_ms());
  std::string error;
  if (!p_.challenges.settle(c->id, "accepted", g.stored.id, error))
    return respond(json_error(error.empty() ? 409 : 500,
                              error.empty() ? "the challenge is no longer pending" : "storage error: try again"));
  c->state = "accepted";
  c->game_id = g.stored.id;
  auto room = GameRoom::create(g, p_.context);
  const User accepter = *call.caller.user;
  p_.context.store.submit(
      [stored = g.stored, progress = room->progress()](StoreWriter& w) {
        w.insert_game(stored);
        w.set_progress(stored.id, progress);
      },
      [this, room, accepter, challenge = *c, seat = std::string(seat_name(g.spec.creator_seat)), token = g.token,
       respond](const std::string& error) {
        if (!error.empty()) return respond(json_error(500, "storage error: the game could not be saved; try again"));
        p_.registry.add(room);
        room->join(accepter, [this, room, challenge, seat, token, respond](const RoomReply& r) {
          if (r.status != 200) return respond(json_error(r.status, r.error));
          p_.users.send(challenge.from.id, {{"type", "challenge-accepted"},
                                            {"challenge", challenge_json(challenge)},
                                            {"game", room->id()},
                                            {"seat", seat},
                                            {"token", token}});
          respond(ok({{"challenge", challenge_json(challenge)},
                      {"game", room->id()},
                      {"seat", r.seat},
                      {"token", r.token},
                      {"state", json::parse(*r.state)}}));
        });
      });
}

void Api::challenge_decline(const ApiCall& call, Respond respond) {
  auto c = answerable_challenge(call, true, respond);
  if (!c) return;
  std::string error;
  if (!p_.challenges.settle(c->id, "declined", "", error))
    return respond(json_error(error.empty() ? 409 : 500,
                              error.empty() ? "the challenge is no longer pending" : "storage error: try again"));
  c->state = "declined";
  json shown = challenge_json(*c);
  p_.users.send(c->from.id, {{"type", "challenge-declined"}, {"challenge", shown}});
  respond(ok({{"challenge", shown}}));
}

void Api::challenge_cancel(const ApiCall& call, Respond respond) {
  auto c = answerable_challenge(call, false, respond);
  if (!c) return;
  std::string error;
  if (!p_.challenges.settle(c->id, "cancelled", "", error))
    return respond(json_error(error.empty() ? 409 : 500,
                              error.empty() ? "the challenge is no longer pending" : "storage error: try again"));
  c->state = "cancelled";
  json shown = challenge_json(*c);
  p_.users.send(c->to.id, {{"type", "challenge-cancelled"}, {"challenge", shown}});
  respond(ok({{"challenge", shown}}));
}

void Api::my_challenges(const ApiCall& call, Respond respond) {
  std::string_view query = call.request.query;
  std::int64_t limit = 0;
  if (auto why = limit_param(query, kChallengesPage, kChallengesMax, limit); !why.empty())
    return respond(json_error(400, why));
  PageCursor before;
  if (has_query_param(query, "before")) {
    auto cursor = PageCursor::parse(query_param(query, "before"));
    if (!cursor) return respond(json_error(400, "before must be a page's next (\"TIME.ID\")"));
    before = *cursor;
  }
  const std::int64_t me = call.caller.user->id;
  auto list = p_.challenges.pending_of(me, before, static_cast<std::size_t>(limit) + 1);
  bool more = list.size() > static_cast<std::size_t>(limit);
  if (more) list.resize(static_cast<std::size_t>(limit));
  json received = json::array(), sent = json::array();
  for (const Challenge& c : list) (c.to.id == me ? received : sent).push_back(challenge_json(c));
  json next;
  if (more) next = PageCursor{list.back().created_ms, list.back().id}.text();
  respond(ok({{"received", received}, {"sent", sent}, {"more", more}, {"next", next}}));
}

void Api::my_notifications(const ApiCall& call, Respond respond) {
  std::string_view query = call.request.query;
  std::int64_t limit = 0, after = 0;
  if (auto why = limit_param(query, kNotificationsPage, kNotificationsMax, limit); !why.empty())
    return respond(json_error(400, why));
  if (!int_param(query, "after", after) || after < 0)
    return respond(json_error(400, "after must be a page's next (a notification id)"));
  const std::int64_t me = call.caller.user->id;
  auto list = p_.notifications.page(me, after, static_cast<std::size_t>(limit) + 1);
  bool more = list.size() > static_cast<std::size_t>(limit);
  if (more) list.resize(static_cast<std::size_t>(limit));
  json shown = json::array();
  for (const Notification& n : list) shown.push_back(notification_json(n));
  respond(ok({{"notifications", shown},
              {"unread", p_.notifications.unread(me)},
              {"more", more},
              {"next", more ? json(list.back().id) : json()}}));
}

void Api::read_notifications(const ApiCall& call, Respond respond) {
  const json& body = call.body;
  bool all = false;
  std::vector<std::int64_t> ids;
  if (body.contains("all")) {
    if (!body["all"].is_boolean()) return respond(json_error(400, "all must be true or false"));
    all = body["all"].get<bool>();
  }
  if (body.contains("ids")) {
    const json& list = body["ids"];
    if (!list.is_array() || list.size() > kMaxReadIds)
      return respond(json_error(400, "ids must be a list of at most " + std::to_string(kMaxReadIds) + " ids"));
    for (const json& id : list) {
      if (!id.is_number_integer()) return respond(json_error(400, "ids must be notification ids (whole numbers)"));
      ids.push_back(id.get<std::int64_t>());
    }
  }
  if (!all && ids.empty()) return respond(json_error(400, "give ids (a list) or all: true"));
  const std::int64_t me = call.caller.user->id;
  if (auto error = p_.notifications.mark_read(me, ids, all); !error.empty())
    return respond(json_error(500, "storage error: try again"));
  respond(ok({{"unread", p_.notifications.unread(me)}}));
}

void Api::presence(const ApiCall&, Respond respond) { respond(ok(p_.presence.counts())); }

}  // namespace dvonn::server
