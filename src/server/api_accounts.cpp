// /api/auth/*: sign-up, log-in, guests, log-out (docs/community-api.md).
#include "server/account_rules.hpp"
#include "server/api.hpp"
#include "server/session_cookie.hpp"

namespace dvonn::server {
namespace {

using nlohmann::json;

// A string field that must be there; false when absent or not a string.
bool required_string(const json& body, const char* name, std::string& out) {
  auto f = body.find(name);
  if (f == body.end() || !f->is_string()) return false;
  out = f->get<std::string>();
  return true;
}

HttpReply user_reply(const AuthResult& r) {
  if (r.status >= 300) return json_error(r.status, r.error);
  HttpReply h;
  h.status = r.status;
  h.body = json{{"user", user_json(r.user)}}.dump();
  h.headers.emplace_back("Set-Cookie", set_session_cookie(r.token));
  return h;
}

}  // namespace

void Api::post_auth(AuthQueue::Lane lane, const std::string& what, std::function<HttpReply()> work, Respond respond) {
  auto task = [what, work = std::move(work), respond] { reply_or_server_error(what, work, respond); };
  if (p_.auth_queue.post(lane, std::move(task))) return;
  HttpReply busy = json_error(503, "the server is busy with other " + what + "s; try again in a few seconds");
  busy.headers.emplace_back("Retry-After", "2");
  respond(std::move(busy));
}

void Api::auth(const std::string& action, const json& body, const Caller& caller, Respond respond) {
  if (action != "signup" && action != "login" && action != "guest" && action != "logout")
    return respond(json_error(404, "unknown API path /api/auth/" + action));
  if (action == "logout") {
    if (caller.token.empty()) {
      HttpReply h;
      h.body = "{}";
      h.headers.emplace_back("Set-Cookie", clear_session_cookie());
      return respond(h);
    }
    return p_.accounts.logout(caller.token, [respond](const std::string& error) {
      if (!error.empty()) return respond(json_error(500, error));
      HttpReply h;
      h.body = "{}";
      h.headers.emplace_back("Set-Cookie", clear_session_cookie());
      respond(h);
    });
  }
  std::string name, password;
  if (!required_string(body, "name", name)) return respond(json_error(400, "name must be a string"));
  using Lane = AuthQueue::Lane;
  if (action == "guest") {
    if (auto why = check_new_name(name); !why.empty()) return respond(json_error(400, why));
    // Guests are cheap (no password) and go in the log-in lane.
    if (!p_.auth_queue.full(Lane::Login) && !p_.guests_by_address.allow(caller.address))
      return respond(json_error(429, "too many guests from your address; try again later"));
    return post_auth(
        Lane::Login, "guest", [this, name] { return user_reply(p_.accounts.guest(name)); }, std::move(respond));
  }
  if (!required_string(body, "password", password)) return respond(json_error(400, "password must be a string"));
  if (action == "signup") {
    if (auto why = check_new_name(name); !why.empty()) return respond(json_error(400, why));
    if (auto why = check_password(password); !why.empty()) return respond(json_error(400, why));
    // A sign-up the full queue refuses (503) does not count against the
    // address.
    if (!p_.auth_queue.full(Lane::Signup) && !p_.signups_by_address.allow(caller.address))
      return respond(json_error(429, "too many sign-ups from your address; try again later"));
    return post_auth(
        Lane::Signup, "sign-up", [this, name, password] { return user_reply(p_.accounts.signup(name, password)); },
        std::move(respond));
  }
  // login: limited per address and per address and name, whether the
  // password is right or not; never per name alone, or ten attempts from
  // anywhere would lock its owner out.
  bool by_address = p_.logins_by_address.allow(caller.address);
  bool by_pair = p_.logins_by_address_name.allow(caller.address + "\n" + name_key(name.substr(0, 64)));
  if (!by_address || !by_pair) return respond(json_error(429, "too many log-in attempts; wait a minute"));
  post_auth(
      Lane::Login, "log-in", [this, name, password] { return user_reply(p_.accounts.login(name, password)); },
      std::move(respond));
}

}  // namespace dvonn::server
