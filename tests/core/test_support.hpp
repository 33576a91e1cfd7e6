// Small helpers shared by the core test files.
#pragma once

#include <gtest/gtest.h>

#include <random>
#include <sstream>
#include <stdexcept>
#include <string>
#include <string_view>
#include <vector>

#include "core/game.hpp"
#include "core/move.hpp"
#include "core/position.hpp"
#include "core/position_string.hpp"

// Builds that run much slower than an optimised one: unoptimised (-O0)
// builds, and builds with AddressSanitizer (GCC defines __SANITIZE_ADDRESS__,
// Clang has __has_feature). Long-running tests do less work in them.
#if defined(__has_feature)
#if __has_feature(address_sanitizer)
#define DVONN_TEST_SANITIZED 1
#endif
#endif
#if defined(__SANITIZE_ADDRESS__) && !defined(DVONN_TEST_SANITIZED)
#define DVONN_TEST_SANITIZED 1
#endif

namespace dvonn::test {

#if defined(DVONN_TEST_SANITIZED)
inline constexpr bool kSanitized = true;
#else
inline constexpr bool kSanitized = false;
#endif
#if defined(__OPTIMIZE__)
inline constexpr bool kOptimized = true;
#else
inline constexpr bool kOptimized = false;
#endif

// Moves separated by white space; "-" or nothing is the empty list. Throws
// (which fails the calling test) on a token that is not a move.
inline std::vector<Move> moves_from_text(std::string_view text) {
  std::vector<Move> out;
  std::istringstream in{std::string(text)};
  std::string token;
  while (in >> token) {
    if (token == "-") continue;
    std::string error;
    auto m = parse_move(token, &error);
    if (!m) throw std::runtime_error("bad move in test data: " + error);
    out.push_back(*m);
  }
  return out;
}

// Plays moves from the empty board on a Position, each checked legal.
inline Position position_after(std::string_view text) {
  Position p;
  for (Move m : moves_from_text(text)) {
    std::string why = p.explain_illegal(m);
    if (!why.empty()) throw std::runtime_error("illegal move in test data: " + why);
    p.play(m);
  }
  return p;
}

// Plays moves from the empty board on a Game, each checked legal.
inline Game game_after(std::string_view text) {
  Game g;
  for (Move m : moves_from_text(text)) {
    std::string why = g.play(m);
    if (!why.empty()) throw std::runtime_error("illegal move in test data: " + why);
  }
  return g;
}

// A position string that must parse; throws with the parser's message if not.
inline BoardState state_of(std::string_view text) {
  std::string error;
  auto st = parse_position(text, &error);
  if (!st) throw std::runtime_error("test position \"" + std::string(text) + "\" refused: " + error);
  return *st;
}

inline Square sq(std::string_view name) {
  auto s = parse_square(name);
  if (!s) throw std::runtime_error("bad square in test data: " + std::string(name));
  return *s;
}

inline Move mv(std::string_view text) {
  std::string error;
  auto m = parse_move(text, &error);
  if (!m) throw std::runtime_error("bad move in test data: " + error);
  return *m;
}

inline std::vector<Move> legal_moves(const Position& p) {
  MoveList list;
  p.generate(list);
  return {list.begin(), list.end()};
}

inline Move random_move(const Position& p, std::mt19937_64& rng) {
  MoveList list;
  p.generate(list);
  if (list.size == 0) throw std::runtime_error("random_move: no legal move");
  return list[static_cast<int>(rng() % static_cast<std::uint64_t>(list.size))];
}

// EXPECT_TRUE(test::contains(message, "surrounded")): says what the text was.
inline ::testing::AssertionResult contains(const std::string& text, const std::string& part) {
  if (text.find(part) != std::string::npos) return ::testing::AssertionSuccess();
  return ::testing::AssertionFailure() << "\"" << text << "\" does not contain \"" << part << "\"";
}

// Bitboard of the named squares, e.g. squares({"C1", "D1"}).
inline Bitboard squares(std::initializer_list<std::string_view> names) {
  Bitboard b = 0;
  for (auto n : names) b |= bit(sq(n));
  return b;
}

}  // namespace dvonn::test
