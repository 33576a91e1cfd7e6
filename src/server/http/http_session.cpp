#include "server/http/http_session.hpp"

#include <boost/asio/dispatch.hpp>
#include <boost/asio/post.hpp>
#include <boost/beast/core.hpp>
#include <boost/beast/http.hpp>
#include <boost/beast/websocket/rfc6455.hpp>
#include <chrono>
#include <iostream>
#include <nlohmann/json.hpp>
#include <optional>

#include "server/accounts/session_cookie.hpp"
#include "server/http/browser_security.hpp"
#include "server/http/url.hpp"
#include "server/http/websocket_session.hpp"

namespace dvonn::server {
namespace {

namespace beast = boost::beast;
namespace http = beast::http;
namespace net = boost::asio;
using tcp = net::ip::tcp;

class HttpSession : public std::enable_shared_from_this<HttpSession> {
 public:
  HttpSession(tcp::socket&& socket, Services& services, std::shared_ptr<void> ticket)
      : stream_(std::move(socket)), services_(services), ticket_(std::move(ticket)) {
    beast::error_code ec;
    auto endpoint = stream_.socket().remote_endpoint(ec);
    peer_ = ec ? "unknown" : endpoint.address().to_string();
  }

  void run() {
    net::dispatch(stream_.get_executor(), beast::bind_front_handler(&HttpSession::read, shared_from_this()));
  }

 private:
  void read() {
    parser_.emplace();
    parser_->body_limit(services_.config.max_message_bytes);
    parser_->header_limit(8 * 1024);
    stream_.expires_after(std::chrono::seconds(60));
    http::async_read(stream_, buffer_, *parser_, beast::bind_front_handler(&HttpSession::on_read, shared_from_this()));
  }

  void on_read(beast::error_code ec, std::size_t) {
    if (ec == http::error::end_of_stream) return close();
    if (ec == http::error::body_limit)
      return write(json_error(413, "request body too large: the limit is " +
                                       std::to_string(services_.config.max_message_bytes) + " bytes"),
                   false, 11);
    if (ec == beast::error::timeout || ec == net::error::operation_aborted || ec == net::error::connection_reset ||
        ec == net::error::eof)
      return;
    if (ec) return write(json_error(400, "bad HTTP request: " + ec.message()), false, 11);
    handle(parser_->release());
  }

  // Checks what every request must pass (stopping, the address's rate,
  // the origin of a state change), then hands it to the WebSocket upgrade,
  // the API or the static files.
  void handle(http::request<http::string_body> req) {
    std::string_view target = req.target();
    auto question = target.find('?');
    std::string path = percent_decode(target.substr(0, question));
    std::string_view query = question == std::string_view::npos ? std::string_view{} : target.substr(question + 1);
    unsigned version = req.version();
    bool behind_proxy = services_.config.behind_proxy;
    std::string address = client_address(peer_, req["X-Forwarded-For"], behind_proxy);
    secure_ = is_secure(req["X-Forwarded-Proto"], behind_proxy);
    // Until its answer is written, a stop waits for this request.
    in_flight_.emplace(services_.connections);
    started_ = std::chrono::steady_clock::now();
    log_method_ = std::string(req.method_string()).substr(0, 16);
    log_path_ = path.substr(0, 200);  // no query: it may hold a seat token
    log_address_ = address;
    bool keep_alive = req.keep_alive() && !services_.connections.draining();
    if (services_.connections.draining())
      return write(busy_reply("the server is stopping; try again in a moment", 5), false, version);

    // Bytes that are not UTF-8 cannot be a name of ours (and would not go
    // into a JSON answer): refused here, whatever the path.
    if (!is_valid_utf8(path))
      return write(json_error(400, "bad request: the path is not UTF-8 once percent-decoded"), keep_alive, version);

    bool is_api = path == "/api" || path.starts_with("/api/");
    bool is_ws =
        path == "/ws" || path == "/ws/lobby" || path == "/ws/me" || path == "/ws/tournament" || path == "/ws/analysis";
    bool is_metrics = path == "/metrics";
    if ((is_api || is_ws || is_metrics) && !services_.address_limiter.allow(address))
      return write(json_error(429, "too many requests from your address; slow down"), keep_alive, version);
    // Another site's page may send requests with this browser's cookie (and
    // open WebSockets): state changes and upgrades must come from our pages.
    bool changes_state = req.method() != http::verb::get && req.method() != http::verb::head;
    std::string_view host = requested_host(req[http::field::host], req["X-Forwarded-Host"], behind_proxy);
    if ((is_ws || (is_api && changes_state)) && !origin_allowed(req[http::field::origin], host))
      return write(json_error(403, "cross-origin request refused: use this server's own pages"), keep_alive, version);

    if (is_ws) return upgrade(std::move(req), path, query, keep_alive);
    if (is_api) return api(std::move(req), path, query, address, keep_alive);
    bool metrics = is_metrics && metrics_allowed(peer_, !req["X-Forwarded-For"].empty(), behind_proxy,
                                                 req[http::field::authorization], services_.config.metrics_token);
    static_file(req, path, metrics, keep_alive);
  }

