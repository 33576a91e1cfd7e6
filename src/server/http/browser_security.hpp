// What keeps other sites and proxies from misusing a browser's session
// (docs/server.md, "Browser security"): the same-origin check on state
// changes and WebSocket upgrades, the headers every response carries, and
// which client address and scheme to believe behind a reverse proxy.
#pragma once

#include <string>
#include <string_view>
#include <utility>
#include <vector>

namespace dvonn::server {

// Headers for every response: a Content-Security-Policy that allows only
// this server's scripts and refuses framing, and their older equivalents.
// Over TLS (secure) also HSTS.
std::vector<std::pair<std::string, std::string>> security_headers(bool secure);

// Whether a request's Origin header is acceptable for a state change or a
// WebSocket upgrade: absent (not a browser, or an old one), or naming the
// same host as the Host header (ports are not compared: cookies are not
// kept per port either). "null" and anything unparsable are refused.
bool origin_allowed(std::string_view origin, std::string_view host);

// The client's address: the peer's, or behind a proxy (which appends the
// address it saw) the last X-Forwarded-For entry when it is an IP address.
std::string client_address(const std::string& peer, std::string_view forwarded_for, bool behind_proxy);

// The host the browser asked for: the Host header, or behind a proxy the
// first X-Forwarded-Host entry when there is one (a proxy that passes its
// own upstream as Host would otherwise make every Origin look foreign).
std::string_view requested_host(std::string_view host, std::string_view forwarded_host, bool behind_proxy);

// Whether the browser talks TLS to us: only a trusted proxy can say so
// (X-Forwarded-Proto: https); this server itself speaks plain HTTP.
bool is_secure(std::string_view forwarded_proto, bool behind_proxy);

// Who may read GET /metrics (its queue lengths would help time a flood):
// a client on this machine (the peer is a loopback address, and not a
// proxy forwarding someone else: X-Forwarded-For present behind a proxy),
// or anyone sending "Authorization: Bearer TOKEN" when a token is set.
bool metrics_allowed(const std::string& peer, bool forwarded, bool behind_proxy, std::string_view authorization,
                     const std::string& token);

}  // namespace dvonn::server
