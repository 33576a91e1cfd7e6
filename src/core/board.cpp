#include "core/board.hpp"

#include <cctype>

namespace dvonn {
std::optional<Square> parse_square(std::string_view text) {
  if (text.size() != 2) return std::nullopt;
  int x = std::toupper(static_cast<unsigned char>(text[0])) - 'A';
  int y = text[1] - '1';
  if (x < 0 || x > 10 || y < 0 || y > 4 || !on_board(x, y)) return std::nullopt;
  return make_square(x, y);
}

std::string square_name(Square s) {
  return std::string{static_cast<char>('A' + file_of(s)), static_cast<char>('1' + rank_of(s))};
}

std::optional<LineStep> line_between(Square a, Square b) {
  int dx = file_of(b) - file_of(a), dy = rank_of(b) - rank_of(a);
  if (dx == 0 && dy == 0) return std::nullopt;
  int dist = dx != 0 ? (dx < 0 ? -dx : dx) : (dy < 0 ? -dy : dy);
  for (int d = 0; d < 6; ++d)
    if (kDirections[d][0] * dist == dx && kDirections[d][1] * dist == dy) return LineStep{d, dist};
  return std::nullopt;
}

}  // namespace dvonn
