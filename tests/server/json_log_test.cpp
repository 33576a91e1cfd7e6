// Structured logs (--log-format json): every line becomes one JSON object;
// lines from threads writing piece by piece do not mix.
#include "server/base/json_log.hpp"

#include <gmock/gmock.h>
#include <gtest/gtest.h>

#include <nlohmann/json.hpp>
#include <ostream>
#include <sstream>
#include <thread>
#include <vector>

namespace dvonn::server::testing {
namespace {

using nlohmann::json;

std::vector<json> lines_of(const std::string& text) {
  std::vector<json> lines;
  std::istringstream in(text);
  for (std::string line; std::getline(in, line);) {
    json j = json::parse(line, nullptr, false);
    EXPECT_TRUE(j.is_object()) << "not a JSON object: " << line;
    lines.push_back(j);
  }
  return lines;
}

TEST(JsonLogTest, EachLineBecomesOneJsonObject) {
  std::stringstream sink;
  {
    JsonLogBuffer buffer(sink.rdbuf(), [] { return std::int64_t{1234}; });
    std::ostream log(&buffer);
    log << "dvonn serve: a commit failed, " << 3 << " writes rolled back: \"disk\" full\n";
    log << R"({"method": "GET", "status": 200})"
        << "\n";
    log << "no newline at the end";
  }
  auto lines = lines_of(sink.str());
  ASSERT_EQ(lines.size(), 3u) << sink.str();
  EXPECT_EQ(lines[0], json({{"time_ms", 1234}, {"message", "a commit failed, 3 writes rolled back: \"disk\" full"}}));
  EXPECT_EQ(lines[1], json({{"method", "GET"}, {"status", 200}}));  // already JSON: as it was
  EXPECT_EQ(lines[2]["message"], "no newline at the end");
}

TEST(JsonLogTest, LinesFromManyThreadsDoNotMix) {
  std::stringstream sink;
  {
    JsonLogBuffer buffer(sink.rdbuf());
    std::vector<std::thread> threads;
    for (int t = 0; t < 4; ++t)
      threads.emplace_back([&buffer, t] {
        std::ostream log(&buffer);
        for (int i = 0; i < 200; ++i) log << "dvonn serve: thread " << t << " line " << i << " end\n";
      });
    for (auto& th : threads) th.join();
  }
  auto lines = lines_of(sink.str());
  ASSERT_EQ(lines.size(), 800u);
  for (const auto& l : lines)
    EXPECT_THAT(l["message"].get<std::string>(), ::testing::MatchesRegex("thread [0-3] line [0-9]+ end"));
}

}  // namespace
}  // namespace dvonn::server::testing
