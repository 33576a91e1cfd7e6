// The interactive tutorial's progress in an account (docs/community-api.md,
// "Tutorial progress"): which steps a registered user has finished, and
// marking one finished. Guests keep theirs in the browser, as anonymous
// visitors do: the account of a guest is not for keeping.
#include "server/accounts/tutorial_steps.hpp"
#include "server/http/api.hpp"

namespace dvonn::server {
namespace {

using nlohmann::json;

HttpReply answer_json(const json& body, int status = 200) {
  HttpReply h;
  h.status = status;
  h.body = body.dump();
  return h;
}

json steps_json(const std::vector<std::string>& done) {
  json list = json::array();
  for (const auto& s : done) list.push_back(s);
  return {{"done", list}};
}

std::string step_names() {
  std::string names;
  for (std::string_view s : kTutorialSteps) names += (names.empty() ? "" : ", ") + std::string(s);
  return names;
}

HttpReply guest_refusal() {
  return json_error(403, "a guest's tutorial progress is kept in the browser, not on the server");
}

}  // namespace

// At most one row per step: the list is never longer than kTutorialSteps,
// so it is not paged.
void Api::tutorial_progress(const ApiCall& call, Respond respond) {
  const User& user = *call.caller.user;
  if (user.guest) return respond(guest_refusal());
  respond(answer_json(steps_json(p_.tutorial.done(user.id))));
}

void Api::tutorial_finish(const ApiCall& call, Respond respond) {
  const User& user = *call.caller.user;
  if (user.guest) return respond(guest_refusal());
  auto step = call.body.find("step");
  if (step == call.body.end() || !step->is_string())
    return respond(json_error(400, "the body needs \"step\": the name of a tutorial step"));
  std::string name = step->get<std::string>();
  if (!is_tutorial_step(name)) return respond(json_error(400, "unknown tutorial step; the steps are " + step_names()));
  if (auto error = p_.tutorial.finish(user.id, name); !error.empty())
    return respond(json_error(503, "storage error: the progress was not saved"));
  respond(answer_json(steps_json(p_.tutorial.done(user.id))));
}

}  // namespace dvonn::server
