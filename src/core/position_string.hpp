// The one-line position string (like chess FEN). See docs/position-string.md.
//
//   <row 1>/<row 2>/<row 3>/<row 4>/<row 5> <place|move> <w|b>
//
// Each row lists its spaces from its first column: a digit run is that many
// empty spaces, a letter is a single piece (w white, b black, d Dvonn) and a
// stack of two or more pieces is its colours bottom to top in parentheses,
// e.g. (bwd w) without the space: "(bwdw)".
#pragma once

#include <optional>
#include <string>
#include <string_view>

#include "core/game.hpp"

namespace dvonn {

std::string format_position(const BoardState& state);

// Parses and validates a position string; on failure returns nullopt and
// says what was wrong in error.
std::optional<BoardState> parse_position(std::string_view text, std::string* error = nullptr);

}  // namespace dvonn
