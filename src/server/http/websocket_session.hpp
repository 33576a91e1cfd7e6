// One WebSocket client of one game: a player (with a seat token) or a
// spectator. It receives the state after every change and may send moves,
// undo, hint, resign and ping messages (docs/server-api.md). With no room it
// is a client of the lobby (/ws/lobby): it receives the list of open games
// after every change and may send only ping.
#pragma once

#include <boost/beast/core/tcp_stream.hpp>
#include <boost/beast/http/message.hpp>
#include <boost/beast/http/string_body.hpp>
#include <memory>
#include <string>

#include "server/http/services.hpp"
#include "server/rooms/game_room.hpp"

namespace dvonn::server {

void start_websocket_session(boost::beast::tcp_stream stream,
                             boost::beast::http::request<boost::beast::http::string_body> upgrade,
                             std::shared_ptr<GameRoom> room, std::string token, Services& services,
                             std::shared_ptr<void> ticket = nullptr);

}  // namespace dvonn::server