  // /ws?game=ID (a game), /ws/lobby, /ws/me (the user's channel) and
  // /ws/analysis (the analysis board's engine, for anyone). The
  // session cookie's user comes with every connection (chat and the user's
  // channel need it).
  void upgrade(http::request<http::string_body> req, const std::string& path, std::string_view query, bool keep_alive) {
    unsigned version = req.version();
    if (!beast::websocket::is_upgrade(req))
      return write(json_error(400, "/ws is the WebSocket endpoint: connect with a WebSocket"), keep_alive, version);
    stream_.expires_never();
    in_flight_.reset();  // the WebSocket is tracked on its own
    Target target;
    target.user_channel = path == "/ws/me";
    target.analysis = path == "/ws/analysis";
    target.game = path == "/ws";
    target.tournament = path == "/ws/tournament";
    target.id = target.game ? query_param(query, "game") : target.tournament ? query_param(query, "id") : "";
    target.token = query_param(query, "token");
    std::string cookie(req[http::field::cookie]);
    auto request = std::make_shared<http::request<http::string_body>>(std::move(req));
    // Sessions and games not in memory are read from the database: on the
    // read pool, not on this network thread.
    if (!has_session_cookie(cookie) && !target.tournament && (!target.game || services_.registry.contains(target.id)))
      return open_socket(request, std::move(target), find(target, ""), keep_alive, version);
    auto self = shared_from_this();
    bool queued = services_.reads.post([self, request, target, cookie, keep_alive, version]() mutable {
      Found found = self->find(target, cookie);
      net::post(self->stream_.get_executor(), [self, request, target, found, keep_alive, version]() mutable {
        self->open_socket(request, std::move(target), std::move(found), keep_alive, version);
      });
    });
    if (!queued) answer_instead_of_upgrade(database_busy_reply(), keep_alive, version);
  }

  struct Target {
    bool game = false;
    bool user_channel = false;
    bool tournament = false;  // /ws/tournament?id=ID
    bool analysis = false;
    std::string id;
    std::string token;
  };
  // The room of a game (null: none) and the cookie's user, or the answer
  // when the database failed; from any thread.
  struct Found {
    std::shared_ptr<GameRoom> room;
    std::optional<User> user;
    bool tournament = false;  // the tournament of /ws/tournament exists
    std::optional<HttpReply> error;
  };
  Found find(const Target& target, const std::string& cookie) {
    Found found;
    try {
      if (!cookie.empty()) found.user = services_.api.cookie_user(cookie);
      if (target.game) found.room = services_.registry.find(target.id);
      if (target.tournament) found.tournament = services_.tournaments.exists(target.id);
    } catch (const std::exception& e) {
      // Answered: an exception would leave this thread.
      found.error = server_error("WebSocket of game " + target.id.substr(0, 40), e);
    }
    return found;
  }

  // On the session's strand.
  void open_socket(const std::shared_ptr<http::request<http::string_body>>& upgrade, Target target, Found found,
                   bool keep_alive, unsigned version) {
    if (found.error) return answer_instead_of_upgrade(std::move(*found.error), keep_alive, version);
    if (target.game && !found.room)
      return answer_instead_of_upgrade(json_error(404, "no game with id " + target.id), keep_alive, version);
    if (target.tournament && !found.tournament)
      return answer_instead_of_upgrade(json_error(404, "no tournament with id " + target.id.substr(0, 40)), keep_alive,
                                       version);
    if (target.user_channel && !found.user)
      return answer_instead_of_upgrade(json_error(401, "log in first (or play as a guest) to connect to /ws/me"),
                                       keep_alive, version);
    SocketPeer peer{.room = std::move(found.room),
                    .token = std::move(target.token),
                    .user = std::move(found.user),
                    .user_channel = target.user_channel,
                    .tournament = target.tournament ? target.id : "",
                    .analysis = target.analysis};
    start_websocket_session(std::move(stream_), std::move(*upgrade), std::move(peer), services_, std::move(ticket_));
  }

