#include "community/time_control.hpp"

#include <gtest/gtest.h>

#include <random>

namespace dvonn::community {
namespace {

TEST(TimeControl, FormatsAndParsesEveryKind) {
  for (TimeControl control :
       {TimeControl{}, TimeControl{ClockKind::RealTime, 600, 5, 0}, TimeControl{ClockKind::RealTime, 15, 0, 0},
        TimeControl{ClockKind::RealTime, 90, 60, 0}, TimeControl{ClockKind::RealTime, 10800, 0, 0},
        TimeControl{ClockKind::Correspondence, 0, 0, 3}}) {
    std::string error;
    std::string text = format_time_control(control);
    EXPECT_EQ(parse_time_control(text, error), control) << text;
    EXPECT_EQ(error, "") << text;
  }
  EXPECT_EQ(format_time_control({ClockKind::RealTime, 600, 5, 0}), "10+5");
  EXPECT_EQ(format_time_control({ClockKind::RealTime, 45, 2, 0}), "45s+2");
  EXPECT_EQ(format_time_control({ClockKind::Correspondence, 0, 0, 7}), "7d");
}

TEST(TimeControl, RefusesOutOfLimitsWithAReason) {
  EXPECT_NE(validate({ClockKind::RealTime, 14, 0, 0}).find("initial time"), std::string::npos);
  EXPECT_NE(validate({ClockKind::RealTime, 10801, 0, 0}).find("initial time"), std::string::npos);
  EXPECT_NE(validate({ClockKind::RealTime, 60, 61, 0}).find("increment"), std::string::npos);
  EXPECT_NE(validate({ClockKind::RealTime, 60, -1, 0}).find("increment"), std::string::npos);
  EXPECT_NE(validate({ClockKind::Correspondence, 0, 0, 0}).find("days"), std::string::npos);
  EXPECT_NE(validate({ClockKind::Correspondence, 0, 0, 15}).find("days"), std::string::npos);
  EXPECT_EQ(validate({ClockKind::Correspondence, 0, 0, 14}), "");
}

TEST(TimeControl, ParseRefusesMalformedText) {
  for (const char* text : {"",        "+",
                           "10",      "10+",
                           "+5",      "10+5+1",
                           "abc",     "10+x",
                           "-1+0",    "1e3+0",
                           " 10+5",   "10 +5",
                           "d",       "0d",
                           "99d",     "3dd",
                           "181+0",   "999999999+0",
                           "10s+0",   "10+99",
                           "s+1",     "'; DROP TABLE games; --",
                           "<script>"}) {
    std::string error;
    TimeControl control = parse_time_control(text, error);
    EXPECT_NE(error, "") << text;
    EXPECT_EQ(control, TimeControl{}) << text;
  }
}

TEST(TimeControl, RandomTextNeverCrashesAndAcceptedTextRoundTrips) {
  std::mt19937_64 random(11);
  const std::string alphabet = "0123456789+sd-x ";
  for (int i = 0; i < 20000; ++i) {
    std::string text;
    for (int n = random() % 8; n > 0; --n) text += alphabet[random() % alphabet.size()];
    std::string error;
    TimeControl control = parse_time_control(text, error);
    if (error.empty()) {
      EXPECT_EQ(validate(control), "") << text;
      std::string again;
      EXPECT_EQ(parse_time_control(format_time_control(control), again), control) << text;
    }
  }
}

}  // namespace
}  // namespace dvonn::community
