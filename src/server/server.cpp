#include "server/server.hpp"

#include <boost/asio/io_context.hpp>
#include <boost/asio/ip/tcp.hpp>
#include <boost/asio/strand.hpp>
#include <iostream>
#include <thread>
#include <vector>

#include "server/http_session.hpp"
#include "server/services.hpp"

namespace dvonn::server {

namespace net = boost::asio;
using tcp = net::ip::tcp;

struct Server::Impl {
  explicit Impl(ServerConfig c)
      : config(std::move(c)),
        store(std::make_unique<GameStore>(config.db)),
        engines(std::make_unique<EngineWorkers>(config.engine_threads, config.engine_hash_megabytes)),
        context{*store, *engines, config.engine_seconds, config.hint_seconds, {}},
        registry(context),
        api(registry, context),
        files(config.web_root),
        limiter(config.http_rate, config.http_burst),
        services{config, registry, api, files, limiter},
        acceptor(io) {
    context.forget = [this](const std::string& id) { registry.forget(id); };
    tcp::endpoint endpoint(net::ip::make_address(config.host), config.port);
    acceptor.open(endpoint.protocol());
    acceptor.set_option(net::socket_base::reuse_address(true));
    acceptor.bind(endpoint);
    acceptor.listen(net::socket_base::max_listen_connections);
  }

  void accept() {
    // Each connection gets its own strand: its handlers never run at the
    // same time, while different connections use all the I/O threads.
    acceptor.async_accept(net::make_strand(io), [this](boost::system::error_code ec, tcp::socket socket) {
      if (ec == net::error::operation_aborted || !acceptor.is_open()) return;
      if (!ec) {
        socket.set_option(tcp::no_delay(true), ec);
        start_http_session(std::move(socket), services);
      }
      accept();
    });
  }

  ServerConfig config;
  // Destroyed last: pending handlers (holding sessions and rooms) go first.
  net::io_context io;
  std::unique_ptr<GameStore> store;
  std::unique_ptr<EngineWorkers> engines;
  RoomContext context;
  RoomRegistry registry;
  Api api;
  StaticFiles files;
  AddressRateLimiter limiter;
  Services services;
  tcp::acceptor acceptor;
  std::vector<std::thread> threads;
  bool started = false;
  bool stopped = false;
};

Server::Server(ServerConfig config) : impl_(std::make_unique<Impl>(std::move(config))) {}

Server::~Server() { stop(); }

unsigned short Server::port() const { return impl_->acceptor.local_endpoint().port(); }

void Server::start() {
  Impl& s = *impl_;
  if (s.started) return;
  s.started = true;
  s.accept();
  for (int i = 0; i < std::max(1, s.config.io_threads); ++i) s.threads.emplace_back([&s] { s.io.run(); });
  int resumed = s.registry.resume_engine_games();
  if (resumed > 0) std::cerr << "dvonn serve: " << resumed << " unfinished engine games loaded\n";
}

void Server::stop() {
  Impl& s = *impl_;
  if (s.stopped) return;
  s.stopped = true;
  boost::system::error_code ec;
  s.acceptor.close(ec);
  s.io.stop();
  for (auto& t : s.threads) t.join();
  s.threads.clear();
  // Engines first (their results are dropped), then the store, which
  // commits what is queued; its callbacks may still ask for engine moves,
  // which the stopped workers ignore.
  s.engines->stop();
  s.store.reset();
}

}  // namespace dvonn::server
