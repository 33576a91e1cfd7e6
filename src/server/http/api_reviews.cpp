// Game review: /api/games/{id}/review and /api/reviews (docs/community-api.md
// "Game review"). The jobs themselves are server/review's ReviewJobs.
#include "server/base/random_id.hpp"
#include "server/http/api.hpp"

namespace dvonn::server {
namespace {

HttpReply reply_of(const ReviewAnswer& a) {
  HttpReply h;
  h.status = a.status;
  h.body = a.body.dump();
  return h;
}

std::int64_t user_of(const ApiCaller& caller) { return caller.user ? caller.user->id : 0; }

}  // namespace

void Api::review_request(const ApiCall& call, Respond respond) {
  const std::string& id = call.params[0];
  if (!looks_like_game_id(id)) return respond(json_error(404, "no game with id " + id));
  respond(reply_of(p_.reviews.request_game(id, call.caller.address, user_of(call.caller))));
}

void Api::review_of_game(const ApiCall& call, Respond respond) {
  const std::string& id = call.params[0];
  if (!looks_like_game_id(id)) return respond(json_error(404, "no game with id " + id));
  respond(reply_of(p_.reviews.game_status(id)));
}

void Api::review_import(const ApiCall& call, Respond respond) {
  auto record = call.body.find("record");
  if (record == call.body.end() || !record->is_string() || record->get<std::string>().empty())
    return respond(json_error(400, "record must be a game record's text (docs/game-record.md)"));
  respond(reply_of(p_.reviews.request_record(record->get<std::string>(), call.caller.address, user_of(call.caller))));
}

void Api::review_read(const ApiCall& call, Respond respond) {
  respond(reply_of(p_.reviews.review_status(call.params[0])));
}

}  // namespace dvonn::server
