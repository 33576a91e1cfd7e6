// /api/seeks: "Play now", looking for an opponent of a time control
// (docs/community-api.md). The pairing itself is the Matchmaker's.
#include "server/http/api.hpp"

namespace dvonn::server {

using nlohmann::json;

void Api::seek_grid(const ApiCall& call, Respond respond) {
  p_.pairing.recount();
  HttpReply h;
  h.body = p_.pairing.grid_json(call.caller.user ? call.caller.user->id : 0).dump();
  respond(h);
}

void Api::seek_create(const ApiCall& call, Respond respond) {
  const json& body = call.body;
  auto control = body.find("control");
  if (control == body.end() || !control->is_string())
    return respond(json_error(400, "control must be a time control such as \"10+0\""));
  bool rated = false;
  if (auto r = body.find("rated"); r != body.end() && !r->is_null()) {
    if (!r->is_boolean()) return respond(json_error(400, "rated must be true or false"));
    rated = r->get<bool>();
  }
  SeekAnswer answer = p_.pairing.seek(*call.caller.user, control->get<std::string>(), rated);
  if (answer.status != 200) return respond(json_error(answer.status, answer.error));
  HttpReply h;
  h.body = p_.pairing.grid_json(call.caller.user->id).dump();
  respond(h);
}

void Api::seek_cancel(const ApiCall& call, Respond respond) {
  HttpReply h;
  h.body = json{{"withdrawn", p_.pairing.withdraw(call.caller.user->id)}}.dump();
  respond(h);
}

}  // namespace dvonn::server
