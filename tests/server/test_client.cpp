#include "test_client.hpp"

#include <gtest/gtest.h>

#include <boost/asio/connect.hpp>
#include <boost/asio/io_context.hpp>
#include <boost/asio/ip/tcp.hpp>
#include <boost/beast/core.hpp>
#include <boost/beast/http.hpp>
#include <boost/beast/websocket.hpp>
#include <chrono>

namespace dvonn::server::testing {

namespace beast = boost::beast;
namespace http = beast::http;
namespace websocket = beast::websocket;
namespace net = boost::asio;
using tcp = net::ip::tcp;

std::string HttpResult::header(const std::string& name) const {
  std::string lower_headers = raw_headers;
  for (auto& c : lower_headers) c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
  std::string key = "\n";
  for (char c : name) key += static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
  key += ": ";
  auto at = lower_headers.find(key);
  if (at == std::string::npos) return "";
  auto start = at + key.size();
  auto end = raw_headers.find('\r', start);
  return raw_headers.substr(start, end - start);
}

HttpResult http_request(unsigned short port, const std::string& method, const std::string& target,
                        const std::string& body, const Headers& headers, const std::string& source) {
  net::io_context io;
  beast::tcp_stream stream(io);
  stream.expires_after(std::chrono::seconds(30));
  stream.socket().open(tcp::v4());
  stream.socket().bind(tcp::endpoint(net::ip::make_address(source), 0));
  stream.connect(tcp::endpoint(net::ip::make_address("127.0.0.1"), port));
  http::request<http::string_body> req(http::string_to_verb(method), target, 11);
  req.set(http::field::host, "127.0.0.1");
  if (!body.empty()) req.set(http::field::content_type, "application/json");
  for (const auto& [name, value] : headers) req.set(name, value);
  req.body() = body;
  req.prepare_payload();
  http::write(stream, req);
  beast::flat_buffer buffer;
  http::response_parser<http::string_body> parser;
  parser.body_limit(64 * 1024 * 1024);
  http::read(stream, buffer, parser);
  auto res = parser.release();
  HttpResult r;
  r.status = static_cast<int>(res.result_int());
  r.body = res.body();
  r.content_type = std::string(res[http::field::content_type]);
  std::ostringstream header_text;
  header_text << "\n";
  for (const auto& field : res) header_text << field.name_string() << ": " << field.value() << "\r\n";
  r.raw_headers = header_text.str();
  beast::error_code ec;
  stream.socket().shutdown(tcp::socket::shutdown_both, ec);
  return r;
}

Attempt try_http_request(unsigned short port, const std::string& method, const std::string& target,
                         const std::string& body) {
  Attempt a;
  net::io_context io;
  beast::tcp_stream stream(io);
  stream.expires_after(std::chrono::seconds(30));
  beast::error_code ec;
  stream.connect(tcp::endpoint(net::ip::make_address("127.0.0.1"), port), ec);
  http::request<http::string_body> req(http::string_to_verb(method), target, 11);
  req.set(http::field::host, "127.0.0.1");
  if (!body.empty()) req.set(http::field::content_type, "application/json");
  req.body() = body;
  req.prepare_payload();
  if (!ec) http::write(stream, req, ec);
  if (ec) {
    a.error = ec.message();
    return a;
  }
  beast::flat_buffer buffer;
  http::response<http::string_body> res;
  http::read(stream, buffer, res, ec);
  if (ec) {
    a.outcome = Attempt::Outcome::NoAnswer;
    a.error = ec.message();
    return a;
  }
  a.outcome = Attempt::Outcome::Answered;
  a.result.status = static_cast<int>(res.result_int());
  a.result.body = res.body();
  std::ostringstream header_text;
  header_text << "\n";
  for (const auto& field : res) header_text << field.name_string() << ": " << field.value() << "\r\n";
  a.result.raw_headers = header_text.str();
  return a;
}

struct WsClient::Impl {
  net::io_context io;
  websocket::stream<beast::tcp_stream> ws{io};
  int status = 0;
  bool closed = false;
  bool reading = false;
  bool read_done = false;
  beast::error_code read_error;
  beast::flat_buffer buffer;
};

WsClient::WsClient(unsigned short port, const std::string& target, const Headers& headers)
    : impl_(std::make_unique<Impl>()) {
  auto& s = *impl_;
  beast::get_lowest_layer(s.ws).expires_after(std::chrono::seconds(30));
  beast::get_lowest_layer(s.ws).connect(tcp::endpoint(net::ip::make_address("127.0.0.1"), port));
  beast::get_lowest_layer(s.ws).expires_never();
  websocket::response_type res;
  beast::error_code ec;
  s.ws.read_message_max(16 * 1024 * 1024);
  s.ws.set_option(websocket::stream_base::decorator([headers](websocket::request_type& req) {
    for (const auto& [name, value] : headers) req.set(name, value);
  }));
  s.ws.handshake(res, "127.0.0.1", target, ec);
  s.status = static_cast<int>(res.result_int());
  if (ec) s.closed = true;
}

WsClient::~WsClient() {
  if (!impl_->closed) {
    beast::error_code ec;
    beast::get_lowest_layer(impl_->ws).socket().close(ec);
  }
}

int WsClient::handshake_status() const { return impl_->status; }
bool WsClient::open() const { return !impl_->closed; }
int WsClient::close_code() const { return static_cast<int>(impl_->ws.reason().code); }

void WsClient::send(const std::string& text) {
  beast::error_code ec;
  impl_->ws.text(true);
  impl_->ws.write(net::buffer(text), ec);
  if (ec) impl_->closed = true;
}

bool WsClient::send_ping() {
  beast::error_code ec;
  impl_->ws.ping({}, ec);
  if (ec) impl_->closed = true;
  return !ec;
}

std::optional<std::string> WsClient::receive(double timeout_seconds) {
  auto& s = *impl_;
  if (s.closed) return std::nullopt;
  if (!s.reading) {
    s.reading = true;
    s.read_done = false;
    s.ws.async_read(s.buffer, [&s](beast::error_code ec, std::size_t) {
      s.read_done = true;
      s.read_error = ec;
    });
  }
  s.io.restart();
  auto deadline = std::chrono::steady_clock::now() + std::chrono::duration<double>(timeout_seconds);
  while (!s.read_done && std::chrono::steady_clock::now() < deadline)
    s.io.run_one_until(std::chrono::time_point_cast<std::chrono::steady_clock::duration>(deadline));
  if (!s.read_done) return std::nullopt;  // the read stays pending for next time
  s.reading = false;
  if (s.read_error) {
    s.closed = true;
    return std::nullopt;
  }
  std::string text = beast::buffers_to_string(s.buffer.data());
  s.buffer.consume(s.buffer.size());
  return text;
}

nlohmann::json WsClient::next(double timeout_seconds) {
  auto text = receive(timeout_seconds);
  EXPECT_TRUE(text.has_value()) << "no WebSocket message within " << timeout_seconds << " s";
  return text ? nlohmann::json::parse(*text) : nlohmann::json();
}

nlohmann::json WsClient::next_of_type(const std::string& type, double timeout_seconds) {
  auto deadline = std::chrono::steady_clock::now() + std::chrono::duration<double>(timeout_seconds);
  for (;;) {
    double left = std::chrono::duration<double>(deadline - std::chrono::steady_clock::now()).count();
    if (left <= 0) return nullptr;
    auto text = receive(left);
    if (!text) return nullptr;
    auto j = nlohmann::json::parse(*text);
    if (j.value("type", "") == type) return j;
  }
}

nlohmann::json WsClient::state_with_moves(std::size_t moves, double timeout_seconds) {
  auto deadline = std::chrono::steady_clock::now() + std::chrono::duration<double>(timeout_seconds);
  for (;;) {
    double left = std::chrono::duration<double>(deadline - std::chrono::steady_clock::now()).count();
    auto j = next_of_type("state", left);
    if (j.is_null()) return nullptr;
    if (j["state"]["moves"].size() == moves) return j["state"];
  }
}

}  // namespace dvonn::server::testing
