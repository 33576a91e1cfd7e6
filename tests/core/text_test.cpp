// trim_whitespace: what the terminal game and the CodeCup player strip from
// the lines they read.
#include "core/text.hpp"

#include <gtest/gtest.h>

namespace dvonn {
namespace {

TEST(Text, TrimWhitespaceStripsBothEndsOnly) {
  EXPECT_EQ(trim_whitespace("  E3 \t\r\n"), "E3");
  EXPECT_EQ(trim_whitespace("\tA1 B2\r"), "A1 B2");
  EXPECT_EQ(trim_whitespace("Start"), "Start");
  EXPECT_EQ(trim_whitespace(" \r\n\t "), "");
  EXPECT_EQ(trim_whitespace(""), "");
  static_assert(trim_whitespace(" x ") == "x");
}

}  // namespace
}  // namespace dvonn
