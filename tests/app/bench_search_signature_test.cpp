// `dvonn bench-search`'s node total is the search's signature: any change
// to the search, the evaluation or the move ordering changes it. A change
// that alters the search updates kSignature in the same commit and says so
// in its message (docs/lab/ keeps the history); a change that should
// not alter the search (a refactoring, a speed-up) must leave it as it is.
#include <gtest/gtest.h>

#include <nlohmann/json.hpp>

#include "run_command.hpp"

namespace dvonn::test {
namespace {

constexpr unsigned long long kSignature = 13230450;

TEST(BenchSearch, NodeTotalIsTheSignature) {
  CommandResult r = run_dvonn("bench-search --json");
  ASSERT_EQ(r.exit_code, 0) << r.output;
  // The JSON object is the last line.
  const auto last = r.output.find_last_of('\n', r.output.size() - 2);
  nlohmann::json j = nlohmann::json::parse(r.output.substr(last == std::string::npos ? 0 : last + 1));
  ASSERT_TRUE(j.contains("positions"));
  EXPECT_EQ(j["positions"].size(), 14u);
  EXPECT_EQ(j["nodes"].get<unsigned long long>(), kSignature)
      << "the search changed: if that was meant, update kSignature and say so in the commit message";
}

}  // namespace
}  // namespace dvonn::test
