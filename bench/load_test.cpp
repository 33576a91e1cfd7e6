// Server load test: many WebSocket clients on loopback playing random legal
// moves in many concurrent online games (two clients per game). Reports the
// moves per second and the time from sending a move to every client of that
// game having received the new state (p50, p99, max).
//
//   load_test [--games 1000] [--seconds 20] [--think-ms 200] [--port P] [--client-threads 2]
//             [--server-threads 2]
//   load_test --many-games N [--addresses 400] [--port P --pid PID] [--max-rooms R]
//   load_test --list-games N [--listers 2] [--seconds 20] [--list-target /api/me/games]
//
// --many-games is the memory test instead: N new games (local, online and
// engine ones) from that many loopback addresses (127.0.x.y), then every one
// opened again; reports the server's resident memory (VmRSS, VmHWM of PID,
// or of this process with the server inside) and any game that failed.
//
// --list-games is the database test: one user with N unfinished games, then
// `--listers` clients loop on GET --list-target (with that user's cookie)
// while one more client times a cheap GET (an anonymous GET of a game in
// memory) for --seconds; reports that GET's p50 and p99, and the lists
// answered (with their size).
//
// Without --port it starts a server in this process (on a free port, with a
// fresh database in /tmp, the shipped configuration otherwise); with --port
// it loads a `dvonn serve` already running on 127.0.0.1:P (whose per-address
// HTTP limit will slow the game creation down; start it with
// --max-connections-per-address 0, as every client comes from 127.0.0.1).
#include <sys/resource.h>

#include <algorithm>
#include <atomic>
#include <boost/asio/connect.hpp>
#include <boost/asio/io_context.hpp>
#include <boost/asio/ip/tcp.hpp>
#include <boost/asio/steady_timer.hpp>
#include <boost/asio/strand.hpp>
#include <boost/beast/core.hpp>
#include <boost/beast/http.hpp>
#include <boost/beast/websocket.hpp>
#include <chrono>
#include <cstring>
#include <deque>
#include <filesystem>
#include <fstream>
#include <iostream>
#include <memory>
#include <mutex>
#include <nlohmann/json.hpp>
#include <optional>
#include <random>
#include <string_view>
#include <thread>
#include <vector>

#include "server/http/server.hpp"

namespace beast = boost::beast;
namespace http = beast::http;
namespace websocket = beast::websocket;
namespace net = boost::asio;
using tcp = net::ip::tcp;
using Clock = std::chrono::steady_clock;
using nlohmann::json;

