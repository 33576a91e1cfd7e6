// Puzzles as JSON: the files `dvonn puzzles` writes and the server loads
// (data/puzzles/*.json), docs/engine.md "Puzzles".
#pragma once

#include <nlohmann/json.hpp>
#include <optional>
#include <string>
#include <vector>

#include "engine/puzzle_miner.hpp"

namespace dvonn::server {

// Moves as text, space-separated ("A1B2 C3D3").
std::string moves_text(const std::vector<Move>& moves);
// nullopt when a move does not parse.
std::optional<std::vector<Move>> parse_moves_text(const std::string& text);

// One puzzle; source says where it was mined ("game ID", a file name).
nlohmann::json puzzle_file_json(const engine::Puzzle& p, const std::string& source);

// A puzzle read back from puzzle_file_json, checked: the position parses,
// the solution and refutation are legal lines, and the id is the
// position's and solution's hash. nullopt with error set otherwise.
std::optional<engine::Puzzle> puzzle_from_file_json(const nlohmann::json& j, std::string* error = nullptr);

}  // namespace dvonn::server
