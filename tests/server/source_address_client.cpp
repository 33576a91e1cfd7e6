#include "source_address_client.hpp"

#include <boost/asio/io_context.hpp>
#include <boost/asio/ip/tcp.hpp>
#include <boost/beast/core.hpp>
#include <boost/beast/http.hpp>
#include <chrono>

namespace dvonn::server::testing {

namespace beast = boost::beast;
namespace http = beast::http;
namespace net = boost::asio;
using tcp = net::ip::tcp;

HttpResult http_request_from(const std::string& source, unsigned short port, const std::string& method,
                             const std::string& target, const std::string& body, const Headers& headers) {
  net::io_context io;
  beast::tcp_stream stream(io);
  stream.socket().open(tcp::v4());
  stream.socket().bind(tcp::endpoint(net::ip::make_address(source), 0));
  stream.expires_after(std::chrono::seconds(30));
  stream.connect(tcp::endpoint(net::ip::make_address("127.0.0.1"), port));
  http::request<http::string_body> req(http::string_to_verb(method), target, 11);
  req.set(http::field::host, "127.0.0.1");
  if (!body.empty()) req.set(http::field::content_type, "application/json");
  for (const auto& [name, value] : headers) req.set(name, value);
  req.body() = body;
  req.prepare_payload();
  http::write(stream, req);
  beast::flat_buffer buffer;
  http::response<http::string_body> res;
  http::read(stream, buffer, res);
  HttpResult r;
  r.status = static_cast<int>(res.result_int());
  r.body = res.body();
  r.content_type = std::string(res[http::field::content_type]);
  beast::error_code ec;
  stream.socket().shutdown(tcp::socket::shutdown_both, ec);
  return r;
}

}  // namespace dvonn::server::testing
