#include "server/base/time_control_json.hpp"

namespace dvonn::server {
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
