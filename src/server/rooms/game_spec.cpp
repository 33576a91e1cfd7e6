#include "server/rooms/game_spec.hpp"

#include <random>

#include "core/game_record.hpp"
#include "core/random_setup.hpp"
#include "engine/engine.hpp"
#include "server/base/time_control_json.hpp"

namespace dvonn::server {
namespace {

bool coin_flip() {
  static thread_local std::random_device device("/dev/urandom");
  return device() & 1;
}

bool given(const nlohmann::json& request, const char* name) {
  auto f = request.find(name);
  return f != request.end() && !f->is_null();
}

// The board and moves asked for: empty, a random setup, or a record (up to
// a move); "" or what is wrong.
std::string start_from_request(const nlohmann::json& request, Game& game) {
  bool has_seed = given(request, "random_setup");
  bool has_record = given(request, "record");
  bool has_upto = given(request, "upto");
  if (has_seed && has_record) return "give random_setup or record, not both";
  if (has_upto && !has_record) return "upto needs a record";
  if (has_seed) {
    const auto& seed = request["random_setup"];
    if (!seed.is_number_unsigned()) return "random_setup must be a whole number 0 or more (the seed)";
    game = Game(random_setup(seed.get<std::uint64_t>()));
  } else if (has_record) {
    const auto& record = request["record"];
    if (!record.is_string()) return "record must be the text of a game record";
    std::string error;
    auto parsed = parse_record(record.get<std::string>(), &error);
    if (!parsed) return "the record cannot be read: " + error;
    auto replayed = replay_record(*parsed, &error);
    if (!replayed) return "the record is not a legal game: " + error;
    std::size_t keep = replayed->moves().size();
    if (has_upto) {
      const auto& upto = request["upto"];
      if (!upto.is_number_integer() || upto.get<long long>() < 0 ||
          upto.get<long long>() > static_cast<long long>(keep))
        return "upto must be a whole number from 0 to " + std::to_string(keep) + " (the moves in the record)";
      keep = upto.get<std::size_t>();
    }
    game = Game(replayed->start());
    for (std::size_t i = 0; i < keep; ++i) game.play(replayed->moves()[i]);
  }
  return "";
}

}  // namespace

std::optional<Color> GameSpec::engine_color() const {
  if (mode != Mode::Engine) return std::nullopt;
  return creator_seat == Seat::White ? Color::Black : Color::White;
}

std::variant<GameSpec, SpecRefusal> game_spec_from_request(const nlohmann::json& request,
                                                           const std::optional<User>& creator, bool listed) {
  auto refuse = [](std::string message, int status = 400) { return SpecRefusal{status, std::move(message)}; };
  if (!request.is_object()) return refuse("the request must be a JSON object");
  GameSpec spec;
  auto mode_field = request.find("mode");
  if (mode_field == request.end() || !mode_field->is_string())
    return refuse("mode must be \"engine\", \"online\" or \"local\"");
  auto mode = parse_mode(mode_field->get<std::string>());
  if (!mode) return refuse("unknown mode \"" + mode_field->get<std::string>() + "\": use engine, online or local");
  spec.mode = *mode;

  if (spec.mode == Mode::Engine) {
    spec.level = 4;
    if (given(request, "level")) {
      const auto& f = request["level"];
      if (!f.is_number_integer() || f.get<long long>() < engine::kMinLevel || f.get<long long>() > engine::kTopLevel)
        return refuse("level must be a whole number from " + std::to_string(engine::kMinLevel) + " to " +
                      std::to_string(engine::kTopLevel));
      spec.level = f.get<int>();
    }
  }

  if (given(request, "color")) {
    const auto& f = request["color"];
    if (!f.is_string() || (f != "white" && f != "black" && f != "random"))
      return refuse("color must be \"white\", \"black\" or \"random\"");
    spec.color_asked = parse_color(f.get<std::string>());
  }
  Color color = spec.color_asked ? *spec.color_asked : coin_flip() ? Color::White : Color::Black;
  spec.creator_seat = spec.mode == Mode::Local ? Seat::Both : seat_of_color(color);

  if (auto why = start_from_request(request, spec.game); !why.empty()) return refuse(why);

  // Clock and rating.
  if (auto why = time_control_from_json(request, spec.clock); !why.empty()) return refuse(why);
  if (spec.clock.kind != community::ClockKind::None) {
    if (spec.mode != Mode::Online) return refuse("a clock is for online games only");
    if (!spec.game.moves().empty()) return refuse("a timed game starts without moves: drop the record");
    if (spec.game.start().position.side_to_move() != Color::White)
      return refuse("a timed game starts with White to move");
  }
  if (given(request, "rated")) {
    if (!request["rated"].is_boolean()) return refuse("rated must be true or false");
    spec.rated = request["rated"].get<bool>();
  }
  if (spec.rated) {
    if (!creator) return refuse("log in to play a rated game", 401);
    if (creator->guest) return refuse("guests play unrated games only");
    if (spec.mode == Mode::Local) return refuse("a local game cannot be rated");
    if (!spec.game.moves().empty() || given(request, "random_setup"))
      return refuse("a rated game starts from the empty board");
  }
  if (listed) {
    if (spec.mode != Mode::Online) return refuse("the lobby lists online games only");
    if (!creator) return refuse("log in first", 401);
  }
  spec.listed = listed;
  return spec;
}

}  // namespace dvonn::server
