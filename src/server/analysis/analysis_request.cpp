#include "server/analysis/analysis_request.hpp"

#include "core/position_string.hpp"

namespace dvonn::server {

std::optional<AnalysisRequest> parse_analysis_request(const nlohmann::json& message, std::string& error) {
  auto position = message.find("position");
  if (position == message.end() || !position->is_string()) {
    error = "an analyse message needs \"position\": a position string (docs/position-string.md)";
    return std::nullopt;
  }
  AnalysisRequest request;
  request.position = position->get<std::string>();
  const auto first = request.position.find_first_not_of(" \t\r\n");
  const auto last = request.position.find_last_not_of(" \t\r\n");
  request.position = first == std::string::npos ? "" : request.position.substr(first, last - first + 1);
  if (request.position.empty()) {
    error = "the position is empty: send a position string (docs/position-string.md)";
    return std::nullopt;
  }
  if (request.position.size() > kMaxPositionChars) {
    error = "the position is too long (at most " + std::to_string(kMaxPositionChars) + " characters)";
    return std::nullopt;
  }
  if (auto lines = message.find("lines"); lines != message.end()) {
    if (!lines->is_number_integer() || lines->get<long long>() < 1 || lines->get<long long>() > kMaxAnalysisLines) {
      error = "\"lines\" must be a whole number from 1 to " + std::to_string(kMaxAnalysisLines);
      return std::nullopt;
    }
    request.lines = lines->get<int>();
  }
  std::string why;
  auto board = parse_position(request.position, &why);
  if (!board) {
    error = "the position is not legal: " + why;
    return std::nullopt;
  }
  if (board->position.is_over()) {
    error = "the game is over in this position: there is nothing to analyse";
    return std::nullopt;
  }
  request.board = std::move(*board);
  return request;
}

}  // namespace dvonn::server
