// One HTTP connection: static files, the JSON API, and the hand-over of
// WebSocket upgrades at /ws to a websocket session.
#pragma once

#include <boost/asio/ip/tcp.hpp>
#include <memory>

#include "server/http/services.hpp"

namespace dvonn::server {

// ticket: the connection's place among its address's (ConnectionLimiter),
// handed on to a WebSocket.
void start_http_session(boost::asio::ip::tcp::socket socket, Services& services,
                        std::shared_ptr<void> ticket = nullptr);

}  // namespace dvonn::server