  // /api/...: answered by Api, maybe later and from another thread.
  void api(http::request<http::string_body> req, const std::string& path, std::string_view query,
           const std::string& address, bool keep_alive) {
    unsigned version = req.version();
    auto self = shared_from_this();
    ApiRequest request;
    request.method = std::string(req.method_string());
    request.path = path;
    request.query = std::string(query);
    request.body = std::move(req.body());
    request.cookie = std::string(req[http::field::cookie]);
    request.content_type = std::string(req[http::field::content_type]);
    request.address = address;
    request.secure = secure_;
    services_.api.handle(request, [self, keep_alive, version](HttpReply reply) {
      // The answer may come from the store's or an engine's thread.
      net::post(self->stream_.get_executor(), [self, keep_alive, version, reply = std::move(reply)]() mutable {
        self->write(std::move(reply), keep_alive, version);
      });
    });
  }

  // /metrics (for those metrics_allowed lets in; to the others it does not
  // exist) and the UI's files: GET and HEAD only.
  void static_file(const http::request<http::string_body>& req, const std::string& path, bool metrics,
                   bool keep_alive) {
    unsigned version = req.version();
    bool head = req.method() == http::verb::head;
    if (req.method() != http::verb::get && !head) {
      HttpReply r;
      r.status = 405;
      r.content_type = "text/plain; charset=utf-8";
      r.body = "only GET here\n";
      return write(std::move(r), keep_alive, version);
    }
    HttpReply r;
    if (metrics) {
      r.content_type = "text/plain; version=0.0.4; charset=utf-8";
      if (!head) r.body = services_.metrics_page();
      r.headers.emplace_back("Cache-Control", "no-store");
      return write(std::move(r), keep_alive, version);
    }
    if (auto file = services_.files.find(path)) {
      r.content_type = std::string(file->content_type);
      r.body = std::move(file->body);
      // The UI changes with every build; browsers must revalidate.
      r.headers.emplace_back("Cache-Control", "no-cache");
    } else {
      r.status = 404;
      r.content_type = "text/plain; charset=utf-8";
      r.body = path == "/" || path == "/index.html" ? "dvonn serve: this build has no web UI (web/index.html)\n"
                                                    : "not found: " + path + "\n";
    }
    if (head) r.body.clear();
    write(std::move(r), keep_alive, version);
  }

  // An upgrade refused: the connection goes on as HTTP.
  void answer_instead_of_upgrade(HttpReply reply, bool keep_alive, unsigned version) {
    stream_.expires_after(std::chrono::seconds(60));
    in_flight_.emplace(services_.connections);
    write(std::move(reply), keep_alive, version);
  }

  void write(HttpReply reply, bool keep_alive, unsigned version) {
    if (in_flight_) record(reply.status);
    keep_alive = keep_alive && !services_.connections.draining();
    auto res = std::make_shared<http::response<http::string_body>>(static_cast<http::status>(reply.status), version);
    res->set(http::field::server, "dvonn");
    res->set(http::field::content_type, reply.content_type);
    for (auto& [name, value] : security_headers(secure_)) res->set(name, value);
    for (auto& [name, value] : reply.headers) res->insert(name, value);
    res->keep_alive(keep_alive);
    res->body() = std::move(reply.body);
    res->prepare_payload();
    response_ = res;
    http::async_write(stream_, *res, [self = shared_from_this(), keep_alive](beast::error_code ec, std::size_t) {
      self->response_.reset();
      self->in_flight_.reset();
      if (ec) return;
      if (!keep_alive) return self->close();
      self->read();
    });
  }

  // The figures and, with --access-log, one JSON line on stderr.
  void record(int status) {
    double seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - started_).count();
    services_.metrics.request(status, seconds);
    if (!services_.config.access_log) return;
    auto time_ms =
        std::chrono::duration_cast<std::chrono::milliseconds>(std::chrono::system_clock::now().time_since_epoch());
    nlohmann::json line = {{"time_ms", time_ms.count()}, {"address", log_address_}, {"method", log_method_},
                           {"path", log_path_},          {"status", status},        {"ms", seconds * 1000}};
    // One write per line: lines from different threads do not mix.
    std::cerr << line.dump(-1, ' ', false, nlohmann::json::error_handler_t::replace) + "\n" << std::flush;
  }

  void close() {
    beast::error_code ec;
    stream_.socket().shutdown(tcp::socket::shutdown_send, ec);
  }

  beast::tcp_stream stream_;
  Services& services_;
  std::string peer_;
  bool secure_ = false;  // the last request came over TLS (to the proxy)
  std::optional<ConnectionTracker::Request> in_flight_;
  std::chrono::steady_clock::time_point started_;
  std::string log_method_, log_path_, log_address_;
  std::shared_ptr<void> ticket_;
  beast::flat_buffer buffer_;
  std::optional<http::request_parser<http::string_body>> parser_;
  std::shared_ptr<http::response<http::string_body>> response_;
};

}  // namespace

void start_http_session(tcp::socket socket, Services& services, std::shared_ptr<void> ticket) {
  std::make_shared<HttpSession>(std::move(socket), services, std::move(ticket))->run();
}

}  // namespace dvonn::server
