// One HTTP connection: static files, the JSON API, and the hand-over of
// WebSocket upgrades at /ws to a websocket session.
#pragma once

#include <boost/asio/ip/tcp.hpp>

#include "server/services.hpp"

namespace dvonn::server {

void start_http_session(boost::asio::ip::tcp::socket socket, Services& services);

}  // namespace dvonn::server
