#include "server/base/game_model.hpp"

#include <array>
#include <utility>

namespace dvonn::server {
namespace {

// One table per enum, so the name and the parse cannot drift apart.
template <typename E, std::size_t N>
const char* name_in(const std::array<std::pair<E, const char*>, N>& table, E value) {
  for (const auto& [e, name] : table)
    if (e == value) return name;
  return "?";
}

template <typename E, std::size_t N>
std::optional<E> parse_in(const std::array<std::pair<E, const char*>, N>& table, std::string_view text) {
  for (const auto& [e, name] : table)
    if (text == name) return e;
  return std::nullopt;
}

constexpr std::array<std::pair<Mode, const char*>, 3> kModes{
    {{Mode::Engine, "engine"}, {Mode::Online, "online"}, {Mode::Local, "local"}}};
constexpr std::array<std::pair<Seat, const char*>, 3> kSeats{
    {{Seat::White, "white"}, {Seat::Black, "black"}, {Seat::Both, "both"}}};
constexpr std::array<std::pair<EndReason, const char*>, 7> kEndReasons{{{EndReason::None, ""},
                                                                        {EndReason::Count, "count"},
                                                                        {EndReason::Resignation, "resignation"},
                                                                        {EndReason::Time, "time"},
                                                                        {EndReason::Cancelled, "cancelled"},
                                                                        {EndReason::Aborted, "aborted"},
                                                                        {EndReason::Abandoned, "abandoned"}}};
constexpr std::array<std::pair<Winner, const char*>, 4> kWinners{
    {{Winner::None, ""}, {Winner::White, "white"}, {Winner::Black, "black"}, {Winner::Draw, "draw"}}};

}  // namespace

const char* mode_name(Mode m) { return name_in(kModes, m); }
std::optional<Mode> parse_mode(std::string_view text) { return parse_in(kModes, text); }

const char* seat_name(Seat s) { return name_in(kSeats, s); }
std::optional<Seat> parse_seat(std::string_view text) { return parse_in(kSeats, text); }

std::optional<Color> parse_color(std::string_view text) {
  if (text == "white") return Color::White;
  if (text == "black") return Color::Black;
  return std::nullopt;
}

std::optional<LobbyState> lobby_state_from_int(std::int64_t value) {
  if (value < 0 || value > 3) return std::nullopt;
  return static_cast<LobbyState>(value);
}

const char* end_reason_name(EndReason r) { return name_in(kEndReasons, r); }
std::optional<EndReason> parse_end_reason(std::string_view text) { return parse_in(kEndReasons, text); }

const char* winner_name(Winner w) { return name_in(kWinners, w); }
std::optional<Winner> parse_winner(std::string_view text) { return parse_in(kWinners, text); }

}  // namespace dvonn::server
