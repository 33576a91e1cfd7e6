// One WebSocket client of one game: a player (with a seat token) or a
// spectator. It receives the state after every change and may send moves,
// undo, hint, resign and ping messages (docs/server-api.md). With no room it
// is a client of the lobby (/ws/lobby): it receives the list of open games
// after every change and may send only ping; or of its user's channel
// (/ws/me, UserHub): it receives what is meant for that person anywhere on
// the site and may send only ping; or of the analysis board's engine
// (/ws/analysis, AnalysisWorkers): it sends analyse and stop.
#pragma once

#include <boost/beast/core/tcp_stream.hpp>
#include <boost/beast/http/message.hpp>
#include <boost/beast/http/string_body.hpp>
#include <memory>
#include <optional>
#include <string>

#include "server/http/services.hpp"
#include "server/rooms/game_room.hpp"

namespace dvonn::server {

// What a connection is for, and who opened it.
struct SocketPeer {
  std::shared_ptr<GameRoom> room;  // null: the lobby or the user's channel
  std::string token;               // a seat token from the URL ("" if none)
  std::optional<User> user;        // the session cookie's user, if any
  bool user_channel = false;       // /ws/me (then user is set)
  std::string tournament;          // /ws/tournament?id=ID: the tournament watched
  bool analysis = false;           // /ws/analysis (the analysis board)
};

void start_websocket_session(boost::beast::tcp_stream stream,
                             boost::beast::http::request<boost::beast::http::string_body> upgrade, SocketPeer peer,
                             Services& services, std::shared_ptr<void> ticket = nullptr);

}  // namespace dvonn::server
