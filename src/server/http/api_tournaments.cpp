// /api/tournaments: Swiss, round-robin and arena tournaments
// (docs/community-api.md, "Tournaments"). The director runs them; here the
// requests are read and answered.
#include "server/accounts/engine_ratings.hpp"
#include "server/http/api.hpp"
#include "server/http/paging_params.hpp"
#include "server/http/url.hpp"
#include "server/tournaments/tournament_request.hpp"

namespace dvonn::server {

using nlohmann::json;

namespace {

constexpr std::int64_t kTournamentPage = 20;
constexpr std::int64_t kTournamentPageMax = 100;

HttpReply answer_of(const DirectorAnswer& a) {
  if (a.status >= 400) return json_error(a.status, a.error);
  HttpReply h;
  h.status = a.status;
  h.body = a.body.dump();
  return h;
}

std::string user_key(const User& u) { return "user:" + std::to_string(u.id); }

}  // namespace

// The tournament of the path (unknown shapes are refused before any
// lookup), and the caller's action allowed by the rate limit; false after
// answering.
bool Api::tournament_action(const ApiCall& call, const Respond& respond) {
  if (!looks_like_tournament_id(call.params[0])) {
    respond(json_error(404, "no tournament with id " + call.params[0].substr(0, 40)));
    return false;
  }
  if (!p_.tournament_actions_by_user.allow(user_key(*call.caller.user))) {
    respond(json_error(429, "too many tournament requests: wait a minute"));
    return false;
  }
  return true;
}

void Api::tournament_list(const ApiCall& call, Respond respond) {
  std::string status_text = query_param(call.request.query, "status");
  if (status_text.empty()) status_text = "upcoming";
  auto status = tournament_status_from(status_text);
  if (!status || *status == TournamentStatus::Cancelled)
    return respond(json_error(400, "status must be upcoming, running or finished"));
  std::int64_t limit = 0;
  if (auto why = limit_param(call.request.query, kTournamentPage, kTournamentPageMax, limit); !why.empty())
    return respond(json_error(400, why));
  std::optional<PageCursor> after;
  if (std::string next = query_param(call.request.query, "next"); !next.empty()) {
    after = PageCursor::parse(next);
    if (!after || after->id.empty()) return respond(json_error(400, "next must be a page's next (\"TIME.ID\")"));
  }
  respond(answer_of(p_.tournaments.list(*status, after, static_cast<int>(limit))));
}

void Api::tournament_create(const ApiCall& call, Respond respond) {
  const User& me = *call.caller.user;
  if (me.guest) return respond(json_error(403, "guests cannot create tournaments: sign up first"));
  if (!p_.tournament_actions_by_user.allow(user_key(me)))
    return respond(json_error(429, "too many tournament requests: wait a minute"));
  respond(answer_of(p_.tournaments.create(me, call.body)));
}

void Api::tournament_view(const ApiCall& call, Respond respond) {
  if (!looks_like_tournament_id(call.params[0]))
    return respond(json_error(404, "no tournament with id " + call.params[0].substr(0, 40)));
  respond(answer_of(p_.tournaments.view(call.params[0], call.caller.user)));
}

void Api::tournament_join(const ApiCall& call, Respond respond) {
  std::string password;
  if (auto f = call.body.find("password"); f != call.body.end() && !f->is_null()) {
    if (!f->is_string()) return respond(json_error(400, "password must be a string"));
    password = f->get<std::string>();
    if (password.size() > kTournamentPasswordMax) return respond(json_error(400, "password is too long"));
  }
  if (!tournament_action(call, respond)) return;
  respond(answer_of(p_.tournaments.join(call.params[0], *call.caller.user, password)));
}

void Api::tournament_withdraw(const ApiCall& call, Respond respond) {
  if (!tournament_action(call, respond)) return;
  respond(answer_of(p_.tournaments.withdraw(call.params[0], *call.caller.user)));
}

void Api::tournament_engine(const ApiCall& call, Respond respond) {
  auto level = call.body.find("level");
  if (level == call.body.end() || !level->is_number_integer() || level->get<long long>() < 1 ||
      level->get<long long>() > kEngineLevels)
    return respond(json_error(400, "level must be a whole number from 1 to " + std::to_string(kEngineLevels)));
  if (!tournament_action(call, respond)) return;
  respond(answer_of(p_.tournaments.add_engine(call.params[0], *call.caller.user, level->get<int>())));
}

void Api::tournament_start(const ApiCall& call, Respond respond) {
  if (!tournament_action(call, respond)) return;
  respond(answer_of(p_.tournaments.start_now(call.params[0], *call.caller.user)));
}

void Api::tournament_cancel(const ApiCall& call, Respond respond) {
  if (!tournament_action(call, respond)) return;
  respond(answer_of(p_.tournaments.cancel(call.params[0], *call.caller.user)));
}

}  // namespace dvonn::server
