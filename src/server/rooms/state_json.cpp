#include "server/rooms/state_json.hpp"

#include "core/position_string.hpp"

namespace dvonn::server {

RemovedStacks removed_stacks(Stacks before, Move move, Bitboard removed_spaces) {
  RemovedStacks removed;
  if (!move.is_step()) return removed;
  // The moving stack lands on `to`; if that space was cut off, what went is
  // the combined stack.
  before[move.to] += before[move.from];
  for (Bitboard b = removed_spaces; b;) {
    Square s = pop_lsb(b);
    removed.emplace_back(s, before[s]);
  }
  return removed;
}

RemovedStacks removed_by_last_move(const Game& game) {
  if (game.moves().empty() || !game.moves().back().is_step()) return {};
  Game before(game.start());
  for (std::size_t i = 0; i + 1 < game.moves().size(); ++i) before.play(game.moves()[i]);
  Stacks stacks = before.stacks();
  before.play(game.moves().back());
  return removed_stacks(std::move(stacks), game.moves().back(), before.last_removed());
}

namespace {

// The state is built for every move of every game and sent as text, so it is
// written straight into a string rather than through a JSON tree (the tree's
// allocations were most of the cost of a move under load).
class JsonWriter {
 public:
  explicit JsonWriter(std::string& out) : out_(out) {}
  void key(std::string_view k) {
    comma();
    quoted(k);
    out_ += ':';
    first_ = true;  // the value that follows needs no comma
  }
  void string(std::string_view v) {
    comma();
    quoted(v);
  }
  void raw(std::string_view v) {
    comma();
    out_ += v;
  }
  void number(long long v) { raw(std::to_string(v)); }
  void boolean(bool v) { raw(v ? "true" : "false"); }
  void null() { raw("null"); }
  void open(char bracket) {
    comma();
    out_ += bracket;
    first_ = true;
  }
  void close(char bracket) {
    out_ += bracket;
    first_ = false;
  }

 private:
  void comma() {
    if (!first_) out_ += ',';
    first_ = false;
  }
  void quoted(std::string_view v) {
    out_ += '"';
    for (char c : v) {
      if (c == '"' || c == '\\') {
        out_ += '\\';
        out_ += c;
      } else if (static_cast<unsigned char>(c) < 0x20) {
        static constexpr char kHex[] = "0123456789abcdef";
        out_ += "\\u00";
        out_ += kHex[(c >> 4) & 15];
        out_ += kHex[c & 15];
      } else {
        out_ += c;
      }
    }
    out_ += '"';
  }
  std::string& out_;
  bool first_ = true;
};

}  // namespace

std::string state_json(const std::string& id, const SeatInfo& seats, const Game& game, const RemovedStacks& removed,
                       std::int64_t version, const StateExtras& extras) {
  const Position& p = game.position();
  MoveList legal;
  // None when the game is over, withdrawn or aborted.
  if (!extras.result && extras.end != EndReason::Cancelled && extras.end != EndReason::Aborted) p.generate(legal);
  bool over = legal.size == 0;
  Score score = p.score();

  std::string out;
  out.reserve(4096);
  JsonWriter w(out);
  w.open('{');
  w.key("id");
  w.string(id);
  w.key("mode");
  w.string(mode_name(seats.mode));
  w.key("level");
  if (seats.mode == Mode::Engine)
    w.number(seats.level);
  else
    w.null();
  w.key("seats");
  w.open('{');
  for (Color c : {Color::White, Color::Black}) {
    w.key(color_name(c));
    w.open('{');
    w.key("kind");
    bool engine = seats.engine_color == c;
    w.string(engine ? "engine" : "human");
    if (engine) {
      w.key("level");
      w.number(seats.level);
    }
    w.key("taken");
    w.boolean(engine || (c == Color::White ? seats.white_taken : seats.black_taken));
    w.close('}');
  }
  w.close('}');
  w.key("phase");
  w.string(over ? "over" : p.in_placement() ? "placement" : "movement");
  w.key("to_move");
  w.string(over ? "none" : color_name(p.side_to_move()));
  w.key("placed");
  w.number(p.placed());
  w.key("next_piece");
  if (p.in_placement())
    w.string(p.next_placement_is_dvonn() ? "dvonn" : color_name(p.side_to_move()));
  else
    w.null();
  w.key("score");
  w.open('{');
  w.key("white");
  w.number(score.white);
  w.key("black");
  w.number(score.black);
  w.close('}');
  w.key("moves");
  w.open('[');
  for (Move m : game.moves()) w.string(to_string(m));
  w.close(']');
  w.key("stacks");
  w.open('{');
  for (Bitboard b = p.occupied(); b;) {
    Square s = pop_lsb(b);
    w.key(square_name(s));
    w.string(game.stacks()[s]);
  }
  w.close('}');
  w.key("last_move");
  if (game.moves().empty())
    w.null();
  else
    w.string(to_string(game.moves().back()));
  w.key("removed");
  w.open('{');
  for (const auto& [s, stack] : removed) {
    w.key(square_name(s));
    w.string(stack);
  }
  w.close('}');
  w.key("legal");
  w.open('[');
  for (Move m : legal) w.string(to_string(m));
  w.close(']');
  w.key("result");
  w.string(result_name(extras.result ? *extras.result : game.result()));
  w.key("position");
  w.string(format_position(game.state()));
  w.key("version");
  w.number(version);
  w.key("players");
  w.raw(extras.players);
  w.key("rated");
  w.boolean(extras.rated);
  w.key("started");
  w.boolean(extras.started);
  w.key("end");
  if (extras.end == EndReason::None)
    w.null();
  else
    w.string(end_reason_name(extras.end));
  w.key("rating_changes");
  w.raw(extras.rating_changes);
  w.key("tournament");
  w.raw(extras.tournament);
  w.close('}');
  return out;
}

}  // namespace dvonn::server

