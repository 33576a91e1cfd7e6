// Game review's scale: win chances, move classes and accuracy
// (engine/review.hpp), and that a review covers a whole game.
#include "engine/review.hpp"

#include <gtest/gtest.h>

#include "core/random_setup.hpp"

namespace dvonn::engine {
namespace {

TEST(Review, WinChanceIsCertainOnlyWhenExact) {
  EXPECT_EQ(white_win_chance(1, true), 100);
  EXPECT_EQ(white_win_chance(-1, true), 0);
  EXPECT_EQ(white_win_chance(0, true), 50);
  EXPECT_DOUBLE_EQ(white_win_chance(0, false), 50);
  EXPECT_GT(white_win_chance(3, false), 70);
  EXPECT_LT(white_win_chance(30, false), 100);
  EXPECT_NEAR(white_win_chance(2, false) + white_win_chance(-2, false), 100, 1e-9);
}

TEST(Review, ClassesFollowTheThresholds) {
  EXPECT_EQ(classify_loss(50, 10, true), MoveClass::Best);
  EXPECT_EQ(classify_loss(0.5, 0.05, false), MoveClass::Best);
  EXPECT_EQ(classify_loss(4.9, 1, false), MoveClass::Good);
  EXPECT_EQ(classify_loss(kInaccuracyLoss, 1, false), MoveClass::Inaccuracy);
  EXPECT_EQ(classify_loss(kMistakeLoss, 1, false), MoveClass::Mistake);
  EXPECT_EQ(classify_loss(kBlunderLoss, 1, false), MoveClass::Blunder);
}

TEST(Review, AccuracyFallsWithTheLoss) {
  EXPECT_NEAR(move_accuracy(0), 100, 0.01);
  EXPECT_GT(move_accuracy(5), move_accuracy(10));
  EXPECT_EQ(move_accuracy(100), 0);
}

TEST(Review, EveryPositionAndMoveOfAGameIsReviewed) {
  Game game(random_setup(5));
  for (int i = 0; i < 6 && !game.position().is_over(); ++i) {
    MoveList list;
    game.position().generate(list);
    ASSERT_EQ(game.play(list.moves[0]), "");
  }
  int calls = 0;
  GameReview r = review_game(game, {.depth = 2, .nodes = 2000, .hash_megabytes = 1}, [&](int done, int total) {
    EXPECT_EQ(done, ++calls);
    EXPECT_EQ(total, 7);
    return true;
  });
  ASSERT_EQ(r.positions.size(), 7u);
  ASSERT_EQ(r.moves.size(), 6u);
  EXPECT_EQ(r.white.moves + r.black.moves, 6);
  for (const auto& p : r.positions) EXPECT_EQ(p.line.front(), p.best);
  // Evaluating again gives the same: each position is searched afresh.
  Engine e(kTopLevel, 1);
  PositionEval again = evaluate_position(e, game_positions(game)[3], r.budget);
  EXPECT_EQ(again.white_score, r.positions[3].white_score);
  EXPECT_EQ(again.best, r.positions[3].best);
}

}  // namespace
}  // namespace dvonn::engine
