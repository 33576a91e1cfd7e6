#include "server/pairing/paired_game.hpp"

#include "community/time_control.hpp"
#include "server/base/random_id.hpp"

namespace dvonn::server {

PairedGame paired_game(const Seek& a, const Seek& b, bool a_white, std::int64_t now_ms) {
  PairedGame p;
  p.white = a_white ? a : b;
  p.black = a_white ? b : a;
  GameSpec spec;
  spec.mode = Mode::Online;
  spec.creator_seat = Seat::White;
  spec.color_asked = Color::White;
  std::string error;
  spec.clock = community::parse_time_control(a.control, error);  // a control of the list: parses
  spec.rated = a.rated;
  // new_game seats white (the "creator"); black is seated here, as a join
  // would, so the game starts with both.
  p.game = new_game(std::move(spec), p.white.user, std::nullopt, now_ms);
  p.white_token = p.game.token;
  p.black_token = new_seat_token();
  StoredGame& s = p.game.stored;
  s.black_token = p.black_token;
  s.black_user = p.black.user.id;
  s.black_player = p.black.user;
  s.started_ms = now_ms;
  return p;
}

}  // namespace dvonn::server
