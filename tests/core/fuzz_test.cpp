// Mutation fuzzing of the text readers: moves, squares, position strings and
// game records. Deterministic (fixed seeds) and bounded. Nothing may crash or
// hang (this also runs under AddressSanitizer and UBSan), and what is
// accepted must survive a write-and-read-back round trip.
#include <gtest/gtest.h>

#include <algorithm>
#include <chrono>
#include <random>
#include <string>
#include <vector>

#include "core/game_record.hpp"
#include "core/position_string.hpp"
#include "core/random_setup.hpp"
#include "test_support.hpp"

namespace dvonn {
namespace {

constexpr int kIterations = test::kOptimized && !test::kSanitized ? 20000 : test::kOptimized ? 6000 : 2000;

// The longest any single call may take: far above the normal microseconds,
// but low enough to catch a hang or a quadratic blow-up on long inputs.
constexpr auto kSlow = std::chrono::seconds(2);

class Mutator {
 public:
  Mutator(std::uint64_t seed, std::vector<std::string> corpus) : rng_(seed), corpus_(std::move(corpus)) {}

  std::string next() {
    std::string s = corpus_[below(corpus_.size())];
    int rounds = 1 + static_cast<int>(below(4));
    for (int i = 0; i < rounds; ++i) mutate(s);
    return s;
  }

 private:
  std::size_t below(std::size_t n) { return n ? static_cast<std::size_t>(rng_() % n) : 0; }
  char random_byte() { return static_cast<char>(rng_() & 0xFF); }
  char interesting_byte() {
    static const char kChars[] = "0123456789wbd()/[]{};\"\\ \t\r\n.-*PASEKpasek";
    return kChars[below(sizeof kChars - 1)];
  }

  void mutate(std::string& s) {
    static const char* kTokens[] = {"(",
                                    ")",
                                    "()",
                                    "(wbd)",
                                    "/",
                                    "99999999999999999999",
                                    "0",
                                    "11",
                                    " ",
                                    "\n",
                                    "{",
                                    "}",
                                    "[",
                                    "]",
                                    "\"",
                                    "\\",
                                    ";",
                                    "1.",
                                    "1...",
                                    "1-0",
                                    "*",
                                    "PASS",
                                    "A1B2",
                                    "K5",
                                    " move",
                                    " place",
                                    " w",
                                    " b",
                                    "[Setup \"random 7\"]\n",
                                    "[Position \"",
                                    "\"]\n",
                                    "d",
                                    "(dw)",
                                    "-",
                                    "\0",
                                    "\xff"};
    const std::size_t n = s.size();
    switch (below(11)) {
      case 0:  // flip a bit
        if (n) s[below(n)] ^= static_cast<char>(1 << below(8));
        break;
      case 1:  // replace a byte
        if (n) s[below(n)] = rng_() % 2 ? random_byte() : interesting_byte();
        break;
      case 2:  // insert a byte
        s.insert(s.begin() + static_cast<std::ptrdiff_t>(below(n + 1)),
                 rng_() % 2 ? random_byte() : interesting_byte());
        break;
      case 3:  // delete a byte
        if (n) s.erase(below(n), 1);
        break;
      case 4:  // delete a range
        if (n) {
          std::size_t at = below(n);
          s.erase(at, 1 + below(n - at));
        }
        break;
      case 5: {  // duplicate a range
        if (!n) break;
        std::size_t at = below(n), len = 1 + below(std::min<std::size_t>(n - at, 64));
        s.insert(below(n + 1), s.substr(at, len));
        break;
      }
      case 6: {  // splice with another corpus entry
        const std::string& other = corpus_[below(corpus_.size())];
        std::size_t cut = below(n + 1), from = below(other.size() + 1);
        s = s.substr(0, cut) + other.substr(from);
        break;
      }
      case 7: {  // insert a token
        std::string token = kTokens[below(sizeof kTokens / sizeof kTokens[0])];
        if (token.empty()) token.assign(1, '\0');
        s.insert(below(n + 1), token);
        break;
      }
      case 8:  // truncate
        s.resize(below(n + 1));
        break;
      case 9: {  // random bytes
        std::size_t len = below(40);
        std::string r;
        for (std::size_t i = 0; i < len; ++i) r += random_byte();
        s.insert(below(n + 1), r);
        break;
      }
      default: {  // swap two bytes, or rarely make a very long input
        if (below(20) != 0) {
          if (n >= 2) std::swap(s[below(n)], s[below(n)]);
          break;
        }
        std::string unit = n ? s.substr(below(n)) : std::string(1, interesting_byte());
        if (unit.empty()) unit = "(";
        std::string big;
        while (big.size() < 100000) big += unit;
        s.insert(below(n + 1), big);
        break;
      }
    }
  }

