#include "server/rooms/game_setup.hpp"

#include "core/position_string.hpp"
#include "server/base/random_id.hpp"

namespace dvonn::server {

NewGame new_game(GameSpec spec, const std::optional<User>& creator, const std::optional<User>& engine,
                 std::int64_t now_ms) {
  NewGame g;
  g.token = new_seat_token();
  StoredGame& s = g.stored;
  s.id = new_game_id();
  s.mode = spec.mode;
  s.level = spec.level;
  s.start = format_position(spec.game.start());
  for (Move m : spec.game.moves()) s.moves.push_back(to_string(m));
  s.move_times.assign(s.moves.size(), now_ms);
  // The summary inserted with the game counts them already.
  s.move_count = static_cast<std::int64_t>(s.moves.size());
  s.over = spec.game.position().is_over();
  s.engine_color = spec.engine_color();
  s.clock = community::format_time_control(spec.clock);
  s.rated = spec.rated;
  s.created_ms = now_ms;
  s.started_ms = spec.mode == Mode::Online ? 0 : now_ms;
  if (spec.listed) {
    s.lobby = LobbyState::Open;
    s.color_choice = spec.color_asked ? color_name(*spec.color_asked) : "random";
  }
  for (Color c : {Color::White, Color::Black}) {
    std::string& token = c == Color::White ? s.white_token : s.black_token;
    std::int64_t& user = c == Color::White ? s.white_user : s.black_user;
    User& player = c == Color::White ? s.white_player : s.black_player;
    if (seat_holds(spec.creator_seat, c)) {
      token = g.token;
      if (creator) user = creator->id, player = *creator;
    } else if (engine && s.engine_color == c) {
      user = engine->id, player = *engine;
    }
  }
  g.spec = std::move(spec);
  return g;
}

}  // namespace dvonn::server