namespace {

struct Options {
  int games = 1000;
  double seconds = 20;
  int think_ms = 200;  // mean pause before a move (uniform 0.5x..1.5x)
  unsigned short port = 0;
  int client_threads = 2;
  int server_threads = 2;  // the in-process server's I/O threads
  int many_games = 0;
  int addresses = 400;
  int pid = 0;
  long max_rooms = -1;  // the in-process server's; -1: the default
  int list_games = 0;
  int listers = 2;
  std::string list_target = "/api/me/games";
};

// VmRSS and VmHWM of a process in MiB ("self" for this one).
std::pair<double, double> memory_mib(int pid) {
  std::ifstream status(pid ? "/proc/" + std::to_string(pid) + "/status" : std::string("/proc/self/status"));
  double rss = 0, hwm = 0;
  for (std::string line; std::getline(status, line);) {
    if (line.starts_with("VmRSS:")) rss = std::stod(line.substr(6)) / 1024;
    if (line.starts_with("VmHWM:")) hwm = std::stod(line.substr(6)) / 1024;
  }
  return {rss, hwm};
}

// One request from a loopback source address; the status and body.
std::pair<int, std::string> request_from(const std::string& source, unsigned short port, http::verb method,
                                         const std::string& target, const std::string& body) {
  net::io_context io;
  beast::tcp_stream stream(io);
  stream.socket().open(tcp::v4());
  stream.socket().bind(tcp::endpoint(net::ip::make_address(source), 0));
  stream.connect(tcp::endpoint(net::ip::make_address("127.0.0.1"), port));
  http::request<http::string_body> req(method, target, 11);
  req.set(http::field::host, "127.0.0.1");
  if (method == http::verb::post) req.set(http::field::content_type, "application/json");
  req.body() = body;
  req.prepare_payload();
  http::write(stream, req);
  beast::flat_buffer buffer;
  http::response<http::string_body> res;
  http::read(stream, buffer, res);
  return {static_cast<int>(res.result_int()), res.body()};
}

int many_games(const Options& o, unsigned short port) {
  auto [rss0, hwm0] = memory_mib(o.pid);
  std::cout << "server memory before: VmRSS " << rss0 << " MiB" << std::endl;
  const json kinds[] = {{{"mode", "local"}},
                        {{"mode", "online"}, {"color", "white"}},
                        {{"mode", "engine"}, {"level", 1}, {"color", "white"}}};
  std::vector<std::string> ids;
  long refused = 0, failed = 0;
  auto t0 = Clock::now();
  for (int i = 0; i < o.many_games; ++i) {
    int a = i % std::max(1, o.addresses);
    std::string source = "127.0." + std::to_string(1 + a / 250) + "." + std::to_string(1 + a % 250);
    auto [status, body] = request_from(source, port, http::verb::post, "/api/games", kinds[i % 3].dump());
    if (status == 201)
      ids.push_back(json::parse(body)["id"]);
    else if (status == 429)
      ++refused;
    else
      ++failed;
  }
  double create_s = std::chrono::duration<double>(Clock::now() - t0).count();
  auto [rss1, hwm1] = memory_mib(o.pid);
  std::cout << ids.size() << " games created in " << create_s << " s (" << refused << " refused 429, " << failed
            << " failed); server memory: VmRSS " << rss1 << " MiB, peak " << hwm1 << " MiB" << std::endl;
  long unopened = 0;
  t0 = Clock::now();
  for (std::size_t i = 0; i < ids.size(); ++i) {
    int a = static_cast<int>(i) % std::max(1, o.addresses);
    std::string source = "127.0." + std::to_string(1 + a / 250) + "." + std::to_string(1 + a % 250);
    auto [status, body] = request_from(source, port, http::verb::get, "/api/games/" + ids[i], "");
    if (status != 200 || json::parse(body)["id"] != ids[i]) ++unopened;
  }
  double open_s = std::chrono::duration<double>(Clock::now() - t0).count();
  auto [rss2, hwm2] = memory_mib(o.pid);
  std::cout << ids.size() - unopened << " of " << ids.size() << " games opened again in " << open_s
            << " s; server memory: VmRSS " << rss2 << " MiB, peak " << hwm2 << " MiB" << std::endl;
  return unopened == 0 && failed == 0 ? 0 : 1;
}

json http_json(unsigned short port, const std::string& method, const std::string& target, const json& body) {
  for (int attempt = 0;; ++attempt) {
    net::io_context io;
    beast::tcp_stream stream(io);
    stream.connect(tcp::endpoint(net::ip::make_address("127.0.0.1"), port));
    http::request<http::string_body> req(http::string_to_verb(method), target, 11);
    req.set(http::field::host, "127.0.0.1");
    if (method == "POST") req.set(http::field::content_type, "application/json");
    req.body() = body.dump();
    req.prepare_payload();
    http::write(stream, req);
    beast::flat_buffer buffer;
    http::response<http::string_body> res;
    http::read(stream, buffer, res);
    if (res.result_int() == 429 && attempt < 100) {
      std::this_thread::sleep_for(std::chrono::milliseconds(200));
      continue;
    }
    if (res.result_int() >= 300) throw std::runtime_error(target + ": " + res.body());
    return json::parse(res.body());
  }
}

double percentile(std::vector<double>& v, double p);

// One keep-alive HTTP connection to 127.0.0.1.
class KeepAlive {
 public:
  explicit KeepAlive(unsigned short port) : stream_(io_) {
    stream_.connect(tcp::endpoint(net::ip::make_address("127.0.0.1"), port));
    stream_.socket().set_option(tcp::no_delay(true));
  }
  http::response<http::string_body> send(http::verb method, const std::string& target, const std::string& cookie = "",
                                         const std::string& body = "") {
    http::request<http::string_body> req(method, target, 11);
    req.set(http::field::host, "127.0.0.1");
    if (!cookie.empty()) req.set(http::field::cookie, cookie);
    if (method == http::verb::post) req.set(http::field::content_type, "application/json");
    req.body() = body;
    req.prepare_payload();
    http::write(stream_, req);
    http::response<http::string_body> res;
    http::read(stream_, buffer_, res);
    return res;
  }

