// Your account and the statistics of a profile (docs/community-api.md,
// "Your account" and "Profiles"): POST /api/me/password, GET
// /api/me/games/export, POST /api/me/delete, GET /api/users/{name}/stats.
#include <ctime>

#include "core/game_record.hpp"
#include "server/accounts/account_rules.hpp"
#include "server/accounts/session_cookie.hpp"
#include "server/archive/finished_game_ids.hpp"
#include "server/archive/profile_stats.hpp"
#include "server/http/api.hpp"

namespace dvonn::server {
namespace {

using nlohmann::json;

// At most this many games in one download (the latest ones): the file is
// built in memory, about 1 kB a game.
constexpr int kExportMax = 2000;

bool string_field(const json& body, const char* name, std::string& out) {
  auto f = body.find(name);
  if (f == body.end() || !f->is_string()) return false;
  out = f->get<std::string>();
  return true;
}

// "2026.12.06" (UTC), as PGN writes dates.
std::string record_date(std::int64_t ms) {
  std::time_t t = static_cast<std::time_t>(ms / 1000);
  std::tm tm{};
  gmtime_r(&t, &tm);
  char text[16];
  std::strftime(text, sizeof text, "%Y.%m.%d", &tm);
  return text;
}

HttpReply ok_json(const json& body) {
  HttpReply h;
  h.body = body.dump();
  return h;
}

}  // namespace

void Api::user_stats(const ApiCall& call, Respond respond) {
  const std::string& name = call.params[0];
  if (name.empty() || name.size() > 64) return respond(json_error(404, "no user " + name));
  auto user = p_.accounts.find_user(name);
  if (!user) return respond(json_error(404, "no user " + name));
  json stats;
  p_.context.store.read([&](Database* db) { stats = profile_stats(db, user->id); });
  respond(ok_json({{"user", player_json(*user)}, {"stats", stats}}));
}

void Api::change_password(const ApiCall& call, Respond respond) {
  std::string old_password, new_password;
  if (!string_field(call.body, "old", old_password)) return respond(json_error(400, "old must be a string"));
  if (!string_field(call.body, "new", new_password)) return respond(json_error(400, "new must be a string"));
  const User& user = *call.caller.user;
  if (user.guest) return respond(json_error(403, "guests have no password to change"));
  if (auto why = check_password(new_password); !why.empty()) return respond(json_error(400, why));
  // Limited like log-ins: a stolen session must not try passwords fast.
  const std::string& address = call.caller.address;
  bool by_address = p_.logins_by_address.allow(address);
  bool by_pair = p_.logins_by_address_name.allow(address + "\n" + name_key(user.name));
  if (!by_address || !by_pair) return respond(json_error(429, "too many password attempts; wait a minute"));
  post_auth(
      AuthQueue::Lane::Login, address, "password change",
      [this, user, old_password, new_password, token = call.caller.token] {
        AuthResult r = p_.accounts.change_password(user, old_password, new_password, token);
        if (r.status >= 300) return json_error(r.status, r.error);
        // The user's other tabs (their sessions may be gone) check theirs.
        p_.users.send(user.id, {{"type", "session_check"}});
        return ok_json(json::object());
      },
      std::move(respond));
}

void Api::export_games(const ApiCall& call, Respond respond) {
  const User& user = *call.caller.user;
  std::vector<FinishedGameId> ids;
  std::int64_t total = 0;
  p_.context.store.read([&](Database* db) { ids = finished_game_ids(db, user.id, kExportMax, total); });
  std::string file;
  for (const auto& game : ids) {
    // Read from the store as a room apart from the registry: a download
    // does not push the games being played out of memory.
    auto stored = p_.context.store.load(game.id);
    if (!stored) continue;
    auto room = GameRoom::load(*stored, p_.context);
    auto record = parse_record(room->record());
    if (!record) continue;
    record->set_tag("Date", record_date(game.ended_ms));
    if (!record->has_tag("TimeControl")) record->set_tag("TimeControl", "untimed");
    if (!file.empty()) file += "\n";
    file += format_record(*record);
  }
  HttpReply h;
  h.content_type = "text/plain; charset=utf-8";
  h.body = std::move(file);
  // Only the user's own name (letters, digits, _ and -) goes in the header.
  h.headers.emplace_back("Content-Disposition", "attachment; filename=\"dvonn-games-" + user.name + ".txt\"");
  h.headers.emplace_back("X-Dvonn-Games", std::to_string(ids.size()) + " of " + std::to_string(total));
  respond(h);
}

void Api::delete_account(const ApiCall& call, Respond respond) {
  std::string confirm, password;
  if (!string_field(call.body, "confirm", confirm) || confirm != "DELETE")
    return respond(json_error(400, "confirm must be \"DELETE\""));
  const User& user = *call.caller.user;
  if (!user.guest && !string_field(call.body, "password", password))
    return respond(json_error(400, "password must be a string"));
  const std::string& address = call.caller.address;
  if (!user.guest) {
    bool by_address = p_.logins_by_address.allow(address);
    bool by_pair = p_.logins_by_address_name.allow(address + "\n" + name_key(user.name));
    if (!by_address || !by_pair) return respond(json_error(429, "too many password attempts; wait a minute"));
  }
  post_auth(
      AuthQueue::Lane::Login, address, "account deletion",
      [this, user, password] {
        AuthResult r = p_.accounts.delete_account(user, password);
        if (r.status >= 300) return json_error(r.status, r.error);
        // Its games are all finished (else 409) and on disk: the rooms in
        // memory still hold the old name, so they go and reload as
        // "deleted player".
        for (const auto& room : p_.registry.rooms())
          if (room->seat_of(user.id)) p_.registry.forget(room->id());
        p_.users.send(user.id, {{"type", "session_check"}});
        HttpReply h = ok_json(json::object());
        h.headers.emplace_back("Set-Cookie", clear_session_cookie());
        return h;
      },
      std::move(respond));
}

}  // namespace dvonn::server
