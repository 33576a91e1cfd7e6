// Game records: tags, numbered or bare moves, comments, results, setups,
// and the errors for malformed records and illegal moves.
#include "core/game_record.hpp"

#include <gtest/gtest.h>

#include <random>
#include <string>
#include <vector>

#include "core/position_string.hpp"
#include "core/random_setup.hpp"
#include "test_support.hpp"

namespace dvonn {
namespace {

using test::contains;
using test::mv;

std::vector<std::string> names(const std::vector<Move>& moves) {
  std::vector<std::string> out;
  for (Move m : moves) out.push_back(to_string(m));
  return out;
}

GameRecord must_parse(std::string_view text) {
  std::string error;
  auto rec = parse_record(text, &error);
  if (!rec) throw std::runtime_error("record refused: " + error);
  return *rec;
}

Game random_game(std::uint64_t seed, bool random_start, int max_plies = 1000) {
  std::mt19937_64 rng(seed);
  Game g(random_start ? random_setup(seed) : empty_board());
  for (int i = 0; i < max_plies && !g.position().is_over(); ++i) {
    std::string why = g.play(test::random_move(g.position(), rng));
    if (!why.empty()) throw std::runtime_error(why);
  }
  return g;
}

// ---------------------------------------------------------------- reading

TEST(GameRecord, BareMoveListsSeparatedBySpacesOrNewlines) {
  const std::vector<std::string> expected = {"E3", "C5", "A1", "K5"};
  EXPECT_EQ(names(must_parse("E3 C5 A1 K5").moves), expected);
  EXPECT_EQ(names(must_parse("E3\nC5\nA1\nK5\n").moves), expected);
  EXPECT_EQ(names(must_parse("  e3\tc5\r\n\r\na1   k5  ").moves), expected);
  EXPECT_TRUE(must_parse("E3 C5").tags.empty());
  EXPECT_TRUE(must_parse("").moves.empty());
  EXPECT_TRUE(must_parse("\n\n").moves.empty());
}

TEST(GameRecord, NumberedAndGluedMoveNumbers) {
  const std::vector<std::string> expected = {"E3", "C5", "A1", "K5", "A1B2", "PASS"};
  EXPECT_EQ(names(must_parse("1. E3 C5 2. A1 K5 3. A1B2 PASS").moves), expected);
  EXPECT_EQ(names(must_parse("1.E3 C5 2.A1 K5 3.a1-b2 pass").moves), expected);
  EXPECT_EQ(names(must_parse("1. E3 1... C5 2. A1 2... K5 3.A1B2 3...PASS").moves), expected);
}

TEST(GameRecord, LinesOfMovesAreRemembered) {
  GameRecord rec = must_parse("[Event \"x\"]\n\n1. E3 C5\n2. A1\n\nK5");
  ASSERT_EQ(rec.moves.size(), 4u);
  EXPECT_EQ(rec.move_lines, (std::vector<int>{3, 3, 4, 6}));
}

TEST(GameRecord, CommentsAreSkipped) {
  const std::vector<std::string> expected = {"E3", "C5", "A1"};
  EXPECT_EQ(names(must_parse("E3 {a comment with A1B2 inside} C5 A1").moves), expected);
  EXPECT_EQ(names(must_parse("E3{glued}C5 A1").moves), expected);
  EXPECT_EQ(names(must_parse("E3 {a comment\nover K5 two\n\nlines} C5 A1").moves), expected);
  EXPECT_EQ(names(must_parse("E3 ; the rest of the line K5\nC5 A1 ; end").moves), expected);
  EXPECT_EQ(names(must_parse("E3 C5;K5\nA1").moves), expected);
  EXPECT_EQ(names(must_parse("; only a comment\nE3 C5 A1").moves), expected);
}

TEST(GameRecord, ResultTokensEndTheMoves) {
  for (const char* result : {"1-0", "0-1", "1/2-1/2", "*"}) {
    GameRecord rec = must_parse(std::string("1. E3 C5 ") + result);
    EXPECT_EQ(rec.moves.size(), 2u) << result;
    EXPECT_EQ(must_parse(std::string("E3 C5 ") + result + "\n\n").moves.size(), 2u) << result;
  }
  std::string error;
  EXPECT_FALSE(parse_record("E3 C5 1-0 A1", &error));
  EXPECT_TRUE(contains(error, "\"A1\" after the result"));
  EXPECT_TRUE(contains(error, "line 1"));
  EXPECT_FALSE(parse_record("E3 *\n0-1", &error));
  EXPECT_TRUE(contains(error, "line 2"));
}

TEST(GameRecord, TagsComeFirst) {
  GameRecord rec = must_parse(
      "[Event \"Club night\"]\n"
      "[White \"Alice \\\"the wall\\\"\"]\n"
      "[Black \"Bob\"]\n"
      "[Odd_Tag2 \"\"]\n"
      "  [Spaced   \"value with ] bracket\"  ]  \n"
      "\n"
      "1. E3 C5 *\n");
  ASSERT_EQ(rec.tags.size(), 5u);
  EXPECT_EQ(rec.tags[0].first, "Event");
  EXPECT_EQ(rec.tag("Event"), "Club night");
  EXPECT_EQ(rec.tag("White"), "Alice \"the wall\"");
  EXPECT_EQ(rec.tag("Black"), "Bob");
  EXPECT_TRUE(rec.has_tag("Odd_Tag2"));
  EXPECT_EQ(rec.tag("Odd_Tag2"), "");
  EXPECT_EQ(rec.tag("Spaced"), "value with ] bracket");
  EXPECT_FALSE(rec.has_tag("Date"));
  EXPECT_EQ(rec.tag("Date"), "");
  EXPECT_EQ(rec.moves.size(), 2u);

  rec.set_tag("Black", "Carol");
  rec.set_tag("Date", "2024.01.01");
  EXPECT_EQ(rec.tag("Black"), "Carol");
  EXPECT_EQ(rec.tags.size(), 6u);
  EXPECT_EQ(rec.tags.back().first, "Date");
}

struct BadRecord {
  const char* text;
  std::vector<const char*> expect;  // parts of the message
};

TEST(GameRecord, MalformedRecordsAreRefusedWithAClearMessage) {
  const BadRecord cases[] = {
      {"[]", {"line 1", "name"}},
      {"[ \"x\"]", {"name"}},
      {"[Event x]", {"Event", "double quotes"}},
      {"[Event]", {"double quotes"}},
      {"[Event \"x]", {"no closing quote"}},
      {"[Event \"x\"", {"expected ']'"}},
      {"[Event \"x\"] E3", {"expected ']'"}},
      {"[Event \"a\"]\n[Event \"b\"]", {"line 2", "Event appears twice"}},
      {"E3 C5\n[Event \"late\"]", {"line 2", "tags come first"}},
      {"E3 {never closed", {"never closed"}},
      {"E3 C5\n\nZ9", {"line 3", "move 3", "Z9"}},
      {"1. E3 C5 2. A4", {"move 3", "A4 is not a space"}},
      {"E3 xyz", {"move 2", "not a move"}},
      {"E3 12", {"move 2"}},
      {"E3 E3E3", {"own space"}},
  };
  for (const BadRecord& c : cases) {
    std::string error;
    auto rec = parse_record(c.text, &error);
    EXPECT_FALSE(rec) << "accepted: " << c.text;
    for (const char* part : c.expect) EXPECT_TRUE(contains(error, part)) << "input: " << c.text;
    EXPECT_FALSE(parse_record(c.text)) << "without an error string: " << c.text;
  }
}

// ---------------------------------------------------------------- replaying

TEST(GameRecord, ReplayPlaysTheMovesFromTheEmptyBoard) {
  GameRecord rec = must_parse("[Setup \"standard\"]\n1. E3 C5 2. A1 K5 *");
  std::string error;
  auto g = replay_record(rec, &error);
  ASSERT_TRUE(g) << error;
  EXPECT_EQ(g->start(), empty_board());
  EXPECT_EQ(g->state(), test::game_after("E3 C5 A1 K5").state());
  EXPECT_EQ(g->moves().size(), 4u);
  // No Setup tag: also the empty board.
  auto bare = replay_record(must_parse("E3 C5 A1 K5"));
  ASSERT_TRUE(bare);
  EXPECT_EQ(bare->state(), g->state());
}

TEST(GameRecord, IllegalMoveNamesTheMoveNumberTheMoveAndWhy) {
  std::string error;
  GameRecord rec = must_parse("[Event \"x\"]\n\n1. E3 C5\n2. A1 C5 *");
  EXPECT_FALSE(replay_record(rec, &error));
  EXPECT_TRUE(contains(error, "move 4"));
  EXPECT_TRUE(contains(error, "line 4"));
  EXPECT_TRUE(contains(error, "C5"));
  EXPECT_TRUE(contains(error, "already occupied"));

  // A stack move during placement, and a pass while moves exist.
  EXPECT_FALSE(replay_record(must_parse("E3 E3F3"), &error));
  EXPECT_TRUE(contains(error, "move 2"));
  EXPECT_TRUE(contains(error, "E3F3"));
  EXPECT_TRUE(contains(error, "placement phase"));

  EXPECT_FALSE(replay_record(must_parse("[Setup \"random 42\"]\n1. PASS"), &error));
  EXPECT_TRUE(contains(error, "move 1"));
  EXPECT_TRUE(contains(error, "PASS"));
  EXPECT_TRUE(contains(error, "only when you cannot move"));

  // Moving the opponent's piece on a known position.
  GameRecord pos = must_parse("[Position \"(bw)(wb)dw5/10/10d/10/8d move w\"]\nA1C1 D1C1");
  EXPECT_FALSE(replay_record(pos, &error));
  EXPECT_TRUE(contains(error, "move 2"));
  EXPECT_TRUE(contains(error, "D1C1"));
  EXPECT_TRUE(contains(error, "white's"));
}

TEST(GameRecord, SetupRandomSeedStartsFromTheRandomBoard) {
  GameRecord rec = must_parse("[Setup \"random 42\"]\n");
  auto start = record_start(rec);
  ASSERT_TRUE(start);
  EXPECT_EQ(*start, random_setup(42));
  EXPECT_FALSE(*start == random_setup(43));
  auto g = replay_record(rec);
  ASSERT_TRUE(g);
  EXPECT_EQ(g->state(), random_setup(42));
  EXPECT_EQ(g->position().side_to_move(), Color::White);

  for (const char* bad : {"random", "random ", "random x", "random -1", "random 4 2", "random 42 ", "chaos"}) {
    std::string error;
    GameRecord r;
    r.set_tag("Setup", bad);
    EXPECT_FALSE(record_start(r, &error)) << bad;
    EXPECT_TRUE(contains(error, "Setup")) << bad;
    EXPECT_FALSE(replay_record(r, &error)) << bad;
  }
}

TEST(GameRecord, PositionTagStartsFromThatPosition) {
  const char* text = "(bw)(wb)dw5/10/10d/10/8d move w";
  GameRecord rec = must_parse(std::string("[Position \"") + text + "\"]\nA1C1 B1D1");
  auto g = replay_record(rec);
  ASSERT_TRUE(g);
  EXPECT_EQ(g->start(), test::state_of(text));
  EXPECT_EQ(format_position(g->state()), "2(dbw)(wwb)5/10/10d/10/8d move w");
  EXPECT_EQ(g->stacks()[test::sq("D1")], "wwb");
  EXPECT_EQ(g->stacks()[test::sq("C1")], "dbw");

  // [Setup "position"] may accompany it; any other Setup may not.
  rec.set_tag("Setup", "position");
  EXPECT_TRUE(replay_record(rec));
  rec.set_tag("Setup", "standard");
  std::string error;
  EXPECT_FALSE(replay_record(rec, &error));
  EXPECT_TRUE(contains(error, "both a Setup and a Position"));

  // A bad position string is reported as such.
  GameRecord bad = must_parse("[Position \"9/10/11/10 place w\"]\n");
  EXPECT_FALSE(record_start(bad, &error));
  EXPECT_TRUE(contains(error, "position string"));
}

// ---------------------------------------------------------------- writing

TEST(GameRecord, FormatWritesTagsInOrderThenNumberedMoves) {
  Game g = test::game_after("E3 C5 A1");
  GameRecord rec = record_of(g, {{"Foo", "bar"}, {"White", "Alice"}, {"Event", "Cup"}});
  std::string text = format_record(rec);
  EXPECT_EQ(text,
            "[Event \"Cup\"]\n"
            "[White \"Alice\"]\n"
            "[Result \"*\"]\n"
            "[Foo \"bar\"]\n"
            "\n"
            "1. E3 C5 2. A1 *\n");
  GameRecord empty;
  EXPECT_EQ(format_record(empty), "*\n");
}

TEST(GameRecord, FormatPutsTenMovePairsPerLine) {
  Game g = random_game(11, false, 45);
  std::string text = format_record(record_of(g));
  EXPECT_TRUE(contains(text, "\n11. "));
  EXPECT_TRUE(contains(text, "\n21. "));
  EXPECT_FALSE(contains(text, " 11. "));
  EXPECT_TRUE(contains(text, "1. "));
  auto back = parse_record(text);
  ASSERT_TRUE(back);
  EXPECT_EQ(back->moves, g.moves());
}

TEST(GameRecord, FormatNumbersMovesByColour) {
  // White places the 49th piece and also makes the first stack move: each
  // gets its own number, so every move stays under its colour.
  Game g = random_game(3, false, 52);
  ASSERT_EQ(g.moves().size(), 52u);
  auto mv = [&](int i) { return to_string(g.moves()[i]); };
  std::string text = format_record(record_of(g));
  EXPECT_TRUE(contains(text, "24. " + mv(46) + " " + mv(47) + " 25. " + mv(48) + " 26. " + mv(49) + " " + mv(50) +
                                 " 27. " + mv(51) + " *"))
      << text;
  auto back = parse_record(text);
  ASSERT_TRUE(back);
  EXPECT_EQ(back->moves, g.moves());

  // A start with Black to move: Black's move is "1...".
  GameRecord rec = must_parse("[Position \"2d6/7d2/11/10/d8 place b\"]\n\nE3 A1 B1");
  EXPECT_TRUE(contains(format_record(rec), "\n1... E3 2. A1 B1 *\n")) << format_record(rec);
}

TEST(GameRecord, TagValuesAreEscaped) {
  GameRecord rec;
  rec.set_tag("White", "Al \"Q\" \\ Smith");
  rec.set_tag("Black", "two\nlines");
  std::string text = format_record(rec);
  EXPECT_TRUE(contains(text, "[White \"Al \\\"Q\\\" \\\\ Smith\"]"));
  auto back = parse_record(text);
  ASSERT_TRUE(back) << text;
  EXPECT_EQ(back->tag("White"), "Al \"Q\" \\ Smith");
  EXPECT_EQ(back->tag("Black"), "two lines");
}

TEST(GameRecord, RecordOfSetsResultScoreAndStart) {
  Game finished = random_game(5, false);
  ASSERT_TRUE(finished.position().is_over());
  GameRecord rec = record_of(finished, {{"White", "A"}});
  EXPECT_EQ(rec.tag("White"), "A");
  EXPECT_EQ(rec.tag("Result"), result_tag(finished.result()));
  Score s = finished.position().score();
  EXPECT_EQ(rec.tag("Score"), std::to_string(s.white) + "-" + std::to_string(s.black));
  EXPECT_FALSE(rec.has_tag("Position"));
  EXPECT_FALSE(rec.has_tag("Setup"));
  EXPECT_EQ(rec.moves, finished.moves());
  EXPECT_TRUE(contains(format_record(rec), std::string(" ") + result_tag(finished.result()) + "\n"));

  Game ongoing = test::game_after("E3");
  GameRecord r2 = record_of(ongoing);
  EXPECT_EQ(r2.tag("Result"), "*");
  EXPECT_FALSE(r2.has_tag("Score"));

  Game random_start(random_setup(9));
  GameRecord r3 = record_of(random_start);
  EXPECT_EQ(r3.tag("Position"), format_position(random_setup(9)));
  GameRecord r4 = record_of(random_start, {{"Setup", "random 9"}});
  EXPECT_FALSE(r4.has_tag("Position"));
  EXPECT_EQ(record_start(r4), random_setup(9));
}

TEST(GameRecord, ResultTags) {
  EXPECT_STREQ(result_tag(Result::WhiteWins), "1-0");
  EXPECT_STREQ(result_tag(Result::BlackWins), "0-1");
  EXPECT_STREQ(result_tag(Result::Draw), "1/2-1/2");
  EXPECT_STREQ(result_tag(Result::Ongoing), "*");
}

TEST(GameRecord, WrittenRecordsReadBackToTheSameGame) {
  for (std::uint64_t seed = 0; seed < 40; ++seed) {
    bool random_start = seed % 2;
    Game g = random_game(seed, random_start, seed % 3 == 0 ? 30 : 1000);
    std::string text = format_record(record_of(g, {{"Event", "test"}, {"Round", std::to_string(seed)}}));
    std::string error;
    auto rec = parse_record(text, &error);
    ASSERT_TRUE(rec) << error << "\n" << text;
    EXPECT_EQ(rec->moves, g.moves());
    EXPECT_EQ(rec->tag("Round"), std::to_string(seed));
    auto back = replay_record(*rec, &error);
    ASSERT_TRUE(back) << error << "\n" << text;
    EXPECT_EQ(back->start(), g.start());
    EXPECT_EQ(back->state(), g.state());
    EXPECT_EQ(back->result(), g.result());
    EXPECT_EQ(format_record(record_of(*back, rec->tags)), text);
  }
}

}  // namespace
}  // namespace dvonn
