#include "server/game_setup.hpp"

#include <random>

#include "core/game_record.hpp"
#include "core/position_string.hpp"
#include "core/random_setup.hpp"
#include "engine/engine.hpp"
#include "server/random_id.hpp"
#include "server/state_json.hpp"

namespace dvonn::server {
namespace {

bool coin_flip() {
  static thread_local std::random_device device("/dev/urandom");
  return device() & 1;
}

}  // namespace

std::variant<NewGame, std::string> new_game_from_request(const nlohmann::json& request) {
  if (!request.is_object()) return std::string("the request must be a JSON object");
  auto mode_field = request.find("mode");
  if (mode_field == request.end() || !mode_field->is_string())
    return std::string("mode must be \"engine\", \"online\" or \"local\"");
  auto mode = parse_mode(mode_field->get<std::string>());
  if (!mode) return "unknown mode \"" + mode_field->get<std::string>() + "\": use engine, online or local";

  int level = 0;
  if (*mode == Mode::Engine) {
    level = 4;
    if (auto f = request.find("level"); f != request.end() && !f->is_null()) {
      if (!f->is_number_integer() || f->get<long long>() < engine::kMinLevel || f->get<long long>() > engine::kTopLevel)
        return "level must be a whole number from " + std::to_string(engine::kMinLevel) + " to " +
               std::to_string(engine::kTopLevel);
      level = f->get<int>();
    }
  }

  std::string color = "random";
  if (auto f = request.find("color"); f != request.end() && !f->is_null()) {
    if (!f->is_string() || (*f != "white" && *f != "black" && *f != "random"))
      return std::string("color must be \"white\", \"black\" or \"random\"");
    color = f->get<std::string>();
  }
  if (color == "random") color = coin_flip() ? "white" : "black";

  auto seed = request.find("random_setup");
  bool has_seed = seed != request.end() && !seed->is_null();
  auto record = request.find("record");
  bool has_record = record != request.end() && !record->is_null();
  auto upto = request.find("upto");
  bool has_upto = upto != request.end() && !upto->is_null();
  if (has_seed && has_record) return std::string("give random_setup or record, not both");
  if (has_upto && !has_record) return std::string("upto needs a record");

  Game game;
  if (has_seed) {
    if (!seed->is_number_unsigned()) return std::string("random_setup must be a whole number 0 or more (the seed)");
    game = Game(random_setup(seed->get<std::uint64_t>()));
  } else if (has_record) {
    if (!record->is_string()) return std::string("record must be the text of a game record");
    std::string error;
    auto parsed = parse_record(record->get<std::string>(), &error);
    if (!parsed) return "the record cannot be read: " + error;
    auto replayed = replay_record(*parsed, &error);
    if (!replayed) return "the record is not a legal game: " + error;
    std::size_t keep = replayed->moves().size();
    if (has_upto) {
      if (!upto->is_number_integer() || upto->get<long long>() < 0 ||
          upto->get<long long>() > static_cast<long long>(keep))
        return "upto must be a whole number from 0 to " + std::to_string(keep) + " (the moves in the record)";
      keep = upto->get<std::size_t>();
    }
    game = Game(replayed->start());
    for (std::size_t i = 0; i < keep; ++i) game.play(replayed->moves()[i]);
  }

  NewGame g;
  g.stored.id = new_game_id();
  g.stored.mode = *mode;
  g.stored.level = level;
  g.stored.start = format_position(game.start());
  for (Move m : game.moves()) g.stored.moves.push_back(to_string(m));
  g.stored.over = game.position().is_over();
  g.token = new_seat_token();
  switch (*mode) {
    case Mode::Engine:
      g.seat = color;
      g.stored.engine_color = color == "white" ? Color::Black : Color::White;
      (color == "white" ? g.stored.white_token : g.stored.black_token) = g.token;
      break;
    case Mode::Online:
      g.seat = color;
      (color == "white" ? g.stored.white_token : g.stored.black_token) = g.token;
      break;
    case Mode::Local:
      g.seat = "both";
      g.stored.white_token = g.stored.black_token = g.token;
      break;
  }
  return g;
}

namespace {

// An integer field within limits; false with a message otherwise.
bool int_field(const nlohmann::json& clock, const char* name, int low, int high, bool required, int& out,
               std::string& error) {
  auto f = clock.find(name);
  if (f == clock.end() || f->is_null()) {
    if (required) error = std::string("clock.") + name + " is required";
    return !required;
  }
  if (!f->is_number_integer() || f->get<long long>() < low || f->get<long long>() > high) {
    error = std::string("clock.") + name + " must be a whole number from " + std::to_string(low) + " to " +
            std::to_string(high);
    return false;
  }
  out = f->get<int>();
  return true;
}

}  // namespace

std::string time_control_from_json(const nlohmann::json& request, community::TimeControl& control) {
  using community::ClockKind;
  control = {};
  auto f = request.find("clock");
  if (f == request.end() || f->is_null()) return "";
  const nlohmann::json& clock = *f;
  if (!clock.is_object()) return "clock must be null or an object with a type";
  auto type = clock.find("type");
  if (type == clock.end() || !type->is_string()) return "clock.type must be \"realtime\" or \"correspondence\"";
  std::string error;
  if (*type == "realtime") {
    control.kind = ClockKind::RealTime;
    if (!int_field(clock, "initial", community::kMinInitialSeconds, community::kMaxInitialSeconds, true,
                   control.initial_seconds, error) ||
        !int_field(clock, "increment", 0, community::kMaxIncrementSeconds, false, control.increment_seconds, error))
      return error;
  } else if (*type == "correspondence") {
    control.kind = ClockKind::Correspondence;
    if (!int_field(clock, "days", community::kMinDays, community::kMaxDays, true, control.days_per_move, error))
      return error;
  } else {
    return "clock.type must be \"realtime\" or \"correspondence\"";
  }
  return community::validate(control);
}

nlohmann::json time_control_json(const community::TimeControl& control) {
  using community::ClockKind;
  if (control.kind == ClockKind::RealTime)
    return {{"type", "realtime"}, {"initial", control.initial_seconds}, {"increment", control.increment_seconds}};
  if (control.kind == ClockKind::Correspondence) return {{"type", "correspondence"}, {"days", control.days_per_move}};
  return nullptr;
}

}  // namespace dvonn::server
