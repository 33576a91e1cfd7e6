// Puzzles: /api/puzzles/... and /api/me/puzzles (docs/community-api.md
// "Puzzles"). What they answer is server/puzzles' PuzzleService.
#include "server/http/api.hpp"
#include "server/http/paging_params.hpp"
#include "server/http/url.hpp"

namespace dvonn::server {
namespace {

constexpr std::int64_t kHistoryPage = 20;
constexpr std::int64_t kHistoryMax = 100;

HttpReply reply_of(const PuzzleAnswer& a) {
  HttpReply h;
  h.status = a.status;
  h.body = a.body.dump();
  return h;
}

// A puzzle id: 16 hex digits (engine::puzzle_id).
bool looks_like_puzzle_id(std::string_view id) {
  if (id.size() != 16) return false;
  for (char c : id)
    if (!((c >= '0' && c <= '9') || (c >= 'a' && c <= 'f'))) return false;
  return true;
}

}  // namespace

void Api::puzzle_next(const ApiCall& call, Respond respond) {
  std::string after = query_param(call.request.query, "after");
  if (!after.empty() && !looks_like_puzzle_id(after))
    return respond(json_error(400, "after must be a puzzle id (16 hex digits)"));
  respond(reply_of(p_.puzzles.next(call.caller.user, after)));
}

void Api::puzzle_daily(const ApiCall& call, Respond respond) { respond(reply_of(p_.puzzles.daily(call.caller.user))); }

void Api::puzzle_show(const ApiCall& call, Respond respond) {
  const std::string& id = call.params[0];
  if (!looks_like_puzzle_id(id)) return respond(json_error(404, "no puzzle with id " + id));
  respond(reply_of(p_.puzzles.show(id, call.caller.user)));
}

void Api::puzzle_attempt(const ApiCall& call, Respond respond) {
  const std::string& id = call.params[0];
  if (!looks_like_puzzle_id(id)) return respond(json_error(404, "no puzzle with id " + id));
  // Per account when signed in, else per address: a flood of attempts
  // would fill the database and move the puzzles' ratings.
  const std::string who = call.caller.user ? "user " + std::to_string(call.caller.user->id) : call.caller.address;
  if (!p_.puzzle_attempts_by_user.allow(who))
    return respond(json_error(429, "too many puzzle attempts: wait a moment"));
  respond(reply_of(p_.puzzles.attempt(id, call.body, call.caller.user)));
}

void Api::my_puzzles(const ApiCall& call, Respond respond) {
  std::string_view query = call.request.query;
  std::int64_t limit = 0;
  if (auto why = limit_param(query, kHistoryPage, kHistoryMax, limit); !why.empty())
    return respond(json_error(400, why));
  PageCursor before;
  if (has_query_param(query, "before")) {
    auto cursor = PageCursor::parse(query_param(query, "before"));
    if (!cursor) return respond(json_error(400, "before must be a page's next"));
    before = *cursor;
  }
  respond(reply_of(p_.puzzles.history(*call.caller.user, before, static_cast<int>(limit))));
}

}  // namespace dvonn::server
