// /api/auth/*: sign-up, log-in, guests, log-out (docs/community-api.md).
#include "server/accounts/account_rules.hpp"
#include "server/accounts/session_cookie.hpp"
#include "server/http/api.hpp"

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

void Api::post_auth(AuthQueue::Lane lane, const std::string& address, const std::string& what,
                    std::function<HttpReply()> work, Respond respond) {
  auto task = [what, work = std::move(work), respond] { reply_or_server_error(what, work, respond); };
  if (p_.auth_queue.post(lane, address, std::move(task))) return;
  respond(busy_reply("the server is busy with other " + what + "s; try again in a few seconds", 2));
}

void Api::logout(const ApiCall& call, Respond respond) {
  auto logged_out = [respond] {
    HttpReply h;
    h.body = "{}";
    h.headers.emplace_back("Set-Cookie", clear_session_cookie());
    respond(h);
  };
  if (call.caller.token.empty()) return logged_out();
  p_.accounts.logout(call.caller.token, [respond, logged_out](const std::string& error) {
    // The store logged the details.
    if (!error.empty()) return respond(json_error(500, "storage error: the log-out could not be saved; try again"));
    logged_out();
  });
}

void Api::guest(const ApiCall& call, Respond respond) {
  std::string name;
  if (!required_string(call.body, "name", name)) return respond(json_error(400, "name must be a string"));
  if (auto why = check_new_name(name); !why.empty()) return respond(json_error(400, why));
  // Guests are cheap (no password) and go in the log-in lane.
  if (!p_.auth_queue.full(AuthQueue::Lane::Login, call.caller.address) &&
      !p_.guests_by_address.allow(call.caller.address))
    return respond(json_error(429, "too many guests from your address; try again later"));
  post_auth(
      AuthQueue::Lane::Login, call.caller.address, "guest",
      [this, name] { return user_reply(p_.accounts.guest(name)); }, std::move(respond));
}

void Api::signup(const ApiCall& call, Respond respond) {
  std::string name, password;
  if (!required_string(call.body, "name", name)) return respond(json_error(400, "name must be a string"));
  if (!required_string(call.body, "password", password)) return respond(json_error(400, "password must be a string"));
  if (auto why = check_new_name(name); !why.empty()) return respond(json_error(400, why));
  if (auto why = check_password(password); !why.empty()) return respond(json_error(400, why));
  // A sign-up the full queue refuses (503) does not count against the
  // address.
  if (!p_.auth_queue.full(AuthQueue::Lane::Signup, call.caller.address) &&
      !p_.signups_by_address.allow(call.caller.address))
    return respond(json_error(429, "too many sign-ups from your address; try again later"));
  post_auth(
      AuthQueue::Lane::Signup, call.caller.address, "sign-up",
      [this, name, password] { return user_reply(p_.accounts.signup(name, password)); }, std::move(respond));
}

void Api::login(const ApiCall& call, Respond respond) {
  std::string name, password;
  if (!required_string(call.body, "name", name)) return respond(json_error(400, "name must be a string"));
  if (!required_string(call.body, "password", password)) return respond(json_error(400, "password must be a string"));
  // Limited per address and per address and name, whether the password is
  // right or not; never per name alone, or ten attempts from anywhere would
  // lock its owner out.
  const std::string& address = call.caller.address;
  bool by_address = p_.logins_by_address.allow(address);
  bool by_pair = p_.logins_by_address_name.allow(address + "\n" + name_key(name.substr(0, 64)));
  if (!by_address || !by_pair) return respond(json_error(429, "too many log-in attempts; wait a minute"));
  post_auth(
      AuthQueue::Lane::Login, address, "log-in",
      [this, name, password] { return user_reply(p_.accounts.login(name, password)); }, std::move(respond));
}

}  // namespace dvonn::server