  std::mt19937_64 rng_;
  std::vector<std::string> corpus_;
};

template <class F>
auto timed(const std::string& input, F&& f) {
  auto t0 = std::chrono::steady_clock::now();
  auto result = f();
  auto took = std::chrono::steady_clock::now() - t0;
  EXPECT_LT(took, kSlow) << "slow on an input of " << input.size() << " bytes";
  return result;
}

std::vector<std::string> sample_positions() {
  std::vector<std::string> out = {
      "9/10/11/10/9 place w",
      "dbw6/10/4d6/10/8d place b",
      "(bw)(wb)dw5/10/10d/10/8d move w",
      "9/10/1d1d(bww)1wbwbd/10/9 move w",
      "d8/10/(wbwbw)d7d(bwbwb)/10/9 move w",
      "(bdw)(wdb)d6/10/11/10/9 move b",
  };
  std::mt19937_64 rng(17);
  for (int game = 0; game < 6; ++game) {
    Game g(game % 2 ? random_setup(rng()) : empty_board());
    int stop = static_cast<int>(rng() % 80);
    for (int i = 0; i < stop && !g.position().is_over(); ++i) g.play(test::random_move(g.position(), rng));
    out.push_back(format_position(g.state()));
  }
  return out;
}

std::vector<std::string> sample_records() {
  std::vector<std::string> out = {
      "E3 C5 A1 K5",
      "1. E3 C5 2. A1 K5 3.B2 {a comment\nover lines} C2 ; rest\n4... D2 *",
      "[Event \"x\"]\n[White \"A \\\"B\\\"\"]\n\n1.E3 C5 1-0\n",
      "[Setup \"random 42\"]\n1. D5E5 J5I4 2. B1A1 *\n",
      "[Position \"(bw)(wb)dw5/10/10d/10/8d move w\"]\nA1C1 B1D1\n",
      "[Setup \"random 3\"]\r\n\r\nPASS\r\n",
  };
  std::mt19937_64 rng(23);
  for (int game = 0; game < 4; ++game) {
    Game g(game % 2 ? random_setup(rng()) : empty_board());
    while (!g.position().is_over()) g.play(test::random_move(g.position(), rng));
    out.push_back(format_record(record_of(g, {{"Event", "fuzz"}})));
  }
  return out;
}

TEST(Fuzz, MovesAndSquares) {
  Mutator mut(1, {"E3", "e3", "A1B2", "a1-b2", "K3A3", "PASS", "pass", "C5C1", "I1", "k5-k4"});
  int accepted = 0;
  for (int i = 0; i < kIterations * 2; ++i) {
    std::string text = mut.next();
    std::string error;
    auto m = timed(text, [&] { return parse_move(text, &error); });
    if (m) {
      ++accepted;
      auto again = parse_move(to_string(*m));
      ASSERT_TRUE(again) << text;
      ASSERT_EQ(*again, *m) << text;
    } else {
      ASSERT_FALSE(error.empty()) << "refused without a reason: " << text;
    }
    auto s = timed(text, [&] { return parse_square(text); });
    if (s) {
      ASSERT_TRUE(board_mask() & bit(*s)) << text;
      ASSERT_EQ(parse_square(square_name(*s)), s);
    }
  }
  EXPECT_GT(accepted, 0);  // the mutations keep some inputs valid
}

// Exercises a parsed position a little: generation, a few moves, keys.
void exercise(const BoardState& st, std::uint64_t seed) {
  Game g(st);
  std::mt19937_64 rng(seed);
  for (int i = 0; i < 6 && !g.position().is_over(); ++i) {
    const Position& p = g.position();
    ASSERT_EQ(p.key(), p.compute_key());
    MoveList list;
    p.generate(list);
    ASSERT_EQ(p.count_moves(), list.size);
    ASSERT_EQ(g.play(list[static_cast<int>(rng() % static_cast<std::uint64_t>(list.size))]), "");
  }
}

TEST(Fuzz, PositionStrings) {
  Mutator mut(2, sample_positions());
  int accepted = 0;
  for (int i = 0; i < kIterations; ++i) {
    std::string text = mut.next();
    std::string error;
    auto st = timed(text, [&] { return parse_position(text, &error); });
    if (!st) {
      ASSERT_FALSE(error.empty()) << "refused without a reason: " << text;
      continue;
    }
    ++accepted;
    std::string written = format_position(*st);
    auto back = parse_position(written, &error);
    ASSERT_TRUE(back) << "\"" << text << "\" was accepted but its rewrite \"" << written << "\" is not: " << error;
    ASSERT_EQ(*back, *st) << text << " -> " << written;
    ASSERT_EQ(format_position(*back), written);
    ASSERT_EQ(st->position.key(), st->position.compute_key());
    exercise(*st, static_cast<std::uint64_t>(i));
    if (HasFatalFailure()) return;
  }
  EXPECT_GT(accepted, kIterations / 400);
}

TEST(Fuzz, GameRecords) {
  Mutator mut(3, sample_records());
  int accepted = 0, replayed = 0;
  for (int i = 0; i < kIterations; ++i) {
    std::string text = mut.next();
    std::string error;
    auto rec = timed(text, [&] { return parse_record(text, &error); });
    if (!rec) {
      ASSERT_FALSE(error.empty()) << "refused without a reason: " << text;
      continue;
    }
    ++accepted;
    ASSERT_EQ(rec->moves.size(), rec->move_lines.size());
    // What was read is written back and read again to the same moves.
    std::string written = format_record(*rec);
    auto again = parse_record(written, &error);
    ASSERT_TRUE(again) << "rewrite refused: " << error << "\n" << written;
    ASSERT_EQ(again->moves, rec->moves);
    ASSERT_EQ(again->tags.size(), rec->tags.size());

    std::string why;
    auto start = timed(text, [&] { return record_start(*rec, &why); });
    auto game = timed(text, [&] { return replay_record(*rec, &why); });
    if (!game) {
      ASSERT_FALSE(why.empty());
      continue;
    }
    ASSERT_TRUE(start);
    ASSERT_EQ(game->start(), *start);
    ++replayed;
    auto round = replay_record(*parse_record(format_record(record_of(*game))), &why);
    ASSERT_TRUE(round) << why;
    ASSERT_EQ(round->state(), game->state());
  }
  EXPECT_GT(accepted, kIterations / 100);
  EXPECT_GT(replayed, 0);
}

TEST(Fuzz, RandomBytes) {
  std::mt19937_64 rng(4);
  for (int i = 0; i < kIterations; ++i) {
    std::string text(rng() % 200, '\0');
    for (char& c : text) c = static_cast<char>(rng() & 0xFF);
    std::string error;
    timed(text, [&] { return parse_move(text, &error); });
    timed(text, [&] { return parse_square(text); });
    auto st = timed(text, [&] { return parse_position(text, &error); });
    if (st) {
      ASSERT_EQ(parse_position(format_position(*st)), st);
    }
    auto rec = timed(text, [&] { return parse_record(text, &error); });
    if (rec) timed(text, [&] { return replay_record(*rec, &error); });
  }
}

}  // namespace
}  // namespace dvonn
