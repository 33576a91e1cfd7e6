#include "server/analysis/analysis_messages.hpp"

#include <cmath>

namespace dvonn::server {

using nlohmann::json;

namespace {

// Hundredths are all a reader uses.
double rounded(double score) { return std::round(score * 100) / 100; }

}  // namespace

json analysing_message(std::uint64_t id, const std::string& position, int lines) {
  return {{"type", "analysing"}, {"id", id}, {"position", position}, {"lines", lines}};
}

json lines_message(std::uint64_t id, const std::string& position, Color mover, const engine::SearchReport& report) {
  const double white_view = mover == Color::White ? 1.0 : -1.0;
  json lines = json::array();
  bool exact = !report.lines.empty();
  for (const engine::ScoredLine& line : report.lines) {
    json moves = json::array();
    if (line.pv.empty()) moves.push_back(to_string(line.move));
    for (Move m : line.pv) moves.push_back(to_string(m));
    lines.push_back({{"score", rounded(white_view * line.score)}, {"exact", line.exact}, {"moves", moves}});
    exact = exact && line.exact;
  }
  return {{"type", "lines"},       {"id", id},
          {"position", position},  {"depth", report.depth},
          {"nodes", report.nodes}, {"seconds", rounded(report.seconds)},
          {"exact", exact},        {"lines", lines}};
}

json analysis_done_message(std::uint64_t id, const std::string& position, const std::string& reason) {
  return {{"type", "analysis-done"}, {"id", id}, {"position", position}, {"reason", reason}};
}

}  // namespace dvonn::server
