#include "server/http/metrics.hpp"

#include <sstream>

namespace dvonn::server {

void Metrics::request(int status, double seconds) {
  int cls = status / 100;
  if (cls >= 1 && cls <= 5) ++by_class_[static_cast<std::size_t>(cls)];
  ++count_;
  micros_ += static_cast<std::uint64_t>(seconds * 1e6);
  for (std::size_t i = 0; i < kBuckets.size(); ++i)
    if (seconds <= kBuckets[i]) {
      ++buckets_[i];
      break;
    }
}

std::string Metrics::text(const Gauges& g) const {
  std::ostringstream out;
  auto family = [&](const char* name, const char* type, const char* help) {
    out << "# HELP " << name << " " << help << "\n# TYPE " << name << " " << type << "\n";
  };
  family("dvonn_http_requests_total", "counter", "HTTP requests answered, by status class.");
  for (int cls = 1; cls <= 5; ++cls)
    out << "dvonn_http_requests_total{code=\"" << cls << "xx\"} " << by_class_[static_cast<std::size_t>(cls)].load()
        << "\n";
  family("dvonn_http_request_duration_seconds", "histogram", "Time from reading a request to answering it.");
  std::uint64_t cumulative = 0;
  for (std::size_t i = 0; i < kBuckets.size(); ++i) {
    cumulative += buckets_[i].load();
    out << "dvonn_http_request_duration_seconds_bucket{le=\"" << kBuckets[i] << "\"} " << cumulative << "\n";
  }
  std::uint64_t count = count_.load();
  out << "dvonn_http_request_duration_seconds_bucket{le=\"+Inf\"} " << count << "\n";
  out << "dvonn_http_request_duration_seconds_sum " << static_cast<double>(micros_.load()) / 1e6 << "\n";
  out << "dvonn_http_request_duration_seconds_count " << count << "\n";
  auto one = [&](const char* name, const char* type, const char* help, auto value) {
    family(name, type, help);
    out << name << " " << value << "\n";
  };
  one("dvonn_moves_total", "counter", "Moves accepted from players (HTTP and WebSocket).", moves_.load());
  one("dvonn_lobby_open_games", "gauge", "Games listed in the lobby, waiting for an opponent.", g.lobby_games);
  one("dvonn_rooms", "gauge", "Games held in memory.", g.rooms);
  one("dvonn_websockets", "gauge", "Open WebSocket connections.", g.websockets);
  one("dvonn_http_requests_in_flight", "gauge", "HTTP requests read and not yet answered.", g.requests_in_flight);
  one("dvonn_engine_queue", "gauge", "Engine searches waiting for a thread.", g.engine_queue);
  one("dvonn_auth_queue", "gauge", "Password hashes (sign-ups, log-ins) waiting for a thread.", g.auth_queue);
  one("dvonn_db_queue", "gauge", "Requests waiting for a database read thread.", g.db_queue);
  one("dvonn_store_transactions_total", "counter", "Database transactions committed.", g.store_transactions);
  one("dvonn_store_errors_total", "counter", "Database writes rolled back (storage errors).", g.store_errors);
  one("dvonn_store_file_lost", "gauge",
      "1 when the database file was moved or deleted under the server: every write is refused until a restart.",
      g.store_file_lost ? 1 : 0);
  one("dvonn_room_refreshes_full_total", "counter",
      "Other nodes' changes of games in memory taken over by reading the whole game.", g.room_refreshes_full);
  one("dvonn_room_refreshes_incremental_total", "counter",
      "Other nodes' changes of games in memory taken over by reading only what changed.", g.room_refreshes_incremental);
  return out.str();
}

}  // namespace dvonn::server