 private:
  net::io_context io_;
  beast::tcp_stream stream_;
  beast::flat_buffer buffer_;
};

int list_load(const Options& o, unsigned short port) {
  // One user (a guest: no password to hash) and its games.
  std::string cookie;
  {
    KeepAlive c(port);
    auto r = c.send(http::verb::post, "/api/auth/guest", "",
                    json{{"name", "lister" + std::to_string(getpid() % 100000)}}.dump());
    if (r.result_int() >= 300) throw std::runtime_error("guest: " + r.body());
    std::string set = std::string(r[http::field::set_cookie]);
    cookie = set.substr(0, set.find(';'));
  }
  std::cout << "creating " << o.list_games << " games of one user ..." << std::endl;
  std::vector<std::thread> creators;
  std::atomic<int> made{0}, failed{0};
  std::mutex id_mutex;
  std::string some_id;
  for (int t = 0; t < 8; ++t)
    creators.emplace_back([&, t] {
      KeepAlive c(port);
      for (int i = t; i < o.list_games; i += 8) {
        auto r = c.send(http::verb::post, "/api/games", cookie, R"({"mode":"local"})");
        if (r.result_int() != 201) {
          ++failed;
          continue;
        }
        ++made;
        std::lock_guard lock(id_mutex);
        some_id = json::parse(r.body())["id"];
      }
    });
  for (auto& t : creators) t.join();
  std::cout << made << " games made (" << failed << " failed)" << std::endl;

  std::atomic<bool> stop{false};
  std::atomic<long> lists{0}, list_errors{0};
  std::atomic<std::size_t> list_bytes{0};
  std::vector<std::thread> listers;
  for (int t = 0; t < o.listers; ++t)
    listers.emplace_back([&] {
      KeepAlive c(port);
      while (!stop) {
        auto r = c.send(http::verb::get, o.list_target, cookie);
        if (r.result_int() != 200) ++list_errors;
        list_bytes = r.body().size();
        ++lists;
      }
    });
  // The cheap GET: a game in memory, no cookie.
  KeepAlive c(port);
  std::string cheap = "/api/games/" + some_id;
  c.send(http::verb::get, cheap);
  std::vector<double> ms;
  long cheap_errors = 0;
  auto until = Clock::now() + std::chrono::duration_cast<Clock::duration>(std::chrono::duration<double>(o.seconds));
  auto t0 = Clock::now();
  while (Clock::now() < until) {
    auto sent = Clock::now();
    auto r = c.send(http::verb::get, cheap);
    ms.push_back(std::chrono::duration<double, std::milli>(Clock::now() - sent).count());
    if (r.result_int() != 200) ++cheap_errors;
  }
  double elapsed = std::chrono::duration<double>(Clock::now() - t0).count();
  stop = true;
  for (auto& t : listers) t.join();
  double p50 = percentile(ms, 0.50), p99 = percentile(ms, 0.99);
  std::cout << o.listers << " clients looping on GET " << o.list_target << " (" << made
            << " games): " << static_cast<double>(lists) / elapsed << " lists a second, " << list_bytes
            << " bytes each, " << list_errors << " errors\n"
            << "cheap GET " << cheap << ": " << ms.size() << " in " << elapsed << " s, p50 " << p50 << " ms, p99 "
            << p99 << " ms, " << cheap_errors << " errors" << std::endl;
  return list_errors == 0 && cheap_errors == 0 ? 0 : 1;
}

struct Game;

struct Stats {
  std::mutex mutex;  // the client threads share these
  std::vector<double> latencies_ms;
  long moves = 0;
  std::atomic<long> errors{0};
  std::atomic<long> finished_games{0};
  std::atomic<long> disconnects{0};
  std::atomic<bool> measuring{false};
};

// The few fields a client needs, read from the state text without building a
// JSON tree: the client must cost far less than the server it measures.
std::string_view string_field(std::string_view text, std::string_view key) {
  std::string pattern = "\"" + std::string(key) + "\":\"";
  auto at = text.find(pattern);
  if (at == std::string_view::npos) return {};
  at += pattern.size();
  return text.substr(at, text.find('"', at) - at);
}
std::vector<std::string_view> string_array(std::string_view text, std::string_view key) {
  std::vector<std::string_view> items;
  std::string pattern = "\"" + std::string(key) + "\":[";
  auto at = text.find(pattern);
  if (at == std::string_view::npos) return items;
  at += pattern.size();
  auto end = text.find(']', at);
  while (at < end) {
    auto open = text.find('"', at);
    if (open >= end) break;
    auto close = text.find('"', open + 1);
    items.push_back(text.substr(open + 1, close - open - 1));
    at = close + 1;
  }
  return items;
}

class Client : public std::enable_shared_from_this<Client> {
 public:
  // Both clients of a game share its strand: the game's fields need no lock.
  Client(net::strand<net::io_context::executor_type> strand, Game& game, int seat, std::string target)
      : ws_(strand), timer_(strand), game_(game), seat_(seat), target_(std::move(target)) {}
  void start(unsigned short port, std::function<void(bool)> connected);
  void on_state(std::string_view state);
  bool open = false;

