// A time control in the API's JSON: read from a create request's "clock"
// option, and shown in the lists and the lobby.
#pragma once

#include <nlohmann/json.hpp>
#include <string>

#include "community/time_control.hpp"

namespace dvonn::server {

// The "clock" option of a create request: {"type": "realtime", "initial",
// "increment"} or {"type": "correspondence", "days"}; null or absent is
// untimed. Returns what is wrong, or "".
std::string time_control_from_json(const nlohmann::json& request, community::TimeControl& control);
// A time control as the API shows it (null when untimed), without times.
nlohmann::json time_control_json(const community::TimeControl& control);

}  // namespace dvonn::server
