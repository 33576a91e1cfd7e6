#include "server/rooms/live_fields.hpp"

#include <nlohmann/json.hpp>

namespace dvonn::server {
namespace {

using nlohmann::json;

json color_json(const std::optional<Color>& c) {
  if (!c) return nullptr;
  return *c == Color::White ? "white" : "black";
}

std::optional<Color> color_of(const json& j) {
  if (j == "white") return Color::White;
  if (j == "black") return Color::Black;
  return std::nullopt;
}

}  // namespace

std::string format_live_fields(const LiveFields& f) {
  if (!f.rematch.from && f.rematch.game.empty() && !f.takeback.from && !f.takeback.asked[0] && !f.takeback.asked[1] &&
      !f.away)
    return "";
  json j = {{"rematch_from", color_json(f.rematch.from)},
            {"rematch_game", f.rematch.game},
            {"takeback_from", color_json(f.takeback.from)},
            {"takebacks", {f.takeback.asked[0], f.takeback.asked[1]}},
            {"away", nullptr}};
  if (f.away) j["away"] = {{"color", color_json(f.away->color)}, {"claimable_at", f.away->claimable_at}};
  return j.dump();
}

LiveFields parse_live_fields(const std::string& text) {
  LiveFields f;
  json j = json::parse(text, nullptr, false);
  if (!j.is_object()) return f;
  f.rematch.from = color_of(j.value("rematch_from", json()));
  if (auto g = j.find("rematch_game"); g != j.end() && g->is_string()) f.rematch.game = *g;
  f.takeback.from = color_of(j.value("takeback_from", json()));
  if (auto t = j.find("takebacks"); t != j.end() && t->is_array() && t->size() == 2)
    for (int i = 0; i < 2; ++i)
      if ((*t)[i].is_number_integer()) f.takeback.asked[i] = (*t)[i].get<int>();
  if (auto a = j.find("away"); a != j.end() && a->is_object()) {
    auto color = color_of(a->value("color", json()));
    auto at = a->find("claimable_at");
    if (color && at != a->end() && at->is_number_integer())
      f.away = SeatPresence::Away{*color, at->get<std::int64_t>()};
  }
  return f;
}

}  // namespace dvonn::server
