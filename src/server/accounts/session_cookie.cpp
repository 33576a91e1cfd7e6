#include "server/accounts/session_cookie.hpp"

#include "core/text.hpp"

namespace dvonn::server {
namespace {

// The value of the session cookie; false when there is none.
bool find_session(std::string_view header, std::string_view& value) {
  while (!header.empty()) {
    auto semi = header.find(';');
    std::string_view pair = trim_whitespace(header.substr(0, semi));
    auto eq = pair.find('=');
    if (eq != std::string_view::npos && trim_whitespace(pair.substr(0, eq)) == kSessionCookie) {
      value = trim_whitespace(pair.substr(eq + 1));
      return true;
    }
    header = semi == std::string_view::npos ? std::string_view{} : header.substr(semi + 1);
  }
  return false;
}

}  // namespace

std::string session_token_from_cookies(std::string_view cookie_header) {
  std::string_view value;
  if (!find_session(cookie_header, value) || value.size() != 64) return {};
  for (char c : value)
    if (!((c >= '0' && c <= '9') || (c >= 'a' && c <= 'f'))) return {};
  return std::string(value);
}

bool has_session_cookie(std::string_view cookie_header) {
  std::string_view value;
  return find_session(cookie_header, value);
}

std::string set_session_cookie(const std::string& token) {
  return std::string(kSessionCookie) + "=" + token +
         "; Path=/; HttpOnly; SameSite=Lax; Max-Age=" + std::to_string(kSessionSeconds);
}

std::string clear_session_cookie() {
  return std::string(kSessionCookie) + "=; Path=/; HttpOnly; SameSite=Lax; Max-Age=0";
}

}  // namespace dvonn::server
