#include "core/move.hpp"

#include <cctype>

#include "core/error_out.hpp"

namespace dvonn {

std::string to_string(Move m) {
  switch (m.kind) {
    case Move::Kind::Pass:
      return "PASS";
    case Move::Kind::Place:
      return square_name(m.to);
    case Move::Kind::Step:
      return square_name(m.from) + square_name(m.to);
  }
  return "?";
}

namespace {

std::string quoted(std::string_view s) {
  std::string q;
  q += '"';
  q += s;
  q += '"';
  return q;
}

using detail::fail;

bool square_at(std::string_view text, std::string_view token, Square& out, std::string* error) {
  if (auto s = parse_square(text)) {
    out = *s;
    return true;
  }
  return fail(error, quoted(token) + ": " + std::string(text) + " is not a space on the board (A1..K5)");
}

}  // namespace

std::optional<Move> parse_move(std::string_view text, std::string* error) {
  std::string upper;
  for (char c : text) upper += static_cast<char>(std::toupper(static_cast<unsigned char>(c)));
  if (upper == "PASS") return Move::pass();
  if (text.empty()) {
    fail(error, "empty move");
    return std::nullopt;
  }
  for (char c : text)
    if (!std::isalnum(static_cast<unsigned char>(c)) && c != '-') {
      fail(error, quoted(text) + " is not a move: expected a space (E3), a stack move (A1B2) or PASS");
      return std::nullopt;
    }
  Square a = 0, b = 0;
  if (upper.size() == 2) {
    if (!square_at(upper, text, a, error)) return std::nullopt;
    return Move::place(a);
  }
  std::string_view u = upper;
  if (upper.size() == 4 || (upper.size() == 5 && upper[2] == '-')) {
    if (!square_at(u.substr(0, 2), text, a, error)) return std::nullopt;
    if (!square_at(u.substr(upper.size() - 2), text, b, error)) return std::nullopt;
    if (a == b) {
      fail(error, quoted(text) + ": a stack cannot move onto its own space");
      return std::nullopt;
    }
    return Move::step(a, b);
  }
  fail(error, quoted(text) + " is not a move: expected a space (E3), a stack move (A1B2) or PASS");
  return std::nullopt;
}

}  // namespace dvonn
