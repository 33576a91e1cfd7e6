#include "server/rooms/seat_presence.hpp"

#include <algorithm>

namespace dvonn::server {

void SeatPresence::add(const std::shared_ptr<Subscriber>& socket, Color seat) {
  std::erase_if(sockets_, [](const auto& s) { return s.first.expired(); });
  for (const auto& [s, c] : sockets_)
    if (s.lock() == socket && c == seat) return;
  sockets_.emplace_back(socket, seat);
}

std::optional<Color> SeatPresence::remove(const Subscriber* socket) {
  std::optional<Color> seat;
  std::erase_if(sockets_, [&](const auto& s) {
    auto p = s.first.lock();
    if (p && p.get() != socket) return false;
    if (p) seat = s.second;
    return true;
  });
  if (seat && watched(*seat)) return std::nullopt;
  return seat;
}

bool SeatPresence::watched(Color seat) const {
  return std::any_of(sockets_.begin(), sockets_.end(),
                     [&](const auto& s) { return s.second == seat && !s.first.expired(); });
}

void SeatPresence::deliver_to(Color seat, const std::shared_ptr<const std::string>& message) const {
  for (const auto& [s, c] : sockets_)
    if (c == seat)
      if (auto p = s.lock()) p->deliver(message);
}

nlohmann::json SeatPresence::json() const {
  if (!away) return nullptr;
  return {{"color", away->color == Color::White ? "white" : "black"}, {"claimable_at", away->claimable_at}};
}

}  // namespace dvonn::server
