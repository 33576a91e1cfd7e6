#include "core/position_string.hpp"

#include <cctype>

#include "core/error_out.hpp"

namespace dvonn {
namespace {

constexpr int kRowStart[5] = {0, 0, 0, 1, 2};
constexpr int kRowLength[5] = {9, 10, 11, 10, 9};

using detail::fail;

std::string row_name(int y) { return "row " + std::to_string(y + 1); }

bool parse_row(std::string_view row, int y, Stacks& stacks, std::string* error) {
  int x = kRowStart[y];
  const int end = kRowStart[y] + kRowLength[y];
  size_t i = 0;
  auto overflow = [&]() {
    return fail(error, row_name(y) + " \"" + std::string(row) + "\" has more than " + std::to_string(kRowLength[y]) +
                           " spaces");
  };
  while (i < row.size()) {
    char c = row[i];
    if (std::isdigit(static_cast<unsigned char>(c))) {
      int n = 0;
      while (i < row.size() && std::isdigit(static_cast<unsigned char>(row[i])) && n <= 11)
        n = n * 10 + (row[i++] - '0');
      if (n == 0) return fail(error, row_name(y) + ": an empty-space count must be at least 1");
      if (x + n > end) return overflow();
      x += n;
    } else if (c == 'w' || c == 'b' || c == 'd') {
      if (x >= end) return overflow();
      stacks[make_square(x++, y)] = std::string(1, c);
      ++i;
    } else if (c == '(') {
      size_t close = row.find(')', i);
      if (close == std::string_view::npos) return fail(error, row_name(y) + ": \"(\" without a closing \")\"");
      std::string_view inner = row.substr(i + 1, close - i - 1);
      if (inner.empty()) return fail(error, row_name(y) + ": empty stack \"()\"");
      for (char p : inner)
        if (p != 'w' && p != 'b' && p != 'd')
          return fail(error, row_name(y) + ": '" + std::string(1, p) + "' in a stack; pieces are w, b and d");
      if (x >= end) return overflow();
      stacks[make_square(x++, y)] = std::string(inner);
      i = close + 1;
    } else {
      return fail(error, row_name(y) + ": unexpected character '" + std::string(1, c) +
                             "'; expected a digit, w, b, d or a stack in parentheses");
    }
  }
  if (x != end)
    return fail(error, row_name(y) + " \"" + std::string(row) + "\" describes " + std::to_string(x - kRowStart[y]) +
                           " spaces, expected " + std::to_string(kRowLength[y]));
  return true;
}

}  // namespace

std::string format_position(const BoardState& state) {
  std::string out;
  for (int y = 0; y < 5; ++y) {
    if (y) out += '/';
    int empty = 0;
    for (int x = kRowStart[y]; x < kRowStart[y] + kRowLength[y]; ++x) {
      const Stack& s = state.stacks[make_square(x, y)];
      if (s.empty()) {
        ++empty;
        continue;
      }
      if (empty) out += std::to_string(empty);
      empty = 0;
      out += s.size() == 1 ? s : "(" + s + ")";
    }
    if (empty) out += std::to_string(empty);
  }
  out += state.position.in_placement() ? " place " : " move ";
  out += state.position.side_to_move() == Color::White ? 'w' : 'b';
  return out;
}

namespace {

// parse_position, its messages without their prefix.
std::optional<BoardState> read_position(std::string_view text, std::string* error) {
  // Split into three fields on runs of spaces.
  std::vector<std::string_view> fields;
  size_t i = 0;
  while (i < text.size()) {
    while (i < text.size() && std::isspace(static_cast<unsigned char>(text[i]))) ++i;
    size_t j = i;
    while (j < text.size() && !std::isspace(static_cast<unsigned char>(text[j]))) ++j;
    if (j > i) fields.push_back(text.substr(i, j - i));
    i = j;
  }
  if (fields.size() != 3) {
    fail(error, "expected three fields \"<rows> <place|move> <w|b>\", got " + std::to_string(fields.size()));
    return std::nullopt;
  }
  BoardState st;
  std::string_view rows = fields[0];
  int y = 0;
  size_t start = 0;
  for (;;) {
    size_t slash = rows.find('/', start);
    std::string_view row = rows.substr(start, slash == std::string_view::npos ? rows.size() - start : slash - start);
    if (y >= 5) {
      fail(error, "more than 5 rows");
      return std::nullopt;
    }
    if (!parse_row(row, y, st.stacks, error)) return std::nullopt;
    ++y;
    if (slash == std::string_view::npos) break;
    start = slash + 1;
  }
  if (y != 5) {
    fail(error, "expected 5 rows separated by '/', got " + std::to_string(y));
    return std::nullopt;
  }
  bool placement;
  if (fields[1] == "place")
    placement = true;
  else if (fields[1] == "move")
    placement = false;
  else {
    fail(error, "phase must be \"place\" or \"move\", not \"" + std::string(fields[1]) + "\"");
    return std::nullopt;
  }
  Color side;
  if (fields[2] == "w")
    side = Color::White;
  else if (fields[2] == "b")
    side = Color::Black;
  else {
    fail(error, "side to move must be \"w\" or \"b\", not \"" + std::string(fields[2]) + "\"");
    return std::nullopt;
  }

  int count[3] = {0, 0, 0};  // white, black, dvonn pieces
  int pieces = 0;
  std::array<Position::SpaceContents, kNumSquareSlots> contents{};
  for (Square s : all_spaces()) {
    const Stack& stack = st.stacks[s];
    if (stack.empty()) continue;
    for (char c : stack) ++count[c == 'w' ? 0 : c == 'b' ? 1 : 2];
    pieces += static_cast<int>(stack.size());
    if (stack.size() > 1 && stack.back() == 'd') {
      fail(error, "the stack on " + square_name(s) + " has a Dvonn piece on top; only a lone Dvonn piece shows red");
      return std::nullopt;
    }
    if (placement && stack.size() > 1) {
      fail(error, "the stack on " + square_name(s) + " has " + std::to_string(stack.size()) +
                      " pieces, but in the placement phase every space holds at most one");
      return std::nullopt;
    }
    auto& c = contents[s];
    c.height = static_cast<int>(stack.size());
    c.top = stack.back() == 'w' ? Top::White : stack.back() == 'b' ? Top::Black : Top::Dvonn;
    c.dvonn = stack.find('d') != std::string::npos;
  }
  if (count[0] > kPiecesPerColor || count[1] > kPiecesPerColor || count[2] > kDvonnPieces) {
    fail(error, "too many pieces: " + std::to_string(count[0]) + " white, " + std::to_string(count[1]) + " black, " +
                    std::to_string(count[2]) + " Dvonn (at most 23, 23 and 3)");
    return std::nullopt;
  }
  if (placement) {
    // The first three placements are Dvonn pieces, then Black and White
    // alternate, Black first; White places on odd-numbered turns.
    int n = pieces;
    int want_dvonn = n < 3 ? n : 3;
    int want_black = n < 3 ? 0 : n / 2 - 1;
    int want_white = n < 3 ? 0 : (n - 1) / 2 - 1;
    if (n >= kTotalPieces) {
      fail(error, "the board is full, so the phase is \"move\", not \"place\"");
      return std::nullopt;
    }
    if (count[0] != want_white || count[1] != want_black || count[2] != want_dvonn) {
      fail(error, "after " + std::to_string(n) + " placements there are " + std::to_string(want_dvonn) + " Dvonn, " +
                      std::to_string(want_white) + " white and " + std::to_string(want_black) + " black pieces, not " +
                      std::to_string(count[2]) + ", " + std::to_string(count[0]) + " and " + std::to_string(count[1]));
      return std::nullopt;
    }
    Color expected = n % 2 == 0 ? Color::White : Color::Black;
    if (side != expected) {
      fail(error, "after " + std::to_string(n) + " placements it is " + color_name(expected) + "'s turn, not " +
                      color_name(side) + "'s");
      return std::nullopt;
    }
    st.position = Position::from_contents(contents, side, n);
  } else {
    if (count[2] != kDvonnPieces) {
      fail(error, "the movement phase needs all 3 Dvonn pieces on the board, found " + std::to_string(count[2]));
      return std::nullopt;
    }
    st.position = Position::from_contents(contents, side, kTotalPieces);
    if (Bitboard cut = st.position.disconnected()) {
      fail(error, "the stack on " + square_name(lsb(cut)) +
                      " is not connected to any Dvonn piece; it would have been removed");
      return std::nullopt;
    }
  }
  return st;
}

}  // namespace

std::optional<BoardState> parse_position(std::string_view text, std::string* error) {
  std::optional<BoardState> state = read_position(text, error);
  // Said once here, so every message names what was being read.
  if (!state && error) error->insert(0, "position string: ");
  return state;
}

}  // namespace dvonn