 private:
  void read();
  void send(const std::string& text);

  websocket::stream<beast::tcp_stream> ws_;
  net::steady_timer timer_;
  Game& game_;
  int seat_;  // 0 white, 1 black
  std::string target_;
  beast::flat_buffer buffer_;
  std::deque<std::shared_ptr<std::string>> out_;
};

struct Game {
  std::string id;
  std::shared_ptr<Client> clients[2];
  std::size_t pending_moves = 0;  // the move number awaiting delivery
  Clock::time_point sent;
  bool received[2] = {false, false};
  bool over = false;
  std::optional<net::strand<net::io_context::executor_type>> strand;
  std::mt19937 rng;
  Stats* stats;
  int think_ms;
};

void Client::start(unsigned short port, std::function<void(bool)> connected) {
  auto self = shared_from_this();
  beast::get_lowest_layer(ws_).async_connect(
      tcp::endpoint(net::ip::make_address("127.0.0.1"), port), [self, connected](beast::error_code ec) {
        if (ec) return connected(false);
        beast::get_lowest_layer(self->ws_).socket().set_option(tcp::no_delay(true));
        self->ws_.async_handshake("127.0.0.1", self->target_, [self, connected](beast::error_code ec) {
          if (ec) return connected(false);
          self->open = true;
          connected(true);
          self->read();
        });
      });
}

void Client::read() {
  ws_.async_read(buffer_, [self = shared_from_this()](beast::error_code ec, std::size_t) {
    if (ec) {
      if (self->open) ++self->game_.stats->disconnects;
      self->open = false;
      return;
    }
    std::string text = beast::buffers_to_string(self->buffer_.data());
    self->buffer_.consume(self->buffer_.size());
    if (text.starts_with(R"({"type":"state")"))
      self->on_state(text);
    else if (text.find(R"("type":"error")") != std::string::npos)
      ++self->game_.stats->errors;
    self->read();
  });
}

void Client::on_state(std::string_view state) {
  Game& g = game_;
  std::size_t n = string_array(state, "moves").size();
  if (n == g.pending_moves && !g.received[seat_]) {
    g.received[seat_] = true;
    if (g.received[0] && g.received[1]) {
      if (g.stats->measuring) {
        double ms = std::chrono::duration<double, std::milli>(Clock::now() - g.sent).count();
        std::lock_guard lock(g.stats->mutex);
        g.stats->latencies_ms.push_back(ms);
        ++g.stats->moves;
      }
    }
  }
  if (string_field(state, "result") != "ongoing") {
    if (!g.over && seat_ == 0) ++g.stats->finished_games;
    g.over = true;
    return;
  }
  if (string_field(state, "to_move") != (seat_ == 0 ? "white" : "black")) return;
  auto legal = string_array(state, "legal");
  if (legal.empty()) return;
  std::string move(legal[std::uniform_int_distribution<std::size_t>(0, legal.size() - 1)(g.rng)]);
  int ms = std::uniform_int_distribution<int>(g.think_ms / 2, g.think_ms * 3 / 2)(g.rng);
  timer_.expires_after(std::chrono::milliseconds(ms));
  timer_.async_wait([self = shared_from_this(), move, n](beast::error_code ec) {
    if (ec || !self->open) return;
    Game& g = self->game_;
    g.pending_moves = n + 1;
    g.received[0] = g.received[1] = false;
    g.sent = Clock::now();
    self->send(json{{"type", "move"}, {"move", move}}.dump());
  });
}

void Client::send(const std::string& text) {
  out_.push_back(std::make_shared<std::string>(text));
  if (out_.size() > 1) return;
  auto write_next = [self = shared_from_this()](auto&& write_next) -> void {
    self->ws_.async_write(net::buffer(*self->out_.front()), [self, write_next](beast::error_code ec, std::size_t) {
      if (ec) return;
      self->out_.pop_front();
      if (!self->out_.empty()) write_next(write_next);
    });
  };
  write_next(write_next);
}

double percentile(std::vector<double>& v, double p) {
  if (v.empty()) return 0;
  std::size_t k = std::min(v.size() - 1, static_cast<std::size_t>(p * static_cast<double>(v.size())));
  std::nth_element(v.begin(), v.begin() + static_cast<long>(k), v.end());
  return v[k];
}

}  // namespace

