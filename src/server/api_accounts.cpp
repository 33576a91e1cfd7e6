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
  if (action == "guest") {
    if (auto why = check_new_name(name); !why.empty()) return respond(json_error(400, why));
    return post_task(
        "guest", [this, name] { return user_reply(p_.accounts.guest(name)); }, std::move(respond));
  }
  if (!required_string(body, "password", password)) return respond(json_error(400, "password must be a string"));
  if (action == "signup") {
    if (auto why = check_new_name(name); !why.empty()) return respond(json_error(400, why));
    if (auto why = check_password(password); !why.empty()) return respond(json_error(400, why));
    return post_task(
        "sign-up", [this, name, password] { return user_reply(p_.accounts.signup(name, password)); },
        std::move(respond));
  }
  // login: limited per name and per address, whether the password is right
  // or not.
  bool by_address = p_.logins_by_address.allow(caller.address);
  bool by_name = p_.logins_by_name.allow(name_key(name.substr(0, 64)));
  if (!by_address || !by_name) return respond(json_error(429, "too many log-in attempts; wait a minute"));
  post_task(
      "log-in", [this, name, password] { return user_reply(p_.accounts.login(name, password)); }, std::move(respond));
}

}  // namespace dvonn::server
