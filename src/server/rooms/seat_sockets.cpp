#include "server/rooms/seat_sockets.hpp"

#include <iostream>

#include "server/base/now_ms.hpp"
#include "server/store/sqlite_util.hpp"

namespace dvonn::server {
namespace {

std::string side(Color c) { return c == Color::White ? "white" : "black"; }

void log_error(const std::string& what, const std::string& error) {
  if (!error.empty()) std::cerr << "dvonn serve: " << what << ": " << error << "\n";
}

}  // namespace

void SeatSockets::opened(const std::string& game, Color seat) {
  store_.submit(
      [game, seat = side(seat), node = store_.node_id()](StoreWriter& w) {
        Statement(w.connection(),
                  "INSERT INTO seat_sockets(game_id, color, node, seen_ms) VALUES (?1, ?2, ?3, ?4)"
                  " ON CONFLICT(game_id, color, node) DO UPDATE SET seen_ms = excluded.seen_ms",
                  false)
            .bind(1, game)
            .bind(2, seat)
            .bind(3, node)
            .bind(4, system_now_ms())
            .run();
      },
      [](const std::string& error) { log_error("noting a seat's socket", error); });
}

void SeatSockets::closed(const std::string& game, Color seat) {
  store_.submit(
      [game, seat = side(seat), node = store_.node_id()](StoreWriter& w) {
        Statement(w.connection(), "DELETE FROM seat_sockets WHERE game_id = ?1 AND color = ?2 AND node = ?3", false)
            .bind(1, game)
            .bind(2, seat)
            .bind(3, node)
            .run();
      },
      [](const std::string& error) { log_error("noting a seat's socket closed", error); });
}

bool SeatSockets::elsewhere(const std::string& game, Color seat) {
  bool found = false;
  store_.read([&](Database* db) {
    Statement q(db,
                "SELECT 1 FROM seat_sockets WHERE game_id = ?1 AND color = ?2 AND node <> ?3 AND seen_ms >= ?4 LIMIT 1",
                false);
    q.bind(1, game).bind(2, side(seat)).bind(3, store_.node_id()).bind(4, system_now_ms() - stale_ms_);
    found = q.next();
    q.reset();
  });
  return found;
}

void SeatSockets::refresh() {
  store_.submit(
      [node = store_.node_id()](StoreWriter& w) {
        Statement(w.connection(), "UPDATE seat_sockets SET seen_ms = ?2 WHERE node = ?1", false)
            .bind(1, node)
            .bind(2, system_now_ms())
            .run();
      },
      [](const std::string& error) { log_error("refreshing the seats' sockets", error); });
}

std::vector<std::pair<std::string, Color>> SeatSockets::expire() {
  const std::int64_t cutoff = system_now_ms() - stale_ms_;
  std::vector<std::pair<std::string, Color>> stale;
  store_.read([&](Database* db) {
    Statement q(db, "SELECT DISTINCT game_id, color FROM seat_sockets WHERE seen_ms < ?1", false);
    q.bind(1, cutoff);
    while (q.next()) stale.emplace_back(q.text(0), q.text(1) == "white" ? Color::White : Color::Black);
  });
  if (stale.empty()) return {};
  std::string error = store_.commit([cutoff](StoreWriter& w) {
    Statement(w.connection(), "DELETE FROM seat_sockets WHERE seen_ms < ?1", false).bind(1, cutoff).run();
  });
  if (!error.empty()) {
    log_error("deleting dead nodes' seat sockets", error);
    return {};
  }
  std::vector<std::pair<std::string, Color>> left;
  for (const auto& [game, seat] : stale)
    if (!elsewhere(game, seat)) left.emplace_back(game, seat);
  return left;
}

}  // namespace dvonn::server