int main(int argc, char** argv) {
  Options o;
  for (int i = 1; i + 1 < argc; i += 2) {
    std::string a = argv[i];
    if (a == "--games")
      o.games = std::stoi(argv[i + 1]);
    else if (a == "--seconds")
      o.seconds = std::stod(argv[i + 1]);
    else if (a == "--think-ms")
      o.think_ms = std::stoi(argv[i + 1]);
    else if (a == "--port")
      o.port = static_cast<unsigned short>(std::stoi(argv[i + 1]));
    else if (a == "--client-threads")
      o.client_threads = std::max(1, std::stoi(argv[i + 1]));
    else if (a == "--server-threads")
      o.server_threads = std::max(1, std::stoi(argv[i + 1]));
    else if (a == "--many-games")
      o.many_games = std::stoi(argv[i + 1]);
    else if (a == "--addresses")
      o.addresses = std::stoi(argv[i + 1]);
    else if (a == "--pid")
      o.pid = std::stoi(argv[i + 1]);
    else if (a == "--max-rooms")
      o.max_rooms = std::stol(argv[i + 1]);
    else if (a == "--list-games")
      o.list_games = std::stoi(argv[i + 1]);
    else if (a == "--listers")
      o.listers = std::max(0, std::stoi(argv[i + 1]));
    else if (a == "--list-target")
      o.list_target = argv[i + 1];
    else {
      std::cerr << "usage: load_test [--games N] [--seconds S] [--think-ms MS] [--port P] [--client-threads T] "
                   "[--server-threads T]\n       load_test --many-games N [--addresses A] [--port P --pid PID] "
                   "[--max-rooms R]\n       load_test --list-games N [--listers L] [--seconds S] [--list-target T]\n";
      return 2;
    }
  }

  // Two sockets per client when the server runs in this process.
  rlimit files{};
  if (getrlimit(RLIMIT_NOFILE, &files) == 0) {
    files.rlim_cur = files.rlim_max;
    setrlimit(RLIMIT_NOFILE, &files);
  }

  std::unique_ptr<dvonn::server::Server> server;
  std::filesystem::path db_dir;
  unsigned short port = o.port;
  if (port == 0) {
    db_dir = std::filesystem::temp_directory_path() / ("dvonn-load-" + std::to_string(getpid()));
    std::filesystem::create_directories(db_dir);
    dvonn::server::ServerConfig c;
    c.port = 0;
    c.db = (db_dir / "load.db").string();
    c.http_rate = 0;                    // one address creates every game
    c.max_connections_per_address = 0;  // and holds every client's socket
    c.io_threads = o.server_threads;
    c.guests_per_hour = 0;
    if (o.max_rooms >= 0) c.max_rooms = static_cast<std::size_t>(o.max_rooms);
    server = std::make_unique<dvonn::server::Server>(c);
    server->start();
    port = server->port();
  }

  if (o.many_games > 0 || o.list_games > 0) {
    int status = o.many_games > 0 ? many_games(o, port) : list_load(o, port);
    server.reset();
    if (!db_dir.empty()) std::filesystem::remove_all(db_dir);
    return status;
  }

  std::cout << "creating " << o.games << " online games on 127.0.0.1:" << port << " ..." << std::endl;
  Stats stats;
  net::io_context io;
  std::vector<std::unique_ptr<Game>> games;
  std::random_device rd;
  for (int i = 0; i < o.games; ++i) {
    auto g = std::make_unique<Game>();
    json created = http_json(port, "POST", "/api/games", {{"mode", "online"}, {"color", "white"}});
    g->id = created["id"];
    json joined = http_json(port, "POST", "/api/games/" + g->id + "/join", json::object());
    g->rng.seed(rd());
    g->stats = &stats;
    g->think_ms = o.think_ms;
    std::string white = created["token"], black = joined["token"];
    g->strand.emplace(net::make_strand(io));
    g->clients[0] = std::make_shared<Client>(*g->strand, *g, 0, "/ws?game=" + g->id + "&token=" + white);
    g->clients[1] = std::make_shared<Client>(*g->strand, *g, 1, "/ws?game=" + g->id + "&token=" + black);
    games.push_back(std::move(g));
  }

  // Connect 2 clients per game, at most 64 handshakes in flight (this thread
  // alone runs the I/O until every client is connected).
  std::size_t next = 0, connected = 0, failed = 0, in_flight = 0, total = games.size() * 2;
  std::function<void()> launch = [&] {
    while (in_flight < 64 && next < total) {
      ++in_flight;
      auto& c = games[next / 2]->clients[next % 2];
      ++next;
      c->start(port, [&](bool ok) {
        --in_flight;
        (ok ? connected : failed)++;
        launch();
      });
    }
  };
  auto t_connect = Clock::now();
  launch();
  while (connected + failed < total) io.run_one();
  std::cout << connected << " WebSocket clients connected in "
            << std::chrono::duration<double>(Clock::now() - t_connect).count() << " s (" << failed << " failed)"
            << std::endl;

  // Warm up for a second (every game makes its first moves), then measure.
  io.run_for(std::chrono::seconds(1));
  stats.measuring = true;
  auto t0 = Clock::now();
  auto run_time = std::chrono::duration_cast<Clock::duration>(std::chrono::duration<double>(o.seconds));
  std::vector<std::thread> threads;
  for (int i = 0; i < o.client_threads; ++i) threads.emplace_back([&] { io.run_for(run_time); });
  for (auto& t : threads) t.join();
  double elapsed = std::chrono::duration<double>(Clock::now() - t0).count();
  stats.measuring = false;

  std::vector<double>& l = stats.latencies_ms;
  double p50 = percentile(l, 0.50), p99 = percentile(l, 0.99), p999 = percentile(l, 0.999);
  double worst = l.empty() ? 0 : *std::max_element(l.begin(), l.end());
  std::cout << "games " << o.games << ", clients " << connected << ", think " << o.think_ms << " ms, measured "
            << elapsed << " s\n"
            << "moves " << stats.moves << " (" << static_cast<double>(stats.moves) / elapsed << " per second), "
            << "games finished " << stats.finished_games.load() << ", errors " << stats.errors.load()
            << ", disconnects " << stats.disconnects.load() << "\n"
            << "move -> every client of the game: p50 " << p50 << " ms, p99 " << p99 << " ms, p99.9 " << p999
            << " ms, max " << worst << " ms" << std::endl;

  games.clear();
  server.reset();
  if (!db_dir.empty()) std::filesystem::remove_all(db_dir);
  return p99 < 50 ? 0 : 1;
}
