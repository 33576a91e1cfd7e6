#include "server/http/websocket_session.hpp"

#include <atomic>
#include <boost/asio/dispatch.hpp>
#include <boost/asio/post.hpp>
#include <boost/beast/core.hpp>
#include <boost/beast/websocket.hpp>
#include <deque>
#include <iostream>
#include <limits>
#include <nlohmann/json.hpp>

#include "server/http/browser_security.hpp"

namespace dvonn::server {
namespace {

namespace beast = boost::beast;
namespace http = beast::http;
namespace websocket = beast::websocket;
namespace net = boost::asio;
using nlohmann::json;

// Messages above the API's limit get an error; far larger ones are not even
// read into memory: the connection is closed ("message too big").
constexpr std::size_t kHardMessageLimit = 64 * 1024;
// A client that does not read its messages is dropped rather than buffered
// without bound.
constexpr std::size_t kMaxQueuedMessages = 512;

class WebSocketSession : public Subscriber,
                         public Drainable,
                         public Sheddable,
                         public std::enable_shared_from_this<WebSocketSession> {
 public:
  WebSocketSession(beast::tcp_stream&& stream, SocketPeer peer, Services& services, std::shared_ptr<void> ticket)
      : ws_(std::move(stream)),
        room_(std::move(peer.room)),
        token_(std::move(peer.token)),
        user_(std::move(peer.user)),
        user_channel_(peer.user_channel && user_),
        tournament_(std::move(peer.tournament)),
        analysis_(peer.analysis),
        services_(services),
        ticket_(std::move(ticket)),
        bucket_(services.config.ws_rate, services.config.ws_burst) {
    beast::error_code ec;
    auto endpoint = beast::get_lowest_layer(ws_).socket().remote_endpoint(ec);
    address_ = ec ? "unknown" : endpoint.address().to_string();
  }

  void run(http::request<http::string_body> upgrade) {
    // Behind a proxy the client is the one the proxy names (as for HTTP).
    address_ = client_address(address_, upgrade["X-Forwarded-For"], services_.config.behind_proxy);
    ws_.set_option(websocket::stream_base::timeout::suggested(beast::role_type::server));
    ws_.set_option(websocket::stream_base::decorator(
        [](websocket::response_type& res) { res.set(http::field::server, "dvonn"); }));
    ws_.read_message_max(kHardMessageLimit);
    // Pings and pongs count against the message rate too: Beast answers a
    // ping by itself, so without this a client could send a million a
    // second and stay connected. Called inside a read (which keeps this
    // session alive), where the stream may not start operations: the close
    // is posted.
    ws_.control_callback([this](websocket::frame_type kind, beast::string_view) {
      if (kind == websocket::frame_type::close || flooded_ || closing_ || bucket_.take()) return;
      flooded_ = true;
      net::post(ws_.get_executor(), [self = shared_from_this()] {
        if (!self->closing_) self->too_many_messages();
      });
    });
    ws_.async_accept(upgrade, [self = shared_from_this()](beast::error_code ec) {
      if (ec) return;
      self->services_.connections.add_websocket(self);
      self->services_.sockets.add(self);
      if (self->room_) {
        self->room_->subscribe(self, self->token_);
        // Many nodes: the creator of an open lobby game watching it here.
        self->services_.lobby.creator_watching(self->room_->id(), self->token_, self);
        // The game's chat too (sent over HTTP, pushed here).
        self->services_.chat_hub.add(self->room_->id(), self, self->user_ ? self->user_->id : 0);
      } else if (self->user_channel_)
        self->services_.users.add(self->user_->id, self);
      else if (!self->tournament_.empty())
        self->services_.tournaments.watch(self->tournament_, self);
      else if (!self->analysis_)
        self->services_.lobby.subscribe(self);
      self->read();
    });
  }

  // The server stops: what is queued goes out, then a close with 1001. A
  // client that does not answer the close gets a second, not the usual 30.
  void going_away() override {
    net::post(ws_.get_executor(), [self = shared_from_this()] {
      if (self->closed_ || self->closing_) return;
      websocket::stream_base::timeout t = websocket::stream_base::timeout::suggested(beast::role_type::server);
      t.handshake_timeout = std::chrono::seconds(1);
      self->ws_.set_option(t);
      self->close_reason_ = websocket::close_reason(websocket::close_code::going_away, "server stopping");
      self->closing_ = true;
      if (!self->writing_) self->close();
    });
  }

  std::int64_t last_active_ms() const override { return last_active_ms_; }
  // Out of file descriptors: the socket closes at once (a closing
  // handshake would keep the descriptor until the client answers).
  void shed() override {
    last_active_ms_ = std::numeric_limits<std::int64_t>::max();  // not chosen again
    net::post(ws_.get_executor(), [self = shared_from_this()] {
      self->closed_ = true;
      beast::error_code ec;
      beast::get_lowest_layer(self->ws_).socket().close(ec);
    });
  }

  void deliver(std::shared_ptr<const std::string> message) override {
    net::post(ws_.get_executor(),
              [self = shared_from_this(), message = std::move(message)]() mutable { self->queue(std::move(message)); });
  }

 private:
  // Over the message rate (messages, pings and pongs alike): an error, then
  // the close. On the session's strand.
  void too_many_messages() {
    // Queued directly (this is the session's strand), so the error goes out
    // before the close.
    queue(error_message("too many messages: the limit is " +
                            std::to_string(static_cast<int>(services_.config.ws_rate)) + " a second; disconnected",
                        nullptr));
    closing_ = true;
    if (!writing_) close();
  }

  void read() {
    ws_.async_read(buffer_,
                   [self = shared_from_this()](beast::error_code ec, std::size_t bytes) { self->on_read(ec, bytes); });
  }

  void on_read(beast::error_code ec, std::size_t bytes) {
    if (ec) {
      // Closed, timed out or too big: the session ends, and its seat (if it
      // named one) may be away, or its user offline. (Here, not in the
      // destructor: that may run under a room's or the hub's lock, or after
      // the server's parts are gone.)
      if (room_) room_->unsubscribe(this);
      if (user_channel_) services_.users.remove(user_->id, this);
      if (analysis_) services_.analysis.forget_client(this);
      return;
    }
    last_active_ms_ = steady_now_ms();
    std::string text = beast::buffers_to_string(buffer_.data());
    buffer_.consume(buffer_.size());
    if (closing_) return;                             // a flood of control frames ended it meanwhile
    if (!bucket_.take()) return too_many_messages();  // no more reads
    try {
      handle(text, bytes);
    } catch (const std::exception& e) {
      // This runs on a network thread: the error is this message's, and the
      // session (and the server) go on.
      std::cerr << "dvonn serve: WebSocket message: " << e.what() << "\n";
      send_error(dynamic_cast<const StoreError*>(&e) ? "storage error: the server could not use its database"
                                                     : "internal server error",
                 nullptr);
    }
    read();
  }

  void handle(const std::string& text, std::size_t bytes) {
    if (bytes > services_.config.max_message_bytes)
      return send_error(
          "message too large: the limit is " + std::to_string(services_.config.max_message_bytes) + " bytes", nullptr);
    json msg = json::parse(text, nullptr, false);
    if (msg.is_discarded() || !msg.is_object()) return send_error("malformed JSON: send one JSON object", nullptr);
    auto type_field = msg.find("type");
    if (type_field == msg.end() || !type_field->is_string())
      return send_error("a message needs a \"type\": move, undo, hint, resign, abort or ping", nullptr);
    std::string type = type_field->get<std::string>();
    auto self = shared_from_this();
    auto on_reply = [self, type](const RoomReply& r) {
      if (r.status != 200) return self->send_error(r.error, type);
      if (type == "move") self->services_.metrics.move();
    };
    if (type == "ping") return queue(std::make_shared<const std::string>(R"({"type":"pong"})"));
    if (analysis_) return handle_analysis(type, msg);
    if (!room_)
      return send_error(user_channel_          ? "/ws/me accepts only ping"
                        : !tournament_.empty() ? "/ws/tournament accepts only ping"
                                               : "the lobby accepts only ping",
                        type);
    // The seat token comes with the message (a URL's would be logged by
    // proxies); ?token= on the upgrade is still accepted.
    std::string token = token_;
    if (auto t = msg.find("token"); t != msg.end()) {
      if (!t->is_string()) return send_error("token must be a string", type);
      token = t->get<std::string>();
    }
    if (type == "move") {
      auto move = msg.find("move");
      if (move == msg.end() || !move->is_string() || move->get<std::string>().empty())
        return send_error("a move message needs \"move\", like \"E3\", \"A1B2\" or \"PASS\"", type);
      return room_->move(token, move->get<std::string>(), on_reply, address_);
    }
    // A seat's socket names its token once: the room then counts the seat
    // as there (docs/community-api.md "Rematch, takeback, claim").
    if (type == "hello") return room_->identify(self, token);
    if (type == "undo") return room_->undo(token, on_reply);
    if (type == "resign") return room_->resign(token, on_reply);
    if (type == "abort") return room_->abort(token, on_reply);
    if (type == "chat") {
      auto said = msg.find("text");
      if (said == msg.end() || !said->is_string()) return send_error("a chat message needs \"text\": a string", type);
      if (!user_) return send_error("log in (or play as a guest) to chat", type);
      // Stored first, so off the network thread, on the database's readers.
      bool queued =
          services_.reads.post([self, type, game = room_->id(), user = *user_, text = said->get<std::string>()] {
            try {
              HttpReply r = self->services_.api.say_in_chat(game, user, text);
              if (r.status >= 300)
                self->send_error(json::parse(r.body, nullptr, false).value("error", "refused"), type);
            } catch (const std::exception& e) {
              std::cerr << "dvonn serve: chat message: " << e.what() << "\n";
              self->send_error("storage error: the server could not use its database", type);
            }
          });
      if (!queued) send_error("the server is busy: try again in a moment", type);
      return;
    }
    if (type == "hint") {
      return room_->hint(
          token,
          [self, type](const RoomReply& r) {
            if (r.status != 200) return self->send_error(r.error, type);
            json hint = r.hint;
            hint["type"] = "hint";
            self->deliver(std::make_shared<const std::string>(hint.dump()));
          },
          address_);
    }
    send_error("unknown message type \"" + type + "\": use move, undo, hint, resign, abort or ping", type);
  }

  // /ws/analysis: analyse (a new analysis replaces the running one) and
  // stop; the connection stays after a refusal.
  void handle_analysis(const std::string& type, const json& msg) {
    if (type == "analyse") {
      std::string error = services_.analysis.analyse(
          this, address_, msg, [self = shared_from_this()](std::shared_ptr<const std::string> message) {
            self->deliver(std::move(message));
          });
      if (!error.empty()) send_error(error, type);
      return;
    }
    if (type == "stop") return services_.analysis.stop_client(this);
    send_error("unknown message type \"" + type + "\": /ws/analysis accepts analyse, stop and ping", type);
  }

  static std::shared_ptr<const std::string> error_message(const std::string& message, json request) {
    return std::make_shared<const std::string>(
        json{{"type", "error"}, {"message", message}, {"request", std::move(request)}}.dump());
  }
  // May be called from any thread.
  void send_error(const std::string& message, json request) { deliver(error_message(message, std::move(request))); }

  void queue(std::shared_ptr<const std::string> message) {
    if (closed_) return;
    if (queue_.size() >= kMaxQueuedMessages) {
      closed_ = true;
      beast::get_lowest_layer(ws_).close();
      return;
    }
    queue_.push_back(std::move(message));
    if (!writing_) write_next();
  }

  void write_next() {
    writing_ = true;
    ws_.text(true);
    ws_.async_write(net::buffer(*queue_.front()), [self = shared_from_this()](beast::error_code ec, std::size_t) {
      self->writing_ = false;
      if (ec) {
        self->closed_ = true;
        return;
      }
      self->queue_.pop_front();
      if (!self->queue_.empty()) return self->write_next();
      if (self->closing_) self->close();
    });
  }

  void close() {
    if (closed_) return;
    closed_ = true;
    ws_.async_close(close_reason_, [self = shared_from_this()](beast::error_code) {});
  }

  websocket::stream<beast::tcp_stream> ws_;
  std::shared_ptr<GameRoom> room_;
  std::string token_;
  std::optional<User> user_;   // the session cookie's user, if any
  bool user_channel_ = false;  // /ws/me: in services_.users
  std::string tournament_;     // /ws/tournament: the tournament watched
  bool analysis_ = false;      // /ws/analysis: its analyses in services_.analysis
  std::string address_;        // charged for the engine work it asks for
  Services& services_;
  std::shared_ptr<void> ticket_;  // its place among its address's connections
  std::atomic<std::int64_t> last_active_ms_{steady_now_ms()};
  TokenBucket bucket_;
  bool flooded_ = false;  // over the rate in control frames: closing
  beast::flat_buffer buffer_;
  std::deque<std::shared_ptr<const std::string>> queue_;
  bool writing_ = false;
  bool closing_ = false;  // close once the queue is written
  bool closed_ = false;
  websocket::close_reason close_reason_{websocket::close_code::policy_error, "too many messages"};
};

}  // namespace

void start_websocket_session(beast::tcp_stream stream, http::request<http::string_body> upgrade, SocketPeer peer,
                             Services& services, std::shared_ptr<void> ticket) {
  auto session = std::make_shared<WebSocketSession>(std::move(stream), std::move(peer), services, std::move(ticket));
  session->run(std::move(upgrade));
}

}  // namespace dvonn::server
