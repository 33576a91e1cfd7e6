#include "server/tournaments/tournament_request.hpp"

#include <sodium.h>

#include <algorithm>
#include <cctype>

#include "community/time_control.hpp"
#include "server/base/time_control_json.hpp"

namespace dvonn::server {

namespace {

// The number of UTF-8 characters (the text is valid UTF-8: it came from a
// JSON parser).
std::size_t characters(const std::string& s) {
  std::size_t n = 0;
  for (unsigned char c : s)
    if ((c & 0xC0) != 0x80) ++n;
  return n;
}

}  // namespace

std::variant<Tournament, TournamentRefusal> tournament_from_request(const nlohmann::json& r, const User& creator,
                                                                    std::int64_t now_ms) {
  auto refuse = [](std::string message, int status = 400) { return TournamentRefusal{status, std::move(message)}; };
  Tournament t;
  auto name = r.find("name");
  if (name == r.end() || !name->is_string()) return refuse("name must be a string");
  t.name = name->get<std::string>();
  std::size_t n = characters(t.name);
  if (n < kTournamentNameMin || n > kTournamentNameMax || t.name.find_first_not_of(' ') == std::string::npos)
    return refuse("name must have " + std::to_string(kTournamentNameMin) + " to " + std::to_string(kTournamentNameMax) +
                  " characters");
  for (unsigned char c : t.name)
    if (c < 0x20 || c == 0x7F) return refuse("name must not contain control characters");

  auto kind = r.find("kind");
  if (kind == r.end() || !kind->is_string()) return refuse("kind must be \"swiss\", \"round_robin\" or \"arena\"");
  auto k = tournament_kind_from(kind->get<std::string>());
  if (!k) return refuse("kind must be \"swiss\", \"round_robin\" or \"arena\"");
  t.kind = *k;

  community::TimeControl control;
  if (!r.contains("clock") || r["clock"].is_null()) return refuse("clock is required: a real-time clock");
  if (auto why = time_control_from_json(r, control); !why.empty()) return refuse(why);
  if (control.kind != community::ClockKind::RealTime)
    return refuse("a tournament is played with a real-time clock (type \"realtime\")");
  t.clock = community::format_time_control(control);

  auto rated = r.find("rated");
  if (rated != r.end() && !rated->is_null()) {
    if (!rated->is_boolean()) return refuse("rated must be true or false");
    t.rated = rated->get<bool>();
  }
  if (creator.guest) return refuse("guests cannot create tournaments: sign up first", 403);

  auto rounds = r.find("rounds");
  auto duration = r.find("duration_minutes");
  if (t.kind == TournamentKind::Swiss) {
    if (rounds == r.end() || !rounds->is_number_integer() || rounds->get<long long>() < 1 ||
        rounds->get<long long>() > kSwissRoundsMax)
      return refuse("rounds must be a whole number from 1 to " + std::to_string(kSwissRoundsMax));
    t.rounds = rounds->get<int>();
  }
  if (t.kind == TournamentKind::Arena) {
    if (duration == r.end() || !duration->is_number_integer() || duration->get<long long>() < kArenaMinutesMin ||
        duration->get<long long>() > kArenaMinutesMax)
      return refuse("duration_minutes must be a whole number from " + std::to_string(kArenaMinutesMin) + " to " +
                    std::to_string(kArenaMinutesMax));
    t.duration_minutes = duration->get<int>();
  } else if (duration != r.end() && !duration->is_null()) {
    return refuse("duration_minutes is for arenas only");
  }

  auto starts = r.find("starts_ms");
  if (starts == r.end() || !starts->is_number_integer()) return refuse("starts_ms must be a time in milliseconds");
  t.starts_ms = starts->get<std::int64_t>();
  // A minute of slack: the form's "now" was a little while ago.
  if (t.starts_ms < now_ms - 60'000 || t.starts_ms > now_ms + kTournamentAheadMaxMs)
    return refuse("starts_ms must be between now and 30 days from now");
  t.starts_ms = std::max(t.starts_ms, now_ms);
  if (t.kind == TournamentKind::Arena) t.ends_ms = t.starts_ms + std::int64_t{t.duration_minutes} * 60'000;

  auto password = r.find("password");
  if (password != r.end() && !password->is_null()) {
    if (!password->is_string()) return refuse("password must be a string");
    if (password->get<std::string>().size() > kTournamentPasswordMax)
      return refuse("password must have at most " + std::to_string(kTournamentPasswordMax) + " characters");
    t.password_hash = password->get<std::string>();
  }
  t.created_by = creator.id;
  t.created_by_name = creator.name;
  t.created_ms = now_ms;
  return t;
}

std::string tournament_password_hash(const std::string& tournament_id, const std::string& password) {
  if (password.empty()) return "";
  std::string salted = tournament_id + ":" + password;
  unsigned char out[32];
  crypto_generichash(out, sizeof out, reinterpret_cast<const unsigned char*>(salted.data()), salted.size(), nullptr, 0);
  char hex[65];
  sodium_bin2hex(hex, sizeof hex, out, sizeof out);
  return hex;
}

bool looks_like_tournament_id(std::string_view text) {
  if (text.size() != 8) return false;
  for (char c : text)
    if (!(std::isalnum(static_cast<unsigned char>(c)) || c == '-' || c == '_')) return false;
  return true;
}

}  // namespace dvonn::server