namespace dvonn::server {

nlohmann::json clock_json(const community::TimeControl& control, const community::GameClock& clock, bool live,
                          std::int64_t now, std::int64_t first_move_limit_ms) {
  using community::ClockKind;
  using community::ClockSide;
  if (control.kind == ClockKind::None) return nullptr;
  bool running = live && clock.running();
  nlohmann::json running_side = nullptr;
  if (running) running_side = clock.to_move() == ClockSide::White ? "white" : "black";
  if (control.kind == ClockKind::RealTime) {
    std::int64_t initial = std::int64_t{control.initial_seconds} * 1000;
    std::optional<std::int64_t> first_move;
    if (live && first_move_limit_ms > 0) first_move = clock.first_move_deadline_ms(first_move_limit_ms);
    return {{"type", "realtime"},
            {"initial", control.initial_seconds},
            {"increment", control.increment_seconds},
            {"white_ms", live ? clock.remaining_ms(ClockSide::White, now) : initial},
            {"black_ms", live ? clock.remaining_ms(ClockSide::Black, now) : initial},
            {"running", running_side},
            // While a side's first move is awaited its time stands still;
            // the move is due by then, or the game is aborted.
            {"first_move_deadline", first_move ? nlohmann::json(*first_move) : nlohmann::json()},
            {"server_time", now}};
  }
  nlohmann::json deadline = nullptr;
  if (running)
    if (auto d = clock.deadline_ms()) deadline = *d;
  return {{"type", "correspondence"},
          {"days", control.days_per_move},
          {"deadline", deadline},
          {"running", running_side},
          {"server_time", now}};
}

std::string players_json(const User& white, const User& black) {
  nlohmann::json players = {{"white", nullptr}, {"black", nullptr}};
  if (white.id) players["white"] = player_json(white);
  if (black.id) players["black"] = player_json(black);
  return players.dump();
}

std::string rating_changes_json(double white_before, double white_after, double black_before, double black_after) {
  return nlohmann::json{{"white", {{"before", white_before}, {"after", white_after}}},
                        {"black", {{"before", black_before}, {"after", black_after}}}}
      .dump();
}

std::string state_with_clock(const std::string& state, const nlohmann::json& clock) {
  // state_json closes the object last: the clock goes before that brace.
  std::string out = state.substr(0, state.size() - 1);
  out += R"(,"clock":)";
  out += clock.dump();
  out += '}';
  return out;
}

std::shared_ptr<const std::string> state_message(const std::string& state) {
  std::string m;
  m.reserve(state.size() + 32);
  m += R"({"type":"state","state":)";
  m += state;
  m += '}';
  return std::make_shared<const std::string>(std::move(m));
}

nlohmann::json hint_json(const engine::ScoredLine& best) {
  nlohmann::json pv = nlohmann::json::array();
  for (Move m : best.pv) pv.push_back(to_string(m));
  return {{"move", to_string(best.move)}, {"score", best.score}, {"exact", best.exact}, {"pv", std::move(pv)}};
}

}  // namespace dvonn::server
