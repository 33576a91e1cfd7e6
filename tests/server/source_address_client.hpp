// HTTP requests from another loopback address (127.0.0.N), for the limits a
// server keeps per client address.
#pragma once

#include <string>

#include "test_client.hpp"

namespace dvonn::server::testing {

// Like http_request, from a socket bound to `source` (any 127.x.y.z works on
// Linux without configuration).
HttpResult http_request_from(const std::string& source, unsigned short port, const std::string& method,
                             const std::string& target, const std::string& body = "", const Headers& headers = {});

}  // namespace dvonn::server::testing
