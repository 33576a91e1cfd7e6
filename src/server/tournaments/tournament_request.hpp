// A create request (POST /api/tournaments), checked: the tournament it asks
// for, or the status and message of its refusal. What depends on the
// server's state (how many the creator has upcoming) is the director's.
#pragma once

#include <cstdint>
#include <nlohmann/json.hpp>
#include <string>
#include <variant>

#include "server/base/user.hpp"
#include "server/tournaments/tournament_record.hpp"

namespace dvonn::server {

inline constexpr int kTournamentNameMin = 3;
inline constexpr int kTournamentNameMax = 60;
inline constexpr int kSwissRoundsMax = 15;
inline constexpr int kArenaMinutesMin = 10;
inline constexpr int kArenaMinutesMax = 720;
inline constexpr std::int64_t kTournamentAheadMaxMs = 30LL * 86'400'000;
inline constexpr std::size_t kTournamentPasswordMax = 64;

struct TournamentRefusal {
  int status = 400;
  std::string message;
};

// The tournament (its id, status and round not set yet; password_hash holds
// the password in clear until the director hashes it with the id).
std::variant<Tournament, TournamentRefusal> tournament_from_request(const nlohmann::json& request, const User& creator,
                                                                    std::int64_t now_ms);

// A password's hash as stored (bound to the tournament's id).
std::string tournament_password_hash(const std::string& tournament_id, const std::string& password);
// Whether an id has the shape of a tournament's (8 of A-Z a-z 0-9 - _).
bool looks_like_tournament_id(std::string_view text);

}  // namespace dvonn::server
