#include "server/http/browser_security.hpp"

#include <boost/asio/ip/address.hpp>
#include <cctype>

#include "core/text.hpp"
#include "server/base/random_id.hpp"

namespace dvonn::server {
namespace {

std::string lower(std::string_view s) {
  std::string out(s);
  for (char& c : out) c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
  return out;
}

// The host of "host", "host:port", "[v6]" or "[v6]:port"; "" when malformed.
std::string host_of(std::string_view authority) {
  if (authority.empty()) return {};
  if (authority.front() == '[') {
    auto close = authority.find(']');
    if (close == std::string_view::npos) return {};
    std::string_view rest = authority.substr(close + 1);
    if (!rest.empty() && rest.front() != ':') return {};
    return lower(authority.substr(0, close + 1));
  }
  auto colon = authority.find(':');
  std::string_view host = authority.substr(0, colon);
  if (host.empty() || host.find_first_of("/@ ") != std::string_view::npos) return {};
  return lower(host);
}

}  // namespace

std::vector<std::pair<std::string, std::string>> security_headers(bool secure) {
  std::vector<std::pair<std::string, std::string>> h = {
      // Scripts only from this server (no inline ones, no eval); styles may
      // be inline (rules.html); 'self' in connect-src covers ws:/wss: to
      // this host. frame-ancestors: no other page may frame the UI
      // (clickjacking); X-Frame-Options says the same to older browsers.
      {"Content-Security-Policy",
       "default-src 'self'; script-src 'self'; style-src 'self' 'unsafe-inline'; img-src 'self' data:; "
       "connect-src 'self'; object-src 'none'; base-uri 'self'; form-action 'self'; frame-ancestors 'none'"},
      {"X-Frame-Options", "DENY"},
      {"X-Content-Type-Options", "nosniff"},
      {"Referrer-Policy", "same-origin"},
  };
  if (secure) h.emplace_back("Strict-Transport-Security", "max-age=31536000");
  return h;
}

bool origin_allowed(std::string_view origin, std::string_view host) {
  origin = trim_whitespace(origin);
  if (origin.empty()) return true;
  auto scheme_end = origin.find("://");
  if (scheme_end == std::string_view::npos) return false;  // "null" among others
  std::string scheme = lower(origin.substr(0, scheme_end));
  if (scheme != "http" && scheme != "https") return false;
  std::string_view authority = origin.substr(scheme_end + 3);
  if (authority.find('/') != std::string_view::npos) return false;
  std::string origin_host = host_of(authority);
  std::string own_host = host_of(trim_whitespace(host));
  return !origin_host.empty() && origin_host == own_host;
}

std::string client_address(const std::string& peer, std::string_view forwarded_for, bool behind_proxy) {
  if (!behind_proxy || forwarded_for.empty()) return peer;
  auto comma = forwarded_for.rfind(',');
  std::string last(trim_whitespace(comma == std::string_view::npos ? forwarded_for : forwarded_for.substr(comma + 1)));
  boost::system::error_code ec;
  auto address = boost::asio::ip::make_address(last, ec);
  return ec ? peer : address.to_string();
}

std::string_view requested_host(std::string_view host, std::string_view forwarded_host, bool behind_proxy) {
  if (!behind_proxy || trim_whitespace(forwarded_host).empty()) return host;
  return trim_whitespace(forwarded_host.substr(0, forwarded_host.find(',')));
}

bool is_secure(std::string_view forwarded_proto, bool behind_proxy) {
  return behind_proxy && lower(trim_whitespace(forwarded_proto)) == "https";
}

bool metrics_allowed(const std::string& peer, bool forwarded, bool behind_proxy, std::string_view authorization,
                     const std::string& token) {
  constexpr std::string_view kBearer = "Bearer ";
  if (!token.empty() && authorization.starts_with(kBearer) &&
      constant_time_equal(trim_whitespace(authorization.substr(kBearer.size())), token))
    return true;
  if (behind_proxy && forwarded) return false;
  boost::system::error_code ec;
  auto address = boost::asio::ip::make_address(peer, ec);
  if (ec) return false;
  if (address.is_v6() && address.to_v6().is_v4_mapped())
    return boost::asio::ip::make_address_v4(boost::asio::ip::v4_mapped, address.to_v6()).is_loopback();
  return address.is_loopback();
}

}  // namespace dvonn::server
